"""The ``gradekit grade`` and ``gradekit export`` commands (cli.py registers these functions).

Exit codes: 0 when every submission was graded (whatever the students scored), 1 when some
submission could not be graded at all (a grader-side error, listed), 2 for usage errors: a
missing folder, an invalid spec, clashing student ids, an unusable gradebook, or a sandbox
below tier 1 without ``--allow-weak-sandbox``; 130 when interrupted with Ctrl-C (what was
graded is kept). Messages are one actionable line, no traceback.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from gradekit.console import print_error
from gradekit.gradebook.grade_command import (  # noqa: F401 - the exit codes are this module's too
    DEFAULT_DB,
    EXIT_GRADER_ERRORS,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
)


class StudentBackend(str, Enum):
    auto = "auto"
    engine = "engine"
    torch = "torch"


def _fail(message: str) -> NoReturn:
    print_error(message)
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
        int, typer.Option("--jobs", "-j", min=0, help="Grading workers (0 = one per core).")
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
    from gradekit.gradebook.grade_command import GradeOptions, run_grade

    options = GradeOptions(
        submissions=submissions,
        assignment=assignment,
        db=db,
        jobs=jobs,
        force=force,
        backend=backend.value if backend else None,
        allow_weak_sandbox=allow_weak_sandbox,
        as_json=as_json,
        disable_layer=tuple(disable_layer or ()),
    )
    raise typer.Exit(run_grade(options))


# --------------------------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------------------------


def _same_output(first: Path, second: Path) -> bool:
    if "-" in (str(first), str(second)):
        return str(first) == str(second)
    return first.absolute().resolve() == second.absolute().resolve()


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
    roster: Annotated[
        Path | None,
        typer.Option(
            "--roster",
            help="Students who should have submitted (one id per line, or a CSV with a "
            "'student' column): those without a submission get a row with status 'missing'.",
        ),
    ] = None,
    excel: Annotated[
        bool,
        typer.Option(
            "--excel",
            help="Start the CSV with a UTF-8 byte order mark so that Excel reads accented "
            "names correctly (off by default: other tools do not need it).",
        ),
    ] = False,
) -> None:
    """Export every student's current grade from the gradebook as CSV and/or JSON.

    One row per student: graded, submitted but ungradable, and (with --roster) missing.
    The grade_status column says which; a row without a grade has a blank score, not 0."""
    from gradekit.gradebook.export import export_csv, export_json
    from gradekit.gradebook.queries import GradebookQueryError, SeveralAssignments
    from gradekit.gradebook.roster import RosterError, load_roster
    from gradekit.gradebook.schema import GradebookSchemaError
    from gradekit.gradebook.store import connect

    if csv_path is None and json_path is None:
        _fail("nothing to export: pass --csv FILE and/or --json FILE ('-' for stdout)")
    if csv_path is not None and json_path is not None and _same_output(csv_path, json_path):
        where = "stdout" if str(csv_path) == "-" else str(csv_path)
        _fail(
            f"--csv and --json would both write to {where} (the JSON after the CSV): give each "
            "its own file, or export them one at a time"
        )
    students = None
    if roster is not None:
        try:
            students = load_roster(roster)
        except RosterError as error:
            _fail(str(error))
    try:
        connection = connect(db, readonly=True)
    except GradebookSchemaError as error:
        _fail(str(error))
    try:
        outputs = []
        if csv_path is not None:
            text = export_csv(connection, assignment_id, roster=students, excel=excel)
            outputs.append((csv_path, text))
        if json_path is not None:
            text = export_json(connection, assignment_id, roster=students)
            outputs.append((json_path, text + "\n"))
    except SeveralAssignments as error:
        _fail(
            f"{db} holds several assignments: pass --assignment-id with one of "
            f"{', '.join(error.choices)}"
        )
    except GradebookQueryError as error:
        _fail(f"{db}: {error}")
    finally:
        connection.close()
    for path, text in outputs:
        if str(path) == "-":
            sys.stdout.write(text)
            continue
        if not path.parent.is_dir():  # never created: a mistyped path must not make folders
            what = "is not a folder" if path.parent.exists() else "does not exist"
            _fail(f"{path}: cannot write the export: {path.parent} {what}")
        try:
            path.write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            _fail(f"{path}: cannot write the export ({error.strerror or error})")
        typer.echo(f"wrote {path}", err=True)
