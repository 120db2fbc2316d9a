"""``F.smooth_l1_loss``, ``F.huber_loss``, ``F.soft_margin_loss`` and ``F.kl_div`` as torch
2.13 computes them: the first three are native ops with their own grad_fn nodes
(SmoothL1LossBackward0, HuberLossBackward0, SoftMarginLossBackward0 and their
double-backward nodes), kl_div is torch's composite (``xlogy(t, t) - t * x``, or
``exp(t) * (t - x)`` for ``log_target``, then mean / sum / the sum over the batch size).

Each kernel runs in the input's dtype step by step, as torch's does (float16 computes in
float32 and rounds once); the mean is ``functional._reduce``'s (torch's sum order).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd.graph import Node
from ..dtypes import FLOATING
from ..dtypes import result_type as _result_type
from ..ops import load_views_module, pointwise
from ..ops import reduction as reduction_ops
from ..ops.core import as_array, edge, requires_grad
from ..ops.pointwise import _rounded_from_float64
from ..ops.quiet import quiet_call
from ..tensor import Tensor
from . import functional as _functional

_FLOAT16 = np.dtype(np.float16)


def _wide(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) if a.dtype == _FLOAT16 else a


def _size_warning(input: Tensor, target: Tensor) -> None:
    if target.size() != input.size():  # (torch's own test: its AttributeError for a non-tensor)
        errors.warn("mse_size", stacklevel=4, target=target.shape, input=input.shape)


def _broadcast(input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    return load_views_module().broadcast_tensors(input, target)


def _check_float(input: Tensor, target: Tensor, kernel: str) -> None:
    d = _result_type(input, target)
    if d.category != FLOATING:
        raise errors.error("kernel_not_implemented", op=kernel, dtype=d.scalar_name)


def _norm(reduction: str, numel: int, dtype: np.dtype) -> Any:
    """torch's ``norm``: ``1. / numel`` for a mean (in double, then the kernel's type)."""
    scalar = np.float32 if dtype == _FLOAT16 else dtype.type
    return scalar(1.0 / numel if reduction == "mean" and numel else 1.0)


def _half_norm(reduction: str, x: np.ndarray) -> Any:
    return x.dtype.type(1.0 / x.size if reduction == "mean" and x.size else 1.0)


def _double_backward_grad_output(
    backward: Any, grad: Tensor, grad_output: Tensor, reduction: str, *args: Any
) -> Tensor:
    """torch's ``*_double_backward_grad_output``: the first gradient again for 'none', else
    the sum of (the first gradient of a unit upstream) * grad."""
    if reduction == "none":
        return backward(grad, *args)
    ones = Tensor._make(np.ones_like(grad_output._data), grad_output.dtype)
    return reduction_ops.sum(backward(ones, *args) * grad)


# --- smooth_l1_loss / huber_loss ------------------------------------------------------------


def _smooth_l1_data(x: np.ndarray, y: np.ndarray, beta: float, huber: bool) -> np.ndarray:
    # smooth_l1's float16 kernel rounds each step (Vectorized<Half>'s operators), huber's
    # computes in float32 and rounds once
    a, b = (_wide(x), _wide(y)) if huber else (x, y)
    scalar = a.dtype.type
    z = np.abs(a - b)
    half, limit = scalar(0.5), scalar(beta)
    if huber:
        loss = np.where(z < limit, half * z * z, limit * (z - half * limit))
    else:
        loss = np.where(z < limit, half * z * z / limit, z - half * limit)
    return loss.astype(x.dtype)


def _smooth_l1_backward_data(
    grad: np.ndarray, x: np.ndarray, y: np.ndarray, reduction: str, beta: float, huber: bool
) -> np.ndarray:
    # (the reverse of the forward: smooth_l1's float16 gradient computes in float32, huber's
    # rounds each step)
    widen = (lambda a: a) if huber else _wide
    a, b = widen(x), widen(y)
    g = widen(np.broadcast_to(grad, x.shape))
    scalar = a.dtype.type
    norm, limit = (
        (_norm(reduction, x.size, x.dtype) if not huber else _half_norm(reduction, x)),
        scalar(beta),
    )
    d = a - b
    if huber:
        adjusted = np.where(d > 0, limit, -limit)
        adjusted = np.where(np.abs(d) < limit, d, adjusted)
    else:
        adjusted = np.where(d > 0, scalar(1), scalar(-1))
        adjusted = np.where(np.abs(d) < limit, d / limit, adjusted)
    return (norm * adjusted * g).astype(x.dtype)


class _PairLossBackward(Node):
    """Saves self and target; both gradients are the loss's backward op."""

    __slots__ = ("reduction", "beta")
    huber = False

    def backward(self, grad: Tensor) -> tuple:
        self_, target = self.saved_tensors
        grad_self = grad_target = None
        if self.next_functions[0][0] is not None:
            grad_self = _pair_backward(grad, self_, target, self.reduction, self.beta, self.huber)
        if self.next_functions[1][0] is not None:
            grad_target = _pair_backward(grad, target, self_, self.reduction, self.beta, self.huber)
        return grad_self, grad_target


class SmoothL1LossBackward0(_PairLossBackward):
    __slots__ = ()


class HuberLossBackward0(_PairLossBackward):
    __slots__ = ()
    huber = True


class _PairLossBackwardBackward(Node):
    """Gradient of the first gradient w.r.t. grad_output, self and target."""

    __slots__ = ("reduction", "beta")
    huber = False

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_, target = self.saved_tensors
        results: list[Tensor | None] = [None, None, None]
        if self.next_functions[0][0] is not None:
            results[0] = _double_backward_grad_output(
                lambda g: _pair_backward(g, self_, target, self.reduction, self.beta, self.huber),
                grad,
                grad_output,
                self.reduction,
            )
        if self.next_functions[1][0] is not None or self.next_functions[2][0] is not None:
            inside = (pointwise.abs(self_ - target) < self.beta).type_as(grad)
            second = grad * grad_output * inside
            if not self.huber:
                second = second / self.beta
            if self.reduction == "mean":
                second = second / self_._data.size
            results[1] = second if self.next_functions[1][0] is not None else None
            results[2] = -second if self.next_functions[2][0] is not None else None
        return tuple(results)


class SmoothL1LossBackwardBackward0(_PairLossBackwardBackward):
    __slots__ = ()


class HuberLossBackwardBackward0(_PairLossBackwardBackward):
    __slots__ = ()
    huber = True


def _pair_backward(
    grad_output: Tensor, input: Tensor, target: Tensor, reduction: str, beta: Any, huber: bool
) -> Tensor:
    d = input.dtype
    data = quiet_call(
        _smooth_l1_backward_data,
        grad_output._data,
        input._data,
        target._data,
        reduction,
        beta,
        huber,
    )
    out = as_array(data, d)
    if not requires_grad(grad_output, input, target):
        return Tensor._make(out, d)
    node_class = HuberLossBackwardBackward0 if huber else SmoothL1LossBackwardBackward0
    node = node_class((edge(grad_output), edge(input), edge(target)), ((out.shape, d),))
    node.reduction, node.beta = reduction, beta
    node.save(grad_output, input, target)
    return Tensor._make(out, d, node)


def _pair_loss(
    input: Tensor, target: Tensor, reduction: str, beta: Any, huber: bool, kernel: str
) -> Tensor:
    _functional._check_reduction(reduction)
    _check_float(input, target, kernel)
    d = _result_type(input, target)  # (the kernel's TensorIterator promotes)
    if input.dtype is not d:
        input = input.to(d)
    if target.dtype is not d:
        target = target.to(d)
    loss = quiet_call(_smooth_l1_data, input._data, target._data, beta, huber)
    out = as_array(quiet_call(_functional._reduce, as_array(loss, d), reduction), d)
    if not requires_grad(input, target):
        return Tensor._make(out, d)
    node_class = HuberLossBackward0 if huber else SmoothL1LossBackward0
    node = node_class((edge(input), edge(target)), ((out.shape, d),))
    node.reduction, node.beta = reduction, beta
    node.save(input, target)
    return Tensor._make(out, d, node)


def smooth_l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    beta: float = 1.0,
) -> Tensor:
    """``F.smooth_l1_loss``: ``0.5 * z**2 / beta`` below beta, ``z - 0.5 * beta`` above
    (SmoothL1LossBackward0); a beta of 0 is torch's l1_loss."""
    _size_warning(input, target)
    reduction = _functional._legacy_reduction(size_average, reduce, reduction)
    input, target = _broadcast(input, target)
    if beta == 0.0:
        return _functional.l1_loss(input, target, reduction=reduction)
    if beta < 0:
        raise errors.error("smooth_l1_negative_beta")
    return _pair_loss(input, target, reduction, beta, False, "smooth_l1_cpu")


def huber_loss(
    input: Tensor,
    target: Tensor,
    reduction: str = "mean",
    delta: float = 1.0,
    weight: Tensor | None = None,
) -> Tensor:
    """``F.huber_loss``: ``0.5 * z**2`` below delta, ``delta * (z - 0.5 * delta)`` above
    (HuberLossBackward0); with ``weight``, torch's Python path over engine ops."""
    _size_warning(input, target)
    input, target = _broadcast(input, target)
    if delta <= 0:
        raise errors.error("huber_delta")
    if weight is None:
        return _pair_loss(input, target, reduction, delta, True, "huber_cpu")
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    weighted = _pair_loss(input, target, "none", delta, True, "huber_cpu") * weight
    if reduction == "none":
        return weighted
    if reduction == "sum":
        return reduction_ops.sum(weighted)
    if reduction == "mean":
        return reduction_ops.mean(weighted)
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


# --- soft_margin_loss --------------------------------------------------------------------------


def _exp(a: np.ndarray) -> np.ndarray:
    return _rounded_from_float64(np.exp, a)


def _soft_margin_data(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``log1p(exp(-x * y))``, each op rounded to the dtype (torch's exp, then its log1p:
    SLEEF's ``log1pf_u10`` for float32)."""
    d = x.dtype
    z = _exp(_wide((-x * y).astype(d))).astype(d)
    if d == np.float64:
        return np.log1p(z)
    from ..ops.vector_kernels import sleef_log1pf  # (first use: the engine's import time)

    return sleef_log1pf(z.astype(np.float32)).astype(d)


def _soft_margin_backward_data(
    grad: np.ndarray, x: np.ndarray, y: np.ndarray, reduction: str
) -> np.ndarray:
    d = x.dtype
    z = _exp((-y * x).astype(d)).astype(d)  # (each of torch's ops rounds to the dtype)
    norm = d.type(1.0 / x.size if reduction == "mean" and x.size else 1.0)
    out = (y * z).astype(d) * -norm
    out = (out.astype(d) / (z + d.type(1)).astype(d)).astype(d)
    return (out * np.broadcast_to(grad, x.shape)).astype(d)


class SoftMarginLossBackward0(Node):
    """Saves self and target; the gradient (self's only) is ``soft_margin_loss_backward``."""

    __slots__ = ("reduction",)

    def backward(self, grad: Tensor) -> tuple:
        self_, target = self.saved_tensors
        return (soft_margin_loss_backward(grad, self_, target, self.reduction),)


class SoftMarginLossBackwardBackward0(Node):
    """Gradient of ``soft_margin_loss_backward(grad_output, self, target)``."""

    __slots__ = ("reduction",)

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_, target = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = _double_backward_grad_output(
                lambda g: soft_margin_loss_backward(g, self_, target, self.reduction),
                grad,
                grad_output,
                self.reduction,
            )
        if self.next_functions[1][0] is not None:  # soft_margin_loss_double_backward
            z = pointwise.exp(self_ * -target)
            plus_one = z + 1
            grad_self = grad * grad_output * (target * target) * z / (plus_one * plus_one)
            if self.reduction == "mean":
                grad_self = grad_self / self_._data.size
        return grad_grad_output, grad_self


def soft_margin_loss_backward(
    grad_output: Tensor, input: Tensor, target: Tensor, reduction: str
) -> Tensor:
    d = input.dtype
    data = quiet_call(
        _soft_margin_backward_data, grad_output._data, input._data, target._data, reduction
    )
    out = as_array(data, d)
    if not requires_grad(grad_output, input):
        return Tensor._make(out, d)
    node = SoftMarginLossBackwardBackward0((edge(grad_output), edge(input)), ((out.shape, d),))
    node.reduction = reduction
    node.save(grad_output, input, target)
    return Tensor._make(out, d, node)


def soft_margin_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """``F.soft_margin_loss``: ``log(1 + exp(-target * input))`` (SoftMarginLossBackward0)."""
    reduction = _functional._legacy_reduction(size_average, reduce, reduction)
    _functional._check_reduction(reduction)
    if input.shape != target.shape:
        shape = np.broadcast_shapes(input._data.shape, target._data.shape)
        if shape != input._data.shape:
            raise errors.error(
                "inplace_broadcast", out_shape=list(input.shape), broadcast_shape=list(shape)
            )
    d = input.dtype
    if d.category != FLOATING:  # (its output is empty_like(input))
        result = _result_type(input, target)
        name = result.scalar_name if result.category == FLOATING else "Float"
        raise errors.error("result_type_cast", result=name, output=d.scalar_name)
    target_data = np.broadcast_to(target._data.astype(d.np_dtype), input._data.shape)
    loss = quiet_call(_soft_margin_data, input._data, target_data)
    out = as_array(quiet_call(_functional._reduce, as_array(loss, d), reduction), d)
    if not requires_grad(input):
        return Tensor._make(out, d)
    node = SoftMarginLossBackward0((edge(input),), ((out.shape, d),))
    node.reduction = reduction
    node.save(input, target)
    return Tensor._make(out, d, node)


# --- kl_div ------------------------------------------------------------------------------------


def _xlogy_self(target: Tensor) -> Tensor:
    """``xlogy(target, target)``: 0 where target is 0, nan where it is nan."""
    if requires_grad(target):
        raise errors.unsupported("torch.nn.functional.kl_div with a target that requires grad")
    t = target._data
    with np.errstate(all="ignore"):
        out = np.where(t == 0, t.dtype.type(0), t * _rounded_from_float64(np.log, t))
        out = np.where(np.isnan(t), t.dtype.type(np.nan), out).astype(t.dtype)
    return Tensor._make(as_array(out, target.dtype), target.dtype)


def kl_div(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    log_target: bool = False,
) -> Tensor:
    """``F.kl_div``: torch's composite (SubBackward0 / MulBackward0, then MeanBackward0,
    SumBackward0, or SumBackward0 / DivBackward0 for 'batchmean')."""
    if size_average is not None or reduce is not None:
        reduction = _functional._legacy_reduction(size_average, reduce, reduction)
    elif reduction == "mean":
        errors.warn("kl_div_mean")  # (errors.warn: F.kl_div loads on first use)
    summed = "sum" if reduction == "batchmean" else reduction
    if input.dtype.category != FLOATING or target.dtype.category != FLOATING:
        raise errors.error("kl_div_integral")
    _functional._check_reduction(summed)
    if log_target:
        output = pointwise.exp(target) * (target - input)
    else:
        output = _xlogy_self(target) - target * input
    if summed == "mean":
        reduced = reduction_ops.mean(output)
    elif summed == "sum":
        reduced = reduction_ops.sum(output)
    else:
        reduced = output
    if reduction == "batchmean" and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced
