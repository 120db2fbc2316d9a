"""What every sandbox launcher starts with: its backend and its environment.

Kept apart from :mod:`gradekit.sandbox.runner` (which imports numpy through the protocol) so
that a launcher or a warm zygote can be started before the grader has imported numpy: a
`gradekit check` starts its sandbox first thing (see :mod:`gradekit.grading.early_sandbox`).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

BACKENDS = ("torch", "engine", "auto")


def resolve_backend(backend: str) -> str:
    """``torch`` or ``engine``; ``auto`` means torch when it is installed, else the engine."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    if backend == "auto":
        return "torch" if importlib.util.find_spec("torch") is not None else "engine"
    return backend


def child_environment(scratch: Path) -> dict[str, str]:
    """The allowlisted environment of the child: nothing secret, one thread per library."""
    return {
        "PATH": os.environ.get("PATH", os.defpath),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": str(scratch),
        "TMPDIR": str(scratch),
        "PYTHONHASHSEED": "0",  # for Pythons the student starts; `python -I` ignores it
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }
