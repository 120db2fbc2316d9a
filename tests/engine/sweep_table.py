"""What the two sweeps (``argument_sweep.py``, ``keyword_sweep.py``) share: comparing each call
of a sweep on the engine and on torch, recognising Python's own binding errors, writing a
golden file, and the table of differences that running either file prints::

    python tests/engine/argument_sweep.py [--write]
    python tests/engine/keyword_sweep.py [--write]
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

# The TypeErrors Python raises itself when a call does not bind (before any engine code
# runs): ``exp() missing 1 required positional argument``, ``abs() takes 1 positional
# argument``, ``sum() got an unexpected keyword argument``, ``… got multiple values``.
MISSING = "missing \\d"
TAKES = "takes "
UNEXPECTED = "got an unexpected"
MULTIPLE = "got multiple values"


def python_binding(*forms: str) -> re.Pattern[str]:
    """A pattern matching an outcome that is one of Python's binding errors of ``forms``."""
    return re.compile(r"^TypeError: [\w.]+\(\) (" + "|".join(forms) + ")")


def mismatches(
    snippets: Iterable[str], engine: Any, torch: Any, outcome: Callable[[Any, str], str]
) -> list[tuple[str, str, str]]:
    """(snippet, the engine's outcome, torch's outcome) for each call they answer differently."""
    found = []
    for snippet in snippets:
        ours, theirs = outcome(engine, snippet), outcome(torch, snippet)
        if ours != theirs:
            found.append((snippet, ours, theirs))
    return found


def write_json(path: Path, recorded: dict[str, Any]) -> None:
    """A golden file, as both sweeps write theirs."""
    path.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n")


def main(
    snippets: list[str],
    outcome: Callable[[Any, str], str],
    write: Callable[[Any, Any], None],
    *,
    width: int,
) -> None:
    """A sweep run as a script: with ``--write`` its golden file is rewritten first (torch
    is needed either way); then the count of differences (on stderr) and a table of them,
    each outcome cut to its first line's ``width`` characters."""
    import torch

    import gradekit.engine as engine

    if "--write" in sys.argv:
        write(engine, torch)
    rows = mismatches(snippets, engine, torch, outcome)
    print(f"{len(rows)} of {len(snippets)} calls differ", file=sys.stderr)
    for snippet, ours, theirs in rows:
        first, their_first = ours.splitlines()[0][:width], theirs.splitlines()[0][:width]
        print(f"| `{snippet}` | {first} | {their_first} |")
