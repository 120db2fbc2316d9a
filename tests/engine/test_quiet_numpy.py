"""Arithmetic making inf or nan is silent, as in torch, while the student's own numpy warns.

torch never warns about ``inf - inf``, a float32 overflow, ``sin(inf)``, ``log(0)`` or
``0 / 0``; numpy does ("RuntimeWarning: invalid value encountered in subtract").  The
engine runs its numpy calls with numpy's warnings off (``gradekit/engine/ops/quiet.py``)
without touching numpy's error state outside them.
"""

from __future__ import annotations

import math
import threading
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine.ops.quiet import quiet_call, retry_quietly, run_quietly

INF = math.inf
NAN = math.nan
# Every kind of special value, and float32 numbers whose sums and products overflow.
SPECIAL = [0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 3e38, -3e38, 1e-45, 2.5]

Expression = Callable[[ModuleType, Any], Any]

# name -> expression of the module (engine or torch) and one special-valued tensor x.
EXPRESSIONS: dict[str, Expression] = {
    "x - x": lambda T, x: x - x,
    "x + x": lambda T, x: x + x,
    "x * x": lambda T, x: x * x,
    "x / x": lambda T, x: x / x,
    "x * 3e38": lambda T, x: x * 3e38,
    "x + inf": lambda T, x: x + INF,
    "1 / x": lambda T, x: 1 / x,
    "x / 0": lambda T, x: x / 0,
    "x ** 2": lambda T, x: x**2,
    "x ** 0.5": lambda T, x: x**0.5,
    "x ** -1": lambda T, x: x**-1,
    "x // x": lambda T, x: x // x,
    "x % x": lambda T, x: x % x,
    "exp": lambda T, x: T.exp(x),
    "log": lambda T, x: T.log(x),
    "sqrt": lambda T, x: T.sqrt(x),
    "sin": lambda T, x: T.sin(x),
    "cos": lambda T, x: T.cos(x),
    "tanh": lambda T, x: T.tanh(x),
    "sigmoid": lambda T, x: T.sigmoid(x),
    "reciprocal": lambda T, x: T.reciprocal(x),
    "sum": lambda T, x: x.sum(),
    "mean": lambda T, x: x.mean(),
    "sum of 3": lambda T, x: x[:3].sum(),
    "mean of 4": lambda T, x: x[3:7].mean(),
    "sum(0) of 2-d": lambda T, x: x[:10].reshape(5, 2).sum(0),
    "mean(1) of 2-d": lambda T, x: x[:10].reshape(5, 2).mean(1),
    "norm": lambda T, x: x.norm(),
    "softmax": lambda T, x: T.softmax(x, 0),
    "log_softmax": lambda T, x: T.log_softmax(x, 0),
    "dot": lambda T, x: T.dot(x, x),
    "matmul": lambda T, x: T.matmul(x[:10].reshape(5, 2), x[:10].reshape(2, 5)),
    "mse_loss": lambda T, x: T.nn.functional.mse_loss(x, x.flip(0)),
    "in-place add_": lambda T, x: x.clone().add_(x),
    "in-place mul_": lambda T, x: x.clone().mul_(3e38),
    "in-place div_": lambda T, x: x.clone().div_(0.0),
    "maximum": lambda T, x: T.maximum(x, x.flip(0)),
    "clamp": lambda T, x: T.clamp(x, -1.0, 1.0),
}

GRAD_EXPRESSIONS: dict[str, Expression] = {
    "log": lambda T, x: T.log(x),
    "sqrt": lambda T, x: T.sqrt(x),
    "x * x * 3e38": lambda T, x: x * x * 3e38,
    "x / x": lambda T, x: x / x,
    "reciprocal": lambda T, x: T.reciprocal(x),
    "sin": lambda T, x: T.sin(x),
}


def _values(module: ModuleType, dtype_name: str, *, requires_grad: bool = False) -> Any:
    return module.tensor(SPECIAL, dtype=getattr(module, dtype_name), requires_grad=requires_grad)


def _run_without_warnings(function: Callable[[], Any]) -> Any:
    """``function()``, failing the test on any warning (every warning becomes an error)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return function()


def _as_array(value: Any) -> np.ndarray:
    return np.asarray(value.detach().numpy() if hasattr(value, "detach") else value)


def _assert_same(engine_value: Any, torch_value: Any) -> None:
    ours, theirs = _as_array(engine_value), _as_array(torch_value)
    assert ours.shape == theirs.shape
    np.testing.assert_allclose(ours, theirs, rtol=1e-6, atol=0, equal_nan=True)


@pytest.mark.parametrize("dtype_name", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(EXPRESSIONS))
def test_special_values_are_silent(name: str, dtype_name: str) -> None:
    expression = EXPRESSIONS[name]
    _run_without_warnings(lambda: expression(engine, _values(engine, dtype_name)))


@pytest.mark.torch
@pytest.mark.parametrize("dtype_name", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(EXPRESSIONS))
def test_special_values_match_torch(name: str, dtype_name: str, real_torch: ModuleType) -> None:
    expression = EXPRESSIONS[name]
    ours = _run_without_warnings(lambda: expression(engine, _values(engine, dtype_name)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # torch itself is silent here
        theirs = expression(real_torch, _values(real_torch, dtype_name))
    _assert_same(ours, theirs)


@pytest.mark.torch
@pytest.mark.parametrize("create_graph", [False, True])
@pytest.mark.parametrize("name", sorted(GRAD_EXPRESSIONS))
def test_backward_through_special_values_is_silent_and_matches_torch(
    name: str, create_graph: bool, real_torch: ModuleType
) -> None:
    expression = GRAD_EXPRESSIONS[name]

    def gradient(module: ModuleType) -> Any:
        x = _values(module, "float32", requires_grad=True)
        (grad,) = module.autograd.grad(expression(module, x).sum(), x, create_graph=create_graph)
        if create_graph:
            (grad,) = module.autograd.grad(grad.sum(), x, allow_unused=True)
        return grad

    ours = _run_without_warnings(lambda: gradient(engine))
    theirs = gradient(real_torch)
    if theirs is None:
        assert ours is None
    else:
        _assert_same(ours, theirs)


def test_students_own_numpy_still_warns() -> None:
    _run_without_warnings(lambda: engine.tensor([INF]) - engine.tensor([INF]))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        np.add(np.float64(INF), -INF)
        np.log(np.zeros(1))
    messages = [str(warning.message) for warning in caught]
    assert messages == [
        "invalid value encountered in add",
        "divide by zero encountered in log",
    ]


def test_numpys_error_state_is_untouched() -> None:
    before = np.geterr()
    engine.tensor([INF]) - engine.tensor([INF])
    engine.tensor([1.0]).log().sum()
    assert np.geterr() == before
    with np.errstate(all="raise"):  # the student's own setting stays in force for numpy
        engine.tensor([0.0]) / 0.0  # torch ignores numpy's state: so does the engine
        with pytest.raises(FloatingPointError):
            np.divide(np.zeros(1), 0.0)


def test_a_busy_quiet_context_falls_back_to_errstate() -> None:
    """Engine code running inside a quiet numpy call (a finalizer, say) finds the quiet
    context already entered; it must still work, silently."""

    def engine_arithmetic() -> Any:
        x = engine.tensor([INF, 1.0])
        return (x - x) * 3e38 + engine.tensor([3e38, 3e38]) * 10.0

    result = _run_without_warnings(lambda: run_quietly(engine_arithmetic))
    assert np.isnan(result.numpy()[0]) and np.isinf(result.numpy()[1])
    _run_without_warnings(lambda: run_quietly(quiet_call, np.subtract, INF, INF))


def test_other_runtime_errors_are_not_swallowed() -> None:
    error = RuntimeError("something else")
    with pytest.raises(RuntimeError, match="something else"):
        retry_quietly(error, np.add, 1.0, 2.0)


def test_threads_share_the_quiet_context_safely() -> None:
    """numpy releases the GIL in long loops, so two threads can be inside quiet calls."""
    big = engine.full((400_000,), INF)
    failures: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(20):
                _run_without_warnings(lambda: (big - big).sum())
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            failures.append(exc)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


floats = st.one_of(
    st.sampled_from(SPECIAL),
    st.floats(allow_nan=True, allow_infinity=True, width=32),
)


@pytest.mark.torch
@settings(max_examples=60, deadline=None)
@given(
    left=st.lists(floats, min_size=1, max_size=6),
    right=st.lists(floats, min_size=1, max_size=6),
    operator=st.sampled_from(["+", "-", "*", "/"]),
    dtype_name=st.sampled_from(["float32", "float64"]),
)
def test_arithmetic_on_any_floats_is_silent_and_matches_torch(
    left: list[float], right: list[float], operator: str, dtype_name: str
) -> None:
    real_torch = pytest.importorskip("torch", reason="compares values with torch")
    size = min(len(left), len(right))
    apply = {
        "+": lambda a, b: a + b,
        "-": lambda a, b: a - b,
        "*": lambda a, b: a * b,
        "/": lambda a, b: a / b,
    }[operator]

    def compute(module: ModuleType) -> Any:
        dtype = getattr(module, dtype_name)
        a = module.tensor(left[:size], dtype=dtype)
        b = module.tensor(right[:size], dtype=dtype)
        return apply(a, b), apply(a, right[0]), apply(a, b).sum()

    ours = _run_without_warnings(lambda: compute(engine))
    theirs = compute(real_torch)
    for our_value, their_value in zip(ours, theirs, strict=True):
        _assert_same(our_value, their_value)


@settings(max_examples=80, deadline=None)
@given(
    number=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(-(2**70), 2**70),
        st.sampled_from([1e-9, 1e-30, 70000.0, 1e300, 89.46874701690933]),
    ),
    operator=st.sampled_from(["x * c", "x / c", "c * x", "c / x", "x + c", "x - c", "c - x"]),
)
def test_float16_with_a_number_is_silent_under_the_students_error_state(
    number: float, operator: str
) -> None:
    """``core.half_of`` and ``half_opmath`` (a number through float32, a half through float32
    and rounded once) run quietly, as every engine op: a student's ``np.errstate(all="raise")``
    neither reaches them nor changes their values (a tiny number underflowing in its cast
    to half raised FloatingPointError while they used ``np.errstate(over="ignore")``)."""
    x = engine.tensor([1.0, -2.0, 0.0, 60000.0, NAN, INF], dtype=engine.float16)
    expected = eval(operator, {"x": x, "c": number})._data
    with np.errstate(all="raise"):
        ours = _run_without_warnings(lambda: eval(operator, {"x": x, "c": number}))._data
    assert ours.dtype == np.float16 and ours.tobytes() == expected.tobytes()
