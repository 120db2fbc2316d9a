"""The policy probe, tiers, fail-closed mode, and the reaping helpers."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from gradekit.sandbox.layers import descendants_of, kill_descendants
from gradekit.sandbox.policy import (
    PROBED_LAYERS,
    SandboxPolicy,
    SandboxUnavailable,
    probe_layers,
    probe_policy,
    tier_of,
)

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux layers")


def test_every_probed_layer_is_either_available_or_explained():
    probe = probe_layers()
    for name in PROBED_LAYERS:
        assert (name in probe.available) != (name in probe.reasons), name
    assert probe_layers() is probe  # probed once per process


def test_tiers_follow_the_layers_in_force():
    assert tier_of(["process", "rlimits"]) == 0
    assert tier_of(["process", "subreaper", "landlock", "seccomp"]) == 1
    assert tier_of(["process", "subreaper", "landlock", "seccomp", "bubblewrap"]) == 2
    assert tier_of(["process", "bubblewrap", "landlock"]) == 0  # no tier 2 without tier 1


def test_disabled_layers_are_reported_as_degraded_with_the_reason():
    policy = SandboxPolicy(disabled_layers=frozenset({"seccomp"}))
    assert "seccomp" not in policy.layers
    assert policy.degraded["seccomp"] == "disabled by the sandbox policy"
    assert policy.tier == 0
    assert probe_policy().layers[0] == "process"


def test_fail_closed_message_names_the_missing_layers_and_the_way_out():
    policy = SandboxPolicy(require_tier=1, disabled_layers=frozenset({"landlock", "seccomp"}))
    with pytest.raises(SandboxUnavailable) as raised:
        policy.ensure_allowed()
    message = str(raised.value)
    assert "tier 1" in message and "landlock" in message and "seccomp" in message
    assert "--allow-weak-sandbox" in message


@linux_only
def test_this_machine_reaches_tier_one():
    """The CI image is Linux with Landlock and seccomp; losing them must not go unnoticed."""
    probe = probe_layers()
    if "landlock" not in probe.available:
        pytest.skip(f"Landlock unavailable here: {probe.reasons.get('landlock')}")
    assert probe_policy().tier >= 1


@linux_only
def test_kill_descendants_kills_a_whole_tree():
    shell = subprocess.Popen(
        ["/bin/sh", "-c", "sleep 600 & (sleep 600 & wait) & wait"],
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while len(descendants_of(shell.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(descendants_of(shell.pid)) >= 3
        assert kill_descendants(shell.pid, timeout=10) >= 3
        assert shell.wait(timeout=10) is not None  # its `wait` returned: children are gone
    finally:
        shell.kill()
        shell.wait()
