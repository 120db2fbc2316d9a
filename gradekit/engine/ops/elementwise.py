"""Elementwise math students call beside the basics: ``log1p``, ``expm1``, ``log10``,
``exp2``, ``rsqrt``, ``trunc``/``fix``, ``frac``, ``erf``/``erfc``/``erfinv``, ``sinc``,
``deg2rad``/``rad2deg``, ``signbit`` (unary); ``fmod``, ``atan2``/``arctan2``, ``hypot``,
``logaddexp``, ``xlogy``, ``copysign``, ``heaviside``, ``float_power``, ``logical_xor``
(binary); ``lerp``, ``nan_to_num``.

Values follow torch 2.13's CPU kernels where they are known operations: ``rsqrt`` is
``1 / sqrt(x)`` in the dtype, ``trunc``, ``frac``, ``copysign`` exact, ``lerp`` torch's fused
formula, ``fmod`` exact but SLEEF's nan on the vectorised body; float32 ``log1p``, ``expm1``,
``exp2``, ``logaddexp`` and float16 ``erf`` are SLEEF's or torch's own vector kernels
(reproduced in ``vector_kernels`` and ``elementwise_kernels``, with torch's split between
the vectorised body and the scalar tail where they differ); MKL's and libm's (``log10``,
``erf``, ``atan2`` …) are computed in float64 and rounded once; float64 transcendentals are
numpy's.  The share of elements that differ from torch is measured in
docs/engine-internals.md.  Gradients are derivatives.yaml's formulas in its order of
operations, with engine ops (differentiable).
"""

from __future__ import annotations

import math
import sys
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode, no_grad
from ..autograd.graph import Node
from ..dtypes import (
    FLOATING,
    bool_,
    float16,
    float32,
    float64,
    get_default_dtype,
    result_type,
)
from ..tensor import Tensor
from . import arguments
from .core import (
    as_array,
    binary_operands,
    broadcast_error,
    broadcast_failure,
    broadcast_result,
    edge,
    torch_layout,
)
from .layout import copied_preserving_layout
from .pointwise import (
    _float_input,
    _needs,
    _record_no_derivative,
    _rounded_from_float64,
    _unary_result,
    _whole_numbers,
    add_scalar,
    div,
    exp,
    isfinite,
    isinf,
    mul_scalar,
    pow,
    reciprocal,
    where,
    zeros_like_grad,
)
from .quiet import quiet_call
from .scalars import checked_scalar, overflow_error

_LN10 = 2.3025850929940456  # M_LN10, as derivatives.yaml's log10 formula writes it
_LN2 = 0.6931471805599453  # M_LN2


def _transcendental(ufunc: Any, data: np.ndarray, float32_kernel: Any = None) -> np.ndarray:
    """``ufunc(data)``: float64 by numpy; float32 by ``float32_kernel`` (torch's SLEEF
    kernel, by name in ``vector_kernels`` or ``elementwise_kernels``) or else computed in
    float64 and rounded once (MKL's, within 0.6 ulp); float16 through the float32 result
    (torch's half kernels compute in float32 and round once)."""
    if data.dtype == np.float16:
        wide = _transcendental(ufunc, data.astype(np.float32), float32_kernel)
        return quiet_call(wide.astype, np.float16)  # (beyond 65504: inf, silently)
    if data.dtype != np.float32 or float32_kernel is None:
        return _rounded_from_float64(ufunc, data)
    from . import elementwise_kernels, vector_kernels  # (on first use: the import time)

    kernel = getattr(elementwise_kernels, float32_kernel, None) or getattr(
        vector_kernels, float32_kernel
    )
    from ..nn.smooth_activations import _vector_then_tail

    with np.errstate(all="ignore"):
        if float32_kernel != "sleef_exp2f":  # (torch's result: laid out as its input)
            return copied_preserving_layout(data, kernel(np.atleast_1d(data)).reshape(data.shape))

        # exp2 runs cpu_kernel_vec: SLEEF on whole pairs of vectors (32 elements) of a
        # contiguous run, glibc's exp2f on the tail
        return _vector_then_tail([data], kernel, elementwise_kernels.glibc_exp2f, 32)


def _unary(
    name: str,
    ufunc: Any,
    node_class: type,
    input: Tensor,
    float32_kernel: Any = None,
    **saved: bool,
) -> Tensor:
    try:
        data, d = _float_input(input)
        out = as_array(_transcendental(ufunc, data, float32_kernel), d)
        # (an expanded input: numpy's kernel orders by its 0 strides, torch's ignores them)
        return _unary_result(node_class, input, torch_layout(out, data), d, **saved)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(name, input, failure) from None


# --- log1p, expm1, log10, exp2 ------------------------------------------------------------
class Log1PBackward0(Node):
    """out = log1p(self).  Saves self: ``grad / (self + 1)`` (log1p_backward)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad / add_scalar(self_, 1),)


def log1p(input: Tensor) -> Tensor:
    """torch.log1p: ``log(1 + x)`` accurate near 0 (-1 gives -inf, below it nan)."""
    return _unary("log1p", np.log1p, Log1PBackward0, input, "sleef_log1pf", save_input=True)


class Expm1Backward0(Node):
    """out = expm1(self).  Saves the result: ``grad * (result + 1)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (grad * add_scalar(result, 1),)


def expm1(input: Tensor) -> Tensor:
    """torch.expm1: ``exp(x) - 1`` accurate near 0."""
    return _unary("expm1", np.expm1, Expm1Backward0, input, "sleef_expm1f", save_result=True)


class Log10Backward0(Node):
    """out = log10(self).  Saves self: ``grad / (self * M_LN10)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad / mul_scalar(self_, _LN10),)


def log10(input: Tensor) -> Tensor:
    """torch.log10."""
    return _unary("log10", np.log10, Log10Backward0, input, save_input=True)


class Exp2Backward0(Node):
    """out = exp2(self).  Saves the result: ``grad * result * M_LN2``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (mul_scalar(grad * result, _LN2),)


def exp2(input: Tensor) -> Tensor:
    """torch.exp2: ``2 ** x``."""
    return _unary("exp2", np.exp2, Exp2Backward0, input, "sleef_exp2f", save_result=True)


# --- rsqrt --------------------------------------------------------------------------------
class RsqrtBackward0(Node):
    """out = rsqrt(self).  Saves the result: ``-0.5 * grad * result.pow(3)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (mul_scalar(grad, -0.5) * pow(result, 3),)


def _rsqrt_data(data: np.ndarray) -> np.ndarray:
    """torch's kernel: ``1 / sqrt(x)``, each step rounded to the dtype.  float16: the
    vectorised loop (whole pairs of AVX2 vectors, 32 elements, of a contiguous run) computes
    in float32 and rounds once; its scalar tail rounds the square root to half first."""
    if data.dtype != np.float16:
        return data.dtype.type(1) / np.sqrt(data)
    from ..nn.smooth_activations import _vector_then_tail  # (on first use: import time)

    def vector(a: np.ndarray) -> np.ndarray:
        return (np.float32(1) / np.sqrt(a.astype(np.float32))).astype(np.float16)

    def scalar(a: np.ndarray) -> np.ndarray:
        return np.float16(1) / np.sqrt(a)

    return _vector_then_tail([data], vector, scalar, 32)


def rsqrt(input: Tensor) -> Tensor:
    """torch.rsqrt: ``1 / sqrt(x)`` (0 gives inf, -0.0 -inf, negatives nan)."""
    try:
        data, d = _float_input(input)
        out = as_array(quiet_call(_rsqrt_data, data), d)
        return _unary_result(RsqrtBackward0, input, out, d, save_result=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("rsqrt", input, failure) from None


# --- trunc, fix, frac ---------------------------------------------------------------------
class TruncBackward0(Node):
    """out = trunc(self): derivatives.yaml's ``zeros_like(grad)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (zeros_like_grad(grad),)


def trunc(input: Tensor) -> Tensor:
    """torch.trunc: rounds toward zero (-0.5 gives -0.0); an integer tensor gives a copy."""
    try:
        return _whole_numbers(TruncBackward0, input, "trunc_vml_cpu", np.trunc)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("trunc", input, failure) from None


def fix(input: Tensor) -> Tensor:
    """torch.fix: trunc's alias (its grad_fn too)."""
    try:
        return _whole_numbers(TruncBackward0, input, "trunc_vml_cpu", np.trunc)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("fix", input, failure) from None


class FracBackward0(Node):
    """out = frac(self): the gradient passes through."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


def frac(input: Tensor) -> Tensor:
    """torch.frac: ``x - trunc(x)`` (floating dtypes only; ±inf gives nan)."""
    try:
        d = input.dtype
        if d.category != FLOATING:
            raise errors.error("kernel_not_implemented", op="frac_cpu", dtype=d.scalar_name)
        data = input._data
        out = as_array(quiet_call(np.subtract, data, np.trunc(data)), d)
        return _unary_result(FracBackward0, input, out, d)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("frac", input, failure) from None


# --- binary ops -----------------------------------------------------------------------------
def _broadcast(out: Any, d: Any, *operands: Any) -> np.ndarray:
    """``out`` as torch lays out an elementwise result of ``operands`` (TensorIterator)."""
    return torch_layout(as_array(out, d), *operands)


def _tensor_pair(input: Any, other: Any, *, floating: str | None = None) -> tuple:
    """Two tensors' arrays in their result dtype, and that dtype: an integer or bool result
    is the default float dtype, or, for a floating-only kernel (``floating``: its name),
    torch's "not implemented for" error."""
    if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
        raise TypeError("tensors expected")  # (the parser words it: ``not_a_tensor``)
    d = result_type(input, other)
    if d.category != FLOATING:
        if floating is not None:  # a floating-only kernel
            raise errors.error("kernel_not_implemented", op=floating, dtype=d.scalar_name)
        d = get_default_dtype()
    np_dtype = d.np_dtype
    return input._data.astype(np_dtype, copy=False), other._data.astype(np_dtype, copy=False), d


def _in_float64(function: Any, *arrays: np.ndarray) -> np.ndarray:
    """``function`` of float32/float16 arrays computed in float64 and rounded once to
    float32 (then to half: torch's half kernels compute in float32); float64 as it is."""
    dtype = arrays[0].dtype
    if dtype == np.float64:
        return function(*arrays)
    wide = function(*(a.astype(np.float64) for a in arrays)).astype(np.float32)
    return wide.astype(dtype, copy=False)


class FmodBackward0(Node):
    """out = fmod(self, Number other): the gradient passes through."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


class FmodBackward1(Node):
    """out = fmod(self, other).  Saves self and other:
    ``-grad * self.div(other, rounding_mode="trunc")`` for other."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        grad_other = None
        if other is not None:
            grad_other = -grad * div(self_, other, rounding_mode="trunc")
        return grad, grad_other


def _sleef_fmod(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """SLEEF's ``fmodf`` / ``fmod`` (torch's ``Vectorized::fmod``): exact, but nan where its
    first quotient ``nextdown(|x|) * nextdown(1 / |y|)`` (both scaled by 2**25 for a
    subnormal ``y``) overflows, i.e. where ``|x / y|`` passes the dtype's largest value."""
    dtype = x.dtype
    bits = np.int32 if dtype == np.float32 else np.int64
    nu, de = np.abs(x), np.abs(y)
    tiny = de < np.finfo(dtype).tiny
    scale = dtype.type(2**25)
    nu, de = np.where(tiny, nu * scale, nu), np.where(tiny, de * scale, de)

    def down(v: np.ndarray) -> np.ndarray:  # SLEEF's vtoward0: one ulp toward zero
        v = np.asarray(v, dtype)
        return np.where(v == 0, v, (v.view(bits) - 1).view(dtype))

    overflows = np.isinf(down(nu) * down(dtype.type(1) / de)) & ~(nu < de)
    return np.where(overflows, dtype.type(np.nan), np.fmod(x, y))


def _fmod_data(a: Any, b: Any, np_dtype: Any) -> Any:
    """``fmod`` in ``np_dtype``: exact (C's ``fmod``, integers' ``%``), but float32/float64
    elements on torch's vectorised body are SLEEF's (``_sleef_fmod``): the whole vectors (16
    float32, 8 float64 elements) of each run, where a run is the whole of two operands of one
    dense layout, else each row of the last dim if every operand is contiguous or broadcast
    (a scalar) along it; no run otherwise."""
    a, b = np.asarray(a, np_dtype), np.asarray(b, np_dtype)
    if np_dtype not in (np.float32, np.float64):
        return np.fmod(a, b)
    from ..nn.smooth_activations import _vector_then_tail

    step = 16 if np_dtype == np.float32 else 8
    if a.shape == b.shape and a.strides == b.strides:
        return _vector_then_tail([a, b], _sleef_fmod, np.fmod, step)
    if a.size == 1 or b.size == 1:  # (a scalar operand: the other's runs)
        other = b if a.size == 1 else a
        scalar = (a if a.size == 1 else b).reshape(())

        def ordered(values: np.ndarray) -> tuple:
            return (scalar, values) if a.size == 1 else (values, scalar)

        if other.shape == np.broadcast_shapes(a.shape, b.shape):
            return _vector_then_tail(
                [other],
                lambda values: _sleef_fmod(*ordered(values)),
                lambda values: np.fmod(*ordered(values)),
                step,
            )
    wide_a, wide_b = np.broadcast_arrays(a, b)
    exact = np.fmod(wide_a, wide_b)
    # rows along torch's innermost dim: the first operand's fastest-moving one (dims of one
    # element, and broadcast ones, are no candidates: TensorIterator's reordering)
    kept = [k for k, n in enumerate(exact.shape) if n != 1]
    lead = wide_a if any(wide_a.strides[k] for k in kept) else wide_b
    moving = [k for k in kept if lead.strides[k]]
    inner = min(moving, key=lambda k: abs(lead.strides[k])) if moving else None
    itemsize = exact.itemsize
    if inner is None or any(w.strides[inner] not in (0, itemsize) for w in (wide_a, wide_b)):
        return exact
    rows = np.moveaxis(exact, inner, -1)
    length = rows.shape[-1]
    whole = length - length % step
    vectorised = np.moveaxis(_sleef_fmod(wide_a, wide_b), inner, -1)
    return np.moveaxis(np.where(np.arange(length) >= whole, rows, vectorised), -1, inner)


def fmod(input: Any, other: Any = errors.REQUIRED) -> Tensor:
    """torch.fmod: C's ``fmod``, the remainder with the dividend's sign (integers: ``%``
    truncated; a zero integer divisor raises torch's ZeroDivisionError)."""
    try:
        if not isinstance(input, Tensor):
            raise TypeError("fmod")  # (no ``Number self`` overload)
        a, b, d = binary_operands(input, other)
        if d is bool_:
            raise errors.error("kernel_not_implemented", op="fmod_cpu", dtype="Bool")
        if d.category != FLOATING and np.any(np.asarray(b) == 0):
            raise errors.error("integer_division_by_zero")
        out = _broadcast(quiet_call(_fmod_data, a, b, d.np_dtype), d, a, b)
        if not (grad_mode.enabled and (input._requires_grad or _needs(other))):
            return Tensor._make(out, d)
        if not isinstance(other, Tensor):
            node = FmodBackward0((input._edge(),), ((out.shape, d),))
            return Tensor._make(out, d, node)
        node = FmodBackward1((edge(input), edge(other)), ((out.shape, d),))
        node.save(input if other._requires_grad else None, other if other._requires_grad else None)
        return Tensor._make(out, d, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "fmod", input, failure, other
        ) from None


class Atan2Backward0(Node):
    """out = atan2(self, other).  Saves self and other: ``recip = 1 / (self² + other²)``
    (inf, at the origin, taken as 0), ``grad * other * recip``, ``grad * -self * recip``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        with np.errstate(all="ignore"):
            recip = reciprocal(self_ * self_ + other * other)
            recip = where(isinf(recip), 0.0, recip)
            return grad * other * recip, grad * -self_ * recip


def _atan2(input: Tensor, other: Any, name: str) -> Tensor:
    try:
        a, b, d = _tensor_pair(input, other)
        out = _broadcast(quiet_call(_in_float64, np.arctan2, a, b), d, a, b)
        if not (grad_mode.enabled and (input._requires_grad or other._requires_grad)):
            return Tensor._make(out, d)
        node = Atan2Backward0((edge(input), edge(other)), ((out.shape, d),))
        node.save(input, other)
        return Tensor._make(out, d, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        # (body: atan2's / arctan2's frame, whose caller's call tells keywords from positions)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            name, input, failure, other, body=sys._getframe(1)
        ) from None


def atan2(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.atan2: the angle of (other, input), in (-pi, pi]; integers in float."""
    return _atan2(input, other, "atan2")


def arctan2(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.arctan2: atan2's alias."""
    return _atan2(input, other, "arctan2")


class HypotBackward0(Node):
    """out = hypot(self, other).  Saves self, other and the result:
    ``grad * self / result``, ``grad * other / result``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other, result = self.saved_tensors
        with np.errstate(all="ignore"):
            return grad * self_ / result, grad * other / result


def hypot(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.hypot: ``sqrt(input² + other²)`` without overflow (floating dtypes only);
    float32 in float64 rounded once (within half an ulp, as torch's kernels)."""
    try:
        a, b, d = _tensor_pair(input, other, floating="hypot_cpu")
        out = _broadcast(quiet_call(_in_float64, np.hypot, a, b), d, a, b)
        if not (grad_mode.enabled and (input._requires_grad or other._requires_grad)):
            return Tensor._make(out, d)
        node = HypotBackward0((edge(input), edge(other)), ((out.shape, d),))
        result = Tensor._make(out, d, node)
        node.save(input, other, outputs=(result,))
        return result
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "hypot", input, failure, other
        ) from None


class LogaddexpBackward0(Node):
    """out = logaddexp(self, other).  Saves self and other:
    ``grad / (1 + exp(other - self))``, ``grad / (1 + exp(self - other))``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        with np.errstate(all="ignore"):
            grad_self = grad / add_scalar(exp(other - self_), 1)
            grad_other = grad / add_scalar(exp(self_ - other), 1)
        return grad_self, grad_other


def _logaddexp_data(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """torch's kernel: ``max(a, b) + log1p(exp(-|a - b|))``, ``a`` where both are the same
    infinity.  float64: numpy's exp/log1p; float32 (float16 in float32, rounded once):
    SLEEF's ``expf``/``log1pf`` on whole pairs of vectors of a contiguous run, glibc's
    ``log1pf`` of ``expf`` (taken correctly rounded) on the tail, as softplus."""
    same_infinity = np.isinf(a) & (a == b)
    if a.dtype == np.float64:
        m = np.maximum(a, b)
        return np.where(same_infinity, a, m + np.log1p(np.exp(-np.abs(a - b))))
    from ..nn.smooth_activations import _vector_then_tail
    from .vector_kernels import glibc_log1pf, sleef_expf, sleef_log1pf

    def vector(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        x, y = x.astype(np.float32), y.astype(np.float32)
        tail = sleef_log1pf(sleef_expf(-np.abs(x - y)))
        out = np.where(np.isinf(x) & (x == y), x, np.maximum(x, y) + tail)
        return out.astype(a.dtype)

    def scalar(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        x, y = x.astype(np.float32), y.astype(np.float32)
        exps = np.exp((-np.abs(x - y)).astype(np.float64)).astype(np.float32)
        m = np.where(x < y, y, x)  # std::max
        out = np.where(np.isinf(x) & (x == y), x, m + glibc_log1pf(exps))
        return out.astype(a.dtype)

    broadcast = a.shape != b.shape
    a, b = np.broadcast_arrays(a, b)
    if a.strides != b.strides:
        if not broadcast:  # two layouts: no contiguous run for both, every element scalar
            return copied_preserving_layout(a, scalar(a, b))
        a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)  # (taken as one dense run)
    return _vector_then_tail([a, b], vector, scalar, 64 if a.dtype == np.float16 else 32)


def logaddexp(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.logaddexp: ``log(exp(input) + exp(other))`` without overflow (floating dtypes
    only)."""
    try:
        a, b, d = _tensor_pair(input, other, floating="logaddexp_cpu")
        out = _broadcast(quiet_call(_logaddexp_data, a, b), d, a, b)
        if not (grad_mode.enabled and (input._requires_grad or other._requires_grad)):
            return Tensor._make(out, d)
        node = LogaddexpBackward0((edge(input), edge(other)), ((out.shape, d),))
        node.save(input, other)
        return Tensor._make(out, d, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "logaddexp", input, failure, other
        ) from None


class XlogyBackward0(Node):
    """out = xlogy(self, other).  Saves self and other: ``xlogy(grad, other)`` zero where
    ``self == 0`` and ``other <= 0``, and ``grad * self / other``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        with np.errstate(all="ignore"):
            grad_self = xlogy(grad, other).masked_fill((self_ == 0.0) & (other <= 0.0), 0.0)
            return grad_self, grad * self_ / other


class XlogyBackward1(Node):
    """out = xlogy(Number self, other).  Saves self (a number) and other."""

    __slots__ = ("number",)

    def backward(self, grad: Tensor) -> tuple:
        (other,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (mul_scalar(grad, self.number) / other,)


class XlogyBackward2(Node):
    """out = xlogy(self, Number other).  Saves self and other (a number)."""

    __slots__ = ("number",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            grad_self = xlogy(grad, self.number)
            if not self.number > 0:
                grad_self = grad_self.masked_fill(self_ == 0.0, 0.0)
            return (grad_self,)


def _xlogy_data(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """torch's scalar kernel: nan where ``y`` is nan, else 0 where ``x == 0``, else
    ``x * log(y)`` (float32: libm's ``logf``, taken correctly rounded; float16: the log
    rounded to half, as ``std::log(c10::Half)`` returns it, then the product in float32)."""
    logs = _rounded_from_float64(
        np.log, np.asarray(y, np.float32 if y.dtype == np.float16 else y.dtype)
    )
    if x.dtype == np.float16:
        logs = logs.astype(np.float16)
        return _xlogy_data_half(x, y, logs)
    return np.where(np.isnan(y), np.nan, np.where(x == 0, 0, x * logs)).astype(x.dtype)


def _xlogy_data_half(x: np.ndarray, y: np.ndarray, logs: np.ndarray) -> np.ndarray:
    product = (x.astype(np.float32) * logs.astype(np.float32)).astype(np.float16)
    return np.where(np.isnan(y), np.float16(np.nan), np.where(x == 0, np.float16(0), product))


def xlogy(input: Any, other: Any = errors.REQUIRED) -> Tensor:
    """torch.xlogy: ``input * log(other)``, 0 where input is 0 (unless other is nan);
    either argument may be a number; integers in float."""
    try:
        if not isinstance(input, Tensor) and not isinstance(other, Tensor):
            raise TypeError("xlogy")
        a, b, d = binary_operands(input, other)
        if d.category != FLOATING:
            d = get_default_dtype()
            a, b = (np.asarray(v).astype(d.np_dtype) for v in (a, b))
        a, b = np.asarray(a, d.np_dtype), np.asarray(b, d.np_dtype)
        out = _broadcast(quiet_call(_xlogy_data, *np.broadcast_arrays(a, b)), d, a, b)
        if not (grad_mode.enabled and (_needs(input) or _needs(other))):
            return Tensor._make(out, d)
        if not isinstance(input, Tensor):
            node = XlogyBackward1((edge(other),), ((out.shape, d),))
            node.number = input
            node.save(other)
        elif not isinstance(other, Tensor):
            node = XlogyBackward2((edge(input),), ((out.shape, d),))
            node.number = other
            node.save(input)
        else:
            node = XlogyBackward0((edge(input), edge(other)), ((out.shape, d),))
            node.save(input, other)
        return Tensor._make(out, d, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "xlogy", input, failure, other
        ) from None


class LerpBackward0(Node):
    """out = lerp(self, end, Number weight): ``grad * (1 - weight)``, ``grad * weight``
    (``weight`` a Python number: mul.Scalar)."""

    __slots__ = ("weight",)

    def backward(self, grad: Tensor) -> tuple:
        return mul_scalar(grad, 1 - float(self.weight)), mul_scalar(grad, self.weight)


class LerpBackward1(Node):
    """out = lerp(self, end, weight).  Saves self, end and weight (as needed):
    ``grad * (1 - weight)``, ``grad * weight``, ``grad * (end - self)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, end, weight = self.saved_tensors
        grad_weight = None if self_ is None else grad * (end - self_)
        if weight is None:  # (only the weight needs a gradient)
            return None, None, grad_weight
        return grad * (1 - weight), grad * weight, grad_weight


def _lerp_data(start: np.ndarray, end: np.ndarray, weight: Any) -> np.ndarray:
    """torch's kernels (its scalar and vector forms alike, FMA-compiled):
    ``fma(weight, end - start, start)`` where ``|weight| < 0.5``, else
    ``fma(weight - 1, end - start, end)``; float16 in float32, rounded once."""
    from .fused import fused_multiply_add  # (on first use: the engine's import time)

    if start.dtype == np.float16:
        wide = [np.asarray(v, np.float32) for v in (start, end, weight)]
        return _lerp_data(*wide).astype(np.float16)
    weight = np.asarray(weight, start.dtype)
    small = np.abs(weight) < 0.5
    coefficient = np.where(small, weight, weight - start.dtype.type(1))
    return fused_multiply_add(coefficient, end - start, np.where(small, start, end))


def _lerp(input: Tensor, end: Tensor, weight: Any) -> Tensor:
    if not (isinstance(input, Tensor) and isinstance(end, Tensor)):
        raise TypeError("lerp")  # (the parser words it)
    tensor_weight = isinstance(weight, Tensor)
    if not (tensor_weight or arguments.is_number(weight)):
        raise TypeError("lerp")  # (the parser words it)
    d = input.dtype
    checks = [("end", end)] + ([("weight", weight)] if tensor_weight and weight.ndim else [])
    for argument, other in checks:
        if other.dtype is not d:
            from .views import _CPP_TYPE_NAMES  # (torch's TypeMeta names; an error path)

            raise errors.error(
                "lerp_dtype",
                expected=_CPP_TYPE_NAMES[d.name],
                argument=argument,
                got=_CPP_TYPE_NAMES[other.dtype.name],
            )
    if d.category != FLOATING:
        kernel = "lerp_kernel_tensor" if tensor_weight else "lerp_kernel_scalar"
        raise errors.error("kernel_not_implemented", op=kernel, dtype=d.scalar_name)
    opmath = float32 if d is float16 else d
    if tensor_weight:
        w = weight._data.astype(d.np_dtype, copy=False)
    else:
        if isinstance(weight, complex):
            if weight.imag != 0:
                raise overflow_error(opmath)
            weight = weight.real
        w = checked_scalar(weight, opmath)
    operands = [input._data, end._data] + ([w] if tensor_weight else [])
    shape = ()
    for x in operands:  # TensorIterator's shape: operand by operand
        try:
            shape = tuple(np.broadcast_shapes(shape, x.shape))
        except ValueError:
            raise broadcast_error(shape, x.shape) from None
    out = quiet_call(_lerp_data, input._data, end._data, w)
    out = _broadcast(broadcast_result(out, shape), d, *operands)
    if not (grad_mode.enabled and (input._requires_grad or end._requires_grad or _needs(weight))):
        return Tensor._make(out, d)
    if not tensor_weight:
        node = LerpBackward0((edge(input), edge(end)), ((out.shape, d),))
        node.weight = weight
        return Tensor._make(out, d, node)
    node = LerpBackward1((edge(input), edge(end), edge(weight)), ((out.shape, d),))
    needs_weight = weight._requires_grad
    node.save(
        input if needs_weight else None,
        end if needs_weight else None,
        weight if input._requires_grad or end._requires_grad else None,
    )
    return Tensor._make(out, d, node)


def lerp(input: Tensor, end: Any = errors.REQUIRED, weight: Any = errors.REQUIRED) -> Tensor:
    """torch.lerp: ``input + weight * (end - input)`` (weight a number or a tensor; input,
    end and a dimensioned weight of one floating dtype)."""
    try:
        return _lerp(input, end, weight)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("lerp", input, failure, end, weight) from None


class NanToNumBackward0(Node):
    """out = nan_to_num(self, …).  Saves self: ``grad * isfinite(self)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (grad * isfinite(self_),)


def _replacement(name: str, value: Any) -> Any:
    """A ``float?`` argument as torch's parser takes it (a 0-d tensor's value too)."""
    if isinstance(value, Tensor) and value.ndim == 0:
        return float(value)
    if value is not None and not isinstance(value, (int, float, np.number)):
        raise TypeError(name)  # (the parser words it)
    return value


def nan_to_num(input: Tensor, nan: Any = None, posinf: Any = None, neginf: Any = None) -> Tensor:
    """torch.nan_to_num: nan, +inf and -inf replaced (by 0 and the dtype's largest and
    lowest finite values unless given; a value beyond the dtype's range is inf); integer
    and bool tensors are copied."""
    try:
        replacements = [
            _replacement(n, v)
            for n, v in zip(("nan", "posinf", "neginf"), (nan, posinf, neginf), strict=True)
        ]
        d = input.dtype
        data = input._data
        if d.category != FLOATING:
            return Tensor._make(np.copy(data, order="K"), d)
        info = np.finfo(d.np_dtype)
        defaults = (0.0, info.max, info.min)
        nan, posinf, neginf = (
            quiet_call(np.asarray, default if value is None else value, np.float64)
            for value, default in zip(replacements, defaults, strict=True)
        )
        # (static_cast<scalar_t>(double): c10::Half through float; beyond the range: inf)
        cast = [
            quiet_call((quiet_call(v.astype, np.float32) if d is float16 else v).astype, d.np_dtype)
            for v in (nan, posinf, neginf)
        ]
        out = np.where(np.isnan(data), cast[0], data)
        out = np.where(data == np.inf, cast[1], out)
        out = np.where(data == -np.inf, cast[2], out)

        out = copied_preserving_layout(data, as_array(out, d))
        return _unary_result(NanToNumBackward0, input, out, d, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("nan_to_num", input, failure, nan, posinf, neginf) from None


# --- erf, erfc, erfinv ---------------------------------------------------------------------
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)  # derivatives.yaml's 2.0 / sqrt(M_PI)
_HALF_SQRT_PI = 0.5 * math.sqrt(math.pi)
_ERF = np.frompyfunc(math.erf, 1, 1)
_ERFC = np.frompyfunc(math.erfc, 1, 1)


def _libm(function: Any) -> Any:
    """A float64 libm function (``math.erf``) as a ufunc-like callable on arrays (numpy has
    no erf): float64 results, any shape, quiet."""

    def call(data: Any, dtype: Any = None, out: Any = None, casting: Any = None) -> np.ndarray:
        values = np.asarray(function(np.asarray(data, np.float64)), np.float64)
        if out is not None:
            out[...] = values
            return out
        return values

    return call


_erf = _libm(_ERF)
_erfc = _libm(_ERFC)


def _erfinv_float64(y: np.ndarray) -> np.ndarray:
    """The inverse error function in float64: torch's ``calc_erfinv`` first guess (a
    rational approximation), then Newton steps (torch's float64 values are MKL's, all but
    0.4% correctly rounded; two steps on ``erf`` as torch's fallback were 33% off)."""
    y = np.asarray(y, np.float64)
    y_abs = np.abs(y)
    z = y * y
    num = ((-0.140543331 * z + 0.914624893) * z - 1.645349621) * z + 0.886226899
    dem = (((0.012229801 * z - 0.329097515) * z + 1.442710462) * z - 2.118377725) * z + 1.0
    central = y * num / dem
    z = np.sqrt(-np.log((1.0 - y_abs) / 2.0))
    num = ((1.641345311 * z + 3.429567803) * z - 1.624906493) * z - 1.970840454
    dem = (1.637067800 * z + 3.543889200) * z + 1.0
    x = np.where(y_abs <= 0.7, central, np.copysign(num, y) / dem)
    for _ in range(3):  # (near ±1 on erfc, whose argument 1 - |y| is exact there)
        slope = _TWO_OVER_SQRT_PI * np.exp(-x * x)
        x_abs = np.abs(x)
        tail = (_erfc(x_abs) - (1.0 - y_abs)) / slope
        tail = np.where(x < 0, -tail, tail)
        x = np.where(y_abs >= 0.5, x + tail, x - (_erf(x) - y) / slope)
    x = np.where(y_abs == 1, np.copysign(np.inf, y), x)
    return np.where(y_abs > 1, np.nan, x)


def _erfinv(data: Any, dtype: Any = None, out: Any = None, casting: Any = None) -> np.ndarray:
    values = _erfinv_float64(data)
    if out is not None:
        out[...] = values
        return out
    return values


class ErfBackward0(Node):
    """out = erf(self).  Saves self: ``2.0 / sqrt(M_PI) * exp(-self.pow(2)) * grad``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (mul_scalar(exp(-pow(self_, 2)), _TWO_OVER_SQRT_PI) * grad,)


class ErfcBackward0(Node):
    """out = erfc(self).  Saves self: ``-2.0 / sqrt(M_PI) * exp(-self.pow(2)) * grad``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (mul_scalar(exp(-pow(self_, 2)), -_TWO_OVER_SQRT_PI) * grad,)


class ErfinvBackward0(Node):
    """out = erfinv(self).  Saves self: ``0.5 * sqrt(M_PI) * exp(self.erfinv().pow(2)) *
    grad``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (mul_scalar(exp(pow(erfinv(self_), 2)), _HALF_SQRT_PI) * grad,)


def erf(input: Tensor) -> Tensor:
    """torch.erf: float32 MKL's (libm's double ``erf`` rounded once here), float16 torch's
    vectorised approximation in float32 (``elementwise_kernels.vectorized_erf``)."""
    try:
        if input.dtype is float16:
            from .elementwise_kernels import vectorized_erf

            data = input._data
            values = quiet_call(lambda a: vectorized_erf(a.astype(np.float32)), np.atleast_1d(data))
            out = _laid_out_result(
                data, quiet_call(values.astype, np.float16).reshape(data.shape), float16
            )
            return _unary_result(ErfBackward0, input, out, float16, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("erf", input, failure) from None
    return _unary("erf", _erf, ErfBackward0, input, save_input=True)


def erfc(input: Tensor) -> Tensor:
    """torch.erfc."""
    return _unary("erfc", _erfc, ErfcBackward0, input, save_input=True)


def erfinv(input: Tensor) -> Tensor:
    """torch.erfinv: the inverse of erf on [-1, 1] (±1 give ±inf, beyond them nan)."""
    return _unary("erfinv", _erfinv, ErfinvBackward0, input, save_input=True)


# --- deg2rad, rad2deg, sinc, signbit -----------------------------------------------------
_PI_OVER_180 = 0.017453292519943295769236907684886127134428718885417  # M_PI_180
_180_OVER_PI = 57.295779513082320876798154814105170332405472466564  # M_180_PI


class Deg2RadBackward0(Node):
    """out = deg2rad(self): ``grad * M_PI_180`` (torch records no graph for it)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        with no_grad():
            return (mul_scalar(grad, _PI_OVER_180),)


class Rad2DegBackward0(Node):
    """out = rad2deg(self): ``grad * M_180_PI`` (torch records no graph for it)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        with no_grad():
            return (mul_scalar(grad, _180_OVER_PI),)


def _scaled(name: str, node_class: type, factor: float, input: Tensor) -> Tensor:
    """``input * factor`` as torch's ``mul`` by a number (integers and bools in the default
    float dtype first)."""
    try:
        data, d = _float_input(input)
        with no_grad():
            out = mul_scalar(Tensor._make(data, d), factor)._data
        return _unary_result(node_class, input, out, d)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(name, input, failure) from None


def deg2rad(input: Tensor) -> Tensor:
    """torch.deg2rad: ``input * (pi / 180)``."""
    return _scaled("deg2rad", Deg2RadBackward0, _PI_OVER_180, input)


def rad2deg(input: Tensor) -> Tensor:
    """torch.rad2deg: ``input * (180 / pi)``."""
    return _scaled("rad2deg", Rad2DegBackward0, _180_OVER_PI, input)


class SincBackward0(Node):
    """out = sinc(self).  Saves self: torch's ``sinc_backward``,
    ``grad * (self_pi * cos(self_pi) - sin(self_pi)) / self_squared_pi``, 0 where
    ``self_squared_pi`` is 0."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .pointwise import cos, sin

        (self_,) = self.saved_tensors
        self_pi = mul_scalar(self_, math.pi)
        self_squared_pi = mul_scalar(self_ * self_, math.pi)
        with np.errstate(all="ignore"):
            out = grad * (self_pi * cos(self_pi) - sin(self_pi)) / self_squared_pi
        return (
            where(
                self_squared_pi == 0.0,
                Tensor._make(np.zeros((), grad.dtype.np_dtype), grad.dtype),
                out,
            ),
        )


def _sinc_data(a: np.ndarray) -> np.ndarray:
    """torch's scalar kernel: 1 at 0, else ``sin(pi * a) / (pi * a)`` in the opmath dtype
    (float32 for half; libm's ``sinf`` taken correctly rounded)."""
    opmath = np.float32 if a.dtype == np.float16 else a.dtype.type
    product = opmath(math.pi) * a.astype(opmath)
    sines = _rounded_from_float64(np.sin, np.asarray(product))
    return np.where(a == 0, opmath(1), sines / product).astype(a.dtype)


def sinc(input: Tensor) -> Tensor:
    """torch.sinc: the normalized sinc, ``sin(pi x) / (pi x)`` (1 at 0)."""
    try:
        data, d = _float_input(input)
        out = _laid_out_result(data, quiet_call(_sinc_data, data), d)
        return _unary_result(SincBackward0, input, out, d, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sinc", input, failure) from None


def _laid_out_result(like: np.ndarray, values: np.ndarray, d: Any) -> np.ndarray:

    return copied_preserving_layout(like, as_array(values, d))


def signbit(input: Tensor) -> Tensor:
    """torch.signbit: True where the sign bit is set (-0.0 and negative nan included);
    integers: below zero; bools: False."""
    try:
        data = input._data
        category = input.dtype.category
        if category == FLOATING:
            out = np.signbit(data)
        elif input.dtype is bool_:
            out = np.zeros(data.shape, np.bool_)
        else:
            out = data < 0
        return Tensor._make(_laid_out_result(data, out, bool_), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("signbit", input, failure) from None


# --- copysign, heaviside, float_power, logical_xor -----------------------------------------
class CopysignBackward0(Node):
    """out = copysign(self, other).  Saves self and the result:
    ``grad * (result / self)`` (0 where self is 0) for self, zeros for other."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, result = self.saved_tensors
        grad_other = zeros_like_grad(grad) if self.next_functions[1][0] is not None else None
        return _copysign_self_backward(grad, self_, result), grad_other


class CopysignBackward1(Node):
    """out = copysign(self, Number other).  Saves self and the result."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, result = self.saved_tensors
        return (_copysign_self_backward(grad, self_, result),)


def _copysign_self_backward(grad: Tensor, self_: Tensor, result: Tensor) -> Tensor:
    """torch's ``copysign_tensor_self_backward``: ``ratio = result / self``, 0 where self
    is 0, times grad."""
    with np.errstate(all="ignore"):
        ratio = (result / self_).masked_fill(self_ == 0, 0)
    return grad * ratio


def copysign(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.copysign: ``|input|`` with ``other``'s sign (-0.0 and nan signs count);
    integers and bools in the default float dtype."""
    try:
        if not isinstance(input, Tensor):
            raise TypeError("copysign")
        a, b, d = binary_operands(input, other)
        if d.category != FLOATING:
            d = get_default_dtype()
        a, b = np.asarray(a).astype(d.np_dtype, copy=False), np.asarray(b)
        b = b.astype(d.np_dtype, copy=False) if b.ndim or isinstance(other, Tensor) else b
        out = _broadcast(quiet_call(np.copysign, a, b), d, a, b)
        if not (grad_mode.enabled and (input._requires_grad or _needs(other))):
            return Tensor._make(out, d)
        if isinstance(other, Tensor):
            node = CopysignBackward0((edge(input), edge(other)), ((out.shape, d),))
        else:
            node = CopysignBackward1((edge(input),), ((out.shape, d),))
        result = Tensor._make(out, d, node)
        node.save(input, outputs=(result,))
        return result
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "copysign", input, failure, other
        ) from None


def heaviside(input: Tensor, values: Any = errors.REQUIRED) -> Tensor:
    """torch.heaviside: 0 below zero, 1 above, ``values`` at zero (one dtype for both; no
    derivative: torch's NotImplemented node)."""
    try:
        if not (isinstance(input, Tensor) and isinstance(values, Tensor)):
            raise TypeError("heaviside")
        if input.dtype is not values.dtype:
            raise errors.error("heaviside_dtypes")
        d = input.dtype
        a, b = input._data, values._data
        out = np.where(a == 0, b, (a > 0).astype(d.np_dtype))
        out = Tensor._make(_broadcast(out, d, a, b), d)
        return _record_no_derivative("heaviside", out, input, values)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, values) or arguments.not_a_tensor(
            "heaviside", input, failure, values
        ) from None


def float_power(input: Any, exponent: Any = errors.REQUIRED) -> Tensor:
    """torch.float_power: ``pow`` in float64 (the operands cast first, so a float32 input's
    graph has ToCopyBackward0 under PowBackward0/1/2)."""
    try:
        if not isinstance(input, Tensor) and not isinstance(exponent, Tensor):
            raise TypeError("float_power")
        base = input.to(float64) if isinstance(input, Tensor) else input
        power = exponent.to(float64) if isinstance(exponent, Tensor) else exponent
        if isinstance(base, Tensor) and not isinstance(power, Tensor):
            if not arguments.is_number(power):
                raise TypeError("float_power")
            power = float(power) if not isinstance(power, complex) else power
        elif not isinstance(base, Tensor):
            if not arguments.is_number(base):
                raise TypeError("float_power")
            base = float(base) if not isinstance(base, complex) else base
        return pow(base, power)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, exponent) or arguments.not_a_tensor(
            "float_power", input, failure, exponent
        ) from None


def _float_power_inplace(self: Tensor, exponent: Any = errors.REQUIRED) -> Tensor:
    if isinstance(self, Tensor) and self.dtype is not float64:
        raise errors.error("float_power_inplace_dtype", dtype=self.dtype.scalar_name)
    return float_power(self, exponent)


def logical_xor(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.logical_xor: a bool tensor, True where exactly one operand is nonzero."""
    try:
        if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
            raise TypeError("logical_xor")
        a, b = input._data, other._data
        return Tensor._make(_broadcast(np.logical_xor(a, b), bool_, a, b), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "logical_xor", input, failure, other
        ) from None


def _without_arguments(function: Any, name: str) -> Any:
    """``function`` as a Tensor method without parameters: a surplus argument gets
    CPython's METH_NOARGS errors, as torch's ``TensorBase.<name>()``."""

    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        arguments.refuse_arguments(name, args, kwargs)
        return function(self)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = function.__doc__
    return method


def _methods() -> dict[str, Any]:
    """This module's Tensor methods (``ops/methods.py`` attaches them), in-place forms
    through ``inplace.apply_inplace`` (torch's cast, shape and leaf checks)."""
    from .inplace import _inplace_method

    unary = {
        "log1p": log1p,
        "expm1": expm1,
        "log10": log10,
        "exp2": exp2,
        "rsqrt": rsqrt,
        "trunc": trunc,
        "fix": fix,
        "frac": frac,
        "erf": erf,
        "erfc": erfc,
        "erfinv": erfinv,
        "deg2rad": deg2rad,
        "rad2deg": rad2deg,
        "sinc": sinc,
    }
    binary = {
        "fmod": fmod,
        "atan2": atan2,
        "arctan2": arctan2,
        "hypot": hypot,
        "lerp": lerp,
        "nan_to_num": nan_to_num,
        "xlogy": xlogy,
    }
    binary.update(copysign=copysign, heaviside=heaviside, logical_xor=logical_xor)
    methods = dict(binary, logaddexp=logaddexp, float_power=float_power)  # (no logaddexp_)
    methods["float_power_"] = _inplace_method(_float_power_inplace, "float_power_")
    for name, function in binary.items():
        methods[name + "_"] = _inplace_method(function, name + "_")
    for name, function in unary.items():
        methods[name] = _without_arguments(function, name)
        methods[name + "_"] = _without_arguments(_inplace_method(function, name + "_"), name + "_")
    methods["signbit"] = _without_arguments(signbit, "signbit")  # (no signbit_)
    return methods


METHODS = _methods()  # (read by ops/methods.py's stand-ins, on their first call)
