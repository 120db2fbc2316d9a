"""Regenerate the engine's golden fixtures from real PyTorch.

Writes, from ``torch`` (must be the pinned 2.13.0):

* ``tests/engine/golden/programs.json`` — the observations of every program in
  ``tests/engine/programs.py``, stamped with the torch and numpy versions;
* ``tests/engine/seed_scripts/<name>.expected`` — the stdout of each seed script run with
  plain ``python`` (so ``import torch`` is the real thing), memory addresses masked.

Usage::

    python tools/gen_golden.py             # everything
    python tools/gen_golden.py programs    # only programs.json
    python tools/gen_golden.py seeds       # only the *.expected files

Every program is run twice and must observe the same thing both times; a program that
is not deterministic would make a useless fixture, so generation stops with its name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
ENGINE_TESTS = REPO / "tests" / "engine"
GOLDEN_FILE = ENGINE_TESTS / "golden" / "programs.json"
SEED_SCRIPTS = ENGINE_TESTS / "seed_scripts"
PINNED_TORCH = "2.13.0"

sys.path.insert(0, str(ENGINE_TESTS))
import programs  # noqa: E402  (the shared program registry lives next to the tests)


def _import_torch():
    try:
        import torch
    except ImportError:
        sys.exit(
            "gen_golden: real torch is required to generate fixtures (pip install torch==2.13.0)"
        )
    if not torch.__version__.startswith(PINNED_TORCH):
        sys.exit(
            f"gen_golden: fixtures are pinned to torch {PINNED_TORCH}, found {torch.__version__}"
        )
    return torch


def generate_programs() -> None:
    torch = _import_torch()
    observations = {}
    for name in programs.PROGRAMS:
        first = programs.run_program(name, torch)
        second = programs.run_program(name, torch)
        if first != second:
            sys.exit(f"gen_golden: program {name!r} is not deterministic on torch; fix it first")
        if "__uncaught__" in first:
            print(f"note: {name} raised uncaught on torch: {first['__uncaught__']}")
        observations[name] = first
    fixture = {
        "torch_version": torch.__version__,
        "numpy_version": np.__version__,
        "generator": "tools/gen_golden.py",
        "programs": observations,
    }
    GOLDEN_FILE.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN_FILE.write_text(json.dumps(fixture, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {GOLDEN_FILE.relative_to(REPO)} ({len(observations)} programs)")


def run_seed_script_with_torch(script: Path) -> str:
    """stdout of ``python script`` under real torch, addresses masked."""
    completed = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        cwd=script.parent,
        timeout=300,
    )
    if completed.returncode != 0:
        sys.exit(
            f"gen_golden: {script.name} failed under real torch "
            f"(exit {completed.returncode}):\n{completed.stderr}"
        )
    return programs.mask_addresses(completed.stdout)


def generate_seed_expectations() -> None:
    _import_torch()
    scripts = sorted(SEED_SCRIPTS.glob("*.py"))
    for script in scripts:
        expected = run_seed_script_with_torch(script)
        if expected != run_seed_script_with_torch(script):
            sys.exit(f"gen_golden: {script.name} prints different output on each run")
        script.with_suffix(".expected").write_text(expected)
        print(f"wrote {script.with_suffix('.expected').relative_to(REPO)}")


def main(argv: list[str]) -> None:
    targets = set(argv) or {"programs", "seeds"}
    unknown = targets - {"programs", "seeds"}
    if unknown:
        sys.exit(f"gen_golden: unknown target(s) {sorted(unknown)}; use 'programs' and/or 'seeds'")
    if "programs" in targets:
        generate_programs()
    if "seeds" in targets:
        generate_seed_expectations()


if __name__ == "__main__":
    main(sys.argv[1:])
