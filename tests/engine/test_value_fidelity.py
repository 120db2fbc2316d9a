"""Values the engine computes as torch 2.13's CPU kernels do, bit for bit (issue 2's audit).

Each item has a differential test against real torch (``-m torch``, hypothesis where the
inputs vary) and golden values captured from torch that run without it:

* ``linspace``: torch's kernel (first half from ``start``, second half from ``end``, each
  element one fused multiply-add; float16 rounded at every step);
* the fused multiply-add emulation itself, against exact rational arithmetic;
* a sum or mean along every non-trivial dim (``x.sum(0)`` of a vector): the full sum's order;
* 2-norms: torch's vectorised kernel (lanes, then a tail of fused multiply-adds) or its
  generic reduction (rounded squares added in order), by layout.
"""

from __future__ import annotations

from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine.ops.fused import fused_multiply_add


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


# --- fused multiply-add ----------------------------------------------------------------------
def exactly_rounded_fma(a: float, b: float, c: float, dtype: type) -> np.floating:
    """``a * b + c`` in exact rationals, rounded once to ``dtype`` (float32: rounded to
    nearest even by hand, since Fraction -> float -> float32 would round twice)."""
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:  # IEEE: -0.0 only when the product and c are both negative zeros
        product_negative = (np.signbit(a) != np.signbit(b)) and (a == 0 or b == 0)
        both_negative = product_negative and c == 0 and np.signbit(c)
        return dtype(-0.0 if both_negative else 0.0)
    if dtype is np.float64:
        try:
            return np.float64(float(exact))
        except OverflowError:
            return np.float64(np.inf if exact > 0 else -np.inf)
    below = np.float32(float(exact))  # within one float32 step of the exact value
    candidates = [
        below,
        np.nextafter(below, np.float32(np.inf)),
        np.nextafter(below, np.float32(-np.inf)),
    ]
    best = min(
        candidates, key=lambda x: (abs(Fraction(float(x)) - exact), int(x.view(np.int32)) & 1)
    )
    return np.float32(best)


finite32 = st.floats(
    width=32, allow_nan=False, allow_infinity=False, min_value=-(2.0**50), max_value=2.0**50
)
finite64 = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e200, max_value=1e200)


@given(a=finite32, b=finite32, c=finite32)
def test_fused_multiply_add_float32_rounds_once(a: float, b: float, c: float) -> None:
    result = fused_multiply_add(np.float32(a), np.float32(b), np.float32(c))
    assert result.dtype == np.float32
    expected = exactly_rounded_fma(a, b, c, np.float32)
    assert result.tobytes() == expected.tobytes()


@given(a=finite64, b=finite64, c=finite64)
def test_fused_multiply_add_float64_rounds_once(a: float, b: float, c: float) -> None:
    result = fused_multiply_add(np.float64(a), np.float64(b), np.float64(c))
    assert result.dtype == np.float64
    expected = exactly_rounded_fma(a, b, c, np.float64)
    assert result.tobytes() == expected.tobytes()


@given(a=st.floats(-1e150, 1e150), b=st.floats(-1e150, 1e150))
def test_fused_multiply_add_float64_on_cancellation(a: float, b: float) -> None:
    """``a * b - round(a * b)`` is the product's rounding error: exact, never zero-ed."""
    product = np.float64(a) * np.float64(b)
    result = fused_multiply_add(np.float64(a), np.float64(b), -product)
    assert result.tobytes() == exactly_rounded_fma(a, b, -float(product), np.float64).tobytes()


def test_fused_multiply_add_arrays_and_specials() -> None:
    a = np.array([1.0, np.inf, np.nan, 2.0, 1e300, 1e-300], np.float64)
    b = np.array([1.0, 1.0, 1.0, 3.0, 1e10, 1e-30], np.float64)
    c = np.array([0.5, 1.0, 1.0, np.inf, 0.0, 1e-320], np.float64)
    result = fused_multiply_add(a, b, c)
    assert result[0] == 1.5 and result[1] == np.inf and np.isnan(result[2])
    assert result[3] == np.inf and result[4] == np.inf
    assert result[5] == float(Fraction(1e-300) * Fraction(1e-30) + Fraction(1e-320))


# --- linspace --------------------------------------------------------------------------------
# (start, end, steps, dtype, torch's bytes), captured from torch 2.13.0
LINSPACE_GOLDEN = [
    (
        0.1,
        0.9,
        9,
        "float32",
        "cdcccc3dcccc4c3e9999993ecccccc3e0000003f9a99193f3333333fcccc4c3f6666663f",
    ),
    (
        -3.7,
        12.25,
        11,
        "float32",
        "cdcc6cc052b806c05c8f02bf48e18a3f1f852b40cccc88400ad7bb4048e1ee40c2f51041e17a2a4100004441",
    ),
    (
        0.1,
        0.9,
        9,
        "float64",
        "9a9999999999b93f9a9999999999c93f343333333333d33f9a9999999999d93f000000000000e03f"
        "333333333333e33f666666666666e63f9a9999999999e93fcdccccccccccec3f",
    ),
    (
        1 / 3,
        2 / 3,
        7,
        "float64",
        "555555555555d53f388ee3388ee3d83f1cc7711cc771dc3f000000000000e03f721cc7711cc7e13f"
        "e3388ee3388ee33f555555555555e53f",
    ),
    (-5.5, 100.1, 6, "float16", "80c5d04b98503c53f0544256"),
    (
        3,
        -17,
        8,
        "int64",
        "03000000000000000000000000000000fefffffffffffffffbfffffffffffffff8ffffffffffffff"
        "f5fffffffffffffff2ffffffffffffffefffffffffffffff",
    ),
    (2.7, 9.9, 5, "int32", "0200000003000000050000000700000009000000"),
]


@pytest.mark.parametrize(("start", "end", "steps", "dtype", "golden"), LINSPACE_GOLDEN)
def test_linspace_golden(start: float, end: float, steps: int, dtype: str, golden: str) -> None:
    result = engine.linspace(start, end, steps, dtype=getattr(engine, dtype)).numpy()
    assert result.tobytes().hex() == golden


def test_linspace_auditors_repro() -> None:
    assert engine.linspace(0.1, 0.9, 9)[1].item() == 0.19999998807907104


OVERFLOW = "value cannot be converted to type {} without overflow"
LINSPACE_ERRORS = [
    ("linspace(0, 1e300, 3)", OVERFLOW.format("float")),
    ("linspace(0, 7e4, 3, dtype=m.float16)", OVERFLOW.format("c10::Half")),
    ("linspace(-200, 100, 3, dtype=m.int8)", OVERFLOW.format("int8_t")),
    ("linspace(0, float('nan'), 3, dtype=m.int64)", OVERFLOW.format("int64_t")),
    (
        "linspace(m.tensor([1.0]), 3, 3)",
        "linspace only supports 0-dimensional start and end tensors, but got start with 1"
        " dimension(s).",
    ),
    ("linspace(0, 1, 3, dtype=m.bool)", "\"linspace_cpu\" not implemented for 'Bool'"),
]  # fmt: skip

LINSPACE_EDGES = [
    "linspace(0, float('inf'), 3)",
    "linspace(-1, 5, 1, dtype=m.uint8)",
    "linspace(7e4, 0, 1, dtype=m.float16)",
    "linspace(m.tensor(1.5, dtype=m.float64), 3, 3)",
    "linspace(m.tensor(1), 3, 4)",
    "linspace(2.5, -3.5, 4, dtype=m.int8)",
    "linspace(0, 1, 0)",
    "linspace(True, 3, 3)",
    "linspace(89.46874701690933, 0, 1, dtype=m.float16)",
]


@pytest.mark.parametrize(("expression", "message"), LINSPACE_ERRORS)
def test_linspace_refuses_what_torch_refuses(expression: str, message: str) -> None:
    with pytest.raises((RuntimeError, NotImplementedError)) as raised:
        eval("m." + expression, {"m": engine})  # noqa: S307 - a fixed test expression
    assert str(raised.value) == message


@pytest.mark.torch
@pytest.mark.parametrize("expression", [e for e, _ in LINSPACE_ERRORS] + LINSPACE_EDGES)
def test_linspace_edges_match_torch(real_torch: ModuleType, expression: str) -> None:
    outcomes = []
    for module in (real_torch, engine):
        try:
            outcome = eval("m." + expression, {"m": module}).numpy()  # noqa: S307
        except (RuntimeError, NotImplementedError) as error:
            outcome = (type(error).__name__, str(error))
        outcomes.append(outcome)
    expected, got = outcomes
    if isinstance(expected, tuple):
        assert got == expected
    else:
        assert same_bits(got, expected)


ends = st.floats(-1e4, 1e4, allow_nan=False) | st.floats(-1, 1, allow_nan=False)


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@given(start=ends, end=ends, steps=st.integers(0, 600) | st.sampled_from([2049, 4097, 40000]))
def test_linspace_floats_equal_torch(
    real_torch: ModuleType, dtype: str, start: float, end: float, steps: int
) -> None:
    if dtype == "float16":
        start, end = start % 60000, end % 60000  # within float16's range
    expected = real_torch.linspace(start, end, steps, dtype=getattr(real_torch, dtype)).numpy()
    got = engine.linspace(start, end, steps, dtype=getattr(engine, dtype)).numpy()
    assert same_bits(got, expected)


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["int64", "int32", "int16", "uint8"])
@given(
    start=st.integers(0, 100) | st.floats(0, 100),
    end=st.integers(0, 120) | st.floats(0, 120),
    steps=st.integers(0, 300),
)
def test_linspace_integers_equal_torch(
    real_torch: ModuleType, dtype: str, start: float, end: float, steps: int
) -> None:
    expected = real_torch.linspace(start, end, steps, dtype=getattr(real_torch, dtype)).numpy()
    got = engine.linspace(start, end, steps, dtype=getattr(engine, dtype)).numpy()
    assert same_bits(got, expected)


# --- sums along the only non-trivial dim -----------------------------------------------------
def test_dim_sum_of_a_vector_is_the_full_sum_golden() -> None:
    x = engine.arange(1000.0) / 7
    assert x.sum(0).numpy().tobytes().hex() == "935e8b47"  # torch: 71357.1484375
    assert x.mean(0).numpy().tobytes().hex() == "dcb68e42"


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@given(
    size=st.integers(0, 3000),
    layout=st.sampled_from(["vector", "row", "column", "grid"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_reducing_every_non_trivial_dim_adds_in_the_full_sums_order(
    dtype: type, size: int, layout: str, seed: int
) -> None:
    """Without torch: the dim reduction equals ``x.sum()`` / ``x.mean()`` bit for bit (the
    full sum's order is checked against torch in test_torch_order_sum.py)."""
    values = np.random.default_rng(seed).standard_normal(size).astype(dtype) * 1000
    x, dims = _laid_out(engine, values, layout)
    full_sum, full_mean = x.sum().numpy(), x.mean().numpy()
    for keepdim in (False, True):
        summed = x.sum(dims, keepdim=keepdim).numpy()
        averaged = x.mean(dims, keepdim=keepdim).numpy()
        assert summed.size == 1 and summed.tobytes() == full_sum.tobytes()
        assert averaged.tobytes() == full_mean.tobytes() or size == 0


def _laid_out(module: ModuleType, values: np.ndarray, layout: str) -> tuple[Any, Any]:
    """``values`` as a tensor whose only non-trivial dims are the returned ones."""
    x = module.from_numpy(values.copy())
    if layout == "vector":
        return x, 0
    if layout == "row":
        return x.reshape(1, -1), 1
    if layout == "column":
        return x.reshape(-1, 1, 1), (0,)
    rows = 3 if values.size % 3 == 0 else 1
    return x.reshape(rows, -1).t(), (1, 0)  # a transposed (dense) grid, both dims reduced


@pytest.mark.torch
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@given(
    size=st.integers(0, 3000),
    layout=st.sampled_from(["vector", "row", "column", "grid"]),
    keepdim=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_dim_sums_and_means_equal_torch(
    real_torch: ModuleType, dtype: type, size: int, layout: str, keepdim: bool, seed: int
) -> None:
    values = np.random.default_rng(seed).standard_normal(size).astype(dtype) * 1000
    for op in ("sum", "mean"):
        results = []
        for module in (real_torch, engine):
            x, dims = _laid_out(module, values, layout)
            results.append(getattr(x, op)(dims, keepdim=keepdim).numpy())
        expected, got = results
        assert same_bits(got, expected) or (op == "mean" and size == 0 and np.isnan(got).all())


# --- norm ------------------------------------------------------------------------------------
NORM_37_INPUT = (
    "88174c4306917fc3523d27429c1b63c24a0f35c24d7aacc1a5ff49c3c08bb9c1e90aadc26526a64319a1b441"
    "650d0dc2aa07e1c1f99b85c2b507d3c205521cc235c74042c7d7bec13f8dbf427ad79fc1df421b4004951a43"
    "ce0a5a426c174ac26c4592c1c6355842418241433eb2d7c1d1d8c2c17576c842c04ab1c24e60e9c1ff81b042"
    "d72368423e6d1241580586427a688dc3"
)


def test_norm_golden() -> None:
    """float32 2-norms as torch computes them (fused multiply-adds in the tail)."""
    x = engine.tensor([2758.2463, 1055.1296, 1921.024])
    assert x.norm().numpy().tobytes().hex() == "0f305c45"  # torch: 3523.0037
    values = np.frombuffer(bytes.fromhex(NORM_37_INPUT), np.float32)
    assert engine.from_numpy(values.copy()).norm().numpy().tobytes().hex() == "22502f44"


NORM_EXPRESSIONS = [
    "t.norm()",
    "t.norm(dim=-1)",
    "t.norm(dim=2, keepdim=True)",
    "t.norm(dim=1)",
    "t.norm(dim=0)",
    "t.transpose(0, 2).norm()",
    "t[::2].norm(dim=-1)",
    "t[:, :, ::2].norm()",
    "t[:, :, ::2].norm(dim=-1)",
    "t[0, 0].norm()",
    "t[0, 0, ::3].norm()",
    "m.linalg.vector_norm(t, dim=(1, 2))",
    "m.linalg.vector_norm(t[::2], dim=(1, 2))",
    "m.linalg.vector_norm(t)",
    "m.norm(t, 2, -1)",
]


@pytest.mark.torch
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@given(
    shape=st.tuples(st.integers(1, 4), st.integers(1, 5), st.integers(1, 140)),
    seed=st.integers(0, 2**32 - 1),
)
def test_norms_equal_torch(real_torch: ModuleType, dtype: type, shape: tuple, seed: int) -> None:
    rng = np.random.default_rng(seed)
    values = (rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4, shape)).astype(dtype)
    for expression in NORM_EXPRESSIONS:
        results = [
            eval(expression, {"t": module.from_numpy(values.copy()), "m": module}).numpy()  # noqa: S307
            for module in (real_torch, engine)
        ]
        assert same_bits(results[1], results[0]), expression
