"""Fixtures of the web report tests: a classroom gradebook and an ASGI test client."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from classroom import write_classroom  # noqa: E402


@pytest.fixture(scope="session")
def classroom_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_classroom(tmp_path_factory.mktemp("classroom") / "gradebook.sqlite")


@pytest.fixture
def client(classroom_db: Path) -> Iterator:
    pytest.importorskip("starlette", reason="the web report needs starlette")
    pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    with TestClient(create_app(classroom_db), base_url="http://127.0.0.1") as test_client:
        yield test_client
