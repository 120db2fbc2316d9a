"""The policy probe and its disk cache, tiers, fail-closed mode, and the reaping helpers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox import policy as policy_module
from gradekit.sandbox import probe_cache
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


# --- the probe cache ----------------------------------------------------------------------------

REPORT = {"available": ["rlimits"], "reasons": {"seccomp": "no libseccomp"}, "landlock_abi": 0}


@pytest.fixture
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """As if this process had not probed yet; counts the probe interpreters started."""
    monkeypatch.setattr(policy_module, "_probed", None)
    started: list[int] = []
    real_probe = policy_module._run_probe

    def counting_probe() -> object:
        started.append(1)
        return real_probe()

    monkeypatch.setattr(policy_module, "_run_probe", counting_probe)
    return started


def _cache_files(directory: Path) -> list[Path]:
    return sorted((directory / "sandbox").glob("probe-*.json"))


def test_the_probe_answer_is_cached_on_disk_and_read_back(tmp_path, fresh_process):
    first = probe_layers(tmp_path)
    assert fresh_process == [1] and not first.from_cache
    assert len(_cache_files(tmp_path)) == 1
    policy_module._probed = None  # a later process
    second = probe_layers(tmp_path)
    assert fresh_process == [1]  # no probe interpreter this time
    assert second.from_cache
    assert (second.available, second.reasons, second.landlock_abi) == (
        first.available,
        first.reasons,
        first.landlock_abi,
    )


def test_refresh_probes_again_and_replaces_the_entry(tmp_path, fresh_process):
    key = probe_cache.machine_key()
    probe_cache.write_cached_report(tmp_path, key, REPORT)
    assert probe_layers(tmp_path).available == ("rlimits",)  # the (forged) entry is used
    refreshed = probe_layers(tmp_path, refresh=True)
    assert fresh_process == [1] and not refreshed.from_cache
    assert probe_cache.read_cached_report(tmp_path, key, PROBED_LAYERS) == refreshed.to_report()


@pytest.mark.parametrize(
    "field, value",
    [
        ("boot_id", "another-boot"),
        ("kernel", ["linux", "9.9.9", "#1", "x86_64"]),
        ("user", [12345, 12345, 12345]),
        ("bwrap", ["/usr/bin/bwrap", [1, 2, 3]]),
        ("python", ["/other/python", "/other/python", "3.99"]),
        ("gradekit", "0.0.0"),
    ],
)
def test_an_entry_for_another_machine_state_is_not_used(tmp_path, field, value):
    key = probe_cache.machine_key()
    probe_cache.write_cached_report(tmp_path, {**key, field: value}, REPORT)
    assert probe_cache.read_cached_report(tmp_path, key, PROBED_LAYERS) is None


def test_writing_an_entry_keeps_only_the_newest_entries(tmp_path):
    """Another installation's entry (another Python here) survives a write, so two used in
    turn do not probe again each time; beyond PROBE_CACHE_KEPT the oldest go."""
    key = probe_cache.machine_key()
    other = {**key, "python": ["/other/python", "/other/python", "3.99"]}
    probe_cache.write_cached_report(tmp_path, other, REPORT)
    probe_cache.write_cached_report(tmp_path, key, REPORT)
    assert probe_cache.read_cached_report(tmp_path, other, PROBED_LAYERS) == REPORT
    assert probe_cache.read_cached_report(tmp_path, key, PROBED_LAYERS) == REPORT
    olds = [{**key, "boot_id": f"old-{n}"} for n in range(probe_cache.PROBE_CACHE_KEPT + 3)]
    for n, old in enumerate(olds):
        probe_cache.write_cached_report(tmp_path, old, REPORT)
        os.utime(probe_cache.cache_file(tmp_path, old), ns=(n * 10**9, n * 10**9))
    probe_cache.write_cached_report(tmp_path, key, REPORT)
    # The newest: this key's, the other installation's (written now), the latest old ones.
    kept = [key, other, *olds[2 - probe_cache.PROBE_CACHE_KEPT :]]
    assert _cache_files(tmp_path) == sorted(probe_cache.cache_file(tmp_path, k) for k in kept)
    assert all(os.stat(path).st_mode & 0o077 == 0 for path in _cache_files(tmp_path))


def _damage(path: Path, how: str) -> None:
    entry = json.loads(path.read_text())
    if how == "truncated":
        path.write_text(path.read_text()[:-20])
    elif how == "checksum":
        entry["report"]["available"] = ["rlimits", "seccomp"]  # checksum left as it was
        path.write_text(json.dumps(entry))
    elif how == "unknown layer":
        entry["report"]["available"] = ["rlimits", "magic"]
        entry["checksum"] = probe_cache._checksum(entry["report"])
        path.write_text(json.dumps(entry))
    elif how == "wrong type":
        entry["report"]["landlock_abi"] = "6"
        entry["checksum"] = probe_cache._checksum(entry["report"])
        path.write_text(json.dumps(entry))
    elif how == "other key inside":
        entry["key"] = {**entry["key"], "boot_id": "elsewhere"}
        path.write_text(json.dumps(entry))
    elif how == "writable by others":
        path.chmod(0o666)
    elif how == "not a file":
        path.unlink()
        path.mkdir()


@pytest.mark.parametrize(
    "how",
    [
        "truncated",
        "checksum",
        "unknown layer",
        "wrong type",
        "other key inside",
        "writable by others",
        "not a file",
    ],
)
def test_a_damaged_or_untrustworthy_entry_is_ignored_and_probed_again(tmp_path, fresh_process, how):
    key = probe_cache.machine_key()
    probe_cache.write_cached_report(tmp_path, key, REPORT)
    _damage(probe_cache.cache_file(tmp_path, key), how)
    assert probe_cache.read_cached_report(tmp_path, key, PROBED_LAYERS) is None
    result = probe_layers(tmp_path)
    assert fresh_process == [1] and not result.from_cache


def test_a_failed_probe_is_not_cached(tmp_path, monkeypatch):
    monkeypatch.setattr(policy_module, "_probed", None)
    # The probe's interpreter is sys.executable (environment.sandbox_interpreter).
    monkeypatch.setattr(sys, "executable", str(tmp_path / "no-such-python"), raising=True)
    result = policy_module.probe_layers(tmp_path)
    assert result.available == () and "the layer probe failed" in result.reasons["seccomp"]
    assert _cache_files(tmp_path) == []


layer_names = st.sampled_from(PROBED_LAYERS)


@given(
    available=st.lists(layer_names, unique=True),
    reason_layers=st.lists(layer_names, unique=True),
    reason=st.text(max_size=30),
    abi=st.integers(min_value=0, max_value=10),
)
def test_every_valid_report_round_trips_through_the_cache(available, reason_layers, reason, abi):
    report = {
        "available": available,
        "reasons": {name: reason for name in reason_layers if name not in available},
        "landlock_abi": abi,
    }
    key = probe_cache.machine_key()
    with tempfile.TemporaryDirectory() as directory:
        probe_cache.write_cached_report(Path(directory), key, report)
        assert probe_cache.read_cached_report(Path(directory), key, PROBED_LAYERS) == report


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
        ),
    )
)
def test_arbitrary_json_is_never_taken_for_a_report(value):
    if probe_cache.valid_report(value, PROBED_LAYERS):  # only a well-formed report passes
        assert set(value["available"]) <= set(PROBED_LAYERS)
        assert type(value["landlock_abi"]) is int
