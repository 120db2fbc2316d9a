"""``torch.quantile`` / ``torch.nanquantile`` and their methods as torch 2.13's
``quantile_impl`` composes them: the input sorted (flattened, or the dim moved last),
viewed to the output's shape plus the sorted run, ranks ``q * (n - 1)`` in the dtype
(nanquantile: ``q * (count of non-nan - 1)``, at least 0; quantile: the last rank where a
run holds a nan), adjusted by the interpolation, the values gathered below and above and
lerped (``lerp_``: fused ``weight * (end - self) + self`` below a weight of 0.5, else
``end - (end - self) * (1 - weight)``), then torch's in-place ``squeeze_`` (a scalar q) or
``unsqueeze_(0).transpose_(0, -1).squeeze_(-1)`` (a 1-d q): the same graph, so the grad_fn
names and gradients are torch's."""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import float32, float64, int64
from ..tensor import Tensor
from .core import maybe_wrap_dim
from .reduction_arguments import parsed

_MODES = ("linear", "lower", "higher", "midpoint", "nearest")


class LerpBackward1(Node):
    """``self.lerp_(end, weight)`` with a weight tensor that needs no gradient."""

    __slots__ = ("weight",)

    def backward(self, grad: Tensor) -> tuple:
        from .pointwise import rsub

        weight = self.weight
        return grad * rsub(weight, 1), grad * weight, None


class UnsqueezeBackward1(Node):
    """torch's in-place ``unsqueeze_(dim)``."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        return (grad.squeeze(self.dim),)


class TransposeBackward1(Node):
    """torch's in-place ``transpose_(dim0, dim1)``."""

    __slots__ = ("dims",)

    def backward(self, grad: Tensor) -> tuple:
        return (grad.transpose(*self.dims),)


def _recorded(node_class: type, x: Tensor, data: np.ndarray, **fields: Any) -> Tensor:
    if not (grad_mode.enabled and x._requires_grad):
        return Tensor._make(data, x.dtype)
    node = node_class((x._edge(),), ((data.shape, x.dtype),))
    for name, value in fields.items():
        setattr(node, name, value)
    return Tensor._make(data, x.dtype, node)


def _lerp(below: Tensor, above: Tensor, weight: Tensor) -> Tensor:
    """``below.lerp_(above, weight)`` as torch's kernel computes it (fused, see above)."""
    from .fused import fused_multiply_add

    s, e, w = below._data, above._data, weight._data
    with np.errstate(all="ignore"):
        diff = e - s
        small = np.abs(w) < 0.5
        one = np.ones((), w.dtype)
        low = fused_multiply_add(w, diff, s)
        high = fused_multiply_add(-diff, one - w, e)
    data = np.where(small, low, high).astype(s.dtype, copy=False)
    if not (grad_mode.enabled and (below._requires_grad or above._requires_grad)):
        return Tensor._make(data, below.dtype)
    node = LerpBackward1((below._edge(), above._edge(), (None, 0)), ((data.shape, below.dtype),))
    node.weight = weight
    return Tensor._make(data, below.dtype, node)


def _q_tensor(q: Any, input: Tensor) -> Tensor:
    """q as a tensor of the input's dtype, with torch's checks of a tensor q (a scalar q
    was checked first, see _quantile)."""
    if isinstance(q, Tensor):
        if q._data.ndim > 1:
            raise errors.error("quantile_q_dims")
        _check_dtype(input)
        if q.dtype is not input.dtype:
            raise errors.error("quantile_q_dtype")
        values = q._data
        if values.size and not ((values >= 0) & (values <= 1)).all():
            raise errors.error("quantile_q_values")
        return Tensor._make(values, q.dtype)
    _check_dtype(input)
    return Tensor._make(np.array(q, input.dtype.np_dtype), input.dtype)


def _check_dtype(input: Tensor) -> None:
    if input.dtype is not float32 and input.dtype is not float64:
        raise errors.error("quantile_dtype")


def _quantile(name: str, input: Any, q: Any, dim: Any, keepdim: Any, interpolation: Any) -> Tensor:
    from .linalg import _squeeze4
    from .reduction import sort

    if not isinstance(input, Tensor):
        raise TypeError(name)
    if dim is not None and (type(dim) is builtins.bool or not isinstance(dim, (int, np.integer))):
        raise TypeError("dim")
    if type(keepdim) is not builtins.bool or not isinstance(interpolation, str):
        raise TypeError("keepdim")
    # (torch's order of checks: a scalar q's range, the interpolation, an empty input,
    # q's dims, the dtypes, a tensor q's values)
    if not isinstance(q, Tensor):
        if not isinstance(q, (int, float)):  # (a bool is a float to torch's parser)
            raise TypeError("q")
        if not 0 <= q <= 1:
            raise errors.error("quantile_q_range", q=format(float(q), "g"))
    if interpolation not in _MODES:
        raise errors.error("quantile_interpolation", mode=interpolation)
    data = input._data
    ndim = data.ndim
    if data.size == 0:
        raise errors.error("quantile_empty")
    q = _q_tensor(q, input)
    shape: list[int] = []
    if dim is not None:
        wrapped = maybe_wrap_dim(int(dim), ndim)
        if ndim:
            shape = list(data.shape)
            if keepdim:
                shape[wrapped] = 1
            else:
                del shape[wrapped]
    elif keepdim:
        shape = [1] * ndim
    if dim is None:
        ordered = sort(input.reshape(-1)).values
    elif ndim and wrapped == ndim - 1:
        ordered = sort(input).values
    else:
        ordered = sort(input.unsqueeze(-1).transpose(wrapped, -1)).values
    count = ordered._data.shape[-1]
    ordered = ordered.view(*shape, count)
    runs = ordered._data
    d = input.dtype.np_dtype
    q_values = q._data.reshape(-1)
    with np.errstate(invalid="ignore"):
        if name == "nanquantile":
            present = (~np.isnan(runs)).sum(-1, keepdims=True)
            ranks = q_values * (present - 1).astype(d)
            ranks = np.where(ranks < 0, np.zeros((), d), ranks)
        else:
            last = count - 1
            ranks = np.broadcast_to(q_values * d.type(last), (*runs.shape[:-1], q_values.size))
            ranks = np.where(np.isnan(runs).any(-1, keepdims=True), d.type(last), ranks)
    ranks = ranks.astype(d, copy=False)
    if interpolation == "lower":
        ranks = np.floor(ranks)
    elif interpolation == "higher":
        ranks = np.ceil(ranks)
    elif interpolation == "nearest":
        ranks = np.rint(ranks)
    below_index = ranks.astype(np.int64)
    values = ordered.gather(-1, Tensor._make(below_index, int64))
    if interpolation in ("linear", "midpoint"):
        if interpolation == "midpoint":
            weights = np.full(ranks.shape, 0.5, d)
        else:
            weights = (ranks - below_index.astype(d)).astype(d, copy=False)
        above_index = np.ceil(ranks).astype(np.int64)
        above = ordered.gather(-1, Tensor._make(above_index, int64))
        values = _lerp(values, above, Tensor._make(weights, input.dtype))
    if q._data.ndim == 0:
        return _squeeze4(values, values._data.ndim - 1)
    values = _recorded(UnsqueezeBackward1, values, np.expand_dims(values._data, 0), dim=0)
    last_dim = values._data.ndim - 1
    swapped = np.swapaxes(values._data, 0, last_dim)
    values = _recorded(TransposeBackward1, values, swapped, dims=(0, last_dim))
    return _squeeze4(values, last_dim)


def _quantile_op(name: str) -> Any:
    """The body of torch.``name`` (quantile, nanquantile)."""

    def op(
        input: Any,
        q: Any = errors.REQUIRED,
        dim: Any = None,
        keepdim: Any = False,
        *,
        interpolation: Any = "linear",
        out: Any = None,
    ) -> Tensor:
        if q is errors.REQUIRED:
            raise TypeError(name)
        if out is not None:
            raise errors.unsupported(f"the out= argument of torch.{name}")
        return _quantile(name, input, q, dim, keepdim, interpolation)

    return op


_quantile_function, _nanquantile_function = _quantile_op("quantile"), _quantile_op("nanquantile")
quantile = parsed(_quantile_function, "quantile")
nanquantile = parsed(_nanquantile_function, "nanquantile")
quantile_method = parsed(_quantile_function, "quantile", method=True)
nanquantile_method = parsed(_nanquantile_function, "nanquantile", method=True)
