"""A plain-data picture of the engine's public API, to check that import-time work
(lazy tables, fewer imports) changes nothing a program can see.

``describe_public_api()`` walks every module ``install_torch_alias()`` makes importable as
``torch.*``, every public name of real torch's namespace (those the engine lacks must
raise the same clear error), and every attribute of ``Tensor``.  Each name becomes a
short description: what kind of object it resolves to and where it is defined, or the
exception type and message it raises.

``golden/public_api.json`` holds the picture taken before the import-time work; rewrite
it only for an intended API change::

    python tests/engine/public_api.py --write
"""

from __future__ import annotations

import importlib
import inspect
import json
import sys
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parent / "golden" / "public_api.json"

# The engine modules that install_torch_alias() exposes under torch's names.
ALIASED_MODULES = (
    "gradekit.engine",
    "gradekit.engine.autograd",
    "gradekit.engine.autograd.graph",
    "gradekit.engine.autograd.grad_mode",
    "gradekit.engine.autograd.function",
    "gradekit.engine.nn",
    "gradekit.engine.nn.functional",
    "gradekit.engine.nn.parameter",
    "gradekit.engine.linalg",
    "gradekit.engine.cuda",
    "gradekit.engine.optim",
)


def describe(value: Any) -> list[Any]:
    """What a name resolves to, as JSON-compatible data that identifies the object."""
    if inspect.ismodule(value):
        return ["module", value.__name__]
    if isinstance(value, type):
        return ["class", value.__module__, value.__qualname__]
    if callable(value) and hasattr(value, "__qualname__"):
        return [type(value).__name__, getattr(value, "__module__", None), value.__qualname__]
    if isinstance(value, property):
        getter = value.fget
        return [
            "property",
            getattr(getter, "__module__", None),
            getattr(getter, "__qualname__", ""),
        ]
    if isinstance(value, (bool, int, float, str)) or value is None:
        return [type(value).__name__, repr(value) if value != value else value]  # (nan: text)
    text = repr(value)
    if " at 0x" in text:  # a default repr: the address differs per process
        return [type(value).__module__, type(value).__qualname__]
    return [type(value).__name__, text[:80]]


def describe_lookup(owner: Any, name: str) -> list[Any]:
    """``describe(getattr(owner, name))``, or the exception that lookup raises."""
    try:
        value = getattr(owner, name)
    except Exception as exc:  # noqa: BLE001 - the exception *is* the observation
        return ["raises", type(exc).__name__, str(exc)]
    return describe(value)


def describe_public_api(torch_names: list[str]) -> dict[str, Any]:
    """The picture: aliased modules' public names, torch's names, Tensor's attributes."""
    engine = importlib.import_module("gradekit.engine")
    modules = {
        module_name: {
            name: describe_lookup(module, name)
            for name in sorted(dir(module))
            if not name.startswith("_")
        }
        for module_name in ALIASED_MODULES
        for module in [importlib.import_module(module_name)]
    }
    return {
        "modules": modules,
        "torch_names": {name: describe_lookup(engine, name) for name in torch_names},
        "tensor": {name: describe_lookup(engine.Tensor, name) for name in dir(engine.Tensor)},
        "all": sorted(engine.__all__),
    }


def load_golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


def main() -> None:
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/engine/public_api.py --write")
    import torch  # real torch: the public names the engine is checked against

    torch_names = sorted(name for name in dir(torch) if not name.startswith("_"))
    picture = describe_public_api(torch_names)
    GOLDEN.write_text(json.dumps(picture, indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
