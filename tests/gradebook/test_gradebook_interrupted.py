"""Runs whose grader was killed outright (SIGKILL) become ``interrupted`` on the next open."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gradekit.gradebook.grader_process import is_stale, process_identity, this_grader
from gradekit.gradebook.queries import class_overview, list_runs
from gradekit.gradebook.schema import MIGRATIONS, migrate
from gradekit.gradebook.store import Gradebook, connect

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="process identities need Linux /proc"
)

# A grader that starts a run, writes nothing else, and is killed with SIGKILL mid-batch.
KILLED_GRADER = """
import os, signal, sys
from gradekit.gradebook.store import Gradebook
book = Gradebook(sys.argv[1])
book.start_run(assignment_id="pair", assignment_title="Pair", spec_path="pair.yaml",
               spec_hash="h", backend="engine", sandbox_tier=1, jobs=1, gradekit_version="t")
os.kill(os.getpid(), signal.SIGKILL)
"""


def start_run(book: Gradebook) -> int:
    return book.start_run(
        assignment_id="pair",
        assignment_title="Pair",
        spec_path="pair.yaml",
        spec_hash="h",
        backend="engine",
        sandbox_tier=1,
        jobs=1,
        gradekit_version="test",
    )


def killed_run(path: Path) -> None:
    result = subprocess.run([sys.executable, "-c", KILLED_GRADER, str(path)], check=False)
    assert result.returncode == -9  # really killed, not finished


def statuses(path: Path) -> dict[int, str]:
    connection = connect(path, readonly=True)
    try:
        return dict(connection.execute("SELECT id, status FROM runs").fetchall())
    finally:
        connection.close()


def test_a_killed_run_is_marked_interrupted_when_the_gradebook_is_opened(
    gradebook_path: Path,
) -> None:
    killed_run(gradebook_path)
    assert statuses(gradebook_path) == {1: "running"}  # nobody has opened it for writing yet
    with Gradebook(gradebook_path) as book:
        assert book.interrupted_runs == [1]
        live = start_run(book)  # this process is alive: its run stays running
    assert statuses(gradebook_path) == {1: "interrupted", live: "running"}
    with Gradebook(gradebook_path) as book:
        assert book.interrupted_runs == []


def test_readers_already_show_a_killed_run_as_interrupted(gradebook_path: Path) -> None:
    killed_run(gradebook_path)
    connection = connect(gradebook_path, readonly=True)
    try:
        assert [run.status for run in list_runs(connection, "pair")] == ["interrupted"]
        assert class_overview(connection, "pair").last_run["status"] == "interrupted"
    finally:
        connection.close()


def test_a_reused_pid_is_not_the_same_grader() -> None:
    me = this_grader()
    assert me.identity == process_identity(os.getpid())
    assert not is_stale(me.host, me.pid, me.identity)
    # Same pid, another start time: the pid was reused by a new process after the grader died.
    assert is_stale(me.host, me.pid, me.identity + "0")


def test_runs_that_cannot_be_judged_are_left_running() -> None:
    me = this_grader()
    assert not is_stale("another-host.example", me.pid, "dead:1")  # maybe alive over there
    assert not is_stale(me.host, None, None)  # recorded before gradebook v4


def test_a_version_3_running_run_survives_the_upgrade_as_running(tmp_path: Path) -> None:
    path = tmp_path / "v3.sqlite"
    raw = sqlite3.connect(path, isolation_level=None)
    migrate(raw, MIGRATIONS[:3])
    raw.execute(
        "INSERT INTO runs (assignment_id, assignment_title, spec_path, spec_hash, backend,"
        " sandbox_tier, jobs, gradekit_version, started_at, status)"
        " VALUES ('pair', 'Pair', 'pair.yaml', 'h', 'engine', 1, 1, 'old', 't', 'running')"
    )
    raw.close()
    with Gradebook(path) as book:
        assert book.interrupted_runs == []
    assert statuses(path) == {1: "running"}
