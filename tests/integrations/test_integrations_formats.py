"""``gradekit check --format FORMAT --output PATH``: the dispatcher and the real command line."""

from __future__ import annotations

import base64
import io
import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from integration_helpers import CLASSROOM50_ENV, COURSE, SPEC, SUBMISSIONS, run_gradekit

from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult
from gradekit.integrations.formats import FORMATS, ReportError, write_report

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from actions_runner import read_step_outputs, reporter_totals, workflow_commands  # noqa: E402


def small_result() -> AssignmentResult:
    return AssignmentResult(
        assignment_id="scale",
        assignment_title="Scale and sum",
        submission="exercise.py",
        backend="engine",
        exercises=[
            ExerciseResult(
                id="total",
                entry="total",
                title="Sum of a tensor",
                max_points=1,
                cases=[CaseResult(case_id="literal", label="literal", passed=True)],
            )
        ],
    )


@pytest.mark.parametrize("output_format", FORMATS)
def test_every_format_writes_to_an_output_file(output_format, tmp_path):
    target = tmp_path / "reports" / f"result.{output_format}"
    environ = {**CLASSROOM50_ENV, "GITHUB_OUTPUT": str(tmp_path / "github-output")}
    log = io.StringIO()
    write_report(small_result(), output_format, target, stream=log, environ=environ)
    text = target.read_text(encoding="utf-8")
    if output_format == "junit":
        assert ET.fromstring(text.encode()).get("tests") == "1"
    elif output_format == "text":
        assert "Score: 1 / 1" in text and "\x1b" not in text
    else:
        assert json.loads(text)
    if output_format != "github":
        assert log.getvalue() == ""  # nothing else goes to stdout


@pytest.mark.parametrize("output_format", [f for f in FORMATS if f not in ("text", "github")])
def test_without_output_the_document_goes_to_the_stream(output_format):
    log = io.StringIO()
    write_report(small_result(), output_format, stream=log, environ=CLASSROOM50_ENV)
    assert log.getvalue().endswith("\n") and len(log.getvalue()) > 20


def test_bad_requests_are_report_errors(tmp_path):
    with pytest.raises(ReportError, match="unknown format"):
        write_report(small_result(), "csv")
    with pytest.raises(ReportError, match="is a directory"):
        write_report(small_result(), "json", tmp_path)
    with pytest.raises(ReportError, match="CLASSROOM"):
        write_report(small_result(), "classroom50", tmp_path / "r.json", environ={})
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(ReportError, match="cannot write"):
        write_report(small_result(), "json", blocker / "inside.json")


@pytest.mark.torch
def test_check_github_in_a_fake_actions_step(torch_available, tmp_path):
    """The real command under a fake Actions environment, grading a submission that prints
    forged workflow commands and a forged perfect score."""
    environ = {
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
    }
    done = run_gradekit(
        "check",
        SUBMISSIONS / "forger.py",
        "--assignment",
        SPEC,
        "--reference-backend",
        "torch",
        "--format",
        "github",
        "--output",
        tmp_path / "result.json",
        env=environ,
    )
    assert done.returncode == 1, done.stderr  # some exercise fails
    encoded = read_step_outputs(tmp_path / "output")["result"]
    totals = reporter_totals(encoded)
    assert (totals.total_points, totals.max_points) == (1, 3)
    assert totals.failed
    document = json.loads(base64.b64decode(encoded))
    assert document == json.loads((tmp_path / "result.json").read_text())
    assert [t["name"] for t in document["tests"]] == [
        "Double a tensor",
        "Double a tensor (hidden cases)",
        "Sum of a tensor",
    ]
    commands = workflow_commands(done.stdout)
    notices = [c.message for c in commands if c.name == "notice"]
    assert notices == ["Points 1/3", '{"totalPoints":1,"maxPoints":3}']
    assert not any("forged" in c.message for c in commands)
    assert "Points 100/100" in done.stdout  # printed, as text only
    summary = (tmp_path / "summary").read_text()
    assert "Scale and sum: 1/3 points" in summary


@pytest.mark.torch
def test_check_junit_to_a_file(torch_available, tmp_path):
    target = tmp_path / "junit.xml"
    done = run_gradekit(
        "check",
        SUBMISSIONS / "correct.py",
        "--assignment",
        SPEC,
        "--reference-backend",
        "torch",
        "--format",
        "junit",
        "-o",
        target,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    suite = ET.fromstring(target.read_bytes()).find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "0", "0")


@pytest.mark.torch
def test_check_classroom50_outside_the_runner_is_a_clear_usage_error(torch_available):
    done = run_gradekit(
        "check",
        SUBMISSIONS / "correct.py",
        "--assignment",
        SPEC,
        "--reference-backend",
        "torch",
        "--format",
        "classroom50",
    )
    assert done.returncode == 2
    assert "SUBMISSION_TAG" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    "problem, content",
    [("missing", None), ("not UTF-8", b"def total(t):\n    return t.sum()  # \xff\n")],
)
def test_check_github_without_a_readable_submission_still_reports_zero(problem, content, tmp_path):
    """A student who renamed, deleted or mis-saved the file: the reporter still gets a result
    to decode (an empty one makes it fail on JSON.parse and send no points)."""
    submission = tmp_path / "exercise.py"
    if content is not None:
        submission.write_bytes(content)
    environ = {
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
    }
    done = run_gradekit(
        "check", submission, "--assignment", SPEC, "--format", "github", env=environ
    )
    assert done.returncode == 1, done.stderr  # the submission fails, like a syntax error
    assert "Traceback" not in done.stderr
    encoded = read_step_outputs(tmp_path / "output")["result"]
    totals = reporter_totals(encoded)
    assert (totals.total_points, totals.max_points, totals.errored) == (0, 3, True)
    document = json.loads(base64.b64decode(encoded))
    assert [t["status"] for t in document["tests"]] == ["error"] * 3
    assert "exercise.py" in document["tests"][0]["message"]
    notices = [c.message for c in workflow_commands(done.stdout) if c.name == "notice"]
    assert notices == ["Points 0/3", '{"totalPoints":0,"maxPoints":3}']


@pytest.mark.parametrize("output_format", ["junit", "gradescope", "prairielearn", "classroom50"])
def test_check_platform_formats_without_the_submission_write_a_zero(output_format, tmp_path):
    target = tmp_path / "result"
    done = run_gradekit(
        "check",
        tmp_path / "exercise.py",
        "--assignment",
        SPEC,
        "--format",
        output_format,
        "-o",
        target,
        env=CLASSROOM50_ENV,
    )
    assert done.returncode == 1, done.stderr
    text = target.read_text(encoding="utf-8")
    assert "no such file" in text
    if output_format == "junit":
        suite = ET.fromstring(text.encode()).find("testsuite")
        assert (suite.get("tests"), suite.get("errors")) == ("3", "3")
    else:
        document = json.loads(text)
        assert document["score"] == 0 and len(document["tests"]) >= 2


@pytest.mark.parametrize(
    "output_format", ["github", "junit", "gradescope", "prairielearn", "classroom50"]
)
def test_a_missing_submission_found_by_discovery_is_the_students_zero(output_format, tmp_path):
    """Without --assignment (the GitHub workflow's way: the spec is found next to the
    submission), a deleted or renamed exercise.py is the student's failure in a platform
    format, as with --assignment: a 0-point result saying so, exit 1. It was exit 2 with no
    result, so the grading reporter failed on an empty value and showed no points."""
    course = tmp_path / "course"
    shutil.copytree(COURSE, course)
    target = tmp_path / "result"
    environ = {
        **CLASSROOM50_ENV,
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
    }
    done = run_gradekit(
        "check", course / "exercise.py", "--format", output_format, "-o", target, env=environ
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    text = target.read_text(encoding="utf-8")
    assert "no such file" in text
    if output_format == "junit":
        suite = ET.fromstring(text.encode()).find("testsuite")
        assert (suite.get("tests"), suite.get("errors")) == ("3", "3")
    elif output_format == "github":  # what the grading reporter makes of the step output
        totals = reporter_totals(read_step_outputs(tmp_path / "output")["result"])
        assert (totals.total_points, totals.max_points, totals.errored) == (0, 3, True)
    else:
        document = json.loads(text)
        assert document["score"] == 0 and len(document["tests"]) >= 2


def test_a_missing_submission_stays_a_typo_for_people(tmp_path):
    """The text report is read by whoever typed the command: a missing file is their typo
    (exit 2, and what is close), not a graded zero."""
    course = tmp_path / "course"
    shutil.copytree(COURSE, course)
    done = run_gradekit("check", course / "exercise.py")
    assert done.returncode == 2
    assert "no such file" in done.stderr and "Traceback" not in done.stderr
