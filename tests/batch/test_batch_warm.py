"""The warm zygote path: the same outcomes and the same isolation as a cold sandbox run.

Each scenario runs one small submission twice, through ``run_submission`` (a fresh launcher
interpreter) and through ``run_submission_warm`` (a launcher forked by the zygote), and
requires identical statuses, values and isolation reports. Attack scenarios also check that
the attack was blocked when the layer is available, and that switching the layer off lets it
through on both paths, so the comparison cannot pass vacuously.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import socket
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from gradekit.sandbox.policy import SandboxPolicy, probe_layers
from gradekit.sandbox.protocol import ArgSpec, Call, SubmissionOutcome
from gradekit.sandbox.runner import run_submission
from gradekit.sandbox.warm import WarmWorkerError, Zygote, run_submission_warm

POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)
X = ArgSpec.tensor(np.array([1.0, -2.0, 3.0], np.float32))


@pytest.fixture(scope="module")
def zygote() -> Iterator[Zygote]:
    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as warm:
        yield warm


def write(tmp_path: Path, source: str) -> Path:
    path = tmp_path / "student" / "solution.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text(textwrap.dedent(source))
    return path


def both(path: Path, calls: list[Call], zygote: Zygote, policy: SandboxPolicy = POLICY):
    cold = run_submission(path, calls, backend="engine", policy=policy)
    warm = run_submission_warm(path, calls, zygote=zygote, policy=policy)
    return cold, warm


def picture(outcome: SubmissionOutcome) -> dict:
    """What must agree between the two paths (durations and tracebacks may differ)."""
    calls = {}
    for call_id, call in outcome.calls.items():
        value = call.value
        if value is not None and value.data is not None:
            shown = (value.dtype, value.shape, value.data.tolist())
        elif value is not None and value.items is not None:
            shown = [item.value for item in value.items]
        else:
            shown = value.value if value is not None else None
        error = (call.exception.type, call.exception.message) if call.exception else None
        calls[call_id] = (call.status, shown, error)
    return {
        "calls": calls,
        "load_error": outcome.load_error.type if outcome.load_error else None,
        "failure": outcome.failure,
        "isolation": outcome.isolation,
    }


def test_values_output_and_isolation_match_a_cold_run(tmp_path, zygote):
    path = write(
        tmp_path,
        """
        import torch
        print("loaded")

        def double(t):
            print("doubling")
            return 2 * t

        def shape(t):
            return t.shape

        def fails(t):
            return t[7]
        """,
    )
    calls = [
        Call("a", "double", args={"t": X}),
        Call("b", "shape", args={"t": X}),
        Call("c", "fails", args={"t": X}),
    ]
    cold, warm = both(path, calls, zygote)
    assert picture(warm) == picture(cold)
    assert warm.calls["a"].stdout == "doubling\n" and "loaded" in warm.stdout
    assert warm.calls["c"].status == "raised"
    assert warm.isolation.tier == POLICY.tier


def test_load_errors_match(tmp_path, zygote):
    path = write(tmp_path, "def f(t):\n    return t +\n")
    cold, warm = both(path, [Call("a", "f", args={"t": X})], zygote)
    assert picture(warm) == picture(cold)
    assert warm.load_error.type == "SyntaxError"


def test_a_crash_and_a_timeout_fail_only_their_call(tmp_path, zygote):
    path = write(
        tmp_path,
        """
        import os
        import time

        def crash():
            os._exit(3)

        def hang():
            while True:
                time.sleep(0.01)

        def fine():
            return 42
        """,
    )
    calls = [
        Call("a", "crash"),
        Call("b", "fine"),
        Call("c", "hang", timeout=0.5),
        Call("d", "fine"),
    ]
    cold, warm = both(path, calls, zygote)
    assert picture(warm) == picture(cold)
    assert [warm.calls[c].status for c in "abcd"] == ["crashed", "ok", "timeout", "ok"]


def test_the_environment_is_the_allowlisted_one(tmp_path, zygote, monkeypatch):
    monkeypatch.setenv("GRADEKIT_TEST_SECRET", "do-not-leak")
    path = write(
        tmp_path,
        """
        import os

        def environment():
            return sorted(os.environ)

        def working_directory():
            return os.path.basename(os.getcwd()).startswith("gradekit-run-")
        """,
    )
    calls = [Call("a", "environment"), Call("b", "working_directory")]
    cold, warm = both(path, calls, zygote)
    assert picture(warm) == picture(cold)
    names = [item.value for item in warm.calls["a"].value.items]
    assert "GRADEKIT_TEST_SECRET" not in names and "OMP_NUM_THREADS" in names
    assert warm.calls["b"].value.value is True


HIDDEN_READER = """
def attack():
    try:
        with open("{path}") as handle:
            return handle.read()
    except OSError as exc:
        return f"blocked: {{type(exc).__name__}}"
"""


def test_files_outside_the_sandbox_stay_unreadable(tmp_path, zygote):
    secret = tmp_path / "hidden" / "reference.py"
    secret.parent.mkdir()
    secret.write_text("SECRET_REFERENCE")
    path = write(tmp_path, HIDDEN_READER.format(path=secret))
    # bubblewrap's private /tmp would hide the file on its own: switch both layers off.
    weak = dataclasses.replace(POLICY, disabled_layers=frozenset({"landlock", "bubblewrap"}))
    with Zygote("engine") as unwrapped:
        cold, warm = both(path, [Call("a", "attack")], unwrapped, weak)
    assert picture(warm) == picture(cold)
    assert warm.calls["a"].value.value == "SECRET_REFERENCE"  # the test can fail
    if not {"landlock", "bubblewrap"} & set(probe_layers().available):
        pytest.skip("neither Landlock nor bubblewrap is available here")
    cold, warm = both(path, [Call("a", "attack")], zygote)
    assert picture(warm) == picture(cold)
    # EACCES from Landlock, or ENOENT when bubblewrap's private /tmp hides the file.
    assert warm.calls["a"].value.value.startswith("blocked: ")


SIGNALLER = """
import os
import signal


def kill_parent():
    try:
        os.kill(os.getppid(), signal.SIGKILL)
    except PermissionError as exc:
        return f"blocked: {{type(exc).__name__}}"
    return "killed"


def kill_zygote():
    try:
        os.kill({zygote}, signal.SIGKILL)
    except PermissionError as exc:
        return f"blocked: {{type(exc).__name__}}"
    return "killed"


def control():
    return 42
"""


def test_the_launcher_and_the_zygote_cannot_be_killed(tmp_path, zygote):
    required = {"seccomp", "landlock"}
    if not required <= set(probe_layers().available):
        pytest.skip("seccomp and Landlock are needed for this protection")
    path = write(tmp_path, SIGNALLER.format(zygote=zygote.process.pid))
    calls = [Call("a", "kill_parent"), Call("b", "kill_zygote"), Call("c", "control")]
    outcome = run_submission_warm(path, calls, zygote=zygote, policy=POLICY)
    assert [outcome.calls[c].value.value for c in "abc"] == [
        "blocked: PermissionError",
        "blocked: PermissionError",
        42,
    ]
    assert zygote.alive


def test_network_is_blocked_like_in_a_cold_run(tmp_path, zygote):
    if "seccomp" not in probe_layers().available:
        pytest.skip("seccomp is not available here")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]
    path = write(
        tmp_path,
        f"""
        import socket

        def attack():
            try:
                socket.create_connection(("127.0.0.1", {port}), timeout=1).close()
            except OSError as exc:
                return f"blocked: {{type(exc).__name__}}"
            return "connected"
        """,
    )
    cold, warm = both(path, [Call("a", "attack")], zygote)
    listener.close()
    assert picture(warm) == picture(cold)
    assert warm.calls["a"].value.value.startswith("blocked: ")


def test_daemons_are_reaped_and_nothing_outlives_a_run(tmp_path, zygote):
    marker = f"600.{os.getpid()}{int(time.time() * 1000) % 100000}"
    path = write(
        tmp_path,
        f"""
        import os

        def attack():
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    os.execv("/bin/sleep", ["sleep", "{marker}"])
                os._exit(0)
            os.wait()
            return "daemon started"
        """,
    )
    outcome = run_submission_warm(path, [Call("a", "attack")], zygote=zygote, policy=POLICY)
    assert outcome.calls["a"].value.value == "daemon started"
    deadline = time.monotonic() + 5
    while processes_with_argument(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    survivors = processes_with_argument(marker)
    for pid in survivors:  # never leave a sleeper behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert survivors == []
    assert zygote.alive


def test_the_daemon_check_can_fail(tmp_path):
    """Without a reaper the daemon really survives, so the test above is not vacuous."""
    marker = f"600.{os.getpid()}{int(time.time() * 1000) % 100000}"
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv("/bin/sleep", ["sleep", marker])
        os._exit(0)
    os.wait()
    deadline = time.monotonic() + 5
    while not processes_with_argument(marker) and time.monotonic() < deadline:
        time.sleep(0.05)  # the grandchild may not have reached exec yet
    survivors = processes_with_argument(marker)
    for pid in survivors:
        os.kill(pid, signal.SIGKILL)
    assert survivors


def processes_with_argument(argument: str) -> list[int]:
    """Live pids whose command line contains ``argument`` exactly."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                arguments = handle.read().split(b"\0")
            with open(f"/proc/{entry}/stat", "rb") as handle:
                zombie = handle.read().rsplit(b")", 1)[1].split()[0] == b"Z"
        except OSError:
            continue
        if argument.encode() in arguments and not zombie:
            found.append(int(entry))
    return found


def test_a_dead_zygote_is_a_clear_error(tmp_path):
    path = write(tmp_path, "def f():\n    return 1\n")
    warm = Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers)
    try:
        os.killpg(warm.process.pid, signal.SIGKILL)
        warm.process.wait()
        with pytest.raises(WarmWorkerError):
            run_submission_warm(path, [Call("a", "f")], zygote=warm, policy=POLICY)
    finally:
        warm.close()


@pytest.mark.torch
def test_a_torch_zygote_matches_a_cold_torch_run(tmp_path):
    pytest.importorskip("torch", reason="real torch is needed for the torch backend")
    path = write(
        tmp_path,
        """
        import torch

        def version():
            return torch.__version__.split("+")[0]

        def double(t):
            return 2 * t
        """,
    )
    calls = [Call("a", "version"), Call("b", "double", args={"t": X})]
    cold = run_submission(path, calls, backend="torch", policy=POLICY)
    with Zygote("torch", bubblewrap="bubblewrap" in POLICY.layers) as warm_torch:
        warm = run_submission_warm(path, calls, zygote=warm_torch, policy=POLICY)
        again = run_submission_warm(path, calls, zygote=warm_torch, policy=POLICY)
    assert picture(warm) == picture(cold) == picture(again)
    assert warm.calls["b"].value.data.tolist() == [2.0, -4.0, 6.0]


def test_student_code_runs_with_the_garbage_collector_on_as_in_a_cold_run(tmp_path, zygote):
    """The zygote imports with the collector off; its launchers and workers have it back."""
    path = write(
        tmp_path,
        """
        import gc

        def collector_state():
            return [gc.isenabled(), gc.get_threshold()[0] > 0]
        """,
    )
    calls = [Call("state", "collector_state", args={})]
    cold, warm = both(path, calls, zygote)
    assert picture(warm) == picture(cold)
    assert picture(warm)["calls"]["state"] == ("ok", [True, True], None)
