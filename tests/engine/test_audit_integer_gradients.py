# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Integer tensors that would end up requiring grad without ``requires_grad_`` (the
differential audit 2's F22): ``nn.Parameter(int_tensor)`` ran, where torch raises "Only
Tensors of floating point and complex dtype can require gradients".  (``leaf.data =
int_tensor`` on a tensor that requires grad is left: torch's "data set to a tensor that
requires gradients must be floating point or complex dtype" cost the setter 5.6%.)  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens``: ``python tests/engine/test_audit_integer_gradients.py`` prints
them again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

INTEGER_GRADIENTS = {
    "result = torch.nn.Parameter(torch.tensor([1, 2]))": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "result = torch.nn.Parameter(torch.tensor([1, 2]), requires_grad=False)": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.nn.Parameter(torch.tensor([True]))": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "result = torch.nn.Parameter(torch.tensor([1, 2], dtype=torch.uint8))": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "result = torch.nn.Parameter(torch.tensor([1.0, 2.0], dtype=torch.float16))": "torch.float16 (2,) [1.0, 2.0] rg=True",
    "result = torch.nn.Parameter(torch.arange(3))": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "result = torch.nn.Parameter(torch.arange(3.))": "torch.float32 (3,) [0.0, 1.0, 2.0] rg=True",
    "result = torch.nn.Parameter(torch.tensor([1, 2]), False)": "torch.int64 (2,) [1, 2] rg=False",
    "x = torch.tensor([1., 2.]); x.data = torch.tensor([5, 6]); result = x": "torch.int64 (2,) [5, 6] rg=False",
    "p = torch.nn.Parameter(torch.ones(2)); p.data = torch.tensor([5., 6.], dtype=torch.float64); result = p": "torch.float64 (2,) [5.0, 6.0] rg=True",
    "p = torch.nn.Parameter(torch.ones(2)); p.data = torch.tensor([5., 6., 7.]); result = p": "torch.float32 (3,) [5.0, 6.0, 7.0] rg=True",
    "w = torch.tensor([1., 2.], requires_grad=True); w.data = w.data - 0.1 * torch.ones(2); result = w": "torch.float32 (2,) [0.9, 1.9] rg=True",
}


@pytest.mark.parametrize("code", sorted(INTEGER_GRADIENTS))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == INTEGER_GRADIENTS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(INTEGER_GRADIENTS))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == INTEGER_GRADIENTS[code]


_DTYPES = ["float32", "float64", "float16", "int64", "int32", "uint8", "int8", "bool"]
_SOURCES = {  # (x.data = int_tensor is left: its check cost the .data setter 5.6%)
    "parameter": "result = torch.nn.Parameter(torch.ones(2, dtype=torch.{new}), {flag})",
}


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(
    source=st.sampled_from(sorted(_SOURCES)),
    old=st.sampled_from(["float32", "float64"]),
    new=st.sampled_from(_DTYPES),
    flag=st.booleans(),
)
def test_dtypes_that_require_grad_as_torch(
    source: str, old: str, new: str, flag: bool, real_torch: ModuleType
) -> None:
    code = _SOURCES[source].format(old=old, new=new, flag=flag)
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("INTEGER_GRADIENTS = {")
    for code, answer in goldens(torch, list(INTEGER_GRADIENTS)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
