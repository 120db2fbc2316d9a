"""``torch.addcmul`` / ``Tensor.addcmul``: ``input + value * tensor1 * tensor2``.

torch's CPU kernel (``addcmul_cpu_kernel``) computes ``self + value * t1 * t2``; compiled
with FMA, both its vector and scalar forms round ``value * t1`` and then fuse the multiply
by ``t2`` with the addition: ``fma(value * t1, t2, self)``, reproduced for float32 and
float64 (``fused.fused_multiply_add``).  float16 runs in float32 and rounds once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, bool_, float16, float32, result_type
from ..tensor import Tensor
from . import arguments, overloads
from .core import as_array, broadcast_error, broadcast_result, edge, torch_layout
from .quiet import quiet_call
from .scalars import checked_scalar, overflow_error


class AddcmulBackward0(Node):
    """Saves tensor1 and tensor2 (each when the other needs its gradient) and value."""

    __slots__ = ("value",)

    def backward(self, grad: Tensor) -> tuple:
        from .pointwise import mul_scalar  # (mul.Scalar: MulBackward1 under create_graph)

        tensor1, tensor2 = self.saved_tensors
        grad_tensor1 = None if tensor2 is None else grad * mul_scalar(tensor2, self.value)
        grad_tensor2 = None if tensor1 is None else grad * mul_scalar(tensor1, self.value)
        return grad, grad_tensor1, grad_tensor2


def scalar_value(name: str, value: Any, d: Any) -> Any:
    """``value`` (a Number: a 0-d tensor's too) and the kernel's ``Scalar.to<opmath_t>()``
    of it (addcmul's and addcdiv's ``value``)."""
    value = arguments.number_argument(name, "value", value)
    opmath = float32 if d is float16 else d
    if isinstance(value, complex):
        if value.imag != 0:
            raise overflow_error(opmath)
        value = value.real
    return value, checked_scalar(value, opmath)


def _addcmul_data(s: np.ndarray, t1: np.ndarray, t2: np.ndarray, value: Any, d: Any) -> Any:
    if d.category != FLOATING:
        return s + value * t1 * t2
    if d is float16:
        wide = [x.astype(np.float32) for x in (s, t1, t2)]
        return _addcmul_data(*wide, np.float32(value), float32).astype(np.float16)
    from .fused import fused_multiply_add  # (on first use: the engine's import time)

    scaled = t1 * np.asarray(value, t1.dtype)
    return fused_multiply_add(scaled, t2, np.asarray(s))


def iterator_shape(tensors: tuple[Tensor, ...]) -> tuple[int, ...]:
    """TensorIterator's broadcast shape of ``tensors``, operand by operand (its error names
    the shapes of the first pair that does not broadcast)."""
    shape = tensors[0]._data.shape
    for x in tensors[1:]:
        try:
            shape = tuple(np.broadcast_shapes(shape, x._data.shape))
        except ValueError:
            raise broadcast_error(shape, x._data.shape) from None
    return shape


def _addcmul(input: Tensor, tensor1: Tensor, tensor2: Tensor, *, value: Any = 1) -> Tensor:
    if isinstance(input, Tensor) and not isinstance(tensor1, Tensor):  # (parser-accepted)
        if arguments.is_number(tensor1) and isinstance(tensor2, Tensor):
            raise errors.unsupported("the deprecated addcmul(input, value, tensor1, tensor2)")
    tensors = (input, tensor1, tensor2)
    if not all(isinstance(x, Tensor) for x in tensors):
        raise TypeError("addcmul")  # (the parser words it)
    d = result_type(*tensors)
    if d is bool_:
        raise errors.error("kernel_not_implemented", op="addcmul_cpu_out", dtype="Bool")
    shape = iterator_shape(tensors)
    value, converted = scalar_value("addcmul", value, d)
    np_dtype = d.np_dtype
    arrays = [x._data.astype(np_dtype, copy=False) for x in tensors]
    out = as_array(quiet_call(_addcmul_data, *arrays, converted, d), d)
    out = torch_layout(broadcast_result(out, shape), *(x._data for x in tensors))
    out = as_array(out, d)
    if not (grad_mode.enabled and any(x._requires_grad for x in tensors)):
        return Tensor._make(out, d)
    node = AddcmulBackward0(tuple(edge(x) for x in tensors), ((out.shape, d),))
    node.value = value
    node.save(
        tensor1 if tensor2._requires_grad else None, tensor2 if tensor1._requires_grad else None
    )
    return Tensor._make(out, d, node)


# torch's argument parser checks the call first (a failed call is worded as torch words it)
addcmul = arguments.parsed_like_torch(_addcmul, "addcmul", overloads.FUNCTIONS["addcmul"])
addcmul.__name__ = addcmul.__qualname__ = "addcmul"
addcmul_method = arguments.parsed_like_torch(
    _addcmul, "addcmul", overloads.METHODS["addcmul"], method=True
)
addcmul_method.__name__ = addcmul_method.__qualname__ = "addcmul"
