"""`gradekit check`: what the command does, and the fast way in for a plain command line.

:func:`run_check` is the command itself; cli.py's Typer command parses its options and calls
it. A check is latency-bound (a student waits for it), and Typer costs start-up time on every
run: importing it, building the command, and parsing through pydantic adapters. So the program's
entry point first tries :func:`plain_check_options`, a quick parse that understands a check
command line written the usual way (known options, valid values, one submission) and says
None for anything else (``--help``, a typo, a bad value, a repeated submission): Typer then
handles that command line exactly as before, messages included. A test keeps the quick parse
equal to Typer's on every command line it accepts.

:func:`start_sandbox_early` starts the check's sandbox before anything heavy is imported (see
:mod:`gradekit.grading.early_sandbox`). This module imports nothing heavy at import time.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, NoReturn

from gradekit.check_server.client import start_server_if_wanted
from gradekit.console import flushed_exit_code, print_error
from gradekit.grading.early_sandbox import close_untaken_sandbox, start_for_backend, started_sandbox
from gradekit.plain_command_line import split_plain_command_line
from gradekit.sandbox.environment import BACKENDS, import_numpy_single_threaded

if TYPE_CHECKING:
    from rich.console import Console

    from gradekit.grading.plans import CompiledAssignment
    from gradekit.grading.verdicts import AssignmentResult
    from gradekit.report.panels import PanelCache
    from gradekit.sandbox.protocol import Call
    from gradekit.spec.models import Assignment

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
FORMATS = ("text", "json", "github", "classroom50", "gradescope", "prairielearn", "junit")
# The formats a CI job or grading platform records as the grade: a submission that cannot be
# read (missing, misnamed, not UTF-8) is written as a failing result there, not exit 2 with
# nothing written, which would leave the platform without a score to record.
PLATFORM_FORMATS = ("github", "classroom50", "gradescope", "prairielearn", "junit")

# The options of `gradekit check` (tests/cli keeps these in step with cli.py's command).
VALUE_OPTIONS = {
    "--assignment": "assignment",
    "-a": "assignment",
    "--only": "only",
    "--backend": "backend",
    "--format": "output_format",
    "--output": "output",
    "-o": "output",
    "--reference-backend": "reference_backend",
}
FLAGS = {
    "--no-hidden": "no_hidden",
    "--all-cases": "all_cases",
    "--refresh-sandbox-probe": "refresh_sandbox_probe",
}


class CheckUsageError(Exception):
    """A problem of the command line, the submission file or the spec: exit code 2."""


class MisconfiguredError(CheckUsageError):
    """A problem of the assignment, not of the submission: the spec is missing or invalid, its
    reference solution fails, the grading machine cannot sandbox. Still exit code 2, with the
    whole problem on stderr for the instructor; a platform format also writes a result telling
    the student (without the problem's details) that the autograder is misconfigured."""

    def __init__(self, message: str, compiled: CompiledAssignment | None = None) -> None:
        super().__init__(message)
        self.compiled = compiled  # the assignment when it compiled (its points are known)


class CheckOptions(NamedTuple):
    """A parsed `gradekit check` command line (the defaults are the command's).

    A named tuple rather than a dataclass: it is built before the check starts its sandbox,
    and importing dataclasses (with inspect) would delay that start by about 10 ms."""

    submission: Path
    assignment: Path | None = None
    only: tuple[str, ...] = ()
    backend: str | None = None  # None: the assignment's
    output_format: str = "text"
    output: Path | None = None
    no_hidden: bool = False
    all_cases: bool = False
    reference_backend: str = "engine"
    refresh_sandbox_probe: bool = False


def plain_check_options(arguments: list[str]) -> CheckOptions | None:
    """The options of ``check SUBMISSION [options]`` (``arguments`` follow the program name),
    or None when it is not a check or not written the plain way."""
    parsed = split_plain_command_line(
        arguments, "check", VALUE_OPTIONS, FLAGS, repeatable=frozenset({"only"})
    )
    if parsed is None:
        return None
    positionals, values, flags = parsed.positionals, parsed.values, parsed.flags
    if len(positionals) != 1 or not positionals[0]:
        return None
    if values.get("backend", "auto") not in BACKENDS:
        return None
    if values.get("reference_backend", "engine") not in BACKENDS:
        return None
    if values.get("output_format", "text") not in FORMATS:
        return None
    return CheckOptions(
        submission=Path(positionals[0]),
        assignment=Path(values["assignment"]) if "assignment" in values else None,
        only=tuple(parsed.repeated["only"]),
        backend=values.get("backend"),
        output_format=values.get("output_format", "text"),
        output=Path(values["output"]) if "output" in values else None,
        no_hidden="no_hidden" in flags,
        all_cases="all_cases" in flags,
        reference_backend=values.get("reference_backend", "engine"),
        refresh_sandbox_probe="refresh_sandbox_probe" in flags,
    )


def start_sandbox_early(arguments: list[str]) -> None:
    """Start the sandbox of a plain ``gradekit check`` command line now (else do nothing)."""
    options = plain_check_options(arguments)
    if options is None:
        return
    backend = sandbox_backend(options)
    if backend is not None:
        start_for_backend(backend, refresh_probe=options.refresh_sandbox_probe)


def sandbox_backend(options: CheckOptions) -> str | None:
    """The backend the check's sandbox runs, as far as it can be told before the spec loads:
    ``--backend``, else the header of the assignment named or discovered (None: unknown)."""
    if options.backend is not None:
        return options.backend
    with contextlib.suppress(CheckUsageError):
        return _header_backend(_spec_path(options))
    return None


def prepare_check(arguments: list[str]) -> list[Call] | None:
    """Do now, in this process, what a check of the plain command line ``arguments`` does
    first: load the compiled assignment, its reference answers (every mistake decoded) and
    the encoding of its calls, all of which stay in memory, keyed by what they were made
    from. A process forked from this one (by the check server) then starts its check with
    them. Returns the calls (None: nothing to prepare, e.g. a spec that does not load)."""
    options = plain_check_options(arguments)
    if options is None or options.reference_backend != "engine":
        return None
    from gradekit.grading.plans import plan_calls
    from gradekit.grading.reference import reference_answers
    from gradekit.sandbox.runner import encoded_calls

    try:
        compiled = _compiled_assignment(_spec_path(options), options)
    except CheckUsageError:
        return None
    reference_answers(compiled.solution_path, compiled.plans).decode_mistakes()
    calls = plan_calls(compiled.plans)
    encoded_calls(calls)
    return calls


def forget_discovered() -> None:
    """Forget which spec each submission led to, and each spec's backend (a long-lived process,
    the check server, asks again for each check: the files may have changed)."""
    _discover.cache_clear()
    _header_backend.cache_clear()


def run_plain_check(arguments: list[str]) -> int | None:
    """Run ``arguments`` as a check when they are a plain check command line (the exit code),
    else None (the caller hands them to Typer)."""
    options = plain_check_options(arguments)
    if options is None:
        return None
    try:
        return run_check(options)
    except KeyboardInterrupt:
        sys.stderr.write("Aborted!\n")  # as click says it
        return EXIT_FAILED


def exit_now(exit_code: int) -> NoReturn:
    """End the program after a check without Python's interpreter teardown (tens of
    milliseconds of module finalisation once numpy is loaded). Nothing is lost: the check has
    closed its sandbox (every process it started has exited, its files are removed) and its
    report files; what is left is flushing stdout and stderr, done here."""
    close_untaken_sandbox()  # the one exit hook gradekit registers
    exit_code = flushed_exit_code(exit_code, failed=EXIT_FAILED)
    start_server_if_wanted()  # after the output: the student has it already
    os._exit(exit_code)


def run_check(options: CheckOptions) -> int:
    """Grade ``options.submission`` and write the report; returns the exit code (0 every
    exercise passes, 1 some fails, 2 usage/spec/submission problem, printed on stderr)."""
    import_numpy_single_threaded()
    try:
        with contextlib.ExitStack() as cleanup:
            panels = _panel_cache(options)
            result = _grade(options, cleanup, panels)
            # Still inside the block: the sandbox shuts down while the report is written.
            _write_report(result, options, panels)
    except CheckUsageError as error:
        print_error(str(error))
        if isinstance(error, MisconfiguredError) and options.output_format in PLATFORM_FORMATS:
            _write_misconfigured(options, error)
        return EXIT_USAGE
    return EXIT_OK if result.all_passed else EXIT_FAILED


def _write_misconfigured(options: CheckOptions, error: MisconfiguredError) -> None:
    """Write the platform's result for an assignment that could not grade: 0 points and a
    message for the student (pipeline.misconfigured_result). Without it the platform shows the
    student a failure of its own ("The autograder failed to execute correctly", a grading
    reporter that cannot parse an empty result), or records no result at all."""
    from gradekit.grading.pipeline import misconfigured_result

    compiled = error.compiled
    if compiled is not None:
        assignment_id, title = compiled.id, compiled.title
        max_points = sum(plan.exercise.points for plan in compiled.plans)
    else:
        header = _readable_header(options)
        assignment_id = header.get("id") or "assignment"
        title = header.get("title") or assignment_id
        max_points = 0.0
    result = misconfigured_result(assignment_id, title, str(options.submission), max_points)
    from gradekit.integrations.formats import ReportError, write_report

    try:
        write_report(result, options.output_format, options.output)
    except ReportError as report_error:
        print_error(str(report_error))
        return
    sys.stderr.write(
        "The student's result (0 points) says the autograder is misconfigured and to tell "
        "the instructor; fix the problem above.\n"
    )


def _readable_header(options: CheckOptions) -> dict[str, str]:
    """The header fields of the spec the check was given, as far as they can be read."""
    from gradekit.spec.discovery import assignment_header

    with contextlib.suppress(CheckUsageError):
        return assignment_header(_spec_path(options))
    return {}


def _grade(
    options: CheckOptions, cleanup: contextlib.ExitStack, panels: PanelCache | None
) -> AssignmentResult:
    """The result of the check; the sandbox it starts is closed by ``cleanup``. The text
    report's ``panels`` are rendered as exercises are graded, while the submission runs."""
    from gradekit.grading.early_sandbox import EarlySandbox

    # The sandbox starts first, before this process imports pydantic, the models and the
    # grading code (usually already at program start: start_sandbox_early): its
    # interpreter imports while this one loads the spec, the cases and the expected
    # answers. The backend comes from --backend, else the spec's header.
    refresh = options.refresh_sandbox_probe
    spec_path = _spec_path(options)
    early_backend = options.backend or _header_backend(spec_path)
    sandbox = None
    if early_backend is not None:
        sandbox = cleanup.enter_context(started_sandbox(early_backend, refresh_probe=refresh))

    # Importing the grader (numpy included) and reading the plan allocate many objects and
    # free no cycles: the collector's runs there (dozens) are pure start-up time.
    gc.disable()
    try:
        from gradekit.grading.pipeline import grade_compiled, resolve_backend, unreadable_result
        from gradekit.grading.reference import ReferenceSolutionError
        from gradekit.grading.submission import SubmissionError
        from gradekit.sandbox.policy import SandboxUnavailable
        from gradekit.sandbox.runner import SubmissionFileError

        compiled = _compiled_assignment(spec_path, options)
    finally:
        gc.enable()
    if options.output_format == "classroom50":
        _require_whole_points(compiled)
    spec_backend = resolve_backend(options.backend or compiled.backend)
    if sandbox is None or sandbox.backend != spec_backend:  # the header could not tell
        if sandbox is not None:
            sandbox.close()
        sandbox = cleanup.enter_context(EarlySandbox(spec_backend, refresh_probe=refresh))
    # The report's modules (rich for text: tens of milliseconds) load while the sandbox
    # runs, when this process mostly waits, rather than after the run; but only once the
    # run has handed the sandbox everything, so that the import does not hold that up.
    import_renderer = threading.Thread(
        target=_import_renderer, args=(options,), name="import-renderer", daemon=True
    )
    try:
        return grade_compiled(
            options.submission,
            compiled,
            backend=options.backend,
            reference_backend=options.reference_backend,
            sandbox=sandbox,
            on_verdict=panels.prepare if panels is not None else None,
            skip_after_timeout=skips_after_timeout(options),
            after_launch=import_renderer.start,
        )
    except SubmissionError as error:
        if options.output_format not in PLATFORM_FORMATS:
            raise CheckUsageError(str(error)) from None
        # The platform still needs a result to record: the student's 0, with the reason.
        return unreadable_result(compiled, str(options.submission), spec_backend, str(error))
    except SubmissionFileError as error:
        raise CheckUsageError(str(error)) from None
    except (ReferenceSolutionError, SandboxUnavailable) as error:
        raise MisconfiguredError(str(error), compiled) from None


def _require_whole_points(compiled: CompiledAssignment) -> None:
    """Classroom 50 scores whole points only: an assignment that gives an exercise a fraction
    is the instructor's to fix, said before anything is graded (MisconfiguredError: the
    student's result says the autograder is misconfigured)."""
    from gradekit.report.classroom50 import fractional_points_problem

    problem = fractional_points_problem(
        {plan.exercise.id: plan.exercise.points for plan in compiled.plans}
    )
    if problem is not None:
        raise MisconfiguredError(problem, compiled)


def skips_after_timeout(options: CheckOptions) -> bool:
    """Whether an exercise's cases after a timeout are skipped: in the text report, a
    student's quick feedback, unless ``--all-cases``. The other formats are scores of record
    (CI autograding, platforms): every case runs, as in ``gradekit grade``."""
    return options.output_format == "text" and not options.all_cases


def _compiled_assignment(spec_path: Path, options: CheckOptions) -> CompiledAssignment:
    """The spec compiled for these options (from the plan cache when the spec is unchanged)."""
    from gradekit.grading.plan_cache import load_compiled
    from gradekit.grading.plans import UnknownExerciseError
    from gradekit.spec.errors import SpecError

    try:
        return load_compiled(
            spec_path,
            only=tuple(_split_ids(options.only) or ()),
            include_hidden=not options.no_hidden,
        )
    except SpecError as error:
        raise _invalid_spec(error) from None
    except UnknownExerciseError as error:
        raise MisconfiguredError(str(error)) from None


def _import_renderer(options: CheckOptions) -> None:
    """Import what :func:`_write_report` will use for ``options`` (errors are left to it), and
    warm up the text report's rendering."""
    with contextlib.suppress(Exception):
        if options.output is None and options.output_format == "json":
            import gradekit.report.json  # noqa: F401
        elif options.output is None and options.output_format == "text":
            import gradekit.report.text

            gradekit.report.text.warm_up()
        else:
            import gradekit.integrations.formats  # noqa: F401


def _panel_cache(options: CheckOptions) -> PanelCache | None:
    """Where the text report's panels are rendered ahead (None for any other report)."""
    if options.output is not None or options.output_format != "text":
        return None
    from gradekit.report.panels import PanelCache

    def make_console() -> Console:
        from rich.console import Console

        return Console(highlight=False)

    return PanelCache(make_console)


def _write_report(
    result: AssignmentResult, options: CheckOptions, panels: PanelCache | None
) -> None:
    if options.output is None and options.output_format == "json":
        from gradekit.report.json import render_json

        with contextlib.suppress(BrokenPipeError):  # the reader went away (see write_report)
            sys.stdout.write(render_json(result) + "\n")
    elif panels is not None:  # the text report to stdout (see _panel_cache)
        from gradekit.report.text import render_text

        render_text(result, panels.console, panels)  # rich exits 1 on a broken pipe itself
    else:
        from gradekit.integrations.formats import ReportError, write_report

        try:
            write_report(result, options.output_format, options.output)
        except ReportError as error:
            raise CheckUsageError(str(error)) from None


def _split_ids(only: tuple[str, ...]) -> list[str] | None:
    """``--only a --only b`` and ``--only a,b`` both mean [a, b]."""
    if not only:
        return None
    return [part.strip() for item in only for part in item.split(",") if part.strip()]


def _spec_path(options: CheckOptions) -> Path:
    """The assignment named by ``--assignment``, else the one discovered for the submission
    (:class:`CheckUsageError` when none is found)."""
    if options.assignment is not None:
        _require_spec_file(options.assignment)
        return options.assignment
    return _discover(
        options.submission, missing_is_graded=options.output_format in PLATFORM_FORMATS
    )


def _require_spec_file(path: Path, option: str = "--assignment") -> None:
    """A mistyped spec path is not an invalid spec: say what is wrong with it, and what is
    close."""
    from gradekit.spec.discovery import assignment_problem

    problem = assignment_problem(path, option)
    if problem is not None:
        raise MisconfiguredError(problem)


# Both run twice per check (at program start for the sandbox, then for the check itself) on the
# same files: asked once.
@functools.lru_cache(maxsize=4)
def _discover(submission: Path, *, missing_is_graded: bool = False) -> Path:
    """The assignment found for ``submission``. A missing submission is a typo of whoever
    typed the command, said as such, unless ``missing_is_graded`` (a platform format, where
    a deleted or renamed file is the student's 0 points: the assignment is then found from
    the path alone, as the workflows that pass no --assignment need)."""
    from gradekit.spec.discovery import DiscoveryError, find_assignment

    if not submission.is_file() and not missing_is_graded:
        # A typo: say so, rather than that no assignment matches it.
        from gradekit.grading.submission import missing_submission

        raise CheckUsageError(str(missing_submission(submission)))
    try:
        return Path(find_assignment(submission))
    except DiscoveryError as error:  # its message lists where it looked and how to choose
        problem = str(error)
        if not submission.is_file():
            from gradekit.grading.submission import missing_submission

            problem = f"{missing_submission(submission)}\n{problem}"
        raise MisconfiguredError(problem) from None


@functools.lru_cache(maxsize=4)
def _header_backend(spec_path: Path) -> str | None:
    """The spec's `assignment.backend` read from its header alone (None when it cannot be
    read or is not a backend name; the spec loader reports such problems)."""
    from gradekit.spec.discovery import assignment_header

    value = assignment_header(spec_path).get("backend")
    return value if value in BACKENDS else None


def load_spec(path: Path, option: str = "--assignment") -> Assignment:
    """The assignment at ``path`` (given as ``option``); :class:`CheckUsageError` with every
    located problem."""
    from gradekit.spec import SpecError, load_assignment

    _require_spec_file(path, option)
    try:
        return load_assignment(path)
    except SpecError as error:
        raise _invalid_spec(error) from None


def _invalid_spec(error: Exception) -> MisconfiguredError:
    return MisconfiguredError(f"invalid assignment spec:\n{error}")
