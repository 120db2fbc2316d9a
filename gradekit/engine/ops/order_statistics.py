"""``median`` / ``nanmedian`` / ``kthvalue`` / ``mode`` / ``aminmax`` as torch 2.13's CPU
kernels compute them, the indices of tied values included.

* ``median(dim)`` / ``nanmedian(dim)`` (``median_with_indices_impl``): per row the first nan
  (median), else libstdc++'s ``std::nth_element`` over the indices with a comparator on the
  values alone (nan last for nanmedian), at ``(size - 1) / 2`` (nanmedian: of the values
  that are not nan, C++'s truncating division); which of tied values it lands on is the
  algorithm's (``reduction._nth_element``, libstdc++'s introselect).  ``median()`` is the
  value only (nan if any, nanmedian: the median of the rest).
* ``kthvalue`` is torch's own quickselect (``quick_select_template``, median of three,
  nan largest) over a copy of each row.
* ``mode`` is ``std::sort`` of (value, index) pairs by value (``reduction._std_sort``),
  then the longest run (the smallest value of equally long ones) and the index of its
  last element in that order.
Rows without tied values have one answer, taken from numpy's sort.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, bool_, int64
from ..tensor import Tensor
from .core import as_array, maybe_wrap_dim
from .reduction import (
    _EvenlyDistribute,
    _nth_element,
    _return_type,
    _std_sort,
    _ValueSelecting,
)
from .reduction_arguments import UNSET as _UNSET
from .reduction_arguments import bool_argument, c_contiguous, int_argument, parsed


class MedianBackward0(_EvenlyDistribute):
    __slots__ = ()


class NanmedianBackward0(_EvenlyDistribute):
    __slots__ = ()


class MedianBackward1(_ValueSelecting):
    __slots__ = ()


class NanmedianBackward1(_ValueSelecting):
    __slots__ = ()


class KthvalueBackward0(_ValueSelecting):
    __slots__ = ()


class ModeBackward0(_ValueSelecting):
    __slots__ = ()


def _recording(x: Tensor) -> bool:
    return grad_mode.enabled and x._requires_grad and x.dtype.category == FLOATING


def _rows(data: np.ndarray, axis: int) -> tuple[np.ndarray, tuple[int, ...]]:
    """The rows along ``axis`` (one per output, C order) and the outputs' shape."""
    moved = np.moveaxis(data, axis, -1)
    return moved.reshape(math.prod(moved.shape[:-1]), moved.shape[-1]), moved.shape[:-1]


def _has_ties(row: np.ndarray) -> bool:
    """Whether ``row`` holds values an order by value cannot tell apart (equal values, nans,
    or -0.0 with 0.0)."""
    ordered = np.sort(row)
    if ordered.dtype.kind == "f" and np.isnan(ordered[-1]):
        return True
    return bool(np.any(ordered[1:] == ordered[:-1]))


def _value_less(values: list) -> Callable[[int, int], bool]:
    return lambda i, j: values[i] < values[j]


def _nan_last_less(values: list) -> Callable[[int, int], bool]:
    return lambda i, j: values[i] < values[j] or (values[j] != values[j] and values[i] == values[i])


# --- median / nanmedian ------------------------------------------------------------------
def _row_median(row: np.ndarray, ignore_nan: bool) -> int:
    """The index torch's median_with_indices_impl picks in ``row``: its comparator orders
    by (value, index), so the answer is the stable sort's at ``nth``; only nans (nanmedian
    of a row of nans) are left unordered, and libstdc++'s nth_element picks among them."""
    size = row.size
    nans = np.isnan(row) if row.dtype.kind == "f" else None
    if nans is not None and nans.any():
        if not ignore_nan:
            return int(np.argmax(nans))
        missing = int(nans.sum())
        if missing == size:
            values, items = row.tolist(), list(range(size))
            _nth_element(items, 0, 0, size, _nan_last_less(values))
            return items[0]
    else:
        missing = 0
    nth = (size - missing - 1) // 2
    return int(np.argsort(row, kind="stable")[nth])


def _full_median(data: np.ndarray, ignore_nan: bool) -> np.ndarray:
    """torch's median_impl: ``std::nth_element`` at ``(size - 1) / 2`` of a copy of the
    tensor, on the values alone (nan last for nanmedian); only -0.0 beside 0.0 makes the
    algorithm's choice visible, so only then is it run (``reduction._nth_element``)."""
    if data.size == 0:
        with np.errstate(invalid="ignore"):
            return np.array(np.nan).astype(data.dtype)
    flat = data.ravel(order="K")
    missing = 0
    if flat.dtype.kind == "f":
        nans = np.isnan(flat)
        if nans.any() and not ignore_nan:
            return np.array(np.nan, flat.dtype)
        missing = int(nans.sum())
    size = flat.size
    nth = math.trunc((size - missing - 1) / 2)
    zeros = flat[flat == 0]
    if zeros.size and np.signbit(zeros).any() and not np.signbit(zeros).all():
        values, items = flat.tolist(), list(range(size))
        _nth_element(items, 0, nth, size, _nan_last_less(values))
        return np.array(flat[items[nth]])
    return np.array(np.sort(flat)[nth])


def _median(name: str, input: Any, dim: Any, keepdim: Any) -> Any:
    ignore_nan = name == "nanmedian"
    if not isinstance(input, Tensor):
        raise TypeError(name)
    if dim is _UNSET:
        if keepdim is not _UNSET:
            raise TypeError(name)
        if input.dtype is bool_:
            # (nanmedian of bools fails in median's kernel, with its name)
            raise errors.error("kernel_not_implemented", op="median_cpu", dtype="Bool")
        out = as_array(_full_median(input._data, ignore_nan), input.dtype)
        if not _recording(input):
            return Tensor._make(out, input.dtype)
        node_class = NanmedianBackward0 if ignore_nan else MedianBackward0
        node = node_class((input._edge(),), ((out.shape, input.dtype),))
        result = Tensor._make(out, input.dtype, node)
        node.save(input, outputs=(result,))
        return result
    dim = int_argument(dim)
    keepdim = False if keepdim is _UNSET else bool_argument(keepdim)
    data = input._data
    axis = maybe_wrap_dim(dim, data.ndim)
    if data.ndim and data.shape[axis] == 0 and data.size == 0 and _others(data, axis):
        raise errors.error("reduction_dim_empty", op=name, dim=axis)
    if input.dtype is bool_:
        raise errors.error("kernel_not_implemented", op="median_out", dtype="Bool")  # (as above)
    node_class = NanmedianBackward1 if ignore_nan else MedianBackward1
    return _select(name, input, axis, keepdim, lambda row: _row_median(row, ignore_nan), node_class)


def _others(data: np.ndarray, axis: int) -> bool:
    """Whether the dims other than ``axis`` leave outputs (torch checks an empty reduced dim
    only then)."""
    return math.prod(s for d, s in enumerate(data.shape) if d != axis) > 0 or data.ndim == 1


def _select(
    name: str,
    input: Tensor,
    axis: int,
    keepdim: bool,
    pick: Callable[[np.ndarray], int],
    node_class: type,
) -> Any:
    """torch.return_types.``name`` of the element ``pick`` chooses in each row along
    ``axis``, the values recorded as ``node_class`` (the gradient goes to the index)."""
    data = input._data
    if data.ndim == 0:
        values, indices = data.copy(), np.zeros((), np.int64)
    else:
        rows, shape = _rows(data, axis)
        chosen = np.array([pick(row) for row in rows] if rows.shape[1] else [], np.int64)
        chosen = chosen.reshape(shape)
        values = np.take_along_axis(rows, chosen.reshape(-1, 1), axis=1).reshape(shape)
        indices = chosen
        if keepdim:
            values, indices = np.expand_dims(values, axis), np.expand_dims(indices, axis)
    values = as_array(c_contiguous(values), input.dtype)
    index_tensor = Tensor._make(as_array(c_contiguous(indices), int64), int64)
    return_type = _return_type(name)
    if not _recording(input):
        return return_type(Tensor._make(values, input.dtype), index_tensor)
    node = node_class((input._edge(),), ((values.shape, input.dtype),))
    node.dim, node.keepdim, node.self_sizes = axis, keepdim, data.shape
    node.save(index_tensor)
    return return_type(Tensor._make(values, input.dtype, node), index_tensor)


def _median_op(name: str) -> Any:
    """The body of torch.``name`` (median, nanmedian)."""

    def op(input: Any, dim: Any = _UNSET, keepdim: Any = _UNSET, *, out: Any = None) -> Any:
        if out is not None:
            raise errors.unsupported(f"the out= argument of torch.{name}")
        return _median(name, input, dim, keepdim)

    return op


_median_function, _nanmedian_function = _median_op("median"), _median_op("nanmedian")


# --- kthvalue ----------------------------------------------------------------------------
def _quick_select(values: list, indices: list[int], k: int) -> None:
    """torch's quick_select_template (SortingUtils.h) with kthvalue's comparator (nan
    largest), in place on ``values`` and ``indices``."""

    def greater(x: Any, y: Any) -> bool:
        return (x != x and y == y) or x > y

    def swap(i: int, j: int) -> None:
        values[i], values[j] = values[j], values[i]
        indices[i], indices[j] = indices[j], indices[i]

    low, high = 0, len(values) - 1
    while True:
        if high <= low:
            return
        if high == low + 1:
            if greater(values[low], values[high]):
                swap(low, high)
            return
        middle = low + (high - low) // 2
        swap(middle, low + 1)
        if greater(values[low + 1], values[high]):
            swap(low + 1, high)
        if greater(values[low], values[high]):
            swap(low, high)
        if greater(values[low + 1], values[low]):
            swap(low + 1, low)
        i, j = low + 1, high
        pivot = values[low]
        while True:
            i += 1
            while greater(pivot, values[i]):
                i += 1
            j -= 1
            while greater(values[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(low, j)
        if j <= k:
            low = i
        if j >= k:
            high = j - 1


def _row_kth(row: np.ndarray, k: int) -> int:
    if not _has_ties(row):
        return int(np.argsort(row, kind="stable")[k - 1])
    values, indices = row.tolist(), list(range(row.size))
    _quick_select(values, indices, k - 1)
    return indices[k - 1]


def _kthvalue(
    input: Any,
    k: Any = errors.REQUIRED,
    dim: Any = -1,
    keepdim: Any = False,
    *,
    out: Any = None,
) -> Any:
    if not isinstance(input, Tensor) or k is errors.REQUIRED:
        raise TypeError("kthvalue")
    if out is not None:
        raise errors.unsupported("the out= argument of torch.kthvalue")
    k, dim, keepdim = int_argument(k), int_argument(dim), bool_argument(keepdim)
    data = input._data
    axis = maybe_wrap_dim(dim, data.ndim)
    size = data.shape[axis] if data.ndim else 1
    if data.ndim and size == 0 and _others(data, axis):
        raise errors.error("reduction_dim_empty", op="kthvalue", dim=axis)
    if not (data.size == 0 or 1 <= k <= size):
        raise errors.error("kthvalue_k", dim=axis if data.ndim else 0)
    if input.dtype is bool_:
        raise errors.error("kernel_not_implemented", op="kthvalue_cpu", dtype="Bool")
    return _select(
        "kthvalue", input, axis, keepdim, lambda row: _row_kth(row, k), KthvalueBackward0
    )


# --- mode --------------------------------------------------------------------------------
def _row_mode(row: np.ndarray) -> int:
    values = row.tolist()
    items = list(range(len(values)))
    if _has_ties(row):
        _std_sort(items, 0, len(items), _value_less(values))
    else:
        items = np.argsort(row, kind="stable").tolist()
    best_index, best_count, count = 0, 0, 0
    for position, item in enumerate(items):
        count += 1
        last = position == len(items) - 1
        if last or values[item] != values[items[position + 1]]:
            if count > best_count:
                best_index, best_count = item, count
            count = 0
    return best_index


def _mode(input: Any, dim: Any = -1, keepdim: Any = False, *, out: Any = None) -> Any:
    if not isinstance(input, Tensor):
        raise TypeError("mode")
    if out is not None:
        raise errors.unsupported("the out= argument of torch.mode")
    dim, keepdim = int_argument(dim), bool_argument(keepdim)
    data = input._data
    axis = maybe_wrap_dim(dim, data.ndim)
    if data.ndim and data.shape[axis] == 0 and _others(data, axis):
        raise errors.error("reduction_dim_empty", op="mode", dim=axis)
    return _select("mode", input, axis, keepdim, _row_mode, ModeBackward0)


# --- aminmax -----------------------------------------------------------------------------
class AminmaxBackward0(Node):
    """Each of min and max spreads its gradient evenly over the elements equal to it
    (torch's scale_grad_by_count, as amin/amax).  Saves self, min and max."""

    __slots__ = ("dims", "keepdim")
    num_outputs = 2

    def backward(self, grads: tuple | Tensor) -> tuple:
        from .reduction import _restore_reduced

        if not isinstance(grads, tuple):
            grads = (grads, None)
        self_, *results = self.saved_tensors
        total = None
        for grad, result in zip(grads, results, strict=True):
            if grad is None:
                continue
            dims = self.dims
            restored_result = result._data if self.keepdim else np.expand_dims(result._data, dims)
            mask = self_._data == restored_result
            count = mask.sum(axis=dims, keepdims=True)
            restored = _restore_reduced(grad, dims, self.keepdim)
            scaled = restored / Tensor._make(count.astype(grad.dtype.np_dtype), grad.dtype)
            part = scaled * Tensor._make(mask, bool_)
            total = part if total is None else total + part
        return (total,)


def _aminmax(input: Any, *, dim: Any = None, keepdim: Any = False, out: Any = None) -> Any:
    if not isinstance(input, Tensor):
        raise TypeError("aminmax")
    if out is not None:
        raise errors.unsupported("the out= argument of torch.aminmax")
    keepdim = bool_argument(keepdim)
    data = input._data
    if dim is None:
        if data.size == 0:
            raise errors.error("aminmax_empty")
        dims = tuple(range(data.ndim))
    else:
        axis = maybe_wrap_dim(int_argument(dim), data.ndim)
        if data.ndim and data.shape[axis] == 0:
            raise errors.error("aminmax_dim_empty", dim=axis)
        dims = (axis,) if data.ndim else ()
    low = np.min(data, axis=dims, keepdims=keepdim) if data.size else _empty(data, dims, keepdim)
    high = np.max(data, axis=dims, keepdims=keepdim) if data.size else _empty(data, dims, keepdim)
    if keepdim and dim is None and data.ndim == 0:
        low, high = np.asarray(low), np.asarray(high)
    low = as_array(c_contiguous(low), input.dtype)
    high = as_array(c_contiguous(high), input.dtype)
    return_type = _min_max_type()
    if not _recording(input):
        return return_type(Tensor._make(low, input.dtype), Tensor._make(high, input.dtype))
    node = AminmaxBackward0((input._edge(),), ((low.shape, input.dtype), (high.shape, input.dtype)))
    node.dims, node.keepdim = dims, keepdim
    first = Tensor._make(low, input.dtype, node, 0)
    second = Tensor._make(high, input.dtype, node, 1)
    node.save(input, outputs=(first, second))
    return return_type(first, second)


def _empty(data: np.ndarray, dims: tuple[int, ...], keepdim: bool) -> np.ndarray:
    shape = tuple(
        1 if d in dims else s for d, s in enumerate(data.shape) if keepdim or d not in dims
    )
    return np.empty(shape, data.dtype)


_MIN_MAX: list[type] = []


def _min_max_type() -> type:
    """torch.return_types.aminmax (fields min, max), made on first use."""
    if not _MIN_MAX:
        from typing import NamedTuple

        class aminmax(NamedTuple):  # noqa: N801 - torch's name
            min: Tensor
            max: Tensor

            def __repr__(self) -> str:
                return f"torch.return_types.aminmax(\nmin={self.min!r},\nmax={self.max!r})"

        aminmax.__module__ = "torch.return_types"
        _MIN_MAX.append(aminmax)
    return _MIN_MAX[0]


median = parsed(_median_function, "median")
nanmedian = parsed(_nanmedian_function, "nanmedian")
kthvalue = parsed(_kthvalue, "kthvalue")
mode = parsed(_mode, "mode")
aminmax = parsed(_aminmax, "aminmax")
median_method = parsed(_median_function, "median", method=True)
nanmedian_method = parsed(_nanmedian_function, "nanmedian", method=True)
kthvalue_method = parsed(_kthvalue, "kthvalue", method=True)
mode_method = parsed(_mode, "mode", method=True)
aminmax_method = parsed(_aminmax, "aminmax", method=True)
