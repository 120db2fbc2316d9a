"""Hostile submissions that go after the grader: its process, its files, its memory, the
network, its secrets and its result channel. Tier 1 (Landlock + seccomp + subreaper) must block
each one; the ``*_without_*`` tests switch the relevant layer off once to prove that the test
would notice the attack succeeding.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import numpy as np
import pytest
from security_harness import STRICT, assert_control_passed, require_layers, weakened

from gradekit.sandbox.policy import probe_layers
from gradekit.sandbox.protocol import ArgSpec, Call
from gradekit.sandbox.runner import run_submission

NETWORK_AND_FILES = ("landlock", "seccomp")


# --------------------------------------------------------------------------------------------
# Processes
# --------------------------------------------------------------------------------------------


def test_killing_the_supervising_parent_is_refused(harness):
    require_layers("seccomp")
    outcome = harness.run("kill_launcher")
    assert outcome.calls["attack"].value.value == "blocked: PermissionError"
    assert_control_passed(outcome)


def test_killing_the_supervising_parent_without_layers_is_survived(harness):
    """Without seccomp/Landlock the launcher dies; the grader itself must still carry on."""
    outcome = harness.run("kill_launcher", policy=weakened(*NETWORK_AND_FILES, "capabilities"))
    assert outcome.calls["attack"].status in ("ok", "crashed")
    assert outcome.calls["attack"].value is None or (
        outcome.calls["attack"].value.value == "killed the parent"
    )
    assert outcome.calls["control"].status in ("ok", "crashed")  # the grader is alive to say so


def test_signalling_the_grader_is_refused(harness):
    require_layers("landlock")
    if probe_layers().landlock_abi < 6:
        pytest.skip("Landlock signal scoping needs ABI 6")
    outcome = harness.run("signal_grader", grader_pid=os.getpid())
    assert outcome.calls["attack"].value.value == "blocked: PermissionError"
    assert_control_passed(outcome)


def test_signalling_the_grader_gets_through_without_landlock(harness):
    outcome = harness.run(
        "signal_grader", grader_pid=os.getpid(), policy=weakened(*NETWORK_AND_FILES)
    )
    assert outcome.calls["attack"].value.value == "signal delivered"  # SIGURG: ignored by us


def test_kill_minus_one_is_refused(harness):
    """kill(-1, SIGKILL) is sent only after kill(-1, 0) was refused in the same process."""
    require_layers("seccomp")
    outcome = harness.run("kill_everything")
    assert outcome.calls["attack"].value.value == "blocked: PermissionError"
    assert_control_passed(outcome)


def test_double_forked_daemon_is_reaped(harness):
    require_layers("subreaper")
    outcome = harness.run("daemon")
    assert outcome.calls["attack"].value.value == "daemon started"
    assert_control_passed(outcome)
    assert harness.survivors() == []


def test_double_forked_daemon_escapes_without_the_subreaper(harness):
    outcome = harness.run("daemon", policy=weakened("subreaper"))
    assert outcome.calls["attack"].value.value == "daemon started"
    assert harness.survivors() != []  # found (and killed by the harness)


# --------------------------------------------------------------------------------------------
# Files and memory
# --------------------------------------------------------------------------------------------


@pytest.fixture
def hidden_files(tmp_path: Path) -> dict[str, Path]:
    hidden = tmp_path / "instructor"
    hidden.mkdir()
    reference = hidden / "reference_solution.py"
    reference.write_text("SECRET_REFERENCE = 'def softmax(x): ...'\n")
    spec = hidden / "assignment.yaml"
    spec.write_text("hidden_cases: SECRET_SPEC\n")
    gradebook = hidden / "gradebook.sqlite"
    gradebook.write_bytes(b"SQLite format 3\0")
    home = tmp_path / "fake-home"
    home.mkdir()
    bashrc = home / ".bashrc"
    bashrc.write_text("# untouched\n")
    return {"reference": reference, "spec": spec, "gradebook": gradebook, "bashrc": bashrc}


def test_reference_solution_and_hidden_spec_are_unreadable(harness, hidden_files):
    require_layers("landlock")
    outcome = harness.run("read_hidden", **hidden_files)
    observed = [item.value for item in outcome.calls["attack"].value.items]
    # EACCES from Landlock, or ENOENT when bubblewrap's private /tmp hides the files entirely.
    assert all(item.startswith("blocked: ") for item in observed), observed
    assert "SECRET" not in outcome.stdout
    assert_control_passed(outcome)


def test_reference_solution_is_readable_without_landlock(harness, hidden_files):
    outcome = harness.run("read_hidden", policy=weakened("landlock"), **hidden_files)
    observed = [item.value for item in outcome.calls["attack"].value.items]
    assert "SECRET_REFERENCE" in observed[0] and "SECRET_SPEC" in observed[1]


def test_grader_memory_and_environment_are_unreadable(harness):
    require_layers("landlock")
    outcome = harness.run("read_grader_memory", grader_pid=os.getpid())
    observed = [item.value for item in outcome.calls["attack"].value.items]
    assert observed == ["memory blocked: PermissionError", "environ blocked: PermissionError"]
    assert_control_passed(outcome)


def test_grader_memory_is_readable_without_landlock_and_cap_drop(harness):
    """As root, dropping capabilities alone also blocks this (a ptrace-style access check needs
    the reader to hold every capability of the grader), so both layers are switched off."""
    policy = weakened("landlock", "capabilities")
    outcome = harness.run("read_grader_memory", grader_pid=os.getpid(), policy=policy)
    observed = [item.value for item in outcome.calls["attack"].value.items]
    assert observed[0] == "read 4096 bytes of memory"
    assert "PATH=" in observed[1]  # the grader's start-up environment


def test_gradebook_bashrc_and_spec_cannot_be_written(harness, hidden_files):
    require_layers("landlock")
    before = {name: path.read_bytes() for name, path in hidden_files.items()}
    outcome = harness.run("write_outside", **hidden_files)
    observed = [item.value for item in outcome.calls["attack"].value.items]
    assert len(observed) == 3 and all(item.startswith("blocked: ") for item in observed)
    assert {name: path.read_bytes() for name, path in hidden_files.items()} == before
    assert_control_passed(outcome)


def test_files_outside_are_writable_without_landlock(harness, hidden_files):
    outcome = harness.run("write_outside", policy=weakened("landlock"), **hidden_files)
    assert [item.value for item in outcome.calls["attack"].value.items] == ["written"] * 3
    assert hidden_files["bashrc"].read_text() == "score: 100\n"


# --------------------------------------------------------------------------------------------
# Network and environment
# --------------------------------------------------------------------------------------------


def test_tcp_and_udp_to_localhost_are_blocked(harness, listeners):
    require_layers("seccomp")
    outcome = harness.run("network", tcp_port=listeners.tcp_port, udp_port=listeners.udp_port)
    results = [item.value for item in outcome.calls["attack"].value.items]
    assert results == ["tcp blocked: PermissionError", "udp blocked: PermissionError"]
    assert listeners.received() == []
    assert_control_passed(outcome)


def test_tcp_and_udp_reach_the_listener_without_landlock_and_seccomp(harness, listeners):
    outcome = harness.run(
        "network",
        tcp_port=listeners.tcp_port,
        udp_port=listeners.udp_port,
        policy=weakened(*NETWORK_AND_FILES),
    )
    assert [item.value for item in outcome.calls["attack"].value.items] == ["tcp sent", "udp sent"]
    received = listeners.received()
    assert any(event.startswith("tcp") for event in received)
    assert any(event.startswith("udp") for event in received)


def test_environment_secrets_do_not_reach_the_child(harness, monkeypatch):
    secrets_in_parent = {
        "GITHUB_TOKEN": "ghp_secret1",
        "GITHUB_ENV": "/tmp/github-env",
        "AWS_SECRET_ACCESS_KEY": "secret2",
        "GRADEKIT_HIDDEN_SEED": "secret3",
    }
    for name, value in secrets_in_parent.items():
        monkeypatch.setenv(name, value)
    outcome = harness.run("environment")
    names = [item.value for item in outcome.calls["attack"].value.items]
    assert not set(names) & set(secrets_in_parent)
    assert set(names) <= {
        "PATH",
        "LANG",
        "LC_ALL",
        "HOME",
        "TMPDIR",
        "PYTHONHASHSEED",
        "OMP_NUM_THREADS",
        "OPENBLAS_NUM_THREADS",
        "MKL_NUM_THREADS",
        "PWD",  # set by bubblewrap to the scratch directory
    }
    values = harness.run("environment", entry="values").calls["attack"].value.value
    assert not any(secret in values for secret in secrets_in_parent.values())


# --------------------------------------------------------------------------------------------
# The result channel
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry, reason",
    [
        ("pickled", "does not start with"),
        ("object_array", "not an allowed numeric dtype"),
        ("lying_size", "MiB a result may take"),
        ("verdict", "unknown event"),
        ("extra_outcome", "unexpected outcome"),
    ],
)
def test_forged_results_are_rejected_and_the_call_fails(harness, entry, reason):
    outcome = harness.run("forge_results", entry=entry)
    attack = outcome.calls["attack"]
    assert attack.status == "invalid", attack
    assert attack.exception.type == "InvalidResult" and reason in attack.exception.message
    assert not Path(f"/tmp/gradekit-pwned-{harness.marker}").exists()
    assert_control_passed(outcome)


def test_tensor_subclasses_and_impostors_are_reported_as_objects(harness):
    outcome = harness.run("lookalikes")
    subclass = outcome.calls["attack"].value
    assert subclass.kind == "object" and subclass.type.endswith(".AlwaysEqual")
    impostor = harness.run("lookalikes", entry="impostor").calls["attack"].value
    assert impostor.kind == "object" and impostor.type.endswith(".Impostor")
    assert_control_passed(outcome)


def test_monkeypatching_numpy_torch_and_gradekit_does_not_change_what_is_observed(harness):
    outcome = harness.run("monkeypatch")
    value = outcome.calls["attack"].value
    assert value.kind == "tensor" and value.type == "torch.Tensor"
    np.testing.assert_array_equal(value.data, np.zeros(3, np.float32))
    assert_control_passed(outcome)


def test_workflow_commands_and_escape_sequences_are_neutralised(harness):
    outcome = harness.run("terminal_injection")
    for text in (outcome.stdout, outcome.stderr, outcome.calls["attack"].stdout):
        assert "\x1b" not in text and "\x07" not in text and "\r" not in text
        assert not any(line.lstrip().startswith("::") for line in text.splitlines())
    assert f": :add-mask::{harness.marker}" in outcome.stdout
    assert "clean screen" in outcome.stdout and "owned title" not in outcome.stdout
    assert ": :set-output name=score::100" in outcome.stderr
    assert_control_passed(outcome)


def test_inputs_are_rebuilt_per_call_so_one_call_cannot_poison_the_next(harness, backend):
    path = harness.tmp_path / "poison.py"
    path.write_text("def poison(x):\n    x.mul_(0)\n    return x\n\ndef read(x):\n    return x\n")
    x = ArgSpec.tensor(np.array([1.0, 2.0], np.float32))
    calls = [Call("a", "poison", args={"x": x}), Call("b", "read", args={"x": x})]
    outcome = run_submission(path, calls, backend=backend, policy=STRICT)
    np.testing.assert_array_equal(outcome.calls["b"].value.data, [1.0, 2.0])


# --------------------------------------------------------------------------------------------
# Tier 2: bubblewrap on its own (Landlock and seccomp switched off)
# --------------------------------------------------------------------------------------------

ONLY_BUBBLEWRAP = dataclasses.replace(
    STRICT, disabled_layers=frozenset({"landlock", "seccomp", "capabilities"})
)


def test_bubblewrap_alone_cuts_the_network(harness, listeners):
    require_layers("bubblewrap")
    outcome = harness.run(
        "network", tcp_port=listeners.tcp_port, udp_port=listeners.udp_port, policy=ONLY_BUBBLEWRAP
    )
    assert "bubblewrap" in outcome.isolation.layers and outcome.isolation.tier == 0
    tcp, udp = [item.value for item in outcome.calls["attack"].value.items]
    assert tcp.startswith("tcp blocked: ")
    assert listeners.received() == []  # a datagram may be "sent" into the empty namespace
    assert_control_passed(outcome)


def test_bubblewrap_alone_keeps_files_outside_out_of_reach(harness, hidden_files):
    require_layers("bubblewrap")
    before = {name: path.read_bytes() for name, path in hidden_files.items()}
    read = harness.run("read_hidden", policy=ONLY_BUBBLEWRAP, **hidden_files)
    assert all(i.value.startswith("blocked: ") for i in read.calls["attack"].value.items)
    write = harness.run("write_outside", policy=ONLY_BUBBLEWRAP, **hidden_files)
    assert all(i.value.startswith("blocked: ") for i in write.calls["attack"].value.items)
    assert {name: path.read_bytes() for name, path in hidden_files.items()} == before
