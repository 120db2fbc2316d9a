# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""amax/amin's gradient is torch's ``scale_grad_by_count``, ``(grad / count) * mask``, so the
elements that were not the extreme get ``-0.`` under a negative gradient (issue 2, the
differential audit's R12; ``1 / x.grad`` shows the sign).  The goldens were captured from
torch 2.13 with ``audit_outcomes.goldens``."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

GOLDEN = {
    "x = torch.tensor([[1., 2.], [3., 0.]], dtype=torch.float64, requires_grad=True); (x.amax((0, 1)) * -1).backward(); result = (x.grad, 1 / x.grad)": "(torch.float64 (2, 2) [[-0.0, -0.0], [-1.0, -0.0]] rg=False, torch.float64 (2, 2) [[-inf, -inf], [-1.0, -inf]] rg=False)",
    "x = torch.tensor([[1., 2.], [3., 0.]], requires_grad=True); (x.amax(0) * -1).sum().backward(); result = (x.grad, 1 / x.grad)": "(torch.float32 (2, 2) [[-0.0, -1.0], [-1.0, -0.0]] rg=False, torch.float32 (2, 2) [[-inf, -1.0], [-1.0, -inf]] rg=False)",
    "x = torch.tensor([[1., 2.], [3., 0.]], requires_grad=True); (x.amin(1) * -1).sum().backward(); result = (x.grad, 1 / x.grad)": "(torch.float32 (2, 2) [[-1.0, -0.0], [-0.0, -1.0]] rg=False, torch.float32 (2, 2) [[-1.0, -inf], [-inf, -1.0]] rg=False)",
    "x = torch.tensor([[1., 2.], [3., 0.]], requires_grad=True); g, = torch.autograd.grad(x.amax(0).sum(), x, create_graph=True); result = (g, g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())": "AttributeError: 'NoneType' object has no attribute 'name'",
    "x = torch.tensor([[1., 2.], [3., 0.]], requires_grad=True); y = x.amin(0); (y * y).sum().backward(); result = x.grad": "torch.float32 (2, 2) [[2.0, 0.0], [0.0, 0.0]] rg=False",
    "x = torch.tensor([[1., 3.], [3., 0.]], requires_grad=True); (x.amax() * -2).backward(); result = (x.grad, 1 / x.grad)": "(torch.float32 (2, 2) [[-0.0, -1.0], [-1.0, -0.0]] rg=False, torch.float32 (2, 2) [[-inf, -1.0], [-1.0, -inf]] rg=False)",
    "x = torch.tensor([[1., 3.], [3., 3.]], requires_grad=True); (x.amax(1, keepdim=True) * -1).sum().backward(); result = (x.grad, 1 / x.grad)": "(torch.float32 (2, 2) [[-0.0, -1.0], [-0.5, -0.5]] rg=False, torch.float32 (2, 2) [[-inf, -1.0], [-2.0, -2.0]] rg=False)",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_amax_gradient_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == GOLDEN[code]
