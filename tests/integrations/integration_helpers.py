"""What the integration tests share: a small course (spec + solution in sibling folders),
submissions, and running gradekit as a real subprocess. (A module of its own, not conftest.py:
``from conftest import`` finds whichever test folder's conftest was imported first.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COURSE = HERE / "course"
SPEC = COURSE / "exercises" / "scale.yaml"
SUBMISSIONS = HERE / "submissions"
ROOT = HERE.parents[1]
# The submission's identity as the Classroom 50 runner passes it to autograder.py.
CLASSROOM50_ENV = {
    "CLASSROOM": "cs101",
    "ASSIGNMENT": "scale",
    "USERNAME": "ada",
    "SUBMISSION_TAG": "submit/20261121T120000Z-abc1234",
    "COMMIT_URL": "https://example.invalid/commit/abc1234",
    "RELEASE_URL": "https://example.invalid/releases/submit",
}


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
