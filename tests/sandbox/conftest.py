"""Fixtures for end-to-end sandbox tests: a backend to run with, and submission files."""

from __future__ import annotations

import importlib.util
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest


def engine_available() -> bool:
    """True once gradekit.engine provides install_torch_alias() (written in parallel)."""
    try:
        import gradekit.engine as engine
    except ImportError:
        return False
    # vars(), not getattr(): the engine raises NotImplementedError for unknown torch names.
    return callable(vars(engine).get("install_torch_alias"))


def torch_available() -> bool:
    return importlib.util.find_spec("torch") is not None


@pytest.fixture
def backend() -> str:
    """The fastest working backend: the engine when it exists (numpy only), else real torch."""
    if engine_available():
        return "engine"
    if torch_available():
        return "torch"
    pytest.skip("neither gradekit.engine.install_torch_alias nor torch is available")


@pytest.fixture
def submission(tmp_path: Path) -> Callable[[str], Path]:
    """Write a submission file from dedented source; returns its path."""

    def write(source: str, name: str = "solution.py") -> Path:
        path = tmp_path / "student" / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(textwrap.dedent(source))
        return path

    return write
