"""`gradekit grade`: what the command does, and the fast way in for a plain command line.

:func:`run_grade` is the command itself; the Typer command in
:mod:`gradekit.gradebook.commands` parses its options and calls it. Importing Typer and parsing
through its pydantic adapters costs a few hundred milliseconds of start-up (a CI job that grades
one push pays it every time), so the program's entry point first tries
:func:`plain_grade_options`, a quick parse that understands a grade command line written the
usual way (known options, valid values, one folder) and says None for anything else
(``--help``, a typo, a bad value): Typer then handles that command line exactly as before,
messages included. A test keeps the quick parse equal to Typer's on every command line it
accepts. This module imports nothing heavy at import time.
"""

from __future__ import annotations

import contextlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gradekit.console import print_error
from gradekit.plain_command_line import split_plain_command_line
from gradekit.sandbox.environment import BACKENDS, import_numpy_single_threaded

if TYPE_CHECKING:
    from gradekit.grading.early_sandbox import BatchZygotes

EXIT_OK, EXIT_GRADER_ERRORS, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130  # like a shell reports SIGINT
DEFAULT_DB = Path("gradebook.sqlite")
INTERRUPTED = (
    "interrupted: every submission graded so far is saved; run the same command again to grade "
    "the rest"
)

# The options of `gradekit grade` (tests/cli keeps these in step with the Typer command).
VALUE_OPTIONS = {
    "--assignment": "assignment",
    "-a": "assignment",
    "--db": "db",
    "--jobs": "jobs",
    "-j": "jobs",
    "--backend": "backend",
    "--disable-sandbox-layer": "disable_layer",
}
FLAGS = {"--force": "force", "--allow-weak-sandbox": "allow_weak_sandbox", "--json": "as_json"}


@dataclass(frozen=True)
class GradeOptions:
    """A parsed `gradekit grade` command line (the defaults are the command's)."""

    submissions: Path
    assignment: Path
    db: Path = DEFAULT_DB
    jobs: int = 0
    force: bool = False
    backend: str | None = None  # None: the assignment's
    allow_weak_sandbox: bool = False
    as_json: bool = False
    disable_layer: tuple[str, ...] = ()


def plain_grade_options(arguments: list[str]) -> GradeOptions | None:
    """The options of ``grade SUBMISSIONS --assignment SPEC [options]`` (``arguments`` follow
    the program name), or None when it is not a grade or not written the plain way."""
    parsed = split_plain_command_line(
        arguments, "grade", VALUE_OPTIONS, FLAGS, repeatable=frozenset({"disable_layer"})
    )
    if parsed is None:
        return None
    positionals, values, flags = parsed.positionals, parsed.values, parsed.flags
    if len(positionals) != 1 or not positionals[0] or "assignment" not in values:
        return None
    if values.get("backend", "auto") not in BACKENDS:
        return None
    jobs = values.get("jobs", "0")
    if not jobs.isascii() or not jobs.isdigit():  # click's int: also "+2", " 2"… let it
        return None
    return GradeOptions(
        submissions=Path(positionals[0]),
        assignment=Path(values["assignment"]),
        db=Path(values["db"]) if "db" in values else DEFAULT_DB,
        jobs=int(jobs),
        force="force" in flags,
        backend=values.get("backend"),
        allow_weak_sandbox="allow_weak_sandbox" in flags,
        as_json="as_json" in flags,
        disable_layer=tuple(parsed.repeated["disable_layer"]),
    )


def run_plain_grade(arguments: list[str]) -> int | None:
    """Run ``arguments`` as a grade when they are a plain grade command line (the exit code),
    else None (the caller hands them to Typer)."""
    options = plain_grade_options(arguments)
    if options is None:
        return None
    try:
        return run_grade(options)
    except KeyboardInterrupt:  # before grading started (run_grade handles it after)
        sys.stderr.write("Aborted!\n")  # as click says it
        return EXIT_GRADER_ERRORS


def run_grade(options: GradeOptions) -> int:
    """Grade every submission of ``options.submissions`` into the gradebook and print the
    summary; returns the exit code (docs/batch.md)."""
    from gradekit.spec.discovery import assignment_problem

    problem = submissions_problem(options.submissions) or assignment_problem(options.assignment)
    if problem:
        return _usage_error(problem)
    from gradekit.grading.early_sandbox import BatchZygotes

    # The workers' zygotes start now: their start-up (numpy, the backend) runs alongside the
    # imports, the plans and the reference answers below (docs/batch.md).
    zygotes = BatchZygotes.start(
        options.submissions,
        options.assignment,
        backend=options.backend,
        jobs=options.jobs,
        disabled_layers=options.disable_layer,
    )
    with zygotes or contextlib.nullcontext():
        return _run_grade(options, zygotes)


def _run_grade(options: GradeOptions, zygotes: BatchZygotes | None) -> int:
    # numpy first, with one BLAS thread: the threads a multi-threaded BLAS starts at import
    # spin on the cores where the zygotes are importing (about 50 ms of this process's CPU
    # before its workers are ready), and the forked workers inherit this numpy.
    import_numpy_single_threaded()
    import sqlite3

    from gradekit.gradebook.schema import GradebookSchemaError
    from gradekit.gradebook.store import write_error
    from gradekit.grading.batch import BatchError, PolicySettings, grade_batch
    from gradekit.grading.reference import ReferenceSolutionError
    from gradekit.sandbox.policy import SandboxUnavailable
    from gradekit.spec.errors import SpecError

    policy = PolicySettings(
        require_tier=1,
        allow_weak=options.allow_weak_sandbox,
        disabled_layers=options.disable_layer,
    )
    progress = _Progress(enabled=not options.as_json and sys.stderr.isatty())
    try:
        with progress:
            summary = grade_batch(
                options.submissions,
                options.assignment,
                db_path=options.db,
                jobs=options.jobs,
                force=options.force,
                backend=options.backend,
                policy=policy,
                on_start=progress.start,
                on_result=progress.advance,
                on_interrupt=progress.stopping,
                zygotes=zygotes,
            )
    except KeyboardInterrupt:  # before the run started: nothing was recorded
        _ignore_further_interrupts()
        if options.as_json:
            sys.stdout.write(json.dumps({"run_id": None, "graded": 0, "interrupted": True}) + "\n")
        sys.stderr.write(INTERRUPTED + "\n")
        return EXIT_INTERRUPTED
    except SpecError as error:
        return _usage_error(f"invalid assignment spec:\n{error}")
    except (BatchError, SandboxUnavailable, GradebookSchemaError, ReferenceSolutionError) as error:
        return _usage_error(str(error))
    except sqlite3.OperationalError as error:  # a write failed mid-batch: locked, disk full…
        return _usage_error(
            f"{write_error(options.db, error, 'cannot write the gradebook')}; every "
            "submission recorded before this is kept "
            "(run the same command again to grade the rest)"
        )
    if summary.interrupted:
        _ignore_further_interrupts()
    if options.as_json:
        sys.stdout.write(json.dumps(summary.to_json(), indent=2) + "\n")
    else:
        _print_summary(summary, options.db)
    if summary.interrupted:
        sys.stderr.write(INTERRUPTED + "\n")
        # 130 after Ctrl-C, 143 after SIGTERM: what a shell reports for a command they killed.
        return 128 + summary.stop_signal if summary.stop_signal else EXIT_INTERRUPTED
    return EXIT_GRADER_ERRORS if summary.grader_errors else EXIT_OK


def submissions_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be the SUBMISSIONS folder (it does not exist, or is a file), or
    None when it is a folder."""
    if folder.is_dir():
        return None
    if not folder.exists():
        return f"{folder}: no such folder (SUBMISSIONS is a folder with one entry per student)"
    return (
        f"{folder}: a file, not a folder; SUBMISSIONS is the folder that holds one entry per "
        f"student (e.g. {folder.parent}/ if it holds the whole class)"
    )


def _ignore_further_interrupts() -> None:
    """The batch has stopped and says what it kept: a Ctrl-C more must not cut that short
    with a traceback (everything is already stopped and recorded)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _usage_error(message: str) -> int:
    print_error(message)
    return EXIT_USAGE


class _Progress:
    """A rich progress bar with passed / failed / errored counts and an ETA (stderr)."""

    def __init__(self, *, enabled: bool, console: Any = None) -> None:
        self.enabled = enabled
        self._console = console  # None: a rich Console on stderr
        self.counts = {"passed": 0, "failed": 0, "errored": 0, "skipped": 0, "grader": 0}
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> _Progress:
        return self

    def _show(self) -> None:
        """Start the live bar. Not before grading starts: its refresh thread would keep the
        batch from forking its workers (see gradekit.grading.batch.WorkerPool)."""
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            # No elapsed-time column: with "N not graded" it no longer fitted 80 columns and
            # rich cut the times to "0:00:…" (the summary gives the duration at the end).
            self._progress = Progress(
                TextColumn("grading"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[counts]}"),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=self._console or Console(stderr=True),
                transient=False,
            )
            self._progress.__enter__()

    def __exit__(self, *exc_info: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(*exc_info)

    def _text(self) -> str:
        c = self.counts
        text = f"[green]{c['passed']} passed[/] [yellow]{c['failed']} failed[/] "
        text += f"[red]{c['errored']} errored[/]"
        if c["grader"]:
            text += f" [bold red]{c['grader']} not graded[/]"
        return text

    def start(self, to_grade: int, skipped: int) -> None:
        self.counts["skipped"] = skipped
        self._show()
        if self._progress is not None:
            if skipped:
                self._progress.console.print(
                    f"{skipped} submission(s) unchanged since they were graded: skipped "
                    "(--force regrades them)"
                )
            self._task = self._progress.add_task("grade", total=to_grade, counts=self._text())

    def stopping(self, in_progress: int) -> None:
        """Say at once what a Ctrl-C does (the batch then cancels the runs in flight)."""
        what = (
            f"{in_progress} submission(s) in progress will be discarded (the next run grades "
            "them); everything graded so far is kept"
            if in_progress
            else "everything graded so far is kept"
        )
        message = f"stopping: {what} (Ctrl-C again to stop now)"
        if self._progress is not None:
            self._progress.console.print(message, markup=False, highlight=False)
        else:
            sys.stderr.write(message + "\n")
            sys.stderr.flush()

    def advance(self, kind: str, entry: Any, record: dict[str, Any] | None) -> None:
        if kind == "skipped":
            return
        if kind == "error":
            self.counts["grader"] += 1
        elif record is not None:
            name = {"pass": "passed", "fail": "failed", "error": "errored"}[record["status"]]
            self.counts[name] += 1
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=1, counts=self._text())


def _print_summary(summary: Any, db: Path) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from gradekit.sandbox.sanitize import show_controls

    def one_line(text: str) -> str:
        # Newlines and tabs too, unlike a student's output: a name shown on one line must not
        # start another (a file named "x\nnot graded alice: …" would add a line of its own).
        return show_controls(text).replace("\n", "\\n").replace("\t", "\\t")

    # Student ids, entry names and reasons come from the submissions' file names: their
    # control characters are written out, never sent to the instructor's terminal.
    console = Console(stderr=True, highlight=False)
    table = Table(title=f"{summary.assignment_id}: run {summary.run_id}", title_justify="left")
    # submissions = graded + skipped + not graded; graded = passed + failed + errored.
    columns = ("submissions", "graded", "skipped", "not graded", "passed", "failed", "errored")
    for column in columns:
        table.add_column(column, justify="right")
    not_graded = len(summary.grader_errors)
    table.add_row(
        str(summary.total),
        str(summary.graded),
        str(summary.skipped),
        f"[bold red]{not_graded}[/]" if not_graded else "0",
        f"[green]{summary.passed}[/]",
        f"[yellow]{summary.failed}[/]",
        f"[red]{summary.errored}[/]",
    )
    console.print(table)
    if summary.students:
        scores = Table(title="graded in this run", title_justify="left")
        # A regrade (a resubmission, a changed assignment) shows the score it replaces.
        regrades = any(s["previous_score"] is not None for s in summary.students)
        for column in ("student", "score", "status", *(["before"] if regrades else [])):
            scores.add_column(column)
        for student in summary.by_student(summary.students):
            style = {"pass": "green", "fail": "yellow", "error": "red"}[student["status"]]
            previous = student["previous_score"]
            scores.add_row(
                escape(one_line(student["student"])),  # a file name is not rich markup
                f"{student['score']:g} / {student['max_score']:g}",
                f"[{style}]{student['status']}[/]",
                *([] if not regrades else ["—" if previous is None else f"{previous:g}"]),
            )
        console.print(scores)
    # Paths and reasons are printed whole (soft_wrap), so they can be copied and grepped.
    for problem in summary.by_student(summary.grader_errors):
        console.print(
            Text.assemble(
                ("not graded ", "bold red"),
                one_line(f"{problem['student']}: {problem['error']}"),
            ),
            soft_wrap=True,
        )
    if summary.regraded_after_spec_change:
        console.print(
            f"{summary.regraded_after_spec_change} unchanged submission(s) regraded: the "
            "assignment changed since they were graded (its YAML, reference solution, backend "
            "or the gradekit version); their earlier grades stay in each student's history",
            markup=False,
            soft_wrap=True,
        )
    if summary.interrupted_runs:
        runs = ", ".join(str(run) for run in summary.interrupted_runs)
        console.print(
            f"marked interrupted: run(s) {runs}, whose grader was killed before finishing "
            "(what they graded is kept)",
            markup=False,
            soft_wrap=True,
        )
    if summary.ignored:
        console.print(
            one_line(f"ignored (not a student entry): {', '.join(summary.ignored)}"),
            markup=False,
            soft_wrap=True,
        )
    console.print(
        f"{summary.duration:.1f} s; sandbox tier {summary.sandbox_tier}; gradebook: {db}",
        markup=False,
        soft_wrap=True,
    )
