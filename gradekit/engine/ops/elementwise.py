"""Elementwise math that students call beside the basics: ``log1p``, ``expm1``, ``log10``,
``exp2``, ``rsqrt``, ``trunc``/``fix``, ``frac`` (unary) and the binary family below.

Values follow torch 2.13's CPU kernels: ``rsqrt`` is ``1 / sqrt(x)`` in the dtype (two
correctly rounded steps, float16 in float32), ``trunc`` and ``frac`` are exact; float32
``log1p``, ``expm1`` and ``exp2`` are SLEEF's (reproduced in ``vector_kernels`` and
``elementwise_kernels``), ``log10`` MKL's (computed in float64 and rounded once); float64
transcendentals are numpy's.  The share of elements that differ from torch is measured in
docs/engine-internals.md.  Gradients are
derivatives.yaml's formulas in its order of operations, with engine ops (differentiable).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd.graph import Node
from ..dtypes import FLOATING
from ..tensor import Tensor
from . import arguments
from .core import as_array
from .pointwise import (
    _float_input,
    _rounded_from_float64,
    _unary_result,
    _whole_numbers,
    add_scalar,
    mul_scalar,
    pow,
    zeros_like_grad,
)
from .quiet import quiet_call

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
    from ..nn.smooth_activations import _laid_out, _vector_then_tail

    with np.errstate(all="ignore"):
        if float32_kernel != "sleef_exp2f":  # (torch's result: laid out as its input)
            return _laid_out(data, kernel(np.atleast_1d(data)).reshape(data.shape))

        # exp2 runs cpu_kernel_vec: SLEEF on whole pairs of vectors (32 elements) of a
        # contiguous run, glibc's exp2f on the tail, taken here correctly rounded (glibc's is
        # not in about 0.1% of cases)
        def scalar(a: np.ndarray) -> np.ndarray:
            return _rounded_from_float64(ufunc, a)

        return _vector_then_tail([data], kernel, scalar, 32)


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
        return _unary_result(node_class, input, out, d, **saved)
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


def _without_arguments(function: Any, name: str) -> Any:
    """``function`` as a Tensor method without parameters: a surplus argument gets
    CPython's METH_NOARGS errors, as torch's ``TensorBase.<name>()``."""

    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        if kwargs:
            raise errors.error("no_keyword_arguments", name=name)
        if args:
            raise errors.error("no_arguments", name=name, given=len(args))
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
    }
    methods = {}
    for name, function in unary.items():
        methods[name] = _without_arguments(function, name)
        methods[name + "_"] = _without_arguments(_inplace_method(function, name + "_"), name + "_")
    return methods
