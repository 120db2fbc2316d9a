"""Fixtures of the integration tests: a small course (spec + solution in sibling folders) and
submissions, plus running gradekit as a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
COURSE = HERE / "course"
SPEC = COURSE / "exercises" / "scale.yaml"
SUBMISSIONS = HERE / "submissions"
ROOT = HERE.parents[1]


def run_gradekit(*args: str | Path, env: dict[str, str] | None = None, cwd: Path = ROOT):
    """``python -m gradekit ARGS`` in a subprocess (the real command line, exit code included)."""
    return subprocess.run(
        [sys.executable, "-m", "gradekit", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", **(env or {})},
    )


@pytest.fixture(scope="session")
def torch_available() -> None:
    pytest.importorskip(
        "torch",
        reason="end-to-end grading runs student code and the reference on real torch "
        "(--reference-backend torch) until the engine runs reference solutions",
    )
