"""Helpers for the end-to-end tests of ``gradekit check`` (imported by the test modules).

Most runs use the product path on gradekit's engine (``--backend engine``; expected answers
always come from the engine). The ``torch``-marked modules also run student code on real torch
and, for differential checks, compute the reference on torch (``--reference-backend torch``).
Each submission is graded once per module where possible (module-scoped fixtures), because
every run starts a sandboxed child.
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
ENGINE = ("--backend", "engine")
TORCH_STUDENT = ("--backend", "torch")
TORCH_BOTH = ("--backend", "torch", "--reference-backend", "torch")


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


def check_json(
    submission: Path, spec: Path, *extra: str, backends: tuple[str, ...] = ENGINE
) -> Run:
    """``gradekit check --format json`` of a submission (engine by default)."""
    return gradekit(
        "check", submission, "--assignment", spec, "--format", "json", *backends, *extra
    )


def exercise(document: dict, exercise_id: str) -> dict:
    return next(item for item in document["exercises"] if item["id"] == exercise_id)
