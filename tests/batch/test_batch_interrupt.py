"""Ctrl-C during `gradekit grade`: said at once, runs in flight cancelled, nothing left behind.

The first Ctrl-C prints what happens, cancels the submissions in flight (not recorded: the next
run grades them) and keeps everything recorded; a second one kills every worker with all it
started. Either way no worker, zygote, launcher or sandboxed process outlives the command: the
tests take the command's whole process tree just before the Ctrl-C and check each of those
processes is gone (or a zombie) once it has exited. The submissions loop for ever under call
timeouts of two minutes, so an interrupted batch that waited for them could not end within the
tests' bounds.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gradekit.gradebook.store import connect
from gradekit.sandbox.layers import descendants_of

SPEC = Path(__file__).parent / "specs" / "pair.yaml"
CORRECT = "def double(t):\n    return 2 * t\n\n\ndef total(t):\n    return t.sum()\n"
LOOP = "    while True:\n        pass\n"
LOOPS = f"def double(t):\n{LOOP}\n\ndef total(t):\n{LOOP}"
CALL_TIMEOUT = 120.0  # seconds per call in the specs below: far beyond every bound here
BOUND = 60.0  # an interrupted batch ends well within this (it used to wait for the runs)


@pytest.fixture
def slow_spec(tmp_path: Path) -> Path:
    """pair.yaml with two-minute call timeouts."""
    spec = tmp_path / "spec" / "pair.yaml"
    spec.parent.mkdir()
    spec.write_text(SPEC.read_text().replace("timeout: 3.0", f"timeout: {CALL_TIMEOUT}"))
    solution = SPEC.parent / "pair_solution.py"
    (spec.parent / "pair_solution.py").write_text(solution.read_text())
    return spec


@pytest.fixture
def looping_class(tmp_path: Path) -> Path:
    """Two correct submissions (graded first: ids sort first) and three that loop for ever."""
    folder = tmp_path / "submissions"
    folder.mkdir()
    for name in ("a0", "a1"):
        (folder / f"{name}.py").write_text(CORRECT)
    for name in ("s0", "s1", "s2"):
        (folder / f"{name}.py").write_text(LOOPS)
    return folder


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie is dead, only not reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(") ", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def _survivors(pids: set[int], within: float = 10.0) -> set[int]:
    """Those of ``pids`` still alive after up to ``within`` seconds (zombies count as gone:
    whoever inherited them reaps them)."""
    deadline = time.monotonic() + within
    left = {pid for pid in pids if _alive(pid)}
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = {pid for pid in left if _alive(pid)}
    return left


def _cleanup(pids: set[int]) -> None:
    """Whatever a failed test left behind is killed, so that it harms nothing else."""
    for pid in pids:
        if _alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _recorded(db: Path) -> int:
    try:
        connection = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.OperationalError:
        return 0
    try:
        return connection.execute("SELECT count(*) FROM submissions").fetchone()[0]
    except sqlite3.OperationalError:
        return 0  # the schema is being created
    finally:
        connection.close()


def _wait_until(condition, what: str, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + 300
    while not condition():
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the batch ended before {what}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def _start_batch(folder: Path, spec: Path, db: Path, *extra: str) -> tuple[subprocess.Popen, Path]:
    """The batch, with a temporary folder of its own (``db``'s folder's ``tmp``), which it
    must leave empty: the zygotes' scratch roots, with the runs' copies of the submissions,
    are made in there."""
    errors = db.parent / "stderr.txt"
    temporary = db.parent / "tmp"
    temporary.mkdir(exist_ok=True)
    with errors.open("w") as stderr:  # a file: the test reads it while the batch runs
        process = subprocess.Popen(
            [sys.executable, "-m", "gradekit", "grade", str(folder), "-a", str(spec)]
            + ["--db", str(db), "--jobs", "1", *extra],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            start_new_session=True,  # its own group, so Ctrl-C can be sent to all of it
            env={**os.environ, "TMPDIR": str(temporary)},
        )
    return process, errors


def _left_in_temporary_folder(db: Path, within: float = 10.0) -> list[str]:
    """What the batch left in its temporary folder (see _start_batch), after up to
    ``within`` seconds for processes still cleaning up."""
    temporary = db.parent / "tmp"
    deadline = time.monotonic() + within
    while any(temporary.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return sorted(str(path.relative_to(temporary)) for path in temporary.rglob("*"))


def _in_flight(process: subprocess.Popen, db: Path) -> set[int]:
    """Wait until the correct submissions are recorded and the looping ones run; the whole
    process tree of the batch at that moment."""
    _wait_until(lambda: _recorded(db) >= 2, "the correct submissions were recorded", process)
    # One worker: itself, its zygote (maybe under bubblewrap), three launchers, three workers.
    _wait_until(lambda: len(descendants_of(process.pid)) >= 8, "the loops run", process)
    time.sleep(0.5)
    return set(descendants_of(process.pid))


def _wait_for_text(path: Path, text: str, process: subprocess.Popen) -> float:
    started = time.monotonic()
    _wait_until(lambda: text in path.read_text(), f"{text!r} on stderr", process)
    return time.monotonic() - started


def test_ctrl_c_cancels_the_runs_in_flight_and_json_says_what_was_recorded(
    looping_class: Path, slow_spec: Path, tmp_path: Path
) -> None:
    db = tmp_path / "book.sqlite"
    process, errors = _start_batch(looping_class, slow_spec, db, "--json")
    tree: set[int] = set()
    try:
        tree = _in_flight(process, db)
        interrupted_at = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)  # what a terminal does on Ctrl-C
        stdout, _ = process.communicate(timeout=BOUND)
        assert time.monotonic() - interrupted_at < BOUND
        assert process.returncode == 130
        stderr = errors.read_text()
        assert "stopping: 3 submission(s) in progress will be discarded" in stderr
        assert "(Ctrl-C again to stop now)" in stderr and "Traceback" not in stderr
        assert "run the same command again" in stderr
        summary = json.loads(stdout)
        assert summary["interrupted"] is True
        assert summary["graded"] == 2 and summary["total"] == 5
        assert sorted(s["student"] for s in summary["students"]) == ["a0", "a1"]
        assert not _survivors(tree), "processes of the batch outlived it"
        assert _left_in_temporary_folder(db) == []
        reader = connect(db, readonly=True)
        students = [row[0] for row in reader.execute("SELECT student FROM submissions")]
        assert sorted(students) == ["a0", "a1"]  # the cancelled ones are simply not there
        status = reader.execute("SELECT status FROM runs").fetchone()[0]
        assert status == "interrupted"
        reader.close()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        _cleanup(tree)


def test_a_second_ctrl_c_stops_everything_at_once(
    looping_class: Path, slow_spec: Path, tmp_path: Path
) -> None:
    db = tmp_path / "book.sqlite"
    process, errors = _start_batch(looping_class, slow_spec, db)
    tree: set[int] = set()
    try:
        tree = _in_flight(process, db)
        os.killpg(process.pid, signal.SIGINT)
        _wait_for_text(errors, "Ctrl-C again to stop now", process)
        os.killpg(process.pid, signal.SIGINT)
        process.communicate(timeout=BOUND)
        assert process.returncode == 130
        stderr = errors.read_text()
        assert "Traceback" not in stderr and "graded in this run" in stderr
        assert not _survivors(tree), "processes of the batch outlived it"
        # Its killed zygotes could not remove their scratch roots, with the students' files.
        assert _left_in_temporary_folder(db) == []
        reader = connect(db, readonly=True)
        assert reader.execute("SELECT count(*) FROM submissions").fetchone()[0] == 2
        assert reader.execute("SELECT status FROM runs").fetchone()[0] == "interrupted"
        reader.close()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        _cleanup(tree)


@pytest.mark.parametrize("to", ["grader", "group"])
def test_sigterm_stops_the_batch_as_ctrl_c_does(
    looping_class: Path, slow_spec: Path, tmp_path: Path, to: str
) -> None:
    """SIGTERM (`kill`, `timeout`, a CI job's cancel; or to the whole group, as a service
    manager sends it) stops the batch as the first Ctrl-C does: runs in flight cancelled,
    the summary of what was recorded, the run `interrupted`, nothing left running; exit code
    143. It used to kill the command on the spot (no summary, the run left `running`) while
    its workers graded on to the runs' deadlines."""
    db = tmp_path / "book.sqlite"
    process, errors = _start_batch(looping_class, slow_spec, db, "--json")
    tree: set[int] = set()
    try:
        tree = _in_flight(process, db)
        if to == "grader":
            process.terminate()
        else:
            os.killpg(process.pid, signal.SIGTERM)
        stdout, _ = process.communicate(timeout=BOUND)
        assert process.returncode == 143
        stderr = errors.read_text()
        assert "stopping: 3 submission(s) in progress will be discarded" in stderr
        assert "Traceback" not in stderr and "run the same command again" in stderr
        summary = json.loads(stdout)
        assert summary["interrupted"] is True and summary["graded"] == 2
        assert summary["grader_errors"] == []
        assert not _survivors(tree), "processes of the batch outlived it"
        reader = connect(db, readonly=True)
        assert reader.execute("SELECT status FROM runs").fetchone()[0] == "interrupted"
        assert reader.execute("SELECT count(*) FROM submissions").fetchone()[0] == 2
        reader.close()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        _cleanup(tree)


def test_a_killed_grader_leaves_no_run_going_on_without_it(
    looping_class: Path, slow_spec: Path, tmp_path: Path
) -> None:
    """SIGKILL of the command alone (the OOM killer, `kill -9`, a CI runner's hard stop): its
    workers see their task channel end and cancel the runs in flight. They used to grade on
    to the runs' deadlines, the student's code running minutes after the command was gone,
    beside the next `gradekit grade` that resumes the batch."""
    db = tmp_path / "book.sqlite"
    process, _ = _start_batch(looping_class, slow_spec, db)
    tree: set[int] = set()
    try:
        tree = _in_flight(process, db)
        process.kill()  # the parent only: its workers, zygote and launchers are orphaned
        process.wait()
        assert not _survivors(tree - {process.pid}, within=20.0), (
            "processes of the batch outlived it"
        )
        assert _left_in_temporary_folder(db) == []
        reader = connect(db, readonly=True)
        assert reader.execute("SELECT count(*) FROM submissions").fetchone()[0] == 2
        reader.close()
    finally:
        _cleanup(tree)


# --------------------------------------------------------------------------------------------
# The pool's two ways to stop, in process
# --------------------------------------------------------------------------------------------


def _pool_in_flight(tmp_path: Path, spec: Path):
    from gradekit.grading.batch import PolicySettings, SubmissionEntry, WorkerPool

    entries = []
    for name in ("s0", "s1", "s2", "s3"):
        path = tmp_path / f"{name}.py"
        path.write_text(LOOPS)
        entries.append((SubmissionEntry(name, path, path), "hash"))
    pool = WorkerPool(spec, "engine", PolicySettings(), jobs=2, slots=2, fork=False)
    stop = threading.Event()
    answers: list = []
    grading = threading.Thread(target=lambda: answers.extend(pool.grade(entries, stop=stop)))
    grading.start()
    # Two workers, each with its zygote, two launchers and two sandboxed workers.
    _wait_until(lambda: pool.in_progress() == 4, "four submissions in flight")
    _wait_until(lambda: len(descendants_of(os.getpid())) >= 12, "the loops run")
    time.sleep(0.5)
    return pool, stop, grading, answers


@pytest.mark.parametrize("how", ["cancel", "kill"])
def test_the_pool_stops_its_runs_in_flight_and_leaves_no_process(
    slow_spec: Path, tmp_path: Path, how: str
) -> None:
    before = set(descendants_of(os.getpid()))
    pool, stop, grading, answers = _pool_in_flight(tmp_path, slow_spec)
    tree = set(descendants_of(os.getpid())) - before
    try:
        stop.set()
        grading.join(timeout=BOUND)
        assert not grading.is_alive() and answers == []  # nothing was graded, nothing yielded
        started = time.monotonic()
        pool.cancel() if how == "cancel" else pool.kill()
        assert time.monotonic() - started < BOUND
        assert all(process.poll() is not None for process in pool.processes)
        assert not _survivors(tree), "processes of the pool outlived it"
        pool.close()  # after cancel() or kill(): nothing left to do, returns at once
    finally:
        pool.kill()
        _cleanup(tree)


def test_interrupt_requests_take_over_sigint_only_from_the_default_handler() -> None:
    from gradekit.grading.batch import _InterruptRequests

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set in the main thread only")
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with _InterruptRequests() as requests:
            os.kill(os.getpid(), signal.SIGINT)
            _wait_until(requests.first.is_set, "the first request")
            assert not requests.again.is_set()
            os.kill(os.getpid(), signal.SIGINT)
            _wait_until(requests.again.is_set, "the second request")
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # e.g. a background job's SIGINT
        with _InterruptRequests() as requests:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.2)
            assert not requests.first.is_set()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_interrupt_requests_take_over_sigterm_from_its_default_and_say_which_came() -> None:
    from gradekit.grading.batch import _InterruptRequests

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set in the main thread only")
    previous = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        with _InterruptRequests() as requests:
            # (else the SIGTERM below would end this very test run)
            assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
            os.kill(os.getpid(), signal.SIGTERM)
            _wait_until(requests.first.is_set, "the first request")
            assert requests.signal == signal.SIGTERM and not requests.again.is_set()
            os.kill(os.getpid(), signal.SIGTERM)
            _wait_until(requests.again.is_set, "the second request")
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    finally:
        signal.signal(signal.SIGTERM, previous)
