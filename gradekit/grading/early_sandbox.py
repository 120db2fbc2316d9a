"""Start the sandbox before the grader needs it, so its start-up overlaps the grader's own work.

A cold sandbox run (:func:`gradekit.sandbox.runner.run_submission`) first probes which isolation
layers this machine has (a throw-away ``python -I`` process), then starts the launcher
interpreter, which imports numpy and the backend; only then does the submission load. The
grader meanwhile sits idle, having already paid for its own imports, the spec, the cases and the
reference answers one after the other.

:class:`EarlySandbox` starts both processes at once, at the beginning of a check: the layer
probe in a background thread and a warm :class:`~gradekit.sandbox.warm.Zygote` (the same
launcher, forked from a process that has finished its imports). While they start, the grader
loads the spec, builds the cases and reads the reference answers; :meth:`EarlySandbox.run` then
hands the calls to an interpreter that is already warm. Isolation is unchanged: every run still
goes through the sandbox's own policy checks and launcher (see docs/security.md).

The zygote must run under bubblewrap exactly when the policy uses it, which the probe decides;
until the probe answers, bubblewrap is assumed to work when ``bwrap`` is installed, and the
zygote is restarted in the rare case the probe disagrees.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from gradekit.sandbox.policy import SandboxPolicy, probe_layers

if TYPE_CHECKING:
    from gradekit.sandbox.protocol import Call, SubmissionOutcome
    from gradekit.sandbox.warm import Zygote


class EarlySandbox:
    """A sandbox for one backend whose start-up began when this object was created.

    The warm interpreter serves the first :meth:`run` and then shuts down; a later run starts
    the sandbox cold. Use it as a context manager (or call :meth:`close`), which waits until
    every process it started has exited.
    """

    def __init__(self, backend: str, *, policy: SandboxPolicy | None = None) -> None:
        # The probe needs nothing but a process start: launch it before importing the
        # runner (which imports numpy).
        self._probe = threading.Thread(target=probe_layers, name="sandbox-probe", daemon=True)
        self._probe.start()
        from gradekit.sandbox.runner import resolve_backend

        self.backend = resolve_backend(backend)
        self._given_policy = policy
        self._zygote: Zygote | None = None
        self._zygote_error: Exception | None = None
        self._closing: threading.Thread | None = None
        self._start_zygote(bubblewrap=shutil.which("bwrap") is not None)

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
        self._probe.join()
        return self._given_policy or SandboxPolicy()

    def run(self, source_path: Path, calls: list[Call]) -> SubmissionOutcome:
        """Run ``calls`` against the submission, like ``run_submission(..., backend=...)``.

        Raises what the runner raises (``SandboxUnavailable``, ``SubmissionFileError``).
        """
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
                return run_submission_warm(source_path, calls, zygote=self._zygote, policy=policy)
            except WarmWorkerError as error:
                self._zygote_error = error  # the zygote died or never started: go cold
            finally:
                self._retire_zygote()
        return run_submission(source_path, calls, backend=self.backend, policy=policy)

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
