# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""clamp_min / clamp_max with a tensor bound (the differential audit 2's F09): torch records
them as ClampMinBackward1 / ClampMaxBackward1 (two inputs, self and the bound), the engine
as clamp's ClampBackward0 (three).  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens``: ``python tests/engine/test_audit_clamp_tensor.py`` prints them
again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

CLAMP_TENSOR_BOUNDS = {
    "x = torch.tensor([0.5, -1.25], requires_grad=True); y = x.clamp_min(torch.tensor([1., -2.])); y.sum().backward(); result = (y, y.grad_fn.name(), x.grad)": "(torch.float32 (2,) [1.0, -1.25] rg=True, 'ClampMinBackward1', torch.float32 (2,) [0.0, 1.0] rg=False)",
    "x = torch.tensor([0.5, -1.25], requires_grad=True); y = x.clamp_max(torch.tensor([1., -2.])); y.sum().backward(); result = (y, y.grad_fn.name(), x.grad)": "(torch.float32 (2,) [0.5, -2.0] rg=True, 'ClampMaxBackward1', torch.float32 (2,) [1.0, 0.0] rg=False)",
    "x = torch.tensor([0.5, -1.25], requires_grad=True); m = torch.tensor([0.5, -2.], requires_grad=True); y = torch.clamp_min(x, m); y.sum().backward(); result = (y.grad_fn.name(), len(y.grad_fn.next_functions), x.grad, m.grad)": "('ClampMinBackward1', 2, torch.float32 (2,) [1.0, 1.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([0.5, -1.25], requires_grad=True); m = torch.tensor([0.5, -2.], requires_grad=True); y = torch.clamp_max(x, m); y.sum().backward(); result = (y.grad_fn.name(), x.grad, m.grad)": "('ClampMaxBackward1', torch.float32 (2,) [1.0, 0.0] rg=False, torch.float32 (2,) [0.0, 1.0] rg=False)",
    "x = torch.tensor([[0.5, -1.25], [3., 0.]], requires_grad=True); m = torch.tensor([0.4], requires_grad=True); y = x.clamp_min(m); y.sum().backward(); result = (y.grad_fn.name(), x.grad, m.grad)": "('ClampMinBackward1', torch.float32 (2, 2) [[1.0, 0.0], [1.0, 0.0]] rg=False, torch.float32 (1,) [2.0] rg=False)",
    "x = torch.tensor([0.5, -1.25], requires_grad=True); y = x.clamp(min=torch.tensor([1., -2.])); result = y.grad_fn.name()": "'ClampBackward0'",
    "x = torch.tensor([0.5, -1.25], requires_grad=True); y = x.clamp_min(1.0); result = y.grad_fn.name()": "'ClampMinBackward0'",
    "x = torch.tensor([0.5, -1.25], requires_grad=True); m = torch.tensor([0.5, -2.], requires_grad=True); y = x.clamp_min(m); g = torch.autograd.grad(y.sum(), (x, m), create_graph=True); result = g": "(torch.float32 (2,) [1.0, 1.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
}


@pytest.mark.parametrize("code", sorted(CLAMP_TENSOR_BOUNDS))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == CLAMP_TENSOR_BOUNDS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(CLAMP_TENSOR_BOUNDS))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == CLAMP_TENSOR_BOUNDS[code]


_VALUES = st.lists(st.sampled_from([-1.0, 0.0, 0.5, 2.0]), min_size=3, max_size=3)


@pytest.mark.torch
@settings(max_examples=100, deadline=None)
@given(
    values=_VALUES,
    bounds=_VALUES,
    op=st.sampled_from(
        ["x.clamp_min(b)", "torch.clamp_max(x, b)", "x.clamp(min=b)", "x.clamp(max=b)"]
    ),
    bound_grad=st.booleans(),
)
def test_tensor_bounds_as_torch(
    values: list[float], bounds: list[float], op: str, bound_grad: bool, real_torch: ModuleType
) -> None:
    code = (
        f"x = torch.tensor({values}, requires_grad=True); "
        f"b = torch.tensor({bounds}, requires_grad={bound_grad}); y = {op}; y.sum().backward(); "
        "result = (y, y.grad_fn.name(), x.grad, b.grad)"
    )
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("CLAMP_TENSOR_BOUNDS = {")
    for code, answer in goldens(torch, list(CLAMP_TENSOR_BOUNDS)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
