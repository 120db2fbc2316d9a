"""The zygote's handshake, queued whole: a run sends the calls to preload, the launcher's pipes
and the launcher's configuration without waiting for any answer (the zygote may still be
importing), and reads the answers afterwards. The zygote and the launcher check what they
read exactly as before; a handshake cut short or garbled anywhere ends the run with an error
(a warm start's failure, which a check answers by running cold, or the run's own failure),
never a hang and never a leaked descriptor."""

from __future__ import annotations

import os
import signal
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gradekit.grading.early_sandbox import EarlySandbox
from gradekit.sandbox import warm
from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import ArgSpec, Call, encode_calls
from gradekit.sandbox.runner import LaunchedProcess, run_submission
from gradekit.sandbox.warm import WarmWorkerError, Zygote, ZygoteLaunch, run_submission_warm

POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)
BUBBLEWRAP = "bubblewrap" in POLICY.layers
LIMIT = 120.0  # seconds: far beyond any of these runs; reaching it means a hang

SOURCE = """\
def double(x):
    return 2 * x


def shout(text):
    print(text.upper())
    return len(text)
"""
CALLS = [
    Call("c0", "double", args={"x": ArgSpec.python(21)}),
    Call("c1", "double", args={"x": ArgSpec.tensor(np.arange(6, dtype=np.float32).reshape(2, 3))}),
    Call("c2", "shout", args={"text": ArgSpec.python("hi")}),
]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    path = tmp_path / "solution.py"
    path.write_text(SOURCE)
    return path


def picture(outcome) -> dict[str, Any]:
    """What a run found, without its timings."""
    return {
        call_id: (
            call.status,
            None if call.value is None else call.value.kind,
            None if call.value is None or call.value.data is None else call.value.data.tolist(),
            None if call.value is None else call.value.get("value"),
            call.stdout,
        )
        for call_id, call in outcome.calls.items()
    } | {"isolation": outcome.isolation, "load_error": outcome.load_error}


def within_limit(function: Callable[[], Any]) -> Any:
    """``function()`` in a thread that must end within :data:`LIMIT` (else the test fails
    rather than hang); returns its result or raises its exception."""
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = function()
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(LIMIT)
    assert not thread.is_alive(), f"still running after {LIMIT:g} s"
    if "error" in result:
        raise result["error"]
    return result["value"]


def open_descriptors(zygote: Zygote | None = None) -> set[int]:
    """This process's open descriptors (but for the file ``zygote`` keeps its stderr in,
    which lives as long as the object, for its error messages)."""
    kept = set() if zygote is None else {zygote._stderr.fileno()}
    return {int(name) for name in os.listdir("/proc/self/fd")} - kept


def wait_for_exit(zygote: Zygote) -> None:
    zygote.process.wait(timeout=LIMIT)


class Paused:
    """A zygote stopped (SIGSTOP) before it can say it is ready, continued on leaving."""

    def __init__(self, zygote: Zygote) -> None:
        self.zygote = zygote

    def __enter__(self) -> Zygote:
        os.kill(self.zygote.process.pid, signal.SIGSTOP)
        return self.zygote

    def __exit__(self, *exc_info: object) -> None:
        try:
            os.kill(self.zygote.process.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass


class QueuedLaunch(ZygoteLaunch):
    """The zygote's launch, calling ``when_queued()`` once everything is sent (the calls, the
    pipes, the configuration written by the runner) and before any answer is read."""

    def __init__(self, zygote: Zygote, when_queued: Callable[[], None]) -> None:
        super().__init__(zygote)
        self.when_queued = when_queued

    def launch(self, scratch: Path, policy: SandboxPolicy) -> LaunchedProcess:
        launched = super().launch(scratch, policy)
        finish = launched.finish_launch
        assert finish is not None

        def finish_launch() -> None:
            self.when_queued()
            finish()

        launched.finish_launch = finish_launch
        return launched


# -- the whole handshake before "ready" ------------------------------------------------------


def test_a_zygote_given_its_whole_handshake_before_ready_runs_it_as_usual(path: Path) -> None:
    cold = run_submission(path, CALLS, backend="engine", policy=POLICY)
    queued = threading.Event()
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        with Paused(zygote):
            launch = QueuedLaunch(zygote, queued.set)
            results: list[Any] = []
            thread = threading.Thread(
                target=lambda: results.append(
                    run_submission(path, CALLS, backend="engine", policy=POLICY, launch=launch)
                ),
                daemon=True,
            )
            thread.start()
            assert queued.wait(LIMIT)
            # Everything went out while the zygote could not even say it was ready.
            assert not zygote._ready
            assert zygote._tickets_sent == 2  # the calls to preload, the launcher's fork
        thread.join(LIMIT)
        assert not thread.is_alive()
        assert zygote._answers == {}  # every answer went to its ticket's owner
    assert picture(results[0]) == picture(cold)
    assert results[0].calls["c1"].value.data.tolist() == [[0, 2, 4], [6, 8, 10]]
    assert results[0].calls["c2"].stdout == "HI\n"


def test_answers_read_for_another_ticket_are_kept_for_it() -> None:
    first, second = encode_calls(CALLS[:1]), encode_calls(CALLS[1:])
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        first_digest, first_ticket = zygote.queue_preload(first)
        second_digest, second_ticket = zygote.queue_preload(second)
        assert (first_ticket, second_ticket) == (0, 1)
        zygote.confirm_preload(second_digest, second_ticket)  # reads the first answer too
        assert set(zygote._answers) == {first_ticket}
        zygote.confirm_preload(first_digest, first_ticket)
        assert zygote._answers == {}
        assert zygote._preloaded == [first_digest, second_digest]
        # Preloaded already: no request, nothing to confirm.
        assert zygote.queue_preload(first) == (first_digest, None)


def test_a_served_run_after_a_queued_one_uses_the_same_zygote(path: Path) -> None:
    """A batch's zygote serves one run after another: the tickets go on counting."""
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        once = run_submission_warm(path, CALLS, zygote=zygote, policy=POLICY)
        again = run_submission_warm(path, CALLS, zygote=zygote, policy=POLICY)
        assert zygote._tickets_sent == 3  # the calls preloaded once, two launchers
    assert picture(once) == picture(again)
    assert once.calls["c0"].value.value == 42


# -- a handshake cut short or garbled --------------------------------------------------------


def _cut(keep: Callable[[bytes], bytes]) -> Callable[[bytes], int]:
    """A stand-in for the file the calls are sent in, holding ``keep(data)`` instead."""
    real = warm._file_in_memory

    def file_in_memory(data: bytes) -> int:
        return real(keep(data))

    return file_in_memory


CALLS_CUTS = {
    "nothing": lambda data: b"",
    "one byte": lambda data: data[:1],
    "half the length prefix": lambda data: data[:8],
    "the length prefix": lambda data: data[:16],
    "half": lambda data: data[: len(data) // 2],
    "all but the last byte": lambda data: data[:-1],
    "garbage of the right size": lambda data: bytes(len(data)),
    "two frames": lambda data: data[: len(data) // 2] + data[: len(data) - len(data) // 2],
}


@pytest.mark.parametrize("cut", CALLS_CUTS, ids=list(CALLS_CUTS))
def test_calls_to_preload_cut_short_or_garbled_stop_the_run_and_the_zygote(
    cut: str, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(warm, "_file_in_memory", _cut(CALLS_CUTS[cut]))
    before = open_descriptors()
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        with pytest.raises(WarmWorkerError):
            within_limit(lambda: run_submission_warm(path, CALLS, zygote=zygote, policy=POLICY))
        wait_for_exit(zygote)  # it refused the calls and stopped
        assert not list(zygote.scratch_root.glob("gradekit-run-*"))  # the run's folder is gone
    assert open_descriptors(zygote) <= before  # none left open (GC may close older ones)


def _send_raw(zygote: Zygote, message: bytes, fds: list[int]) -> int:
    """Send ``message`` as it is (not necessarily JSON); returns its ticket."""
    with zygote._send_lock:
        socket.send_fds(zygote._channel, [message], fds)
        ticket = zygote._tickets_sent
        zygote._tickets_sent += 1
    return ticket


SPAWN_REQUESTS = {
    "cut JSON": (b'{"cwd": "/", "en', 5),
    "too few descriptors": (b'{"cwd": "/", "env": {}}', 4),
    "no descriptors": (b'{"cwd": "/", "env": {}}', 0),
}


@pytest.mark.parametrize("request_name", SPAWN_REQUESTS, ids=list(SPAWN_REQUESTS))
def test_a_garbled_request_for_a_launcher_stops_the_zygote(request_name: str) -> None:
    message, count = SPAWN_REQUESTS[request_name]
    before = open_descriptors()
    pipes = [os.pipe() for _ in range(count)]
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        if count:
            ticket = _send_raw(zygote, message, [read for read, _ in pipes])
        else:
            with zygote._send_lock:
                zygote._channel.sendall(message)
                ticket = zygote._tickets_sent
                zygote._tickets_sent += 1
        with pytest.raises(WarmWorkerError):
            within_limit(lambda: zygote.launcher_started(ticket))
        wait_for_exit(zygote)
    for read, write in pipes:
        os.close(read)
        os.close(write)
    assert open_descriptors(zygote) <= before  # none left open (GC may close older ones)


class CutConfiguration(ZygoteLaunch):
    """The zygote's launch, with the launcher's configuration replaced by ``keep(it)``: the
    runner writes it into a pipe of ours, and what is kept goes on into the launcher's."""

    def __init__(self, zygote: Zygote, keep: Callable[[bytes], bytes]) -> None:
        super().__init__(zygote)
        self.keep = keep

    def launch(self, scratch: Path, policy: SandboxPolicy) -> LaunchedProcess:
        launched = super().launch(scratch, policy)
        finish, launchers_pipe = launched.finish_launch, launched.config_w
        assert finish is not None
        ours, launched.config_w = os.pipe()

        def finish_launch() -> None:
            os.set_blocking(ours, False)
            written = os.read(ours, 1 << 20)  # the runner's configuration, written in one go
            os.close(ours)
            kept = self.keep(written)
            assert os.write(launchers_pipe, kept) == len(kept)
            os.close(launchers_pipe)  # the launcher reads to the end of what was kept
            finish()

        launched.finish_launch = finish_launch
        return launched


CONFIGURATION_CUTS = {
    "nothing": lambda data: b"",
    "half the length prefix": lambda data: data[:8],
    "the length prefix": lambda data: data[:16],
    "half": lambda data: data[: len(data) // 2],
    "all but the last byte": lambda data: data[:-1],
    "garbage of the right size": lambda data: b"\xff" * len(data),
    "twice": lambda data: data + data,
}


@pytest.mark.parametrize("cut", CONFIGURATION_CUTS, ids=list(CONFIGURATION_CUTS))
def test_a_launcher_given_a_cut_or_garbled_configuration_fails_the_run_saying_so(
    cut: str, path: Path
) -> None:
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        launch = CutConfiguration(zygote, CONFIGURATION_CUTS[cut])
        outcome = within_limit(
            lambda: run_submission(path, CALLS, backend="engine", policy=POLICY, launch=launch)
        )
        assert zygote.alive  # the launcher refused its configuration; the zygote serves on
        again = run_submission_warm(path, CALLS, zygote=zygote, policy=POLICY)
    assert all(call.status == "crashed" for call in outcome.calls.values())
    assert "gradekit sandbox launcher" in (outcome.failure or "")  # the launcher's own words
    assert again.calls["c0"].value.value == 42


def test_a_zygote_that_dies_with_the_handshake_queued_fails_the_warm_start(path: Path) -> None:
    before = open_descriptors()
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        with Paused(zygote):
            launch = QueuedLaunch(zygote, lambda: os.killpg(zygote.process.pid, signal.SIGKILL))
            with pytest.raises(WarmWorkerError):
                within_limit(
                    lambda: run_submission(
                        path, CALLS, backend="engine", policy=POLICY, launch=launch
                    )
                )
    assert open_descriptors(zygote) <= before  # none left open (GC may close older ones)


def test_a_check_whose_warm_handshake_fails_runs_cold_and_says_why(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a check does when the queued handshake fails: the same answers, from a cold run."""
    monkeypatch.setattr(warm, "_file_in_memory", _cut(CALLS_CUTS["half"]))
    cold = run_submission(path, CALLS, backend="engine", policy=POLICY)
    with EarlySandbox("engine", policy=POLICY) as sandbox:
        outcome = within_limit(lambda: sandbox.run(path, CALLS))
        assert isinstance(sandbox.warm_start_error, WarmWorkerError)
    assert picture(outcome) == picture(cold)


# -- telling the caller when the launcher has everything -------------------------------------


def test_on_launched_comes_once_everything_is_queued_before_any_answer(path: Path) -> None:
    """A check's main thread holds back until then (it leaves the run's thread the GIL): it
    must come without waiting for the zygote, even one that is not ready yet."""
    launched = threading.Event()
    with Zygote("engine", bubblewrap=BUBBLEWRAP, wait=False) as zygote:
        with Paused(zygote):
            results: list[Any] = []
            thread = threading.Thread(
                target=lambda: results.append(
                    run_submission_warm(
                        path, CALLS, zygote=zygote, policy=POLICY, on_launched=launched.set
                    )
                ),
                daemon=True,
            )
            thread.start()
            assert launched.wait(LIMIT)
            assert not zygote._ready and not results  # the zygote could not have answered
        thread.join(LIMIT)
        assert not thread.is_alive()
    assert results[0].calls["c0"].value.value == 42


def test_on_launched_is_told_by_a_cold_run_too(path: Path) -> None:
    told: list[str] = []
    outcome = run_submission(
        path, CALLS, backend="engine", policy=POLICY, on_launched=lambda: told.append("launched")
    )
    assert told == ["launched"]  # one launcher did everything
    assert outcome.calls["c2"].value.value == 2
