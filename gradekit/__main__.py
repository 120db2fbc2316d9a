"""``python -m gradekit``: the same command line as the ``gradekit`` script."""

from gradekit.cli import app

app(prog_name="gradekit")
