"""What every CI writer shares: the graded *tests* of an ``AssignmentResult``.

The platforms (GitHub Classroom, Gradescope, PrairieLearn, JUnit views) all think in a flat list
of named tests with a score each. gradekit thinks in exercises made of weighted cases, some of
them hidden. :func:`graded_tests` is the one translation between the two:

* an exercise becomes one test;
* an exercise with both visible and hidden cases becomes two tests, ``<title>`` and
  ``<title> (hidden cases)``, so a platform can show the visible part now and the hidden part
  later. Their points split the exercise's points by case weight, and the two scores always add
  up to exactly the exercise's points (a broken static rule or a load error zeroes both).

Every message here is safe to show the student: hidden cases contribute only their id and which
check failed, never inputs or expected values. Scores come from the verdicts, never from an exit
code: a case whose reply from the sandbox was missing or unreadable counts as failed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult, Status
from gradekit.report.json import case_status

MAX_MESSAGE_CHARS = 4000  # per test; platforms truncate or reject huge fields
MAX_OUTPUT_CHARS = 10_000  # the student's captured stdout/stderr, per report
HIDDEN_SUFFIX = " (hidden cases)"
_TRACEBACK_LINE = re.compile(r"\bline (\d+)")


@dataclass(frozen=True)
class GradedTest:
    """One test as the CI platforms see it."""

    number: str  # "1", "2.1" (visible part) / "2.2" (hidden part)
    exercise_id: str
    name: str
    status: Status  # pass | fail | error
    score: float
    max_score: float
    message: str  # feedback for the student; empty when the test passed
    hidden: bool  # True for the hidden-cases part of an exercise
    duration: float  # seconds
    line: int | None  # a line of the student's file to point at, when one is known

    @property
    def passed(self) -> bool:
        return self.status == "pass"


def graded_tests(result: AssignmentResult) -> list[GradedTest]:
    """The tests of ``result``, in exercise order (see the module docstring for the mapping)."""
    tests: list[GradedTest] = []
    for index, exercise in enumerate(result.exercises, start=1):
        visible = [case for case in exercise.cases if not case.hidden]
        hidden = [case for case in exercise.cases if case.hidden]
        if not visible or not hidden:
            tests.append(_whole_exercise_test(str(index), exercise))
            continue
        visible_max, hidden_max = _split(exercise.max_points, visible, hidden)
        visible_score = _part_score(exercise, visible)
        hidden_score = round(max(exercise.points - visible_score, 0.0), 4)
        tests.append(
            _part_test(f"{index}.1", exercise, visible, visible_score, visible_max, hidden=False)
        )
        tests.append(
            _part_test(f"{index}.2", exercise, hidden, hidden_score, hidden_max, hidden=True)
        )
    return tests


def overall_status(result: AssignmentResult) -> Status:
    """``error`` when the submission could not be graded at all, ``pass`` when every exercise
    passes, ``fail`` otherwise."""
    if result.load_error is not None or result.grading_error is not None or not result.exercises:
        return "error"
    return "pass" if result.all_passed else "fail"


def load_error_summary(result: AssignmentResult) -> str | None:
    """``Your file could not be loaded: ...``, with what to do about it when gradekit knows
    (the text report's "What to do"); None when the file loaded."""
    if not result.load_error:
        return None
    summary = f"Your file could not be loaded: {result.load_error}"
    if result.load_error_advice:
        summary += f". What to do: {result.load_error_advice}"
    return summary


def overall_problem(result: AssignmentResult) -> str | None:
    """What kept the submission from being graded, for the student: the assignment's own
    problem (:attr:`~AssignmentResult.grading_error`), else :func:`load_error_summary`."""
    return result.grading_error or load_error_summary(result)


def student_output(result: AssignmentResult) -> str:
    """What the submission printed (stdout, then stderr), clipped; empty when it printed nothing."""
    parts = []
    if result.stdout.strip():
        parts.append(result.stdout)
    if result.stderr.strip():
        parts.append(f"--- stderr ---\n{result.stderr}")
    return clip("\n".join(parts), MAX_OUTPUT_CHARS)


def number(value: float) -> int | float:
    """Whole numbers as ints (``3`` rather than ``3.0``, as JavaScript prints them)."""
    rounded = round(float(value), 4)
    return int(rounded) if rounded.is_integer() else rounded


def fit_messages(
    tests: list[dict[str, Any]], key: str, size: Callable[[], int], limit: int, note: str
) -> None:
    """Cut ``test[key]`` of every test, all to one length: the longest for which ``size()`` (of
    the document holding ``tests``) is at most ``limit``, each cut message ending in ``note``.
    Nothing is cut when the document fits already; other fields are never touched."""
    messages = [test[key] for test in tests]

    def cut_to(length: int) -> None:
        for test, message in zip(tests, messages, strict=True):
            test[key] = message if len(message) <= length else message[:length] + note

    if size() <= limit:
        return
    shortest, longest = 0, max(map(len, messages), default=0)
    while shortest < longest:  # the largest length that fits
        middle = (shortest + longest + 1) // 2
        cut_to(middle)
        if size() <= limit:
            shortest = middle
        else:
            longest = middle - 1
    cut_to(shortest)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, saying how much was cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n… ({len(text) - limit} more characters cut)"


# ---------------------------------------------------------------------------------------------
# one test per exercise, or per visible/hidden part


def _whole_exercise_test(number: str, exercise: ExerciseResult) -> GradedTest:
    hidden = bool(exercise.cases) and all(case.hidden for case in exercise.cases)
    return GradedTest(
        number=number,
        exercise_id=exercise.id,
        name=exercise.title + (HIDDEN_SUFFIX if hidden else ""),
        status=exercise.status,
        score=exercise.points,
        max_score=exercise.max_points,
        message=_message(exercise, exercise.cases, exercise.status, with_exercise_notes=True),
        hidden=hidden,
        duration=exercise.duration,
        line=_line_of(exercise),
    )


def _part_test(
    number: str,
    exercise: ExerciseResult,
    cases: list[CaseResult],
    score: float,
    max_score: float,
    *,
    hidden: bool,
) -> GradedTest:
    status = _part_status(exercise, cases)
    return GradedTest(
        number=number,
        exercise_id=exercise.id,
        name=exercise.title + (HIDDEN_SUFFIX if hidden else ""),
        status=status,
        score=score,
        max_score=max_score,
        # Exercise-wide notes (rule violations, mistake, hint) go with the visible part only.
        message=_message(exercise, cases, status, with_exercise_notes=not hidden),
        hidden=hidden,
        duration=sum(case.duration for case in cases),
        line=_line_of(exercise),
    )


def _split(
    max_points: float, visible: list[CaseResult], hidden: list[CaseResult]
) -> tuple[float, float]:
    """The exercise's points shared between its visible and hidden cases by weight."""
    total = sum(case.weight for case in visible) + sum(case.weight for case in hidden)
    if total <= 0:
        return max_points, 0.0
    visible_max = round(max_points * sum(case.weight for case in visible) / total, 4)
    return visible_max, round(max_points - visible_max, 4)


def _part_score(exercise: ExerciseResult, cases: list[CaseResult]) -> float:
    """Points earned by these cases, under the exercise's scoring rule (verdicts.py)."""
    if exercise.points == 0:
        return 0.0
    total = sum(case.weight for case in exercise.cases)
    passed = sum(case.weight for case in cases if case.passed)
    return round(exercise.max_points * passed / total, 4)


def _part_status(exercise: ExerciseResult, cases: list[CaseResult]) -> Status:
    """The exercise status rule of verdicts.py, applied to a subset of its cases."""
    # An exercise-wide error or broken rule zeroes every part, so no part may read "pass".
    if exercise.error is not None or any(case.errored for case in cases):
        return "error"
    if exercise.violations or not all(case.passed for case in cases):
        return "fail"
    return "pass"


# ---------------------------------------------------------------------------------------------
# feedback text


def _message(
    exercise: ExerciseResult, cases: list[CaseResult], status: Status, *, with_exercise_notes: bool
) -> str:
    if status == "pass":
        return ""
    lines: list[str] = []
    if exercise.error is not None and with_exercise_notes:
        lines.append(exercise.error)
    if with_exercise_notes:
        lines.extend(f"rule broken: {violation.message}" for violation in exercise.violations)
    elif exercise.error is not None or exercise.violations:
        lines.append("no points: see the problem reported for the visible cases of this exercise")
    if not all(case.call_status == "missing" for case in cases):  # else: nothing ran
        passed = sum(1 for case in cases if case.passed)
        kind = "hidden cases" if cases and all(case.hidden for case in cases) else "cases"
        lines.append(f"{passed} of {len(cases)} {kind} pass")
        lines.extend(_case_line(case) for case in cases if not case.passed)
    if with_exercise_notes and exercise.mistake:
        lines.append(f"known mistake: {exercise.mistake}")
    if with_exercise_notes:
        lines.extend(hint_lines(exercise.hints))
    return clip("\n".join(lines), MAX_MESSAGE_CHARS)


def hint_lines(hints: list[str]) -> list[str]:
    """``hint: ...`` for one hint; ``hint 1: ...``, ``hint 2: ...`` in order for several."""
    if len(hints) == 1:
        return [f"hint: {hints[0]}"]
    return [f"hint {number}: {hint}" for number, hint in enumerate(hints, start=1)]


def _case_line(case: CaseResult) -> str:
    status = case_status(case)
    if case.hidden:
        # Only which check failed: inputs and expected values of hidden cases stay secret. A
        # call that never returned (timeout, crash, unreadable reply) differs only in its
        # status; what happened to it is no secret, and says more than "status differs".
        checks = sorted({difference.check for difference in case.differences})
        if checks and case.call_status in ("ok", "raised"):
            what = f"{', '.join(checks)} differs"
        else:
            what = _call_problem(case)
        return f"- hidden case {case.case_id}: {what}"
    details = "; ".join(difference.message for difference in case.differences)
    return f"- {case.label} ({status}): {details or _call_problem(case)}"


def _call_problem(case: CaseResult) -> str:
    return {
        "timeout": "timed out",
        "crashed": "the process running your code crashed",
        "missing": "not run",
        "invalid": "your code's reply could not be read",
        "skipped": "not run (an earlier case timed out)",
        "raised": "raised an exception",
    }.get(case.call_status, "failed")


def _line_of(exercise: ExerciseResult) -> int | None:
    """A line of the student's file for annotations: a rule violation, else the traceback's
    innermost line."""
    for violation in exercise.violations:
        if violation.line:
            return violation.line
    if exercise.traceback:
        found = _TRACEBACK_LINE.findall(exercise.traceback)
        if found:
            return int(found[-1])
    return None
