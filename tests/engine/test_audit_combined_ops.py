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
