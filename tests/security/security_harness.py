"""Harness for the hostile-submission suite.

Each attack is a small submission file in ``attacks/`` with ``$placeholders`` for paths, ports
and markers the test creates. The harness runs it with two calls, the attack and ``control()``
(which returns 42), so every test can check that the attacked call fails *and* the others pass.

Safety (the tests run as root, where process limits do not apply): every attack is bounded in
memory, processes and time; network attacks target only listeners the test opened on
127.0.0.1; processes an attack starts carry a unique marker so the test can find and kill any
survivor; nothing ever targets the real home directory.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import socket
import string
import time
from pathlib import Path

import pytest

from gradekit.sandbox.layers import Limits
from gradekit.sandbox.policy import SandboxPolicy, probe_layers
from gradekit.sandbox.protocol import Call, SubmissionOutcome
from gradekit.sandbox.runner import run_submission

ATTACKS = Path(__file__).parent / "attacks"

# Small limits so that the bounded attacks hit them quickly.
STRICT = SandboxPolicy(
    limits=Limits(cpu_seconds=30, memory_bytes=2**30, file_size_bytes=16 * 2**20),
    load_timeout=3.0,
    call_grace=0.5,
)


def weakened(*layers: str, policy: SandboxPolicy = STRICT) -> SandboxPolicy:
    """The same policy with ``layers`` switched off, to prove a test can fail.

    bubblewrap (tier 2) is switched off too: its namespaces block most of these attacks on
    their own, which the tier-2 tests show separately.
    """
    return dataclasses.replace(policy, disabled_layers=frozenset({*layers, "bubblewrap"}))


def require_layers(*layers: str) -> None:
    available = probe_layers().available
    missing = [name for name in layers if name not in available]
    if missing:
        reasons = probe_layers().reasons
        pytest.skip("; ".join(f"{name} unavailable here: {reasons.get(name)}" for name in missing))


def processes_with_argument(argument: str) -> list[int]:
    """Pids whose command line contains ``argument`` exactly (zombies excluded)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                arguments = handle.read().split(b"\0")
        except OSError:
            continue
        if argument.encode() in arguments:
            found.append(int(entry))
    return found


def processes_in_removed_scratch_dirs() -> list[int]:
    """Pids whose working directory is a sandbox scratch directory that has been removed.

    A finished run deletes its scratch directory, so anything still sitting in one outlived the
    sandbox that started it: a leak, whoever caused it.
    """
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cwd = os.readlink(f"/proc/{entry}/cwd")
        except OSError:
            continue
        if "/gradekit-run-" in cwd and cwd.endswith(" (deleted)"):
            found.append(int(entry))
    return found


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@dataclasses.dataclass
class Harness:
    """Writes an attack into a student directory and runs it through the real sandbox."""

    tmp_path: Path
    backend: str
    marker: str  # unique "seconds" argument for sleep processes, e.g. "600.123456"

    def submission(self, attack: str, **params: object) -> Path:
        source = string.Template((ATTACKS / f"{attack}.py").read_text())
        text = source.substitute(marker=self.marker, **{k: str(v) for k, v in params.items()})
        path = self.tmp_path / "student" / "solution.py"
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
        return path

    def run(
        self,
        attack: str,
        *,
        entry: str = "attack",
        timeout: float = 2.0,
        policy: SandboxPolicy = STRICT,
        **params: object,
    ) -> SubmissionOutcome:
        path = self.submission(attack, **params)
        calls = [Call("attack", entry, timeout=timeout), Call("control", "control", timeout=10)]
        outcome = run_submission(path, calls, backend=self.backend, policy=policy)
        if "subreaper" in policy.layers:  # without it, leaks are the point of the test
            leaked = processes_in_removed_scratch_dirs()
            kill_all(leaked)
            assert leaked == [], f"processes outlived the sandbox: {leaked}"
        return outcome

    def survivors(self) -> list[int]:
        """Marked processes still running; they are killed so nothing outlives the test."""
        time.sleep(0.2)
        found = processes_with_argument(self.marker)
        kill_all(found)
        return found


@dataclasses.dataclass
class Listeners:
    """A TCP and a UDP socket on 127.0.0.1 that record whatever reaches them."""

    tcp: socket.socket
    udp: socket.socket

    @property
    def tcp_port(self) -> int:
        return self.tcp.getsockname()[1]

    @property
    def udp_port(self) -> int:
        return self.udp.getsockname()[1]

    def received(self) -> list[str]:
        events = []
        try:
            connection, _ = self.tcp.accept()
            connection.settimeout(1)
            events.append(f"tcp connection: {connection.recv(100)!r}")
            connection.close()
        except (BlockingIOError, TimeoutError):
            pass
        try:
            data, _ = self.udp.recvfrom(100)
            events.append(f"udp datagram: {data!r}")
        except BlockingIOError:
            pass
        return events


def assert_control_passed(outcome: SubmissionOutcome) -> None:
    control = outcome.calls["control"]
    assert control.status == "ok", control
    assert control.value.kind == "python" and control.value.value == 42
