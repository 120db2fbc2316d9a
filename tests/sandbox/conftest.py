"""Fixtures for end-to-end sandbox tests: a backend to run with, and submission files."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def backend() -> str:
    """The backend these tests run student code on: gradekit's engine (numpy only, the
    quickest to start). Tests that need real torch say so and skip without it."""
    return "engine"


@pytest.fixture
def submission(tmp_path: Path) -> Callable[[str], Path]:
    """Write a submission file from dedented source; returns its path."""

    def write(source: str, name: str = "solution.py") -> Path:
        path = tmp_path / "student" / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(textwrap.dedent(source))
        return path

    return write
