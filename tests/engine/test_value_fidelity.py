"""Values the engine computes as torch 2.13's CPU kernels do, bit for bit (issue 2's audit).

Each item has a differential test against real torch (``-m torch``, hypothesis where the
inputs vary) and golden values captured from torch that run without it:

* ``linspace``: torch's kernel (first half from ``start``, second half from ``end``, each
  element one fused multiply-add; float16 rounded at every step);
* the fused multiply-add emulation itself, against exact rational arithmetic;
* a sum or mean along every non-trivial dim (``x.sum(0)`` of a vector): the full sum's order;
* 2-norms: torch's vectorised kernel (lanes, then a tail of fused multiply-adds) or its
  generic reduction (rounded squares added in order), by layout;
* float32 softmax / log_softmax (SLEEF's exp, ``reduce_all``'s sum) and nll_loss's cascade
  of partial sums (cross_entropy is both).
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


@given(
    a=st.integers(-(2**12), 2**12),
    b=st.integers(-(2**12), 2**12),
    c=st.integers(-(2**40), 2**40),
    shift=st.integers(0, 40),
)
def test_fused_multiply_add_float32_on_halfway_sums(a: int, b: int, c: int, shift: int) -> None:
    """Sums that fall halfway between two float32 values (the fast path's doubtful case)."""
    addend = np.float32(c * 2.0**-shift)
    result = fused_multiply_add(np.float32(a), np.float32(b), addend)
    expected = exactly_rounded_fma(float(a), float(b), float(addend), np.float32)
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


# --- softmax, log_softmax, nll_loss, cross_entropy -------------------------------------------
SOFTMAX_GOLDEN = (
    "c7a15e3e9211293eaaa4983d32d6b23cc69f9b3b5ef46d3a31c33f396151423882ff8f3710192e37e67d3537"
    "c463a237d8f06938357a713966c8983aef41c63bd413dc3ca65ab13d4d6e363ea83c5d3ec9b4283edbbc8d3d"
    "85459d3cb0b5843bbe254a3ad4cb2639596631387db18c37f63e3837a3b5503712b8c9370db49a381b6fa639"
    "c3e4d53adb1b093c7978123d3d3cde3d40e9533ec98e6c3e44b6183e"
)
LOG_SOFTMAX_GOLDEN = (
    "6452c3bfa48ce6bf502d26c0a1c374c04431abc06f25e0c0fcb409c106ad1fc1b68f2fc1589d37c1fcf236c1"
    "60a32dc1ecb41cc1c80406c1bd24d8c0cb71a3c0d87b67c0fa921cc018d0dcbf5c20c4bff6d2e6bfc7eb2ac0"
    "f5fc7cc0164ab0c0685de5c051f00bc1212221c1cfee2fc14bb536c1a3b634c10c2b2ac1ba3b18c117e200c1"
    "7260cdc0ad1099c0252e55c0ef220ec096a3c9bf468ebbbfd292f3bf"
)


SOFTMAX_INPUT = (
    "0000a04070319740e27b7b4091e52c40528d963f5c0df5bec02a05c0e80a5dc0d24a8ec018669ec05e119dc0"
    "26728ac07c2a51c0dfd3ecbf7b046abe378bb53f5a2d3a401c8b824093a0994082cc9f40fc609440ac3f7140"
    "7e2e1f401d5d6e3f743d3abfd09513c0125d68c0e5c791c0dd549fc08b579bc05e4086c074c344c0d0b9cebf"
    "ce46b53c3214d43f4efd464042048740d4ac9b4028329f4005319140"
)
LOGITS_INPUT = (
    "00000000e5c9113fb54d903fd6c5d43f1d740a4030b327409a874140a46a574028ea6840e0aa75404a6a7d40"
    "fdff7f407d5e7d4085937540b7c76840d33d57405051414089742740612e0a400e2fd43fa6ae8f3fc381103f"
    "ecbaa5bbfe1113bfb4ec90bf895cd5bfc8b90ac0c4f127c0cfbd41c05f9757c07e0c69c020c275c0fc757dc0"
    "e2ff7fc096527dc0107c75c02fa568c0ec1057c0f51a41c0d03527c095e809c02798d3bf8c0f8fbf97390fbf"
    "e3ba253ced59143fa78b913f2df3d53f69ff0a4046302840eff3414003c45740bd2e69404ad9754093817d40"
    "acff7f4095467d407f6475408f826840eae35640"
)


def _from_hex(text: str, shape: tuple[int, ...]) -> Any:
    return engine.from_numpy(np.frombuffer(bytes.fromhex(text), np.float32).reshape(shape).copy())


def test_softmax_family_golden() -> None:
    """float32 values captured from torch 2.13 (SLEEF's exp, torch's sum orders)."""
    assert engine.tensor([1.0, 2.0, 3.0]).softmax(0)[1].item() == 0.2447284758090973
    x = _from_hex(SOFTMAX_INPUT, (2, 20))  # torch's (arange(40.) / 3).cos() * 5
    assert x.softmax(-1).numpy().tobytes().hex() == SOFTMAX_GOLDEN
    assert x.log_softmax(-1).numpy().tobytes().hex() == LOG_SOFTMAX_GOLDEN
    logits = _from_hex(LOGITS_INPUT, (20, 3))  # torch's (arange(60.) / 7).sin() * 4
    target = engine.arange(20) % 3
    functional = engine.nn.functional
    assert functional.cross_entropy(logits, target).numpy().tobytes().hex() == "72f9943f"
    total = functional.cross_entropy(logits, target, reduction="sum")
    assert total.numpy().tobytes().hex() == "ce37ba41"


@pytest.mark.torch_kernels("AVX512")
@pytest.mark.torch
@given(
    shape=st.lists(st.integers(1, 40), min_size=1, max_size=3).map(tuple),
    dim=st.integers(0, 2),
    scale=st.sampled_from([0.1, 1.0, 10.0, 100.0]),
    seed=st.integers(0, 2**32 - 1),
)
def test_float32_softmax_and_log_softmax_equal_torch(
    real_torch: ModuleType, shape: tuple, dim: int, scale: float, seed: int
) -> None:
    dim = dim % len(shape)
    values = (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)
    threads = real_torch.get_num_threads()
    real_torch.set_num_threads(1)  # torch splits a non-last dim's inner positions by thread
    try:
        for op in ("softmax", "log_softmax"):
            expected = getattr(real_torch.from_numpy(values), op)(dim).numpy()
            got = getattr(engine.from_numpy(values), op)(dim).numpy()
            differing = np.count_nonzero(got != expected)
            # an error of one ulp of the largest element
            unit = float(np.spacing(np.abs(expected).max()))
            if dim == len(shape) - 1 and op == "softmax":
                assert differing == 0
            elif dim == len(shape) - 1:
                # log_softmax takes SLEEF's logf of each row's sum, which the engine computes
                # correctly rounded: a row now and then is 1 ulp of the log apart
                rows_differing = np.count_nonzero((got != expected).reshape(-1, shape[-1]).any(1))
                assert rows_differing <= max(1, values.size // shape[-1] // 10)
                np.testing.assert_allclose(got, expected, rtol=0, atol=2 * unit)
            else:
                # along another dim the inner positions past the last whole vector take the
                # scalar loop, which the engine reproduces only approximately
                assert differing <= max(2, values.size // 10)
                np.testing.assert_allclose(got, expected, rtol=0, atol=8 * unit)
    finally:
        real_torch.set_num_threads(threads)


@pytest.mark.torch
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("reduction", ["mean", "sum"])
@given(
    batch=st.integers(1, 700),
    classes=st.integers(2, 12),
    weighted=st.booleans(),
    ignored=st.sampled_from([0.0, 0.2, 1.0]),
    seed=st.integers(0, 2**32 - 1),
)
def test_nll_loss_reductions_equal_torch(
    real_torch: ModuleType,
    dtype: type,
    reduction: str,
    batch: int,
    classes: int,
    weighted: bool,
    ignored: float,
    seed: int,
) -> None:
    rng = np.random.default_rng(seed)
    log_probabilities = (rng.standard_normal((batch, classes)) * 3).astype(dtype)
    target = rng.integers(0, classes, batch)
    target[rng.random(batch) < ignored] = -100
    weight = rng.random(classes).astype(dtype) if weighted else None
    results = []
    for module in (real_torch, engine):
        results.append(
            module.nn.functional.nll_loss(
                module.from_numpy(log_probabilities),
                module.from_numpy(target),
                weight=None if weight is None else module.from_numpy(weight),
                reduction=reduction,
            ).numpy()
        )
    assert same_bits(results[1], results[0])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@given(
    batch=st.integers(0, 5000),
    weighted=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_nll_cascade_in_groups_equals_the_item_by_item_loop(
    dtype: type, batch: int, weighted: bool, seed: int
) -> None:
    """The fast path (no ignored target) against torch's loop, reproduced item by item."""
    from gradekit.engine.nn.functional import _cascade_in_groups, _cascade_item_by_item

    rng = np.random.default_rng(seed)
    picked = (rng.standard_normal(batch) * 10.0 ** rng.integers(-3, 4, batch)).astype(dtype)
    target = rng.integers(0, 5, batch)
    weight = rng.random(5).astype(dtype) if weighted else None
    grouped = _cascade_in_groups(picked, target, weight)
    looped = _cascade_item_by_item(picked, target, weight, ignore_index=-100)
    for fast, slow in zip(grouped, looped, strict=True):
        assert np.asarray(fast).tobytes() == np.asarray(slow).tobytes()


@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
@pytest.mark.parametrize("dim", [0, 1])
def test_float32_softmax_of_a_transposed_input_is_contiguous(op: str, dim: int) -> None:
    """As torch's: a later flatten is a view (ViewBackward0), not a copy."""
    x = engine.arange(6.0).reshape(2, 3).requires_grad_()
    result = getattr(x.t(), op)(dim)
    assert result.is_contiguous()
    assert type(result.flatten().grad_fn).__name__ == "ViewBackward0"
