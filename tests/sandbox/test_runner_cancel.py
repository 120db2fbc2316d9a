"""Cancelling a run (what a Ctrl-C in `gradekit check` does): it stops at once, processes gone."""

from __future__ import annotations

import os
import threading
import time

import pytest

from gradekit.sandbox.policy import probe_policy
from gradekit.sandbox.protocol import Call
from gradekit.sandbox.runner import RunCancelled, run_submission
from gradekit.sandbox.warm import Zygote, run_submission_warm

ENDLESS = """
def spin():
    while True:
        pass
"""


def _descendants(ancestor: int) -> set[int]:
    """The live processes below ``ancestor`` (from /proc: sandboxed ones included)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(") ", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if fields[0] != "Z":
                parents[int(entry)] = int(fields[1])
    found, frontier = set(), {ancestor}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _cancel_later(cancel: threading.Event, delay: float) -> None:
    threading.Timer(delay, cancel.set).start()


@pytest.mark.parametrize("warm", [False, True], ids=["cold", "warm"])
def test_a_cancelled_run_stops_at_once_and_leaves_no_process(submission, backend, warm):
    path = submission(ENDLESS)
    calls = [Call(f"c{i}", "spin", timeout=60) for i in range(3)]
    cancel = threading.Event()
    before = _descendants(os.getpid())
    started = time.monotonic()
    with pytest.raises(RunCancelled):
        if warm:
            policy = probe_policy()
            with Zygote(backend, bubblewrap="bubblewrap" in policy.layers) as zygote:
                _cancel_later(cancel, 3.0)
                run_submission_warm(path, calls, zygote=zygote, policy=policy, cancel=cancel)
        else:
            _cancel_later(cancel, 3.0)
            run_submission(path, calls, backend=backend, cancel=cancel)
    assert time.monotonic() - started < 30  # not the 60 s per call
    assert _descendants(os.getpid()) <= before  # launcher, worker (and zygote) are gone


def test_a_cancel_set_before_the_run_stops_it_before_any_call(submission, backend):
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(RunCancelled):
        run_submission(
            submission(ENDLESS), [Call("c", "spin", timeout=60)], backend=backend, cancel=cancel
        )
