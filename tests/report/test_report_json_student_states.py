"""The JSON report's ``exercises[].not_started`` follows the text report's "Not written yet":
an exercise whose every case raised the starter's bare NotImplementedError, and none when the
file did not load (gradekit.check/1, added within version 1)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from report_builders import assignment, case, exercise

from gradekit.grading.compare import Difference
from gradekit.grading.verdicts import CaseResult
from gradekit.report import OUTPUT_SCHEMA, render_json


def placeholder_case(case_id: str) -> CaseResult:
    raised = case(case_id, False, call_status="raised")
    got = "NotImplementedError"
    raised.differences = [Difference("raises", "call", f"your code raised {got}", got=got)]
    return raised


def document(result) -> dict:
    data = json.loads(render_json(result))
    jsonschema.validate(data, OUTPUT_SCHEMA)
    return data


def test_only_the_placeholder_exercises_are_not_started() -> None:
    result = assignment(
        [
            exercise("rows", [case("seed", False)]),
            exercise("cols", [placeholder_case("a"), placeholder_case("b")]),
            exercise("done", [case("seed", True)]),
        ]
    )
    flags = {e["id"]: e["not_started"] for e in document(result)["exercises"]}
    assert flags == {"rows": False, "cols": True, "done": False}


def test_nothing_is_not_started_when_the_file_did_not_load() -> None:
    result = assignment([exercise("cols", [placeholder_case("a")])], load_error="SystemExit: 0")
    result.load_error_advice = "Your file calls exit() or sys.exit() while it is loaded."
    data = document(result)
    assert [e["not_started"] for e in data["exercises"]] == [False]
    assert data["load_error_advice"] == result.load_error_advice


def test_the_new_fields_are_required_by_the_schema() -> None:
    data = document(assignment([exercise("rows", [case("seed", True)])]))
    assert data["load_error_advice"] is None
    del data["exercises"][0]["not_started"]
    with pytest.raises(jsonschema.ValidationError, match="not_started"):
        jsonschema.validate(data, OUTPUT_SCHEMA)
