"""Classroom 50 ``result.json``: validated against the result-v1 JSON Schema (schemas/)."""

from __future__ import annotations

import json
import math
from datetime import datetime, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st
from report_builders import assignment, case, exercise, mixed_result
from schema_files import problems

from gradekit.report.classroom50 import (
    Classroom50Error,
    classroom50_result,
    render_classroom50,
)

SCHEMA = "classroom50-result-v1.schema.json"
WHEN = datetime(2026, 11, 21, 12, 30, 5, tzinfo=timezone.utc)
RUNNER_ENV = {
    "CLASSROOM": "cs101",
    "ASSIGNMENT": "tensors",
    "USERNAME": "ada",
    "SUBMISSION_TAG": "submit/20261121T123005Z-abc1234",
    "COMMIT_URL": "https://github.com/cs101/cs101-tensors-ada/commit/abc1234",
    "RELEASE_URL": "https://github.com/cs101/cs101-tensors-ada/releases/tag/submit",
    "GITHUB_ACTOR": "ada",
    "GITHUB_ACTOR_ID": "12345",
}


def test_mixed_result_is_valid_result_v1():
    document = classroom50_result(mixed_result(), RUNNER_ENV, WHEN)
    assert problems(SCHEMA, document) == []
    assert document["datetime"] == "2026-11-21T12:30:05Z"
    assert document["review"] == RUNNER_ENV["COMMIT_URL"]  # no REVIEW_URL: the commit view
    assert document["assignment_type"] == "individual"
    assert document["submitted_by"] == {"username": "ada", "id": 12345}


def test_one_integer_test_per_exercise_rounded_down():
    document = classroom50_result(mixed_result(), RUNNER_ENV, WHEN)
    tests = document["tests"]
    assert [t["test-name"] for t in tests] == [
        "Exercise double",
        "Exercise square",
        "Exercise slow",
        "Exercise rows",
    ]
    assert [t["score"] for t in tests] == [1, 2, 0, 0]  # square earned 2.4 of 4
    assert [t["max-score"] for t in tests] == [1, 4, 2, 3]
    assert [t["passed"] for t in tests] == [True, False, False, False]
    assert document["score"] == 3 and document["max-score"] == 10
    # Extra fields carry the feedback, including the hidden part's redacted line.
    assert "hidden case secret2: value differs" in tests[1]["message"]


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.lists(st.booleans(), min_size=1, max_size=4)),
        min_size=1,
        max_size=4,
    )
)
def test_cross_field_rules_hold(exercises):
    result = assignment(
        [
            exercise(f"e{i}", [case(f"c{j}", ok) for j, ok in enumerate(oks)], points=points)
            for i, (points, oks) in enumerate(exercises)
        ]
    )
    document = classroom50_result(result, RUNNER_ENV, WHEN)
    assert problems(SCHEMA, document) == []
    assert document["score"] <= document["max-score"]
    assert document["score"] == sum(t["score"] for t in document["tests"])
    for test, graded in zip(document["tests"], result.exercises, strict=True):
        assert test["score"] <= test["max-score"]
        assert test["score"] == math.floor(graded.points + 1e-9)  # rounded down, never up


def test_group_mode_and_review_url():
    env = dict(RUNNER_ENV, MODE="group", REVIEW_URL="https://github.com/x/compare/a...b")
    document = classroom50_result(mixed_result(), env, WHEN)
    assert document["assignment_type"] == "group"
    assert document["review"] == "https://github.com/x/compare/a...b"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"CLASSROOM": ""}, "CLASSROOM"),
        ({"SUBMISSION_TAG": "v1.0"}, "submit/"),
        ({"MODE": "team"}, "individual or group"),
    ],
)
def test_bad_runner_environment_is_a_clear_error(change, words):
    with pytest.raises(Classroom50Error, match=words):
        classroom50_result(mixed_result(), dict(RUNNER_ENV, **change), WHEN)


def test_fractional_points_are_refused_with_the_exercise_named():
    result = assignment([exercise("half", [case("a", True)], points=0.5)])
    with pytest.raises(Classroom50Error, match="'half' is worth 0.5 points"):
        classroom50_result(result, RUNNER_ENV, WHEN)


def test_render_is_json_text():
    assert json.loads(render_classroom50(mixed_result(), RUNNER_ENV, WHEN))["score"] == 3


def test_student_text_reaches_the_document_as_json_escapes():
    """The student's text keeps its exact characters, but terminal controls (8-bit CSI, bidi
    overrides) are JSON escapes: the document can be printed on a terminal."""
    student_text = "boom \x9b31m \u202eevil"  # an exception message, say
    result = assignment([exercise("raises", [case("a", False)], error=student_text)])
    text = render_classroom50(result, RUNNER_ENV, WHEN)
    assert "\x9b" not in text and "\u202e" not in text
    assert "\\u009b31m" in text and "\\u202eevil" in text
    assert student_text in json.dumps(json.loads(text), ensure_ascii=False)
