"""``torch.floor`` and ``torch.round`` (``decimals=``), their methods and in-place forms:
values bit for bit, dtypes, grad_fn names, gradients (zero, with no graph even under
``create_graph``, as derivatives.yaml's ``zeros_like``), and torch's errors."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

SPECIAL = [-2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.5, 0.49999997, -3.7, 1e30, float("inf")]
SPECIAL += [float("-inf"), float("nan"), 1.25, 0.125, -0.0625, 2.675, 123456.789]

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def outcome(module: Any, snippet: str, values: list[float], dtype: str = "float32") -> str:
    """What ``snippet`` gives on ``x`` (the values, of ``dtype``, requiring grad when
    floating): its repr with dtype and grad_fn, or ``Type: message``."""
    namespace = {"torch": module, "np": np}
    try:
        kind = getattr(module, dtype)
        floating = kind.is_floating_point
        x = module.tensor(values, dtype=kind, requires_grad=floating)
        namespace["x"] = x
        value = eval(snippet, namespace)
    except Exception as error:  # noqa: BLE001 - the error is the outcome compared
        return _ADDRESS.sub("0x…", f"{type(error).__name__}: {error}")
    if hasattr(value, "tolist"):
        data = value.detach().numpy() if hasattr(value, "detach") else value
        grad_fn = value.grad_fn.name() if value.grad_fn is not None else None
        return repr((np.asarray(data).tobytes().hex(), str(value.dtype), grad_fn))
    return repr(value)


CALLS = [
    "torch.floor(x)",
    "x.floor()",
    "torch.round(x)",
    "x.round()",
    "torch.round(x, decimals=1)",
    "torch.round(x, decimals=2)",
    "torch.round(x, decimals=-1)",
    "x.round(decimals=3)",
    "x.detach().floor_()",
    "x.detach().round_()",
    "x.detach().round_(decimals=1)",
    "x.floor_()",
    "torch.floor(None)",
    "torch.round(None)",
    "torch.floor(x, 1)",
    "torch.round(x, 1)",
    "torch.round(x, decimals=None)",
    "torch.round(x, decimals=1.5)",
    "torch.round(x, decimals=True)",
    "x.round(1)",
    "x.round(decimals='a')",
    "x.detach().round_(1)",
]


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int64", "int32", "bool"])
@pytest.mark.parametrize("snippet", CALLS)
def test_calls_answer_as_torch(snippet: str, dtype: str, real_torch) -> None:
    values = [0.0, 1.0, 2.0] if dtype in ("int64", "int32", "bool") else SPECIAL
    if dtype == "bool":
        values = [True, False, True]
    assert outcome(engine, snippet, values, dtype) == outcome(real_torch, snippet, values, dtype)


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(
    values=st.lists(st.floats(width=32, allow_nan=True), min_size=1, max_size=12),
    dtype=st.sampled_from(["float32", "float64", "float16"]),
    decimals=st.integers(-4, 6) | st.none(),
)
def test_values_bit_for_bit(values: list[float], dtype: str, decimals, real_torch) -> None:
    snippet = "torch.round(x)" if decimals is None else f"torch.round(x, decimals={decimals})"
    for call in (snippet, "torch.floor(x)"):
        assert outcome(engine, call, values, dtype) == outcome(real_torch, call, values, dtype)


def _gradients(module: Any) -> list[Any]:
    x = module.tensor([[-1.5, 0.5, 2.25], [3.7, -0.2, 1.0]], requires_grad=True)
    seen: list[Any] = []
    for y in (x.floor(), x.round(), x.round(decimals=1), (x * 2).floor() * x):
        (g,) = module.autograd.grad((y * y).sum(), x, create_graph=True)
        seen.append((y.grad_fn.name(), g.tolist(), g.requires_grad))
        if g.requires_grad:
            seen.append(g.grad_fn.name())
    return seen


def test_gradients_are_zero_without_a_graph() -> None:
    x = engine.tensor([-1.5, 0.5, 2.25], requires_grad=True)
    (x.floor() * x.round() + x.round(decimals=1)).sum().backward()
    assert x.grad.tolist() == [0.0, 0.0, 0.0]
    (g,) = engine.autograd.grad((x.floor() ** 2).sum(), x, create_graph=True)
    assert g.grad_fn is None and not g.requires_grad


@pytest.mark.torch
def test_gradients_and_graphs_as_torch(real_torch) -> None:
    assert _gradients(engine) == _gradients(real_torch)


def test_recorded_values() -> None:
    """Without torch: halves to even, -0.0 kept, torch's decimals formula."""
    x = engine.tensor([-2.5, -0.5, 0.5, 1.5, 2.675, -0.0])
    assert x.round().tolist() == [-2.0, -0.0, 0.0, 2.0, 3.0, -0.0]
    assert np.signbit(x.round().numpy()).tolist() == [True, True, False, False, False, True]
    assert x.floor().tolist() == [-3.0, -1.0, 0.0, 1.0, 2.0, -0.0]
    assert x.round(decimals=2).numpy()[4] == np.float32(2.68)  # 267.5 rounds to even: 268
    assert engine.round(engine.tensor([1, 2])).dtype is engine.int64
    with pytest.raises(NotImplementedError, match="\"round_cpu\" not implemented for 'Long'"):
        engine.tensor([1, 2]).round(decimals=1)
    with pytest.raises(NotImplementedError, match="\"floor_vml_cpu\" not implemented for 'Bool'"):
        engine.tensor([True]).floor()


def test_listed_in_the_namespace_and_as_methods() -> None:
    for name in ("floor", "round"):
        assert name in engine.__all__
        assert callable(getattr(engine.Tensor, name))
        assert callable(getattr(engine.Tensor, name + "_"))
