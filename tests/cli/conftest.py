"""Fixtures of the CLI tests."""

from __future__ import annotations

import pytest
from cli_helpers import engine_ready


@pytest.fixture(scope="session")
def torch_available() -> None:
    pytest.importorskip("torch", reason="these end-to-end tests run student code on real torch")


@pytest.fixture(scope="session")
def engine_available() -> None:
    if not engine_ready():
        pytest.skip("gradekit.engine has no install_torch_alias() yet")
