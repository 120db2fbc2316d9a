# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Matrix products of two dtypes, and of bools (the differential audit 2's F13/F14): the
engine said "expected m1 and m2 to have the same dtype, but got: float != long int" for all
of them, where torch's words depend on the kernel: 2-d @ 1-d and mv are
``addmv(result, mat, vec)`` ("addmv input tensors must have the same dtype, but got Long,
Float, and Long": the vector's dtype first), bmm and batched matmul "expected scalar type
Float but found Long", F.linear with a bias addmm's "self and mat2 ..." / "mat1 and mat2 ...",
and mm names C++ types (``c10::Half``, ``unsigned char``).  Bool products ran; torch has no
bool kernel ("addmm_impl_cpu_" / "addmv_impl_cpu" / "bmm" / "dot" not implemented for
'Bool').  The goldens were captured from torch 2.13 with ``audit_outcomes.goldens``:
``python tests/engine/test_audit_product_dtypes.py`` prints them again (needs torch)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

PRODUCT_DTYPES = {
    "A = torch.ones(2, 2, 3, dtype=torch.bool); B = torch.ones(3, dtype=torch.float32); result = A @ B": "RuntimeError: addmv input tensors must have the same dtype, but got Float, Bool, and Float",
    "A = torch.ones(2, 2, 3, dtype=torch.float16); B = torch.ones(2, 3, 2, dtype=torch.float32); result = A @ B": "RuntimeError: expected scalar type Half but found Float",
    "A = torch.ones(2, 2, 3, dtype=torch.float16); B = torch.ones(2, 3, 2, dtype=torch.float32); result = torch.bmm(A, B)": "RuntimeError: expected scalar type Half but found Float",
    "A = torch.ones(2, 2, 3, dtype=torch.float32); B = torch.ones(2, 3, 2, dtype=torch.int64); result = A @ B": "RuntimeError: expected scalar type Float but found Long",
    "A = torch.ones(2, 2, 3, dtype=torch.float32); B = torch.ones(2, 3, 2, dtype=torch.int64); result = torch.bmm(A, B)": "RuntimeError: expected scalar type Float but found Long",
    "A = torch.ones(2, 2, 3, dtype=torch.float32); B = torch.ones(3, 2, dtype=torch.bool); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != bool",
    "A = torch.ones(2, 2, 3, dtype=torch.float32); B = torch.ones(3, 2, dtype=torch.int64); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != long int",
    "A = torch.ones(2, 2, 3, dtype=torch.int64); B = torch.ones(2, 3, 2, dtype=torch.int64); result = torch.bmm(A, B)": "torch.int64 (2, 2, 2) [[[3, 3], [3, 3]], [[3, 3], [3, 3]]] rg=False",
    "A = torch.ones(2, 2, 3, dtype=torch.int64); B = torch.ones(3, dtype=torch.float32); result = A @ B": "RuntimeError: addmv input tensors must have the same dtype, but got Float, Long, and Float",
    "A = torch.ones(2, 2, 3, dtype=torch.uint8); B = torch.ones(2, 3, 2, dtype=torch.uint8); result = A @ B": "torch.uint8 (2, 2, 2) [[[3, 3], [3, 3]], [[3, 3], [3, 3]]] rg=False",
    "A = torch.ones(2, 2, 3, dtype=torch.uint8); B = torch.ones(3, 2, dtype=torch.float32); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: unsigned char != float",
    "A = torch.ones(2, 2, 3, dtype=torch.uint8); B = torch.ones(3, 2, dtype=torch.uint8); result = A @ B": "torch.uint8 (2, 2, 2) [[[3, 3], [3, 3]], [[3, 3], [3, 3]]] rg=False",
    "A = torch.ones(2, 2, 3, dtype=torch.uint8); B = torch.ones(3, dtype=torch.float32); result = A @ B": "RuntimeError: addmv input tensors must have the same dtype, but got Float, Byte, and Float",
    "A = torch.ones(2, 3, dtype=torch.bool); B = torch.ones(3, dtype=torch.bool); result = torch.mv(A, B)": "NotImplementedError: \"addmv_impl_cpu\" not implemented for 'Bool'",
    "A = torch.ones(2, 3, dtype=torch.float16); B = torch.ones(2, 3, 2, dtype=torch.float16); result = A @ B": "torch.float16 (2, 2, 2) [[[3.0, 3.0], [3.0, 3.0]], [[3.0, 3.0], [3.0, 3.0]]] rg=False",
    "A = torch.ones(2, 3, dtype=torch.float16); B = torch.ones(3, 2, dtype=torch.float16); result = A @ B": "torch.float16 (2, 2) [[3.0, 3.0], [3.0, 3.0]] rg=False",
    "A = torch.ones(2, 3, dtype=torch.float16); B = torch.ones(3, 2, dtype=torch.float32); result = torch.mm(A, B)": "RuntimeError: expected m1 and m2 to have the same dtype, but got: c10::Half != float",
    "A = torch.ones(2, 3, dtype=torch.float16); B = torch.ones(3, dtype=torch.float16); result = A @ B": "torch.float16 (2,) [3.0, 3.0] rg=False",
    "A = torch.ones(2, 3, dtype=torch.float16); B = torch.ones(3, dtype=torch.float32); result = torch.mv(A, B)": "RuntimeError: addmv input tensors must have the same dtype, but got Float, Half, and Float",
    "A = torch.ones(2, 3, dtype=torch.float16); B = torch.ones(4, 3, dtype=torch.float32); result = F.linear(A, B)": "RuntimeError: expected m1 and m2 to have the same dtype, but got: c10::Half != float",
    "A = torch.ones(2, 3, dtype=torch.float32); B = torch.ones(2, 3, 2, dtype=torch.int64); result = A @ B": "RuntimeError: expected scalar type Float but found Long",
    "A = torch.ones(2, 3, dtype=torch.float32); B = torch.ones(3, 2, dtype=torch.bool); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != bool",
    "A = torch.ones(2, 3, dtype=torch.float32); B = torch.ones(3, 2, dtype=torch.int64); result = torch.mm(A, B)": "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != long int",
    "A = torch.ones(2, 3, dtype=torch.float32); B = torch.ones(3, dtype=torch.float16); result = A @ B": "RuntimeError: addmv input tensors must have the same dtype, but got Half, Float, and Half",
    "A = torch.ones(2, 3, dtype=torch.float32); B = torch.ones(4, 3, dtype=torch.int64); result = F.linear(A, B)": "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != long int",
    "A = torch.ones(2, 3, dtype=torch.int64); B = torch.ones(3, dtype=torch.float32); result = A @ B": "RuntimeError: addmv input tensors must have the same dtype, but got Float, Long, and Float",
    "A = torch.ones(2, 3, dtype=torch.uint8); B = torch.ones(3, 2, dtype=torch.float32); result = torch.mm(A, B)": "RuntimeError: expected m1 and m2 to have the same dtype, but got: unsigned char != float",
    "A = torch.ones(2, 3, dtype=torch.uint8); B = torch.ones(3, 2, dtype=torch.uint8); result = A @ B": "torch.uint8 (2, 2) [[3, 3], [3, 3]] rg=False",
    "A = torch.ones(2, 3, dtype=torch.uint8); B = torch.ones(3, 2, dtype=torch.uint8); result = torch.mm(A, B)": "torch.uint8 (2, 2) [[3, 3], [3, 3]] rg=False",
    "A = torch.ones(3, dtype=torch.bool); B = torch.ones(3, 2, dtype=torch.bool); result = A @ B": "NotImplementedError: \"addmm_impl_cpu_\" not implemented for 'Bool'",
    "A = torch.ones(3, dtype=torch.float16); B = torch.ones(3, dtype=torch.float16); result = A @ B": "torch.float16 () 3.0 rg=False",
    "A = torch.ones(3, dtype=torch.float32); B = torch.ones(3, 2, dtype=torch.int64); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != long int",
    "A = torch.ones(3, dtype=torch.float32); B = torch.ones(3, dtype=torch.bool); result = A @ B": "RuntimeError: dot : expected both vectors to have same dtype, but found Float and Bool",
    "A = torch.ones(3, dtype=torch.uint8); B = torch.ones(3, 2, dtype=torch.float32); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: unsigned char != float",
    "A = torch.ones(3, dtype=torch.uint8); B = torch.ones(3, dtype=torch.float32); result = A @ B": "RuntimeError: dot : expected both vectors to have same dtype, but found Byte and Float",
    "A = torch.ones(3, dtype=torch.uint8); B = torch.ones(3, dtype=torch.uint8); result = A @ B": "torch.uint8 () 3 rg=False",
    "A = torch.ones(2, 3, dtype=torch.int8); B = torch.ones(3, 2); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: signed char != float",
    "A = torch.ones(2, 3, dtype=torch.int16); B = torch.ones(3, 2); result = A @ B": "RuntimeError: expected m1 and m2 to have the same dtype, but got: short int != float",
    "A = torch.ones(2, 3); B = torch.ones(3, 2, dtype=torch.int8); result = torch.mm(A, B)": "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != signed char",
    "A = torch.ones(2, 3, dtype=torch.int64); B = torch.ones(3, 2, dtype=torch.int64); result = A @ B": "torch.int64 (2, 2) [[3, 3], [3, 3]] rg=False",
    "A = torch.ones(2, 2, 3, dtype=torch.int8); B = torch.ones(2, 3, 2); result = A @ B": "RuntimeError: expected scalar type Char but found Float",
    "W = torch.ones(2, 3); result = W @ torch.tensor([1, 2, 3])": "RuntimeError: addmv input tensors must have the same dtype, but got Long, Float, and Long",
    "W = torch.ones(2, 3); result = torch.mv(W, torch.tensor([1, 2, 3]))": "RuntimeError: addmv input tensors must have the same dtype, but got Long, Float, and Long",
    "W = torch.ones(2, 3, dtype=torch.float16); result = W @ torch.ones(3, 4)": "RuntimeError: expected m1 and m2 to have the same dtype, but got: c10::Half != float",
    "W = torch.ones(2, 3, 3); result = torch.bmm(W, torch.ones(2, 3, 3, dtype=torch.int64))": "RuntimeError: expected scalar type Float but found Long",
    "W = torch.ones(2, 3, 3, dtype=torch.bool); result = torch.bmm(W, torch.ones(2, 3, 3))": "NotImplementedError: \"bmm\" not implemented for 'Bool'",
    "a = torch.ones(2, 2, dtype=torch.bool); result = a @ a": "NotImplementedError: \"addmm_impl_cpu_\" not implemented for 'Bool'",
    "a = torch.ones(2, dtype=torch.bool); result = a @ a": "NotImplementedError: \"dot\" not implemented for 'Bool'",
    "a = torch.ones(2, dtype=torch.bool); result = torch.dot(a, a)": "NotImplementedError: \"dot\" not implemented for 'Bool'",
    "a = torch.ones(2, dtype=torch.bool); result = torch.ones(2, 2, dtype=torch.bool).mv(a)": "NotImplementedError: \"addmv_impl_cpu\" not implemented for 'Bool'",
    "a = torch.ones(2, 2, dtype=torch.bool); result = a.mm(a)": "NotImplementedError: \"addmm_impl_cpu_\" not implemented for 'Bool'",
    "x = torch.ones(2, 3, requires_grad=True); result = x @ torch.ones(3, dtype=torch.float64)": "RuntimeError: addmv input tensors must have the same dtype, but got Double, Float, and Double",
    "x = torch.ones(2, 3, requires_grad=True); y = x @ torch.ones(3, 2); result = y.sum()": "torch.float32 () 12.0 rg=True",
}


@pytest.mark.parametrize("code", sorted(PRODUCT_DTYPES))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == PRODUCT_DTYPES[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(PRODUCT_DTYPES))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == PRODUCT_DTYPES[code]


# (shape of a, shape of b, the call)
_FORMS = {
    "mm": ((2, 3), (3, 2), lambda t, a, b: t.mm(a, b)),
    "2d@2d": ((2, 3), (3, 2), lambda t, a, b: a @ b),
    "2d@1d": ((2, 3), (3,), lambda t, a, b: a @ b),
    "mv": ((2, 3), (3,), lambda t, a, b: a.mv(b)),
    "1d@2d": ((3,), (3, 2), lambda t, a, b: t.matmul(a, b)),
    "dot": ((3,), (3,), lambda t, a, b: a @ b),
    "bmm": ((2, 2, 3), (2, 3, 2), lambda t, a, b: t.bmm(a, b)),
    "3d@3d": ((2, 2, 3), (2, 3, 2), lambda t, a, b: a @ b),
    "3d@2d": ((2, 2, 3), (3, 2), lambda t, a, b: a @ b),
    "2d@3d": ((2, 3), (2, 3, 2), lambda t, a, b: a @ b),
    "3d@1d": ((2, 2, 3), (3,), lambda t, a, b: a @ b),
    "linear": ((2, 3), (4, 3), lambda t, a, b: t.nn.functional.linear(a, b)),
    "linear_bias": ((2, 3), (4, 3), lambda t, a, b: t.nn.functional.linear(a, b, b[:, 0])),
    "linear_1d_bias": ((3,), (4, 3), lambda t, a, b: t.nn.functional.linear(a, b, b[:, 0])),
    "linear_3d_bias": ((2, 2, 3), (4, 3), lambda t, a, b: t.nn.functional.linear(a, b, a[0, 0, 0])),
}
_DTYPES = ["float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"]


def _product(torch: ModuleType, form: str, first: str, second: str) -> str:
    shape_a, shape_b, call = _FORMS[form]
    a = torch.ones(shape_a, dtype=getattr(torch, first))
    b = torch.ones(shape_b, dtype=getattr(torch, second))
    try:
        result = call(torch, a, b)
    except (RuntimeError, NotImplementedError) as failure:
        return f"{type(failure).__name__}: {failure}"
    return f"{result.dtype} {tuple(result.shape)} {result.sum().item()}"


@pytest.mark.torch
@settings(max_examples=300, deadline=None)
@given(
    form=st.sampled_from(sorted(_FORMS)),
    first=st.sampled_from(_DTYPES),
    second=st.sampled_from(_DTYPES),
)
def test_products_of_any_two_dtypes_as_torch(
    form: str, first: str, second: str, real_torch: ModuleType
) -> None:
    assert _product(engine, form, first, second) == _product(real_torch, form, first, second)


@settings(max_examples=100, deadline=None)
@given(form=st.sampled_from(sorted(_FORMS)), second=st.sampled_from(_DTYPES))
def test_a_bool_product_never_runs(form: str, second: str) -> None:
    assert _product(engine, form, "bool", second).startswith(
        ("RuntimeError", "NotImplementedError")
    )


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("PRODUCT_DTYPES = {")
    for code, answer in goldens(torch, list(PRODUCT_DTYPES)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
