"""``index_add``, ``scatter_add`` and ``scatter_reduce`` (functions, methods, in-place ``_``).

They share scatter's checks (``views._checked_scatter_plan``: the index's dtype int32/int64,
src's dtype, the shapes, then the bounds) or index_copy's positions, and accumulate in the
order torch's CPU kernels do: for each target element, the contributions in index order
(``np.<ufunc>.at`` applies repeated positions one after another).

Rounding, as measured against torch 2.13's CPU kernels:

* float32 / float64 sums are sequential in index order (``np.add.at``), bit for bit.
  ``index_add`` with ``alpha != 1`` fuses the multiply into each addition
  (``fma(source, alpha, self)``, one rounding per contribution).
* float16 sums (scatter_add, scatter_reduce's sum / mean / prod, and index_add with alpha 1
  on a tensor of 2 or more dims) accumulate in float32 (torch's opmath buffer) and round
  once; index_add of a 1-d float16 tensor rounds after each addition, and with
  ``alpha != 1`` every step is float16 arithmetic (alpha as a float16, the product rounded,
  then the sum).
* integer sums wrap, integer means divide with floor, bool sums are ``or``, products
  ``and``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import BOOL, FLOATING, bool_, int32, int64
from ..tensor import Tensor
from . import arguments, overloads
from . import load_views_module as _views
from .core import requires_grad
from .scalars import checked_scalar

REDUCTIONS = ("sum", "prod", "mean", "amax", "amin")
# torch's kernel also takes "max" / "min" (amax / amin); its backward does not
_REDUCE_ALIASES = {"max": "amax", "min": "amin"}


# =============================================================================
# accumulation


def _ordered_rounds(positions: np.ndarray) -> list[np.ndarray]:
    """The entries of ``positions`` split into rounds in which each position appears at
    most once, the k-th occurrence of a position in round k: applying the rounds in turn
    applies each position's contributions in index order."""
    order = np.argsort(positions, kind="stable")
    ordered = positions[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    run_start = np.repeat(starts, np.diff(np.r_[starts, ordered.size]))
    rank = np.empty_like(positions)
    rank[order] = np.arange(ordered.size) - run_start
    by_rank = np.argsort(rank, kind="stable")  # (each round's entries in index order)
    bounds = np.searchsorted(rank[by_rank], np.arange(1, int(rank.max(initial=-1)) + 1))
    return np.split(by_rank, bounds) if rank.size else []


def _accumulate(
    flat: np.ndarray, positions: np.ndarray, values: np.ndarray, ufunc: Any, wide: bool
) -> None:
    """``ufunc.at(flat, positions, values)``; float16 through a float32 buffer when ``wide``
    (torch's opmath accumulation: one rounding at the end)."""
    if wide and flat.dtype == np.float16:
        buffer = flat.astype(np.float32)
        ufunc.at(buffer, positions, values.astype(np.float32))
        with np.errstate(over="ignore"):  # (a sum past float16's range is inf, as torch's)
            flat[...] = buffer.astype(np.float16)
        return
    ufunc.at(flat, positions, values)


def _fused_accumulate(flat: np.ndarray, positions: np.ndarray, values: np.ndarray, alpha: Any):
    """``flat[p] = fma(value, alpha, flat[p])`` for each (p, value) in index order: one
    round per repeat of a position (``fused``'s exact emulations, called directly: a long
    chain of repeats is one call per round)."""
    from .fused import _fma_float64, fused_multiply_add_float32

    scale = np.asarray(alpha, flat.dtype)
    with np.errstate(all="ignore"):
        for chosen in _ordered_rounds(positions):
            where = positions[chosen]
            if flat.dtype == np.float32:
                flat[where] = fused_multiply_add_float32(values[chosen], scale, flat[where])
            else:
                scales = np.broadcast_to(scale, chosen.shape)
                flat[where] = _fma_float64(values[chosen], scales, flat[where])


# =============================================================================
# index_add


class IndexAddBackward0(Node):
    """self: grad; source: ``grad.index_select(dim, index).expand_as(source)`` (a 0-d
    source: ``index.squeeze(0)``), times alpha unless alpha is 1.  Saves index."""

    __slots__ = ("dim", "alpha", "source_shape")

    def backward(self, grad: Tensor) -> tuple:
        (index,) = self.saved_tensors
        views = _views()
        source_grad = None
        if self.next_functions[1][0] is not None:
            if self.source_shape:
                source_grad = views.expand(
                    views.index_select(grad, self.dim, index), self.source_shape
                )
            else:
                source_grad = views.index_select(grad, self.dim, views.squeeze(index, 0))
            if self.alpha != 1:
                from .pointwise import mul_scalar

                source_grad = mul_scalar(source_grad, self.alpha)
        return grad, source_grad


def _index_add_plan(
    x: Tensor, dim: Any, index: Any, source: Any, alpha: Any, op: str, before_bounds: Any = None
) -> tuple[int, np.ndarray, np.ndarray, Any]:
    """(wrapped dim, flat positions in source's order, source's values, alpha converted),
    after torch's checks in torch's order (index_func_meta_impl, then the kernel's bounds)."""
    if not isinstance(index, Tensor) or not isinstance(source, Tensor):
        raise TypeError(op)  # (the parser words it)
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(op)
    alpha = arguments.number_argument(op, "alpha", alpha)
    views = _views()
    self_shape, source_shape = x._data.shape, source._data.shape
    dim = views._wrap_dim(dim, len(self_shape))
    name = op.rstrip("_")
    if index._data.ndim > 1:
        raise errors.error(
            "index_add_index_ndim",
            op=name,
            ndim=index._data.ndim,
            dtype=index.dtype.scalar_name,
            size=list(index._data.shape),
        )
    if index.dtype not in (int64, int32):
        raise errors.error("index_add_index_dtype", op=name, dtype=index.dtype.scalar_name)
    if source.dtype is not x.dtype:
        raise errors.error(
            "index_add_dtype", op=name, dst=x.dtype.scalar_name, src=source.dtype.scalar_name
        )
    count = index._data.size
    if source_shape:
        size = source_shape[views._wrap_dim(dim, len(source_shape))]
    elif count != 1:  # (torch's message reads source.size(dim) of a 0-d source)
        raise errors.error("dim_scalar", dim=dim)
    else:
        size = 1
    if count != size:
        raise errors.error("index_add_count", op=name, count=count, size=size, dim=dim)
    kept_self, kept_source = list(self_shape), list(source_shape)
    if kept_self and kept_source:
        del kept_self[dim], kept_source[dim]
    if kept_self != kept_source:
        raise errors.error(
            "index_add_shape", self_shape=list(self_shape), source_shape=list(source_shape)
        )
    shape = self_shape or (1,)
    indices = index._data.reshape(-1).astype(np.int64)
    if before_bounds is not None:  # (index_reduce: its dtype dispatch and its own bounds text)
        return before_bounds(dim, shape, indices)
    outside = (indices < 0) | (indices >= shape[dim])
    if outside.any():
        if len(self_shape) <= 1:  # (torch's 0-d/1-d kernel: TORCH_CHECK_INDEX's words)
            raise errors.error("index_select_range")
        bad = int(indices[np.argmax(outside)])
        raise errors.error("scatter_bounds", index=bad, dim=dim, size=shape[dim])
    positions = np.take(views._positions_grid(shape), indices, axis=dim).reshape(-1)
    values = source._data.reshape(-1)
    return dim, positions, values, checked_scalar(alpha, x.dtype)


def _index_add_write(data: np.ndarray, positions: np.ndarray, values: np.ndarray, alpha: Any):
    with np.errstate(all="ignore"):  # (overflow is inf or wraps, silently, as torch's)
        _index_add_values(data, positions, values, alpha)


def _index_add_values(data: np.ndarray, positions: np.ndarray, values: np.ndarray, alpha: Any):
    flat = data.reshape(-1)  # (C-contiguous: a view)
    if values.dtype == np.bool_:
        if bool(alpha):
            np.logical_or.at(flat, positions, values)
        return
    if alpha == 1:
        wide = data.ndim > 1  # (torch's 1-d kernel adds element by element)
        _accumulate(flat, positions, values, np.add, wide=wide)
    elif values.dtype in (np.float32, np.float64):
        _fused_accumulate(flat, positions, values, alpha)
    elif values.dtype == np.float16:  # c10::Half arithmetic: each step rounded to float16
        scaled = (values.astype(np.float32) * np.float32(np.float16(alpha))).astype(np.float16)
        _accumulate(flat, positions, scaled, np.add, wide=False)
    else:
        _accumulate(flat, positions, values * values.dtype.type(alpha), np.add, wide=False)


def _index_add_node(
    x: Tensor, dim: int, index: Tensor, source: Tensor, alpha: Any, shape: tuple
) -> Node | None:
    if not requires_grad(x, source):
        return None
    node = IndexAddBackward0((x._edge(), source._edge()), ((shape, x.dtype),))
    node.dim, node.alpha, node.source_shape = dim, alpha, source._data.shape
    node.save(index)
    return node


def _index_add(
    x: Tensor,
    dim: Any = errors.REQUIRED,
    index: Any = errors.REQUIRED,
    source: Any = errors.REQUIRED,
    *,
    alpha: Any = 1,
) -> Tensor:
    dim, positions, values, converted = _index_add_plan(x, dim, index, source, alpha, "index_add")
    data = np.array(x._data, copy=True, order="C")
    _index_add_write(data, positions, values, converted)
    node = _index_add_node(x, dim, index, source, alpha, data.shape)
    return Tensor._make(data, x.dtype, node)


def _index_add_(
    x: Tensor,
    dim: Any = errors.REQUIRED,
    index: Any = errors.REQUIRED,
    source: Any = errors.REQUIRED,
    *,
    alpha: Any = 1,
) -> Tensor:
    dim, positions, values, converted = _index_add_plan(x, dim, index, source, alpha, "index_add_")
    x._check_inplace()  # (an expanded tensor: torch's internal-overlap error)
    _inplace_write(x, lambda data: _index_add_write(data, positions, values, converted))
    node = _index_add_node(x, dim, index, source, alpha, x._data.shape)
    return _views()._recorded_inplace(x, node)


def _inplace_write(x: Tensor, write: Any) -> None:
    """``write`` on a C-contiguous copy of x's data, copied back into x's buffer."""
    data = np.array(x._data, copy=True, order="C")
    write(data)
    x._data[...] = data


# =============================================================================
# scatter_add


class ScatterAddBackward0(Node):
    """self: grad; src: ``grad.gather(dim, index)``.  Saves index."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        (index,) = self.saved_tensors
        src_grad = None
        if self.next_functions[1][0] is not None:
            src_grad = _views().gather_along(grad, self.dim, index)
        return grad, src_grad


def _scatter_add(
    x: Tensor, dim: Any = errors.REQUIRED, index: Any = errors.REQUIRED, src: Any = errors.REQUIRED
) -> Tensor:
    return _scatter_reduce(x, dim, index, src, "sum", _op="scatter_add")


def _scatter_add_(
    x: Tensor, dim: Any = errors.REQUIRED, index: Any = errors.REQUIRED, src: Any = errors.REQUIRED
) -> Tensor:
    return _scatter_reduce_(x, dim, index, src, "sum", _op="scatter_add_")


# =============================================================================
# scatter_reduce


class ScatterReduceBackward0(Node):
    """derivatives.yaml's scatter_reduce_backward (FunctionsManual.cpp), written with engine
    ops so that it is differentiable.  Saves self, index, src and the result."""

    __slots__ = ("dim", "reduce", "include_self")

    def backward(self, grad: Tensor) -> tuple:
        self_, index, src, result = self.saved_tensors
        dim, reduce, include_self = self.dim, self.reduce, self.include_self
        views = _views()
        if reduce == "sum":
            grad_self, grad_src = grad, views.gather_along(grad, dim, index)
        elif reduce == "prod":
            grad_self, grad_src = _prod_backward(grad, self_, dim, index, src, include_self, result)
        elif reduce == "mean":
            from .creation import ones_like, zeros_like

            count = ones_like(grad) if include_self else zeros_like(grad)
            count = _scatter_add(count, dim, index, ones_like(src))
            count = views.masked_fill(count, count == 0, 1)
            grad_self = grad / count
            grad_src = views.gather_along(grad, dim, index) / views.gather_along(count, dim, index)
        elif reduce in ("amax", "amin"):
            value = views.gather_along(result, dim, index)
            self_is_result = (self_ == result).to(self_.dtype)
            src_is_result = (src == value).to(self_.dtype)
            count = _scatter_add(self_is_result, dim, index, src_is_result)
            distributed = grad / count
            grad_self = (self_ == result) * distributed
            grad_src = (src == value) * views.gather_along(distributed, dim, index)
        else:
            raise errors.error("scatter_reduce_backward_reduce", reduce=reduce)
        if not include_self:
            grad_self = views.scatter(grad_self, dim, index, 0)
        return grad_self, grad_src


class Error(Node):
    """torch's DelayedError node (``torch::autograd::Error``): its backward raises."""

    __slots__ = ("message",)

    def backward(self, grad: Tensor) -> tuple:
        raise RuntimeError(self.message)


def _prod_backward(
    grad: Tensor,
    self_: Tensor,
    dim: int,
    index: Tensor,
    src: Tensor,
    include_self: bool,
    result: Tensor,
) -> tuple[Tensor, Tensor]:
    """The exclusive products for a product (zeros in self or src masked out)."""
    from .creation import zeros_like
    from .pointwise import where

    views = _views()
    masked_self = views.masked_fill(self_, self_ == 0, 1)
    masked_self_result = _scatter_reduce(
        masked_self, dim, index, src, "prod", include_self=include_self
    )
    grad_self = grad * masked_self_result / masked_self
    src_zero = src == 0
    zeros = zeros_like(self_)
    src_num_zeros = views.gather_along(
        _scatter_add(zeros, dim, index, src_zero.to(self_.dtype)), dim, index
    )
    src_single_zero = src_zero & (src_num_zeros == 1)
    masked_src = views.masked_fill(src, src_single_zero, 1)
    masked_src_result = _scatter_reduce(
        self_, dim, index, masked_src, "prod", include_self=include_self
    )
    grad_src = where(
        src_single_zero,
        views.gather_along(grad * masked_src_result, dim, index),
        views.gather_along(grad * result, dim, index) / views.masked_fill(src, src_zero, 1),
    )
    if grad_mode.enabled and grad_src._requires_grad and bool((src_num_zeros._data > 1).any()):
        node = Error((grad_src._edge(),), ((grad_src._data.shape, grad_src.dtype),))
        node.message = errors.message("scatter_reduce_double_backward")
        grad_src = Tensor._make(grad_src._data, grad_src.dtype, node)
    return grad_self, grad_src


def _reduce_checks(x: Tensor, index: Tensor, reduce: str) -> Any:
    """The check scatter_reduce runs after scatter's shape checks, before the bounds."""

    def check() -> None:
        if reduce not in REDUCTIONS and reduce not in _REDUCE_ALIASES:
            raise errors.error("scatter_reduce_name", reduce=reduce)
        if reduce == "mean" and x.dtype is bool_:
            op = "scatter_gather_tensor_cpu_reduce_mean" if index._data.size else "div_floor_cpu"
            raise errors.error("kernel_not_implemented", op=op, dtype="Bool")

    return check


def _reduce_plan(
    x: Tensor, dim: Any, index: Any, src: Any, reduce: Any, include_self: Any, op: str
) -> tuple[int, np.ndarray, np.ndarray]:
    if not isinstance(src, Tensor) or not isinstance(reduce, str):
        raise TypeError(op)  # (the parser words it)
    if not isinstance(include_self, bool) or isinstance(dim, bool):
        raise TypeError(op)
    dim, positions, _, fill = _views()._checked_scatter_plan(
        x, dim, index, src, None, None, op, check_reduce=_reduce_checks(x, index, reduce)
    )
    return dim, positions, np.asarray(fill).reshape(-1)


def _identity(d: Any, reduce: str) -> Any:
    """The value scattered-to elements start from when include_self is False."""
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if d.category == BOOL:
        return reduce == "amin"
    if d.category == FLOATING:
        return -np.inf if reduce == "amax" else np.inf
    info = np.iinfo(d.np_dtype)
    return info.min if reduce == "amax" else info.max


def _reduce_write(
    data: np.ndarray,
    positions: np.ndarray,
    values: np.ndarray,
    reduce: str,
    include_self: bool,
    d: Any,
    wide: bool = True,
) -> None:
    """scatter_reduce's kernel on a C-contiguous array (written in place); ``wide``: float16
    sums and products in float32 (scatter_reduce's), else each step in float16
    (index_reduce's)."""
    with np.errstate(all="ignore"):  # (overflow is inf or wraps, silently, as torch's)
        _reduce_values(data, positions, values, reduce, include_self, d, wide)


def _reduce_values(
    data: np.ndarray,
    positions: np.ndarray,
    values: np.ndarray,
    reduce: str,
    include_self: bool,
    d: Any,
    wide: bool = True,
) -> None:
    reduce = _REDUCE_ALIASES.get(reduce, reduce)
    flat = data.reshape(-1)
    if not include_self:
        flat[positions] = _identity(d, reduce)
    if reduce in ("sum", "mean"):
        ufunc = np.logical_or if d is bool_ else np.add
        _accumulate(flat, positions, values, ufunc, wide=wide)
    elif reduce == "prod":
        ufunc = np.logical_and if d is bool_ else np.multiply
        _accumulate(flat, positions, values, ufunc, wide=wide)
    elif d is bool_:
        ufunc = np.logical_or if reduce == "amax" else np.logical_and
        ufunc.at(flat, positions, values)
    else:
        (np.maximum if reduce == "amax" else np.minimum).at(flat, positions, values)
    if reduce == "mean":
        count = np.full(flat.shape, 1 if include_self else 0, dtype=flat.dtype)
        np.add.at(count, positions, np.ones((), dtype=flat.dtype))
        count[count == 0] = 1
        if d.category == FLOATING:
            flat[...] = flat / count
        else:
            flat[...] = np.floor_divide(flat, count)


def _reduce_node(
    x: Tensor,
    dim: int,
    index: Tensor,
    src: Tensor,
    reduce: str,
    include_self: bool,
    shape: tuple,
    op: str,
) -> Node | None:
    if not requires_grad(x, src):
        return None
    edges = (x._edge(), src._edge())
    if op.startswith("scatter_add"):
        node = ScatterAddBackward0(edges, ((shape, x.dtype),))
        node.dim = dim
        node.save(index)
        return node
    node = ScatterReduceBackward0(edges, ((shape, x.dtype),))
    node.dim, node.reduce, node.include_self = dim, reduce, include_self
    return node


def _scatter_reduce(
    x: Tensor,
    dim: Any = errors.REQUIRED,
    index: Any = errors.REQUIRED,
    src: Any = errors.REQUIRED,
    reduce: Any = errors.REQUIRED,
    *,
    include_self: Any = True,
    _op: str = "scatter_reduce",
) -> Tensor:
    """``x.scatter_reduce(dim, index, src, reduce, include_self=True)``: a copy of x with
    src's elements reduced in where index points along dim (ScatterReduceBackward0)."""
    dim, positions, values = _reduce_plan(x, dim, index, src, reduce, include_self, _op)
    data = np.array(x._data, copy=True, order="C")
    _reduce_write(data, positions, values, reduce, include_self, x.dtype)
    node = _reduce_node(x, dim, index, src, reduce, include_self, data.shape, _op)
    out = Tensor._make(data, x.dtype, node)
    if isinstance(node, ScatterReduceBackward0):
        node.save(x, index, src, outputs=(out,))
    return out


def _scatter_reduce_(
    x: Tensor,
    dim: Any = errors.REQUIRED,
    index: Any = errors.REQUIRED,
    src: Any = errors.REQUIRED,
    reduce: Any = errors.REQUIRED,
    *,
    include_self: Any = True,
    _op: str = "scatter_reduce_",
) -> Tensor:
    """scatter_reduce in place."""
    dim, positions, values = _reduce_plan(x, dim, index, src, reduce, include_self, _op)
    x._check_inplace()  # (an expanded tensor: torch's internal-overlap error)
    original = x
    if requires_grad(x, src) and _op != "scatter_add_":
        # (the backward reads self as it was: a copy, as torch's original_self)
        original = Tensor._make(np.array(x._data, copy=True), x.dtype)
    _inplace_write(
        x, lambda data: _reduce_write(data, positions, values, reduce, include_self, x.dtype)
    )
    node = _reduce_node(x, dim, index, src, reduce, include_self, x._data.shape, _op)
    result = _views()._recorded_inplace(x, node)
    if isinstance(node, ScatterReduceBackward0):
        node.save(original, index, src, outputs=(result,))
    return result


# torch's argument parser checks the call first (a failed call is worded as torch words it)
def _parsed(function: Any, name: str, listing: tuple[str, ...], method: bool) -> Any:
    if not method:  # (torch's functions name their tensor ``input``)
        function = arguments.with_parameter_names(function, x="input")
    parsed = arguments.parsed_like_torch(function, name, listing, method=method)
    if "int dim" in listing[0]:
        parsed = _numpy_axis(parsed, name)
    parsed.__name__ = parsed.__qualname__ = name
    return parsed


def _numpy_axis(function: Any, name: str) -> Any:
    """torch's parser takes numpy's ``axis`` for ``dim`` (``x.index_add(axis=0, ...)``);
    given with dim too (a keyword, or dim by position), it is an unexpected keyword."""

    def call(*args: Any, **kwargs: Any) -> Any:
        if "axis" in kwargs:
            if "dim" in kwargs or len(args) > 1:  # (self or input first, then dim)
                raise errors.error("unexpected_keyword", name=name, keyword="axis")
            kwargs["dim"] = kwargs.pop("axis")
        return function(*args, **kwargs)

    return call


index_add = _parsed(_index_add, "index_add", overloads.FUNCTIONS["index_add"], False)
index_add_method = _parsed(_index_add, "index_add", overloads.method_listing("index_add"), True)
index_add_ = _parsed(_index_add_, "index_add_", overloads.METHODS["index_add_"], True)
scatter_add = _parsed(_scatter_add, "scatter_add", overloads.FUNCTIONS["scatter_add"], False)
scatter_add_method = _parsed(
    _scatter_add, "scatter_add", overloads.method_listing("scatter_add"), True
)
scatter_add_ = _parsed(_scatter_add_, "scatter_add_", overloads.METHODS["scatter_add_"], True)
scatter_reduce = _parsed(
    _scatter_reduce, "scatter_reduce", overloads.FUNCTIONS["scatter_reduce"], False
)
scatter_reduce_method = _parsed(
    _scatter_reduce, "scatter_reduce", overloads.method_listing("scatter_reduce"), True
)
scatter_reduce_ = _parsed(
    _scatter_reduce_, "scatter_reduce_", overloads.METHODS["scatter_reduce_"], True
)


# =============================================================================
# masked_scatter


class MaskedScatterBackward0(Node):
    """self: ``grad.masked_fill(mask, 0)``; source: ``masked_scatter_backward(grad, mask,
    source's sizes)``.  Saves the (broadcast) mask."""

    __slots__ = ("source_shape",)

    def backward(self, grad: Tensor) -> tuple:
        (mask,) = self.saved_tensors
        self_grad = _views().masked_fill(grad, mask, 0) if self.next_functions[0][0] else None
        source_grad = None
        if self.next_functions[1][0] is not None:
            source_grad = masked_scatter_backward(grad, mask, self.source_shape)
        return self_grad, source_grad


class MaskedScatterBackwardBackward0(Node):
    """grad_output: ``zeros_like(grad_output).masked_scatter(mask, grad)``.  Saves mask."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .creation import zeros_like

        (mask,) = self.saved_tensors
        return (
            _masked_scatter(zeros_like(mask, dtype=grad.dtype), mask, grad),
        )  # (grad_output's shape: the mask's)


def masked_scatter_backward(grad: Tensor, mask: Tensor, sizes: tuple[int, ...]) -> Tensor:
    """grad's elements where mask is set, in order, padded with zeros to ``sizes``."""
    chosen = grad._data[np.broadcast_to(mask._data, grad._data.shape)]
    data = np.zeros(int(np.prod(sizes)), dtype=grad.dtype.np_dtype)
    data[: chosen.size] = chosen[: data.size]
    node = None
    if grad_mode.enabled and grad._requires_grad:
        node = MaskedScatterBackwardBackward0((grad._edge(),), ((tuple(sizes), grad.dtype),))
        node.save(mask)
    return Tensor._make(data.reshape(sizes), grad.dtype, node)


def _masked_scatter_checks(x: Tensor, mask: Tensor, source: Tensor, shape: tuple) -> np.ndarray:
    """masked_scatter_'s checks after the mask's broadcast, in torch's order: the dtypes,
    the mask's dtype (uint8: torch's warning first), the count; the broadcast mask."""
    if source.dtype is not x.dtype:
        raise errors.error(
            "masked_scatter_dtype", dst=x.dtype.scalar_name, src=source.dtype.scalar_name
        )
    if mask.dtype is not bool_:
        if mask.dtype.name == "uint8":
            errors.warn("masked_scatter_uint8", stacklevel=5)
        raise errors.error("masked_scatter_mask_dtype", dtype=mask.dtype.scalar_name)
    chosen = np.broadcast_to(mask._data, shape)
    if source._data.size < np.count_nonzero(chosen):
        raise errors.error("masked_scatter_count")
    return chosen


def _masked_scatter_node(
    x: Tensor, mask: Tensor, source: Tensor, shape: tuple, d: Any
) -> Node | None:
    if not requires_grad(x, source):
        return None
    node = MaskedScatterBackward0((x._edge(), source._edge()), ((shape, d),))
    node.source_shape = source._data.shape
    node.save(mask)
    return node


def _write_masked(data: np.ndarray, chosen: np.ndarray, source: Tensor) -> None:
    count = np.count_nonzero(chosen)
    data[chosen] = source._data.reshape(-1)[:count]


def _masked_scatter(
    x: Tensor, mask: Any = errors.REQUIRED, source: Any = errors.REQUIRED
) -> Tensor:
    """``x.masked_scatter(mask, source)``: x and mask broadcast, then source's elements in
    order written where mask is set (a contiguous copy); MaskedScatterBackward0."""
    if not all(isinstance(value, Tensor) for value in (x, mask, source)):
        raise TypeError("masked_scatter")  # (the parser words it)
    from .core import broadcast_error

    try:
        shape = tuple(np.broadcast_shapes(mask._data.shape, x._data.shape))
    except ValueError:
        raise broadcast_error(mask._data.shape, x._data.shape) from None
    chosen = _masked_scatter_checks(x, mask, source, shape)
    data = np.array(np.broadcast_to(x._data, shape), copy=True, order="C")
    _write_masked(data, chosen, source)
    broadcast_mask = mask
    if mask._data.shape != shape:
        broadcast_mask = Tensor._make(np.ascontiguousarray(chosen), bool_)
    node = _masked_scatter_node(x, broadcast_mask, source, shape, x.dtype)
    return Tensor._make(data, x.dtype, node)


def _masked_scatter_(
    x: Tensor, mask: Any = errors.REQUIRED, source: Any = errors.REQUIRED
) -> Tensor:
    """masked_scatter in place: the mask expanded to x's shape (torch's expand errors)."""
    if not all(isinstance(value, Tensor) for value in (x, mask, source)):
        raise TypeError("masked_scatter_")  # (the parser words it)
    x._check_inplace()  # (an expanded tensor: torch's internal-overlap error)
    if source.dtype is not x.dtype:
        raise errors.error(
            "masked_scatter_dtype", dst=x.dtype.scalar_name, src=source.dtype.scalar_name
        )
    shape = x._data.shape
    expanded = _views().expand(mask.detach(), shape) if mask._data.shape != shape else mask
    chosen = _masked_scatter_checks(x, expanded, source, shape)
    _inplace_write(x, lambda data: _write_masked(data, chosen, source))
    saved = expanded if expanded is mask else Tensor._make(np.ascontiguousarray(chosen), bool_)
    node = _masked_scatter_node(x, saved, source, shape, x.dtype)
    return _views()._recorded_inplace(x, node)


masked_scatter = _parsed(
    _masked_scatter, "masked_scatter", overloads.FUNCTIONS["masked_scatter"], False
)
masked_scatter_method = _parsed(
    _masked_scatter, "masked_scatter", overloads.method_listing("masked_scatter"), True
)
masked_scatter_ = _parsed(
    _masked_scatter_, "masked_scatter_", overloads.METHODS["masked_scatter_"], True
)


# =============================================================================
# index_reduce


class IndexReduceBackward0(Node):
    """FunctionsManual.cpp's index_reduce_backward: scatter_reduce's formulas along whole
    slices (index_select / index_add / index_fill).  Saves self, index, source, result."""

    __slots__ = ("dim", "reduce", "include_self")

    def backward(self, grad: Tensor) -> tuple:
        from .creation import ones_like, zeros_like

        self_, index, source, result = self.saved_tensors
        dim, reduce, include_self = self.dim, self.reduce, self.include_self
        views = _views()
        select = views.index_select
        if reduce == "prod":
            grad_self, grad_src = _index_prod_backward(
                grad, self_, dim, index, source, result, include_self
            )
        elif reduce == "mean":
            count = ones_like(grad) if include_self else zeros_like(grad)
            count = _index_add(count, dim, index, ones_like(source))
            count = views.masked_fill(count, count == 0, 1)
            grad_self = grad / count
            grad_src = select(grad, dim, index) / select(count, dim, index)
        else:
            value = select(result, dim, index)
            self_is_result = (self_ == result).to(self_.dtype)
            source_is_result = (source == value).to(self_.dtype)
            distributed = grad / _index_add(self_is_result, dim, index, source_is_result)
            grad_self = self_is_result * distributed
            grad_src = source_is_result * select(distributed, dim, index)
        if not include_self:
            grad_self = views.index_fill(grad_self, dim, index, 0)
        return grad_self, grad_src


def _index_prod_backward(
    grad: Tensor,
    self_: Tensor,
    dim: int,
    index: Tensor,
    source: Tensor,
    result: Tensor,
    include_self: bool,
) -> tuple[Tensor, Tensor]:
    from .creation import zeros_like
    from .pointwise import where

    views = _views()
    select = views.index_select
    masked_self = views.masked_fill(self_, self_ == 0, 1)
    masked_self_result = _index_reduce(
        masked_self, dim, index, source, "prod", include_self=include_self
    )
    grad_self = grad * masked_self_result / masked_self
    src_zero = source == 0
    src_num_zeros = select(
        _index_add(zeros_like(self_), dim, index, src_zero.to(self_.dtype)), dim, index
    )
    src_single_zero = src_zero & (src_num_zeros == 1)
    masked_src = views.masked_fill(source, src_single_zero, 1)
    masked_src_result = _index_reduce(
        self_, dim, index, masked_src, "prod", include_self=include_self
    )
    grad_src = where(
        src_single_zero,
        select(grad * masked_src_result, dim, index),
        select(grad * result, dim, index) / views.masked_fill(source, src_zero, 1),
    )
    if grad_mode.enabled and grad_src._requires_grad and bool((src_num_zeros._data > 1).any()):
        node = Error((grad_src._edge(),), ((grad_src._data.shape, grad_src.dtype),))
        node.message = errors.message("index_reduce_double_backward")
        grad_src = Tensor._make(grad_src._data, grad_src.dtype, node)
    return grad_self, grad_src


def _index_reduce_plan(
    x: Tensor, dim: Any, index: Any, source: Any, reduce: Any, include_self: Any, op: str
) -> tuple[int, np.ndarray, np.ndarray]:
    """index_reduce's checks: the reduction first, then index_add's (index_func_meta_impl),
    the dtype dispatch, its own bounds text."""
    if not isinstance(reduce, str) or not isinstance(include_self, bool):
        raise TypeError(op)  # (the parser words it)
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise errors.error("index_reduce_name", reduce=reduce)

    def before_bounds(dim: int, shape: tuple, indices: np.ndarray) -> tuple:
        if x.dtype is bool_:
            raise errors.error("kernel_not_implemented", op="index_func_", dtype="Bool")
        if ((indices < 0) | (indices >= shape[dim])).any():
            raise errors.error("index_reduce_bounds")
        positions = np.take(_views()._positions_grid(shape), indices, axis=dim).reshape(-1)
        return dim, positions, source._data.reshape(-1), 1

    dim, positions, values, _ = _index_add_plan(x, dim, index, source, 1, op, before_bounds)
    errors.warn_once("index_reduce_beta", stacklevel=6)
    return dim, positions, values


def _index_reduce_node(
    x: Tensor, dim: int, source: Tensor, reduce: str, include_self: bool, shape: tuple
) -> Node | None:
    if not requires_grad(x, source):
        return None
    node = IndexReduceBackward0((x._edge(), source._edge()), ((shape, x.dtype),))
    node.dim, node.reduce, node.include_self = dim, reduce, include_self
    return node


def _index_reduce(
    x: Tensor,
    dim: Any = errors.REQUIRED,
    index: Any = errors.REQUIRED,
    source: Any = errors.REQUIRED,
    reduce: Any = errors.REQUIRED,
    *,
    include_self: Any = True,
) -> Tensor:
    """``x.index_reduce(dim, index, source, reduce, include_self=True)``: source's slices
    reduced into x's slices ``index`` of dim (IndexReduceBackward0)."""
    dim, positions, values = _index_reduce_plan(
        x, dim, index, source, reduce, include_self, "index_reduce"
    )
    data = np.array(x._data, copy=True, order="C")
    _reduce_write(data, positions, values, reduce, include_self, x.dtype, wide=False)
    node = _index_reduce_node(x, dim, source, reduce, include_self, data.shape)
    out = Tensor._make(data, x.dtype, node)
    if node is not None:
        node.save(x, index, source, outputs=(out,))
    return out


def _index_reduce_(
    x: Tensor,
    dim: Any = errors.REQUIRED,
    index: Any = errors.REQUIRED,
    source: Any = errors.REQUIRED,
    reduce: Any = errors.REQUIRED,
    *,
    include_self: Any = True,
) -> Tensor:
    """index_reduce in place (the backward reads a copy of self as it was)."""
    dim, positions, values = _index_reduce_plan(
        x, dim, index, source, reduce, include_self, "index_reduce_"
    )
    x._check_inplace()  # (an expanded tensor: torch's internal-overlap error)
    original = x
    if requires_grad(x, source):
        original = Tensor._make(np.array(x._data, copy=True), x.dtype)
    _inplace_write(
        x,
        lambda data: _reduce_write(
            data, positions, values, reduce, include_self, x.dtype, wide=False
        ),
    )
    node = _index_reduce_node(x, dim, source, reduce, include_self, x._data.shape)
    result = _views()._recorded_inplace(x, node)
    if node is not None:
        node.save(original, index, source, outputs=(result,))
    return result


index_reduce = _parsed(_index_reduce, "index_reduce", overloads.FUNCTIONS["index_reduce"], False)
index_reduce_method = _parsed(
    _index_reduce, "index_reduce", overloads.method_listing("index_reduce"), True
)
index_reduce_ = _parsed(_index_reduce_, "index_reduce_", overloads.METHODS["index_reduce_"], True)
