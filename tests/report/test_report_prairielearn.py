"""PrairieLearn ``results.json``: structure per the external-grading docs (schemas/)."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st
from report_builders import assignment, case, exercise, mixed_result
from schema_files import problems

from gradekit.report.prairielearn import (
    prairielearn_results,
    render_prairielearn,
    ungradable_results,
)

SCHEMA = "prairielearn-results.schema.json"


def test_results_follow_the_docs():
    document = prairielearn_results(mixed_result())
    assert problems(SCHEMA, document) == []
    assert document["gradable"] is True
    assert math.isclose(document["score"], 0.34)
    assert [t["points"] for t in document["tests"]] == [1.0, 0.8, 1.6, 0.0, 0.0]
    assert [t["max_points"] for t in document["tests"]] == [1.0, 1.6, 2.4, 2, 3]
    assert document["tests"][0]["message"] == "passed"


@given(st.lists(st.tuples(st.integers(0, 4), st.booleans()), min_size=1, max_size=5))
def test_score_is_a_fraction(exercises):
    result = assignment(
        [
            exercise(f"e{i}", [case("a", ok)], points=points)
            for i, (points, ok) in enumerate(exercises)
        ]
    )
    document = prairielearn_results(result)
    assert 0.0 <= document["score"] <= 1.0
    assert problems(SCHEMA, document) == []
    if result.max_score:
        assert math.isclose(document["score"], result.score / result.max_score, abs_tol=1e-6)


def test_a_load_error_is_still_gradable_with_zero():
    result = assignment(
        [exercise("a", [case("x", False, call_status="missing")], error="load")],
        load_error="SyntaxError: invalid syntax (line 2)",
    )
    document = prairielearn_results(result)
    assert document["gradable"] is True and document["score"] == 0
    assert "SyntaxError" in document["message"]


def test_ungradable_results():
    document = ungradable_results("the autograder is misconfigured")
    assert problems(SCHEMA, document) == []
    assert document["gradable"] is False
    assert document["format_errors"] == ["the autograder is misconfigured"]


def test_render_is_json_text():
    assert json.loads(render_prairielearn(mixed_result()))["gradable"] is True


def test_results_stay_under_prairielearn_s_1_mb_limit():
    """PrairieLearn rejects a results.json over 1 MB (docs/externalGrading.md), and the student
    then gets no grade at all. 150 failing exercises whose code raised long non-ASCII messages
    came to ~1.8 MB."""
    raised = "€" * 20_000
    result = assignment(
        [
            exercise(f"e{i}", [case("a", False, message=raised), case("b", True)], points=2)
            for i in range(150)
        ],
        stdout="€" * 50_000,
    )
    text = render_prairielearn(result)
    assert len(text.encode("utf-8")) <= 1_000_000
    document = json.loads(text)
    assert problems(SCHEMA, document) == []
    assert math.isclose(document["score"], 0.5)  # scores are never cut
    assert all(t["message"].startswith("1 of 2 cases pass") for t in document["tests"])
    assert "cut" in document["tests"][0]["message"]


def test_points_read_as_people_write_them():
    # "3.4/10 points", as the other formats print them, not Python's "10.0"
    assert prairielearn_results(mixed_result())["message"] == "3.4/10 points"
