"""``F.softplus`` and ``F.logsigmoid`` with torch's CPU kernels' float32 arithmetic.

torch's float32 kernels call ``Vectorized<float>::exp`` and ``::log1p`` (SLEEF's
``expf_u10`` and ``log1pf_u10``, ``ops/vector_kernels.py``): softplus through
``cpu_kernel_vec``, which runs whole pairs of vectors (32 float32 or 64 float16 elements) of
a contiguous run and the rest (the tail) with the scalar ``std::log1p(std::exp(x))``:
glibc's ``log1pf`` (``vector_kernels.glibc_log1pf``) of ``expf`` taken correctly rounded;
log_sigmoid loads the tail as a partial vector, so every element is SLEEF's.  float16
computes in float32 and rounds once; float64 is numpy's ``exp``/``log1p`` (torch's is
SLEEF's double kernels: last-place differences, see the internals doc).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, float32, float64
from ..ops import arguments, overloads
from ..ops.core import as_array, edge
from ..ops.layout import copied_preserving_layout, empty_preserving_layout, is_dense
from ..ops.quiet import quiet_call
from ..ops.scalars import checked_scalar
from ..tensor import Tensor

_F32 = np.float32
_FLOAT16 = np.dtype(np.float16)
_FLOAT32 = np.dtype(np.float32)


# --- where torch's vectorised loop stops ---------------------------------------------------


def _vector_then_tail(arrays: list[np.ndarray], vector: Any, scalar: Any, step: int) -> Any:
    """``vector`` over the whole steps of each contiguous run of the arrays (one shape),
    ``scalar`` over the rest (the tail), as torch's ``vectorized_loop``; the values are laid
    out like ``arrays[0]`` (``empty_preserving_layout``).  A dense input is one run in
    memory order; otherwise each row of a contiguous last dim is one; else no run."""
    first = arrays[0]
    if first.size == 0:
        return empty_preserving_layout(first, first.dtype)
    if all(a.strides == first.strides for a in arrays) and is_dense(first):
        itemsize = first.itemsize
        rank = sum(
            np.arange(size).reshape((-1,) + (1,) * (first.ndim - k - 1)) * (stride // itemsize)
            for k, (size, stride) in enumerate(zip(first.shape, first.strides, strict=True))
        )
        rank = np.asarray(rank) - np.min(rank)
        length = first.size
    elif first.ndim and all(a.strides[-1] == a.itemsize for a in arrays):
        rank = np.arange(first.shape[-1])
        length = first.shape[-1]
    else:  # no contiguous inner run: torch's basic loop, every element scalar
        return copied_preserving_layout(first, scalar(*arrays))
    whole = length - length % step
    if whole == 0:
        values = scalar(*arrays)
    elif whole == length:
        values = vector(*arrays)
    else:
        values = np.where(rank >= whole, scalar(*arrays), vector(*arrays))
    return copied_preserving_layout(first, values)


def _correctly_rounded(function: Any, x: np.ndarray) -> np.ndarray:
    """A float32 libm function (glibc's expf / log1pf) as float64 rounded once."""
    return function(x.astype(np.float64)).astype(_F32)


def _check_float(input: Tensor, kernel: str) -> None:
    if input.dtype.category != FLOATING:
        raise errors.error("kernel_not_implemented", op=kernel, dtype=input.dtype.scalar_name)


def _opmath(input: Tensor) -> Any:
    """The dtype torch converts beta and threshold to: float for float16 and float32."""
    return float64 if input.dtype is float64 else float32


# --- softplus ----------------------------------------------------------------------------------


def _softplus_data(x: np.ndarray, beta: Any, threshold: Any) -> np.ndarray:
    if x.dtype == np.float64:
        xb = x * beta
        return np.where(xb > threshold, x, np.log1p(np.exp(xb)) / beta)
    from ..ops.vector_kernels import glibc_log1pf, sleef_expf, sleef_log1pf  # (first use)

    b, limit = _F32(beta), _F32(threshold)

    def vector(a: np.ndarray) -> np.ndarray:
        wide = a.astype(_F32)
        xb = wide * b
        return np.where(xb > limit, wide, sleef_log1pf(sleef_expf(xb)) / b).astype(a.dtype)

    def scalar(a: np.ndarray) -> np.ndarray:
        wide = a.astype(_F32)
        xb = wide * b
        soft = glibc_log1pf(_correctly_rounded(np.exp, xb)) / b
        return np.where(xb > limit, wide, soft).astype(a.dtype)

    return _vector_then_tail([x], vector, scalar, 64 if x.dtype == _FLOAT16 else 32)


def _softplus_backward_data(
    grad: np.ndarray, x: np.ndarray, beta: Any, threshold: Any
) -> np.ndarray:
    grad = np.broadcast_to(grad, x.shape)
    if x.dtype == np.float64:
        xb = x * beta
        z = np.exp(xb)
        return np.where(xb > threshold, grad, grad * z / (z + 1))
    from ..ops.vector_kernels import sleef_expf  # (on first use: the engine's import time)

    b, limit = _F32(beta), _F32(threshold)

    def kernel(exp: Any) -> Any:
        def run(g: np.ndarray, a: np.ndarray) -> np.ndarray:
            wide_g = g.astype(_F32)
            xb = a.astype(_F32) * b
            z = exp(xb)
            return np.where(xb > limit, wide_g, wide_g * z / (z + _F32(1))).astype(a.dtype)

        return run

    scalar_exp = lambda v: _correctly_rounded(np.exp, v)  # noqa: E731
    step = 64 if x.dtype == _FLOAT16 else 32
    return _vector_then_tail([grad, x], kernel(sleef_expf), kernel(scalar_exp), step)


class SoftplusBackward0(Node):
    """Saves self, beta and threshold; the gradient is the op ``softplus_backward``."""

    __slots__ = ("beta", "threshold")

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (softplus_backward(grad, self_, self.beta, self.threshold),)


class SoftplusBackwardBackward0(Node):
    """Gradient of ``softplus_backward(grad_output, self)``: saves both."""

    __slots__ = ("beta", "threshold")

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_ = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = softplus_backward(grad, self_, self.beta, self.threshold)
        if self.next_functions[1][0] is not None:  # softplus_double_backward
            from ..ops.pointwise import sigmoid

            x = self_ * self.beta
            s = sigmoid(x)
            grad_self = s * (1 - s) * (grad * grad_output) * self.beta * (x < self.threshold)
        return grad_grad_output, grad_self


def softplus_backward(grad_output: Tensor, input: Tensor, beta: Any, threshold: Any) -> Tensor:
    d = input.dtype
    out = quiet_call(_softplus_backward_data, grad_output._data, input._data, beta, threshold)
    out = as_array(out, d)
    if not (grad_mode.enabled and (grad_output._requires_grad or input._requires_grad)):
        return Tensor._make(out, d)
    node = SoftplusBackwardBackward0((edge(grad_output), edge(input)), ((out.shape, d),))
    node.beta, node.threshold = beta, threshold
    node.save(grad_output, input)
    return Tensor._make(out, d, node)


def _softplus(input: Tensor, beta: Any = 1, threshold: Any = 20) -> Tensor:
    """``F.softplus``: ``log(1 + exp(beta * x)) / beta``, ``x`` where ``beta * x`` exceeds
    threshold (SoftplusBackward0)."""
    beta = arguments.number_argument("softplus", "beta", beta)
    threshold = arguments.number_argument("softplus", "threshold", threshold)
    if not isinstance(input, Tensor):
        raise TypeError("softplus")  # (the parser words it)
    _check_float(input, "softplus_cpu")
    opmath = _opmath(input)
    beta_value, threshold_value = checked_scalar(beta, opmath), checked_scalar(threshold, opmath)
    d = input.dtype
    out = as_array(quiet_call(_softplus_data, input._data, beta_value, threshold_value), d)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out, d)
    node = SoftplusBackward0((input._edge(),), ((out.shape, d),))
    node.beta, node.threshold = beta, threshold
    node.save(input)
    return Tensor._make(out, d, node)


softplus = arguments.parsed_like_torch(_softplus, "softplus", overloads.FUNCTIONS["softplus"])
softplus.__name__ = softplus.__qualname__ = "softplus"


# --- log_sigmoid ------------------------------------------------------------------------------


def _log_sigmoid_data(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(output, buffer): ``min(x, 0) - log1p(z)`` and ``z = exp(-|x|)``, every element by
    SLEEF for float32/float16 (torch loads the tail as a partial vector)."""
    x = x if x.flags.c_contiguous else x.copy()  # (torch's output is contiguous)
    if x.dtype == np.float64:
        z = np.exp(-np.abs(x))
        return np.minimum(x, 0) - np.log1p(z), z
    from ..ops.vector_kernels import sleef_expf, sleef_log1pf  # (first use: import time)

    wide = x.astype(_F32)
    z = sleef_expf(-np.abs(wide))
    out = np.minimum(wide, _F32(0)) - sleef_log1pf(z)
    return out.astype(x.dtype), z.astype(x.dtype)


def _log_sigmoid_backward_data(grad: np.ndarray, x: np.ndarray, buffer: np.ndarray) -> np.ndarray:
    wide = np.float64 if x.dtype == np.float64 else _F32
    a, b, c = (v.astype(wide) for v in (x, buffer, grad))
    negative = a < 0
    max_deriv = np.where(negative, wide(1), wide(0))
    sign = np.where(negative, wide(1), wide(-1))
    return ((max_deriv - sign * (b / (wide(1) + b))) * c).astype(x.dtype)


class LogSigmoidBackward0(Node):
    """Saves self and the buffer ``exp(-|self|)``; the gradient is ``log_sigmoid_backward``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, buffer = self.saved_tensors
        return (log_sigmoid_backward(grad, self_, buffer),)


class LogSigmoidBackwardBackward0(Node):
    """Gradient of ``log_sigmoid_backward(grad_output, self, buffer)`` (buffer has none)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_, buffer = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = log_sigmoid_backward(grad, self_, buffer)
        if self.next_functions[1][0] is not None:  # log_sigmoid_double_backward
            from ..ops.pointwise import sigmoid

            z = sigmoid(self_)
            grad_self = (grad * grad_output) * (z - 1) * z
        return grad_grad_output, grad_self


def log_sigmoid_backward(grad_output: Tensor, input: Tensor, buffer: Tensor) -> Tensor:
    d = input.dtype
    data = quiet_call(
        _log_sigmoid_backward_data,
        np.broadcast_to(grad_output._data, input._data.shape),
        input._data,
        buffer._data,
    )
    out = as_array(data, d)
    if not (grad_mode.enabled and (grad_output._requires_grad or input._requires_grad)):
        return Tensor._make(out, d)
    node = LogSigmoidBackwardBackward0((edge(grad_output), edge(input)), ((out.shape, d),))
    node.save(grad_output, input, buffer)
    return Tensor._make(out, d, node)


def _logsigmoid(input: Tensor) -> Tensor:
    """``F.logsigmoid``: ``log(sigmoid(x))`` as torch's log_sigmoid_forward computes it
    (LogSigmoidBackward0, which saves self and the buffer)."""
    if not isinstance(input, Tensor):
        raise TypeError("log_sigmoid")  # (the parser words it)
    _check_float(input, "log_sigmoid_cpu")
    d = input.dtype
    out, buffer = quiet_call(_log_sigmoid_data, input._data)
    out = as_array(out, d)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out, d)
    node = LogSigmoidBackward0((input._edge(),), ((out.shape, d),))
    node.save(input, Tensor._make(as_array(buffer, d), d))
    return Tensor._make(out, d, node)


logsigmoid = arguments.parsed_like_torch(
    _logsigmoid, "log_sigmoid", overloads.FUNCTIONS["log_sigmoid"]
)
logsigmoid.__name__ = logsigmoid.__qualname__ = "log_sigmoid"
