"""dtype conversions: ``to``, ``float()``/``double()``/…, ``type``, ``type_as``."""

from __future__ import annotations

from typing import Any

from .. import dtypes, errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, dtype
from ..tensor import Tensor, device
from . import arguments, overloads
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
    if (len(args) > 1 or kwargs) and not _fits_a_to_overload(args, kwargs):
        _check_to_arguments(args, kwargs)  # (torch's parser decides, and words, the rest)
    target = kwargs.get("dtype")
    copy = kwargs.get("copy", False)
    dev = kwargs.get("device")
    for arg in args:
        if isinstance(arg, dtype):
            target = arg
        elif arg is float or arg is int or arg is bool:  # x.to(float): float64, as torch
            target = dtypes.given(arg, "to")
        elif isinstance(arg, Tensor):
            target = arg.dtype
        elif isinstance(arg, (str, device)):
            dev = arg
        elif isinstance(arg, bool):
            continue  # positional non_blocking
        elif arg is None:  # torch's ``device = None`` (or ``dtype = None``), if it is there
            _check_to_arguments(args, kwargs)
        else:
            raise _to_error(args, kwargs)
    if target is not None and not isinstance(target, dtype):
        target = dtypes.given(target, "to")
    if dev is not None:
        device(dev)  # raises the clear "unsupported" error for cuda/mps
    return to_dtype(self, target if target is not None else self.dtype, copy)


def _fits_a_to_overload(args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    """A quick yes for the usual calls of several arguments or keywords, which one of
    ``to``'s overloads plainly takes: ``(device, dtype, non_blocking, copy)`` (None for the
    device or the dtype), ``(dtype, non_blocking, copy)`` or ``(tensor, non_blocking,
    copy)``, the later ones by position or keyword. Anything else goes to torch's parser,
    which is slow (it reads the listing), and which decides."""
    first = args[0] if args else None
    if first is None or isinstance(first, (str, device)):
        names: tuple[str, ...] = ("device", "dtype", "non_blocking", "copy")
        if len(args) > 1 and not (args[1] is None or isinstance(args[1], dtype)):
            return False
        flags = args[2:]
    elif isinstance(first, (dtype, Tensor)):
        names, flags = ("dtype or tensor", "non_blocking", "copy"), args[1:]
    else:
        return False
    if len(args) > len(names) or not all(flag is True or flag is False for flag in flags):
        return False
    for key, value in kwargs.items():
        if key in names[: len(args)]:
            return False  # (given twice)
        if key == "dtype" and names[0] == "device":
            fits = value is None or isinstance(value, dtype)
        elif key == "device" and names[0] == "device":
            fits = value is None or isinstance(value, (str, device))
        elif key in ("non_blocking", "copy"):
            fits = value is True or value is False
        else:
            fits = key == "memory_format"
        if not fits:
            return False
    return True


def _check_to_arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """torch's TypeError when none of ``to``'s overloads takes these arguments."""
    error = arguments.call_error("to", overloads.METHODS["to"], args, kwargs)
    if error is not None:
        raise error


def _to_error(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Exception:
    return arguments.call_error("to", overloads.METHODS["to"], args, kwargs) or errors.error(
        "to_bad_args"
    )


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
    """``x.type()`` -> 'torch.FloatTensor'; ``x.type(torch.float64)`` converts. ``**_`` takes
    the keywords torch also takes (its deprecated ``async``, ``memory_format``): any other
    gets Python's "unexpected keyword argument", as torch's method does."""
    if _:  # (an empty dict on a right call: one test)
        _check_type_keywords(_)
    arguments.check_non_blocking("type", non_blocking)
    if dtype_ is None:
        return self.dtype.legacy_name
    if isinstance(dtype_, str):
        if dtype_ not in _LEGACY_NAMES:
            raise errors.error("invalid_type", name=dtype_)
        dtype_ = _LEGACY_NAMES[dtype_]
    elif not isinstance(dtype_, dtype):
        if not isinstance(dtype_, type):
            raise errors.error("type_argument_type")
        target = getattr(dtype_, "dtype", None)  # (torch.FloatTensor …: a tensor type)
        if not isinstance(target, dtype):
            target = dtypes.float32 if issubclass(dtype_, Tensor) else None
        if target is None:
            raise errors.error("invalid_type", name=dtype_.__name__)
        dtype_ = target
    return to_dtype(self, dtype_)


def _check_type_keywords(keywords: dict[str, Any]) -> None:
    for keyword in keywords:
        if keyword not in ("async", "memory_format"):
            raise errors.error("unexpected_keyword", name="type", keyword=keyword)


# Python's own binding errors name the function by its qualified name: torch's is ``type``
type_.__name__ = type_.__qualname__ = "type"


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
