# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""The memory layout of cat, stack (and hstack/vstack over them) and repeat against torch:
torch's cat writes a C-contiguous result unless every input is a 4-d channels-last tensor;
numpy's concatenate follows its inputs' order, so the engine gave two transposed inputs a
transposed result (strides (1, 2) where torch has (4, 1)), and numpy's tile of all-ones
repeats copied a transposed input transposed.  Goldens captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin checks they are still torch's."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

GOLDENS = {
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = (torch.cat((x, x * 2), 1).stride(), torch.cat((x, x)).stride(), torch.hstack((x, x)).stride())": "((4, 1), (2, 1), (4, 1))",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = (torch.stack((x, x)).stride(), torch.stack((x, x), 2).stride(), torch.vstack((x, x)).stride())": "((6, 2, 1), (4, 2, 1), (2, 1))",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = torch.cat((x, x), 1)": "torch.float32 (3, 4) [[0.0, 3.0, 0.0, 3.0], [1.0, 4.0, 1.0, 4.0], [2.0, 5.0, 2.0, 5.0]] rg=False",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = torch.stack((x, x.int()), 1)": "torch.float32 (3, 2, 2) [[[0.0, 3.0], [0.0, 3.0]], [[1.0, 4.0], [1.0, 4.0]], [[2.0, 5.0], [2.0, 5.0]]] rg=False",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = torch.cat((x, torch.ones(3, 2)), 1).stride()": "(4, 1)",
    "x = torch.arange(24.0).reshape(2, 3, 4).permute(2, 0, 1)\nresult = (torch.cat((x, x), 1).stride(), torch.stack((x, x), 3).stride())": "((12, 3, 1), (12, 6, 2, 1))",
    "x = torch.ones(2, 3, 4, 5).permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)\nresult = (torch.cat((x, x), 1).stride(), torch.cat((x, torch.ones(2, 3, 4, 5))).stride())": "((120, 1, 30, 6), (60, 20, 5, 1))",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = (x.repeat(1, 1).stride(), x.repeat(2, 1).stride(), x.repeat(1, 1, 1).stride())": "((2, 1), (2, 1), (6, 2, 1))",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = (x.repeat(1, 1).view(-1), x.repeat(1, 1).is_contiguous())": "(torch.float32 (6,) [0.0, 3.0, 1.0, 4.0, 2.0, 5.0] rg=False, True)",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = torch.cat((x, x), 1).view(-1)": "torch.float32 (12,) [0.0, 3.0, 0.0, 3.0, 1.0, 4.0, 1.0, 4.0, 2.0, 5.0, 2.0, 5.0] rg=False",
    "x = torch.arange(6.0).reshape(2, 3).t().requires_grad_()\nr = torch.stack((x, x * 2), 1)\n(r * torch.arange(12.0).reshape(3, 2, 2)).sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('StackBackward0', torch.float32 (3, 2) [[4.0, 7.0], [16.0, 19.0], [28.0, 31.0]] rg=False)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_join_layouts_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_join_layout_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]
