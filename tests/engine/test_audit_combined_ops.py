# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""The new op families combined as students write them (chained, on views and expanded
tensors, 0-d and empty inputs, bools, warnings): cases where the engine did something
torch 2.13 does not, found by a differential run of ~1,400 short programs.  The goldens
were captured from torch 2.13 with ``audit_outcomes.outcome``; each test has a
torch-marked twin that re-checks them against live torch."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from test_audit_student_variants import warnings_at

import gradekit.engine as engine

GOLDENS = {
    "result = torch.ones(1).std()": "torch.float32 () nan rg=False",
    "result = torch.ones(0, 3).var(1, keepdim=True)": "torch.float32 (0, 1) [] rg=False",
    "result = torch.std_mean(torch.ones(()), 0)": "(torch.float32 () nan rg=False, torch.float32 () 1.0 rg=False)",
    "result = (torch.tensor([[True, False], [False, True]]).t().sign(), torch.tensor([True, False]).sgn())": "(torch.bool (2, 2) [[True, False], [False, True]] rg=False, torch.bool (2,) [True, False] rg=False)",
    "result = torch.sign(torch.tensor(False))": "torch.bool () False rg=False",
    "result = (torch.tensor([[True, False], [False, True]]).t().sign().stride(), torch.tensor([[True], [False]]).expand(2, 3).sgn().stride())": "((1, 2), (3, 1))",
    "result = torch.tensor(1.5).roll(1, 0)": "IndexError: Dimension specified as 0 but tensor has no dimensions",
    "result = torch.tensor(1.5).roll(1, -1)": "IndexError: Dimension specified as -1 but tensor has no dimensions",
    "result = torch.roll(torch.tensor(1.5), shifts=(1, 2), dims=(0, 1))": "IndexError: Dimension specified as 0 but tensor has no dimensions",
    "result = torch.tensor(1.5).roll(1)": "torch.float32 () 1.5 rg=False",
    "result = torch.tensor(1.5).cummin(1)": "IndexError: cummin(): Expected reduction dim -1 or 0 for scalar but got 1",
    "result = torch.cummax(torch.tensor(1.5), -2)": "IndexError: cummax(): Expected reduction dim -1 or 0 for scalar but got -2",
    "result = torch.tensor(1.5).cummax(-1)": "(torch.float32 () 1.5 rg=False, torch.int64 () 0 rg=False)",
    "result = torch.zeros(5).index_add(0, torch.tensor([1, 5]), torch.ones(2))": "IndexError: index out of range in self",
    "result = torch.zeros(5, dtype=torch.long).index_add_(0, torch.tensor([-1]), torch.ones(1, dtype=torch.long))": "IndexError: index out of range in self",
    "result = torch.zeros(()).index_add(0, torch.tensor([1]), torch.ones(()))": "IndexError: index out of range in self",
    "result = torch.zeros(5, 2).index_add(0, torch.tensor([1, 5]), torch.ones(2, 2))": "RuntimeError: index 5 is out of bounds for dimension 0 with size 5",
    "x = torch.arange(12.0).reshape(3, 4)\nresult = (torch.xlogy(x.t(), 2).stride(), torch.xlogy(2, x.t()).stride())": "((1, 4), (1, 4))",
    "x = torch.arange(4.0).reshape(1, 4).expand(3, 4)\nresult = (x.erf().stride(), x.erfc().stride(), x.erfinv().stride(), x.log1p().stride())": "((4, 1), (4, 1), (4, 1), (4, 1))",
    "x = torch.arange(6.0).reshape(2, 1, 3).expand(2, 4, 3).transpose(0, 2)\nresult = (x.erf().stride(), torch.xlogy(x, 3).stride())": "((1, 3, 12), (1, 3, 12))",
    "result = torch.tensordot(torch.tensor(2.0), torch.tensor(3.0), dims=([1], [1]))": "IndexError: Dimension specified as 1 but tensor has no dimensions",
    "result = torch.tensordot(torch.tensor(2.0), torch.ones(3), dims=([0], [0]))": "IndexError: Dimension specified as 0 but tensor has no dimensions",
    "result = torch.tensordot(torch.ones(2), torch.tensor(3.0), dims=([0], [-1]))": "IndexError: Dimension specified as -1 but tensor has no dimensions",
    "result = F.layer_norm(torch.ones(3), ())": "RuntimeError: Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = []",
    "result = F.layer_norm(torch.tensor(1.0), [], weight=torch.ones(2))": "RuntimeError: Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = []",
    "result = torch.nn.LayerNorm([])(torch.ones(3))": "RuntimeError: Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = []",
    "result = torch.tensor([True, False]).nanmedian()": "NotImplementedError: \"median_cpu\" not implemented for 'Bool'",
    "result = torch.nanmedian(torch.tensor([True, False]), 0)": "NotImplementedError: \"median_out\" not implemented for 'Bool'",
    "result = torch.histc(torch.tensor([True, False]))": "NotImplementedError: \"linspace_cpu\" not implemented for 'Bool'",
    "result = torch.histc(torch.tensor([True, False]), bins=-1)": "RuntimeError: torch.histogram(): bins must be > 0, but got -1 for dimension 0",
    "result = torch.histc(torch.tensor([1, 2]), bins=0)": "RuntimeError: torch.histogram(): bins must be > 0, but got 0 for dimension 0",
    "result = torch.histc(torch.tensor([1, 2]), bins=3, min=3, max=1)": "RuntimeError: torch.histc: max must be larger than min",
    "result = torch.histc(torch.tensor([1, 2]), bins=3, min=float('nan'), max=1)": "RuntimeError: torch.histc: range of [nan, 1] is not finite",
    "result = torch.histc(torch.tensor([1.0, float('nan')]), bins=3)": "RuntimeError: torch.histc: range of [-nan, -nan] is not finite",
    "result = torch.histc(torch.tensor([1.0, 2.0]), bins=3, min=-float('nan'), max=1)": "RuntimeError: torch.histc: range of [-nan, 1] is not finite",
    "result = torch.linalg.det(torch.ones(2, 2).half())": "NotImplementedError: \"lu_cpu\" not implemented for 'Half'",
    "result = torch.det(torch.ones(2, 2).half())": "NotImplementedError: \"lu_cpu\" not implemented for 'Half'",
    "result = torch.linalg.inv(torch.ones(2, 2).half())": "RuntimeError: linalg.inv: Low precision dtypes not supported. Got Half",
    "result = torch.linalg.solve(torch.ones(2, 2).half(), torch.ones(2).half())": "NotImplementedError: \"lu_cpu\" not implemented for 'Half'",
    "result = torch.linalg.solve(torch.ones(2, 2).half(), torch.ones(2))": "RuntimeError: linalg.solve: Expected A and B to have the same dtype, but found A of type Half and B of type Float instead",
    "result = torch.linalg.solve(torch.ones(2, 2).half(), torch.ones(3).half())": "RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation AX = B (2x2 and 3x1)",
    "result = F.pad(torch.ones(0, 4), (1, 1), mode='reflect')": "RuntimeError: Expected 2D or 3D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: [0, 4]",
    "result = F.pad(torch.ones(3, 0), (1, 1), mode='reflect')": "RuntimeError: Expected 2D or 3D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: [3, 0]",
    "result = F.pad(torch.ones(2, 0, 4), (1, 1, 1, 1), mode='reflect')": "RuntimeError: Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: [2, 0, 4]",
    "result = F.pad(torch.ones(0, 3, 4), (1, 1), mode='reflect')": "torch.float32 (0, 3, 6) [] rg=False",
    "result = F.pad(torch.ones(3, 4) > 0, (1, 1), mode='reflect')": "NotImplementedError: \"reflection_pad1d\" not implemented for 'Bool'",
    "result = F.pad(torch.ones(1, 2, 3, 4) > 0, (1, 1, 1, 1), mode='replicate')": "NotImplementedError: \"replication_pad2d\" not implemented for 'Bool'",
    "result = F.pad(torch.ones(3, 4) > 0, (5, 1), mode='reflect')": "RuntimeError: Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (5, 1) at dimension 1 of input [3, 4]",
    "result = F.pad(torch.ones(3, 4).long(), (1, 1), mode='reflect')": "torch.int64 (3, 6) [[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1]] rg=False",
    "a = torch.tensor([[2.0, 1.0], [1.0, 3.0]])\nresult = (torch.linalg.inv(a).stride(), a.inverse().is_contiguous(), torch.inverse(a.expand(3, 2, 2)).stride())": "((1, 2), False, (4, 1, 2))",
    "a = torch.tensor([[2.0, 1.0], [1.0, 3.0]])\nresult = (torch.linalg.solve(a, torch.ones(2, 3)).stride(), torch.linalg.solve(a, torch.ones(4, 2, 3)).stride(), torch.linalg.solve(a, torch.ones(3, 2), left=False).stride(), torch.linalg.solve(a, torch.ones(2)).stride())": "((1, 2), (6, 1, 2), (2, 1), (1))",
    "a = torch.tensor([[2.0, 1.0], [1.0, 3.0]])\nresult = torch.linalg.inv(a).view(4)": "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
    "a = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)\ntorch.linalg.inv(a).reshape(4).sum().backward()\nresult = (a.grad, a.grad.stride())": "(torch.float32 (2, 2) [[-0.16, -0.08], [-0.08, -0.04]] rg=False, (2, 1))",
    "x = torch.arange(12.0, dtype=torch.float64).reshape(3, 4).requires_grad_()\n(g,) = torch.autograd.grad(F.pad(x, (1, 1), mode='reflect').sum() * 1, x, create_graph=True)\n(g2,) = torch.autograd.grad((g * g).sum(), x)\nresult = (g.grad_fn.name(), g, g2)": "('ReflectionPad1DBackwardBackward0', torch.float64 (3, 4) [[1.0, 2.0, 2.0, 1.0], [1.0, 2.0, 2.0, 1.0], [1.0, 2.0, 2.0, 1.0]] rg=True, torch.float64 (3, 4) [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]] rg=False)",
    "x = torch.ones(2, 3, 4, requires_grad=True)\n(g,) = torch.autograd.grad(F.pad(x, (1, 2, 0, 1), mode='replicate').sum(), x, create_graph=True)\nresult = (g.requires_grad, [type(f[0]).__name__ for f in g.grad_fn.next_functions], torch.autograd.grad(g.sum(), x))": "(True, ['NoneType', 'AccumulateGrad'], (torch.float32 (2, 3, 4) [[[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]] rg=False))",
    # atan2 given a number by keyword: torch's message has no '(position 2)'
    "result = torch.atan2(torch.ones(2), other=2)": "TypeError: atan2(): argument 'other' must be Tensor, not int",
    "result = torch.arctan2(torch.ones(2), other=2)": "TypeError: arctan2(): argument 'other' must be Tensor, not int",
    "result = torch.ones(2).atan2(other=2)": "TypeError: atan2(): argument 'other' must be Tensor, not int",
    "result = torch.ones(2).atan2_(other=2)": "TypeError: atan2_(): argument 'other' must be Tensor, not int",
    "result = torch.atan2(torch.ones(2), 2)": "TypeError: atan2(): argument 'other' (position 2) must be Tensor, not int",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_combined_ops_match_torch(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_combined_ops_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == GOLDENS[code]


# std / var's degrees-of-freedom warning: torch's C++ text (with its "Triggered internally
# at" suffix), naming the student's line whichever path (method, function, _mean) got there
WARNING_GOLDENS = {
    "x = torch.ones(1)\nr = x.std()": [
        (
            "std(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor (input numel divided by output numel). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)",
            "<student>",
            2,
        )
    ],
    "x = torch.ones(0, 3)\nr = torch.var(x, 1)": [
        (
            "var(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor (input numel divided by output numel). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)",
            "<student>",
            2,
        )
    ],
    "r = torch.std_mean(torch.ones(()), 0)": [
        (
            "std_mean(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor (input numel divided by output numel). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)",
            "<student>",
            1,
        )
    ],
    "x = torch.ones(1, requires_grad=True)\nr = torch.var_mean(x, correction=1)": [
        (
            "var_mean(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor (input numel divided by output numel). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)",
            "<student>",
            2,
        )
    ],
}


@pytest.mark.parametrize("code", list(WARNING_GOLDENS))
def test_the_warning_and_its_line_are_torchs(code: str) -> None:
    assert warnings_at(engine, code) == WARNING_GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(WARNING_GOLDENS))
def test_the_warning_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert warnings_at(real_torch, code) == WARNING_GOLDENS[code]
