"""Gradescope ``results.json``: structure per the Gradescope autograder spec (schemas/)."""

from __future__ import annotations

import json

from report_builders import HOSTILE, mixed_result
from schema_files import problems

from gradekit.report.gradescope import failure_results, gradescope_results, render_gradescope

SCHEMA = "gradescope-results.schema.json"


def test_results_follow_the_spec():
    document = gradescope_results(mixed_result())
    assert problems(SCHEMA, document) == []
    assert document["score"] == 3.4
    assert [t["number"] for t in document["tests"]] == ["1", "2.1", "2.2", "3", "4"]
    for test in document["tests"]:
        assert set(test) == {
            "score",
            "max_score",
            "status",
            "name",
            "number",
            "output",
            "visibility",
        }
    assert [t["status"] for t in document["tests"]] == [
        "passed",
        "failed",
        "failed",
        "failed",
        "failed",
    ]


def test_hidden_cases_are_published_later():
    tests = gradescope_results(mixed_result())["tests"]
    visibility = {t["name"]: t["visibility"] for t in tests}
    assert visibility["Exercise square (hidden cases)"] == "after_published"
    assert visibility["Exercise square"] == "visible"


def test_student_output_goes_out_as_plain_text():
    document = gradescope_results(mixed_result(stdout=HOSTILE))
    assert document["output_format"] == "text" and document["test_output_format"] == "text"
    assert HOSTILE in document["output"]
    assert document["stdout_visibility"] == "hidden"


def test_failure_results_score_zero_with_the_reason():
    document = failure_results("expected exercise.py; found: hw.py")
    assert problems(SCHEMA, document) == []
    assert document["score"] == 0
    assert document["tests"][0]["status"] == "failed"
    assert "hw.py" in document["tests"][0]["output"]


def test_render_is_json_text():
    assert json.loads(render_gradescope(mixed_result()))["tests"]


def test_points_read_as_people_write_them():
    # "3.4/10 points", as the other formats print them, not Python's "10.0"
    output = gradescope_results(mixed_result())["output"]
    assert output.splitlines()[0] == "Tiny test assignment: 3.4/10 points"
