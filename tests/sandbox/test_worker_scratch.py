"""A sandboxed worker leaves nothing behind in its scratch directory but what student code wrote:
no compiled ``__pycache__`` of the submission (the directory is thrown away after the run)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import Call
from gradekit.sandbox.runner import run_submission

POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)
LISTER = """
import os
import sys

def listing():
    return sorted(os.listdir(os.path.dirname(os.path.abspath(__file__))))

def writes_bytecode():
    return sys.dont_write_bytecode
"""


def test_the_worker_compiles_the_submission_without_writing_a_pyc(tmp_path: Path, backend) -> None:
    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(LISTER))
    outcome = run_submission(
        path, [Call("a", "listing"), Call("b", "writes_bytecode")], backend=backend, policy=POLICY
    )
    if outcome.load_error is not None:
        pytest.fail(f"the submission did not load: {outcome.load_error}")
    names = [item.value for item in outcome.calls["a"].value.items]
    assert "solution.py" in names and "__pycache__" not in names
    assert outcome.calls["b"].value.value is True
