# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""The augmented operators torch defines in place (issue 2, the differential audit's R09):
``//=``, ``%=``, ``&=``, ``|=``, ``^=``, ``<<=``, ``>>=`` change the tensor itself (aliases
and views see it, the version counter moves, a leaf that requires grad refuses), with
torch's cast check first (``int_t //= 2.5``); an operand that is neither a tensor nor a
number is Python's TypeError.  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens``."""

from __future__ import annotations

import operator
from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDEN = {
    "f = torch.tensor([1.5]); f &= 1": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'",
    "f = torch.tensor([1.5]); f <<= 1": "NotImplementedError: \"lshift_cpu\" not implemented for 'Float'",
    "f = torch.tensor([1.5]); f |= True": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'Float'",
    "i = torch.tensor([5, 6]); alias = i; i &= 3; result = (i, alias)": "(torch.int64 (2,) [1, 2] rg=False, torch.int64 (2,) [1, 2] rg=False)",
    "i = torch.tensor([5, 6]); alias = i; i ^= 1; result = (i, alias)": "(torch.int64 (2,) [4, 7] rg=False, torch.int64 (2,) [4, 7] rg=False)",
    "i = torch.tensor([5, 6]); alias = i; i |= 8; result = (i, alias)": "(torch.int64 (2,) [13, 14] rg=False, torch.int64 (2,) [13, 14] rg=False)",
    "m = torch.tensor([True, False]); alias = m; m &= torch.tensor([False, True]); result = (m, alias)": "(torch.bool (2,) [False, False] rg=False, torch.bool (2,) [False, False] rg=False)",
    "m = torch.tensor([True, False]); alias = m; m ^= torch.tensor([True, True]); result = (m, alias)": "(torch.bool (2,) [False, True] rg=False, torch.bool (2,) [False, True] rg=False)",
    "m = torch.tensor([True, False]); alias = m; m |= torch.tensor([False, True]); result = (m, alias, m._version)": "(torch.bool (2,) [True, True] rg=False, torch.bool (2,) [True, True] rg=False, 1)",
    "m = torch.tensor([True]); m &= None": "TypeError: unsupported operand type(s) for &=: 'Tensor' and 'NoneType'",
    "result = torch.tensor([6, 7]) << 2": "torch.int64 (2,) [24, 28] rg=False",
    "result = torch.tensor([6, 7]) >> 1": "torch.int64 (2,) [3, 3] rg=False",
    "result = torch.tensor([True, False]) << 1": "torch.int64 (2,) [2, 0] rg=False",
    "w = torch.tensor([6., 7.], requires_grad=True); a = w * 1; a %= 4; a.sum().backward(); result = (a, a.grad_fn.name(), w.grad)": "(torch.float32 (2,) [2.0, 3.0] rg=True, 'RemainderBackward0', torch.float32 (2,) [1.0, 1.0] rg=False)",
    "w = torch.tensor([6., 7.], requires_grad=True); a = w * 1; a //= 2; result = a.grad_fn.name()": "'torch::autograd::NotImplemented'",
    "x = torch.tensor([1, 2]); x <<= None": "TypeError: unsupported operand type(s) for <<=: 'Tensor' and 'NoneType'",
    "x = torch.tensor([1., 2.]); x %= 'a'": "TypeError: unsupported operand type(s) for %=: 'Tensor' and 'str'",
    "x = torch.tensor([1., 2.]); x //= None": "TypeError: unsupported operand type(s) for //=: 'Tensor' and 'NoneType'",
    "x = torch.tensor([3, 4]); x %= 2.5": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "x = torch.tensor([3, 4]); x &= 2.5": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "x = torch.tensor([3, 4]); x //= 2.5": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "x = torch.tensor([3, 4]); x //= torch.tensor([2., 2.])": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "x = torch.tensor([6, -7]); y = x; x %= torch.tensor([4, 3]); result = (x, y)": "(torch.int64 (2,) [2, 2] rg=False, torch.int64 (2,) [2, 2] rg=False)",
    "x = torch.tensor([6, 7]); y = x; x <<= 1; result = (x, y, x._version)": "(torch.int64 (2,) [12, 14] rg=False, torch.int64 (2,) [12, 14] rg=False, 1)",
    "x = torch.tensor([6, 7]); y = x; x >>= torch.tensor([1, 2]); result = (x, y)": "(torch.int64 (2,) [3, 1] rg=False, torch.int64 (2,) [3, 1] rg=False)",
    "x = torch.tensor([6., -7.]); y = x; x %= 4; result = (x, y, x._version)": "(torch.float32 (2,) [2.0, 1.0] rg=False, torch.float32 (2,) [2.0, 1.0] rg=False, 1)",
    "x = torch.tensor([6., 7.]).expand(2, 2); x //= 2": "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    "x = torch.tensor([6., 7.]); v = x[:1]; v //= 2; result = (x, v, x._version)": "(torch.float32 (2,) [3.0, 7.0] rg=False, torch.float32 (1,) [3.0] rg=False, 1)",
    "x = torch.tensor([6., 7.]); v = x[:1]; x //= 2; result = (x, v, x._version)": "(torch.float32 (2,) [3.0, 3.0] rg=False, torch.float32 (1,) [3.0] rg=False, 1)",
    "x = torch.tensor([6., 7.]); x //= torch.tensor([[1., 2.], [3., 4.]])": "RuntimeError: output with shape [2] doesn't match the broadcast shape [2, 2]",
    "x = torch.tensor([6., 7.]); y = x; x //= 2; result = (x, y, x._version)": "(torch.float32 (2,) [3.0, 3.0] rg=False, torch.float32 (2,) [3.0, 3.0] rg=False, 1)",
    "x = torch.tensor([6., 7.], requires_grad=True); x %= 2": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([6., 7.], requires_grad=True); x //= 2": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_inplace_operator_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == GOLDEN[code]


_OPERATORS = {
    "//=": operator.ifloordiv,
    "%=": operator.imod,
    "&=": operator.iand,
    "|=": operator.ior,
    "^=": operator.ixor,
    "<<=": operator.ilshift,
    ">>=": operator.irshift,
}
_DTYPES = ["float32", "float64", "int64", "int32", "uint8", "bool"]


def _apply(torch: ModuleType, case: tuple) -> str:
    symbol, dtype, other_kind, values, others = case
    x = torch.tensor(values).to(getattr(torch, dtype))
    alias, version = x, x._version
    other = (
        torch.tensor(others).to(getattr(torch, other_kind))
        if other_kind in _DTYPES
        else {"int": 3, "float": 2.5, "bool": True}[other_kind]
    )
    try:
        result = _OPERATORS[symbol](x, other)
    except (RuntimeError, NotImplementedError, ZeroDivisionError) as failure:
        return f"{type(failure).__name__}: {failure} {x.tolist()}"
    return f"{result is alias} {x.dtype} {x.tolist()} {alias.tolist()} {x._version - version}"


_CASES = st.tuples(
    st.sampled_from(sorted(_OPERATORS)),
    st.sampled_from(_DTYPES),
    st.sampled_from(_DTYPES + ["int", "float", "bool"]),
    st.lists(st.sampled_from([0, 1, 2, 5, 7, 12]), min_size=3, max_size=3),
    st.lists(st.sampled_from([1, 2, 3]), min_size=3, max_size=3),
)


@settings(max_examples=200, deadline=None)
@given(case=_CASES)
def test_an_inplace_operator_changes_the_tensor_itself(case: tuple) -> None:
    text = _apply(engine, case)
    if not text.startswith(("RuntimeError", "NotImplementedError")):
        assert text.startswith("True ")
        assert text.endswith(" 1")


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(case=_CASES)
def test_inplace_operators_as_torch(case: tuple, real_torch: ModuleType) -> None:
    assert _apply(engine, case) == _apply(real_torch, case)
