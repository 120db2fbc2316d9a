"""The text report as a student reads it, in an 80-column terminal: what each panel says, and
that nothing a student needs is cut off or said twice."""

from __future__ import annotations

import io

from report_builders import assignment, case, exercise
from rich.console import Console

from gradekit.grading.compare import Difference
from gradekit.grading.verdicts import CaseResult
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


def _raising(message: str) -> CaseResult:
    """A case whose call raised NotImplementedError, with ``message`` (empty: the starter's)."""
    raised = case("seed", False, call_status="raised")
    got = f"NotImplementedError: {message}" if message else "NotImplementedError"
    raised.differences = [Difference("raises", "call", f"your code raised {got}", got=got)]
    return raised


def test_only_a_bare_not_implemented_error_in_every_case_is_the_starter_placeholder() -> None:
    assert exercise("rows", [_raising(""), _raising("")]).not_started
    # The engine's NotImplementedError for an op it lacks has a message: the student wrote code.
    assert not exercise(
        "rows", [_raising("gradekit engine does not support torch.kron")]
    ).not_started
    assert not exercise("rows", [_raising(""), case("random", True)]).not_started
    assert not exercise("rows", [case("seed", False)]).not_started


def test_a_placeholder_is_named_on_one_line_while_a_wrong_answer_gets_its_panel() -> None:
    result = assignment([exercise("rows", [case("seed", False)]), exercise("cols", [_raising("")])])
    text = _text(result)
    assert "FAIL rows — Exercise rows" in text
    assert "Exercise cols" not in text
    assert "✗ Not written yet (each still raises the starter's NotImplementedError): cols" in text
    assert "(0 of 2 exercises pass, 1 not written yet," in text


def test_the_advice_on_a_load_error_closes_its_panel() -> None:
    result = assignment(
        [exercise("rows", [case("seed", False, call_status="not run")])],
        load_error="SystemExit: 0 (line 9)",
    )
    result.load_error_advice = "Your file calls exit() or sys.exit() while it is loaded."
    lines = [line.strip("│ ") for line in _text(result, width=200).splitlines()]
    start = lines.index("Error: SystemExit: 0 (line 9)")
    assert (
        lines[start + 1] == "What to do: Your file calls exit() or sys.exit() while it is loaded."
    )


def test_what_the_code_wrote_to_stderr_is_shown_when_something_fails() -> None:
    failing = assignment([exercise("rows", [case("seed", False)])], stdout="debug\n")
    failing.stderr = "exercise.py:3: UserWarning: To copy construct from a tensor\n"
    text = _text(failing)
    assert "what your code printed" in text and "debug" in text
    assert "what your code wrote to stderr (warnings, errors)" in text
    assert "exercise.py:3: UserWarning: To copy construct from a tensor" in text
    passing = assignment([exercise("rows", [case("seed", True)])])
    passing.stderr = failing.stderr
    assert "stderr" not in _text(passing)  # all passed: nothing to look into


def test_a_hidden_case_that_raised_names_the_exception_type_but_not_its_message() -> None:
    hidden = case("five-by-four", False, hidden=True, call_status="raised")
    got = "RuntimeError: index 4 is out of bounds for dimension 0 with size 4"
    hidden.differences = [Difference("raises", "call", f"your code raised {got}", got=got)]
    returned = case("other", False, hidden=True)
    returned.differences = [Difference("raises", "call", "expected ValueError", got="tuple")]
    text = _text(assignment([exercise("corners", [hidden, returned])]), width=200)
    assert "Hidden case five-by-four failed (raises RuntimeError); its inputs" in text
    assert "out of bounds" not in text
    assert "Hidden case other failed (raises); its inputs" in text  # it returned: no type


def test_wrapped_hints_and_explanations_stay_indented_under_their_text() -> None:
    long_hint = "`t[a:b:c]` slices the first dimension (the rows); `t[:, a:b:c]` the second one."
    wrong = case("seed", False)
    wrong.differences[0].explanation = "Integer result where a float was expected: " * 3
    text = _text(assignment([exercise("rows", [wrong], hints=["Short.", long_hint])]))
    lines = [line.strip("│").rstrip() for line in text.splitlines()]
    hint = next(i for i, line in enumerate(lines) if line.startswith(" 2. `t[a:b:c]`"))
    assert lines[hint + 1].startswith("    ") and lines[hint + 1].strip()  # under the text
    explanation = [i for i, line in enumerate(lines) if "a float was expected" in line]
    assert len(explanation) >= 2  # it wraps
    assert all(lines[i].startswith("   ") for i in explanation)
