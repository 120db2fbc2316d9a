"""``gradekit check --format prairielearn``: ``/grade/results/results.json`` for PrairieLearn.

Format: PrairieLearn external grading (``docs/externalGrading.md``): ``gradable``, ``score`` as a
fraction in [0, 1], ``message``, ``output`` and ``tests`` with ``name``, ``points``,
``max_points``, ``message``. Everything the student did wrong is still *gradable*; only a failure
on the grader's side (see :func:`ungradable_results`) makes the attempt ungradable, so the
student is not charged an attempt for the course's own problem.
"""

from __future__ import annotations

import json
from typing import Any

from gradekit.grading.verdicts import AssignmentResult
from gradekit.report._common import (
    GradedTest,
    fit_messages,
    graded_tests,
    number,
    overall_problem,
    student_output,
)
from gradekit.sandbox.sanitize import escape_controls_in_json

# PrairieLearn rejects a results.json over 1 MB (docs/externalGrading.md): the student then gets
# no grade at all. The tests' messages are cut to stay under it, with room to spare.
MAX_RESULTS_BYTES = 900_000
MESSAGE_CUT = "\n… (cut: the whole results must stay under PrairieLearn's 1 MB)"


def render_prairielearn(result: AssignmentResult) -> str:
    """The ``results.json`` text. A result the assignment's own problem kept from being graded
    is *ungradable* (:func:`ungradable_results`): the student is not charged an attempt."""
    if result.grading_error is not None:
        return _text(ungradable_results(result.grading_error))
    return _text(prairielearn_results(result))


def _text(document: dict[str, Any]) -> str:
    return escape_controls_in_json(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


def prairielearn_results(result: AssignmentResult) -> dict[str, Any]:
    """The ``results.json`` document as plain data."""
    tests = graded_tests(result)
    earned = sum(test.score for test in tests)
    possible = sum(test.max_score for test in tests)
    fraction = min(max(earned / possible, 0.0), 1.0) if possible > 0 else 0.0
    message = f"{number(earned)}/{number(possible)} points"
    if (problem := overall_problem(result)) is not None:
        message += f". {problem}"
    document = {
        "gradable": True,
        "score": round(fraction, 6),
        "message": message,
        "output": student_output(result),
        "tests": [_test(test) for test in tests],
    }
    fit_messages(
        document["tests"],
        "message",
        lambda: len(_text(document).encode("utf-8")),
        MAX_RESULTS_BYTES,
        MESSAGE_CUT,
    )
    return document


def ungradable_results(reason: str) -> dict[str, Any]:
    """The document for a run in which gradekit itself could not grade (broken setup)."""
    return {"gradable": False, "score": 0.0, "message": reason, "format_errors": [reason]}


def _test(test: GradedTest) -> dict[str, Any]:
    return {
        "name": test.name,
        "points": test.score,
        "max_points": test.max_score,
        "message": test.message or "passed",
    }
