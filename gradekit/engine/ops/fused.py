"""Fused multiply-add (``a * b + c`` rounded once) on numpy arrays, as torch's kernels get it.

torch's CPU kernels are compiled with FMA enabled, so the compiler fuses a multiply and an
add into one instruction that rounds once: ``linspace``'s ``start + step * i`` and the float
norms' ``acc + x * x`` are such expressions.  numpy has no fused multiply-add, and two
roundings differ from one in the last bit for a good share of inputs, so the engine emulates
it exactly:

* float32: the product of two float32 values is exact in float64, and rounding the float64
  sum to float32 is the correctly rounded result unless the float64 sum fell exactly
  halfway between two float32 values; for those, ``TwoSum`` gives the float64 sum's rounding
  error, and rounding the sum *to odd* (the neighbour with an odd last bit when it was
  inexact) and then to float32 is correct (53 bits are at least 24 + 2; Boldo and
  Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms using rounding
  to odd", 2008).
* float64: the product is split exactly (Veltkamp and Dekker) into ``hi + lo``, ``c + hi``
  by TwoSum, and the two small parts are added rounding to odd before the final addition:
  Boldo and Melquiond's emulation of the FMA.  Where a part could overflow or underflow,
  or an input is not finite, those elements are computed exactly with ``fractions``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .quiet import quiet_call

_SPLITTER = np.float64(2.0**27 + 1.0)  # Veltkamp's constant for 53-bit floats
# Beyond these magnitudes the float64 emulation's steps could overflow (the split multiplies
# by 2**27) or lose bits to underflow (the product's low part): such elements are exact
# via fractions instead.
_LARGEST_SAFE = 2.0**995
_SMALLEST_SAFE_PRODUCT = 2.0**-960


def fused_multiply_add(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """``a * b + c`` rounded once, element-wise, for float32 or float64 arrays of one dtype
    (broadcast together).  Returns an array of that dtype."""
    return quiet_call(_fused_multiply_add, a, b, c)


def _fused_multiply_add(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    a, b, c = np.broadcast_arrays(np.asarray(a), np.asarray(b), np.asarray(c))
    shape = a.shape
    # (1-d at least: numpy's arithmetic on 0-d arrays returns scalars, which the masked
    # corrections below cannot assign into)
    a, b, c = (np.ravel(x) for x in (a, b, c))
    fused = _fma_float32(a, b, c) if a.dtype == np.float32 else _fma_float64(a, b, c)
    return fused.reshape(shape)


def _two_sum(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``s = x + y`` rounded and its exact rounding error ``e`` (``x + y == s + e``)."""
    s = x + y
    y_part = s - x
    x_part = s - y_part
    return s, (x - x_part) + (y - y_part)


def _round_to_odd(s: np.ndarray, error: np.ndarray) -> np.ndarray:
    """``s + error`` rounded to odd, given ``s`` its nearest rounding and ``error`` the
    remainder: an inexact ``s`` with an even last bit moves one step towards the exact sum."""
    bits = s.view(np.int64 if s.dtype == np.float64 else np.int32)
    move = (error != 0) & ((bits & 1) == 0)
    if not move.any():
        return s
    s = s.copy()
    s[move] = np.nextafter(s[move], np.where(error[move] > 0, np.inf, -np.inf))
    return s


# The low 29 bits of a float64 whose rounding to float32 lies exactly halfway between two
# float32 values (float64 has 29 more mantissa bits).
_LOW_BITS, _HALFWAY = np.int64((1 << 29) - 1), np.int64(1 << 28)
_SMALLEST_NORMAL_FLOAT32 = 2.0**-126


def _fma_float32(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return fused_multiply_add_float32(a, b, c)


def fused_multiply_add_float32(a: Any, b: Any, c: Any) -> np.ndarray:
    """``a * b + c`` rounded once, for float32 arrays (and float32 scalars) that broadcast
    by numpy's rules, without the general entry's checks: for kernels that chain many
    (SLEEF's polynomials).  Call it with numpy's warnings off."""
    product = np.multiply(a, b, dtype=np.float64)  # exact: 24 + 24 bits
    total = np.add(product, c, dtype=np.float64)
    fused = total.astype(np.float32)
    # Rounding the float64 sum to float32 rounds the exact sum correctly unless the float64
    # sum landed exactly halfway between two float32 values (or among float32's
    # subnormals, whose halfway points sit elsewhere): those few take the exact route.
    magnitude = np.abs(total)
    doubtful = ((total.view(np.int64) & _LOW_BITS) == _HALFWAY) | (
        (magnitude < _SMALLEST_NORMAL_FLOAT32) & (magnitude != 0)  # (a zero sum is exact)
    )
    if doubtful.any():
        addend = np.broadcast_to(np.asarray(c, np.float64), total.shape)[doubtful]
        exact_sum, error = _two_sum(np.broadcast_to(product, total.shape)[doubtful], addend)
        fused[doubtful] = _round_to_odd(exact_sum, error).astype(np.float32)
    return fused


def _fma_float64(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    product = a * b
    product_high, product_low = _exact_product(a, b, product)
    total, total_error = _two_sum(c, product_high)
    small_parts, small_error = _two_sum(total_error, product_low)
    small = _round_to_odd(small_parts, small_error)
    # (an exact small part leaves the sum alone: -0.0 + 0.0 would turn -0.0 into 0.0)
    fused = np.where(small == 0, total, total + small)
    unsafe = ~(
        (np.abs(a) < _LARGEST_SAFE)
        & (np.abs(b) < _LARGEST_SAFE)
        & (np.abs(c) < _LARGEST_SAFE)
        & (np.abs(product) < _LARGEST_SAFE)
        & ((np.abs(product) > _SMALLEST_SAFE_PRODUCT) | (product == 0))
    )
    if unsafe.any():
        fused[unsafe] = [
            _exact_fma(x, y, z) for x, y, z in zip(a[unsafe], b[unsafe], c[unsafe], strict=True)
        ]
    return fused


def _exact_product(
    a: np.ndarray, b: np.ndarray, product: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Dekker's exact product: ``a * b == product + low`` (no overflow or underflow)."""
    a_high, a_low = _split(a)
    b_high, b_low = _split(b)
    low = ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low
    return product, low


def _split(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Veltkamp's split of ``x`` into two halves of 26 bits each, ``x == high + low``."""
    scaled = _SPLITTER * x
    high = scaled - (scaled - x)
    return high, x - high


def _exact_fma(a: float, b: float, c: float) -> float:
    """One fused multiply-add in exact rational arithmetic (the rare elements the float64
    emulation cannot take: huge, tiny, infinite or nan inputs)."""
    from fractions import Fraction  # (only here: the import costs the engine's import time)

    a, b, c = float(a), float(b), float(c)
    if not (np.isfinite(a) and np.isfinite(b) and np.isfinite(c)):
        return a * b + c  # inf and nan propagate as in a single rounding
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        return a * b + c  # the sign of an exact zero follows IEEE's rules for the sum
    try:
        return float(exact)  # correctly rounded
    except OverflowError:
        return float("inf") if exact > 0 else float("-inf")
