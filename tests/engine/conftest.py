"""Fixtures for the engine's judge: the two modules a program can run on.

``engine`` is ``gradekit.engine`` (always required: these tests exist to judge it).
``real_torch`` is PyTorch itself, skipped cleanly when it is not installed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

# programs.py is a plain module next to the tests (tests/ is not a package).
ENGINE_TESTS = Path(__file__).resolve().parent
if str(ENGINE_TESTS) not in sys.path:
    sys.path.insert(0, str(ENGINE_TESTS))


@pytest.fixture(scope="session")
def engine() -> ModuleType:
    import gradekit.engine

    return gradekit.engine


@pytest.fixture(scope="session")
def real_torch() -> ModuleType:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    # If something in this process called install_torch_alias(), "torch" is the engine and
    # a differential test would compare the engine with itself and always pass.
    if "gradekit" in (getattr(torch, "__file__", None) or "") or torch.__name__ != "torch":
        pytest.fail(
            "`import torch` resolves to gradekit's engine alias in this process; "
            "the differential tests need real PyTorch (run them in a fresh process)"
        )
    return torch


@pytest.fixture(autouse=True)
def as_in_a_fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts as a fresh process does: with no hook, retain_grad or custom
    Function registered yet (``graph.user_code_in_graphs``), so ``loss.backward()`` runs
    the newest-first pass unless the test itself registers user code, whatever ran before;
    and with none of torch's once-per-process warnings given yet (``errors.warn_once``), so a
    test that expects one sees it whichever test gave it first."""
    from gradekit.engine import errors
    from gradekit.engine.autograd import graph

    monkeypatch.setattr(graph, "user_code_in_graphs", False)
    monkeypatch.setattr(errors, "_warned_once", set())
