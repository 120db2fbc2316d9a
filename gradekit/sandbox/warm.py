"""Warm workers: a zygote process that forks sandbox launchers.

A fresh interpreter running ``gradekit.sandbox.child`` pays for an interpreter and the numpy and
backend imports on every submission (hundreds of milliseconds). For batch grading,
:class:`Zygote` starts that interpreter once, with the same allowlisted environment (one
OpenMP/BLAS thread, so forking is safe), imports numpy, the backend and the sandbox modules,
and then only forks. Each fork becomes an ordinary launcher: it runs
:func:`gradekit.sandbox.child.main` itself, which forks the worker that applies every layer
of the policy, loads the submission and streams the same validated frames. Process tree::

    grader ─┬─ zygote (warm, single-threaded, subreaper, never runs student code)
            │    └─ launcher (forked per run, or once per grading slot: own session,
            │         │       subreaper, never runs student code)
            │         └─ worker (fork per run: layers applied, then student code)
            └─ … (the grader watches every run's pipes itself)

The grader creates the launcher's five pipes (config, result, status, stdout, stderr) and hands
their child ends to the zygote over a Unix socket (``SCM_RIGHTS``); the zygote answers with a
pidfd of the new launcher, so the grader can wait for it and kill it without pid-reuse races.
On the grader side :class:`ZygoteLaunch` is a launch strategy for the runner's own supervisor
(:class:`gradekit.sandbox.runner.LaunchStrategy`): deadlines, tree-kill, capped output, frame
and event-order validation are the runner's code, only the launch differs, and
:func:`run_submission_warm` is :func:`gradekit.sandbox.runner.run_submission` with it.

A batch's grading slot uses :class:`PersistentLaunch` instead: one launcher, forked once, serves
the slot's runs one after the other (its own Unix socket brings each run's five pipes, its
directory and environment); only the worker is a fresh fork per run. Between two runs the
launcher kills and reaps everything the run started, checks it has no child left, and reports
itself idle; a run that did not end cleanly, or a launcher that could not confirm its tree is
empty, gets the slot a fresh launcher (docs/security.md, "The execution model").

The grader does not wait for one answer before it sends the next request: a run's whole
handshake (the calls to preload, the launcher's pipes, the launcher's configuration) is queued
in the socket and the pipes at once, even while the zygote is still importing, and the answers
are read afterwards, in the order the requests went out (each request has a ticket). So the
zygote goes from "ready" to a running worker on its own, without waiting for a grader thread
that may be waiting for the GIL. The zygote serves its requests one at a time, in order, and
checks each exactly as it would one sent after its "ready".

The zygote holds no secrets: it never sees the spec, the reference solution or other results.

The zygote itself is :mod:`gradekit.sandbox.zygote`, a module of its own that imports only
what forks need. A `gradekit check` waits for its zygote (its critical path is the zygote's
start-up, then the run), so the zygote starts as every sandbox interpreter does, without
``site`` (:func:`gradekit.sandbox.environment.sandbox_interpreter`). numpy and the backend are
most of what is left of its start-up.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from gradekit.sandbox.environment import (
    bubblewrap_prefix,
    child_environment,
    resolve_backend,
    sandbox_interpreter,
)
from gradekit.sandbox.sanitize import RUN_DIRECTORY_PREFIX
from gradekit.sandbox.zygote import (
    PIPE_NAMES,
    PRELOADED_CALLS_KEPT,
    REQUEST_LIMIT,
    WarmWorkerError,
)

# The runner, the protocol and the policy import numpy or the probe: a Zygote must be able to
# start before those imports (a `gradekit check` starts it first thing), so they are imported
# where used.
if TYPE_CHECKING:
    from collections.abc import Callable

    from gradekit.sandbox.policy import SandboxPolicy
    from gradekit.sandbox.protocol import Call, SubmissionOutcome
    from gradekit.sandbox.runner import LaunchedProcess, OutcomeCallback

ZYGOTE_START_TIMEOUT = 120.0  # importing torch on a busy machine can take a while
REPLY_TIMEOUT = 30.0  # for each answer once the zygote has started, and for sending a request


# --------------------------------------------------------------------------------------------
# Grader side
# --------------------------------------------------------------------------------------------


class LauncherProcess:
    """A launcher forked by the zygote, with the ``subprocess.Popen`` surface the supervisor uses.

    The launcher is not our child, so its exit is observed through a pidfd (readable once it
    has exited) and its exit code is not known here: the runner never uses it, it trusts only
    the status pipe. ``returncode`` is therefore 0 once the launcher has exited.

    Its pipes exist before the launcher does (the zygote forks it once it gets to the request):
    ``pid`` is None until :meth:`attach` gives the zygote's answer.
    """

    def __init__(self, stdout_fd: int, stderr_fd: int) -> None:
        self.pid: int | None = None
        self._pidfd = -1
        self.stdout = os.fdopen(stdout_fd, "rb", buffering=0)
        self.stderr = os.fdopen(stderr_fd, "rb", buffering=0)
        self.returncode: int | None = None

    def attach(self, pid: int, pidfd: int) -> None:
        """The launcher the zygote forked: its pid and a pidfd (now owned by this object)."""
        self.pid, self._pidfd = pid, pidfd

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self._pidfd], [], [], 0)[0]:
            self._exited()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            if not select.select([self._pidfd], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired(f"gradekit launcher {self.pid}", timeout or 0)
            self._exited()
        return 0

    def kill(self) -> None:
        if self.returncode is None:
            try:
                signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def _exited(self) -> None:
        self.returncode = 0
        os.close(self._pidfd)
        self._pidfd = -1

    def __del__(self) -> None:
        if getattr(self, "_pidfd", -1) >= 0:
            os.close(self._pidfd)


class Zygote:
    """A warm process that forks sandbox launchers for one backend. Thread-safe.

    Start it once per batch (per grading process) and :meth:`close` it at the end; it is
    also a context manager.
    """

    def __init__(self, backend: str, *, bubblewrap: bool = False, wait: bool = True) -> None:
        self.backend = resolve_backend(backend)
        self.bubblewrap = bubblewrap
        # Requests go out in ticket order and answers come back in the same order: whoever
        # reads an answer keeps it for its ticket's owner. Sending and reading are locked
        # separately, so a thread waiting for its answer never holds up another's request.
        self._send_lock = threading.Lock()
        self._receive_lock = threading.Lock()
        self._warm_up_lock = threading.Lock()  # one warm-up of a frame at a time
        self._tickets_sent = 0
        self._answers_read = 0
        self._answers: dict[int, tuple[bytes, list[int]]] = {}  # read, not yet collected
        self._preloaded: list[str] = []  # digests of the calls the zygote holds, oldest first
        self._warmed: set[str] = set()  # digests of the calls it has warmed up with
        # Warm-ups asked for and not yet answered: digest -> (preload ticket, warm-up ticket).
        self._warming: dict[str, tuple[int | None, int]] = {}
        # Every run's scratch directory is created in here: under bubblewrap this is the one
        # writable place the zygote's mount namespace shares with the grader.
        self.scratch_root = Path(tempfile.mkdtemp(prefix="gradekit-zygote-"))
        grader_end, zygote_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        command = [
            *sandbox_interpreter("gradekit.sandbox.zygote"),
            "--socket-fd",
            str(zygote_end.fileno()),
            "--backend",
            self.backend,
        ]
        if bubblewrap:
            # The zygote and every launcher it forks share these namespaces: no network, a
            # read-only filesystem, a private /tmp, only the scratch root writable.
            command = bubblewrap_prefix(str(self.scratch_root)) + command
        # The zygote never prints; what it (or bwrap) says on stderr goes to a file that start-up
        # errors quote, never to the grader's terminal.
        self._stderr = tempfile.TemporaryFile()
        try:
            self.process = subprocess.Popen(
                command,
                cwd=self.scratch_root,
                env=child_environment(self.scratch_root),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=self._stderr,
                pass_fds=(zygote_end.fileno(),),
                start_new_session=True,
                close_fds=True,
            )
        finally:
            zygote_end.close()
        # Its exit is awaited through a pidfd, which also works in a process forked from this
        # one (a `gradekit check` served by gradekit.check_server), where it is no child.
        self._pidfd = os.pidfd_open(self.process.pid)
        self._channel = grader_end
        # Requests may be sent before the zygote is ready (they wait in the socket); neither
        # sending nor an answer once it is ready may take longer than this.
        self._channel.settimeout(REPLY_TIMEOUT)
        self._ready = False
        if wait:
            self.wait_ready()

    def wait_ready(self) -> None:
        """Block until the zygote has imported everything (``Zygote(..., wait=False)`` lets
        the caller do other work meanwhile); raises :class:`WarmWorkerError` if it failed."""
        with self._receive_lock:
            self._wait_ready_locked()

    def _wait_ready_locked(self) -> None:
        if self._ready:
            return
        try:
            if not select.select([self._channel], [], [], ZYGOTE_START_TIMEOUT)[0]:
                raise TimeoutError(f"nothing after {ZYGOTE_START_TIMEOUT:g} s")
            ready = self._channel.recv(REQUEST_LIMIT)
        except (TimeoutError, OSError, ValueError) as error:  # ValueError: closed meanwhile
            self.close()
            raise WarmWorkerError(
                f"the warm worker did not start: {error}{self._stderr_tail()}"
            ) from error
        if ready != b'{"ready": true}':
            self.close()
            raise WarmWorkerError(
                f"the warm worker failed to start (exit code {self.process.poll()})"
                f"{self._stderr_tail()}"
            )
        self._ready = True

    def poll_ready(self) -> bool:
        """Whether the zygote has finished importing, without waiting; raises
        :class:`WarmWorkerError` if it failed to start."""
        if not self._ready and select.select([self._channel], [], [], 0)[0]:
            self.wait_ready()
        return self._ready

    def _stderr_tail(self, limit: int = 500) -> str:
        """What the zygote wrote on stderr, for an error message (empty when nothing)."""
        try:
            self._stderr.seek(0)
            text = self._stderr.read()[-limit:].decode(errors="replace").strip()
        except (OSError, ValueError):
            return ""
        return f": {text}" if text else ""

    def __enter__(self) -> Zygote:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def alive(self) -> bool:
        return not self._exited(timeout=0)

    # -- requests and their answers ---------------------------------------------------------

    def _send(self, request: dict[str, object], fds: list[int] | None = None) -> int:
        """Send one request (with ``fds``, passed by ``SCM_RIGHTS``), ready or not; returns
        its ticket, for :meth:`_answer`. The caller holds the send lock. (The socket queues
        ``net.unix.max_dgram_qlen`` requests, 10 by default, before a send waits for the
        zygote to read; a run has two unanswered at most.)"""
        message = json.dumps(request).encode()
        try:
            if fds:
                socket.send_fds(self._channel, [message], fds)
            else:
                self._channel.sendall(message)
        except (OSError, ValueError) as error:  # ValueError: the channel is closed
            raise WarmWorkerError(f"the warm worker is not answering: {error}") from error
        ticket = self._tickets_sent
        self._tickets_sent += 1
        return ticket

    def _answer(self, ticket: int) -> tuple[dict[str, object], list[int]]:
        """The zygote's answer to request ``ticket`` (its JSON and the descriptors that came
        with it, now the caller's), waiting for the zygote to start first if need be. Answers
        to earlier tickets read on the way are kept for their owners."""
        with self._receive_lock:
            self._wait_ready_locked()
            while ticket not in self._answers:
                try:
                    reply, fds, _, _ = socket.recv_fds(self._channel, REQUEST_LIMIT, 1)
                except (OSError, ValueError) as error:
                    raise WarmWorkerError(f"the warm worker is not answering: {error}") from error
                if not reply:
                    _close_all(fds)
                    raise WarmWorkerError("the warm worker stopped (it closed its connection)")
                self._answers[self._answers_read] = (reply, fds)
                self._answers_read += 1
            reply, fds = self._answers.pop(ticket)
        try:
            answer = json.loads(reply)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            _close_all(fds)
            raise WarmWorkerError(f"the warm worker answered {reply[:100]!r}")
        return answer, fds

    # -- preloading the calls ----------------------------------------------------------------

    def queue_preload(self, encoded_calls: bytes) -> tuple[str, int | None]:
        """Send a calls frame for the zygote to decode once for all the launchers it forks,
        without waiting for it (it may still be starting). Returns the frame's sha256 digest,
        which a launcher's configuration names instead of carrying the calls, and the ticket
        of the zygote's confirmation for :meth:`confirm_preload` (None: it holds them
        already). Requests sent after this one are served after the calls are decoded."""
        digest = calls_digest(encoded_calls)
        with self._send_lock:
            if digest in self._preloaded:
                return digest, None
            # A file in memory rather than a pipe: a pipe holds 64 KiB until its reader
            # reads, and the zygote reads only once it has started: the grader would wait.
            calls_file = _file_in_memory(encoded_calls)
            try:
                ticket = self._send(
                    {"preload_calls": len(encoded_calls), "digest": digest}, [calls_file]
                )
            finally:
                os.close(calls_file)
            if len(self._preloaded) >= PRELOADED_CALLS_KEPT:
                self._preloaded.pop(0)  # the zygote drops its oldest too
            self._preloaded.append(digest)
        return digest, ticket

    def confirm_preload(self, digest: str, ticket: int | None) -> None:
        """Wait until the zygote has decoded the calls :meth:`queue_preload` sent."""
        if ticket is None:
            return
        answer, fds = self._answer(ticket)
        _close_all(fds)
        if answer.get("preloaded") != digest:
            raise WarmWorkerError("the warm worker could not preload the calls")

    def preload_calls(self, encoded_calls: bytes) -> str:
        """Have the zygote decode a calls frame once for all the launchers it forks, and wait
        until it has; returns the frame's sha256 digest. Already-preloaded frames cost only
        the digest."""
        digest, ticket = self.queue_preload(encoded_calls)
        self.confirm_preload(digest, ticket)
        return digest

    def warm_up(self, encoded_calls: bytes) -> bool:
        """Preload these calls and have the zygote run them once against a trusted stand-in
        submission (never student code), so that every launcher forked afterwards starts
        with the executor's and the encoder's work for them already done: a saving for a
        batch (the warm-up costs about what one submission's worker saves). Each frame is
        warmed up once; returns whether the zygote did (False: it holds no such calls or the
        warm-up failed, and launchers simply start less warm)."""
        with self._warm_up_lock:
            digest = self._queue_warm_up(encoded_calls)
            if digest in self._warmed:
                return True
            preload_ticket, ticket = self._warming.pop(digest)
            self.confirm_preload(digest, preload_ticket)
            answer, fds = self._answer(ticket)
            _close_all(fds)
            warmed = answer.get("warmed") is True
            if warmed:
                self._warmed.add(digest)
        return warmed

    def queue_warm_up(self, encoded_calls: bytes) -> None:
        """Ask for :meth:`warm_up` without waiting for it (the zygote may still be starting):
        a batch's grader asks before its own preparation, and the :meth:`warm_up` of the same
        calls then only collects the answer."""
        with self._warm_up_lock:
            self._queue_warm_up(encoded_calls)

    def _queue_warm_up(self, encoded_calls: bytes) -> str:
        """Send the preload and the warm-up of these calls unless done or sent already;
        returns their digest. The caller holds the warm-up lock."""
        digest, preload_ticket = self.queue_preload(encoded_calls)
        if digest not in self._warmed and digest not in self._warming:
            with self._send_lock:
                self._warming[digest] = (preload_ticket, self._send({"warm_up": digest}))
        return digest

    # -- forking launchers -------------------------------------------------------------------

    def queue_spawn(self, cwd: Path, env: dict[str, str], child_fds: dict[str, int]) -> int:
        """Ask for a launcher with ``child_fds`` (one per :data:`PIPE_NAMES`, duplicated into
        the request: the caller may close its copies), without waiting for the zygote; returns
        the ticket of the answer, for :meth:`launcher_started`."""
        with self._send_lock:
            return self._send(
                {"cwd": str(cwd), "env": env}, [child_fds[name] for name in PIPE_NAMES]
            )

    def launcher_started(self, ticket: int) -> tuple[int, int]:
        """The ``(pid, pidfd)`` of the launcher asked for by :meth:`queue_spawn`'s ``ticket``,
        once the zygote has forked it."""
        answer, fds = self._answer(ticket)
        pid = answer.get("pid")
        if len(fds) != 1 or type(pid) is not int or pid <= 1:
            _close_all(fds)
            raise WarmWorkerError(f"the warm worker did not fork a launcher: {answer!r}")
        return pid, fds[0]

    def queue_resident(self, control: socket.socket) -> tuple[int, frozenset[str]]:
        """Ask for a launcher that serves runs sent over ``control``'s peer (a duplicate of it
        goes with the request: the caller closes its copy), without waiting for the zygote.
        Returns the ticket of the answer, for :meth:`launcher_started`, and the digests of the
        calls the launcher will hold (what the zygote holds once it gets to the request)."""
        with self._send_lock:
            return self._send({"serve": True}, [control.fileno()]), frozenset(self._preloaded)

    def spawn(self, cwd: Path, env: dict[str, str], child_fds: dict[str, int]) -> tuple[int, int]:
        """Fork a launcher with ``child_fds`` (one per :data:`PIPE_NAMES`); returns its
        ``(pid, pidfd)``."""
        return self.launcher_started(self.queue_spawn(cwd, env, child_fds))

    def close(self) -> None:
        channel = getattr(self, "_channel", None)
        if channel is not None:
            channel.close()  # EOF tells the zygote to kill what is left and exit
        self._forget_answers()
        if not self._exited(timeout=10):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self._exited(timeout=None)
        self.process.poll()  # reaps it when it is this process's child
        self._close_pidfd()
        shutil.rmtree(self.scratch_root, ignore_errors=True)

    def release(self) -> subprocess.Popen:
        """Hand the zygote over to a process forked from this one, which now owns it (uses
        it, closes it): this process only closes its own copies of the zygote's descriptors,
        which does not stop it. Returns the zygote's process, which is still this process's
        child, for the caller to reap once it has exited."""
        self._channel.close()
        self._stderr.close()
        self._close_pidfd()
        self._forget_answers()
        return self.process

    def _exited(self, timeout: float | None) -> bool:
        """Whether the zygote has exited, waiting up to ``timeout`` seconds (None: for ever)."""
        if self._pidfd < 0:
            return self.process.poll() is not None
        return bool(select.select([self._pidfd], [], [], timeout)[0])

    def _forget_answers(self) -> None:
        """Close the descriptors of answers read but never collected (a run that failed)."""
        for _, fds in self._answers.values():
            _close_all(fds)
        self._answers.clear()

    def _close_pidfd(self) -> None:
        if self._pidfd >= 0:
            os.close(self._pidfd)
            self._pidfd = -1


# The last calls frame hashed and its digest. A batch sends the very same bytes object for
# every submission (gradekit.sandbox.runner.encoded_calls), and hashing it (its input arrays:
# tens of kilobytes) cost a slot's grader about 65 us per run. Holding the object keeps its
# identity from being reused; bytes never change, so the same object has the same digest.
_last_digest: tuple[bytes, str] | None = None


def calls_digest(encoded_calls: bytes) -> str:
    """The sha256 (hex) of a calls frame, by which the zygote and its launchers name it."""
    global _last_digest
    last = _last_digest  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is encoded_calls:
        return last[1]
    digest = hashlib.sha256(encoded_calls).hexdigest()
    if type(encoded_calls) is bytes:
        _last_digest = (encoded_calls, digest)
    return digest


def _file_in_memory(data: bytes) -> int:
    """A descriptor of an anonymous file holding ``data``, positioned at its start."""
    fd = os.memfd_create("gradekit-calls", os.MFD_CLOEXEC)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _close_all(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)


def _run_pipes_and_environment(
    scratch: Path, zygote: Zygote
) -> tuple[dict[str, tuple[int, int]], dict[str, int], dict[str, str]]:
    """A run's five pipes by name (read and write ends), the ends its launcher keeps (it reads
    its configuration and writes everything else), and the run's environment."""
    pipes = {name: os.pipe() for name in PIPE_NAMES}
    child_fds = {
        name: (read if name == "config" else write) for name, (read, write) in pipes.items()
    }
    environment = child_environment(scratch)
    if zygote.bubblewrap:
        environment["PWD"] = str(scratch)  # what bwrap --chdir sets in a cold run
    return pipes, child_fds, environment


class ZygoteLaunch:
    """The runner's launch strategy for warm workers: launchers forked by a :class:`Zygote`.

    Each run's scratch directory is made inside the zygote's scratch root (under bubblewrap
    the only writable place the zygote's mount namespace shares with the grader).
    """

    def __init__(self, zygote: Zygote) -> None:
        self.zygote = zygote
        # The calls the next launch names by digest: sent, not yet confirmed by the zygote.
        self._queued_preload: tuple[str, int | None] | None = None

    def scratch_directory(self) -> Path:
        return Path(tempfile.mkdtemp(prefix=RUN_DIRECTORY_PREFIX, dir=self.zygote.scratch_root))

    def preload_calls(self, encoded_calls: bytes) -> str:
        """Queue the calls for the zygote to decode (:meth:`Zygote.queue_preload`); the
        launch confirms it was done."""
        digest, ticket = self.zygote.queue_preload(encoded_calls)
        self._queued_preload = (digest, ticket)
        return digest

    def launch(self, scratch: Path, policy: SandboxPolicy) -> LaunchedProcess:
        """Queue the launcher's fork, ready or not: the runner writes the configuration into
        its pipe next, then waits for the launcher with ``finish_launch``."""
        from gradekit.sandbox.runner import LaunchedProcess

        pipes, child_fds, environment = _run_pipes_and_environment(scratch, self.zygote)
        try:
            ticket = self.zygote.queue_spawn(scratch, environment, child_fds)
        except BaseException:
            _close_all([fd for pair in pipes.values() for fd in pair])
            raise
        _close_all(list(child_fds.values()))  # the request holds the launcher's copies
        process = LauncherProcess(pipes["stdout"][0], pipes["stderr"][0])
        preload, self._queued_preload = self._queued_preload, None

        def finish_launch() -> None:
            if preload is not None:
                self.zygote.confirm_preload(*preload)
            process.attach(*self.zygote.launcher_started(ticket))

        return LaunchedProcess(
            process,
            config_w=pipes["config"][1],
            result_r=pipes["result"][0],
            status_r=pipes["status"][0],
            finish_launch=finish_launch,
        )


class ResidentLauncher:
    """The grader's end of a launcher that serves several runs, one after the other
    (:func:`gradekit.sandbox.zygote._serve_runs`): its control socket, and once the zygote
    answered, its pid and a pidfd. ``held`` are the digests of the calls it holds."""

    def __init__(self, control: socket.socket, ticket: int, held: frozenset[str]) -> None:
        self.control = control
        self.ticket = ticket
        self.held = held
        self.pid: int | None = None
        self._pidfd = -1
        self.busy = False  # a run was sent and its end ("idle") not yet read
        self.retired = False

    def attach(self, pid: int, pidfd: int) -> None:
        self.pid, self._pidfd = pid, pidfd

    @property
    def reusable(self) -> bool:
        return not (self.retired or self.busy)

    def send_run(self, request: dict[str, object], fds: list[int]) -> None:
        """Hand the launcher one run (its cwd and environment, and its pipes by SCM_RIGHTS)."""
        socket.send_fds(self.control, [json.dumps(request).encode()], fds)
        self.busy = True

    def run_over(self, timeout: float | None) -> bool:
        """Whether the run sent last is over, waiting up to ``timeout`` seconds: the launcher
        said it is idle (its tree checked empty: it may serve another run), or it is gone or
        going (retired)."""
        if not self.busy:
            return True
        watched = [self.control] + ([self._pidfd] if self._pidfd >= 0 else [])
        ready = select.select(watched, [], [], timeout)[0]
        if not ready:
            return False
        if self.control in ready:
            try:
                answer = self.control.recv(REQUEST_LIMIT)
            except OSError:
                answer = b""
            if answer == b'{"idle": true}':
                self.busy = False
                return True
        self.retire()  # it exited, or said something else: never reused
        return True

    def kill(self) -> None:
        if self._pidfd >= 0:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
        self.retire()

    def retire(self) -> None:
        """Serve no further run: closing the control socket makes an idle launcher exit (the
        zygote reaps it). One that is still busy is killed by the supervisor, never here."""
        self.retired = True
        self.busy = False
        self.control.close()
        if self._pidfd >= 0:
            os.close(self._pidfd)
            self._pidfd = -1


class ResidentRun:
    """One run in a :class:`ResidentLauncher`, with the ``subprocess.Popen`` surface the
    supervisor uses. For the supervisor "the launcher has exited" means "this run is over": the
    launcher reported itself idle, or it is gone. Killing it retires the launcher."""

    def __init__(self, launcher: ResidentLauncher, stdout_fd: int, stderr_fd: int) -> None:
        self.launcher = launcher
        self.stdout = os.fdopen(stdout_fd, "rb", buffering=0)
        self.stderr = os.fdopen(stderr_fd, "rb", buffering=0)
        self.returncode: int | None = None

    @property
    def pid(self) -> int | None:
        return self.launcher.pid

    def poll(self) -> int | None:
        if self.returncode is None and self.launcher.run_over(timeout=0):
            self.returncode = 0
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            if not self.launcher.run_over(timeout):
                raise subprocess.TimeoutExpired(f"gradekit launcher {self.pid}", timeout or 0)
            self.returncode = 0
        return 0

    def kill(self) -> None:
        self.launcher.kill()

    def retire(self) -> None:
        """The run did not end cleanly (the supervisor killed something, or stopped on an
        error): the launcher serves no further run."""
        self.launcher.retire()


class PersistentLaunch(ZygoteLaunch):
    """The runner's launch strategy for one grading slot: one launcher, forked once by the
    zygote, serves the slot's runs one after the other (a fresh worker per run, as always).

    The launcher is replaced by a fresh one when a run did not end cleanly (the supervisor
    killed the worker or the launcher, a deadline, a cancel, an error), when it exited or could
    not confirm its tree is empty, or when the calls are ones it does not hold. Not
    thread-safe: one run at a time; :meth:`close` at the end."""

    def __init__(self, zygote: Zygote) -> None:
        super().__init__(zygote)
        self._launcher: ResidentLauncher | None = None

    def preload_calls(self, encoded_calls: bytes) -> str | None:
        """The digest of calls the slot's launcher holds; None (the calls then follow the
        configuration, as for a cold launcher) for calls it was forked without. Before a new
        launcher, the zygote preloads them first (:meth:`ZygoteLaunch.preload_calls`)."""
        launcher = self._launcher
        if launcher is None or not launcher.reusable:
            return super().preload_calls(encoded_calls)
        digest = calls_digest(encoded_calls)
        return digest if digest in launcher.held else None

    def launch(self, scratch: Path, policy: SandboxPolicy) -> LaunchedProcess:
        """Hand the run to the slot's launcher (asking the zygote for one first if need be);
        the runner then writes the configuration and calls ``finish_launch``."""
        from gradekit.sandbox.runner import LaunchedProcess

        pipes, child_fds, environment = _run_pipes_and_environment(scratch, self.zygote)
        request = {"cwd": str(scratch), "env": environment}
        try:
            launcher = self._send_run(request, [child_fds[name] for name in PIPE_NAMES])
        except BaseException:
            _close_all([fd for pair in pipes.values() for fd in pair])
            raise
        _close_all(list(child_fds.values()))  # the launcher holds its copies now
        process = ResidentRun(launcher, pipes["stdout"][0], pipes["stderr"][0])
        preload, self._queued_preload = self._queued_preload, None

        def finish_launch() -> None:
            try:
                if preload is not None:
                    self.zygote.confirm_preload(*preload)
                if launcher.pid is None:
                    launcher.attach(*self.zygote.launcher_started(launcher.ticket))
            except BaseException:
                launcher.retire()
                raise

        return LaunchedProcess(
            process,
            config_w=pipes["config"][1],
            result_r=pipes["result"][0],
            status_r=pipes["status"][0],
            finish_launch=finish_launch,
        )

    def _send_run(self, request: dict[str, object], fds: list[int]) -> ResidentLauncher:
        """Send the run to the slot's launcher; to a fresh one when it cannot take it."""
        launcher = self._launcher
        if launcher is not None and launcher.reusable:
            try:
                launcher.send_run(request, fds)
                return launcher
            except OSError:
                pass  # it exited between two runs (killed from outside): start another
        self._retire()
        launcher = self._launcher = self._new_launcher()
        launcher.send_run(request, fds)  # waits in the socket until the launcher exists
        return launcher

    def _new_launcher(self) -> ResidentLauncher:
        """Ask the zygote for a launcher that serves this slot's runs (not waiting for it)."""
        grader_end, launcher_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            ticket, held = self.zygote.queue_resident(launcher_end)
        except BaseException:
            grader_end.close()
            raise
        finally:
            launcher_end.close()
        grader_end.settimeout(REPLY_TIMEOUT)
        return ResidentLauncher(grader_end, ticket, held)

    def _retire(self) -> None:
        if self._launcher is not None:
            self._launcher.retire()
            self._launcher = None

    def close(self) -> None:
        """Let the slot's launcher exit (the zygote reaps it); again is a no-op."""
        self._retire()


def run_submission_warm(
    source_path: Path,
    calls: list[Call],
    *,
    zygote: Zygote,
    policy: SandboxPolicy | None = None,
    total_timeout: float | None = None,
    on_outcome: OutcomeCallback | None = None,
    cancel: threading.Event | None = None,
    skip_after_timeout: bool = False,
    on_launched: Callable[[], None] | None = None,
    launch: ZygoteLaunch | None = None,
) -> SubmissionOutcome:
    """:func:`gradekit.sandbox.runner.run_submission`, with launchers forked by ``zygote``.

    Same contract and same outcome (the backend is the zygote's): the runner's own run, with
    ``launch`` as its launch strategy (default :class:`ZygoteLaunch`, a launcher per run; a
    grading slot passes its :class:`PersistentLaunch` of this zygote). Raises
    :class:`WarmWorkerError` when the zygote is gone. ``on_outcome``, ``cancel``,
    ``skip_after_timeout`` and ``on_launched`` are as for
    :func:`~gradekit.sandbox.runner.run_submission`.
    """
    from gradekit.sandbox.policy import probe_policy
    from gradekit.sandbox.runner import run_submission

    policy = policy or probe_policy()
    if ("bubblewrap" in policy.layers) != zygote.bubblewrap:
        raise ValueError(
            "the zygote must run under bubblewrap exactly when the policy uses it: start it "
            "with Zygote(backend, bubblewrap='bubblewrap' in policy.layers)"
        )
    if launch is None:
        launch = ZygoteLaunch(zygote)
    elif launch.zygote is not zygote:
        raise ValueError("the launch strategy must fork its launchers from this zygote")
    return run_submission(
        source_path,
        calls,
        backend=zygote.backend,
        policy=policy,
        total_timeout=total_timeout,
        launch=launch,
        on_outcome=on_outcome,
        cancel=cancel,
        skip_after_timeout=skip_after_timeout,
        on_launched=on_launched,
    )
