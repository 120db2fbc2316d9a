"""Elementwise ops: arithmetic, unary math, activations, comparisons, where/clamp.

Each op is a numpy forward plus the grad_fn class torch records for it.  Backward
formulas are written with engine ops (``grad * other``), so they are differentiable.
The engine (not the formulas) reduces broadcast gradients with ``sum_to`` and casts
them to the input dtype, as torch's ``validate_outputs`` does.
"""

from __future__ import annotations

import builtins
import sys
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node, new_node, saved_input
from ..dtypes import (
    BOOL,
    FLOATING,
    INTEGRAL,
    bool_,
    dtype,
    dtype_of_array,
    float16,
    float32,
    from_numpy_dtype,
    get_default_dtype,
    result_type,
)
from ..tensor import Tensor
from . import arguments, overloads
from .core import (
    ForeignOperand,
    as_array,
    as_array_of,
    binary_operands,
    broadcast_error,
    broadcast_failure,
    broadcast_size_one,
    edge,
    half_opmath,
    is_scalar,
    scalar_operand,
    shape_of,
    torch_layout,
)
from .quiet import quiet_call, retry_quietly, run_quietly

# Python numbers as 0-d arrays of a float dtype, made once per (value, dtype).  A ufunc
# given a Python float converts it on every call (numpy 2 treats it as a "weak" scalar:
# cast to the array's dtype, then the array's own loop); a ready 0-d array of that dtype
# runs the very same loop on the very same number, about a third cheaper for small arrays.
# One dict per dtype, chosen by identity (hashing a numpy dtype is not free).
_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)
_FLOAT32_ARRAYS: dict[float, np.ndarray] = {}
_FLOAT64_ARRAYS: dict[float, np.ndarray] = {}
_SCALAR_ARRAYS_LIMIT = 1024  # per dtype; distinct constants are few, past that: floats
# the largest float32, as a Python float: only numbers converting to a finite value are
# cached (no overflow to inf on the way)
_FLOAT32_MAX = 3.4028234663852886e38


def scalar_array(value: float | int, np_dtype: np.dtype) -> np.ndarray | float:
    """``value`` (a Python float or int) as the operand numpy would use with a float array of
    ``np_dtype``: a cached read-only 0-d array, or ``float(value)`` when it is not cacheable
    (zero, whose sign a dict key would lose; nan, inf, out of range; other dtypes)."""
    number = builtins.float(value)
    if np_dtype is _FLOAT32:
        cache, limit = _FLOAT32_ARRAYS, _FLOAT32_MAX
    elif np_dtype is _FLOAT64:
        cache, limit = _FLOAT64_ARRAYS, sys.float_info.max
    else:
        return number
    cached = cache.get(number)
    if cached is not None:
        return cached
    if number == 0 or not -limit <= number <= limit or len(cache) >= _SCALAR_ARRAYS_LIMIT:
        return number
    cached = np.array(number, dtype=np_dtype)
    cached.flags.writeable = False
    cache[number] = cached
    return cached


def _recording(x: Any, y: Any = None) -> bool:
    """Should ``op(x, y)`` be recorded?  (inlined check of grad mode and requires_grad)"""
    return grad_mode.enabled and (
        (isinstance(x, Tensor) and x._requires_grad) or (isinstance(y, Tensor) and y._requires_grad)
    )


def _binary(ufunc: np.ufunc, x: Any, y: Any) -> tuple[np.ndarray, dtype]:
    if type(x) is Tensor:
        x_dtype = x.dtype
        y_type = type(y)
        if y_type is Tensor:
            if x_dtype is y.dtype and x_dtype is not float16:
                # fast path: two tensors of one dtype (the common case)
                try:
                    out = run_quietly(ufunc, x._data, y._data)  # silent about inf/nan
                except ValueError:
                    raise broadcast_error(x._data.shape, y._data.shape) from None
                except RuntimeError as error:
                    out = retry_quietly(error, ufunc, x._data, y._data)
                if type(out) is not np.ndarray:
                    out = np.asarray(out)
                elif out.ndim > 1 and (
                    not (x._data.flags.c_contiguous and (y is x or y._data.flags.c_contiguous))
                    or broadcast_size_one(out, x._data, y._data)
                ):  # checked here: torch_layout's own early exit costs microseconds
                    # (``y is x``: x * x; each .flags read builds a new object)
                    out = torch_layout(out, x._data, y._data)
                return out, x_dtype
        elif (y_type is builtins.float or y_type is builtins.int) and x_dtype.own_opmath:
            # fast path: a float tensor with a Python number (``y * 3``); numpy 2 treats
            # the number as weak, so the result keeps the tensor's dtype, as in torch
            number = scalar_array(y, x._data.dtype)
            try:
                out = run_quietly(ufunc, x._data, number)
            except RuntimeError as error:
                out = retry_quietly(error, ufunc, x._data, number)
            if type(out) is not np.ndarray:
                out = np.asarray(out)
            return out, x_dtype
        if x_dtype is float16 and (ufunc is np.multiply or ufunc is np.true_divide):
            out = half_opmath(ufunc, x, y)  # (None unless y is a number or one element)
            if out is not None:
                return out, float16
    a, b, result = binary_operands(x, y)
    try:
        out = quiet_call(ufunc, a, b)
    except ValueError:
        raise broadcast_error(shape_of(x), shape_of(y)) from None
    return torch_layout(as_array(out, result), a, b), result


def _product(grad: np.ndarray, value: Any) -> np.ndarray:
    """``grad * value`` as the engine's ``mul`` computes it under no_grad, on arrays
    (``value``: an ndarray from ``saved_data``, or a saved Python number)."""
    value_type = type(value)
    if value_type is np.ndarray:
        value_dtype = value.dtype
        # mul's same-dtype path: one ufunc call (``is`` first: numpy's builtin dtypes are
        # singletons, and == is a rich comparison)
        if value_dtype is grad.dtype or value_dtype == grad.dtype:
            out = np.multiply(grad, value)
            return out if type(out) is np.ndarray else np.asarray(out)
    elif value_type is builtins.float or value_type is builtins.int:
        grad_dtype = grad.dtype
        if grad_dtype is _FLOAT32 or grad_dtype is _FLOAT64:
            # mul's tensor-with-Python-number path: the number becomes a (weak) float
            out = np.multiply(grad, scalar_array(value, grad_dtype))
            return out if type(out) is np.ndarray else np.asarray(out)
    # anything else (mixed dtypes, numpy scalars, bools, float16 with a number: in float32,
    # core.half_opmath): the engine op itself
    other = Tensor._make(value, dtype_of_array(value)) if value_type is np.ndarray else value
    return mul(Tensor._make(grad, dtype_of_array(grad)), other)._data


def _saved_if(condition: bool, value: Any) -> Any:
    """Save ``value`` only when a gradient formula will need it (torch does the same)."""
    return value if condition else None


def _needs(value: Any) -> bool:
    return isinstance(value, Tensor) and value._requires_grad


# --- add / sub ---------------------------------------------------------------------------
class AddBackward0(Node):
    """out = self + alpha * other.  Saves no tensors."""

    __slots__ = ("alpha",)

    def backward(self, grad: Tensor) -> tuple:
        return grad, (grad if self.alpha == 1 else grad * self.alpha)

    def backward_data(self, grad: np.ndarray) -> Any:
        return (grad, grad) if self.alpha == 1 else NotImplemented


def _scaled_binary(ufunc: np.ufunc, x: Any, y: Any, alpha: Any) -> tuple[np.ndarray, dtype]:
    """``ufunc(x, alpha * y)`` on numpy data (alpha scales the data, it is not an op)."""
    a, b, result = binary_operands(x, y)
    unscaled_b = b  # its memory layout, for torch_layout
    try:
        if alpha == 1:
            out = quiet_call(ufunc, a, b)
        elif result.np_dtype in _FUSED_ALPHA_DTYPES and np.ndim(b) > 0:
            # torch's float32/float64 kernel is fmadd(other, alpha, self): rounded once
            from .fused import fused_multiply_add  # (on first use: the engine's import time)

            scale = alpha if ufunc is np.add else -alpha
            out = fused_multiply_add(b, np.asarray(scale, result.np_dtype), np.asarray(a))
        else:
            out = quiet_call(ufunc, a, quiet_call(np.multiply, b, alpha))
    except ValueError:
        raise broadcast_error(shape_of(x), shape_of(y)) from None
    return torch_layout(as_array(out, result), a, unscaled_b), result


# (a 0-d or number ``other`` takes torch's scalar path, whose rounding this does not follow)
_FUSED_ALPHA_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def add(input: Any, other: Any, *, alpha: Any = 1) -> Tensor:
    """``input + alpha * other``, and ``Tensor.__add__``: NotImplemented for an operand that
    is neither a tensor nor a number (``torch.add`` itself is ``add_function``)."""
    try:  # (free in Python 3.11 unless raised: add is on every hot path)
        if alpha == 1:
            out, result = _binary(np.add, input, other)
        else:
            out, result = _scaled_binary(np.add, input, other, alpha)
    except ForeignOperand:
        return NotImplemented
    if not grad_mode.enabled:
        return Tensor._make(out, result)
    # _recording / edge, inlined as in mul: add is as hot
    input_is_tensor = isinstance(input, Tensor)
    other_is_tensor = isinstance(other, Tensor)
    if not (
        (input_is_tensor and input._requires_grad) or (other_is_tensor and other._requires_grad)
    ):
        return Tensor._make(out, result)
    node = new_node(
        AddBackward0,
        (
            input._edge() if input_is_tensor else (None, 0),
            other._edge() if other_is_tensor else (None, 0),
        ),
        ((out.shape, result),),
    )
    node.alpha = alpha
    return Tensor._make(out, result, node)


class SubBackward0(Node):
    """out = self - alpha * other.  Saves no tensors."""

    __slots__ = ("alpha",)

    def backward(self, grad: Tensor) -> tuple:
        return grad, (-grad if self.alpha == 1 else grad * -self.alpha)

    def backward_data(self, grad: np.ndarray) -> Any:
        if self.alpha != 1:
            return NotImplemented
        return grad, as_array_of(np.negative(grad), grad.dtype)  # what -grad (neg) computes


def _check_bool_sub(x: Any, y: Any) -> None:
    """torch refuses ``-`` on bools (a Python bool counts as a bool tensor here)."""
    x_bool = isinstance(x, builtins.bool) or (isinstance(x, Tensor) and x.dtype is bool_)
    y_bool = isinstance(y, builtins.bool) or (isinstance(y, Tensor) and y.dtype is bool_)
    if x_bool and y_bool:
        raise errors.error("sub_bool")
    if x_bool or y_bool:  # float tensor - True is refused too
        raise errors.error("sub_bool_scalar")


def sub(input: Any, other: Any, *, alpha: Any = 1) -> Tensor:
    try:
        _check_bool_sub(input, other)
        out, result = _scaled_binary(np.subtract, input, other, alpha)
        node = None
        if _recording(input, other):
            node = SubBackward0((edge(input), edge(other)), ((out.shape, result),))
            node.alpha = alpha
        return Tensor._make(out, result, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sub", input, failure, other) from None


class RsubBackward1(Node):
    """out = other - alpha * self, other a Python scalar (``1 - x``)."""

    __slots__ = ("alpha",)

    def backward(self, grad: Tensor) -> tuple:
        return (-grad if self.alpha == 1 else grad * -self.alpha,)


class RsubBackward0(Node):
    """torch.rsub(self, other) = other - alpha * self, both tensors."""

    __slots__ = ("alpha",)

    def backward(self, grad: Tensor) -> tuple:
        return (-grad if self.alpha == 1 else grad * -self.alpha), grad


def rsub(input: Tensor, other: Any, *, alpha: Any = 1) -> Tensor:
    """``other - alpha * input``."""
    if isinstance(other, Tensor):
        out, result = _scaled_binary(np.subtract, other, input, alpha)
        node = None
        if _recording(input, other):
            node = RsubBackward0((edge(input), edge(other)), ((out.shape, result),))
            node.alpha = alpha
        return Tensor._make(out, result, node)
    _check_bool_sub(input, other)
    out, result = _scaled_binary(np.subtract, scalar_operand(other), input, alpha)
    node = None
    if _recording(input):
        node = RsubBackward1((input._edge(),), ((out.shape, result),))
        node.alpha = alpha
    return Tensor._make(out, result, node)


# --- tensor-with-scalar ops as torch's C++ formulas record them -------------------------
# Python's ``x * 2`` is MulBackward0 (the scalar is wrapped into a tensor), but inside
# torch's backward formulas ``t * scalar`` is mul.Scalar -> MulBackward1 with one edge.
class MulBackward1(Node):
    __slots__ = ("other",)

    def backward(self, grad: Tensor) -> tuple:
        return (mul_scalar(grad, self.other),)


class DivBackward1(Node):
    __slots__ = ("other",)

    def backward(self, grad: Tensor) -> tuple:
        return (div_scalar(grad, self.other),)


class AddBackward1(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


class SubBackward1(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


def _scalar_op(node_class: type[Node], ufunc: np.ufunc, x: Tensor, scalar: Any) -> Tensor:
    out, result = _binary(ufunc, x, scalar)
    if not (grad_mode.enabled and x._requires_grad):
        return Tensor._make(out, result)
    node = node_class((x._edge(),), ((out.shape, result),))
    if node_class is MulBackward1 or node_class is DivBackward1:
        node.other = scalar
    return Tensor._make(out, result, node)


def mul_scalar(x: Tensor, scalar: Any) -> Tensor:
    return _scalar_op(MulBackward1, np.multiply, x, scalar)


def div_scalar(x: Tensor, scalar: Any) -> Tensor:
    if scalar == 0:
        with np.errstate(all="ignore"):
            return _scalar_op(DivBackward1, np.true_divide, x, scalar)
    return _scalar_op(DivBackward1, np.true_divide, x, scalar)


def add_scalar(x: Tensor, scalar: Any) -> Tensor:
    return _scalar_op(AddBackward1, np.add, x, scalar)


def sub_scalar(x: Tensor, scalar: Any) -> Tensor:
    return _scalar_op(SubBackward1, np.subtract, x, scalar)


# --- mul / div ---------------------------------------------------------------------------
class MulBackward0(Node):
    """out = self * other.  Saves other if self needs grad, and self if other does."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        return (
            None if other is None else grad * other,
            None if self_ is None else grad * self_,
        )

    def backward_data(self, grad: np.ndarray) -> tuple:
        self_, other = self.saved_data
        if self_ is other and self_ is not None:  # x * x: both products are the same numbers
            product = _product(grad, self_)
            return product, product
        return (
            None if other is None else _product(grad, other),
            None if self_ is None else _product(grad, self_),
        )


def mul(input: Any, other: Any) -> Tensor:
    """``input * other``, and ``Tensor.__mul__``: NotImplemented for an operand that is
    neither a tensor nor a number (``torch.mul`` itself is ``mul_function``)."""
    try:
        out, result = _binary(np.multiply, input, other)
    except ForeignOperand:
        return NotImplemented
    if not grad_mode.enabled:
        return Tensor._make(out, result)
    # _needs / edge, inlined: this is the hottest recorded op
    input_is_tensor = isinstance(input, Tensor)
    other_is_tensor = isinstance(other, Tensor)
    input_needs = input_is_tensor and input._requires_grad
    other_needs = other_is_tensor and other._requires_grad
    if not (input_needs or other_needs):
        return Tensor._make(out, result)
    node = new_node(
        MulBackward0,
        (
            input._edge() if input_is_tensor else (None, 0),
            other._edge() if other_is_tensor else (None, 0),
        ),
        ((out.shape, result),),
    )
    # torch saves self only when other needs a gradient, and other only when self does
    # node.save(input if other_needs else None, other if input_needs else None), inlined
    node._saved = (
        saved_input(input) if other_needs else None,
        saved_input(other) if input_needs else None,
    )
    return Tensor._make(out, result, node)


def _function_form(operator: Any, name: str, *, method: bool) -> Any:
    """``torch.add`` / ``x.add`` from the operator ``add``: where the operator answers
    NotImplemented (an operand that is neither a tensor nor a number) or its call fails,
    torch's argument parser raises its TypeError (``ops/arguments.py``)."""
    listed = (overloads.METHODS if method else overloads.FUNCTIONS)[name]
    function = arguments.parsed_like_torch(operator, name, listed, method=method)
    function.__name__ = function.__qualname__ = name
    return function


add_function = _function_form(add, "add", method=False)
add_method = _function_form(add, "add", method=True)
mul_function = _function_form(mul, "mul", method=False)
mul_method = _function_form(mul, "mul", method=True)
multiply_function = _function_form(mul, "multiply", method=False)
multiply_method = _function_form(mul, "multiply", method=True)


class DivBackward0(Node):
    """out = self / other.  Saves other, and self when other needs grad."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        grad_self = grad / other if self.next_functions[0][0] is not None else None
        grad_other = None
        if self_ is not None:
            grad_other = -grad * ((self_ / other) / other)
        return grad_self, grad_other


def div(input: Any, other: Any, *, rounding_mode: str | None = None) -> Tensor:
    try:
        if rounding_mode is not None:
            out = _rounding_div(input, other, rounding_mode)
            if not _recording(input, other):
                return out
            node = DivBackward2((edge(input), edge(other)), ((out._data.shape, out.dtype),))
            return Tensor._make(out._data, out.dtype, node)
        a, b, result = binary_operands(input, other)
        if not result.own_opmath:  # float16 or integers (one attribute read for float32)
            out, result = _other_division(input, other, a, b, result)
        else:
            try:
                out = quiet_call(np.true_divide, a, b)  # x / 0 and 0 / 0 are silent in torch
            except ValueError:
                raise broadcast_error(shape_of(input), shape_of(other)) from None
            out = torch_layout(as_array(out, result), a, b)
        node = None
        if _recording(input, other):
            node = DivBackward0((edge(input), edge(other)), ((out.shape, result),))
            node.save(_saved_if(_needs(other), input), other)
        return Tensor._make(out, result, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "div", input, failure, other
        ) from None


def _other_division(input: Any, other: Any, a: Any, b: Any, result: dtype) -> tuple:
    """``div``'s true division where the result is not float32 or float64: a float16 tensor
    by a number (or one element) in float32, rounded once (core.half_opmath); halves by
    halves as halves; integers in the default float dtype."""
    if result is float16:
        if isinstance(input, Tensor) and input.dtype is float16:
            out = half_opmath(np.true_divide, input, other)
            if out is not None:
                return out, result
    else:
        result = get_default_dtype()
        a = a.astype(result.np_dtype) if isinstance(a, np.ndarray) else a
        b = b.astype(result.np_dtype) if isinstance(b, np.ndarray) else b
    try:
        out = quiet_call(np.true_divide, a, b)  # x / 0 and 0 / 0 are silent in torch
    except ValueError:
        raise broadcast_error(shape_of(input), shape_of(other)) from None
    return torch_layout(as_array(out, result), a, b), result


class DivBackward2(Node):
    """out = self.div(other, rounding_mode=...): piecewise constant, torch's grads are +0
    (whatever the incoming gradient: not ``grad * 0``, which is -0 or nan)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return zeros_like_grad(grad), zeros_like_grad(grad)


class RemainderBackward0(Node):
    """out = self % scalar: the gradient passes through."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


class RemainderBackward1(Node):
    """out = self % other (tensors).  Saves both: other's grad is -grad * floor(self/other)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        return grad, -grad * _rounding_div(self_, other, "floor")


class _NoDerivative(Node):
    """torch's ``NotImplemented`` node: recorded by ops without a derivative formula
    (floor_divide, number % tensor); a backward through it raises."""

    __slots__ = ("op",)

    def backward(self, grad: Tensor) -> tuple:
        raise errors.error("derivative_not_implemented", op=self.op)


_NoDerivative.__name__ = _NoDerivative.__qualname__ = "NotImplemented"


def _record_no_derivative(op: str, out: Tensor, *operands: Any) -> Tensor:
    """Attach a ``NotImplemented`` node over the tensor operands (numbers are no edges)."""
    if not _recording(*operands[:2]):
        return out
    edges = tuple(edge(value) for value in operands if isinstance(value, Tensor))
    node = _NoDerivative(edges, ((out._data.shape, out.dtype),))
    node.op = op
    return Tensor._make(out._data, out.dtype, node)


def _rounding_div(input: Any, other: Any, rounding_mode: str) -> Tensor:
    a, b, result = binary_operands(input, other)
    if result is bool_:
        kernel = "div_floor_cpu" if rounding_mode == "floor" else "div_trunc_cpu"
        raise errors.error("kernel_not_implemented", op=kernel, dtype="Bool")
    if result.category != FLOATING and np.any(np.asarray(b) == 0):
        raise errors.error("integer_division_by_zero")
    with np.errstate(all="ignore"):
        if rounding_mode == "floor":
            out = np.floor_divide(a, b)
        elif rounding_mode == "trunc":
            out = (
                np.trunc(np.true_divide(a, b)) if result.category == FLOATING else _trunc_int(a, b)
            )
        else:
            raise errors.error("rounding_mode", mode=rounding_mode)
    return Tensor._make(torch_layout(as_array(out, result), a, b), result)


def _trunc_int(a: Any, b: Any) -> np.ndarray:
    quotient = np.floor_divide(a, b)
    remainder = np.remainder(a, b)
    return np.where(
        (remainder != 0) & ((np.asarray(a) < 0) != (np.asarray(b) < 0)), quotient + 1, quotient
    )


def floor_divide(input: Any, other: Any) -> Tensor:
    try:
        return _record_no_derivative(
            "floor_divide", _rounding_div(input, other, "floor"), input, other
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "floor_divide", input, failure, other
        ) from None


def _float_remainder(a: Any, b: Any) -> Any:
    """torch's float kernel: ``fmod``, plus ``b`` when the two signs differ.  A zero result
    keeps the dividend's sign (``3. % -1`` is 0., where numpy's remainder gives -0.)."""
    mod = np.fmod(a, b)
    return np.where((mod != 0) & ((np.asarray(b) < 0) != (mod < 0)), mod + b, mod)


def remainder(input: Any, other: Any) -> Tensor:
    try:
        a, b, result = binary_operands(input, other)
        if result is bool_:
            raise errors.error("kernel_not_implemented", op="remainder_cpu", dtype="Bool")
        if result.category != FLOATING and np.any(np.asarray(b) == 0):
            raise errors.error("integer_division_by_zero")
        with np.errstate(all="ignore"):
            out = _float_remainder(a, b) if result.category == FLOATING else np.remainder(a, b)
        out = torch_layout(as_array(out, result), a, b)
        if not _recording(input, other):
            return Tensor._make(out, result)
        if not isinstance(input, Tensor):  # number % tensor has no derivative formula
            return _record_no_derivative("remainder", Tensor._make(out, result), input, other)
        if not isinstance(other, Tensor):
            node = RemainderBackward0((input._edge(),), ((out.shape, result),))
            return Tensor._make(out, result, node)
        node = RemainderBackward1((edge(input), edge(other)), ((out.shape, result),))
        node.save(input, other)
        return Tensor._make(out, result, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "remainder", input, failure, other
        ) from None


def true_divide(input: Any, other: Any) -> Tensor:
    try:
        return div(input, other)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("true_divide", input, failure, other) from None


class ReciprocalBackward0(Node):
    """out = 1 / self.  Saves the result."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (-grad * (result * result),)


def reciprocal(input: Tensor) -> Tensor:
    try:
        out_dtype = input.dtype if input.dtype.category == FLOATING else get_default_dtype()
        with np.errstate(all="ignore"):
            out = as_array(np.reciprocal(input._data.astype(out_dtype.np_dtype)), out_dtype)
        return _unary_result(ReciprocalBackward0, input, out, out_dtype, save_result=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("reciprocal", input, failure) from None


def rdiv(input: Tensor, other: Any) -> Tensor:
    """``scalar / tensor`` is recorded by torch as ``reciprocal(tensor) * scalar``."""
    if isinstance(other, Tensor):
        return div(other, input)
    return mul(reciprocal(input), scalar_operand(other))


# --- pow ---------------------------------------------------------------------------------
class PowBackward0(Node):
    """out = self ** exponent (a Python scalar).  Saves self."""

    __slots__ = ("exponent",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        exponent = self.exponent
        if exponent == 0:
            return (zeros_like_grad(grad),)
        return (grad * mul_scalar(pow(self_, exponent - 1), exponent),)


class PowBackward1(Node):
    """out = self ** exponent, both tensors.  Saves self, exponent and the result."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, exponent, result = self.saved_tensors
        grad_self = grad_exponent = None
        if self.next_functions[0][0] is not None:
            grad_self = where(
                exponent == 0, 0.0, grad * (exponent * pow(self_, sub_scalar(exponent, 1)))
            )
        if self.next_functions[1][0] is not None:
            at_zero = (self_ == 0) & (exponent >= 0)
            # torch's pow_backward_exponent takes the log of self cast to the result dtype
            # (a float64 0-d self under 1e-45 is 0 in a float32 result: log gives -inf)
            promoted = self_.to(result.dtype)
            grad_exponent = grad * where(at_zero, 0.0, result * log(promoted))
        return grad_self, grad_exponent


class PowBackward2(Node):
    """out = self ** exponent with ``self`` a Python scalar (``2 ** x``).  Saves the result."""

    __slots__ = ("base",)

    def backward(self, grad: Tensor) -> tuple:
        exponent, result = self.saved_tensors
        if self.base == 0:
            return (grad * where(exponent >= 0, 0.0, result * np.log(0.0)),)
        return (grad * mul_scalar(result, builtins.float(np.log(self.base))),)


def _power(a: Any, b: Any) -> Any:
    try:
        with np.errstate(all="ignore"):
            return np.power(a, b)
    except ValueError as exc:
        if "negative integer powers" not in str(exc):
            raise
        if not isinstance(b, np.ndarray):  # a Python number exponent: torch refuses too
            raise errors.error("integer_pow_negative") from None
        return _integer_power_of_tensor(a, b)


def _scalar_power(a: np.ndarray, exponent: Any, result: dtype) -> Any:
    """``a ** exponent`` for a float tensor as torch's pow kernel specialises it: 2, 3 and -2
    by multiplication, -1 as 1/x, 0.5 and -0.5 through sqrt; otherwise libm's pow."""
    if result.category != FLOATING or result is float16:
        return _power(a, exponent)
    with np.errstate(all="ignore"):
        if exponent == 2:
            return a * a
        if exponent == 3:
            return a * a * a
        if exponent == -2:
            return 1 / (a * a)
        if exponent == -1:
            return 1 / a
        if exponent == 0.5:
            return np.sqrt(a)
        if exponent == -0.5:
            return 1 / np.sqrt(a)
        if result is float32:
            # libm's powf (torch's scalar loop) is correctly rounded here; numpy's float32
            # power differs from it in a fifth of all elements
            return np.power(a, exponent, dtype=np.float64).astype(np.float32)
    return _power(a, exponent)


def _integer_power_of_tensor(a: Any, b: np.ndarray) -> np.ndarray:
    """Integer ``a ** b`` with a tensor exponent holding negative values, as torch's integer
    kernel computes it: 1 ** -n = 1, (-1) ** -n = +-1 by parity, anything else ** -n = 0."""
    negative = b < 0
    with np.errstate(all="ignore"):
        powers = np.power(a, np.where(negative, 0, b).astype(b.dtype))
    odd = (b % 2) == 1
    reciprocal = np.where(a == 1, 1, np.where(a == -1, np.where(odd, -1, 1), 0))
    return np.where(negative, reciprocal, powers).astype(powers.dtype)


def pow(input: Any, exponent: Any) -> Tensor:  # noqa: A001 - torch's name
    try:
        # torch has no bool pow kernel with a bool *tensor* exponent (``B ** True`` is fine)
        if (
            isinstance(exponent, Tensor)
            and exponent.dtype is bool_
            and (
                isinstance(input, builtins.bool)
                or (isinstance(input, Tensor) and input.dtype is bool_)
            )
        ):
            raise errors.error("pow_bool")
        if not isinstance(input, Tensor):
            return _scalar_pow(scalar_operand(input), exponent)
        if isinstance(exponent, Tensor):
            a, b, result = binary_operands(input, exponent)
            try:
                out = torch_layout(as_array(_power(a, b), result), a, b)
            except ValueError:
                raise broadcast_error(shape_of(input), shape_of(exponent)) from None
            node = None
            if _recording(input, exponent):
                node = PowBackward1((edge(input), edge(exponent)), ((out.shape, result),))
                res = Tensor._make(out, result, node)
                node.save(input, exponent, outputs=(res,))
                return res
            return Tensor._make(out, result, None)
        number = scalar_operand(exponent)
        a, b, result = binary_operands(input, number)
        out = torch_layout(as_array(_scalar_power(a, b, result), result), a, b)
        node = None
        if _recording(input):
            node = PowBackward0((input._edge(),), ((out.shape, result),))
            node.exponent = number
            node.save(input)
        return Tensor._make(out, result, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("pow", input, failure, exponent) from None


def _scalar_pow(base: Any, exponent: Tensor) -> Tensor:
    a, b, result = binary_operands(base, exponent)
    out = torch_layout(as_array(_power(a, b), result), a, b)
    if not _recording(exponent):
        return Tensor._make(out, result, None)
    node = PowBackward2((exponent._edge(),), ((out.shape, result),))
    node.base = base
    res = Tensor._make(out, result, node)
    node.save(exponent, outputs=(res,))
    return res


def square(input: Tensor) -> Tensor:
    try:
        return pow(input, 2)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("square", input, failure) from None


# --- unary math --------------------------------------------------------------------------
def _float_input(x: Tensor) -> tuple[np.ndarray, dtype]:
    """Integer and bool tensors are computed in the default float dtype (torch rule)."""
    if x.dtype.category == FLOATING:
        return x._data, x.dtype
    d = get_default_dtype()
    return x._data.astype(d.np_dtype), d


def _rounded_from_float64(ufunc: Any, data: np.ndarray) -> np.ndarray:
    """``ufunc(data)``, for float32 computed in float64 and rounded once to float32.

    torch's float32 exp/log/tanh/sin/cos (MKL's high-accuracy vector functions on every
    layout, 0-d included) are within 0.6 ulp of the exact value and equal the correctly
    rounded result except right next to a rounding midpoint; numpy's own float32 kernels
    are up to 3 ulp off (exp differs from torch in 39% of elements, this in 1%).  See
    "Known differences from torch" in docs/engine-internals.md for the measured rates.
    """
    if data.dtype != np.float32:
        return quiet_call(ufunc, data)  # silent as torch: sin(inf) is nan, exp(1000) inf
    with np.errstate(all="ignore"):  # a float64 result beyond float32's range becomes inf
        if data.flags.c_contiguous:
            # one buffered pass: float64 loop, rounded into the float32 result (no float64
            # temporary the size of the tensor)
            out = np.empty(data.shape, np.float32)
            return ufunc(data, out=out, dtype=np.float64, casting="same_kind")
        # (the ufunc casts, so its output has the memory layout ufunc(data) would have: an
        # astype of a broadcast input would not, and views/reshape read the layout)
        return ufunc(data, dtype=np.float64).astype(np.float32)


def _unary_result(
    node_class: type[Node],
    x: Tensor,
    out: np.ndarray,
    out_dtype: dtype,
    *,
    save_input: bool = False,
    save_result: bool = False,
) -> Tensor:
    """Wrap the result of a one-input op, recording ``node_class`` when needed."""
    if not (grad_mode.enabled and x._requires_grad):
        return Tensor._make(out, out_dtype)
    node = node_class((x._edge(),), ((out.shape, out_dtype),))
    result = Tensor._make(out, out_dtype, node)
    if save_result:
        node.save(outputs=(result,))
    elif save_input:
        node.save(x)
    return result


class NegBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (-grad,)


def neg(input: Tensor) -> Tensor:
    try:
        if input.dtype is bool_:
            raise errors.error("bitwise_not_bool_int")
        out = as_array(np.negative(input._data), input.dtype)  # 0-d: numpy returns a scalar
        return _unary_result(NegBackward0, input, out, input.dtype)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("neg", input, failure) from None


class ExpBackward0(Node):
    """Saves the result."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (grad * result,)

    def backward_data(self, grad: np.ndarray) -> tuple:
        (result,) = self.saved_data
        return (_product(grad, result),)


def exp(input: Tensor) -> Tensor:
    try:
        data, d = _float_input(input)
        with np.errstate(all="ignore"):
            out = as_array(_rounded_from_float64(np.exp, data), d)
        return _unary_result(ExpBackward0, input, out, d, save_result=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("exp", input, failure) from None


class LogBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (grad / self_,)


def log(input: Tensor) -> Tensor:
    try:
        data, d = _float_input(input)
        with np.errstate(all="ignore"):
            out = as_array(_rounded_from_float64(np.log, data), d)
        return _unary_result(LogBackward0, input, out, d, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("log", input, failure) from None


class Log2Backward0(Node):
    """out = log2(self).  Saves self: derivatives.yaml's ``grad / (self * 0.6931471805599453)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad / mul_scalar(self_, 0.6931471805599453),)


def log2(input: Tensor) -> Tensor:
    """torch.log2; float32 computed in float64 and rounded once, as ``log`` (see
    ``_rounded_from_float64``: torch's float32 log2 differs in about 0.1% of elements of
    long tensors, none of short ones)."""
    try:
        data, d = _float_input(input)
        with np.errstate(all="ignore"):
            out = as_array(_rounded_from_float64(np.log2, data), d)
        return _unary_result(Log2Backward0, input, out, d, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("log2", input, failure) from None


class SqrtBackward0(Node):
    """Saves the result."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        with np.errstate(all="ignore"):
            return (grad / mul_scalar(result, 2),)


def sqrt(input: Tensor) -> Tensor:
    try:
        data, d = _float_input(input)
        with np.errstate(all="ignore"):
            out = as_array(np.sqrt(data), d)
        return _unary_result(SqrtBackward0, input, out, d, save_result=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sqrt", input, failure) from None


class SinBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (grad * cos(self_),)


def sin(input: Tensor) -> Tensor:
    try:
        data, d = _float_input(input)
        out = as_array(_rounded_from_float64(np.sin, data), d)
        return _unary_result(SinBackward0, input, out, d, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sin", input, failure) from None


class CosBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (grad * -sin(self_),)


def cos(input: Tensor) -> Tensor:
    try:
        data, d = _float_input(input)
        out = as_array(_rounded_from_float64(np.cos, data), d)
        return _unary_result(CosBackward0, input, out, d, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("cos", input, failure) from None


class AbsBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (grad * sgn(self_),)


def abs(input: Tensor) -> Tensor:  # noqa: A001 - torch's name
    try:
        if input.dtype is bool_:
            raise errors.error("kernel_not_implemented", op="abs_cpu", dtype="Bool")
        return _unary_result(AbsBackward0, input, np.abs(input._data), input.dtype, save_input=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("abs", input, failure) from None


class SignBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (zeros_like_grad(grad),)


def sign(input: Tensor) -> Tensor:
    try:
        data = input._data
        # (numpy has no bool sign; torch's kernel keeps a bool: sign(True) is True)
        signs = data.copy(order="K") if data.dtype == np.bool_ else np.sign(data)
        return _unary_result(SignBackward0, input, signs, input.dtype)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sign", input, failure) from None


class SgnBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (zeros_like_grad(grad),)


def sgn(input: Tensor) -> Tensor:
    try:
        data = input._data
        signs = data.copy(order="K") if data.dtype == np.bool_ else np.sign(data)  # (as sign)
        return _unary_result(SgnBackward0, input, signs, input.dtype)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sgn", input, failure) from None


# --- floor and round: whole numbers, zero gradients ---------------------------------------
class FloorBackward0(Node):
    """out = floor(self): derivatives.yaml's ``zeros_like(grad)`` (no graph, even under
    create_graph)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (zeros_like_grad(grad),)


class RoundBackward0(Node):
    """out = round(self): zero gradient, as floor's."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (zeros_like_grad(grad),)


class RoundBackward1(Node):
    """out = round(self, decimals=d): zero gradient, as floor's."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (zeros_like_grad(grad),)


def _whole_numbers(
    node_class: type[Node], x: Tensor, kernel: str, rounded: Any, integers_too: bool = True
) -> Tensor:
    """``rounded(data)`` for a floating tensor; an integer tensor is whole already, and torch
    returns a copy of it (for ``integers_too``; else its kernel refuses the dtype, as bool
    always is)."""
    category = x.dtype.category
    if category == FLOATING:
        return _unary_result(node_class, x, rounded(x._data), x.dtype)
    if category == BOOL or not integers_too:
        raise errors.error("kernel_not_implemented", op=kernel, dtype=x.dtype.scalar_name)
    return Tensor._make(np.copy(x._data, order="K"), x.dtype)  # (integers never need a grad)


def floor(input: Tensor) -> Tensor:
    """torch.floor: the largest whole number not above each element (-0.0 stays -0.0)."""
    try:
        return _whole_numbers(FloorBackward0, input, "floor_vml_cpu", np.floor)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("floor", input, failure) from None


_NOT_GIVEN: Any = object()  # (round's decimals: a None given by the caller is refused)


def round(  # noqa: A001 - torch's name
    input: Tensor, surplus: Any = None, *, decimals: Any = _NOT_GIVEN
) -> Tensor:
    """torch.round: halves to even (``nearbyint``); with ``decimals``, torch's kernel:
    ``nearbyint(x * 10**d) / 10**d`` (``nearbyint(x / 10**-d) * 10**-d`` for d < 0) in the
    dtype's opmath (float32 for float16), ``10**d`` rounded to it once."""
    try:
        wrong_decimals = decimals is not _NOT_GIVEN and not arguments.is_index(decimals)
        if surplus is not None or wrong_decimals:
            raise TypeError("round")  # (the parser's words, below)
        if decimals is _NOT_GIVEN:
            return _whole_numbers(RoundBackward0, input, "round_vml_cpu", np.rint)
        return _whole_numbers(
            RoundBackward1,
            input,
            "round_cpu",
            lambda data: _round_decimals(data, builtins.int(decimals)),
            integers_too=False,
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        # torch's parser over round's listing (a method's leaves self out)
        called = arguments.called_as(failure)
        method = called is not None and called[1] == arguments.METHOD
        listed = overloads.method_listing("round") if method else overloads.FUNCTIONS["round"]
        given = (input, surplus)[method : 1 if surplus is None else 2]
        keywords = {} if decimals is _NOT_GIVEN else {"decimals": decimals}
        raise arguments.call_error("round", listed, given, keywords) or failure from None


def _round_decimals(data: np.ndarray, decimals: int) -> np.ndarray:
    opmath = np.float32 if data.dtype == np.float16 else data.dtype.type
    scale = opmath(10.0 ** builtins.abs(decimals))  # std::pow(10, d), then cast to opmath
    values = data.astype(opmath, copy=False)
    with np.errstate(all="ignore"):  # (torch is silent about overflow to inf)
        if decimals < 0:
            out = np.rint(values / scale) * scale
        else:
            out = np.rint(values * scale) / scale
    return out.astype(data.dtype, copy=False)


class TanhBackward0(Node):
    """Saves the result; its formula is the op ``tanh_backward`` (double-backward name)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (tanh_backward(grad, result),)

    def backward_data(self, grad: np.ndarray) -> tuple:
        (result,) = self.saved_data
        return (as_array_of(_tanh_backward_array(grad, result), grad.dtype),)


def tanh(input: Tensor) -> Tensor:
    try:
        data, d = _float_input(input)
        out = as_array(_rounded_from_float64(np.tanh, data), d)
        return _unary_result(TanhBackward0, input, out, d, save_result=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("tanh", input, failure) from None


class TanhBackwardBackward0(Node):
    """out = grad_output * (1 - output**2).  Saves grad_output and output."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        grad_output, output = self.saved_tensors
        return tanh_backward(grad, output), grad * (output * -2 * grad_output)


def _tanh_backward_array(grad: np.ndarray, result: np.ndarray) -> Any:
    if grad.dtype == np.float16:  # torch's half kernel computes in float32, rounds once
        grad, result = grad.astype(np.float32), result.astype(np.float32)
        return grad * (1 - result * result)
    if grad.dtype == result.dtype and grad.dtype in (np.float32, np.float64):
        return grad * _one_minus_square(result)
    return grad * (1 - result * result)


def _one_minus_square(y: np.ndarray) -> np.ndarray:
    """``1 - y * y`` rounded once, as torch's float32/float64 ``tanh_backward`` gets it (its
    CPU kernels are built with FMA: ``grad * fnmadd(y, y, 1)``; the product rounded first
    differs in the last ulp for about 2 gradients in 3)."""
    if y.dtype == np.float32:  # y * y is exact in float64
        return (1.0 - np.square(y, dtype=np.float64)).astype(np.float32)
    # float64: Dekker's exact product y * y == p + e, then 1 - p - e summed exactly enough
    t = 134217729.0 * y  # 2**27 + 1 splits y into two 26-bit halves
    high = t - (t - y)
    low = y - high
    p = y * y
    e = ((high * high - p) + 2 * high * low) + low * low
    s = 1.0 - p
    back = s - 1.0
    s_error = (1.0 - (s - back)) + (-p - back)  # 1 + (-p) == s + s_error exactly
    return s + (s_error - e)


def tanh_backward(grad_output: Tensor, output: Tensor) -> Tensor:
    out = _tanh_backward_array(grad_output._data, output._data)
    d = grad_output.dtype
    out = as_array(out, d)
    if not _recording(grad_output, output):
        return Tensor._make(out, d)
    node = TanhBackwardBackward0((grad_output._edge(), output._edge()), ((out.shape, d),))
    node.save(grad_output, output)
    return Tensor._make(out, d, node)


class SigmoidBackward0(Node):
    """Saves the result; its formula is the op ``sigmoid_backward``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (sigmoid_backward(grad, result),)

    def backward_data(self, grad: np.ndarray) -> tuple:
        (result,) = self.saved_data
        return (as_array_of(_sigmoid_backward_array(grad, result), grad.dtype),)


def _sigmoid_data(data: np.ndarray, d: dtype) -> np.ndarray:
    """torch's scalar formula ``1 / (1 + exp(-x))``, each step rounded to the dtype.

    torch runs it with libm's (correctly rounded, nearly always) exp on 0-d, strided and
    short tensors and on the tail of a long contiguous one; the body of a long contiguous
    float32 tensor goes through SLEEF's vector exp instead (not reproduced: a 1-2 ulp
    difference in about 4% of those elements).
    """
    if d is float16:  # torch computes half in float32 and rounds once
        return as_array(_sigmoid_data(data.astype(np.float32), float32), d)
    with np.errstate(all="ignore"):
        return as_array(1 / (1 + _rounded_from_float64(np.exp, -data)), d)


def sigmoid(input: Tensor) -> Tensor:
    try:
        data, d = _float_input(input)
        return _unary_result(SigmoidBackward0, input, _sigmoid_data(data, d), d, save_result=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("sigmoid", input, failure) from None


class SigmoidBackwardBackward0(Node):
    """out = grad_output * output * (1 - output).  Saves grad_output and output."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        grad_output, output = self.saved_tensors
        return sigmoid_backward(grad, output), grad * grad_output * (1 - output * 2)


def _sigmoid_backward_array(grad: np.ndarray, result: np.ndarray) -> Any:
    # torch's kernel, every dtype: (grad * (1 - y)) * y, each step rounded
    return grad * (1 - result) * result


def sigmoid_backward(grad_output: Tensor, output: Tensor) -> Tensor:
    d = grad_output.dtype
    out = as_array(_sigmoid_backward_array(grad_output._data, output._data), d)
    if not _recording(grad_output, output):
        return Tensor._make(out, d)
    node = SigmoidBackwardBackward0((grad_output._edge(), output._edge()), ((out.shape, d),))
    node.save(grad_output, output)
    return Tensor._make(out, d, node)


class ReluBackward0(Node):
    """Saves the result; its formula is ``threshold_backward(grad, result, 0)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (result,) = self.saved_tensors
        return (threshold_backward(grad, result, 0),)

    def backward_data(self, grad: np.ndarray) -> tuple:
        (result,) = self.saved_data
        return (as_array_of(np.where(result > 0, grad, 0), grad.dtype),)  # threshold_backward's


def relu(input: Tensor) -> Tensor:
    try:
        if input.dtype is bool_:
            raise errors.error("relu_bool")
        # operands swapped: on ties numpy keeps the second, torch the first (relu(-0.) is -0.)
        out = np.maximum(0, input._data).astype(input.dtype.np_dtype, copy=False)
        return _unary_result(ReluBackward0, input, out, input.dtype, save_result=True)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("relu", input, failure) from None


class ThresholdBackwardBackward0(Node):
    """out = grad_output where self > threshold else 0.  Saves self."""

    __slots__ = ("threshold",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return threshold_backward(grad, self_, self.threshold), zeros_like_grad(grad)


def threshold_backward(grad_output: Tensor, self_: Tensor, threshold: Any) -> Tensor:
    d = grad_output.dtype
    out = as_array(np.where(self_._data > threshold, grad_output._data, 0), d)
    if not _recording(grad_output, self_):
        return Tensor._make(out, d)
    node = ThresholdBackwardBackward0((grad_output._edge(), self_._edge()), ((out.shape, d),))
    node.threshold = threshold
    node.save(self_)
    return Tensor._make(out, d, node)


# --- clamp, where, maximum, minimum -------------------------------------------------------
class ClampBackward1(Node):
    """clamp with scalar bounds.  Saves self."""

    __slots__ = ("min", "max")

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        data = self_._data
        inside = np.ones(data.shape, dtype=bool)
        if self.min is not None:
            inside &= data >= self.min
        if self.max is not None:
            inside &= data <= self.max
        mask = Tensor._make(inside, bool_)
        return (where(mask, grad, 0.0),)


class ClampBackward0(Node):
    """clamp with tensor bounds.  Saves self, min and max."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, low, high = self.saved_tensors
        zero = 0.0
        grad_self = grad
        if low is not None:
            grad_self = where(self_ >= low, grad_self, zero)
        if high is not None:
            grad_self = where(self_ <= high, grad_self, zero)
        grad_min = None if low is None else where(self_ < low, grad, zero)
        if grad_min is not None and high is not None:
            grad_min = where(low <= high, grad_min, zero)
        grad_max = None if high is None else where(self_ > high, grad, zero)
        if grad_max is not None and low is not None:
            grad_max = where(low > high, grad, grad_max)
        return grad_self, grad_min, grad_max


def clamp(input: Tensor, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
    try:
        if min is None and max is None:
            raise errors.error("clamp_no_bounds")
        if isinstance(min, Tensor) or isinstance(max, Tensor):
            return _clamp_tensor(input, min, max)
        low = scalar_operand(min) if min is not None else None
        high = scalar_operand(max) if max is not None else None
        operands = [v for v in (low, high) if v is not None]
        result = result_type(input, *operands)
        data = input._data.astype(result.np_dtype, copy=False)
        # torch: min first, then max (so min > max gives max everywhere).  On ties (-0. vs 0.)
        # torch keeps the input, numpy the second operand, hence the bound comes first.
        out = data
        if low is not None:
            out = np.maximum(low, out)
        if high is not None:
            out = np.minimum(high, out)
        out = as_array(out, result)
        if out is input._data:
            out = out.copy()
        if not _recording(input):
            return Tensor._make(out, result)
        node = ClampBackward1((input._edge(),), ((out.shape, result),))
        node.min, node.max = low, high
        node.save(input)
        return Tensor._make(out, result, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, min, max) or arguments.not_a_tensor(
            "clamp", input, failure, min, max
        ) from None


def _clamp_tensor(input: Tensor, min: Any, max: Any) -> Tensor:  # noqa: A002
    out = input._data
    tensors = [input] + [v for v in (min, max) if isinstance(v, Tensor)]
    result = result_type(input, *[v for v in (min, max) if v is not None])
    out = out.astype(result.np_dtype)
    if min is not None:
        out = np.maximum(min._data if isinstance(min, Tensor) else min, out)
    if max is not None:
        out = np.minimum(max._data if isinstance(max, Tensor) else max, out)
    out = as_array(out, result)
    if not (grad_mode.enabled and builtins.any(t._requires_grad for t in tensors)):
        return Tensor._make(out, result)
    node = ClampBackward0((edge(input), edge(min), edge(max)), ((out.shape, result),))
    node.save(input, min, max)
    return Tensor._make(out, result, node)


class ClampMinBackward0(Node):
    """clamp_min with a scalar bound.  Saves self."""

    __slots__ = ("min",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (where(self_ >= self.min, grad, 0.0),)


class ClampMaxBackward0(Node):
    """clamp_max with a scalar bound.  Saves self."""

    __slots__ = ("max",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        return (where(self_ <= self.max, grad, 0.0),)


class ClampMinBackward1(Node):
    """clamp_min with a tensor bound.  Saves self and min."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, low = self.saved_tensors
        return where(self_ >= low, grad, 0.0), where(self_ < low, grad, 0.0)


class ClampMaxBackward1(Node):
    """clamp_max with a tensor bound.  Saves self and max."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, high = self.saved_tensors
        return where(self_ <= high, grad, 0.0), where(self_ > high, grad, 0.0)


def _clamp_one_side(input: Tensor, bound: Any, node_class: type[Node], ufunc: np.ufunc) -> Tensor:
    if isinstance(bound, Tensor):  # torch's clamp_min.Tensor / clamp_max.Tensor overloads
        low, high = (bound, None) if node_class is ClampMinBackward0 else (None, bound)
        clamped = _clamp_tensor(input, low, high)
        if clamped._grad_fn is None:
            return clamped
        tensor_node = ClampMinBackward1 if high is None else ClampMaxBackward1
        node = tensor_node((edge(input), edge(bound)), ((clamped._data.shape, clamped.dtype),))
        node.save(input, bound)
        return Tensor._make(clamped._data, clamped.dtype, node)
    bound = scalar_operand(bound)
    result = result_type(input, bound)
    # bound first: on ties (-0. vs 0.) numpy keeps the second operand, torch the input
    out = as_array(ufunc(bound, input._data.astype(result.np_dtype, copy=False)), result)
    if not _recording(input):
        return Tensor._make(out, result)
    node = node_class((input._edge(),), ((out.shape, result),))
    setattr(node, "min" if node_class is ClampMinBackward0 else "max", bound)
    node.save(input)
    return Tensor._make(out, result, node)


def clamp_min(input: Tensor, min: Any) -> Tensor:  # noqa: A002
    try:
        return _clamp_one_side(input, min, ClampMinBackward0, np.maximum)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("clamp_min", input, failure, min) from None


def clamp_max(input: Tensor, max: Any) -> Tensor:  # noqa: A002
    try:
        return _clamp_one_side(input, max, ClampMaxBackward0, np.minimum)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("clamp_max", input, failure, max) from None


def clip(input: Tensor, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
    try:
        return clamp(input, min, max)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("clip", input, failure, min, max) from None


class WhereBackward0(Node):
    """out = where(condition, self, other).  Saves condition."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (condition,) = self.saved_tensors
        grad_self = grad_other = None
        if self.next_functions[0][0] is not None:
            grad_self = where(condition, grad, 0.0)
        if self.next_functions[1][0] is not None:
            grad_other = where(condition, 0.0, grad)
        return grad_self, grad_other


def where(
    condition: Tensor = errors.REQUIRED,
    input: Any = errors.REQUIRED,
    other: Any = errors.REQUIRED,
    *surplus: Any,
) -> Any:
    given = (condition, input, other, *surplus)
    try:
        if surplus or condition is errors.REQUIRED:
            raise TypeError  # (torch's words below)
        if input is errors.REQUIRED and other is errors.REQUIRED:
            from .reduction import nonzero

            if isinstance(condition, Tensor):
                return nonzero(condition, as_tuple=True)
            raise errors.error("where_condition_type")
        if not isinstance(condition, Tensor):
            raise errors.error("where_condition_type")
        if condition.dtype is not bool_:
            raise errors.error("where_condition_dtype", dtype=condition.dtype.scalar_name)
        if isinstance(input, Tensor) or isinstance(other, Tensor):
            x, y, result = binary_operands(input, other)
        else:
            x, y = scalar_operand(input), scalar_operand(other)
            result = result_type(x, y)
    except TypeError as failure:
        # torch's parser rejects these calls before anything runs, in its own words
        listed = overloads.FUNCTIONS["where"]
        raise (arguments.call_error_as_called("where", listed, given) or failure) from None
    try:
        out = torch_layout(as_array(np.where(condition._data, x, y), result), condition._data, x, y)
    except ValueError:
        raise _where_broadcast_error(condition, input, other) from None
    if not _recording(input, other):
        return Tensor._make(out, result)
    node = WhereBackward0((edge(input), edge(other)), ((out.shape, result),))
    node.save(condition)
    return Tensor._make(out, result, node)


def _where_broadcast_error(condition: Tensor, x: Any, y: Any) -> Exception:
    shape_x, shape_y = shape_of(x), shape_of(y)
    try:
        np.broadcast_shapes(condition._data.shape, shape_x)
    except ValueError:
        return broadcast_error(condition._data.shape, shape_x)
    return broadcast_error(np.broadcast_shapes(condition._data.shape, shape_x), shape_y)


class MaximumBackward0(Node):
    """Saves self and other; ties split the gradient in half."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        half = grad / 2
        grad_self = where(self_ == other, half, where(self_ < other, 0.0, grad))
        grad_other = where(self_ == other, half, where(self_ > other, 0.0, grad))
        return grad_self, grad_other


class MinimumBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        self_, other = self.saved_tensors
        half = grad / 2
        grad_self = where(self_ == other, half, where(self_ > other, 0.0, grad))
        grad_other = where(self_ == other, half, where(self_ < other, 0.0, grad))
        return grad_self, grad_other


def _extremum(node_class: type[Node], ufunc: Any, input: Tensor, other: Tensor) -> Tensor:
    if not isinstance(other, Tensor):
        raise errors.error(
            "argument_not_tensor",
            op=ufunc.__name__,
            arg="other",
            position=2,
            type_name=type(other).__name__,
        )
    out, result = _binary(ufunc, input, other)
    if not _recording(input, other):
        return Tensor._make(out, result)
    node = node_class((edge(input), edge(other)), ((out.shape, result),))
    node.save(input, other)
    return Tensor._make(out, result, node)


def _first_on_ties(ufunc: np.ufunc) -> Any:
    """``ufunc`` keeping the first operand on ties (-0. vs 0.) as torch does; numpy keeps
    the second."""

    def swapped(a: Any, b: Any) -> Any:
        return ufunc(b, a)

    swapped.__name__ = ufunc.__name__
    return swapped


_torch_maximum = _first_on_ties(np.maximum)
_torch_minimum = _first_on_ties(np.minimum)


def maximum(input: Tensor, other: Tensor) -> Tensor:
    try:
        return _extremum(MaximumBackward0, _torch_maximum, input, other)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("maximum", input, failure, other) from None


def minimum(input: Tensor, other: Tensor) -> Tensor:
    try:
        return _extremum(MinimumBackward0, _torch_minimum, input, other)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("minimum", input, failure, other) from None


# --- comparisons and logic (never differentiable) ---------------------------------------
def _compare(ufunc: np.ufunc, x: Any, y: Any) -> Tensor:
    if not isinstance(y, Tensor) and not is_scalar(y):
        return NotImplemented  # t == None is False, t < [1] Python's TypeError, as in torch
    a, b, _ = binary_operands(x, y)
    try:
        out = ufunc(a, b)
    except ValueError:
        raise broadcast_error(shape_of(x), shape_of(y)) from None
    return Tensor._make(torch_layout(as_array(out, bool_), a, b), bool_)


def eq(input: Any, other: Any) -> Tensor:
    """``==``: NotImplemented for an operand that is neither a tensor nor a number."""
    if isinstance(other, np.ndarray):
        # torch's == (alone among the operators) reads an ndarray as a tensor
        other = Tensor._make(other, from_numpy_dtype(other.dtype))
    return _compare(np.equal, input, other)


def ne(input: Any, other: Any) -> Tensor:
    return _compare(np.not_equal, input, other)


def lt(input: Any, other: Any) -> Tensor:
    return _compare(np.less, input, other)


def le(input: Any, other: Any) -> Tensor:
    return _compare(np.less_equal, input, other)


def gt(input: Any, other: Any) -> Tensor:
    return _compare(np.greater, input, other)


def ge(input: Any, other: Any) -> Tensor:
    return _compare(np.greater_equal, input, other)


def _comparison_form(ufunc: np.ufunc, name: str, *, method: bool) -> Any:
    """``torch.eq`` / ``x.eq`` (and ne, lt, …): the operator's comparison, but a call torch's
    parser rejects raises its TypeError where the operator answers NotImplemented."""
    listed = (overloads.METHODS if method else overloads.FUNCTIONS)[name]

    def compare(input: Any = errors.REQUIRED, other: Any = errors.REQUIRED) -> Tensor:
        try:
            if not isinstance(input, Tensor):  # (no Number-first overload: torch.gt(2, x))
                raise TypeError(name)
            out = _compare(ufunc, input, other)
        except TypeError as failure:
            error = _parser_error(name, listed, (input, other)[method:], method)
            raise (error or failure) from None
        if out is NotImplemented:  # (a wrong call: none of this runs for a right one)
            raise _parser_error(name, listed, (input, other)[method:], method) or TypeError(name)
        return out

    compare.__name__ = compare.__qualname__ = name
    return compare


_COMPARISONS = (
    ("eq", np.equal),
    ("ne", np.not_equal),
    ("lt", np.less),
    ("le", np.less_equal),
    ("gt", np.greater),
    ("ge", np.greater_equal),
)
COMPARISON_FUNCTIONS = {
    name: _comparison_form(ufunc, name, method=False) for name, ufunc in _COMPARISONS
}
COMPARISON_METHODS = {
    name: _comparison_form(ufunc, name, method=True) for name, ufunc in _COMPARISONS
}


def _parser_error(
    name: str, listed: tuple[str, ...], given: tuple[Any, ...], method: bool
) -> Exception | None:
    """torch's error for the comparison calling this, the caller's keywords by name."""
    body = sys._getframe(1)
    return arguments.call_error_as_called(name, listed, given, method=method, body=body)


def _logical(ufunc: np.ufunc, x: Any, y: Any) -> Tensor:
    a, b, result = binary_operands(x, y)
    if result.category == FLOATING:
        kernel = f"{ufunc.__name__}_cpu"
        raise errors.error("op_dtype_unsupported", op=kernel, dtype=result.scalar_name)
    out, _ = _binary(ufunc, x, y)
    return Tensor._make(out, result)


def bitwise_and(input: Any, other: Any) -> Tensor:
    return _logical(np.bitwise_and, input, other)


def bitwise_or(input: Any, other: Any) -> Tensor:
    return _logical(np.bitwise_or, input, other)


def bitwise_xor(input: Any, other: Any) -> Tensor:
    return _logical(np.bitwise_xor, input, other)


def _shift(ufunc: np.ufunc, kernel: str, x: Any, y: Any) -> Tensor:
    a, b, result = binary_operands(x, y)
    if result.category != INTEGRAL:  # (bool too: torch's kernels take integers only)
        raise errors.error("op_dtype_unsupported", op=kernel, dtype=result.scalar_name)
    out, _ = _binary(ufunc, x, y)
    return Tensor._make(out, result)


def bitwise_left_shift(input: Any, other: Any) -> Tensor:
    return _shift(np.left_shift, "lshift_cpu", input, other)


def bitwise_right_shift(input: Any, other: Any) -> Tensor:
    return _shift(np.right_shift, "rshift_cpu", input, other)


def bitwise_not(input: Tensor) -> Tensor:
    if input.dtype.category == FLOATING:
        raise errors.error(
            "op_dtype_unsupported", op="bitwise_not_cpu", dtype=input.dtype.scalar_name
        )
    return Tensor._make(np.invert(input._data), input.dtype)


def logical_not(input: Tensor) -> Tensor:
    try:
        return Tensor._make(np.logical_not(input._data), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("logical_not", input, failure) from None


def logical_and(input: Tensor, other: Tensor) -> Tensor:
    try:
        return Tensor._make(np.logical_and(input._data, other._data), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "logical_and", input, failure, other
        ) from None


def logical_or(input: Tensor, other: Tensor) -> Tensor:
    try:
        return Tensor._make(np.logical_or(input._data, other._data), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "logical_or", input, failure, other
        ) from None


def isnan(input: Tensor) -> Tensor:
    try:
        return Tensor._make(np.isnan(input._data), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("isnan", input, failure) from None


def isinf(input: Tensor) -> Tensor:
    try:
        return Tensor._make(np.isinf(input._data), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("isinf", input, failure) from None


def isfinite(input: Tensor) -> Tensor:
    try:
        return Tensor._make(np.isfinite(input._data), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("isfinite", input, failure) from None


def isclose(
    input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Tensor:
    try:
        if equal_nan is not False and equal_nan is not True:  # torch's parser: a bool only
            raise TypeError("equal_nan")
        a, b, _ = binary_operands(input, other)
        if isinstance(other, Tensor) and other.dtype is not input.dtype:  # no promotion
            raise errors.error(
                "isclose_dtypes", dtype=input.dtype.scalar_name, other=other.dtype.scalar_name
            )
        return Tensor._make(np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan), bool_)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "isclose", input, failure, other, rtol, atol, equal_nan
        ) from None


def allclose(
    input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    try:
        if equal_nan is not False and equal_nan is not True:  # torch's parser: a bool only
            raise TypeError("equal_nan")
        return builtins.bool(isclose(input, other, rtol, atol, equal_nan)._data.all())
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(
            "allclose", input, failure, other, rtol, atol, equal_nan
        ) from None


def equal(input: Tensor, other: Tensor) -> bool:
    try:
        if input._data.shape != other._data.shape:
            return False
        return builtins.bool(np.array_equal(input._data, other._data))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("equal", input, failure, other) from None


# --- helpers used by backward formulas ------------------------------------------------------
def zeros_like_grad(grad: Tensor) -> Tensor:
    """A zero gradient of ``grad``'s shape and dtype (constant: no graph)."""
    return Tensor._make(np.zeros(grad._data.shape, grad.dtype.np_dtype), grad.dtype)
