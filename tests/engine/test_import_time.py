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


# Modules the import leaves to the first call of one of their ops (ops/deferred.py); the
# costs are in docs/engine-internals.md, Import time.  Each with a call that loads it.
DEFERRED_MODULES = {
    "gradekit.engine.nn.activations": "F.gelu(x)",
    "gradekit.engine.ops.elementwise": "x.log1p()",
    "gradekit.engine.ops.misc_pointwise": "x.ceil()",
    "gradekit.engine.ops.scatter_reduce": "torch.scatter_add(x, 0, i, x)",
    "gradekit.engine.ops.shapes": "x.tril()",
    "gradekit.engine.ops.products": "torch.linalg.cross(x, x)",
    "gradekit.engine.nn.losses": "F.huber_loss(x, x)",
    "gradekit.engine.ops.contraction": "torch.einsum('ij->j', x)",
    "gradekit.engine.ops.solvers": "x.det()",
    "gradekit.engine.ops.matrix_functions": "torch.linalg.svdvals(x)",
    "gradekit.engine.ops.covariance": "torch.cov(x)",
    "gradekit.engine.ops.decompositions": "torch.linalg.eigvalsh(x)",
    "gradekit.engine.ops.integration": "torch.trapezoid(x)",
    "gradekit.engine.ops.counting": "torch.unique(x)",
    "gradekit.engine.ops.bucketing": "x.msort()",
    "gradekit.engine.nn.similarity": "torch.cosine_similarity(x, x)",
    "gradekit.engine.nn.padding": "F.pad(x, (1, 1))",
    "gradekit.engine.nn.normalization": "F.layer_norm(x, (3,))",
    "gradekit.engine.nn.convolution": "F.conv1d(x, x.unsqueeze(-1))",
    "gradekit.engine.nn.pooling": "F.max_pool1d(x, 2)",
}
# kernel modules their ops import inside the calls that need them
KERNEL_MODULES = {
    "gradekit.engine.ops.elementwise_kernels",
    "gradekit.engine.ops.onednn_kernels",
    "gradekit.engine.ops.vector_kernels",
}


def test_import_leaves_the_deferred_modules_out(loaded_modules: set[str]) -> None:
    assert not (DEFERRED_MODULES.keys() | KERNEL_MODULES) & loaded_modules


@pytest.mark.parametrize("module", sorted(DEFERRED_MODULES))
def test_a_deferred_module_loads_on_its_first_call_only(module: str) -> None:
    """The call loads its module (and does not bind it where torch has no such name:
    torch.nn.activations stays torch's AttributeError)."""
    code = (
        "import sys, gradekit.engine as torch\n"
        "F = torch.nn.functional\n"
        "x = torch.ones(3, 3)\n"
        "i = torch.zeros(3, 3, dtype=torch.int64)\n"
        f"print({module!r} in sys.modules)\n"
        f"{DEFERRED_MODULES[module]}\n"
        f"print({module!r} in sys.modules)\n"
        "print(sorted(n for n in vars(torch.nn) if n in ('activations', 'losses', 'padding', "
        "'convolution', 'pooling')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True", "[]"]


def test_the_zygotes_engine_tour_loads_no_deferred_module() -> None:
    """Kept lazy at no cost to the batch workers: the tour a warm zygote runs before it
    forks (gradekit/sandbox/child.py) needs none of them, so no fork pays for one either."""
    code = (
        "import sys\n"
        "from gradekit.sandbox.child import tour_engine\n"
        "tour_engine(['float32', 'float64', 'int64', 'bool'], autograd=True)\n"
        f"print(sorted(m for m in {sorted(DEFERRED_MODULES)!r} if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["[]"]


def test_a_warning_names_the_callers_line_through_a_stand_in(tmp_path) -> None:  # noqa: ANN001
    """errors.warn steps over the stand-in's frame: the line named is the caller's, as
    before the op's module was deferred (here torch.cross's once-only warning)."""
    script = tmp_path / "student.py"
    script.write_text(
        "import warnings, gradekit.engine as torch\n"
        "warnings.simplefilter('always')\n"
        "def f():\n"
        "    return torch.cross(torch.ones(3, 3), torch.ones(3, 3))\n"
        "f()\n"
    )
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith(f"{script}:4: UserWarning: ")


def test_an_engine_path_into_a_deferred_module_leaves_torch_nn_as_it_was() -> None:
    """F.leaky_relu's backward loads nn/activations.py through a stand-in too: no
    ``torch.nn.activations`` appears (torch has none; test_namespaces.py)."""
    code = (
        "import gradekit.engine as torch\n"
        "x = torch.tensor([1.0, -2.0], requires_grad=True)\n"
        "torch.nn.functional.leaky_relu(x).sum().backward()\n"
        "print(x.grad.tolist(), 'activations' in vars(torch.nn))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["[1.0,", "0.009999999776482582]", "False"]
