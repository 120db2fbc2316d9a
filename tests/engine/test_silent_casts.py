"""Casts are silent and checked as torch's (issue 2's audit, item 5).

torch never warns when a cast overflows (``tensor([1e20]).half()`` is inf) or meets nan
(``tensor([nan]).long()`` is INT64_MIN on x86); numpy's ``astype`` warns "overflow / invalid
value encountered in cast".  Where torch converts a Python number itself (``full``,
``fill_``, ``masked_fill``, ``torch.tensor`` of a list into an integer dtype) it refuses a
value the dtype cannot hold.  Every expression runs with all warnings as errors.
"""

from __future__ import annotations

import warnings
from types import ModuleType

import numpy as np
import pytest

import gradekit.engine as engine

# (expression, the result's values as torch 2.13 gives them) with ``m`` the module
SILENT_CASTS = [
    ("m.tensor([1e20], dtype=m.float16)", [np.inf]),
    ("m.tensor([1e20]).half()", [np.inf]),
    ("m.tensor([1e300], dtype=m.float64).float()", [np.inf]),
    ("m.tensor([1e300], dtype=m.float64).to(m.float32)", [np.inf]),
    ("m.tensor([1e300], dtype=m.float64).type(m.float32)", [np.inf]),
    ("m.zeros(2, dtype=m.float16).copy_(m.tensor([1e20, 1.0]))", [np.inf, 1.0]),
    ("setitem(m.zeros(2, dtype=m.float16), 0, 1e20)", [np.inf, 0.0]),
    ("setitem(m.zeros(2, dtype=m.float16), 0, m.tensor(1e20))", [np.inf, 0.0]),
    ("setitem(m.zeros(2, dtype=m.float16), slice(None), m.tensor([1e20, 2.0]))", [np.inf, 2.0]),
    ("m.tensor([float('nan'), float('inf')]).long()", [-(2**63), -(2**63)]),
    ("m.tensor([float('nan'), float('inf')]).int()", [-(2**31), -(2**31)]),
    ("m.tensor([1e10]).int()", [-(2**31)]),
    ("m.tensor(1e300, dtype=m.float32)", np.inf),
    ("m.tensor([[1e300]], dtype=m.float32)", [[np.inf]]),
    ("m.as_tensor([1e300], dtype=m.float32)", [np.inf]),
    ("m.full((1,), 1e6, dtype=m.float16)", [np.inf]),
    ("m.full_like(m.zeros(1, dtype=m.float16), 1e6)", [np.inf]),
    ("m.full((2,), -255, dtype=m.uint8)", [1, 1]),
    ("m.zeros(2, dtype=m.int32).copy_(m.tensor([float('nan'), 1e20]))", [-(2**31), -(2**31)]),
    ("m.tensor([89.46874701690933], dtype=m.float16)", [89.5]),
    ("m.tensor([-1], dtype=m.uint8)", [255]),
    ("m.tensor([2.7, -2.7], dtype=m.int64)", [2, -2]),
]

OVERFLOW = "value cannot be converted to type {} without overflow"
HALF = OVERFLOW.format("c10::Half")
MASK = "m.tensor([True, False])"
REFUSED = [
    ("m.full((2,), 1e6, dtype=m.float16)", OVERFLOW.format("c10::Half")),
    ("m.full((2,), 1e300)", OVERFLOW.format("float")),
    ("m.full((2,), 300, dtype=m.uint8)", OVERFLOW.format("uint8_t")),
    ("m.full((2,), float('nan'), dtype=m.int64)", OVERFLOW.format("int64_t")),
    ("m.zeros(2, dtype=m.float16).fill_(1e6)", OVERFLOW.format("c10::Half")),
    ("m.zeros(2).fill_(1e300)", OVERFLOW.format("float")),
    ("m.full_like(m.zeros(2, dtype=m.float16), 1e6)", OVERFLOW.format("c10::Half")),
    (f"m.zeros(2, dtype=m.float16).masked_fill({MASK}, 1e6)", HALF),
    ("m.zeros(1, dtype=m.float16).masked_fill(m.tensor([True]), 1e6)", HALF),
    (f"m.zeros(2, dtype=m.uint8).masked_fill({MASK}, 300)", OVERFLOW.format("uint8_t")),
    ("m.tensor([300], dtype=m.uint8)", OVERFLOW.format("uint8")),
    ("m.tensor([1e10], dtype=m.int32)", OVERFLOW.format("int32")),
    ("m.tensor([float('nan')], dtype=m.int64)", OVERFLOW.format("int64")),
    ("m.tensor([-256], dtype=m.uint8)", OVERFLOW.format("uint8")),
]  # fmt: skip


def setitem(x: object, key: object, value: object) -> object:
    x[key] = value  # type: ignore[index]
    return x


def evaluate(expression: str, module: ModuleType) -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return eval(expression, {"m": module, "setitem": setitem})  # noqa: S307 - fixed text


@pytest.mark.parametrize(("expression", "expected"), SILENT_CASTS)
def test_casts_are_silent(expression: str, expected: object) -> None:
    result = evaluate(expression, engine)
    np.testing.assert_array_equal(result.numpy(), np.array(expected))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("expression", "message"), REFUSED)
def test_numbers_a_dtype_cannot_hold_are_refused(expression: str, message: str) -> None:
    with pytest.raises(RuntimeError) as raised:
        evaluate(expression, engine)
    assert str(raised.value) == message


def test_the_students_own_numpy_still_warns() -> None:
    engine.tensor([1e20]).half()
    with pytest.warns(RuntimeWarning, match="overflow"):
        np.array([1e20]).astype(np.float16)


@pytest.mark.torch
@pytest.mark.parametrize("expression", [e for e, _ in SILENT_CASTS + REFUSED])
def test_casts_match_torch(real_torch: ModuleType, expression: str) -> None:
    outcomes = []
    for module in (real_torch, engine):
        try:
            result = evaluate(expression, module)
            outcomes.append((str(result.dtype).split(".")[-1], result.tolist()))  # type: ignore[attr-defined]
        except RuntimeError as error:
            outcomes.append(("RuntimeError", str(error)))
    assert outcomes[1] == outcomes[0]
