"""A check's main thread waits for the student's run to hand its launcher everything before it
loads the expected answers (the run's thread has the GIL to itself meanwhile), at most
LAUNCH_HEAD_START, and never for a run that failed."""

from __future__ import annotations

import json
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


def test_a_check_starts_its_other_work_once_the_run_has_launched(tmp_path: Path) -> None:
    """grade_compiled's ``after_launch`` (a check imports its report's modules then) comes
    once, after the run's launcher has everything, and changes nothing in the result."""
    from gradekit.grading.cases import compile_assignment
    from gradekit.grading.early_sandbox import EarlySandbox
    from gradekit.grading.pipeline import grade_compiled
    from gradekit.report.json import render_json
    from gradekit.spec import load_assignment

    root = Path(__file__).resolve().parents[2]
    compiled = compile_assignment(load_assignment(root / "exercises" / "tensor-indexing.yaml"))
    submission = root / "examples" / "student" / "exercise.py"
    launched_when_called: list[bool] = []

    def after_launch() -> None:
        run = next(t for t in threading.enumerate() if t.name == "student-run")
        launched_when_called.append(run.launched.is_set())

    with EarlySandbox("engine") as sandbox:
        told = grade_compiled(
            submission, compiled, backend="engine", sandbox=sandbox, after_launch=after_launch
        )
    with EarlySandbox("engine") as sandbox:
        plain = grade_compiled(submission, compiled, backend="engine", sandbox=sandbox)
    assert launched_when_called == [True]
    assert without_durations(json.loads(render_json(told))) == without_durations(
        json.loads(render_json(plain))
    )


def without_durations(document: object) -> object:
    """The JSON report without its timings (they differ from run to run)."""
    if isinstance(document, dict):
        return {
            key: without_durations(value) for key, value in document.items() if key != "duration"
        }
    if isinstance(document, list):
        return [without_durations(item) for item in document]
    return document
