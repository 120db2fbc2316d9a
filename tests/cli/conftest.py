"""Fixtures of the CLI tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def torch_available() -> None:
    pytest.importorskip("torch", reason="these end-to-end tests run student code on real torch")
