"""Differences from torch that the ``dev`` hypothesis profile found, reduced to small cases.

* ``flip`` writes into ``empty_like(x, preserve_format)``: a dense input's strides, so the
  flip of a transposed tensor is not contiguous and a later ``.contiguous()`` records
  ``CloneBackward0`` (test_differential.py's double-backward chains: permute, flip,
  contiguous).
* ``pow``'s exponent gradient takes the log of ``self`` cast to the result dtype: a float64
  0-d base of 4e-291 under a float32 exponent is 0 there, and the gradient is -inf
  (test_differential.py's broadcast binary ops).
* An advanced index into a dim of size 0 raises "index is out of bounds for dimension with
  size 0" only when the broadcast index shape has no 0 (torch's AdvancedIndex check):
  ``x[..., [], [0]]`` of a (0, 1, 0) tensor is an empty (0, 0) result
  (test_indexing_autograd.py's getitem).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest
from programs import graph_desc

import gradekit.engine as engine


def _flip_layouts(T: ModuleType) -> list[Any]:
    seen = []
    base = T.arange(24.0).reshape(2, 3, 4)
    for source in (base, base.permute(2, 0, 1), base.transpose(0, 1), base[:, ::2], base[0]):
        flipped = source.flip(0)
        seen.append([flipped.stride(), flipped.is_contiguous(), flipped.tolist()])
    return seen


def _flip_then_contiguous_graph(T: ModuleType) -> str:
    x = T.zeros(2, 2, requires_grad=True)
    y = x.permute(1, 0).flip(0).contiguous()
    (grad,) = T.autograd.grad((y * y).sum(), x, create_graph=True)
    return graph_desc(grad.grad_fn)


def _pow_exponent_gradient(T: ModuleType, base: float, base_dtype: str, exp_dtype: str) -> Any:
    a = T.tensor(np.array(base, dtype=base_dtype), requires_grad=True)
    b = T.tensor(np.array([0.0, 0.5, 2.0], dtype=exp_dtype), requires_grad=True)
    grad_a, grad_b = T.autograd.grad((a**b).sum(), (a, b), create_graph=True)
    return [grad_b.dtype is T.float32, grad_b.tolist(), graph_desc(grad_b.grad_fn)]


def test_flip_of_a_transposed_tensor_keeps_its_strides() -> None:
    x = engine.arange(6.0).reshape(2, 3).t()
    flipped = x.flip(0)
    assert flipped.stride() == x.stride() == (1, 3)
    assert flipped.tolist() == [[2.0, 5.0], [1.0, 4.0], [0.0, 3.0]]


def test_pow_exponent_gradient_uses_the_result_dtype() -> None:
    tiny, exponent_float32 = 4.03771007e-291, "float32"
    _, grads, _ = _pow_exponent_gradient(engine, tiny, "float64", exponent_float32)
    assert grads[0] == -np.inf


@pytest.mark.torch
def test_flip_layouts_match_torch(real_torch: ModuleType) -> None:
    assert _flip_layouts(engine) == _flip_layouts(real_torch)


@pytest.mark.torch
def test_flip_then_contiguous_graph_matches_torch(real_torch: ModuleType) -> None:
    assert _flip_then_contiguous_graph(engine) == _flip_then_contiguous_graph(real_torch)


@pytest.mark.torch
@pytest.mark.parametrize(
    ("base", "base_dtype", "exp_dtype"),
    [
        (4.03771007e-291, "float64", "float32"),
        (0.5, "float32", "float64"),
        (0.5, "float64", "float64"),
        (2.0, "float32", "float32"),
        (0.0, "float64", "float32"),
    ],
)
def test_pow_exponent_gradient_matches_torch(
    base: float, base_dtype: str, exp_dtype: str, real_torch: ModuleType
) -> None:
    ours = _pow_exponent_gradient(engine, base, base_dtype, exp_dtype)
    theirs = _pow_exponent_gradient(real_torch, base, base_dtype, exp_dtype)
    assert ours[0] == theirs[0] and ours[2] == theirs[2]
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-6)


EMPTY_DIM_INDEXES = [
    ((0, 1, 0), (Ellipsis, [], [0])),
    ((2, 1, 0), (Ellipsis, [], [0])),
    ((2, 0), ([], [5])),
    ((2, 0), ([0], [5])),
    ((2, 0), (slice(None), [0])),
    ((2, 0), (slice(None), [])),
    ((0, 3), ([[0]], [])),
]


def _index_outcome(T: ModuleType, shape: tuple[int, ...], index: tuple[Any, ...]) -> Any:
    try:
        return list(T.zeros(*shape, dtype=T.float64)[index].shape)
    except IndexError as error:
        return f"IndexError: {error}"


@pytest.mark.torch
@pytest.mark.parametrize(("shape", "index"), EMPTY_DIM_INDEXES)
def test_index_into_an_empty_dim_matches_torch(
    real_torch: ModuleType, shape: tuple[int, ...], index: tuple[Any, ...]
) -> None:
    assert _index_outcome(engine, shape, index) == _index_outcome(real_torch, shape, index)


def test_an_empty_broadcast_index_into_an_empty_dim_is_an_empty_result() -> None:
    assert _index_outcome(engine, (0, 1, 0), (Ellipsis, [], [0])) == [0, 0]
    assert _index_outcome(engine, (2, 0), ([0], [5])).startswith("IndexError")
