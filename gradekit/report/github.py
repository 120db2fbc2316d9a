"""``gradekit check --format github``: GitHub Actions output in the classroom-resources format.

Run as its own workflow step (not inside ``autograding-command-grader``, whose environment
whitelist hides ``GITHUB_OUTPUT``), the writer:

1. appends ``result=<base64 JSON>`` to ``$GITHUB_OUTPUT``. The JSON is the result format of the
   classroom-resources graders (version, status, max_score, tests with per-test scores), which
   ``classroom-resources/autograding-grading-reporter`` decodes from ``<STEP-ID>_RESULTS``;
2. prints a report to the log, with everything the submission controls (its output, exception
   messages) inside ``::stop-commands::<random token>`` so it cannot issue workflow commands;
3. emits one ``::error file=…,line=…::`` annotation per test that did not pass;
4. prints the two ``Points X/Y`` notices the reporter prints (the totals are the sum of the
   per-test scores, exactly as the reporter computes them);
5. appends a markdown summary to ``$GITHUB_STEP_SUMMARY``.

What goes to the log (2 and 3) has its control characters written out, ESC as ``\\x1b``, as in
the text report: the log is a terminal's output, and the command may run in one.

Sources for the formats: docs/ci.md and /work/shared/notes/grader-ecosystem.md §2.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any, TextIO

from gradekit.grading.verdicts import AssignmentResult
from gradekit.report._common import (
    GradedTest,
    fit_messages,
    graded_tests,
    number,
    overall_problem,
    overall_status,
    student_output,
)
from gradekit.sandbox.sanitize import escape_controls_in_json, show_controls

RESULT_VERSION = 1
STATUS_ICON = {"pass": "✅", "fail": "❌", "error": "⚠️"}
# The grading reporter receives the base64 result in an environment variable, and Linux starts
# no process with a single environment string over 128 KiB (MAX_ARG_STRLEN, E2BIG): the
# reporter step would fail and send no points. Messages are cut to keep well under that.
MAX_ENCODED_RESULT = 96 * 1024
MESSAGE_CUT = "\n… (cut to fit the grading reporter; see the job log for all of it)"


def classroom_result(
    result: AssignmentResult, environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The result document the grading reporter decodes (before base64)."""
    submission = _repo_path(result.submission, os.environ if environ is None else environ)
    document = {
        "version": RESULT_VERSION,
        "status": overall_status(result),
        "max_score": number(result.max_score),
        "tests": [_test_entry(test, submission) for test in graded_tests(result)],
    }
    fit_messages(
        document["tests"],
        "message",
        lambda: len(encode_result(document)),
        MAX_ENCODED_RESULT,
        MESSAGE_CUT,
    )
    return document


def encode_result(document: Mapping[str, Any]) -> str:
    """base64 of the compact JSON, the value of the ``result`` step output."""
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def emit_github(
    result: AssignmentResult,
    *,
    environ: Mapping[str, str] | None = None,
    stream: TextIO | None = None,
    output: Path | None = None,
) -> dict[str, Any]:
    """Write every GitHub Actions output of ``result``; return the result document.

    ``environ`` defaults to ``os.environ`` (``GITHUB_OUTPUT``, ``GITHUB_STEP_SUMMARY``,
    ``GITHUB_WORKSPACE`` are read from it; missing ones are skipped, so the command also works
    on a laptop). ``stream`` is the log (stdout). ``output``, if given, also receives the
    decoded result document as JSON.
    """
    environ = os.environ if environ is None else environ
    stream = sys.stdout if stream is None else stream
    tests = graded_tests(result)
    submission = _repo_path(result.submission, environ)
    document = classroom_result(result, environ)
    total = number(sum(test.score for test in tests))
    maximum = number(result.max_score)

    _print_log(result, tests, total, maximum, stream)
    for test in tests:
        if not test.passed:
            stream.write(_annotation(test, submission))
    stream.write(command("notice", f"Points {total}/{maximum}", title="Autograding complete"))
    report = json.dumps({"totalPoints": total, "maxPoints": maximum}, separators=(",", ":"))
    stream.write(command("notice", report, title="Autograding report"))
    stream.flush()

    if environ.get("GITHUB_OUTPUT"):
        with open(environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as sink:
            sink.write(f"result={encode_result(document)}\n")
    if environ.get("GITHUB_STEP_SUMMARY"):
        with open(environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as sink:
            sink.write(markdown_summary(result, tests, total, maximum))
    if output is not None:
        text = escape_controls_in_json(json.dumps(document, indent=2, ensure_ascii=False))
        output.write_text(text + "\n", "utf-8")
    return document


# ---------------------------------------------------------------------------------------------
# workflow commands


def command(name: str, message: str, **properties: str | int) -> str:
    """One workflow command line, escaped like ``@actions/core`` does, so that a newline or
    ``::`` in a student-controlled message cannot start a command of its own; then any other
    control character is written out (:func:`show_controls`), since the line goes to the log."""
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    return show_controls(f"::{name}{' ' + props if props else ''}::{escape_data(message)}\n")


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _annotation(test: GradedTest, submission: str) -> str:
    """``::error file=…,line=…,title=…::message`` for a test that did not pass."""
    properties: dict[str, str | int] = {"file": submission}
    if test.line:
        properties["line"] = test.line
    points = f"{number(test.score)}/{number(test.max_score)}"
    properties["title"] = f"{test.name}: {test.status} ({points})"
    return command("error", test.message or test.status, **properties)


def _stop_token(untrusted: str) -> str:
    """A fresh random token that does not occur in anything the submission printed (it is drawn
    after the submission ran, so the submission cannot know it)."""
    while True:
        token = secrets.token_hex(16)
        if token not in untrusted:
            return token


# ---------------------------------------------------------------------------------------------
# the log


def _print_log(
    result: AssignmentResult,
    tests: list[GradedTest],
    total: int | float,
    maximum: int | float,
    stream: TextIO,
) -> None:
    body = show_controls(_log_body(result, tests, total, maximum))
    token = _stop_token(body)
    stream.write(f"::stop-commands::{token}\n")
    stream.write(body)
    stream.write(f"::{token}::\n")


def _log_body(
    result: AssignmentResult, tests: list[GradedTest], total: int | float, maximum: int | float
) -> str:
    lines = [
        f"gradekit: {result.assignment_title} ({result.assignment_id})",
        f"submission: {result.submission} (backend {result.backend}, "
        f"sandbox tier {result.isolation.tier if result.isolation.tier is not None else '-'})",
    ]
    if (problem := overall_problem(result)) is not None:
        lines.append(problem)
    lines.append("")
    for test in tests:
        icon = STATUS_ICON[test.status]
        score = f"{number(test.score)}/{number(test.max_score)}"
        lines.append(f"{icon} {test.name}  {score}")
        lines.extend(f"    {line}" for line in test.message.splitlines())
    printed = student_output(result)
    if printed:
        lines += ["", "--- what your code printed ---", printed, "--- end of output ---"]
    lines += ["", f"Points {total}/{maximum}"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# the result document


def _test_entry(test: GradedTest, submission: str) -> dict[str, Any]:
    return {
        "name": test.name,
        "status": test.status,
        "score": number(test.score),
        "max_score": number(test.max_score),
        "message": test.message,
        "test_code": f"gradekit check {submission} --only {test.exercise_id}",
        "filename": submission,
        "line_no": test.line or 0,
        "duration": round(test.duration * 1000),  # milliseconds, like the command grader
    }


def _repo_path(submission: str, environ: Mapping[str, str]) -> str:
    """The submission's path as annotations need it: relative to the workspace, with '/'."""
    path = Path(submission)
    workspace = environ.get("GITHUB_WORKSPACE")
    if path.is_absolute() and workspace:
        try:
            path = path.relative_to(workspace)
        except ValueError:
            pass
    return str(PurePosixPath(*path.parts)) if path.parts else submission


# ---------------------------------------------------------------------------------------------
# the step summary (markdown)


def markdown_summary(
    result: AssignmentResult, tests: list[GradedTest], total: int | float, maximum: int | float
) -> str:
    """The ``$GITHUB_STEP_SUMMARY`` markdown. Names go through :func:`escape_markdown`; messages
    and output go into fenced code blocks, whose content GitHub never interprets."""
    lines = [
        f"## {escape_markdown(result.assignment_title)}: {total}/{maximum} points",
        "",
        "| | test | points |",
        "|---|---|---|",
    ]
    for test in tests:
        score = f"{number(test.score)}/{number(test.max_score)}"
        lines.append(f"| {STATUS_ICON[test.status]} | {escape_markdown(test.name)} | {score} |")
    for test in tests:
        if test.message:
            lines += ["", f"### {escape_markdown(test.name)}", "", *code_block(test.message)]
    printed = student_output(result)
    if printed:
        lines += ["", "### What your code printed", "", *code_block(printed)]
    return "\n".join(lines) + "\n\n"


def escape_markdown(text: str) -> str:
    """Inline text with every markdown/HTML-active character neutralised (also ``|`` for tables
    and newlines, which would end a table row)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for character in "\\`*_{}[]()#+-.!|~":
        text = text.replace(character, "\\" + character)
    return " ".join(text.splitlines())


def code_block(text: str) -> list[str]:
    """A fenced block longer than any backtick run inside ``text``, so it cannot be closed early."""
    longest = run = 0
    for character in text:
        run = run + 1 if character == "`" else 0
        longest = max(longest, run)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}text", text, fence]
