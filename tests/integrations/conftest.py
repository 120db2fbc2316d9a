"""Fixtures of the integration tests (shared constants and helpers: integration_helpers.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def torch_available() -> None:
    pytest.importorskip(
        "torch",
        reason="end-to-end grading runs student code and the reference on real torch "
        "(--reference-backend torch) until the engine runs reference solutions",
    )
