"""SLEEF's float32 ``exp2f_u10`` and ``expm1f_u10`` (sleefsimdsp.c, its FMA build), the
kernels of torch 2.13's ``Vectorized<float>::exp2()`` / ``::expm1()``, in numpy float32
arithmetic, bit for bit with torch on every layout (torch's ``exp2``/``expm1`` map whole
buffers through them, partial vectors included; ``tests/engine/test_audit_elementwise.py``).
Call with numpy's warnings off: inf and nan inputs pass through integer casts.

* ``exp2f``: ``u = rint(d)``, a degree-6 polynomial in ``s = d - u`` by fused multiply-adds,
  scaled by ``2**u`` in two exact power-of-two products (``vldexp2``).
* ``expm1f``: ``expk2f``, ``exp`` of a double-float (float32 pair) argument reduced by
  ``ln 2`` in two parts, a degree-3 polynomial then double-float steps, minus one in
  double-float and the pair's sum.  Pairs are ``(hi, lo)``; ``_add2``, ``_mul`` and
  ``_square`` are SLEEF's ``dfadd2``, ``dfmul`` and ``dfsqu`` with fused multiply-adds.
"""

from __future__ import annotations

import decimal
import functools

import numpy as np

from .fused import fused_multiply_add_float32 as _fma

_FLOAT = np.float32
_ONE = _FLOAT(1)
_EXP2_POLYNOMIAL = tuple(
    _FLOAT(c)
    for c in (0.1535920892e-3, 0.1339262701e-2, 0.9618384764e-2, 0.5550347269e-1)
    + (0.2402264476e0, 0.6931471825e0)
)
_EXPK2_POLYNOMIAL = tuple(
    _FLOAT(c) for c in (0.1980960224e-3, 0.1394256484e-2, 0.8333456703e-2, 0.4166637361e-1)
)
_R_LN2 = _FLOAT(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U, _L2L = _FLOAT(-0.693145751953125), _FLOAT(-1.428606765330187045e-06)


def _exponent(rounded: np.ndarray) -> np.ndarray:
    """``vrint_vi2_vf``'s integer, kept within a range whose powers of two stay defined
    (the elements outside are replaced by the callers' range checks)."""
    return np.clip(np.where(np.isfinite(rounded), rounded, 0), -300, 300).astype(np.int32)


def _ldexp2(x: np.ndarray, q: np.ndarray) -> np.ndarray:
    """SLEEF's ``vldexp2``: ``x * 2**(q >> 1) * 2**(q - (q >> 1))``, two roundings."""
    half = q >> 1
    return (x * np.ldexp(_ONE, half).astype(_FLOAT)) * np.ldexp(_ONE, q - half).astype(_FLOAT)


def sleef_exp2f(d: np.ndarray) -> np.ndarray:
    """SLEEF's ``exp2f_u10`` of a float32 array."""
    d = np.asarray(d, _FLOAT)
    u = np.rint(d)
    s = d - u
    p = _EXP2_POLYNOMIAL[0]
    for coefficient in _EXP2_POLYNOMIAL[1:]:
        p = _fma(p, s, coefficient)
    p = _fma(p, s, _ONE)
    r = _ldexp2(p, _exponent(u))
    r = np.where(d < -150, _FLOAT(0), r)
    return np.where(d >= 128, _FLOAT(np.inf), r).astype(_FLOAT, copy=False)


def _add2(xx: np.ndarray, xy: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = xx + y
    v = s - xx
    return s, ((xx - (s - v)) + (y - v)) + xy


def _add2_pairs(
    xx: np.ndarray, xy: np.ndarray, yx: np.ndarray, yy: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    s = xx + yx
    v = s - xx
    return s, ((xx - (s - v)) + (yx - v)) + (xy + yy)


def _mul(xx: np.ndarray, xy: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = xx * y
    return s, _fma(xy, y, _fma(xx, y, -s))


def _mul_pairs(
    xx: np.ndarray, xy: np.ndarray, yx: np.ndarray, yy: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    s = xx * yx
    return s, _fma(xx, yy, _fma(xy, yx, _fma(xx, yx, -s)))


def _square(xx: np.ndarray, xy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = xx * xx
    return s, _fma(xx + xx, xy, _fma(xx, xx, -s))


def sleef_expk2f(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """SLEEF's ``expk2f`` of the double-float ``(a, 0)``: ``exp(a)`` as a pair (0 below
    -104), the kernel of its ``expm1f``, ``sinhf`` and ``coshf``."""
    a = np.asarray(a, _FLOAT)
    q = _exponent(np.rint(a * _R_LN2))
    qf = q.astype(_FLOAT)
    sx, sy = _add2(a, _FLOAT(0), qf * _L2U)
    sx, sy = _add2(sx, sy, qf * _L2L)
    p = _EXPK2_POLYNOMIAL[0]
    for coefficient in _EXPK2_POLYNOMIAL[1:]:
        p = _fma(p, sx, coefficient)
    tx, ty = _add2(*_mul(sx, sy, p), _FLOAT(0.166666659414234244790680580464))
    tx, ty = _add2(*_mul_pairs(sx, sy, tx, ty), _FLOAT(0.5))
    tx, ty = _add2_pairs(sx, sy, *_mul_pairs(*_square(sx, sy), tx, ty))
    hi = _ONE + tx  # dfadd_vf2_vf_vf2(1, t)
    tx, ty = hi, ((_ONE - hi) + tx) + ty
    underflow = a < -104
    tx = np.where(underflow, _FLOAT(0), _ldexp2(tx, q))
    ty = np.where(underflow, _FLOAT(0), _ldexp2(ty, q))
    return tx, ty


def sleef_expm1f(a: np.ndarray) -> np.ndarray:
    """SLEEF's ``expm1f_u10`` of a float32 array."""
    a = np.asarray(a, _FLOAT)
    dx, dy = _add2(*sleef_expk2f(a), -_ONE)
    x = dx + dy
    x = np.where(a > _FLOAT(88.72283172607421875), _FLOAT(np.inf), x)
    x = np.where(a < _FLOAT(-16.635532333438687426013570), -_ONE, x)
    x = np.where((a == 0) & np.signbit(a), _FLOAT(-0.0), x)
    return x.astype(_FLOAT, copy=False)


_ERF_P = _FLOAT(0.3275911)
_ERF_POLYNOMIAL = tuple(
    _FLOAT(c) for c in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)
)


def vectorized_erf(x: np.ndarray) -> np.ndarray:
    """torch's ``Vectorized<float>::erf()`` (vec512_float.h; its float16 ``erf`` converts to
    float32 and calls it on every element): Abramowitz and Stegun's 7.1.26,
    ``1 - r(t) * t * exp(-x*x)`` with ``t = 1 / (1 + p|x|)``, by fused multiply-adds and
    SLEEF's ``expf``, the sign copied from ``x`` (within about 1.5e-7 of erf)."""
    from .vector_kernels import sleef_expf

    x = np.asarray(x, _FLOAT)
    t = _ONE / _fma(_ERF_P, np.abs(x), _ONE)
    r = _ERF_POLYNOMIAL[0]
    for coefficient in _ERF_POLYNOMIAL[1:]:
        r = _fma(r, t, coefficient)
    out = _fma(-sleef_expf(-(x * x)) * t, r, _ONE)
    return np.where(np.signbit(x), -out, out).astype(_FLOAT, copy=False)


_EXP2F_TABLE_BITS = 5
_EXP2F_POLYNOMIAL = tuple(
    float.fromhex(c)
    for c in ("0x1.c6af84b912394p-5", "0x1.ebfce50fac4f3p-3", "0x1.62e42ff0c52d6p-1")
)
_EXP2F_SHIFT = float.fromhex("0x1.8p+52") / (1 << _EXP2F_TABLE_BITS)


@functools.cache
def _exp2f_table() -> np.ndarray:
    """glibc's ``__exp2f_data.tab``: ``2**(i/32)`` correctly rounded, as bits, less
    ``i << 52 / 32`` (built on first use, from decimal arithmetic)."""
    size = 1 << _EXP2F_TABLE_BITS
    with decimal.localcontext() as context:
        context.prec = 60
        powers = [float(decimal.Decimal(2) ** (decimal.Decimal(i) / size)) for i in range(size)]
    bits = np.array(powers, np.float64).view(np.uint64)
    return bits - np.array([(i << 52) // size for i in range(size)], np.uint64)


def glibc_exp2f(x: np.ndarray) -> np.ndarray:
    """glibc's ``exp2f`` (the scalar ``std::exp2(float)`` of torch's tails): ``x = k/32 +
    r``, ``2**(k/32)`` from the table and a degree-3 polynomial in ``r``, in float64,
    rounded once (identical to glibc 2.36's libm on 200,000 arguments of [-140, 127])."""
    x = np.asarray(x, _FLOAT)
    xd = x.astype(np.float64)
    kd = xd + _EXP2F_SHIFT
    ki = np.where(np.isfinite(kd), kd, 0).view(np.uint64)
    r = xd - (kd - _EXP2F_SHIFT)
    size = np.uint64(1 << _EXP2F_TABLE_BITS)
    s = (_exp2f_table()[ki % size] + (ki << np.uint64(52 - _EXP2F_TABLE_BITS))).view(np.float64)
    c0, c1, c2 = _EXP2F_POLYNOMIAL
    y = (c0 * r + c1) * (r * r) + (c2 * r + 1)  # (its FMA build rounds the same here)
    out = (y * s).astype(_FLOAT)
    out = np.where(x <= -150, _FLOAT(0), out)
    out = np.where(x >= 128, _FLOAT(np.inf), out)
    return np.where(np.isnan(x), x, out).astype(_FLOAT, copy=False)
