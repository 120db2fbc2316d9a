"""Make ``import torch`` resolve to the engine, and run ordinary PyTorch scripts on it.

``install_torch_alias()`` registers the engine's modules under the torch names in
``sys.modules`` (``torch``, ``torch.autograd``, ``torch.nn``, ``torch.nn.functional``,
``torch.linalg``, ``torch.optim`` …) and puts a finder first on ``sys.meta_path`` that
answers any other ``torch.*`` import with the engine's clear "does not support" error instead of a
confusing ModuleNotFoundError.

``run_script()`` runs a script the way ``python`` would; ``script_traceback()`` formats an
exception that escaped it the way ``python`` would print it for real torch: the script's frames,
not the runner's above them nor the engine's below them (torch's own are mostly C++).
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
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
    "torch.autograd.variable": "gradekit.engine.autograd.variable",
    "torch.nn": "gradekit.engine.nn",
    "torch.nn.functional": "gradekit.engine.nn.functional",
    "torch.nn.parameter": "gradekit.engine.nn.parameter",
    "torch.nn.init": "gradekit.engine.nn.init",
    "torch.linalg": "gradekit.engine.linalg",
    "torch.cuda": "gradekit.engine.cuda",
    "torch.optim": "gradekit.engine.optim",
}

# engine module name -> torch module name (``from torch import X`` looks for ``gradekit.engine.X``)
_TORCH_NAMES: dict[str, str] = {engine: torch for torch, engine in ALIASED_MODULES.items()}

_saved_modules: dict[str, ModuleType | None] = {}


class _UnsupportedTorchFinder:
    """Turns ``import torch.fft`` (anything not aliased) into the engine's clear error.

    ``from torch.autograd import gradcheck`` needs it too: when a package lacks the name,
    Python tries to import it as a submodule, under the package's real name
    (``gradekit.engine.autograd.gradcheck``), and otherwise says only "cannot import name".
    Such a name, when no engine module has it, is answered with the error for its torch name.

    A meta path finder only needs ``find_spec``; not subclassing
    ``importlib.abc.MetaPathFinder`` keeps ``importlib.abc`` (which imports
    ``importlib.resources``, ``pathlib``, ``tempfile`` …, about 12 ms) off the engine's
    import, which every sandboxed check waits for.
    """

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> None:
        if fullname.startswith("torch.") and fullname not in ALIASED_MODULES:
            raise errors.unsupported(fullname)
        package, _, name = fullname.rpartition(".")
        if package in _TORCH_NAMES and fullname not in _TORCH_NAMES:
            from importlib.machinery import PathFinder

            if PathFinder.find_spec(fullname, path) is None:  # not an engine module either
                raise errors.unsupported(f"{_TORCH_NAMES[package]}.{name}")
        return None


_FINDER = _UnsupportedTorchFinder()


def install_torch_alias() -> ModuleType:
    """Make ``torch`` (and its supported submodules) the engine.  Idempotent.

    Returns the engine module.  ``uninstall_torch_alias()`` restores what was there.
    """
    engine = importlib.import_module("gradekit.engine")
    for torch_name, engine_name in ALIASED_MODULES.items():
        module = importlib.import_module(engine_name)
        if not hasattr(module, "__path__"):
            # A module with a __path__ (an empty one: it has no submodules) is a package to
            # the import system, so `from torch.nn.functional import gelu` asks the finder
            # above for the missing name instead of failing with "cannot import name".
            module.__path__ = []
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


def run_script(
    path: str | os.PathLike[str], argv: Sequence[str] = (), *, on_engine: bool = True
) -> None:
    """Run a PyTorch script on the engine (``on_engine=False``: on real torch), as
    ``python path *argv`` would run it.

    The script runs as ``__main__`` with ``sys.argv == [path, *argv]``, its directory first
    on ``sys.path`` and, as in Python, an absolute ``__file__`` (which warnings and
    tracebacks show). Its exceptions, ``SystemExit`` included, propagate; ``sys.argv`` and
    ``sys.path`` are restored afterwards.
    """
    script = os.fspath(path)
    if not os.path.isfile(script):
        raise FileNotFoundError(f"{script}: no such file (expected a Python script to run)")
    absolute = os.path.abspath(script)
    # Not runpy.run_path: it would put the absolute path in sys.argv[0] too.
    from importlib.machinery import SourceFileLoader

    with open(absolute, "rb") as file:  # bytes: compile() honours a PEP 263 coding line
        code = compile(file.read(), absolute, "exec", dont_inherit=True)
    main = ModuleType("__main__")
    main.__file__ = absolute
    main.__loader__ = SourceFileLoader("__main__", absolute)
    main.__builtins__ = __builtins__
    if on_engine:
        install_torch_alias()
    saved_argv, saved_path, saved_main = sys.argv[:], sys.path[:], sys.modules.get("__main__")
    sys.argv = [script, *argv]
    sys.path.insert(0, os.path.dirname(absolute))
    sys.modules["__main__"] = main  # pickle and dataclasses look the script up there
    try:
        exec(code, vars(main))
    finally:
        sys.argv[:] = saved_argv
        sys.path[:] = saved_path
        if saved_main is not None:
            sys.modules["__main__"] = saved_main


# Frames below the script's own that are not the student's business: gradekit's, and the import
# system's (an unsupported `from torch.x import Y` is refused while it looks for the module).
_NOT_THE_SCRIPTS = (
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep,
    "<frozen importlib.",
)


def script_traceback(error: BaseException, path: str | os.PathLike[str]) -> str:
    """What Python prints for ``error`` escaping the script at ``path`` (run by
    :func:`run_script`), chained exceptions included, with each traceback cut to start at the
    script's first frame and to end at its last frame outside gradekit and the import system:
    the runner's frames above the script and the engine's below it are not the student's."""
    script = os.path.abspath(os.fspath(path))
    exception = traceback.TracebackException.from_exception(error)
    pending, seen = [exception], set()
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        frames = list(current.stack)
        first = next((i for i, frame in enumerate(frames) if frame.filename == script), None)
        if first is not None:
            frames = frames[first:]
            while len(frames) > 1 and frames[-1].filename.startswith(_NOT_THE_SCRIPTS):
                frames.pop()
            current.stack = traceback.StackSummary.from_list(frames)
        pending += [current.__cause__, current.__context__]
    return "".join(exception.format())
