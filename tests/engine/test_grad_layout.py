"""A new ``.grad`` is laid out as torch lays it out (its "gradient layout contract").

torch's AccumulateGrad gives a dense leaf's first gradient the leaf's own strides (a
transposed leaf gets a transposed ``.grad``), and a leaf that is not dense (a strided
slice) a C-contiguous clone; under ``create_graph`` the first records ``CopyBackwards``,
the second ``CloneBackward0``, as ``retain_grad`` always does.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine.autograd.engine import copy_in_layout_of


def _transposed_leaf(T: ModuleType) -> Any:
    return T.arange(6.0).reshape(2, 3).t().detach().requires_grad_()


def _strided_leaf(T: ModuleType) -> Any:
    return T.arange(12.0).reshape(3, 4)[:, ::2].detach().requires_grad_()


def _permuted_with_size_one(T: ModuleType) -> Any:
    return T.ones(2, 1, 3).permute(2, 0, 1).detach().requires_grad_()


LEAVES: dict[str, Callable[[ModuleType], Any]] = {
    "C-contiguous": lambda T: T.ones(2, 3, requires_grad=True),
    "transposed": _transposed_leaf,
    "strided slice": _strided_leaf,
    "permuted, size-1 dim": _permuted_with_size_one,
}


def _first_grad(T: ModuleType, make_leaf: Callable[[ModuleType], Any]) -> dict[str, Any]:
    x = make_leaf(T)
    (x * x * 2).sum().backward()
    (x * 3).sum().backward()  # the second gradient accumulates in place
    return {
        "stride": x.grad.stride(),
        "contiguous": x.grad.is_contiguous(),
        "values": x.grad.tolist(),
    }


def _first_grad_recorded(T: ModuleType, make_leaf: Callable[[ModuleType], Any]) -> list[Any]:
    x = make_leaf(T)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's reference-cycle warning for create_graph
        (x * x).sum().backward(create_graph=True)
    node = x.grad.grad_fn
    return [node.name(), [None if n is None else n.name() for n, _ in node.next_functions]]


def _retained_recorded(T: ModuleType) -> list[Any]:
    x = T.ones(2, 2, requires_grad=True)
    y = x * 2
    y.retain_grad()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (y * y).sum().backward(create_graph=True)
    return [y.grad.grad_fn.name(), y.grad.stride()]


@pytest.mark.torch
@pytest.mark.parametrize("leaf", sorted(LEAVES))
def test_first_grad_layout_matches_torch(leaf: str, real_torch: ModuleType) -> None:
    assert _first_grad(engine, LEAVES[leaf]) == _first_grad(real_torch, LEAVES[leaf])


@pytest.mark.torch
@pytest.mark.parametrize("leaf", sorted(LEAVES))
def test_first_grad_under_create_graph_matches_torch(leaf: str, real_torch: ModuleType) -> None:
    ours = _first_grad_recorded(engine, LEAVES[leaf])
    assert ours == _first_grad_recorded(real_torch, LEAVES[leaf])


@pytest.mark.torch
def test_retain_grad_under_create_graph_is_a_clone(real_torch: ModuleType) -> None:
    assert _retained_recorded(engine) == _retained_recorded(real_torch)


def test_a_transposed_leaf_gets_a_transposed_grad() -> None:
    """Spelled out without torch: the array path and the hooked (Tensor) path agree."""
    plain = _transposed_leaf(engine)
    (plain * 2).sum().backward()
    hooked = _transposed_leaf(engine)
    hooked.register_hook(lambda grad: grad)  # forces the Tensor path
    (hooked * 2).sum().backward()
    assert plain.grad.stride() == hooked.grad.stride() == (1, 3)


def test_copy_in_layout_of_keeps_values_for_every_layout() -> None:
    base = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    for leaf in (base, base.transpose(2, 0, 1), base[:, ::2], base[:, :1].transpose(1, 2, 0)):
        grad = np.ascontiguousarray(leaf) * 2
        copy = copy_in_layout_of(grad, leaf)
        assert np.array_equal(copy, grad) and copy is not grad


@settings(max_examples=40, deadline=None)
@given(
    shape=st.lists(st.integers(2, 3), min_size=1, max_size=3),  # see below: no size-1 dims
    data=st.data(),
    slice_step=st.sampled_from([1, 2]),
)
def test_any_permuted_or_sliced_leaf_matches_torch(
    shape: list[int], data: st.DataObject, slice_step: int
) -> None:
    """(Dims of size 1 are left out: their strides are free, and torch's TensorIterator and
    numpy pick them differently; docs/engine-internals.md, "Known differences".)"""
    real_torch = pytest.importorskip("torch", reason="compares gradient layouts with torch")
    order = data.draw(st.permutations(range(len(shape))))

    def make_leaf(T: ModuleType) -> Any:
        x = T.arange(float(np.prod(shape))).reshape(*shape).permute(*order)
        return x[..., ::slice_step].detach().requires_grad_()

    assert _first_grad(engine, make_leaf) == _first_grad(real_torch, make_leaf)
    assert _first_grad_recorded(engine, make_leaf) == _first_grad_recorded(real_torch, make_leaf)
