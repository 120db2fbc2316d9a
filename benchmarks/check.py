"""Wall time of `gradekit check` on the example submissions, engine backend (target <= 0.5 s).

Each command runs as a fresh process, like a student typing it, several times. Every round runs
a plain `python -c "import numpy"` first and then each check, so the ratio compares runs made
under the same machine load (the median of the per-round ratios is printed). CPU seconds (user +
system, of the process and every process it waited for: sandbox probe, zygote, launcher,
worker) are printed too: on a shared machine they move far less than wall time. Timing is
reported, never asserted.

The expected answers are cached on disk keyed by the engine's source, so edits to
gradekit/engine/ between runs make the next check recompute them: benchmark a quiet tree (or a
`git archive` snapshot: run its own benchmarks/check.py from inside it).

    python benchmarks/check.py [--repeat N]
"""

from __future__ import annotations

import argparse
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="rounds (medians are printed)")
    options = parser.parse_args()

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
    return 0


if __name__ == "__main__":
    sys.exit(main())
