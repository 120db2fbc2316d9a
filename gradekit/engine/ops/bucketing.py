"""``torch.searchsorted``, ``torch.bucketize``, ``torch.msort`` and ``torch.histc``.

searchsorted / bucketize run torch's binary search (``cus_lower_bound`` /
``cus_upper_bound`` of Bucketization.cpp) vectorised over all the values at once: while
``start < end``, ``mid = start + (end - start) / 2``, and the search goes right when
``!(boundary[mid] >= value)`` (left) or ``!(boundary[mid] > value)`` (right).  Written with
negations as torch's, a NaN value lands past every boundary and a NaN boundary sends every
search right of it.  Boundaries and values are compared in ``torch.result_type`` of the two
(a Python number or a 0-d tensor takes the boundaries' dtype).

histc is torch's linear-interpolation histogram: the bin of ``x`` is
``(int64)((x - min) * bins / (max - min))`` in the input's dtype (each step rounded to it),
the last edge counted in the last bin, elements outside ``[min, max]`` (and NaNs) dropped.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import errors
from ..dtypes import FLOATING, bool_, int32, int64, result_type, scalar_dtype
from ..tensor import Tensor
from . import arguments
from .reduction_arguments import parsed

# =============================================================================
# searchsorted / bucketize


def _binary_search(
    boundaries: np.ndarray, values: np.ndarray, right: bool, sorter: np.ndarray | None
) -> np.ndarray:
    """Each row of ``values`` searched in the same row of ``boundaries`` (2-d arrays with
    as many rows), as torch's cus_lower_bound / cus_upper_bound."""
    rows, count = boundaries.shape
    start = np.zeros(values.shape, dtype=np.int64)
    end = np.full(values.shape, count, dtype=np.int64)
    row = np.arange(rows)[:, None]
    with np.errstate(invalid="ignore"):
        while True:
            active = start < end
            if not active.any():
                return start
            mid = start + ((end - start) >> 1)
            place = np.minimum(mid, count - 1)  # (where inactive: any valid place)
            if sorter is not None:
                place = sorter[row, place]
            mid_value = boundaries[row, place]
            goes_right = ~(mid_value > values) if right else ~(mid_value >= values)
            start = np.where(active & goes_right, mid + 1, start)
            end = np.where(active & ~goes_right, mid, end)


def _side(side: Any, right: bool) -> bool:
    if side is None:
        return right
    if side not in ("left", "right"):
        raise errors.error("searchsorted_side", side=side)
    if right and side != "right":
        raise errors.error("searchsorted_opposites", side=side)
    return side == "right"


def _searchsorted(
    sorted_sequence: Tensor,
    input: Any,
    *,
    out_int32: Any = False,
    right: Any = False,
    side: Any = None,
    sorter: Any = None,
) -> Tensor:
    if not isinstance(sorted_sequence, Tensor) or not isinstance(out_int32, bool):
        raise TypeError("searchsorted")  # (the parser words it)
    if not isinstance(right, bool) or not (side is None or isinstance(side, str)):
        raise TypeError("searchsorted")
    if not (sorter is None or isinstance(sorter, Tensor)):
        raise TypeError("searchsorted")
    if isinstance(input, Tensor):
        values, value_dtype = input._data, input.dtype
    elif arguments.is_number(input) and not isinstance(input, complex):
        value_dtype = scalar_dtype(input)
        values = np.array(input, dtype=value_dtype.np_dtype)
    else:
        raise TypeError("searchsorted")
    right = _side(side, right)
    boundaries = sorted_sequence._data
    if sorter is not None and sorter._data.shape != boundaries.shape:
        raise errors.error(
            "searchsorted_sorter_size",
            boundaries=list(boundaries.shape),
            sorter=list(sorter._data.shape),
        )
    if values.ndim == 0 and boundaries.ndim != 1:
        raise errors.error(
            "searchsorted_scalar", boundaries=boundaries.ndim, ndim=values.ndim, numel=values.size
        )
    if boundaries.ndim == 0:
        raise errors.error("searchsorted_boundaries_0d")
    if boundaries.ndim != 1 and boundaries.shape[:-1] != values.shape[:-1]:
        raise errors.error(
            "searchsorted_shapes", boundaries=list(boundaries.shape), values=list(values.shape)
        )
    order = None
    if sorter is not None:
        if sorter.dtype is not int64:
            raise errors.error("searchsorted_sorter_dtype", dtype=sorter.dtype.scalar_name)
        order = sorter._data
        if order.size and (order.min() < 0 or order.max() >= order.shape[-1]):
            raise errors.error("searchsorted_sorter_range")
    out_dtype = int32 if out_int32 else int64
    if values.size == 0:  # (torch returns before its copies and its dtype dispatch)
        return Tensor._make(np.zeros(values.shape, dtype=out_dtype.np_dtype), out_dtype)
    # torch's searchsorted_maybe_trim_input_tensors: a copy of each non-contiguous operand
    for name, operand in (("values", values), ("boundaries", boundaries), ("sorter", order)):
        if operand is not None and not operand.flags.c_contiguous:
            errors.warn_once(f"searchsorted_{name}_noncontiguous", stacklevel=4)
    common = result_type(sorted_sequence, input)
    if common is bool_:
        raise errors.error("kernel_not_implemented", op="searchsorted_out_cpu", dtype="Bool")
    if boundaries.shape[-1] == 0:
        return Tensor._make(np.zeros(values.shape, dtype=out_dtype.np_dtype), out_dtype)
    np_common = common.np_dtype
    if boundaries.ndim == 1:
        rows_b = boundaries.astype(np_common).reshape(1, -1)
        rows_v = values.astype(np_common).reshape(1, -1)
        rows_s = None if order is None else order.reshape(1, -1)
    else:
        rows_b = boundaries.astype(np_common).reshape(-1, boundaries.shape[-1])
        rows_v = values.astype(np_common).reshape(rows_b.shape[0], -1)
        rows_s = None if order is None else order.reshape(rows_b.shape[0], -1)
    found = _binary_search(rows_b, rows_v, right, rows_s)
    result = found.reshape(values.shape).astype(out_dtype.np_dtype)
    return Tensor._make(result, out_dtype)


def _bucketize(
    input: Any, boundaries: Tensor, *, out_int32: Any = False, right: Any = False
) -> Tensor:
    if not isinstance(boundaries, Tensor) or not isinstance(input, Tensor):
        if not (isinstance(boundaries, Tensor) and arguments.is_number(input)):
            raise TypeError("bucketize")  # (the parser words it)
    if not isinstance(out_int32, bool) or not isinstance(right, bool):
        raise TypeError("bucketize")
    if boundaries._data.ndim != 1:
        raise errors.error("bucketize_boundaries", ndim=boundaries._data.ndim)
    return _searchsorted(boundaries, input, out_int32=out_int32, right=right)


searchsorted = parsed(_searchsorted, "searchsorted")
bucketize = parsed(_bucketize, "bucketize")


# =============================================================================
# msort


def _msort(input: Tensor) -> Tensor:
    """``torch.msort``: ``sort(input, dim=0).values`` (SortBackward0)."""
    if not isinstance(input, Tensor):
        raise TypeError("msort")
    from .reduction import sort

    return sort(input, 0).values


msort = parsed(_msort, "msort")


def msort_method(self: Tensor, *surplus: Any, **keywords: Any) -> Tensor:
    """``Tensor.msort()``: torch's METH_NOARGS method, with CPython's refusals."""
    arguments.refuse_arguments("msort", surplus, keywords)
    from .reduction import sort

    return sort(self, 0).values


msort_method.__name__ = msort_method.__qualname__ = "msort"


# =============================================================================
# histc


def _edge_text(value: float) -> str:
    """A double as C++'s ostream prints it (``%g``; a NaN with its sign: ``-nan`` for the
    NaN torch's min/max reduction leaves, ``nan`` for a student's ``float('nan')``)."""
    if math.isnan(value):
        return "-nan" if math.copysign(1.0, value) < 0 else "nan"
    return f"{value:g}"


def _histc(input: Tensor, bins: Any = 100, min: Any = 0, max: Any = 0) -> Tensor:
    if not isinstance(input, Tensor) or not isinstance(bins, int) or isinstance(bins, bool):
        raise TypeError("histc")  # (the parser words it)
    low = arguments.number_argument("histc", "min", min)
    high = arguments.number_argument("histc", "max", max)
    if bins <= 0:
        raise errors.error("histc_bins", bins=bins)
    d = input.dtype
    data = input._data.reshape(-1)
    low, high = float(low), float(high)
    if low == high and data.size:
        with np.errstate(invalid="ignore"):
            low, high = float(data.min()), float(data.max())
        if np.isnan(data).any():
            low = high = -math.nan  # (the sign bit set, as torch's reduction leaves it)
    if low == high:
        low, high = low - 1, high + 1
    if not (math.isfinite(low) and math.isfinite(high)):
        raise errors.error("histc_range", low=_edge_text(low), high=_edge_text(high))
    if low > high:
        raise errors.error("histc_order")
    if d.category != FLOATING:
        # (after the range checks; bool fails in torch's linspace of the bin edges)
        kernel = "linspace_cpu" if d is bool_ else "histogram_cpu"
        raise errors.error("kernel_not_implemented", op=kernel, dtype=d.scalar_name)
    np_dtype = d.np_dtype
    from .creation import linspace

    edges = linspace(low, high, bins + 1, dtype=d)._data
    first, last = edges[0], edges[-1]
    counts = np.zeros(bins, dtype=np_dtype)
    with np.errstate(all="ignore"):
        inside = data[(data >= first) & (data <= last)]
        scaled = (inside - first) * np_dtype.type(bins) / (last - first)
        position = scaled.astype(np.int64)
    position[position == bins] = bins - 1
    np.add.at(counts, position, np_dtype.type(1))
    return Tensor._make(counts, d)  # (not differentiable: never requires grad)


histc = parsed(_histc, "histc")
histc_method = parsed(_histc, "histc", method=True)
