"""float16 reductions, softmax and losses as torch 2.13's half kernels compute them (issue
2, the differential audit's float16 items).

* ``sum`` loads the halves into float32 (torch's accumulate type), adds them there (in
  float32's order) and rounds once; with ``dtype=torch.float16`` the input is cast to half
  first (unless torch's iterator keeps two reduced dims apart: then it sums the float32
  values in a float32 buffer); past 65504 the sum is inf, silently.
* ``softmax`` / ``log_softmax``: torch's kernels for reduced floats, in float32 and rounded
  once, with their own orders and exps (SLEEF's on whole vectors, ``std::exp`` on the
  rest): along the last dim softmax sums whole vectors of 16 then the tail and multiplies
  by ``1 / sum``, log_softmax sums by ``map_reduce_all`` (vectors of 32 halves) into a half
  and takes its log as a half; along another dim the positions past the last vector of
  32 halves store their exps to half before softmax divides them.
* the losses (``mse_loss``, ``binary_cross_entropy``, ``binary_cross_entropy_with_logits``):
  each step of torch's element formulas in half, except log_sigmoid (float32 inside,
  rounded once); their mean a float16 mean (float32 inside); BCE's gradients as torch's
  ``binary_cross_entropy_backward`` (``grad * (x - y) / max((1 - x) * x, eps)``, the
  weight, and only then ``/ numel``) and ``binary_cross_entropy_target_backward``
  (``-logit(x) * grad``, likewise).

* a float16 tensor with a Python number (``x * c``, ``c / x``, ``x.div_(c)`` …) or a 0-d
  tensor: mul and div compute in float32 with the number as it is (cast to float, not to
  half; torch's ``original_scalar_value<float>`` when the number is the second operand)
  and round once; ``c / x`` is ``reciprocal(x) * c``; add and sub cast the number to half
  through float32 (``c10::Half``); a mean's gradient divides by numel in float32.

The goldens (``golden/float16_kernels.json``, written by ``float16_kernels.py`` from torch)
check the engine without torch; the hypothesis tests compare it with torch directly.
"""

from __future__ import annotations

import warnings
from types import ModuleType

import float16_kernels as kernels
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, arrays

import gradekit.engine as engine

GOLDEN = kernels.read_golden()


@pytest.mark.parametrize("kind", kernels.KINDS)
def test_engine_matches_the_goldens(kind: str) -> None:
    assert kernels.differing(engine, GOLDEN, kind) == kernels.KNOWN_DIFFERENCES.get(kind, [])


@pytest.mark.parametrize("kind", kernels.KINDS)
def test_the_goldens_cover_each_kind(kind: str) -> None:
    cases = [case for case in GOLDEN["cases"] if case["kind"] == kind]
    assert len(cases) == kernels.CASES_PER_KIND
    assert cases == [
        {**case, "expected": cases[number]["expected"]}
        for number, case in enumerate(kernels.make_cases(kind))
    ]


@pytest.mark.torch_kernels("AVX512", params=("[softmax]",))
@pytest.mark.torch
@pytest.mark.parametrize("kind", kernels.KINDS)
def test_the_goldens_are_torchs(kind: str, real_torch: ModuleType) -> None:
    threads = real_torch.get_num_threads()
    real_torch.set_num_threads(1)
    try:
        assert kernels.differing(real_torch, GOLDEN, kind) == []
    finally:
        real_torch.set_num_threads(threads)


def bits(tensor: object) -> tuple:
    data = tensor.detach().numpy()  # type: ignore[attr-defined]
    return str(tensor.dtype), tuple(data.shape), data.tobytes()  # type: ignore[attr-defined]


# --- sum and mean -----------------------------------------------------------------------
halves = arrays(
    np.float16,
    array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=12),
    elements=st.floats(-60000, 60000, width=16) | st.floats(-2, 2, width=16),
)


@st.composite
def reductions(draw: st.DrawFn) -> tuple:
    values = draw(halves)
    ndim = values.ndim
    dim = None
    if ndim and draw(st.booleans()):
        dim = draw(
            st.integers(-ndim, ndim - 1)
            | st.lists(st.integers(0, ndim - 1), min_size=1, max_size=ndim, unique=True)
        )
    keepdim = dim is not None and draw(st.booleans())
    transposed = ndim > 1 and draw(st.booleans())
    return values, dim, keepdim, transposed


def reduce(module: ModuleType, name: str, case: tuple, **options: object) -> object:
    values, dim, keepdim, transposed = case
    x = module.tensor(values)
    if transposed:
        x = x.transpose(0, -1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (silent, as torch: inf past 65504)
        if dim is None:
            return getattr(x, name)(**options)
        return getattr(x, name)(dim, keepdim, **options)


@settings(max_examples=150, deadline=None)
@given(case=reductions())
def test_half_sum_is_the_float32_sum_rounded_once(case: tuple) -> None:
    half = reduce(engine, "sum", case)
    values, *rest = case
    single = reduce(engine, "sum", (values.astype(np.float32), *rest))
    with np.errstate(over="ignore"):
        expected = single.numpy().astype(np.float16)
    assert half.dtype is engine.float16
    assert half.numpy().tobytes() == expected.tobytes()


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(case=reductions(), name=st.sampled_from(["sum", "mean"]))
def test_half_sum_and_mean_match_torch(case: tuple, name: str, real_torch: ModuleType) -> None:
    assert bits(reduce(engine, name, case)) == bits(reduce(real_torch, name, case))


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(case=reductions(), source=st.sampled_from([np.float32, np.float64, np.int32]))
def test_sum_into_half_matches_torch(case: tuple, source: type, real_torch: ModuleType) -> None:
    """``dtype=torch.float16``: the values are cast to half, then summed as halves, unless
    torch's iterator keeps two reduced dims apart (then float32 values, in a buffer)."""
    values, *rest = case
    with np.errstate(invalid="ignore"):
        wide = (values.astype(np.float64) * 1.37).astype(source)
    case = (wide, *rest)
    ours = reduce(engine, "sum", case, dtype=engine.float16)
    assert bits(ours) == bits(reduce(real_torch, "sum", case, dtype=real_torch.float16))


def test_a_sum_past_65504_is_inf_silently() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        x = engine.full((3, 2), 40000.0, dtype=engine.float16)
        assert repr(x.sum()) == "tensor(inf, dtype=torch.float16)"
        assert repr(x.sum(1)) == "tensor([inf, inf, inf], dtype=torch.float16)"
        big = engine.tensor([[1e6, 2.0]])
        assert repr(big.sum(1, dtype=engine.float16)) == "tensor([inf], dtype=torch.float16)"
        assert repr(big.mean(dtype=engine.float16)) == "tensor(inf, dtype=torch.float16)"


def test_known_sums() -> None:
    # torch 2.13: 2048 + 1 + 1 is 2050 (in float32, rounded once); rounded at each step, as
    # the engine did, 2048 + 1 is 2048 again (half's ulp is 2 there)
    x = engine.tensor([[2048.0, 2048.0], [1.0, 1.0], [1.0, 1.0]], dtype=engine.float16)
    expected = "tensor([2050., 2050.], dtype=torch.float16)"
    assert repr(x.sum(0)) == repr(x.t().sum(1)) == repr(x.sum(0, dtype=engine.float16)) == expected
    # into half over two dims torch cannot merge (0 and 2), the float32 values are added
    # (12 * 1.0004 = 12.0048: 12.0078 in half); over dims it merges (0 and 1) they are cast
    # to half first (1.0), so 18 * 1.0 = 18
    y = engine.full((6, 3, 2), 1.0004)
    assert y.sum((0, 2), dtype=engine.float16).tolist() == [12.0078125] * 3
    assert y.sum((0, 1), dtype=engine.float16).tolist() == [18.0, 18.0]


# --- softmax and log_softmax ------------------------------------------------------------
@st.composite
def softmax_cases(draw: st.DrawFn) -> tuple:
    shape = tuple(draw(st.lists(st.integers(1, 70) | st.integers(1, 5), min_size=0, max_size=3)))
    dim = draw(st.integers(-len(shape), len(shape) - 1)) if shape else 0
    scale = draw(st.sampled_from([0.3, 1.0, 4.0, 12.0]))
    seed = draw(st.integers(0, 2**32 - 1))
    values = np.random.default_rng(seed).standard_normal(shape) * scale
    return values.astype(np.float16), dim


@pytest.mark.torch_kernels("AVX512")
@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(case=softmax_cases(), name=st.sampled_from(["softmax", "log_softmax"]))
def test_half_softmax_matches_torch(case: tuple, name: str, real_torch: ModuleType) -> None:
    values, dim = case
    threads = real_torch.get_num_threads()
    real_torch.set_num_threads(1)  # torch splits another dim's positions by thread
    try:
        theirs = getattr(real_torch.tensor(values), name)(dim).numpy()
    finally:
        real_torch.set_num_threads(threads)
    ours = getattr(engine.tensor(values), name)(dim).numpy()
    if name == "softmax" or values.ndim == 0 or dim % values.ndim == values.ndim - 1:
        assert ours.tobytes() == theirs.tobytes()
    else:  # torch's log there is SLEEF's logf, the engine's correctly rounded: now and then
        # the half it rounds to is one ulp apart (about 1 case in 300)
        differing = ours != theirs
        assert np.count_nonzero(differing) <= max(2, values.size // 100)
        assert np.all(np.abs(ours[differing] - theirs[differing]) <= np.spacing(theirs[differing]))


def test_known_softmax() -> None:
    # torch 2.13 (one thread): softmax([1.5, 0])[1] is 0.18243, 0.18237 in half; past the
    # vector of 32 halves torch stores the exps to half before dividing: 0.18250 there
    x = engine.zeros(2, 34, dtype=engine.float16)
    x[0] = 1.5
    assert x.softmax(0)[1].tolist()[30:] == [0.182373046875] * 2 + [0.1824951171875] * 2


# --- losses -----------------------------------------------------------------------------
@st.composite
def loss_cases(draw: st.DrawFn) -> dict:
    kind = draw(st.sampled_from(["mse_loss", "binary_cross_entropy", *["bce_logits"]]))
    kind = "binary_cross_entropy_with_logits" if kind == "bce_logits" else kind
    shape = draw(st.lists(st.integers(0, 9) | st.integers(1, 3), min_size=0, max_size=3))
    return {
        "kind": kind,
        "seed": draw(st.integers(0, 2**32 - 2)),
        "shape": shape,
        "scale": draw(st.sampled_from([0.3, 1.0, 3.0, 30.0])),
        "reduction": draw(st.sampled_from(["none", "mean", "sum"])),
        "weighted": kind != "mse_loss" and draw(st.booleans()),
        "hard_target": kind != "mse_loss" and draw(st.booleans()),
    }


@pytest.mark.torch
@settings(max_examples=300, deadline=None)
@given(case=loss_cases())
def test_half_losses_and_gradients_match_torch(case: dict, real_torch: ModuleType) -> None:
    assert kernels.outcome(engine, case) == kernels.outcome(real_torch, case)


@pytest.mark.torch
@settings(max_examples=100, deadline=None)
@given(
    shape=st.lists(st.integers(1, 9), min_size=0, max_size=3),
    reduction=st.sampled_from(["mean", "sum", "none"]),
    weighted=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_float32_bce_input_gradient_matches_torch(
    shape: list, reduction: str, weighted: bool, seed: int, real_torch: ModuleType
) -> None:
    """The order of torch's BCE gradient shows in float32 too: the mean's ``/ numel`` last."""
    rng = np.random.default_rng(seed)
    x, y, w = (rng.uniform(0.01, 0.99, shape).astype(np.float32) for _ in range(3))

    def gradient(torch: ModuleType) -> bytes:
        input = torch.tensor(x, requires_grad=True)
        weight = torch.tensor(w) if weighted else None
        loss = torch.nn.functional.binary_cross_entropy(
            input, torch.tensor(y), weight, reduction=reduction
        )
        loss.backward(torch.ones_like(loss) * 0.7 if reduction == "none" else None)
        return input.grad.numpy().tobytes()

    assert gradient(engine) == gradient(real_torch)


def test_known_losses() -> None:
    # torch 2.13's values; the engine's before: 4.66797 (the half sum divided in half),
    # [-1.73438, 0.638672, -0.412598] (the mean's / numel first), 0.691895 (log_sigmoid
    # rounded to half at each step)
    functional, half = engine.nn.functional, engine.float16
    x = engine.tensor([1.78, -2.25, 2.64], dtype=half)
    assert functional.mse_loss(x, engine.tensor([0.43, 0.75, 0.86], dtype=half)).item() == 4.6640625
    p = engine.tensor([0.16, 0.69, 0.3], dtype=half, requires_grad=True)
    functional.binary_cross_entropy(p, engine.tensor([0.86, 0.28, 0.56], dtype=half)).backward()
    assert p.grad.tolist() == [-1.7353515625, 0.63916015625, -0.412353515625]
    logits, target = (
        engine.tensor([0.01, 3.41], dtype=half),
        engine.tensor([0.66, 0.33], dtype=half),
    )
    loss = functional.binary_cross_entropy_with_logits(logits, target, reduction="none")
    assert loss.tolist() == [0.69140625, 2.318359375]


# --- a float16 tensor with a number -------------------------------------------------------
@st.composite
def scalar_cases(draw: st.DrawFn) -> dict:
    kind = draw(st.sampled_from(sorted(kernels.SCALAR_FORMS)))
    case = {
        "kind": kind,
        "seed": draw(st.integers(0, 2**32 - 1)),
        "shape": draw(st.lists(st.integers(0, 9) | st.integers(1, 3), min_size=0, max_size=3)),
        "scale": draw(st.sampled_from([0.01, 1.0, 100.0, 10000.0])),
        "form": draw(st.sampled_from(sorted(kernels.SCALAR_FORMS[kind]))),
        "number": draw(
            st.floats(-1e5, 1e5)
            | st.floats(-1e-4, 1e-4)
            | st.integers(-70000, 70000)
            | st.floats(-2, 2, width=16).map(float)
        ),
    }
    if kind == "mul_tensor":
        # (values and divisors that keep the 0-d operand's gradient finite: where its terms
        # meet inf and -inf its nan has the other sign bit, see KNOWN_DIFFERENCES)
        case["other_dtype"] = draw(st.sampled_from(["float32", "float64", "float16", "int64"]))
        case["scale"] = draw(st.sampled_from([0.01, 1.0, 100.0]))
        if case["form"] == "x / t":
            case["number"] = draw(st.floats(0.5, 8) | st.floats(-8, -0.5))
    return case


@pytest.mark.torch
@settings(max_examples=300, deadline=None)
@given(case=scalar_cases())
def test_half_with_a_number_matches_torch(case: dict, real_torch: ModuleType) -> None:
    assert kernels.outcome(engine, case) == kernels.outcome(real_torch, case)


@pytest.mark.torch
@settings(max_examples=100, deadline=None)
@given(
    numel=st.integers(2049, 9000),
    form=st.sampled_from(["x.mean()", "x.mean(0)", "mse_loss"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_half_mean_gradient_matches_torch(
    numel: int, form: str, seed: int, real_torch: ModuleType
) -> None:
    case = {"kind": "mean_grad", "seed": seed, "shape": [numel], "scale": 1.0, "form": form}
    assert kernels.outcome(engine, case) == kernels.outcome(real_torch, case)


def test_known_half_with_numbers() -> None:
    # torch 2.13's values; the engine's before rounded the number to half first (0.1 is
    # 0.099975586 there): 3 * 0.1 was 0.2998, and the mean's gradient over 2,049 elements
    # was 1 / 2048 (2049 is no half)
    half = engine.float16
    x = engine.tensor([1.0, 3.0, 1000.0, 0.3], dtype=half)
    expected = [0.0999755859375, 0.300048828125, 100.0, 0.029998779296875]
    assert (x * 0.1).tolist() == (0.1 * x).tolist() == x.mul(0.1).tolist() == expected
    assert (x * engine.tensor(0.1, dtype=engine.float64)).tolist() == expected
    # a 0-d tensor first is cast to half, as torch (only its second operand is a scalar)
    assert (engine.tensor(0.1) * x).tolist() == [0.0999755859375, 0.2998046875, 100.0, expected[3]]
    assert (x * 70000).tolist()[3] == 21008.0  # (70000 is inf in half)
    assert (1.7 / x).tolist() == [1.7001953125, 0.56640625, 0.0017004013061523438, 5.6640625]
    # the number cast to half through float32, as c10::Half (numpy's direct cast: 89.4375)
    assert (engine.zeros(1, dtype=half) + 89.46874701690933).tolist() == [89.5]
    ones = engine.ones(2049, dtype=half, requires_grad=True)
    ones.mean().backward()
    assert ones.grad[0].item() == 0.00048804283142089844
