"""The ``gradekit`` command (``python -m gradekit`` and the installed ``gradekit`` script)."""

import sys


def main() -> None:
    """Run the command line in ``sys.argv``.

    A ``check`` goes to the check server when one runs (:mod:`gradekit.check_server`). Else it
    starts its sandbox before anything heavy is imported (typer, pydantic, numpy), so
    that the sandbox's own start-up runs alongside those imports; a plain check command line then
    runs without Typer at all, and the program ends as soon as its output is written. A plain
    grade command line runs without Typer too (and without the check command's modules): it
    starts its workers' zygotes before its own heavy imports. Everything else (and every
    unusual check or grade) goes to Typer.
    """
    arguments = sys.argv[1:]
    if arguments[:1] == ["check"]:  # only a check goes to the server
        from gradekit.check_server.client import run_served

        exit_code = run_served(arguments)
        if exit_code is not None:
            sys.exit(exit_code)
    run_command(arguments)


def run_command(arguments: list[str]) -> None:
    """Run the command line ``arguments`` in this process; ends the process (``sys.exit`` or,
    after a check, ``os._exit``). A check server's fork runs the check it serves with this."""
    if arguments[:1] == ["grade"]:  # a grade imports nothing of the check command
        from gradekit.console import exit_without_teardown
        from gradekit.gradebook.grade_command import EXIT_GRADER_ERRORS, run_plain_grade

        exit_code = run_plain_grade(arguments)
        if exit_code is not None:  # the batch has ended its processes and closed its gradebook
            exit_without_teardown(exit_code, failed=EXIT_GRADER_ERRORS)
    else:
        from gradekit.check_command import exit_now, run_plain_check, start_sandbox_early

        start_sandbox_early(arguments)
        exit_code = run_plain_check(arguments)
        if exit_code is not None:
            exit_now(exit_code)

    from gradekit.cli import app  # only when Typer is needed

    app(prog_name="gradekit")


if __name__ == "__main__":
    main()
