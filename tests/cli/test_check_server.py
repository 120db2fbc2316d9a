"""The check server (gradekit/check_server): served checks behave exactly like local ones.

Every test runs real ``python -m gradekit`` processes against a real server in a private
directory of its own (``GRADEKIT_SERVER_DIR``), and stops every server it started. The rest of
the suite runs with the server off (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import ENGINE, ROOT, SUBMISSIONS, TINY

from gradekit.check_server import client, rendezvous

INDEXING_EXAMPLE = ROOT / "examples" / "student" / "exercise.py"
SERVER_START_TIMEOUT = 60.0  # imports and a spare sandbox, on a loaded two-core machine
KEY_PROGRAM = "from gradekit.check_server import rendezvous; print(rendezvous.server_key())"


@pytest.fixture
def server_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The environment of a check that may use a server, in a fresh private directory (short:
    a socket's path is limited); every server started there is stopped afterwards."""
    directory = tempfile.mkdtemp(prefix="gk-srv-")  # mode 0700
    monkeypatch.setenv(rendezvous.DIRECTORY_ENV, directory)
    monkeypatch.delenv(rendezvous.ENABLE_ENV, raising=False)
    monkeypatch.delenv("CI", raising=False)
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    yield env
    client.stop_servers(timeout=30)
    for leftover in Path(directory).iterdir():
        leftover.unlink()
    os.rmdir(directory)


@pytest.fixture
def key(server_env: dict[str, str]) -> str:
    """The key of the server a ``python -m gradekit`` check looks for (this pytest process has
    another import path, hence another key)."""
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "from gradekit.check_server import rendezvous as r; print(r.server_key())",
        ],
        cwd=ROOT,
        env=server_env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()


def run_check(env: dict[str, str], *args: str | Path, cwd: Path = ROOT) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "gradekit", "check", *map(str, args)],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen, timeout: float = 300) -> tuple[int, str, str]:
    stdout, stderr = process.communicate(timeout=timeout)
    return process.returncode, stdout, stderr


def check(env: dict[str, str], *args: str | Path, cwd: Path = ROOT) -> tuple[int, str, str]:
    return finish(run_check(env, *args, cwd=cwd))


def start_server(key: str) -> dict:
    """Start the server for ``key`` (as a first check would) and wait until it has a spare."""
    client.start_server(key)
    status = client.wait_for_server(key, SERVER_START_TIMEOUT)
    assert status is not None, _server_log(key)
    wait_until(lambda: client.server_status(key)["spare_sandboxes"] == ["engine"], "a spare")
    return status


def wait_until(condition, what: str, timeout: float = SERVER_START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _server_log(key: str) -> str:
    path = rendezvous.log_path(rendezvous.server_directory(), key)
    return path.read_text() if path.exists() else "(no log)"


def without_timings(text: str) -> str:
    """A check's text report with its measured times blanked out, and the padding and rules
    of its table (whose width follows the times' digits) removed."""
    text = re.sub(r"\d+ ms", "_ ms", text)
    text = re.sub(r"\d+\.\d+ s\)", "_ s)", text)
    return re.sub(r"[ ━─]+", "", text)


def without_durations(document: dict) -> dict:
    """A check's JSON report without its measured durations."""
    document.pop("duration")
    for item in document["exercises"]:
        item.pop("duration")
        for case in item["cases"]:
            case.pop("duration")
    return document


def served_count(key: str) -> int:
    return client.server_status(key)["checks_served"]


# ---------------------------------------------------------------------------------------------
# Served checks are the checks


def test_first_check_starts_the_server_and_the_next_is_served_alike(server_env, key):
    local = check(server_env, INDEXING_EXAMPLE, *ENGINE)
    status = client.wait_for_server(key, SERVER_START_TIMEOUT)
    assert status is not None and status["checks_served"] == 0  # started by the first check
    # It prepares for a check like the first: the assignment, answers and calls in memory.
    prepared = ["check", str(INDEXING_EXAMPLE), *ENGINE]
    wait_until(lambda: client.server_status(key)["prepared_for"] == prepared, "preparing")
    served = check(server_env, INDEXING_EXAMPLE, *ENGINE)
    assert served_count(key) == 1
    assert served[0] == local[0] == 1  # the example has failing exercises
    assert without_timings(served[1]) == without_timings(local[1])
    assert served[2] == local[2] == ""
    # The next one is served from a new spare sandbox, prepared again.
    wait_until(lambda: client.server_status(key)["prepared_for"] == prepared, "preparing")
    again = check(server_env, INDEXING_EXAMPLE, *ENGINE)
    assert served_count(key) == 2
    assert (again[0], without_timings(again[1]), again[2]) == (1, without_timings(local[1]), "")


def test_served_json_report_equals_the_local_one(server_env, key):
    start_server(key)
    args = (SUBMISSIONS / "tiny_mistakes.py", "--assignment", TINY, "--format", "json", *ENGINE)
    served = check(server_env, *args)
    assert served_count(key) == 1
    # The server keeps a spare sandbox ready for the next check.
    wait_until(lambda: client.server_status(key)["spare_sandboxes"] == ["engine"], "a spare")
    local = check(dict(server_env, GRADEKIT_CHECK_SERVER="off"), *args)
    assert served_count(key) == 1
    assert served[0] == local[0]
    assert without_durations(json.loads(served[1])) == without_durations(json.loads(local[1]))


def test_served_check_runs_in_the_clients_directory_and_environment(server_env, key, tmp_path):
    start_server(key)
    # A relative submission path is the client's, and so is COLUMNS (rich's width).
    (tmp_path / "tiny.py").write_text((SUBMISSIONS / "tiny_mistakes.py").read_text())
    narrow = dict(server_env, COLUMNS="60")
    served = check(narrow, "tiny.py", "--assignment", TINY, *ENGINE, cwd=tmp_path)
    assert served_count(key) == 1
    local = check(
        dict(narrow, GRADEKIT_CHECK_SERVER="off"),
        "tiny.py",
        "--assignment",
        TINY,
        *ENGINE,
        cwd=tmp_path,
    )
    assert served[0] == local[0] == 1
    assert without_timings(served[1]) == without_timings(local[1])
    assert max(len(line) for line in served[1].splitlines()) <= 60


def test_usage_errors_and_help_are_served_like_local_ones(server_env, key):
    start_server(key)
    missing = check(server_env, "no/such/submission.py", "--assignment", TINY, *ENGINE)
    helped = check(server_env, "--help")
    assert served_count(key) == 2
    off = dict(server_env, GRADEKIT_CHECK_SERVER="off")
    assert missing == check(off, "no/such/submission.py", "--assignment", TINY, *ENGINE)
    assert missing[0] == 2 and "no/such/submission.py" in missing[2]
    assert helped == check(off, "--help")
    assert helped[0] == 0 and "Usage" in helped[1]


# ---------------------------------------------------------------------------------------------
# Interrupting a served check


def _slow_check(env: dict[str, str], tmp_path: Path) -> subprocess.Popen:
    """A check whose submission loops until its 30 s exercise timeout."""
    spec = tmp_path / "slow.yaml"
    spec.write_text(
        TINY.read_text()
        .replace("timeout: 1.0", "timeout: 30.0")
        .replace("solution: tiny_solution.py", f"solution: {TINY.parent / 'tiny_solution.py'}")
    )
    return run_check(env, SUBMISSIONS / "tiny_endless.py", "--assignment", spec, *ENGINE)


@pytest.mark.parametrize("served", [True, False], ids=["served", "local"])
def test_ctrl_c_interrupts_a_check_at_once(server_env, key, tmp_path, served):
    if served:
        start_server(key)
    else:
        server_env = dict(server_env, GRADEKIT_CHECK_SERVER="off")
    process = _slow_check(server_env, tmp_path)
    if served:
        wait_until(lambda: client.server_status(key)["checks_running"] == 1, "the check")
    time.sleep(3.0)  # inside the endless exercise by now (its timeout is 30 s)
    started = time.monotonic()
    process.send_signal(signal.SIGINT)
    exit_code, _, stderr = finish(process, timeout=20)
    assert time.monotonic() - started < 20  # not the exercise's 30 s timeout
    assert exit_code == 1
    assert stderr.endswith("Aborted!\n")
    if served:
        wait_until(lambda: client.server_status(key)["checks_running"] == 0, "the end", 20)


def test_a_killed_client_takes_its_served_check_with_it(server_env, key, tmp_path):
    start_server(key)
    process = _slow_check(server_env, tmp_path)
    wait_until(lambda: client.server_status(key)["checks_running"] == 1, "the check")
    process.kill()
    process.wait()
    process.stdout.close()
    process.stderr.close()
    wait_until(
        lambda: client.server_status(key)["checks_running"] == 0, "the check to be killed", 20
    )


# ---------------------------------------------------------------------------------------------
# When there is no server


@pytest.mark.parametrize(
    "setting", [{"CI": "true"}, {rendezvous.ENABLE_ENV: "off"}], ids=["CI", "off"]
)
def test_no_server_under_ci_or_when_turned_off(server_env, key, setting):
    exit_code, _, stderr = check(
        dict(server_env, **setting), SUBMISSIONS / "tiny_mistakes.py", "--assignment", TINY, *ENGINE
    )
    assert (exit_code, stderr) == (1, "")  # graded: some exercises fail
    time.sleep(1.0)  # a server would have bound its socket by now
    assert list(Path(server_env[rendezvous.DIRECTORY_ENV]).glob("*.sock")) == []


def test_a_directory_others_can_reach_is_never_used(server_env, key, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    env = dict(server_env, **{rendezvous.DIRECTORY_ENV: str(shared)})
    exit_code, _, stderr = check(
        env, SUBMISSIONS / "tiny_mistakes.py", "--assignment", TINY, *ENGINE
    )
    assert (exit_code, stderr) == (1, "")  # graded: some exercises fail
    time.sleep(1.0)
    assert list(shared.iterdir()) == []


# ---------------------------------------------------------------------------------------------
# The server's own life


def _wait_for_exit(pid: int, timeout: float) -> bool:
    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        import select

        return bool(select.select([pidfd], [], [], timeout)[0])
    finally:
        os.close(pidfd)


def test_an_idle_server_exits(server_env, key, monkeypatch):
    monkeypatch.setenv(rendezvous.IDLE_ENV, "0.5")
    client.start_server(key)
    status = client.wait_for_server(key, SERVER_START_TIMEOUT)
    assert status is not None, _server_log(key)
    assert _wait_for_exit(status["pid"], 30)
    assert client.server_status(key) is None


def test_a_server_whose_key_is_stale_exits(server_env, key):
    stale_key = "0" * 20  # what a server of since-edited gradekit files would hold
    client.start_server(stale_key)
    status = client.wait_for_server(stale_key, SERVER_START_TIMEOUT)
    if status is not None:  # it may already have noticed
        assert _wait_for_exit(status["pid"], 30)
    assert client.server_status(stale_key) is None


def test_server_status_and_stop_commands(server_env, key):
    def gradekit_server(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "gradekit", "server", *args],
            cwd=ROOT,
            env=server_env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert "not running" in gradekit_server("status").stdout
    started = gradekit_server("start")
    assert started.returncode == 0, started.stderr
    status = client.server_status(key)
    assert status is not None and f"pid {status['pid']}" in started.stdout
    assert f"pid {status['pid']}" in gradekit_server("status").stdout
    stopped = gradekit_server("stop")
    assert stopped.returncode == 0 and str(status["pid"]) in stopped.stdout
    assert client.server_status(key) is None


def test_the_server_refuses_what_it_does_not_serve(server_env, key):
    start_server(key)
    address = rendezvous.socket_path(rendezvous.server_directory(), key)
    bad_requests = [
        {"argv": ["grade", "submissions"], "cwd": str(ROOT), "env": {}},
        {"argv": ["check", "x.py"], "cwd": "relative", "env": {}},
        {"argv": ["check", "x.py"], "cwd": str(ROOT), "env": {"A": 1}},
    ]
    for request in bad_requests:
        with socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET) as connection:
            connection.settimeout(30)
            connection.connect(str(address))
            greeting, _ = rendezvous.receive_message(connection)
            assert greeting["key"] == key
            with open(os.devnull) as null:
                fds = [null.fileno()] * 3
                rendezvous.send_message(connection, {"check": request}, fds=fds)
            reply, _ = rendezvous.receive_message(connection)
            assert "refused" in reply
    assert served_count(key) == 0


@pytest.mark.torch
def test_a_torch_check_is_served_from_a_torch_spare_sandbox(server_env, key):
    pytest.importorskip("torch", reason="the student's code runs on real torch here")
    args = (SUBMISSIONS / "tiny_mistakes.py", "--assignment", TINY, "--backend", "torch")
    local = check(server_env, *args)  # starts the server, prepared for this check
    wait_until(
        lambda: (client.server_status(key) or {}).get("spare_sandboxes") == ["torch"],
        "a torch spare",
    )
    served = check(server_env, *args)
    assert served_count(key) == 1
    assert (served[0], without_timings(served[1]), served[2]) == (
        local[0],
        without_timings(local[1]),
        local[2],
    )
    assert "backend: torch" in served[1]
