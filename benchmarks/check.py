"""Wall time of `gradekit check` on the example submissions, engine backend (target <= 0.5 s).

Each command runs as a fresh process, like a student typing it, several times; the median is
printed next to a plain `python -c "import numpy"` measured in the same run, so the ratio means
something on any machine. Timing is reported, never asserted.

    python benchmarks/check.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 0.5
CASES = [
    ("tensor-indexing", "examples/student/exercise.py", "exercises/tensor-indexing.yaml"),
    ("autograd", "examples/student/autograd_exercises.py", "exercises/autograd.yaml"),
]


def timed(command: list[str], repeat: int) -> tuple[float, int, str]:
    """Median wall time over ``repeat`` runs, the last exit code and the last stderr."""
    times = []
    completed = None
    for _ in range(repeat):
        started = time.perf_counter()
        completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        times.append(time.perf_counter() - started)
    assert completed is not None
    return statistics.median(times), completed.returncode, completed.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per command (median)")
    options = parser.parse_args()

    baseline, _, _ = timed([sys.executable, "-c", "import numpy"], options.repeat)
    baseline_label = 'baseline: python -c "import numpy"'
    print(f"{baseline_label:<44} {baseline:7.3f} s   1.0x")
    for name, submission, spec in CASES:
        command = [
            sys.executable, "-m", "gradekit", "check", submission,
            "--assignment", spec, "--backend", "engine", "--format", "json",
        ]  # fmt: skip
        seconds, exit_code, stderr = timed(command, options.repeat)
        label = f"gradekit check ({name}, engine)"
        if exit_code not in (0, 1):  # 0/1 are verdicts; anything else means it did not grade
            reason = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit {exit_code}"
            print(f"{label:<44} did not grade: {reason}")
            continue
        verdict = "within" if seconds <= TARGET_SECONDS else "over"
        print(
            f"{label:<44} {seconds:7.3f} s {seconds / baseline:5.1f}x   "
            f"({verdict} the {TARGET_SECONDS} s target)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
