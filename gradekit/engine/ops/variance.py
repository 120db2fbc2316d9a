"""``std`` / ``var`` / ``std_mean`` / ``var_mean`` as torch 2.13's CPU kernels compute them.

torch's ``std_var_out`` takes two roads for float32/float64 (``ReduceOps.cpp``):

* a reduction that leaves one element (``std_var_all_cpu``): the tensor's mean as torch's
  ``self.mean()`` (float sum in torch's order, see summation.py) read as a double, then
  ``sum((double(x) - mean) ** 2)`` in double, one running sum per block of the iterator's
  two innermost dims (one block for a dense tensor), divided by ``max(0, n - correction)``,
  square-rooted for std, rounded to the dtype once;
* every other reduction, float16 always, and std_mean/var_mean always: Welford's update in
  double (``WelfordOps``), element by element along the reduced dims in memory order, with
  ``m2 / (n - correction)`` (0 when ``n <= correction``) projected and rounded to the dtype
  (float16 through float, as ``c10::Half`` converts a double).

Both are reproduced (the two-pass road bit for bit; Welford's within the rate measured in
docs/engine-internals.md).  Past ``GRAIN_SIZE`` elements per output torch may split the
reduction across threads; those keep the engine's sequential order.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, bool_, dtype
from ..tensor import Tensor
from . import arguments
from .core import as_array
from .quiet import quiet_call
from .reduction_arguments import UNSET as _UNSET
from .reduction_arguments import parsed

_FLOAT32_64 = (np.dtype(np.float32), np.dtype(np.float64))


# --- arguments ---------------------------------------------------------------------------
def _every_dim(dim: Any) -> bool:
    return dim is None or dim is _UNSET or (isinstance(dim, (list, tuple)) and len(dim) == 0)


def _read_arguments(
    name: str, input: Any, dim: Any, unbiased: Any, keepdim: Any, correction: Any, out: Any
) -> tuple[tuple[int, ...] | None, float, bool]:
    """The overload torch's parser picks for the call: ``(dims or None for every dim,
    correction, keepdim)``; a TypeError (worded by ``parsed_like_torch``) where none does."""
    if not isinstance(input, Tensor):
        raise TypeError(name)
    if out is not None:
        raise errors.unsupported(f"the out= argument of torch.{name}")
    if correction is not _UNSET:  # (Tensor input, tuple of ints dim = None, *, Number
        # correction = None, bool keepdim = False)
        if unbiased is not _UNSET:
            raise TypeError(name)
        if correction is None:
            correction = 1
        else:
            correction = arguments.number_argument(name, "correction", correction)
            if isinstance(correction, complex):
                raise TypeError(name)
    elif type(dim) is builtins.bool and unbiased is _UNSET and keepdim is _UNSET:
        correction, dim = int(dim), None  # (Tensor input, bool unbiased = True)
    elif unbiased is not _UNSET:
        if type(unbiased) is not builtins.bool:  # (the parser takes a bool only)
            raise TypeError(name)
        if dim is _UNSET and keepdim is not _UNSET:  # no overload takes unbiased and keepdim
            raise TypeError(name)  # without a dim
        correction = int(unbiased)
    else:
        correction = 1
    if keepdim is _UNSET:
        keepdim = False
    elif type(keepdim) is not builtins.bool:
        raise TypeError(name)
    if type(dim) is builtins.bool or isinstance(dim, (float, str)):
        raise TypeError(name)
    return dim, correction, keepdim


def _checked_dims(input: Tensor, dim: Any) -> tuple[int, ...]:
    from .reduction import _normalize_dims

    ndim = input._data.ndim
    if _every_dim(dim):
        return tuple(range(ndim))
    retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
    return _normalize_dims(dim if retry is None else retry, ndim)


def _numpy_names(dim: Any, keepdim: Any, axis: Any, keepdims: Any) -> tuple[Any, Any]:
    """torch's parser takes numpy's ``axis`` / ``keepdims`` for ``dim`` / ``keepdim``."""
    if axis is not _UNSET:
        if dim is not _UNSET:
            raise TypeError("axis")
        dim = axis
    if keepdims is not _UNSET:
        if keepdim is not _UNSET:
            raise TypeError("keepdims")
        keepdim = keepdims
    return dim, keepdim


# --- values ------------------------------------------------------------------------------
def _coalesced_blocks(data: np.ndarray) -> np.ndarray:
    """``data``'s elements in torch's iterator order, one row per block of its two innermost
    (coalesced) dims: ``std_var_all_cpu`` keeps one running sum per block."""
    dims = sorted(
        (d for d in range(data.ndim) if data.shape[d] != 1), key=lambda d: data.strides[d]
    )
    sizes: list[int] = []
    strides: list[int] = []
    for d in dims:
        if sizes and strides[-1] * sizes[-1] == data.strides[d]:
            sizes[-1] *= data.shape[d]
        else:
            sizes.append(data.shape[d])
            strides.append(data.strides[d])
    inner = math.prod(sizes[:2])
    ordered = np.transpose(data, dims[::-1] + [d for d in range(data.ndim) if d not in dims])
    return np.reshape(ordered, (-1, inner if inner else 1))


def _two_pass(input: Tensor, correction: float, take_sqrt: bool) -> np.floating:
    """``std_var_all_cpu``: float32/float64, one output."""
    from .reduction import mean

    data = input._data
    centre = float(mean(Tensor._make(data, input.dtype))._data)
    total = np.float64(0.0)
    for block in _coalesced_blocks(data):
        dx = block.astype(np.float64) - centre
        total = total + (np.add.accumulate(dx * dx)[-1] + 0.0)  # (sequential, from 0)
    var = total / np.float64(builtins.max(0.0, data.size - correction))
    return np.sqrt(var) if take_sqrt else var


def _welford(
    data: np.ndarray, dims: tuple[int, ...], correction: float, take_sqrt: bool
) -> tuple[np.ndarray, np.ndarray]:
    """``WelfordOps`` in double for each output, the reduced elements in memory order:
    ``(std or var, mean)`` as float64 arrays of the kept dims' shape."""
    kept = [d for d in range(data.ndim) if d not in dims]
    reduced = sorted(dims, key=lambda d: -data.strides[d])  # outermost first
    moved = np.transpose(data, kept + reduced)
    kept_shape = moved.shape[: len(kept)]
    rows = np.reshape(moved, (math.prod(kept_shape), -1)).astype(np.float64)
    count = rows.shape[1]
    centre = np.zeros(rows.shape[0])
    m2 = np.zeros(rows.shape[0])
    for j in range(count):
        value = rows[:, j]
        delta = value - centre
        centre = centre + delta / np.float64(j + 1)
        m2 = m2 + delta * (value - centre)
    divisor = count - correction if count > correction else 0
    var = m2 / np.float64(divisor)
    return np.reshape(np.sqrt(var) if take_sqrt else var, kept_shape), np.reshape(
        centre, kept_shape
    )


def _rounded(values: Any, d: dtype) -> np.ndarray:
    """A double result as the dtype (float16 through float, as c10::Half takes a double)."""
    values = np.asarray(values)
    if d.np_dtype == np.float16:
        values = values.astype(np.float32)
    return values.astype(d.np_dtype)


def _reduced_shape(shape: tuple[int, ...], dims: tuple[int, ...], keepdim: bool) -> tuple:
    return tuple(1 if d in dims else s for d, s in enumerate(shape) if keepdim or d not in dims)


def _compute(
    name: str,
    input: Tensor,
    dims: tuple[int, ...],
    correction: float,
    keepdim: bool,
    *,
    take_sqrt: bool,
    with_mean: bool,
) -> tuple[np.ndarray, np.ndarray | None]:
    data, d = input._data, input.dtype
    shape = _reduced_shape(data.shape, dims, keepdim)
    outputs = math.prod(shape)
    factor = data.size // outputs if outputs else 0
    if factor - correction <= 0:
        errors.warn_at_caller("degrees_of_freedom", op=name)
    if data.size == 0:
        nan = np.full(shape, np.nan, d.np_dtype)
        return nan, (nan.copy() if with_mean else None)
    if not with_mean and outputs <= 1 and data.dtype in _FLOAT32_64:
        value = _two_pass(input, correction, take_sqrt)
        return np.reshape(_rounded(value, d), shape), None
    spread, centre = _welford(data, dims, correction, take_sqrt)
    spread, centre = np.reshape(spread, shape), np.reshape(centre, shape)
    return _rounded(spread, d), (_rounded(centre, d) if with_mean else None)


# --- gradients ---------------------------------------------------------------------------
def _var_backward(
    grad: Tensor, self_: Tensor, dims: tuple[int, ...] | None, correction: float, keepdim: bool
) -> Tensor:
    """torch's var_backward: ``(2 / (n - correction)) * grad * (self - self.mean(dim, True))``
    (``n <= correction``: ``grad * where(self == self.mean(), nan, inf)``)."""
    from .pointwise import mul_scalar, where
    from .reduction import _restore_reduced, mean

    if self_._data.ndim == 0 or dims is None:
        dof = self_._data.size - correction
        centred_mean = mean(self_)
        if dof <= 0:
            inf = Tensor._make(np.array(np.inf, self_._data.dtype), self_.dtype)
            nan = Tensor._make(np.array(np.nan, self_._data.dtype), self_.dtype)
            return grad * where(self_ == centred_mean, nan, inf)
        return mul_scalar(grad, 2.0 / dof) * (self_ - centred_mean)
    if not keepdim and self_._data.ndim > 1:
        grad = _restore_reduced(grad, dims, keepdim)
    count = math.prod(self_._data.shape[d] for d in dims)
    return mul_scalar(grad, 2.0 / (count - correction)) * (self_ - mean(self_, dims, True))


def _std_backward(
    grad: Tensor,
    self_: Tensor,
    result: Tensor,
    dims: tuple[int, ...] | None,
    correction: float,
    keepdim: bool,
) -> Tensor:
    """torch's std_backward: ``(grad / (result * 2)).masked_fill_(result == 0, 0)`` into
    var_backward."""
    from .pointwise import mul_scalar
    from .views import masked_fill_

    scaled = grad / mul_scalar(result, 2)
    masked_fill_(scaled, result == 0, 0)
    return _var_backward(scaled, self_, dims, correction, keepdim)


class _SpreadBackward(Node):
    __slots__ = ("dims", "correction", "keepdim")


class VarBackward0(_SpreadBackward):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (_var_backward(grad, self_, self.dims, self.correction, self.keepdim),)


class StdBackward0(_SpreadBackward):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, result = self.saved_tensors
        return (_std_backward(grad, self_, result, self.dims, self.correction, self.keepdim),)


def _mean_backward(grad: Tensor, self_: Tensor, dims: tuple[int, ...] | None, keepdim: bool):
    """torch's mean_backward: the grad expanded back to self's shape, divided by the count."""
    from .pointwise import div_scalar
    from .reduction import _restore_reduced
    from .shape_helpers import expand

    shape = self_._data.shape
    if dims is None or self_._data.ndim == 0:
        return div_scalar(expand(grad, shape), self_._data.size)
    count = math.prod(shape[d] for d in dims)
    return div_scalar(expand(_restore_reduced(grad, dims, keepdim), shape), count)


class _SpreadMeanBackward(Node):
    __slots__ = ("dims", "correction", "keepdim")
    num_outputs = 2

    def backward(self, grads: tuple | Tensor) -> tuple:
        if not isinstance(grads, tuple):
            grads = (grads, None)
        grad_spread, grad_mean = grads
        saved = self.saved_tensors
        self_ = saved[0]
        total = None
        if grad_spread is not None:
            if len(saved) == 2:  # std_mean: saves the std too
                total = _std_backward(
                    grad_spread, self_, saved[1], self.dims, self.correction, self.keepdim
                )
            else:
                total = _var_backward(grad_spread, self_, self.dims, self.correction, self.keepdim)
        if grad_mean is not None:
            part = _mean_backward(grad_mean, self_, self.dims, self.keepdim)
            total = part if total is None else total + part
        return (total,)


class VarMeanBackward0(_SpreadMeanBackward):
    __slots__ = ()


class StdMeanBackward0(_SpreadMeanBackward):
    __slots__ = ()


# --- the ops -----------------------------------------------------------------------------
def _spread(
    name: str,
    input: Any,
    dim: Any,
    unbiased: Any,
    keepdim: Any,
    correction: Any,
    out: Any,
    *,
    take_sqrt: bool,
    with_mean: bool,
) -> Any:
    dim, correction, keepdim = _read_arguments(name, input, dim, unbiased, keepdim, correction, out)
    if input.dtype.category != FLOATING or input.dtype is bool_:
        which = name if with_mean else "std and var"
        raise errors.error("std_var_dtype", op=which)
    every = _every_dim(dim)
    dims = _checked_dims(input, dim)
    spread, centre = quiet_call(
        _compute,
        name,
        input,
        dims,
        correction,
        keepdim,
        take_sqrt=take_sqrt,
        with_mean=with_mean,
    )
    d = input.dtype
    spread = as_array(spread, d)
    recording = grad_mode.enabled and input._requires_grad
    if not with_mean:
        if not recording:
            return Tensor._make(spread, d)
        node_class = StdBackward0 if take_sqrt else VarBackward0
        node = node_class((input._edge(),), ((spread.shape, d),))
        node.dims, node.correction, node.keepdim = (None if every else dims), correction, keepdim
        result = Tensor._make(spread, d, node)
        if take_sqrt:
            node.save(input, outputs=(result,))
        else:
            node.save(input)
        return result
    centre = as_array(centre, d)
    if not recording:
        return Tensor._make(spread, d), Tensor._make(centre, d)
    node_class = StdMeanBackward0 if take_sqrt else VarMeanBackward0
    node = node_class((input._edge(),), ((spread.shape, d), (centre.shape, d)))
    node.dims, node.correction, node.keepdim = (None if every else dims), correction, keepdim
    first = Tensor._make(spread, d, node, 0)
    second = Tensor._make(centre, d, node, 1)
    if take_sqrt:
        node.save(input, outputs=(first,))
    else:
        node.save(input)
    return first, second


def _spread_op(name: str, *, take_sqrt: bool, with_mean: bool) -> Any:
    """The body of torch.``name`` (std, var, std_mean, var_mean): the three overloads'
    parameters, numpy's names; ``out`` for std and var only."""

    def op(
        input: Any,
        dim: Any = _UNSET,
        unbiased: Any = _UNSET,
        keepdim: Any = _UNSET,
        *,
        correction: Any = _UNSET,
        out: Any = _UNSET,
        axis: Any = _UNSET,
        keepdims: Any = _UNSET,
    ) -> Any:
        if out is not _UNSET and with_mean:  # (std_mean / var_mean take no out)
            raise TypeError("out")
        dim, keepdim = _numpy_names(dim, keepdim, axis, keepdims)
        out = None if out is _UNSET else out
        return _spread(
            name,
            input,
            dim,
            unbiased,
            keepdim,
            correction,
            out,
            take_sqrt=take_sqrt,
            with_mean=with_mean,
        )

    return op


_std = _spread_op("std", take_sqrt=True, with_mean=False)
_var = _spread_op("var", take_sqrt=False, with_mean=False)
std = parsed(_std, "std")
var = parsed(_var, "var")
std_mean = parsed(_spread_op("std_mean", take_sqrt=True, with_mean=True), "std_mean")
var_mean = parsed(_spread_op("var_mean", take_sqrt=False, with_mean=True), "var_mean")
std_method = parsed(_std, "std", method=True)
var_method = parsed(_var, "var", method=True)

__all__ = ["std", "var", "std_mean", "var_mean", "std_method", "var_method"]
