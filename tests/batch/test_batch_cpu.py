"""The batch summary's CPU accounting: per kind of process, before and while grading."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gradekit.grading.batch import _process_cpu, add_cpu_reports


def test_worker_reports_add_up_per_kind_of_process() -> None:
    reports = [
        {
            "ready": {"worker": 0.1, "zygote": 0.5, "launchers": 0.0},
            "end": {"worker": 2.1, "zygote": 0.75, "launchers": 6.0},
        },
        {
            "ready": {"worker": 0.2, "zygote": 0.5, "launchers": 0.0},
            "end": {"worker": 1.2, "zygote": 0.5, "launchers": 4.0},
        },
    ]
    assert add_cpu_reports(reports, parent_start=1.0, parent_end=1.5) == {
        "parent": {"start": 1.0, "grading": 0.5},
        "workers": {"start": 0.3, "grading": 3.0},
        "zygotes": {"start": 1.0, "grading": 0.25},
        "launchers": {"start": 0.0, "grading": 10.0},
    }


def test_a_process_cpu_counts_its_reaped_children_apart() -> None:
    """A child that burns CPU and waits for a grandchild that burns some too: the child's own
    time and its reaped grandchild's are told apart (from /proc, in clock ticks)."""
    if not os.path.exists(f"/proc/{os.getpid()}/stat"):
        pytest.skip("no /proc on this system")
    burn = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
    script = (
        f"import subprocess, sys\n{burn}"
        f"subprocess.run([sys.executable, '-c', {burn!r}])\n"
        "sys.stdout.write('done\\n'); sys.stdout.flush(); sys.stdin.read()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline() == "done\n"
        own, reaped = _process_cpu(child.pid)
    finally:
        child.communicate("")
    assert own >= 0.25 and reaped >= 0.25


def test_an_unknown_process_has_no_cpu() -> None:
    assert _process_cpu(2**22 + 12345) == (0.0, 0.0)
