"""Ops: each file pairs op functions (numpy forward) with their grad_fn classes (backward).

Importing this package attaches every op to ``Tensor`` as a method.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def load_views_module() -> ModuleType | None:
    """``ops/views.py`` (view/shape/indexing ops, owned separately) if it exists yet."""
    try:
        return importlib.import_module("gradekit.engine.ops.views")
    except ModuleNotFoundError as exc:
        if exc.name != "gradekit.engine.ops.views":
            raise
        return None
