"""A check's main thread waits for the student's run to hand its launcher everything before it
loads the expected answers (the run's thread has the GIL to itself meanwhile), at most
LAUNCH_HEAD_START, and never for a run that failed."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from gradekit.grading.pipeline import _StudentRun
from gradekit.grading.submission import load_submission
from gradekit.sandbox.runner import SubmissionFileError

LIMIT = 60.0  # seconds: far beyond what any of these waits; reaching it means a hang


@pytest.fixture
def source(tmp_path: Path):
    path = tmp_path / "solution.py"
    path.write_text("def double(x):\n    return 2 * x\n")
    return load_submission(path)


class FailingSandbox:
    """A sandbox whose run fails before any launcher exists."""

    backend = "engine"

    def run(self, path, calls, on_outcome, cancel, skip_after_timeout, on_launched=None):
        raise SubmissionFileError(f"{path}: not gradable here")


class HeldSandbox:
    """A sandbox that says its launcher has everything, then runs until released."""

    backend = "engine"

    def __init__(self) -> None:
        self.release = threading.Event()

    def run(self, path, calls, on_outcome, cancel, skip_after_timeout, on_launched=None):
        on_launched()
        assert self.release.wait(LIMIT)
        raise SubmissionFileError("released")


def test_a_run_that_fails_before_launching_still_lets_the_grader_go_on(source) -> None:
    run = _StudentRun(source, [], FailingSandbox())
    assert run.launched.wait(LIMIT)
    with pytest.raises(SubmissionFileError):
        run.result()


def test_launched_is_set_when_the_launcher_has_everything_while_the_run_goes_on(source) -> None:
    sandbox = HeldSandbox()
    run = _StudentRun(source, [], sandbox)
    try:
        assert run.launched.wait(LIMIT)
        assert run.is_alive()  # told before the run ended
    finally:
        sandbox.release.set()
    with pytest.raises(SubmissionFileError, match="released"):
        run.result()
