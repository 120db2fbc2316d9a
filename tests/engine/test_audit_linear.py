# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""F.linear with a bias on other than 2-d inputs (the differential audit 2's F07): torch's
``_flatten_nd_linear`` reshapes a contiguous input to rows, calls addmm and views the result
back, so ``F.linear(x, W, b)`` of a 1-d or 3-d input prints ``grad_fn=<ViewBackward0>`` and
fails with addmm's errors; a strided input (or a bias that is not a contiguous vector) gets
the product with the bias added in place (AddBackward0, and the in-place add's errors).  The
engine added out of place in every case.  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens``: ``python tests/engine/test_audit_linear.py`` prints them again
(needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

LINEAR = {
    "x = torch.tensor([1., 2.], requires_grad=True); w = torch.ones(3, 2); b = torch.zeros(3); y = F.linear(x, w, b); y.sum().backward(); result = (y, y.grad_fn.name(), x.grad)": "(torch.float32 (3,) [3.0, 3.0, 3.0] rg=True, 'ViewBackward0', torch.float32 (2,) [3.0, 3.0] rg=False)",
    "x = torch.tensor([1., 2.], requires_grad=True); w = torch.ones(3, 2, requires_grad=True); b = torch.zeros(3, requires_grad=True); y = F.linear(x, w, b); y.sum().backward(); result = (y, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), x.grad, w.grad, b.grad)": "(torch.float32 (3,) [3.0, 3.0, 3.0] rg=True, 'ViewBackward0', 'AddmmBackward0', torch.float32 (2,) [3.0, 3.0] rg=False, torch.float32 (3, 2) [[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]] rg=False, torch.float32 (3,) [1.0, 1.0, 1.0] rg=False)",
    "x = torch.arange(12.).reshape(2, 3, 2).requires_grad_(); w = torch.ones(3, 2); b = torch.zeros(3); y = F.linear(x, w, b); y.sum().backward(); result = (y, y.grad_fn.name(), x.grad)": "(torch.float32 (2, 3, 3) [[[1.0, 1.0, 1.0], [5.0, 5.0, 5.0], [9.0, 9.0, 9.0]], [[13.0, 13.0, 13.0], [17.0, 17.0, 17.0], [21.0, 21.0, 21.0]]] rg=True, 'ViewBackward0', torch.float32 (2, 3, 2) [[[3.0, 3.0], [3.0, 3.0], [3.0, 3.0]], [[3.0, 3.0], [3.0, 3.0], [3.0, 3.0]]] rg=False)",
    "x = torch.arange(12.).reshape(3, 2, 2).transpose(0, 1).requires_grad_(); w = torch.ones(3, 2); b = torch.zeros(3); y = F.linear(x, w, b); result = (y, y.grad_fn.name())": "(torch.float32 (2, 3, 3) [[[1.0, 1.0, 1.0], [9.0, 9.0, 9.0], [17.0, 17.0, 17.0]], [[5.0, 5.0, 5.0], [13.0, 13.0, 13.0], [21.0, 21.0, 21.0]]] rg=True, 'AddBackward0')",
    "x = torch.arange(24.).reshape(2, 2, 3, 2).requires_grad_(); w = torch.ones(3, 2); b = torch.zeros(3); y = F.linear(x, w, b); y.sum().backward(); result = (y.shape, y.grad_fn.name(), x.grad.sum())": "((2, 2, 3, 3), 'ViewBackward0', torch.float32 () 72.0 rg=False)",
    "x = torch.arange(24.).reshape(2, 2, 3, 2).requires_grad_(); w = torch.ones(3, 2); b = torch.tensor(1.); y = F.linear(x, w, b); result = (y.shape, y.grad_fn.name())": "((2, 2, 3, 3), 'AddBackward0')",
    "x = torch.arange(12.).reshape(2, 3, 2).requires_grad_(); w = torch.ones(3, 2); b = torch.tensor(1.); y = F.linear(x, w, b); result = (y.shape, y.grad_fn.name())": "((2, 3, 3), 'AddBackward0')",
    "x = torch.zeros(0, 3, 2, requires_grad=True); w = torch.ones(4, 2); b = torch.zeros(4); y = F.linear(x, w, b); result = (y.shape, y.grad_fn.name())": "((0, 3, 4), 'ViewBackward0')",
    "x = torch.tensor([1., 2.]); w = torch.ones(3, 2, requires_grad=True); b = torch.zeros(3); y = F.linear(x, w, b); g, = torch.autograd.grad(y.sum(), w, create_graph=True); result = (g, y.grad_fn.name())": "(torch.float32 (3, 2) [[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]] rg=False, 'ViewBackward0')",
    "x = torch.tensor([1., 2.]); w = torch.ones(3, 2); b = torch.zeros(3); result = F.linear(x, w, b)": "torch.float32 (3,) [3.0, 3.0, 3.0] rg=False",
    "x = torch.tensor([1., 2.], requires_grad=True); w = torch.ones(3, 2); b = torch.zeros(3, 1); result = F.linear(x, w, b)": "RuntimeError: The expanded size of the tensor (1) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [1, 3].  Tensor sizes: [3, 1]",
    "x = torch.tensor([1., 2.], requires_grad=True); w = torch.ones(3, 2); b = torch.zeros(2, 3); y = F.linear(x, w, b); result = (y, y.grad_fn.name())": "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]",
    "x = torch.ones(2, 2, 2, requires_grad=True); w = torch.ones(3, 2); b = torch.zeros(2, 1, 3); y = F.linear(x, w, b); result = (y, y.grad_fn.name())": "(torch.float32 (2, 2, 3) [[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]] rg=True, 'AddBackward0')",
    "x = torch.ones(4, 2); w = torch.ones(3, 2); b = torch.zeros(3, 1); result = F.linear(x, w, b)": "RuntimeError: The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [4, 3].  Tensor sizes: [3, 1]",
    "x = torch.ones(4, 2); w = torch.ones(3, 2); b = torch.zeros(1, 1, 3); result = F.linear(x, w, b)": "RuntimeError: expand(torch.FloatTensor{[1, 1, 3]}, size=[4, 3]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (3)",
    "x = torch.ones(2, 4, 2); w = torch.ones(3, 2); b = torch.zeros(1, 1, 3); result = F.linear(x, w, b)": "RuntimeError: expand(torch.FloatTensor{[1, 1, 3]}, size=[8, 3]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (3)",
    "x = torch.ones(2, 4, 2); w = torch.ones(3, 2); b = torch.zeros(3, 1); result = F.linear(x, w, b)": "RuntimeError: The expanded size of the tensor (8) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [8, 3].  Tensor sizes: [3, 1]",
    "x = torch.ones(2, 4, 4)[..., ::2]; w = torch.ones(3, 2); b = torch.zeros(3, 1); result = F.linear(x, w, b)": "RuntimeError: The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 1",
    "x = torch.ones(2, 4, 4)[..., ::2]; w = torch.ones(3, 2); b = torch.zeros(1, 1, 3); result = F.linear(x, w, b)": "torch.float32 (2, 4, 3) [[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]] rg=False",
    "x = torch.ones(2, 4, 4)[..., ::2]; w = torch.ones(3, 2); b = torch.zeros(3, dtype=torch.float64); result = F.linear(x, w, b)": "torch.float32 (2, 4, 3) [[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]] rg=False",
    "x = torch.ones(2)[::1]; w = torch.ones(3, 2); b = torch.tensor(2.0, dtype=torch.float64); result = F.linear(x, w, b)": "torch.float32 (3,) [4.0, 4.0, 4.0] rg=False",
    "x = torch.ones(2, requires_grad=True); b = torch.zeros((4,)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((4), 'ViewBackward0')",
    "x = torch.ones(2, 3, 4, requires_grad=True)[..., ::2]; b = torch.zeros((4,)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'AddBackward0')",
    "x = torch.ones(3, 2, requires_grad=True); b = torch.zeros((2, 2)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: The expanded size of the tensor (4) must match the existing size (2) at non-singleton dimension 1.  Target sizes: [3, 4].  Tensor sizes: [2, 2]",
    "x = torch.ones(4, requires_grad=True)[::2]; b = torch.zeros((2, 2)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 1",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.zeros((4, 1)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: The expanded size of the tensor (6) must match the existing size (4) at non-singleton dimension 0.  Target sizes: [6, 4].  Tensor sizes: [4, 1]",
    "x = torch.ones(2, requires_grad=True); b = torch.zeros((1, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((4), 'ViewBackward0')",
    "x = torch.ones(2, 3, 4, requires_grad=True)[..., ::2]; b = torch.zeros((1, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'AddBackward0')",
    "x = torch.ones(3, 2, requires_grad=True); b = torch.zeros((1, 2, 2)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: expand(torch.FloatTensor{[1, 2, 2]}, size=[3, 4]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (3)",
    "x = torch.ones(4, requires_grad=True)[::2]; b = torch.zeros((1, 2, 2)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 2",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.zeros((1, 1, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: expand(torch.FloatTensor{[1, 1, 4]}, size=[6, 4]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (3)",
    "x = torch.ones(2, requires_grad=True); b = torch.zeros((4, 1, 1)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: expand(torch.FloatTensor{[4, 1, 1]}, size=[1, 4]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (3)",
    "x = torch.ones(2, 3, 4, requires_grad=True)[..., ::2]; b = torch.zeros((4, 1, 1)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 0",
    "x = torch.ones(3, 2, requires_grad=True); b = torch.zeros((2, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3, 4].  Tensor sizes: [2, 4]",
    "x = torch.ones(4, requires_grad=True)[::2]; b = torch.zeros((2, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: output with shape [4] doesn't match the broadcast shape [2, 4]",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.zeros((1,)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'ViewBackward0')",
    "x = torch.ones(2, requires_grad=True); b = torch.zeros((1, 1)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: output with shape [4] doesn't match the broadcast shape [1, 4]",
    "x = torch.ones(2, 3, 4, requires_grad=True)[..., ::2]; b = torch.zeros((1, 1)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'AddBackward0')",
    "x = torch.ones(3, 2, requires_grad=True); b = torch.zeros(()); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((3, 4), 'AddmmBackward0')",
    "x = torch.ones(4, requires_grad=True)[::2]; b = torch.zeros(()); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((4), 'AddBackward0')",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.zeros((2, 1, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'AddBackward0')",
    "x = torch.ones(2, requires_grad=True); b = torch.zeros((3, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: output with shape [4] doesn't match the broadcast shape [3, 4]",
    "x = torch.ones(2, 3, 4, requires_grad=True)[..., ::2]; b = torch.zeros((3, 4)); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'AddBackward0')",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.ones(4); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'ViewBackward0')",
    "x = torch.ones(2, requires_grad=True); b = torch.ones(1,4); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((4), 'ViewBackward0')",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.ones(4,1); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: The expanded size of the tensor (6) must match the existing size (4) at non-singleton dimension 0.  Target sizes: [6, 4].  Tensor sizes: [4, 1]",
    "x = torch.ones(2, requires_grad=True); b = torch.ones(2,4)[:1]; y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((4), 'ViewBackward0')",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.ones(4,1,1); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "RuntimeError: expand(torch.FloatTensor{[4, 1, 1]}, size=[6, 4]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (3)",
    "x = torch.ones(2, requires_grad=True); b = torch.ones(1).expand(4); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((4), 'AddBackward0')",
    "x = torch.ones(2, 3, 2, requires_grad=True); b = torch.ones(1,1).expand(1,4); y = F.linear(x, torch.ones(4, 2), b); y.sum().backward(); result = (y.shape, y.grad_fn.name())": "((2, 3, 4), 'AddBackward0')",
    "result = F.linear(torch.tensor(1.), torch.ones(3, 1))": "RuntimeError: both arguments to linear need to be at least 1D, but they are 0D and 2D",
    "result = F.linear(torch.tensor(1.), torch.ones(3, 1), torch.ones(3))": "RuntimeError: both arguments to linear need to be at least 1D, but they are 0D and 2D",
    "result = F.linear(torch.ones(3), torch.tensor(1.))": "RuntimeError: both arguments to linear need to be at least 1D, but they are 1D and 0D",
    "result = F.linear(torch.ones(2, 3), torch.tensor(1.), torch.ones(3))": "RuntimeError: both arguments to linear need to be at least 1D, but they are 2D and 0D",
    "result = F.linear(torch.ones(2, 3, 2), torch.tensor(1.), torch.ones(3))": "RuntimeError: both arguments to linear need to be at least 1D, but they are 3D and 0D",
    "result = F.linear(torch.ones(2, 3), torch.ones(4, 2), torch.ones(4))": "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x4)",
}


@pytest.mark.parametrize("code", sorted(LINEAR))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == LINEAR[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(LINEAR))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == LINEAR[code]


_INPUTS = st.sampled_from(
    [
        "torch.ones(2)",
        "torch.ones(4)[::2]",
        "torch.ones(3, 2)",
        "torch.ones(2, 3, 2)",
        "torch.ones(3, 2, 2).transpose(0, 1)",
        "torch.ones(2, 2, 3, 2)",
    ]
)
_BIASES = st.sampled_from(
    [
        "torch.zeros(4)",
        "torch.zeros(8)[::2]",
        "torch.zeros(1, 4)",
        "torch.zeros(4, 1)",
        "torch.zeros(2, 4)",
        "torch.zeros(())",
        "torch.zeros(1)",
        "torch.zeros(1, 1, 4)",
        "torch.zeros(2, 1, 4)",
        "torch.zeros(4, dtype=torch.float64)",
        "torch.zeros(1).expand(4)",
    ]
)


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(x=_INPUTS, bias=_BIASES)
def test_linear_with_any_bias_as_torch(x: str, bias: str, real_torch: ModuleType) -> None:
    code = (
        f"x = {x}.requires_grad_(); w = torch.arange(8.).reshape(4, 2); b = {bias}; "
        "y = F.linear(x, w, b); y.sum().backward(); result = (y, y.grad_fn.name(), x.grad)"
    )
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("LINEAR = {")
    for code, answer in goldens(torch, list(LINEAR)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
