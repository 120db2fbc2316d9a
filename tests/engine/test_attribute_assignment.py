"""Misuses a student may try, answered in torch's words: assigning a read-only attribute,
`x.data = <not a tensor>`, `set_grad_enabled("yes")`; and where backward(create_graph=True)
warns (after the pass and its hooks, where torch's warning surfaces)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import gradekit.engine as engine

READ_ONLY = ["grad_fn", "is_leaf", "shape", "device", "ndim", "T", "mT", "output_nr", "is_cuda"]


def assignment_errors(torch) -> dict[str, tuple[str, str]]:
    x = torch.ones(2, 2, requires_grad=True)
    y = x * 2
    found = {}
    for name in READ_ONLY:
        for label, tensor in (("leaf", x), ("result", y)):
            try:
                setattr(tensor, name, None)
            except Exception as error:  # noqa: BLE001 - the error is what is compared
                found[f"{label}.{name}"] = (type(error).__name__, str(error))
    for value in (None, 3, [1.0]):
        try:
            x.data = value
        except Exception as error:  # noqa: BLE001
            found[f"data = {value!r}"] = (type(error).__name__, str(error))
    for value in ("yes", 1, None):
        try:
            torch.set_grad_enabled(value)
        except Exception as error:  # noqa: BLE001
            found[f"set_grad_enabled({value!r})"] = (type(error).__name__, str(error))
    torch.set_grad_enabled(True)
    return found


def test_read_only_attributes_refuse_assignment_as_torch_does():
    found = assignment_errors(engine)
    assert found["leaf.shape"] == (
        "AttributeError",
        "attribute 'shape' of 'torch._C.TensorBase' objects is not writable",
    )
    assert len(found) == 2 * len(READ_ONLY) + 3 + 3
    assert found["data = None"] == (
        "TypeError",
        "Variable data has to be a tensor, but got NoneType",
    )
    assert found["set_grad_enabled('yes')"] == (
        "TypeError",
        "set_grad_enabled(): argument 'enabled' (position 1) must be bool, not str",
    )


def test_reading_them_still_works_and_data_still_takes_a_tensor():
    x = engine.ones(2, 3)
    assert x.shape == (2, 3) and x.T.shape == (3, 2) and x.is_leaf and x.grad_fn is None
    x.data = engine.zeros(3)
    assert x.tolist() == [0.0, 0.0, 0.0]
    with engine.set_grad_enabled(False):
        assert not engine.is_grad_enabled()
    assert engine.is_grad_enabled()


def create_graph_order(torch_module: str) -> str:
    """What a fresh process prints: a hook's "hook" and the create_graph warning's
    "warning", in their order (the warning is given once per process)."""
    code = (
        f"import warnings, {torch_module} as torch\n"
        "x = torch.ones(2, requires_grad=True); y = x * x\n"
        "y.register_hook(lambda g: print('hook', flush=True))\n"
        "warnings.showwarning = lambda *a, **k: print('warning', flush=True)\n"
        "y.sum().backward(create_graph=True)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_create_graph_warning_comes_after_the_hooks():
    assert create_graph_order("gradekit.engine") == "hook\nwarning\n"


@pytest.mark.torch
def test_the_same_errors_and_order_as_torch():
    torch = pytest.importorskip("torch", reason="compares with real torch")
    assert assignment_errors(engine) == assignment_errors(torch)
    assert create_graph_order("torch") == "hook\nwarning\n"
