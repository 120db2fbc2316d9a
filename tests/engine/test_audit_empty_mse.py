# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""mse_loss (mean) of empty tensors (the differential audit 2's F23): its backward divided
2.0 by the number of elements in Python and crashed with ZeroDivisionError, where torch's
2 / 0 scales nothing and the gradient is empty.  The goldens were captured from torch 2.13
with ``audit_outcomes.goldens``: ``python tests/engine/test_audit_empty_mse.py`` prints them
again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

EMPTY_MSE = {
    "x = torch.zeros(0, requires_grad=True); loss = F.mse_loss(x, torch.zeros(0)); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (0,) [] rg=False)",
    "x = torch.zeros(0, 2, requires_grad=True); loss = F.mse_loss(x, torch.zeros(0, 2)); g, = torch.autograd.grad(loss, x, create_graph=True); result = (g, g.grad_fn.name())": "(torch.float32 (0, 2) [] rg=True, 'MseLossBackwardBackward0')",
    "x = torch.zeros(0, 2, requires_grad=True); loss = F.mse_loss(x, torch.zeros(0, 2), reduction='sum'); loss.backward(); result = (loss, x.grad)": "(torch.float32 () 0.0 rg=True, torch.float32 (0, 2) [] rg=False)",
    "x = torch.zeros(0, requires_grad=True); t = torch.zeros(0, requires_grad=True); loss = F.mse_loss(x, t); loss.backward(); result = (loss, x.grad, t.grad)": "(torch.float32 () nan rg=True, torch.float32 (0,) [] rg=False, torch.float32 (0,) [] rg=False)",
    "x = torch.zeros(0, 2, requires_grad=True); loss = F.mse_loss(x, torch.zeros(0, 2)); g, = torch.autograd.grad(loss, x, create_graph=True); g.sum().backward(); result = x.grad": "torch.float32 (0, 2) [] rg=False",
}


@pytest.mark.parametrize("code", sorted(EMPTY_MSE))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == EMPTY_MSE[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(EMPTY_MSE))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == EMPTY_MSE[code]


@pytest.mark.torch
@settings(max_examples=60, deadline=None)
@given(
    shape=st.lists(st.integers(0, 2), min_size=1, max_size=3),
    reduction=st.sampled_from(["mean", "sum", "none"]),
)
def test_mse_gradients_of_any_size_as_torch(
    shape: list[int], reduction: str, real_torch: ModuleType
) -> None:
    code = (
        f"x = torch.full({shape}, 0.5, requires_grad=True); "
        f"loss = F.mse_loss(x, torch.zeros({shape}), reduction={reduction!r}); "
        "loss.sum().backward(); result = (loss, x.grad)"
    )
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("EMPTY_MSE = {")
    for code, answer in goldens(torch, list(EMPTY_MSE)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
