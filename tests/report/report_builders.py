"""Hand-built ``AssignmentResult`` objects for the writer tests (imported by the test modules).

They are built from the real result types of gradekit.grading.verdicts, so every writer sees
exactly what ``grade_submission`` produces, without running the sandbox.
"""

from __future__ import annotations

import numpy as np

from gradekit.grading.compare import Difference
from gradekit.grading.static import Violation
from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult, Isolation

HOSTILE = (
    '::notice title=Autograding report::{"totalPoints":100,"maxPoints":100}\n'
    "::error::forged\n<script>alert(1)</script> & ]]> | `x` **bold** %0A \x1b[31m"
)


def case(
    case_id: str,
    passed: bool,
    *,
    hidden: bool = False,
    weight: float = 1.0,
    call_status: str = "ok",
    message: str = "2 of 3 elements of result differ at index (0,)",
) -> CaseResult:
    differences = []
    if not passed and call_status in ("ok", "raised"):
        differences = [
            Difference(
                check="value",
                subject="result",
                message=message,
                expected=np.array([2.0, 4.0, 6.0]),
                got=np.array([3.0, 4.0, 5.0]),
            )
        ]
    return CaseResult(
        case_id=case_id,
        label=f"{case_id}: a case",
        passed=passed,
        weight=weight,
        hidden=hidden,
        call_status=call_status,
        differences=differences,
        inputs={"t": "tensor([1.0, 2.0, 3.0])"},
        duration=0.01,
    )


def exercise(
    exercise_id: str, cases: list[CaseResult], *, points: float = 1.0, **fields
) -> ExerciseResult:
    return ExerciseResult(
        id=exercise_id,
        entry=exercise_id,
        title=f"Exercise {exercise_id}",
        max_points=points,
        cases=cases,
        duration=sum(c.duration for c in cases),
        **fields,
    )


def assignment(
    exercises: list[ExerciseResult], *, stdout: str = "", load_error: str | None = None
) -> AssignmentResult:
    return AssignmentResult(
        assignment_id="tiny",
        assignment_title="Tiny test assignment",
        submission="submissions/exercise.py",
        backend="engine",
        exercises=exercises,
        isolation=Isolation(tier=1, layers=["process"]),
        load_error=load_error,
        stdout=stdout,
        duration=1.5,
    )


def mixed_result(stdout: str = "") -> AssignmentResult:
    """Four exercises: a pass, a partial fail with hidden cases, an error, a rule violation."""
    return assignment(
        [
            exercise("double", [case("a", True), case("b", True)]),
            exercise(
                "square",
                [
                    case("seed", True),
                    case("seed2", False),
                    case("secret", True, hidden=True, weight=2),
                    case("secret2", False, hidden=True),
                ],
                points=4,
                hints=["Square each element."],
                mistake="You added instead of squaring.",
            ),
            exercise(
                "slow",
                [case("big", False, call_status="timeout")],
                points=2,
                error="case big timed out after 1.0 s",
            ),
            exercise(
                "rows",
                [case("seed", True)],
                points=3,
                violations=[Violation("forbid", 7, "uses a for loop")],
            ),
        ],
        stdout=stdout,
    )
