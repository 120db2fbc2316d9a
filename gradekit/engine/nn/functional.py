"""torch.nn.functional: activations and the common losses, with torch's grad_fn nodes."""

from __future__ import annotations

import warnings  # noqa: F401 - torch.nn.functional has it too (F.warnings, public_api.json)
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, int64
from ..dtypes import bool_ as _bool  # (not torch.nn.functional API)
from ..dtypes import result_type as _result_type
from ..dtypes import uint8 as _uint8  # (not torch.nn.functional API)
from ..ops import arguments as _arguments
from ..ops import linalg, pointwise
from ..ops import load_views_module as _load_views_module
from ..ops import overloads as _overloads
from ..ops import reduction as reduction_ops
from ..ops.core import as_array, edge
from ..ops.deferred import deferred as _deferred
from ..ops.inplace import apply_inplace as _apply_inplace
from ..ops.inplace import relu_ as _relu_
from ..ops.pointwise import _rounded_from_float64, sigmoid, tanh
from ..ops.quiet import quiet_op as _quiet_op
from ..ops.reduction import EMPTY_MEAN as _EMPTY_MEAN
from ..ops.reduction import torch_full_sum
from ..ops.shape_helpers import expand, t
from ..ops.shape_helpers import reshape as _reshape
from ..ops.shape_helpers import view as _view
from ..tensor import Tensor
from ..torch_names import namespace_hooks as _namespace_hooks
from .dropout import dropout  # noqa: F401 - torch.nn.functional.dropout
from .smooth_activations import _check_float, logsigmoid, softplus

__all__ = [
    "adaptive_avg_pool1d",
    "adaptive_avg_pool2d",
    "adaptive_max_pool2d",
    "avg_pool1d",
    "avg_pool2d",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "conv1d",
    "conv2d",
    "cosine_similarity",
    "celu",
    "celu_",
    "cross_entropy",
    "elu",
    "elu_",
    "gelu",
    "glu",
    "hardshrink",
    "hardsigmoid",
    "hardswish",
    "hardtanh",
    "hardtanh_",
    "huber_loss",
    "kl_div",
    "l1_loss",
    "layer_norm",
    "leaky_relu",
    "leaky_relu_",
    "linear",
    "log_softmax",
    "logsigmoid",
    "max_pool1d",
    "max_pool2d",
    "mish",
    "mse_loss",
    "nll_loss",
    "normalize",
    "one_hot",
    "pairwise_distance",
    "pad",
    "relu",
    "relu6",
    "selu",
    "selu_",
    "sigmoid",
    "silu",
    "smooth_l1_loss",
    "soft_margin_loss",
    "softmax",
    "softmin",
    "softplus",
    "softshrink",
    "softsign",
    "tanh",
    "tanhshrink",
    "threshold",
    "threshold_",
]

_REDUCTIONS = ("none", "mean", "sum")
_FLOAT16 = np.dtype(np.float16)  # (an identity test: ``dtype == np.float16`` converts the type)


def _legacy_reduction(size_average: Any, reduce: Any, reduction: str) -> str:
    """torch's ``_Reduction.legacy_get_string``: the deprecated ``size_average``/``reduce``
    arguments, when either is given, replace ``reduction`` (with torch's UserWarning)."""
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    legacy = "mean" if size_average and reduce else "sum" if reduce else "none"
    errors.warn("legacy_reduction", stacklevel=4, reduction=legacy)
    return legacy


def _check_reduction(reduction: str) -> None:
    if reduction not in _REDUCTIONS:
        raise errors.error("invalid_reduction", reduction=reduction)


def _reduce_grad(grad: Tensor, reduction: str, shape: tuple[int, ...], count: int) -> Tensor:
    """The per-element upstream gradient of a loss with the given reduction."""
    if reduction == "none":
        return grad
    expanded = expand(grad, shape)
    return expanded / count if reduction == "mean" and count else expanded


def _reduce(values: np.ndarray, reduction: str) -> np.ndarray:
    """torch's apply_loss_reduction: mean is the sum (in torch's order) over the count (a
    float16 mean summed and divided in float32 and rounded once, as ``Tensor.mean``; the
    caller is quiet: past 65504 it is inf)."""
    if reduction == "mean":
        if not values.size:
            return np.asarray(_EMPTY_MEAN, dtype=values.dtype)
        wide = values.astype(np.float32) if values.dtype is _FLOAT16 else values
        return np.asarray(torch_full_sum(wide) / values.size, dtype=values.dtype)
    if reduction == "sum":
        return np.asarray(torch_full_sum(values), dtype=values.dtype)
    return values


# --- activations -----------------------------------------------------------------------------
def _implicit_softmax_dim(name: str, ndim: int) -> int:
    errors.warn_at_caller("implicit_softmax_dim", name=name)
    return 0 if ndim in (0, 1, 3) else 1


# torch's F.softmax, F.log_softmax and F.sigmoid are Python calling the input's method
# (``input.softmax(dim)``): their argument errors are the method's, or an AttributeError.
def _softmax(
    input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype: Any = None
) -> Tensor:
    try:
        if dim is None:
            dim = _implicit_softmax_dim("softmax", input.ndim)
        return reduction_ops.softmax(input, dim, dtype)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise _arguments.not_a_tensor("softmax", input, failure, dim, dtype) from None


def _log_softmax(
    input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype: Any = None
) -> Tensor:
    try:
        if dim is None:
            dim = _implicit_softmax_dim("log_softmax", input.ndim)
        return reduction_ops.log_softmax(input, dim, dtype)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise _arguments.not_a_tensor("log_softmax", input, failure, dim, dtype) from None


# (Python's own errors name the body: F.softmax(x, axis=0) "softmax() got an unexpected ...")
_softmax.__qualname__, _log_softmax.__qualname__ = "softmax", "log_softmax"
softmax = _quiet_op(_arguments.known_as(_softmax, "softmax", _arguments.CALLS_METHOD))
log_softmax = _quiet_op(_arguments.known_as(_log_softmax, "log_softmax", _arguments.CALLS_METHOD))
softmax.__name__ = softmax.__qualname__ = "softmax"
log_softmax.__name__ = log_softmax.__qualname__ = "log_softmax"
sigmoid = _arguments.renamed(sigmoid, "sigmoid", kind=_arguments.CALLS_METHOD)


def relu(input: Tensor, inplace: bool = False) -> Tensor:
    """``F.relu(x)``, or ``x.relu_()`` with ``inplace`` (torch's F.relu is Python too)."""
    return _relu_(input) if inplace else pointwise.relu(input)


# (nn/activations.py loads on first use: the engine's import time)
_leaky_relu_backward = _deferred("nn.activations", "leaky_relu_backward", "leaky_relu_backward")


class LeakyReluBackward0(Node):
    __slots__ = ("negative_slope",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (_leaky_relu_backward(grad, self_, self.negative_slope),)


class LeakyReluBackward1(Node):
    """The in-place form: saves the result (the input is overwritten)."""

    __slots__ = ("negative_slope",)

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (_leaky_relu_backward(grad, result, self.negative_slope),)


def _leaky_relu_saving_result(input: Tensor, negative_slope: float) -> Tensor:
    """leaky_relu recorded as ``leaky_relu_``: LeakyReluBackward1, which saves the result."""
    data = input._data
    out = as_array(np.where(data > 0, data, data * negative_slope), input.dtype)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out, input.dtype)
    node = LeakyReluBackward1((input._edge(),), ((out.shape, input.dtype),))
    node.negative_slope = negative_slope
    result = Tensor._make(out, input.dtype, node)
    node.save(outputs=(result,))
    return result


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    if isinstance(input, Tensor):  # (torch's kernel: floating types only)
        _check_float(input, "leaky_relu_cpu")
    if inplace:  # torch's F.leaky_relu calls torch._C._nn.leaky_relu_
        return _apply_inplace(input, _leaky_relu_saving_result, negative_slope)
    data = input._data
    out = as_array(np.where(data > 0, data, data * negative_slope), input.dtype)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out, input.dtype)
    node = LeakyReluBackward0((input._edge(),), ((out.shape, input.dtype),))
    node.negative_slope = negative_slope
    node.save(input)
    return Tensor._make(out, input.dtype, node)


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``, recorded as torch does (Mm/Addmm with TBackward0)."""
    try:
        if bias is not None:
            ndim = input.ndim
            if ndim == 2:
                return linalg.addmm(bias, input, t(weight))
            # torch's _flatten_nd_linear: a contiguous input with a bias that is a vector
            # (1-d, or one size other than 1) is reshaped to rows, addmm'ed and viewed back
            # (ViewBackward0, addmm's errors); else the product, bias added in place
            if ndim and input._data.flags.c_contiguous and _vector_bias(bias._data):
                sizes = input._data.shape
                rows = _reshape(input, (int(np.prod(sizes[:-1])), sizes[-1]))
                result = linalg.addmm(bias, rows, t(weight))
                return _view(result, (*sizes[:-1], result._data.shape[1]))
            return linalg.matmul(input, t(weight)).add_(bias)  # (torch adds in place)
        return linalg.matmul(input, t(weight))
    except (RuntimeError, ValueError):  # (free unless raised) a 0-d operand: linear's words
        dims = (getattr(input, "ndim", None), getattr(weight, "ndim", None))
        if 0 in dims:
            raise errors.error("linear_0d", d1=dims[0], d2=dims[1]) from None
        raise


def _vector_bias(bias: np.ndarray) -> bool:
    """The biases torch 2.13's linear fuses into addmm for other than 2-d inputs: contiguous
    vectors (measured: (3,), (1,), (1, 3), (3, 1), (1, 1, 3) are; (), (1, 1), (2, 3),
    (2, 1, 3) and strided or expanded ones are not)."""
    shape = bias.shape
    return bias.flags.c_contiguous and (len(shape) == 1 or sum(size != 1 for size in shape) == 1)


# --- losses ------------------------------------------------------------------------------------
class MseLossBackward0(Node):
    """Saves self and target; both gradients are the op ``mse_loss_backward`` (torch)."""

    __slots__ = ("reduction",)

    def backward(self, grad: Tensor) -> tuple:
        self_, target = self.saved_tensors
        grad_self = grad_target = None
        if self.next_functions[0][0] is not None:
            grad_self = mse_loss_backward(grad, self_, target, self.reduction)
        if self.next_functions[1][0] is not None:
            grad_target = mse_loss_backward(grad, target, self_, self.reduction)
        return grad_self, grad_target


class MseLossBackwardBackward0(Node):
    """Gradient of ``mse_loss_backward(grad_output, self, target)``.  Saves all three."""

    __slots__ = ("reduction",)

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_, target = self.saved_tensors
        numel = self_._data.size
        grad_grad_output = grad_self = grad_target = None
        if self.next_functions[0][0] is not None:  # mse_loss_double_backward_grad_output
            if self.reduction == "none":
                grad_grad_output = mse_loss_backward(grad, self_, target, self.reduction)
            else:
                ones = Tensor._make(np.ones_like(grad_output._data), grad_output.dtype)
                per_element = mse_loss_backward(ones, self_, target, self.reduction)
                grad_grad_output = reduction_ops.sum(per_element * grad)
        if self.next_functions[1][0] is not None or self.next_functions[2][0] is not None:
            scaled = grad * grad_output * 2  # mse_loss_double_backward(grad * grad_output)
            if self.reduction == "mean":
                scaled = scaled / numel
            if self.next_functions[1][0] is not None:
                grad_self = scaled
            if self.next_functions[2][0] is not None:
                grad_target = -scaled
        return grad_grad_output, grad_self, grad_target


def _one_hot(input: Tensor, num_classes: Any = -1) -> Tensor:
    """``F.one_hot``: int64 classes to an int64 tensor with a last dim of num_classes (one
    more than the largest class by default), a 1 at each class."""
    if isinstance(num_classes, Tensor) and num_classes._data.ndim == 0:
        if num_classes.dtype.category == FLOATING or num_classes.dtype is _bool:
            raise TypeError("one_hot")  # (the parser words it)
        num_classes = num_classes.item()
    if isinstance(num_classes, bool) or not isinstance(num_classes, (int, np.integer)):
        raise TypeError("one_hot")  # (the parser words it)
    if not isinstance(input, Tensor):
        raise TypeError("one_hot")
    if input.dtype is not int64:
        raise errors.error("one_hot_dtype")
    classes = input._data
    num_classes = int(num_classes)
    if classes.size == 0:
        if num_classes <= 0:
            raise errors.error("one_hot_empty")
        return Tensor._make(np.zeros(classes.shape + (num_classes,), np.int64), int64)
    if classes.min() < 0:
        raise errors.error("one_hot_negative")
    largest = int(classes.max())
    if num_classes == -1:
        num_classes = largest + 1
    elif num_classes <= largest:
        raise errors.error("one_hot_too_large")
    out = (classes[..., None] == np.arange(num_classes)).astype(np.int64)
    return Tensor._make(out, int64)


one_hot = _arguments.parsed_like_torch(_one_hot, "one_hot", _overloads.FUNCTIONS["one_hot"])
one_hot.__name__ = one_hot.__qualname__ = "one_hot"


@_quiet_op
def mse_loss_backward(grad_output: Tensor, input: Tensor, target: Tensor, reduction: str) -> Tensor:
    """torch's ``mse_loss_backward``: ``norm * (input - target) * grad_output`` as one op."""
    size = input._data.size  # (an empty input's mean: no element to scale, torch's 2. / 0)
    norm = 2.0 / size if reduction == "mean" and size else 2.0
    data = (input._data - target._data) * norm * grad_output._data
    out = as_array(np.broadcast_to(data, input._data.shape).copy(), input.dtype)
    tensors = (grad_output, input, target)
    if not (grad_mode.enabled and any(t._requires_grad for t in tensors)):
        return Tensor._make(out, input.dtype)
    node = MseLossBackwardBackward0(
        (grad_output._edge(), input._edge(), target._edge()), ((out.shape, input.dtype),)
    )
    node.reduction = reduction
    node.save(grad_output, input, target)
    return Tensor._make(out, input.dtype, node)


@_quiet_op
def mse_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    weight: Any = None,
) -> Tensor:
    if target.size() != input.size():  # (torch's own test: its AttributeError for a non-tensor)
        errors.warn_at_caller("mse_size", target=target.shape, input=input.shape)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if weight is not None:
        return _weighted_mse_loss(input, target, weight, reduction)
    _check_reduction(reduction)
    d = _result_type(input, target)  # (torch's kernel: floating results only; a bool operand
    if d.category != FLOATING:  # converts, where ``-`` would refuse it)
        raise errors.error("kernel_not_implemented", op="mse_cpu", dtype=d.scalar_name)
    if target.dtype is _bool:
        target = Tensor._make(target._data.astype(d.np_dtype), d)
    if input.dtype is _bool:
        input = Tensor._make(input._data.astype(d.np_dtype), d)
    with grad_mode.no_grad():
        diff = input - target
    out = as_array(_reduce(diff._data * diff._data, reduction), d)
    if not (grad_mode.enabled and (input._requires_grad or target._requires_grad)):
        return Tensor._make(out, d)
    if input.shape != target.shape:
        shape = np.broadcast_shapes(input._data.shape, target._data.shape)
        input, target = expand(input, shape), expand(target, shape)
    node = MseLossBackward0((edge(input), edge(target)), ((out.shape, d),))
    node.reduction = reduction
    node.save(input, target)
    return Tensor._make(out, d, node)


def l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """torch's composite l1_loss: ``(input - target).abs()``, then its mean or sum, so the
    grad_fn is MeanBackward0 / SumBackward0 / AbsBackward0 as in torch."""
    if target.size() != input.size():  # (torch's own test: its AttributeError for a non-tensor)
        errors.warn_at_caller("mse_size", target=target.shape, input=input.shape)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    input, target = _load_views_module().broadcast_tensors(input, target)
    _check_reduction(reduction)
    loss = pointwise.abs(input - target)
    if reduction == "mean":
        return reduction_ops.mean(loss)
    return reduction_ops.sum(loss) if reduction == "sum" else loss


def _weighted_mse_loss(input: Tensor, target: Tensor, weight: Tensor, reduction: str) -> Tensor:
    """torch's Python path for ``mse_loss(..., weight=w)``: recorded engine ops (PowBackward0,
    MulBackward0, SumBackward0, DivBackward0), the mean divided by the weights' sum."""
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    shape = np.broadcast_shapes(input._data.shape, target._data.shape)
    difference = expand(input, shape) - expand(target, shape)
    weighted = pointwise.pow(difference, 2) * weight
    if reduction == "none":
        return weighted
    if reduction == "sum":
        return reduction_ops.sum(weighted)
    if reduction == "mean":
        return reduction_ops.sum(weighted) / reduction_ops.sum(weight)
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


class BinaryCrossEntropyBackward0(Node):
    """Saves self, target and weight."""

    __slots__ = ("reduction",)

    def backward(self, grad: Tensor) -> tuple:
        self_, target, weight = self.saved_tensors
        numel = self_._data.size
        # torch's binary_cross_entropy_backward: grad * (x - y) / max((1 - x) * x, EPSILON)
        # [* weight], and only then / numel for mean, each step rounded in the dtype (a
        # mean/sum's 0-d grad broadcasts)
        denominator = pointwise.clamp((1 - self_) * self_, min=1e-12)
        grad_self = self._finish(grad * (self_ - target) / denominator, weight, numel)
        grad_target = None
        if self.next_functions[1][0] is not None:
            # binary_cross_entropy_target_backward: -logit(x) * grad [* weight] [/ numel],
            # logit(x) = log(x / (1 - x)) (each step in the dtype, as torch's logit kernel)
            logit = pointwise.log(self_ / (1 - self_))
            grad_target = self._finish(-logit * grad, weight, numel)
        return grad_self, grad_target

    def _finish(self, per_element: Tensor, weight: Tensor | None, numel: int) -> Tensor:
        if weight is not None:
            per_element = per_element * weight
        if self.reduction == "mean" and numel:
            return per_element / numel
        return per_element


@_quiet_op
def binary_cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    if target.size() != input.size():  # (torch's own test: its AttributeError for a non-tensor)
        raise errors.error("bce_target_size", target=target.shape, input=input.shape)
    if weight is not None:
        weight.size()  # torch's _infer_size(target.size(), weight.size()), for its error
    if target.dtype is not input.dtype:  # (the kernel's TensorIterator: one dtype)
        raise errors.error(
            "found_dtype", found=target.dtype.scalar_name, expected=input.dtype.scalar_name
        )
    if input.dtype.category != FLOATING:
        raise errors.error(
            "kernel_not_implemented", op="binary_cross_entropy", dtype=input.dtype.scalar_name
        )
    x, y = input._data, target._data
    outside = ~((x >= 0) & (x <= 1)) | ~((y >= 0) & (y <= 1))  # (a nan too)
    if outside.any():  # torch checks element by element, the input's first
        first = np.argmax(outside.reshape(-1))
        x_value = x.reshape(-1)[first]
        raise errors.error("bce_range" if not 0 <= x_value <= 1 else "bce_target_range")
    # torch's kernel, step by step in the input's dtype (logs correctly rounded, as libm's):
    # (y - 1) * max(log1p(-x), -100) - y * max(log(x), -100)
    with np.errstate(all="ignore"):
        log_x = np.maximum(_rounded_from_float64(np.log, x), -100)
        log_1mx = np.maximum(_rounded_from_float64(np.log1p, -x), -100)
    loss = (y - 1) * log_1mx - y * log_x
    if weight is not None:
        loss = loss * weight._data
    d = input.dtype
    out = as_array(_reduce(as_array(loss, d), reduction), d)
    if not (grad_mode.enabled and (input._requires_grad or target._requires_grad)):
        return Tensor._make(out, d)
    node = BinaryCrossEntropyBackward0((edge(input), edge(target)), ((out.shape, d),))
    node.reduction = reduction
    node.save(input, target, weight)
    return Tensor._make(out, d, node)


class BinaryCrossEntropyWithLogitsBackward0(Node):
    """Saves self, target, weight and pos_weight."""

    __slots__ = ("reduction",)

    def _finish(self, per_element: Tensor, weight: Tensor | None, numel: int) -> Tensor:
        # torch: (formula * grad) [* weight], then "/ numel" for mean (DivBackward1)
        if weight is not None:
            per_element = per_element * weight
        if self.reduction == "mean":
            return pointwise.div_scalar(per_element, numel)
        return per_element

    def backward(self, grad: Tensor) -> tuple:
        self_, target, weight, pos_weight = self.saved_tensors
        numel = self_._data.size
        probability = sigmoid(self_)
        if pos_weight is None:
            grad_self = (probability - target) * grad
        else:
            scaled = pos_weight * target
            grad_self = ((scaled + 1 - target) * probability - scaled) * grad
        grad_target = None
        if self.next_functions[1][0] is not None:
            if pos_weight is None:
                grad_target = -self_ * grad
            else:
                grad_target = (-self_ + (pos_weight - 1) * _softplus(-self_)) * grad
            grad_target = self._finish(grad_target, weight, numel)
        return self._finish(grad_self, weight, numel), grad_target


def _softplus(x: Tensor) -> Tensor:
    """log(1 + exp(x)), computed stably with engine ops."""
    return pointwise.clamp(x, min=0) + pointwise.log(1 + pointwise.exp(-pointwise.abs(x)))


@_quiet_op
def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    reduce: Any = None,
    reduction: str = "mean",
    pos_weight: Tensor | None = None,
) -> Tensor:
    reduction = _legacy_reduction(size_average, reduce, reduction)
    _check_reduction(reduction)
    if target.size() != input.size():  # (torch's own test: its AttributeError for a non-tensor)
        raise errors.error("bce_with_logits_target_size", target=target.shape, input=input.shape)
    if weight is not None and not isinstance(weight, Tensor):
        raise _arguments.call_error(
            "binary_cross_entropy_with_logits",
            (
                "(Tensor input, Tensor target, Tensor weight = None, Tensor pos_weight = None, "
                "int reduction = 1)",
            ),
            (input, target, weight),
            {},
        ) or TypeError("weight")
    x = input._data
    if input.dtype.category != FLOATING:
        raise errors.error(
            "kernel_not_implemented", op="log_sigmoid_cpu", dtype=input.dtype.scalar_name
        )
    d = target.dtype  # (the loss is ``(1 - target).mul_(input)``: the target's dtype)
    if d is _bool:
        raise errors.error("sub_bool")
    if d.category != FLOATING:
        raise errors.error("result_type_cast", result=input.dtype.scalar_name, output=d.scalar_name)
    y = target._data
    # torch: (1 - y).mul_(x).sub_(log_sigmoid(x) [.mul_(log_weight)]) [.mul_(weight)], each
    # in-place step computed in the operands' common dtype and stored in its own, with
    # log_sigmoid(x) = min(0, x) - log1p(exp(-|x|)) (exp and log1p correctly rounded; for
    # float16 torch's kernel computes it in float32 and rounds once)
    wide = x.astype(np.float32) if x.dtype is _FLOAT16 else x
    log_sigmoid = np.minimum(wide, 0) - _rounded_from_float64(
        np.log1p, _rounded_from_float64(np.exp, -np.abs(wide))
    )
    if wide is not x:
        log_sigmoid = log_sigmoid.astype(np.float16)
    if pos_weight is not None:
        log_weight = (pos_weight._data - 1) * y + 1
        log_sigmoid = (log_sigmoid * log_weight).astype(x.dtype, copy=False)
    loss = ((1 - y) * x).astype(d.np_dtype, copy=False)
    loss = (loss - log_sigmoid).astype(d.np_dtype, copy=False)
    if weight is not None:
        loss = (loss * weight._data).astype(d.np_dtype, copy=False)
    out = as_array(_reduce(as_array(loss, d), reduction), d)
    if not (grad_mode.enabled and (input._requires_grad or target._requires_grad)):
        return Tensor._make(out, d)
    node = BinaryCrossEntropyWithLogitsBackward0((edge(input), edge(target)), ((out.shape, d),))
    node.reduction = reduction
    node.save(input, target, weight, pos_weight)
    return Tensor._make(out, d, node)


class NllLossBackward0(Node):
    """Saves self, target, weight and total_weight (self only for its shape and version)."""

    __slots__ = ("reduction", "ignore_index", "self_sizes", "total_weight")

    def backward(self, grad: Tensor) -> tuple:
        """torch's ``nll_loss_backward``: one op (NllLossBackwardBackward0 when recorded)."""
        _, target, weight = self.saved_tensors
        with grad_mode.no_grad():
            scale = _nll_scale(
                target._data, None if weight is None else weight._data, self.ignore_index
            )
            np_dtype = grad.dtype.np_dtype
            scale = scale.astype(np_dtype)
            # torch: w[t_n] * -(grad / total_weight) where the target counts, 0 where it is
            # ignored (a zero total weight: inf, or nan for a zero weight, and zeros for the
            # ignored; the mean of nothing, the loss, is nan)
            upstream = grad._data
            if self.reduction == "mean":
                with np.errstate(divide="ignore", invalid="ignore"):
                    upstream = upstream / np_dtype.type(self.total_weight)
            counted = target._data != self.ignore_index
            picked = Tensor._make(
                np.where(counted, scale * -upstream, np_dtype.type(0)).astype(np_dtype), grad.dtype
            )
            result = _scatter_class(picked, target._data, self.self_sizes)
        self_edge = self.next_functions[0]
        if not (grad_mode.enabled and (grad._requires_grad or self_edge[0] is not None)):
            return (result,)
        node = NllLossBackwardBackward0(
            (grad._edge(), self_edge), ((result._data.shape, result.dtype),)
        )
        node.reduction, node.ignore_index = self.reduction, self.ignore_index
        node.save(target, weight)
        return (Tensor._make(result._data, result.dtype, node),)


class NllLossBackwardBackward0(Node):
    """Gradient of ``nll_loss_backward``: w.r.t. grad_output it is ``nll_loss(grad)``;
    w.r.t. self it is zero (the first gradient does not depend on self)."""

    __slots__ = ("reduction", "ignore_index")

    def backward(self, grad: Tensor) -> tuple:
        target, weight = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = nll_loss(
                grad, target, weight, ignore_index=self.ignore_index, reduction=self.reduction
            )
        if self.next_functions[1][0] is not None:
            grad_self = Tensor._make(np.zeros_like(grad._data), grad.dtype)
        return grad_grad_output, grad_self


def _nll_scale(target: np.ndarray, weight: np.ndarray | None, ignore_index: int) -> np.ndarray:
    valid = target != ignore_index
    safe = np.where(valid, target, 0)
    w = np.ones(safe.shape) if weight is None else weight[safe]
    return np.where(valid, w, 0.0)


def _nll_cascade_sums(
    picked: np.ndarray, target: np.ndarray, weight: np.ndarray | None, ignore_index: int
) -> tuple[np.generic, np.generic]:
    """The sum of the losses ``-picked * weight`` and of the weights (the count of targets
    that are not ignored, without weights), in the order of torch's CPU nll_loss: eight
    partial sums, the loss (``x * w``, rounded, then subtracted) and weight of item ``b``
    (in C order) going into the first, and after item ``b`` each level ``j`` with
    ``b % 16**(j + 1) == 0`` handed up into level ``j + 1`` (item 0 goes straight to the
    top); an ignored item is skipped before that step.  The sums are the levels in order.

    Without ignored targets the levels are fixed groups of 16 (``_cascade_in_groups``, a
    few numpy calls); with some, the item-by-item loop below follows torch's exactly."""
    if not (target == ignore_index).any():
        return _cascade_in_groups(picked, target, weight)
    return _cascade_item_by_item(picked, target, weight, ignore_index)


def _cascade_item_by_item(
    picked: np.ndarray, target: np.ndarray, weight: np.ndarray | None, ignore_index: int
) -> tuple[np.generic, np.generic]:
    """``_nll_cascade_sums`` as torch's loop runs it, one item at a time."""
    scalar = picked.dtype.type
    # Python floats are IEEE doubles: the same float64 arithmetic, without numpy's per-scalar
    # cost; float32 keeps numpy scalars so that every step rounds to float32
    number = float if picked.dtype == np.float64 else scalar
    items = picked.ravel().tolist() if number is float else list(picked.ravel())
    targets = target.ravel().tolist()
    loss_sums, weight_sums = [number(0)] * 8, [number(0)] * 8
    ignored = 0
    for b, (value, cls) in enumerate(zip(items, targets, strict=True)):
        if cls == ignore_index:
            ignored += 1
            continue
        if weight is None:
            loss_sums[0] = loss_sums[0] - value
        else:
            weight_value = number(weight[cls])
            loss_sums[0] = loss_sums[0] - value * weight_value
            weight_sums[0] = weight_sums[0] + weight_value
        for level in range(7):
            if b & (15 << (4 * level)):
                break
            loss_sums[level + 1] = loss_sums[level + 1] + loss_sums[level]
            weight_sums[level + 1] = weight_sums[level + 1] + weight_sums[level]
            loss_sums[level] = weight_sums[level] = number(0)
    if weight is None:
        weight_total = scalar(len(targets) - ignored)
    else:
        weight_total = scalar(0)
        for partial in weight_sums:
            weight_total = scalar(weight_total + partial)
    loss_total = scalar(0)
    for partial in loss_sums:
        loss_total = scalar(loss_total + partial)
    return loss_total, weight_total


def _cascade_in_groups(
    picked: np.ndarray, target: np.ndarray, weight: np.ndarray | None
) -> tuple[np.generic, np.generic]:
    """``_nll_cascade_sums`` when no target is ignored: item 0 goes to the top level, and
    level ``j`` adds, in order, groups of 16 of level ``j - 1``'s values (items 1 to 16,
    17 to 32, ... for level 0), handing each group's sum up; what is left at the end of a
    level stays there.  The same roundings as the loop, in whole-array steps."""
    values = picked.ravel()
    if weight is None:
        losses = -values
        weight_total = picked.dtype.type(values.size)
    else:
        weights = weight[target.ravel()].astype(values.dtype, copy=False)
        losses = -(values * weights)  # (x * w rounded, then subtracted: negation is exact)
        weight_total = _cascade_total(weights)
    return _cascade_total(losses), weight_total


def _cascade_total(terms: np.ndarray) -> np.generic:
    zero = terms.dtype.type(0)
    if terms.size == 0:
        return zero
    levels = []
    rest = terms[1:]
    for _ in range(7):
        whole = rest.size // 16 * 16
        levels.append(_in_order(rest[whole:]))
        groups = rest[:whole].reshape(-1, 16)
        rest = np.add.accumulate(groups, axis=1)[:, -1] if whole else rest[:0]
    levels.append(_in_order(np.concatenate((terms[:1], rest))))
    total = zero
    for level in levels:
        total = total + level
    return total


def _in_order(values: np.ndarray) -> np.generic:
    """``((0 + v0) + v1) + ...`` in the array's dtype (the final ``+ 0`` turns a -0.0 sum
    into 0.0 as starting from zero does)."""
    if values.size == 0:
        return values.dtype.type(0)
    return np.add.accumulate(values)[-1] + values.dtype.type(0)


class _ScatterClassBackward(Node):
    """Gradient of placing per-sample values at the target class (gathers them back)."""

    __slots__ = ("target",)

    def backward(self, grad: Tensor) -> tuple:
        picked = np.take_along_axis(grad._data, np.expand_dims(self.target, 1), axis=1)
        return (Tensor._make(np.squeeze(picked, 1), grad.dtype),)


def _scatter_class(values: Tensor, target: np.ndarray, shape: tuple[int, ...]) -> Tensor:
    """A zero tensor of ``shape`` (N, C, ...) holding ``values`` at [n, target[n], ...]."""
    out = np.zeros(shape, dtype=values.dtype.np_dtype)
    if len(shape) == 1:
        safe = int(target) if 0 <= int(target) < shape[0] else 0
        out[safe] = values._data
    else:
        safe = np.clip(target, 0, shape[1] - 1)
        np.put_along_axis(out, np.expand_dims(safe, 1), np.expand_dims(values._data, 1), axis=1)
    if not (grad_mode.enabled and values._requires_grad):
        return Tensor._make(out, values.dtype)
    node = _ScatterClassBackward((values._edge(),), ((out.shape, values.dtype),))
    node.target = np.clip(target, 0, shape[1] - 1) if len(shape) > 1 else target
    return Tensor._make(out, values.dtype, node)


@_quiet_op
def nll_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    ignore_index: int = -100,
    reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:
    reduction = _legacy_reduction(size_average, reduce, reduction)
    try:
        _check_reduction(reduction)
        x_ndim, y_ndim = input._data.ndim, target._data.ndim
        if y_ndim > 1 and x_ndim <= 2:  # (after nll_loss_nd's batch check, before the dtype)
            if x_ndim == 2 and input._data.shape[0] != target._data.shape[0]:
                raise errors.error(
                    "nll_batch_mismatch",
                    input_batch=input._data.shape[0],
                    target_batch=target._data.shape[0],
                )
            raise errors.error("nll_target_ndim")
        if target.dtype is not int64 and target.dtype is not _uint8:  # class indices
            raise errors.error("loss_target_dtype", found=target.dtype.scalar_name)
        x, y = input._data, target._data
        if x.ndim == 1:
            if y.ndim != 0:
                raise errors.error("nll_batch_mismatch", input_batch=1, target_batch=y.shape[0])
        elif x.shape[0] != y.shape[0]:
            raise errors.error(
                "nll_batch_mismatch", input_batch=x.shape[0], target_batch=y.shape[0]
            )
        classes = x.shape[0] if x.ndim == 1 else x.shape[1]
        invalid = (y != ignore_index) & ((y < 0) | (y >= classes))
        if invalid.any():
            raise errors.error("nll_target_out_of_bounds", target=int(y[invalid].flat[0]))
        if weight is not None and weight.dtype is not input.dtype:  # (the kernel's check)
            raise errors.error(
                "expected_scalar_type",
                expected=input.dtype.scalar_name,
                found=weight.dtype.scalar_name,
            )
        w = None if weight is None else weight._data
        scale = _nll_scale(y, w, ignore_index).astype(x.dtype)
        safe = np.where(y != ignore_index, y, 0)
        if x.ndim == 1:
            picked = x[int(safe)]
        else:
            picked = np.squeeze(np.take_along_axis(x, np.expand_dims(safe, 1), axis=1), 1)
        losses = -picked * scale
        total_weight = float(scale.sum())
        if reduction == "none":  # (an ignored sample's loss is +0, whatever its input)
            out = np.where(y != ignore_index, losses, x.dtype.type(0))
        else:
            loss_sum, weight_sum = _nll_cascade_sums(picked, y, w, ignore_index)
            total_weight = weight_sum  # (the backward divides by torch's total_weight)
            out = np.asarray(loss_sum / weight_sum if reduction == "mean" else loss_sum)
        d = input.dtype
        out = as_array(out, d)
        if not (grad_mode.enabled and input._requires_grad):
            return Tensor._make(out, d)
        node = NllLossBackward0((input._edge(),), ((out.shape, d),))
        node.reduction, node.ignore_index = reduction, ignore_index
        node.self_sizes, node.total_weight = x.shape, total_weight
        node.save(input, target, weight)  # (torch saves self: modifying it raises)
        return Tensor._make(out, d, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise _arguments.not_a_tensor("nll_loss_nd", input, failure, target, weight) from None


@_quiet_op
def cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: Any = None,
    ignore_index: int = -100,
    reduce: Any = None,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """``nll_loss(log_softmax(input, 1), target)``: NllLossBackward0(LogSoftmaxBackward0)."""
    reduction = _legacy_reduction(size_average, reduce, reduction)
    try:
        _check_reduction(reduction)
        if label_smoothing != 0.0:
            raise errors.unsupported("torch.nn.functional.cross_entropy(label_smoothing=...)")
        class_dim = 0 if input.ndim == 1 else 1
        log_probabilities = reduction_ops.log_softmax(input, class_dim)
        if target.shape == input.shape:  # torch: class probabilities
            if target.dtype.category != FLOATING:
                raise errors.error("soft_target_dtype", found=target.dtype.scalar_name)
            # Class probabilities as target: -(log_softmax * target).sum(...), as torch builds it.
            products = log_probabilities * target
            if weight is not None:
                shape = [1] * input.ndim
                shape[class_dim] = -1
                products = products * Tensor._make(weight._data.reshape(shape), weight.dtype)
            if reduction == "none":
                return -reduction_ops.sum(products, class_dim)
            total = -reduction_ops.sum(products)
            if reduction == "sum":
                return total
            batch = input._data.size // input._data.shape[class_dim]
            return pointwise.div_scalar(total, batch)
        return nll_loss(log_probabilities, target, weight, None, ignore_index, None, reduction)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise _arguments.not_a_tensor(
            "cross_entropy_loss", input, failure, target, weight
        ) from None


# The activations, similarities, layer_norm, pad, nn/losses.py's losses, the convolutions
# and the pools load on first
# use (ops/deferred.py: the engine's import time, docs/engine-internals.md).
celu = _deferred("nn.activations", "celu", "celu")
celu_ = _deferred("nn.activations", "celu_", "celu_")
elu = _deferred("nn.activations", "elu", "elu")
elu_ = _deferred("nn.activations", "elu_", "elu_")
embedding = _deferred("nn.sparse", "embedding", "embedding")
gelu = _deferred("nn.activations", "gelu", "gelu")
glu = _deferred("nn.activations", "glu", "glu")
hardshrink = _deferred("nn.activations", "hardshrink", "hardshrink")
hardsigmoid = _deferred("nn.activations", "hardsigmoid", "hardsigmoid")
hardswish = _deferred("nn.activations", "hardswish", "hardswish")
hardtanh = _deferred("nn.activations", "hardtanh", "hardtanh")
hardtanh_ = _deferred("nn.activations", "hardtanh_", "hardtanh_")
leaky_relu_ = _deferred("nn.activations", "leaky_relu_", "leaky_relu_")
mish = _deferred("nn.activations", "mish", "mish")
relu6 = _deferred("nn.activations", "relu6", "relu6")
selu = _deferred("nn.activations", "selu", "selu")
selu_ = _deferred("nn.activations", "selu_", "selu_")
silu = _deferred("nn.activations", "silu", "silu")
softmin = _deferred("nn.activations", "softmin", "softmin")
softshrink = _deferred("nn.activations", "softshrink", "softshrink")
softsign = _deferred("nn.activations", "softsign", "softsign")
tanhshrink = _deferred("nn.activations", "tanhshrink", "tanhshrink")
threshold = _deferred("nn.activations", "threshold", "threshold")
threshold_ = _deferred("nn.activations", "threshold_", "threshold_")
cosine_similarity = _deferred("nn.similarity", "cosine_similarity", "cosine_similarity")
normalize = _deferred("nn.similarity", "normalize", "normalize")
pairwise_distance = _deferred("nn.similarity", "pairwise_distance", "pairwise_distance")
layer_norm = _deferred("nn.normalization", "layer_norm", "layer_norm")
pad = _deferred("nn.padding", "pad", "pad")
huber_loss = _deferred("nn.losses", "huber_loss", "huber_loss")
kl_div = _deferred("nn.losses", "kl_div", "kl_div")
smooth_l1_loss = _deferred("nn.losses", "smooth_l1_loss", "smooth_l1_loss")
soft_margin_loss = _deferred("nn.losses", "soft_margin_loss", "soft_margin_loss")
conv1d = _deferred("nn.convolution", "conv1d", "conv1d")
conv2d = _deferred("nn.convolution", "conv2d", "conv2d")
adaptive_avg_pool1d = _deferred("nn.pooling", "adaptive_avg_pool1d", "adaptive_avg_pool1d")
adaptive_avg_pool2d = _deferred("nn.pooling", "adaptive_avg_pool2d", "adaptive_avg_pool2d")
adaptive_max_pool2d = _deferred("nn.pooling", "adaptive_max_pool2d", "adaptive_max_pool2d")
avg_pool1d = _deferred("nn.pooling", "avg_pool1d", "avg_pool1d")
avg_pool2d = _deferred("nn.pooling", "avg_pool2d", "avg_pool2d")
max_pool1d = _deferred("nn.pooling", "max_pool1d", "max_pool1d")
max_pool2d = _deferred("nn.pooling", "max_pool2d", "max_pool2d")

__getattr__, __dir__ = _namespace_hooks("torch.nn.functional", globals())
