"""Two building blocks of torch's vectorised CPU kernels, reproduced bit for bit in numpy.

* ``sleef_expf``: ``Vectorized<float>::exp()``, which is SLEEF's ``expf_u10`` (torch's
  softmax and log_softmax kernels call it; ``torch.exp`` itself uses MKL, see
  ``pointwise._rounded_from_float64``).  SLEEF's algorithm: ``q = rint(d / ln 2)``, the
  reduced argument ``s = d - q ln 2`` in two fused steps (ln 2 split into a high and a low
  part), a degree-6 polynomial evaluated by fused multiply-adds, then scaled by ``2**q``; it
  is within 1 ulp, and not correctly rounded for about 10% of inputs, so only the same
  operations give the same bits.
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
