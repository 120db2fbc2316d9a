# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""cross_entropy / nll_loss (mean) whose total weight is zero (the differential audit 2's F06):
every target ignored, or the weights of the counted ones summing to zero.  The loss is the
mean of nothing, nan, in both; torch's nll_loss_backward divides the gradient by the total
weight only where a target counts (inf, or nan for a zero weight) and leaves the ignored
samples at zero, where the engine made every element nan.  The goldens were captured from
torch 2.13 with ``audit_outcomes.goldens``: ``python tests/engine/test_audit_ignored_targets.py``
prints them again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import describe, goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

IGNORED_TARGETS = {
    "x = torch.tensor([[2.0, 0.5, -1.0]], requires_grad=True); loss = F.cross_entropy(x, torch.tensor([-100])); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (1, 3) [[0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.cross_entropy(x, torch.tensor([1, 1]), ignore_index=1); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.nll_loss(x, torch.tensor([1, 1]), ignore_index=1); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.nll_loss(x, torch.tensor([-100, -100])); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.nll_loss(x, torch.tensor([-100, -100]), reduction='sum'); loss.backward(); result = (loss, x.grad)": "(torch.float32 () 0.0 rg=True, torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.cross_entropy(x, torch.tensor([-100, -100]), reduction='none'); loss.sum().backward(); result = (loss, x.grad)": "(torch.float32 (2,) [0.0, 0.0] rg=True, torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.cross_entropy(x, torch.tensor([0, 2]), weight=torch.tensor([0., 1., 0.])); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (2, 3) [[nan, nan, nan], [nan, nan, nan]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.nll_loss(x, torch.tensor([0, 2]), weight=torch.tensor([0., 1., 0.])); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (2, 3) [[nan, 0.0, 0.0], [0.0, 0.0, nan]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.nll_loss(x, torch.tensor([0, 2]), weight=torch.tensor([1., 1., -1.])); loss.backward(); result = (loss, x.grad)": "(torch.float32 () -inf rg=True, torch.float32 (2, 3) [[-inf, 0.0, 0.0], [0.0, 0.0, inf]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]], requires_grad=True); loss = F.nll_loss(x, torch.tensor([0, -100]), weight=torch.tensor([0., 1., 0.])); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (2, 3) [[nan, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([2.0, 0.5, -1.0], requires_grad=True); loss = F.cross_entropy(x, torch.tensor(-100)); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0]], dtype=torch.float64, requires_grad=True); loss = F.cross_entropy(x, torch.tensor([-100])); loss.backward(); result = (loss, x.grad)": "(torch.float64 () nan rg=True, torch.float64 (1, 3) [[0.0, 0.0, 0.0]] rg=False)",
    "x = torch.tensor([[2.0, 0.5, -1.0]], requires_grad=True); loss = F.cross_entropy(x, torch.tensor([-100])); g, = torch.autograd.grad(loss, x, create_graph=True); result = (g, g.grad_fn.name())": "(torch.float32 (1, 3) [[0.0, 0.0, 0.0]] rg=True, 'LogSoftmaxBackwardDataBackward0')",
    "x = torch.tensor([[2.0, 0.5, -1.0]], requires_grad=True); loss = F.cross_entropy(x, torch.tensor([-100])); g, = torch.autograd.grad(loss, x, create_graph=True); g.sum().backward(); result = x.grad": "torch.float32 (1, 3) [[0.0, 0.0, 0.0]] rg=False",
    "x = torch.tensor([[[2.0, 0.5], [0.5, -1.0]]], requires_grad=True); loss = F.cross_entropy(x, torch.tensor([[-100, -100]])); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (1, 2, 2) [[[0.0, 0.0], [0.0, 0.0]]] rg=False)",
    "x = torch.zeros(0, 3, requires_grad=True); loss = F.cross_entropy(x, torch.zeros(0, dtype=torch.long)); loss.backward(); result = (loss, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (0, 3) [] rg=False)",
}


@pytest.mark.parametrize("code", sorted(IGNORED_TARGETS))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == IGNORED_TARGETS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(IGNORED_TARGETS))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == IGNORED_TARGETS[code]


def _loss_and_grad(
    torch: ModuleType, name: str, targets: list[int], weights: list[float] | None, reduction: str
) -> str:
    x = torch.tensor([[0.5, -1.0, 2.0], [0.25, 0.0, -0.5], [1.0, 1.5, -2.0]][: len(targets)])
    # (float64: float32 log_softmax gradients may differ in their last bit, a known difference)
    x = x.double().requires_grad_()
    weight = None if weights is None else torch.tensor(weights, dtype=torch.float64)
    loss = getattr(torch.nn.functional, name)(
        x, torch.tensor(targets), weight=weight, ignore_index=1, reduction=reduction
    )
    loss.sum().backward()
    return describe((loss, x.grad), torch)  # (to 6 digits: exp's last bit is not the point)


_WEIGHTS = st.none() | st.lists(st.sampled_from([0.0, 1.0, -1.0, 0.5]), min_size=3, max_size=3)


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(["cross_entropy", "nll_loss"]),
    targets=st.lists(st.sampled_from([0, 1, 2]), min_size=1, max_size=3),
    weights=_WEIGHTS,
    reduction=st.sampled_from(["mean", "sum", "none"]),
)
def test_ignored_and_zero_weight_targets_as_torch(
    name: str,
    targets: list[int],
    weights: list[float] | None,
    reduction: str,
    real_torch: ModuleType,
) -> None:
    assert _loss_and_grad(engine, name, targets, weights, reduction) == _loss_and_grad(
        real_torch, name, targets, weights, reduction
    )


@settings(max_examples=50, deadline=None)
@given(count=st.integers(1, 3), name=st.sampled_from(["cross_entropy", "nll_loss"]))
def test_every_target_ignored_gives_zero_gradients(count: int, name: str) -> None:
    x = engine.ones(count, 3, requires_grad=True)
    getattr(engine.nn.functional, name)(x, engine.full((count,), 1), ignore_index=1).backward()
    assert x.grad.tolist() == [[0.0] * 3] * count


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("IGNORED_TARGETS = {")
    for code, answer in goldens(torch, list(IGNORED_TARGETS)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
