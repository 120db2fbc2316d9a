"""The engine's import stays cheap, and cutting its cost changed nothing a program sees.

The import lies on every sandboxed check's path (the child imports numpy, then the
engine, before any student code runs).  No timings here: the tests check *which*
modules the import loads, and that the public API is the one recorded before the
import-time work (``public_api.py``).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from public_api import describe_public_api, load_golden

import gradekit.engine as torch


def _modules_loaded_by_engine_import() -> set[str]:
    """Modules a fresh interpreter loads for ``import gradekit.engine`` after numpy."""
    code = (
        "import sys, numpy; before = set(sys.modules); import gradekit.engine; "
        "print(' '.join(sorted(set(sys.modules) - before)))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split())


@pytest.fixture(scope="module")
def loaded_modules() -> set[str]:
    return _modules_loaded_by_engine_import()


@pytest.mark.parametrize(
    "module",
    [
        "importlib.abc",  # imports importlib.resources, pathlib, tempfile, shutil …
        "runpy",
        "dataclasses",
        "numpy.random",
    ],
)
def test_import_does_not_load_heavy_standard_modules(loaded_modules: set[str], module: str) -> None:
    assert module not in loaded_modules


def test_import_loads_the_engine(loaded_modules: set[str]) -> None:
    """Guards the test above: the subprocess really imported the engine."""
    assert {"gradekit.engine", "gradekit.engine.ops.views"} <= loaded_modules


def test_public_api_is_unchanged() -> None:
    golden = load_golden()
    picture = describe_public_api(sorted(golden["torch_names"]))
    for section in ("all", "modules", "torch_names", "tensor"):
        assert picture[section] == golden[section], section


def test_unsupported_names_still_raise_the_clear_error() -> None:
    golden = load_golden()
    unsupported = [name for name, seen in golden["torch_names"].items() if seen[0] == "raises"]
    assert len(unsupported) > 500  # most of torch's namespace is outside the subset
    with pytest.raises(NotImplementedError, match=r"does not support torch\.fft"):
        torch.fft  # noqa: B018
    with pytest.raises(NotImplementedError, match=r"does not support torch\.Tensor\.stft"):
        torch.ones(2).stft  # noqa: B018


def test_no_getattr_hook_anywhere_in_tensors_classes() -> None:
    """Not on Tensor nor on a base class: any ``__getattr__`` stops CPython 3.11 from
    specialising attribute reads on tensors."""
    assert not hasattr(torch.Tensor, "__getattr__")


@pytest.mark.torch
def test_tensor_class_hierarchy_reads_as_torchs() -> None:
    """The stand-ins live on a base class named like torch's own (torch._C.TensorBase)."""
    real_torch = pytest.importorskip("torch", reason="compares with torch.Tensor's base classes")

    def names(cls: type) -> list[str]:
        return [f"{base.__module__}.{base.__qualname__}" for base in cls.__mro__]

    assert names(torch.Tensor) == names(real_torch.Tensor)


@pytest.mark.parametrize("enabled_before", [True, False])
def test_import_leaves_the_cyclic_gc_as_it_found_it(enabled_before: bool) -> None:
    """The import pauses the cyclic GC (its collections there find nothing) and restores it."""
    code = (
        "import gc, sys; "
        f"gc.enable() if {enabled_before} else gc.disable(); "
        "import gradekit.engine; print(gc.isenabled())"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(enabled_before)
