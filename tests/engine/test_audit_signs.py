# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""sign/sgn of nan (the differential audit 2's F27): torch's real kernel is
``(0 < x) - (x < 0)``, so nan gives 0 (and -0 gives +0), where numpy's sign kept nan; abs's
gradient, ``grad * sgn(x)``, is 0 at nan with it.  The goldens were captured from torch 2.13
with ``audit_outcomes.goldens``: ``python tests/engine/test_audit_signs.py`` prints them
again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

SIGNS = {
    "result = torch.tensor([float('nan'), -2., 0., -0., 3., float('inf'), -float('inf')]).sgn()": "torch.float32 (7,) [0.0, -1.0, 0.0, 0.0, 1.0, 1.0, -1.0] rg=False",
    "result = torch.tensor([float('nan'), -2., 0., -0.], dtype=torch.float16).sgn()": "torch.float16 (4,) [0.0, -1.0, 0.0, 0.0] rg=False",
    "result = torch.tensor([float('nan'), -2., 0., -0.], dtype=torch.float64).sgn()": "torch.float64 (4,) [0.0, -1.0, 0.0, 0.0] rg=False",
    "result = torch.sgn(torch.tensor([-3, 0, 4]))": "torch.int64 (3,) [-1, 0, 1] rg=False",
    "result = torch.tensor([float('nan'), -2., 0., -0.]).sign()": "torch.float32 (4,) [0.0, -1.0, 0.0, 0.0] rg=False",
    "x = torch.tensor([float('nan'), -2., 0., 1.], requires_grad=True); x.abs().sum().backward(); result = x.grad": "torch.float32 (4,) [0.0, -1.0, 0.0, 1.0] rg=False",
    "result = repr(torch.tensor([-0.0, float('nan')]).sgn())": "'tensor([0., 0.])'",
    "x = torch.tensor([float('nan'), -2., 0.], requires_grad=True); y = x.sgn(); result = (y, y.grad_fn.name())": "(torch.float32 (3,) [0.0, -1.0, 0.0] rg=True, 'SgnBackward0')",
    "x = torch.tensor([[float('nan'), -2.], [0., 1.]]); result = torch.sign(x) * 2": "torch.float32 (2, 2) [[0.0, -2.0], [0.0, 2.0]] rg=False",
}


@pytest.mark.parametrize("code", sorted(SIGNS))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == SIGNS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(SIGNS))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == SIGNS[code]


_VALUES = st.sampled_from(
    ["float('nan')", "-0.0", "0.0", "-1.5", "2.0", "float('inf')", "-float('inf')", "1e-30"]
)


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(
    values=st.lists(_VALUES, min_size=1, max_size=4),
    dtype=st.sampled_from(["float32", "float64", "float16"]),
    form=st.sampled_from(
        [
            "repr(x.sign())",
            "repr(torch.sgn(x))",
            "(x.requires_grad_().abs().sum().backward(), repr(x.grad))[1]",
        ]
    ),
)
def test_signs_of_special_values_as_torch(
    values: list[str], dtype: str, form: str, real_torch: ModuleType
) -> None:
    code = f"x = torch.tensor([{', '.join(values)}], dtype=torch.{dtype}); result = {form}"
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("SIGNS = {")
    for code, answer in goldens(torch, list(SIGNS)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
