"""The ``gradekit init …`` and ``gradekit package …`` commands (cli.py mounts these apps).

Each command validates its input, calls the matching integration module and prints what it
wrote. Problems are printed as one actionable line and exit with code 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from gradekit.console import print_error

EXIT_USAGE = 2

init_app = typer.Typer(
    help="Write CI / grading-platform files for an assignment.", no_args_is_help=True
)
package_app = typer.Typer(help="Build an autograder for a grading platform.", no_args_is_help=True)

AssignmentOption = Annotated[
    Path, typer.Option("--assignment", "-a", help="The assignment YAML.", show_default=False)
]
TorchOption = Annotated[
    bool,
    typer.Option(
        "--torch/--no-torch",
        help="Also install CPU PyTorch, so `import torch` in submissions is real torch "
        "(otherwise gradekit's engine stands in for it).",
    ),
]
ReferenceBackendOption = Annotated[
    str,
    typer.Option(hidden=True, help="Backend of the reference solution (tests point it at torch)."),
]


def _fail(message: str) -> NoReturn:
    print_error(message)
    raise typer.Exit(EXIT_USAGE)


def _warn(message: str) -> None:
    typer.echo(f"warning: {message}", err=True)


def _wrote(paths: list[Path]) -> None:
    for path in paths:
        typer.echo(f"wrote {path}", err=True)


def _check_reference_backend(value: str) -> None:
    if value not in ("engine", "torch"):
        _fail(f"--reference-backend must be engine or torch, not {value!r}")


@init_app.command("github")
def init_github_command(
    assignment: AssignmentOption,
    repository: Annotated[
        Path, typer.Option("--dir", help="The repository root to write into.")
    ] = Path("."),
    submission: Annotated[
        str | None,
        typer.Option(
            help="The student's file, relative to the repository root. "
            "Default: the assignment's student_file."
        ),
    ] = None,
    requirement: Annotated[
        str | None,
        typer.Option(
            "--install",
            help="What pip installs, e.g. 'git+https://github.com/ORG/gradekit@v0.1.0'. "
            "Default: a copy of this gradekit written to .github/gradekit/gradekit-src.",
        ),
    ] = None,
    torch: TorchOption = False,
    timeout: Annotated[int, typer.Option(help="Minutes the grading step may take.")] = 10,
    force: Annotated[
        bool,
        typer.Option(help="Replace an existing workflow (and a .github/gradekit/gradekit-src)."),
    ] = False,
) -> None:
    """Write .github/workflows/classroom.yml (GitHub Actions autograding) and the gradekit it
    installs."""
    from gradekit.integrations.bundle import BundleError
    from gradekit.integrations.github import InitError, init_github

    try:
        paths = init_github(
            repository,
            assignment,
            submission=submission,
            requirement=requirement,
            torch=torch,
            timeout_minutes=timeout,
            force=force,
            warn=_warn,
        )
    except (InitError, BundleError, OSError) as error:
        _fail(str(error))
    _wrote(paths)


@init_app.command("prairielearn")
def init_prairielearn_command(
    assignment: AssignmentOption,
    question: Annotated[
        Path, typer.Option("--dir", help="The PrairieLearn question folder to write into.")
    ] = Path("."),
    image: Annotated[
        str, typer.Option(help="Docker image of the grader (build it from grader-image/).")
    ] = "YOUR-ORG/gradekit-grader",
    timeout: Annotated[
        int | None,
        typer.Option(
            help="Seconds the grader may take (1-600). Default: what the assignment needs "
            "when every case runs into its time limit.",
            show_default=False,
        ),
    ] = None,
    torch: TorchOption = False,
    reference_backend: ReferenceBackendOption = "engine",
) -> None:
    """Write the external-grading files of a PrairieLearn question."""
    from gradekit.integrations.bundle import BundleError
    from gradekit.integrations.prairielearn import InitError, init_prairielearn

    _check_reference_backend(reference_backend)
    try:
        paths = init_prairielearn(
            question,
            assignment,
            image=image,
            timeout_seconds=timeout,
            torch=torch,
            reference_backend=reference_backend,
            warn=_warn,
        )
    except (InitError, BundleError, OSError) as error:
        _fail(str(error))
    _wrote(paths)


@package_app.command("gradescope")
def package_gradescope_command(
    assignment: AssignmentOption,
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write the zip.")] = Path(
        "autograder.zip"
    ),
    torch: TorchOption = False,
    reference_backend: ReferenceBackendOption = "engine",
) -> None:
    """Build a Gradescope autograder zip (setup.sh, run_autograder, spec, solution, gradekit)."""
    from gradekit.integrations.bundle import BundleError
    from gradekit.integrations.gradescope import package_gradescope

    _check_reference_backend(reference_backend)
    if output.is_dir():
        _fail(f"--output {output} is a directory; give the zip's file name")
    try:
        path = package_gradescope(
            assignment, output, torch=torch, reference_backend=reference_backend, warn=_warn
        )
    except (BundleError, OSError) as error:
        _fail(str(error))
    _wrote([path])
