"""Throughput mechanisms of `gradekit grade` that change nothing but the cost.

* several submissions in flight per worker (``slots``): the same gradebook rows as one at a
  time, sleeping submissions overlap, and a dead worker still fails what it had in flight;
* calls preloaded by the zygote: a launcher that takes its calls from the zygote reports what
  a launcher sent them inline reports, and refuses a digest it does not hold;
* begin events recognised by their exact bytes decode like any frame; remembered dtype names
  are numpy's;
* workers forked from the parent answer exactly like spawned ones, are spawned instead while
  another thread runs, never write to the parent's stdout, and do not outlive a killed grader.
"""

from __future__ import annotations

import os
import textwrap
import threading
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from batch_rows import SOLUTION, connect, stable_rows, submission_rows, write_class
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.grading.batch import PolicySettings, SubmissionEntry, WorkerPool, grade_batch
from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import ArgSpec, Call, encode_calls
from gradekit.sandbox.warm import Zygote, ZygoteLaunch, run_submission_warm

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "exercises" / "tensor-indexing.yaml"
POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)


def _rows(db: Path) -> dict[str, tuple]:
    """Every stored row of every submission, without ids, times and durations."""
    connection = connect(db)
    found = submission_rows(connection)
    connection.close()
    return found


def test_several_submissions_per_worker_store_exactly_what_one_at_a_time_stores(
    tmp_path: Path,
) -> None:
    folder = write_class(tmp_path, copies=2, sleepy=True)
    one = grade_batch(folder, SPEC, db_path=tmp_path / "one.sqlite", jobs=1, slots=1)
    many = grade_batch(folder, SPEC, db_path=tmp_path / "many.sqlite", jobs=2, slots=4)
    assert one.graded == many.graded == 10 and not one.grader_errors
    assert (one.passed, one.failed, one.errored) == (many.passed, many.failed, many.errored)
    first, second = _rows(tmp_path / "one.sqlite"), _rows(tmp_path / "many.sqlite")
    assert sorted(first) == sorted(second)
    for student in first:
        assert first[student] == second[student], student


def test_sleeping_submissions_of_one_worker_overlap(tmp_path: Path) -> None:
    """Four submissions that each sleep ~0.3 s, graded by one worker with four slots: each
    prints the clock when it is imported and after its last sleep, and some two of these
    intervals must overlap (observed from their output, not timed)."""
    sleepy = SOLUTION.read_text().replace(
        "return t[::2]\n",
        "import time\n    time.sleep(0.05)\n    print('end', time.time())\n    return t[::2]\n",
        1,
    )
    entries = []
    for index in range(4):
        path = tmp_path / f"sleepy{index}.py"
        path.write_text(f"import time\nprint('start', time.time())\n{sleepy}")
        entries.append((SubmissionEntry(f"sleepy{index}", path, path), "hash"))
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=1, slots=4) as pool:
        answers = list(pool.grade(entries))
    assert all(a.rows is not None for a in answers)
    intervals = []
    for answer in answers:
        stamps = [line.split() for line in answer.outline["stdout"].splitlines()]
        starts = [float(t) for word, t in stamps if word == "start"]
        ends = [float(t) for word, t in stamps if word == "end"]
        intervals.append((min(starts), max(ends)))
    intervals.sort()
    overlapping = any(later[0] < earlier[1] for earlier, later in pairwise(intervals))
    assert overlapping, f"the worker graded its sleeping submissions one by one: {intervals}"


def test_a_worker_killed_with_submissions_in_flight_fails_them_and_the_rest_is_graded(
    tmp_path: Path,
) -> None:
    sleepy = SOLUTION.read_text().replace(
        "return t[::2]\n", "import time\n    time.sleep(0.3)\n    return t[::2]\n", 1
    )
    entries = []
    for index in range(6):
        path = tmp_path / f"s{index}.py"
        path.write_text(f"# {index}\n{sleepy}")
        entries.append((SubmissionEntry(f"s{index}", path, path), "hash"))
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=2, slots=2) as pool:
        answers = []
        results = pool.grade(entries)
        answers.append(next(results))  # grading is under way on both workers
        pool.processes[0].kill()
        rest = threading.Thread(target=lambda: answers.extend(results))
        rest.start()
        rest.join(timeout=120)
    assert not rest.is_alive(), "grading hung after a worker died"
    assert sorted(a.entry.student for a in answers) == [f"s{i}" for i in range(6)]
    graded = [a for a in answers if a.rows is not None]
    lost = [a for a in answers if a.rows is None]
    assert graded, "the surviving worker graded nothing"
    assert all("worker process died" in a.error for a in lost)


# -- calls preloaded by the zygote ------------------------------------------------------------

X = ArgSpec.tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
CALLS = [
    Call("double", "double", args={"x": X}),
    Call("rows", "rows", args={"x": X}),
    Call("boom", "boom", args={}),
]
SOURCE = """
    def double(x):
        return x * 2

    def rows(x):
        print("rows")
        return x[::2]

    def boom():
        raise ValueError("no")
"""


class InlineLaunch(ZygoteLaunch):
    """The zygote's launch without preloading: the calls travel on the config pipe."""

    def preload_calls(self, encoded_calls: bytes) -> None:
        return None


def _picture(outcome) -> dict:
    return {
        call_id: (
            call.status,
            None if call.value is None else (call.value.dtype, call.value.shape),
            None if call.value is None or call.value.data is None else call.value.data.tolist(),
            call.stdout,
            None if call.exception is None else (call.exception.type, call.exception.message),
        )
        for call_id, call in outcome.calls.items()
    } | {"isolation": outcome.isolation, "stdout": outcome.stdout}


def test_preloaded_calls_give_the_outcome_of_calls_sent_inline(tmp_path: Path) -> None:
    from gradekit.sandbox.runner import run_submission

    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(SOURCE))
    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as zygote:
        preloaded = run_submission_warm(path, CALLS, zygote=zygote, policy=POLICY)
        assert zygote._preloaded, "the zygote was not asked to preload the calls"
        inline = run_submission(
            path, CALLS, backend="engine", policy=POLICY, launch=InlineLaunch(zygote)
        )
        again = run_submission_warm(path, CALLS, zygote=zygote, policy=POLICY)
    assert _picture(preloaded) == _picture(inline) == _picture(again)
    assert preloaded.calls["double"].value.data.tolist() == [[0, 2, 4], [6, 8, 10]]
    assert preloaded.calls["boom"].status == "raised"


def test_a_launcher_refuses_calls_it_was_not_given(tmp_path: Path) -> None:
    """A configuration naming a digest the zygote never preloaded stops the launcher: the
    run fails with the reason instead of running other calls."""
    from gradekit.sandbox.runner import run_submission

    class WrongDigest(ZygoteLaunch):
        def preload_calls(self, encoded_calls: bytes) -> str:
            return "0" * 64

    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(SOURCE))
    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as zygote:
        outcome = run_submission(
            path, CALLS, backend="engine", policy=POLICY, launch=WrongDigest(zygote)
        )
    assert all(call.status != "ok" for call in outcome.calls.values())
    assert "does not hold" in (outcome.failure or "")


def test_a_zygote_refuses_a_preload_that_is_not_one_calls_frame() -> None:
    from gradekit.sandbox.warm import WarmWorkerError

    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as zygote:
        with pytest.raises(WarmWorkerError):
            zygote.preload_calls(encode_calls(CALLS) * 2)


@pytest.mark.parametrize("name", ["", "0" * 63, "A" * 64, "g" * 64, "../" + "0" * 61])
def test_a_zygote_refuses_a_preload_not_named_by_a_sha256(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The grader names the calls by their sha256 (the zygote does not hash them again): a
    name that is not 64 lowercase hex digits is refused, and the zygote stops."""
    from gradekit.sandbox import warm
    from gradekit.sandbox.warm import WarmWorkerError

    class Named:
        def __init__(self, data: bytes) -> None:
            pass

        def hexdigest(self) -> str:
            return name

    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as zygote:
        monkeypatch.setattr(warm.hashlib, "sha256", Named)
        with pytest.raises(WarmWorkerError):
            zygote.preload_calls(encode_calls(CALLS))
        monkeypatch.undo()
        deadline = time.monotonic() + 10
        while zygote.alive and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not zygote.alive


def test_preloading_the_same_calls_twice_costs_only_the_digest() -> None:
    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as zygote:
        encoded = encode_calls(CALLS)
        first = zygote.preload_calls(encoded)
        assert zygote.preload_calls(encoded) == first
        assert zygote._preloaded == [first]
        launch = ZygoteLaunch(zygote)
        assert launch.preload_calls(encoded) == first


# -- begin events known by their bytes; dtype names ----------------------------------------


@settings(max_examples=60, deadline=None)
@given(call_id=st.text(max_size=40), encoded_here=st.booleans())
def test_a_known_begin_frame_decodes_like_any_frame(call_id: str, encoded_here: bool) -> None:
    from gradekit.sandbox.protocol import (
        decode_event,
        decode_event_bytes,
        decode_frame,
        encode_begin_event,
        encode_frame,
    )

    raw = (
        encode_begin_event(call_id)
        if encoded_here
        else encode_frame({"event": "begin", "call_id": call_id})
    )
    assert decode_event_bytes(raw) == decode_event(decode_frame(raw))


def test_frames_that_are_not_known_begin_events_are_fully_checked() -> None:
    from gradekit.sandbox.protocol import (
        CallOutcome,
        ProtocolError,
        decode_event_bytes,
        encode_begin_event,
        encode_frame,
        encode_outcome_event,
    )

    encode_begin_event("c1")
    # Same event, other bytes (spacing, an extra key): decoded and validated as usual.
    spaced = encode_frame({"call_id": "c1", "event": "begin"})
    assert decode_event_bytes(spaced) == {"event": "begin", "call_id": "c1"}
    with pytest.raises(ProtocolError):
        decode_event_bytes(encode_frame({"event": "begin", "call_id": "c1", "extra": 1}))
    with pytest.raises(ProtocolError):
        decode_event_bytes(encode_begin_event("c1")[:-1])
    outcome = decode_event_bytes(encode_outcome_event("c1", CallOutcome("ok")))
    assert outcome["event"] == "outcome" and outcome["outcome"].status == "ok"


@settings(max_examples=40, deadline=None)
@given(
    dtype=st.sampled_from(
        ["bool", "int8", "uint8", "int32", "int64", "float16", "float32", "float64", "complex64"]
    ),
    shape=st.lists(st.integers(0, 4), max_size=3),
    big_endian=st.booleans(),
)
def test_remembered_dtype_names_are_numpys(dtype: str, shape: list[int], big_endian: bool) -> None:
    from gradekit.sandbox.protocol import decode_frame, dtype_name, encode_frame

    kind = np.dtype(dtype).newbyteorder(">") if big_endian else np.dtype(dtype)
    array = np.zeros(shape, dtype=kind)
    assert dtype_name(array.dtype) == array.dtype.name
    decoded = decode_frame(encode_frame({"a": 0}, [array])).arrays[0]
    assert decoded.dtype.name == array.dtype.name and decoded.shape == array.shape


# -- workers forked from the parent ------------------------------------------------------------


def _records(pool: WorkerPool, entries: list) -> dict[str, Any]:
    """Each student's rows, without what changes from run to run (durations)."""
    return {
        answer.entry.student: stable_rows(answer.rows) if answer.rows else answer.error
        for answer in pool.grade(entries)
    }


def test_forked_workers_answer_exactly_like_spawned_ones(tmp_path: Path) -> None:
    folder = write_class(tmp_path, copies=2, sleepy=True)
    entries = [
        (SubmissionEntry(path.stem, path, path), "hash") for path in sorted(folder.iterdir())
    ]
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=2, slots=2, fork=True) as pool:
        assert pool.forked
        forked, forked_expected = _records(pool, entries), pool.expected
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=2, slots=2, fork=False) as pool:
        assert not pool.forked
        spawned, spawned_expected = _records(pool, entries), pool.expected
    assert forked_expected == spawned_expected
    assert sorted(forked) == sorted(spawned) and len(forked) == 10
    for student in forked:
        assert forked[student] == spawned[student], student


def test_workers_are_spawned_while_another_thread_runs() -> None:
    """Forking a process with another thread could copy a lock that thread holds."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        with WorkerPool(SPEC, "engine", PolicySettings(), jobs=1) as pool:
            assert not pool.forked
    finally:
        stop.set()
        other.join()
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=1) as pool:
        assert pool.forked


def test_a_forked_worker_never_writes_to_the_parents_stdout(tmp_path: Path) -> None:
    """The parent's stdout may be the --json summary: a submission's prints and the
    workers' own messages must not reach it."""
    import subprocess
    import sys

    noisy = tmp_path / "class"
    noisy.mkdir()
    (noisy / "loud.py").write_text("print('LOUD ' * 10)\n" + SOLUTION.read_text())
    result = subprocess.run(
        [sys.executable, "-m", "gradekit", "grade", str(noisy), "--assignment", str(SPEC),
         "--db", str(tmp_path / "book.sqlite"), "--json"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    import json

    assert json.loads(result.stdout)["graded"] == 1
    assert "LOUD" not in result.stdout


def _processes_mentioning(text: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if text.encode() in handle.read():
                        found.append(int(entry))
            except OSError:
                pass
    return found


def test_forked_workers_do_not_outlive_a_killed_grader(tmp_path: Path) -> None:
    """SIGKILL of `gradekit grade` mid-batch: its forked workers (same command line) see
    their task pipe close, finish what they had and exit."""
    import signal
    import subprocess
    import sys

    folder = tmp_path / "killed-class"
    folder.mkdir()
    sleepy = SOLUTION.read_text().replace(
        "return t[::2]\n", "import time\n    time.sleep(0.2)\n    return t[::2]\n", 1
    )
    for index in range(8):
        (folder / f"s{index}.py").write_text(f"# {index}\n{sleepy}")
    process = subprocess.Popen(
        [sys.executable, "-m", "gradekit", "grade", str(folder), "--assignment", str(SPEC),
         "--db", str(tmp_path / "book.sqlite"), "--jobs", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while len(_processes_mentioning(str(folder))) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)  # the grader and its two forked workers
    assert len(_processes_mentioning(str(folder))) >= 3, "the workers never started"
    time.sleep(0.5)  # grading under way
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 60
    while _processes_mentioning(str(folder)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _processes_mentioning(str(folder)), "a forked worker outlived its grader"


def test_a_forked_workers_wait_takes_a_pidfd_numbered_past_1024() -> None:
    """A caller of grade_batch holding a thousand files open gets a pidfd numbered past 1024,
    which select() refuses (ValueError): the wait still gives the exit code."""
    import resource

    from gradekit.grading.batch import _ForkedProcess

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip(f"this machine allows {hard} open files; the test needs 1200")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        task_r, task_w = os.pipe()
        answer_r, answer_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            time.sleep(0.1)
            os._exit(3)
        os.close(task_r)
        os.close(answer_w)
        process = _ForkedProcess(pid, task_w, answer_r)
        assert process.wait(timeout=10) == 3
        process.stdin.close()
        process.stdout.close()
    finally:
        for descriptor in held:
            os.close(descriptor)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_forked_workers_wait_ends_with_it_and_times_out_while_it_runs() -> None:
    """_ForkedProcess.wait (woken by a pidfd) gives the exit code as soon as the worker
    exits, raises TimeoutExpired while it runs, as the polling wait does (and as
    subprocess.Popen.wait does for spawned workers)."""
    import subprocess

    from gradekit.grading.batch import _ForkedProcess

    for code, lifetime in ((0, 0.0), (3, 0.05), (70, 0.2)):
        task_r, task_w = os.pipe()
        answer_r, answer_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            time.sleep(lifetime)
            os._exit(code)
        os.close(task_r)
        os.close(answer_w)
        process = _ForkedProcess(pid, task_w, answer_r)
        if lifetime > 0.1:
            with pytest.raises(subprocess.TimeoutExpired):
                process.wait(timeout=0.02)
        started = time.monotonic()
        assert process.wait(timeout=10) == code
        assert time.monotonic() - started < lifetime + 0.5
        assert process.wait() == code and process.poll() == code  # reaped once, remembered
        process.stdin.close()
        process.stdout.close()
