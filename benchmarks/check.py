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
replied, and renders the text report's panels of those that do not pass), and the grading
after the run (what is left of the verdicts, and the text report).
(To compare with grading everything after the run, run an older snapshot's benchmarks/check.py:
grading the same outcome again in this process would find the comparisons remembered.) A
check overlaps its own
start-up (imports, plans, reference answers) with the zygote's, so its wall time is roughly
interpreter start + zygote start-up + run + grading.

Each check runs twice per round: on its own (`GRADEKIT_CHECK_SERVER=off`: a first check, or any
check in CI) and served by the check server (every later check of a student; the server is
started first, in a private directory, and each served check waits until the server's spare
sandbox is ready again, as it is when a student edits between checks).

The expected answers are cached on disk keyed by the engine's source, so edits to
gradekit/engine/ between runs make the next check recompute them: benchmark a quiet tree (or a
`git archive` snapshot: run its own benchmarks/check.py from inside it).

    python benchmarks/check.py [--repeat N]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
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
    name: value
    for name, value in os.environ.items()
    if name not in ("PYTHONDONTWRITEBYTECODE", "CI", "GRADEKIT_CHECK_SERVER")
}
ON_ITS_OWN = dict(ENVIRONMENT, GRADEKIT_CHECK_SERVER="off")
SERVER_DIRECTORY = tempfile.mkdtemp(prefix="gk-bench-")  # mode 0700, short (a socket path)
SERVED = dict(ENVIRONMENT, GRADEKIT_SERVER_DIR=SERVER_DIRECTORY)


def run_once(command: list[str], timings: Timings, env: dict[str, str] = ON_ITS_OWN) -> None:
    cpu_before = _children_cpu()
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    timings.wall.append(time.perf_counter() - started)
    timings.cpu.append(_children_cpu() - cpu_before)
    timings.exit_code, timings.stderr = completed.returncode, completed.stderr


def check_command(submission: str, spec: str) -> list[str]:
    """The check a student types: the text report (to a pipe here: no colours, 80 columns)."""
    return [
        sys.executable, "-m", "gradekit", "check", submission,
        "--assignment", spec, "--backend", "engine",
    ]  # fmt: skip


class CheckServer:
    """The check server the served rows use, in :data:`SERVER_DIRECTORY`. Its CPU time is not
    in the rows' cpu column (it is no child of this process)."""

    def __init__(self) -> None:
        from gradekit.check_server import client

        self.client = client
        os.environ["GRADEKIT_SERVER_DIR"] = SERVER_DIRECTORY  # where client looks
        program = "from gradekit.check_server import rendezvous as r; print(r.server_key())"
        self.key = subprocess.run(
            [sys.executable, "-c", program],
            cwd=ROOT, env=SERVED, capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        subprocess.run(
            [sys.executable, "-m", "gradekit", "server", "start"],
            cwd=ROOT, env=SERVED, capture_output=True, check=True,
        )  # fmt: skip

    def wait_until_ready(self) -> None:
        """Until the server holds a warm spare sandbox for the engine again."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status = self.client.server_status(self.key)
            if status is None:
                raise SystemExit("the check server stopped (gradekit's files changed?)")
            if "engine" in status["spare_sandboxes"] and not status["checks_running"]:
                return
            time.sleep(0.05)
        raise SystemExit("the check server has no spare sandbox after 60 s")

    def served(self) -> int:
        return self.client.server_status(self.key)["checks_served"]

    def stop(self) -> None:
        self.client.stop_servers()
        for leftover in Path(SERVER_DIRECTORY).iterdir():
            leftover.unlink()
        os.rmdir(SERVER_DIRECTORY)


def timeline(submission: str, spec: str, rounds: int) -> dict[str, float]:
    """Median seconds of a check's parts, each round in a fresh process (as cold as a check:
    nothing decoded or compared yet)."""
    parts: dict[str, list[float]] = {}
    for _ in range(rounds):
        completed = subprocess.run(
            [sys.executable, __file__, "--timeline-round", submission, spec],
            cwd=ROOT, capture_output=True, text=True, env=ON_ITS_OWN, check=True,
        )  # fmt: skip
        for part, seconds in json.loads(completed.stdout).items():
            parts.setdefault(part, []).append(seconds)
    return {part: statistics.median(values) for part, values in parts.items()}


def timeline_round(submission: str, spec: str) -> dict[str, float]:
    """One round of :func:`timeline`: a check's parts one after the other, in this process."""
    from rich.console import Console

    from gradekit.grading.pipeline import _grade_while_running, _StudentRun, grade_outcome
    from gradekit.grading.plan_cache import load_compiled
    from gradekit.grading.reference import reference_answers
    from gradekit.grading.static import parse_source
    from gradekit.grading.submission import load_submission
    from gradekit.report.panels import PanelCache
    from gradekit.report.text import render_text
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
            def run(path, calls, on_outcome, cancel, skip_after_timeout=False):
                return run_submission_warm(
                    path,
                    calls,
                    zygote=zygote,
                    policy=policy,
                    on_outcome=on_outcome,
                    cancel=cancel,
                    skip_after_timeout=skip_after_timeout,
                )

        ready = time.perf_counter()
        run = _StudentRun(source, compiled.plans, WarmSandbox())
        panels = PanelCache(lambda: Console(file=io.StringIO(), width=80))  # as to a pipe
        streamed = _grade_while_running(
            run, compiled.plans, source, parsed, reference, panels.prepare
        )
        outcome = run.result()
        ran = time.perf_counter()

    graded = time.perf_counter()
    result = grade_outcome(
        compiled, compiled.plans, reference, source, outcome,
        submission=submission, backend="engine", parsed=parsed, graded=streamed,
    )  # fmt: skip
    render_text(result, panels.console, panels)
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
    rows = [(name, submission, spec, served) for name, submission, spec in CASES
            for served in (False, True)]  # fmt: skip
    checks = {(name, served): Timings() for name, _, _, served in rows}
    for _, submission, spec in CASES:  # fill the spec and answer caches; not counted
        run_once(check_command(submission, spec), Timings())
    server = CheckServer()
    try:
        for _ in range(options.repeat):
            run_once(BASELINE[1], baseline)
            for name, submission, spec, served in rows:
                if served:
                    server.wait_until_ready()
                env = SERVED if served else ON_ITS_OWN
                run_once(check_command(submission, spec), checks[name, served], env)
        served_count = server.served()
    finally:
        server.stop()
    if served_count != options.repeat * len(CASES):
        raise SystemExit(f"the server served {served_count} checks, not every served row's")

    print(f"{'command':<50} {'wall':>8} {'ratio':>6} {'cpu':>8}")
    print(
        f"{BASELINE[0]:<50} {statistics.median(baseline.wall):7.3f}s {1.0:5.1f}x "
        f"{statistics.median(baseline.cpu):7.3f}s"
    )
    for name, _, _, served in rows:
        timings = checks[name, served]
        label = f"gradekit check ({name}, engine{', served' if served else ''})"
        if timings.exit_code not in (0, 1):  # 0/1 are verdicts; anything else did not grade
            lines = timings.stderr.strip().splitlines()
            print(f"{label:<50} did not grade: {lines[-1] if lines else timings.exit_code}")
            continue
        wall = statistics.median(timings.wall)
        ratio = statistics.median(t / b for t, b in zip(timings.wall, baseline.wall, strict=True))
        verdict = "within" if wall <= TARGET_SECONDS else "over"
        print(
            f"{label:<50} {wall:7.3f}s {ratio:5.1f}x {statistics.median(timings.cpu):7.3f}s   "
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
