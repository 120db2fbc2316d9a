"""``prod`` and the scans ``cumsum`` / ``cumprod`` / ``cummax`` / ``cummin`` as torch 2.13's
CPU kernels compute them.

* ``cumsum`` / ``cumprod`` (``cpu_cum_base_kernel``) run one accumulator along the dim in
  ``acc_type<scalar_t, /*is_cuda=*/false>``: double for float32 and float64, float for
  float16, int64 for integers; each element is the accumulator rounded to the dtype.
* ``prod`` is ``binary_kernel_reduce_vec`` at AVX2 width (8 float32 / 4 float64 / 16 float16
  lanes, as the sum): a reduced run contiguous in memory is multiplied as four vector
  accumulators over blocks of four vectors, the four multiplied pairwise, the lanes in
  order, then the leftover elements one by one; any other run element by element.  float16
  rounds after every multiplication.  Past ``GRAIN_SIZE`` elements torch splits the
  product across threads (the engine keeps one order).
* ``cummax`` / ``cummin``: a running extreme that takes ties (``>=`` / ``<=``, so the last
  index of equal values) and nan (the first nan stays).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, dtype, int64
from ..tensor import Tensor
from .core import as_array, maybe_wrap_dim, requires_grad
from .quiet import quiet_call
from .reduction_arguments import UNSET as _UNSET
from .reduction_arguments import (
    bool_argument,
    c_contiguous,
    dim_alias,
    int_argument,
    parsed,
)

_AVX2_BYTES = 32


def _result_dtype(input: Tensor, dtype_: Any, name: str) -> dtype:
    """torch's dtype for sum-like ops: the given one, else integers and bool as int64."""
    if dtype_ is not None:
        return dtypes.given(dtype_, name)
    return input.dtype if input.dtype.category == FLOATING else int64


# --- cumsum / cumprod --------------------------------------------------------------------
def _accumulated(data: np.ndarray, axis: int, multiply: bool) -> np.ndarray:
    """The running sum or product along ``axis`` in torch's accumulator type, rounded to the
    dtype element by element (``np.add.accumulate`` is sequential)."""
    if data.dtype.kind == "f":
        wide = np.float32 if data.dtype == np.float16 else np.float64
        values = data.astype(wide)
    else:
        values = data
    ufunc = np.multiply if multiply else np.add
    out = ufunc.accumulate(values, axis=axis) if values.size else values.copy()
    return c_contiguous(out.astype(data.dtype, copy=False))


def _cumulative(name: str, input: Any, dim: Any, dtype_: Any) -> Tensor:
    if not isinstance(input, Tensor):
        raise TypeError(name)
    dim = int_argument(dim)
    result = _result_dtype(input, dtype_, name)
    data = input._data
    axis = maybe_wrap_dim(dim, data.ndim)
    if data.dtype != result.np_dtype:
        data = quiet_call(data.astype, result.np_dtype)  # (torch casts the input first)
    if data.ndim == 0:
        out = data.copy()
    else:
        out = quiet_call(_accumulated, data, axis, name == "cumprod")
    out = as_array(out, result)
    if not requires_grad(input) or result.category != FLOATING:
        return Tensor._make(out, result)
    if name == "cumsum":
        node = CumsumBackward0((input._edge(),), ((out.shape, result),))
    else:
        node = CumprodBackward0((input._edge(),), ((out.shape, result),))
    node.dim, node.self_dtype = axis, input.dtype
    made = Tensor._make(out, result, node)
    if name == "cumprod":
        node.save(input, outputs=(made,))
    return made


def _reversed_cumsum(w: Tensor, dim: int) -> Tensor:
    return cumsum(w.flip(dim), dim).flip(dim)


class CumsumBackward0(Node):
    __slots__ = ("dim", "self_dtype")

    def backward(self, grad: Tensor) -> tuple:
        from .conversion import to_dtype

        grad = to_dtype(grad, self.self_dtype)
        if grad._data.size <= 1 or grad._data.shape[self.dim] == 1:
            return (grad,)
        return (_reversed_cumsum(grad, self.dim),)


class CumprodBackward0(Node):
    __slots__ = ("dim", "self_dtype")

    def backward(self, grad: Tensor) -> tuple:
        from .conversion import to_dtype

        input, output = self.saved_tensors
        return (cumprod_backward(to_dtype(grad, self.self_dtype), input, self.dim, output),)


def cumprod_backward(grad: Tensor, input: Tensor, dim: int, output: Tensor) -> Tensor:
    """torch's cumprod_backward: ``reversed_cumsum(output * grad) / input`` without zeros;
    with zeros its O(n) mask form (plain backward) or O(n^2) form (create_graph)."""
    if input._data.size <= 1 or input._data.shape[dim] == 1:
        return grad
    w = output * grad
    zero = input._data == 0
    if not zero.any():
        return _reversed_cumsum(w, dim) / input
    if not grad_mode.enabled:
        return _cumprod_backward_zeros(grad, input, dim, output, zero)
    from .creation import zeros
    from .views import cat

    size = input._data.shape[dim]
    grad_input = zeros(*input._data.shape, dtype=grad.dtype)
    ones_shape = list(input._data.shape)
    ones_shape[dim] = 1
    ones = Tensor._make(np.ones((1,), grad.dtype.np_dtype), grad.dtype).expand(*ones_shape)
    for k in range(size):
        if k == 0:
            omitted = cat([ones, cumprod(input.narrow(dim, 1, size - 1), dim)], dim)
        elif k == size - 1:
            omitted = prod(input.narrow(dim, 0, k), dim, True)
        else:
            until = prod(input.narrow(dim, 0, k), dim, True)
            after = cumprod(input.narrow(dim, k + 1, size - k - 1), dim)
            omitted = cat([until, until.expand_as(after) * after], dim)
        grad_slice = (grad.narrow(dim, k, size - k) * omitted).sum(dim)
        grad_input.select(dim, k).copy_(grad_slice)
    return grad_input


def _sum_along(data: np.ndarray, dim: int) -> np.ndarray:
    """``data.sum(dim, keepdim=True)`` of a C-contiguous float array: along the innermost dim
    each row in torch's order (``torch_full_sum``); along another dim numpy's order (see
    the internals doc).  float16 adds in float32 and rounds once, as torch."""
    from .reduction import torch_full_sum

    wide = data.astype(np.float32) if data.dtype == np.float16 else data
    if dim == data.ndim - 1:
        rows = wide.reshape(-1, wide.shape[-1])
        total = np.array([torch_full_sum(row) for row in rows], wide.dtype)
        total = total.reshape((*wide.shape[:-1], 1))
    else:
        total = np.sum(wide, axis=dim, keepdims=True)
    return total.astype(data.dtype, copy=False)


def _cumprod_backward_zeros(
    grad: Tensor, input: Tensor, dim: int, output: Tensor, zero: np.ndarray
) -> Tensor:
    """The O(n) form for inputs with zeros, in numpy with torch's kernels' arithmetic."""
    g, x, y = grad._data, input._data, output._data
    d = g.dtype
    result = np.zeros(x.shape, d)
    count = np.cumsum(zero, axis=dim)
    before = count == 0
    w = np.where(before, y * g, np.zeros((), d))
    flipped = np.flip(_accumulated(np.flip(w, dim), dim, False), dim)
    with np.errstate(all="ignore"):
        result[before] = (flipped / x)[before]
    between = count == 1
    first_index = np.argmax(between, axis=dim, keepdims=True)
    first = np.zeros(x.shape, bool)
    np.put_along_axis(first, first_index, True, axis=dim)
    first &= between
    between &= ~first
    products = _accumulated(np.where(between, x, np.ones((), d)), dim, True)
    products = products * np.where(count != 1, np.zeros((), d), g)
    total = _sum_along(products, dim)
    previous = np.take_along_axis(y, np.maximum(first_index - 1, 0), axis=dim)
    previous = np.where(first_index == 0, np.ones((), d), previous)
    with np.errstate(all="ignore"):
        scaled = np.broadcast_to(total * previous, x.shape)
    result[first] = scaled[first]
    return Tensor._make(result, grad.dtype)


def _cumulative_op(name: str) -> Any:
    """The body of torch.``name`` (cumsum, cumprod)."""

    def op(
        input: Any,
        dim: Any = errors.REQUIRED,
        *,
        dtype: Any = None,
        out: Any = None,
        axis: Any = _UNSET,
    ) -> Any:
        dim = dim_alias(dim, axis, errors.REQUIRED)
        if out is not None:
            raise errors.unsupported(f"the out= argument of torch.{name}")
        return _cumulative(name, input, dim, dtype)

    return op


_cumsum, _cumprod = _cumulative_op("cumsum"), _cumulative_op("cumprod")


# --- cummax / cummin ---------------------------------------------------------------------
class _CumExtremeBackward(Node):
    """torch's cummaxmin_backward: ``zeros_like(self).scatter_add_(dim, indices, grad)``."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        (indices,) = self.saved_tensors
        return (_scatter_add_into_zeros(grad, self.dim, indices),)


class CummaxBackward0(_CumExtremeBackward):
    __slots__ = ()


class CumminBackward0(_CumExtremeBackward):
    __slots__ = ()


class ScatterAddBackward0(Node):
    """out = zeros.scatter_add_(dim, index, src): src's gradient is grad.gather(dim, index)."""

    __slots__ = ("dim", "index")

    def backward(self, grad: Tensor) -> tuple:
        from .shape_helpers import gather

        return None, gather(grad, self.dim, self.index)


def _scatter_add_into_zeros(src: Tensor, dim: int, index: Tensor) -> Tensor:
    data = src._data
    # (float16 adds in a float32 buffer and rounds once, as torch's scatter_add)
    wide = data.astype(np.float32) if data.dtype == np.float16 else data
    out = np.zeros(data.shape, wide.dtype)
    if data.ndim == 0:
        out = data.copy()
    elif data.size:
        positions = list(np.indices(data.shape, sparse=True))
        positions[dim] = index._data
        np.add.at(out, tuple(positions), wide)
        out = out.astype(data.dtype, copy=False)
    if not requires_grad(src):
        return Tensor._make(out, src.dtype)
    node = ScatterAddBackward0(((None, 0), src._edge()), ((out.shape, src.dtype),))
    node.dim, node.index = dim, index
    return Tensor._make(out, src.dtype, node)


def _running_extreme(data: np.ndarray, axis: int, larger: bool) -> tuple[np.ndarray, np.ndarray]:
    moved = np.moveaxis(data, axis, 0)
    values = np.empty(moved.shape, data.dtype)
    indices = np.empty(moved.shape, np.int64)
    best = moved[0].copy()
    index = np.zeros(moved.shape[1:], np.int64)
    floating = data.dtype.kind == "f"
    for i in range(moved.shape[0]):
        current = moved[i]
        take = current >= best if larger else current <= best
        if floating:
            take = np.isnan(current) | (~np.isnan(best) & take)
        best = np.where(take, current, best)
        index = np.where(take, i, index)
        values[i], indices[i] = best, index
    return np.moveaxis(values, 0, axis), np.moveaxis(indices, 0, axis)


def _cum_extreme(name: str, input: Any, dim: Any, out: Any) -> Any:
    from .reduction import _return_type

    if not isinstance(input, Tensor):
        raise TypeError(name)
    if out is not None:
        raise errors.unsupported(f"the out= argument of torch.{name}")
    dim = int_argument(dim)
    data = input._data
    if data.ndim == 0 and dim not in (-1, 0):  # (torch's own check before dim wrapping)
        raise errors.error("scalar_reduction_dim", op=name, dim=dim)
    axis = maybe_wrap_dim(dim, data.ndim)
    if data.ndim == 0:
        values, indices = data.copy(), np.zeros((), np.int64)
    elif data.size == 0:
        values, indices = data.copy(), np.zeros(data.shape, np.int64)
    else:
        values, indices = _running_extreme(data, axis, name == "cummax")
    values = as_array(c_contiguous(values), input.dtype)
    index_tensor = Tensor._make(as_array(c_contiguous(indices), int64), int64)
    return_type = _return_type(name)
    if not requires_grad(input) or input.dtype.category != FLOATING:
        return return_type(Tensor._make(values, input.dtype), index_tensor)
    node_class = CummaxBackward0 if name == "cummax" else CumminBackward0
    node = node_class((input._edge(),), ((values.shape, input.dtype),))
    node.dim = axis
    node.save(index_tensor)
    return return_type(Tensor._make(values, input.dtype, node), index_tensor)


def _cum_extreme_op(name: str) -> Any:
    """The body of torch.``name`` (cummax, cummin)."""

    def op(input: Any, dim: Any = errors.REQUIRED, *, out: Any = None, axis: Any = _UNSET) -> Any:
        return _cum_extreme(name, input, dim_alias(dim, axis, errors.REQUIRED), out)

    return op


_cummax, _cummin = _cum_extreme_op("cummax"), _cum_extreme_op("cummin")


# --- prod --------------------------------------------------------------------------------
def _vector_products(rows: np.ndarray) -> np.ndarray:
    """``vectorized_inner_reduction`` of each row (a contiguous run) of a float array:
    the product of each row as torch's kernel forms it."""
    lanes = 16 if rows.dtype == np.float16 else _AVX2_BYTES // rows.dtype.itemsize
    count, length = rows.shape
    blocks = length // (4 * lanes)
    out = np.ones(count, rows.dtype)
    if blocks:
        body = rows[:, : blocks * 4 * lanes].reshape(count, blocks, 4, lanes)
        acc = np.multiply.accumulate(body, axis=1)[:, -1]
        pair = (acc[:, 0] * acc[:, 1]) * (acc[:, 2] * acc[:, 3])
        out = np.multiply.accumulate(pair, axis=1)[:, -1]
    for j in range(blocks * 4 * lanes, length):
        out = out * rows[:, j]
    return out


def _sequential_products(rows: np.ndarray) -> np.ndarray:
    if rows.shape[1] == 0:
        return np.ones(rows.shape[0], rows.dtype)
    return np.multiply.accumulate(rows, axis=1)[:, -1]


def _full_product(data: np.ndarray) -> np.ndarray:
    """The product of every element in torch's order: the iterator's coalesced innermost
    runs in memory order, each multiplied into the one accumulator."""
    if data.dtype.kind != "f" or data.size == 0:
        return np.multiply.reduce(data, axis=None)
    dims = sorted(
        (d for d in range(data.ndim) if data.shape[d] != 1), key=lambda d: data.strides[d]
    )
    if not dims:  # (one element or none)
        return np.multiply.reduce(data, axis=None)
    sizes, strides = [data.shape[dims[0]]], [data.strides[dims[0]]]
    for d in dims[1:]:
        if strides[-1] * sizes[-1] == data.strides[d]:
            sizes[-1] *= data.shape[d]
        else:
            sizes.append(data.shape[d])
            strides.append(data.strides[d])
    ordered = np.transpose(data, dims[::-1] + [d for d in range(data.ndim) if d not in dims])
    rows = np.reshape(ordered, (-1, sizes[0]))
    contiguous = strides[0] == data.itemsize
    total = np.ones((), data.dtype)
    for row in rows:
        if contiguous:
            total = _onto(total, row[None])
        else:
            total = np.multiply.accumulate(np.concatenate((total[None], row)))[-1]
    return total


def _onto(total: np.ndarray, row: np.ndarray) -> np.ndarray:
    """One contiguous run multiplied onto the accumulator as vectorized_inner_reduction:
    the vector part's product onto it, then each leftover element."""
    lanes = 16 if row.dtype == np.float16 else _AVX2_BYTES // row.dtype.itemsize
    length = row.shape[1]
    whole = length // (4 * lanes) * 4 * lanes
    if whole:
        total = total * _vector_products(row[:, :whole])[0]
    for j in range(whole, length):
        total = total * row[0, j]
    return total


def _dim_product(data: np.ndarray, axis: int, keepdim: bool) -> np.ndarray:
    if data.ndim == 0:
        return data.copy()
    if data.dtype.kind != "f":
        out = np.multiply.reduce(data, axis=axis, keepdims=keepdim)
    else:
        moved = np.moveaxis(data, axis, -1)
        rows = moved.reshape(math.prod(moved.shape[:-1]), moved.shape[-1])
        contiguous = data.strides[axis] == data.itemsize and data.shape[axis] > 1
        products = _vector_products(rows) if contiguous else _sequential_products(rows)
        out = products.reshape(moved.shape[:-1])
        if keepdim:
            out = np.expand_dims(out, axis)
    return c_contiguous(out)


class ProdBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        input, result = self.saved_tensors
        if input._data.ndim == 0:
            return (grad,)
        zeros = int(np.count_nonzero(input._data == 0))
        if zeros == 0:
            return (grad * (result / input),)
        if not grad_mode.enabled and zeros > 1:
            return (Tensor._make(np.zeros(input._data.shape, grad.dtype.np_dtype), grad.dtype),)
        flat = input.contiguous().view(-1)
        return (_prod_safe_zeros_backward(grad, flat, 0).view_as(input),)


class ProdBackward1(Node):
    __slots__ = ("dim", "keepdim")

    def backward(self, grad: Tensor) -> tuple:
        input, result = self.saved_tensors
        if input._data.ndim == 0:
            return (grad,)
        dim = self.dim
        if not self.keepdim:
            grad, result = grad.unsqueeze(dim), result.unsqueeze(dim)
        if not np.any(input._data == 0):
            return (grad * (result / input),)
        return (_prod_safe_zeros_backward(grad, input, dim),)


def _prod_safe_zeros_backward(grad: Tensor, inp: Tensor, dim: int) -> Tensor:
    """torch's prod_safe_zeros_backward: the products of the elements before and after each
    one (exclusive cumprods from both ends), times grad."""
    from .creation import ones
    from .views import cat

    shape = inp._data.shape
    if inp._data.size == 0:
        return grad.expand_as(inp)
    size = shape[dim]
    if size == 1:
        return grad
    ones_shape = list(shape)
    ones_shape[dim] = 1
    one = ones(*ones_shape, dtype=grad.dtype)
    normal = cumprod(cat([one, inp.narrow(dim, 0, size - 1)], dim), dim)
    reverse = cat([one, inp.narrow(dim, 1, size - 1).flip(dim)], dim)
    reverse = cumprod(reverse, dim).flip(dim)
    return grad * (normal * reverse)


def _prod(
    input: Any,
    dim: Any = _UNSET,
    keepdim: Any = _UNSET,
    *,
    dtype: Any = None,
    out: Any = None,
    axis: Any = _UNSET,
    keepdims: Any = _UNSET,
) -> Tensor:
    dim = dim_alias(dim, axis)
    if keepdims is not _UNSET:
        if keepdim is not _UNSET:
            raise TypeError("keepdims")
        keepdim = keepdims
    if not isinstance(input, Tensor):
        raise TypeError("prod")
    if out is not None:
        raise errors.unsupported("the out= argument of torch.prod")
    if dim is _UNSET:
        if keepdim is not _UNSET:  # (Tensor input, *, dtype): no keepdim without a dim
            raise TypeError("prod")
    else:
        dim = int_argument(dim)
        keepdim = False if keepdim is _UNSET else bool_argument(keepdim)
    result = _result_dtype(input, dtype, "prod")
    data = input._data
    if data.dtype != result.np_dtype:
        data = quiet_call(data.astype, result.np_dtype)
    if dim is _UNSET:
        out = as_array(np.asarray(quiet_call(_full_product, data), result.np_dtype), result)
    else:
        axis = maybe_wrap_dim(dim, data.ndim)
        out = as_array(quiet_call(_dim_product, data, axis, keepdim), result)
    if not requires_grad(input) or result.category != FLOATING:
        return Tensor._make(out, result)
    if dim is _UNSET:
        node = ProdBackward0((input._edge(),), ((out.shape, result),))
    else:
        node = ProdBackward1((input._edge(),), ((out.shape, result),))
        node.dim, node.keepdim = (axis if data.ndim else 0), keepdim
    made = Tensor._make(out, result, node)
    node.save(input, outputs=(made,))
    return made


prod = parsed(_prod, "prod")
cumsum = parsed(_cumsum, "cumsum")
cumprod = parsed(_cumprod, "cumprod")
cummax = parsed(_cummax, "cummax")
cummin = parsed(_cummin, "cummin")
prod_method = parsed(_prod, "prod", method=True)
cumsum_method = parsed(_cumsum, "cumsum", method=True)
cumprod_method = parsed(_cumprod, "cumprod", method=True)
cummax_method = parsed(_cummax, "cummax", method=True)
cummin_method = parsed(_cummin, "cummin", method=True)
