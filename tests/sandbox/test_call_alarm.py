"""One ``CallAlarm`` for a run of calls: every slow call times out, no fast one does, a handler
the student installs does not outlive its call, and the previous handler comes back at the end."""

from __future__ import annotations

import signal
import textwrap
import time
from pathlib import Path

import pytest

import gradekit.engine as engine
from gradekit.sandbox.executor import (
    BackendView,
    CallAlarm,
    CallTimeout,
    execute_calls,
    load_submission,
)
from gradekit.sandbox.protocol import Call

SOURCE = """
import signal

def spin():
    while True:
        pass

def fast():
    return 1

def ignore_alarms():
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    return 2

def own_handler():
    signal.signal(signal.SIGALRM, lambda signum, frame: None)
    return 3
"""


def _previous_handler(signum: int, frame: object) -> None:
    raise AssertionError("the handler in place before the run was called")


@pytest.fixture
def calls_runner(tmp_path: Path):
    path = tmp_path / "alarms.py"
    path.write_text(textwrap.dedent(SOURCE))
    view = BackendView(engine)
    namespace, error = load_submission(path, module_name=f"alarms_{tmp_path.name}")
    assert error is None, error
    saved = signal.signal(signal.SIGALRM, _previous_handler)

    def run(entries: list[str]) -> list[str]:
        calls = [Call(f"c{index}", entry, timeout=0.2) for index, entry in enumerate(entries)]
        outcomes = execute_calls(namespace, calls, view, enforce_timeouts=True)
        return [outcomes[call.call_id].status for call in calls]

    yield run
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, saved)


@pytest.mark.parametrize(
    "entries",
    [
        ["spin", "fast", "spin", "fast"],
        ["fast", "fast", "spin"],
        ["ignore_alarms", "spin", "fast"],
        ["own_handler", "spin", "own_handler", "fast", "spin"],
    ],
)
def test_every_slow_call_times_out_and_no_other(calls_runner, entries):
    expected = ["timeout" if entry == "spin" else "ok" for entry in entries]
    assert calls_runner(entries) == expected
    # The run left no timer running and put the previous handler back.
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is _previous_handler


def test_a_disarmed_alarm_raises_nothing_when_its_timer_fires():
    saved = signal.getsignal(signal.SIGALRM)
    alarm = CallAlarm()
    try:
        alarm.arm(0.02)
        alarm.disarm()
        time.sleep(0.1)  # the timer fires into the handler, which ignores it
    finally:
        alarm.close()
    assert signal.getsignal(signal.SIGALRM) is saved


def test_an_earlier_timers_pending_signal_does_not_time_out_the_next_call():
    alarm = CallAlarm()
    try:
        alarm.arm(5.0)
        # As if the previous call's timer had fired just before this arm() replaced it.
        signal.raise_signal(signal.SIGALRM)
        alarm.arm(0.05)
        with pytest.raises(CallTimeout):
            while True:
                pass
    finally:
        alarm.close()
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
