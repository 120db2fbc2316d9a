# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Two shape messages (the differential audit 2's F15/F16): ``x.select(dim, index)`` out of
range said the indexing words ("index 2 is out of bounds for dimension 0 with size 2"; torch:
"select(): index 2 out of range for tensor of size [2, 3] at dimension 0", while ``x[2]`` keeps
the indexing words), and ``x.mH`` / ``x.adjoint()`` of a 1-d tensor named ``tensor.mT``.  The
goldens were captured from torch 2.13 with ``audit_outcomes.goldens``:
``python tests/engine/test_audit_select_messages.py`` prints them again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

SELECT_AND_MH = {
    "x = torch.arange(3.); result = x.mH": "RuntimeError: tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.",
    "x = torch.arange(3.); result = x.adjoint()": "RuntimeError: tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.",
    "x = torch.arange(3.); result = x.mT": "RuntimeError: tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.",
    "result = torch.arange(6).reshape(2, 3).select(0, 2)": "IndexError: select(): index 2 out of range for tensor of size [2, 3] at dimension 0",
    "result = torch.arange(6).reshape(2, 3).select(1, -4)": "IndexError: select(): index -4 out of range for tensor of size [2, 3] at dimension 1",
    "result = torch.arange(6).select(0, 6)": "IndexError: select(): index 6 out of range for tensor of size [6] at dimension 0",
    "result = torch.arange(6).reshape(2, 3)[2]": "IndexError: index 2 is out of bounds for dimension 0 with size 2",
    "result = torch.arange(6).reshape(2, 3)[:, 3]": "IndexError: index 3 is out of bounds for dimension 1 with size 3",
    "result = torch.select(torch.ones(2, 3), 1, 3)": "IndexError: select(): index 3 out of range for tensor of size [2, 3] at dimension 1",
    "result = torch.ones(2, 3).select(-1, -1)": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "result = torch.ones(2, 3).unbind(0)[1]": "torch.float32 (3,) [1.0, 1.0, 1.0] rg=False",
}


@pytest.mark.parametrize("code", sorted(SELECT_AND_MH))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == SELECT_AND_MH[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(SELECT_AND_MH))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == SELECT_AND_MH[code]


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(
    shape=st.lists(st.integers(1, 3), min_size=1, max_size=3),
    dim=st.integers(-3, 2),
    index=st.integers(-5, 4),
    form=st.sampled_from(
        ["x.select({dim}, {index})", "torch.select(x, {dim}, {index})", "x[{index}]"]
    ),
)
def test_select_of_any_index_as_torch(
    shape: list[int], dim: int, index: int, form: str, real_torch: ModuleType
) -> None:
    code = f"x = torch.ones({shape}); result = " + form.format(dim=dim, index=index)
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("SELECT_AND_MH = {")
    for code, answer in goldens(torch, list(SELECT_AND_MH)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
