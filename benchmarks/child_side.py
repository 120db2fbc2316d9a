"""CPU of the sandboxed child's side of a run, per submission: load + calls + observation +
encoding + writing frames (issues #3 and #5).

Every assignment of ``examples/student`` is run from gradekit's own compiled plan, on the
engine backend, the way a sandboxed worker runs it, minus the isolation layers:

* *in process* — the worker's loop (``child.stream_calls`` when this gradekit has it, else the
  same loop spelled out with the public functions it calls), writing its frames to /dev/null,
  repeated ``--reps`` times; prints the median CPU per submission and where it goes: loading
  the submission, the calls themselves with their observation, encoding the frames;
* *forked worker* — ``child.run_worker`` in a forked process with no layers, writing to a pipe
  this process drains; prints the median CPU the worker used (from ``wait4``), which includes
  what a fork costs the child;
* ``--callgrind`` — instruction counts of the in-process run under valgrind: the difference
  between a run with ``1 + K`` repetitions and one with 1, divided by ``K``, so start-up and
  imports cancel out (instruction counts do not depend on machine load).

``--digest`` prints a sha256 of every frame a run streams, with the durations zeroed: two
versions of gradekit that observe and encode the same results print the same digests.

To compare with an older gradekit, run this file with an interpreter that imports it (see
benchmarks/grade.py's ``--compare-python`` for a way to set one up), side by side.

``--warm-path`` times whole runs through a warm zygote instead (the grader's supervising thread,
the zygote, and its launchers with their sandboxed workers, all per submission), with a plain
zygote, one warmed up with the calls (``Zygote.warm_up``) and one warmed up whose one launcher
serves every run (``PersistentLaunch``, as a batch's grading slot) side by side, interleaved.

``--kinds N`` forks tensor-indexing workers for N submissions of each kind of
benchmarks/grade.py's mix (correct, wrong, slow, syntax, import, raises), kinds interleaved,
from this process prepared as a warm zygote is (the warm-up with the engine tour, a
collection, ``gc.freeze``), and prints each kind's median CPU and minor faults (``wait4``);
with ``--callgrind`` also the median instructions of each kind's workers, each counted from
its first step after the fork to its exit (one repetition under valgrind).

``--kinds N --warm-path`` runs them whole instead, through one warmed-up zygote and a slot's
persistent launcher: the grader thread's CPU, the launcher's with its worker's and their
minor faults, per kind.

    python benchmarks/child_side.py [--reps 30] [--digest] [--callgrind [--callgrind-reps 5]]
                                    [--warm-path] [--kinds N]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENTS = {
    "tensor-indexing": ("examples/student/exercise.py", "exercises/tensor-indexing.yaml"),
    "autograd": ("examples/student/autograd_exercises.py", "exercises/autograd.yaml"),
}
LOAD_TIMEOUT = 10.0


def compiled_calls(spec: str) -> list[Any]:
    from gradekit.grading.plan_cache import load_compiled

    return [call for plan in load_compiled(ROOT / spec).plans for call in plan.calls]


def engine_view() -> Any:
    from gradekit.sandbox.child import import_backend
    from gradekit.sandbox.executor import BackendView

    return BackendView(import_backend("engine"))


def worker_config(submission: str) -> dict[str, Any]:
    """What the runner sends a launcher, with no isolation layers (they are not measured)."""
    return {
        "backend": "engine",
        "submission": str(ROOT / submission),
        "display_name": Path(submission).name,
        "layers": [],
        "subreaper": False,
        "required_layers": [],
        "limits": {
            "cpu_seconds": 60,
            "memory_bytes": 2 * 1024**3,
            "file_size_bytes": 64 * 1024**2,
            "open_files": 256,
            "extra_processes": 64,
        },
        "read_paths": [],
        "write_paths": [],
        "load_timeout": LOAD_TIMEOUT,
    }


def stream_in_process(
    config: dict[str, Any],
    calls: list[Any],
    view: Any,
    fd: int,
    split: dict[str, float] | None = None,
) -> None:
    """The worker's part after its layers: load, run and stream every call to ``fd``.

    ``split``, when given, gets the CPU seconds of each part added (the spelled-out loop of an
    older gradekit times its parts; ``stream_calls`` is timed as a whole). Without it nothing
    is timed, so instruction counts compare the same work.
    """
    from gradekit.sandbox import child

    stream_calls = getattr(child, "stream_calls", None)
    if stream_calls is not None:
        started = time.process_time() if split is not None else 0.0
        stream_calls(config, calls, view, fd)
        if split is not None:
            split["whole"] = split.get("whole", 0.0) + time.process_time() - started
        return
    # The loop of run_worker before stream_calls existed, with the same calls.
    from gradekit.sandbox.executor import execute_call, load_submission, time_limit
    from gradekit.sandbox.protocol import (
        encode_begin_event,
        encode_loaded_event,
        encode_outcome_event,
    )

    clock = time.process_time if split is not None else float  # float() is 0.0: no timing
    split = split if split is not None else {}
    started = clock()
    with time_limit(config["load_timeout"]):
        namespace, error = load_submission(
            Path(config["submission"]), display_name=config["display_name"]
        )
    loaded = clock()
    split["load"] = split.get("load", 0.0) + loaded - started
    pending = encode_loaded_event(error)
    for call in calls:
        before_call = clock()
        child._write_all(fd, pending + encode_begin_event(call.call_id))
        outcome = execute_call(
            namespace,
            call,
            view,
            student_file=config["submission"],
            display_name=config["display_name"],
            enforce_timeout=True,
            echo_output=True,
        )
        called = clock()
        pending = encode_outcome_event(call.call_id, outcome)
        encoded = clock()
        split["calls"] = split.get("calls", 0.0) + called - before_call
        split["encode+write"] = split.get("encode+write", 0.0) + encoded - called
    child._write_all(fd, pending)


def run_in_process(name: str, reps: int, *, timed: bool = True) -> dict[str, float]:
    """Median CPU seconds per submission, and the mean split of the parts (nothing is timed
    when ``timed`` is false: the run under callgrind)."""
    submission, spec = ASSIGNMENTS[name]
    calls, view, config = compiled_calls(spec), engine_view(), worker_config(submission)
    sink = os.open(os.devnull, os.O_WRONLY)
    totals: list[float] = []
    split: dict[str, float] | None = {} if timed else None
    try:
        for _ in range(reps):
            started = time.process_time()
            stream_in_process(config, calls, view, sink, split)
            totals.append(time.process_time() - started)
    finally:
        os.close(sink)
    if split is None:
        return {}
    result = {"median": statistics.median(totals)}
    result.update({part: seconds / reps for part, seconds in split.items()})
    return result


def run_forked(name: str, reps: int) -> float:
    """Median CPU seconds of a forked ``run_worker`` (no layers), from ``wait4``."""
    submission, spec = ASSIGNMENTS[name]
    calls, view, config = compiled_calls(spec), engine_view(), worker_config(submission)
    samples = []
    for _ in range(reps):
        usage = fork_worker(config, calls, view)[1]
        samples.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(samples)


def fork_worker(
    config: dict[str, Any], calls: list[Any], view: Any, first: Any = None
) -> tuple[int, Any]:
    """Fork ``child.run_worker`` (no layers), drain its frames and reap it; its pid and
    resource usage (``wait4``). ``first()``, when given, is the worker's first step."""
    from gradekit.sandbox import child

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        if first is not None:
            first()
        child.run_worker(config, calls, view, write_end)  # never returns
    os.close(write_end)
    while os.read(read_end, 1 << 16):
        pass
    os.close(read_end)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the forked worker failed on {config['submission']}: status {status}")
    return pid, usage


def frames_digest(name: str) -> tuple[str, int]:
    """sha256 of the frames one run streams, durations zeroed; and how many frames."""
    from gradekit.sandbox.protocol import FrameStream

    submission, spec = ASSIGNMENTS[name]
    calls, view, config = compiled_calls(spec), engine_view(), worker_config(submission)
    with tempfile.TemporaryFile() as sink:
        stream_in_process(config, calls, view, sink.fileno())
        sink.seek(0)
        frames = FrameStream(max_frame_bytes=1 << 30).feed(sink.read())
    digest = hashlib.sha256()
    for frame in frames:
        body = frame.body
        if isinstance(body, dict) and body.get("event") == "outcome":
            body = {**body, "outcome": {**body["outcome"], "duration": 0.0}}
        digest.update(json.dumps(body, sort_keys=True).encode())
        for array in frame.arrays:
            digest.update(f"{array.dtype.str}{array.shape}".encode() + array.tobytes())
    return digest.hexdigest(), len(frames)


def _stat_numbers(pid: int, first: int, last: int) -> list[int]:
    """Fields ``first`` to ``last`` of /proc/PID/stat, counted from its state (the command
    name may contain spaces and parentheses: parsed after the last ')')."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return [int(field) for field in stat[stat.rindex(")") + 2 :].split()[first : last + 1]]


def zygote_cpu(pid: int) -> tuple[float, float]:
    """``(own, reaped children)`` CPU seconds of process ``pid``, from /proc (clock ticks)."""
    utime, stime, cutime, cstime = _stat_numbers(pid, 11, 14)
    tick = os.sysconf("SC_CLK_TCK")
    return (utime + stime) / tick, (cutime + cstime) / tick


def minor_faults(pid: int) -> tuple[int, int]:
    """``(own, reaped children)`` minor page faults of process ``pid``, from /proc."""
    own, children = _stat_numbers(pid, 7, 8)
    return own, children


def run_warm_path(name: str, reps: int) -> None:
    """The whole warm path, per submission: a plain zygote, one warmed up with the calls
    (``Zygote.warm_up``, when this gradekit has it) and one warmed up whose launcher serves
    every run (``PersistentLaunch``, when this gradekit has it), each running the example
    submission ``reps`` times, interleaved. Prints the grader thread's CPU, the zygote's own
    and its launchers' with their workers (and their minor page faults), all per submission:
    a launcher's are read from /proc once the zygote has reaped it, or while it lives (its own
    and its reaped workers')."""
    from gradekit.sandbox import warm
    from gradekit.sandbox.policy import SandboxPolicy
    from gradekit.sandbox.runner import encoded_calls

    submission, spec = ASSIGNMENTS[name]
    calls = compiled_calls(spec)
    # No bubblewrap: the zygote is then the process /proc is read for (not bwrap's child).
    policy = SandboxPolicy(disabled_layers=frozenset({"bubblewrap"}))
    kinds = ["plain"]
    if hasattr(warm.Zygote, "warm_up"):
        kinds.append("warmed up")
        if hasattr(warm, "PersistentLaunch"):
            kinds.append("persistent")
    zygotes = {kind: warm.Zygote("engine") for kind in kinds}
    launches: dict[str, Any] = {"persistent": None}
    try:
        for kind, zygote in zygotes.items():
            if kind != "plain":
                zygote.warm_up(encoded_calls(calls))
            if kind == "persistent":
                launches[kind] = warm.PersistentLaunch(zygote)

        def launchers_usage(kind: str) -> tuple[float, int]:
            """CPU seconds and minor page faults of the zygote's reaped children and of the
            slot's live launcher (its own and its reaped workers')."""
            zygote_pid = zygotes[kind].process.pid
            seconds, faults = zygote_cpu(zygote_pid)[1], minor_faults(zygote_pid)[1]
            launcher = getattr(launches.get(kind), "_launcher", None)
            if launcher is not None and launcher.pid is not None and not launcher.retired:
                seconds += sum(zygote_cpu(launcher.pid))
                faults += sum(minor_faults(launcher.pid))
            return seconds, faults

        spent = {kind: [0.0, 0.0, 0.0, 0.0] for kind in zygotes}
        for repetition in range(reps + 1):
            for kind, zygote in zygotes.items():
                own, (children, faults) = zygote_cpu(zygote.process.pid)[0], launchers_usage(kind)
                started = time.thread_time()
                options = {"launch": launches[kind]} if launches.get(kind) else {}
                warm.run_submission_warm(
                    ROOT / submission, calls, zygote=zygote, policy=policy, **options
                )
                grader = time.thread_time() - started
                time.sleep(0.6)  # the zygote reaps its launcher within 0.5 s
                own_after = zygote_cpu(zygote.process.pid)[0]
                children_after, faults_after = launchers_usage(kind)
                if repetition:  # the first run of each warms the grader's caches: not counted
                    for index, amount in enumerate(
                        (grader, own_after - own, children_after - children, faults_after - faults)
                    ):
                        spent[kind][index] += amount
        for kind, (grader, own, children, faults) in spent.items():
            print(f"{name:<16} {kind:<10} grader {grader * 1000 / reps:6.2f} ms   zygote "
                  f"{own * 1000 / reps:5.2f} ms   launcher + worker "
                  f"{children * 1000 / reps:6.2f} ms CPU, {faults / reps:5.0f} minor faults "
                  "per submission")  # fmt: skip
    finally:
        if launches["persistent"] is not None:
            launches["persistent"].close()
        for zygote in zygotes.values():
            zygote.close()


def kind_submissions(folder: Path, per_kind: int) -> dict[str, list[Path]]:
    """Up to ``per_kind`` submissions of each kind of benchmarks/grade.py's mix (correct,
    wrong, slow, syntax, import, raises), written into ``folder``."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import grade as grade_benchmark

    grade_benchmark.generate(folder, 40 * per_kind)  # syntax errors: 6 %, the rarest kind
    by_kind: dict[str, list[Path]] = {}
    for path in sorted(folder.iterdir()):
        paths = by_kind.setdefault(grade_benchmark.detailed_kind(path.read_text()), [])
        if len(paths) < per_kind:
            paths.append(path)
    return by_kind


def fork_workers_by_kind(per_kind: int, reps: int, dump: Any = None) -> list[dict[str, Any]]:
    """Fork ``child.run_worker`` (no layers) for each of ``per_kind`` tensor-indexing
    submissions of each kind, ``reps`` times, kinds interleaved, from this process prepared as
    a warm zygote is (``child.warm_up`` with the engine tour, a collection, ``gc.freeze``).
    Returns one record per worker: its kind, pid, CPU seconds and minor faults (``wait4``).
    ``dump``, under callgrind, is called first thing in each worker, so the counters the
    worker dumps at its exit are its own."""
    import gc

    from gradekit.sandbox import child

    calls, view = compiled_calls(ASSIGNMENTS["tensor-indexing"][1]), engine_view()
    with tempfile.TemporaryDirectory(dir="/var/tmp") as scratch:
        child.warm_up(calls, view, scratch)
        by_kind = kind_submissions(Path(scratch), per_kind)
        gc.collect()
        gc.freeze()
        records = []
        for repetition in range(reps):
            for index in range(per_kind):
                for kind, paths in by_kind.items():
                    if index >= len(paths):
                        continue
                    config = worker_config(str(paths[index]))
                    first = None if dump is None else lambda: dump(b"worker")
                    pid, usage = fork_worker(config, calls, view, first)
                    records.append({
                        "kind": kind, "pid": pid, "repetition": repetition,
                        "cpu": usage.ru_utime + usage.ru_stime, "faults": usage.ru_minflt,
                    })  # fmt: skip
        return records


def print_workers_by_kind(per_kind: int, reps: int, instructions: bool) -> None:
    """Per kind of submission: the forked workers' median CPU and minor faults (the first
    repetition left out: it fills the harness's own caches), and with ``instructions`` the
    median instructions of each kind's workers under callgrind (one repetition)."""
    records = fork_workers_by_kind(per_kind, reps + 1)
    counted: dict[str, dict[str, list[float]]] = {}
    for record in records:
        if record["repetition"]:
            kind = counted.setdefault(record["kind"], {"cpu": [], "faults": []})
            kind["cpu"].append(record["cpu"])
            kind["faults"].append(record["faults"])
    counts = callgrind_workers_by_kind(per_kind) if instructions else {}
    print(f"tensor-indexing forked worker per kind of submission ({per_kind} each, {reps} reps):")
    for kind, values in counted.items():
        found = counts.get(kind)
        text = f"   {statistics.median(found) / 1e6:6.2f} M instructions" if found else ""
        print(f"  {kind:<8} {statistics.median(values['cpu']) * 1000:6.2f} ms CPU "
              f"{statistics.median(values['faults']):6.0f} minor faults{text}")  # fmt: skip


def callgrind_workers_by_kind(per_kind: int) -> dict[str, list[int]]:
    """Instructions of each forked worker, by kind of submission, under callgrind."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from grader_side import compile_dump_helper

    with tempfile.TemporaryDirectory() as scratch:
        helper = compile_dump_helper(scratch)
        completed = subprocess.run(
            [
                "valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/cg.%p",
                "--dump-instr=no", sys.executable, __file__, "--kinds-run", helper,
                str(per_kind), f"{scratch}/workers.json",
            ],
            capture_output=True, text=True, cwd=ROOT, env=CALLGRIND_ENVIRONMENT,
        )  # fmt: skip
        if completed.returncode != 0:
            raise SystemExit(f"valgrind failed:\n{completed.stderr[-3000:]}")
        counts: dict[str, list[int]] = {}
        for record in json.loads(Path(scratch, "workers.json").read_text()):
            # The worker's counters since its dump(), written when it exited.
            text = Path(scratch, f"cg.{record['pid']}").read_text(errors="replace")
            found = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
            if found is None:
                raise SystemExit(f"no totals for the worker {record}")
            counts.setdefault(record["kind"], []).append(int(found[1]))
        return counts


def run_warm_path_by_kind(per_kind: int, reps: int) -> None:
    """Whole warm runs of ``per_kind`` tensor-indexing submissions of each kind, kinds
    interleaved, through one warmed-up zygote and a slot's persistent launcher, as a batch runs
    them (without bubblewrap: the zygote is then the process /proc is read for). Prints per
    kind the median CPU of the grader thread, the mean CPU of the launcher with its worker
    (the launcher's own and its reaped children's, from /proc: in clock ticks, so only a mean
    over many runs means anything) and their median minor faults; the first repetition is
    not counted."""
    from gradekit.sandbox import warm
    from gradekit.sandbox.policy import SandboxPolicy
    from gradekit.sandbox.runner import encoded_calls

    calls = compiled_calls(ASSIGNMENTS["tensor-indexing"][1])
    policy = SandboxPolicy(disabled_layers=frozenset({"bubblewrap"}))
    zygote = warm.Zygote("engine")
    launch = None
    samples: dict[str, list[tuple[float, float, int]]] = {}
    try:
        zygote.warm_up(encoded_calls(calls))
        launch = warm.PersistentLaunch(zygote)

        def launcher_usage() -> tuple[int | None, float, int]:
            launcher = launch._launcher
            if launcher is None or launcher.pid is None or launcher.retired:
                return None, 0.0, 0
            return launcher.pid, sum(zygote_cpu(launcher.pid)), sum(minor_faults(launcher.pid))

        with tempfile.TemporaryDirectory(dir="/var/tmp") as folder:
            by_kind = kind_submissions(Path(folder), per_kind)
            for repetition in range(reps + 1):
                for index in range(per_kind):
                    for kind, paths in by_kind.items():
                        if index >= len(paths):
                            continue
                        pid, seconds, faults = launcher_usage()
                        started = time.thread_time()
                        warm.run_submission_warm(
                            paths[index], calls, zygote=zygote, policy=policy, launch=launch
                        )
                        grader = time.thread_time() - started
                        pid_after, seconds_after, faults_after = launcher_usage()
                        # Counted only when one launcher served the run from start to end.
                        if repetition and pid is not None and pid_after == pid:
                            samples.setdefault(kind, []).append(
                                (grader, seconds_after - seconds, faults_after - faults)
                            )
    finally:
        if launch is not None:
            launch.close()
        zygote.close()
    print(f"tensor-indexing warm runs per kind of submission ({per_kind} each, {reps} reps):")
    for kind, runs in samples.items():
        grader = statistics.median(run[0] for run in runs)
        launcher = statistics.mean(run[1] for run in runs)
        faults = statistics.median(run[2] for run in runs)
        print(f"  {kind:<8} grader {grader * 1000:6.2f} ms   launcher + worker "
              f"{launcher * 1000:6.2f} ms CPU, {faults:5.0f} minor faults "
              f"({len(runs)} runs)")  # fmt: skip


# Fixed string hashes and no BLAS threads spinning beside the run: the same instructions in
# every run (with random hashes, dictionaries probe differently from one run to the next).
CALLGRIND_ENVIRONMENT = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}


def callgrind_instructions(name: str, reps: int) -> int:
    """Instructions per repetition of the in-process run, under valgrind's callgrind."""

    def instructions(count: int) -> int:
        with tempfile.TemporaryDirectory() as scratch:
            completed = subprocess.run(
                [
                    "valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out",
                    sys.executable, __file__, "--quiet-run", name, str(count),
                ],
                capture_output=True, text=True, cwd=ROOT, env=CALLGRIND_ENVIRONMENT,
            )  # fmt: skip
            found = re.search(r"Collected : (\d+)", completed.stderr)
            if completed.returncode != 0 or found is None:
                raise SystemExit(f"valgrind failed on {name}:\n{completed.stderr[-2000:]}")
            return int(found.group(1))

    return (instructions(1 + reps) - instructions(1)) // reps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=30, help="repetitions (medians printed)")
    parser.add_argument("--digest", action="store_true", help="print the frames' digests")
    parser.add_argument("--callgrind", action="store_true", help="count instructions")
    parser.add_argument("--callgrind-reps", type=int, default=5)
    parser.add_argument(
        "--warm-path",
        action="store_true",
        help="time whole warm runs (grader, zygote, launcher + worker), warmed-up zygote or not",
    )
    parser.add_argument(
        "--kinds",
        type=int,
        metavar="PER_KIND",
        help="forked tensor-indexing workers per kind of submission (grade.py's mix): CPU, "
        "faults, and instructions with --callgrind",
    )
    parser.add_argument("--quiet-run", nargs=2, metavar=("ASSIGNMENT", "REPS"),
                        help=argparse.SUPPRESS)  # fmt: skip
    parser.add_argument("--kinds-run", nargs=3, metavar=("HELPER", "PER_KIND", "OUT"),
                        help=argparse.SUPPRESS)  # fmt: skip
    options = parser.parse_args()
    import gradekit

    if options.kinds_run:
        from grader_side import load_dump_helper

        helper, per_kind, out = options.kinds_run
        records = fork_workers_by_kind(int(per_kind), 1, load_dump_helper(helper))
        Path(out).write_text(json.dumps(records))
        return 0
    if options.kinds:
        print(f"gradekit from {Path(gradekit.__file__).parent}; load {os.getloadavg()[0]:.1f}")
        if options.warm_path:
            run_warm_path_by_kind(options.kinds, options.reps)
        else:
            print_workers_by_kind(options.kinds, options.reps, options.callgrind)
        return 0
    if options.quiet_run:
        name, reps = options.quiet_run
        run_in_process(name, int(reps), timed=False)
        return 0
    print(f"gradekit from {Path(gradekit.__file__).parent}; load {os.getloadavg()[0]:.1f}")
    for name in ASSIGNMENTS:
        if options.warm_path:
            run_warm_path(name, options.reps)
            continue
        if options.digest:
            digest, count = frames_digest(name)
            print(f"{name:<16} {count} frames, sha256 {digest}")
            continue
        run_in_process(name, 3)  # warm: plan cache, first imports
        measured = run_in_process(name, options.reps)
        parts = "  ".join(
            f"{part} {seconds * 1000:.2f}" for part, seconds in measured.items() if part != "median"
        )
        forked = run_forked(name, options.reps)
        print(
            f"{name:<16} in process {measured['median'] * 1000:6.2f} ms CPU ({parts})   "
            f"forked worker {forked * 1000:6.2f} ms CPU"
        )
        if options.callgrind:
            count = callgrind_instructions(name, options.callgrind_reps)
            print(f"{'':<16} callgrind {count / 1e6:8.2f} M instructions per submission")
    return 0


if __name__ == "__main__":
    sys.exit(main())
