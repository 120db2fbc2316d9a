"""``gradekit init github``'s default workflow, run for real: its install step pip-installs the
vendored ``.github/gradekit/gradekit-src`` into a fresh environment, and its grading step runs
the ``gradekit`` that installed, from the repository root, as the runner would.

Offline: the fresh venv sees this interpreter's site-packages (the dependencies and setuptools
are there), so the install step gets ``--no-deps --no-build-isolation``; everything else is the
workflow's own command line.
"""

from __future__ import annotations

import base64
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from integration_helpers import COURSE, SUBMISSIONS

from gradekit.integrations.github import init_github

OFFLINE = ["--no-deps", "--no-build-isolation", "--quiet"]


def steps(workflow: Path) -> dict[str, dict]:
    document = yaml.safe_load(workflow.read_text(encoding="utf-8"))
    return {step["name"]: step for step in document["jobs"]["run-autograding-tests"]["steps"]}


def fresh_venv(folder: Path) -> dict[str, str]:
    """A new virtual environment; the environment variables of a step run in it (its bin/ first
    on PATH, no PYTHONPATH: what runs is what was installed)."""
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(folder)],
        check=True,
        timeout=120,
    )
    environ = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    environ["PATH"] = f"{folder / 'bin'}{os.pathsep}{environ.get('PATH', '')}"
    environ["VIRTUAL_ENV"] = str(folder)
    return environ


def run_step(command: str, repository: Path, environ: dict[str, str], *extra: str):
    return subprocess.run(
        [*shlex.split(command), *extra],
        cwd=repository,
        env=environ,
        capture_output=True,
        text=True,
        timeout=300,
    )


def installed_gradekit(environ: dict[str, str], repository: Path) -> Path:
    done = subprocess.run(
        ["python", "-c", "import gradekit; print(gradekit.__file__)"],
        cwd=repository,
        env=environ,
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(done.stdout.strip())


def test_the_default_workflow_installs_the_vendored_gradekit_and_grades(tmp_path):
    repository = tmp_path / "student-repo"  # a dash, as Classroom names repositories
    shutil.copytree(COURSE, repository)
    shutil.copy(SUBMISSIONS / "correct.py", repository / "exercise.py")
    workflow, vendored = init_github(repository, repository / "exercises" / "scale.yaml")
    workflow_steps = steps(workflow)
    install = workflow_steps["Install gradekit"]["run"]
    cache = tmp_path / "pip-cache"  # what setup-python restores, shared by both runs below

    environ = fresh_venv(tmp_path / "venv")
    done = run_step(install, repository, environ, *OFFLINE, "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    venv = (tmp_path / "venv").resolve()
    assert installed_gradekit(environ, repository).is_relative_to(venv)
    assert Path(shutil.which("gradekit", path=environ["PATH"])).parent == venv / "bin"

    output, summary = tmp_path / "github_output", tmp_path / "step_summary"
    grading = {**environ, "GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(summary)}
    graded = run_step(workflow_steps["Grade with gradekit"]["run"], repository, grading)
    assert graded.returncode == 0, graded.stdout + graded.stderr
    (line,) = output.read_text().splitlines()
    result = json.loads(base64.b64decode(line.removeprefix("result=")))
    assert result["status"] == "pass"
    assert sum(test["score"] for test in result["tests"]) == result["max_score"] == 3

    # The instructor changes the copy (a newer gradekit, same path, same version): the next run,
    # on a fresh runner with the pip cache restored, installs the changed copy, not a wheel that
    # pip cached from the first one.
    marker = vendored / "gradekit" / "vendored_marker.py"
    marker.write_text("CHANGED = True\n")
    environ = fresh_venv(tmp_path / "venv2")
    done = run_step(install, repository, environ, *OFFLINE, "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    package = installed_gradekit(environ, repository).parent
    assert package.is_relative_to((tmp_path / "venv2").resolve())
    assert (package / "vendored_marker.py").read_text() == "CHANGED = True\n"
