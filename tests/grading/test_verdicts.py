"""Scoring and statuses of exercises and assignments."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.grading.static import Violation
from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult


def exercise(*cases: tuple[bool, float], points: float = 2.0, **fields) -> ExerciseResult:
    result = ExerciseResult(id="e", entry="e", title="E", max_points=points, **fields)
    result.cases = [
        CaseResult(case_id=f"c{i}", label=f"c{i}", passed=passed, weight=weight)
        for i, (passed, weight) in enumerate(cases)
    ]
    return result


@given(st.lists(st.tuples(st.booleans(), st.floats(0.1, 10)), min_size=1, max_size=10))
def test_points_are_the_weighted_fraction_of_passing_cases(cases):
    result = exercise(*cases)
    total = sum(weight for _, weight in cases)
    passed = sum(weight for ok, weight in cases if ok)
    assert result.points == pytest.approx(2.0 * passed / total, abs=1e-3)
    assert result.status == ("pass" if all(ok for ok, _ in cases) else "fail")


def test_violation_or_error_costs_everything():
    assert exercise((True, 1.0), violations=[Violation("forbid", 3, "no loops")]).points == 0
    broken = exercise((True, 1.0), error="your file could not be loaded")
    assert (broken.points, broken.status) == (0, "error")


def test_timeout_case_makes_the_exercise_an_error():
    result = exercise((True, 1.0), (False, 1.0))
    result.cases[1].call_status = "timeout"
    assert result.status == "error"
    assert result.points == 1.0  # the passing case still counts


def test_assignment_totals():
    result = AssignmentResult("a", "A", "s.py", "engine")
    assert not result.all_passed  # nothing graded is not a pass
    result.exercises = [exercise((True, 1.0), points=2), exercise((False, 1.0), points=3)]
    assert (result.score, result.max_score, result.all_passed) == (2.0, 5.0, False)
