# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Idioms from students' alternative solutions of the two shipped assignments
(exercises/tensor-indexing.yaml, exercises/autograd.yaml) on which the engine behaved
differently from torch 2.13 when graded with ``--backend engine`` and ``--backend torch``.
The goldens were captured from torch 2.13 with ``audit_outcomes.outcome``."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

PRELUDE = (
    "t = torch.arange(12.0).reshape(4, 3)\nx = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
)

GOLDENS = {
    # even_rows_reversed: reversed(t) is t.flip(0), a tensor (0-d: the tensor itself)
    "result = reversed(t[::2])": "torch.float32 (2, 3) [[6.0, 7.0, 8.0], [0.0, 1.0, 2.0]] rg=False",
    "r = reversed(x * 1)\nresult = (type(r).__name__, type(r.grad_fn).__name__, r)": "('Tensor', 'FlipBackward0', torch.float32 (3,) [3.0, 2.0, 1.0] rg=True)",
    "s = torch.tensor(5.0)\nresult = reversed(s) is s": "True",
    "result = list(reversed(torch.tensor([[1, 2], [3, 4]])))": "[tensor([3, 4]), tensor([1, 2])]",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_student_idioms_match_the_golden(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_student_idiom_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == GOLDENS[code]
