"""Fixtures of the hostile-submission suite; the harness itself is in security_harness.py."""

from __future__ import annotations

import secrets
import socket
from pathlib import Path

import pytest
from security_harness import (
    Harness,
    Listeners,
    kill_all,
    processes_with_argument,
)


@pytest.fixture
def backend() -> str:
    """gradekit's engine: the quickest sandbox to start (the layers do not depend on it)."""
    return "engine"


@pytest.fixture
def harness(tmp_path: Path, backend: str):
    marker = f"600.{secrets.randbelow(10**6):06d}"
    harness = Harness(tmp_path, backend, marker)
    yield harness
    kill_all(processes_with_argument(marker))  # never leave anything behind, pass or fail


@pytest.fixture
def listeners():
    tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(5)
    tcp.setblocking(False)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    udp.setblocking(False)
    yield Listeners(tcp, udp)
    tcp.close()
    udp.close()
