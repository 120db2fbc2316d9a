# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""The losses' dtype and value checks as torch 2.13's kernels make them (issue 2, the
differential audit's R06/R07): binary_cross_entropy takes one dtype and values in [0, 1],
binary_cross_entropy_with_logits computes ``(1 - target).mul_(input)`` (the target's dtype,
so a long target is a cast error and a float64 target a float64 loss), mse_loss runs on
floating results only (a bool target converts), and nll_loss/cross_entropy refuse a 2-d
target in torch's words.  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens``."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDEN = {
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([0, 1, 1]))": "RuntimeError: Found dtype Long but expected Float",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([0., 1., -0.5]))": "RuntimeError: all elements of target should be between 0 and 1",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([0., 1., 1.]), reduction='sum')": "torch.float32 () 0.685179 rg=False",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([0., 1., 1.]), weight=torch.tensor([1., 2., 3.], dtype=torch.float64))": "torch.float32 () 0.417525 rg=False",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([0., 1., 1.], dtype=torch.float64))": "RuntimeError: Found dtype Double but expected Float",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([0., 1., 2.]))": "RuntimeError: all elements of target should be between 0 and 1",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([0., 1., float('nan')]))": "RuntimeError: all elements of target should be between 0 and 1",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p, torch.tensor([False, True, True]))": "RuntimeError: Found dtype Bool but expected Float",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p.double(), torch.tensor([0., 1., 1.]))": "RuntimeError: Found dtype Float but expected Double",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(p.half(), torch.tensor([0., 1., 1.]))": "RuntimeError: Found dtype Float but expected Half",
    "p = torch.tensor([0.2, 0.7, 0.9]); result = F.binary_cross_entropy(torch.tensor([0., 1., 1.5]), torch.tensor([0., 1., 1.]))": "RuntimeError: all elements of input should be between 0 and 1",
    "result = F.binary_cross_entropy(torch.tensor([1, 0]), torch.tensor([1, 0]))": "NotImplementedError: \"binary_cross_entropy\" not implemented for 'Long'",
    "result = F.binary_cross_entropy(torch.tensor([True, False]), torch.tensor([1., 0.]))": "RuntimeError: Found dtype Float but expected Bool",
    "result = F.binary_cross_entropy(torch.tensor([True, False]), torch.tensor([True, False]))": "NotImplementedError: \"binary_cross_entropy\" not implemented for 'Bool'",
    "result = F.binary_cross_entropy_with_logits(torch.tensor([1, 0]), torch.tensor([1., 0.]))": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Long'",
    "result = F.cross_entropy(torch.ones(2, 3), torch.tensor([0., 1.]))": "RuntimeError: expected target dtype to be Long or Byte, but got Float",
    "result = F.cross_entropy(torch.ones(2, 3), torch.tensor([[0, 1, 0], [1, 0, 0]]))": "RuntimeError: Expected floating point type for target with class probabilities, got Long",
    "result = F.cross_entropy(torch.ones(2, 3), torch.tensor([[0., 1., 0.], [1., 0., 0.]]))": "torch.float32 () 1.09861 rg=False",
    "result = F.cross_entropy(torch.ones(2, 3), torch.tensor([[0.], [1.]]))": "RuntimeError: 0D or 1D target tensor expected, multi-target not supported",
    "result = F.cross_entropy(torch.ones(2, 3), torch.tensor([[0], [1]]))": "RuntimeError: 0D or 1D target tensor expected, multi-target not supported",
    "result = F.cross_entropy(torch.ones(2, 3), torch.tensor([[[0]], [[1]]]))": "RuntimeError: 0D or 1D target tensor expected, multi-target not supported",
    "result = F.cross_entropy(torch.ones(3), torch.tensor([[0]]))": "RuntimeError: 0D or 1D target tensor expected, multi-target not supported",
    "result = F.mse_loss(torch.tensor([0.25, 0.5]), torch.tensor([1., 0.], dtype=torch.float64))": "torch.float64 () 0.40625 rg=False",
    "result = F.mse_loss(torch.tensor([0.25, 0.5]), torch.tensor([True, False]))": "torch.float32 () 0.40625 rg=False",
    "result = F.mse_loss(torch.tensor([1, 2]), torch.tensor([1, 3]))": "NotImplementedError: \"mse_cpu\" not implemented for 'Long'",
    "result = F.mse_loss(torch.tensor([1, 2]), torch.tensor([1., 3.]))": "torch.float32 () 0.5 rg=False",
    "result = F.mse_loss(torch.tensor([1., 2.]), torch.tensor([1, 3]))": "torch.float32 () 0.5 rg=False",
    "result = F.mse_loss(torch.tensor([True, False]), torch.tensor([True, False]))": "NotImplementedError: \"mse_cpu\" not implemented for 'Bool'",
    "result = F.nll_loss(torch.ones(2, 3), torch.tensor([[0, 1, 0], [1, 0, 0]]))": "RuntimeError: 0D or 1D target tensor expected, multi-target not supported",
    "result = F.nll_loss(torch.ones(2, 3), torch.tensor([[0], [1]]))": "RuntimeError: 0D or 1D target tensor expected, multi-target not supported",
    "x = torch.tensor([0.25, 0.5], requires_grad=True); l = F.mse_loss(x, torch.tensor([True, False])); l.backward(); result = (l, x.grad)": "(torch.float32 () 0.40625 rg=True, torch.float32 (2,) [-0.75, 0.5] rg=False)",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([0, 1, 1]))": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([0., 1., 1.]), pos_weight=torch.tensor([1., 2., 3.], dtype=torch.float64))": "torch.float32 () 1.32713 rg=False",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([0., 1., 1.]), weight=torch.tensor([1., 2., 3.], dtype=torch.float64))": "torch.float32 () 1.32713 rg=False",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([0., 1., 1.], dtype=torch.float16))": "torch.float16 () 0.804688 rg=False",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([0., 1., 1.], dtype=torch.float64))": "torch.float64 () 0.804756 rg=False",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([0., 1., 1.], dtype=torch.float64), reduction='none')": "torch.float64 (3,) [0.974077, 1.31326, 0.126928] rg=False",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([0., 1., 2.]))": "torch.float32 () 0.138089 rg=False",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z, torch.tensor([False, True, True]))": "RuntimeError: Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.",
    "z = torch.tensor([0.5, -1.0, 2.0]); result = F.binary_cross_entropy_with_logits(z.double(), torch.tensor([0., 1., 1.]))": "torch.float32 () 0.804756 rg=False",
    "z = torch.tensor([0.5, -1.0, 2.0], requires_grad=True); y = torch.tensor([0., 1., 1.], dtype=torch.float64); l = F.binary_cross_entropy_with_logits(z, y); l.backward(); result = (l, z.grad)": "(torch.float64 () 0.804756 rg=True, torch.float32 (3,) [0.207486, -0.243686, -0.0397343] rg=False)",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_loss_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == GOLDEN[code]


_DTYPES = ["float16", "float32", "float64", "int64", "int32", "bool"]


def _losses(torch: ModuleType, case: tuple) -> list[str]:
    input_dtype, target_dtype, values, targets, reduction = case
    results = []
    for name, inputs in (
        ("binary_cross_entropy_with_logits", values),
        ("binary_cross_entropy", [abs(v) / 5 for v in values]),
        ("mse_loss", values),
    ):
        x = torch.tensor(inputs).to(getattr(torch, input_dtype))
        y = torch.tensor(targets).to(getattr(torch, target_dtype))
        try:
            loss = getattr(torch.nn.functional, name)(x, y, reduction=reduction)
            results.append(f"{loss.dtype} {loss.tolist()}")
        except (RuntimeError, NotImplementedError) as failure:
            results.append(f"{type(failure).__name__}: {failure}")
    return results


_CASES = st.tuples(
    st.sampled_from(_DTYPES),
    st.sampled_from(_DTYPES),
    st.lists(
        st.sampled_from([-4.5, -1.0, -0.25, 0.0, 0.5, 1.0, 2.75, 4.0]), min_size=3, max_size=3
    ),
    st.lists(st.sampled_from([0.0, 1.0, 0.25, 1.5, -0.5]), min_size=3, max_size=3),
    st.sampled_from(["mean", "sum", "none"]),
)


@settings(max_examples=120, deadline=None)
@given(case=_CASES)
def test_loss_dtypes_follow_torchs_rules(case: tuple) -> None:
    input_dtype, target_dtype, _, targets, _ = case
    logits, bce, mse = _losses(engine, case)
    floating = ("float16", "float32", "float64")
    if input_dtype in floating and target_dtype in floating:
        assert logits.startswith(f"torch.{target_dtype} ")
    if input_dtype != target_dtype:
        assert bce.startswith("RuntimeError: Found dtype")
    promoted = engine.promote_types(getattr(engine, input_dtype), getattr(engine, target_dtype))
    if promoted.is_floating_point:
        assert mse.startswith(f"{promoted} ")
    else:
        assert mse.startswith("NotImplementedError")


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(case=_CASES)
def test_loss_dtypes_and_values_as_torch(case: tuple, real_torch: ModuleType) -> None:
    assert _losses(engine, case) == _losses(real_torch, case)
