# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""The gradient of a full ``max()`` / ``min()`` under ``create_graph`` (the differential audit
2's F08): torch's CPU formula, ``evenly_distribute_backward``, is ``zeros.masked_fill_(mask,
grad / mask.sum())``, so the gradient prints ``grad_fn=<MaskedFillBackward1>`` over a
DivBackward0; the engine's ``where(mask, expand(grad / count), 0)`` printed WhereBackward0
(values were the same).  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens``: ``python tests/engine/test_audit_extreme_double_backward.py``
prints them again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

_CHAIN = "g, = torch.autograd.grad(y * w, x, create_graph=True); h, = torch.autograd.grad(g.sum(), w); result = (g, g.grad_fn.name(), type(g.grad_fn.next_functions[1][0]).__name__, h)"

EVENLY_DISTRIBUTED = {
    f"x = torch.tensor([[1., 3.], [3., 2.]], requires_grad=True); w = torch.tensor(2., requires_grad=True); y = x.max(); {_CHAIN}": "(torch.float32 (2, 2) [[0.0, 1.0], [1.0, 0.0]] rg=True, 'MaskedFillBackward1', 'DivBackward0', torch.float32 () 1.0 rg=False)",
    f"x = torch.tensor([1., 3., 0.5], requires_grad=True); w = torch.tensor(2., requires_grad=True); y = x.min(); {_CHAIN}": "(torch.float32 (3,) [0.0, 0.0, 2.0] rg=True, 'MaskedFillBackward1', 'DivBackward0', torch.float32 () 1.0 rg=False)",
    f"x = torch.tensor([float('nan'), 3.], requires_grad=True); w = torch.tensor(2., requires_grad=True); y = x.min(); {_CHAIN}": "(torch.float32 (2,) [2.0, 0.0] rg=True, 'MaskedFillBackward1', 'DivBackward0', torch.float32 () 1.0 rg=False)",
    f"x = torch.tensor(5., dtype=torch.float64, requires_grad=True); w = torch.tensor(2., dtype=torch.float64, requires_grad=True); y = x.max(); {_CHAIN}": "(torch.float64 () 2.0 rg=True, 'MaskedFillBackward1', 'DivBackward0', torch.float64 () 1.0 rg=False)",
    f"x = torch.tensor([1., 1., 1.], dtype=torch.float16, requires_grad=True); w = torch.tensor(3., dtype=torch.float16, requires_grad=True); y = x.max(); {_CHAIN}": "(torch.float16 (3,) [1.0, 1.0, 1.0] rg=True, 'MaskedFillBackward1', 'DivBackward0', torch.float16 () 1.0 rg=False)",
    "x = torch.tensor([[0.5, -0.], [0., -1.]], requires_grad=True); y = x.max(); (y * y).backward(); result = x.grad": "torch.float32 (2, 2) [[1.0, 0.0], [0.0, 0.0]] rg=False",
}


@pytest.mark.parametrize("code", sorted(EVENLY_DISTRIBUTED))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == EVENLY_DISTRIBUTED[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(EVENLY_DISTRIBUTED))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == EVENLY_DISTRIBUTED[code]


@pytest.mark.torch
@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(
        st.sampled_from([-1.0, -0.0, 0.0, 0.5, 2.0, float("nan")]), min_size=1, max_size=5
    ),
    op=st.sampled_from(["max", "min"]),
    dtype=st.sampled_from(["float32", "float64", "float16"]),
)
def test_ties_and_nans_as_torch(
    values: list[float], op: str, dtype: str, real_torch: ModuleType
) -> None:
    code = (
        f"x = torch.tensor({values}, dtype=torch.{dtype}, requires_grad=True); "
        f"w = torch.tensor(1.5, dtype=torch.{dtype}, requires_grad=True); y = x.{op}(); {_CHAIN}"
    )
    assert outcome(engine, code) == outcome(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("EVENLY_DISTRIBUTED = {")
    for code, answer in goldens(torch, list(EVENLY_DISTRIBUTED)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
