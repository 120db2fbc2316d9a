# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Strides of empty tensors: torch gives an empty tensor the contiguous strides of its shape,
each size-0 dim counted as 1 (``torch.empty(0, 3)``: ``(3, 1)``), and its views derive theirs
from those (``.t()``: ``(1, 3)``); numpy gives every empty array it makes zero strides, so
the engine reported ``(0, 0)`` for creations, views of them, indexing results and
reductions.  Goldens captured from torch 2.13 with ``audit_outcomes.outcome`` (a
torch-marked twin checks they are still torch's), and a hypothesis differential over
shapes with size-0 dims and chains of ops."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    "result = (torch.empty(0, 3).stride(), torch.zeros(2, 0).stride(), torch.ones(2, 0, 3).stride(), torch.arange(0).stride())": "((3, 1), (1, 1), (3, 3, 1), (1))",
    "result = (torch.ones(0, 3).t().stride(), torch.ones(0, 2, 3).permute(2, 0, 1).stride(), torch.ones(3, 0)[1:].stride())": "((1, 3), (1, 6, 3), (1, 1))",
    "result = (torch.ones(0, 3)[None].stride(), torch.ones(0, 3).unsqueeze(1).stride(), torch.ones(0, 3).diagonal().stride(), torch.ones(4, 0, 2)[1].stride())": "((0, 3, 1), (3, 3, 1), (4), (2, 1))",
    "result = (torch.ones(0, 3).expand(2, 0, 3).stride(), torch.ones(0, 4).view(2, 2, 0).stride(), torch.ones(0, 4).t().reshape(4, 0).stride())": "((0, 3, 1), (2, 1, 1), (1, 4))",
    "result = (torch.ones(4, 3)[torch.tensor([], dtype=torch.long)].stride(), torch.ones(2, 0, 3).sum(1).stride(), torch.ones(0, 3).sum(1, keepdim=True).stride())": "((3, 1), (3, 1), (1, 1))",
    "result = (torch.ones(0, 3).t().clone().stride(), torch.ones(0, 3).t().contiguous().stride(), torch.ones(0, 3).t().is_contiguous())": "((1, 3), (1, 3), True)",
    "x = torch.zeros(0, 3, requires_grad=True)\nresult = (x.t().stride(), x.t().grad_fn.name(), x.t().unsqueeze(0).stride())": "((1, 3), 'TBackward0', (3, 1, 3))",
    "x = torch.ones(0).expand(2, 0)\nresult = (x.stride(), x.clone().stride(), torch.zeros(0, 2, 2, 1).diagonal(0, 2, 3).permute(2, 0, 1).clone().stride())": "((0, 1), (0, 1), (2, 4, 2))",
    "x = torch.ones(3, 0, 3).permute(2, 1, 0)\nresult = (x.stride(), x.clone().stride(), x.reshape(0, 9).stride(), x.flatten().stride())": "((1, 3, 3), (1, 3, 3), (9, 1), (1))",
    "x = torch.ones(0, 3).t()\nx.add_(1)\nresult = (x.stride(), x.storage_offset())": "((1, 3), 0)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_empty_strides_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_empty_stride_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


# -- differential: random shapes with a size-0 dim, then a chain of view/copy ops ---------


def _creations() -> st.SearchStrategy:
    return st.sampled_from(["empty", "zeros", "ones", "full", "rand_like", "clone"])


def _create(T: ModuleType, how: str, shape: tuple[int, ...]) -> object:
    if how == "full":
        return T.full(shape, 2.0)
    if how == "rand_like":
        return T.zeros_like(T.ones(shape))
    if how == "clone":
        return T.ones(shape).clone()
    return getattr(T, how)(shape)


def _step(T: ModuleType, x: object, step: tuple) -> object:
    """One op of the chain on ``x`` (the same on both), or None where it does not apply."""
    name, a, b = step
    ndim = x.dim()
    if (
        name in ("transpose", "permute", "unsqueeze", "select", "slice", "diagonal", "sum")
        and not ndim
    ):
        return None
    d0, d1 = a % max(ndim, 1), b % max(ndim, 1)
    if name == "transpose":
        return x.transpose(d0, d1)
    if name == "t":
        return x.t() if ndim <= 2 else None
    if name == "permute":
        return x.permute(*range(ndim - 1, -1, -1))
    if name == "unsqueeze":
        return x.unsqueeze(a % (ndim + 1))
    if name == "squeeze":
        return x.squeeze()
    if name == "select":
        return x.select(d0, 0) if x.shape[d0] else None
    if name == "slice":
        return x.narrow(d0, 0, x.shape[d0] // 2)
    if name == "getitem_none":
        return x[None, ...]
    if name == "diagonal":
        return x.diagonal(0, d0, d1) if d0 != d1 else None
    if name == "expand":
        return x.expand(2, *x.shape)
    if name == "flatten":
        return x.flatten()
    if name == "reshape":
        return x.reshape(-1, 1) if x.numel() == 0 else x.reshape(-1)
    if name == "clone":
        return x.clone()
    if name == "contiguous":
        return x.contiguous()
    if name == "sum":
        return x.sum(d0, keepdim=bool(b % 2))
    if name == "index":  # (torch's TensorIterator picks its own strides for an empty
        # result unless the input is contiguous without size-1 dims: Known differences)
        usual = ndim and 1 not in x.shape and x.stride() == T.empty(x.shape).stride()
        return x[T.tensor([], dtype=T.long)] if usual else None
    if name == "mask":
        return x[T.zeros(x.shape, dtype=T.bool)]
    raise AssertionError(name)


_STEP_NAMES = [
    "transpose", "t", "permute", "unsqueeze", "squeeze", "select", "slice", "getitem_none",
    "diagonal", "expand", "flatten", "reshape", "clone", "contiguous", "sum", "index", "mask",
]  # fmt: skip


def _layout(x: object) -> tuple:
    return tuple(x.shape), x.stride(), x.is_contiguous(), x.storage_offset()


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(
    shape=st.lists(st.integers(0, 3), min_size=1, max_size=4).filter(lambda s: 0 in s),
    how=_creations(),
    steps=st.lists(
        st.tuples(st.sampled_from(_STEP_NAMES), st.integers(0, 4), st.integers(0, 4)),
        max_size=4,
    ),
)
def test_empty_layouts_match_torch(
    shape: list[int], how: str, steps: list[tuple], real_torch: ModuleType
) -> None:
    expected = _create(real_torch, how, tuple(shape))
    got = _create(engine, how, tuple(shape))
    assert _layout(got) == _layout(expected), how
    for step in steps:
        expected = _step(real_torch, expected, step)
        if expected is None:
            return
        got = _step(engine, got, step)
        assert _layout(got) == _layout(expected), (how, step)
