"""``gradekit package gradescope``: the zip unpacks to a working autograder.

The end-to-end tests lay the zip out as Gradescope documents it (``source/`` holding the zip's
contents, ``submission/`` the student's files, ``results/`` the output), in a temp folder named
by ``GRADEKIT_AUTOGRADER_ROOT`` instead of ``/autograder``, and run ``run_autograder`` itself.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from integration_helpers import ROOT, SPEC, SUBMISSIONS, run_gradekit

from gradekit.grading.pipeline import MISCONFIGURED_MESSAGE
from gradekit.integrations.bundle import BundleError
from gradekit.integrations.gradescope import package_gradescope, run_autograder

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from schema_files import problems  # noqa: E402

SCHEMA = "gradescope-results.schema.json"


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory) -> Path:
    output = tmp_path_factory.mktemp("package") / "autograder.zip"
    return package_gradescope(SPEC, output, reference_backend="torch")


def unpack(autograder_zip: Path, root: Path, submission: Path | None, name: str) -> Path:
    """The documented layout under ``root`` (in place of /autograder)."""
    with zipfile.ZipFile(autograder_zip) as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():  # extractall drops permissions; restore them
            mode = info.external_attr >> 16
            if mode:
                (root / "source" / info.filename).chmod(stat.S_IMODE(mode))
    (root / "submission").mkdir()
    if submission is not None:
        shutil.copy(submission, root / "submission" / name)
    return root


def run_script(root: Path) -> subprocess.CompletedProcess:
    environment = {
        **os.environ,
        "GRADEKIT_AUTOGRADER_ROOT": str(root),
        "GRADEKIT_PYTHON": sys.executable,
    }
    return subprocess.run(
        [str(root / "source" / "run_autograder")],
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )


def results(root: Path) -> dict:
    document = json.loads((root / "results" / "results.json").read_text())
    assert problems(SCHEMA, document) == []
    return document


def test_zip_layout(autograder_zip):
    with zipfile.ZipFile(autograder_zip) as archive:
        names = set(archive.namelist())
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
        config = json.loads(archive.read("gradekit-autograder.json"))
    assert {"setup.sh", "run_autograder"} <= names  # at the zip's root, as Gradescope requires
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    # The spec and its solution keep their relative layout (../solutions/scale.py).
    assert {"assignment/exercises/scale.yaml", "assignment/solutions/scale.py"} <= names
    assert config == {
        "assignment": "assignment/exercises/scale.yaml",
        "student_file": "exercise.py",
        "reference_backend": "torch",
    }
    assert "gradekit-src/pyproject.toml" in names
    assert "gradekit-src/gradekit/integrations/templates/gradescope/run_autograder" in names
    assert not any("__pycache__" in name for name in names)


def test_scripts_are_valid_bash(autograder_zip, tmp_path):
    root = unpack(autograder_zip, tmp_path, None, "exercise.py")
    for script in ("setup.sh", "run_autograder"):
        checked = subprocess.run(["bash", "-n", str(root / "source" / script)])
        assert checked.returncode == 0, script
    setup = (root / "source" / "setup.sh").read_text()
    assert 'pip install "$SOURCE/gradekit-src"' in setup and "torch" not in setup


def test_bundled_gradekit_source_builds_a_wheel(autograder_zip, tmp_path):
    root = unpack(autograder_zip, tmp_path, None, "exercise.py")
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(tmp_path / "wheels"),
            str(root / "source" / "gradekit-src"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "wheels").glob("gradekit-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "gradekit/integrations/templates/gradescope/setup.sh" in names
    assert "gradekit/report/github.py" in names


@pytest.mark.torch
def test_grades_the_example_submission(torch_available, autograder_zip, tmp_path):
    root = unpack(autograder_zip, tmp_path, SUBMISSIONS / "correct.py", "exercise.py")
    done = run_script(root)
    assert done.returncode == 0, done.stderr
    document = results(root)
    assert document["score"] == 3
    assert [t["status"] for t in document["tests"]] == ["passed"] * 3
    assert [t["visibility"] for t in document["tests"]] == [
        "visible",
        "after_published",
        "visible",
    ]
    assert "3/3" in done.stdout


@pytest.mark.torch
def test_an_early_exit_scores_nothing(torch_available, autograder_zip, tmp_path):
    root = unpack(autograder_zip, tmp_path, SUBMISSIONS / "early_exit.py", "exercise.py")
    done = run_script(root)
    assert done.returncode == 0, done.stderr
    document = results(root)
    assert document["score"] == 0
    assert all(t["status"] == "failed" for t in document["tests"])
    assert "could not be loaded" in document["output"]


def test_a_wrongly_named_file_gets_a_result_saying_so(autograder_zip, tmp_path):
    root = unpack(autograder_zip, tmp_path, SUBMISSIONS / "correct.py", "answers.txt")
    (root / "submission" / "notes.py").write_text("x = 1\n")
    (root / "submission" / "other.py").write_text("y = 2\n")
    document = run_autograder(root)
    assert document == results(root)
    assert document["score"] == 0
    assert "expected your file to be called exercise.py" in document["output"]
    assert "notes.py, other.py" in document["output"]


def test_a_submission_without_python_files_names_what_was_submitted(autograder_zip, tmp_path):
    root = unpack(autograder_zip, tmp_path, SUBMISSIONS / "correct.py", "exercise.txt")
    (root / "submission" / "notes").mkdir()
    (root / "submission" / "notes" / "README.md").write_text("hi\n")
    document = run_autograder(root)
    assert document["score"] == 0
    assert "expected your file to be called exercise.py" in document["output"]
    assert "exercise.txt, notes/README.md (no .py or .ipynb file)" in document["output"]


def test_a_broken_bundle_still_writes_a_result(tmp_path):
    (tmp_path / "source").mkdir()
    (tmp_path / "submission").mkdir()
    document = run_autograder(tmp_path)
    assert document["score"] == 0
    assert "misconfigured" in document["output"]


def test_invalid_assignment_is_refused(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("assignment: {id: x}\n")
    with pytest.raises(BundleError, match="broken.yaml"):
        package_gradescope(broken, tmp_path / "a.zip")
    done = run_gradekit("package", "gradescope", "-a", broken, "-o", tmp_path / "a.zip")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert not (tmp_path / "a.zip").exists()


def test_command_line_builds_the_zip(tmp_path):
    done = run_gradekit("package", "gradescope", "-a", SPEC, "-o", tmp_path / "ag.zip", "--torch")
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(tmp_path / "ag.zip") as archive:
        setup = archive.read("setup.sh").decode()
    assert "torch==2.13.0" in setup


def test_an_assignment_slower_than_gradescope_s_default_timeout_is_warned_about(tmp_path):
    """Gradescope stops run_autograder after 10 minutes by default and the student gets 0
    without feedback: autograd needs up to 1217 s when every case runs into its time limit, so
    the instructor must raise the timeout in the assignment's settings."""
    done = run_gradekit(
        "package",
        "gradescope",
        "-a",
        ROOT / "exercises" / "autograd.yaml",
        "-o",
        tmp_path / "a.zip",
    )
    assert done.returncode == 0, done.stderr
    assert "warning: " in done.stderr and "21 minutes" in done.stderr
    assert (tmp_path / "a.zip").is_file()
    quiet = run_gradekit("package", "gradescope", "-a", SPEC, "-o", tmp_path / "b.zip")
    assert quiet.returncode == 0 and "warning" not in quiet.stderr


def test_a_broken_solution_tells_the_student_to_tell_the_instructor(tmp_path, capsys):
    """The reference solution's problem is the instructor's: the student's results.json says
    the autograder is misconfigured, with nothing of the solution; the problem itself goes to
    run_autograder's stdout, which Gradescope shows to instructors only."""
    autograder = package_gradescope(SPEC, tmp_path / "autograder.zip")
    root = unpack(autograder, tmp_path / "ag", SUBMISSIONS / "correct.py", "exercise.py")
    solution = root / "source" / "assignment" / "solutions" / "scale.py"
    solution.write_text(solution.read_text() + "\nraise ImportError('SECRET-7f3a')\n")
    document = run_autograder(root)
    text = (root / "results" / "results.json").read_text()
    assert "SECRET" not in text
    assert document["score"] == 0
    assert document["output"] == MISCONFIGURED_MESSAGE
    assert "SECRET-7f3a" in capsys.readouterr().out
