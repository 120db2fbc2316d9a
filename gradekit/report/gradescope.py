"""``gradekit check --format gradescope``: ``/autograder/results/results.json`` for Gradescope.

Format: Gradescope's autograder specification (gradescope/autograder_samples ``docs/specs.md``).
Each graded test carries ``score``, ``max_score``, ``status`` (``passed``/``failed``), ``name``,
``number``, ``output`` and ``visibility``. The hidden-cases part of an exercise is
``after_published``: students see it once the instructor publishes grades. All text goes out as
``text`` format, which Gradescope shows verbatim, so nothing the submission printed is rendered
as HTML or markdown.
"""

from __future__ import annotations

import json
from typing import Any

from gradekit.grading.verdicts import AssignmentResult
from gradekit.report._common import (
    GradedTest,
    graded_tests,
    number,
    overall_problem,
    student_output,
)
from gradekit.sandbox.sanitize import escape_controls_in_json

HIDDEN_VISIBILITY = "after_published"


def render_gradescope(result: AssignmentResult) -> str:
    """The ``results.json`` text."""
    document = json.dumps(gradescope_results(result), indent=2, ensure_ascii=False)
    return escape_controls_in_json(document) + "\n"


def gradescope_results(result: AssignmentResult) -> dict[str, Any]:
    """The ``results.json`` document as plain data."""
    tests = graded_tests(result)
    return {
        # Explicit, so Gradescope never has to infer it: the sum of the test scores.
        "score": round(sum(test.score for test in tests), 4),
        "execution_time": round(result.duration, 3),
        "output": _overall_output(result),
        "output_format": "text",
        "test_output_format": "text",
        "test_name_format": "text",
        "visibility": "visible",
        # The raw stdout of run_autograder is for instructors; students see what is in here.
        "stdout_visibility": "hidden",
        "tests": [_test(test) for test in tests],
    }


def failure_results(reason: str) -> dict:
    """``results.json`` for a run that could not grade: 0 points, one failed test saying why."""
    return {
        "score": 0.0,
        "output": reason,
        "output_format": "text",
        "tests": [
            {
                "name": "Grading",
                "score": 0.0,
                "max_score": 0.0,
                "status": "failed",
                "output": reason,
                "output_format": "text",
                "visibility": "visible",
            }
        ],
    }


def _test(test: GradedTest) -> dict[str, Any]:
    return {
        "score": test.score,
        "max_score": test.max_score,
        "status": "passed" if test.passed else "failed",
        "name": test.name,
        "number": test.number,
        "output": test.message or "passed",
        "visibility": HIDDEN_VISIBILITY if test.hidden else "visible",
    }


def _overall_output(result: AssignmentResult) -> str:
    lines = [f"{result.assignment_title}: {number(result.score)}/{number(result.max_score)} points"]
    if (problem := overall_problem(result)) is not None:
        lines.append(problem)
    printed = student_output(result)
    if printed:
        lines += ["", "What your code printed:", printed]
    return "\n".join(lines)
