"""Classroom 50: the ``autograder.py`` of docs/ci.md, run the way the Classroom 50 runner runs it.

The runner (foundation50/classroom50 ``runner.py``, ``run_entrypoint``) extracts the assignment's
bundle (``CLASSROOM/autograders/ASSIGNMENT/``) outside the student's checkout, names it in
``CLASSROOM50_BUNDLE_DIR``, and starts ``autograder.py`` with its own Python, in the checkout,
with the submission's identity in the environment. It then reads ``result.json`` from the
checkout.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from integration_helpers import CLASSROOM50_ENV, ROOT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from schema_files import problems  # noqa: E402

RUNNER_ENV = {
    **CLASSROOM50_ENV,
    "ASSIGNMENT": "tensor-indexing",
    "REVIEW_URL": "https://example.invalid/compare/base...abc1234",
}


def documented_autograder() -> str:
    """The ``autograder.py`` shown in docs/ci.md's Classroom 50 section."""
    text = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    section = text[text.index("## Classroom 50") : text.index("## Gradescope")]
    (code,) = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    return code


def run_documented_autograder(tmp_path: Path, solution: str | None = None):
    """The documented autograder.py in a bundle (the solution replaced by ``solution`` when
    given), run as the runner runs it; returns the finished process and the checkout."""
    bundle = tmp_path / "runtime" / "tensor-indexing"
    for name in ("exercises/tensor-indexing.yaml", "solutions/tensor_indexing.py"):
        (bundle / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, bundle / name)
    if solution is not None:
        (bundle / "solutions" / "tensor_indexing.py").write_text(solution, encoding="utf-8")
    (bundle / "autograder.py").write_text(documented_autograder(), encoding="utf-8")
    checkout = tmp_path / "checkout"  # the student's repository: no spec, no solution
    checkout.mkdir()
    shutil.copy(ROOT / "examples" / "student" / "exercise.py", checkout / "exercise.py")

    done = subprocess.run(
        [sys.executable, str(bundle / "autograder.py")],
        cwd=checkout,
        env={
            **os.environ,
            **RUNNER_ENV,
            "CLASSROOM50_BUNDLE_DIR": str(bundle),
            "PYTHONPATH": str(ROOT),  # this gradekit, installed for the runner's Python
        },
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done, checkout


def test_the_documented_autograder_grades_from_the_bundle(tmp_path):
    done, checkout = run_documented_autograder(tmp_path)
    assert done.returncode == 0, done.stderr  # the runner treats any other exit as an error
    document = json.loads((checkout / "result.json").read_text(encoding="utf-8"))
    assert problems("classroom50-result-v1.schema.json", document) == []
    assert document["owner"] == "ada" and document["assignment"] == "tensor-indexing"
    assert 0 < document["score"] < document["max-score"]  # the example has some mistakes


def test_a_broken_solution_publishes_a_result_telling_the_student(tmp_path):
    """gradekit exits 2, but the documented autograder.py does not pass that on: the runner
    reads result.json, which holds 0 points and says the autograder is misconfigured, rather
    than recording an error the student cannot read. The problem itself goes to the log."""
    solution = (ROOT / "solutions" / "tensor_indexing.py").read_text(encoding="utf-8")
    solution += "\nraise ImportError('SECRET')\n"  # a solution that fails when imported
    done, checkout = run_documented_autograder(tmp_path, solution)
    assert done.returncode == 0, done.stderr
    assert "SECRET" in done.stderr
    text = (checkout / "result.json").read_text(encoding="utf-8")
    assert "SECRET" not in text
    document = json.loads(text)
    assert problems("classroom50-result-v1.schema.json", document) == []
    assert document["score"] == 0 and document["max-score"] > 0
    (test,) = document["tests"]
    assert test["test-name"] == "Autograder misconfigured" and "instructor" in test["message"]


def test_fractional_points_publish_a_misconfigured_result(tmp_path):
    """Classroom 50 takes whole points only. An exercise worth 2.5 is the instructor's problem:
    gradekit says so on the log before grading anything (exit 2) and, as for any misconfigured
    assignment, leaves a result.json with 0 points telling the student, whose max-score is the
    assignment's points rounded down to a whole number. It used to write nothing, so the
    runner recorded an error of its own."""
    from integration_helpers import COURSE, SUBMISSIONS, run_gradekit

    course = tmp_path / "course"
    shutil.copytree(COURSE, course)
    spec = course / "exercises" / "scale.yaml"
    spec.write_text(spec.read_text().replace("points: 2\n", "points: 2.5\n"))
    target = tmp_path / "result.json"
    done = run_gradekit(
        "check", SUBMISSIONS / "correct.py", "-a", spec, "--format", "classroom50", "-o",
        target, env=CLASSROOM50_ENV,
    )  # fmt: skip
    assert done.returncode == 2
    assert "'double' is worth 2.5 points" in done.stderr and "Traceback" not in done.stderr
    assert "says the autograder is misconfigured" in done.stderr
    document = json.loads(target.read_text(encoding="utf-8"))
    assert problems("classroom50-result-v1.schema.json", document) == []
    assert (document["score"], document["max-score"]) == (0, 3)  # 2.5 + 1, rounded down
    (test,) = document["tests"]
    assert test["test-name"] == "Autograder misconfigured" and "instructor" in test["message"]
