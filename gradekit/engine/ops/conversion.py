"""dtype conversions: ``to``, ``float()``/``double()``/…, ``type``, ``type_as``."""

from __future__ import annotations

from typing import Any

from .. import dtypes, errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, dtype
from ..tensor import Tensor, device
from . import arguments
from .quiet import quiet_call


class ToCopyBackward0(Node):
    __slots__ = ("self_dtype",)

    def backward(self, grad: Tensor) -> tuple:
        return (to_dtype(grad, self.self_dtype),)


def to_dtype(x: Tensor, target: dtype, copy: bool = False) -> Tensor:
    """Convert to ``target``; returns ``x`` itself when nothing changes (torch does too)."""
    if target is x.dtype and not copy:
        return x
    # quiet: torch casts silently (1e300 to float32 is inf, nan to int64 is INT64_MIN)
    data = quiet_call(x._data.astype, target.np_dtype)
    # Only floating results can carry gradients; int/bool conversions cut the graph.
    if grad_mode.enabled and x._requires_grad and target.category == FLOATING:
        node = ToCopyBackward0((x._edge(),), ((data.shape, target),))
        node.self_dtype = x.dtype
        return Tensor._make(data, target, node)
    return Tensor._make(data, target)


def to(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """``to(dtype)``, ``to("cpu")``, ``to(device, dtype)``, ``to(other)``, ``copy=True``."""
    target = kwargs.pop("dtype", None)
    copy = kwargs.pop("copy", False)
    kwargs.pop("non_blocking", None)
    kwargs.pop("memory_format", None)
    dev = kwargs.pop("device", None)
    if kwargs:
        raise errors.error("to_bad_args")
    for arg in args:
        if isinstance(arg, dtype):
            target = arg
        elif isinstance(arg, Tensor):
            target = arg.dtype
        elif isinstance(arg, (str, device)):
            dev = arg
        elif isinstance(arg, bool):
            continue  # positional non_blocking
        else:
            raise errors.error("to_bad_args")
    if dev is not None:
        device(dev)  # raises the clear "unsupported" error for cuda/mps
    return to_dtype(self, target if target is not None else self.dtype, copy)


def _converter(target: dtype) -> Any:
    def convert(self: Tensor, memory_format: Any = None) -> Tensor:
        return to_dtype(self, target)

    convert.__name__ = target.name
    return convert


float_ = _converter(dtypes.float32)
double = _converter(dtypes.float64)
half = _converter(dtypes.float16)
long = _converter(dtypes.int64)
int_ = _converter(dtypes.int32)
short = _converter(dtypes.int16)
byte = _converter(dtypes.uint8)
bool_ = _converter(dtypes.bool_)

_LEGACY_NAMES = {d.legacy_name: d for d in dtypes.ALL_DTYPES}


def type_(self: Tensor, dtype_: Any = None, non_blocking: bool = False, **_: Any) -> Any:
    """``x.type()`` -> 'torch.FloatTensor'; ``x.type(torch.float64)`` converts."""
    if dtype_ is None:
        return self.dtype.legacy_name
    if isinstance(dtype_, str):
        if dtype_ not in _LEGACY_NAMES:
            raise errors.error("invalid_type", name=dtype_)
        dtype_ = _LEGACY_NAMES[dtype_]
    elif not isinstance(dtype_, dtype):
        dtype_ = getattr(dtype_, "dtype", None)
        if dtype_ is None:
            raise errors.error("invalid_type", name=dtype_)
    return to_dtype(self, dtype_)


def type_as(self: Tensor, other: Tensor) -> Tensor:
    try:
        return to_dtype(self, other.dtype)
    except AttributeError as failure:  # (free unless raised)
        raise arguments.not_a_tensor("type_as", self, failure, other) from None


def cpu(self: Tensor, memory_format: Any = None) -> Tensor:
    return self


def cuda(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    raise errors.unsupported("Tensor.cuda")


def is_floating(x: Tensor) -> bool:
    return x.dtype.category == FLOATING
