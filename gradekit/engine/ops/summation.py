"""torch's order of additions for the sum of every element of a float tensor.

float addition is not associative, so a float32 sum depends on the order of its additions,
and numpy's pairwise order differs from torch's in the last bits for most sums of five or
more elements (it shows in the last printed digit of ``loss.sum()``).  torch's CPU kernel
(ATen ``cascade_sum``, dispatched at AVX2 width even on AVX512 machines) adds a contiguous
run of ``n`` elements like this, every step rounded to the dtype:

* fewer than one vector (8 float32 / 4 float64 "lanes"): four running sums over the rows
  of ``x.reshape(-1, 4)``, the leftover elements into the first, then the four in order;
* otherwise the same on whole vectors (lane-wise), with the running sums cascaded every
  16 rows of four vectors so only similar magnitudes meet; the leftover vectors go into the
  first running sum, the four are added in order, then a scalar sum of the leftover
  elements takes the lanes in order.

Beyond ``TORCH_ORDER_LIMIT`` elements torch splits the sum across threads (the split depends
on the thread count), and a non-dense layout adds row by row: those sums keep numpy's order.
"""

from __future__ import annotations

import numpy as np

from .layout import is_dense

#: at::internal::GRAIN_SIZE: above it torch's reduction may run on several threads.
TORCH_ORDER_LIMIT = 32768
_VECTOR_BYTES = 32  # AVX2: the width torch's sum kernel runs at
_ROWS = 4  # running sums (torch's ilp_factor)
_LEVEL_STEP = 16  # rows per cascade level (1 << level_power; level_power is 4 up to 2**20)


def torch_order_sum(data: np.ndarray) -> np.floating | None:
    """The sum of every element of a float32/float64 array, added in torch's order (a
    float16 array: added in float32 and rounded once, ``_half_sum``).

    None when torch's order is not reproduced (another dtype, a layout that is not dense,
    more than ``TORCH_ORDER_LIMIT`` elements): the caller keeps numpy's sum.
    """
    if data.dtype != np.float32 and data.dtype != np.float64:
        return _half_sum(data) if data.dtype == np.float16 else None
    if data.size > TORCH_ORDER_LIMIT:
        return None
    if data.ndim > 1 and not is_dense(data):
        return None
    # A dense tensor is added in memory order (torch's iterator sorts dims by stride and
    # merges them into one run).
    values = data.ravel(order="K")
    lanes = _VECTOR_BYTES // values.itemsize
    if values.size < lanes:
        return _sequential(_scalar_order(values))
    return _vector_sum(values, lanes)


def _half_sum(data: np.ndarray) -> np.float16:
    """torch's float16 sum: the values loaded into float32 vectors (the accumulate type) and
    added in float32's order, rounded to half once (inf past 65504: the caller is quiet).
    Past ``TORCH_ORDER_LIMIT`` or for a layout that is not dense, numpy's order in float32."""
    wide = data.astype(np.float32)  # (order "K": a dense layout stays dense)
    total = torch_order_sum(wide)
    if total is None:
        total = np.add.reduce(wide, axis=None)
    return total.astype(np.float16)


def _sequential(values: np.ndarray) -> np.floating:
    """``((0 + v0) + v1) + ...`` in the array's dtype (``+ 0`` turns a lone -0.0 into 0.0,
    as starting from zero does)."""
    if values.size == 0:
        return values.dtype.type(0)
    return np.add.accumulate(values)[-1] + values.dtype.type(0)


def _scalar_order(values: np.ndarray) -> np.ndarray:
    """The scalar path's order for fewer than 8 elements: rows of four give four running
    sums (one row at most here), the leftovers join the first, then the four in order."""
    if values.size < _ROWS:
        return values
    first_row, leftovers = values[:_ROWS], values[_ROWS:]
    return np.concatenate((first_row[:1], leftovers, first_row[1:]))


def _vector_sum(values: np.ndarray, lanes: int) -> np.floating:
    vector_count = values.size // lanes
    vectors = values[: vector_count * lanes].reshape(vector_count, lanes)
    group_count = vector_count // _ROWS
    running = _multi_row_sum(vectors[: group_count * _ROWS].reshape(group_count, _ROWS, lanes))
    # leftover vectors into the first running sum, then the other three, lane by lane
    steps = np.concatenate((running[:1], vectors[group_count * _ROWS :], running[1:]))
    lane_sums = np.add.accumulate(steps, axis=0)[-1]
    # the scalar tail first, then the lanes in order
    return _sequential(np.concatenate((values[vector_count * lanes :], lane_sums)))


def _multi_row_sum(groups: np.ndarray) -> np.ndarray:
    """torch's multi_row_sum over ``groups`` (rows of four vectors): four running sums,
    each kept in four cascade levels so that only sums of similar size meet.

    Level 0 adds 16 rows, level 1 sixteen level-0 sums, level 2 sixteen level-1 sums and
    level 3 the rest; each level starts from zero after handing its sum up, and at the end
    the levels are added from the bottom.
    """
    zero = np.zeros(groups.shape[1:], groups.dtype)
    block_count = len(groups) // _LEVEL_STEP
    whole = groups[: block_count * _LEVEL_STEP]
    blocks = _running_sums(whole.reshape(block_count, _LEVEL_STEP, *zero.shape), zero)
    super_count = block_count // _LEVEL_STEP
    level1 = _running_sum(blocks[super_count * _LEVEL_STEP :], zero)
    supers = _running_sums(
        blocks[: super_count * _LEVEL_STEP].reshape(super_count, _LEVEL_STEP, *zero.shape), zero
    )
    # level 2 hands sixteen sums up to level 3 (from 4096 rows: beyond torch_order_sum's limit
    # for float32, kept for completeness)
    top_count = super_count // _LEVEL_STEP
    level3 = _running_sum(
        _running_sums(
            supers[: top_count * _LEVEL_STEP].reshape(top_count, _LEVEL_STEP, *zero.shape), zero
        ),
        zero,
    )
    level2 = _running_sum(supers[top_count * _LEVEL_STEP :], zero)
    level0 = _running_sum(groups[block_count * _LEVEL_STEP :], zero)
    return ((level0 + level1) + level2) + level3


def _running_sum(rows: np.ndarray, zero: np.ndarray) -> np.ndarray:
    """``((0 + rows[0]) + rows[1]) + ...`` element-wise (zero when there are no rows)."""
    if not len(rows):
        return zero
    return np.add.accumulate(rows, axis=0)[-1] + zero  # (+ zero: see _sequential)


def _running_sums(chunks: np.ndarray, zero: np.ndarray) -> np.ndarray:
    """``_running_sum`` of each chunk along axis 1."""
    if not len(chunks):
        return chunks[:, 0] if chunks.ndim > 1 else chunks
    return np.add.accumulate(chunks, axis=1)[:, -1] + zero
