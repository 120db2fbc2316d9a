"""EarlySandbox: the sandbox started ahead of the grader's own work, warm when possible, cold
when not, and always fully shut down."""

from __future__ import annotations

import hashlib
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from gradekit.grading.early_sandbox import EarlySandbox
from gradekit.sandbox import policy as policy_module
from gradekit.sandbox import probe_cache
from gradekit.sandbox.policy import PROBED_LAYERS, SandboxPolicy, probe_layers
from gradekit.sandbox.protocol import ArgSpec, Call
from gradekit.sandbox.runner import encoded_calls

SUBMISSION = "def double(x):\n    return 2 * x\n\nprint('loaded')\n"


@pytest.fixture
def submission(tmp_path: Path) -> Path:
    path = tmp_path / "exercise.py"
    path.write_text(SUBMISSION, encoding="utf-8")
    return path


def double_calls(*values: int) -> list[Call]:
    return [
        Call(call_id=f"c{index}", entry="double", args={"x": ArgSpec.python(value)})
        for index, value in enumerate(values)
    ]


def answers(outcome) -> dict[str, object]:
    return {call_id: call.value.value for call_id, call in outcome.calls.items()}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_warm_run_grades_and_leaves_no_process_behind(submission: Path) -> None:
    with EarlySandbox("engine") as sandbox:
        zygote = sandbox._zygote
        assert zygote is not None  # started at construction, before any call was known
        outcome = sandbox.run(submission, double_calls(1, 21))
        assert sandbox.warm_start_error is None
    assert outcome.load_error is None
    assert answers(outcome) == {"c0": 2, "c1": 42}
    assert "loaded" in outcome.stdout
    assert zygote.process.poll() is not None  # close() waited for the zygote to exit
    assert not zygote.scratch_root.exists()


def test_preloaded_calls_are_warmed_up_sent_by_digest_and_graded_alike(submission: Path) -> None:
    calls = double_calls(1, 21)
    with EarlySandbox("engine") as sandbox:
        deadline = time.monotonic() + 60
        while not sandbox.preload(calls):  # False while the zygote still imports
            assert time.monotonic() < deadline
            time.sleep(0.05)
        digest = hashlib.sha256(encoded_calls(calls)).hexdigest()
        assert sandbox._zygote._preloaded == [digest]  # decoded by the zygote already
        assert sandbox._zygote._warmed == {digest}  # and run once against its stand-in
        outcome = sandbox.run(submission, calls)
        assert sandbox.warm_start_error is None
    assert answers(outcome) == {"c0": 2, "c1": 42}


def test_the_outcome_is_the_same_as_a_cold_run(submission: Path) -> None:
    from gradekit.sandbox.runner import run_submission

    calls = double_calls(3, -4)
    with EarlySandbox("engine") as sandbox:
        warm = sandbox.run(submission, calls)
    cold = run_submission(submission, calls, backend="engine")
    assert answers(warm) == answers(cold)
    assert warm.isolation == cold.isolation
    assert warm.stdout == cold.stdout


def test_a_dead_zygote_falls_back_to_a_cold_start(submission: Path) -> None:
    with EarlySandbox("engine") as sandbox:
        zygote = sandbox._zygote
        assert zygote is not None
        zygote.wait_ready()
        os.killpg(zygote.process.pid, signal.SIGKILL)
        zygote.process.wait()
        outcome = sandbox.run(submission, double_calls(5))
        assert sandbox.warm_start_error is not None
    assert answers(outcome) == {"c0": 10}


@pytest.mark.skipif(
    "bubblewrap" not in probe_layers().available, reason="bubblewrap does not work here"
)
def test_the_zygote_restarts_when_the_policy_turns_bubblewrap_off(submission: Path) -> None:
    policy = SandboxPolicy(disabled_layers=frozenset({"bubblewrap"}))
    # refresh_probe: the probe's answer is not known at the start, so the zygote guesses.
    with EarlySandbox("engine", policy=policy, refresh_probe=True) as sandbox:
        guessed = sandbox._zygote
        assert guessed is not None and guessed.bubblewrap  # bwrap is installed: assumed on
        outcome = sandbox.run(submission, double_calls(7))
        assert sandbox.warm_start_error is None
    assert answers(outcome) == {"c0": 14}
    assert "bubblewrap" not in outcome.isolation.layers
    assert guessed.process.poll() is not None


def test_the_policy_still_fails_closed(submission: Path) -> None:
    from gradekit.sandbox.policy import SandboxUnavailable

    impossible = SandboxPolicy(require_tier=1, disabled_layers=frozenset({"seccomp"}))
    with EarlySandbox("engine", policy=impossible) as sandbox:
        with pytest.raises(SandboxUnavailable, match="requires sandbox tier 1"):
            sandbox.run(submission, double_calls(1))


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="backend"):
        EarlySandbox("tensorflow")


def test_a_cached_probe_is_all_a_warm_run_asks_of_the_machine(
    submission: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the probe's answer in the cache, the zygote starts by it (read without the
    policy module) and the run's policy takes the same answer: no probe interpreter runs."""
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(policy_module, "_probed", None)
    probed = probe_layers(tmp_path / "cache")  # fills the cache
    monkeypatch.setattr(policy_module, "_probed", None)  # a new process, as far as probing goes

    def no_probe() -> None:
        raise AssertionError("the layer probe ran although its answer was cached")

    monkeypatch.setattr(policy_module, "_run_probe", no_probe)
    with EarlySandbox("engine") as sandbox:
        zygote = sandbox._zygote
        assert zygote is not None and zygote.bubblewrap == ("bubblewrap" in probed.available)
        outcome = sandbox.run(submission, double_calls(5))
        assert sandbox.warm_start_error is None
    assert answers(outcome) == {"c0": 10}
    assert ("bubblewrap" in outcome.isolation.layers) == ("bubblewrap" in probed.available)


def test_an_unused_sandbox_is_stopped_at_once() -> None:
    """An invalid spec ends the check before any run: the zygote must not outlive it."""
    sandbox = EarlySandbox("engine")
    zygote = sandbox._zygote
    assert zygote is not None
    sandbox.close()
    assert zygote.process.poll() is not None
    assert not zygote.scratch_root.exists()


@pytest.mark.skipif(
    "bubblewrap" not in probe_layers().available, reason="bubblewrap does not work here"
)
def test_a_known_probe_starts_the_zygote_as_the_policy_wants(submission: Path) -> None:
    policy = SandboxPolicy(disabled_layers=frozenset({"bubblewrap"}))
    probe_layers()  # known from now on (this process's answer)
    with EarlySandbox("engine", policy=policy) as sandbox:
        zygote = sandbox._zygote
        assert zygote is not None and not zygote.bubblewrap  # no guess, no restart
        outcome = sandbox.run(submission, double_calls(4))
    assert answers(outcome) == {"c0": 8}
    assert zygote.process.poll() is not None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is Linux only")
def test_a_stale_cached_probe_is_corrected_on_the_spot(
    submission: Path, stale_bubblewrap_probe
) -> None:
    """The cache says bubblewrap works, but it no longer starts: the check probes afresh, runs
    cold without it, reports it as missing, and stores the new answer."""
    cache, key = stale_bubblewrap_probe.cache, stale_bubblewrap_probe.key

    with EarlySandbox("engine") as sandbox:
        zygote = sandbox._zygote
        assert zygote is not None and zygote.bubblewrap  # the cache was believed
        outcome = sandbox.run(submission, double_calls(3))
        assert sandbox.warm_start_error is not None
    assert answers(outcome) == {"c0": 6}
    assert "bubblewrap" not in outcome.isolation.layers
    assert "bubblewrap failed" in outcome.isolation.degraded["bubblewrap"]
    fresh = probe_cache.read_cached_report(cache, key, PROBED_LAYERS)
    assert fresh is not None and "bubblewrap" not in fresh["available"]


@pytest.mark.parametrize(
    "degraded, forgotten",
    [
        ({"seccomp": "OSError: seccomp_load failed"}, True),  # promised, then failed
        ({"bubblewrap": "disabled by the sandbox policy"}, False),  # turned off on purpose
        ({}, False),
    ],
)
def test_a_cached_layer_that_fails_in_the_worker_makes_the_next_check_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, degraded: dict, forgotten: bool
) -> None:
    from gradekit.sandbox.protocol import IsolationReport, SubmissionOutcome

    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(policy_module, "_probed", None)
    key = probe_cache.machine_key()
    report = {"available": ["rlimits", "seccomp", "bubblewrap"], "reasons": {}, "landlock_abi": 0}
    probe_cache.write_cached_report(tmp_path, key, report)
    policy = SandboxPolicy(disabled_layers=frozenset({"bubblewrap"}))
    with EarlySandbox("engine", policy=policy) as sandbox:
        assert policy.probe.from_cache
        layers = tuple(name for name in ("process", "rlimits", "seccomp") if name not in degraded)
        outcome = SubmissionOutcome(
            load_error=None,
            calls={},
            stdout="",
            stderr="",
            isolation=IsolationReport(tier=0, layers=layers, degraded=degraded),
            duration=0.0,
        )
        sandbox._forget_stale_probe(policy, outcome)
    remaining = probe_cache.read_cached_report(tmp_path, key, PROBED_LAYERS)
    assert (remaining is None) == forgotten
