"""Every hint of an exercise that did not pass is shown, in the spec's order: numbered in the
text report and the CI writers' feedback when there are several, all of them in the JSON
report's ``hints`` (``hint`` keeps the first, as version 1 always had it)."""

from __future__ import annotations

import io
import json

import jsonschema
from hypothesis import given
from hypothesis import strategies as st
from report_builders import assignment, case, exercise
from rich.console import Console

from gradekit.report import OUTPUT_SCHEMA, render_json, render_text
from gradekit.report._common import graded_tests

HINTS = ["Start with the rows.", "`x.flip(0)` reverses rows.", "Row 0 is even."]


def _failing(hints: list[str]):
    return assignment([exercise("rows", [case("seed", False)], hints=hints)])


def _text(result) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None, highlight=False)
    render_text(result, console)
    return console.file.getvalue()


def test_the_text_report_numbers_every_hint_in_order() -> None:
    lines = [line.strip("│ ").rstrip() for line in _text(_failing(HINTS)).splitlines()]
    start = lines.index("Hints:")
    assert lines[start + 1 : start + 4] == [f"{n}. {hint}" for n, hint in enumerate(HINTS, 1)]


def test_a_single_hint_is_not_numbered() -> None:
    text = _text(_failing(["Only one."]))
    assert "Hint: Only one." in text
    assert "1. Only one." not in text


def test_the_json_report_holds_every_hint_and_the_first_as_hint() -> None:
    document = json.loads(render_json(_failing(HINTS)))
    jsonschema.validate(document, OUTPUT_SCHEMA)
    [item] = document["exercises"]
    assert item["hints"] == HINTS
    assert item["hint"] == HINTS[0]


def test_no_hints_is_an_empty_list_and_a_null_hint() -> None:
    document = json.loads(render_json(_failing([])))
    jsonschema.validate(document, OUTPUT_SCHEMA)
    assert (document["exercises"][0]["hint"], document["exercises"][0]["hints"]) == (None, [])


@given(st.lists(st.text("abc xyz.", min_size=1, max_size=12), min_size=1, max_size=5))
def test_ci_feedback_lists_every_hint_in_order(hints: list[str]) -> None:
    [test] = graded_tests(_failing(hints))
    if len(hints) == 1:
        assert f"hint: {hints[0]}" in test.message
    else:
        positions = [test.message.index(f"hint {n}: {hint}") for n, hint in enumerate(hints, 1)]
        assert positions == sorted(positions)
