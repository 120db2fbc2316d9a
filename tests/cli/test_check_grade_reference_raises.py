"""End to end: a reference solution that raises where a case expects an answer stops
``gradekit check`` and ``gradekit grade`` with a spec error (exit 2), never a student failure.

Each test runs ``python -m gradekit`` in a subprocess on a tiny assignment in ``tmp_path``,
with a cache directory of its own and no check server.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_helpers import ROOT

SPEC = """\
assignment:
  id: raising
  title: A reference that raises
  solution: solution.py
  student_file: student.py

exercises:
  - id: even_rows
    title: Even rows
    prompt: Return rows 0, 2, 4, … of `t`.
    checks: [value, type, shape, dtype]
    cases:
      - id: seed
        args:
          t: {tensor: [[1, 2], [3, 4], [5, 6], [7, 8]], dtype: float32}
      - id: random
        repeat: 2
        hidden: true
        args:
          t: {random: normal, shape: [6, 3], seed: 7}

  - id: negative_step
    title: Negative steps
    prompt: Return `t[::-1]` exactly as written.
    cases:
      - id: raises
        args:
          t: {tensor: [1, 2, 3]}
        checks: [{raises: {type: ValueError, match: "step must be greater than zero"}}]
"""

GOOD_EVEN_ROWS = """\
def even_rows(t):
    return t[::2]
"""

BAD_EVEN_ROWS = """\
def even_rows(t):
    raise RuntimeError("oops")
"""

NEGATIVE_STEP = """

def negative_step(t):
    return t[::-1]
"""

# A correct student: the same answers as the fixed solution (and the same exception).
STUDENT = GOOD_EVEN_ROWS + NEGATIVE_STEP


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """An assignment whose reference raises in ``even_rows``, and a correct student."""
    (tmp_path / "raising.yaml").write_text(SPEC)
    (tmp_path / "solution.py").write_text(BAD_EVEN_ROWS + NEGATIVE_STEP)
    (tmp_path / "student.py").write_text(STUDENT)
    (tmp_path / "submissions" / "alice").mkdir(parents=True)
    (tmp_path / "submissions" / "alice" / "student.py").write_text(STUDENT)
    return tmp_path


def gradekit(course: Path, *args: str) -> Run:
    environment = dict(
        os.environ,
        GRADEKIT_CACHE_DIR=str(course / "cache"),
        GRADEKIT_CHECK_SERVER="off",
        COLUMNS="200",
        NO_COLOR="1",
    )
    completed = subprocess.run(
        [sys.executable, "-m", "gradekit", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=environment,
    )
    return Run(completed.returncode, completed.stdout, completed.stderr)


def check(course: Path, *extra: str) -> Run:
    return gradekit(
        course,
        "check",
        str(course / "student.py"),
        "--assignment",
        str(course / "raising.yaml"),
        "--backend",
        "engine",
        *extra,
    )


def grade(course: Path, *extra: str) -> Run:
    return gradekit(
        course,
        "grade",
        str(course / "submissions"),
        "--assignment",
        str(course / "raising.yaml"),
        "--db",
        str(course / "gradebook.sqlite"),
        "--backend",
        "engine",
        "--jobs",
        "1",
        "--allow-weak-sandbox",
        *extra,
    )


def assert_names_the_broken_reference(run: Run, course: Path) -> None:
    solution = (course / "solution.py").resolve()
    assert f"{solution}, line 2, in even_rows: raised RuntimeError: oops" in run.stderr
    assert "exercise even_rows, case seed" in run.stderr
    assert "(also cases random#1, random#2)" in run.stderr
    assert "not of the submission" in run.stderr
    assert "Traceback" not in run.stderr


def test_check_of_a_correct_student_is_a_spec_error(course):
    run = check(course)
    assert run.exit_code == 2, run.stdout + run.stderr
    assert_names_the_broken_reference(run, course)
    assert "Score" not in run.stdout  # no verdict on the student at all
    assert "expected your code to raise" not in run.stdout + run.stderr


def test_check_in_json_is_a_spec_error_too(course):
    run = check(course, "--format", "json")
    assert run.exit_code == 2, run.stdout + run.stderr
    assert "RuntimeError: oops" in run.stdout + run.stderr


def test_check_of_the_other_exercises_still_works(course):
    run = check(course, "--only", "negative_step")
    assert run.exit_code == 0, run.stdout + run.stderr
    assert "Score: 1 / 1" in run.stdout


def test_fixing_the_solution_makes_the_next_check_pass(course):
    assert check(course).exit_code == 2
    solution = course / "solution.py"
    before = solution.stat()
    solution.write_text(GOOD_EVEN_ROWS + NEGATIVE_STEP)
    # Even with its old modification time: the answers are keyed by the file's content.
    os.utime(solution, ns=(before.st_atime_ns, before.st_mtime_ns))
    run = check(course)
    assert run.exit_code == 0, run.stdout + run.stderr
    assert "Score: 2 / 2" in run.stdout
    # negative_step passes: the exception its case declares is the expected answer.
    assert "negative_step" in run.stdout and "FAIL" not in run.stdout


def test_grade_refuses_before_grading_anyone(course):
    run = grade(course)
    assert run.exit_code == 2, run.stdout + run.stderr
    assert_names_the_broken_reference(run, course)
    database = course / "gradebook.sqlite"
    if database.exists():  # nobody's result may be recorded, nor a run that never started
        with sqlite3.connect(database) as connection:
            [(graded,)] = connection.execute("SELECT count(*) FROM submissions")
            [(runs,)] = connection.execute("SELECT count(*) FROM runs")
        assert (graded, runs) == (0, 0)


def test_grade_after_the_fix_records_full_marks(course):
    assert grade(course).exit_code == 2
    (course / "solution.py").write_text(GOOD_EVEN_ROWS + NEGATIVE_STEP)
    run = grade(course, "--json")
    assert run.exit_code == 0, run.stdout + run.stderr
    summary = json.loads(run.stdout)
    [alice] = summary["students"]
    assert alice == {
        "student": "alice",
        "status": "pass",
        "score": 2.0,
        "max_score": 2.0,
        "previous_score": None,  # the first grade: the broken reference graded nobody
    }


def test_validate_lists_each_case_and_grades_the_other_exercises(course):
    run = gradekit(course, "validate", str(course / "raising.yaml"), "--backend", "engine")
    assert run.exit_code == 1, run.stdout + run.stderr
    for case in ("seed", "random#1", "random#2"):
        assert (
            f"PROBLEM: even_rows/{case}: the reference raised RuntimeError: oops but the case "
            "does not expect an exception" in run.stdout
        )
    assert "reference scores 1/1 on engine" in run.stdout
    assert "even_rows not graded" in run.stdout


def test_check_with_a_raises_check_the_reference_does_not_meet_is_a_spec_error(course):
    # The reference raises ValueError; a case asking for a TypeError cannot be passed.
    (course / "solution.py").write_text(GOOD_EVEN_ROWS + NEGATIVE_STEP)
    spec = (course / "raising.yaml").read_text()
    (course / "raising.yaml").write_text(spec.replace("type: ValueError", "type: TypeError"))
    run = check(course)
    assert run.exit_code == 2, run.stdout + run.stderr
    assert "exercise negative_step, case raises:" in run.stderr
    assert "but the case's `raises` check expects TypeError" in run.stderr


LOOPING_EVEN_ROWS = """\
def even_rows(t):
    while True:
        pass
"""


@pytest.mark.parametrize("command", ["check", "grade"])
def test_a_reference_that_never_returns_is_stopped_at_its_cases_timeout(course, command):
    """The reference runs in the grader's own process: an endless loop in it ends at the
    case's timeout as an assignment error, instead of hanging the grader."""
    spec = SPEC.replace(
        "    checks: [value, type, shape, dtype]\n",
        "    timeout: 0.5\n    checks: [value, type, shape, dtype]\n",
        1,
    )
    (course / "raising.yaml").write_text(spec)
    (course / "solution.py").write_text(LOOPING_EVEN_ROWS + NEGATIVE_STEP)
    run = check(course) if command == "check" else grade(course)
    assert run.exit_code == 2, run.stdout + run.stderr
    assert "cannot give the expected answers" in run.stderr
    assert "exercise even_rows, case seed" in run.stderr and "timeout" in run.stderr
