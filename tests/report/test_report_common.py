"""The mapping from exercises to CI tests (gradekit/report/_common.py)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st
from report_builders import HOSTILE, assignment, case, exercise, mixed_result

from gradekit.grading.static import Violation
from gradekit.report._common import graded_tests, overall_status, student_output

CALL_STATUSES = ["ok", "ok", "ok", "raised", "timeout", "crashed", "invalid"]


@st.composite
def cases(draw):
    count = draw(st.integers(min_value=1, max_value=5))
    result = []
    for index in range(count):
        status = draw(st.sampled_from(CALL_STATUSES))
        passed = status in ("ok", "raised") and draw(st.booleans())
        result.append(
            case(
                f"c{index}",
                passed,
                hidden=draw(st.booleans()),
                weight=draw(st.sampled_from([0.5, 1.0, 2.0, 3.0])),
                call_status=status,
            )
        )
    return result


@st.composite
def results(draw):
    exercises = []
    for index in range(draw(st.integers(min_value=1, max_value=4))):
        exercise_cases = draw(cases())
        errored = any(c.errored for c in exercise_cases)
        violations = [Violation("forbid", 3, "uses a loop")] if draw(st.booleans()) else []
        exercises.append(
            exercise(
                f"e{index}",
                exercise_cases,
                points=draw(st.sampled_from([0.0, 1.0, 2.5, 3.0, 10.0])),
                error="it broke" if errored else None,
                violations=violations if draw(st.booleans()) else [],
            )
        )
    return assignment(exercises)


@given(results())
def test_test_scores_add_up_to_the_assignment_score(result):
    tests = graded_tests(result)
    assert math.isclose(sum(t.score for t in tests), result.score, abs_tol=1e-3)
    assert math.isclose(sum(t.max_score for t in tests), result.max_score, abs_tol=1e-3)
    for test in tests:
        assert 0 <= test.score <= test.max_score + 1e-9
        if test.passed:
            assert math.isclose(test.score, test.max_score, abs_tol=1e-3)


@given(results())
def test_each_exercise_gives_one_test_or_a_visible_and_a_hidden_part(result):
    tests = graded_tests(result)
    for exercise_result in result.exercises:
        parts = [t for t in tests if t.exercise_id == exercise_result.id]
        kinds = {c.hidden for c in exercise_result.cases}
        assert len(parts) == (2 if kinds == {True, False} else 1)
        if exercise_result.status == "pass":
            assert all(part.passed for part in parts)
        else:
            # A broken exercise never shows a part as passed while it earns nothing.
            if exercise_result.error or exercise_result.violations:
                assert not any(part.passed for part in parts)


@given(results())
def test_an_errored_case_is_never_a_passing_test(result):
    for test in graded_tests(result):
        exercise_result = next(e for e in result.exercises if e.id == test.exercise_id)
        part = [
            c for c in exercise_result.cases if c.hidden == test.hidden
        ] or exercise_result.cases
        if any(c.call_status in ("timeout", "crashed", "invalid") for c in part):
            assert test.status == "error"
            assert test.score == 0


def test_hidden_part_messages_do_not_reveal_case_details():
    secret = case("secret", False, hidden=True, message="expected [42.0] at index 7")
    result = assignment([exercise("e", [case("seen", True), secret])])
    hidden = [t for t in graded_tests(result) if t.hidden]
    assert len(hidden) == 1
    assert "42" not in hidden[0].message and "index 7" not in hidden[0].message
    assert "hidden case secret: value differs" in hidden[0].message
    assert hidden[0].name.endswith("(hidden cases)")


def test_a_missing_or_unreadable_child_reply_is_a_failed_test():
    result = assignment(
        [
            exercise("lost", [case("a", False, call_status="missing")], error="not defined"),
            exercise("garbled", [case("a", False, call_status="invalid")], error="bad reply"),
        ]
    )
    tests = graded_tests(result)
    assert [t.status for t in tests] == ["error", "error"]
    assert [t.score for t in tests] == [0, 0]
    assert "could not be read" in tests[1].message


def test_mixed_result_mapping():
    tests = graded_tests(mixed_result())
    assert [t.number for t in tests] == ["1", "2.1", "2.2", "3", "4"]
    assert [t.status for t in tests] == ["pass", "fail", "fail", "error", "fail"]
    assert tests[4].line == 7  # the rule violation's line
    assert "known mistake" in tests[1].message and "hint" in tests[1].message
    assert "known mistake" not in tests[2].message


def test_overall_status_rules():
    assert overall_status(mixed_result()) == "fail"
    assert overall_status(assignment([exercise("a", [case("x", True)])])) == "pass"
    broken = assignment(
        [exercise("a", [case("x", False, call_status="missing")], error="load")],
        load_error="SyntaxError: invalid syntax (line 3)",
    )
    assert overall_status(broken) == "error"
    assert overall_status(assignment([])) == "error"


def test_student_output_includes_stdout_and_stderr_and_is_clipped():
    result = assignment([], stdout=HOSTILE)
    result.stderr = "warning"
    text = student_output(result)
    assert HOSTILE in text and "--- stderr ---\nwarning" in text
    result.stdout = "x" * 50_000
    assert "more characters cut" in student_output(result)


def test_hidden_cases_that_never_returned_say_so():
    """A hidden case that timed out (or crashed) differs only in its call's status: "status
    differs" told the student nothing, while the visible case of the same exercise already says
    the code did not return. The call's problem is no secret of the hidden case."""
    from gradekit.grading.compare import Checks, compare_outcomes
    from gradekit.sandbox.protocol import CallOutcome

    def never_returned(case_id: str, call_status: str):
        result = case(case_id, False, hidden=True, call_status=call_status)
        result.differences = compare_outcomes(CallOutcome("ok"), CallOutcome(call_status), Checks())
        return result

    (_, hidden) = graded_tests(
        assignment(
            [
                exercise(
                    "loop",
                    [
                        case("seed", False),
                        never_returned("slow", "timeout"),
                        never_returned("boom", "crashed"),
                    ],
                )
            ]
        )
    )
    assert "- hidden case slow: timed out" in hidden.message
    assert "- hidden case boom: the process running your code crashed" in hidden.message
    assert "status differs" not in hidden.message


def test_the_ci_writers_give_a_load_error_its_advice() -> None:
    import io
    import json

    from gradekit.report.github import emit_github
    from gradekit.report.gradescope import render_gradescope
    from gradekit.report.prairielearn import render_prairielearn

    result = assignment(
        [exercise("rows", [case("seed", False, call_status="not run")])],
        load_error="EOFError: EOF when reading a line (line 4)",
    )
    result.load_error_advice = "Your file calls input() while it is loaded."
    summary = (
        "Your file could not be loaded: EOFError: EOF when reading a line (line 4). "
        "What to do: Your file calls input() while it is loaded."
    )
    log = io.StringIO()
    emit_github(result, environ={}, stream=log)
    assert summary in log.getvalue()
    assert summary in json.loads(render_gradescope(result))["output"]
    assert json.loads(render_prairielearn(result))["message"].endswith(summary)
