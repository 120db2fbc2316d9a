"""CPU of the grading side of a batch, per submission, in process (issue #5).

Generates ``--count`` submissions with benchmarks/grade.py's mix (40 % correct, 30 % wrong,
20 % erroring, 10 % slow), then grades them one after the other the way a batch worker does
(``batch._Grader``: a warm zygote, the runner's supervision, verdicts, records, rows, the JSON
line) and writes them the way the parent does (decoding that line, ``Gradebook.record_rows``
into a fresh gradebook). Prints the median and mean CPU (``getrusage`` of this process: the
sandboxed processes are not counted) per submission of each phase, after ``--skip`` warm-up
submissions:

* load — reading the file (``load_submission``);
* run — the sandbox run as the grader sees it: launch, supervision, reading and decoding the
  events (the zygote, launcher and sandboxed worker are other processes);
* verdicts — ``pipeline.grade_outcome`` (parsing, static rules, comparisons);
* rows — ``graded_rows`` (what ``submission_rows(submission_record(...))`` gives);
* line — the worker's JSON line to the parent (answer summaries sent before as numbers);
* parent — decoding that line (the summaries put back) and writing the submission's
  transaction.

``--json`` prints the medians as one JSON line (for interleaving two versions: run this file
with an interpreter that imports the other gradekit, see benchmarks/grade.py's
``--compare-python``). ``--profile FILE`` writes a cProfile of the grading (not the
generation) to FILE. ``--digest`` prints a sha256 of every submission's rows with the
durations zeroed: two versions that grade alike print the same digest.

``--callgrind`` runs the same under valgrind's callgrind (only this process: the zygote, its
launchers and the sandboxed workers run natively) and prints the instructions of each phase per
submission (means after ``--skip``): a small C helper compiled with gcc dumps the counters at
each phase mark (``CALLGRIND_DUMP_STATS_AT``), then the medians of each kind of submission
(correct, wrong, slow, and the erroring kinds: syntax, import, raises). Instruction counts do
not depend on the machine's load. valgrind 3.19 knows no ``pidfd_open``, so under it the
zygote's exit is watched through a pipe it inherits instead.

    python benchmarks/grader_side.py [--count 60] [--skip 10] [--json] [--profile FILE]
                                     [--digest] [--callgrind]
"""

from __future__ import annotations

import argparse
import cProfile
import ctypes
import hashlib
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import grade as grade_benchmark  # noqa: E402  (benchmarks/grade.py: the submissions' mix)

PHASES = ("load", "run", "verdicts", "rows", "line", "parent")

_DUMP_HELPER = r"""
#include <valgrind/callgrind.h>
void dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
"""
_dump = None  # the helper's dump(name) under --under-callgrind, else None


def _mark(name: str) -> None:
    if _dump is not None:
        _dump(name.encode())


def _watch_zygotes_through_pipes() -> None:
    """Under valgrind (no ``pidfd_open``): each zygote inherits a pipe's write end, and the
    pidfd the grader asks for is that pipe's read end, readable once the zygote is gone."""
    from gradekit.sandbox import warm

    ends: dict[int, int] = {}
    plain_popen = subprocess.Popen

    def popen(*args: Any, **kwargs: Any) -> subprocess.Popen:
        read, write = os.pipe()
        kwargs["pass_fds"] = (*kwargs.get("pass_fds", ()), write)
        try:
            process = plain_popen(*args, **kwargs)
        finally:
            os.close(write)
        ends[process.pid] = read
        return process

    warm.subprocess.Popen = popen  # type: ignore[misc]
    warm.os.pidfd_open = lambda pid, flags=0: ends.pop(pid)  # type: ignore[attr-defined]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _without_durations(rows: dict[str, Any]) -> dict[str, Any]:
    """``rows`` with the columns that measure time zeroed (they differ between runs)."""
    from gradekit.gradebook.store import CASE_COLUMNS, EXERCISE_COLUMNS, SUBMISSION_COLUMNS

    def zeroed(row: list[Any], columns: tuple[str, ...]) -> list[Any]:
        pairs = zip(columns, row, strict=True)
        return [0 if name == "duration" else value for name, value in pairs]

    isolation = SUBMISSION_COLUMNS.index("isolation")
    submission = zeroed(rows["submission"], SUBMISSION_COLUMNS)
    submission[isolation] = json.loads(submission[isolation])  # key order may differ
    return {
        "submission": submission,
        "exercises": [zeroed(row, EXERCISE_COLUMNS) for row in rows["exercises"]],
        "cases": [zeroed(row, CASE_COLUMNS) for row in rows["cases"]],
    }


def grade_all(count: int, skip: int, profile: str | None, digest: bool) -> dict[str, Any]:
    from gradekit.gradebook.records import (
        SummaryReceiver,
        SummarySender,
        graded_rows,
    )
    from gradekit.gradebook.store import Gradebook
    from gradekit.grading import batch
    from gradekit.grading.submission import load_submission

    work = Path(tempfile.mkdtemp(prefix="grader-side-", dir="/var/tmp"))
    folder = work / "submissions"
    folder.mkdir()
    grade_benchmark.generate(folder, count)
    grader = batch._Grader(grade_benchmark.SPEC, "engine", batch.PolicySettings())
    book = Gradebook(work / "gradebook.sqlite")
    run_id = book.start_run(
        assignment_id="a", assignment_title="a", spec_path="s", spec_hash="h", backend="engine",
        sandbox_tier=0, jobs=1, gradekit_version="0",
    )  # fmt: skip
    # CPU time, not wall: the run waits for the sandboxed worker most of the time.
    profiler = cProfile.Profile(time.process_time) if profile else None
    times: dict[str, list[float]] = {phase: [] for phase in PHASES}
    hasher = hashlib.sha256()
    # The two ends of a worker's answer channel (batch._answer_channel, WorkerPool._read).
    sender, receiver = SummarySender(), SummaryReceiver()
    try:
        for index, path in enumerate(sorted(folder.iterdir())):
            if profiler is not None and index == skip:
                profiler.enable()
            _mark(f"start:{index}")
            marks = [_cpu()]
            source = load_submission(str(path))
            _mark(f"load:{index}")
            marks.append(_cpu())
            outcome = grader._run(source)
            _mark(f"run:{index}")
            marks.append(_cpu())
            result = grader._verdicts(str(path), source, outcome)
            result.duration = 0.0
            _mark(f"verdicts:{index}")
            marks.append(_cpu())
            rows = graded_rows(
                student=path.stem, path=str(path), content_hash="x", result=result,
                outcome=outcome, plans=grader.plans,
            )  # fmt: skip
            _mark(f"rows:{index}")
            marks.append(_cpu())
            line = json.dumps({"id": index, "rows": rows, "summaries": sender.compact(rows)})
            _mark(f"line:{index}")
            marks.append(_cpu())
            answer = json.loads(line)
            receiver.expand(answer["rows"], answer.pop("summaries"))
            book.record_rows(run_id=run_id, assignment_id="a", spec_hash="h", rows=answer["rows"])
            _mark(f"parent:{index}")
            marks.append(_cpu())
            if digest:
                text = json.dumps(_without_durations(answer["rows"]), sort_keys=True)
                hasher.update(text.replace(str(work), "WORK").encode())
            if index >= skip:
                for phase, start, end in zip(PHASES, marks, marks[1:], strict=False):
                    times[phase].append((end - start) * 1000)
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        grader.close()
        book.close()
        shutil.rmtree(work, ignore_errors=True)
    summary: dict[str, Any] = {
        phase: round(statistics.median(values), 3) for phase, values in times.items()
    }
    summary["total"] = round(sum(sum(values) for values in times.values()) / len(times["run"]), 3)
    summary["means"] = {p: round(statistics.mean(v), 3) for p, v in times.items()}
    if digest:
        summary["digest"] = hasher.hexdigest()
    return summary


def compile_dump_helper(directory: str) -> str:
    """Compile the ``dump(name)`` helper into ``directory``; returns the shared library's path."""
    helper = os.path.join(directory, "dump.so")
    subprocess.run(
        ["gcc", "-O1", "-shared", "-fPIC", "-o", helper, "-x", "c", "-"],
        input=_DUMP_HELPER, text=True, check=True,
    )  # fmt: skip
    return helper


def load_dump_helper(helper: str) -> Any:
    """The helper's ``dump(name: bytes)``: dumps callgrind's counters (and zeroes them)."""
    dump = ctypes.CDLL(helper).dump
    dump.argtypes = [ctypes.c_char_p]
    return dump


def submission_kinds(count: int) -> list[str]:
    """The detailed kind of each of the ``count`` submissions ``generate`` writes, in order."""
    with tempfile.TemporaryDirectory() as folder:
        grade_benchmark.generate(Path(folder), count)
        paths = sorted(Path(folder).iterdir())
        return [grade_benchmark.detailed_kind(path.read_text()) for path in paths]


def callgrind_phases(count: int, skip: int) -> dict[str, Any]:
    """Instructions (millions) of each phase per submission, means after ``skip``; and
    ``by_kind``: the medians of each kind of submission (benchmarks/grade.py's mix)."""
    kinds = submission_kinds(count)
    by_kind: dict[str, dict[str, list[int]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        helper = compile_dump_helper(scratch)
        completed = subprocess.run(
            [
                "valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/cg.%p",
                "--dump-instr=no", "--compress-strings=no", sys.executable, __file__,
                "--count", str(count), "--skip", str(skip), "--under-callgrind", helper,
            ],
            capture_output=True, text=True,
            env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"},
        )  # fmt: skip
        if completed.returncode != 0:
            raise SystemExit(f"valgrind failed:\n{completed.stderr[-3000:]}")
        totals: dict[str, list[int]] = {phase: [] for phase in PHASES}
        for name in os.listdir(scratch):
            if not name.startswith("cg."):
                continue
            text = Path(scratch, name).read_text(errors="replace")
            trigger = re.search(r"^desc: Trigger: Client Request: (\w+):(\d+)$", text, re.M)
            total = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
            if trigger and total and trigger[1] in totals and int(trigger[2]) >= skip:
                totals[trigger[1]].append(int(total[1]))
                kind = by_kind.setdefault(kinds[int(trigger[2])], {p: [] for p in PHASES})
                kind[trigger[1]].append(int(total[1]))
    means = {phase: round(statistics.mean(v) / 1e6, 3) for phase, v in totals.items() if v}
    medians = {phase: round(statistics.median(v) / 1e6, 3) for phase, v in totals.items() if v}
    # Means count the collector's occasional full collections (one can add 18 M to whichever
    # phase it falls in); medians leave them out.
    kind_medians = {}
    for kind, phases in sorted(by_kind.items()):
        kind_medians[kind] = {p: round(statistics.median(v) / 1e6, 3) for p, v in phases.items()}
        kind_medians[kind]["total"] = round(sum(kind_medians[kind].values()), 3)
        kind_medians[kind]["submissions"] = len(phases["run"])
    return {
        **means,
        "total": round(sum(means.values()), 3),
        "medians": {**medians, "total": round(sum(medians.values()), 3)},
        "by_kind": kind_medians,
    }


def main() -> int:
    global _dump
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--skip", type=int, default=10, help="warm-up submissions not counted")
    parser.add_argument("--json", action="store_true", help="one JSON line of medians")
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the grading")
    parser.add_argument("--digest", action="store_true", help="sha256 of the rows")
    parser.add_argument("--callgrind", action="store_true", help="instructions per phase")
    parser.add_argument("--under-callgrind", metavar="HELPER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.callgrind:
        phases = callgrind_phases(args.count, args.skip)
        if args.json:
            print(json.dumps(phases))
            return 0
        count = args.count - args.skip
        print(f"M instructions per submission ({count} submissions; mean, median):")
        for phase, median in phases["medians"].items():
            print(f"  {phase:<9} {phases[phase]:8.3f}  {median:8.3f}")
        print("M instructions per submission of each kind (medians):")
        print(f"  {'kind':<8} {'count':>5}" + "".join(f"{p:>9}" for p in (*PHASES, "total")))
        for kind, values in phases["by_kind"].items():
            cells = "".join(f"{values[p]:9.3f}" for p in (*PHASES, "total"))
            print(f"  {kind:<8} {values['submissions']:5d}{cells}")
        return 0
    if args.under_callgrind:
        _dump = load_dump_helper(args.under_callgrind)
        _watch_zygotes_through_pipes()
    summary = grade_all(args.count, args.skip, args.profile, args.digest)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"CPU ms per submission ({args.count - args.skip} submissions; median, mean):")
    for phase in PHASES:
        print(f"  {phase:<9} {summary[phase]:7.3f}  {summary['means'][phase]:7.3f}")
    print(f"  {'total':<9} {'':7}  {summary['total']:7.3f}")
    if args.digest:
        print(f"rows digest {summary['digest']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
