"""The ``gradekit`` command line: a thin Typer layer over spec, grading and report.

Exit codes (all commands): 0 success / every exercise passes, 1 some exercise fails (or
``validate`` finds a problem), 2 usage error, unreadable submission or invalid spec (printed as
file:line, never a traceback).
"""

from __future__ import annotations

import importlib
import json
import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from typer.core import TyperGroup

import gradekit
from gradekit.check_command import (
    CheckOptions,
    CheckUsageError,
    load_spec,
    run_check,
)
from gradekit.console import print_error

if TYPE_CHECKING:  # imported where used: rich costs start-up time that json output never needs
    from rich.console import Console
    from typer._click import Command  # typer's own copy of click's Command class

    from gradekit.spec.models import Assignment

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

# Commands whose code lives in other packages, imported only when one of them runs (or --help
# lists them): their imports (sqlite, the web report, numpy) would otherwise slow down every
# `gradekit check`. name -> (module, attribute: a command function or a Typer sub-app).
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "init": ("gradekit.integrations.commands", "init_app"),
    "package": ("gradekit.integrations.commands", "package_app"),
    "grade": ("gradekit.gradebook.commands", "grade_command"),
    "export": ("gradekit.gradebook.commands", "export_command"),
    "serve-report": ("gradekit.report.web.commands", "serve_report_command"),
    "report": ("gradekit.report.web.commands", "report_command"),
    "server": ("gradekit.check_server.commands", "server_app"),
}


class LazyCommandGroup(TyperGroup):
    """The top-level group: the commands defined here, plus :data:`LAZY_COMMANDS` on demand."""

    def list_commands(self, ctx: typer.Context) -> list[str]:
        return [*super().list_commands(ctx), *LAZY_COMMANDS]

    def get_command(self, ctx: typer.Context, cmd_name: str) -> Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            self.add_command(_load_lazy_command(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)


def _load_lazy_command(name: str) -> Command:
    """Import one of :data:`LAZY_COMMANDS` and turn it into a click command, as Typer would."""
    module_name, attribute = LAZY_COMMANDS[name]
    target = getattr(importlib.import_module(module_name), attribute)
    holder = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    if isinstance(target, typer.Typer):
        holder.add_typer(target, name=name)
    else:
        holder.command(name=name)(target)
    return typer.main.get_group(holder).commands[name]


app = typer.Typer(
    name="gradekit",
    cls=LazyCommandGroup,
    help="Autograder for PyTorch tensor and autograd exercises.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class Backend(str, Enum):
    auto = "auto"
    engine = "engine"
    torch = "torch"


class OutputFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    classroom50 = "classroom50"
    gradescope = "gradescope"
    prairielearn = "prairielearn"
    junit = "junit"


def _stderr() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def _usage_error(message: str) -> NoReturn:
    """Print an actionable message (no traceback) and exit with the usage/spec error code."""
    print_error(message)
    raise typer.Exit(EXIT_USAGE)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"gradekit {gradekit.__version__}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version_callback, is_eager=True, help="Show the version."
        ),
    ] = False,
) -> None:
    """Autograder for PyTorch tensor and autograd exercises."""


# ---------------------------------------------------------------------------------------------
# check


@app.command()
def check(
    submission: Annotated[Path, typer.Argument(help="The student's .py or .ipynb file.")],
    assignment: Annotated[
        Path | None,
        typer.Option(
            "--assignment",
            "-a",
            help="Assignment YAML. Default: discovered from the submission's folder upwards: "
            'a gradekit.toml (assignment = "path.yaml") or pyproject.toml '
            "(\\[tool.gradekit] assignment = ...), else an exercises/ folder: its only YAML, or "
            "the one whose student_file is the submission's name.",
        ),
    ] = None,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", help="Grade only this exercise id (repeat for several)."),
    ] = None,
    backend: Annotated[
        Backend | None,
        typer.Option(
            help="What `import torch` means for the submission. Default: the assignment's "
            "(auto = real torch when installed, else gradekit's engine)."
        ),
    ] = None,
    output_format: Annotated[
        OutputFormat,
        typer.Option(
            "--format",
            metavar="FORMAT",  # the help names them all; the full list squeezed the columns
            help="text for people, json for tools; github, classroom50, gradescope, "
            "prairielearn, junit for CI and grading platforms (docs/ci.md).",
        ),
    ] = OutputFormat.text,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the report to this file instead of stdout."),
    ] = None,
    no_hidden: Annotated[
        bool, typer.Option("--no-hidden", help="Skip hidden cases (faster local checks).")
    ] = False,
    all_cases: Annotated[
        bool,
        typer.Option(
            "--all-cases",
            help="Run every case, even after one of an exercise's cases timed out. The text report "
            "skips the rest of an exercise after a timeout (an endless loop would cost each "
            "case its whole time limit); the other formats always run every case.",
        ),
    ] = False,
    reference_backend: Annotated[
        Backend,
        typer.Option(
            hidden=True,
            help="Backend of the reference solution; the product uses the engine, differential "
            "tests point it at torch.",
        ),
    ] = Backend.engine,
    refresh_sandbox_probe: Annotated[
        bool,
        typer.Option(
            "--refresh-sandbox-probe",
            help="Probe which sandbox layers work on this machine afresh instead of using the "
            "cached answer (docs/security.md).",
        ),
    ] = False,
) -> None:
    """Grade a submission and show what differs for every failing exercise."""
    # A plain command line never gets here: gradekit/__main__.py runs it through check_command
    # directly, without Typer's start-up cost. The command itself lives there.
    options = CheckOptions(
        submission=submission,
        assignment=assignment,
        only=tuple(only or ()),
        backend=backend.value if backend is not None else None,
        output_format=output_format.value,
        output=output,
        no_hidden=no_hidden,
        all_cases=all_cases,
        reference_backend=reference_backend.value,
        refresh_sandbox_probe=refresh_sandbox_probe,
    )
    raise typer.Exit(run_check(options))


def _load_spec(path: Path, option: str) -> Assignment:  # spec import deferred: fast --help
    try:
        return load_spec(path, option)
    except CheckUsageError as error:  # every located problem, as file:line
        _usage_error(str(error))


# ---------------------------------------------------------------------------------------------
# validate


@app.command()
def validate(
    exercises: Annotated[
        Path, typer.Argument(help="An assignment YAML file or a folder of them.")
    ] = Path("exercises"),
    backend: Annotated[
        list[Backend] | None,
        typer.Option(
            help="Student backends to run the reference through (repeatable). "
            "Default: engine, plus torch when it is installed."
        ),
    ] = None,
    reference_backend: Annotated[
        Backend, typer.Option(hidden=True, help="Backend of the reference solution.")
    ] = Backend.engine,
) -> None:
    """Prove each reference solution scores 100% and every known mistake is caught."""
    from gradekit.grading.validation import default_backends, validate_assignment

    paths = sorted(exercises.glob("*.yaml")) if exercises.is_dir() else [exercises]
    if not paths:
        _usage_error(f"no *.yaml assignment files in {exercises}")
    backends = [b.value for b in backend] if backend else default_backends()
    all_good = True
    invalid = []  # every file is validated: an invalid one is reported, the others still run
    for path in paths:
        try:
            spec = load_spec(path, "`gradekit validate`")
        except CheckUsageError as error:  # every located problem, as file:line
            print_error(str(error))
            invalid.append(path)
            continue
        report = validate_assignment(
            spec,
            backends=backends,
            reference_backend="torch" if reference_backend is Backend.torch else "engine",
        )
        all_good &= report.ok
        for line in report.lines():
            typer.echo(line)
    if invalid:
        if len(paths) > 1:
            print_error(f"{len(invalid)} of {len(paths)} assignment files are invalid (see above)")
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_OK if all_good else EXIT_FAILED)


# ---------------------------------------------------------------------------------------------
# starter, schema, run


@app.command()
def starter(
    spec: Annotated[Path, typer.Argument(help="The assignment YAML.")],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write here instead of the spec's student_file (in the current directory); "
            "'-' prints to stdout.",
        ),
    ] = None,
) -> None:
    """Write the student's starter file for an assignment (never over an existing file)."""
    from gradekit.spec import render_starter

    assignment = _load_spec(spec, "`gradekit starter`")
    text = render_starter(assignment)
    if str(output) == "-":
        sys.stdout.write(text)
        return
    target = output if output is not None else Path(assignment.assignment.student_file)
    if target.is_dir():
        name = assignment.assignment.student_file
        _usage_error(f"{target} is a folder; give a file path (-o {target / name})")
    if target.exists():
        _usage_error(
            f"{target} already exists; refusing to overwrite a student's work "
            "(choose another file with -o FILE, or print with -o -)"
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)  # as check's --output does
        with target.open("x", encoding="utf-8") as starter_file:  # "x": never over a file
            starter_file.write(text)
    except OSError as error:
        _usage_error(f"cannot write {target}: {error.strerror or error}")
    _stderr().print(f"wrote {target}", markup=False)


@app.command()
def schema(
    check_output: Annotated[
        bool,
        typer.Option(
            "--check-output",
            help="Print the JSON Schema of `gradekit check --format json` instead.",
        ),
    ] = False,
) -> None:
    """Print the JSON Schema of the exercise YAML format (for editor completion)."""
    if check_output:
        from gradekit.report import OUTPUT_SCHEMA

        sys.stdout.write(json.dumps(OUTPUT_SCHEMA, indent=2) + "\n")
    else:
        from gradekit.spec.schema import schema_text

        # Exactly the committed docs/gradekit-spec.schema.json (a test keeps the two in sync).
        sys.stdout.write(schema_text())


@app.command(
    context_settings={
        "allow_extra_args": True,
        "ignore_unknown_options": True,
        # Everything after the script is the script's, as with `python script.py ...`.
        "allow_interspersed_args": False,
    }
)
def run(
    ctx: typer.Context,
    script: Annotated[Path, typer.Argument(help="A PyTorch script to run on gradekit's engine.")],
    backend: Annotated[
        Backend,
        typer.Option(
            help="engine: `import torch` is gradekit's engine; torch: real PyTorch (as "
            "`python SCRIPT` would run it); auto: torch when installed, else the engine. "
            "Give it before the script: what follows the script is the script's."
        ),
    ] = Backend.engine,
) -> None:
    """Run an ordinary PyTorch script with `import torch` resolved to gradekit's engine."""
    if not script.is_file():
        _usage_error(f"{script}: no such file")
    import importlib.util

    from gradekit.sandbox.environment import resolve_backend

    on_engine = resolve_backend(backend.value) == "engine"
    if not on_engine and importlib.util.find_spec("torch") is None:
        _usage_error("--backend torch: torch is not installed (pip install torch)")
    try:
        from gradekit.engine.alias import run_script, script_traceback
    except ImportError as error:
        _usage_error(f"gradekit's engine cannot run scripts here: {error}")
    try:
        run_script(script, list(ctx.args), on_engine=on_engine)
    except SystemExit:
        raise  # the script's own exit code, as under python
    except BaseException as error:  # printed as python prints an uncaught exception
        sys.stdout.flush()
        sys.stderr.write(script_traceback(error, script))
        raise typer.Exit(130 if isinstance(error, KeyboardInterrupt) else 1) from None
    raise typer.Exit(EXIT_OK)


# init, package, grade, export, serve-report and report are LAZY_COMMANDS (see the top).


if __name__ == "__main__":  # pragma: no cover
    app()
