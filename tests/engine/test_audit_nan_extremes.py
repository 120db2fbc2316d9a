# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""A NaN in one slice of ``max/min/argmax/argmin(dim)`` (the differential audit 2's F01): the
engine masked NaN over the whole tensor, so every other slice took index 0 (or its first NaN)
and its value and MaxBackward0/MinBackward0 gradient with it.  torch picks each slice's first
NaN and leaves the other slices alone, as numpy's argmax/argmin do.  The goldens were captured
from torch 2.13 with ``audit_outcomes.goldens``: ``python tests/engine/test_audit_nan_extremes.py``
prints them again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

NAN_SLICES = {
    "x = torch.tensor([[float('nan'), 1.], [1., 5.]]); result = x.max(dim=1)": "(torch.float32 (2,) [nan, 5.0] rg=False, torch.int64 (2,) [0, 1] rg=False)",
    "x = torch.tensor([[float('nan'), 1.], [1., 5.]]); result = x.min(dim=1)": "(torch.float32 (2,) [nan, 1.0] rg=False, torch.int64 (2,) [0, 0] rg=False)",
    "x = torch.tensor([[float('nan'), 1.], [1., 5.]]); result = x.argmax(dim=1)": "torch.int64 (2,) [0, 1] rg=False",
    "x = torch.tensor([[float('nan'), 1.], [1., 5.]]); result = x.argmin(1)": "torch.int64 (2,) [0, 0] rg=False",
    "x = torch.tensor([[float('nan'), 1.], [1., 5.]]); result = x.argmax(0)": "torch.int64 (2,) [0, 1] rg=False",
    "x = torch.tensor([[1., float('nan'), float('nan')], [1., 5., 2.], [0., -1., 3.]]); result = torch.max(x, 1, keepdim=True)": "(torch.float32 (3, 1) [[nan], [5.0], [3.0]] rg=False, torch.int64 (3, 1) [[1], [1], [2]] rg=False)",
    "x = torch.tensor([[1., float('nan'), float('nan')], [1., 5., 2.], [0., -1., 3.]]); result = torch.min(x, 0)": "(torch.float32 (3,) [0.0, nan, nan] rg=False, torch.int64 (3,) [2, 0, 0] rg=False)",
    "x = torch.tensor([[1., float('nan'), float('nan')], [1., 5., 2.], [0., -1., 3.]], dtype=torch.float64); result = x.argmin(1, keepdim=True)": "torch.int64 (3, 1) [[1], [0], [1]] rg=False",
    "x = torch.tensor([[1., float('nan'), float('nan')], [1., 5., 2.], [0., -1., 3.]], dtype=torch.float16); result = x.argmax(1)": "torch.int64 (3,) [1, 1, 2] rg=False",
    "x = torch.tensor([[float('nan'), 0., 1.], [3., 0., 2.]], requires_grad=True); x.min(dim=1).values.sum().backward(); result = x.grad": "torch.float32 (2, 3) [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]] rg=False",
    "x = torch.tensor([[float('nan'), 0., 1.], [3., 0., 2.]], requires_grad=True); x.max(dim=1)[0].sum().backward(); result = x.grad": "torch.float32 (2, 3) [[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]] rg=False",
    "x = torch.tensor([[0., 1.], [float('nan'), 2.]], requires_grad=True); result = torch.autograd.grad(x.max(0).values.sum(), x)": "(torch.float32 (2, 2) [[0.0, 0.0], [1.0, 1.0]] rg=False)",
    "x = torch.tensor([float('nan'), float('nan'), 1.]); result = (x.argmax(), x.argmin(), x.max(0).indices, x.min(0).indices)": "(torch.int64 () 0 rg=False, torch.int64 () 0 rg=False, torch.int64 () 0 rg=False, torch.int64 () 0 rg=False)",
    "logits = torch.tensor([[0.1, 2.0, -1.0], [float('nan'), 0.0, 0.0], [0.5, 0.2, 3.0]]); y = torch.tensor([1, 1, 2]); result = (logits.argmax(dim=1) == y).float().mean()": "torch.float32 () 0.666667 rg=False",
    "x = torch.tensor([[[float('nan'), 1.], [2., 3.]], [[4., 0.], [1., 1.]]]); result = (x.max(-1), x.argmin(-2))": "((torch.float32 (2, 2) [[nan, 3.0], [4.0, 1.0]] rg=False, torch.int64 (2, 2) [[0, 1], [0, 0]] rg=False), torch.int64 (2, 2) [[0, 0], [1, 0]] rg=False)",
}


@pytest.mark.parametrize("code", sorted(NAN_SLICES))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == NAN_SLICES[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(NAN_SLICES))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == NAN_SLICES[code]


_VALUES = st.sampled_from([float("nan"), -1.0, 0.0, 1.0, 2.0, float("inf")])


@st.composite
def _arrays(draw: st.DrawFn) -> np.ndarray:
    shape = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3))
    values = draw(st.lists(_VALUES, min_size=int(np.prod(shape)), max_size=int(np.prod(shape))))
    return np.array(values, dtype=np.float32).reshape(shape)


def _run(torch: ModuleType, data: np.ndarray, op: str, dim: int) -> list:
    x = torch.tensor(data.tolist(), requires_grad=True)
    if op in ("argmax", "argmin"):
        return getattr(x, op)(dim).tolist()
    values, indices = getattr(x, op)(dim)
    (grad,) = torch.autograd.grad(values.sum(), x)
    return [repr(values.tolist()), indices.tolist(), grad.tolist()]


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(
    data=_arrays(), op=st.sampled_from(["max", "min", "argmax", "argmin"]), dim=st.integers(-3, 2)
)
def test_nan_extremes_along_a_dim_as_torch(
    data: np.ndarray, op: str, dim: int, real_torch: ModuleType
) -> None:
    dim %= data.ndim
    assert _run(engine, data, op, dim) == _run(real_torch, data, op, dim)


@settings(max_examples=100, deadline=None)
@given(data=_arrays(), dim=st.integers(0, 2))
def test_a_slice_without_nan_keeps_its_extreme(data: np.ndarray, dim: int) -> None:
    dim %= data.ndim
    indices = engine.tensor(data.tolist()).argmax(dim)._data
    moved = np.moveaxis(data, dim, -1)
    for position in np.ndindex(moved.shape[:-1]):
        row = moved[position]
        expected = int(np.argmax(np.isnan(row))) if np.isnan(row).any() else int(np.argmax(row))
        assert indices[position] == expected


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("NAN_SLICES = {")
    for code, answer in goldens(torch, list(NAN_SLICES)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
