"""Helpers for the end-to-end tests of ``gradekit check`` (imported by the test modules).

Until gradekit's engine can run the reference solutions, these tests point both the student
backend and the reference at real torch (``--backend torch --reference-backend torch``), so
they are marked ``torch`` and skip when torch is absent. Each submission is graded once per
module (fixtures are module-scoped) because a sandboxed torch run takes seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUBMISSIONS = Path(__file__).resolve().parent / "submissions"
SPECS = Path(__file__).resolve().parent / "specs"
TINY = SPECS / "tiny.yaml"
INDEXING = ROOT / "exercises" / "tensor-indexing.yaml"
TORCH_BACKENDS = ("--backend", "torch", "--reference-backend", "torch")


@dataclass
class Run:
    """A finished ``python -m gradekit`` process."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def document(self) -> dict:
        return json.loads(self.stdout)


def gradekit(*args: str | Path, timeout: float = 300) -> Run:
    """Run ``python -m gradekit ARGS`` in a real subprocess from the repository root."""
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    completed = subprocess.run(
        [sys.executable, "-m", "gradekit", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    return Run(completed.returncode, completed.stdout, completed.stderr)


def check_json(submission: Path, spec: Path, *extra: str) -> Run:
    """``gradekit check --format json`` of a submission on torch (student and reference)."""
    return gradekit(
        "check", submission, "--assignment", spec, "--format", "json", *TORCH_BACKENDS, *extra
    )


def exercise(document: dict, exercise_id: str) -> dict:
    return next(item for item in document["exercises"] if item["id"] == exercise_id)
