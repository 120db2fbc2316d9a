"""glibc 2.36's float32 ``sinhf``, ``coshf``, ``asinhf``, ``acoshf``, ``atanhf`` and the
``expm1f`` they use (fdlibm's algorithms, ``sysdeps/ieee754/flt-32``), in numpy float32
arithmetic: the scalar ``std::sinh(float)`` … of torch 2.13's CPU kernels (``asinh`` and
``acosh`` on every element, ``sinh``, ``cosh`` and ``atanh`` on the tail of a contiguous run
and on run-less layouts).  glibc's ``expf`` and ``logf`` inside them are taken correctly
rounded (float64 rounded once: glibc's are within 0.502 and 0.82 ulp, so they differ in a
few cases); ``log1pf`` is ``vector_kernels.glibc_log1pf``.

Every branch is evaluated on the whole array and each element takes its own, as the C code
would choose it.  Call with numpy's warnings off (inf and nan pass through the branches
they do not take).
"""

from __future__ import annotations

import numpy as np

from .vector_kernels import glibc_log1pf

_FLOAT = np.float32
_ONE = _FLOAT(1)
_HALF = _FLOAT(0.5)
_LN2 = _FLOAT(6.9314718246e-01)  # 0x3f317218
_LN2_HI = _FLOAT(6.9313812256e-01)  # 0x3f317180
_LN2_LO = _FLOAT(9.0580006145e-06)  # 0x3717f7d1
_INV_LN2 = _FLOAT(1.4426950216e00)  # 0x3fb8aa3b
_EXPM1F_Q = tuple(
    _FLOAT(c)
    for c in (-3.3333335072e-02, 1.5873016091e-03, -7.9365076090e-05)
    + (4.0082177293e-06, -2.0109921195e-07)
)


def _words(x: np.ndarray) -> np.ndarray:
    """``GET_FLOAT_WORD`` of ``|x|``: the bits without the sign, as int64."""
    return x.view(np.int32).astype(np.int64) & 0x7FFFFFFF


def _with_exponent_added(y: np.ndarray, k: np.ndarray) -> np.ndarray:
    """``SET_FLOAT_WORD(y, i + (k << 23))``: ``k`` added to ``y``'s exponent field."""
    bits = y.view(np.int32).astype(np.int64) + (k.astype(np.int64) << 23)
    return (bits & 0xFFFFFFFF).astype(np.uint32).view(_FLOAT)


def _expf(x: np.ndarray) -> np.ndarray:
    return np.exp(x.astype(np.float64)).astype(_FLOAT)


def _logf(x: np.ndarray) -> np.ndarray:
    return np.log(x.astype(np.float64)).astype(_FLOAT)


def glibc_expm1f(x: np.ndarray) -> np.ndarray:
    """glibc's ``expm1f`` (``s_expm1f.c``) of a float32 array."""
    x = np.asarray(x, _FLOAT)
    hx = _words(x)
    negative = np.signbit(x)
    # argument reduction: x = k ln2 + (hi - lo), c the rounding error of hi - lo
    k_nearest = (_INV_LN2 * x + np.where(negative, -_HALF, _HALF)).astype(np.float64)
    k_big = np.trunc(np.where(np.isfinite(k_nearest), k_nearest, 0)).astype(np.int64)
    one_step = hx < 0x3F851592  # |x| < 1.5 ln2
    k = np.where(one_step, np.where(negative, -1, 1), k_big)
    t = k_big.astype(_FLOAT)
    hi = np.where(one_step, np.where(negative, x + _LN2_HI, x - _LN2_HI), x - t * _LN2_HI).astype(
        _FLOAT
    )
    lo = np.where(one_step, np.where(negative, -_LN2_LO, _LN2_LO), t * _LN2_LO).astype(_FLOAT)
    reduced = hx > 0x3EB17218  # |x| > 0.5 ln2
    k = np.where(reduced, k, 0)
    r = np.where(reduced, hi - lo, x).astype(_FLOAT)
    c = np.where(reduced, (hi - r) - lo, _FLOAT(0)).astype(_FLOAT)
    # the primary range
    hfx = _HALF * r
    hxs = r * hfx
    q = _EXPM1F_Q[4]
    for coefficient in reversed(_EXPM1F_Q[:4]):
        q = coefficient + hxs * q
    r1 = _ONE + hxs * q
    t = _FLOAT(3) - r1 * hfx
    e = hxs * ((r1 - t) / (_FLOAT(6) - r * t))
    unreduced = r - (r * e - hxs)
    e = (r * (e - c) - c) - hxs
    minus_one = _HALF * (r - e) - _HALF
    plus_one = np.where(
        r < _FLOAT(-0.25), -_FLOAT(2) * (e - (r + _HALF)), _ONE + _FLOAT(2) * (r - e)
    )
    kc = np.clip(k, -200, 200)
    far = _with_exponent_added((_ONE - (e - r)).astype(_FLOAT), kc) - _ONE
    shift = np.clip(kc, 0, 23)
    one_less = ((0x3F800000 - (0x1000000 >> shift)) & 0xFFFFFFFF).astype(np.uint32).view(_FLOAT)
    small_k = _with_exponent_added((one_less - (e - r)).astype(_FLOAT), kc)
    power = (((0x7F - np.clip(kc, 0, 127)) << 23) & 0xFFFFFFFF).astype(np.uint32).view(_FLOAT)
    large_k = _with_exponent_added(((r - (e + power)) + _ONE).astype(_FLOAT), kc)
    out = np.where(kc < 23, small_k, large_k)
    out = np.where((kc <= -2) | (kc > 56), far, out)
    out = np.where(kc == 1, plus_one, out)
    out = np.where(kc == -1, minus_one, out)
    out = np.where(kc == 0, unreduced, out)
    out = np.where(hx < 0x33000000, x, out)  # |x| < 2**-25: x
    # |x| >= 27 ln2: -1 below, exp's overflow above; ±inf and nan
    out = np.where((hx >= 0x4195B844) & negative, -_ONE, out)
    out = np.where((hx >= 0x42B17218) & ~negative & (x > _FLOAT(8.8721679688e01)), np.inf, out)
    return np.where(hx >= 0x7F800000, np.where(np.isnan(x), x, np.where(negative, -_ONE, x)), out)


def glibc_sinhf(x: np.ndarray) -> np.ndarray:
    """glibc's ``sinhf`` (``e_sinhf.c``): ``h * (2t - t² / (t + 1))`` below 1 and
    ``h * (t + t / (t + 1))`` below 22, with ``t = expm1(|x|)``; ``h * exp(|x|)`` above,
    ``(h * w) * w`` with ``w = exp(|x| / 2)`` near overflow."""
    x = np.asarray(x, _FLOAT)
    hx = _words(x)
    h = np.where(np.signbit(x), -_HALF, _HALF).astype(_FLOAT)
    a = np.abs(x)
    t = glibc_expm1f(a)
    out = np.where(
        hx < 0x3F800000,
        h * (_FLOAT(2) * t - t * t / (t + _ONE)),
        h * (t + t / (t + _ONE)),
    )
    out = np.where(hx < 0x31800000, x, out)  # |x| < 2**-28
    w = _expf(_HALF * a)
    out = np.where(hx >= 0x41B00000, (h * w) * w, out)
    out = np.where((hx >= 0x41B00000) & (hx < 0x42B17180), h * _expf(a), out)
    out = np.where(hx > 0x42B2D4FC, x * _FLOAT(1e37), out)  # overflow: ±inf
    return np.where(hx >= 0x7F800000, x + x, out).astype(_FLOAT, copy=False)


def glibc_coshf(x: np.ndarray) -> np.ndarray:
    """glibc's ``coshf`` (``e_coshf.c``): ``1 + t² / (2 (1 + t))`` with ``t = expm1(|x|)``
    below ``ln2 / 2``, ``exp(|x|) / 2 + 0.5 / exp(|x|)`` below 22, ``exp(|x|) / 2`` above,
    ``(w / 2) * w`` with ``w = exp(|x| / 2)`` near overflow."""
    x = np.asarray(x, _FLOAT)
    hx = _words(x)
    a = np.abs(x)
    t = glibc_expm1f(a)
    w = _ONE + t
    out = np.where(hx < 0x24000000, w, _ONE + (t * t) / (w + w))
    e = _expf(a)
    out = np.where(hx >= 0x3EB17218, _HALF * e + _HALF / e, out)
    out = np.where(hx >= 0x41B00000, _HALF * e, out)
    w = _expf(_HALF * a)
    out = np.where(hx >= 0x42B17180, (_HALF * w) * w, out)
    out = np.where(hx > 0x42B2D4FC, _FLOAT(np.inf), out)
    return np.where(hx >= 0x7F800000, x * x, out).astype(_FLOAT, copy=False)


def glibc_asinhf(x: np.ndarray) -> np.ndarray:
    """glibc's ``asinhf`` (``s_asinhf.c``): ``log1p(|x| + x² / (1 + sqrt(1 + x²)))`` below
    2, ``log(2|x| + 1 / (sqrt(x² + 1) + |x|))`` below 2**14, ``log(|x|) + ln2`` above; the
    sign of ``x``."""
    x = np.asarray(x, _FLOAT)
    hx = _words(x)
    a = np.abs(x)
    t = a * a
    w = glibc_log1pf(a + t / (_ONE + np.sqrt(_ONE + t)))
    w = np.where(hx > 0x40000000, _logf(_FLOAT(2) * a + _ONE / (np.sqrt(t + _ONE) + a)), w)
    w = np.where(hx > 0x47000000, _logf(a) + _LN2, w)
    out = np.copysign(w, x)
    out = np.where(hx < 0x38000000, x, out)  # |x| < 2**-14
    return np.where(hx >= 0x7F800000, x + x, out).astype(_FLOAT, copy=False)


def glibc_acoshf(x: np.ndarray) -> np.ndarray:
    """glibc's ``acoshf`` (``e_acoshf.c``): nan below 1, 0 at 1,
    ``log1p(t + sqrt(2t + t²))`` with ``t = x - 1`` below 2,
    ``log(2x - 1 / (x + sqrt(x² - 1)))`` below 2**28, ``log(x) + ln2`` above."""
    x = np.asarray(x, _FLOAT)
    hx = x.view(np.int32).astype(np.int64)
    t = x - _ONE
    out = glibc_log1pf(t + np.sqrt(_FLOAT(2) * t + t * t))
    out = np.where(hx > 0x40000000, _logf(_FLOAT(2) * x - _ONE / (x + np.sqrt(x * x - _ONE))), out)
    out = np.where(hx >= 0x4D800000, _logf(x) + _LN2, out)
    out = np.where(hx == 0x3F800000, _FLOAT(0), out)
    out = np.where(hx >= 0x7F800000, x + x, out)
    return np.where(hx < 0x3F800000, _FLOAT(np.nan), out).astype(_FLOAT, copy=False)


def glibc_atanhf(x: np.ndarray) -> np.ndarray:
    """glibc's ``atanhf`` (``e_atanhf.c``): ``0.5 * log1p(2a + 2a² / (1 - a))`` below 0.5,
    ``0.5 * log1p(2a / (1 - a))`` below 1 (``a = |x|``), ±inf at ±1, nan beyond; the sign
    of ``x``."""
    x = np.asarray(x, _FLOAT)
    a = np.abs(x)
    t = a + a
    small = _HALF * glibc_log1pf(t + t * a / (_ONE - a))
    large = _HALF * glibc_log1pf(t / (_ONE - a))
    out = np.copysign(np.where(a < _HALF, small, large), x)
    out = np.where(a < _FLOAT(2.0**-28), x, out)
    out = np.where(a == _ONE, x / _FLOAT(0), out)
    return np.where(a > _ONE, _FLOAT(np.nan), out).astype(_FLOAT, copy=False)
