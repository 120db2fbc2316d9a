"""Human-readable report of ``gradekit check`` (rich).

Layout: a header (assignment, submission, backend, sandbox tier), a summary table with one row per
exercise, then for every exercise that did not pass the details a student needs to fix it: the
failing case's inputs, expected vs got side by side with differing elements highlighted, error
statistics, shape/dtype/broadcasting explanations, the traceback cut to their own frames, the
matched mistake message and the hint. The score line comes last.

Everything that comes from the student (messages, tracebacks, stdout, reprs) is only ever put
into ``rich.text.Text`` objects, which rich never parses for markup, so a student string such as
``[red]`` or ``[link=...]`` is shown literally. And every string of the result goes through
:func:`visible` first, which writes control characters out (ESC as ``\\x1b``): a student's
``\\x1b[2J`` in an exception message must not clear the screen of the TA reading the report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from gradekit.grading.compare import Difference
from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult
from gradekit.sandbox.sanitize import show_controls

if TYPE_CHECKING:
    from gradekit.report.panels import PanelCache

MAX_DETAILED_CASES = 2  # failing cases shown in full per exercise; the rest are counted
MAX_GRID_ELEMENTS = 64  # arrays up to this size (and 2-D at most) are printed as a grid
MAX_LISTED_INDICES = 6
MAX_OUTPUT_CHARS = 2000
STATUS_STYLE = {"pass": "bold green", "fail": "bold red", "error": "bold magenta"}
STATUS_WORD = {"pass": "PASS", "fail": "FAIL", "error": "ERROR"}


def visible(text: Any) -> str:
    """``str(text)`` as the report shows it: control characters written out, never sent raw."""
    return show_controls(text if type(text) is str else str(text))


def render_text(
    result: AssignmentResult, console: Console, panels: PanelCache | None = None
) -> None:
    """Print the full report of ``result`` to ``console``, with the panels already rendered
    in ``panels`` (see :class:`gradekit.report.panels.PanelCache`)."""
    console.print(_header(result))
    if result.load_error:
        console.print(_load_error_panel(result))
    console.print(_summary_table(result.exercises))
    if result.load_error:
        # Every exercise failed for that one reason, shown once above: named on one line.
        console.print(
            _named_line(
                ("✗ Not run", STATUS_STYLE["error"]),
                " (your file could not be loaded, see above): ",
                result.exercises,
            )
        )
    for exercise in result.exercises:
        if not result.load_error and exercise.status != "pass" and not exercise.not_started:
            console.print(
                panels.panel(exercise) if panels is not None else exercise_panel(exercise)
            )
    not_started = result.not_started_exercises
    if not_started:
        # The starter's placeholders: named together, not a panel of tracebacks and hints
        # each, so that a half-done file's report shows the exercises worked on.
        console.print(
            _named_line(
                ("✗ Not written yet", STATUS_STYLE["fail"]),
                " (each still raises the starter's NotImplementedError): ",
                not_started,
            )
        )
    if not all(e.status == "pass" for e in result.exercises):
        printed = (
            (result.stdout, "what your code printed"),
            (result.stderr, "what your code wrote to stderr (warnings, errors)"),
        )
        for output, title in printed:
            if output.strip():
                console.print(
                    Panel(
                        Text(visible(_clip(output))),
                        title=title,
                        title_align="left",
                        border_style="dim",
                    )
                )
    if any(case.call_status == "skipped" for e in result.exercises for case in e.cases):
        console.print(
            "Cases after a timeout were not run, to spare you the wait: fix the endless loop, "
            "or run `gradekit check --all-cases` to run them all (grading always does).",
            style="yellow",
        )
    console.print(_score_line(result))


def _named_line(label: tuple[str, str], why: str, exercises: list[ExerciseResult]) -> Text:
    """``✗ Not run (why): even_rows, corners, ...``: exercises that share one reason."""
    return Text.assemble(label, why, ", ".join(visible(exercise.id) for exercise in exercises))


def warm_up() -> None:
    """Render the panel and summary of a made-up failing exercise, to nowhere.

    The first rendering in a process costs several times the next ones: rich imports modules
    on first use and fills its caches (parsed styles, cell widths). A check calls this in a
    background thread while it waits for its sandbox, so that its first real panel, rendered
    while the student's code runs, is not the slow one."""
    import io

    difference = Difference(
        check="value",
        subject="result",
        message="1 of 2 elements of result differ",
        expected=np.array([1.0, 2.0]),
        got=np.array([1.0, 3.0]),
        max_abs_error=1.0,
        max_rel_error=0.5,
        explanation="an explanation",
        rtol=1.3e-6,
        atol=1e-5,
    )
    case = CaseResult("warm", "warm", passed=False, differences=[difference], inputs={"t": "1"})
    exercise = ExerciseResult("warm", "warm", "warm up", 1.0, cases=[case], hints=["a hint"])
    exercise.mistake = "a known mistake's message, long enough to wrap " * 3
    console = Console(file=io.StringIO(), width=80, highlight=False, force_terminal=True)
    console.print(exercise_panel(exercise))
    console.print(_summary_table([exercise]))


def _header(result: AssignmentResult) -> Text:
    isolation = result.isolation
    if isolation.tier is None:
        sandbox = "sandbox: not run"
    else:
        layers = ", ".join(isolation.layers) or "process only"
        sandbox = f"sandbox: tier {isolation.tier} ({layers})"
        if isolation.degraded:
            sandbox += f"; unavailable here: {', '.join(sorted(isolation.degraded))}"
    text = Text()
    text.append(visible(result.assignment_title), style="bold")
    text.append(f"  [{visible(result.assignment_id)}]\n", style="dim")
    text.append(
        f"submission: {visible(result.submission)}   backend: {visible(result.backend)}   {sandbox}"
    )
    if not result.include_hidden:
        text.append("\nhidden cases skipped (--no-hidden): the score may differ when graded")
    return text


SUMMARY_HEADER_STYLE = "bold"
SUMMARY_COLUMNS = (
    ("exercise", "left"),
    ("status", "left"),
    ("points", "right"),
    ("cases", "right"),
    ("time", "right"),
)


def _summary_table(exercises: list[ExerciseResult]) -> SummaryTable:
    rows = []
    for exercise in exercises:
        status = exercise.status
        rows.append(
            (
                Text(visible(exercise.id)),
                Text(STATUS_WORD[status], style=STATUS_STYLE[status]),
                Text(f"{_number(exercise.points)} / {_number(exercise.max_points)}"),
                Text(f"{exercise.passed_cases}/{len(exercise.cases)}"),
                Text(f"{exercise.duration * 1000:.0f} ms"),
            )
        )
    return SummaryTable(rows)


class SummaryTable:
    """The summary table: one row per exercise, under a bold header, in rich's default box.

    It is printed after the student's run, on the check's critical path, and rich's ``Table``
    measures, pads and wraps every cell on its own (about 2 ms per row here: 20-50 ms for a
    summary). In the common case (every cell a single line of printable ASCII, the table no
    wider than the console) this draws the very segments ``Table`` would, line by line; in
    every other case it is ``Table`` (a test compares the two on random tables)."""

    def __init__(self, rows: list[tuple[Text, ...]]) -> None:
        self.rows = rows

    def rich_table(self) -> Table:
        table = Table(title=None, show_lines=False, header_style=SUMMARY_HEADER_STYLE)
        for name, justify in SUMMARY_COLUMNS:
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for row in self.rows:
            table.add_row(*row)
        return table

    def __rich_console__(self, console: Console, options: Any) -> Any:
        headers = [Text(name) for name, _ in SUMMARY_COLUMNS]
        columns = list(zip(headers, *self.rows, strict=True))
        if not all(_plain_cell(cell) for column in columns for cell in column):
            yield self.rich_table()
            return
        widths = [max(len(cell.plain) for cell in column) for column in columns]
        if sum(widths) + 3 * len(widths) + 1 > options.max_width:
            yield self.rich_table()  # rich shrinks or wraps the columns
            return
        plain, header = Style(), console.get_style(SUMMARY_HEADER_STYLE)
        line = Segment.line()

        def rule(left: str, fill: str, middle: str, right: str) -> list[Segment]:
            return [
                Segment(left + middle.join(fill * (w + 2) for w in widths) + right, plain),
                line,
            ]

        def row(cells: tuple[Text, ...], edge: str, style: Style | None) -> list[Segment]:
            segments = [Segment(edge, plain)]
            for cell, width, (_, justify) in zip(cells, widths, SUMMARY_COLUMNS, strict=True):
                text = cell.plain.ljust(width) if justify == "left" else cell.plain.rjust(width)
                cell_style = style or (console.get_style(cell.style) if cell.style else None)
                space = style or plain
                segments += [Segment(" ", space), Segment(text, cell_style), Segment(" ", space)]
                segments.append(Segment(edge, plain))
            return [*segments, line]

        yield from rule("┏", "━", "┳", "┓")
        yield from row(tuple(headers), "┃", header)
        yield from rule("┡", "━", "╇", "┩")
        for cells in self.rows:
            yield from row(cells, "│", None)
        yield from rule("└", "─", "┴", "┘")


def _plain_cell(cell: Text) -> bool:
    """One line of printable ASCII with at most one style for all of it."""
    return not cell.spans and cell.plain.isascii() and cell.plain.isprintable()


def _load_error_panel(result: AssignmentResult) -> Panel:
    """The error that kept the file from loading, with its traceback, once for the report."""
    parts: list[RenderableType] = [
        Text.assemble(("Error: ", "bold magenta"), visible(result.load_error))
    ]
    # Each exercise carries the same traceback of the load error: show it once.
    traceback = next((e.traceback for e in result.exercises if e.traceback), None)
    if traceback:
        parts.append(Text("Your traceback:", style="bold"))
        parts.append(Text(visible(traceback.rstrip())))
    if result.load_error_advice:
        parts.append(
            Text.assemble(("What to do: ", "bold cyan"), visible(result.load_error_advice))
        )
    return Panel(
        Group(*parts),
        title=Text("Your file could not be loaded", "bold red"),
        title_align="left",
        border_style=STATUS_STYLE["error"],
    )


def exercise_panel(exercise: ExerciseResult) -> Panel:
    """The details of an exercise that did not pass."""
    parts: list[RenderableType] = []
    if exercise.error:
        parts.append(Text.assemble(("Error: ", "bold magenta"), visible(exercise.error)))
    for violation in exercise.violations:
        # Notebook violations already name their cell; generated line numbers would confuse.
        where = (
            f"line {violation.line}: "
            if violation.line and "(cell " not in violation.message
            else ""
        )
        parts.append(
            Text.assemble(("Rule broken: ", "bold red"), where, visible(violation.message))
        )
    # The matched mistake is the most targeted feedback, so it comes before the raw diffs.
    if exercise.mistake:
        parts.append(Text.assemble(("Known mistake: ", "bold yellow"), visible(exercise.mistake)))
    failing = [case for case in exercise.cases if not case.passed]
    # When the code could not run (timeout, crash), one example case says it all.
    limit = 1 if exercise.status == "error" else MAX_DETAILED_CASES
    skipped = sum(case.call_status == "skipped" for case in failing)
    shown = [case for case in failing if case.differences and case.call_status != "skipped"]
    shown = shown[:limit]
    for case in shown:
        parts.append(_case_details(case, already_said=exercise.error))
    if len(failing) > len(shown) and shown:
        more = len(failing) - len(shown) - skipped
        rest = [f"{more} more failing case(s)"] if more else []
        rest += [f"{skipped} not run after the timeout"] if skipped else []
        parts.append(Text(f"... and {', '.join(rest)}", "dim"))
    if exercise.traceback:
        parts.append(Text("Your traceback:", style="bold"))
        parts.append(Text(visible(exercise.traceback.rstrip())))
    if len(exercise.hints) == 1:
        parts.append(Text.assemble(("Hint: ", "bold cyan"), visible(exercise.hints[0].strip())))
    elif exercise.hints:  # several: numbered, in the spec's order
        parts.append(Text("Hints:", "bold cyan"))
        # A grid, so that a hint that wraps goes on under its text, not under its number.
        hints = Table.grid(padding=(0, 1))
        hints.add_column(no_wrap=True)
        hints.add_column()
        for number, hint in enumerate(exercise.hints, start=1):
            hints.add_row(Text(f"{number}.", "bold cyan"), Text(visible(hint.strip())))
        parts.append(hints)
    return Panel(
        Group(*parts),
        title=_panel_title(exercise),
        title_align="left",
        border_style=STATUS_STYLE[exercise.status],
    )


def _panel_title(exercise: ExerciseResult) -> Text:
    """``FAIL even_rows — Q1: even rows``: the status first, because rich cuts a title too wide
    for the terminal at its end; the entry's name only when it is not the exercise's id."""
    status = exercise.status
    entry = f" ({visible(exercise.entry)})" if exercise.entry != exercise.id else ""
    return Text.assemble(
        (STATUS_WORD[status], STATUS_STYLE[status]),
        " ",
        (visible(exercise.id), "bold"),
        f"{entry} — {visible(exercise.title)}",
    )


def _case_details(case: CaseResult, already_said: str | None = None) -> RenderableType:
    """A failing case: its inputs and differences, except a difference whose message is
    ``already_said`` (the exercise's error, which the first errored case's message became)."""
    if case.hidden:
        raised = case.call_status == "raised"
        checks = ", ".join(sorted({_hidden_check(d, raised) for d in case.differences}))
        return Text(
            visible(f"Hidden case {case.case_id} failed ({checks}); its inputs are not shown.")
        )
    parts: list[RenderableType] = [Text(f"Case {visible(case.label)}", style="bold underline")]
    if case.inputs:
        inputs = "; ".join(f"{name} = {text}" for name, text in case.inputs.items())
        parts.append(Text(f"inputs: {visible(inputs)}", style="dim"))
    for difference in case.differences:
        if difference.message != already_said:
            parts.append(_difference_details(difference))
    return Group(*parts)


def _hidden_check(difference: Difference, raised: bool) -> str:
    """A hidden case's failed check; when the call ``raised``, with the exception's type
    (``raises RuntimeError``): it tells what went wrong without the message, which could quote
    the inputs."""
    if raised and difference.check == "raises" and isinstance(difference.got, str):
        return f"raises {difference.got.split(':', 1)[0]}"
    return difference.check


def _difference_details(difference: Difference) -> RenderableType:
    parts: list[RenderableType] = [
        Text.assemble((f"✗ {visible(difference.check)}: ", "bold red"), visible(difference.message))
    ]
    expected, got = difference.expected, difference.got
    if isinstance(expected, np.ndarray) and isinstance(got, np.ndarray):
        parts.append(_side_by_side(expected, got, difference))
        stats = []
        if difference.max_abs_error is not None:
            stats.append(f"max abs error {difference.max_abs_error:.4g}")
        if difference.max_rel_error is not None:
            stats.append(f"max rel error {difference.max_rel_error:.4g}")
        if difference.rtol is not None and (difference.rtol or difference.atol):
            stats.append(f"allowed: rtol {difference.rtol:g}, atol {difference.atol:g}")
        elif difference.rtol is not None:
            stats.append("compared exactly")
        if stats:
            parts.append(Text(", ".join(stats), style="dim"))
    if difference.explanation:  # indented as a whole, wrapped lines too
        parts.append(Padding(Text(visible(difference.explanation), style="italic"), (0, 0, 0, 2)))
    return Group(*parts)


def _side_by_side(expected: np.ndarray, got: np.ndarray, difference: Difference) -> Table:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("expected", style="green")
    table.add_column("got")
    if expected.size <= MAX_GRID_ELEMENTS and expected.ndim <= 2 and expected.shape == got.shape:
        mismatch = {tuple(index) for index in np.argwhere(~_close_mask(expected, got, difference))}
        table.add_row(_grid(expected, set()), _grid(got, mismatch))
        return table
    # Large or high-dimensional: list the first differing elements instead of the whole array.
    flat_ok = expected.shape == got.shape
    for index in difference.indices[:MAX_LISTED_INDICES]:
        key = tuple(index)
        left = _format_number(expected[key]) if flat_ok else "?"
        right = _format_number(got[key]) if flat_ok else "?"
        table.add_row(f"[{', '.join(map(str, key))}] {left}", Text(right, style="bold red"))
    if difference.mismatched and difference.mismatched > MAX_LISTED_INDICES:
        table.add_row(f"... {difference.mismatched - MAX_LISTED_INDICES} more", "")
    return table


def _close_mask(expected: np.ndarray, got: np.ndarray, difference: Difference) -> np.ndarray:
    if expected.dtype == bool or got.dtype == bool or expected.dtype.kind == "c":
        return expected == got
    return np.isclose(
        got.astype(np.float64),
        expected.astype(np.float64),
        rtol=difference.rtol or 0.0,
        atol=difference.atol or 0.0,
        equal_nan=True,
    )


def _grid(array: np.ndarray, highlight: set[tuple[int, ...]]) -> Text:
    """A 0/1/2-D array as text, elements in ``highlight`` in bold red."""
    text = Text()
    if array.ndim == 0:
        text.append(_format_number(array[()]), style="bold red" if () in highlight else None)
        return text
    rows = [array] if array.ndim == 1 else list(array)
    cells = [[_format_number(value) for value in row] for row in rows]
    width = max((len(cell) for row in cells for cell in row), default=1)
    for row_index, row in enumerate(cells):
        text.append("[" if row_index == 0 or array.ndim == 1 else " [")
        for column, cell in enumerate(row):
            key = (column,) if array.ndim == 1 else (row_index, column)
            text.append(cell.rjust(width), style="bold red" if key in highlight else None)
            if column < len(row) - 1:
                text.append(", ")
        text.append("]")
        if row_index < len(cells) - 1:
            text.append("\n")
    if array.ndim == 2:
        text = Text("[") + text + Text("]")
    return text


def _format_number(value: Any) -> str:
    if isinstance(value, np.bool_ | bool):
        return str(bool(value))
    if isinstance(value, np.integer | int):
        return str(int(value))
    if isinstance(value, np.floating | float):
        return f"{float(value):.4g}"
    return visible(value)  # a string array's element, say


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "(" + ", ".join(map(str, value)) + ("," if len(value) == 1 else "") + ")"
    return str(value)


def _number(value: float) -> str:
    return f"{value:g}"


def _clip(text: str) -> str:
    return text if len(text) <= MAX_OUTPUT_CHARS else text[:MAX_OUTPUT_CHARS] + "\n... (cut)"


def _score_line(result: AssignmentResult) -> Text:
    passed = sum(1 for exercise in result.exercises if exercise.status == "pass")
    not_started = len(result.not_started_exercises)
    to_write = f", {not_started} not written yet" if not_started else ""
    style = "bold green" if result.all_passed else "bold"
    return Text.assemble(
        ("Score: ", "bold"),
        (f"{_number(result.score)} / {_number(result.max_score)}", style),
        f"   ({passed} of {len(result.exercises)} exercises pass{to_write}, "
        f"{result.duration:.2f} s)",
    )
