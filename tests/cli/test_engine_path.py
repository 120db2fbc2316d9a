"""The product path: expected answers from the engine, discovery by the spec's student_file."""

from __future__ import annotations

import ast

import jsonschema
import pytest
from cli_helpers import ROOT, SUBMISSIONS, TINY, exercise, gradekit

from gradekit.report import OUTPUT_SCHEMA

EXAMPLE_ENTRIES = {
    node.name
    for node in ast.parse((ROOT / "examples/student/autograd_exercises.py").read_text()).body
    if isinstance(node, ast.FunctionDef)
}


def test_discovery_refuses_to_guess_between_assignments():
    # correct.py is neither spec's student_file (exercise.py, autograd_exercises.py).
    run = gradekit("check", SUBMISSIONS / "correct.py")
    assert run.exit_code == 2
    assert "several assignments" in run.stderr
    assert "none of them has student_file: correct.py" in run.stderr
    assert "--assignment" in run.stderr


@pytest.mark.slow
def test_readme_command_grades_the_example_on_the_engine():
    run = gradekit("check", ROOT / "examples" / "student" / "exercise.py", "--backend", "engine")
    assert run.exit_code == 1, run.stderr
    assert "Score:" in run.stdout
    assert "Rule broken" in run.stdout  # corners uses a comprehension
    assert "Known mistake" in run.stdout


@pytest.mark.slow
def test_autograd_example_on_the_engine_as_json():
    # No --assignment: of the two specs in exercises/, autograd.yaml names this file.
    run = gradekit(
        "check",
        ROOT / "examples" / "student" / "autograd_exercises.py",
        "--backend",
        "engine",
        "--format",
        "json",
    )
    assert run.exit_code == 1, run.stderr
    document = run.document
    jsonschema.validate(document, OUTPUT_SCHEMA)
    assert document["assignment"]["id"] == "autograd"
    assert document["backend"] == "engine"
    wrong = {"build_graph", "mean_backward", "doubled_hook", "higher_derivatives"}
    for item in document["exercises"]:
        if item["id"] in wrong:
            assert item["status"] == "fail", item["id"]
        elif item["entry"] in EXAMPLE_ENTRIES:  # copied from the reference: must pass
            assert item["status"] == "pass", item["id"]
    assert exercise(document, "mean_backward")["mistake"]


@pytest.mark.slow
def test_validate_the_shipped_assignments():
    run = gradekit("validate", ROOT / "exercises", timeout=900)
    assert run.exit_code == 0, run.stdout + run.stderr


@pytest.mark.slow
def test_os_exit_and_a_forged_verdict_fail_only_that_exercise():
    run = gradekit(
        "check",
        SUBMISSIONS / "tiny_exit.py",
        "--assignment",
        TINY,
        "--backend",
        "engine",
        "--format",
        "json",
    )
    assert run.exit_code == 1, run.stderr
    document = run.document
    double = exercise(document, "double")
    assert double["status"] == "error" and double["points"] == 0
    assert "crashed" in double["error"]
    assert exercise(document, "square_grad")["status"] == "pass"
    assert document["score"] == 2.0
