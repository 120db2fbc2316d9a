"""Per-case overhead of each sandbox tier, as ratios to a plain fork.

Two views of the cost:

1. *Layer cost in a forked child* — what a warm worker (fork per case from a process that has
   already imported numpy) pays for applying the layers: plain fork, fork + rlimits,
   fork + rlimits + Landlock + seccomp (+ capability drop as root).
2. *Whole run* — ``run_submission`` of a one-call submission on the engine backend, with the
   layers of tier 0 only, of tier 1, and with everything available (tier 2 adds bubblewrap).
   This includes starting Python and importing numpy and the engine, which dominates.

Usage: ``python benchmarks/sandbox.py [--runs N]``. Prints medians and ratios; asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from gradekit.sandbox import layers
from gradekit.sandbox.policy import SandboxPolicy, probe_layers
from gradekit.sandbox.protocol import ArgSpec, Call
from gradekit.sandbox.runner import readable_paths, run_submission

SUBMISSION = "def double(x):\n    return x * 2\n"


def time_forked(apply: Callable[[], None], runs: int) -> float:
    """Median seconds for fork -> apply() -> a tiny numpy op -> exit -> reaped."""
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            try:
                apply()
                np.arange(10).sum()
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def time_runs(policy: SandboxPolicy, path: Path, runs: int, backend: str) -> float:
    call = Call("c", "double", args={"x": ArgSpec.tensor(np.ones(3, np.float32))})
    samples = []
    for _ in range(runs):
        outcome = run_submission(path, [call], backend=backend, policy=policy)
        if outcome.calls["c"].status != "ok":
            raise SystemExit(f"benchmark run failed: {outcome.calls['c']}")
        samples.append(outcome.duration)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--backend", default="engine", choices=("engine", "torch"))
    args = parser.parse_args()

    available = probe_layers().available
    scratch = tempfile.mkdtemp(prefix="gradekit-bench-")
    view = layers.FilesystemView(read_paths=readable_paths(), write_paths=(scratch,))
    limits = layers.Limits()

    def rlimits_only() -> None:
        layers.apply_rlimits(limits)

    def tier1() -> None:
        layers.apply_layers(
            [n for n in layers.ALL_CHILD_LAYERS if n in available], limits, view, os.getppid()
        )

    print(f"layers available here: {', '.join(available)}")
    print(f"\n1. layer cost in a forked child (median of {args.runs})")
    plain = time_forked(lambda: None, args.runs)
    rows = [
        ("plain fork", plain),
        ("fork + rlimits", time_forked(rlimits_only, args.runs)),
        ("fork + all tier-1 layers", time_forked(tier1, args.runs)),
    ]
    for name, seconds in rows:
        print(f"   {name:<28} {seconds * 1000:8.2f} ms   x{seconds / plain:6.2f} plain fork")

    path = Path(scratch) / "double.py"
    path.write_text(SUBMISSION)
    tier0 = SandboxPolicy(
        disabled_layers=frozenset(layers.ALL_CHILD_LAYERS + ("subreaper", "bubblewrap"))
    )
    tier0_rlimits = dataclasses.replace(tier0, disabled_layers=tier0.disabled_layers - {"rlimits"})
    tier1 = SandboxPolicy(disabled_layers=frozenset({"bubblewrap"}))
    full = SandboxPolicy()
    print(f"\n2. whole run_submission, backend {args.backend} (median of {args.runs})")
    whole = [
        ("tier 0, no rlimits", time_runs(tier0, path, args.runs, args.backend)),
        ("tier 0 + rlimits", time_runs(tier0_rlimits, path, args.runs, args.backend)),
        (f"tier {tier1.tier} (no bubblewrap)", time_runs(tier1, path, args.runs, args.backend)),
        (f"tier {full.tier} (all available)", time_runs(full, path, args.runs, args.backend)),
    ]
    base = whole[0][1]
    for name, seconds in whole:
        print(
            f"   {name:<28} {seconds * 1000:8.1f} ms   x{seconds / plain:7.1f} plain fork"
            f"   x{seconds / base:5.2f} tier 0"
        )
    os.unlink(path)
    os.rmdir(scratch)


if __name__ == "__main__":
    sys.exit(main())
