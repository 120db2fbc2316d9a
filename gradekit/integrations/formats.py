"""Every ``gradekit check --format`` writer behind one call, with ``--output PATH`` handling.

``text`` and ``json`` are gradekit's own formats (report/text.py, report/json.py); the others
are the CI and platform formats of this package's writers. ``github`` writes to the Actions log
and ``$GITHUB_OUTPUT`` / ``$GITHUB_STEP_SUMMARY``; ``--output`` then also receives its result
document. Every other format goes to ``--output`` when given, else to stdout.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

from gradekit.grading.verdicts import AssignmentResult

FORMATS = ("text", "json", "github", "classroom50", "gradescope", "prairielearn", "junit")


class ReportError(Exception):
    """The report cannot be written (bad --output path, missing CI environment, ...)."""


def write_report(
    result: AssignmentResult,
    output_format: str,
    output: Path | None = None,
    *,
    stream: TextIO | None = None,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Render ``result`` in ``output_format`` to ``output`` (a file) or ``stream`` (stdout)."""
    try:
        _write(result, output_format, output, sys.stdout if stream is None else stream, environ)
    except BrokenPipeError:
        # The reader of stdout went away (`| head`, a pager quit): nothing to report to anyone;
        # the exit code says the output was cut (console.flushed_exit_code).
        return
    except OSError as error:
        raise ReportError(f"cannot write the {output_format} report: {error}") from None


def _write(
    result: AssignmentResult,
    output_format: str,
    output: Path | None,
    stream: TextIO,
    environ: Mapping[str, str] | None,
) -> None:
    if output_format not in FORMATS:
        raise ReportError(f"unknown format {output_format!r}; choose one of {', '.join(FORMATS)}")
    if output is not None and output.is_dir():
        raise ReportError(f"--output {output} is a directory; give a file path")
    if output_format == "github":
        from gradekit.report.github import emit_github

        _prepare(output)
        emit_github(result, environ=environ, stream=stream, output=output)
        return
    if output_format == "text":
        _write_text(result, output, stream)
        return
    text = _renderer(output_format, environ)(result)
    if output is None:
        stream.write(text if text.endswith("\n") else text + "\n")
    else:
        _prepare(output)
        output.write_text(text, encoding="utf-8")


def _renderer(
    output_format: str, environ: Mapping[str, str] | None
) -> Callable[[AssignmentResult], str]:
    if output_format == "json":
        from gradekit.report.json import render_json

        return render_json
    if output_format == "classroom50":
        from gradekit.report.classroom50 import Classroom50Error, render_classroom50

        def classroom50(result: AssignmentResult) -> str:
            try:
                return render_classroom50(result, environ)
            except Classroom50Error as error:
                raise ReportError(str(error)) from None

        return classroom50
    if output_format == "gradescope":
        from gradekit.report.gradescope import render_gradescope

        return render_gradescope
    if output_format == "prairielearn":
        from gradekit.report.prairielearn import render_prairielearn

        return render_prairielearn
    from gradekit.report.junit import render_junit

    return render_junit


def _write_text(result: AssignmentResult, output: Path | None, stream: TextIO) -> None:
    from rich.console import Console

    from gradekit.report.text import render_text

    if output is None:
        render_text(result, Console(file=stream, highlight=False))
        return
    _prepare(output)
    with output.open("w", encoding="utf-8") as sink:
        render_text(result, Console(file=sink, highlight=False, no_color=True, width=100))


def _prepare(output: Path | None) -> None:
    if output is not None:
        output.parent.mkdir(parents=True, exist_ok=True)
