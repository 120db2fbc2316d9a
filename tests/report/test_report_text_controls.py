"""Student strings cannot drive the terminal through the text report.

A student's exception message, traceback, printed output, returned value or even file name may
hold terminal escape sequences (``\\x1b[2J`` clears the screen, ``\\x1b]0;...\\x07`` sets the
window title). The text report writes every control character out, the way Python's ``repr``
does, so the only escape sequences left in its output are the colours rich adds itself.
"""

from __future__ import annotations

import io
import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from report_builders import assignment, case, exercise
from rich.console import Console

from gradekit.grading.compare import Difference
from gradekit.grading.static import Violation
from gradekit.grading.verdicts import CaseResult
from gradekit.report.panels import PanelCache
from gradekit.report.text import render_text
from gradekit.sandbox.sanitize import sanitize_output, show_controls

ATTACK = "\x1b[2J\x1b]0;title\x07\x9b31m\x1bP+q\x1b\\\r\u202e"
# Anything but tab and newline that a terminal acts on or that hides text.
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# What rich itself writes for colours and bold: Select Graphic Rendition, nothing else.
RICH_STYLE = re.compile(r"\x1b\[[0-9;]*m")
CONSOLES = [
    {"force_terminal": False},
    {"force_terminal": True, "no_color": True},
    {"force_terminal": True, "color_system": "truecolor"},
]

student_strings = st.text(max_size=40) | st.sampled_from([ATTACK, "ok " + ATTACK + " end"])


def hostile_result(strings: list[str]):
    """A result with a student string in every field the text report shows."""
    s = iter(strings)
    difference = Difference(
        check="value",
        subject="result",
        message=next(s),
        expected=np.array([1.0, 2.0]),
        got=np.array([1.0, 3.0]),
        explanation=next(s),
        rtol=0.0,
        atol=0.0,
    )
    raised = CaseResult(
        case_id=next(s),
        label=next(s),
        passed=False,
        call_status="raised",
        differences=[difference],
        inputs={"t": next(s)},
    )
    hidden = case("secret", False, hidden=True, message=next(s))
    broken = exercise(
        "broken",
        [raised, hidden],
        error=next(s),
        traceback=next(s),
        hints=[next(s)],
        mistake=next(s),
        violations=[Violation("forbid", 3, next(s))],
    )
    named = exercise(next(s), [case("a", False, message=next(s))])
    result = assignment([broken, named], stdout=next(s), load_error=next(s))
    result.submission = next(s)
    assert next(s, None) is None, "STRINGS_NEEDED is more than hostile_result uses"
    return result


STRINGS_NEEDED = 16  # the fields hostile_result fills


def rendered(result, options: dict, *, prepared: bool) -> str:
    def make_console() -> Console:
        return Console(file=io.StringIO(), width=100, highlight=False, **options)

    panels = PanelCache(make_console)
    if prepared:  # the panels `gradekit check` renders while the student's code still runs
        for item in result.exercises:
            panels.prepare(item)
    render_text(result, panels.console, panels)
    return panels.console.file.getvalue()


@settings(max_examples=60, deadline=None)
@given(
    strings=st.lists(student_strings, min_size=STRINGS_NEEDED, max_size=STRINGS_NEEDED),
    options=st.sampled_from(CONSOLES),
    prepared=st.booleans(),
)
def test_no_control_character_from_a_student_string_reaches_the_terminal(
    strings, options, prepared
):
    output = rendered(hostile_result(strings), options, prepared=prepared)
    if options["force_terminal"]:  # bold and dim even without colours
        output = RICH_STYLE.sub("", output)
    else:
        assert "\x1b" not in output
    assert RAW_CONTROL.search(output) is None, repr(output)


def test_escape_sequences_are_written_out_as_repr_writes_them():
    output = rendered(hostile_result([ATTACK] * STRINGS_NEEDED), {}, prepared=False)
    assert "\\x1b[2J\\x1b]0;title\\x07\\x9b31m" in output
    assert "\\u202e" in output and "\\r" in output


def test_text_without_controls_is_shown_unchanged():
    text = "tab\tnew\nline ünïcode 全角 [red]markup[/red] \\x1b already written out"
    assert show_controls(text) is text


@given(st.text())
def test_show_controls_leaves_nothing_raw_and_changes_nothing_else(text):
    shown = show_controls(text)
    assert RAW_CONTROL.search(shown) is None
    expected = "".join(repr(c)[1:-1] if RAW_CONTROL.match(c) else c for c in text)
    assert shown == expected


@given(st.text())
def test_show_controls_writes_out_what_sanitize_output_removes(text):
    """One list of dangerous characters for both: without its escape sequences and carriage
    returns (which sanitize_output handles first), a text loses to sanitize_output exactly the
    characters show_controls writes out."""
    plain = text.replace("\x1b", "").replace("\x9b", "").replace("\x9d", "").replace("\r", "")
    kept = "".join(c for c in plain if show_controls(c) == c)
    assert sanitize_output(plain).replace(": ", ":") == kept.replace(": ", ":")
