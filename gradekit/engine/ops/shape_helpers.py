"""The few view ops the core's backward formulas need: expand, view, unsqueeze, squeeze, t.

The public view ops belong to ``ops/views.py``.  Each helper here uses that module's
op when it exists (so gradients of gradients show the very same nodes), and otherwise a
minimal local op with torch's node name.  Both are differentiable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..autograd.graph import Node
from ..tensor import Tensor
from . import load_views_module
from .core import requires_grad

_resolved: dict[str, Callable[..., Tensor] | None] = {}


def _views_op(name: str) -> Callable[..., Tensor] | None:
    if name not in _resolved:
        views = load_views_module()
        _resolved[name] = getattr(views, name, None) if views is not None else None
    return _resolved[name]


def _view_result(base: Tensor, data: np.ndarray, node: Node | None) -> Tensor:
    root = base if base._base is None else base._base
    return Tensor._make(data, base.dtype, node, 0, base._version_counter, root)


class ExpandBackward0(Node):
    __slots__ = ("self_sizes",)

    def backward(self, grad: Tensor) -> tuple:
        from .reduction import sum_to

        return (sum_to(grad, self.self_sizes),)


class ViewBackward0(Node):
    __slots__ = ("self_sizes",)

    def backward(self, grad: Tensor) -> tuple:
        return (view(grad, self.self_sizes),)


class UnsqueezeBackward0(Node):
    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        return (squeeze_dim(grad, self.dim),)


class SqueezeBackward1(Node):
    __slots__ = ("dim", "self_sizes")

    def backward(self, grad: Tensor) -> tuple:
        return (unsqueeze(grad, self.dim),)


class TBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (t(grad),)


def expand(x: Tensor, shape: tuple[int, ...]) -> Tensor:
    # Even with nothing to record, the gradient of a sum is torch's expanded view (strides 0,
    # marked overlapping): a hook sees it so, writing into it raises, and the layout of what
    # is computed from it (``grad * other`` follows ``other``) decides later reshapes. (The
    # array path's SumBackward0.backward_data still fills an array: nothing sees it there.)
    impl = _views_op("expand")
    if impl is not None:
        return impl(x, shape)
    data = np.broadcast_to(x._data, shape)
    node = None
    if requires_grad(x):
        node = ExpandBackward0((x._edge(),), ((data.shape, x.dtype),))
        node.self_sizes = x._data.shape
    return _view_result(x, data, node)


def view(x: Tensor, shape: tuple[int, ...]) -> Tensor:
    impl = _views_op("view")
    if impl is not None:
        return impl(x, shape)
    data = x._data.reshape(shape)
    node = None
    if requires_grad(x):
        node = ViewBackward0((x._edge(),), ((data.shape, x.dtype),))
        node.self_sizes = x._data.shape
    return _view_result(x, data, node)


def unsqueeze(x: Tensor, dim: int) -> Tensor:
    impl = _views_op("unsqueeze")
    if impl is not None:
        return impl(x, dim)
    data = np.expand_dims(x._data, dim)
    node = None
    if requires_grad(x):
        node = UnsqueezeBackward0((x._edge(),), ((data.shape, x.dtype),))
        node.dim = dim
    return _view_result(x, data, node)


def squeeze_dim(x: Tensor, dim: int) -> Tensor:
    impl = _views_op("squeeze")
    if impl is not None:
        return impl(x, dim)
    data = np.squeeze(x._data, dim) if x._data.shape[dim] == 1 else x._data
    node = None
    if requires_grad(x):
        node = SqueezeBackward1((x._edge(),), ((data.shape, x.dtype),))
        node.dim, node.self_sizes = dim, x._data.shape
    return _view_result(x, data, node)


def t(x: Tensor) -> Tensor:
    impl = _views_op("t")
    if impl is not None:
        return impl(x)
    data = x._data.T
    node = None
    if requires_grad(x):
        node = TBackward0((x._edge(),), ((data.shape, x.dtype),))
    return _view_result(x, data, node)


def unsqueeze_dims(x: Tensor, dims: Any) -> Tensor:
    """Unsqueeze at each of the (sorted, non-negative) ``dims``, torch's unsqueeze_multiple."""
    for d in sorted(dims):
        x = unsqueeze(x, d)
    return x


class TransposeBackward0(Node):
    __slots__ = ("dim0", "dim1")

    def backward(self, grad: Tensor) -> tuple:
        return (transpose(grad, self.dim0, self.dim1),)


def transpose(x: Tensor, dim0: int, dim1: int) -> Tensor:
    impl = _views_op("transpose")
    if impl is not None:
        return impl(x, dim0, dim1)
    data = np.swapaxes(x._data, dim0, dim1)
    node = None
    if requires_grad(x):
        node = TransposeBackward0((x._edge(),), ((data.shape, x.dtype),))
        node.dim0, node.dim1 = dim0, dim1
    return _view_result(x, data, node)


class UnsafeViewBackward0(Node):
    """grad_fn of torch's internal ``_unsafe_view`` (end of batched matmul chains)."""

    __slots__ = ("self_sizes",)

    def backward(self, grad: Tensor) -> tuple:
        return (reshape(grad, self.self_sizes),)


def unsafe_view(x: Tensor, shape: tuple[int, ...]) -> Tensor:
    """A reshape recorded as ``UnsafeViewBackward0`` (not a view for autograd purposes)."""
    data = x._data.reshape(shape)
    node = None
    if requires_grad(x):
        node = UnsafeViewBackward0((x._edge(),), ((data.shape, x.dtype),))
        node.self_sizes = x._data.shape
    return Tensor._make(data, x.dtype, node)


def reshape(x: Tensor, shape: tuple[int, ...]) -> Tensor:
    impl = _views_op("reshape")
    if impl is not None:
        return impl(x, shape)
    if x._data.flags.c_contiguous:
        return view(x, shape)
    return unsafe_view(x, shape)


class CloneBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


def contiguous(x: Tensor) -> Tensor:
    """Itself when already contiguous, else a ``CloneBackward0`` copy."""
    impl = _views_op("contiguous")
    if impl is not None:
        return impl(x)
    if x._data.flags.c_contiguous:
        return x
    data = np.ascontiguousarray(x._data)
    node = CloneBackward0((x._edge(),), ((data.shape, x.dtype),)) if requires_grad(x) else None
    return Tensor._make(data, x.dtype, node)


def masked_fill(x: Tensor, mask: Tensor, value: Any) -> Tensor:
    """``x.masked_fill(mask, value)`` (MaskedFillBackward0) from ops/views.py when present."""
    impl = _views_op("masked_fill")
    if impl is not None:
        return impl(x, mask, value)
    from .pointwise import where

    return where(mask, value, x)


def gather(x: Tensor, dim: int, index: Tensor) -> Tensor:
    """``torch.gather`` (GatherBackward0) from ops/views.py; a constant result without it."""
    impl = _views_op("gather_along")
    if impl is not None:
        return impl(x, dim, index)
    return Tensor._make(np.take_along_axis(x._data, index._data, axis=dim), x.dtype)
