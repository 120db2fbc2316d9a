"""The trigonometric and hyperbolic functions beside sin, cos and tanh: ``tan``, ``asin``,
``acos``, ``atan``, ``sinh``, ``cosh``, ``asinh``, ``acosh``, ``atanh`` and torch's aliases
``arcsin`` … ``arctanh`` (one body each; an alias records the same grad_fn, as torch's
``AsinBackward0`` for ``arcsin``), as ``torch.<name>``, ``Tensor.<name>``, ``Tensor.<name>_``
and ``torch.<name>_``.

Values follow torch 2.13's CPU kernels (float16 computes in float32 and rounds once, as
torch's): ``asinh`` and ``acosh`` are glibc's ``asinhf``/``acoshf`` on every element
(``cpu_kernel``); ``sinh``, ``cosh`` and ``atanh`` run ``cpu_kernel_vec``: SLEEF's vector
kernels on whole pairs of vectors of a contiguous run, glibc's on the tail (both bit for bit,
``trigonometric_kernels``); ``tan``, ``asin``, ``acos``, ``atan`` are MKL's ``vmsTan`` …
(high accuracy, every element; not public: taken correctly rounded here).  The elements
that still differ from torch are measured in docs/engine-internals.md.  float64 values are
numpy's.
Gradients are derivatives.yaml's formulas in its order of operations, with engine ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..autograd.graph import Node
from ..tensor import Tensor
from . import arguments
from .core import as_array, torch_layout
from .counting import _NotDifferentiable
from .elementwise import _without_arguments, rsqrt
from .inplace import _inplace_method
from .layout import copied_preserving_layout, empty_preserving_layout
from .pointwise import (
    _float_input,
    _rounded_from_float64,
    _unary_result,
    add_scalar,
    mul_scalar,
    pow,
    sub_scalar,
)
from .quiet import quiet_call
from .trigonometric_kernels import (
    glibc_acoshf,
    glibc_asinhf,
    glibc_atanhf,
    glibc_coshf,
    glibc_sinhf,
    sleef_atanhf,
    sleef_coshf,
    sleef_sinhf,
)


# --- values ---------------------------------------------------------------------------------
def _correctly_rounded(ufunc: Any) -> Any:
    """``ufunc`` of a float32 array in float64, rounded once (MKL's and SLEEF's kernels are
    within an ulp: this is their result except where they round the other way)."""
    return lambda data: _rounded_from_float64(ufunc, data)


# float64: numpy's; float32: (vector kernel, scalar kernel): the vector one on torch's
# vectorised body, the scalar one on the tail (one of them None: every element by the other)
_KERNELS = {
    "tan": (np.tan, _correctly_rounded(np.tan), None),
    "asin": (np.arcsin, _correctly_rounded(np.arcsin), None),
    "acos": (np.arccos, _correctly_rounded(np.arccos), None),
    "atan": (np.arctan, _correctly_rounded(np.arctan), None),
    "sinh": (np.sinh, sleef_sinhf, glibc_sinhf),
    "cosh": (np.cosh, sleef_coshf, glibc_coshf),
    "atanh": (np.arctanh, sleef_atanhf, glibc_atanhf),
    "asinh": (np.arcsinh, None, glibc_asinhf),
    "acosh": (np.arccosh, None, glibc_acoshf),
}


def _values(kernel: str, data: np.ndarray) -> np.ndarray:
    """torch's values of ``kernel`` for a floating array, laid out as torch lays them out."""
    double, vector, scalar = _KERNELS[kernel]
    if data.dtype == np.float64:
        return quiet_call(double, data)
    wide = data.astype(np.float32, copy=False)  # (float16: float32 inside, rounded once)
    with np.errstate(all="ignore"):
        if scalar is None:
            values = copied_preserving_layout(data, vector(np.atleast_1d(wide)).reshape(data.shape))
        elif vector is None:
            values = copied_preserving_layout(data, scalar(np.atleast_1d(wide)).reshape(data.shape))
        else:
            from ..nn.smooth_activations import _vector_then_tail  # (torch's loop split)

            # (two vectors of torch's CPU capability, AVX2 here: 8 float32 or 16 half lanes)
            step = 32 if data.dtype == np.float16 else 16
            values = _vector_then_tail([wide], vector, scalar, step)
        return values.astype(data.dtype, copy=False)


def _unary(name: str, kernel: str, node_class: type, input: Tensor, **saved: bool) -> Tensor:
    """``torch.<name>(input)`` (``name`` the function or alias called: its error words)."""
    try:
        data, d = _float_input(input)
        out = as_array(_values(kernel, data), d)
        # (an expanded input: numpy's layout orders by its 0 strides, torch's ignores them)
        return _unary_result(node_class, input, torch_layout(out, data), d, **saved)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(name, input, failure) from None


# --- tan, asin, acos, atan --------------------------------------------------------------------
class TanBackward0(Node):
    """out = tan(self).  Saves the result: ``grad * (1 + result.pow(2))``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad * add_scalar(pow(result, 2), 1),)


class AsinBackward0(Node):
    """out = asin(self).  Saves self: ``grad * (-self * self + 1).rsqrt()``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad * rsqrt(add_scalar(-self_ * self_, 1)),)


class AcosBackward0(Node):
    """out = acos(self).  Saves self: ``grad * -((-self * self + 1).rsqrt())``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad * -rsqrt(add_scalar(-self_ * self_, 1)),)


class AtanBackward0(Node):
    """out = atan(self).  Saves self: ``grad / (self * self + 1)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad / add_scalar(self_ * self_, 1),)


def tan(input: Tensor) -> Tensor:
    """torch.tan."""
    return _unary("tan", "tan", TanBackward0, input, save_result=True)


def asin(input: Tensor) -> Tensor:
    """torch.asin: the arcsine, in [-pi/2, pi/2] (nan beyond [-1, 1])."""
    return _unary("asin", "asin", AsinBackward0, input, save_input=True)


def arcsin(input: Tensor) -> Tensor:
    """torch.arcsin: asin's alias (its grad_fn too)."""
    return _unary("arcsin", "asin", AsinBackward0, input, save_input=True)


def acos(input: Tensor) -> Tensor:
    """torch.acos: the arccosine, in [0, pi] (nan beyond [-1, 1])."""
    return _unary("acos", "acos", AcosBackward0, input, save_input=True)


def arccos(input: Tensor) -> Tensor:
    """torch.arccos: acos's alias (its grad_fn too)."""
    return _unary("arccos", "acos", AcosBackward0, input, save_input=True)


def atan(input: Tensor) -> Tensor:
    """torch.atan: the arctangent, in (-pi/2, pi/2)."""
    return _unary("atan", "atan", AtanBackward0, input, save_input=True)


def arctan(input: Tensor) -> Tensor:
    """torch.arctan: atan's alias (its grad_fn too)."""
    return _unary("arctan", "atan", AtanBackward0, input, save_input=True)


# --- sinh, cosh, asinh, acosh, atanh ----------------------------------------------------------
class SinhBackward0(Node):
    """out = sinh(self).  Saves self: ``grad * self.cosh()``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (grad * cosh(self_),)


class CoshBackward0(Node):
    """out = cosh(self).  Saves self: ``grad * self.sinh()``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (grad * sinh(self_),)


class AsinhBackward0(Node):
    """out = asinh(self).  Saves self: ``grad * (self.pow(2) + 1).rsqrt()``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad * rsqrt(add_scalar(pow(self_, 2), 1)),)


class AcoshBackward0(Node):
    """out = acosh(self).  Saves self: ``grad * (self * self - 1).rsqrt()``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad * rsqrt(sub_scalar(self_ * self_, 1)),)


class AtanhBackward0(Node):
    """out = atanh(self).  Saves self: ``grad * 1 / (1 - self.pow(2))``, the ``1 - …`` as
    ATen's ``empty_like(…).fill_(1).sub_(…)`` (SubBackward0 without a first input)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        squares = pow(self_, 2)
        ones = empty_preserving_layout(squares._data, squares.dtype.np_dtype)
        ones[...] = 1
        with np.errstate(all="ignore"):
            return (mul_scalar(grad, 1) / (Tensor._make(ones, squares.dtype) - squares),)


# torch's in-place asinh_, acosh_, atanh_ record a node whose backward raises
class AsinhBackward1(_NotDifferentiable):
    """out = asinh_(self): derivatives.yaml's ``not_implemented("inplace version of asinh")``."""

    __slots__ = ()
    op = "inplace version of asinh"


class AcoshBackward1(_NotDifferentiable):
    """out = acosh_(self): derivatives.yaml's ``not_implemented("inplace version of acosh")``."""

    __slots__ = ()
    op = "inplace version of acosh"


class AtanhBackward1(_NotDifferentiable):
    """out = atanh_(self): derivatives.yaml's ``not_implemented("inplace version of atanh")``."""

    __slots__ = ()
    op = "inplace version of atanh"


def sinh(input: Tensor) -> Tensor:
    """torch.sinh."""
    return _unary("sinh", "sinh", SinhBackward0, input, save_input=True)


def cosh(input: Tensor) -> Tensor:
    """torch.cosh."""
    return _unary("cosh", "cosh", CoshBackward0, input, save_input=True)


def asinh(input: Tensor) -> Tensor:
    """torch.asinh: the inverse hyperbolic sine."""
    return _unary("asinh", "asinh", AsinhBackward0, input, save_input=True)


def arcsinh(input: Tensor) -> Tensor:
    """torch.arcsinh: asinh's alias (its grad_fn too)."""
    return _unary("arcsinh", "asinh", AsinhBackward0, input, save_input=True)


def acosh(input: Tensor) -> Tensor:
    """torch.acosh: the inverse hyperbolic cosine (nan below 1)."""
    return _unary("acosh", "acosh", AcoshBackward0, input, save_input=True)


def arccosh(input: Tensor) -> Tensor:
    """torch.arccosh: acosh's alias (its grad_fn too)."""
    return _unary("arccosh", "acosh", AcoshBackward0, input, save_input=True)


def atanh(input: Tensor) -> Tensor:
    """torch.atanh: the inverse hyperbolic tangent (±inf at ±1, nan beyond)."""
    return _unary("atanh", "atanh", AtanhBackward0, input, save_input=True)


def arctanh(input: Tensor) -> Tensor:
    """torch.arctanh: atanh's alias (its grad_fn too)."""
    return _unary("arctanh", "atanh", AtanhBackward0, input, save_input=True)


FUNCTIONS = {
    op.__name__: op
    for op in (tan, asin, arcsin, acos, arccos, atan, arctan)
    + (sinh, cosh, asinh, arcsinh, acosh, arccosh, atanh, arctanh)
}


# (kernel, node) of the in-place forms whose derivative torch does not implement
_IN_PLACE_NOT_IMPLEMENTED = {
    "asinh": ("asinh", AsinhBackward1),
    "arcsinh": ("asinh", AsinhBackward1),
    "acosh": ("acosh", AcoshBackward1),
    "arccosh": ("acosh", AcoshBackward1),
    "atanh": ("atanh", AtanhBackward1),
    "arctanh": ("atanh", AtanhBackward1),
}


def _in_place_op(name: str, function: Any) -> Any:
    """What ``<name>_`` computes on the snapshot of ``self`` (``inplace.apply_inplace``):
    the function, or for asinh, acosh, atanh and their aliases the function recording
    torch's not-implemented node (``AsinhBackward1`` …)."""
    if name not in _IN_PLACE_NOT_IMPLEMENTED:
        return function
    kernel, node_class = _IN_PLACE_NOT_IMPLEMENTED[name]
    return lambda input: _unary(name, kernel, node_class, input)


def _function_in_place(name: str, function: Any) -> Any:
    """``torch.<name>_(input)``: the in-place method called as a function (a non-tensor
    gets the function's argument error, as torch's ``tan_(): argument 'input' …``)."""
    method = _inplace_method(_in_place_op(name, function), name + "_")

    def in_place(input: Tensor) -> Tensor:
        if not isinstance(input, Tensor):
            raise arguments.not_a_tensor(name + "_", input, TypeError(name + "_"))
        return method(input)

    in_place.__name__ = in_place.__qualname__ = name + "_"
    in_place.__doc__ = f"torch.{name}_: ``{name}`` in place."
    return in_place


IN_PLACE = {name + "_": _function_in_place(name, op) for name, op in FUNCTIONS.items()}

# the Tensor methods (``ops/methods.py`` attaches them), none taking arguments (METH_NOARGS)
METHODS = {name: _without_arguments(op, name) for name, op in FUNCTIONS.items()}
METHODS.update(
    {
        name + "_": _without_arguments(
            _inplace_method(_in_place_op(name, op), name + "_"), name + "_"
        )
        for name, op in FUNCTIONS.items()
    }
)
