"""run_submission(skip_after_timeout=True): a call that times out ends its entry's run of calls.

Both ways a call can time out are covered: the worker's own alarm (an ordinary endless loop)
and the grader's kill (a loop that swallows the alarm). Both launch strategies too: a cold
launcher and one forked by a warm zygote.
"""

from __future__ import annotations

import time

import pytest

from gradekit.sandbox.policy import probe_policy
from gradekit.sandbox.protocol import ArgSpec, Call
from gradekit.sandbox.runner import run_submission
from gradekit.sandbox.warm import Zygote, run_submission_warm

# `loops` never returns; `stubborn` never returns and survives the worker's alarm (the grader
# must kill its process); `quick` answers at once; `sometimes` loops only when told to.
SOURCE = """
def loops(n):
    while True:
        pass

def stubborn(n):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass

def quick(n):
    return n + 1

def sometimes(n):
    while n < 0:
        pass
    return n
"""

TIMEOUT = 0.4


def calls_of(entry: str, count: int, *, group: str | None = None) -> list[Call]:
    """``count`` calls of ``entry`` with n = 0, 1, ..., their ids ``group/i``."""
    group = group or entry
    return [
        Call(f"{group}/{i}", entry, args={"n": ArgSpec.python(i)}, timeout=TIMEOUT)
        for i in range(count)
    ]


@pytest.fixture(params=["cold", "warm"])
def run(request, backend):
    """run_submission, or run_submission_warm with a zygote of this test's own."""
    if request.param == "cold":
        yield lambda path, calls, **kw: run_submission(path, calls, backend=backend, **kw)
        return
    policy = probe_policy()
    with Zygote(backend, bubblewrap="bubblewrap" in policy.layers) as zygote:
        yield lambda path, calls, **kw: run_submission_warm(
            path, calls, zygote=zygote, policy=policy, **kw
        )


@pytest.mark.parametrize("looping", ["loops", "stubborn"])
def test_the_rest_of_a_timed_out_entry_is_skipped(run, submission, looping):
    path = submission(SOURCE)
    calls = [*calls_of("quick", 1), *calls_of(looping, 4), *calls_of("quick", 2, group="after")]
    started = time.monotonic()
    outcome = run(path, calls, skip_after_timeout=True)
    elapsed = time.monotonic() - started

    statuses = {call_id: result.status for call_id, result in outcome.calls.items()}
    assert statuses == {
        "quick/0": "ok",
        f"{looping}/0": "timeout",
        f"{looping}/1": "skipped",
        f"{looping}/2": "skipped",
        f"{looping}/3": "skipped",
        "after/0": "ok",
        "after/1": "ok",
    }
    # The calls after the skipped ones ran in a fresh worker, and answered.
    assert outcome.calls["after/1"].value.value == 2
    skipped = outcome.calls[f"{looping}/2"].exception
    assert skipped.type == "NotRun"
    assert skipped.message == (
        f"not run: `{looping}` did not finish on an earlier case ({looping}/0)"
    )
    assert outcome.failure is None and outcome.load_error is None
    if looping == "stubborn":
        # Each call that survives its alarm costs its time limit plus the grace before the
        # grader's kill: the skipped ones were not left running (a loose bound: 1 of 4 ran).
        assert elapsed < 4 * (TIMEOUT + probe_policy().call_grace)


def test_without_skipping_every_call_runs(run, submission):
    path = submission(SOURCE)
    calls = [*calls_of("loops", 3), *calls_of("quick", 1)]
    outcome = run(path, calls)
    assert [outcome.calls[c.call_id].status for c in calls] == [
        "timeout",
        "timeout",
        "timeout",
        "ok",
    ]


def test_only_the_calls_after_the_timeout_are_skipped(run, submission):
    # Calls of the entry before the timeout keep their answers; a later run of the same
    # entry, after another entry's calls, is not skipped.
    path = submission(SOURCE)
    calls = [
        Call("s/0", "sometimes", args={"n": ArgSpec.python(1)}, timeout=TIMEOUT),
        Call("s/1", "sometimes", args={"n": ArgSpec.python(-1)}, timeout=TIMEOUT),
        Call("s/2", "sometimes", args={"n": ArgSpec.python(2)}, timeout=TIMEOUT),
        Call("q/0", "quick", args={"n": ArgSpec.python(0)}, timeout=TIMEOUT),
        Call("s/3", "sometimes", args={"n": ArgSpec.python(3)}, timeout=TIMEOUT),
    ]
    outcome = run(path, calls, skip_after_timeout=True)
    assert [outcome.calls[c.call_id].status for c in calls] == [
        "ok",
        "timeout",
        "skipped",
        "ok",
        "ok",
    ]
    assert outcome.calls["s/3"].value.value == 3


def test_a_timeout_on_the_last_call_of_an_entry_skips_nothing(run, submission):
    path = submission(SOURCE)
    calls = [*calls_of("quick", 2), *calls_of("loops", 1), *calls_of("quick", 1, group="after")]
    outcome = run(path, calls, skip_after_timeout=True)
    assert [outcome.calls[c.call_id].status for c in calls] == ["ok", "ok", "timeout", "ok"]
