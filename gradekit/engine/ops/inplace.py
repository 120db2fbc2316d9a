"""In-place ops (``add_``, ``mul_``, ``+=``, ``zero_``, ``copy_``, ``exp_`` …).

One mechanism for all of them, mirroring what torch does:

1. refuse leaves that require grad (and views of them) while grad mode is on;
2. compute the out-of-place op on a *snapshot* of self when recording (torch saves
   ``original_self = self.clone()`` for formulas that need the old value);
3. check torch's shape/dtype rules and write the values into self's buffer;
4. bump the shared version counter;
5. make the recorded node self's new grad_fn; saved *results* are re-pointed at self,
   so a later in-place op on self is caught at backward time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..autograd import grad_mode
from ..autograd.graph import CopyBackwards, Node, SavedTensor
from ..tensor import Tensor
from . import arguments, overloads, pointwise
from .addcmul import _addcmul
from .core import broadcast_error, edge, is_scalar
from .quiet import quiet_call
from .scalars import checked_scalar


def _snapshot(t: Tensor) -> Tensor:
    """A copy of ``t``'s current values that sits at the same place in the graph."""
    s = Tensor._make(t._data.copy(), t.dtype, t._grad_fn, t._output_nr)
    s._requires_grad = t._requires_grad
    if t._grad_fn is None and t._requires_grad:
        s._accumulator = t._accumulator
    return s


def _any_requires_grad(values: tuple) -> bool:
    return any(isinstance(v, Tensor) and v._requires_grad for v in values)


def _write(self: Tensor, result: Tensor) -> None:
    """Store ``result`` into self with torch's checks; bump the version."""
    if result.dtype.category > self.dtype.category:
        raise errors.error(
            "result_type_cast", result=result.dtype.scalar_name, output=self.dtype.scalar_name
        )
    if result._data.shape != self._data.shape:
        raise errors.error(
            "inplace_broadcast",
            out_shape=list(self._data.shape),
            broadcast_shape=list(result._data.shape),
        )
    np.copyto(self._data, result._data, casting="unsafe")
    self._bump_version()


def _adopt(self: Tensor, node: Node) -> None:
    """Make ``node`` self's grad_fn, re-pointing saved results at self."""
    node._output_meta = ((self._data.shape, self.dtype),)
    if node._saved:
        for saved in node._saved:
            if type(saved) is SavedTensor and saved.tensor is None:
                saved.data = self._data
                saved.dtype = self.dtype
                saved.version_counter = self._version_counter
                saved.version = self._version_counter[0]
                saved.output_nr = 0
    self._set_grad_fn_inplace(node)


def apply_inplace(self: Tensor, op: Callable[..., Tensor], *args: Any, **kwargs: Any) -> Tensor:
    """Run ``op(self, *args)`` and write the result into self, torch-style."""
    self._check_inplace()
    recording = grad_mode.enabled and (self._requires_grad or _any_requires_grad(args))
    source = _snapshot(self) if recording else self
    result = op(source, *args, **kwargs)
    _write(self, result)
    if recording and result._grad_fn is not None:
        _adopt(self, result._grad_fn)
    return self


def _inplace_method(op: Callable[..., Tensor], name: str) -> Callable[..., Tensor]:
    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        try:
            return apply_inplace(self, op, *args, **kwargs)
        except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
            raise _parser_error(name, args, kwargs) or failure from None

    method.__name__ = name
    method.__doc__ = f"In-place version of ``{op.__name__}``."
    return method


def _parser_error(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Exception | None:
    """torch's TypeError for ``x.<name>(*args, **kwargs)`` (``x.add_(None)``: "add_():
    argument 'other' (position 1) must be Tensor, not NoneType"), from the listing of the
    out-of-place method; None when torch's parser takes the call (the failure is the op's)."""
    listed = overloads.method_listing(name.removesuffix("_"))
    if not listed:
        return None
    return arguments.call_error(name, listed, args, kwargs)


add_ = _inplace_method(pointwise.add, "add_")
addcmul_ = _inplace_method(_addcmul, "addcmul_")
sub_ = _inplace_method(pointwise.sub, "sub_")
mul_ = _inplace_method(pointwise.mul, "mul_")
div_ = _inplace_method(pointwise.div, "div_")
pow_ = _inplace_method(pointwise.pow, "pow_")
clamp_ = _inplace_method(pointwise.clamp, "clamp_")
relu_ = _inplace_method(pointwise.relu, "relu_")
exp_ = _inplace_method(pointwise.exp, "exp_")
log_ = _inplace_method(pointwise.log, "log_")
log2_ = _inplace_method(pointwise.log2, "log2_")
sqrt_ = _inplace_method(pointwise.sqrt, "sqrt_")
sigmoid_ = _inplace_method(pointwise.sigmoid, "sigmoid_")
tanh_ = _inplace_method(pointwise.tanh, "tanh_")
neg_ = _inplace_method(pointwise.neg, "neg_")
abs_ = _inplace_method(pointwise.abs, "abs_")
sin_ = _inplace_method(pointwise.sin, "sin_")
cos_ = _inplace_method(pointwise.cos, "cos_")
reciprocal_ = _inplace_method(pointwise.reciprocal, "reciprocal_")
square_ = _inplace_method(pointwise.square, "square_")
clamp_min_ = _inplace_method(pointwise.clamp_min, "clamp_min_")
clamp_max_ = _inplace_method(pointwise.clamp_max, "clamp_max_")
sgn_ = _inplace_method(pointwise.sgn, "sgn_")
sign_ = _inplace_method(pointwise.sign, "sign_")
floor_ = _inplace_method(pointwise.floor, "floor_")
round_ = _inplace_method(pointwise.round, "round_")


def _is_float_scalar(value: Any) -> bool:
    return isinstance(value, float)


# --- ops that overwrite every element ------------------------------------------------------
class ZeroBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (pointwise.zeros_like_grad(grad),)


class FillBackward2(Node):
    """fill_ with a Python scalar."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (pointwise.zeros_like_grad(grad),)


class FillBackward3(Node):
    """fill_ with a 0-d tensor value."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .reduction import sum as sum_

        return pointwise.zeros_like_grad(grad), sum_(grad)


def _overwrite(
    self: Tensor, values: np.ndarray, node: Node | None, allow_overlap: bool = False
) -> Tensor:
    # allow_overlap: zero_ and fill_(number) may write into an expanded tensor (see zero_).
    self._check_inplace(allow_overlap)
    if values.dtype == self._data.dtype:
        np.copyto(self._data, values)
    else:  # a cast: silent as torch's (1e20 into float16 is inf)
        quiet_call(np.copyto, self._data, values, casting="unsafe")
    self._bump_version()
    if node is not None:
        _adopt(self, node)
    return self


def zero_(self: Tensor) -> Tensor:
    # torch lets zero_ and fill_(number) write into an expanded tensor (every alias gets the
    # same value), recorded or not; fill_(tensor) and copy_ raise "internal overlap".
    node = None
    if grad_mode.enabled and self._requires_grad:
        self._check_inplace(allow_overlap=True)
        node = ZeroBackward0((self._edge(),), ((self._data.shape, self.dtype),))
    return _overwrite(self, np.zeros((), self.dtype.np_dtype), node, allow_overlap=True)


def fill_(self: Tensor, value: Any) -> Tensor:
    try:
        if value is None:  # (numpy would fill nan; torch's parser refuses it)
            raise TypeError("fill_")
        return _fill(self, value)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("fill_", self, failure, value) from None


def _fill(self: Tensor, value: Any) -> Tensor:
    node = None
    if isinstance(value, Tensor):
        if value._data.ndim != 0:
            raise errors.error("fill_value_dims", ndim=value._data.ndim)
        if grad_mode.enabled and (self._requires_grad or value._requires_grad):
            self._check_inplace()
            node = FillBackward3((self._edge(), value._edge()), ((self._data.shape, self.dtype),))
        return _overwrite(self, value._data, node)
    if grad_mode.enabled and self._requires_grad:
        self._check_inplace(allow_overlap=True)
        node = FillBackward2((self._edge(),), ((self._data.shape, self.dtype),))
    if self._data.size != 1 or self.dtype is not dtypes.float16:  # (torch's one-element
        value = checked_scalar(value, self.dtype)  # float16 fill is unchecked)
    return _overwrite(self, np.asarray(value), node, allow_overlap=True)


def copy_(self: Tensor, src: Tensor, non_blocking: bool = False) -> Tensor:
    """Copy ``src`` (broadcast, cast) into self; recorded as ``CopyBackwards``."""
    if not isinstance(src, Tensor):
        if src is errors.REQUIRED:  # (``x.copy_()``: torch lists its overload)
            raise arguments.invalid_combination("copy_", overloads.METHODS["copy_"], (), {})
        error = errors.error(
            "argument_not_tensor", op="copy_", arg="other", position=1, type_name=type(src).__name__
        )
        raise arguments.by_keyword(error, arguments.caller_keywords(method=True))
    arguments.check_non_blocking("copy_", non_blocking)
    # torch broadcasts self with src (TensorIterator): shapes that do not broadcast fail as
    # in a binary op, and a broadcast shape other than self's is the in-place output error
    try:
        broadcast_shape = np.broadcast_shapes(self._data.shape, src._data.shape)
    except ValueError:
        raise broadcast_error(self._data.shape, src._data.shape) from None
    if broadcast_shape != self._data.shape:
        raise errors.error(
            "inplace_broadcast",
            out_shape=list(self._data.shape),
            broadcast_shape=list(broadcast_shape),
        )
    values = np.broadcast_to(src._data, self._data.shape)
    node = None
    # (torch's copy_ records only into a differentiable dtype: an int or bool self does not
    # require grad after copying a float that does)
    differentiable = self.dtype.category == dtypes.FLOATING
    if grad_mode.enabled and (self._requires_grad or src._requires_grad) and differentiable:
        self._check_inplace()
        node = CopyBackwards((edge(self), edge(src)), ((self._data.shape, self.dtype),))
    return _overwrite(self, values, node)


# --- augmented assignment: ``x += y`` is ``x.add_(y)`` ---------------------------------------
def iadd(self: Tensor, other: Any) -> Tensor:
    return apply_inplace(self, pointwise.add, other)


def isub(self: Tensor, other: Any) -> Tensor:
    return apply_inplace(self, pointwise.sub, other)


def imul(self: Tensor, other: Any) -> Tensor:
    return apply_inplace(self, pointwise.mul, other)


def itruediv(self: Tensor, other: Any) -> Tensor:
    return apply_inplace(self, pointwise.div, other)


def ipow(self: Tensor, other: Any) -> Tensor:
    return apply_inplace(self, pointwise.pow, other)


def _inplace_operator(op: Callable[..., Tensor]) -> Callable[..., Any]:
    """``x //= other`` and the other augmented operators torch defines in place
    (``floor_divide_``, ``remainder_``, ``bitwise_and_`` …): self changes, and every alias
    with it; NotImplemented for an operand that is neither a tensor nor a number, so Python
    raises its own TypeError, as with torch."""

    def method(self: Tensor, other: Any) -> Any:
        if not (isinstance(other, Tensor) or is_scalar(other)):
            return NotImplemented
        result = dtypes.result_type(self, other)  # (TensorIterator's cast check comes first)
        if result.category > self.dtype.category:
            raise errors.error(
                "result_type_cast", result=result.scalar_name, output=self.dtype.scalar_name
            )
        return apply_inplace(self, op, other)

    return method


ifloordiv = _inplace_operator(pointwise.floor_divide)
imod = _inplace_operator(pointwise.remainder)
iand = _inplace_operator(pointwise.bitwise_and)
ior = _inplace_operator(pointwise.bitwise_or)
ixor = _inplace_operator(pointwise.bitwise_xor)
ilshift = _inplace_operator(pointwise.bitwise_left_shift)
irshift = _inplace_operator(pointwise.bitwise_right_shift)
