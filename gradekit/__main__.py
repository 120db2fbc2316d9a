"""``python -m gradekit``: the same command line as the ``gradekit`` script."""

import sys

from gradekit.check_command import exit_now, run_plain_check, start_sandbox_early

# A `check` starts its sandbox before anything heavy is imported (typer, pydantic, numpy), so
# that the sandbox's own start-up runs alongside those imports; a plain check command line
# then runs without Typer at all, and the program ends as soon as its output is written.
# Everything else (and every unusual check) goes to Typer.
start_sandbox_early(sys.argv[1:])
exit_code = run_plain_check(sys.argv[1:])
if exit_code is not None:
    exit_now(exit_code)

from gradekit.cli import app  # noqa: E402 - only when Typer is needed

app(prog_name="gradekit")
