"""Ops whose modules load on first use, to keep the engine's import cheap (the import lies
on every sandboxed check's path; see docs/engine-internals.md, Import time).

``deferred(module, attribute, name)`` is a stand-in for ``ops.<module>.<attribute>``
(torch.``name`` or the Tensor method ``name``) that imports the module on its first call
and forwards every call.  It carries the real op's ``__module__`` and ``__qualname__``, so
the public API reads the same, loaded or not.  A dotted ``module`` is relative to the
engine (``"nn.activations"``); ``key`` reads the op from a table the module builds
(``ops.elementwise.METHODS``); ``qualname`` and ``shown_module`` are the real op's when
they are not ``name`` and the module's (an in-place method made by ``ops/inplace.py``,
torch.unique's ``torch.functional``).  A Tensor method's stand-in calls the op as the
method copy ``arguments.as_method`` makes of it (``ops/methods.py``), as the op itself
would be attached: the error path tells ``x.atan2(2)`` from ``torch.atan2(x, 2)`` by it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

from .. import ops


def deferred(
    module: str,
    attribute: str,
    name: str,
    *,
    key: str | None = None,
    qualname: str | None = None,
    shown_module: str | None = None,
) -> Callable[..., Any]:
    path = f"gradekit.engine.{module}" if "." in module else f"gradekit.engine.ops.{module}"
    parent, _, child = path.rpartition(".")
    loaded: list[Callable[..., Any]] = []
    adapters: list[Callable[[Any], Any]] = []  # applied to the op once loaded (methods.py)

    def op(*args: Any, **kwargs: Any) -> Any:
        if not loaded:
            package = sys.modules[parent]
            bound = child in vars(package)
            found = getattr(importlib.import_module(path), attribute)
            if not bound and package is not ops:
                # the import system binds the module on its package: torch.nn has no
                # ``activations`` (nor had it before the first call)
                vars(package).pop(child, None)
            found = found if key is None else found[key]
            for adapt in adapters:
                found = adapt(found)
            loaded.append(found)
        return loaded[0](*args, **kwargs)

    op.__name__ = name
    op.__qualname__ = qualname or name
    op.__module__ = shown_module or path
    op._deferred_adapters = adapters  # type: ignore[attr-defined]
    return op
