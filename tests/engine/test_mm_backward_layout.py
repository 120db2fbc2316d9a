"""mm's gradient formulas follow torch's choice by the inputs' memory layout.

torch's ``mm_mat1_backward`` computes ``(mat2 @ grad.t()).t()`` when mat1 was
column-major (strides ``(1, rows)``: a transposed matrix, or any 1x1 matrix) and
``grad @ mat2.t()`` otherwise; ``mm_mat2_backward`` likewise.  The values agree either
way; what shows is the gradient's layout (``stride()``) and, under
``create_graph=True``, the recorded graph: ``TBackward0(MmBackward0(...))``.  The same
formulas serve ``addmm`` (``F.linear`` with a bias, whose weight enters as ``w.t()``).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from programs import graph_desc

import gradekit.engine as engine

pytestmark = pytest.mark.torch


def _matrix(T: ModuleType, rows: int, cols: int, *, column_major: bool, start: float) -> Any:
    """A leaf ``rows x cols`` matrix, column-major (made by a transpose) when asked."""
    count = rows * cols
    values = T.arange(start, start + count, dtype=T.float64) / 7
    if column_major:
        return values.reshape(cols, rows).t().detach().requires_grad_()
    return values.reshape(rows, cols).requires_grad_()


Case = Callable[[ModuleType, bool, bool], tuple[Any, list[Any]]]


def _mm(T: ModuleType, first_t: bool, second_t: bool) -> tuple[Any, list[Any]]:
    a = _matrix(T, 2, 3, column_major=first_t, start=1)
    b = _matrix(T, 3, 4, column_major=second_t, start=2)
    return T.mm(a, b), [a, b]


def _matmul_of_views(T: ModuleType, first_t: bool, second_t: bool) -> tuple[Any, list[Any]]:
    """The transposes are recorded views here (not leaves): TBackward0 on both sides."""
    a = _matrix(T, 3, 2, column_major=False, start=1)
    b = _matrix(T, 4, 3, column_major=False, start=2)
    left = a.t() if first_t else a.reshape(2, 3)
    right = b.t() if second_t else b.reshape(3, 4)
    return T.matmul(left, right), [a, b]


def _one_by_one(T: ModuleType, first_t: bool, second_t: bool) -> tuple[Any, list[Any]]:
    a = _matrix(T, 1, 1, column_major=first_t, start=3)
    b = _matrix(T, 1, 5, column_major=second_t, start=2)
    return T.mm(a, b), [a, b]


def _vector_times_matrix(T: ModuleType, first_t: bool, second_t: bool) -> tuple[Any, list[Any]]:
    v = T.arange(1.0, 4.0, dtype=T.float64).requires_grad_()
    m = _matrix(T, 3, 2, column_major=second_t, start=2)
    return T.matmul(v, m), [v, m]


def _batch_times_matrix(T: ModuleType, first_t: bool, second_t: bool) -> tuple[Any, list[Any]]:
    x = (T.arange(24.0, dtype=T.float64) / 5).reshape(2, 3, 4).requires_grad_()
    m = _matrix(T, 4, 2, column_major=second_t, start=2)
    return T.matmul(x, m), [x, m]


def _linear(T: ModuleType, first_t: bool, second_t: bool) -> tuple[Any, list[Any]]:
    x = _matrix(T, 2, 3, column_major=first_t, start=1)
    w = _matrix(T, 4, 3, column_major=second_t, start=2)
    bias = (T.arange(4.0, dtype=T.float64) / 3).requires_grad_()
    return T.nn.functional.linear(x, w, bias), [x, w, bias]


def _linear_one_by_one(T: ModuleType, first_t: bool, second_t: bool) -> tuple[Any, list[Any]]:
    x = _matrix(T, 1, 1, column_major=first_t, start=2)
    w = _matrix(T, 1, 1, column_major=second_t, start=3)
    bias = T.tensor([0.5], dtype=T.float64, requires_grad=True)
    return T.nn.functional.linear(x, w, bias), [x, w, bias]


CASES: dict[str, Case] = {
    "mm": _mm,
    "matmul of views": _matmul_of_views,
    "1x1 @ 1xn": _one_by_one,
    "vector @ matrix": _vector_times_matrix,
    "batch @ matrix": _batch_times_matrix,
    "linear": _linear,
    "linear 1x1": _linear_one_by_one,
}
LAYOUTS = [(False, False), (True, False), (False, True), (True, True)]


def _observe(
    T: ModuleType, case: Case, first_t: bool, second_t: bool, create_graph: bool
) -> dict[str, Any]:
    """Gradients of ``(out * out).sum()``: graphs, strides, values, and second-order
    gradients when the first ones were recorded."""
    out, leaves = case(T, first_t, second_t)
    grads = T.autograd.grad((out * out).sum(), leaves, create_graph=create_graph)
    seen: dict[str, Any] = {
        "graphs": [graph_desc(g.grad_fn) for g in grads],
        "strides": [g.stride() for g in grads],
        "values": [g.detach().numpy().copy() for g in grads],
    }
    if create_graph:
        total = sum((g * g).sum() for g in grads)
        second = T.autograd.grad(total, leaves, allow_unused=True)
        seen["second"] = [None if g is None else g.numpy().copy() for g in second]
    return seen


def _assert_same(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert ours["graphs"] == theirs["graphs"]
    assert ours["strides"] == theirs["strides"]
    for mine, expected in zip(ours["values"], theirs["values"], strict=True):
        np.testing.assert_allclose(mine, expected, rtol=1e-12)
    for mine, expected in zip(ours.get("second", []), theirs.get("second", []), strict=True):
        assert (mine is None) == (expected is None)
        if mine is not None:
            np.testing.assert_allclose(mine, expected, rtol=1e-12)


@pytest.mark.parametrize("create_graph", [True, False], ids=["create_graph", "plain"])
@pytest.mark.parametrize("layout", LAYOUTS, ids=["rows", "first_t", "second_t", "both_t"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gradient_graph_and_layout_match_torch(
    name: str, layout: tuple[bool, bool], create_graph: bool, real_torch: ModuleType
) -> None:
    ours = _observe(engine, CASES[name], *layout, create_graph)
    theirs = _observe(real_torch, CASES[name], *layout, create_graph)
    _assert_same(ours, theirs)


def test_column_major_mm_records_torchs_transposed_product() -> None:
    """The case from the known-differences list, spelled out (no torch needed)."""
    a = _matrix(engine, 3, 2, column_major=True, start=1)
    b = _matrix(engine, 2, 4, column_major=False, start=2)
    (grad_a, grad_b) = engine.autograd.grad(engine.mm(a, b).sum(), [a, b], create_graph=True)
    assert graph_desc(grad_a.grad_fn).startswith("TBackward0(MmBackward0(")
    assert graph_desc(grad_b.grad_fn).startswith("MmBackward0(TBackward0(")
    assert grad_a.stride() == (1, 3)  # column-major, like a


@settings(max_examples=40, deadline=None)
@given(
    rows=st.integers(1, 4),
    inner=st.integers(1, 4),
    cols=st.integers(1, 4),
    first_t=st.booleans(),
    second_t=st.booleans(),
    create_graph=st.booleans(),
)
def test_any_shape_and_layout_matches_torch(
    rows: int, inner: int, cols: int, first_t: bool, second_t: bool, create_graph: bool
) -> None:
    real_torch = pytest.importorskip("torch", reason="compares graphs with torch")

    def case(T: ModuleType, first: bool, second: bool) -> tuple[Any, list[Any]]:
        a = _matrix(T, rows, inner, column_major=first, start=1)
        b = _matrix(T, inner, cols, column_major=second, start=2)
        return T.mm(a, b), [a, b]

    ours = _observe(engine, case, first_t, second_t, create_graph)
    theirs = _observe(real_torch, case, first_t, second_t, create_graph)
    _assert_same(ours, theirs)
