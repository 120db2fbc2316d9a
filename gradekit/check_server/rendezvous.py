"""Where a check client finds its server, and the messages they exchange.

Both sides import this module, the client before anything heavy: standard library only.

A server may serve a client only if it runs the very code the client would run. Its socket's
name is therefore a hash (:func:`server_key`) of the user, the interpreter and its flags, the
import path with each directory's modification time (installing or removing a package changes
it), every gradekit source file's modification time and size, and the environment variables read
while Python starts or numpy and gradekit import. Variables read later (TERM, COLUMNS,
NO_COLOR, GRADEKIT_CACHE_DIR, ...) travel with each request instead.

Messages are JSON objects over a ``SOCK_SEQPACKET`` Unix socket (one message per packet), the
check request carrying the client's standard descriptors with ``SCM_RIGHTS``.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import stat
import sys
from pathlib import Path
from typing import Any

import gradekit
from gradekit.spec.cache import file_stamp

ENABLE_ENV = "GRADEKIT_CHECK_SERVER"  # "off" (or 0/false/no): checks never use a server
DIRECTORY_ENV = "GRADEKIT_SERVER_DIR"  # where sockets live, instead of the default below
IDLE_ENV = "GRADEKIT_SERVER_IDLE"  # seconds without a request before the server exits
DEFAULT_IDLE_SECONDS = 15 * 60
PROTOCOL = 1
MESSAGE_LIMIT = 1 << 20  # a request carries the client's environment: far below this
MAX_SOCKET_PATH = 100  # sun_path holds 108 bytes on Linux

# Read at interpreter start-up or at import time (the server's value would stick): part of the key.
_KEYED_PREFIXES = ("PYTHON", "LC_", "NPY_", "OMP_", "OPENBLAS_", "MKL_", "GRADEKIT_")
_KEYED_NAMES = frozenset({"LANG", "PATH", "LD_LIBRARY_PATH", "LD_PRELOAD", "VIRTUAL_ENV"})
_UNKEYED = frozenset({ENABLE_ENV, DIRECTORY_ENV, IDLE_ENV})
_FALSE = frozenset({"", "0", "off", "false", "no"})


def server_disabled_reason() -> str | None:
    """Why checks must not use a check server here (None: they may)."""
    if os.environ.get(ENABLE_ENV, "").strip().lower() in _FALSE - {""}:
        return f"{ENABLE_ENV} is {os.environ[ENABLE_ENV]!r}"
    if os.environ.get("CI", "").strip().lower() not in _FALSE:
        return "CI is set (every CI check runs in a fresh process)"
    if not hasattr(socket, "send_fds") or not hasattr(os, "pidfd_open"):
        return "this platform cannot pass descriptors or watch processes (Linux only)"
    return None


def server_directory(create: bool = False) -> Path:
    """The directory of the servers' sockets: ``$GRADEKIT_SERVER_DIR``, else
    ``$XDG_RUNTIME_DIR/gradekit``, else ``/tmp/gradekit-UID``. Raises :class:`OSError` when
    it is not a directory of this user's with mode 0700 (another user could then reach a
    server, or plant one), or when its path is too long for a socket."""
    configured = os.environ.get(DIRECTORY_ENV)
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if configured:
        directory = Path(configured)
    elif runtime and os.path.isdir(runtime):
        directory = Path(runtime) / "gradekit"
    else:
        directory = Path(f"/tmp/gradekit-{os.getuid()}")
    if create:
        try:
            directory.mkdir(mode=0o700)
        except FileExistsError:
            pass
    status = directory.lstat()
    if not stat.S_ISDIR(status.st_mode):
        raise OSError(f"{directory} is not a directory")
    if status.st_uid != os.getuid() or status.st_mode & 0o077:
        raise OSError(f"{directory} must belong to you and have mode 0700 (chmod 700 {directory})")
    if len(str(socket_path(directory, "k" * 20))) > MAX_SOCKET_PATH:
        raise OSError(f"{directory} is too long a path for a Unix socket")
    return directory


def socket_path(directory: Path, key: str) -> Path:
    return directory / f"check-{key}.sock"


def lock_path(directory: Path, key: str) -> Path:
    """The file a server holds locked (flock) for as long as it owns its socket's name."""
    return directory / f"check-{key}.lock"


def log_path(directory: Path, key: str) -> Path:
    """What the server says on stderr (it has no terminal): start-up errors, mostly."""
    return directory / f"check-{key}.log"


def server_key() -> str:
    """The hash naming the server this process may use (see the module's docstring)."""
    package = Path(gradekit.__file__).resolve().parent
    sources = sorted(
        [str(path), file_stamp(path)]
        for folder, _, names in os.walk(package)
        for path in (Path(folder, name) for name in names if name.endswith(".py"))
    )
    # sys.path[0] is the script's directory (or, for `python -m`, the working directory): the
    # server imports nothing from there.
    import_path = [[entry, file_stamp(Path(entry or "."))] for entry in sys.path[1:]]
    environment = sorted(
        (name, value)
        for name, value in os.environ.items()
        if name not in _UNKEYED and (name in _KEYED_NAMES or name.startswith(_KEYED_PREFIXES))
    )
    described = [
        PROTOCOL,
        os.getuid(),
        sys.executable,
        sys.version,
        list(sys.flags),
        sys._xoptions,
        sys.warnoptions,
        import_path,
        sources,
        environment,
    ]
    return hashlib.sha256(json.dumps(described).encode()).hexdigest()[:20]


def interpreter_flags() -> list[str]:
    """The command-line flags this interpreter runs with (-O, -X ..., ...): the server runs with
    the same."""
    import subprocess  # what multiprocessing uses to start its own interpreters alike

    return subprocess._args_from_interpreter_flags()


def send_message(channel: socket.socket, message: dict[str, Any], fds: list[int] = ()) -> None:
    data = json.dumps(message).encode()
    if fds:
        socket.send_fds(channel, [data], list(fds))
    else:
        channel.send(data)


def receive_message(channel: socket.socket, max_fds: int = 0) -> tuple[dict[str, Any], list[int]]:
    """The next message and the descriptors it carried; raises :class:`EOFError` when the
    other side has gone and :class:`ValueError` when the message is not a JSON object."""
    data, fds, flags, _ = socket.recv_fds(channel, MESSAGE_LIMIT, max(max_fds, 1))
    if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC) or len(fds) > max_fds:
        for fd in fds:
            os.close(fd)
        raise ValueError("message too long, or carrying unexpected descriptors")
    if not data:
        for fd in fds:
            os.close(fd)
        raise EOFError("the other side closed the connection")
    try:
        message = json.loads(data)
    except ValueError:
        message = None
    if not isinstance(message, dict):
        for fd in fds:
            os.close(fd)
        raise ValueError("not a JSON object")
    return message, fds


def idle_seconds() -> float:
    """How long the server waits for a request before it exits."""
    try:
        return max(0.1, float(os.environ.get(IDLE_ENV, DEFAULT_IDLE_SECONDS)))
    except ValueError:
        return DEFAULT_IDLE_SECONDS
