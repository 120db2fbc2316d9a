# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""F.pad in its 'constant' mode (torch's constant_pad_nd: ConstantPadNdBackward0), which
students' PyTorch code calls and the engine lacked.  The goldens were captured from torch
2.13 with ``audit_outcomes.outcome``; the torch-marked twin checks they are still torch's.
The other modes raise the engine's does-not-support error."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

GOLDENS = {
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 1))": "torch.float32 (2, 5) [[0.0, 0.0, 1.0, 2.0, 0.0], [0.0, 3.0, 4.0, 5.0, 0.0]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 2, 0, 1), value=9)": "torch.float32 (3, 6) [[9.0, 0.0, 1.0, 2.0, 9.0, 9.0], [9.0, 3.0, 4.0, 5.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0, 9.0, 9.0]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), [2, 0, 1, 1], 'constant', -1.5)": "torch.float32 (4, 5) [[-1.5, -1.5, -1.5, -1.5, -1.5], [-1.5, -1.5, 0.0, 1.0, 2.0], [-1.5, -1.5, 3.0, 4.0, 5.0], [-1.5, -1.5, -1.5, -1.5, -1.5]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (-1, -1))": "torch.float32 (2, 1) [[1.0], [4.0]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (-1, 2, 1, -1))": "torch.float32 (2, 4) [[0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 0.0, 0.0]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (0, 0, 0, 0))": "torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), ())": "torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3).unsqueeze(0), (1, 1, 1, 1, 1, 1))": "torch.float32 (3, 4, 5) [[[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 2.0, 0.0], [0.0, 3.0, 4.0, 5.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1,))": "RuntimeError: Padding length must be divisible by 2",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 1, 1, 1, 1, 1))": "RuntimeError: Padding length should be less than or equal to two times the input dimension but got padding length 6 and input of dimension 2",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (-4, 0))": "RuntimeError: narrow(): length must be non-negative.",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (-2, -2))": "RuntimeError: narrow(): length must be non-negative.",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), 1)": "TypeError: pad(): argument 'pad' (position 2) must be tuple of ints, not int",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 1), mode='foo')": "NotImplementedError: Unrecognised padding mode foo",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 1), mode='reflect', value=2)": 'RuntimeError: Padding mode "reflect" doesn\'t take in value argument',
    "result = F.pad(torch.arange(3), (1, 1), value=1.7)": "torch.int64 (5,) [1, 0, 1, 2, 1] rg=False",
    "result = F.pad(torch.arange(3), (1, 1), value=True)": "torch.int64 (5,) [1, 0, 1, 2, 1] rg=False",
    "result = F.pad(torch.tensor([True]), (1, 1))": "torch.bool (3,) [False, True, False] rg=False",
    "result = F.pad(torch.tensor([1.0], dtype=torch.float16), (1, 1), value=1e10)": "RuntimeError: value cannot be converted to type c10::Half without overflow",
    "result = F.pad([1.0], (1, 1))": "TypeError: pad(): argument 'input' (position 1) must be Tensor, not list",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1.5, 1))": "TypeError: pad(): argument 'pad' (position 2) must be tuple of ints, but found element of type float at pos 0",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 1), value='a')": "TypeError: pad(): argument 'value' (position 4) must be float, not str",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 1)).stride()": "(5, 1)",
    "result = F.pad(torch.arange(6.0).reshape(2, 3).t(), (1, 1)).stride()": "(4, 1)",
    "result = F.pad(torch.tensor(2.0), (1, 1))": "RuntimeError: Padding length should be less than or equal to two times the input dimension but got padding length 2 and input of dimension 0",
    "result = F.pad(torch.arange(6.0).reshape(2, 3), (1, 1), 'constant', 2)": "torch.float32 (2, 5) [[2.0, 0.0, 1.0, 2.0, 2.0], [2.0, 3.0, 4.0, 5.0, 2.0]] rg=False",
    "result = F.pad(torch.arange(6.0).reshape(2, 3).half(), (1, 0), value=0.1)": "torch.float16 (2, 4) [[0.0999756, 0.0, 1.0, 2.0], [0.0999756, 3.0, 4.0, 5.0]] rg=False",
    "x = torch.arange(6.0).reshape(2, 3).requires_grad_()\ny = F.pad(x, (1, -1, 2, 0))\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (y.grad_fn.name(), g.grad_fn.name(), [type(n).__name__ for n, _ in g.grad_fn.next_functions], y, g, h)": "('ConstantPadNdBackward0', 'ConstantPadNdBackward0', ['AddBackward0'], torch.float32 (4, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 3.0, 4.0]] rg=True, torch.float32 (2, 3) [[0.0, 2.0, 0.0], [6.0, 8.0, 0.0]] rg=True, torch.float32 (2, 3) [[0.0, 8.0, 0.0], [24.0, 32.0, 0.0]] rg=False)",
    "x = torch.arange(6.0).reshape(2, 3).requires_grad_()\ny = F.pad(x, (0, 0))\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('ConstantPadNdBackward0', torch.float32 (2, 3) [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]] rg=False)",
    "x = torch.arange(6.0).reshape(2, 3).requires_grad_()\ny = F.pad(x, (-1, -1))\n(y * 3).sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('ConstantPadNdBackward0', torch.float32 (2, 3) [[0.0, 3.0, 0.0], [0.0, 3.0, 0.0]] rg=False)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_pad_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_pad_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


@pytest.mark.parametrize("mode", ["reflect", "replicate", "circular"])
def test_other_pad_modes_raise_the_clear_error(mode: str) -> None:
    x = engine.ones(1, 2, 3)
    with pytest.raises(NotImplementedError, match="does not support torch.nn.functional.pad"):
        engine.nn.functional.pad(x, (1, 1), mode=mode)
