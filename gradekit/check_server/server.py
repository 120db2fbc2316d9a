"""The check server process (``python -m gradekit.check_server.server --key KEY``).

Started in the background by a client (:func:`gradekit.check_server.client.start_server`), with
its working directory in the servers' directory. It

1. takes the name: locks ``check-KEY.lock`` (one server per key; a second one exits at once),
   then binds and listens on ``check-KEY.sock``, so clients wait in the backlog while it warms up;
2. warms up: imports what a check imports (spare sandboxes start in the loop, when idle);
3. serves, single-threaded, in a select loop: each check request is forked
   (:meth:`CheckServer._become_check`), the fork taking over the spare sandbox of its backend;
   the loop reports each fork's exit code to its client, kills a fork whose client went away,
   and, when no check is running, starts new spare sandboxes and prepares for the next check;
4. exits when idle for too long, when its key no longer matches gradekit's files, or when asked.

The server stays single-threaded whenever it forks (a fork copies only the calling thread: a
lock held by another thread would stay held for ever in the fork).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import io
import json
import os
import select
import signal
import socket
import struct
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, TypeVar

from gradekit.check_server.rendezvous import (
    PROTOCOL,
    idle_seconds,
    lock_path,
    receive_message,
    send_message,
    server_directory,
    server_key,
    socket_path,
)

if TYPE_CHECKING:
    import subprocess
    from collections.abc import Callable

    from gradekit.grading.early_sandbox import EarlySandbox
    from gradekit.sandbox.protocol import Call

T = TypeVar("T")
REQUEST_TIMEOUT = 5.0  # a client sends its request right after the greeting
KEY_CHECK_INTERVAL = 5.0  # how often the server checks that gradekit's files are unchanged
STANDARD_STREAMS = 3  # stdin, stdout, stderr


class _Loaded(NamedTuple):
    """What the server loaded for a check (argv, cwd): its sandbox's backend and its calls."""

    check: tuple[tuple[str, ...], str]
    backend: str | None
    calls: list[Call] | None


@dataclass
class RunningCheck:
    """A forked check: its process (and pidfd), and the connection of the client waiting."""

    pid: int
    pidfd: int
    connection: socket.socket
    killed: bool = False


@dataclass
class CheckServer:
    key: str
    listener: socket.socket
    lock_file: Any  # the open, flock-ed lock file: the server owns its key while it holds it
    idle_timeout: float
    started_at: float = field(default_factory=time.time)
    checks_served: int = 0
    spares: dict[str, EarlySandbox] = field(default_factory=dict)  # backend -> spare sandbox
    backends: set[str] = field(default_factory=set)  # those checks asked for: kept spare
    running: dict[int, RunningCheck] = field(default_factory=dict)  # pidfd -> check
    retired_zygotes: list[subprocess.Popen] = field(default_factory=list)  # to reap
    stopping: bool = False
    # The last check asked for (argv, cwd), and the one the server has prepared for: the next
    # check is most likely of the same assignment.
    last_check: tuple[tuple[str, ...], str] | None = None
    prepared: tuple[tuple[str, ...], str] | None = None
    loaded: _Loaded | None = None  # what was loaded into memory for ``last_check``

    # -- the loop ------------------------------------------------------------------------

    def serve(self) -> None:
        """Serve until idle for too long, stale, or stopped (after the running checks end)."""
        last_request = time.monotonic()
        last_key_check = -KEY_CHECK_INTERVAL  # at once: a server may start stale
        while self.running or not self.stopping:
            self._reap_retired_zygotes()
            now = time.monotonic()
            if not self.running:
                if now - last_request > self.idle_timeout:
                    return
                if now - last_key_check > KEY_CHECK_INTERVAL:
                    last_key_check = now
                    if server_key() != self.key:
                        return  # gradekit or its environment changed: this server is stale
                self._refill_spares()
                preparing = self.last_check not in (None, self.prepared)
                if preparing and self._prepare(*self.last_check):
                    preparing = False
            watched: list[Any] = [*self.running]  # pidfds: readable once the check has exited
            watched += [check.connection for check in self.running.values()]
            if not self.stopping:
                watched.append(self.listener)
            timeout = 1.0 if self.running else 0.05 if preparing else KEY_CHECK_INTERVAL
            readable, _, _ = select.select(watched, [], [], timeout)
            for pidfd in [ready for ready in readable if isinstance(ready, int)]:
                self._finish(self.running.pop(pidfd))
                last_request = time.monotonic()
            for check in list(self.running.values()):
                if check.connection in readable:
                    self._client_spoke(check)
            if self.listener in readable:
                last_request = time.monotonic()
                self._accept()

    def _accept(self) -> None:
        connection, _ = self.listener.accept()
        try:
            if _peer_uid(connection) != os.getuid():
                connection.close()
                return
            send_message(
                connection, {"server": "gradekit-check", "protocol": PROTOCOL, "key": self.key}
            )
            connection.settimeout(REQUEST_TIMEOUT)
            request, fds = receive_message(connection, max_fds=STANDARD_STREAMS)
            connection.settimeout(None)
        except (OSError, EOFError, ValueError):
            connection.close()
            return
        if "check" in request:
            self._start_check(connection, request["check"], fds)
            return
        for fd in fds:
            os.close(fd)
        with connection:
            if request.get("status"):
                send_message(connection, self.status())
            elif request.get("stop"):
                self.stopping = True
                send_message(connection, {"stopping": True, "pid": os.getpid()})

    def status(self) -> dict[str, Any]:
        return {
            "pid": os.getpid(),
            "key": self.key,
            "started_at": self.started_at,
            "checks_served": self.checks_served,
            "checks_running": len(self.running),
            "idle_timeout": self.idle_timeout,
            "spare_sandboxes": sorted(b for b, spare in self.spares.items() if spare.warm),
            "prepared_for": list(self.prepared[0]) if self.prepared else None,
        }

    # -- checks ----------------------------------------------------------------------------

    def _start_check(self, connection: socket.socket, request: Any, fds: list[int]) -> None:
        problem = _request_problem(request, fds)
        if problem is not None:
            for fd in fds:
                os.close(fd)
            with connection, contextlib.suppress(OSError):
                send_message(connection, {"refused": problem})
            return
        spare = self._spare_for(request["argv"], request["cwd"])
        self.last_check = (tuple(request["argv"]), request["cwd"])
        pid = os.fork()
        if pid == 0:
            self._become_check(connection, request, fds, spare)
        for fd in fds:
            os.close(fd)
        if spare is not None:
            zygote = spare.release()
            if zygote is not None:
                self.retired_zygotes.append(zygote)
        self.checks_served += 1
        pidfd = os.pidfd_open(pid)
        self.running[pidfd] = RunningCheck(pid, pidfd, connection)
        with contextlib.suppress(OSError):
            send_message(connection, {"started": pid})

    def _spare_for(self, argv: list[str], cwd: str) -> EarlySandbox | None:
        """The spare sandbox the check ``argv`` run in ``cwd`` will want (None: none fits, or
        the check must start its own, as ``--refresh-sandbox-probe`` asks)."""
        backend = _in_directory(cwd, _sandbox_backend, argv)
        if backend is None:
            return None
        if backend not in self.backends:
            self.backends.add(backend)  # kept spare from now on (started after this check)
            return None
        spare = self.spares.pop(backend, None)
        return spare if spare is not None and spare.warm else None

    def _become_check(
        self, connection: socket.socket, request: dict, fds: list[int], spare: EarlySandbox | None
    ) -> NoReturn:
        """In the fork: become the client's ``gradekit`` process and run its command."""
        exit_code = 1
        try:
            for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
                signal.signal(signum, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            self.listener.close()
            self.lock_file.close()
            connection.close()
            for check in self.running.values():
                check.connection.close()
                os.close(check.pidfd)
            for other in self.spares.values():
                other.release()  # the server's: this process only drops its descriptors
            for number, fd in enumerate(fds):
                os.dup2(fd, number)
                os.close(fd)
            os.chdir(request["cwd"])
            os.environ.clear()
            os.environ.update(request["env"])
            sys.argv = ["gradekit", *request["argv"]]
            _reopen_standard_streams()
            from gradekit.__main__ import run_command
            from gradekit.grading.early_sandbox import adopt_started

            if spare is not None:
                adopt_started(spare)
            run_command(request["argv"])  # ends the process itself, or raises SystemExit
        except SystemExit as exit_:
            exit_code = _exit_code(exit_.code)
        except KeyboardInterrupt:
            sys.stderr.write("Aborted!\n")
        except BaseException:
            traceback.print_exc()
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            os._exit(exit_code)

    def _client_spoke(self, check: RunningCheck) -> None:
        """A client said something while its check runs: only going away is expected (it was
        killed, or its terminal closed), and then its check is killed too."""
        try:
            data = check.connection.recv(1)
        except OSError:
            data = b""
        if not data and not check.killed:
            check.killed = True
            signal.pidfd_send_signal(check.pidfd, signal.SIGKILL)

    def _finish(self, check: RunningCheck) -> None:
        _, status = os.waitpid(check.pid, 0)
        os.close(check.pidfd)
        code = os.waitstatus_to_exitcode(status)
        with check.connection, contextlib.suppress(OSError):
            send_message(check.connection, {"exit": code if code >= 0 else 128 - code})

    # -- spare sandboxes -------------------------------------------------------------------

    def _new_spare(self, backend: str) -> EarlySandbox:
        from gradekit.grading.early_sandbox import EarlySandbox

        spare = EarlySandbox(backend)
        # Wait for its layer probe's thread, if one runs: the server forks, and a fork copies
        # only the calling thread.
        spare.policy()
        return spare

    def _refill_spares(self) -> None:
        """Give every backend checks asked for a warm spare sandbox (when no check runs: a
        spare's start-up would slow a running check down)."""
        for backend in sorted(self.backends):
            spare = self.spares.get(backend)
            if spare is None or not spare.warm:
                if spare is not None:
                    spare.close()
                self.spares[backend] = self._new_spare(backend)
                self.prepared = None  # the new spare has decoded no calls yet

    def _prepare(self, argv: tuple[str, ...], cwd: str) -> bool:
        """Prepare for another check like ``argv`` run in ``cwd`` (the last one): load its
        assignment, reference answers and encoded calls here, where every fork finds them
        (once per command line), and have the spare sandbox decode the calls once it has
        started. False while that spare is still starting (the loop asks again soon)."""
        from gradekit.check_command import prepare_check

        if self.loaded is None or self.loaded.check != (argv, cwd):
            calls = None
            try:
                calls = _in_directory(cwd, prepare_check, list(argv))
            except Exception:  # only an optimisation: the check itself reports any problem
                traceback.print_exc()  # to the server's log
            backend = _in_directory(cwd, _sandbox_backend, list(argv))
            self.loaded = _Loaded((argv, cwd), backend, calls)
        spare = self.spares.get(self.loaded.backend or "")
        if self.loaded.calls and spare is not None and not spare.preload(self.loaded.calls):
            return False
        self.prepared = (argv, cwd)
        return True

    def _reap_retired_zygotes(self) -> None:
        self.retired_zygotes = [z for z in self.retired_zygotes if z.poll() is None]

    def close(self) -> None:
        for spare in self.spares.values():
            spare.close()
        for check in self.running.values():
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(check.pidfd, signal.SIGKILL)
            self._finish(check)
        for zygote in self.retired_zygotes:
            with contextlib.suppress(Exception):
                zygote.wait(timeout=10)


def _sandbox_backend(argv: list[str]) -> str | None:
    """The backend of the sandbox the plain check ``argv`` starts early (None: none, or the
    check starts its own, as ``--refresh-sandbox-probe`` asks)."""
    from gradekit.check_command import plain_check_options, sandbox_backend
    from gradekit.sandbox.environment import resolve_backend

    options = plain_check_options(argv)
    if options is None or options.refresh_sandbox_probe:
        return None
    backend = sandbox_backend(options)
    return resolve_backend(backend) if backend is not None else None


def _in_directory(cwd: str, function: Callable[..., T], *args: Any) -> T | None:
    """``function(*args)`` run with ``cwd`` as the working directory (None when it cannot
    be entered), the server's own directory restored after it; which spec each submission
    led to is forgotten then (files change between checks: each fork asks again)."""
    from gradekit.check_command import forget_discovered

    home = os.getcwd()
    try:
        os.chdir(cwd)
    except OSError:
        return None
    try:
        return function(*args)
    finally:
        os.chdir(home)
        forget_discovered()


def _first_check(described: str | None) -> tuple[tuple[str, ...], str] | None:
    """The ``--prepare-for`` check as (argv, cwd); None when absent or not well formed."""
    try:
        check = json.loads(described) if described else None
        if _request_problem({**check, "env": {}}, [0, 1, 2]) is None:
            return tuple(check["argv"]), check["cwd"]
    except (ValueError, TypeError):
        pass
    return None


def _request_problem(request: Any, fds: list[int]) -> str | None:
    """What is wrong with a check request (None: nothing)."""
    if not isinstance(request, dict) or len(fds) != STANDARD_STREAMS:
        return "a check request carries argv, cwd, env and three descriptors"
    argv, cwd, env = request.get("argv"), request.get("cwd"), request.get("env")
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        return "argv must be a list of strings"
    if argv[:1] != ["check"]:
        return "the server runs only `gradekit check`"
    if not isinstance(cwd, str) or not os.path.isabs(cwd):
        return "cwd must be an absolute path"
    if not isinstance(env, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in env.items()
    ):
        return "env must map strings to strings"
    return None


def _peer_uid(connection: socket.socket) -> int:
    credentials = connection.getsockopt(
        socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")
    )
    return struct.unpack("3i", credentials)[1]


def _exit_code(code: Any) -> int:
    """A ``SystemExit`` code as a process's exit code (as the interpreter maps it)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    sys.stderr.write(f"{code}\n")
    return 1


def _reopen_standard_streams() -> None:
    """New ``sys.stdin/stdout/stderr`` over descriptors 0-2 (now the client's), buffered as the
    interpreter buffers them at start-up: stdout line-buffered on a terminal, stderr always,
    both written through under ``-u``/``PYTHONUNBUFFERED``."""
    unbuffered = bool(os.environ.get("PYTHONUNBUFFERED")) or bool(sys.flags.unbuffered)
    for number, name in enumerate(("stdin", "stdout", "stderr")):
        old = getattr(sys, name)
        writing = number > 0
        raw = io.FileIO(number, "w" if writing else "r", closefd=False)
        if writing and unbuffered:
            binary: Any = raw
        else:
            binary = io.BufferedWriter(raw) if writing else io.BufferedReader(raw)
        stream = io.TextIOWrapper(
            binary,
            encoding=old.encoding,
            errors=old.errors,
            line_buffering=writing and (number == 2 or raw.isatty()),
            write_through=writing and unbuffered,
        )
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def _warm_up() -> None:
    """Import what a check imports, and render a little rich output (rich loads its width
    tables and fills its caches on first use), so that each fork starts with it done."""
    import rich.console
    import tomllib  # noqa: F401 - assignment discovery reads gradekit.toml
    import yaml  # noqa: F401 - and assignment headers
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    import gradekit.__main__  # noqa: F401
    import gradekit.check_command  # noqa: F401
    import gradekit.grading.pipeline  # noqa: F401
    import gradekit.grading.plan_cache  # noqa: F401
    import gradekit.report.json  # noqa: F401
    import gradekit.report.panels  # noqa: F401
    import gradekit.report.text  # noqa: F401
    import gradekit.sandbox.runner  # noqa: F401
    import gradekit.sandbox.warm  # noqa: F401
    import gradekit.spec.discovery  # noqa: F401
    import gradekit.spec.loader  # noqa: F401

    console = rich.console.Console(
        file=io.StringIO(), width=80, force_terminal=True, color_system="truecolor"
    )
    summary = Table(header_style="bold")
    summary.add_column("exercise")
    summary.add_column("points", justify="right")
    summary.add_row("warm_up", Text("PASS", "bold green"))
    side_by_side = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    side_by_side.add_column("expected", style="green")
    side_by_side.add_column("got")
    side_by_side.add_row(Text("[1.5, 2.5]"), Text("[1.5, 3.5]", "bold red"))
    details = Group(Text.assemble(("✗ value: ", "bold red"), "1 element differs"), side_by_side)
    console.print(summary)
    console.print(Panel(details, title=Text("warm_up"), title_align="left", border_style="red"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gradekit.check_server.server")
    parser.add_argument("--key", required=True)
    parser.add_argument(
        "--prepare-for",
        metavar="JSON",
        help='the check to prepare for first: {"argv": [...], "cwd": "..."} (the first check)',
    )
    args = parser.parse_args(argv)
    # sys.path[0] is the servers' directory (the working directory of `python -m`): it holds
    # nothing importable, and server_key() leaves the first entry out, as for its clients.
    directory = server_directory(create=True)
    lock = open(lock_path(directory, args.key), "w")  # noqa: SIM115 - held until exit
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return 0  # another server has this key
    address = socket_path(directory, args.key)
    with contextlib.suppress(FileNotFoundError):
        address.unlink()  # a dead server's: the lock was free
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(str(address))
    listener.listen(16)
    server = CheckServer(args.key, listener, lock, idle_seconds())
    try:
        _warm_up()
        # Spares are started in serve(), when idle: for the first check's backend (the
        # engine when it cannot tell), then for every backend a check asks for.
        first = _first_check(args.prepare_for)
        first_backend = None
        if first is not None:
            server.last_check = first
            first_backend = _in_directory(first[1], _sandbox_backend, list(first[0]))
        server.backends.add(first_backend or "engine")
        server.serve()
    finally:
        with contextlib.suppress(FileNotFoundError):
            address.unlink()
        listener.close()
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
