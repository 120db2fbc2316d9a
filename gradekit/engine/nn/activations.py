"""``F.gelu``, ``F.silu``, ``F.elu`` / ``F.elu_``, ``F.hardtanh`` / ``F.hardtanh_``,
``F.relu6``, ``F.leaky_relu_`` and ``F.softmin`` with torch's grad_fn nodes.

float32 silu and its gradient are torch's kernels bit for bit (SLEEF's ``expf_u10`` over
whole vectors, the scalar tail's ``std::exp`` correctly rounded, the gradient's
``1 + x * (1 - s)`` one fused multiply-add as the compiler contracts it).  gelu follows
``Vectorized<float>::erf`` (Abramowitz-Stegun 7.1.26 with SLEEF's ``expf``), which torch runs
where oneDNN does not take the tensor (not contiguous, one element); contiguous float32
tensors go through oneDNN's own gelu, which the engine does not reproduce; elu's ``expm1``
and gelu-tanh's ``tanh`` are correctly rounded where torch's are SLEEF's.  The last-place
rates are in docs/engine-internals.md.  float16 computes in float32 and rounds once.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import bool_, float32, float64
from ..ops import arguments, overloads, pointwise
from ..ops.core import as_array, edge, requires_grad
from ..ops.inplace import apply_inplace
from ..ops.layout import copied_preserving_layout
from ..ops.quiet import quiet_call
from ..ops.reduction_arguments import parsed
from ..ops.scalars import checked_scalar
from ..tensor import Tensor
from .smooth_activations import (
    _check_float,
    _correctly_rounded,
    _vector_then_tail,
)

_F32 = np.float32
_FLOAT16 = np.dtype(np.float16)
_FLOAT32 = np.dtype(np.float32)


def _step(x: np.ndarray) -> int:
    return 64 if x.dtype == _FLOAT16 else 32


def _made(out: np.ndarray, input: Tensor, node: Node | None = None) -> Tensor:
    return Tensor._make(as_array(out, input.dtype), input.dtype, node)


# --- silu ----------------------------------------------------------------------------------


def _silu_data(x: np.ndarray) -> np.ndarray:
    if x.dtype == np.float64:
        return x / (1 + np.exp(-x))
    from ..ops.vector_kernels import sleef_expf  # (first use: the engine's import time)

    def kernel(exp: Any) -> Any:
        def run(a: np.ndarray) -> np.ndarray:
            wide = a.astype(_F32)
            return (wide / (_F32(1) + exp(-wide))).astype(a.dtype)

        return run

    scalar_exp = lambda v: _correctly_rounded(np.exp, v)  # noqa: E731
    return _vector_then_tail([x], kernel(sleef_expf), kernel(scalar_exp), _step(x))


def _silu_backward_data(grad: np.ndarray, x: np.ndarray) -> np.ndarray:
    grad = np.broadcast_to(grad, x.shape)
    if x.dtype == np.float64:
        s = 1 / (1 + np.exp(-x))
        return grad * s * (1 + x * (1 - s))
    from ..ops.fused import fused_multiply_add_float32 as fma
    from ..ops.vector_kernels import sleef_expf

    def kernel(exp: Any) -> Any:
        def run(g: np.ndarray, a: np.ndarray) -> np.ndarray:
            wide, wide_g = a.astype(_F32), g.astype(_F32)
            s = _F32(1) / (_F32(1) + exp(-wide))
            return (wide_g * s * fma(wide, _F32(1) - s, _F32(1))).astype(a.dtype)

        return run

    scalar_exp = lambda v: _correctly_rounded(np.exp, v)  # noqa: E731
    return _vector_then_tail([grad, x], kernel(sleef_expf), kernel(scalar_exp), _step(x))


class SiluBackward0(Node):
    """Saves self.  Under create_graph torch's formula is the differentiable
    ``grad * sigmoid(x) * (1 + x * (1 - sigmoid(x)))`` (its nodes are recorded)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        if grad_mode.enabled:  # infinitely_differentiable_silu_backward
            s = pointwise.sigmoid(self_)
            inner = pointwise.add_scalar(self_ * pointwise.rsub(s, 1.0), 1.0)
            return (grad * s * inner,)
        data = quiet_call(_silu_backward_data, grad._data, self_._data)
        return (_made(data, self_),)


def _silu_out(input: Tensor) -> Tensor:
    _check_float(input, "silu_cpu")
    out = quiet_call(_silu_data, input._data)
    if not requires_grad(input):
        return _made(out, input)
    node = SiluBackward0((input._edge(),), ((out.shape, input.dtype),))
    node.save(input)
    return _made(out, input, node)


def _silu(input: Tensor) -> Tensor:
    if not isinstance(input, Tensor):
        raise TypeError("silu")  # (the parser words it)
    return _silu_out(input)


def _silu_(input: Tensor) -> Tensor:
    if not isinstance(input, Tensor):
        raise TypeError("silu_")
    _check_float(input, "silu_cpu")
    return apply_inplace(input, _silu_out)


_parsed_silu = arguments.parsed_like_torch(_silu, "silu", overloads.FUNCTIONS["silu"])
_parsed_silu_ = arguments.parsed_like_torch(_silu_, "silu_", overloads.FUNCTIONS["silu_"])


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    """``F.silu``: ``x * sigmoid(x)`` (SiluBackward0); ``inplace`` writes it into input."""
    return _parsed_silu_(input) if inplace else _parsed_silu(input)


# --- gelu ----------------------------------------------------------------------------------
_SQRT1_2 = math.sqrt(0.5)
_GELU_BETA = 2 / math.sqrt(math.pi) * _SQRT1_2 * 0.5  # M_2_SQRTPI * M_SQRT1_2 * 0.5
_TANH_BETA = math.sqrt(2) * 2 / math.sqrt(math.pi) * 0.5  # M_SQRT2 * M_2_SQRTPI * 0.5
_KAPPA = 0.044715
_ERF_P = (0.3275911, 0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def _vec_erf(v: np.ndarray) -> np.ndarray:
    """``Vectorized<float>::erf`` (AVX512): ``sign(x) * (1 - t * r(t) * exp(-x*x))`` with
    ``t = 1 / (p|x| + 1)``, every step a fused multiply-add where torch's is."""
    from ..ops.fused import fused_multiply_add_float32 as fma
    from ..ops.vector_kernels import sleef_expf

    p, p1, p2, p3, p4, p5 = (_F32(c) for c in _ERF_P)
    t = _F32(1) / fma(p, np.abs(v), _F32(1))
    r = fma(fma(fma(fma(p5, t, p4), t, p3), t, p2), t, p1)
    e = -sleef_expf(-(v * v))
    return np.copysign(fma(e * t, r, _F32(1)), v)


def _gelu_data(x: np.ndarray, tanh: bool) -> np.ndarray:
    if x.dtype == np.float64:
        if tanh:
            inner = _TANH_BETA * (x + _KAPPA * (x * x * x))
            return 0.5 * x * (1 + np.tanh(inner))
        from math import erf

        return x * 0.5 * (1 + np.vectorize(erf, otypes=[np.float64])(x * _SQRT1_2))
    wide = x.astype(_F32)
    if tanh:
        inner = _F32(_TANH_BETA) * (wide + _F32(_KAPPA) * (wide * wide * wide))
        out = _F32(0.5) * wide * (_F32(1) + _correctly_rounded(np.tanh, inner))
    elif x.dtype == _FLOAT32 and x.flags.c_contiguous and x.size > 1:  # torch: oneDNN's
        from ..ops.onednn_kernels import onednn_gelu_erf

        out = onednn_gelu_erf(x)
    else:  # torch's cpu_kernel_vec: Vectorized<float>::erf, the tail's std::erf

        def kernel(erf: Any) -> Any:
            def run(a: np.ndarray) -> np.ndarray:
                wide = a.astype(_F32)
                return (wide * _F32(0.5) * (_F32(1) + erf(wide * _F32(_SQRT1_2)))).astype(a.dtype)

            return run

        return _vector_then_tail([x], kernel(_vec_erf), kernel(_scalar_erf), _step(x))
    return copied_preserving_layout(x, out.astype(x.dtype))


def _scalar_erf(v: np.ndarray) -> np.ndarray:
    """glibc's ``erff``, taken correctly rounded (float64 ``erf`` rounded once)."""
    from math import erf

    return np.vectorize(erf, otypes=[np.float64])(v.astype(np.float64)).astype(_F32)


def _gelu_backward_data(grad: np.ndarray, x: np.ndarray, tanh: bool) -> np.ndarray:
    grad = np.broadcast_to(grad, x.shape)
    wide_type = np.float64 if x.dtype == np.float64 else _F32
    a, g = x.astype(wide_type), grad.astype(wide_type)
    if tanh:
        kappa, beta = wide_type(_KAPPA), wide_type(_TANH_BETA)
        inner = beta * (a + kappa * (a * a * a))
        t = np.tanh(a) if False else _tanh(inner)
        left = wide_type(0.5) * a
        right = wide_type(1) + t
        left_derivative = wide_type(0.5) * right
        right_derivative = left * (wide_type(1) - t * t)
        inner_derivative = beta * (wide_type(1) + wide_type(3) * kappa * a * a)
        out = g * (left_derivative + right_derivative * inner_derivative)
    elif wide_type is np.float64:
        from math import erf

        cdf = 0.5 * (1 + np.vectorize(erf, otypes=[np.float64])(a * _SQRT1_2))
        pdf = _GELU_BETA * np.exp(a * a * -0.5)
        out = g * (cdf + a * pdf)
    else:
        from ..ops.vector_kernels import sleef_expf

        cdf = _F32(0.5) * (_F32(1) + _vec_erf(a * _F32(_SQRT1_2)))
        pdf = _F32(_GELU_BETA) * sleef_expf(a * a * _F32(-0.5))
        out = g * (cdf + a * pdf)
    return copied_preserving_layout(x, out.astype(x.dtype))


def _tanh(v: np.ndarray) -> np.ndarray:
    return np.tanh(v) if v.dtype == np.float64 else _correctly_rounded(np.tanh, v)


class GeluBackward0(Node):
    """Saves self; the gradient is the op ``gelu_backward``."""

    __slots__ = ("approximate",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (gelu_backward(grad, self_, self.approximate),)


class GeluBackwardBackward0(Node):
    """Gradient of ``gelu_backward(grad_output, self)``: saves both."""

    __slots__ = ("approximate",)

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_ = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = gelu_backward(grad, self_, self.approximate)
        if self.next_functions[1][0] is not None:  # gelu_double_backward
            x = self_
            if self.approximate == "tanh":
                inner = _TANH_BETA * (x + _KAPPA * x * x * x)
                t = pointwise.tanh(inner)
                d_inner = _TANH_BETA * (1 + 3 * _KAPPA * x * x)
                dd_inner = (6 * _TANH_BETA * _KAPPA) * x
                sech2 = 1 - t * t
                second = sech2 * (d_inner + 0.5 * x * (dd_inner - 2 * t * d_inner * d_inner))
            else:
                pdf = _GELU_BETA * pointwise.exp(x * x * -0.5)
                second = pdf * (2 - x * x)
            grad_self = grad * grad_output * second
        return grad_grad_output, grad_self


def gelu_backward(grad_output: Tensor, input: Tensor, approximate: str) -> Tensor:
    data = quiet_call(_gelu_backward_data, grad_output._data, input._data, approximate == "tanh")
    if not requires_grad(grad_output, input):
        return _made(data, input)
    node = GeluBackwardBackward0((edge(grad_output), edge(input)), ((data.shape, input.dtype),))
    node.approximate = approximate
    node.save(grad_output, input)
    return _made(data, input, node)


def _gelu(input: Tensor, *, approximate: Any = "none") -> Tensor:
    """``F.gelu``: ``x * Phi(x)``, or its tanh approximation (GeluBackward0)."""
    if not isinstance(input, Tensor) or not isinstance(approximate, str):
        raise TypeError("gelu")  # (the parser words it)
    if approximate not in ("none", "tanh"):
        raise errors.error("gelu_approximate")
    _check_float(input, "GeluKernelImpl")
    out = quiet_call(_gelu_data, input._data, approximate == "tanh")
    if not requires_grad(input):
        return _made(out, input)
    node = GeluBackward0((input._edge(),), ((out.shape, input.dtype),))
    node.approximate = approximate
    node.save(input)
    return _made(out, input, node)


gelu = parsed(_gelu, "gelu")


# --- elu -----------------------------------------------------------------------------------


def _elu_data(x: np.ndarray, coefficients: tuple) -> np.ndarray:
    """``x * scale`` above 0, ``expm1(x * input_scale) * alpha * scale`` elsewhere."""
    wide_type = np.float64 if x.dtype == np.float64 else _F32
    alpha, scale, input_scale = (wide_type(c) for c in coefficients)
    a = x.astype(wide_type)
    negative = _expm1(a * input_scale) * (alpha * scale)
    return copied_preserving_layout(x, np.where(a > 0, a * scale, negative).astype(x.dtype))


def _expm1(v: np.ndarray) -> np.ndarray:
    return np.expm1(v) if v.dtype == np.float64 else _correctly_rounded(np.expm1, v)


def _elu_backward_data(
    grad: np.ndarray, coefficients: tuple, is_result: bool, x: np.ndarray
) -> np.ndarray:
    grad = np.broadcast_to(grad, x.shape)
    wide_type = np.float64 if x.dtype == np.float64 else _F32
    alpha, scale, input_scale = (wide_type(c) for c in coefficients)
    a, g = x.astype(wide_type), grad.astype(wide_type)
    negcoef = alpha * scale
    if is_result:
        negative = g * input_scale * (a + negcoef)
    else:
        scaled = a * input_scale
        exp = np.exp(scaled) if wide_type is np.float64 else _correctly_rounded(np.exp, scaled)
        negative = g * input_scale * negcoef * exp
    return copied_preserving_layout(x, np.where(a <= 0, negative, g * scale).astype(x.dtype))


class EluBackward0(Node):
    """Saves self and (alpha, scale, input_scale); the gradient is
    ``elu_backward(..., is_result=False, self)``."""

    __slots__ = ("coefficients",)
    is_result = False

    def backward(self, grad: Tensor) -> tuple:
        (saved,) = self.saved_tensors
        return (elu_backward(grad, self.coefficients, self.is_result, saved),)


class EluBackward1(EluBackward0):
    """The in-place form: saves the result (``is_result=True``)."""

    __slots__ = ()
    is_result = True


class CeluBackward0(EluBackward0):
    """celu: elu with ``input_scale = 1 / alpha``."""

    __slots__ = ()


class CeluBackward1(EluBackward1):
    __slots__ = ()


class EluBackwardBackward0(Node):
    """Gradient of ``elu_backward(grad_output, ..., self_or_result)``: saves both."""

    __slots__ = ("coefficients", "is_result")

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_or_result = self.saved_tensors
        grad_grad_output = grad_self = None
        coefficients = self.coefficients
        if self.next_functions[0][0] is not None:
            grad_grad_output = elu_backward(grad, coefficients, self.is_result, self_or_result)
        if self.next_functions[1][0] is not None:  # elu_double_backward
            negative = (self_or_result < 0).type_as(grad)
            input_scale = coefficients[2]
            if self.is_result:
                grad_self = grad * grad_output * input_scale * negative
            else:
                upstream = grad * grad_output * input_scale
                grad_self = elu_backward(upstream, coefficients, False, self_or_result) * negative
        return grad_grad_output, grad_self


def elu_backward(
    grad_output: Tensor, coefficients: tuple, is_result: bool, self_or_result: Tensor
) -> Tensor:
    x = self_or_result
    data = quiet_call(_elu_backward_data, grad_output._data, coefficients, is_result, x._data)
    if not requires_grad(grad_output, x):
        return _made(data, x)
    node = EluBackwardBackward0((edge(grad_output), edge(x)), ((data.shape, x.dtype),))
    node.coefficients, node.is_result = coefficients, is_result
    node.save(grad_output, x)
    return _made(data, x, node)


def _elu_alpha(name: str, input: Any, alpha: Any, kernel: str = "elu_cpu") -> float:
    alpha = arguments.number_argument(name, "alpha", alpha)
    if not isinstance(input, Tensor):
        raise TypeError(name)  # (the parser words it)
    _check_float(input, kernel)
    return checked_scalar(alpha, float64 if input.dtype is float64 else float32)


def _elu_out(input: Tensor, coefficients: tuple, node_class: type = EluBackward0) -> Tensor:
    out = quiet_call(_elu_data, input._data, coefficients)
    if not requires_grad(input):
        return _made(out, input)
    node = node_class((input._edge(),), ((out.shape, input.dtype),))
    node.coefficients = coefficients
    node.save(input)
    return _made(out, input, node)


def _elu_saving_result(
    input: Tensor, coefficients: tuple, node_class: type = EluBackward1
) -> Tensor:
    out = quiet_call(_elu_data, input._data, coefficients)
    if not requires_grad(input):
        return _made(out, input)
    node = node_class((input._edge(),), ((out.shape, input.dtype),))
    node.coefficients = coefficients
    result = _made(out, input, node)
    node.save(outputs=(result,))
    return result


def _elu(input: Tensor, alpha: Any = 1.0) -> Tensor:
    value = _elu_alpha("elu", input, alpha)
    return _elu_out(input, (value, 1, 1))


def _elu_(input: Tensor, alpha: Any = 1.0) -> Tensor:
    value = _elu_alpha("elu_", input, alpha)
    return apply_inplace(input, _elu_saving_result, (value, 1, 1))


_parsed_elu = arguments.parsed_like_torch(_elu, "elu", overloads.FUNCTIONS["elu"])
elu_ = parsed(_elu_, "elu_")


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """``F.elu``: ``x`` above 0, ``alpha * (exp(x) - 1)`` otherwise (EluBackward0; in place
    EluBackward1, which saves the result)."""
    return elu_(input, alpha) if inplace else _parsed_elu(input, alpha)


# torch's SELU constants (``torch.selu``: elu with them; EluBackward0 / EluBackward1)
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _selu(input: Tensor) -> Tensor:
    _elu_alpha("selu", input, 1.0)
    return _elu_out(input, (_SELU_ALPHA, _SELU_SCALE, 1))


def _selu_(input: Tensor) -> Tensor:
    _elu_alpha("selu_", input, 1.0)
    return apply_inplace(input, _elu_saving_result, (_SELU_ALPHA, _SELU_SCALE, 1))


_parsed_selu = arguments.parsed_like_torch(_selu, "selu", overloads.FUNCTIONS["selu"])
selu_ = parsed(_selu_, "selu_")


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    """``F.selu``: ``scale * elu(x, alpha)`` with torch's constants (EluBackward0)."""
    return selu_(input) if inplace else _parsed_selu(input)


def _celu_coefficients(name: str, input: Any, alpha: Any) -> tuple:
    value = _elu_alpha(name, input, alpha)
    if value == 0:
        raise errors.error("celu_zero_alpha")
    return (value, 1, 1 / float(value))


def _celu(input: Tensor, alpha: Any = 1.0) -> Tensor:
    return _elu_out(input, _celu_coefficients("celu", input, alpha), CeluBackward0)


def _celu_(input: Tensor, alpha: Any = 1.0) -> Tensor:
    coefficients = _celu_coefficients("celu_", input, alpha)
    return apply_inplace(input, _elu_saving_result, coefficients, CeluBackward1)


_parsed_celu = arguments.parsed_like_torch(_celu, "celu", overloads.FUNCTIONS["celu"])
celu_ = parsed(_celu_, "celu_")


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """``F.celu``: ``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))`` (CeluBackward0)."""
    return celu_(input, alpha) if inplace else _parsed_celu(input, alpha)


# --- softsign / tanhshrink (torch's Python composites) -------------------------------------


def softsign(input: Tensor) -> Tensor:
    """``F.softsign``: ``input / (input.abs() + 1)``, as torch's Python (DivBackward0)."""
    return input / (input.abs() + 1)


def tanhshrink(input: Tensor) -> Tensor:
    """``F.tanhshrink``: ``input - input.tanh()``, as torch's Python (SubBackward0)."""
    return input - input.tanh()


# --- hardtanh / relu6 ------------------------------------------------------------------------


def _hardtanh_data(x: np.ndarray, low: Any, high: Any) -> np.ndarray:
    wide = x.astype(_F32) if x.dtype == _FLOAT16 else x
    scalar = wide.dtype.type
    # torch's clamp: the input where it equals a bound (-0.0 stays -0.0) or is nan
    low, high = scalar(low), scalar(high)
    out = np.where(wide < low, low, wide)
    out = np.where(out > high, high, out)
    return copied_preserving_layout(x, out.astype(x.dtype))


class HardtanhBackward0(Node):
    """Saves self, min_val and max_val; the gradient is the op ``hardtanh_backward``."""

    __slots__ = ("min_val", "max_val")

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (hardtanh_backward(grad, self_, self.min_val, self.max_val),)


class HardtanhBackwardBackward0(Node):
    """Gradient of ``hardtanh_backward(grad_output, self)``: w.r.t. self it is zero."""

    __slots__ = ("min_val", "max_val")

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = hardtanh_backward(grad, self_, self.min_val, self.max_val)
        if self.next_functions[1][0] is not None:
            grad_self = Tensor._make(np.zeros_like(self_._data), self_.dtype)
        return grad_grad_output, grad_self


def hardtanh_backward(grad_output: Tensor, input: Tensor, min_val: Any, max_val: Any) -> Tensor:
    x = input._data
    grad = np.broadcast_to(grad_output._data, x.shape)
    outside = (x <= min_val) | (x >= max_val)
    data = copied_preserving_layout(x, np.where(outside, grad.dtype.type(0), grad))
    if not requires_grad(grad_output, input):
        return _made(data, input)
    node = HardtanhBackwardBackward0((edge(grad_output), edge(input)), ((data.shape, input.dtype),))
    node.min_val, node.max_val = min_val, max_val
    node.save(input)
    return _made(data, input, node)


def _hardtanh_out(input: Tensor, min_val: Any, max_val: Any, low: Any, high: Any) -> Tensor:
    out = quiet_call(_hardtanh_data, input._data, low, high)
    if not requires_grad(input):
        return _made(out, input)
    node = HardtanhBackward0((input._edge(),), ((out.shape, input.dtype),))
    node.min_val, node.max_val = min_val, max_val
    node.save(input)
    return _made(out, input, node)


def _hardtanh_bounds(name: str, input: Any, min_val: Any, max_val: Any) -> tuple[Any, Any]:
    min_val = arguments.number_argument(name, "min_val", min_val)
    max_val = arguments.number_argument(name, "max_val", max_val)
    if not isinstance(input, Tensor):
        raise TypeError(name)  # (the parser words it)
    if input.dtype is bool_:
        raise errors.error("hardtanh_bool")
    target = float32 if input.dtype.np_dtype == _FLOAT16 else input.dtype
    if input.dtype.np_dtype == _FLOAT16:
        checked_scalar(min_val, input.dtype), checked_scalar(max_val, input.dtype)
    return checked_scalar(min_val, target), checked_scalar(max_val, target)


def _hardtanh(input: Tensor, min_val: Any = -1, max_val: Any = 1) -> Tensor:
    low, high = _hardtanh_bounds("hardtanh", input, min_val, max_val)
    return _hardtanh_out(input, min_val, max_val, low, high)


def _hardtanh_(input: Tensor, min_val: Any = -1, max_val: Any = 1) -> Tensor:
    low, high = _hardtanh_bounds("hardtanh_", input, min_val, max_val)
    return apply_inplace(input, _hardtanh_out, min_val, max_val, low, high)


_parsed_hardtanh = arguments.parsed_like_torch(
    _hardtanh, "hardtanh", overloads.FUNCTIONS["hardtanh"]
)
_parsed_hardtanh_ = arguments.parsed_like_torch(
    _hardtanh_, "hardtanh_", overloads.FUNCTIONS["hardtanh_"]
)


def _check_bounds(min_val: Any, max_val: Any) -> None:
    if min_val > max_val:  # (torch's Python test: its TypeError for a str)
        raise ValueError("min_val cannot be greater than max_val")


def hardtanh(
    input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False
) -> Tensor:
    """``F.hardtanh``: input clamped to [min_val, max_val] (HardtanhBackward0, also in place)."""
    _check_bounds(min_val, max_val)
    if inplace:
        return _parsed_hardtanh_(input, min_val, max_val)
    return _parsed_hardtanh(input, min_val, max_val)


def hardtanh_(input: Tensor, min_val: Any = -1.0, max_val: Any = 1.0) -> Tensor:
    """``F.hardtanh_``: hardtanh written into input."""
    return _parsed_hardtanh_(input, min_val, max_val)


hardtanh_.__name__ = hardtanh_.__qualname__ = "hardtanh_"


def _relu6(input: Tensor) -> Tensor:
    return _hardtanh(input, 0, 6)


def _relu6_(input: Tensor) -> Tensor:
    return _hardtanh_(input, 0, 6)


_parsed_relu6 = arguments.parsed_like_torch(_relu6, "relu6", overloads.FUNCTIONS["relu6"])
_parsed_relu6_ = arguments.parsed_like_torch(_relu6_, "relu6_", overloads.FUNCTIONS["relu6_"])


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    """``F.relu6``: hardtanh(input, 0, 6) (HardtanhBackward0, as torch records it)."""
    return _parsed_relu6_(input) if inplace else _parsed_relu6(input)


# --- leaky_relu's gradient / leaky_relu_ / softmin ---


class LeakyReluBackwardBackward0(Node):
    """Gradient of ``leaky_relu_backward(grad_output, self_or_result)``: w.r.t. self zero."""

    __slots__ = ("negative_slope",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = leaky_relu_backward(grad, self_, self.negative_slope)
        if self.next_functions[1][0] is not None:
            grad_self = Tensor._make(np.zeros_like(grad._data), grad.dtype)
        return grad_grad_output, grad_self


def leaky_relu_backward(grad_output: Tensor, self_or_result: Tensor, negative_slope: Any) -> Tensor:
    """torch's ``leaky_relu_backward``: the gradient where self (or the result) is above 0,
    ``grad * negative_slope`` elsewhere, as one op (LeakyReluBackwardBackward0)."""
    x = self_or_result._data
    grad = np.broadcast_to(grad_output._data, x.shape)
    data = copied_preserving_layout(x, np.where(x > 0, grad, grad * negative_slope).astype(x.dtype))
    if not requires_grad(grad_output, self_or_result):
        return _made(data, self_or_result)
    node = LeakyReluBackwardBackward0(
        (edge(grad_output), edge(self_or_result)), ((data.shape, self_or_result.dtype),)
    )
    node.negative_slope = negative_slope
    node.save(self_or_result)
    return _made(data, self_or_result, node)


# -------------------------------------------------------------------


def _leaky_relu_(input: Tensor, negative_slope: Any = 0.01) -> Tensor:
    from . import functional

    negative_slope = arguments.number_argument("leaky_relu_", "negative_slope", negative_slope)
    if not isinstance(input, Tensor):
        raise TypeError("leaky_relu_")  # (the parser words it)
    _check_float(input, "leaky_relu_cpu")
    return functional.leaky_relu(input, negative_slope, inplace=True)


leaky_relu_ = parsed(_leaky_relu_, "leaky_relu_")


def softmin(
    input: Tensor, dim: int | None = None, _stacklevel: int = 3, dtype: Any = None
) -> Tensor:
    """``F.softmin``: ``softmax(-input)`` (SoftmaxBackward0 over NegBackward0)."""
    from . import functional

    if dim is None:
        dim = functional._implicit_softmax_dim("softmin", input.ndim)
    negated = -input
    if dtype is None:
        return negated.softmax(dim)
    return negated.softmax(dim, dtype=dtype)


# --- threshold, hardshrink, softshrink, hardsigmoid, hardswish -------------------------------


def _pointwise_out(
    input: Tensor, data: np.ndarray, node_class: type, attributes: dict, saved: Tensor
) -> Tensor:
    """The result of a pointwise op whose node saves ``saved`` (self, or its snapshot)."""
    if not requires_grad(input):
        return _made(data, input)
    node = node_class((input._edge(),), ((data.shape, input.dtype),))
    for name, value in attributes.items():
        setattr(node, name, value)
    node.save(saved)
    return _made(data, input, node)


class _SavedSelfBackward(Node):
    """Saves self; the gradient is ``self.gradient(grad, self)``, an op of its own."""

    __slots__ = ("lambd",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (self.gradient(grad, self_),)

    def gradient(self, grad: Tensor, self_: Tensor) -> Tensor:
        raise NotImplementedError


class _ZeroSecondBackward(Node):
    """Gradient of a piecewise-linear op's backward: w.r.t. self it is zero."""

    __slots__ = ("lambd",)
    first: Any = None

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = type(self).first(grad, self_, self.lambd)
        if self.next_functions[1][0] is not None:
            grad_self = Tensor._make(np.zeros_like(grad._data), grad.dtype)
        return grad_grad_output, grad_self


def _recorded_backward(
    node_class: type, grad_output: Tensor, self_: Tensor, data: np.ndarray, lambd: Any
) -> Tensor:
    if not requires_grad(grad_output, self_):
        return _made(data, self_)
    node = node_class((edge(grad_output), edge(self_)), ((data.shape, self_.dtype),))
    node.lambd = lambd
    node.save(self_)
    return _made(data, self_, node)


def _outside(x: np.ndarray, lambd: Any) -> np.ndarray:
    """Where hardshrink/softshrink pass the gradient: outside [-lambd, lambd] (lambd in the
    dtype, as torch's ``lambd.to<scalar_t>()``)."""
    limit = x.dtype.type(lambd)
    return ~((x >= -limit) & (x <= limit))


def hardshrink_backward(grad_output: Tensor, self_: Tensor, lambd: Any) -> Tensor:
    x = self_._data
    grad = np.broadcast_to(grad_output._data, x.shape)
    data = copied_preserving_layout(x, np.where(_outside(x, lambd), grad, grad.dtype.type(0)))
    return _recorded_backward(HardshrinkBackwardBackward0, grad_output, self_, data, lambd)


def softshrink_backward(grad_output: Tensor, self_: Tensor, lambd: Any) -> Tensor:
    x = self_._data
    grad = np.broadcast_to(grad_output._data, x.shape)
    data = copied_preserving_layout(x, np.where(_outside(x, lambd), grad, grad.dtype.type(0)))
    return _recorded_backward(SoftshrinkBackwardBackward0, grad_output, self_, data, lambd)


class HardshrinkBackward0(_SavedSelfBackward):
    __slots__ = ()

    def gradient(self, grad: Tensor, self_: Tensor) -> Tensor:
        return hardshrink_backward(grad, self_, self.lambd)


class SoftshrinkBackward0(_SavedSelfBackward):
    __slots__ = ()

    def gradient(self, grad: Tensor, self_: Tensor) -> Tensor:
        return softshrink_backward(grad, self_, self.lambd)


class HardshrinkBackwardBackward0(_ZeroSecondBackward):
    __slots__ = ()
    first = staticmethod(hardshrink_backward)


class SoftshrinkBackwardBackward0(_ZeroSecondBackward):
    __slots__ = ()
    first = staticmethod(softshrink_backward)


def _shrink_input(name: str, input: Any, lambd: Any, kernel: str) -> Any:
    lambd = arguments.number_argument(name, "lambd", lambd)
    if not isinstance(input, Tensor):
        raise TypeError(name)  # (the parser words it)
    _check_float(input, kernel)
    return lambd


def _hardshrink(input: Tensor, lambd: Any = 0.5) -> Tensor:
    lambd = _shrink_input("hardshrink", input, lambd, "hardshrink_cpu")
    x = input._data
    data = copied_preserving_layout(x, np.where(_outside(x, lambd), x, x.dtype.type(0)))
    return _pointwise_out(input, data, HardshrinkBackward0, {"lambd": lambd}, input)


def _softshrink(input: Tensor, lambd: Any = 0.5) -> Tensor:
    lambd = _shrink_input("softshrink", input, lambd, "softshrink_check")
    d = input.dtype
    largest = float(np.finfo(d.np_dtype).max)
    if not 0 <= lambd <= largest:
        raise errors.error(
            "softshrink_lambda", largest=f"{largest:g}", dtype=d.scalar_name, lambd=lambd
        )
    x = input._data

    def kernel(vectorised: bool) -> Any:
        def run(a: np.ndarray) -> np.ndarray:
            wide = a.astype(_F32) if a.dtype == _FLOAT16 else a
            limit = wide.dtype.type(lambd)
            # the vector form masks (in range, nan: +0.0), the scalar one multiplies by 0
            inside = np.zeros_like(wide) if vectorised else wide * 0
            out = np.where(
                wide > limit, wide - limit, np.where(wide < -limit, wide + limit, inside)
            )
            return out.astype(a.dtype)

        return run

    step = {2: 32, 4: 16, 8: 8}[x.dtype.itemsize]  # (one vector: torch's step here)
    data = quiet_call(_vector_then_tail, [x], kernel(True), kernel(False), step)
    return _pointwise_out(input, data, SoftshrinkBackward0, {"lambd": lambd}, input)


hardshrink = parsed(_hardshrink, "hardshrink")
softshrink = parsed(_softshrink, "softshrink")


# threshold: torch's ThresholdBackward0 / ThresholdBackward1 (in place); both gradients are
# threshold_backward of self, whose node the engine's relu shares


class ThresholdBackward0(Node):
    """Saves self; the gradient is ``threshold_backward(grad, self, threshold)``."""

    __slots__ = ("threshold",)

    def backward(self, grad: Tensor) -> tuple:
        from ..ops.pointwise import threshold_backward

        (saved,) = self.saved_tensors
        return (threshold_backward(grad, saved, self.threshold),)


class ThresholdBackward1(ThresholdBackward0):
    __slots__ = ()


def _threshold_data(x: np.ndarray, threshold: Any, value: Any) -> np.ndarray:
    return copied_preserving_layout(x, np.where(x <= threshold, x.dtype.type(value), x))


def _threshold_values(name: str, input: Any, threshold: Any, value: Any) -> tuple:
    threshold = arguments.number_argument(name, "threshold", threshold)
    value = arguments.number_argument(name, "value", value)
    if not isinstance(input, Tensor):
        raise TypeError(name)  # (the parser words it)
    if input.dtype is bool_:
        raise errors.error("kernel_not_implemented", op="threshold_cpu", dtype="Bool")
    return checked_scalar(threshold, input.dtype), checked_scalar(value, input.dtype)


def _threshold(input: Tensor, threshold: Any, value: Any) -> Tensor:
    limit, fill = _threshold_values("threshold", input, threshold, value)
    data = quiet_call(_threshold_data, input._data, limit, fill)
    return _pointwise_out(input, data, ThresholdBackward0, {"threshold": threshold}, input)


def _threshold_saving_input(input: Tensor, threshold: Any, limit: Any, fill: Any) -> Tensor:
    """threshold_: ThresholdBackward1, which saves self as it was (the snapshot)."""
    data = quiet_call(_threshold_data, input._data, limit, fill)
    return _pointwise_out(input, data, ThresholdBackward1, {"threshold": threshold}, input)


def _threshold_(input: Tensor, threshold: Any, value: Any) -> Tensor:
    limit, fill = _threshold_values("threshold_", input, threshold, value)
    return apply_inplace(input, _threshold_saving_input, threshold, limit, fill)


_parsed_threshold = arguments.parsed_like_torch(
    _threshold, "threshold", overloads.FUNCTIONS["threshold"]
)
threshold_ = parsed(_threshold_, "threshold_")


def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """``F.threshold``: ``value`` where input is at most ``threshold``, input elsewhere."""
    if inplace:
        return threshold_(input, threshold, value)
    return _parsed_threshold(input, threshold, value)


def _hard_sigmoid_of(wide: np.ndarray) -> np.ndarray:
    scalar = wide.dtype.type
    return np.minimum(np.maximum(wide + scalar(3), scalar(0)), scalar(6))


def _hardsigmoid_data(x: np.ndarray) -> np.ndarray:
    wide = x.astype(_F32) if x.dtype == _FLOAT16 else x
    return copied_preserving_layout(
        x, (_hard_sigmoid_of(wide) / wide.dtype.type(6)).astype(x.dtype)
    )


def _hardswish_data(x: np.ndarray) -> np.ndarray:
    wide = x.astype(_F32) if x.dtype == _FLOAT16 else x
    out = wide * _hard_sigmoid_of(wide) / wide.dtype.type(6)
    return copied_preserving_layout(x, out.astype(x.dtype))


def hardsigmoid_backward(grad_output: Tensor, self_: Tensor) -> Tensor:
    x = self_._data
    wide_type = _F32 if x.dtype == _FLOAT16 else x.dtype.type
    a = x.astype(wide_type)
    g = np.broadcast_to(grad_output._data, x.shape).astype(wide_type)
    inside = (a > wide_type(-3)) & (a < wide_type(3))
    # (torch's one_sixth is a float constant, also for float64: 1/6 rounded to float32)
    sixth = wide_type(np.float32(1.0 / 6.0))
    data = np.where(inside, g * sixth, wide_type(0)).astype(x.dtype)
    out = _made(copied_preserving_layout(x, data), self_)
    from ..ops.pointwise import _record_no_derivative

    return _record_no_derivative("hardsigmoid_backward", out, grad_output, self_)


def hardswish_backward(grad_output: Tensor, self_: Tensor) -> Tensor:
    x = self_._data
    grad = np.broadcast_to(grad_output._data, x.shape)

    wide_type = _F32 if x.dtype == _FLOAT16 else x.dtype.type
    aw, gw = x.astype(wide_type), grad.astype(wide_type)
    three = wide_type(3)
    middle = gw * ((aw / three) + wide_type(0.5))
    out = np.where(aw <= -three, wide_type(0), np.where(aw < three, middle, gw))
    data = copied_preserving_layout(x, out.astype(x.dtype))
    if not requires_grad(grad_output, self_):
        return _made(data, self_)
    node = HardswishBackwardBackward0(
        (edge(grad_output), edge(self_)), ((data.shape, self_.dtype),)
    )
    node.save(grad_output, self_)
    return _made(data, self_, node)


class HardsigmoidBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (hardsigmoid_backward(grad, self_),)


class HardswishBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (hardswish_backward(grad, self_),)


class HardswishBackwardBackward0(Node):
    """grad_output: hardswish_backward(grad, self); self: grad * grad_output / 3 inside
    (-3, 3), else 0."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        grad_output, self_ = self.saved_tensors
        grad_grad_output = grad_self = None
        if self.next_functions[0][0] is not None:
            grad_grad_output = hardswish_backward(grad, self_)
        if self.next_functions[1][0] is not None:
            from ..ops.pointwise import where

            inside = (self_ > -3.0) & (self_ < 3.0)
            zero = Tensor._make(np.zeros((), self_.dtype.np_dtype), self_.dtype)
            grad_self = where(inside, grad * grad_output / 3.0, zero)
        return grad_grad_output, grad_self


def _hard_out(input: Tensor, kind: str) -> Tensor:
    data_function = _hardsigmoid_data if kind == "hardsigmoid" else _hardswish_data
    node_class = HardsigmoidBackward0 if kind == "hardsigmoid" else HardswishBackward0
    data = quiet_call(data_function, input._data)
    return _pointwise_out(input, data, node_class, {}, input)


def _hard_input(name: str, input: Any, kind: str) -> None:
    if not isinstance(input, Tensor):
        raise TypeError(name)  # (the parser words it)
    _check_float(input, f"{kind}_cpu")


def _hardsigmoid(input: Tensor) -> Tensor:
    _hard_input("hardsigmoid", input, "hardsigmoid")
    return _hard_out(input, "hardsigmoid")


def _hardsigmoid_(input: Tensor) -> Tensor:
    _hard_input("hardsigmoid_", input, "hardsigmoid")
    return apply_inplace(input, _hard_out, "hardsigmoid")


def _hardswish(input: Tensor) -> Tensor:
    _hard_input("hardswish", input, "hardswish")
    return _hard_out(input, "hardswish")


def _hardswish_(input: Tensor) -> Tensor:
    _hard_input("hardswish_", input, "hardswish")
    return apply_inplace(input, _hard_out, "hardswish")


_parsed = {
    name: arguments.parsed_like_torch(function, name, overloads.FUNCTIONS[name])
    for name, function in (
        ("hardsigmoid", _hardsigmoid),
        ("hardsigmoid_", _hardsigmoid_),
        ("hardswish", _hardswish),
        ("hardswish_", _hardswish_),
    )
}


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    """``F.hardsigmoid``: ``min(max(x + 3, 0), 6) / 6`` (HardsigmoidBackward0)."""
    return _parsed["hardsigmoid_" if inplace else "hardsigmoid"](input)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    """``F.hardswish``: ``x * min(max(x + 3, 0), 6) / 6`` (HardswishBackward0)."""
    return _parsed["hardswish_" if inplace else "hardswish"](input)


# --- mish ------------------------------------------------------------------------------------


def _mish_kernels(backward: bool) -> tuple[Any, Any]:
    """torch's vector and scalar forms of mish (or its gradient): SLEEF's exp and log1p over
    whole vectors, the tail's libm; tanh correctly rounded in both (torch's are SLEEF's
    tanhf and glibc's tanhf)."""
    from ..ops.vector_kernels import glibc_log1pf, sleef_expf, sleef_log1pf

    def kernel(exp: Any, log1p: Any) -> Any:
        def tanh_softplus(a: np.ndarray) -> np.ndarray:
            return _correctly_rounded(np.tanh, log1p(exp(a)))

        def forward(a: np.ndarray) -> np.ndarray:
            wide = a.astype(_F32)
            return (wide * tanh_softplus(wide)).astype(a.dtype)

        def gradient(g: np.ndarray, a: np.ndarray) -> np.ndarray:
            wide, wide_g = a.astype(_F32), g.astype(_F32)
            sigmoid = _F32(1) / (_F32(1) + exp(-wide))
            t = tanh_softplus(wide)
            # (1 - t * t) and t + x * s * (...) each one fused multiply-add, as compiled
            from ..ops.fused import fused_multiply_add_float32 as fma

            inner = fma(-t, t, np.full_like(t, 1))
            return (wide_g * fma(wide * sigmoid, inner, t)).astype(a.dtype)

        return gradient if backward else forward

    scalar_exp = lambda v: _correctly_rounded(np.exp, v)  # noqa: E731
    return kernel(sleef_expf, sleef_log1pf), kernel(scalar_exp, glibc_log1pf)


def _mish_data(x: np.ndarray) -> np.ndarray:
    if x.dtype == np.float64:
        return x * np.tanh(np.log1p(np.exp(x)))
    vector, scalar = _mish_kernels(False)
    return _vector_then_tail([x], vector, scalar, _step(x))


def _mish_backward_data(grad: np.ndarray, x: np.ndarray) -> np.ndarray:
    grad = np.broadcast_to(grad, x.shape)
    if x.dtype == np.float64:
        sigmoid = 1 / (1 + np.exp(-x))
        t = np.tanh(np.log1p(np.exp(x)))
        return copied_preserving_layout(x, grad * (t + x * sigmoid * (1 - t * t)))
    vector, scalar = _mish_kernels(True)
    return _vector_then_tail([grad, x], vector, scalar, _step(x))


class MishBackward0(Node):
    """Saves self.  Under create_graph torch's formula is the differentiable
    ``grad * (t + x * sigmoid(x) * (1 - t * t))``, ``t = tanh(softplus(x))``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        if grad_mode.enabled:  # infinitely_differentiable_mish_backward
            from .smooth_activations import softplus

            sigmoid = pointwise.sigmoid(self_)
            t = pointwise.tanh(softplus(self_))
            return (grad * (t + self_ * sigmoid * pointwise.rsub(t * t, 1.0)),)
        data = quiet_call(_mish_backward_data, grad._data, self_._data)
        return (_made(data, self_),)


def _mish_out(input: Tensor) -> Tensor:
    data = quiet_call(_mish_data, input._data)
    return _pointwise_out(input, data, MishBackward0, {}, input)


def _mish(input: Tensor) -> Tensor:
    _hard_input("mish", input, "mish")
    return _mish_out(input)


def _mish_(input: Tensor) -> Tensor:
    _hard_input("mish_", input, "mish")
    return apply_inplace(input, _mish_out)


_parsed_mish = arguments.parsed_like_torch(_mish, "mish", overloads.FUNCTIONS["mish"])
_parsed_mish_ = arguments.parsed_like_torch(_mish_, "mish_", overloads.FUNCTIONS["mish_"])


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    """``F.mish``: ``x * tanh(softplus(x))`` (MishBackward0)."""
    return _parsed_mish_(input) if inplace else _parsed_mish(input)


# --- glu -------------------------------------------------------------------------------------


def _glu_sigmoid(exp: Any) -> Any:
    def sigmoid(b: np.ndarray) -> np.ndarray:
        return _F32(1) / (_F32(1) + exp(-b))

    return sigmoid


def _glu_kernels() -> tuple[Any, Any]:
    from ..ops.vector_kernels import sleef_expf

    return _glu_sigmoid(sleef_expf), _glu_sigmoid(lambda v: _correctly_rounded(np.exp, v))


def _halves(x: np.ndarray, dim: int) -> tuple[np.ndarray, np.ndarray]:
    half = x.shape[dim] // 2
    first = [slice(None)] * x.ndim
    second = [slice(None)] * x.ndim
    first[dim], second[dim] = slice(0, half), slice(half, None)
    return x[tuple(first)], x[tuple(second)]


def _glu_data(x: np.ndarray, dim: int) -> np.ndarray:
    a, b = _halves(x, dim)
    if x.dtype == np.float64:
        return np.ascontiguousarray(a * (1 / (1 + np.exp(-b))))
    vector, scalar = _glu_kernels()

    def run(sigmoid: Any) -> Any:
        def kernel(a_: np.ndarray, b_: np.ndarray) -> np.ndarray:
            return (a_.astype(_F32) * sigmoid(b_.astype(_F32))).astype(a_.dtype)

        return kernel

    out = _vector_then_tail([a, b], run(vector), run(scalar), _step(x))
    return np.ascontiguousarray(out)


def _glu_backward_data(grad: np.ndarray, x: np.ndarray, dim: int) -> np.ndarray:
    a, b = _halves(x, dim)
    g = np.broadcast_to(grad, a.shape)
    out = np.empty(x.shape, x.dtype)
    out_a, out_b = _halves(out, dim)
    if x.dtype == np.float64:
        s = 1 / (1 + np.exp(-b))
        out_a[...], out_b[...] = s * g, (1 - s) * s * a * g
        return out
    vector, scalar = _glu_kernels()

    def run(sigmoid: Any, which: int) -> Any:
        def kernel(g_: np.ndarray, a_: np.ndarray, b_: np.ndarray) -> np.ndarray:
            # (float16: the sigmoid is rounded to float16 first, the rest in float32)
            s = sigmoid(b_.astype(_F32)).astype(a_.dtype).astype(_F32)
            gw, aw = g_.astype(_F32), a_.astype(_F32)
            return (s * gw if which == 0 else (_F32(1) - s) * s * aw * gw).astype(a_.dtype)

        return kernel

    arrays = [np.ascontiguousarray(g), np.ascontiguousarray(a), np.ascontiguousarray(b)]
    out_a[...] = _vector_then_tail(arrays, run(vector, 0), run(scalar, 0), _step(x))
    out_b[...] = _vector_then_tail(arrays, run(vector, 1), run(scalar, 1), _step(x))
    return out


class GluBackward0(Node):
    """Saves self and dim; the gradient is ``glu_backward`` (under create_graph, recorded
    engine ops: torch records GluBackwardBackward0)."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        if grad_mode.enabled:
            from ..ops import load_views_module

            views = load_views_module()
            half = self_.shape[self.dim] // 2
            a = views.narrow(self_, self.dim, 0, half)
            b = views.narrow(self_, self.dim, half, half)
            s = pointwise.sigmoid(b)
            return (views.cat([s * grad, pointwise.rsub(s, 1.0) * s * a * grad], self.dim),)
        data = quiet_call(_glu_backward_data, grad._data, self_._data, self.dim)
        return (_made(data, self_),)


def _glu(input: Tensor, dim: int = -1) -> Tensor:
    from ..ops.core import maybe_wrap_dim

    if not isinstance(input, Tensor):
        raise TypeError("glu")  # (the parser words it)
    _check_float(input, "glu_cpu")
    dim = maybe_wrap_dim(dim, input.ndim)
    size = input.shape[dim]
    if size % 2:
        raise errors.error("glu_odd", dim=dim, size=size)
    data = quiet_call(_glu_data, input._data, dim)
    return _pointwise_out(input, data, GluBackward0, {"dim": dim}, input)


_parsed_glu = arguments.parsed_like_torch(_glu, "glu", overloads.FUNCTIONS["glu"])


def glu(input: Tensor, dim: int = -1) -> Tensor:
    """``F.glu``: ``a * sigmoid(b)`` of the two halves of ``dim`` (GluBackward0)."""
    if input.dim() == 0:  # (torch's Python test: its AttributeError for a non-tensor)
        raise errors.error("glu_scalar")
    return _parsed_glu(input, dim)
