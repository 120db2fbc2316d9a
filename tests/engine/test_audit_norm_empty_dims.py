# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""norm / linalg.vector_norm with an empty list of dims (the differential audit 2's F19): the
engine reduced over no dim and returned the input's absolute values; torch takes ``dim=()``
as every dim.  The goldens were captured from torch 2.13 with ``audit_outcomes.goldens``:
``python tests/engine/test_audit_norm_empty_dims.py`` prints them again (needs torch)."""

from __future__ import annotations

import math
from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

EMPTY_DIMS = {
    "result = torch.tensor([[1., 2.], [3., 4.]]).norm(dim=())": "torch.float32 () 5.47723 rg=False",
    "result = torch.tensor([[1., 2.], [3., 4.]]).norm(dim=[])": "torch.float32 () 5.47723 rg=False",
    "result = torch.tensor([[1., 2.], [3., 4.]]).norm(dim=(), keepdim=True)": "torch.float32 (1, 1) [[5.47723]] rg=False",
    "result = torch.linalg.vector_norm(torch.tensor([[1., 2.], [3., 4.]]), dim=())": "torch.float32 () 5.47723 rg=False",
    "result = torch.linalg.vector_norm(torch.tensor([[1., 2.], [3., 4.]]), 1, dim=[], keepdim=True)": "torch.float32 (1, 1) [[10.0]] rg=False",
    "result = torch.norm(torch.tensor([[1., 2.], [3., 4.]]), p=3, dim=())": "torch.float32 () 4.64159 rg=False",
    "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True); x.norm(dim=()).backward(); result = x.grad": "torch.float32 (2, 2) [[0.182574, 0.365148], [0.547723, 0.730297]] rg=False",
    "result = torch.tensor(3.).norm(dim=())": "torch.float32 () 3.0 rg=False",
}


@pytest.mark.parametrize("code", sorted(EMPTY_DIMS))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == EMPTY_DIMS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(EMPTY_DIMS))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == EMPTY_DIMS[code]


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(
    shape=st.lists(st.integers(1, 3), max_size=3),
    ord=st.sampled_from([1, 2, 3, float("inf")]),
    dim=st.sampled_from(["()", "[]", "None"]),
    keepdim=st.booleans(),
)
def test_empty_dims_as_torch(
    shape: list[int], ord: float, dim: str, keepdim: bool, real_torch: ModuleType
) -> None:
    # (float64: float32 pow gradients may differ in their last bit, a known difference)
    code = (
        f"x = (torch.arange(float({math.prod(shape)}), dtype=torch.float64) - 1.5).reshape({shape}).requires_grad_(); "
        f"y = torch.linalg.vector_norm(x, {ord!r}, dim={dim}, keepdim={keepdim}); "
        "y.sum().backward(); result = (y, x.grad)"
    ).replace("inf", "float('inf')")
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("EMPTY_DIMS = {")
    for code, answer in goldens(torch, list(EMPTY_DIMS)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
