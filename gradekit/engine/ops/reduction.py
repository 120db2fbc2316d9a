"""Reductions: sum, mean, max/min (+ argmax/argmin/amax/amin), norm, softmax, log_softmax,
and ``sum_to`` - the one broadcasting-reduction helper the backward engine uses."""

from __future__ import annotations

import builtins
import math
import operator
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from .. import dtypes, errors
from ..autograd import grad_mode
from ..autograd.graph import Node, new_node
from ..dtypes import FLOATING, bool_, dtype, int64
from ..tensor import Tensor
from . import arguments
from .core import as_array, as_array_quietly, maybe_wrap_dim
from .layout import copied_preserving_layout, is_dense
from .pointwise import _rounded_from_float64, div_scalar, sgn
from .pointwise import abs as abs_
from .pointwise import pow as pow_
from .quiet import quiet_call, quiet_op, retry_quietly, run_quietly
from .shape_helpers import expand, masked_fill, unsqueeze_dims, view
from .summation import TORCH_ORDER_LIMIT, torch_order_sum


def _recording(x: Tensor) -> bool:
    return grad_mode.enabled and x._requires_grad


def _normalize_dims(dim: int | Sequence[int], ndim: int) -> tuple[int, ...]:
    if type(dim) is builtins.int:  # (one dim: no generator, no duplicate check)
        wrapped = (maybe_wrap_dim(dim, ndim),)
        return wrapped if ndim else ()  # a 0-d tensor accepts dim 0/-1: nothing to reduce
    # (a bool dim is no sequence: the handler words torch's refusal; maybe_wrap_dim refuses a
    # bool or a float element: the handler retries a Python bool past the first as its int,
    # as torch unpacks the list, see arguments.int_dims, and words torch's "failed to unpack")
    wrapped = tuple(maybe_wrap_dim(d, ndim) for d in tuple(dim))
    if len(set(wrapped)) != len(wrapped):
        raise errors.error("dim_repeated", dim=wrapped[0])
    return wrapped if ndim else ()  # a 0-d tensor accepts dim 0/-1 but has nothing to reduce


def _np_axis(dims: tuple[int, ...], ndim: int) -> tuple[int, ...] | None:
    """numpy axis for torch dims (``()`` on a 0-d array means "reduce nothing")."""
    return dims if ndim else ()


def _restore_reduced(grad: Tensor, dims: tuple[int, ...], keepdim: bool) -> Tensor:
    """Put back the reduced dims as size-1 dims (torch's unsqueeze_multiple)."""
    return grad if keepdim else unsqueeze_dims(grad, dims)


# --- sum ---------------------------------------------------------------------------------
class SumBackward0(Node):
    """out = self.sum().  Saves only the input shape."""

    __slots__ = ("self_sizes",)

    def backward(self, grad: Tensor) -> tuple:
        return (expand(grad, self.self_sizes),)

    def backward_data(self, grad: np.ndarray) -> Any:
        if grad.ndim != 0:
            return NotImplemented
        filled = np.empty(self.self_sizes, grad.dtype)  # expand's fast path for a 0-d grad
        filled.fill(grad)
        return (filled,)


class SumBackward1(Node):
    """out = self.sum(dim, keepdim)."""

    __slots__ = ("self_sizes", "dim", "keepdim")

    def backward(self, grad: Tensor) -> tuple:
        return (expand(_restore_reduced(grad, self.dim, self.keepdim), self.self_sizes),)


def torch_full_sum(data: np.ndarray) -> np.generic:
    """Every element of a float array summed in torch's order where it is reproduced (see
    ops/summation.py), else numpy's.  Up to four elements the two orders are the same."""
    if data.size > 4:
        total = torch_order_sum(data)
        if total is not None:
            return total
    return np.add.reduce(data, axis=None)


def _full_sum(data: np.ndarray, np_dtype: np.dtype) -> np.generic:
    if data.dtype == np_dtype and data.dtype.kind == "f":
        return torch_full_sum(data)
    if data.dtype.kind == "f":  # float32 values summed into half (_into_half's buffer)
        return torch_full_sum(data).astype(np_dtype)
    return data.sum(dtype=np_dtype)  # integers are exact in any order


def _into_half(data: np.ndarray, dim: Any) -> np.ndarray:
    """What ``sum(dtype=torch.float16)`` of a wider tensor adds: its values cast to half (a
    double through float, as ``c10::Half`` takes one), unless torch's reduction iterator is
    left with two reduced dims it cannot merge into one run (``should_use_acc_buffer``):
    then torch sums the values cast to float32 into a float32 buffer and rounds the sums."""
    if _unmerged_reduced_dims(data, dim):
        return data.astype(np.float32)
    if data.dtype.itemsize > 4:
        data = data.astype(np.float32)
    return quiet_call(data.astype, np.float16)  # (silent: 1e6 is inf in half)


def _unmerged_reduced_dims(data: np.ndarray, dim: Any) -> bool:
    """Whether the reduced dims of size > 1 fail to make one run of memory in the tensor
    torch's iterator reads: ``self.to(half)``, dense, its dims in the order of the input's
    strides (``infer_dense_strides``).  Its reorder puts the reduced dims first, by stride,
    and merges neighbours that continue each other."""
    ndim, shape = data.ndim, data.shape
    try:
        every = dim is None or (isinstance(dim, (list, tuple)) and not dim)
        reduced = range(ndim) if every else _normalize_dims(dim, ndim)
    except (IndexError, RuntimeError, TypeError, ValueError):
        return False  # (the sum itself raises torch's error)
    strides, step = [0] * ndim, 1
    for d in sorted(range(ndim), key=data.strides.__getitem__):
        strides[d], step = step, step * shape[d]
    runs = sorted((strides[d], shape[d]) for d in reduced if shape[d] != 1)
    pairs = zip(runs, runs[1:], strict=False)
    return builtins.any(stride * size != after for (stride, size), (after, _) in pairs)


def _one_output(shape: tuple[int, ...], dims: tuple[int, ...]) -> bool:
    """Whether reducing ``dims`` leaves a single element: every other dim has size 1.  torch's
    iterator then drops the size-1 dims and the reduction is the full sum's, order and all
    (``x.sum(0)`` of a 1-d tensor is ``x.sum()``)."""
    return builtins.all(size == 1 for d, size in enumerate(shape) if d not in dims)


def _reduction_layout(out: np.ndarray) -> np.ndarray:
    """A dim reduction's result laid out as torch allocates it: C-contiguous (numpy's keeps
    the input's memory order, so ``x.t().sum(0, keepdim=True)`` came out transposed). The
    layout decides whether a later ``reshape`` is a view: double-backward graphs show it."""
    if not out.flags.c_contiguous:
        return np.ascontiguousarray(out)
    strides, step = [0] * out.ndim, out.itemsize  # torch's strides of size-1 dims too:
    for d in range(out.ndim - 1, -1, -1):  # numpy keeps the input's there, which a later
        strides[d] = step  # elementwise op's layout reads (einsum's mul, then its reshape)
        step *= out.shape[d]
    if out.strides == tuple(strides) or not out.size:
        return out
    return np.lib.stride_tricks.as_strided(out, out.shape, strides)


def _full_sum_over(data: np.ndarray, dims: tuple[int, ...], keepdim: bool) -> np.ndarray:
    """The sum over ``dims`` of an array where that leaves one element, in torch's order
    (``torch_full_sum``), shaped as the dim reduction's result."""
    return np.reshape(torch_full_sum(data), _reduced_shape(data.shape, dims, keepdim))


def sum(  # noqa: A001 - torch's name
    input: Tensor,
    dim: Any = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
    *,
    dtype: dtype | None = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(sum, input, dim, keepdim, surplus, axis, keepdims, dtype=dtype)
    try:
        if dtype is None:
            result = input.dtype
            if result.category != FLOATING:
                result = int64
            data = input._data
        else:  # torch casts the input to the dtype first (a float16 sum of float32 values
            # adds them rounded to half), silently: 1e6 is inf in half
            result = dtypes.given(dtype, "sum")
            data = input._data
            if result.accumulate_np_dtype is not result.np_dtype and data.dtype != result.np_dtype:
                data = _into_half(data, dim)
            else:
                data = quiet_call(data.astype, result.np_dtype, copy=False)
        if keepdim is not False:  # (x.sum() and x.sum(0): one ``is`` test for the checks)
            if keepdim is not True:  # torch's parser takes a bool only (not 0, None, 1, np.True_)
                raise TypeError("keepdim")
            if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
                if dim is None and arguments.left_out("dim", "keepdim"):
                    # x.sum(keepdim=True), without a dim: torch refuses it (not sum(None, True))
                    raise TypeError("dim")
                dim = tuple(range(data.ndim))  # sum(None, True): torch's dim overload, every dim
        if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
            # quiet: an overflow or inf + -inf gives inf/nan silently in torch
            out = as_array(quiet_call(_full_sum, data, result.np_dtype), result)
            if not _recording(input):
                return Tensor._make(out, result)
            node = SumBackward0((input._edge(),), ((out.shape, result),))
            node.self_sizes = data.shape
            return Tensor._make(out, result, node)
        dims = _normalize_dims(dim, data.ndim)
        if data.size > 4 and data.dtype == result.np_dtype and _one_output(data.shape, dims):
            out = as_array(quiet_call(_full_sum_over, data, dims, keepdim), result)
        else:
            out = as_array_quietly(  # (float16 adds in float32 and rounds once, as torch)
                quiet_call(
                    data.sum,
                    axis=_np_axis(dims, data.ndim),
                    keepdims=keepdim,
                    dtype=result.accumulate_np_dtype,
                ),
                result,
            )
            out = _reduction_layout(out)
        if not _recording(input):
            return Tensor._make(out, result)
        node = SumBackward1((input._edge(),), ((out.shape, result),))
        node.self_sizes, node.dim, node.keepdim = data.shape, dims, keepdim
        return Tensor._make(out, result, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        return _sum_or_mean_failure(sum, failure, input, dim, keepdim, dtype)


def _sum_or_mean_failure(
    function: Callable[..., Tensor],
    failure: Exception,
    input: Any,
    dim: Any,
    keepdim: Any,
    dtype: Any,
) -> Tensor:
    """The failure handler of ``function`` (sum or mean), called from its ``except``: the
    call again with a dim torch's parser reads as ints (a numpy integer; a bool past a list's
    first), else torch's error for the call, worded for the body that failed (the function,
    or a method copy of it: its frame is this one's caller)."""
    retry = arguments.int_dims(dim)
    if retry is not None:  # torch's parser takes it as an int
        return function(input, retry, keepdim, dtype=dtype)
    body = sys._getframe(1)
    raise arguments.dtype_error(
        failure, dtype, (input, dim, keepdim), body=body
    ) or arguments.not_a_tensor(
        function.__name__, input, failure, dim, keepdim, body=body
    ) from None


def sum_to(grad: Tensor, shape: tuple[int, ...]) -> Tensor:
    """Reduce a broadcast gradient back to ``shape`` (torch's at::sum_to).

    Sums the leading dims and the dims where ``shape`` has size 1, with keepdim, then views
    to ``shape`` when leading dims were dropped.
    """
    grad_shape = grad._data.shape
    if grad_shape == tuple(shape):
        return grad
    if len(shape) == 0:
        return sum(grad)  # torch: a full sum (SumBackward0) for a 0-d target
    leading = len(grad_shape) - len(shape)
    dims = list(range(leading))
    dims += [
        leading + i for i, size in enumerate(shape) if size == 1 and grad_shape[leading + i] != 1
    ]
    reduced = sum(grad, dims, keepdim=True) if dims else grad
    return view(reduced, tuple(shape)) if leading > 0 else reduced


# --- mean --------------------------------------------------------------------------------
_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)
_EXACT_IN_FLOAT32 = 1 << 24  # every int up to this one is a float32 number
#: The mean of no element: torch's 0 / 0, x86's default nan, whose sign bit is set
EMPTY_MEAN = -np.float64("nan")


class MeanBackward0(Node):
    __slots__ = ("self_sizes", "numel")

    def backward(self, grad: Tensor) -> tuple:
        if not grad_mode.enabled and grad._data.ndim == 0:
            # fast path (nothing recorded): fill with grad / numel, the same float math
            return (Tensor._make(self.backward_data(grad._data)[0], grad.dtype),)
        # torch's formula divides by a Scalar: DivBackward1 under create_graph
        return (div_scalar(expand(grad, self.self_sizes), self.numel),)

    def backward_data(self, grad: np.ndarray) -> Any:
        if grad.ndim != 0:
            return NotImplemented
        grad_dtype = grad.dtype
        filled = np.empty(self.self_sizes, grad_dtype)  # the fast path of backward, above
        numel = self.numel
        if (grad_dtype is _FLOAT32 or grad_dtype is _FLOAT64) and 0 < numel <= _EXACT_IN_FLOAT32:
            # The quotient in Python's double, which fill rounds to float32, is float32's
            # own correctly rounded quotient: rounding twice is harmless for a division
            # when the wider format has at least 2p + 2 bits (53 >= 2 * 24 + 2).  Both
            # numbers are exact in float32; in float64 this is the float64 quotient.
            filled.fill(float(grad) / numel)
        elif grad_dtype == np.float16:  # torch's div_(numel) in float32 (core.half_opmath)
            with np.errstate(all="ignore"):
                filled.fill(np.float32(grad) / np.float32(numel))
        else:
            filled.fill(np.true_divide(grad, numel))  # what backward computes
        return (filled,)


class MeanBackward1(Node):
    __slots__ = ("self_sizes", "dim", "keepdim", "count")

    def backward(self, grad: Tensor) -> tuple:
        restored = _restore_reduced(grad, self.dim, self.keepdim)
        return (div_scalar(expand(restored, self.self_sizes), self.count),)


def mean(
    input: Tensor,
    dim: Any = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
    *,
    dtype: dtype | None = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(
            mean, input, dim, keepdim, surplus, axis, keepdims, dtype=dtype
        )
    try:
        result = dtypes.given(dtype, "mean") if dtype is not None else input.dtype
        if result.category != FLOATING:
            which = "Input" if dtype is None else "Optional"  # (torch's words for each)
            raise errors.error("mean_dtype", which=which, dtype=result.scalar_name)
        data = input._data
        if data.dtype is not result.accumulate_np_dtype:  # (float16: in float32, as torch)
            data = data.astype(result.accumulate_np_dtype, copy=False)
        if keepdim is not False:  # (x.mean() and x.mean(0): one ``is`` test for the checks)
            if keepdim is not True:  # torch's parser takes a bool only (not 0, None, 1, np.True_)
                raise TypeError("keepdim")
            if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
                if dim is None and arguments.left_out("dim", "keepdim"):
                    # x.mean(keepdim=True), without a dim: torch refuses it
                    raise TypeError("dim")
                dim = tuple(range(data.ndim))  # mean(None, True): the dim overload, every dim
        if dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0):
            # (up to four elements numpy adds in torch's order: no call on the hot path; both
            # quiet: torch's sum of inf and -inf is silently nan)
            if data.size <= 4:
                try:
                    total = run_quietly(np.add.reduce, data, None)
                except RuntimeError as error:
                    total = retry_quietly(error, np.add.reduce, data, None)
            else:
                total = quiet_call(torch_full_sum, data)
            # (quietly: a float16 mean of float32 values past 65504 is inf, silently in torch)
            out = as_array_quietly(total / data.size if data.size else EMPTY_MEAN, result)
            if not (grad_mode.enabled and input._requires_grad):  # _recording(input), inlined
                return Tensor._make(out, result)
            node = new_node(MeanBackward0, (input._edge(),), ((out.shape, result),))
            node.self_sizes, node.numel = data.shape, data.size
            return Tensor._make(out, result, node)
        dims = _normalize_dims(dim, data.ndim)
        count = math.prod(data.shape[d] for d in dims) if data.ndim else 1
        # sum / count rather than np.mean, which warns "Mean of empty slice" where torch is silent
        with np.errstate(all="ignore"):  # empty reduced dims give nan
            if data.size > 4 and _one_output(data.shape, dims):  # torch's order: see sum
                total = _full_sum_over(data, dims, keepdim)
            else:
                total = np.add.reduce(data, axis=_np_axis(dims, data.ndim), keepdims=keepdim)
            out = as_array(np.true_divide(total, count, dtype=data.dtype), result)
        if out.ndim > 1 and not out.flags.c_contiguous:  # torch allocates it C-contiguous
            out = np.ascontiguousarray(out)
        if not _recording(input):
            return Tensor._make(out, result)
        node = MeanBackward1((input._edge(),), ((out.shape, result),))
        node.self_sizes, node.dim, node.keepdim = data.shape, dims, keepdim
        node.count = count
        return Tensor._make(out, result, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        return _sum_or_mean_failure(mean, failure, input, dim, keepdim, dtype)


# --- nanmean ------------------------------------------------------------------------------
class NansumBackward0(Node):
    """out = self.nansum(dim, keepdim): the nan elements get no gradient.  Saves self."""

    __slots__ = ("dims", "keepdim")

    def backward(self, grad: Tensor) -> tuple:
        # torch's nansum_backward: unsqueeze_multiple(grad).expand_as(self) * ~self.isnan()
        (self_,) = self.saved_tensors
        restored = expand(_restore_reduced(grad, self.dims, self.keepdim), self_._data.shape)
        return (restored * Tensor._make(~np.isnan(self_._data), bool_),)


def nanmean(
    input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: dtype | None = None
) -> Tensor:
    """``torch.nanmean``: the mean of the elements that are not nan, as torch computes it,
    ``nansum(input, dim, keepdim) / count`` (DivBackward0 over NansumBackward0); nan where
    every element is nan or none is left."""
    try:
        if input.dtype.category != FLOATING:
            raise errors.error("nanmean_input_dtype", dtype=input.dtype.scalar_name)
        result = dtypes.given(dtype, "nanmean") if dtype is not None else input.dtype
        if result.category != FLOATING:
            raise errors.error("nanmean_dtype", dtype=result.scalar_name)
        if keepdim is not True and keepdim is not False:  # torch's parser takes a bool only
            raise TypeError("keepdim")
        data = input._data
        every_dim = dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0)
        dims = tuple(range(data.ndim)) if every_dim else _normalize_dims(dim, data.ndim)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("nanmean", input, failure, dim, keepdim) from None
    data = quiet_call(data.astype, result.np_dtype, copy=False)
    missing = np.isnan(data)
    # the sum in torch's order (sum's own), of the input with its nans made zeros
    zeroed = Tensor._make(np.where(missing, np.zeros((), data.dtype), data), result)
    total = sum(zeroed, dims, keepdim) if dims else zeroed
    node = None
    if _recording(input):
        node = NansumBackward0((input._edge(),), ((total._data.shape, result),))
        node.dims, node.keepdim = dims, keepdim
        node.save(input)
    nansum = Tensor._make(total._data, result, node)
    axis = _np_axis(dims, data.ndim)
    count = as_array(np.count_nonzero(~missing, axis=axis, keepdims=keepdim), int64)
    return nansum / Tensor._make(_reduction_layout(count), int64)


# --- max / min ------------------------------------------------------------------------------
_RETURN_TYPES: dict[str, type] = {}


def _return_type(name: str) -> type:
    """The torch.return_types.<name> named tuple with torch's repr, made on first use (a
    NamedTuple class costs about 0.3 ms of import time)."""
    cached = _RETURN_TYPES.get(name)
    if cached is not None:
        return cached

    class ReturnType(NamedTuple):
        values: Tensor
        indices: Tensor

        def __repr__(self) -> str:
            return f"torch.return_types.{name}(\nvalues={self.values!r},\nindices={self.indices!r})"

    ReturnType.__name__ = ReturnType.__qualname__ = name
    ReturnType.__module__ = "torch.return_types"
    _RETURN_TYPES[name] = ReturnType
    return ReturnType


class _EvenlyDistribute(Node):
    """out = self.max() / self.min(): ties share the gradient evenly.  Saves self, result."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        # torch's evenly_distribute_backward on the CPU: zeros.masked_fill_(mask, grad /
        # mask.sum()), so a create_graph gradient is MaskedFillBackward1 over DivBackward0
        self_, result = self.saved_tensors
        mask_data = (self_._data == result._data) | (np.isnan(self_._data) & np.isnan(result._data))
        mask = Tensor._make(mask_data, bool_)
        count = Tensor._make(np.array(mask_data.sum(), dtype=np.int64), int64)
        zeros = Tensor._make(np.zeros(self_._data.shape, self_._data.dtype), self_.dtype)
        return (masked_fill(zeros, mask, grad / count),)


class MaxBackward1(_EvenlyDistribute):
    __slots__ = ()


class MinBackward1(_EvenlyDistribute):
    __slots__ = ()


class _ValueSelecting(Node):
    """out = self.max(dim) / self.min(dim): the gradient goes to the returned index.

    torch's formula: ``zeros(sizes).scatter(dim, indices, grad)`` (with ``grad`` and
    ``indices`` unsqueezed when not keepdim), recorded as ScatterBackward0.
    """

    __slots__ = ("dim", "keepdim", "self_sizes")

    def backward(self, grad: Tensor) -> tuple:
        (indices,) = self.saved_tensors
        if len(self.self_sizes) == 0:  # max(dim) of a 0-d tensor is the identity
            return (grad,)
        if not self.keepdim:
            grad = unsqueeze_dims(grad, (self.dim,))
            indices = Tensor._make(np.expand_dims(indices._data, self.dim), indices.dtype)
        return (scatter_into_zeros(grad, self.dim, indices, self.self_sizes),)


class ScatterBackward0(Node):
    """out = zeros(sizes).scatter(dim, index, src): src's gradient is grad.gather(dim, index)."""

    __slots__ = ("dim", "index")

    def backward(self, grad: Tensor) -> tuple:
        from .shape_helpers import gather

        return None, gather(grad, self.dim, self.index)


def scatter_into_zeros(src: Tensor, dim: int, index: Tensor, sizes: tuple[int, ...]) -> Tensor:
    """``zeros(sizes).scatter(dim, index, src)`` as a recorded op (used by max/min(dim))."""
    out = np.zeros(sizes, dtype=src.dtype.np_dtype)
    np.put_along_axis(out, index._data, src._data, axis=dim)
    if not _recording(src):
        return Tensor._make(out, src.dtype)
    node = ScatterBackward0(((None, 0), src._edge()), ((out.shape, src.dtype),))
    node.dim, node.index = dim, index
    return Tensor._make(out, src.dtype, node)


class MaxBackward0(_ValueSelecting):
    __slots__ = ()


class MinBackward0(_ValueSelecting):
    __slots__ = ()


class SortBackward0(_ValueSelecting):
    __slots__ = ()


# --- sort / argsort ------------------------------------------------------------------------
# torch's CPU sort is libstdc++'s std::sort (stable=False) or std::stable_sort over (value,
# index) pairs.  std::sort is an introsort: median-of-three quicksort down to runs of 16,
# heapsort past 2 * log2(n) levels, then insertion sort; it does not keep ties in order, so
# rows with ties and more than 16 elements are sorted by the same steps, below.  Every other
# row has one answer, numpy's stable sort.
_INSERTION_THRESHOLD = 16  # libstdc++'s _S_threshold
#: torch sorts an integer vector this long ascending with fbgemm's radix sort (GRAIN_SIZE)
_RADIX_SORT_SIZE = 32768


def _std_sort(items: list[int], first: int, last: int, less: Callable[[int, int], bool]) -> None:
    """Sort ``items[first:last]`` in place as libstdc++'s ``std::sort`` does."""
    if last - first > 1:
        _introsort_loop(items, first, last, 2 * ((last - first).bit_length() - 1), less)
        _final_insertion_sort(items, first, last, less)


def _introsort_loop(items: list[int], first: int, last: int, depth: int, less: Callable) -> None:
    while last - first > _INSERTION_THRESHOLD:
        if depth == 0:
            _heap_select(items, first, last, last, less)  # (libstdc++'s __partial_sort)
            _sort_heap(items, first, last, less)
            return
        depth -= 1
        cut = _partition_pivot(items, first, last, less)
        _introsort_loop(items, cut, last, depth, less)
        last = cut


def _nth_element(items: list[int], first: int, nth: int, last: int, less: Callable) -> None:
    """libstdc++'s ``std::nth_element`` (introselect)."""
    if first == last or nth == last:
        return
    depth = 2 * ((last - first).bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            _heap_select(items, first, nth + 1, last, less)
            items[first], items[nth] = items[nth], items[first]
            return
        depth -= 1
        cut = _partition_pivot(items, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(items, first, last, less)


def _partition_pivot(items: list[int], first: int, last: int, less: Callable) -> int:
    middle = first + (last - first) // 2
    _move_median_to_first(items, first, first + 1, middle, last - 1, less)
    return _unguarded_partition(items, first + 1, last, first, less)


def _move_median_to_first(
    items: list[int], result: int, a: int, b: int, c: int, less: Callable
) -> None:
    if less(items[a], items[b]):
        if less(items[b], items[c]):
            median = b
        elif less(items[a], items[c]):
            median = c
        else:
            median = a
    elif less(items[a], items[c]):
        median = a
    elif less(items[b], items[c]):
        median = c
    else:
        median = b
    items[result], items[median] = items[median], items[result]


def _unguarded_partition(
    items: list[int], first: int, last: int, pivot: int, less: Callable
) -> int:
    while True:
        while less(items[first], items[pivot]):
            first += 1
        last -= 1
        while less(items[pivot], items[last]):
            last -= 1
        if not first < last:
            return first
        items[first], items[last] = items[last], items[first]
        first += 1


def _heap_select(items: list[int], first: int, middle: int, last: int, less: Callable) -> None:
    """libstdc++'s ``__heap_select``: the heap of [first, middle) keeps the smallest."""
    length = middle - first
    for parent in range((length - 2) // 2, -1, -1):  # make_heap
        _adjust_heap(items, first, parent, length, items[first + parent], less)
    for position in range(middle, last):
        if less(items[position], items[first]):
            _pop_heap(items, first, middle, position, less)


def _sort_heap(items: list[int], first: int, last: int, less: Callable) -> None:
    while last - first > 1:
        last -= 1
        _pop_heap(items, first, last, last, less)


def _pop_heap(items: list[int], first: int, last: int, result: int, less: Callable) -> None:
    value = items[result]
    items[result] = items[first]
    _adjust_heap(items, first, 0, last - first, value, less)


def _adjust_heap(
    items: list[int], first: int, hole: int, length: int, value: int, less: Callable
) -> None:
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(items[first + child], items[first + child - 1]):
            child -= 1
        items[first + hole] = items[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        items[first + hole] = items[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(items[first + parent], value):
        items[first + hole] = items[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    items[first + hole] = value


def _final_insertion_sort(items: list[int], first: int, last: int, less: Callable) -> None:
    if last - first > _INSERTION_THRESHOLD:
        _insertion_sort(items, first, first + _INSERTION_THRESHOLD, less)
        for position in range(first + _INSERTION_THRESHOLD, last):
            _unguarded_linear_insert(items, position, less)
    else:
        _insertion_sort(items, first, last, less)


def _insertion_sort(items: list[int], first: int, last: int, less: Callable) -> None:
    for position in range(first + 1, last):
        value = items[position]
        if less(value, items[first]):
            items[first + 1 : position + 1] = items[first:position]
            items[first] = value
        else:
            _unguarded_linear_insert(items, position, less)


def _unguarded_linear_insert(items: list[int], last: int, less: Callable) -> None:
    value = items[last]
    before = last - 1
    while less(value, items[before]):
        items[last] = items[before]
        last = before
        before -= 1
    items[last] = value


def _stable_order(rows: np.ndarray, descending: bool) -> np.ndarray:
    """Each row's std::stable_sort order under torch's comparator: a nan is the largest,
    ties (nan and nan, -0.0 and 0.0 too) keep their order."""
    if not descending:
        return np.argsort(rows, axis=-1, kind="stable")
    if rows.dtype.kind == "f":
        # (nan first, then the largest first: two keys, the last one the primary)
        return np.lexsort((-rows, ~np.isnan(rows)), axis=-1)
    return np.argsort(~rows.astype(np.int64), axis=-1, kind="stable")  # (~x: no overflow)


def _torch_less(keys: list, descending: bool) -> Callable[[int, int], bool]:
    """torch's KeyValueCompAsc / KeyValueCompDesc on positions of ``keys``: a nan is the
    largest (``key != key`` is nan)."""
    if descending:
        return lambda i, j: (keys[i] != keys[i] and keys[j] == keys[j]) or keys[i] > keys[j]
    return lambda i, j: (keys[i] == keys[i] and keys[j] != keys[j]) or keys[i] < keys[j]


def _sort_order(data: np.ndarray, dim: int, descending: bool, stable: bool) -> np.ndarray:
    """The int64 indices torch's CPU sort gives along ``dim``."""
    if data.ndim == 0:
        return np.zeros((), np.int64)
    if data.ndim == 1 and data.size >= _RADIX_SORT_SIZE and data.dtype.kind in "iu":
        stable = stable or not descending  # (fbgemm's radix sort is stable)
    rows = np.moveaxis(data, dim, -1)
    flat = rows.reshape(math.prod(rows.shape[:-1]), rows.shape[-1])  # (also when empty)
    order = _stable_order(flat, descending)
    if not stable and flat.shape[1] > _INSERTION_THRESHOLD:
        ordered = np.take_along_axis(flat, order, axis=-1)
        tied = (ordered[:, 1:] == ordered[:, :-1]) | (
            np.isnan(ordered[:, 1:]) & np.isnan(ordered[:, :-1])
            if ordered.dtype.kind == "f"
            else False
        )
        for row in np.flatnonzero(np.any(tied, axis=-1)):
            keys = flat[row].tolist()
            items = list(range(len(keys)))
            _std_sort(items, 0, len(items), _torch_less(keys, descending))
            order[row] = items
    return np.moveaxis(order.reshape(rows.shape), -1, dim).astype(np.int64, copy=False)


def _sort_arguments(input: Tensor, dim: Any, descending: Any, stable: Any) -> tuple[int, bool]:
    """sort's wrapped dim and stable flag, with torch's parser's refusals (TypeErrors)."""
    if descending is not True and descending is not False:  # torch's parser takes a bool only
        raise TypeError("descending")
    if stable is not None and stable is not True and stable is not False:
        raise TypeError("stable")
    return maybe_wrap_dim(dim, input._data.ndim), bool(stable)


def _values_at(
    input: Tensor, order: np.ndarray, axis: int, name: str, node_class: type[Node]
) -> Any:
    """torch.return_types.``name``(input's values at ``order`` along ``axis``, order), the
    values recorded as ``node_class`` (the gradient goes back to the indices)."""
    data = input._data
    values = np.take_along_axis(data, order, axis=axis) if data.ndim else data.copy()
    if name == "sort":  # torch's sort writes into tensors laid out like a dense input
        values, order = (
            copied_preserving_layout(data, values),
            copied_preserving_layout(data, order),
        )
    else:  # (topk's are C-contiguous)
        values, order = _reduction_layout(values), _reduction_layout(order)
    index_tensor = Tensor._make(order, int64)
    node = None
    if _recording(input):
        node = node_class((input._edge(),), ((values.shape, input.dtype),))
        node.dim, node.keepdim, node.self_sizes = axis, True, data.shape
        node.save(index_tensor)
    return _return_type(name)(Tensor._make(values, input.dtype, node), index_tensor)


def sort(
    input: Tensor, dim: int = -1, descending: bool = False, *, stable: bool | None = None
) -> Any:
    """``torch.sort``: (values, indices) along ``dim``, as torch's CPU sort orders them, ties
    included (see :func:`_sort_order`); SortBackward0 sends each gradient back to its index."""
    try:
        axis, stable = _sort_arguments(input, dim, descending, stable)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sort", input, failure, dim, descending) from None
    return _values_at(
        input, _sort_order(input._data, axis, descending, stable), axis, "sort", SortBackward0
    )


def argsort(
    input: Tensor, dim: int = -1, descending: bool = False, *, stable: bool | None = None
) -> Tensor:
    """``torch.argsort``: sort's indices."""
    try:
        axis, stable = _sort_arguments(input, dim, descending, stable)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("argsort", input, failure, dim, descending) from None
    order = _sort_order(input._data, axis, descending, stable)
    return Tensor._make(copied_preserving_layout(input._data, order), int64)  # (sort's indices)


class TopkBackward0(_ValueSelecting):
    __slots__ = ()


def _topk_order(data: np.ndarray, k: int, dim: int, largest: bool, ordered: bool) -> np.ndarray:
    """The int64 indices torch's CPU topk gives along ``dim``: per row, libstdc++'s
    partial_sort of the first k when ``k * 64 <= size``, else nth_element at k - 1 and
    (``ordered``) a std::sort of the first k - 1, torch's comparator throughout."""
    rows = np.moveaxis(data.reshape(data.shape or (1,)), dim, -1)
    flat = rows.reshape(math.prod(rows.shape[:-1]), rows.shape[-1])  # (also when empty)
    size = flat.shape[1]
    order = np.empty((flat.shape[0], k), np.int64)
    for row, values in enumerate(flat.tolist()):
        items, less = list(range(size)), _torch_less(values, largest)
        if k == 0:
            break
        if k * 64 <= size:
            _heap_select(items, 0, k, size, less)  # (std::partial_sort)
            _sort_heap(items, 0, k, less)
        else:
            _nth_element(items, 0, k - 1, size, less)
            if ordered:
                _std_sort(items, 0, k - 1, less)
        order[row] = items[:k]
    order = np.moveaxis(order.reshape(rows.shape[:-1] + (k,)), -1, dim)
    return order.reshape(()) if not data.ndim and k else order


def topk(
    input: Tensor,
    k: int = errors.REQUIRED,
    dim: int = -1,
    largest: bool = True,
    sorted: bool = True,  # noqa: A002 - torch's name
) -> Any:
    """``torch.topk``: the k largest (smallest) elements along ``dim`` and their indices, in
    torch's order, ties included (see :func:`_topk_order`); TopkBackward0."""
    try:
        if k is errors.REQUIRED:
            raise errors.error("argument_missing", name="topk", argument="k")
        count = operator.index(k)  # (a float is the parser's TypeError)
        for flag in (largest, sorted):
            if flag is not True and flag is not False:  # torch's parser takes a bool only
                raise TypeError("topk")
        data = input._data
        axis = maybe_wrap_dim(dim, data.ndim)
        size = data.shape[axis] if data.ndim else 1
        if not 0 <= count <= size:
            raise errors.error("topk_k")
        if input.dtype is bool_:
            raise errors.error("topk_bool")
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("topk", input, failure, k, dim, largest, sorted) from None
    return _values_at(
        input, _topk_order(input._data, count, axis, largest, sorted), axis, "topk", TopkBackward0
    )


def _check_not_empty(input: Tensor, name: str) -> None:
    if input._data.size == 0:
        raise errors.error("max_empty", op=name)


def _extreme(
    input: Tensor,
    dim: Any,
    keepdim: bool,
    *,
    name: str,
    reduce: Any,
    arg_reduce: Any,
    full_node: type[Node],
    dim_node: type[Node],
) -> Any:
    if isinstance(dim, Tensor):
        from .pointwise import maximum, minimum

        return maximum(input, dim) if name == "max" else minimum(input, dim)
    data = input._data
    if dim is None:
        if keepdim is not False:  # x.max(keepdim=True), x.max(None, True): refused by torch
            raise TypeError("keepdim")
        _check_not_empty(input, name)
        out = as_array(reduce(data), input.dtype)
        if not _recording(input):
            return Tensor._make(out, input.dtype)
        node = full_node((input._edge(),), ((out.shape, input.dtype),))
        result = Tensor._make(out, input.dtype, node)
        node.save(input, outputs=(result,))
        return result
    axis = maybe_wrap_dim(dim, data.ndim)
    if keepdim is not False and keepdim is not True:  # torch's parser takes a bool only
        raise TypeError("keepdim")
    if data.ndim == 0:
        values = data.copy()
        indices = np.zeros((), dtype=np.int64)
    else:
        if data.shape[axis] == 0:
            raise errors.error("reduction_dim_empty", op=name, dim=axis)
        indices = arg_reduce(data, axis=axis, keepdims=keepdim).astype(np.int64)
        if keepdim is True:
            values = np.take_along_axis(data, indices, axis=axis)
        else:
            values = np.take_along_axis(data, np.expand_dims(indices, axis), axis=axis)
            values = np.squeeze(values, axis)
    values = as_array(values, input.dtype)
    index_tensor = Tensor._make(as_array(indices, int64), int64)
    return_type = _return_type(name)
    if not _recording(input):
        return return_type(Tensor._make(values, input.dtype), index_tensor)
    node = dim_node((input._edge(),), ((values.shape, input.dtype),))
    node.dim, node.keepdim, node.self_sizes = axis, keepdim, data.shape
    node.save(index_tensor)
    return return_type(Tensor._make(values, input.dtype, node), index_tensor)


def _nan_argmax(data: np.ndarray, axis: int, keepdims: bool) -> np.ndarray:
    # torch propagates NaN: a NaN is the maximum (and the minimum), the first one is chosen
    # in each slice, as numpy's argmax/argmin do (a mask over the whole tensor sent every
    # slice to its first NaN, or to index 0 when it had none).
    return np.argmax(data, axis=axis, keepdims=keepdims)


def _nan_argmin(data: np.ndarray, axis: int, keepdims: bool) -> np.ndarray:
    return np.argmin(data, axis=axis, keepdims=keepdims)


def max(  # noqa: A001 - torch's name
    input: Tensor,
    dim: Any = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Any:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(max, input, dim, keepdim, surplus, axis, keepdims)
    try:
        return _extreme(
            input,
            dim,
            keepdim,
            name="max",
            reduce=np.max,
            arg_reduce=_nan_argmax,
            full_node=MaxBackward1,
            dim_node=MaxBackward0,
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("max", input, failure, dim, keepdim) from None


def min(  # noqa: A001 - torch's name
    input: Tensor,
    dim: Any = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Any:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(min, input, dim, keepdim, surplus, axis, keepdims)
    try:
        return _extreme(
            input,
            dim,
            keepdim,
            name="min",
            reduce=np.min,
            arg_reduce=_nan_argmin,
            full_node=MinBackward1,
            dim_node=MinBackward0,
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("min", input, failure, dim, keepdim) from None


def argmax(
    input: Tensor,
    dim: int | None = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(argmax, input, dim, keepdim, surplus, axis, keepdims)
    return _arg_extreme("argmax", _nan_argmax, input, dim, keepdim)


def argmin(
    input: Tensor,
    dim: int | None = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(argmin, input, dim, keepdim, surplus, axis, keepdims)
    return _arg_extreme("argmin", _nan_argmin, input, dim, keepdim)


def _arg_extreme(
    op: str, arg_reduce: Callable[..., np.ndarray], input: Tensor, dim: int | None, keepdim: bool
) -> Tensor:
    """argmax/argmin (``op``) with ``arg_reduce`` (torch's NaN-first choice)."""
    try:
        data = input._data
        if input.dtype is bool_:
            raise errors.error("arg_reduction_bool", op=op)
        if dim is None:
            if data.size == 0:
                raise errors.error("argmax_empty", op=op)
            out = np.asarray(arg_reduce(data.reshape(-1), 0, False), dtype=np.int64)
            if keepdim is not False:
                if keepdim is not True:  # torch's parser takes a bool only
                    raise TypeError("keepdim")
                out = out.reshape((1,) * data.ndim)
            return Tensor._make(out, int64)
        axis = maybe_wrap_dim(dim, data.ndim)
        if keepdim is not False and keepdim is not True:  # torch's parser takes a bool only
            raise TypeError("keepdim")
        if data.ndim == 0:
            return Tensor._make(np.zeros((), np.int64), int64)
        if data.shape[axis] == 0:
            raise errors.error("reduction_dim_empty", op=op, dim=axis)
        return Tensor._make(as_array(arg_reduce(data, axis, keepdim), int64), int64)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        body = sys._getframe(1)  # (argmax's or argmin's: its caller's keywords)
        raise arguments.not_a_tensor(op, input, failure, dim, keepdim, body=body) from None


class _AmaxBackward(Node):
    """Ties share the gradient evenly within each reduced slice.  Saves self and result."""

    __slots__ = ("dim", "keepdim")

    def backward(self, grad: Tensor) -> tuple:
        self_, result = self.saved_tensors
        dims = self.dim
        restored_result = result._data if self.keepdim else np.expand_dims(result._data, dims)
        mask_data = self_._data == restored_result
        count = mask_data.sum(axis=dims, keepdims=True)
        restored = _restore_reduced(grad, dims, self.keepdim)
        scaled = restored / Tensor._make(count.astype(grad.dtype.np_dtype), grad.dtype)
        # torch's scale_grad_by_count: (grad / count) * mask, so -1 * False is -0.
        return (scaled * Tensor._make(mask_data, bool_),)


class AmaxBackward0(_AmaxBackward):
    __slots__ = ()


class AminBackward0(_AmaxBackward):
    __slots__ = ()


def _amax_like(
    input: Tensor, dim: Any, keepdim: bool, reduce: Any, node_class: type[Node]
) -> Tensor:
    data = input._data
    name = "amax" if node_class is AmaxBackward0 else "amin"
    if keepdim.__class__ is not builtins.bool:  # (torch's parser takes a bool only)
        raise TypeError(name)
    if dim is None or dim == ():
        if data.size == 0:
            raise errors.error("max_empty", op=name)
        dims = tuple(range(data.ndim))
    else:
        dims = _normalize_dims(dim, data.ndim)
        requested = (dim,) if isinstance(dim, builtins.int) else tuple(dim)
        for d, original in zip(dims, requested, strict=False):
            if data.shape[d] == 0:
                raise errors.error("reduction_dim_empty", op=name, dim=original)
    out = as_array(reduce(data, axis=_np_axis(dims, data.ndim), keepdims=keepdim), input.dtype)
    out = _reduction_layout(out)
    if not _recording(input):
        return Tensor._make(out, input.dtype)
    node = node_class((input._edge(),), ((out.shape, input.dtype),))
    node.dim, node.keepdim = (dims if data.ndim else ()), keepdim
    result = Tensor._make(out, input.dtype, node)
    node.save(input, outputs=(result,))
    return result


def amax(
    input: Tensor,
    dim: Any = (),
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(amax, input, dim, keepdim, surplus, axis, keepdims)
    try:
        return _amax_like(input, dim, keepdim, np.max, AmaxBackward0)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
        if retry is not None:  # torch's parser takes it as an int
            return amax(input, retry, keepdim)
        raise arguments.not_a_tensor("amax", input, failure, dim, keepdim) from None


def amin(
    input: Tensor,
    dim: Any = (),
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(amin, input, dim, keepdim, surplus, axis, keepdims)
    try:
        return _amax_like(input, dim, keepdim, np.min, AminBackward0)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
        if retry is not None:  # torch's parser takes it as an int
            return amin(input, retry, keepdim)
        raise arguments.not_a_tensor("amin", input, failure, dim, keepdim) from None


# --- norm --------------------------------------------------------------------------------
class LinalgVectorNormBackward0(Node):
    """Saves self and the result."""

    __slots__ = ("ord", "dim", "keepdim")

    def backward(self, grad: Tensor) -> tuple:
        self_, result = self.saved_tensors
        p = self.ord
        dims = self.dim
        if dims is not None and not self.keepdim:
            grad = unsqueeze_dims(grad, dims)
            result = unsqueeze_dims(result, dims)
        if p == 0:
            return (self_ * 0.0,)
        if p == 1:
            return (sgn(self_) * grad,)
        if p == 2:
            # torch: grad * (self / norm).masked_fill_(norm == 0, 0)
            return (grad * masked_fill(self_ / result, result == 0, 0),)
        if math.isinf(p):
            mask_data = np.abs(self_._data) == result._data
            count = mask_data.sum(axis=dims, keepdims=True) if dims is not None else mask_data.sum()
            weights = Tensor._make((mask_data / count).astype(grad.dtype.np_dtype), grad.dtype)
            return (sgn(self_) * (weights * grad),)
        scale = masked_fill(grad / pow_(result, p - 1), result == 0, 0)
        return (self_ * pow_(abs_(self_), p - 2) * scale,)


def _two_norm_in_torch_order(
    data: np.ndarray, dims: tuple[int, ...] | None, keepdim: bool
) -> np.ndarray | None:
    """The 2-norm as torch's vectorised kernel computes it, when torch takes that kernel: a
    float32/float64 reduction over one contiguous innermost run (the whole of a dense
    tensor, or the trailing dims of a C-contiguous one).  None otherwise (torch's generic
    reduction order is not reproduced: numpy's is used)."""
    if data.dtype != np.float32 and data.dtype != np.float64 or data.size == 0:
        return None
    reduced_dims = tuple(range(data.ndim)) if dims is None else dims
    if _one_output(data.shape, reduced_dims):
        values = data.ravel(order="K")  # memory order (torch's iterator sorts by stride)
        if not _one_contiguous_run(data):
            # torch's generic reduction: ``acc + x * x`` (rounded twice) element by element;
            # beyond GRAIN_SIZE it splits across threads
            if values.size > TORCH_ORDER_LIMIT:
                return None
            total = np.add.accumulate(values * values)[-1]
            return np.reshape(np.sqrt(total), _reduced_shape(data.shape, reduced_dims, keepdim))
        rows = values.reshape(1, -1)
    elif _innermost_run(data, reduced_dims):
        rows = data.reshape(-1, math.prod(data.shape[d] for d in reduced_dims))
    elif len(reduced_dims) == 1 and data.shape[reduced_dims[0]] <= TORCH_ORDER_LIMIT:
        # torch's generic reduction: each output adds ``x * x`` (rounded) in order
        totals = np.add.accumulate(data * data, axis=reduced_dims[0])
        last = np.take(totals, [-1], axis=reduced_dims[0])
        return np.sqrt(last).reshape(_reduced_shape(data.shape, reduced_dims, keepdim))
    else:
        return None
    shape = _reduced_shape(data.shape, reduced_dims, keepdim)
    return np.sqrt(_sum_of_squares_rows(rows)).reshape(shape)


def _innermost_run(data: np.ndarray, dims: tuple[int, ...]) -> bool:
    """Whether ``dims`` are the trailing dims and each output's elements are one contiguous
    run (torch's ``is_reduce_lastdim``: its vectorised norm kernel), size-1 dims aside (torch's
    iterator drops them)."""
    size_one = tuple(d for d, size in enumerate(data.shape) if size == 1)
    if size_one:
        dims = tuple(d - builtins.sum(s < d for s in size_one) for d in dims if d not in size_one)
        data = np.squeeze(data, axis=size_one)
    if sorted(dims) != list(range(data.ndim - len(dims), data.ndim)):
        return False
    run = data.itemsize  # the stride each trailing dim needs to continue the run
    for size, stride in zip(data.shape[::-1][: len(dims)], data.strides[::-1], strict=False):
        if size != 1 and stride != run:
            return False
        run *= size
    return True


def _one_contiguous_run(data: np.ndarray) -> bool:
    """Whether the elements fill one stretch of memory without gaps (in some dim order)."""
    if data.ndim == 1:
        return data.strides[0] == data.itemsize
    return is_dense(data)


def _reduced_shape(shape: tuple[int, ...], dims: tuple[int, ...], keepdim: bool) -> tuple[int, ...]:
    return tuple(
        1 if d in dims else size for d, size in enumerate(shape) if keepdim or d not in dims
    )


def _sum_of_squares_rows(rows: np.ndarray) -> np.ndarray:
    """Each row's sum of squares in the order of torch's CPU norm kernel (``norm_two_reduce_step``
    and its scalar tail), every step in the dtype:

    * the body, in vectors of 32 bytes (8 float32 / 4 float64 lanes): each lane adds its
      squares (rounded, then added: not fused) in order; then the lanes are added in order;
    * the tail: for float32 with four or more elements left, the next four squares are
      rounded and added one by one (the compiler's 4-wide epilogue); every remaining element
      is a fused multiply-add ``total + x * x``.

    Measured against torch 2.13 for every size to 200, 4096 to 100,001 and rows of a matrix.
    """
    from .fused import fused_multiply_add  # (imported on first use: the engine's import time)

    lanes = 32 // rows.itemsize
    row_count, size = rows.shape
    body = size - size % lanes
    squares = rows[:, :body] * rows[:, :body]
    if body:
        lane_sums = np.add.accumulate(squares.reshape(row_count, -1, lanes), axis=1)[:, -1]
        total = np.add.accumulate(lane_sums, axis=1)[:, -1]
    else:
        total = np.zeros(row_count, rows.dtype)
    rounded_tail = 4 if rows.dtype == np.float32 and size - body >= 4 else 0
    for column in range(body, body + rounded_tail):
        total = total + rows[:, column] * rows[:, column]
    for column in range(body + rounded_tail, size):
        total = fused_multiply_add(rows[:, column], rows[:, column], total)
    return total


def _norm_data(data: np.ndarray, p: float, dims: tuple[int, ...] | None, keepdim: bool) -> Any:
    axis = dims
    absolute = np.abs(data)
    reduced = data.size if dims is None else math.prod(data.shape[d] for d in dims)
    if reduced == 1 and p != 0:
        # torch's kernel returns |x| when each output reduces a single element: no squaring,
        # so a float32 1e-30 does not underflow to 0 (while [1e-30, 2e-30] does, as in torch).
        return np.sum(absolute, axis=axis, keepdims=keepdim)
    if p == 2:
        in_torch_order = _two_norm_in_torch_order(data, dims, keepdim)
        if in_torch_order is not None:
            return in_torch_order
        return np.sqrt(np.sum(absolute * absolute, axis=axis, keepdims=keepdim))
    if p == 1:
        return np.sum(absolute, axis=axis, keepdims=keepdim)
    if p == 0:
        return np.sum(absolute != 0, axis=axis, keepdims=keepdim).astype(absolute.dtype)
    if math.isinf(p):
        reducer = np.max if p > 0 else np.min
        return reducer(absolute, axis=axis, keepdims=keepdim)
    return np.power(np.sum(np.power(absolute, p), axis=axis, keepdims=keepdim), 1.0 / p)


def _flag_error(
    name: str, parameter: str, value: Any, position: int, expected: str = "bool"
) -> TypeError:
    """torch's TypeError for a bool parameter given something else, called by the body that
    takes it: named by position, unless the body's caller gave it by keyword (torch.norm,
    Python in torch, passes linalg_vector_norm's keepdim by position: position 4)."""
    body = sys._getframe(1)
    wrapper = body.f_back
    if wrapper is not None and wrapper.f_code is _QUIET_WRAPPER:  # (quiet_op: **kwargs)
        by_name = parameter in wrapper.f_locals.get("kwargs", {})
    else:
        shape = arguments.call_shape(body)
        by_name = shape is not None and parameter in shape[1]
    return errors.error(
        "argument_type",
        name=name,
        parameter=parameter,
        where="" if by_name else f" (position {position})",
        expected=expected,
        got=arguments.type_name(value),
    )


_QUIET_WRAPPER = quiet_op(_flag_error).__code__  # (every quiet_op wrapper has this code)


@quiet_op
def linalg_vector_norm(
    input: Tensor,
    ord: float = 2,  # noqa: A002
    dim: Any = None,
    keepdim: bool = False,
    *,
    dtype: dtype | None = None,
) -> Tensor:
    if keepdim is not False and keepdim is not True:  # torch's parser takes a bool only
        raise _flag_error("linalg_vector_norm", "keepdim", keepdim, 4)
    if input.dtype.category != FLOATING:
        raise errors.error("vector_norm_dtype", dtype=input.dtype.scalar_name)
    result_dtype = dtypes.given(dtype, "linalg_vector_norm") if dtype is not None else input.dtype
    data = input._data.astype(result_dtype.np_dtype, copy=False)
    try:
        dims = None if dim is None else _normalize_dims(dim, data.ndim)
    except TypeError:  # (free unless raised) a str, a float: torch's parser refuses it
        if isinstance(dim, (tuple, list)) and dim and arguments.is_index(dim[0]):
            arguments.unpack_ints("linalg_vector_norm", dim, parameter="dim")  # (torch's
            # "failed to unpack" for a float element)
        retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
        if retry is None:  # (torch's parser takes those as ints)
            raise _flag_error("linalg_vector_norm", "dim", dim, 3, "tuple of ints") from None
        dims = _normalize_dims(retry, data.ndim)
    if dims == ():  # torch: an empty list of dims is every dim
        dims = None
    if dims is None and keepdim:
        dims = tuple(range(data.ndim))
    p = builtins.float(ord)
    if data.dtype == np.float16:  # torch accumulates half in float32 and rounds once
        data = data.astype(np.float32)
    out = as_array(_norm_data(data, p, dims, keepdim), result_dtype)
    if not _recording(input):
        return Tensor._make(out, result_dtype)
    node = LinalgVectorNormBackward0((input._edge(),), ((out.shape, result_dtype),))
    node.ord, node.dim, node.keepdim = p, dims, keepdim
    result = Tensor._make(out, result_dtype, node)
    node.save(input, outputs=(result,))
    return result


def norm(
    input: Tensor, p: Any = "fro", dim: Any = None, keepdim: bool = False, dtype: Any = None
) -> Tensor:
    """Tensor.norm / torch.norm for vector norms (p a number, "fro" meaning 2)."""
    try:
        if p == "fro" or p is None:
            p = 2
        if isinstance(p, str):
            raise errors.error("norm_p_unsupported", p=repr(p))
        return linalg_vector_norm(input, p, dim, keepdim, dtype=dtype)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        if not isinstance(input, Tensor):  # torch.norm is Python: it reads input.layout first
            raise AttributeError(
                f"'{type(input).__name__}' object has no attribute 'layout'"
            ) from None
        if isinstance(dim, bool):  # torch.norm (Python) passes an int dim on as [dim]
            raise errors.error(
                "argument_element_type",
                name="linalg_vector_norm",
                parameter="dim",
                position=3,
                expected="tuple of ints",
                got="bool",
                index=0,
            ) from None
        raise arguments.not_a_tensor("norm", input, failure) from None


# --- softmax -----------------------------------------------------------------------------
class SoftmaxBackward0(Node):
    """Saves the result; its formula is the op ``_softmax_backward_data``."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (softmax_backward_data(grad, result, self.dim),)


class SoftmaxBackwardDataBackward0(Node):
    """out = output * (grad_output - (grad_output * output).sum(dim)).  Saves both."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        grad_output, output = self.saved_tensors
        dim = self.dim
        grad_grad_output = softmax_backward_data(grad, output, dim)
        grad_output_term = (
            grad_output * grad
            - sum(output * grad_output, dim, keepdim=True) * grad
            - grad_output * sum(output * grad, dim, keepdim=True)
        )
        return grad_grad_output, grad_output_term


@quiet_op
def softmax_backward_data(grad_output: Tensor, output: Tensor, dim: int) -> Tensor:
    """torch's ``_softmax_backward_data``: the gradient of softmax, as a recorded op."""
    g, y = grad_output._data, output._data
    out = as_array(y * (g - (g * y).sum(axis=dim, keepdims=True)), output.dtype)
    if not (grad_mode.enabled and (grad_output._requires_grad or output._requires_grad)):
        return Tensor._make(out, output.dtype)
    node = SoftmaxBackwardDataBackward0(
        (grad_output._edge(), output._edge()), ((out.shape, output.dtype),)
    )
    node.dim = dim
    node.save(grad_output, output)
    return Tensor._make(out, output.dtype, node)


class LogSoftmaxBackward0(Node):
    """Saves the result; its formula is the op ``_log_softmax_backward_data``."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (log_softmax_backward_data(grad, result, self.dim),)


class LogSoftmaxBackwardDataBackward0(Node):
    """out = grad_output - exp(output) * grad_output.sum(dim).  Saves both."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        from .pointwise import exp

        grad_output, output = self.saved_tensors
        dim = self.dim
        grad_grad_output = grad - sum(grad * exp(output), dim, keepdim=True)
        grad_output_term = -sum(grad_output, dim, keepdim=True) * exp(output) * grad
        return grad_grad_output, grad_output_term


_OWN_KERNEL_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def _log_softmax_grad_kernel(g: np.ndarray, y: np.ndarray, dim: int) -> np.ndarray:
    """torch's CPU kernel: ``grad - exp(y) * sum(grad)`` as one fused multiply-add per element
    (``x - exp(y) * sum`` contracted), with ``Vectorized::exp`` (SLEEF's expf for float32)
    and, along float32's last dim, ``vec::reduce_all``'s sum: torch's bits on float32 last
    dims (cross_entropy's gradient); elsewhere the sum's order may still differ."""
    from .fused import fused_multiply_add
    from .vector_kernels import reduce_all_sum, sleef_expf

    if y.dtype == np.float32:
        exps = sleef_expf(y)
        if dim in (-1, y.ndim - 1):
            rows = np.ascontiguousarray(g).reshape(-1, g.shape[-1])
            sums = reduce_all_sum(rows).reshape(g.shape[:-1] + (1,))
        else:
            sums = g.sum(axis=dim, keepdims=True)
    else:
        exps, sums = np.exp(y), g.sum(axis=dim, keepdims=True)
    return fused_multiply_add(-exps, np.broadcast_to(sums, g.shape).astype(g.dtype), g)


@quiet_op
def log_softmax_backward_data(grad_output: Tensor, output: Tensor, dim: int) -> Tensor:
    """torch's ``_log_softmax_backward_data``: the gradient of log_softmax, as a recorded op."""
    g, y = grad_output._data, output._data
    if y.dtype in _OWN_KERNEL_DTYPES and g.dtype == y.dtype and y.ndim and y.size:
        out = _log_softmax_grad_kernel(g, y, dim)
    else:
        out = as_array(g - np.exp(y) * g.sum(axis=dim, keepdims=True), output.dtype)
    if not (grad_mode.enabled and (grad_output._requires_grad or output._requires_grad)):
        return Tensor._make(out, output.dtype)
    node = LogSoftmaxBackwardDataBackward0(
        (grad_output._edge(), output._edge()), ((out.shape, output.dtype),)
    )
    node.dim = dim
    node.save(grad_output, output)
    return Tensor._make(out, output.dtype, node)


def _softmax_input(input: Tensor, dim: int, dtype_: dtype | None, name: str) -> tuple:
    try:
        d = dtypes.python_type(dtype_) if dtype_ is not None else input.dtype
        category = d.category
        axis = maybe_wrap_dim(dim, input._data.ndim)  # a 0-d tensor accepts only dim 0 / -1
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        body = sys._getframe(1)  # (softmax's: its caller's keywords)
        raise arguments.not_a_tensor(name, input, failure, dim, dtype_, body=body) from None
    if category != FLOATING:
        kernel = (
            "softmax_lastdim_kernel_impl"
            if name == "softmax"
            else "log_softmax_lastdim_kernel_impl"
        )
        raise errors.error("op_dtype_unsupported", op=kernel, dtype=d.scalar_name)
    data = input._data.astype(d.np_dtype, copy=False)
    if data.ndim == 0:
        axis = 0
    return data, d, axis


def _float32_softmax(data: np.ndarray, axis: int, *, log: bool, half: bool = False) -> np.ndarray:
    """torch's float32 softmax / log_softmax CPU kernels (SoftMaxKernel.cpp), bit for bit
    along the last dim, with numpy's warnings off (the caller is a ``quiet_op``):

    * the shifted input ``x - max``, its exponentials by SLEEF's ``expf_u10`` (what the
      kernels' ``Vectorized::exp`` is; not ``torch.exp``'s MKL);
    * along the last dim (``_vec_softmax_lastdim``): each row's sum in ``vec::reduce_all``'s
      order, softmax ``exp * (1 / sum)``;
    * along another dim (``_vec_softmax``, vectorised across the inner dims): the sum in
      order along the dim, softmax ``exp / sum``; the inner positions past the last whole
      vector of 16 take the scalar ``std::exp`` (correctly rounded, as the engine's exp).
      torch splits the inner dims across threads, which moves that boundary: the engine
      follows one thread;
    * log_softmax: ``(x - max) - log(sum)``, the log correctly rounded;
    * ``half``: float16 values (in ``data`` as float32) along another dim, torch's kernel for
      reduced floats: the same steps in float32 on vectors of 32 halves (the scalar tail is
      the positions past them), except that the tail's exps are stored to half before
      softmax divides them (their sum is not). The caller rounds the result to half.
    """
    from .vector_kernels import FLOAT32_LANES, HALF_LANES, reduce_all_sum, sleef_expf

    shape = data.shape
    size, inner = shape[axis], math.prod(shape[axis + 1 :])
    blocks = data.reshape(-1, size, inner)  # (outer, dim, inner)
    shifted = blocks - blocks.max(axis=1, keepdims=True)
    exps = sleef_expf(shifted)
    last_dim = axis == data.ndim - 1
    if last_dim:
        sums = reduce_all_sum(exps.reshape(-1, size)).reshape(-1, 1, 1)
    else:
        scalar_tail = inner % (HALF_LANES if half else FLOAT32_LANES)
        if scalar_tail:
            tail = slice(inner - scalar_tail, inner)
            exps[:, :, tail] = _rounded_from_float64(np.exp, shifted[:, :, tail])
        sums = np.add.accumulate(exps, axis=1)[:, -1:, :]
        if half and scalar_tail and not log:
            exps[:, :, tail] = exps[:, :, tail].astype(np.float16)  # (stored to half)
    if log:
        result = shifted - _rounded_from_float64(np.log, sums)
    elif last_dim:
        result = exps * (1 / sums)
    else:
        result = exps / sums
    # torch returns a contiguous result (numpy's ops kept a transposed input's layout)
    return np.ascontiguousarray(result).reshape(shape)


def _half_softmax_lastdim(data: np.ndarray, *, log: bool) -> np.ndarray:
    """torch's float16 softmax / log_softmax kernels along the last dim, bit for bit: the
    values in float32, ``x - max`` and SLEEF's exps of it;

    * softmax (the reduced-float ``_vec_softmax_lastdim``): the exps of the whole vectors of
      16 by SLEEF, of the leftover elements by ``std::exp`` (correctly rounded), summed in
      that order (``vector_then_tail_sum``), multiplied by ``1 / sum``;
    * log_softmax (the generic kernel on half): every exp by SLEEF, summed by
      ``map_reduce_all`` (``reduced_float_sum``) into a half, its log a half, then ``(x -
      max) - log`` in float32.

    The result is float32, rounded to half once by the caller (numpy's warnings off)."""
    from .vector_kernels import (  # (import time)
        FLOAT32_LANES,
        reduced_float_sum,
        sleef_expf,
        vector_then_tail_sum,
    )

    wide = data.astype(np.float32)
    rows = wide.reshape(-1, data.shape[-1])
    shifted = rows - rows.max(axis=1, keepdims=True)
    if log:
        total = reduced_float_sum(sleef_expf(shifted)).astype(np.float16)
        log_total = _rounded_from_float64(np.log, total.astype(np.float32)).astype(np.float16)
        result = shifted - log_total.astype(np.float32)[:, None]
    else:
        body = rows.shape[1] - rows.shape[1] % FLOAT32_LANES
        exps = np.empty_like(shifted)
        exps[:, :body] = sleef_expf(shifted[:, :body])
        exps[:, body:] = _rounded_from_float64(np.exp, shifted[:, body:])
        result = exps * (1 / vector_then_tail_sum(exps))[:, None]
    return result.reshape(data.shape)


@quiet_op
def softmax(
    input: Tensor,
    dim: int = errors.REQUIRED,
    dtype: dtype | None = None,
    surplus: Any = None,
    axis: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(softmax, input, dim, dtype, surplus, axis)
    data, d, axis = _softmax_input(input, dim, dtype, "softmax")
    if data.ndim == 0:
        out = np.ones((), d.np_dtype)
    elif data.size == 0:
        out = data.copy()
    else:
        if data.dtype == np.float32:
            out = _float32_softmax(data, axis, log=False)
        elif data.dtype == np.float16:  # torch's kernels for half: in float32, rounded once
            if axis == data.ndim - 1:
                out = _half_softmax_lastdim(data, log=False)
            else:
                out = _float32_softmax(data.astype(np.float32), axis, log=False, half=True)
        else:
            with np.errstate(all="ignore"):
                shifted = np.exp(data - data.max(axis=axis, keepdims=True))
                out = np.empty(data.shape, data.dtype)  # torch returns a contiguous result
                np.divide(shifted, shifted.sum(axis=axis, keepdims=True), out=out)
    out = as_array(out, d)
    if not _recording(input):
        return Tensor._make(out, d)
    node = SoftmaxBackward0((input._edge(),), ((out.shape, d),))
    node.dim = axis
    result = Tensor._make(out, d, node)
    node.save(outputs=(result,))
    return result


@quiet_op
def log_softmax(
    input: Tensor,
    dim: int = errors.REQUIRED,
    dtype: dtype | None = None,
    surplus: Any = None,
    axis: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(log_softmax, input, dim, dtype, surplus, axis)
    data, d, axis = _softmax_input(input, dim, dtype, "log_softmax")
    if data.ndim == 0:
        out = np.zeros((), d.np_dtype)
    elif data.size == 0:
        out = data.copy()
    else:
        if data.dtype == np.float32:
            out = _float32_softmax(data, axis, log=True)
        elif data.dtype == np.float16:  # torch's kernels for half: in float32, rounded once
            if axis == data.ndim - 1:
                out = _half_softmax_lastdim(data, log=True)
            else:
                out = _float32_softmax(data.astype(np.float32), axis, log=True, half=True)
        else:
            with np.errstate(all="ignore"):
                shifted = data - data.max(axis=axis, keepdims=True)
                out = np.empty(data.shape, data.dtype)  # torch returns a contiguous result
                np.subtract(shifted, np.log(np.exp(shifted).sum(axis=axis, keepdims=True)), out=out)
    out = as_array(out, d)
    if not _recording(input):
        return Tensor._make(out, d)
    node = LogSoftmaxBackward0((input._edge(),), ((out.shape, d),))
    node.dim = axis
    result = Tensor._make(out, d, node)
    node.save(outputs=(result,))
    return result


# --- misc --------------------------------------------------------------------------------
def nonzero(input: Tensor, *, as_tuple: bool = False) -> Any:
    try:
        data = input._data
        if as_tuple:
            if data.ndim == 0:
                return (Tensor._make(np.zeros(builtins.int(bool(data)), np.int64), int64),)
            return tuple(Tensor._make(idx.astype(np.int64), int64) for idx in np.nonzero(data))
        return _nonzero_rows(data)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("nonzero", input, failure) from None


def argwhere(input: Tensor) -> Tensor:
    """``torch.argwhere(input)``: ``nonzero(input)``, one row of indices per non-zero element."""
    try:
        return _nonzero_rows(input._data)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("argwhere", input, failure) from None


def _nonzero_rows(data: np.ndarray) -> Tensor:
    """The int64 (count, ndim) tensor of the indices of ``data``'s non-zero elements."""
    if data.ndim == 0:
        return Tensor._make(np.zeros((builtins.int(bool(data)), 0), np.int64), int64)
    return Tensor._make(np.argwhere(data).astype(np.int64), int64)


def count_nonzero(input: Tensor, dim: Any = None, surplus: Any = None, axis: Any = None) -> Tensor:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(count_nonzero, input, dim, surplus, axis)
    try:
        axis = None if dim is None else _np_axis(_normalize_dims(dim, input._data.ndim), input.ndim)
        out = _reduction_layout(as_array(np.count_nonzero(input._data, axis=axis), int64))
        return Tensor._make(out, int64)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
        if retry is not None:  # torch's parser takes it as an int
            return count_nonzero(input, retry)
        raise arguments.not_a_tensor("count_nonzero", input, failure, dim) from None


def all(  # noqa: A001 - torch's name
    input: Tensor,
    dim: Any = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(all, input, dim, keepdim, surplus, axis, keepdims)
    try:
        if keepdim is not False and keepdim is not True:  # torch's parser takes a bool only
            raise TypeError("keepdim")
        axis = None if dim is None else _np_axis(_normalize_dims(dim, input._data.ndim), input.ndim)
        out = as_array(np.all(input._data, axis=axis, keepdims=keepdim), bool_)
        return Tensor._make(_reduction_layout(out), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
        if retry is not None:  # torch's parser takes it as an int
            return all(input, retry, keepdim)
        raise arguments.not_a_tensor("all", input, failure, dim, keepdim) from None


def any(  # noqa: A001 - torch's name
    input: Tensor,
    dim: Any = None,
    keepdim: bool = False,
    surplus: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None or keepdims is not None:  # numpy's names
        return arguments.numpy_names(any, input, dim, keepdim, surplus, axis, keepdims)
    try:
        if keepdim is not False and keepdim is not True:  # torch's parser takes a bool only
            raise TypeError("keepdim")
        axis = None if dim is None else _np_axis(_normalize_dims(dim, input._data.ndim), input.ndim)
        out = as_array(np.any(input._data, axis=axis, keepdims=keepdim), bool_)
        return Tensor._make(_reduction_layout(out), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
        if retry is not None:  # torch's parser takes it as an int
            return any(input, retry, keepdim)
        raise arguments.not_a_tensor("any", input, failure, dim, keepdim) from None
