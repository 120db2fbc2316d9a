"""Run a student's submission in a sandboxed child and collect its outcomes as plain data.

The grader side of the sandbox. :func:`run_submission` starts the launcher
(``gradekit.sandbox.child`` in a ``python -I -S``, see
:func:`~gradekit.sandbox.environment.sandbox_interpreter`) in a fresh scratch directory with
an allowlisted environment, feeds it the calls, and watches four pipes with one ``select``
loop:

* stdout / stderr — display only, capped, sanitised;
* the result pipe — frames from the worker, validated by :mod:`gradekit.sandbox.protocol`
  and by the event order (layers, loaded, then begin/outcome per call);
* the status pipe — the launcher's report of the worker's pid and exit.

The grader never trusts an exit code. A call counts only if its outcome frame arrived, in
order, well-formed and in time. When the worker dies or hangs in the middle of a call, that
call fails with the reason and the warm launcher forks a fresh worker for the calls that are
left, so one hostile call cannot take the others down with it.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO, Protocol

import gradekit

# Numpy-free helpers (a zygote starts before numpy is imported); re-exported from here.
from gradekit.sandbox.environment import BACKENDS as BACKENDS
from gradekit.sandbox.environment import bubblewrap_prefix, sandbox_interpreter
from gradekit.sandbox.environment import child_environment as child_environment
from gradekit.sandbox.environment import resolve_backend as resolve_backend
from gradekit.sandbox.layers import Limits
from gradekit.sandbox.policy import SandboxPolicy, probe_policy, tier_of
from gradekit.sandbox.protocol import (
    LOAD_TIMEOUT_MESSAGE,
    SKIPPED_STATUS,
    Call,
    CallOutcome,
    ExceptionInfo,
    FrameStream,
    FrameTooLarge,
    IsolationReport,
    ProtocolError,
    SubmissionOutcome,
    decode_event_bytes,
    encode_begin_event,
    encode_calls,
    encode_frame,
)
from gradekit.sandbox.sanitize import RUN_DIRECTORY_PREFIX, sanitize_output

STATUS_LIMIT = 64 * 1024
LAUNCHER_EXIT_GRACE = 5.0
# After result bytes arrive while the worker is still running calls, the supervisor waits this
# long before it looks again, so that one read takes the events of several calls instead of
# one wake-up per call (a call is ~0.1 ms of the worker's time). Far below the call grace, so
# no deadline moves by more than this; the worker still writes each outcome before the next
# call starts, so partial results on a crash or kill are exactly as before.
RESULT_BATCH_WAIT = 0.002
_SIGNAL_NAMES = {int(s): s.name for s in signal.Signals}


class RunCancelled(Exception):
    """The caller cancelled the run (it set :func:`run_submission`'s ``cancel`` event)."""


class SubmissionFileError(ValueError):
    """The submission path cannot be graded (missing, not a file, not Python source)."""


@functools.lru_cache(maxsize=1)
def readable_paths() -> tuple[str, ...]:
    """What the sandboxed child may read: Python, its packages, gradekit, system libraries.

    Worked out once per process (it looks packages up on disk; a batch asks per submission).
    """
    paths = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
        os.path.dirname(os.path.realpath(gradekit.__file__)),
    }
    for module in ("numpy", "torch"):
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin:
            paths.add(os.path.dirname(os.path.dirname(os.path.realpath(spec.origin))))
    paths.update(
        [
            "/usr",
            "/lib",
            "/lib64",
            "/etc/ld.so.cache",
            "/etc/localtime",
            "/proc",
            "/sys/devices/system/cpu",
            "/sys/fs/cgroup",
            "/dev/urandom",
            "/dev/zero",
        ]
    )
    return tuple(sorted(paths))


# --------------------------------------------------------------------------------------------
# One child process
# --------------------------------------------------------------------------------------------


@dataclass
class _Attempt:
    """The state of one launcher process running some of the calls."""

    calls: list[Call]
    outcomes: dict[str, CallOutcome] = field(default_factory=dict)
    applied_layers: list[str] | None = None
    failed_layers: dict[str, str] = field(default_factory=dict)
    loaded: bool = False
    load_error: ExceptionInfo | None = None
    in_flight: Call | None = None
    in_flight_since: float = 0.0
    failure: str | None = None
    failure_status: str = "crashed"
    worker_pid: int | None = None
    last_completed: Call | None = None
    out_of_time: bool = False
    skipping: bool = False  # killed because its next calls are skipped, not for a failure
    blamed: Call | None = None
    subreaper_error: str | None = None
    worker_exit: dict | None = None
    stdout: bytearray = field(default_factory=bytearray)
    stderr: bytearray = field(default_factory=bytearray)
    output_dropped: int = 0

    def next_call(self) -> Call | None:
        done = len(self.outcomes) + (1 if self.in_flight else 0)
        return self.calls[done] if done < len(self.calls) else None


# The calls of a batch are the same for every submission, and encoding their input arrays is
# a good part of a submission's cost: keep the last few encodings. An entry holds the calls
# themselves, so their ids cannot be reused by other objects while it is cached.
_ENCODED_CALLS: dict[tuple[int, ...], tuple[list[Call], bytes]] = {}
_ENCODED_CALLS_KEPT = 8
_ENCODED_CALLS_LOCK = threading.Lock()


def encoded_calls(calls: list[Call]) -> bytes:
    """``encode_calls(calls)``, reused while the very same Call objects are sent again."""
    key = tuple(id(call) for call in calls)
    with _ENCODED_CALLS_LOCK:
        cached = _ENCODED_CALLS.get(key)
    if cached is not None and all(a is b for a, b in zip(cached[0], calls, strict=True)):
        return cached[1]
    encoded = encode_calls(calls)
    with _ENCODED_CALLS_LOCK:
        if len(_ENCODED_CALLS) >= _ENCODED_CALLS_KEPT:
            _ENCODED_CALLS.pop(next(iter(_ENCODED_CALLS)))  # the oldest entry
        _ENCODED_CALLS[key] = (list(calls), encoded)
    return encoded


def _copy_submission(source: Path, scratch: Path) -> Path:
    """Copy the submission into the (fresh, empty) scratch directory; returns the copy.

    Plain reads and writes rather than ``shutil.copyfile``: its same-file checks, buffered
    file objects and sendfile cost about twenty system calls per run where six do. The
    source must still be a regular file when it is opened (not a FIFO swapped in since
    :func:`check_source`: that would block), and the copy is created, never overwritten."""
    fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SubmissionFileError(f"{source}: expected a Python file, found something else")
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(fd)
    target = scratch / source.name
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        view = memoryview(b"".join(chunks))
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
    return target


def _remove_scratch(scratch: Path, submission: Path | None) -> None:
    """Remove a run's scratch directory. Usually it holds only the copy of the submission:
    an unlink and an rmdir then do it (``shutil.rmtree`` costs a dozen system calls and its
    directory walk); anything else (files the run left, a renamed or missing copy) falls
    back to :func:`_remove_tree`."""
    if submission is not None:
        try:
            os.unlink(submission)
            os.rmdir(scratch)
            return
        except OSError:
            pass
    _remove_tree(scratch)


def _remove_tree(path: Path) -> None:
    def make_writable_and_retry(function, failed_path, _info) -> None:
        try:
            os.chmod(os.path.dirname(failed_path), stat.S_IRWXU)
            os.chmod(failed_path, stat.S_IRWXU)
            function(failed_path)
        except OSError:
            pass

    shutil.rmtree(path, onerror=make_writable_and_retry)


def _describe_exit(exit_info: dict | None) -> str:
    if not exit_info:
        return "the sandboxed process ended without reporting how"
    if exit_info.get("signal"):
        name = _SIGNAL_NAMES.get(exit_info["signal"], f"signal {exit_info['signal']}")
        return f"the process was killed by {name}"
    return f"the process exited with code {exit_info.get('code')}"


# Told of each call's outcome as it arrives, validated, while the run goes on.
OutcomeCallback = Callable[[str, CallOutcome], None]


class RunState:
    """Everything learnt about one submission so far, across workers and launchers.

    :meth:`absorb` folds in what one worker did and decides whether the calls that are left
    should run in a fresh worker. ``on_outcome`` is told of each outcome as it arrives;
    ``on_launched()`` once a launcher has everything it needs from the grader.
    """

    def __init__(
        self,
        calls: list[Call],
        policy: SandboxPolicy,
        deadline: float,
        on_outcome: OutcomeCallback | None = None,
        cancel: threading.Event | None = None,
        skip_after_timeout: bool = False,
        on_launched: Callable[[], None] | None = None,
    ) -> None:
        self.calls = calls
        self.on_outcome = on_outcome
        self.on_launched = on_launched
        self.cancel = cancel
        self.skip_after_timeout = skip_after_timeout
        self.policy = policy
        self.deadline = deadline
        self.outcomes: dict[str, CallOutcome] = {}
        self.load_error: ExceptionInfo | None = None
        self.failure: str | None = None
        self.stopped = False
        self.stdout = bytearray()
        self.stderr = bytearray()
        self.dropped = 0
        self.applied: list[str] = []
        self.failed_layers: dict[str, str] = {}

    def remaining(self) -> list[Call]:
        return [call for call in self.calls if call.call_id not in self.outcomes]

    def should_continue(self) -> bool:
        return not self.stopped and bool(self.remaining()) and time.monotonic() < self.deadline

    def skips_after(self, call: Call, outcome: CallOutcome) -> bool:
        """Whether ``call``'s ``outcome`` means the calls after it are not run (see
        :meth:`_skip_after_timeouts`) and the next one is one of them."""
        if not self.skip_after_timeout or outcome.status != "timeout":
            return False
        index = self.calls.index(call)
        return index + 1 < len(self.calls) and self.calls[index + 1].entry == call.entry

    def _skip_after_timeouts(self) -> None:
        """With ``skip_after_timeout``, a call that timed out ends its entry's run of calls:
        the calls of the same entry that follow it directly are not run. (A check gives a
        student quick feedback: an endless loop would otherwise cost every case its whole
        timeout.) They get a ``skipped`` outcome saying why, and the next worker resumes after
        them, so what is left is still a suffix of the calls."""
        if not self.skip_after_timeout:
            return
        timed_out: Call | None = None  # the call that ends the current entry's run
        for call in self.calls:
            if timed_out is not None and call.entry != timed_out.entry:
                timed_out = None
            outcome = self.outcomes.get(call.call_id)
            if outcome is None:
                if timed_out is not None:
                    self.outcomes[call.call_id] = CallOutcome(
                        status=SKIPPED_STATUS,
                        exception=ExceptionInfo(
                            "NotRun",
                            f"not run: `{call.entry}` did not finish on an earlier case "
                            f"({timed_out.call_id})",
                        ),
                    )
            elif outcome.status == "timeout":
                timed_out = call

    def absorb(self, attempt: _Attempt) -> None:
        self.stdout += attempt.stdout
        self.stderr += attempt.stderr
        self.dropped += attempt.output_dropped
        if attempt.applied_layers is not None:
            self.applied = list(attempt.applied_layers)
            self.failed_layers = dict(attempt.failed_layers)
        if attempt.subreaper_error is not None:
            self.failed_layers["subreaper"] = attempt.subreaper_error
        self.outcomes.update(attempt.outcomes)
        self._skip_after_timeouts()
        # A worker killed because the call it had begun is skipped did not fail that call.
        in_flight = attempt.in_flight
        if in_flight is not None and in_flight.call_id in self.outcomes:
            in_flight = None
        policy = self.policy
        if self.failed_layers and policy.require_tier >= 1 and not policy.allow_weak:
            self.failure = "sandbox layers could not be applied: " + "; ".join(
                f"{name}: {reason}" for name, reason in self.failed_layers.items()
            )
            self.stopped = True
        elif attempt.load_error is not None or (
            attempt.applied_layers is not None and not attempt.loaded and not attempt.out_of_time
        ):
            self.load_error = attempt.load_error or ExceptionInfo(
                "ProcessExited",
                f"the submission stopped the grader's process while it was being imported "
                f"({_describe_exit(attempt.worker_exit)})",
            )
            self.stopped = True
        elif in_flight is not None:
            self.outcomes[in_flight.call_id] = _failed_call_outcome(attempt)
        elif attempt.blamed is not None:
            self.outcomes[attempt.blamed.call_id] = _failed_call_outcome(attempt, attempt.blamed)
        elif not attempt.out_of_time and attempt.next_call() is not None and not attempt.outcomes:
            # The child stopped before its first call without naming a culprit: retrying
            # cannot make progress.
            self.failure = attempt.failure or (
                f"the sandboxed process stopped before running `{attempt.next_call().entry}` "
                f"({_describe_exit(attempt.worker_exit)})"
            )
            if attempt.applied_layers is None and attempt.stderr:
                # The sandbox itself failed to start: its own error message is the diagnosis.
                tail = sanitize_output(bytes(attempt.stderr[-500:])).strip()
                self.failure += f"; the sandbox reported: {tail}"
            self.stopped = True
        self._skip_after_timeouts()  # the call in flight may have timed out just now
        if attempt.out_of_time or (not policy.restart_after_crash and not attempt.skipping):
            self.stopped = True


# --------------------------------------------------------------------------------------------
# How a launcher is started (the seam warm workers plug into)
# --------------------------------------------------------------------------------------------


class LauncherProcess(Protocol):
    """What the supervisor needs of a started launcher (``subprocess.Popen`` has it all).

    A launcher that serves several runs (:class:`gradekit.sandbox.warm.ResidentRun`) "exits"
    when the run is over, and also has ``retire()``, which the supervisor calls after a run
    that did not end cleanly so that no further run goes to that launcher."""

    pid: int
    stdout: BinaryIO
    stderr: BinaryIO

    def poll(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int: ...

    def kill(self) -> None: ...


@dataclass
class LaunchedProcess:
    """A started launcher and the grader's ends of its pipes (the launcher reads its config
    from ``config_w``'s pipe and writes frames to ``result_r``'s and ``status_r``'s).

    ``finish_launch``, when given, completes a launch that was only queued (a zygote forks
    the launcher when it gets to the request, perhaps once it has finished starting): the
    supervisor calls it after writing the configuration, so that the launcher finds it
    waiting, and watches ``process`` only after it returned (it raises what launching
    raises)."""

    process: LauncherProcess
    config_w: int
    result_r: int
    status_r: int
    finish_launch: Callable[[], None] | None = None


class LaunchStrategy(Protocol):
    """How :class:`Supervisor` gets a launcher; everything after the launch is shared.

    ``scratch_directory()`` makes a fresh directory for one launcher's run (the supervisor
    removes it); ``launch(scratch, policy)`` starts ``gradekit.sandbox.child``'s launcher
    there with the environment :func:`child_environment` gives.
    """

    def scratch_directory(self) -> Path: ...

    def launch(self, scratch: Path, policy: SandboxPolicy) -> LaunchedProcess: ...

    def preload_calls(self, encoded_calls: bytes) -> str | None:
        """Called before :meth:`launch`: the digest under which the next launcher will
        already hold these calls (decoded), or None when they must be sent to it."""
        ...


class ColdLaunch:
    """A fresh interpreter running ``gradekit.sandbox.child`` per launcher (under bubblewrap
    when the policy uses it)."""

    def scratch_directory(self) -> Path:
        return Path(tempfile.mkdtemp(prefix=RUN_DIRECTORY_PREFIX))

    def preload_calls(self, encoded_calls: bytes) -> None:
        return None  # a fresh interpreter holds nothing: the calls follow the configuration

    def launch(self, scratch: Path, policy: SandboxPolicy) -> LaunchedProcess:
        config_r, config_w = os.pipe()
        result_r, result_w = os.pipe()
        status_r, status_w = os.pipe()
        command = [
            *sandbox_interpreter("gradekit.sandbox.child"),
            "--config-fd",
            str(config_r),
            "--result-fd",
            str(result_w),
            "--status-fd",
            str(status_w),
        ]
        if "bubblewrap" in policy.layers:
            command = bubblewrap_prefix(str(scratch)) + command
        try:
            process = subprocess.Popen(
                command,
                cwd=scratch,
                env=child_environment(scratch),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=(config_r, result_w, status_w),
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            for fd in (config_w, result_r, status_r):
                os.close(fd)
            raise
        finally:
            for fd in (config_r, result_w, status_w):
                os.close(fd)
        return LaunchedProcess(process, config_w, result_r, status_r)


class Supervisor:
    """Runs one launcher process. The launcher forks one worker at a time; when a worker dies
    in the middle of the calls, the same warm launcher is asked to fork a fresh worker for the
    calls that are left, so a restart does not pay for Python and the backend again.
    """

    def __init__(
        self,
        source: Path,
        backend: str,
        policy: SandboxPolicy,
        state: RunState,
        launch: LaunchStrategy | None = None,
    ) -> None:
        self.source = source
        self.launch = launch or ColdLaunch()
        self.policy = policy
        self.backend = backend
        self.state = state
        self.deadline = state.deadline
        self.launcher_calls = state.remaining()
        for call in self.launcher_calls:
            encode_begin_event(call.call_id)  # known bytes: their events need no decoding
        self.launcher: LauncherProcess | None = None
        self.output_fds: dict[int, str] = {}  # the launcher's stdout and stderr, when watched
        self.control_fd: int | None = None
        self.status = FrameStream(max_frame_bytes=STATUS_LIMIT)
        self.killed_any = False  # in any round: the run did not end cleanly
        self._new_round(0)

    def _new_round(self, start: int) -> None:
        """Fresh per-worker state: calls from ``start`` on, an empty result stream."""
        self.attempt = _Attempt(calls=self.launcher_calls[start:])
        self.results = FrameStream(max_frame_bytes=self.policy.result_limit)
        self.killed_at: float | None = None
        self.absorbed = False
        self.phase_deadline = min(self.deadline, time.monotonic() + self.policy.startup_timeout)

    @property
    def killed(self) -> bool:
        return self.killed_at is not None

    # -- set-up -----------------------------------------------------------------------------

    def _config(self, scratch: Path, submission: Path) -> dict:
        layers = self.policy.layers
        child_layers = [
            name for name in ("rlimits", "landlock", "seccomp", "capabilities") if name in layers
        ]
        # Fail-closed mode: every layer the probe found usable must really be applied.
        fail_closed = self.policy.require_tier >= 1 and not self.policy.allow_weak
        calls_time = sum(call.timeout for call in self.launcher_calls)
        cpu = int(self.policy.load_timeout + calls_time + 2)
        limits = Limits(
            **{
                **self.policy.limits.to_json(),
                "cpu_seconds": min(self.policy.limits.cpu_seconds, cpu),
            }
        )
        return {
            "backend": self.backend,
            "submission": str(submission),
            "display_name": self.source.name,
            "layers": child_layers,
            "subreaper": "subreaper" in layers,
            "required_layers": child_layers if fail_closed else [],
            "limits": limits.to_json(),
            "read_paths": list(readable_paths()),
            "write_paths": [str(scratch), "/dev/null"],
            "load_timeout": self.policy.load_timeout,
        }

    def run(self) -> None:
        scratch = self.launch.scratch_directory()
        submission = None
        try:
            submission = _copy_submission(self.source, scratch)
            self._run_in(scratch, submission)
        finally:
            _remove_scratch(scratch, submission)
            if not self.absorbed:
                self.state.absorb(self.attempt)

    def _run_in(self, scratch: Path, submission: Path) -> None:
        encoded = encoded_calls(self.launcher_calls)
        # A warm launcher may already hold these calls, decoded once by its zygote: then only
        # their digest is sent, and the launcher refuses to run if it holds something else.
        preload = getattr(self.launch, "preload_calls", None)
        preloaded = preload(encoded) if preload is not None else None
        launched = self.launch.launch(scratch, self.policy)
        self.control_fd = launched.config_w
        result_r, status_r = launched.result_r, launched.status_r
        os.set_blocking(result_r, False)  # drained without blocking when a worker ends
        config = self._config(scratch, submission)
        config["preloaded_calls"] = preloaded
        payload = encode_frame(config) + (b"" if preloaded else encoded)
        # A batch's configuration usually fits in the pipe's buffer: write it now, and start a
        # writer thread only for what does not fit (the child may be slow to read it).
        remainder = self._write_what_fits(launched.config_w, payload)
        writer = threading.Thread(
            target=self._feed_config, args=(launched.config_w, remainder), daemon=True
        )
        if remainder:
            writer.start()
        self.writer = writer
        if self.state.on_launched is not None:
            self.state.on_launched()
        if launched.finish_launch is not None:
            # Everything the launcher needs is on its way: now wait until it exists.
            try:
                launched.finish_launch()
            except BaseException:
                self._close_control()
                _close_fds(result_r, status_r)
                launched.process.stdout.close()
                launched.process.stderr.close()
                raise
        process = self.launcher = launched.process
        self._new_round(0)
        watched = False
        try:
            self._watch(process, result_r, status_r)
            watched = True
        finally:
            self._close_control()
            self._finish(process, watched=watched)
            _close_fds(result_r, status_r)
            self._join_writer()

    @staticmethod
    def _write_what_fits(fd: int, payload: bytes) -> bytes:
        """Write as much of ``payload`` into the fresh pipe ``fd`` as it takes without
        blocking; the rest."""
        if len(payload) <= select.PIPE_BUF:
            # An empty pipe holds at least a page, and a write of at most PIPE_BUF bytes is
            # all or nothing: it cannot block, no need to switch the pipe to non-blocking
            # and back (two system calls per run: a preloaded run's configuration is ~1 KB).
            try:
                os.write(fd, payload)
            except OSError:
                pass  # the child is gone already; the watcher reports it
            return b""
        os.set_blocking(fd, False)
        try:
            written = os.write(fd, payload)
        except BlockingIOError:
            written = 0
        except OSError:
            written = len(payload)  # the child is gone already; the watcher reports it
        finally:
            os.set_blocking(fd, True)
        return payload[written:]

    def _join_writer(self) -> None:
        if self.writer.ident is not None:  # started: some of the configuration did not fit
            self.writer.join(timeout=1)

    @staticmethod
    def _feed_config(fd: int, payload: bytes) -> None:
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view) :]
        except OSError:
            pass  # the child died before reading its configuration; the watcher reports it

    def _close_control(self) -> None:
        """Closing the control pipe tells the launcher that no further worker is wanted."""
        if self.control_fd is not None:
            self._join_writer()
            try:
                os.close(self.control_fd)
            except OSError:
                pass
            self.control_fd = None

    # -- the select loop --------------------------------------------------------------------

    def _watch(self, process: LauncherProcess, result_r: int, status_r: int) -> None:
        streams = {
            process.stdout.fileno(): "stdout",
            process.stderr.fileno(): "stderr",
            result_r: "result",
            status_r: "status",
        }
        self.result_r = result_r
        self.output_fds = {process.stdout.fileno(): "stdout", process.stderr.fileno(): "stderr"}
        for fd in self.output_fds:
            os.set_blocking(fd, False)  # drained when a worker ends (_drain_output)
        open_fds = set(streams)
        # epoll: no FD_SETSIZE limit in a busy grader. Used directly: the selectors module's
        # wrapper makes a key object per registration and per event, for four descriptors.
        poller = select.epoll(len(open_fds))
        try:
            for fd in open_fds:
                poller.register(fd, select.EPOLLIN)
            self._select_loop(process, poller, streams, open_fds, status_r)
        finally:
            poller.close()
        self._on_results_finished()

    def _select_loop(
        self,
        process: LauncherProcess,
        poller: select.epoll,
        streams: dict[int, str],
        open_fds: set[int],
        status_r: int,
    ) -> None:
        launcher_gone_at: float | None = None
        while open_fds:
            if self.state.cancel is not None and self.state.cancel.is_set():
                raise RunCancelled("the caller cancelled the run")  # _run_in cleans up
            now = time.monotonic()
            if not self.killed:
                self._check_deadlines(now)
            if self.killed and now > self.killed_at + LAUNCHER_EXIT_GRACE:
                break  # the launcher did not report the killed worker; _finish kills it
            if status_r not in open_fds and process.poll() is not None:
                # The launcher is gone; only leftovers holding our pipes could keep them open.
                launcher_gone_at = launcher_gone_at or now
                if now > launcher_gone_at + 0.2:
                    break
            timeout = (
                0.05 if self.killed else max(0.0, min(self.phase_deadline, self.deadline) - now)
            )
            results_arrived = False
            # Any event (data, end of file, error) means: read. The timeout is rounded up to
            # whole milliseconds, as the selectors module does, so no turn busy-waits.
            for fd, _ in poller.poll(min(timeout, 0.25)):
                try:
                    chunk = os.read(fd, 1 << 16)
                except BlockingIOError:
                    continue
                if not chunk:
                    open_fds.discard(fd)
                    poller.unregister(fd)
                    continue
                self._on_data(streams[fd], chunk)
                results_arrived = results_arrived or fd == self.result_r
            if results_arrived and self.attempt.in_flight is not None and not self.killed:
                # More calls' events are on their way: let a few of them gather (never past
                # a deadline, which the next turn of the loop checks first).
                wait = min(RESULT_BATCH_WAIT, min(self.phase_deadline, self.deadline) - now)
                if wait > 0:
                    time.sleep(wait)

    def _check_deadlines(self, now: float) -> None:
        if now < min(self.phase_deadline, self.deadline):
            return
        attempt = self.attempt
        if now >= self.deadline:
            attempt.out_of_time = True
            attempt.failure_status = "timeout"
            attempt.failure = "the total time allowed for this submission ran out"
        elif attempt.in_flight is not None:
            call = attempt.in_flight
            attempt.failure_status = "timeout"
            attempt.failure = f"`{call.entry}` did not finish within {call.timeout:g} s"
        elif attempt.applied_layers is not None and not attempt.loaded:
            attempt.load_error = ExceptionInfo(
                "TimeoutError",
                f"{LOAD_TIMEOUT_MESSAGE} {self.policy.load_timeout:g} s",
            )
        else:
            attempt.failure = f"the sandbox did not start within {self.policy.startup_timeout:g} s"
        self._kill_worker()

    def _on_data(self, stream: str, chunk: bytes) -> None:
        if stream in ("stdout", "stderr"):
            buffer = self.attempt.stdout if stream == "stdout" else self.attempt.stderr
            room = (
                self.policy.output_limit
                - len(self.state.stdout if stream == "stdout" else self.state.stderr)
                - len(buffer)
            )
            buffer += chunk[: max(room, 0)]
            self.attempt.output_dropped += max(len(chunk) - max(room, 0), 0)
            return
        if stream == "status":
            try:
                for frame in self.status.feed_iter(chunk):
                    self._on_status(frame.body)
            except ProtocolError:
                pass  # a garbled status only costs us the diagnostics
            return
        self._on_result_bytes(chunk)

    def _on_result_bytes(self, chunk: bytes) -> None:
        if self.killed:
            return  # whatever arrives after we gave up on this worker is ignored
        try:
            for raw in self.results.feed_raw_iter(chunk):
                self._on_event(
                    decode_event_bytes(raw, max_frame_bytes=self.results.max_frame_bytes)
                )
                if self.killed:
                    return
        except FrameTooLarge as exc:
            self._reject(
                f"the result is {exc.size / 2**20:.1f} MiB once encoded, more than the "
                f"{exc.cap / 2**20:g} MiB a result may take: return a smaller tensor or value"
            )
        except ProtocolError as exc:
            self._reject(f"the sandboxed process sent a malformed result ({exc})")

    def _on_status(self, body: object) -> None:
        if not isinstance(body, dict):
            return
        if body.get("status") == "worker" and type(body.get("pid")) is int and body["pid"] > 1:
            self.attempt.worker_pid = body["pid"]
            if type(body.get("subreaper_error")) is str:
                self.attempt.subreaper_error = body["subreaper_error"]
        elif body.get("status") == "exit":
            self.attempt.worker_exit = {
                key: body.get(key) if type(body.get(key)) is int else None
                for key in ("code", "signal", "reaped")
            }
            self._end_round()

    def _end_round(self) -> None:
        """The worker is gone and reaped: account for it, then resume or stop the launcher."""
        self._drain_results()
        self._drain_output()
        self._on_results_finished()
        self.state.absorb(self.attempt)
        self.absorbed = True
        if not self.state.should_continue() or self.control_fd is None:
            self._close_control()
            return
        # Calls always complete in order, so what is left is a suffix of the launcher's list.
        start = len(self.launcher_calls) - len(self.state.remaining())
        self._join_writer()
        try:
            os.write(self.control_fd, encode_frame({"resume_from": start}))
        except OSError:
            self._close_control()
            return
        self._new_round(start)

    def _drain_results(self) -> None:
        """Read what the dead worker left in the result pipe (nobody else can still write)."""
        while True:
            try:
                chunk = os.read(self.result_r, 1 << 16)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                return
            self._on_result_bytes(chunk)

    def _drain_output(self) -> None:
        """Read what the dead worker printed. It wrote it before it ended, so it is in the
        pipes by now, but one turn of the select loop may handle the launcher's report of
        that end first; output read after the worker's attempt is accounted for would be lost
        (or counted for the next worker)."""
        for fd, stream in self.output_fds.items():
            while True:
                try:
                    chunk = os.read(fd, 1 << 16)
                except OSError:  # BlockingIOError: nothing more for now
                    break
                if not chunk:
                    break  # end of file: the select loop sees it too, and unregisters it
                self._on_data(stream, chunk)

    def _reject(self, reason: str) -> None:
        attempt = self.attempt
        attempt.failure = reason
        attempt.failure_status = "invalid"
        if attempt.applied_layers is not None and not attempt.loaded:
            attempt.load_error = ExceptionInfo("InvalidResult", reason)
        elif attempt.in_flight is None and attempt.last_completed is not None:
            # Garbage between two calls was written by code that ran during the last one
            # (e.g. a forged extra result): that call's outcome cannot be trusted.
            attempt.blamed = attempt.last_completed
            attempt.outcomes.pop(attempt.blamed.call_id, None)
        self._kill_worker()

    def _on_event(self, event: dict) -> None:
        attempt = self.attempt
        kind = event["event"]
        now = time.monotonic()
        if attempt.applied_layers is None:
            if kind != "layers":
                raise ProtocolError(f"expected the layers report first, got {kind!r}")
            attempt.applied_layers = list(event["applied"])
            attempt.failed_layers = dict(event["failed"])
            self.phase_deadline = now + self.policy.load_timeout + self.policy.call_grace
        elif not attempt.loaded:
            if kind != "loaded":
                raise ProtocolError(f"expected the load report, got {kind!r}")
            attempt.loaded = True
            attempt.load_error = event["error"]
            self.phase_deadline = self.deadline
        elif kind == "begin":
            expected = attempt.next_call()
            if (
                attempt.in_flight is not None
                or expected is None
                or (event["call_id"] != expected.call_id)
            ):
                raise ProtocolError(f"unexpected start of call {event['call_id']!r}")
            attempt.in_flight = expected
            attempt.in_flight_since = now
            self.phase_deadline = now + expected.timeout + self.policy.call_grace
        elif kind == "outcome":
            call = attempt.in_flight
            if call is None or event["call_id"] != call.call_id:
                raise ProtocolError(f"unexpected outcome for call {event['call_id']!r}")
            outcome = attempt.outcomes[call.call_id] = _sanitized(event["outcome"])
            attempt.last_completed = call
            attempt.in_flight = None
            self.phase_deadline = self.deadline
            if self.state.on_outcome is not None:
                self.state.on_outcome(call.call_id, outcome)
            if self.state.skips_after(call, outcome):
                # The worker is already running a call that will not count: stop it, and
                # the next round resumes after the skipped calls.
                attempt.skipping = True
                self._kill_worker()
        else:
            raise ProtocolError(f"unexpected event {kind!r}")

    def _on_results_finished(self) -> None:
        if self.results.pending_bytes and not self.killed and self.attempt.failure is None:
            self.attempt.failure = "the sandboxed process sent a truncated result"
            self.attempt.failure_status = "invalid"

    # -- stopping ---------------------------------------------------------------------------

    def _kill_worker(self) -> None:
        """SIGKILL the worker's process group; the launcher then reaps what is left."""
        self.killed_at = time.monotonic()
        self.killed_any = True
        pid = self.attempt.worker_pid
        if pid is None:
            # No worker forked yet (still starting up): nothing can be orphaned, so stopping
            # the launcher's whole group is both safe and enough.
            pid = self.launcher.pid if self.launcher is not None else None
            if pid is None:
                return
        for kill in (os.killpg, os.kill):
            try:
                kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def _finish(self, process: LauncherProcess, *, watched: bool) -> None:
        """Wait for the launcher to be done with this run (killing it if it takes too long).
        A launcher that serves several runs (it has ``retire``) serves no further one unless
        the run ended cleanly: ``watched`` to its end, nothing killed."""
        if self.attempt.worker_exit is None and not self.absorbed:
            # The launcher never saw its worker end (it was killed, or is stuck): make sure
            # the worker's group is gone rather than left running without a supervisor.
            self._kill_worker()
        try:
            process.wait(timeout=LAUNCHER_EXIT_GRACE)
        except subprocess.TimeoutExpired:
            self._kill_worker()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            process.kill()
            process.wait()
        retire = getattr(process, "retire", None)
        if retire is not None and (self.killed_any or not watched):
            retire()
        for stream in (process.stdout, process.stderr):
            stream.close()


def _close_fds(*fds: int) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def _failed_call_outcome(attempt: _Attempt, call: Call | None = None) -> CallOutcome:
    """The outcome of the call during which the child died, hung or sent garbage."""
    call = call or attempt.in_flight
    if attempt.failure is None:
        status = "crashed"
        reason = (
            f"`{call.entry}` ended the sandboxed process before returning "
            f"({_describe_exit(attempt.worker_exit)})"
        )
    else:
        status, reason = attempt.failure_status, attempt.failure
    exception_type = {"timeout": "TimeoutError", "invalid": "InvalidResult"}.get(
        status, "ProcessCrashed"
    )
    duration = time.monotonic() - attempt.in_flight_since if attempt.in_flight else 0.0
    return CallOutcome(
        status=status, exception=ExceptionInfo(exception_type, reason), duration=duration
    )


def _sanitized(outcome: CallOutcome) -> CallOutcome:
    if not outcome.stdout and not outcome.stderr:
        return outcome  # nothing printed: nothing to clean
    return replace(
        outcome, stdout=sanitize_output(outcome.stdout), stderr=sanitize_output(outcome.stderr)
    )


# --------------------------------------------------------------------------------------------
# The public entry point
# --------------------------------------------------------------------------------------------


def check_source(source_path: Path) -> Path:
    source = Path(source_path)
    if not source.exists():
        raise SubmissionFileError(f"{source}: submission file not found")
    if not source.is_file():
        raise SubmissionFileError(f"{source}: expected a Python file, found a directory or device")
    if source.suffix != ".py":
        raise SubmissionFileError(f"{source}: expected a .py file")
    return source


def check_calls(calls: list[Call]) -> None:
    seen = set()
    for index, call in enumerate(calls):
        if not isinstance(call, Call):
            raise TypeError(f"calls[{index}]: expected a Call, got {type(call).__name__}")
        if call.call_id in seen:
            raise ValueError(f"calls[{index}]: duplicate call_id {call.call_id!r}")
        seen.add(call.call_id)


def longest_run(calls: list[Call], policy: SandboxPolicy) -> float:
    """Seconds a started sandbox may spend on ``calls`` at worst: the import's limit, then
    every call running into its own limit (and the grace after it)."""
    return policy.load_timeout + sum(call.timeout + policy.call_grace for call in calls)


def run_submission(
    source_path: Path,
    calls: list[Call],
    *,
    backend: str,
    policy: SandboxPolicy | None = None,
    total_timeout: float | None = None,
    launch: LaunchStrategy | None = None,
    on_outcome: OutcomeCallback | None = None,
    cancel: threading.Event | None = None,
    skip_after_timeout: bool = False,
    on_launched: Callable[[], None] | None = None,
) -> SubmissionOutcome:
    """Run ``calls`` against the submission at ``source_path`` in a sandboxed child.

    ``backend`` is ``torch``, ``engine`` or ``auto``. ``total_timeout`` bounds the whole run
    (default: start-up + load + the calls' own timeouts, with slack). Raises
    :class:`~gradekit.sandbox.policy.SandboxUnavailable` when the policy demands a tier this
    machine cannot give, and :class:`SubmissionFileError` for an unusable path. Everything the
    submission does is reported in the returned outcome, never raised.

    ``launch`` says how launchers start (default :class:`ColdLaunch`, a fresh interpreter;
    :class:`gradekit.sandbox.warm.ZygoteLaunch` forks them from a warm zygote).

    ``on_outcome(call_id, outcome)`` is called, in this thread, for each call's outcome as
    it arrives from the worker, validated and in call order, so a caller can grade while the
    run goes on. The returned outcome is what counts: a call whose reply is later found
    forged (garbage from the same call follows it) is reported as failed there, so a caller
    must check that ``returned.calls[call_id] is outcome`` before relying on what it was
    told (it is the very same object when nothing overruled it). Calls that fail without a
    reply (timeouts, crashes) are not announced. Whatever the callback raises stops the run
    (its processes are cleaned up) and propagates.

    Setting ``cancel`` (from another thread: a Ctrl-C in the caller's) stops the run within a
    quarter of a second, its processes cleaned up, and raises :class:`RunCancelled`.

    With ``skip_after_timeout``, a call that times out ends its entry's run: the calls of the
    same entry right after it are not run, and get a ``skipped`` outcome whose exception
    (``NotRun``) names the call that timed out.

    ``on_launched()`` is called, in this thread, as soon as the launcher has everything it
    needs from this process (its configuration written; from a zygote, the whole handshake
    queued, the zygote ready or not), before the run waits for it; again if a launcher must
    be started anew. A caller whose other threads compete with this one for the GIL can hold
    them back until then.
    """
    started = time.monotonic()
    source = check_source(source_path)
    check_calls(calls)
    policy = policy or probe_policy()
    policy.ensure_allowed()
    backend = resolve_backend(backend)
    if total_timeout is None:
        total_timeout = policy.startup_timeout + longest_run(calls, policy)
    state = RunState(
        list(calls),
        policy,
        started + total_timeout,
        on_outcome,
        cancel,
        skip_after_timeout=skip_after_timeout,
        on_launched=on_launched,
    )
    # Normally one launcher does everything; a new one is started only if a launcher itself
    # died (e.g. killed from outside the sandbox) while calls were left.
    while state.should_continue():
        Supervisor(source, backend, policy, state, launch).run()
    return submission_outcome(state, started)


def submission_outcome(state: RunState, started: float) -> SubmissionOutcome:
    outcomes = dict(state.outcomes)
    # The calls left unrun share one exception (it is frozen): a grader works out an answer's
    # fingerprint and summary once per exception it holds, not once per call.
    if state.load_error is not None:
        status, exception = "missing", state.load_error
    else:
        status = "timeout" if state.failure is None else "crashed"
        why = state.failure or "the total time allowed for this submission ran out first"
        exception = ExceptionInfo("NotRun", why)
    for call in state.calls:
        if call.call_id not in outcomes:
            outcomes[call.call_id] = CallOutcome(status=status, exception=exception)
    stdout = state.stdout
    if state.dropped:
        stdout += f"\n[{state.dropped} more bytes of output were discarded]".encode()
    # Launcher-side layers count only if the worker started under them (it reported layers).
    launcher_layers = [
        name
        for name in ("subreaper", "bubblewrap")
        if name in state.policy.layers and name not in state.failed_layers and state.applied
    ]
    isolation_layers = tuple(dict.fromkeys(["process", *launcher_layers, *state.applied]))
    degraded = {k: v for k, v in state.policy.degraded.items() if k not in isolation_layers}
    degraded.update(state.failed_layers)
    return SubmissionOutcome(
        load_error=state.load_error,
        calls={call.call_id: outcomes[call.call_id] for call in state.calls},
        stdout=sanitize_output(bytes(stdout)),
        stderr=sanitize_output(bytes(state.stderr)),
        isolation=IsolationReport(
            tier=tier_of(isolation_layers), layers=isolation_layers, degraded=degraded
        ),
        duration=time.monotonic() - started,
        failure=state.failure,
    )
