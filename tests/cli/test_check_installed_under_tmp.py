"""gradekit installed under /tmp (a clone or virtualenv in a scratch directory, common in
containers and CI) with bubblewrap: the sandbox's private /tmp must not hide gradekit's own
package, the probe must refuse a bubblewrap that would, and a sandbox that cannot start is the
machine's problem (exit 2), never the student's.

Each test copies gradekit into pytest's temporary directory (under /tmp) and runs
``python -m gradekit`` from that copy in a subprocess, exactly as a user of such a clone would.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gradekit.sandbox.policy import probe_layers

ROOT = Path(__file__).resolve().parents[2]


def _needs_bubblewrap() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("bubblewrap is Linux only")
    probe = probe_layers()
    if "bubblewrap" not in probe.available:
        pytest.skip(f"bubblewrap does not work here: {probe.reasons.get('bubblewrap')}")


@pytest.fixture
def clone_under_tmp(tmp_path: Path) -> Path:
    """A copy of gradekit, its exercises, solutions and example student under /tmp."""
    if os.path.commonpath([str(tmp_path.resolve()), "/tmp"]) != "/tmp":
        pytest.skip(f"pytest's temporary directory {tmp_path} is not under /tmp")
    _needs_bubblewrap()
    clone = tmp_path / "clone"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("gradekit", "exercises", "solutions", "examples"):
        shutil.copytree(ROOT / folder, clone / folder, ignore=ignore)
    return clone


def _run_from(clone: Path, *arguments: str, cache: Path) -> subprocess.CompletedProcess:
    environment = dict(
        os.environ,
        PYTHONPATH=str(clone),
        GRADEKIT_CACHE_DIR=str(cache),
        GRADEKIT_CHECK_SERVER="off",
        COLUMNS="200",
        NO_COLOR="1",
    )
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=300,
        env=environment,
    )


def test_check_from_a_clone_under_tmp_runs_the_example_under_bubblewrap(
    clone_under_tmp: Path, tmp_path: Path
) -> None:
    run = _run_from(
        clone_under_tmp,
        *("-m", "gradekit", "check", "examples/student/exercise.py"),
        *("--backend", "engine", "--format", "json"),
        cache=tmp_path / "cache",
    )
    assert run.returncode in (0, 1), run.stderr
    document = json.loads(run.stdout)
    assert "bubblewrap" in document["isolation"]["layers"]
    assert document["isolation"]["tier"] == 2
    errors = [item["id"] for item in document["exercises"] if item["status"] == "error"]
    assert errors == [], run.stdout
    assert document["score"] > 0


def test_probe_refuses_a_bubblewrap_that_hides_gradekit(
    clone_under_tmp: Path, tmp_path: Path
) -> None:
    """Without the read-only binds (what the layer looked like before) the probe finds the
    sandbox interpreter cannot start, so bubblewrap is not selected; with them it passes."""
    script = (
        "import sys\n"
        "from gradekit.sandbox import environment, probe\n"
        "if sys.argv[1] == 'unbound':\n"
        "    environment.read_only_binds_under_tmp = lambda: ()\n"
        "print(probe._check_bubblewrap())\n"
    )
    hidden = _run_from(clone_under_tmp, "-c", script, "unbound", cache=tmp_path / "cache")
    assert hidden.returncode == 0, hidden.stderr
    assert "bubblewrap failed" in hidden.stdout
    assert f"{clone_under_tmp}/gradekit/__init__.py" in hidden.stdout
    bound = _run_from(clone_under_tmp, "-c", script, "bound", cache=tmp_path / "cache")
    assert bound.stdout.strip() == "None", bound.stdout + bound.stderr


def test_a_sandbox_that_cannot_import_gradekit_is_exit_2_naming_the_cause(
    clone_under_tmp: Path, tmp_path: Path
) -> None:
    """The sandbox's own module fails to import: nothing of the student's ran, so this is an
    error of the installation (exit 2, on stderr), not eleven exercises in ERROR."""
    child = clone_under_tmp / "gradekit" / "sandbox" / "child.py"
    child.write_text('raise ImportError("simulated broken installation")\n')
    run = _run_from(
        clone_under_tmp,
        *("-m", "gradekit", "check", "examples/student/exercise.py", "--backend", "engine"),
        cache=tmp_path / "cache",
    )
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stdout == ""
    assert "the sandbox could not start" in run.stderr
    assert "not of the submission" in run.stderr
    assert "ImportError: simulated broken installation" in run.stderr
