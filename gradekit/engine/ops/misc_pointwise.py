"""Everyday pointwise functions and torch's aliases of the engine's ops: ``ceil``,
``logit``, ``nansum``, ``addcdiv``, ``absolute``, ``positive``, the comparison aliases
(``greater``, ``less_equal``, …) and the in-place comparisons (``gt_``, ``greater_`` …),
the ``torch.bitwise_*`` functions, ``gcd``/``lcm``, ``ldexp``, ``frexp``, ``nextafter``,
and the in-place forms torch has of them and of ``cumsum``/``cumprod``/``addmm``/the
logical ops.

Values: ``ceil``, ``gcd``, ``lcm``, ``frexp``, ``nextafter``, ``ldexp`` (torch's composite
``input * 2 ** other``) and ``addcdiv`` (``self + value * t1 / t2``, each step rounded to the
dtype; float16 in float32, rounded once) are exact IEEE operations, so torch's bits; float32
``logit`` is ``log(x / (1 - x))`` with the quotient in float32 and the log computed in
float64 and rounded once (torch's is SLEEF's ``logf`` on its vector body: the rate of last
place differences is measured in docs/engine-internals.md).  Gradients are derivatives.yaml's
formulas, with engine ops (differentiable).
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import (
    FLOATING,
    INTEGRAL,
    bool_,
    float16,
    float32,
    get_default_dtype,
    int32,
    result_type,
)
from ..tensor import Tensor
from . import arguments, inplace, overloads, pointwise, scans
from .addcmul import iterator_shape, scalar_value
from .core import as_array, broadcast_failure, edge, torch_layout
from .creation import full_like
from .pointwise import (
    _float_input,
    _rounded_from_float64,
    _unary_result,
    _whole_numbers,
    mul_scalar,
    where,
    zeros_like_grad,
)
from .quiet import quiet_call


# --- ceil ---------------------------------------------------------------------------------
class CeilBackward0(Node):
    """out = ceil(self): derivatives.yaml's ``zeros_like(grad)``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (zeros_like_grad(grad),)


def ceil(input: Tensor) -> Tensor:
    """torch.ceil: the smallest whole number not below each element (-0.5 gives -0.0); an
    integer tensor gives a copy, a bool one torch's "not implemented" error."""
    try:
        return _whole_numbers(CeilBackward0, input, "ceil_vml_cpu", np.ceil)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("ceil", input, failure) from None


# --- logit --------------------------------------------------------------------------------
class LogitBackward0(Node):
    """out = logit(self, eps).  Saves self.  In a plain backward pass torch's
    ``logit_backward`` kernel (nan outside [0, 1], or 0 outside [eps, 1 - eps];
    ``grad * inf`` at 0 and 1, ``grad / (x * (1 - x))`` elsewhere); under create_graph its
    ``infinitely_differentiable_logit_backward``: ``where(lo <= self <= hi, grad / (self *
    (1 - self)), nan or 0)``."""

    __slots__ = ("eps",)

    def backward(self, grad: Tensor) -> tuple:
        (self_,) = self.saved_tensors
        eps = self.eps
        lo, hi = (0.0, 1.0) if eps is None else (eps, 1.0 - eps)
        if grad_mode.enabled:
            with np.errstate(all="ignore"):
                inside = pointwise.logical_and(self_ >= lo, self_ <= hi)
                slope = grad / (self_ * pointwise.rsub(self_, 1.0))
            fill = np.nan if eps is None else 0.0
            return (where(inside, slope, _filled(fill, self_)),)
        return (Tensor._make(_logit_backward_data(grad._data, self_._data, eps), grad.dtype),)


def _filled(value: float, like: Tensor) -> Tensor:
    """A 0-d constant of ``like``'s dtype (torch's ``at::zeros({}, self.options())`` or its
    ``empty({}).fill_(nan)``)."""
    return Tensor._make(np.array(value, like._data.dtype), like.dtype)


def _logit_backward_data(grad: np.ndarray, x: np.ndarray, eps: float | None) -> np.ndarray:
    """torch's ``logit_backward_kernel`` on arrays (float16 in float32, rounded once)."""
    dtype = np.result_type(grad, x)
    opmath = np.float32 if dtype == np.float16 else dtype.type
    g, v = grad.astype(opmath), x.astype(opmath)
    one = opmath(1)
    lo, hi = (opmath(0), one) if eps is None else (opmath(eps), one - opmath(eps))
    outside = opmath(np.nan) if eps is None else opmath(0)
    with np.errstate(all="ignore"):
        edge_values = (v == 0) | (v == one)
        out = np.where(edge_values, g * opmath(np.inf), g / (v * (one - v)))
        out = np.where((v < lo) | (v > hi), outside, out)
    return np.asarray(out.astype(dtype, copy=False))


def _logit_data(data: np.ndarray, eps: float | None) -> np.ndarray:
    """torch's kernel: ``log(x / (1 - x))`` of x clamped to [eps, 1 - eps] (eps given), each
    step rounded to the dtype (float16 too), the log torch.log's (``pointwise.log``'s)."""
    dtype = data.dtype.type
    one = dtype(1)
    x = data
    if eps is not None:
        lo, hi = dtype(eps), one - dtype(eps)
        x = np.where(x < lo, lo, np.where(x > hi, hi, x))  # (nan stays nan)
    quotient = np.asarray(x / (one - x))
    if data.dtype == np.float16:  # (the log of the half quotient, rounded to half once)
        return np.asarray(np.log(quotient.astype(np.float64)).astype(np.float16))
    return np.asarray(_rounded_from_float64(np.log, quotient))


def logit(input: Tensor, eps: Any = None) -> Tensor:
    """torch.logit: ``log(x / (1 - x))``, with ``eps`` x clamped to [eps, 1 - eps] first;
    integers and bools in the default float dtype."""
    try:
        if eps is not None:  # (torch's ``float? eps``: a bool is 0.0 or 1.0)
            if not arguments.is_number(eps) or isinstance(eps, complex):
                raise TypeError("eps")
            eps = float(eps)
        data, d = _float_input(input)
        out = torch_layout(as_array(quiet_call(_logit_data, data, eps), d), data)
        result = _unary_result(LogitBackward0, input, out, d, save_input=True)
        if result._grad_fn is not None:
            result._grad_fn.eps = eps
        return result
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("logit", input, failure, eps) from None


# --- nansum -------------------------------------------------------------------------------
def nansum(input: Tensor, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """torch.nansum: ``sum`` with the nan elements taken as zero (sum's dtypes: integers
    and bools give int64); recorded as reduction's ``NansumBackward0`` (no gradient to the
    nan elements)."""
    from .reduction import NansumBackward0, _normalize_dims, _recording, sum

    try:
        if not isinstance(input, Tensor):
            raise TypeError("nansum")
        data = input._data
        if input.dtype.category == FLOATING:  # (a copy in data's layout: sum's order)
            data = np.array(data, order="K")
            np.copyto(data, 0, where=np.isnan(data))
        every_dim = dim is None or (isinstance(dim, (list, tuple)) and len(dim) == 0)
        dims = tuple(range(data.ndim)) if every_dim else _normalize_dims(dim, data.ndim)
        with grad_mode.no_grad():
            total = sum(Tensor._make(data, input.dtype), dim, keepdim, dtype=dtype)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("nansum", input, failure, dim, keepdim) from None
    if not (_recording(input) and total.dtype.category == FLOATING):
        return total
    node = NansumBackward0((input._edge(),), ((total._data.shape, total.dtype),))
    node.dims, node.keepdim = dims, keepdim
    node.save(input)
    return Tensor._make(total._data, total.dtype, node)


# --- addcdiv ------------------------------------------------------------------------------
class AddcdivBackward0(Node):
    """out = self + value * tensor1 / tensor2.  Saves tensor1 (when tensor2 needs its
    gradient), tensor2 and value: ``grad * (value / tensor2)`` (C++'s ``Scalar / Tensor``:
    ``empty_like(tensor2).fill_(value).div_(tensor2)``), ``-grad * (value * tensor1 /
    (tensor2 * tensor2))``."""

    __slots__ = ("value",)

    def backward(self, grad: Tensor) -> tuple:
        tensor1, tensor2 = self.saved_tensors
        grad_tensor1 = grad_tensor2 = None
        with np.errstate(all="ignore"):
            if self.next_functions[1][0] is not None:
                grad_tensor1 = grad * (full_like(tensor2, self.value) / tensor2)
            if tensor1 is not None:
                grad_tensor2 = -grad * (mul_scalar(tensor1, self.value) / (tensor2 * tensor2))
        return grad, grad_tensor1, grad_tensor2


def _addcdiv_data(s: np.ndarray, t1: np.ndarray, t2: np.ndarray, value: Any, d: Any) -> Any:
    """torch's ``addcdiv_cpu_kernel``: ``self + value * t1 / t2``, each step rounded to the
    dtype (float16: in float32, rounded once)."""
    if d is float16:
        wide = [x.astype(np.float32) for x in (s, t1, t2)]
        return _addcdiv_data(*wide, np.float32(value), float32).astype(np.float16)
    return s + np.asarray(value, t1.dtype) * t1 / t2


def _addcdiv(input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value: Any = 1) -> Tensor:
    tensors = (input, tensor1, tensor2)
    if not all(isinstance(x, Tensor) for x in tensors):
        raise TypeError("addcdiv")  # (the parser words it)
    if tensor1.dtype.category != FLOATING and tensor2.dtype.category != FLOATING:
        raise errors.error("addcdiv_integer_division")
    d = result_type(*tensors)
    shape = iterator_shape(tensors)
    value, converted = scalar_value("addcdiv", value, d)
    arrays = [x._data.astype(d.np_dtype, copy=False) for x in tensors]
    out = as_array(quiet_call(_addcdiv_data, *arrays, converted, d), d)
    out = as_array(torch_layout(np.broadcast_to(out, shape), *(x._data for x in tensors)), d)
    if not (grad_mode.enabled and any(x._requires_grad for x in tensors)):
        return Tensor._make(out, d)
    node = AddcdivBackward0(tuple(edge(x) for x in tensors), ((out.shape, d),))
    node.value = value
    needs_tensor2 = tensor2._requires_grad
    node.save(
        tensor1 if needs_tensor2 else None,
        tensor2 if needs_tensor2 or tensor1._requires_grad else None,
    )
    return Tensor._make(out, d, node)


# torch's argument parser checks the call first (a failed call is worded as torch words it)
addcdiv = arguments.parsed_like_torch(_addcdiv, "addcdiv", overloads.FUNCTIONS["addcdiv"])
addcdiv.__name__ = addcdiv.__qualname__ = "addcdiv"
addcdiv_method = arguments.parsed_like_torch(
    _addcdiv, "addcdiv", overloads.METHODS["addcdiv"], method=True
)
addcdiv_method.__name__ = addcdiv_method.__qualname__ = "addcdiv"


# --- absolute, positive ---------------------------------------------------------------------
absolute = arguments.renamed(pointwise.abs, "absolute", qualname="absolute")


def positive(input: Tensor) -> Tensor:
    """torch.positive: ``input`` itself (a bool tensor: torch's error)."""
    try:
        if input.dtype is bool_:
            raise errors.error("positive_bool")
        return input
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("positive", input, failure) from None


# --- comparisons: the aliases and the in-place forms -----------------------------------------
_COMPARISON_UFUNCS = {
    "eq": np.equal,
    "ne": np.not_equal,
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
}
# torch's aliases, and the comparison each one is (its grad_fn names)
COMPARISON_ALIASES = {
    "greater": "gt",
    "greater_equal": "ge",
    "less": "lt",
    "less_equal": "le",
    "not_equal": "ne",
}
comparison_functions = {
    alias: pointwise._comparison_form(_COMPARISON_UFUNCS[op], alias, method=False)
    for alias, op in COMPARISON_ALIASES.items()
}
comparison_methods = {
    alias: pointwise._comparison_form(_COMPARISON_UFUNCS[op], alias, method=True)
    for alias, op in COMPARISON_ALIASES.items()
}


def _comparison_node(op: str, number: bool) -> type:
    """torch's ``<Op>Backward0`` (a Number other) / ``<Op>Backward1`` (a Tensor other) of an
    in-place comparison: zero gradients (derivatives.yaml's ``zeros_like``)."""
    name = f"{op.capitalize()}Backward{0 if number else 1}"
    node_class = _COMPARISON_NODES.get(name)
    if node_class is None:

        def backward(self: Node, grad: Tensor) -> tuple:
            zeros = zeros_like_grad(grad)
            return (
                (zeros,)
                if number
                else (zeros, None if self.next_functions[1][0] is None else zeros)
            )

        node_class = type(name, (Node,), {"__slots__": (), "backward": backward})
        _COMPARISON_NODES[name] = node_class
    return node_class


_COMPARISON_NODES: dict[str, type] = {}


def _inplace_comparison(op: str, name: str) -> Any:
    """``x.gt_(other)`` and the others: the comparison's values in self's dtype, recorded (when
    self or other requires grad) as torch's ``GtBackward0/1`` with zero gradients."""
    compare = pointwise.COMPARISON_METHODS[op]

    def compared(self: Tensor, other: Any) -> Tensor:
        values = compare(self, other)._data.astype(self._data.dtype)
        number = not isinstance(other, Tensor)
        if not (grad_mode.enabled and (self._requires_grad or not number and other._requires_grad)):
            return Tensor._make(values, self.dtype)
        edges = (self._edge(),) if number else (self._edge(), other._edge())
        node = _comparison_node(op, number)(edges, ((values.shape, self.dtype),))
        return Tensor._make(values, self.dtype, node)

    return inplace._inplace_method(compared, name)


# --- bitwise functions (the engine's operators' kernels) ------------------------------------
def _bitwise_function(name: str, kernel: Any) -> Any:
    def function(input: Any = errors.REQUIRED, other: Any = errors.REQUIRED) -> Tensor:
        try:
            if not (isinstance(input, Tensor) or isinstance(other, Tensor)):
                raise TypeError(name)
            for value in (input, other):
                if not (isinstance(value, Tensor) or arguments.is_number(value)):
                    raise TypeError(name)
            return kernel(input, other)
        except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
            raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
                name, input, failure, other, body=sys._getframe(0)
            ) from None

    function.__name__ = function.__qualname__ = name
    return function


bitwise_and = _bitwise_function("bitwise_and", pointwise.bitwise_and)
bitwise_or = _bitwise_function("bitwise_or", pointwise.bitwise_or)
bitwise_xor = _bitwise_function("bitwise_xor", pointwise.bitwise_xor)
bitwise_left_shift = _bitwise_function("bitwise_left_shift", pointwise.bitwise_left_shift)
bitwise_right_shift = _bitwise_function("bitwise_right_shift", pointwise.bitwise_right_shift)


def bitwise_not(input: Tensor) -> Tensor:
    """torch.bitwise_not: ``~input`` (integers and bools)."""
    try:
        return pointwise.bitwise_not(input)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("bitwise_not", input, failure) from None


# --- gcd, lcm ---------------------------------------------------------------------------------
def _integer_pair(name: str, input: Any, other: Any) -> tuple:
    """Two tensors' arrays in their promoted integer dtype (torch's kernels take integers
    only: a float or bool result is its "not implemented" error)."""
    if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
        raise TypeError(name)  # (the parser words it)
    d = result_type(input, other)
    if d.category != INTEGRAL:
        raise errors.error("kernel_not_implemented", op=f"{name}_cpu", dtype=d.scalar_name)
    a, b = input._data.astype(d.np_dtype, copy=False), other._data.astype(d.np_dtype, copy=False)
    return a, b, d


def _gcd_data(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """torch's ``calc_gcd``: Euclid's algorithm on the absolute values (in the dtype: the
    most negative value stays negative)."""
    return np.gcd(a, b)


def _lcm_data(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """torch's kernel: ``g = gcd(a, b); g == 0 ? 0 : abs(a / g * b)``, C++'s arithmetic: the
    narrow integers promoted to int (the abs of the product, then wrapped to the dtype)."""
    g = np.gcd(a, b)
    safe = np.where(g == 0, np.ones((), g.dtype), g)
    wide = np.int64 if a.dtype.itemsize < 4 else a.dtype
    product = (a // safe).astype(wide) * b.astype(wide)
    return np.where(g == 0, np.zeros((), g.dtype), np.abs(product).astype(a.dtype))


def _gcd_like(name: str, kernel: Any, input: Any, other: Any) -> Tensor:
    try:
        a, b, d = _integer_pair(name, input, other)
        out = torch_layout(as_array(quiet_call(kernel, a, b), d), a, b)
        return Tensor._make(out, d)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            name, input, failure, other, body=sys._getframe(1)
        ) from None


def gcd(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.gcd: the greatest common divisor, elementwise (integer tensors only)."""
    return _gcd_like("gcd", _gcd_data, input, other)


def lcm(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.lcm: the least common multiple, elementwise (integer tensors only)."""
    return _gcd_like("lcm", _lcm_data, input, other)


# --- ldexp, frexp, nextafter ------------------------------------------------------------------
class LdexpBackward0(Node):
    """out = ldexp(self, other).  Saves other and the result: ``grad * pow(2, other)`` for
    self, ``grad * result * M_LN2`` for other."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        other, result = self.saved_tensors
        grad_self = grad_other = None
        if self.next_functions[0][0] is not None:
            grad_self = grad * pointwise.pow(2.0, other)
        if self.next_functions[1][0] is not None:
            grad_other = mul_scalar(grad * result, _LN2)
        return grad_self, grad_other


_LN2 = 0.6931471805599453  # M_LN2


def _ldexp_data(a: np.ndarray, e: np.ndarray, d: Any) -> np.ndarray:
    """torch's kernel, as measured: an integer (or bool) exponent scales exactly (C's
    ``ldexp``, rounded once to the dtype); a floating one is ``a * pow(2.0, e)`` in the dtype
    (two roundings, torch's ``pow`` of 2)."""
    if e.dtype.kind in "biu":
        exponents = np.clip(e.astype(np.int64), -4000, 4000).astype(np.int32)
        return np.ldexp(a.astype(np.float64), exponents).astype(d.np_dtype)
    with grad_mode.no_grad():
        scale = pointwise.pow(2.0, Tensor._make(e.astype(d.np_dtype, copy=False), d))
    return a.astype(d.np_dtype, copy=False) * scale._data


def ldexp(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.ldexp: ``input * 2 ** other`` (integers and bools in the default float dtype)."""
    try:
        if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
            raise TypeError("ldexp")
        d = result_type(input, other)
        a, e = input._data, other._data
        if input.dtype.category == FLOATING and other.dtype.category != FLOATING:
            # torch's integer-exponent kernel writes into an output shaped like the input
            shape = np.broadcast_shapes(a.shape, e.shape)
            if shape != a.shape:
                errors.warn("output_resized", shape=list(a.shape), required=list(shape))
            if other.dtype is bool_:  # (and takes no bool exponents)
                raise errors.error("kernel_not_implemented", op="ldexp_cpu_exp", dtype="Bool")
        if d.category != FLOATING:
            d = get_default_dtype()
        out = torch_layout(as_array(quiet_call(_ldexp_data, a, e, d), d), a, e)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "ldexp", input, failure, other
        ) from None
    if not (grad_mode.enabled and (input._requires_grad or other._requires_grad)):
        return Tensor._make(out, d)
    node = LdexpBackward0((edge(input), edge(other)), ((out.shape, d),))
    result = Tensor._make(out, d, node)
    node.save(other, outputs=(result,))
    return result


def _ldexp_inplace(self: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """``x.ldexp_(other)``: a result other than floating into an integer or bool tensor is
    torch's "ldexp can't be cast" error."""
    if not (isinstance(self, Tensor) and isinstance(other, Tensor)):
        raise TypeError("ldexp_")  # (the parser words it)
    if self.dtype.category != FLOATING:
        raise errors.error("ldexp_cast", output=self.dtype.scalar_name)
    return ldexp(self, other)


class FrexpBackward0(Node):
    """(mantissa, exponent) = frexp(self).  Saves the exponent: ``grad / exponent.exp2()``."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .elementwise import exp2

        (exponent,) = self.saved_tensors
        return (grad / exp2(exponent),)


class _Frexp(NamedTuple):
    mantissa: Tensor
    exponent: Tensor

    def __repr__(self) -> str:
        return (
            f"torch.return_types.frexp(\nmantissa={self.mantissa!r},\nexponent={self.exponent!r})"
        )


_Frexp.__name__ = _Frexp.__qualname__ = "frexp"
_Frexp.__module__ = "torch.return_types"


def frexp(input: Tensor) -> Any:
    """torch.frexp: ``(mantissa, exponent)`` with ``input == mantissa * 2 ** exponent`` and
    the mantissa in [0.5, 1) (C's ``frexp``; floating dtypes only, the exponent int32)."""
    try:
        if input.dtype.category != FLOATING:
            raise errors.error("frexp_dtype")
        data = input._data
        mantissa, exponent = np.frexp(data)
        mantissa = torch_layout(as_array(mantissa, input.dtype), data)
        exponent = torch_layout(as_array(exponent.astype(np.int32), int32), data)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("frexp", input, failure) from None
    exponents = Tensor._make(exponent, int32)
    if not (grad_mode.enabled and input._requires_grad):
        return _Frexp(Tensor._make(mantissa, input.dtype), exponents)
    node = FrexpBackward0((input._edge(),), ((mantissa.shape, input.dtype),))
    node.save(exponents)
    return _Frexp(Tensor._make(mantissa, input.dtype, node, 0), exponents)


class NextafterBackward0(Node):
    """out = nextafter(self, other): the gradient passes to self; other's is zeros."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        grad_other = zeros_like_grad(grad) if self.next_functions[1][0] is not None else None
        return grad, grad_other


def nextafter(input: Tensor, other: Any = errors.REQUIRED) -> Tensor:
    """torch.nextafter: the next representable value after ``input`` toward ``other``
    (floating dtypes only)."""
    try:
        if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
            raise TypeError("nextafter")
        d = result_type(input, other)
        if d.category != FLOATING:
            raise errors.error("kernel_not_implemented", op="nextafter_cpu", dtype=d.scalar_name)
        a, b = (
            input._data.astype(d.np_dtype, copy=False),
            other._data.astype(d.np_dtype, copy=False),
        )
        # (C's nextafter gives ``other`` where they are equal: -0.0 toward 0.0 is 0.0; numpy's
        # half kernel gives ``input``)
        out = torch_layout(as_array(np.where(a == b, b, np.nextafter(a, b)), d), a, b)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise broadcast_failure(failure, input, other) or arguments.not_a_tensor(
            "nextafter", input, failure, other
        ) from None
    if not (grad_mode.enabled and (input._requires_grad or other._requires_grad)):
        return Tensor._make(out, d)
    node = NextafterBackward0((edge(input), edge(other)), ((out.shape, d),))
    return Tensor._make(out, d, node)


# --- in-place forms ---------------------------------------------------------------------------
def _logical_inplace(function: Any, name: str) -> Any:
    """``x.logical_not_()`` and the others: the bools written into self's dtype (torch's
    shape check), the version bumped; nothing recorded and no leaf check (torch's grad_fn
    stays, a leaf that requires grad is written too)."""

    def method(self: Tensor, *args: Any) -> Tensor:
        try:
            if "_overlapping" in self.__dict__:  # (an expanded self: torch's overlap error)
                raise errors.error("internal_overlap")
            inplace._write(self, function(self, *args))
            return self
        except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
            raise inplace._parser_error(name, args, {}) or failure from None

    method.__name__ = method.__qualname__ = name
    return method


def _scan_inplace(scan: Any, name: str) -> Any:
    """``x.cumsum_(dim)`` / ``x.cumprod_(dim)``: the scan written into self (torch's
    CumsumBackward0 / CumprodBackward0); a ``dtype`` other than self's is torch's "Bad
    in-place call" error."""

    def method(
        self: Tensor, dim: Any = errors.REQUIRED, *surplus: Any, dtype: Any = None
    ) -> Tensor:
        if surplus:
            raise TypeError(
                f"{name}() takes 1 positional argument but {1 + len(surplus)} were given"
            )
        if dim is errors.REQUIRED:
            raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
        if dtype is not None and isinstance(self, Tensor) and dtype is not self.dtype:
            from .views import _CPP_TYPE_NAMES

            raise errors.error(
                "bad_inplace_dtype",
                input=_CPP_TYPE_NAMES[self.dtype.name],
                output=_CPP_TYPE_NAMES[dtype.name],
            )
        try:
            return inplace.apply_inplace(self, scan, dim)
        except TypeError as failure:
            raise inplace._parser_error(name, (dim,), {}) or failure from None

    method.__name__ = method.__qualname__ = name
    return method


def _addmm_sized(addmm: Any) -> Any:
    """``addmm`` for ``x.addmm_``: a product of another shape than self's is torch's "Bad
    in-place call" size error (not the broadcast one of the elementwise in-place ops)."""

    def sized(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        result = addmm(self, *args, **kwargs)
        if result._data.shape != self._data.shape:
            raise errors.error(
                "bad_inplace_size", input=list(self._data.shape), output=list(result._data.shape)
            )
        return result

    return sized


def _cast_checked(function: Any, numbers: bool = True) -> Any:
    """``function`` for an in-place method whose result dtype torch checks against self's
    before its kernel runs (``x.bitwise_and_(half)`` of a bool x: "result type Half can't be
    cast to the desired output type Bool", not the kernel's dtype error)."""

    def checked(self: Tensor, other: Any = errors.REQUIRED) -> Tensor:
        takes = isinstance(other, Tensor) or numbers and arguments.is_number(other)
        if isinstance(self, Tensor) and takes:
            result = result_type(self, other)
            if result.category > self.dtype.category:
                raise errors.error(
                    "result_type_cast", result=result.scalar_name, output=self.dtype.scalar_name
                )
        return function(self, other)

    return checked


def _methods() -> dict[str, Any]:
    """This module's Tensor methods (``ops/methods.py`` attaches them)."""
    from .elementwise import _without_arguments
    from .linalg import addmm_method

    methods: dict[str, Any] = {
        "ceil": _without_arguments(ceil, "ceil"),
        "ceil_": _without_arguments(inplace._inplace_method(ceil, "ceil_"), "ceil_"),
        "logit": logit,
        "logit_": inplace._inplace_method(logit, "logit_"),
        "nansum": nansum,
        "addcdiv": addcdiv_method,
        "addcdiv_": inplace._inplace_method(_addcdiv, "addcdiv_"),
        "addmm_": inplace._inplace_method(_addmm_sized(addmm_method), "addmm_"),
        "absolute": _without_arguments(absolute, "absolute"),
        "absolute_": _without_arguments(
            inplace._inplace_method(absolute, "absolute_"), "absolute_"
        ),
        "positive": _without_arguments(positive, "positive"),
        "logical_not_": _without_arguments(
            _logical_inplace(pointwise.logical_not, "logical_not_"), "logical_not_"
        ),
        "logical_and_": _logical_inplace(pointwise.logical_and, "logical_and_"),
        "logical_or_": _logical_inplace(pointwise.logical_or, "logical_or_"),
        "bitwise_not_": _without_arguments(
            inplace._inplace_method(pointwise.bitwise_not, "bitwise_not_"), "bitwise_not_"
        ),
        "gcd": gcd,
        "gcd_": inplace._inplace_method(_cast_checked(gcd, numbers=False), "gcd_"),
        "lcm": lcm,
        "lcm_": inplace._inplace_method(_cast_checked(lcm, numbers=False), "lcm_"),
        "ldexp": ldexp,
        "ldexp_": inplace._inplace_method(_ldexp_inplace, "ldexp_"),
        "frexp": _without_arguments(frexp, "frexp"),
        "nextafter": nextafter,
        "nextafter_": inplace._inplace_method(
            _cast_checked(nextafter, numbers=False), "nextafter_"
        ),
        "cumsum_": _scan_inplace(scans.cumsum, "cumsum_"),
        "cumprod_": _scan_inplace(scans.cumprod, "cumprod_"),
    }
    for name in (
        "bitwise_and",
        "bitwise_or",
        "bitwise_xor",
        "bitwise_left_shift",
        "bitwise_right_shift",
    ):
        function = getattr(pointwise, name)
        methods[name + "_"] = inplace._inplace_method(_cast_checked(function), name + "_")
    for name in ("bitwise_left_shift", "bitwise_right_shift"):
        methods[name] = globals()[name]
    methods.update(comparison_methods)
    for op in _COMPARISON_UFUNCS:
        methods[op + "_"] = _inplace_comparison(op, op + "_")
    for alias, op in COMPARISON_ALIASES.items():
        methods[alias + "_"] = _inplace_comparison(op, alias + "_")
    return methods


def torch_inplace_function(method: Any, name: str, *, unary: bool = True) -> Any:
    """The in-place method ``method`` as torch's function ``torch.<name>(input, …)``: a
    non-tensor input is the parser's "argument 'input' (position 1)" error, a surplus
    argument of a one-input function Python's binding error, as torch's."""

    def function(input: Any = errors.REQUIRED, *args: Any, **kwargs: Any) -> Tensor:
        if not isinstance(input, Tensor):
            type_name = "NoneType" if input is errors.REQUIRED else type(input).__name__
            raise errors.error(
                "argument_not_tensor", op=name, arg="input", position=1, type_name=type_name
            )
        if unary and args:
            raise TypeError(f"{name}() takes 1 positional argument but {1 + len(args)} were given")
        return method(input, *args, **kwargs)

    return _published(function, name)


def _published(function: Any, name: str) -> Any:
    """``function`` as this module's ``name`` (its ``__module__`` and ``__qualname__``, which
    the stand-ins of ops/deferred.py show before the module loads)."""
    function.__module__, function.__qualname__ = __name__, name
    return function


METHODS = {name: _published(method, name) for name, method in _methods().items()}

# torch's in-place functions of this module's ops (torch.ceil_(x), torch.gcd_(x, y) …)
ceil_ = torch_inplace_function(METHODS["ceil_"], "ceil_")
logit_ = torch_inplace_function(METHODS["logit_"], "logit_", unary=False)
gcd_ = torch_inplace_function(METHODS["gcd_"], "gcd_", unary=False)
lcm_ = torch_inplace_function(METHODS["lcm_"], "lcm_", unary=False)
ldexp_ = torch_inplace_function(METHODS["ldexp_"], "ldexp_", unary=False)
# and of the engine's older ops (torch.abs_(x) …)
abs_ = torch_inplace_function(inplace.abs_, "abs_")
clamp_ = torch_inplace_function(inplace.clamp_, "clamp_", unary=False)
exp_ = torch_inplace_function(inplace.exp_, "exp_")
floor_ = torch_inplace_function(inplace.floor_, "floor_")
neg_ = torch_inplace_function(inplace.neg_, "neg_")
sigmoid_ = torch_inplace_function(inplace.sigmoid_, "sigmoid_")
sqrt_ = torch_inplace_function(inplace.sqrt_, "sqrt_")
square_ = torch_inplace_function(inplace.square_, "square_")
absolute = _published(absolute, "absolute")
for _name, _function in comparison_functions.items():
    _published(_function, _name)
