# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""A custom ``autograd.Function``'s grad_fn prints as the Python object torch makes it
(issue 2, the differential audit's R11): ``<torch.autograd.function.SqBackward object at
0x…>``.  The goldens were captured from torch 2.13 with ``audit_outcomes.goldens``
(addresses shown as ``0x``)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

SQ = "class Sq(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        ctx.save_for_backward(x)\n        return x * x\n\n    @staticmethod\n    def backward(ctx, g):\n        (x,) = ctx.saved_tensors\n        return 2 * x * g\n\nx = torch.tensor([1.0, 2.0], requires_grad=True)\ny = Sq.apply(x)\n"

FUNCTION_GOLDEN = {
    "result = (type(y.grad_fn).__module__, type(y.grad_fn).__qualname__, type(y.grad_fn).__name__, y.grad_fn.name())": "('torch.autograd.function', "
    "'SqBackward', "
    "'SqBackward', "
    "'SqBackward')",
    "result = f'{y.grad_fn}'": "'<torch.autograd.function.SqBackward object at 0x>'",
    "result = repr(type(y.grad_fn))": "\"<class 'torch.autograd.function.SqBackward'>\"",
    "result = repr(y)": "'tensor([1., 4.], grad_fn=<SqBackward>)'",
    "result = repr(y.grad_fn)": "'<torch.autograd.function.SqBackward object at 0x>'",
    "result = repr(y.sum().grad_fn.next_functions)": "'((<torch.autograd.function.SqBackward object "
    "at 0x>, 0),)'",
    "result = str(y.grad_fn)": "'<torch.autograd.function.SqBackward object at 0x>'",
}


@pytest.mark.parametrize("code", sorted(FUNCTION_GOLDEN))
def test_function_node_repr_matches_the_golden(code: str) -> None:
    assert outcome(engine, SQ + code, with_warnings=False) == FUNCTION_GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(FUNCTION_GOLDEN))
def test_function_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, SQ + code, with_warnings=False) == FUNCTION_GOLDEN[code]
