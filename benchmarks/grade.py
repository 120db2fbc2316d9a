"""Throughput of `gradekit grade` on synthetic tensor-indexing submissions vs a naive baseline.

Generates N distinct submissions from the reference solution, stripped of the instructor's
known-mistake functions (a comment with the student's number makes every file, and so every
content hash, unique):

* correct — the reference solution as is;
* wrong — one to three exercises replaced by a known wrong answer (off-by-one slices, …);
* erroring — a syntax error, a failed import, or an exercise that raises;
* slow — correct, but one exercise sleeps 50 ms per call.

Then it measures, in the same run and with the same number of parallel jobs:

* ``gradekit grade`` as a subprocess into a fresh gradebook (start-up included), and
* the naive baseline: one fresh ``python -c`` process per submission calling
  ``grade_submission`` (a fresh interpreter, numpy and gradekit import, reference answers and a
  cold sandbox child each time), on an evenly spread subset of the same submissions.

It prints submissions per second for both and the ratio, and checks that both graded the
subset identically. It also times `gradekit grade` on a single submission (the batch's fixed
start-up: imports, spec, reference answers, zygotes) and prints the rate past that start-up,
so a change to the start-up and one to the cost per submission can be told apart. Targets
(issue 5): >= 100 submissions/s on 2 cores, >= 10x the baseline. Timing is reported, never
asserted.

``--compare-python PY`` also runs ``PY -m gradekit grade`` on the same submissions, side by
side in the same run: point it at an interpreter whose ``gradekit`` is an older version to
measure a change (CPU per submission before and after). For example::

    mkdir -p /opt/gradekit-before && git archive <old-commit> | tar -x -C /opt/gradekit-before
    python -m venv --system-site-packages /opt/before-venv
    echo /opt/gradekit-before > /opt/before-venv/lib/python3.11/site-packages/0-before.pth
    python benchmarks/grade.py --compare-python /opt/before-venv/bin/python

(a ``.pth`` line rather than ``pip install -e``: the sandbox's ``python -I`` children must find
the old package too; not under ``/tmp``, which bubblewrap replaces with an empty tmpfs, so the
old version would silently run at tier 1). Every ``gradekit grade`` runs outside the
repository, so ``-m`` never picks up this checkout by accident.
The older version runs without ``PYTHONPATH`` (which would import this checkout there too);
the script prints which gradekit each side imports and stops if both are the same.

    python benchmarks/grade.py [--count 200] [--jobs 0] [--baseline 24 (0: none)] [--backend engine]
                               [--compare-python PY] [--repeat N]

``--repeat N`` grades the submissions N times with each version (alternating which goes
first, so a machine that gets busier favours neither) and prints the medians: CPU per
submission in total and by kind of process, and the rate.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "exercises" / "tensor-indexing.yaml"
SOLUTION = ROOT / "solutions" / "tensor_indexing.py"
TARGET_RATE, TARGET_SPEEDUP = 100.0, 10.0

# (correct text in the solution, a wrong replacement): each a mistake students make.
WRONG_EDITS = [
    ("def even_rows(t):\n    return t[::2]", "def even_rows(t):\n    return t[1::2]"),
    (
        "def even_rows_reversed(t):\n    return t[::2].flip(0)",
        "def even_rows_reversed(t):\n    return t.flip(0)[::2]",
    ),
    (
        "def ellipsis_pick(t):\n    return t[0, ..., 1]",
        "def ellipsis_pick(t):\n    return t[1, ..., 1]",
    ),
    ("    t[0, 0, 1, 1] = -22.7", "    t[0, 0, 2, 0] = -22.7"),
]
ERRORS = [
    ("syntax", lambda text: text + "\ndef broken(:\n    pass\n"),
    ("import", lambda text: "import numpy_but_misspelled\n" + text),
    (
        "raises",
        lambda text: text.replace(
            "def even_rows(t):\n    return t[::2]", "def even_rows(t):\n    return t[100]"
        ),
    ),
]
SLOW_EDIT = (
    "def even_rows(t):\n    return t[::2]",
    "def even_rows(t):\n    import time\n\n    time.sleep(0.05)\n    return t[::2]",
)
# Out of every ten submissions: 4 correct, 3 wrong, 2 erroring, 1 slow.
PATTERN = ("correct", "wrong", "erroring", "correct", "wrong", "slow", "correct", "erroring",
           "wrong", "correct")  # fmt: skip


def student_solution() -> str:
    """The reference solution as a student would hand it in: the imports and the exercise
    functions, without the instructor's known-mistake functions kept in the same file."""
    import ast

    from gradekit.spec import load_assignment

    mistakes = {m.function for e in load_assignment(SPEC).exercises for m in e.mistakes}
    source = SOLUTION.read_text()
    kept = [
        ast.get_source_segment(source, node)
        for node in ast.parse(source).body
        if not isinstance(node, ast.Expr)  # the module docstring
        and not (isinstance(node, ast.FunctionDef) and node.name in mistakes)
    ]
    return "\n\n\n".join(segment for segment in kept if segment) + "\n"


def generate(folder: Path, count: int, seed: int = 0) -> dict[str, int]:
    """Write ``count`` submissions into ``folder``; returns how many of each kind."""
    solution = student_solution()
    for original, _ in [*WRONG_EDITS, SLOW_EDIT]:
        assert original in solution, f"the solution changed; update the edit for {original!r}"
    chooser = random.Random(seed)
    kinds: dict[str, int] = {}
    for index in range(count):
        kind = PATTERN[index % len(PATTERN)]
        text = solution
        if kind == "wrong":
            for original, wrong in chooser.sample(WRONG_EDITS, chooser.randint(1, 3)):
                text = text.replace(original, wrong)
        elif kind == "erroring":
            text = chooser.choice(ERRORS)[1](text)
        elif kind == "slow":
            text = text.replace(*SLOW_EDIT)
        kinds[kind] = kinds.get(kind, 0) + 1
        (folder / f"student{index:04d}.py").write_text(f"# student {index} ({kind})\n{text}")
    return kinds


def detailed_kind(text: str) -> str:
    """The kind ``generate`` gave a submission's text: correct, wrong, slow, or the erroring
    kind (syntax, import, raises): for measuring each kind's cost apart."""
    kind = text.split("(", 1)[1].split(")", 1)[0]  # the first line: "# student N (kind)"
    if kind != "erroring":
        return kind
    if "def broken(:" in text:
        return "syntax"
    return "import" if "numpy_but_misspelled" in text else "raises"


def children_cpu_seconds() -> float:
    """User + system CPU of every finished descendant (each process waits for its own)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def variant_environment(variant: str) -> dict[str, str]:
    """The environment ``gradekit grade`` runs in: this process's, but the older version's
    without ``PYTHONPATH``, which would otherwise import this checkout there too (a
    ``PYTHONPATH`` entry comes before the interpreter's own ``.pth`` lines)."""
    environment = dict(os.environ)
    if variant == "before":
        environment.pop("PYTHONPATH", None)
    return environment


def gradekit_location(python: str, environment: dict[str, str], cwd: Path) -> str:
    """The folder of the gradekit package ``python`` imports in ``environment``."""
    completed = subprocess.run(
        [python, "-c", "import gradekit, os; print(os.path.dirname(gradekit.__file__))"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
    )
    if completed.returncode != 0:
        raise SystemExit(f"{python} cannot import gradekit:\n{completed.stderr}")
    return completed.stdout.strip()


def run_gradekit(
    folder: Path,
    db: Path,
    jobs: int,
    backend: str,
    python: str = sys.executable,
    environment: dict[str, str] | None = None,
) -> tuple[float, float, dict[str, float]]:
    """Grade ``folder`` with ``python -m gradekit grade``; returns (seconds, CPU seconds, CPU
    ms per graded submission by kind of process). Prints where the CPU went when the summary
    says (``cpu_seconds``, newer versions)."""
    cpu_before = children_cpu_seconds()
    started = time.perf_counter()
    completed = subprocess.run(
        [
            python, "-m", "gradekit", "grade", str(folder), "--assignment", str(SPEC),
            "--db", str(db), "--jobs", str(jobs), "--backend", backend, "--json",
        ],
        capture_output=True,
        text=True,
        cwd=db.parent,  # not the repository: `-m` must import the interpreter's own gradekit
        env=environment,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    cpu = children_cpu_seconds() - cpu_before
    if completed.returncode not in (0, 1):
        raise SystemExit(f"gradekit grade ({python}) failed:\n{completed.stderr}")
    summary = json.loads(completed.stdout)
    print(
        f"  graded {summary['graded']}: {summary['passed']} passed, {summary['failed']} failed, "
        f"{summary['errored']} errored; sandbox tier {summary['sandbox_tier']}"
    )
    split = summary.get("cpu_seconds") or {}
    print_cpu_split(split, summary["graded"], cpu)
    per_process = {
        kind: split[kind]["grading"] * 1000 / summary["graded"]
        for kind in PROCESS_ROLES
        if kind in split and summary["graded"]
    }
    return seconds, cpu, per_process


# What each kind of process does (docs/batch.md, "How it runs").
PROCESS_ROLES = {
    "parent": "gradekit grade: queue, gradebook writes",
    "workers": "grading workers: sandbox supervision, verdicts, rows",
    "zygotes": "zygotes: a launcher per grading slot",
    "launchers": "launchers + sandboxed workers: layers, student code",
}


def print_cpu_split(split: dict[str, dict[str, float]], graded: int, total: float) -> None:
    """Per kind of process: CPU ms per graded submission while grading, and start-up."""
    if not split or not graded:
        return
    print(f"  {'CPU by process':<58} {'per submission':>15} {'start-up':>9}")
    accounted = 0.0
    for kind, role in PROCESS_ROLES.items():
        seconds = split.get(kind, {"start": 0.0, "grading": 0.0})
        accounted += seconds["start"] + seconds["grading"]
        print(f"    {role:<56} {seconds['grading'] * 1000 / graded:12.1f} ms "
              f"{seconds['start']:8.2f} s")  # fmt: skip
    print(f"    {'not accounted for (bubblewrap, exits, the parent after the summary)':<56} "
          f"{(total - accounted) * 1000 / graded:12.1f} ms")  # fmt: skip


def print_medians(runs: dict[str, list[tuple[float, float, dict[str, float]]]]) -> None:
    """Median CPU ms per submission (total and by kind of process) and rate of each side."""
    kinds = [
        kind for kind in PROCESS_ROLES if any(kind in run[2] for r in runs.values() for run in r)
    ]
    header = "".join(f"{kind:>11}" for kind in kinds)
    print(f"  medians of {len(next(iter(runs.values())))} runs (ms CPU per submission):"
          f"{'total':>9}{header}{'rate /s':>10}")  # fmt: skip
    for variant, variant_runs in runs.items():
        total = statistics.median(run[0] for run in variant_runs) * 1000
        parts = "".join(
            f"{statistics.median(run[2].get(kind, 0.0) for run in variant_runs):11.1f}"
            for kind in kinds
        )
        rate = statistics.median(run[1] for run in variant_runs)
        print(f"  {variant:<50}{total:9.1f}{parts}{rate:10.1f}")


def bytecode_state() -> str:
    """How many of gradekit's modules have an up-to-date bytecode cache: sandbox interpreters
    (bubblewrap's read-only filesystem) never write one, so without it every zygote compiles
    gradekit again (README, "bytecode"); the start-up figures depend on it."""
    import importlib.util

    import gradekit

    sources = sorted(Path(gradekit.__file__).parent.rglob("*.py"))
    cached = 0
    for source in sources:
        compiled = Path(importlib.util.cache_from_source(str(source)))
        if compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime:
            cached += 1
    return f"bytecode cache for {cached} of gradekit's {len(sources)} modules"


def startup_seconds(folder: Path, scratch: Path, jobs: int, backend: str) -> float:
    """Median wall time of `gradekit grade` on one correct submission (three runs): the part
    of a batch's time that does not depend on how many submissions it has."""
    one = scratch / "one-submission"
    one.mkdir(exist_ok=True)
    correct = next(path for path in sorted(folder.iterdir()) if "(correct)" in path.read_text())
    (one / correct.name).write_bytes(correct.read_bytes())
    samples = []
    for repetition in range(3):
        db = scratch / f"one-{repetition}.sqlite"
        started = time.perf_counter()
        completed = subprocess.run(
            [
                sys.executable, "-m", "gradekit", "grade", str(one), "--assignment", str(SPEC),
                "--db", str(db), "--jobs", str(jobs), "--backend", backend, "--json",
            ],
            capture_output=True,
            cwd=scratch,
        )  # fmt: skip
        samples.append(time.perf_counter() - started)
        if completed.returncode != 0:
            raise SystemExit(f"gradekit grade failed on one submission:\n{completed.stderr}")
    return statistics.median(samples)


def tail_seconds(db: Path) -> float:
    """Seconds from the last completion of a submission that does not sleep to the last
    completion of all: the end of the batch spent on slow submissions started near its end,
    sleeping while no other work was left for the cores. A fair scheduler cannot shorten it:
    it knows nothing of a submission before running it, and every submission's calls run in
    one worker, the same way whatever its place in the queue (docs/batch.md)."""
    connection = sqlite3.connect(db)
    try:
        finished = connection.execute("SELECT path, graded_at FROM submissions").fetchall()
    finally:
        connection.close()
    moments = [(datetime.fromisoformat(at), Path(path)) for path, at in finished]
    last = max(moment for moment, _ in moments)
    last_busy = max(
        moment for moment, path in moments if "(slow)" not in path.read_text().splitlines()[0]
    )
    return (last - last_busy).total_seconds()


def scores_in(db: Path) -> dict[str, float]:
    connection = sqlite3.connect(db)
    try:
        return dict(connection.execute("SELECT student, score FROM submissions"))
    finally:
        connection.close()


NAIVE = (
    "import sys\n"
    "from gradekit.spec import load_assignment\n"
    "from gradekit.grading.pipeline import grade_submission\n"
    "result = grade_submission(sys.argv[1], load_assignment(sys.argv[2]), backend=sys.argv[3])\n"
    "print(result.score)\n"
)


def run_naive(paths: list[Path], jobs: int, backend: str) -> tuple[float, dict[str, float]]:
    def grade_one(path: Path) -> tuple[str, float]:
        completed = subprocess.run(
            [sys.executable, "-c", NAIVE, str(path), str(SPEC), backend],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"},
        )
        if completed.returncode != 0:
            raise SystemExit(f"the naive baseline failed on {path}:\n{completed.stderr}")
        return path.stem, float(completed.stdout.strip().splitlines()[-1])

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        scores = dict(pool.map(grade_one, paths))
    return time.perf_counter() - started, scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="submissions to generate")
    parser.add_argument("--jobs", type=int, default=0, help="parallel jobs (0 = one per core)")
    parser.add_argument(
        "--baseline", type=int, default=24, help="submissions for the baseline (0: none)"
    )
    parser.add_argument("--backend", choices=("engine", "torch"), default="engine")
    parser.add_argument(
        "--compare-python",
        metavar="PY",
        help="also run PY -m gradekit grade (an older gradekit) on the same submissions",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="grade N times (alternating which side goes first) and print medians",
    )
    options = parser.parse_args()
    if options.count < 1 or options.baseline < 0 or options.repeat < 1:
        parser.error("--count and --repeat must be at least 1, --baseline at least 0")
    jobs = options.jobs or os.cpu_count() or 1

    with tempfile.TemporaryDirectory(prefix="gradekit-bench-") as scratch:
        folder = Path(scratch) / "submissions"
        folder.mkdir()
        kinds = generate(folder, options.count)
        mix = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
        print(f"{options.count} submissions ({mix}); jobs {jobs}; cores {os.cpu_count()}; "
              f"backend {options.backend}")  # fmt: skip

        print(f"load average before: {os.getloadavg()[0]:.1f} (other work slows both sides); "
              f"{bytecode_state()}")  # fmt: skip
        variants = {"after": sys.executable}
        if options.compare_python:
            variants["before"] = options.compare_python
        locations = {
            variant: gradekit_location(python, variant_environment(variant), Path(scratch))
            for variant, python in variants.items()
        }
        for variant, location in locations.items():
            print(f"gradekit {variant:<7} imports {location}")
        if len(set(locations.values())) < len(locations):
            raise SystemExit("--compare-python imports the same gradekit as this run")
        runs: dict[str, list[tuple[float, float, dict[str, float]]]] = {v: [] for v in variants}
        tails: list[float] = []
        for repetition in range(options.repeat):
            # Alternate which goes first: a machine that gets busier during a run would
            # otherwise always favour the same side.
            order = sorted(variants, reverse=repetition % 2 == 1)
            for variant in order:
                db = Path(scratch) / f"{variant}-{repetition}.sqlite"
                seconds, cpu, per_process = run_gradekit(
                    folder, db, jobs, options.backend, variants[variant],
                    variant_environment(variant),
                )  # fmt: skip
                runs[variant].append((cpu / options.count, options.count / seconds, per_process))
                if variant == "after":
                    tails.append(tail_seconds(db))
                print(f"gradekit {variant:<7} {seconds:8.2f} s  {options.count / seconds:8.1f} "
                      f"submissions/s; {cpu / options.count * 1000:.0f} ms CPU per submission "
                      f"({variants[variant]})")  # fmt: skip
        cpu, rate = (statistics.median(run[index] for run in runs["after"]) for index in (0, 1))
        fixed = startup_seconds(folder, Path(scratch), jobs, options.backend)
        whole = options.count / rate
        before = None
        if "before" in runs:
            before = statistics.median(run[0] for run in runs["before"])
        if options.repeat > 1 or before is not None:
            print_medians(runs)
        print(f"gradekit grade   {rate:8.1f} submissions/s (target {TARGET_RATE:g}/s); "
              f"{cpu * 1000:.0f} ms CPU per submission")  # fmt: skip
        print(f"  of its {whole:.2f} s, {fixed:.2f} s is the fixed start-up (a batch of one "
              f"submission takes that long); past it, "
              f"{options.count / max(whole - fixed, 1e-9):.1f} submissions/s")  # fmt: skip
        tail = statistics.median(tails)
        print(f"  its last {tail:.2f} s only slow submissions were running (their sleeps, after "
              f"every other submission was graded); between start-up and that tail, "
              f"{options.count / max(whole - fixed - tail, 1e-9):.1f} submissions/s")  # fmt: skip
        if before is not None:
            print(f"CPU per submission before/after: {before * 1000:.0f} ms -> "
                  f"{cpu * 1000:.0f} ms ({before / cpu:.2f}x less)")  # fmt: skip
        db = Path(scratch) / "after-0.sqlite"

        if options.baseline > 0:  # --baseline 0: gradekit alone
            paths = sorted(folder.iterdir())
            step = max(1, len(paths) // max(1, options.baseline))
            subset = paths[::step][: options.baseline]
            cpu_before = children_cpu_seconds()
            naive_seconds, naive_scores = run_naive(subset, jobs, options.backend)
            naive_cpu = (children_cpu_seconds() - cpu_before) / len(subset)
            naive_rate = len(subset) / naive_seconds
            print(f"naive baseline   {naive_seconds:8.2f} s  {naive_rate:8.1f} submissions/s "
                  f"({len(subset)} submissions, one python -c each); "
                  f"{naive_cpu * 1000:.0f} ms CPU per submission")  # fmt: skip
            print(f"speed-up         {rate / naive_rate:8.1f}x wall, {naive_cpu / cpu:.1f}x CPU "
                  f"(target {TARGET_SPEEDUP:g}x)")  # fmt: skip
            if before is not None:
                print(f"before, vs the naive baseline: {naive_cpu / before:.1f}x CPU")
        cores = os.cpu_count() or 1
        print(f"CPU-bound ceiling on {cores} idle cores: {cores / cpu:.1f} submissions/s; "
              f"load average after: {os.getloadavg()[0]:.1f}")  # fmt: skip

        stored = scores_in(db)
        if options.baseline > 0:
            differing = [s for s, score in naive_scores.items() if abs(stored[s] - score) > 1e-9]
            print(f"same scores as the baseline on {len(subset) - len(differing)}/{len(subset)}"
                  + (f"; differing: {', '.join(differing)}" if differing else ""))  # fmt: skip
        for variant, repetition in [(v, r) for v in variants for r in range(options.repeat)]:
            if (variant, repetition) == ("after", 0):
                continue
            other = scores_in(Path(scratch) / f"{variant}-{repetition}.sqlite")
            changed = sorted(s for s in stored if abs(other.get(s, -1.0) - stored[s]) > 1e-9)
            print(f"same scores in {variant} run {repetition + 1} on "
                  f"{len(stored) - len(changed)}/{len(stored)}"
                  + (f"; differing: {', '.join(changed[:10])}" if changed else ""))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
