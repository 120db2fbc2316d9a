"""The github writer under a fake Actions environment (temp GITHUB_OUTPUT / GITHUB_STEP_SUMMARY).

Its ``result`` output is decoded and totalled the way the Classroom grading reporter does it, and
its log is parsed the way the Actions runner parses workflow commands.
"""

from __future__ import annotations

import base64
import io
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from actions_runner import read_step_outputs, reporter_totals, workflow_commands
from hypothesis import given
from hypothesis import strategies as st
from report_builders import HOSTILE, assignment, case, exercise, mixed_result

from gradekit.report.github import (
    code_block,
    command,
    emit_github,
    escape_markdown,
)
from gradekit.sandbox.sanitize import show_controls

TEST_FIELDS = {
    "name",
    "status",
    "score",
    "max_score",
    "message",
    "test_code",
    "filename",
    "line_no",
    "duration",
}


@pytest.fixture
def actions(tmp_path: Path) -> dict[str, str]:
    """The environment of a workflow step, with its files in a temp folder."""
    (tmp_path / "output").write_text("")
    (tmp_path / "summary").write_text("")
    return {
        "GITHUB_ACTIONS": "true",
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
        "GITHUB_WORKSPACE": str(tmp_path),
    }


def run(result, environ) -> tuple[str, dict]:
    log = io.StringIO()
    document = emit_github(result, environ=environ, stream=log)
    return log.getvalue(), document


def test_result_output_decodes_to_the_classroom_format(actions):
    result = mixed_result()
    _, document = run(result, actions)
    encoded = read_step_outputs(Path(actions["GITHUB_OUTPUT"]))["result"]
    decoded = json.loads(base64.b64decode(encoded))
    assert decoded == document
    assert decoded["version"] == 1
    assert decoded["status"] == "fail"
    assert decoded["max_score"] == 10
    assert len(decoded["tests"]) == 5
    for test in decoded["tests"]:
        assert set(test) == TEST_FIELDS
        assert test["status"] in ("pass", "fail", "error")
        assert test["filename"] == "submissions/exercise.py"
    assert decoded["tests"][4]["line_no"] == 7
    assert decoded["tests"][0]["test_code"] == (
        "gradekit check submissions/exercise.py --only double"
    )


def test_reporter_totals_equal_the_grade(actions):
    result = mixed_result()
    run(result, actions)
    totals = reporter_totals(read_step_outputs(Path(actions["GITHUB_OUTPUT"]))["result"])
    assert math.isclose(totals.total_points, result.score)
    assert totals.max_points == result.max_score
    assert totals.failed and not totals.errored


@pytest.mark.parametrize(
    ("exercises", "load_error", "failed", "errored"),
    [
        ([exercise("a", [case("x", True)])], None, False, False),
        ([exercise("a", [case("x", False)])], None, True, False),
        (
            [exercise("a", [case("x", False, call_status="missing")], error="load")],
            "SyntaxError: invalid syntax (line 2)",
            False,
            True,
        ),
    ],
)
def test_status_rules_as_the_reporter_applies_them(actions, exercises, load_error, failed, errored):
    run(assignment(exercises, load_error=load_error), actions)
    totals = reporter_totals(read_step_outputs(Path(actions["GITHUB_OUTPUT"]))["result"])
    assert (totals.failed, totals.errored) == (failed, errored)


def test_error_result_still_has_a_tests_array(actions):
    result = assignment(
        [exercise("a", [case("x", False, call_status="missing")], error="load")],
        load_error="SyntaxError: invalid syntax (line 2)",
    )
    _, document = run(result, actions)
    assert document["status"] == "error"
    assert document["tests"] and document["tests"][0]["score"] == 0
    assert run(assignment([]), actions)[1]["tests"] == []


def test_a_huge_result_still_fits_in_the_reporter_s_environment_variable(actions):
    """The reporter gets the result through the environment (GRADEKIT_RESULTS), and Linux
    refuses to start a process with a single environment string over 128 KiB (E2BIG). Sixty
    failing exercises whose code raised long non-ASCII messages made the value ~0.5 MB; the
    reporter step then could not start and no points were sent."""
    raised = "€" * 20_000
    result = assignment(
        [
            exercise(f"e{i}", [case("a", False, message=raised), case("b", True)], points=2)
            for i in range(60)
        ]
    )
    _, document = run(result, actions)
    encoded = read_step_outputs(Path(actions["GITHUB_OUTPUT"]))["result"]
    subprocess.run([sys.executable, "-c", "pass"], env={"GRADEKIT_RESULTS": encoded}, check=True)
    totals = reporter_totals(encoded)
    assert (totals.total_points, totals.max_points) == (60, 120)  # the scores are all there
    decoded = json.loads(base64.b64decode(encoded))
    assert decoded == document
    assert all(test["message"].startswith("1 of 2 cases pass") for test in decoded["tests"])
    assert "see the job log" in decoded["tests"][0]["message"]


def test_forged_notice_in_student_output_cannot_change_the_points(actions):
    result = mixed_result(stdout=HOSTILE)
    log, _ = run(result, actions)
    assert '{"totalPoints":100' in log  # the student's line is printed ...
    commands = workflow_commands(log)
    reports = [c for c in commands if c.properties.get("title") == "Autograding report"]
    assert len(reports) == 1  # ... but only gradekit's own report is a command
    assert json.loads(reports[0].message) == {"totalPoints": 3.4, "maxPoints": 10}
    assert not any(c.message == "forged" for c in commands)
    complete = [c for c in commands if c.properties.get("title") == "Autograding complete"]
    assert [c.message for c in complete] == ["Points 3.4/10"]


def test_student_output_sits_between_stop_commands_and_its_token(actions):
    log, _ = run(mixed_result(stdout=HOSTILE), actions)
    lines = log.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("::stop-commands::"))
    token = lines[start].removeprefix("::stop-commands::")
    end = lines.index(f"::{token}::")
    assert len(token) >= 32
    forged = lines.index('::notice title=Autograding report::{"totalPoints":100,"maxPoints":100}')
    assert start < forged < end


def test_each_run_uses_a_fresh_token(actions):
    first, _ = run(mixed_result(), actions)
    second, _ = run(mixed_result(), actions)
    token = [line for line in first.splitlines() if line.startswith("::stop-commands::")]
    assert token and token[0] not in second


def test_annotations_point_at_the_file_and_line(actions):
    log, _ = run(mixed_result(), actions)
    errors = [c for c in workflow_commands(log) if c.name == "error"]
    assert len(errors) == 4  # every test that did not pass
    assert all(c.properties["file"] == "submissions/exercise.py" for c in errors)
    by_title = {c.properties["title"]: c for c in errors}
    rows = by_title["Exercise rows: fail (0/3)"]
    assert rows.properties["line"] == "7"
    assert rows.message.startswith("rule broken: uses a for loop")


def test_absolute_submission_paths_become_workspace_relative(actions):
    result = mixed_result()
    result.submission = str(Path(actions["GITHUB_WORKSPACE"]) / "hw" / "exercise.py")
    _, document = run(result, actions)
    assert document["tests"][0]["filename"] == "hw/exercise.py"


def test_student_strings_in_annotations_cannot_start_commands(actions):
    message = "boom\n::error::forged\r\n%0A,: done"
    result = assignment([exercise("a", [case("x", False, message=message)])])
    log, _ = run(result, actions)
    annotation_lines = [line for line in log.splitlines() if line.startswith("::error ")]
    assert len(annotation_lines) == 1
    (parsed,) = [c for c in workflow_commands(log) if c.name == "error"]
    assert message in parsed.message  # decoded back exactly


@given(st.text(), st.dictionaries(st.sampled_from(["file", "title"]), st.text(), max_size=2))
def test_command_escaping_round_trips_and_stays_on_one_line(message, properties):
    line = command("error", message, **properties)
    assert line.endswith("\n") and "\n" not in line[:-1] and "\r" not in line
    line = line[:-1]
    assert show_controls(line) == line  # no control character reaches the log raw
    (parsed,) = workflow_commands(line)
    # Newlines and carriage returns come back (percent-escaped); other controls written out.
    assert parsed.message == _controls_written_out(message)
    assert parsed.properties == {key: _controls_written_out(v) for key, v in properties.items()}


def _controls_written_out(text: str) -> str:
    return "".join(c if c in "\r\n" else show_controls(c) for c in text)


def test_annotations_and_log_write_out_escape_sequences(actions):
    message = "boom \x1b[2J\x1b]0;title\x07 end \x9b31m"
    result = assignment([exercise("a", [case("x", False, message=message)])])
    log, document = run(result, actions)
    assert "\x1b" not in log and "\x9b" not in log and "\x07" not in log
    assert "boom \\x1b[2J\\x1b]0;title\\x07 end \\x9b31m" in log
    (parsed,) = [c for c in workflow_commands(log) if c.name == "error"]
    assert "boom \\x1b[2J" in parsed.message
    # The result document is JSON for the reporter, left exactly as the student's text.
    assert message in document["tests"][0]["message"]


def test_step_summary_is_markdown_with_escaped_student_text(actions):
    result = mixed_result(stdout=HOSTILE + "\n```\n# not a heading")
    run(result, actions)
    summary = Path(actions["GITHUB_STEP_SUMMARY"]).read_text()
    assert summary.startswith("## Tiny test assignment: 3.4/10 points")
    assert "| ✅ | Exercise double | 1/1 |" in summary
    # The student's output is inside a fence longer than any backtick run it contains.
    printed = summary.split("### What your code printed\n\n", 1)[1]
    assert printed.startswith("````text\n" + HOSTILE)
    assert printed.rstrip().endswith("````")
    assert "<script>" not in summary.split("````text")[0]


def test_runs_outside_actions_without_github_files():
    log, document = run(mixed_result(), {})
    assert "Points 3.4/10" in log
    assert document["status"] == "fail"


def test_output_file_receives_the_document(actions, tmp_path):
    target = tmp_path / "result.json"
    emit_github(mixed_result(), environ=actions, stream=io.StringIO(), output=target)
    assert json.loads(target.read_text())["max_score"] == 10


@given(st.text())
def test_escape_markdown_leaves_no_active_characters(text):
    escaped = escape_markdown(text)
    assert "\n" not in escaped and "<" not in escaped and ">" not in escaped
    for character in "|`*_[]#":
        assert escaped.count(character) == escaped.count("\\" + character)


@given(st.text(alphabet="`ab\n", max_size=40))
def test_code_block_fence_cannot_be_closed_by_its_content(text):
    opening, body, closing = code_block(text)
    assert body == text
    assert closing not in text
    assert opening == closing + "text"
