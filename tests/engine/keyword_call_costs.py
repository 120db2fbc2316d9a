"""Instructions per call of a few engine calls, counted by valgrind's callgrind (which does
not depend on the machine's load), for two copies of the engine side by side: the calls run
``low`` and then ``high`` times in two processes, and the difference of the two totals,
divided by ``high - low``, is one call's cost. Used to check that the keyword parameters
cost the positional calls nothing (copy the tree before and after a change to two paths of
the same length: the path's length moves the import's count a little)::

    python tests/engine/keyword_call_costs.py /tmp/kw_base /tmp/kw_news
    python tests/engine/keyword_call_costs.py /tmp/kw_base /tmp/kw_news "x.sum(0)"

Each figure is the median of ``REPEATS`` measurements (with address randomisation off and
the loop in a function, repeats agree to the instruction: one is enough).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile

CALLS = ["x.sum(0)", "x.view(2, 3)", "x.flip(0)"]
REPEATS = 1
_PROGRAM = """
import gradekit.engine as torch
x = torch.ones(2, 3)
def calls(count):
    for _ in range(count):
        {call}
calls(50)  # (warm: CPython specialises the calls first)
calls({repeats})
"""
_TOTAL = re.compile(r"summary:\s+(\d+)")


def _instructions(engine_path: str, call: str, repeats: int) -> int:
    program = _PROGRAM.format(call=call, repeats=repeats)
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "callgrind.out")
        environment = {
            **os.environ,
            "PYTHONPATH": engine_path,
            "PYTHONHASHSEED": "0",
            "OMP_NUM_THREADS": "1",
        }
        command = ["setarch", "-R", "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        subprocess.run(  # (in the scratch directory: ``-c`` puts the cwd first on sys.path)
            [*command, sys.executable, "-c", program],
            check=True,
            capture_output=True,
            env=environment,
            cwd=scratch,
        )
        with open(out) as handle:
            return int(_TOTAL.search(handle.read()).group(1))


def per_call(engine_path: str, call: str, low: int = 500, high: int = 2500) -> float:
    high_total = _instructions(engine_path, call, high)
    return (high_total - _instructions(engine_path, call, low)) / (high - low)


if __name__ == "__main__":
    before, after, *calls = sys.argv[1:]
    for call in calls or CALLS:
        costs = {path: [] for path in (before, after)}
        for _ in range(REPEATS):
            for path in (before, after):  # interleaved, so a drift hits both alike
                costs[path].append(per_call(path, call))
        old, new = (statistics.median(costs[path]) for path in (before, after))
        spread = max(max(values) - min(values) for values in costs.values())
        print(
            f"{call:28} {old:9.1f} -> {new:9.1f} instructions per call "
            f"({(new - old) / old:+.2%}; repeats differ by up to {spread:.1f})",
            flush=True,
        )
