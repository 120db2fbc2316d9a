"""dtype objects and torch's three-tier promotion (not numpy 2's NEP 50 rules)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import gradekit.engine as engine
from gradekit.engine import dtypes

DTYPE_NAMES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def _engine_dtype(name: str) -> dtypes.dtype:
    return dtypes.bool_ if name == "bool" else getattr(dtypes, name)


def test_promotion_examples_that_differ_from_numpy() -> None:
    zero_d_double = engine.tensor(1.0, dtype=engine.float64)
    vector_float = engine.ones(2)
    assert (zero_d_double + vector_float).dtype is engine.float32  # numpy 2 says float64
    assert (engine.tensor([1, 2]) + 1.5).dtype is engine.float32
    assert (engine.tensor([1, 2]) / 2).dtype is engine.float32
    assert (engine.tensor([1, 2]) // 2).dtype is engine.int64
    assert (engine.tensor([1, 2]) ** 2).dtype is engine.int64
    assert (engine.ones(2) + np.float64(1.0)).dtype is engine.float32
    assert (engine.tensor([1], dtype=engine.int32) + engine.tensor([1])).dtype is engine.int64
    assert (engine.tensor([True]) + 1).dtype is engine.int64
    assert (engine.tensor([1], dtype=engine.int32) + 5).dtype is engine.int32


def test_creation_dtypes() -> None:
    assert engine.tensor([1, 2]).dtype is engine.int64
    assert engine.tensor([1.0, 2]).dtype is engine.float32
    assert engine.tensor([True, False]).dtype is engine.bool
    assert engine.tensor(np.array([1.0, 2.0])).dtype is engine.float64
    assert engine.arange(3).dtype is engine.int64 and engine.arange(3.0).dtype is engine.float32
    assert engine.linspace(0, 1, 3).dtype is engine.float32
    assert engine.full((2,), 7).dtype is engine.int64
    assert engine.tensor([1, 2]).sum().dtype is engine.int64


def test_int_mean_raises() -> None:
    with pytest.raises(RuntimeError) as info:
        engine.tensor([1, 2]).mean()
    assert str(info.value) == (
        "mean(): could not infer output dtype. Input dtype must be either a floating point or "
        "complex dtype. Got: Long"
    )


def test_copy_construct_warning() -> None:
    source = engine.ones(2)
    with pytest.warns(UserWarning, match=r"sourceTensor.detach\(\).clone\(\)"):
        copy = engine.tensor(source)
    copy.add_(1)
    assert source.tolist() == [1.0, 1.0]


@pytest.mark.torch
@pytest.mark.parametrize(("left", "right"), list(itertools.product(DTYPE_NAMES, repeat=2)))
@pytest.mark.parametrize("shapes", [((2,), (2,)), ((), (2,)), ((2,), ())])
def test_promote_tensor_pairs_like_torch(left: str, right: str, shapes: tuple) -> None:
    torch = pytest.importorskip("torch", reason="real torch is the oracle for promotion")
    left_shape, right_shape = shapes
    a = torch.ones(left_shape, dtype=getattr(torch, left))
    b = torch.ones(right_shape, dtype=getattr(torch, right))
    expected = torch.result_type(a, b)
    ea = engine.ones(left_shape, dtype=_engine_dtype(left))
    eb = engine.ones(right_shape, dtype=_engine_dtype(right))
    assert repr(engine.result_type(ea, eb)) == str(expected)
    assert repr(engine.promote_types(ea.dtype, eb.dtype)) == str(
        torch.promote_types(a.dtype, b.dtype)
    )


@pytest.mark.torch
@pytest.mark.parametrize("name", DTYPE_NAMES)
@pytest.mark.parametrize("scalar", [True, 2, 2.5, np.float64(1.5), np.int32(3)])
def test_promote_tensor_with_scalar_like_torch(name: str, scalar: object) -> None:
    torch = pytest.importorskip("torch", reason="real torch is the oracle for promotion")
    expected = torch.result_type(torch.ones(2, dtype=getattr(torch, name)), scalar)
    result = engine.result_type(engine.ones(2, dtype=_engine_dtype(name)), scalar)
    assert repr(result) == str(expected)
