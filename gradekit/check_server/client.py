"""The client side: run a `gradekit check` on the check server, start one, ask one, stop one.

Imported by every ``gradekit`` run before anything heavy: standard library only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

from gradekit.check_server.rendezvous import (
    PROTOCOL,
    interpreter_flags,
    log_path,
    receive_message,
    send_message,
    server_directory,
    server_disabled_reason,
    server_key,
    socket_path,
)

GREETING_TIMEOUT = 5.0  # a server greets as soon as it has finished warming up (about a second)
FORWARDED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)

# The server's key and the check this process runs, when it looked for a server and found
# none: it starts one once the check is done (start_server_if_wanted), prepared for the next
# check of the same kind.
_server_wanted: tuple[str | None, list[str]] | None = None  # key None: not worked out yet


class ServerStopped(Exception):
    """The server closed the connection before the check it was running ended."""


def run_served(arguments: list[str]) -> int | None:
    """Run ``gradekit check ...`` (``arguments`` follow the program name) on the check server;
    the check's exit code, or None when no server ran it (the caller runs it itself)."""
    global _server_wanted
    if arguments[:1] != ["check"] or server_disabled_reason() is not None:
        return None
    try:
        directory = server_directory(create=True)
        if not any(directory.glob("check-*.sock")):
            # No server at all (the first check, or the last server went idle): the key (a
            # walk over gradekit's sources, a few milliseconds) is worked out after the check,
            # not before its sandbox starts.
            _server_wanted = (None, list(arguments))
            return None
        key = server_key()
    except OSError:
        return None  # no safe place for a server here: checks run as they always did
    connection = _connect(socket_path(directory, key), key)
    if connection is None:
        _server_wanted = (key, list(arguments))
        return None
    with connection:
        request = {"argv": arguments, "cwd": os.getcwd(), "env": dict(os.environ)}
        try:
            send_message(connection, {"check": request}, fds=[0, 1, 2])
        except OSError:
            return None  # the server has not got the request: the check runs here
        try:
            reply, _ = receive_message(connection)
            if "refused" in reply:
                return None  # e.g. an argument list it does not serve: the check runs here
            return _wait_for_exit(connection, int(reply["started"]))
        except KeyboardInterrupt:  # before the check started: closing makes the server kill it
            sys.stderr.write("Aborted!\n")
            return 1
        except (OSError, EOFError, ValueError, KeyError, TypeError, ServerStopped):
            sys.stderr.write(
                "error: the gradekit check server stopped before the check ended; run the "
                "check again (GRADEKIT_CHECK_SERVER=off runs checks without a server)\n"
            )
            return 1


def _connect(address: Path, key: str) -> socket.socket | None:
    """A connection to the server at ``address``, greeted (None: no server answers there)."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        connection.settimeout(GREETING_TIMEOUT)
        connection.connect(str(address))
        greeting, _ = receive_message(connection)
        connection.settimeout(None)
    except (OSError, EOFError, ValueError):
        connection.close()
        return None
    if greeting.get("protocol") != PROTOCOL or greeting.get("key") != key:
        connection.close()
        return None
    return connection


def _wait_for_exit(connection: socket.socket, pid: int) -> int:
    """Wait for the served check (process ``pid``) to end; signals this process gets (Ctrl-C)
    go to the check, as they would to a check running here."""

    def forward(signum: int, frame: Any) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signum)

    for signum in FORWARDED_SIGNALS:
        signal.signal(signum, forward)
    try:
        reply, _ = receive_message(connection)
    except (OSError, EOFError, ValueError) as error:
        raise ServerStopped from error
    if not isinstance(reply.get("exit"), int):
        raise ServerStopped
    return reply["exit"]


# ---------------------------------------------------------------------------------------------
# Starting, asking and stopping servers


def start_server_if_wanted() -> None:
    """Start a check server in the background if this process's check looked for one and found
    none (see :func:`run_served`). Never fails: the server only makes later checks faster."""
    global _server_wanted
    if _server_wanted is not None:
        (key, arguments), _server_wanted = _server_wanted, None
        with contextlib.suppress(OSError):
            start_server(key or server_key(), {"argv": arguments, "cwd": os.getcwd()})


def start_server(key: str, prepare_for: dict[str, Any] | None = None) -> int:
    """Start the check server for ``key`` in the background (its own session, no terminal),
    prepared for a check like ``prepare_for`` (``{"argv": [...], "cwd": ...}``); returns its
    pid. A server already holding ``key`` makes the new one exit at once."""
    import json
    import subprocess

    directory = server_directory(create=True)
    extra = ["--prepare-for", json.dumps(prepare_for)] if prepare_for else []
    with open(log_path(directory, key), "wb") as log:
        process = subprocess.Popen(
            [sys.executable, *interpreter_flags(), "-m", "gradekit.check_server.server"]
            + ["--key", key, *extra],
            cwd=directory,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
            close_fds=True,
        )
    return process.pid


def server_status(key: str | None = None) -> dict[str, Any] | None:
    """What the server for ``key`` (default: this process's) says of itself; None when none
    runs. Raises :class:`OSError` when there can be no server here (see server_directory)."""
    key = key or server_key()
    return _ask(socket_path(server_directory(), key), key, {"status": True})


def _ask(address: Path, key: str, request: dict[str, Any]) -> dict[str, Any] | None:
    """The answer of the server at ``address`` to ``request`` (None: no server answered)."""
    connection = _connect(address, key)
    if connection is None:
        return None
    with connection:
        try:
            send_message(connection, request)
            reply, _ = receive_message(connection)
        except (OSError, EOFError, ValueError):
            return None
    return reply


def wait_for_server(key: str, timeout: float) -> dict[str, Any] | None:
    """The status of the server for ``key`` once it answers, waiting up to ``timeout`` seconds
    (None: it did not answer in time)."""
    deadline = time.monotonic() + timeout
    while True:
        status = server_status(key)
        if status is not None or time.monotonic() > deadline:
            return status
        time.sleep(0.05)


def stop_servers(timeout: float = 30.0) -> list[int]:
    """Stop every check server of this user in the servers' directory (whatever their key:
    stale ones too), waiting up to ``timeout`` seconds for each to exit; their pids."""
    directory = server_directory()
    stopped = []
    for address in sorted(directory.glob("check-*.sock")):
        key = address.name.removeprefix("check-").removesuffix(".sock")
        reply = _ask(address, key, {"stop": True})
        if reply is None or not isinstance(reply.get("pid"), int):
            continue
        _wait_until_gone(reply["pid"], timeout)
        stopped.append(reply["pid"])
    return stopped


def _wait_until_gone(pid: int, timeout: float) -> None:
    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    try:
        import select

        select.select([pidfd], [], [], timeout)
    finally:
        os.close(pidfd)
