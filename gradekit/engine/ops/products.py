"""trace, vdot, inner, kron, cross / linalg.cross and dist as torch 2.13 computes them:
trace sums the diagonal in order in float64 (float32 for float16, int64 for integers) and
rounds once; cross is ``fma(a_i, b_j, -(a_k * b_l))`` (torch's kernel is compiled with
FMA; float16 rounds each product); inner is tensordot over the last dims, kron a product
of interleaved ``_unsafe_view``s; dist the norm of the difference."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, bool_, float16, int64
from ..tensor import Tensor
from . import arguments, overloads
from .core import as_array, edge, maybe_wrap_dim
from .linalg import DotBackward0
from .quiet import quiet_call
from .reduction_arguments import parsed

# --- trace ----------------------------------------------------------------------------------


class TraceBackward0(Node):
    """torch's trace_backward: zeros, the gradient index-filled on the flat diagonal,
    viewed back to the input's shape."""

    __slots__ = ("self_sizes",)

    def backward(self, grad: Tensor) -> tuple:
        from .creation import arange, zeros

        rows, columns = self.self_sizes
        flat = zeros(rows * columns, dtype=grad.dtype)
        positions = arange(0, rows * columns, columns + 1)
        return (flat.index_fill_(0, positions, grad).view(rows, columns),)


def _trace(input: Tensor) -> Tensor:
    data = input._data
    if data.ndim != 2:
        raise errors.error("trace_matrix", ndim=data.ndim)
    if input.dtype is bool_:
        raise errors.error("kernel_not_implemented", op="trace", dtype="Bool")
    diagonal = np.diagonal(data)
    if input.dtype.category != FLOATING:
        result, total = int64, np.cumsum(diagonal, dtype=np.int64)
    else:  # accumulated in torch's acc_type: float64 (float32 for float16), in order
        result = input.dtype
        wide = np.float32 if input.dtype is float16 else np.float64
        total = quiet_call(np.cumsum, diagonal, dtype=wide)
    out = as_array(total[-1] if total.size else np.zeros((), total.dtype), result)
    out = as_array(np.asarray(out, dtype=result.np_dtype).reshape(()), result)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out, result)
    node = TraceBackward0((edge(input),), (((), result),))
    node.self_sizes = data.shape
    return Tensor._make(out, result, node)


trace = parsed(_trace, "trace")


def trace_method(self: Tensor, *surplus: Any, **keywords: Any) -> Tensor:
    """``Tensor.trace()``: a method without parameters (CPython's METH_NOARGS check)."""
    arguments.refuse_arguments("trace", surplus, keywords)
    return _trace(self)


# --- vdot -----------------------------------------------------------------------------------


class VdotBackward0(DotBackward0):
    """Real tensors: dot's gradients (grad * other, grad * self) under vdot's name."""

    __slots__ = ()


def _vdot(input: Tensor, other: Tensor) -> Tensor:
    from .linalg import dot_product

    return dot_product(VdotBackward0, input, other)


vdot = parsed(_vdot, "vdot")
vdot_method = parsed(_vdot, "vdot", method=True)


# --- inner ----------------------------------------------------------------------------------


def _inner(input: Tensor, other: Tensor) -> Tensor:
    """torch's inner: a 0-d operand multiplies, else tensordot over the last dims."""
    from .contraction import tensordot_dims

    if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
        raise TypeError("inner")  # (the parser words it)
    if input.dim() == 0 or other.dim() == 0:
        return input * other
    if input.shape[-1] != other.shape[-1]:
        raise errors.error("inner_sizes", shape1=list(input.shape), shape2=list(other.shape))
    return tensordot_dims(input, other, [-1], [-1])


inner = parsed(_inner, "inner")
inner_method = parsed(_inner, "inner", method=True)


# --- kron -----------------------------------------------------------------------------------


def _unsafe_view(x: Tensor, shape: list[int]) -> Tensor:
    """torch's ``_unsafe_view``: a view's strides (torch's view error when there are none),
    recorded as ``UnsafeViewBackward0``."""
    from .layout import element_strides
    from .shape_helpers import unsafe_view
    from .views import _view_strides

    if _view_strides(x._data.shape, element_strides(x._data), tuple(shape)) is None:
        raise errors.error("view_stride")
    return unsafe_view(x, tuple(shape))


def _kron(input: Tensor, other: Tensor) -> Tensor:
    """torch's kron: both operands viewed with their dims interleaved (size-1 dims
    between), multiplied, and the product viewed to the dims' products."""
    if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
        raise TypeError("kron")  # (the parser words it)
    ndim = max(input.dim(), other.dim())
    pad_a, pad_b = ndim - input.dim(), ndim - other.dim()
    a_shape: list[int] = []
    b_shape: list[int] = []
    result: list[int] = []
    for i in range(ndim):
        size_a = input.shape[i - pad_a] if i >= pad_a else 1
        size_b = other.shape[i - pad_b] if i >= pad_b else 1
        a_shape += [size_a, 1]
        b_shape += [1, size_b]
        result.append(size_a * size_b)
    product = _unsafe_view(input, a_shape) * _unsafe_view(other, b_shape)
    return _unsafe_view(product, result)


kron = parsed(_kron, "kron")
kron_method = parsed(_kron, "kron", method=True)


# --- cross ----------------------------------------------------------------------------------


class LinalgCrossBackward0(Node):
    """self: cross(other, grad), other: cross(grad, self) along the same dim."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        return (
            None if other is None else _linalg_cross(other, grad, dim=self.dim),
            None if self_ is None else _linalg_cross(grad, self_, dim=self.dim),
        )


def _cross_data(a: np.ndarray, b: np.ndarray, dim: int) -> np.ndarray:
    from .fused import fused_multiply_add

    a, b = np.broadcast_arrays(a, b)
    a, b = np.moveaxis(a, dim, -1), np.moveaxis(b, dim, -1)
    parts = []
    for i, j, k, m in ((1, 2, 2, 1), (2, 0, 0, 2), (0, 1, 1, 0)):
        if a.dtype.kind == "f" and a.dtype.itemsize >= 4:
            parts.append(fused_multiply_add(a[..., i], b[..., j], -(a[..., k] * b[..., m])))
        else:
            parts.append(a[..., i] * b[..., j] - a[..., k] * b[..., m])
    return np.moveaxis(np.stack(parts, axis=-1), -1, dim)


def _linalg_cross(input: Tensor, other: Tensor, *, dim: Any = -1) -> Tensor:
    if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
        raise TypeError("linalg_cross")  # (the parser words it)
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError("linalg_cross")
    if input.dim() != other.dim():
        raise errors.error("cross_ndim")
    wrapped = maybe_wrap_dim(dim, input.dim())
    if input.shape[wrapped] != 3 or other.shape[wrapped] != 3:
        raise errors.error(
            "cross_length", dim=dim, size1=input.shape[wrapped], size2=other.shape[wrapped]
        )
    from .core import broadcast_error

    try:
        shape = np.broadcast_shapes(input.shape, other.shape)
    except ValueError:
        raise broadcast_error(tuple(input.shape), tuple(other.shape)) from None
    if input.dtype is not other.dtype:
        raise errors.error(
            "expected_scalar_type",
            expected=input.dtype.scalar_name,
            found=other.dtype.scalar_name,
        )
    if input.dtype is bool_:
        raise errors.error("kernel_not_implemented", op="cross", dtype="Bool")
    d = input.dtype
    out = as_array(quiet_call(_cross_data, input._data, other._data, wrapped), d)
    out = np.ascontiguousarray(out).reshape(shape)
    if not (grad_mode.enabled and (input._requires_grad or other._requires_grad)):
        return Tensor._make(out, d)
    node = LinalgCrossBackward0((edge(input), edge(other)), ((out.shape, d),))
    node.dim = wrapped
    node.save(input if other._requires_grad else None, other if input._requires_grad else None)
    return Tensor._make(out, d, node)


def _cross(input: Tensor, other: Tensor, dim: Any = None) -> Tensor:
    """torch.cross: linalg.cross along ``dim``, by default (deprecated, a warning once)
    the input's first dim of size 3."""
    if dim is None:
        if not isinstance(input, Tensor) or not isinstance(other, Tensor):
            raise TypeError("cross")  # (the parser words it)
        errors.warn_once("cross_default_dim", stacklevel=4)
        dim = next((d for d, size in enumerate(input.shape) if size == 3), None)
        if dim is None:
            raise errors.error("cross_no_dim")
    return _linalg_cross(input, other, dim=dim)


linalg_cross = parsed(_linalg_cross, "linalg_cross")
cross = parsed(_cross, "cross")
cross_method = parsed(_cross, "cross", method=True)


# --- dist -----------------------------------------------------------------------------------


class DistBackward0(Node):
    """torch's norm_backward of the difference (self) and its negation (other); p = 0 has
    no gradient (None)."""

    __slots__ = ("p",)

    def backward(self, grad: Tensor) -> tuple:
        from .pointwise import sgn

        self_, other, result = self.saved_tensors
        p = self.p
        if p == 0:  # norm_backward is undefined; other's -(undefined) is torch's error
            if self.next_functions[1][0] is not None:
                raise errors.error("undefined_tensor_argument")
            return None, None
        diff = self_ - other
        if p == 1:
            part = sgn(diff) * grad
        elif p == 2:
            part = grad * (diff / result).masked_fill(result == 0, 0)
        elif math.isinf(p):
            mask = (diff.abs() == result).to(grad.dtype)
            part = sgn(diff) * ((grad / mask.sum()) * mask)
        elif p < 1:
            scaled = sgn(diff) * diff.abs().pow(p - 1).masked_fill(diff == 0, 0)
            part = scaled * grad * result.pow(1 - p)
        else:
            scale = (grad / result.pow(p - 1)).masked_fill(result == 0, 0)
            part = diff * diff.abs().pow(p - 2) * scale
        return part, -part


def _dist(input: Tensor, other: Tensor, p: Any = 2) -> Tensor:
    from .reduction import linalg_vector_norm

    if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
        raise TypeError("dist")  # (the parser words it)
    p = arguments.number_argument("dist", "p", p)
    if isinstance(p, bool) or not isinstance(p, (int, float)):
        raise TypeError("dist")
    with grad_mode.no_grad():
        diff = input - other
        if diff.dtype.category != FLOATING:
            raise errors.error("norm_dtype", dtype=diff.dtype.scalar_name)
        value = linalg_vector_norm(diff, float(p))
    d = value.dtype
    if not (grad_mode.enabled and (input._requires_grad or other._requires_grad)):
        return value
    node = DistBackward0((edge(input), edge(other)), (((), d),))
    node.p = float(p)
    result = Tensor._make(value._data, d, node)
    node.save(input, other, outputs=(result,))
    return result


dist = parsed(_dist, "dist")
dist_method = parsed(_dist, "dist", method=True)


# --- baddbmm / addbmm -----------------------------------------------------------------------


class BaddbmmBackward0(Node):
    """self: grad (times beta); batch1: grad @ batch2^T, batch2: batch1^T @ grad (times
    alpha); torch's maybe_multiply (mul.Scalar) for a beta or alpha other than 1."""

    __slots__ = ("beta", "alpha")

    def batched(self, grad: Tensor) -> Tensor:
        """The gradient as one per batch (baddbmm's already is)."""
        return grad

    def backward(self, grad: Tensor) -> tuple:
        from .linalg import bmm
        from .pointwise import mul_scalar
        from .shape_helpers import transpose

        batch1, batch2 = self.saved_tensors
        grad_self = grad if self.beta == 1 else mul_scalar(grad, self.beta)
        batched = self.batched(grad)
        grad1 = None if batch2 is None else bmm(batched, transpose(batch2, 1, 2))
        grad2 = None if batch1 is None else bmm(transpose(batch1, 1, 2), batched)
        if self.alpha != 1:
            grad1 = None if grad1 is None else mul_scalar(grad1, self.alpha)
            grad2 = None if grad2 is None else mul_scalar(grad2, self.alpha)
        return grad_self, grad1, grad2


class AddbmmBackward0(BaddbmmBackward0):
    """baddbmm's formulas on the gradient expanded to every batch (torch's)."""

    __slots__ = ("batches",)

    def batched(self, grad: Tensor) -> Tensor:
        from .shape_helpers import expand, unsqueeze

        return expand(unsqueeze(grad, 0), (self.batches, *grad.shape))


def _baddbmm_data(
    s: np.ndarray, b1: np.ndarray, b2: np.ndarray, beta: Any, alpha: Any
) -> np.ndarray:
    """torch's baddbmm: below 400 multiply-adds per matrix its own loop (the products in
    order in opmath, then ``self * beta + alpha * sum``; a beta of 0 ignores self), from
    400 up BLAS's gemm (numpy's product, scaled, added)."""
    from .linalg import _bmm_array

    shape = (b1.shape[0], b1.shape[1], b2.shape[2])
    small = b1.shape[2] * b1.shape[1] * b2.shape[2] < 400 or b1.dtype.kind != "f"
    opmath = np.float32 if b1.dtype == np.float16 else b1.dtype
    if small:
        product = _bmm_array(b1.astype(opmath), b2.astype(opmath))
    else:
        product = np.matmul(b1.astype(opmath), b2.astype(opmath))
    beta, alpha = np.asarray(beta, opmath), np.asarray(alpha, opmath)
    scaled = alpha * product if small or alpha != 1 else product
    if beta == 0:
        return scaled.astype(b1.dtype)
    base = np.broadcast_to(s.astype(opmath), shape)
    return (base * beta + scaled).astype(b1.dtype)


def _baddbmm(
    input: Tensor, batch1: Tensor, batch2: Tensor, *, beta: Any = 1, alpha: Any = 1
) -> Tensor:
    from .linalg import _scalar_argument
    from .shape_helpers import expand

    if not all(isinstance(x, Tensor) for x in (input, batch1, batch2)):
        raise TypeError("baddbmm")  # (the parser words it)
    beta = arguments.number_argument("baddbmm", "beta", beta)
    alpha = arguments.number_argument("baddbmm", "alpha", alpha)
    shape = (batch1.shape[0], batch1.shape[1], batch2.shape[2])
    expand(input, shape)  # (torch's expand error first)
    for name, x in (("batch1", batch1), ("batch2", batch2)):
        if x.dim() != 3:
            raise errors.error("batch_not_3d", name=name)
    if batch2.shape[0] != batch1.shape[0] or batch2.shape[1] != batch1.shape[2]:
        raise errors.error(
            "baddbmm_batch2",
            batches=batch1.shape[0],
            inner=batch1.shape[2],
            got0=batch2.shape[0],
            got1=batch2.shape[1],
        )
    if input.dtype is not batch1.dtype:
        from .linalg import _c_name

        raise errors.error(
            "baddbmm_dtypes", dtype=_c_name(input), dtype1=_c_name(batch1), dtype2=_c_name(batch2)
        )
    if batch2.dtype is not batch1.dtype:
        raise errors.error(
            "expected_scalar_type",
            expected=batch1.dtype.scalar_name,
            found=batch2.dtype.scalar_name,
        )
    d = batch1.dtype
    if d is bool_:
        raise errors.error("kernel_not_implemented", op="baddbmm", dtype="Bool")
    b, a = _scalar_argument(beta, d), _scalar_argument(alpha, d)
    out = as_array(quiet_call(_baddbmm_data, input._data, batch1._data, batch2._data, b, a), d)
    tensors = (input, batch1, batch2)
    if not (grad_mode.enabled and any(x._requires_grad for x in tensors)):
        return Tensor._make(out, d)
    node = BaddbmmBackward0(tuple(edge(x) for x in tensors), ((out.shape, d),))
    node.beta, node.alpha = beta, alpha
    node.save(batch1 if batch2._requires_grad else None, batch2 if batch1._requires_grad else None)
    return Tensor._make(out, d, node)


def _addbmm(
    input: Tensor, batch1: Tensor, batch2: Tensor, *, beta: Any = 1, alpha: Any = 1
) -> Tensor:
    """torch's addbmm: self expanded, then one addmm_ per batch (beta for the first, 1
    after); no batches: beta * self."""
    from .linalg import _addmm_data, _scalar_argument
    from .shape_helpers import expand

    if not all(isinstance(x, Tensor) for x in (input, batch1, batch2)):
        raise TypeError("addbmm")  # (the parser words it)
    beta = arguments.number_argument("addbmm", "beta", beta)
    alpha = arguments.number_argument("addbmm", "alpha", alpha)
    shape = (batch1.shape[1], batch2.shape[2])
    expand(input, shape)  # (torch's expand error first)
    for name, x in (("batch1", batch1), ("batch2", batch2)):
        if x.dim() != 3:
            raise errors.error("batch_not_3d", name=name)
    if batch1.shape[0] != batch2.shape[0]:
        raise errors.error("addbmm_batches", n1=batch1.shape[0], n2=batch2.shape[0])
    if batch1.shape[2] != batch2.shape[1]:
        raise errors.error(
            "addbmm_sizes",
            r1=batch1.shape[1],
            c1=batch1.shape[2],
            r2=batch2.shape[1],
            c2=batch2.shape[2],
        )
    d = batch2.dtype
    for which, x in (("self", input), ("mat1", batch1)):
        if x.dtype is not d:
            raise errors.error(
                "addmm_dtypes", which=which, dtype1=x.dtype.scalar_name, dtype2=d.scalar_name
            )
    if d is bool_:
        raise errors.error("kernel_not_implemented", op="addmm_impl_cpu_", dtype="Bool")
    b, a = _scalar_argument(beta, d), _scalar_argument(alpha, d)
    out = np.broadcast_to(input._data, shape).copy()
    if batch1.shape[0] == 0:
        out = out * np.asarray(b, out.dtype) if b != 0 else np.zeros_like(out)
    for i in range(batch1.shape[0]):
        out = quiet_call(_addmm_data, out, batch1._data[i], batch2._data[i], b if i == 0 else 1, a)
    out = as_array(out, d)
    tensors = (input, batch1, batch2)
    if not (grad_mode.enabled and any(x._requires_grad for x in tensors)):
        return Tensor._make(out, d)
    node = AddbmmBackward0(tuple(edge(x) for x in tensors), ((out.shape, d),))
    node.beta, node.alpha, node.batches = beta, alpha, batch1.shape[0]
    node.save(batch1 if batch2._requires_grad else None, batch2 if batch1._requires_grad else None)
    return Tensor._make(out, d, node)


baddbmm = parsed(_baddbmm, "baddbmm")
baddbmm_method = parsed(_baddbmm, "baddbmm", method=True)
addbmm = parsed(_addbmm, "addbmm")
addbmm_method = parsed(_addbmm, "addbmm", method=True)


# --- cdist ----------------------------------------------------------------------------------


def _cdist_grad(grad: np.ndarray, x1: np.ndarray, x2: np.ndarray, p: float, dist: np.ndarray):
    """torch's _cdist_backward for x1 (batched, broadcast batch dims already expanded)."""
    diff = x1[..., :, None, :] - x2[..., None, :, :]
    g, d = grad[..., None], dist[..., None]
    with np.errstate(divide="ignore", invalid="ignore"):
        if p == 0:
            parts = np.zeros_like(diff)
        elif p == 1:
            parts = g * np.sign(diff)
        elif p == 2:
            parts = np.where(d == 0, 0, g * diff / d)
        elif math.isinf(p):
            parts = g * np.sign(diff) * (np.abs(diff) == d)
        elif p < 2:
            scaled = np.sign(diff) * np.abs(diff) ** (p - 1) * g / d ** (p - 1)
            parts = np.where((d == 0) | (diff == 0), 0, scaled)
        else:
            parts = np.where(d == 0, 0, diff * np.abs(diff) ** (p - 2) * g / d ** (p - 1))
    return parts.sum(axis=-2).astype(x1.dtype)


class CdistBackwardBackward0(Node):
    """The gradient of cdist's gradient: torch has no formula for it."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        raise errors.error("cdist_double_backward")


class CdistBackward0(Node):
    """torch's _cdist_backward for both operands; under create_graph each gradient comes from
    a ``CdistBackwardBackward0`` that refuses a further backward, as torch's."""

    __slots__ = ("p",)

    def backward(self, grad: Tensor) -> tuple:
        x1, x2, result = self.saved_tensors
        g, a, b, r = grad._data, x1._data, x2._data, result._data
        shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        a = np.broadcast_to(a, (*shape, *a.shape[-2:]))
        b = np.broadcast_to(b, (*shape, *b.shape[-2:]))
        g1 = _cdist_grad(g, a, b, self.p, r)
        g2 = _cdist_grad(np.swapaxes(g, -1, -2), b, a, self.p, np.swapaxes(r, -1, -2))
        sources = (grad, x1, x2)
        if not (grad_mode.enabled and any(x._requires_grad for x in sources)):
            return Tensor._make(g1, grad.dtype), Tensor._make(g2, grad.dtype)
        results = []
        for data in (g1, g2):
            node = CdistBackwardBackward0(
                tuple(edge(x) for x in sources), ((data.shape, grad.dtype),)
            )
            results.append(Tensor._make(data, grad.dtype, node))
        return tuple(results)


class EuclideanDistBackward0(Node):
    """torch's _euclidean_dist_backward from ops (so differentiable again): ratio = grad /
    result (0 where result is 0); x1 * ratio.sum(-1) - ratio @ x2, and for x2 likewise."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .linalg import matmul
        from .shape_helpers import transpose

        x1, x2, result = self.saved_tensors
        ratio = (grad / result).masked_fill(result == 0, 0)
        grad1 = x1 * ratio.sum(-1, True) - matmul(ratio, x2)
        grad2 = x2 * ratio.sum(-2).unsqueeze(-1) - matmul(transpose(ratio, -1, -2), x1)
        return grad1, grad2


def _cdist_data(a: np.ndarray, b: np.ndarray, p: float) -> np.ndarray:
    """Each pair's p-distance, the column differences added in order (torch's loop)."""
    diff = np.abs(a[..., :, None, :] - b[..., None, :, :])
    if p == 0:
        return np.add.accumulate((diff != 0).astype(a.dtype), axis=-1)[..., -1]
    if math.isinf(p):
        return diff.max(axis=-1)
    if p == 1:
        return np.add.accumulate(diff, axis=-1)[..., -1]
    if p == 2:
        return np.sqrt(np.add.accumulate(diff * diff, axis=-1)[..., -1])
    total = np.add.accumulate(diff ** np.asarray(p, a.dtype), axis=-1)[..., -1]
    return total ** np.asarray(1 / p, a.dtype)


def _cdist(x1: Tensor, x2: Tensor, p: Any, compute_mode: Any = None) -> Tensor:
    """torch.cdist: p = 2 with more than 25 rows on either side is ``_euclidean_dist``
    (the mm formula: ``x1 @ x2^T`` padded with the squared norms, clamped, sqrt, viewed),
    everything else ``_cdist_forward`` (each pair's distance)."""
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor)):
        raise TypeError("cdist")  # (the parser words it)
    if isinstance(p, bool):  # (torch's parser takes a bool as a float)
        p = float(p)
    if not isinstance(p, (int, float)):
        raise TypeError("cdist")
    for name, x in (("X1", x1), ("X2", x2)):
        if x.dim() < 2:
            raise errors.error("cdist_dims", name=name, ndim=x.dim())
    if x1.shape[-1] != x2.shape[-1]:
        raise errors.error("cdist_columns", c1=x1.shape[-1], c2=x2.shape[-1])
    for name, x in (("X1", x1), ("X2", x2)):
        if x.dtype.category != FLOATING:
            raise errors.error("cdist_dtype", name=name, dtype=x.dtype.scalar_name)
    if p < 0:
        raise errors.error("cdist_negative_p")
    if x1.dtype is not x2.dtype:
        raise errors.error(
            "expected_scalar_type", expected=x1.dtype.scalar_name, found=x2.dtype.scalar_name
        )
    if x1.dtype is float16:
        raise errors.error("kernel_not_implemented", op="cdist", dtype="Half")
    from .core import broadcast_error

    try:
        batch = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    except ValueError:
        raise broadcast_error(tuple(x1.shape[:-2]), tuple(x2.shape[:-2])) from None
    a = np.broadcast_to(x1._data, (*batch, *x1.shape[-2:]))
    b = np.broadcast_to(x2._data, (*batch, *x2.shape[-2:]))
    d = x1.dtype
    p = float(p)
    large = x1.shape[-2] > 25 or x2.shape[-2] > 25
    mm_mode = compute_mode == 1 or (compute_mode is None and large)
    euclidean = p == 2 and mm_mode and a.size and b.size
    if euclidean:
        norm1 = (a * a).sum(-1, keepdims=True)
        norm2 = (b * b).sum(-1, keepdims=True)
        left = np.concatenate([a * np.asarray(-2, d.np_dtype), norm1, np.ones_like(norm1)], -1)
        right = np.concatenate([b, np.ones_like(norm2), norm2], -1)
        out = quiet_call(lambda: np.sqrt(np.maximum(left @ np.swapaxes(right, -1, -2), 0)))
    else:
        out = quiet_call(_cdist_data, a, b, p)
    out = as_array(np.ascontiguousarray(out), d)
    if not (grad_mode.enabled and (x1._requires_grad or x2._requires_grad)):
        return Tensor._make(out, d)
    node_class = EuclideanDistBackward0 if euclidean else CdistBackward0
    node = node_class((edge(x1), edge(x2)), ((out.shape, d),))
    if not euclidean:
        node.p = p
    result = Tensor._make(out, d, node)
    node.save(x1, x2, outputs=(result,))
    if euclidean:
        from .shape_helpers import view

        return view(result, tuple(out.shape))
    return result


_cdist_vf = arguments.parsed_like_torch(_cdist, "cdist", overloads.FUNCTIONS["cdist"])
_COMPUTE_MODES = {
    "use_mm_for_euclid_dist_if_necessary": None,
    "use_mm_for_euclid_dist": 1,
    "donot_use_mm_for_euclid_dist": 2,
}


def cdist(
    x1: Tensor, x2: Tensor, p: Any = 2.0, compute_mode: Any = "use_mm_for_euclid_dist_if_necessary"
) -> Tensor:
    """``torch.cdist`` (torch/functional.py: the compute mode's name to _VF.cdist's int)."""
    if not isinstance(compute_mode, str) or compute_mode not in _COMPUTE_MODES:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    return _cdist_vf(x1, x2, p, _COMPUTE_MODES[compute_mode])
