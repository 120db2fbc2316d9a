"""A Python number converted to a tensor's dtype the way torch's ``Scalar.to<T>()`` does it.

torch checks the conversion (``c10::checked_convert``) where a factory or a fill takes a
number (``full``, ``fill_``, ``masked_fill``, ``linspace``'s ends) and refuses a value the
dtype cannot hold: ``RuntimeError: value cannot be converted to type c10::Half without
overflow``.  Its rules (``c10::overflows``):

* into a floating dtype, infinities and nan pass; a finite value beyond the dtype's largest
  is refused;
* into an integer dtype, a float must be finite and within the dtype's range (nan is
  refused); a Python int must be within the range, except that a negative int may wrap into
  an unsigned dtype as long as its magnitude fits (``-255`` into uint8 is 1);
* bool takes anything.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from ..dtypes import BOOL, FLOATING, dtype

#: The C++ type names torch's message uses.
C_TYPE_NAMES = {
    "float16": "c10::Half",
    "float32": "float",
    "float64": "double",
    "uint8": "uint8_t",
    "int8": "int8_t",
    "int16": "int16_t",
    "int32": "int",
    "int64": "int64_t",
    "bool": "bool",
}


def overflow_error(target: dtype) -> RuntimeError:
    return RuntimeError(
        f"value cannot be converted to type {C_TYPE_NAMES[target.name]} without overflow"
    )


def overflows(value: Any, target: dtype) -> bool:
    """Whether torch refuses to convert the Python number ``value`` to ``target``."""
    if target.category == BOOL or isinstance(value, builtins.bool):
        return False
    if target.category == FLOATING:
        if isinstance(value, builtins.int):
            return False  # every int64 fits every float dtype's range
        magnitude = abs(builtins.float(value))
        return magnitude != np.inf and magnitude > builtins.float(np.finfo(target.np_dtype).max)
    limits = np.iinfo(target.np_dtype)
    if isinstance(value, builtins.int):
        if limits.min == 0 and value < 0:  # two's complement wrap into an unsigned dtype
            return -value > limits.max
        return not limits.min <= value <= limits.max
    number = builtins.float(value)
    if number != number:
        return True  # nan has no integer
    return not limits.min <= number <= limits.max


def checked_scalar(value: Any, target: dtype) -> Any:
    """``value`` as ``Scalar.to<T>()`` leaves it (raising torch's overflow error): a float
    into an integer dtype is truncated towards zero, a negative int into uint8 wraps; a
    floating target keeps the Python number (numpy rounds it when it is stored), except
    that float16 goes through float32 first, as c10::Half's constructor does (two roundings:
    89.46874701690933 is 89.5, not numpy's direct 89.4375)."""
    if not isinstance(value, (builtins.int, builtins.float, np.number)):
        return value  # not a number: the caller's own conversion reports it
    if overflows(value, target):
        raise overflow_error(target)
    if target.category == FLOATING:
        return np.float32(value) if target.itemsize == 2 else value
    if target.category == BOOL:
        return value
    if not isinstance(value, builtins.int):
        value = builtins.int(value)  # truncation towards zero, as static_cast
    if value < 0 and np.iinfo(target.np_dtype).min == 0:
        value %= 1 << (8 * target.itemsize)
    return value
