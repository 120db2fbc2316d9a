"""The ``gradekit grade`` and ``gradekit export`` commands (cli.py registers these functions).

Exit codes: 0 when every submission was graded (whatever the students scored), 1 when some
submission could not be graded at all (a grader-side error, listed), 2 for usage errors: a
missing folder, an invalid spec, clashing student ids, an unusable gradebook, or a sandbox
below tier 1 without ``--allow-weak-sandbox``; 130 when interrupted with Ctrl-C (what was
graded is kept). Messages are one actionable line, no traceback.
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

EXIT_OK, EXIT_GRADER_ERRORS, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130  # like a shell reports SIGINT
DEFAULT_DB = Path("gradebook.sqlite")


class StudentBackend(str, Enum):
    auto = "auto"
    engine = "engine"
    torch = "torch"


def _fail(message: str) -> NoReturn:
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False).print(
        Text.assemble(("error: ", "bold red"), message), soft_wrap=True
    )
    raise typer.Exit(EXIT_USAGE)


# --------------------------------------------------------------------------------------------
# grade
# --------------------------------------------------------------------------------------------


def grade_command(
    submissions: Annotated[
        Path,
        typer.Argument(
            help="Folder with one entry per student: alice.py, bob.ipynb, carol/ (a folder "
            "or cloned repository). The student id is the entry's name without extension."
        ),
    ],
    assignment: Annotated[
        Path, typer.Option("--assignment", "-a", help="The assignment YAML.", show_default=False)
    ],
    db: Annotated[Path, typer.Option("--db", help="The SQLite gradebook to fill.")] = DEFAULT_DB,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help="Parallel workers (0 = one per core).")
    ] = 0,
    force: Annotated[
        bool,
        typer.Option("--force", help="Regrade submissions already graded with this exact spec."),
    ] = False,
    backend: Annotated[
        StudentBackend | None,
        typer.Option(help="What `import torch` means in submissions. Default: the assignment's."),
    ] = None,
    allow_weak_sandbox: Annotated[
        bool,
        typer.Option(
            "--allow-weak-sandbox",
            help="Grade even when this machine cannot give sandbox tier 1 (Landlock, seccomp, "
            "subreaper). Without it, batch grading refuses to run below tier 1.",
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the batch summary as JSON on stdout.")
    ] = False,
    disable_layer: Annotated[
        list[str] | None,
        typer.Option(
            "--disable-sandbox-layer",
            hidden=True,
            help="Turn a sandbox layer off (diagnostics and tests of the fail-closed rule).",
        ),
    ] = None,
) -> None:
    """Grade every student's submission in a folder into a SQLite gradebook."""
    from gradekit.gradebook.schema import GradebookSchemaError
    from gradekit.grading.batch import BatchError, PolicySettings, grade_batch
    from gradekit.grading.reference import ReferenceSolutionError
    from gradekit.sandbox.policy import SandboxUnavailable
    from gradekit.spec import SpecError

    if not submissions.is_dir():
        _fail(f"{submissions}: expected a folder with one entry per student")
    if not assignment.is_file():
        _fail(f"{assignment}: assignment YAML not found")
    policy = PolicySettings(
        require_tier=1, allow_weak=allow_weak_sandbox, disabled_layers=tuple(disable_layer or ())
    )
    progress = _Progress(enabled=not as_json and sys.stderr.isatty())
    try:
        with progress:
            summary = grade_batch(
                submissions,
                assignment,
                db_path=db,
                jobs=jobs,
                force=force,
                backend=backend.value if backend else None,
                policy=policy,
                on_start=progress.start,
                on_result=progress.advance,
            )
    except KeyboardInterrupt:
        typer.echo(
            "interrupted: every submission graded so far is saved; run the same command again "
            "to grade the rest",
            err=True,
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except SpecError as error:
        _fail(f"invalid assignment spec:\n{error}")
    except (BatchError, SandboxUnavailable, GradebookSchemaError, ReferenceSolutionError) as error:
        _fail(str(error))
    if as_json:
        sys.stdout.write(json.dumps(summary.to_json(), indent=2) + "\n")
    else:
        _print_summary(summary, db)
    raise typer.Exit(EXIT_GRADER_ERRORS if summary.grader_errors else EXIT_OK)


class _Progress:
    """A rich progress bar with passed / failed / errored counts and an ETA (stderr)."""

    def __init__(self, *, enabled: bool) -> None:
        self.enabled = enabled
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
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("grading"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[counts]}"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
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

    console = Console(stderr=True, highlight=False)
    table = Table(title=f"{summary.assignment_id}: run {summary.run_id}", title_justify="left")
    for column in ("submissions", "graded", "skipped", "passed", "failed", "errored", "seconds"):
        table.add_column(column, justify="right")
    table.add_row(
        str(summary.total),
        str(summary.graded),
        str(summary.skipped),
        f"[green]{summary.passed}[/]",
        f"[yellow]{summary.failed}[/]",
        f"[red]{summary.errored}[/]",
        f"{summary.duration:.1f}",
    )
    console.print(table)
    if summary.students:
        scores = Table(title="graded in this run", title_justify="left")
        for column in ("student", "score", "status"):
            scores.add_column(column)
        for student in sorted(summary.students, key=lambda s: s["student"]):
            style = {"pass": "green", "fail": "yellow", "error": "red"}[student["status"]]
            scores.add_row(
                escape(student["student"]),  # a file name is not rich markup
                f"{student['score']:g} / {student['max_score']:g}",
                f"[{style}]{student['status']}[/]",
            )
        console.print(scores)
    # Paths and reasons are printed whole (soft_wrap), so they can be copied and grepped.
    for problem in summary.grader_errors:
        console.print(
            Text.assemble(("not graded ", "bold red"), f"{problem['student']}: {problem['error']}"),
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
            f"ignored (not a student entry): {', '.join(summary.ignored)}",
            markup=False,
            soft_wrap=True,
        )
    console.print(
        f"sandbox tier {summary.sandbox_tier}; gradebook: {db}", markup=False, soft_wrap=True
    )


# --------------------------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------------------------


def export_command(
    db: Annotated[Path, typer.Option("--db", help="The gradebook to read.")] = DEFAULT_DB,
    csv_path: Annotated[
        Path | None,
        typer.Option(
            "--csv", help="Write one row per student, a column per exercise ('-' = stdout)."
        ),
    ] = None,
    json_path: Annotated[
        Path | None,
        typer.Option("--json", help="Write the current grades as JSON ('-' = stdout)."),
    ] = None,
    assignment_id: Annotated[
        str | None,
        typer.Option("--assignment-id", help="Which assignment, when the gradebook holds several."),
    ] = None,
) -> None:
    """Export every student's current grade from the gradebook as CSV and/or JSON."""
    from gradekit.gradebook.export import export_csv, export_json
    from gradekit.gradebook.queries import GradebookQueryError
    from gradekit.gradebook.schema import GradebookSchemaError
    from gradekit.gradebook.store import connect

    if csv_path is None and json_path is None:
        _fail("nothing to export: pass --csv FILE and/or --json FILE ('-' for stdout)")
    try:
        connection = connect(db, readonly=True)
    except GradebookSchemaError as error:
        _fail(str(error))
    try:
        outputs = []
        if csv_path is not None:
            outputs.append((csv_path, export_csv(connection, assignment_id)))
        if json_path is not None:
            outputs.append((json_path, export_json(connection, assignment_id) + "\n"))
    except GradebookQueryError as error:
        _fail(f"{db}: {error}")
    finally:
        connection.close()
    for path, text in outputs:
        if str(path) == "-":
            sys.stdout.write(text)
            continue
        try:
            path.write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            _fail(f"{path}: cannot write the export ({error.strerror})")
        typer.echo(f"wrote {path}", err=True)
