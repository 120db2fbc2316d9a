"""The text report as a student reads it, in an 80-column terminal: what each panel says, and
that nothing a student needs is cut off or said twice."""

from __future__ import annotations

import io

from report_builders import assignment, case, exercise
from rich.console import Console

from gradekit.grading.compare import Difference
from gradekit.report.text import render_text


def _text(result, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    render_text(result, console)
    return console.file.getvalue()


def test_a_long_title_keeps_the_status_in_an_80_column_terminal() -> None:
    failing = exercise("broadcast_shape", [case("seed", False)])
    failing.title = "Q11: the shape of the result of broadcasting two tensors together"
    [title] = [line for line in _text(assignment([failing])).splitlines() if "Q11" in line]
    assert title.startswith("╭─ FAIL broadcast_shape — Q11: the shape of")
    assert "(broadcast_shape)" not in title  # the entry is the id: not repeated


def test_an_entry_named_differently_from_its_exercise_is_shown() -> None:
    failing = exercise("q1", [case("seed", False)])
    failing.entry = "even_rows"
    assert "╭─ FAIL q1 (even_rows) — Exercise q1 " in _text(assignment([failing]))


def test_an_exercise_error_is_said_once_not_again_as_its_case_difference() -> None:
    missing = "the submission does not define the function `corners`; did you mean `corner`?"
    missing_case = case("seed", False, call_status="missing")
    missing_case.differences = [Difference("status", "call", missing)]
    text = _text(assignment([exercise("corners", [missing_case], error=missing)]), width=200)
    assert text.count("does not define the function") == 1
    assert "Error: " + missing in text
    assert "Case seed: a case" in text  # the case that showed it, with its inputs, stays
