"""Two building blocks of torch's vectorised CPU kernels, reproduced bit for bit in numpy.

* ``sleef_expf``: ``Vectorized<float>::exp()``, which is SLEEF's ``expf_u10`` (torch's
  softmax and log_softmax kernels call it; ``torch.exp`` itself uses MKL, see
  ``pointwise._rounded_from_float64``).  SLEEF's algorithm: ``q = rint(d / ln 2)``, the
  reduced argument ``s = d - q ln 2`` in two fused steps (ln 2 split into a high and a low
  part), a degree-6 polynomial evaluated by fused multiply-adds, then scaled by ``2**q``; it
  is within 1 ulp, and not correctly rounded for about 10% of inputs, so only the same
  operations give the same bits.
* ``sleef_log1pf``: ``Vectorized<float>::log1p()``, SLEEF's ``log1pf_u10`` in its AVX512
  form: ``1 + d`` split by ``getexp`` into a power of two and ``m``, then ``log(1 + m)`` from
  ``x = m / (2 + m)`` in double-float arithmetic (a float32 pair, products and quotient
  corrected by fused multiply-adds) and a degree-3 polynomial in ``x**2`` (softplus and
  log_sigmoid call it).
* ``glibc_log1pf``: the scalar ``std::log1p(float)`` of torch's tails, glibc's ``log1pf``
  (fdlibm's ``s_log1pf.c`` in float32 arithmetic, glibc 2.36 as on the reference
  machine), for arguments of at least 0 (others: correctly rounded).
* ``reduce_all_sum``: ``vec::reduce_all`` with ``+`` over each row, in the order of torch's
  AVX512 build (16 float32 lanes): fewer than 16 elements are added in order; otherwise the
  first vector starts the running lanes, every further whole vector is added lane-wise, the
  leftover elements into the first lanes, and the lanes are combined by halving (lane ``i``
  plus lane ``i + 8``, then ``+ 4``, ``+ 2``, ``+ 1``).
"""

from __future__ import annotations

import numpy as np

from .fused import fused_multiply_add_float32 as fused_multiply_add

_FLOAT = np.float32
_LOG2_E = _FLOAT(1.442695040888963407359924681001892137426645954152985934135449406931)
_LN2_HIGH = _FLOAT(-0.693145751953125)
_LN2_LOW = _FLOAT(-1.428606765330187045e-06)
_POLYNOMIAL = tuple(
    _FLOAT(c)
    for c in (
        0.000198527617612853646278381,
        0.00139304355252534151077271,
        0.00833336077630519866943359,
        0.0416664853692054748535156,
        0.166666671633720397949219,
        0.5,
    )
)
#: float32 lanes of one AVX512 vector
FLOAT32_LANES = 16
#: float16 lanes of one AVX512 vector (``Vectorized<Half>``: the step of torch's kernels for
#: reduced floats, which convert each into two float32 vectors)
HALF_LANES = 32


def sleef_expf(d: np.ndarray) -> np.ndarray:
    """SLEEF's ``expf_u10`` of a float32 array (call with numpy's warnings off: nan and
    infinite inputs pass through an integer cast on the way)."""
    q = np.rint(d * _LOG2_E)
    s = fused_multiply_add(q, _LN2_HIGH, d)
    s = fused_multiply_add(q, _LN2_LOW, s)
    u = _POLYNOMIAL[0]
    for coefficient in _POLYNOMIAL[1:]:
        u = fused_multiply_add(u, s, coefficient)
    u = _FLOAT(1) + fused_multiply_add(s * s, u, s)
    # (ldexp rounds once, as SLEEF's two exact power-of-two products do)
    u = np.ldexp(u, q.astype(np.int32))
    u = np.where(d < -104, _FLOAT(0), u)
    return np.where(d > 100, _FLOAT(np.inf), u).astype(_FLOAT, copy=False)


_LN2_PAIR = (_FLOAT(0.69314718246459960938), _FLOAT(-1.904654323148236017e-09))
_LOG1P_POLYNOMIAL = tuple(_FLOAT(c) for c in (0.3027294874, 0.3996108174, 0.6666694880))


def sleef_log1pf(d: np.ndarray) -> np.ndarray:
    """SLEEF's ``log1pf_u10`` of a float32 array, AVX512 path (call with numpy's warnings
    off).  Pairs ``(hi, lo)`` are SLEEF's double-float numbers."""
    one = _FLOAT(1)
    d = np.asarray(d, _FLOAT)
    dp1 = d + one
    # vgetexp: the exponent of |v| as a float (floor(log2 |v|)); +inf's is replaced by 128
    scaled = np.abs(dp1 * _FLOAT(1.0 / 0.75))
    with np.errstate(all="ignore"):
        e = (np.frexp(scaled)[1] - 1).astype(_FLOAT)
    e = np.where(scaled == 0, _FLOAT(-np.inf), e)
    e = np.where(np.isinf(scaled), _FLOAT(128), np.where(np.isnan(scaled), scaled, e))
    q = np.where(np.isfinite(e), e, 0).astype(np.int32)
    t = np.ldexp(one, -q).astype(_FLOAT)
    m = fused_multiply_add(d, t, t - one)
    # s = (ln 2 as a pair) * e
    s_hi = _LN2_PAIR[0] * e
    s_lo = fused_multiply_add(_LN2_PAIR[1], e, fused_multiply_add(_LN2_PAIR[0], e, -s_hi))
    # x = m / (2 + m): the denominator a pair (dfadd), the quotient by dfdiv
    den_hi = _FLOAT(2) + m
    den_lo = (_FLOAT(2) - den_hi) + m
    rec = one / den_hi
    x_hi = m * rec
    u = fused_multiply_add(rec, m, -x_hi)
    x_lo = fused_multiply_add(-den_lo, rec, fused_multiply_add(-den_hi, rec, one))
    x_lo = fused_multiply_add(x_hi, x_lo, u)  # (the numerator's low part is 0)
    x2 = x_hi * x_hi
    p = fused_multiply_add(_LOG1P_POLYNOMIAL[0], x2, _LOG1P_POLYNOMIAL[1])
    p = fused_multiply_add(p, x2, _LOG1P_POLYNOMIAL[2])
    # s += 2x (dfadd_vf2_vf2_vf2), then s += x**3 * p (dfadd_vf2_vf2_vf)
    two_hi, two_lo = x_hi * _FLOAT(2), x_lo * _FLOAT(2)
    r_hi = s_hi + two_hi
    r_lo = (((s_hi - r_hi) + two_hi) + s_lo) + two_lo
    y = (x2 * x_hi) * p
    s_hi = r_hi + y
    s_lo = ((r_hi - s_hi) + y) + r_lo
    r = s_hi + s_lo
    r = np.where(d > _FLOAT(1e38), _FLOAT(np.inf), r)
    r = np.where((d < -one) | np.isnan(d), _FLOAT(np.nan), r)
    r = np.where(d == -one, _FLOAT(-np.inf), r)
    r = np.where((d == 0) & np.signbit(d), _FLOAT(-0.0), r)
    return r.astype(_FLOAT, copy=False)


_LOG1PF_LN2_HI, _LOG1PF_LN2_LO = _FLOAT(6.9313812256e-01), _FLOAT(9.0580006145e-06)
_LOG1PF_LP = tuple(
    _FLOAT(c)
    for c in (
        6.6666668653e-01,
        4.0000000596e-01,
        2.8571429849e-01,
        2.2222198546e-01,
        1.8183572590e-01,
        1.5313838422e-01,
        1.4798198640e-01,
    )
)


def glibc_log1pf(x: np.ndarray) -> np.ndarray:
    """glibc's ``log1pf`` of a float32 array, every branch of fdlibm's algorithm evaluated
    and the element's own selected (call with numpy's warnings off)."""
    one, zero = _FLOAT(1), _FLOAT(0)
    x = np.asarray(x, _FLOAT)
    hx = x.view(np.int32).astype(np.int64)
    # k != 0 (x >= 0.41422): 1 + x split into 2**k * u with a correction term c
    below_2_53 = hx < 0x5A000000
    u = np.where(below_2_53, one + x, x)
    hu = u.view(np.int32).astype(np.int64)
    k = (hu >> 23) - 127
    c = np.where(k > 0, one - (u - x), x - (u - one))
    c = np.where(below_2_53, c / u, zero)
    hu &= 0x007FFFFF
    low = hu < 0x3504F7
    u = np.where(low, hu | 0x3F800000, hu | 0x3F000000).astype(np.int32).view(_FLOAT)
    k = np.where(low, k, k + 1)
    hu = np.where(low, hu, (0x00800000 - hu) >> 2)
    f = u - one
    # k == 0 (0 <= x < 0.41422): f = x
    no_k = hx < 0x3ED413D7
    f = np.where(no_k, x, f)
    k = np.where(no_k, 0, k)
    c = np.where(no_k, zero, c)
    hu = np.where(no_k, 1, hu)
    kf = k.astype(_FLOAT)
    hfsq = _FLOAT(0.5) * f * f
    # hu == 0: |f| < 2**-20
    exact = np.where(k == 0, zero, kf * _LOG1PF_LN2_HI + (c + kf * _LOG1PF_LN2_LO))
    r0 = hfsq * (one - _FLOAT(0.66666666666666666) * f)
    near = np.where(k == 0, f - r0, kf * _LOG1PF_LN2_HI - ((r0 - (kf * _LOG1PF_LN2_LO + c)) - f))
    near = np.where(f == 0, exact, near)
    s = f / (_FLOAT(2) + f)
    z = s * s
    r = _LOG1PF_LP[6]
    for coefficient in reversed(_LOG1PF_LP[:6]):
        r = coefficient + z * r
    r = z * r
    general = np.where(
        k == 0,
        f - (hfsq - s * (hfsq + r)),
        kf * _LOG1PF_LN2_HI - ((hfsq - (s * (hfsq + r) + (kf * _LOG1PF_LN2_LO + c))) - f),
    )
    out = np.where(hu == 0, near, general)
    tiny = hx < 0x31000000  # |x| < 2**-29
    out = np.where(tiny, np.where(hx < 0x24800000, x, x - x * x * _FLOAT(0.5)), out)
    out = np.where(hx >= 0x7F800000, x + x, out)
    negative = np.log1p(x.astype(np.float64)).astype(_FLOAT)  # (not fdlibm's: unused here)
    return np.where(hx < 0, negative, out).astype(_FLOAT, copy=False)


def reduce_all_sum(rows: np.ndarray, lanes: int = FLOAT32_LANES) -> np.ndarray:
    """The sum of each row of a 2-d array in ``vec::reduce_all``'s order (see above)."""
    size = rows.shape[1]
    if size < lanes:
        return np.add.accumulate(rows, axis=1)[:, -1]
    body = size - size % lanes
    running = np.add.accumulate(rows[:, :body].reshape(len(rows), -1, lanes), axis=1)[:, -1]
    leftover = size - body
    if leftover:
        running[:, :leftover] += rows[:, body:]
    return _halving_sum(running)


def _halving_sum(running: np.ndarray) -> np.ndarray:
    """``vec_reduce_all`` of whole vectors (a row each): lane ``i`` plus lane ``i + 8``, then
    ``+ 4``, ``+ 2``, ``+ 1``."""
    while running.shape[1] > 1:
        half = running.shape[1] // 2
        running = running[:, :half] + running[:, half:]
    return running[:, 0]


def vector_then_tail_sum(rows: np.ndarray) -> np.ndarray:
    """The sum of each row of float32 values in the order of torch's softmax kernel for
    reduced floats along the last dim: the whole vectors of 16 lane-wise, their lanes by
    halving, then the leftover elements one by one (starting from 0 when there is no whole
    vector)."""
    count, size = rows.shape
    body = size - size % FLOAT32_LANES
    if body:
        running = np.add.accumulate(rows[:, :body].reshape(count, -1, FLOAT32_LANES), axis=1)
        total = _halving_sum(running[:, -1])
    else:
        total = np.zeros(count, rows.dtype)
    steps = np.concatenate((total[:, None], rows[:, body:]), axis=1)
    return np.add.accumulate(steps, axis=1)[:, -1]


def reduced_float_sum(rows: np.ndarray) -> np.ndarray:
    """The sum of each row of float32 values mapped from float16 ones, in the order of
    torch's ``vec::map_reduce_all`` for reduced floats: each vector of 32 halves is two
    float32 vectors, summed lane-wise into two running vectors (a partial last vector into
    its first lanes), which are added and reduced by halving; a row shorter than 32 folds
    its second vector into the first and adds the lanes one by one."""
    count, size = rows.shape
    if size < HALF_LANES:
        first = rows[:, :FLOAT32_LANES].copy()
        if size > FLOAT32_LANES:
            first[:, : size - FLOAT32_LANES] += rows[:, FLOAT32_LANES:]
        return np.add.accumulate(first, axis=1)[:, -1]
    body = size - size % HALF_LANES
    blocks = rows[:, :body].reshape(count, -1, HALF_LANES)
    running = np.add.accumulate(blocks, axis=1)[:, -1]  # (a new array: written below)
    running[:, : size - body] += rows[:, body:]
    return _halving_sum(running[:, :FLOAT32_LANES] + running[:, FLOAT32_LANES:])
