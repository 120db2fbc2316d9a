"""The instructor's mistake in a platform format: a broken spec, a missing spec, a reference
solution that fails. ``gradekit check`` still exits 2 with the whole problem on stderr (the
grading log), and the platform format also writes a result: 0 points, one test
"Autograder misconfigured" telling the student to tell the instructor, and nothing of the
problem itself (the spec's contents, the solution's code or exception). Without it each
platform shows the student a failure of its own, or nothing.
"""

from __future__ import annotations

import base64
import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from integration_helpers import CLASSROOM50_ENV, COURSE, SUBMISSIONS, run_gradekit

from gradekit.grading.pipeline import MISCONFIGURED_MESSAGE, MISCONFIGURED_TITLE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from actions_runner import read_step_outputs, reporter_totals, workflow_commands  # noqa: E402
from schema_files import problems  # noqa: E402

SECRET = "SECRET-7f3a"  # in the broken spec or solution: must reach stderr, never the student
BROKEN_SOLUTION = f"""def double(t):
    raise RuntimeError("{SECRET}: the answer is 2 * t")


def total(t):
    return t.sum()
"""
BROKEN_SPEC = f"""assignment:
  id: scale
  title: Scale and sum
  solution: ../solutions/scale.py
  student_file: exercise.py
exercises: "{SECRET}"
"""


@pytest.fixture(params=["broken solution", "broken spec", "missing spec"])
def misconfigured(request, tmp_path) -> tuple[Path, Path, float]:
    """(submission, assignment, points the result is worth) of a course with a problem."""
    course = tmp_path / "course"
    shutil.copytree(COURSE, course)
    spec = course / "exercises" / "scale.yaml"
    points = 0.0  # unknown unless the spec loads
    if request.param == "broken solution":
        (course / "solutions" / "scale.py").write_text(BROKEN_SOLUTION)
        points = 3.0
    elif request.param == "broken spec":
        spec.write_text(BROKEN_SPEC)
    else:
        spec = course / "exercises" / f"{SECRET}.yaml"
    submission = tmp_path / "student" / "exercise.py"
    submission.parent.mkdir()
    shutil.copy(SUBMISSIONS / "correct.py", submission)
    return submission, spec, points


def check(
    misconfigured, output_format: str, target: Path | None, env: dict[str, str] | None = None
):
    submission, spec, _ = misconfigured
    output = ["-o", target] if target is not None else []
    done = run_gradekit(
        "check", submission, "-a", spec, "--format", output_format, *output, env=env
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    # The instructor's problem, in full, in the grading log.
    assert SECRET in done.stderr
    written = "says the autograder is misconfigured" in done.stderr
    assert written == (output_format not in ("text", "json"))
    return done


def test_gradescope(misconfigured, tmp_path):
    target = tmp_path / "results" / "results.json"
    done = check(misconfigured, "gradescope", target)
    text = target.read_text(encoding="utf-8")
    assert SECRET not in text and SECRET not in done.stdout
    document = json.loads(text)
    assert problems("gradescope-results.schema.json", document) == []
    # Gradescope shows the top-level output and each test's output to the student.
    assert document["score"] == 0
    assert MISCONFIGURED_MESSAGE in document["output"]
    (test,) = document["tests"]
    assert test["name"] == MISCONFIGURED_TITLE and test["status"] == "failed"
    assert test["output"] == MISCONFIGURED_MESSAGE and test["visibility"] == "visible"
    assert (test["score"], test["max_score"]) == (0, misconfigured[2])


def test_prairielearn(misconfigured, tmp_path):
    target = tmp_path / "results.json"
    check(misconfigured, "prairielearn", target)
    text = target.read_text(encoding="utf-8")
    assert SECRET not in text
    document = json.loads(text)
    assert problems("prairielearn-results.schema.json", document) == []
    # Ungradable: PrairieLearn charges no attempt for the course's own problem, and shows the
    # message and format errors.
    assert document["gradable"] is False and document["score"] == 0
    assert document["message"] == MISCONFIGURED_MESSAGE
    assert document["format_errors"] == [MISCONFIGURED_MESSAGE]


def test_classroom50(misconfigured, tmp_path):
    target = tmp_path / "result.json"
    check(misconfigured, "classroom50", target, env=CLASSROOM50_ENV)
    text = target.read_text(encoding="utf-8")
    assert SECRET not in text
    document = json.loads(text)
    assert problems("classroom50-result-v1.schema.json", document) == []
    assert document["owner"] == CLASSROOM50_ENV["USERNAME"]
    assert (document["score"], document["max-score"]) == (0, misconfigured[2])
    (test,) = document["tests"]
    # The name says it too: the message is an extra field the schema allows.
    assert test["test-name"] == MISCONFIGURED_TITLE and test["passed"] is False
    assert test["message"] == MISCONFIGURED_MESSAGE


def test_github(misconfigured, tmp_path):
    environ = {
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
    }
    done = check(misconfigured, "github", None, env=environ)
    encoded = read_step_outputs(tmp_path / "output")["result"]
    summary = (tmp_path / "summary").read_text(encoding="utf-8")
    for student_facing in (base64.b64decode(encoded).decode(), summary, done.stdout):
        assert SECRET not in student_facing
    # What the grading reporter makes of it: an errored run worth 0 of the points.
    totals = reporter_totals(encoded)
    points = misconfigured[2]
    assert (totals.total_points, totals.max_points, totals.errored) == (0, points, True)
    (test,) = json.loads(base64.b64decode(encoded))["tests"]
    assert (test["name"], test["status"]) == (MISCONFIGURED_TITLE, "error")
    assert test["message"] == MISCONFIGURED_MESSAGE
    commands = workflow_commands(done.stdout)
    (annotation,) = [c for c in commands if c.name == "error"]
    assert annotation.message == MISCONFIGURED_MESSAGE
    notices = [c.message for c in commands if c.name == "notice"]
    assert notices[0] == f"Points 0/{points:g}"
    assert MISCONFIGURED_MESSAGE in summary


def test_junit(misconfigured, tmp_path):
    target = tmp_path / "junit.xml"
    check(misconfigured, "junit", target)
    text = target.read_text(encoding="utf-8")
    assert SECRET not in text
    (case,) = ET.fromstring(text.encode()).iter("testcase")
    assert case.get("name") == MISCONFIGURED_TITLE
    assert case.find("error").get("message") == MISCONFIGURED_MESSAGE


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_the_formats_people_and_tools_read_write_nothing(misconfigured, output_format, tmp_path):
    """text and json are read by whoever ran the command, the instructor included: exit 2
    and the problem on stderr, as before."""
    target = tmp_path / "report"
    check(misconfigured, output_format, target)
    assert not target.exists()
