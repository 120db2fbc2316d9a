# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Copying a float that requires grad into an int or bool tensor records nothing (issue 2,
the differential audit's R10): torch's copy_ records only into a differentiable dtype (its
fill_ and masked_fill_ do record).  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens`` (addresses shown as ``0x``)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

COPY_GOLDEN = {
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); b = torch.zeros(3, dtype=torch.bool); b.copy_(w); result = (b, b.grad_fn)": "(torch.bool (3,) [True, True, True] rg=False, None)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); b = torch.zeros(3, dtype=torch.bool); b[1] = w[1]; result = (b, b.grad_fn)": "(torch.bool (3,) [False, True, False] rg=False, None)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); b = torch.zeros(3, dtype=torch.long); v = b[:2]; v.copy_(w[:2]); result = (b, b.grad_fn, v.grad_fn)": "(torch.int64 (3,) [1, 2, 0] rg=False, None, None)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); h = torch.zeros(3, dtype=torch.float16); h.copy_(w); result = (h.requires_grad, h.grad_fn.name())": "(True, 'torch::autograd::CopyBackwards')",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); h = torch.zeros(3, dtype=torch.float64); h[0] = w[0]; result = (h.requires_grad, h.grad_fn.name())": "(True, 'torch::autograd::CopySlices')",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.int32); l[:] = w; result = (l, l.grad_fn)": "(torch.int32 (3,) [1, 2, 3] rg=False, None)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l += w": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l.copy_(w); result = (l, l.grad_fn)": "(torch.int64 (3,) [1, 2, 3] rg=False, None)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l.fill_(w[0]); result = (l, l.grad_fn)": "(torch.int64 (3,) [1, 1, 1] rg=True, <FillBackward3 object at 0x>)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l.index_put_((torch.tensor([1]),), w[:1]); result = (l, l.grad_fn)": "RuntimeError: Index put requires the source and destination dtypes match, got Long for the destination and Float for the source.",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l.masked_fill_(torch.tensor([True, False, True]), w[0]); result = (l, l.grad_fn)": "(torch.int64 (3,) [1, 0, 1] rg=True, <MaskedFillBackward1 object at 0x>)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l[0] = w[0]; result = (l, l.grad_fn)": "(torch.int64 (3,) [1, 0, 0] rg=False, None)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l[0] = w[0]; s = l.sum(); result = (s, s.requires_grad)": "(torch.int64 () 1 rg=False, False)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l[:2] = w[0]; result = (l, l.grad_fn)": "(torch.int64 (3,) [1, 1, 0] rg=True, <CopySlices object at 0x>)",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l[l == 0] = w; result = (l, l.grad_fn)": "RuntimeError: Index put requires the source and destination dtypes match, got Long for the destination and Float for the source.",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); l[torch.tensor([0, 2])] = w[:2]; result = (l, l.grad_fn)": "RuntimeError: Index put requires the source and destination dtypes match, got Long for the destination and Float for the source.",
    "w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True); l = torch.zeros(3, dtype=torch.long); v = l[:2]; v.copy_(w[:2]); result = (l, l.grad_fn, v.grad_fn)": "(torch.int64 (3,) [1, 2, 0] rg=False, None, None)",
}


@pytest.mark.parametrize("code", sorted(COPY_GOLDEN))
def test_copy_into_int_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == COPY_GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(COPY_GOLDEN))
def test_copy_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == COPY_GOLDEN[code]


@pytest.mark.parametrize("dtype", ["int64", "int32", "int16", "int8", "uint8", "bool"])
@pytest.mark.parametrize(
    "write",
    [
        "t[0] = w[0]",
        "t[:] = w",
        "t.copy_(w)",
        "t[1:].copy_(w[1:])",
        "t.view(3)[:2] = w[:2]",
    ],
)
def test_no_write_of_a_float_makes_an_integer_tensor_require_grad(dtype: str, write: str) -> None:
    namespace = {"torch": engine}
    exec(
        f"w = torch.tensor([1.5, 2.5, 3.5], requires_grad=True)\n"
        f"t = torch.zeros(3, dtype=torch.{dtype})\n{write}",
        namespace,
    )
    t = namespace["t"]
    assert not t.requires_grad and t.grad_fn is None
