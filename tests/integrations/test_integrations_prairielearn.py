"""``gradekit init prairielearn`` and the grader that runs inside PrairieLearn's container.

The end-to-end test lays out a temp folder as PrairieLearn mounts it (``tests/`` = the
question's tests folder, ``student/`` = the submitted files, ``results/``) and runs the written
``run.sh`` with ``GRADEKIT_GRADE_ROOT`` pointing at it instead of ``/grade``.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from integration_helpers import ROOT, SPEC, SUBMISSIONS, run_gradekit

from gradekit.grading.pipeline import MISCONFIGURED_MESSAGE
from gradekit.integrations.prairielearn import InitError, init_prairielearn, run_grader

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from schema_files import problems  # noqa: E402

SCHEMA = "prairielearn-results.schema.json"


def grading_root(question: Path, tmp_path: Path, submission: Path | None, name: str) -> Path:
    root = tmp_path / "grade"
    shutil.copytree(question / "tests", root / "tests")
    (root / "student").mkdir()
    if submission is not None:
        shutil.copy(submission, root / "student" / name)
    return root


def test_init_writes_the_question_files(tmp_path):
    question = tmp_path / "questions" / "scale"
    written = init_prairielearn(question, SPEC, image="course/gradekit:1", timeout_seconds=90)
    names = {path.relative_to(question).as_posix() for path in written}
    assert names == {
        "info.json",
        "question.html",
        "tests/gradekit-autograder.json",
        "tests/run.sh",
        "grader-image/Dockerfile",
    }
    info = json.loads((question / "info.json").read_text())
    assert info["gradingMethod"] == "External"
    assert info["externalGradingOptions"] == {
        "enabled": True,
        "image": "course/gradekit:1",
        "entrypoint": "/grade/tests/run.sh",
        "timeout": 90,
    }
    assert info["title"] == "Scale and sum" and len(info["uuid"]) == 36
    assert (question / "tests" / "assignment" / "exercises" / "scale.yaml").is_file()
    assert (question / "tests" / "assignment" / "solutions" / "scale.py").is_file()
    assert os.access(question / "tests" / "run.sh", os.X_OK)
    assert subprocess.run(["bash", "-n", str(question / "tests" / "run.sh")]).returncode == 0
    html = (question / "question.html").read_text()
    assert 'file-names="exercise.py"' in html and "<pl-external-grader-results>" in html
    dockerfile = (question / "grader-image" / "Dockerfile").read_text()
    assert "pip install --no-cache-dir /opt/gradekit-src\n" in dockerfile
    assert (question / "grader-image" / "gradekit-src" / "pyproject.toml").is_file()


def test_existing_info_json_keeps_its_other_keys(tmp_path):
    question = tmp_path / "q"
    question.mkdir()
    (question / "info.json").write_text(json.dumps({"uuid": "keep-me", "topic": "Tensors"}))
    (question / "question.html").write_text("<p>mine</p>")
    init_prairielearn(question, SPEC, torch=True)
    info = json.loads((question / "info.json").read_text())
    assert info["uuid"] == "keep-me" and info["topic"] == "Tensors"
    assert info["externalGradingOptions"]["entrypoint"] == "/grade/tests/run.sh"
    assert (question / "question.html").read_text() == "<p>mine</p>"  # never overwritten


def pip_installs(dockerfile: Path) -> list[list[str]]:
    """The arguments of every ``pip install`` in the Dockerfile's RUN lines."""
    installs = []
    for line in dockerfile.read_text().splitlines():
        if not line.startswith("RUN "):
            continue
        words = shlex.split(line)
        if "pip" in words and "install" in words:
            installs.append(words[words.index("install") + 1 :])
    return installs


def test_torch_image_installs_cpu_torch(tmp_path):
    question = tmp_path / "q"
    init_prairielearn(question, SPEC, torch=True)
    image = question / "grader-image"
    installs = pip_installs(image / "Dockerfile")
    # gradekit itself, without extras its bundled pyproject does not declare (pip would
    # only warn about an unknown extra and install no torch).
    declared = tomllib.loads((image / "gradekit-src" / "pyproject.toml").read_text())
    extras = set(declared["project"].get("optional-dependencies", {}))
    for arguments in installs:
        for argument in arguments:
            if argument.startswith("/opt/gradekit-src["):
                assert set(argument[len("/opt/gradekit-src[") : -1].split(",")) <= extras
    # and torch from the CPU wheel index, as the Gradescope setup.sh installs it
    torch_install = [arguments for arguments in installs if "torch==2.13.0" in arguments]
    assert torch_install, installs
    assert "https://download.pytorch.org/whl/cpu" in torch_install[0]


def test_existing_grading_options_keep_the_keys_gradekit_does_not_set(tmp_path):
    """Re-running init (a new image tag, a spec change) must not drop what the instructor
    configured for the grader: its environment or shared course files."""
    question = tmp_path / "q"
    question.mkdir()
    options = {
        "enabled": False,
        "image": "old/image",
        "environment": {"OMP_NUM_THREADS": "1"},
        "serverFilesCourse": ["shared/"],
    }
    (question / "info.json").write_text(json.dumps({"externalGradingOptions": options}))
    init_prairielearn(question, SPEC, image="course/gradekit:2", timeout_seconds=90)
    info = json.loads((question / "info.json").read_text())
    assert info["externalGradingOptions"] == {
        "enabled": True,
        "image": "course/gradekit:2",
        "entrypoint": "/grade/tests/run.sh",
        "timeout": 90,
        "environment": {"OMP_NUM_THREADS": "1"},
        "serverFilesCourse": ["shared/"],
    }


def test_broken_info_json_is_reported_with_its_line(tmp_path):
    question = tmp_path / "q"
    question.mkdir()
    (question / "info.json").write_text('{\n  "uuid": "x",\n  oops\n}')
    with pytest.raises(InitError, match=r"info.json:3: not valid JSON"):
        init_prairielearn(question, SPEC)


def worst_case_seconds(spec: Path) -> float:
    """Every case of ``spec`` running into its time limit, after the import's own limit."""
    from gradekit.grading.cases import compile_assignment
    from gradekit.grading.plans import plan_calls
    from gradekit.sandbox.policy import SandboxPolicy
    from gradekit.spec import load_assignment

    policy = SandboxPolicy()
    calls = plan_calls(compile_assignment(load_assignment(spec)).plans)
    return policy.load_timeout + sum(call.timeout + policy.call_grace for call in calls)


def test_default_timeout_covers_a_submission_that_loops_everywhere(tmp_path):
    """PrairieLearn kills a grader that outlives the timeout and shows only "Grading timed
    out": the default must leave room for every case to run into its own time limit."""
    spec = ROOT / "exercises" / "tensor-indexing.yaml"
    worst = worst_case_seconds(spec)
    assert 120 < worst < 600  # the old fixed default was 120 s
    init_prairielearn(tmp_path / "q", spec)
    timeout = json.loads((tmp_path / "q" / "info.json").read_text())["externalGradingOptions"][
        "timeout"
    ]
    assert worst < timeout <= 600


def test_a_timeout_too_short_for_the_assignment_is_warned_about(tmp_path):
    spec = ROOT / "exercises" / "tensor-indexing.yaml"
    done = run_gradekit("init", "prairielearn", "-a", spec, "--dir", tmp_path, "--timeout", "120")
    assert done.returncode == 0, done.stderr
    assert "warning: " in done.stderr and "--timeout is 120" in done.stderr
    needed = int(done.stderr.split("needs up to ")[1].split(" s")[0])
    assert needed > worst_case_seconds(spec)
    info = json.loads((tmp_path / "info.json").read_text())
    assert info["externalGradingOptions"]["timeout"] == 120  # what was asked for
    quiet = run_gradekit("init", "prairielearn", "-a", SPEC, "--dir", tmp_path / "small")
    assert "warning" not in quiet.stderr


def test_timeout_is_bounded_by_prairielearn(tmp_path):
    with pytest.raises(InitError, match="between 1 and 600"):
        init_prairielearn(tmp_path / "q", SPEC, timeout_seconds=601)


def test_command_line(tmp_path):
    done = run_gradekit("init", "prairielearn", "-a", SPEC, "--dir", tmp_path / "q")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "q" / "tests" / "run.sh").is_file()
    bad = run_gradekit("init", "prairielearn", "-a", SPEC, "--dir", tmp_path, "--timeout", "0")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


@pytest.mark.torch
def test_run_sh_grades_the_submission(torch_available, tmp_path):
    question = tmp_path / "q"
    init_prairielearn(question, SPEC, reference_backend="torch")
    root = grading_root(question, tmp_path, SUBMISSIONS / "forger.py", "exercise.py")
    done = subprocess.run(
        [str(root / "tests" / "run.sh")],
        env={**os.environ, "GRADEKIT_GRADE_ROOT": str(root), "GRADEKIT_PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    assert problems(SCHEMA, document) == []
    assert document["gradable"] is True
    assert document["score"] == pytest.approx(1 / 3, abs=1e-6)
    assert [(t["points"], t["max_points"]) for t in document["tests"]] == [
        (0, 1),
        (0, 1),
        (1, 1),
    ]
    assert "totalPoints" in document["output"]  # what the submission printed, as output


def test_missing_student_file_is_ungradable(tmp_path):
    question = tmp_path / "q"
    init_prairielearn(question, SPEC)
    root = grading_root(question, tmp_path, None, "exercise.py")
    document = run_grader(root)
    assert problems(SCHEMA, document) == []
    assert document["gradable"] is False
    assert "exercise.py" in document["message"]


def test_a_broken_solution_is_ungradable_without_its_details(tmp_path, capsys):
    """The student is not charged an attempt for the course's problem and sees only that the
    autograder is misconfigured; the solution's exception goes to the grader's log."""
    question = tmp_path / "q"
    init_prairielearn(question, SPEC)
    root = grading_root(question, tmp_path, SUBMISSIONS / "correct.py", "exercise.py")
    (solution,) = (root / "tests").rglob("scale.py")
    solution.write_text(solution.read_text() + "\nraise ImportError('SECRET-7f3a')\n")
    document = run_grader(root)
    assert problems(SCHEMA, document) == []
    assert "SECRET" not in (root / "results" / "results.json").read_text()
    assert document["gradable"] is False
    assert document["message"] == MISCONFIGURED_MESSAGE
    assert "SECRET-7f3a" in capsys.readouterr().out
