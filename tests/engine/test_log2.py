"""``torch.log2`` (function, method, ``log2_``): values, dtypes, ``Log2Backward0`` (saves self:
``grad / (self * 0.6931471805599453)``), double-backward graphs and errors, against torch."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine


def graph(tensor: Any) -> Any:
    def walk(node: Any) -> Any:
        if node is None:
            return None
        return (node.name(), tuple(walk(child) for child, _ in node.next_functions))

    return walk(tensor.grad_fn)


def picture(module: Any, values: list[float], dtype: str) -> dict[str, Any]:
    x = module.tensor(values, dtype=getattr(module, dtype), requires_grad=True)
    y = x.log2()
    (g,) = module.autograd.grad((y * y).sum(), x, create_graph=True)
    (gg,) = module.autograd.grad(g.sum(), x)
    return {
        "y": y.detach().numpy().tobytes().hex(),
        "dtype": str(y.dtype),
        "grad_fn": y.grad_fn.name(),
        "g": g.detach().numpy().tobytes().hex(),
        "graph": graph(g),
        "gg": gg.numpy().tobytes().hex(),
    }


@pytest.mark.torch
@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(
        st.floats(min_value=2.0**-100, max_value=2.0**100, width=32), min_size=1, max_size=7
    ),
    dtype=st.sampled_from(["float32", "float64"]),
)
def test_short_tensors_bit_for_bit(values: list[float], dtype: str, real_torch) -> None:
    """Short tensors (torch's scalar loop): values, gradients, second gradients, graph."""
    assert picture(engine, values, dtype) == picture(real_torch, values, dtype)


CALLS = [
    "torch.log2(torch.tensor([1, 4, 8]))",
    "torch.log2(torch.tensor([True, False]))",
    "torch.log2(torch.tensor([0.0, -1.0, float('inf'), float('nan'), -0.0]))",
    "torch.log2(torch.tensor([2.0, 8.0], dtype=torch.float16))",
    "torch.tensor([2.0, 0.5]).log2_()",
    "torch.tensor([4]).log2_()",
    "torch.log2(None)",
    "torch.log2(torch.ones(2), 1)",
    "torch.tensor([2.0], requires_grad=True).log2_()",
]


@pytest.mark.torch
@pytest.mark.parametrize("snippet", CALLS)
def test_calls_answer_as_torch(snippet: str, real_torch) -> None:
    def run(module: Any) -> str:
        try:
            value = eval(snippet, {"torch": module})
        except Exception as error:  # noqa: BLE001 - the error is the outcome compared
            return f"{type(error).__name__}: {error}"
        return repr((value.tolist(), str(value.dtype)))

    assert run(engine) == run(real_torch)


def test_recorded_values() -> None:
    x = engine.tensor([1.0, 8.0, 0.5], requires_grad=True)
    y = x.log2()
    assert y.tolist() == [0.0, 3.0, -1.0] and y.grad_fn.name() == "Log2Backward0"
    y.sum().backward()
    expected = 1 / (np.array([1.0, 8.0, 0.5], np.float32) * np.float32(0.6931471805599453))
    assert x.grad.numpy().tolist() == expected.tolist()
    assert engine.log2(engine.tensor([4])).dtype is engine.float32
