"""A batch's default worker count follows the cores this process may run on (its CPU
affinity, which a container's or a CI runner's CPU set restricts), not the host's count."""

from __future__ import annotations

import os

import pytest

from gradekit.grading import batch_shape


def test_workers_default_to_the_usable_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert batch_shape.usable_cores() == 3
    assert batch_shape.worker_count(0) == 3
    assert batch_shape.worker_count(5) == 5  # an explicit --jobs is kept


def test_without_an_affinity_the_cpu_count_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert batch_shape.worker_count(0) == 6
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert batch_shape.worker_count(0) == 1


def test_this_process_counts_its_own_affinity() -> None:
    if not hasattr(os, "sched_getaffinity"):
        pytest.skip("no CPU affinity on this platform")
    assert batch_shape.worker_count(0) == len(os.sched_getaffinity(0))
