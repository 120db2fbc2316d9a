"""Start the sandbox before the grader needs it, so its start-up overlaps the grader's own work.

A cold sandbox run (:func:`gradekit.sandbox.runner.run_submission`) starts the launcher
interpreter, which imports numpy and the backend; only then does the submission load. The
grader meanwhile sits idle, having already paid for its own imports, the spec, the cases and the
reference answers one after the other.

:class:`EarlySandbox` starts a warm :class:`~gradekit.sandbox.warm.Zygote` (the same launcher,
forked from a process that has finished its imports) as soon as it is created. While the zygote
imports, the grader loads the spec, builds the cases and reads the reference answers;
:meth:`EarlySandbox.run` then hands the calls to an interpreter that is already warm. Isolation
is unchanged: every run still goes through the sandbox's own policy checks and launcher (see
docs/security.md).

A `gradekit check` creates its EarlySandbox first thing: :func:`start_for_backend` runs from
the program's entry point (:func:`gradekit.check_command.start_sandbox_early`), before typer,
pydantic and numpy are imported (this module and the zygote's start import none of them); the
check command then takes it over with :func:`started_sandbox`.

The zygote must run under bubblewrap exactly when the policy uses it, which the layer probe
decides. Its answer normally comes from the probe cache (:mod:`gradekit.sandbox.probe_cache`);
without one the probe runs in a background thread, bubblewrap is assumed to work when ``bwrap``
is installed, and the zygote is restarted in the rare case the probe disagrees.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from gradekit.grading.batch_shape import worker_count
from gradekit.sandbox import probe_cache
from gradekit.sandbox.environment import resolve_backend
from gradekit.spec.cache import cache_directory

if TYPE_CHECKING:
    import subprocess
    from collections.abc import Callable

    from gradekit.sandbox.policy import SandboxPolicy
    from gradekit.sandbox.protocol import Call, CallOutcome, SubmissionOutcome
    from gradekit.sandbox.warm import Zygote


class EarlySandbox:
    """A sandbox for one backend whose start-up began when this object was created.

    The warm interpreter serves the first :meth:`run` and then shuts down; a later run starts
    the sandbox cold. Use it as a context manager (or call :meth:`close`), which waits until
    every process it started has exited. ``refresh_probe`` ignores the probe cache and probes
    this machine's layers afresh.
    """

    def __init__(
        self, backend: str, *, policy: SandboxPolicy | None = None, refresh_probe: bool = False
    ) -> None:
        self.backend = resolve_backend(backend)
        self._given_policy = policy
        self._cache_dir = cache_directory()
        self._zygote: Zygote | None = None
        self._zygote_error: Exception | None = None
        self._closing: threading.Thread | None = None
        self._probe: threading.Thread | None = None
        bubblewrap = None if refresh_probe else self._known_bubblewrap()
        if bubblewrap is not None:
            self._start_zygote(bubblewrap=bubblewrap)
            return
        from gradekit.sandbox.policy import probe_layers

        # Only a probe can tell: it runs alongside the zygote's start, which guesses.
        self._probe = threading.Thread(
            target=probe_layers,
            args=(self._cache_dir,),
            kwargs={"refresh": refresh_probe},
            name="sandbox-probe",
            daemon=True,
        )
        self._probe.start()
        self._start_zygote(bubblewrap=shutil.which("bwrap") is not None)

    def _known_bubblewrap(self) -> bool | None:
        """Whether the policy runs the zygote under bubblewrap, when that is known without
        probing (None: only a probe can tell)."""
        if self._given_policy is None:
            # The default policy disables no layer, so the cached probe report alone decides.
            return cached_bubblewrap(self._cache_dir)
        from gradekit.sandbox.policy import known_probe

        if known_probe(self._cache_dir) is None:
            return None
        return "bubblewrap" in self.policy().layers

    def _start_zygote(self, *, bubblewrap: bool) -> None:
        from gradekit.sandbox.warm import WarmWorkerError, Zygote

        try:
            self._zygote = Zygote(self.backend, bubblewrap=bubblewrap, wait=False)
        except (OSError, WarmWorkerError) as error:
            # Not fatal: run() falls back to the runner's cold start, which reports any
            # real problem with the sandbox itself.
            self._zygote, self._zygote_error = None, error

    def policy(self) -> SandboxPolicy:
        """The sandbox policy, once the layer probe has answered (waits for it)."""
        if self._probe is not None:
            self._probe.join()
        from gradekit.sandbox.policy import SandboxPolicy, known_probe

        # This process's answer, from the cache the zygote's start read (else SandboxPolicy
        # would run the probe itself).
        known_probe(self._cache_dir)
        return self._given_policy or SandboxPolicy()

    def run(
        self,
        source_path: Path,
        calls: list[Call],
        on_outcome: Callable[[str, CallOutcome], None] | None = None,
        cancel: threading.Event | None = None,
        skip_after_timeout: bool = False,
        on_launched: Callable[[], None] | None = None,
    ) -> SubmissionOutcome:
        """Run ``calls`` against the submission, like ``run_submission(..., backend=...)``.

        ``on_outcome`` is told of each call's outcome as it arrives (see
        :func:`~gradekit.sandbox.runner.run_submission`; after a warm start fails, the cold
        run tells it again); setting ``cancel`` stops the run; ``skip_after_timeout`` and
        ``on_launched`` are the runner's. Raises what the runner raises
        (``SandboxUnavailable``, ``SubmissionFileError``, ``RunCancelled``).
        """
        from gradekit.sandbox.policy import probe_layers
        from gradekit.sandbox.runner import run_submission
        from gradekit.sandbox.warm import WarmWorkerError, run_submission_warm

        policy = self.policy()
        policy.ensure_allowed()  # fail closed before anything else runs
        wants_bubblewrap = "bubblewrap" in policy.layers
        if self._zygote is not None and self._zygote.bubblewrap != wants_bubblewrap:
            self._zygote.close()
            self._start_zygote(bubblewrap=wants_bubblewrap)
        if self._zygote is not None:
            try:
                outcome = run_submission_warm(
                    source_path,
                    calls,
                    zygote=self._zygote,
                    policy=policy,
                    on_outcome=on_outcome,
                    cancel=cancel,
                    skip_after_timeout=skip_after_timeout,
                    on_launched=on_launched,
                )
                self._forget_stale_probe(policy, outcome)
                return outcome
            except WarmWorkerError as error:
                self._zygote_error = error  # the zygote died or never started: go cold
            finally:
                self._retire_zygote()
            if policy.probe.from_cache:
                # A cached answer can be stale (bubblewrap no longer starts, say): the cold
                # run goes by what this machine answers now.
                probe_layers(self._cache_dir, refresh=True)
                policy = self.policy()
                policy.ensure_allowed()
        outcome = run_submission(
            source_path,
            calls,
            backend=self.backend,
            policy=policy,
            on_outcome=on_outcome,
            cancel=cancel,
            skip_after_timeout=skip_after_timeout,
            on_launched=on_launched,
        )
        self._forget_stale_probe(policy, outcome)
        return outcome

    def _forget_stale_probe(self, policy: SandboxPolicy, outcome: SubmissionOutcome) -> None:
        """A layer the cached probe promised failed in the worker: this result reports it as
        degraded (the worker says what it applied), and the next check probes afresh."""
        from gradekit.sandbox.policy import forget_contradicted_probe

        forget_contradicted_probe(policy, outcome.isolation.degraded, self._cache_dir)

    def _retire_zygote(self) -> None:
        """Shut the zygote down in the background: its exit (tens of milliseconds) overlaps
        the grader's verdicts and report; :meth:`close` waits for it. Later runs start cold."""
        zygote, self._zygote = self._zygote, None
        if zygote is not None:
            self._closing = threading.Thread(target=zygote.close, name="zygote-close")
            self._closing.start()

    @property
    def warm_start_error(self) -> Exception | None:
        """Why the last run could not use the warm interpreter (None when it could)."""
        return self._zygote_error

    def preload(self, calls: list[Call]) -> bool:
        """Have the warm interpreter decode ``calls`` now, if it has started, and warm up with
        them (:meth:`~gradekit.sandbox.warm.Zygote.warm_up`: it runs them once against a
        stand-in submission of its own, never student code): a check server prepares its
        spare sandbox so for the next check of an assignment. A run of the same calls then
        sends only their digest and starts with the executor's work done (with torch, its
        lazy set-up on the first failing ``backward()``, about 0.6 s, too). False while it is
        still starting; True once done, or when there is nothing to do it for (no warm
        interpreter, or a failed one)."""
        from gradekit.sandbox.runner import encoded_calls
        from gradekit.sandbox.warm import WarmWorkerError

        if self._zygote is None:
            return True
        try:
            if not self._zygote.poll_ready():
                return False
            self._zygote.warm_up(encoded_calls(calls))
        except WarmWorkerError:
            pass  # the run will find out, and start cold
        return True

    @property
    def warm(self) -> bool:
        """Whether its warm interpreter is still there to serve the first :meth:`run`."""
        return self._zygote is not None and self._zygote.alive

    def release(self) -> subprocess.Popen | None:
        """Forget this sandbox here without stopping it: a process forked from this one has
        taken it over (a check served by :mod:`gradekit.check_server`). Returns the zygote's
        process, still this process's child, to reap once it has exited (None: no zygote)."""
        zygote, self._zygote = self._zygote, None
        return None if zygote is None else zygote.release()

    def close(self) -> None:
        """Stop the warm interpreter and wait until it has exited and its files are gone."""
        if self._zygote is not None:
            # Never used (e.g. the spec was invalid): it has run no student code and may still
            # be importing, so kill it rather than wait for it to notice it is not needed.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._zygote.process.pid, signal.SIGKILL)
            self._zygote.close()
            self._zygote = None
        if self._closing is not None:
            self._closing.join()
            self._closing = None

    def __enter__(self) -> EarlySandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def cached_bubblewrap(cache_dir: Path | None, disabled_layers: tuple[str, ...] = ()) -> bool | None:
    """Whether a policy disabling ``disabled_layers`` runs its zygotes under bubblewrap, as
    the probe cache tells (None: no cached answer, only a probe can tell). Read without the
    policy module, which imports dataclasses (and inspect): about 10 ms that would delay the
    zygotes' start."""
    if cache_dir is None or "bubblewrap" in disabled_layers:
        return None if cache_dir is None else False
    report = probe_cache.read_cached_report(
        cache_dir, probe_cache.machine_key(), probe_cache.PROBED_LAYERS
    )
    return None if report is None else "bubblewrap" in report["available"]


# ---------------------------------------------------------------------------------------------
# A batch's zygotes, started before the grading parent's imports and preparation


class BatchZygotes:
    """Zygotes for the grading workers of a `gradekit grade`, started first thing.

    A batch parent imports the grader, loads the plans and reference answers, then forks its
    workers, and only then did each worker start its zygote (numpy and the backend imported,
    0.1-0.2 s of CPU): two waits one after the other. These zygotes start before the parent's
    imports, so their start-up runs alongside the parent's; the pool hands one to each worker
    it forks (:meth:`take`). A zygote is started only when what it must be is known without
    the grader's imports: the backend (``--backend``, else the spec's header) and whether the
    policy uses bubblewrap (the probe cache; without an entry none is started, the workers
    start their own as before). A zygote runs no student code and holds no secret: one nobody
    takes (the folder holds fewer submissions to grade, the batch is refused, a worker is
    spawned rather than forked) is simply killed. Use as a context manager: :meth:`close`
    kills the zygotes not taken.
    """

    def __init__(self, backend: str, *, bubblewrap: bool, count: int) -> None:
        from gradekit.sandbox.warm import Zygote

        self.backend = resolve_backend(backend)
        self.bubblewrap = bubblewrap
        self._zygotes: list[Zygote] = []
        try:
            for _ in range(count):
                self._zygotes.append(Zygote(self.backend, bubblewrap=bubblewrap, wait=False))
        except BaseException:
            self.close()
            raise

    @classmethod
    def start(
        cls,
        submissions: Path,
        spec_path: Path,
        *,
        backend: str | None,
        jobs: int,
        disabled_layers: tuple[str, ...] = (),
    ) -> BatchZygotes | None:
        """One zygote per worker the batch of ``submissions`` will have (``jobs``, 0 for one per
        usable core: :func:`~gradekit.grading.batch_shape.worker_count`; at most one per entry
        of the folder), when the backend and the bubblewrap
        layer are known without the grader's imports; None otherwise, or when starting fails
        (the workers then start their own, and report real problems)."""
        from gradekit.spec.discovery import assignment_header

        bubblewrap = cached_bubblewrap(cache_directory(), disabled_layers)
        backend = backend or assignment_header(spec_path).get("backend")
        if bubblewrap is None or backend is None:
            return None
        count = min(worker_count(jobs), _possible_entries(submissions))
        if count < 1:
            return None
        try:
            return cls(backend, bubblewrap=bubblewrap, count=count)
        except (OSError, ValueError):
            return None

    def queue_warm_up(self, encoded_calls: bytes) -> None:
        """Have every zygote warm up with the batch's calls (:meth:`~gradekit.sandbox.warm.
        Zygote.warm_up`) as soon as it is ready, while the grader prepares the rest; the
        worker that takes one over collects the answer."""
        from gradekit.sandbox.warm import WarmWorkerError

        for zygote in self._zygotes:
            with contextlib.suppress(WarmWorkerError):  # dead already: its worker finds out
                zygote.queue_warm_up(encoded_calls)

    def take(self, backend: str, *, bubblewrap: bool) -> Zygote | None:
        """A zygote for one worker, now the caller's; None when none is left or they are not
        for ``backend`` under ``bubblewrap`` (a policy the probe cache did not foresee)."""
        if self.backend != resolve_backend(backend) or self.bubblewrap != bubblewrap:
            return None
        return self._zygotes.pop() if self._zygotes else None

    def close(self) -> None:
        """Kill the zygotes not taken: they may still be importing, and ran no student code."""
        zygotes, self._zygotes = self._zygotes, []
        for zygote in zygotes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(zygote.process.pid, signal.SIGKILL)
        for zygote in zygotes:
            zygote.close()

    def __enter__(self) -> BatchZygotes:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


# gradekit.grading.submission.SUBMISSION_SUFFIXES (a test keeps them equal), not imported:
# that module imports dataclasses, which would delay the zygotes' start.
_SUBMISSION_SUFFIXES = (".py", ".ipynb")


def _possible_entries(folder: Path) -> int:
    """How many entries of ``folder`` may be a student's submission (an upper bound of what
    the batch grades: gradekit.grading.batch's discovery decides)."""
    count = 0
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith((".", "_")):
                    continue
                if entry.is_dir() or entry.name.endswith(_SUBMISSION_SUFFIXES):
                    count += 1
    except OSError:
        return 0
    return count


# ---------------------------------------------------------------------------------------------
# Started at program start, taken over by the check command


_started: EarlySandbox | None = None  # started by start_for_backend, not yet taken
_started_lock = threading.Lock()


def start_for_backend(backend: str, *, refresh_probe: bool = False) -> None:
    """Start a sandbox for ``backend`` now, for the check command to take over with
    :func:`started_sandbox`; one nobody takes (a usage error, an exception) is stopped when
    the program exits. Does nothing when one is started already, or when starting fails (the
    check command then starts its own, and reports real problems)."""
    global _started
    with _started_lock:
        if _started is not None:
            return
        try:
            _started = EarlySandbox(backend, refresh_probe=refresh_probe)
        except (OSError, ValueError):
            return
    atexit.register(close_untaken_sandbox)


def started_sandbox(backend: str, *, refresh_probe: bool = False) -> EarlySandbox:
    """The sandbox :func:`start_for_backend` started for ``backend``, else a new one. The
    caller owns it (and closes it)."""
    global _started
    with _started_lock:
        sandbox, _started = _started, None
    if sandbox is not None and sandbox.backend == resolve_backend(backend):
        return sandbox
    if sandbox is not None:
        sandbox.close()
    return EarlySandbox(backend, refresh_probe=refresh_probe)


def adopt_started(sandbox: EarlySandbox) -> None:
    """Make ``sandbox`` the one :func:`started_sandbox` hands over next, as if
    :func:`start_for_backend` had started it (a check served by :mod:`gradekit.check_server`
    takes over the server's spare sandbox this way)."""
    global _started
    with _started_lock:
        if _started is not None:
            raise RuntimeError("a sandbox is already started and not taken")
        _started = sandbox
    atexit.register(close_untaken_sandbox)


def close_untaken_sandbox() -> None:
    """Stop the sandbox :func:`start_for_backend` started if nobody took it (registered to
    run at exit)."""
    global _started
    with _started_lock:
        sandbox, _started = _started, None
    if sandbox is not None:
        sandbox.close()
