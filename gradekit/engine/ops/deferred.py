"""Ops whose modules load on first use, to keep the engine's import cheap (the import lies
on every sandboxed check's path; see docs/engine-internals.md, Import time).

``deferred(module, attribute, name)`` is a stand-in for ``ops.<module>.<attribute>``
(torch.``name`` or the Tensor method ``name``) that imports the module on its first call
and forwards every call.  It carries the real op's ``__module__`` and ``__qualname__``, so
the public API reads the same, loaded or not.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def deferred(module: str, attribute: str, name: str) -> Callable[..., Any]:
    path = f"gradekit.engine.ops.{module}"
    loaded: list[Callable[..., Any]] = []

    def op(*args: Any, **kwargs: Any) -> Any:
        if not loaded:
            loaded.append(getattr(importlib.import_module(path), attribute))
        return loaded[0](*args, **kwargs)

    op.__name__ = op.__qualname__ = name
    op.__module__ = path
    return op
