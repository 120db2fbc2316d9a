"""The platform side of a bundle: find the student's file, grade it, never leave without a result.

Gradescope and PrairieLearn both need a results file on every run; without one the student sees
"the autograder failed" (Gradescope) or a submission stuck in grading (PrairieLearn). So every
problem is turned into :class:`PlatformError`, whose message the platform writers put into a
failing result: a submission with the wrong file name, an invalid bundle, a grader crash.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path

from gradekit.grading.submission import SUBMISSION_SUFFIXES
from gradekit.grading.verdicts import AssignmentResult
from gradekit.integrations.bundle import BundleConfig, BundleError, load_spec


class PlatformError(Exception):
    """The submission could not be graded; the message is shown to student and instructor.

    ``detail`` is for the instructor only: the assignment's own problem (an invalid spec, a
    failing reference solution), which the message shown to the student does not repeat.
    It goes to the runner's stdout, which the platforms show to course staff, not students."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail


def find_submission(folder: Path, student_file: str) -> Path:
    """The student's file in ``folder``: ``student_file`` (at any depth, the shallowest wins),
    else the notebook of the same name, else the only Python file or notebook there is."""
    if not folder.is_dir():
        raise PlatformError(f"the submission folder {folder} does not exist")
    notebook = Path(student_file).with_suffix(".ipynb").name
    for wanted in (student_file, notebook):
        matches = sorted(folder.rglob(wanted), key=lambda path: (len(path.parts), str(path)))
        if matches:
            return matches[0]
    candidates = sorted(
        path for path in folder.rglob("*") if path.suffix in SUBMISSION_SUFFIXES and path.is_file()
    )
    if len(candidates) == 1:
        return candidates[0]
    found = ", ".join(path.relative_to(folder).as_posix() for path in candidates)
    if not candidates:
        found = _other_files(folder)
    raise PlatformError(
        f"expected your file to be called {student_file} (or {notebook}); found: {found}. "
        f"Rename your file to {student_file} and submit again."
    )


def _other_files(folder: Path, shown: int = 10) -> str:
    """What was submitted when it holds no Python file or notebook (a few names, then a count)."""
    files = sorted(
        path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()
    )
    if not files:
        return "no file at all"
    more = f" and {len(files) - shown} more" if len(files) > shown else ""
    return f"{', '.join(files[:shown])}{more} (no .py or .ipynb file)"


def grade_bundle(bundle: Path, submission_folder: Path) -> AssignmentResult:
    """Grade the submission in ``submission_folder`` with the bundle in ``bundle``."""
    from gradekit.grading.cases import UnknownExerciseError
    from gradekit.grading.pipeline import MISCONFIGURED_MESSAGE, grade_submission
    from gradekit.grading.reference import ReferenceSolutionError
    from gradekit.grading.submission import SubmissionError
    from gradekit.sandbox.policy import SandboxUnavailable
    from gradekit.sandbox.runner import SubmissionFileError

    try:
        config = BundleConfig.read(bundle)
        spec = load_spec(bundle / config.assignment)
    except BundleError as error:
        detail = f"the autograder is misconfigured: {error}"
        raise PlatformError(MISCONFIGURED_MESSAGE, detail) from None
    submission = find_submission(submission_folder, config.student_file)
    try:
        return grade_submission(submission, spec, reference_backend=config.reference_backend)
    except (SubmissionError, SubmissionFileError) as error:
        raise PlatformError(f"your file could not be read: {error}") from None
    except (UnknownExerciseError, ReferenceSolutionError, SandboxUnavailable) as error:
        detail = f"the autograder could not grade: {error}"
        raise PlatformError(MISCONFIGURED_MESSAGE, detail) from None
    except Exception as error:  # noqa: BLE001 - the platform must always get a result file
        raise PlatformError(
            f"the autograder crashed (not your fault): {type(error).__name__}: {error}"
        ) from error


def write_platform_results(
    bundle: Path,
    submission_folder: Path,
    results: Path,
    *,
    render: Callable[[AssignmentResult], str],
    failure: Callable[[str], dict],
) -> dict:
    """Grade with :func:`grade_bundle` and always write the platform's ``results`` JSON file:
    the rendered result, or ``failure(reason)`` when grading failed. Returns the document."""
    results.parent.mkdir(parents=True, exist_ok=True)
    try:
        text = render(grade_bundle(bundle, submission_folder))
    except PlatformError as error:
        text = json.dumps(failure(str(error)), indent=2) + "\n"
        if error.detail is not None:
            print(f"gradekit: {error.detail}", flush=True)
    results.write_text(text, encoding="utf-8")
    return json.loads(text)


def root_from_arguments(
    argv: list[str] | None, *, prog: str, description: str, variable: str, default: str
) -> Path:
    """The ``--root`` of a platform runner: the option, else ``$variable``, else ``default``."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(
        "--root",
        type=Path,
        default=Path(os.environ.get(variable, default)),
        help=f"the grading root (default ${variable} or {default})",
    )
    return parser.parse_args(argv).root
