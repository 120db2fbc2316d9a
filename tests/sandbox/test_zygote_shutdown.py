"""A zygote told to stop waits briefly for its launchers to exit by themselves (a grading
worker closes its slots just before its zygote), then kills what is left as before."""

from __future__ import annotations

import os
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gradekit.sandbox import zygote as zygote_module
from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import ArgSpec, Call
from gradekit.sandbox.warm import PersistentLaunch, Zygote, run_submission_warm

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")

POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)
CALLS = [Call("answer-0", "answer", args={"n": ArgSpec.python(1)}, timeout=1.0)]


def _child(lifetime: float) -> int:
    pid = os.fork()
    if pid == 0:
        time.sleep(lifetime)
        os._exit(0)
    return pid


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_launchers_that_exit_are_reaped_as_they_go_and_the_others_left_to_kill() -> None:
    quick, slow = _child(0.02), _child(30)
    launchers = {quick, slow}
    try:
        started = time.monotonic()
        zygote_module._await_launchers(launchers, 0.3)
        waited = time.monotonic() - started
        assert launchers == {slow}  # the quick one reaped, the slow one left running
        assert 0.25 < waited < 5
        assert _alive(slow)
    finally:
        os.kill(slow, signal.SIGKILL)
        os.waitpid(slow, 0)
    both = {_child(0.01), _child(0.03)}
    started = time.monotonic()
    zygote_module._await_launchers(both, 5.0)
    assert both == set() and time.monotonic() - started < 2  # woken by the exits
    zygote_module._await_launchers(set(), 5.0)  # nothing to wait for: returns at once


@pytest.mark.parametrize("close_slot_first", [True, False])
def test_a_closed_zygote_leaves_no_launcher_whether_idle_or_busy(
    tmp_path: Path, close_slot_first: bool
) -> None:
    """Its slot closed first (a batch's end), the launcher exits by itself; a launcher whose
    slot is still open (it would wait for more runs) is killed once the wait is over."""
    source = tmp_path / "solution.py"
    source.write_text(
        textwrap.dedent(
            """
            def answer(n):
                return n + 1
            """
        )
    )
    zygote = Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers)
    launch = PersistentLaunch(zygote)
    try:
        outcome = run_submission_warm(source, CALLS, zygote=zygote, policy=POLICY, launch=launch)
        assert outcome.calls["answer-0"].status == "ok"
        launcher = launch._launcher.pid
        assert _alive(launcher)
        if close_slot_first:
            launch.close()
        started = time.monotonic()
        zygote.close()
        assert time.monotonic() - started < 5
        assert not _alive(launcher)
    finally:
        launch.close()
        zygote.close()
