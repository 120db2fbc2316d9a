"""Make ``import torch`` resolve to the engine, and run ordinary PyTorch scripts on it.

``install_torch_alias()`` registers the engine's modules under the torch names in
``sys.modules`` (``torch``, ``torch.autograd``, ``torch.nn``, ``torch.nn.functional``,
``torch.linalg``) and puts a finder first on ``sys.meta_path`` that answers any other
``torch.*`` import with the engine's clear "does not support" error instead of a
confusing ModuleNotFoundError.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from . import errors

# torch module name -> engine module name
ALIASED_MODULES: dict[str, str] = {
    "torch": "gradekit.engine",
    "torch.autograd": "gradekit.engine.autograd",
    "torch.autograd.graph": "gradekit.engine.autograd.graph",
    "torch.autograd.grad_mode": "gradekit.engine.autograd.grad_mode",
    "torch.autograd.function": "gradekit.engine.autograd.function",
    "torch.nn": "gradekit.engine.nn",
    "torch.nn.functional": "gradekit.engine.nn.functional",
    "torch.nn.parameter": "gradekit.engine.nn.parameter",
    "torch.linalg": "gradekit.engine.linalg",
}

_saved_modules: dict[str, ModuleType | None] = {}


class _UnsupportedTorchFinder:
    """Turns ``import torch.optim`` (anything not aliased) into the engine's clear error.

    A meta path finder only needs ``find_spec``; not subclassing
    ``importlib.abc.MetaPathFinder`` keeps ``importlib.abc`` (which imports
    ``importlib.resources``, ``pathlib``, ``tempfile`` …, about 12 ms) off the engine's
    import, which every sandboxed check waits for.
    """

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> None:
        if fullname.startswith("torch.") and fullname not in ALIASED_MODULES:
            raise errors.unsupported(fullname)
        return None


_FINDER = _UnsupportedTorchFinder()


def install_torch_alias() -> ModuleType:
    """Make ``torch`` (and its supported submodules) the engine.  Idempotent.

    Returns the engine module.  ``uninstall_torch_alias()`` restores what was there.
    """
    engine = importlib.import_module("gradekit.engine")
    for torch_name, engine_name in ALIASED_MODULES.items():
        module = importlib.import_module(engine_name)
        current = sys.modules.get(torch_name)
        if current is module:
            continue
        _saved_modules.setdefault(torch_name, current)
        sys.modules[torch_name] = module
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    return engine


def uninstall_torch_alias() -> None:
    """Undo ``install_torch_alias`` (restores real torch modules if they were imported)."""
    for torch_name, previous in _saved_modules.items():
        if previous is None:
            sys.modules.pop(torch_name, None)
        else:
            sys.modules[torch_name] = previous
    _saved_modules.clear()
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def is_torch_alias_installed() -> bool:
    return sys.modules.get("torch") is sys.modules.get("gradekit.engine") is not None


def run_script(path: str | os.PathLike[str], argv: Sequence[str] = ()) -> None:
    """Run a PyTorch script on the engine, as ``python path *argv`` would run it.

    The script runs as ``__main__`` with ``sys.argv == [path, *argv]`` and its directory
    first on ``sys.path``.  ``SystemExit`` from the script propagates; ``sys.argv`` and
    ``sys.path`` are restored afterwards.
    """
    script = os.fspath(path)
    if not os.path.isfile(script):
        raise FileNotFoundError(f"{script}: no such file (expected a Python script to run)")
    import runpy  # only scripts need it: kept off the engine's import time

    install_torch_alias()
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    sys.argv = [script, *argv]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    try:
        runpy.run_path(script, run_name="__main__")
    finally:
        sys.argv[:] = saved_argv
        sys.path[:] = saved_path
