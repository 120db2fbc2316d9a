"""Wall time of `gradekit check` on the example submissions, engine backend (target <= 0.5 s).

Each command runs as a fresh process, like a student typing it, several times. Every round runs
a plain `python -c "import numpy"` first and then each check, so the ratio compares runs made
under the same machine load (the median of the per-round ratios is printed). CPU seconds (user +
system, of the process and every process it waited for: sandbox probe, zygote, launcher,
worker) are printed too: on a shared machine they move far less than wall time. Timing is
reported, never asserted.

A short timeline follows: the parts of a check measured one by one in this process (median
of the rounds): the zygote's start-up (spawn until ready to fork), the run of the submission's
calls in a ready zygote (a check grades each exercise during it, as soon as its calls have
replied), and the grading after the run (what is left of the verdicts, and the JSON report).
(To compare with grading everything after the run, run an older snapshot's benchmarks/check.py:
grading the same outcome again in this process would find the comparisons remembered.) A
check overlaps its own
start-up (imports, plans, reference answers) with the zygote's, so its wall time is roughly
interpreter start + zygote start-up + run + grading.

The expected answers are cached on disk keyed by the engine's source, so edits to
gradekit/engine/ between runs make the next check recompute them: benchmark a quiet tree (or a
`git archive` snapshot: run its own benchmarks/check.py from inside it).

    python benchmarks/check.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 0.5
BASELINE = ('baseline: python -c "import numpy"', [sys.executable, "-c", "import numpy"])
CASES = [
    ("tensor-indexing", "examples/student/exercise.py", "exercises/tensor-indexing.yaml"),
    ("autograd", "examples/student/autograd_exercises.py", "exercises/autograd.yaml"),
]


@dataclass
class Timings:
    """Wall and CPU seconds of every run of one command, and how the last run ended."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    exit_code: int = 0
    stderr: str = ""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# Measured as an installed gradekit runs: with cached bytecode (pip writes .pyc files at
# install time). PYTHONDONTWRITEBYTECODE in the caller's environment would make every run
# compile gradekit's modules from source again.
ENVIRONMENT = {
    name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
}


def run_once(command: list[str], timings: Timings) -> None:
    cpu_before = _children_cpu()
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=ENVIRONMENT)
    timings.wall.append(time.perf_counter() - started)
    timings.cpu.append(_children_cpu() - cpu_before)
    timings.exit_code, timings.stderr = completed.returncode, completed.stderr


def check_command(submission: str, spec: str) -> list[str]:
    return [
        sys.executable, "-m", "gradekit", "check", submission,
        "--assignment", spec, "--backend", "engine", "--format", "json",
    ]  # fmt: skip


def timeline(submission: str, spec: str, rounds: int) -> dict[str, float]:
    """Median seconds of a check's parts, each round in a fresh process (as cold as a check:
    nothing decoded or compared yet)."""
    parts: dict[str, list[float]] = {}
    for _ in range(rounds):
        completed = subprocess.run(
            [sys.executable, __file__, "--timeline-round", submission, spec],
            cwd=ROOT, capture_output=True, text=True, env=ENVIRONMENT, check=True,
        )  # fmt: skip
        for part, seconds in json.loads(completed.stdout).items():
            parts.setdefault(part, []).append(seconds)
    return {part: statistics.median(values) for part, values in parts.items()}


def timeline_round(submission: str, spec: str) -> dict[str, float]:
    """One round of :func:`timeline`: a check's parts one after the other, in this process."""
    from gradekit.grading.pipeline import _grade_while_running, _StudentRun, grade_outcome
    from gradekit.grading.plan_cache import load_compiled
    from gradekit.grading.reference import reference_answers
    from gradekit.grading.static import parse_source
    from gradekit.grading.submission import load_submission
    from gradekit.report.json import render_json
    from gradekit.sandbox.policy import probe_policy
    from gradekit.sandbox.warm import Zygote, run_submission_warm

    compiled = load_compiled(ROOT / spec)
    source = load_submission(ROOT / submission)
    policy = probe_policy()
    # Done here, as a check does them while the run goes on: the known mistakes' answers
    # decoded, the submission parsed for the static rules.
    reference = reference_answers(compiled.solution_path, compiled.plans).fully_decoded()
    parsed = parse_source(source.text)
    started = time.perf_counter()
    with Zygote("engine", bubblewrap="bubblewrap" in policy.layers) as zygote:

        class WarmSandbox:  # what a check's student run asks of its sandbox
            @staticmethod
            def run(path, calls, on_outcome):
                return run_submission_warm(
                    path, calls, zygote=zygote, policy=policy, on_outcome=on_outcome
                )

        ready = time.perf_counter()
        run = _StudentRun(source, compiled.plans, WarmSandbox())
        streamed = _grade_while_running(run, compiled.plans, source, parsed, reference)
        outcome = run.result()
        ran = time.perf_counter()

    graded = time.perf_counter()
    result = grade_outcome(
        compiled, compiled.plans, reference, source, outcome,
        submission=submission, backend="engine", parsed=parsed, graded=streamed,
    )  # fmt: skip
    render_json(result)
    return {
        "zygote start-up": ready - started,
        "run": ran - ready,
        "grading": time.perf_counter() - graded,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="rounds (medians are printed)")
    parser.add_argument("--timeline-round", nargs=2, metavar=("SUBMISSION", "SPEC"),
                        help=argparse.SUPPRESS)  # fmt: skip
    options = parser.parse_args()
    if options.timeline_round:
        print(json.dumps(timeline_round(*options.timeline_round)))
        return 0

    baseline = Timings()
    checks = {name: Timings() for name, _, _ in CASES}
    for _, submission, spec in CASES:  # fill the spec and answer caches; not counted
        run_once(check_command(submission, spec), Timings())
    for _ in range(options.repeat):
        run_once(BASELINE[1], baseline)
        for name, submission, spec in CASES:
            run_once(check_command(submission, spec), checks[name])

    print(f"{'command':<44} {'wall':>8} {'ratio':>6} {'cpu':>8}")
    print(
        f"{BASELINE[0]:<44} {statistics.median(baseline.wall):7.3f}s {1.0:5.1f}x "
        f"{statistics.median(baseline.cpu):7.3f}s"
    )
    for name, _, _ in CASES:
        timings = checks[name]
        label = f"gradekit check ({name}, engine)"
        if timings.exit_code not in (0, 1):  # 0/1 are verdicts; anything else did not grade
            lines = timings.stderr.strip().splitlines()
            print(f"{label:<44} did not grade: {lines[-1] if lines else timings.exit_code}")
            continue
        wall = statistics.median(timings.wall)
        ratio = statistics.median(t / b for t, b in zip(timings.wall, baseline.wall, strict=True))
        verdict = "within" if wall <= TARGET_SECONDS else "over"
        print(
            f"{label:<44} {wall:7.3f}s {ratio:5.1f}x {statistics.median(timings.cpu):7.3f}s   "
            f"({verdict} the {TARGET_SECONDS} s target)"
        )
    print(f"\ntimeline (parts measured one by one, medians; load {os.getloadavg()[0]:.1f})")
    for name, submission, spec in CASES:
        parts = timeline(submission, spec, options.repeat)
        print(
            f"  {name:<20} " + "  ".join(f"{part} {s * 1000:5.0f} ms" for part, s in parts.items())
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
