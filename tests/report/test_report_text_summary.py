"""The text report's summary table draws exactly what rich's Table draws, faster."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from gradekit.report.text import STATUS_STYLE, STATUS_WORD, SummaryTable

CONSOLES = [
    {"force_terminal": False},
    {"force_terminal": True, "color_system": "truecolor"},
    {"force_terminal": True, "color_system": "standard"},
    {"force_terminal": True, "no_color": True},
]

exercise_ids = st.text(
    alphabet=st.sampled_from("abcxyz_019-"), min_size=1, max_size=30
) | st.sampled_from(["ünïcode", "tab\tbed", "wide_全角", "[bold]markup[/bold]", "a" * 90])
statuses = st.sampled_from(sorted(STATUS_WORD))
numbers = st.sampled_from(["0", "1", "0.1667", "12.5", "100"])


@st.composite
def summary_rows(draw: st.DrawFn) -> list[tuple[Text, ...]]:
    rows = []
    for _ in range(draw(st.integers(0, 12))):
        status = draw(statuses)
        rows.append(
            (
                Text(draw(exercise_ids)),
                Text(STATUS_WORD[status], style=STATUS_STYLE[status]),
                Text(f"{draw(numbers)} / {draw(numbers)}"),
                Text(f"{draw(st.integers(0, 99))}/{draw(st.integers(0, 99))}"),
                Text(f"{draw(st.integers(0, 99999))} ms"),
            )
        )
    return rows


def _printed(renderable: object, width: int, options: dict) -> str:
    console = Console(file=io.StringIO(), width=width, highlight=False, **options)
    console.print(renderable)
    return console.file.getvalue()


@given(rows=summary_rows(), width=st.integers(20, 120), console=st.sampled_from(CONSOLES))
def test_the_summary_table_prints_what_richs_table_prints(rows, width, console):
    table = SummaryTable(rows)
    assert _printed(table, width, console) == _printed(table.rich_table(), width, console)


def test_the_fast_drawing_is_used_in_the_common_case():
    """The plain case does not go through rich's Table (which would make it slow again)."""
    rows = [(Text("even_rows"), Text("PASS", style="bold green"), Text("1 / 1"), Text("3/3"),
             Text("2 ms"))]  # fmt: skip
    console = Console(file=io.StringIO(), width=80)
    rendered = list(SummaryTable(rows).__rich_console__(console, console.options))
    assert rendered and all(type(piece).__name__ == "Segment" for piece in rendered)
    wide = [(Text("x" * 90), *rows[0][1:])]
    assert (
        type(next(iter(SummaryTable(wide).__rich_console__(console, console.options)))).__name__
        == "Table"
    )
