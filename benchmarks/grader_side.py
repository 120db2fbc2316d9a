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

    python benchmarks/grader_side.py [--count 60] [--skip 10] [--json] [--profile FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import grade as grade_benchmark  # noqa: E402  (benchmarks/grade.py: the submissions' mix)

PHASES = ("load", "run", "verdicts", "rows", "line", "parent")


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
            marks = [_cpu()]
            source = load_submission(str(path))
            marks.append(_cpu())
            outcome = grader._run(source)
            marks.append(_cpu())
            result = grader._verdicts(str(path), source, outcome)
            result.duration = 0.0
            marks.append(_cpu())
            rows = graded_rows(
                student=path.stem, path=str(path), content_hash="x", result=result,
                outcome=outcome, plans=grader.plans,
            )  # fmt: skip
            marks.append(_cpu())
            line = json.dumps({"id": index, "rows": rows, "summaries": sender.compact(rows)})
            marks.append(_cpu())
            answer = json.loads(line)
            receiver.expand(answer["rows"], answer.pop("summaries"))
            book.record_rows(run_id=run_id, assignment_id="a", spec_hash="h", rows=answer["rows"])
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--skip", type=int, default=10, help="warm-up submissions not counted")
    parser.add_argument("--json", action="store_true", help="one JSON line of medians")
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the grading")
    parser.add_argument("--digest", action="store_true", help="sha256 of the rows")
    args = parser.parse_args()
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
