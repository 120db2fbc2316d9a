"""``python -m gradekit``: the same command line as the ``gradekit`` script."""

import sys

from gradekit.grading.early_sandbox import start_for_command_line

# A `check` starts its sandbox before the CLI's imports (typer, pydantic, numpy), so that the
# sandbox's own start-up runs alongside them (does nothing for any other command).
start_for_command_line(sys.argv[1:])

from gradekit.cli import app  # noqa: E402 - imported after the sandbox started, on purpose

app(prog_name="gradekit")
