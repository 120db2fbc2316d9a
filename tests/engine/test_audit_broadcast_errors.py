# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Shapes that do not broadcast, in torch's words rather than numpy's (issue 2, the
differential audit's R14/R17): allclose, isclose, ``%``, ``//``, floor_divide, remainder,
div with a rounding mode, clamp with tensor bounds (and clamp_), logical_and/logical_or,
masked_fill/masked_fill_/masked_select (the out-of-place two name the mask tensor a, as torch's
``expand_outplace(mask, self)``)
raise "The size of tensor a (2) must match the size of tensor b (3) at non-singleton
dimension 0".  The goldens were captured from torch 2.13 with ``audit_outcomes.goldens``."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDEN = {
    "a = torch.ones(2, 3); b = torch.ones(3, 2); result = a % b": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
    "a = torch.ones(2, 3); b = torch.ones(4, 1, 2); result = torch.isclose(a, b)": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 2",
    "a = torch.tensor([1, 2]); b = torch.tensor([1, 2, 3]); result = a % b": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1, 2]); b = torch.tensor([1, 2, 3]); result = a // b": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a % b": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a // b": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a.allclose(b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a.clamp(min=b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a.clamp_(max=b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a.clamp_(min=b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a.div(b, rounding_mode='floor')": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a.isclose(b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = a.remainder(b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.allclose(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.clamp(a, b, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.clamp(a, max=b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.clamp(a, min=b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.clamp(a, min=torch.tensor([0., 1.]), max=b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.div(a, b, rounding_mode='floor')": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.div(a, b, rounding_mode='trunc')": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.floor_divide(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.isclose(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.maximum(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.minimum(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.remainder(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([1., 2.]); b = torch.tensor([1., 2., 3.]); result = torch.where(torch.tensor([True, False]), a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([True, False]); b = torch.tensor([True, False, True]); result = a & b": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([True, False]); b = torch.tensor([True, False, True]); result = a ^ b": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([True, False]); b = torch.tensor([True, False, True]); result = a | b": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([True, False]); b = torch.tensor([True, False, True]); result = a.logical_and(b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([True, False]); b = torch.tensor([True, False, True]); result = a.logical_or(b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([True, False]); b = torch.tensor([True, False, True]); result = torch.logical_and(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.tensor([True, False]); b = torch.tensor([True, False, True]); result = torch.logical_or(a, b)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.ones(2, 3); m = torch.ones(3, 2, dtype=torch.bool); result = a.masked_fill(m, 0.)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1",
    "a = torch.ones(3); m = torch.ones(2, dtype=torch.bool); result = a.masked_fill(m, 0.)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.ones(3); m = torch.ones(2, dtype=torch.bool); result = torch.masked_fill(a, m, torch.tensor(1.))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "a = torch.ones(2); m = torch.ones(2, 3, dtype=torch.bool); result = a.masked_fill(m, 0.)": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
    "a = torch.ones(4, 3); m = torch.ones(2, dtype=torch.bool); result = a.masked_fill(m, 0.)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1",
    "a = torch.ones(3); m = torch.ones(2, dtype=torch.bool); result = a.masked_fill_(m, 0.)": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0",
    "a = torch.ones(2, 3); m = torch.ones(3, 2, dtype=torch.bool); result = a.masked_fill_(m, 0.)": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
    "a = torch.ones(2); m = torch.ones(2, 3, dtype=torch.bool); result = a.masked_select(m)": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
    "a = torch.ones(4, 3); m = torch.ones(2, dtype=torch.bool); result = torch.masked_select(a, m)": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_broadcast_error_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == GOLDEN[code]


_CALLS = {
    "allclose": lambda t, a, b: t.allclose(a, b),
    "isclose": lambda t, a, b: t.isclose(a, b),
    "%": lambda t, a, b: a % b,
    "//": lambda t, a, b: a // b,
    "floor": lambda t, a, b: t.div(a, b, rounding_mode="floor"),
    "trunc": lambda t, a, b: a.div(b, rounding_mode="trunc"),
    "clamp_min": lambda t, a, b: t.clamp(a, min=b),
    "clamp_max_": lambda t, a, b: a.clamp_(max=b),
    "clamp_both": lambda t, a, b: t.clamp(a, b, b),
    "logical_and": lambda t, a, b: t.logical_and(a > 0, b > 0),
    "logical_or": lambda t, a, b: (a > 0).logical_or(b > 0),
    # masked_fill and masked_select broadcast (mask, self): tensor a is the mask
    "masked_fill": lambda t, a, b: a.masked_fill(b > 0, 0.0),
    "masked_fill_tensor": lambda t, a, b: t.masked_fill(a, b > 0, t.tensor(2.0)),
    "masked_fill_": lambda t, a, b: a.masked_fill_(b > 0, 0.0),
    "masked_select": lambda t, a, b: a.masked_select(b > 0),
}


def _call(torch: ModuleType, name: str, shape_a: list[int], shape_b: list[int]) -> str:
    a, b = torch.ones(shape_a), torch.ones(shape_b)
    try:
        result = _CALLS[name](torch, a, b)
    except RuntimeError as failure:
        return str(failure)
    return repr(result) if isinstance(result, bool) else str(tuple(result.shape))


_SHAPES = st.lists(st.integers(1, 4), min_size=0, max_size=3)


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(_CALLS)), shape_a=_SHAPES, shape_b=_SHAPES)
def test_a_broadcast_failure_is_torchs_runtime_error(
    name: str, shape_a: list[int], shape_b: list[int]
) -> None:
    text = _call(engine, name, shape_a, shape_b)
    assert "broadcast together" not in text


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(_CALLS)), shape_a=_SHAPES, shape_b=_SHAPES)
def test_broadcast_failures_as_torch(
    name: str, shape_a: list[int], shape_b: list[int], real_torch: ModuleType
) -> None:
    assert _call(engine, name, shape_a, shape_b) == _call(real_torch, name, shape_a, shape_b)
