"""``F.pad`` in its 'constant' mode: torch's ``constant_pad_nd`` (ConstantPadNdBackward0,
whose gradient is ``constant_pad_nd`` of the gradient with the pads negated).  A negative
pad crops; the result is a new C-contiguous tensor.  The 'reflect', 'replicate' and
'circular' modes raise the engine's does-not-support error."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..ops import arguments, overloads
from ..ops.core import as_array
from ..ops.scalars import checked_scalar
from ..tensor import Tensor

_OTHER_MODES = ("reflect", "replicate", "circular")


class ConstantPadNdBackward0(Node):
    """The gradient is the padding undone: ``constant_pad_nd(grad, -pad)``."""

    __slots__ = ("pad",)

    def backward(self, grad: Tensor) -> tuple:
        return (constant_pad_nd(grad, [-p for p in self.pad], 0),)


def _padded(data: np.ndarray, pad: list[int], value: Any) -> np.ndarray:
    shape = list(data.shape)
    source = [slice(None)] * data.ndim
    target = [slice(None)] * data.ndim
    for k in range(len(pad) // 2):
        dim = data.ndim - 1 - k
        before, after = pad[2 * k], pad[2 * k + 1]
        size = shape[dim]
        start, stop = max(-before, 0), size - max(-after, 0)
        if stop - start < 0:
            raise errors.error("narrow_negative_length")
        kept = stop - start
        shape[dim] = kept + max(before, 0) + max(after, 0)
        source[dim] = slice(start, stop)
        target[dim] = slice(max(before, 0), max(before, 0) + kept)
    out = np.full(shape, value, dtype=data.dtype)
    out[tuple(target)] = data[tuple(source)]
    return out


def constant_pad_nd(input: Tensor, pad: list[int], value: Any = 0) -> Tensor:
    """torch's ``constant_pad_nd``: pad (or, negative, crop) the last ``len(pad) // 2`` dims."""
    if len(pad) % 2:
        raise errors.error("pad_length_odd")
    if len(pad) // 2 > input.ndim:
        raise errors.error("pad_length_too_large", length=len(pad), ndim=input.ndim)
    d = input.dtype
    fill = checked_scalar(float(value) if isinstance(value, bool) else value, d)
    out = as_array(_padded(input._data, list(pad), fill), d)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out, d)
    node = ConstantPadNdBackward0((input._edge(),), ((out.shape, d),))
    node.pad = list(pad)
    return Tensor._make(out, d, node)


def _pad(input: Tensor, pad: Any, mode: Any = "constant", value: Any = None) -> Tensor:
    if not isinstance(input, Tensor) or not isinstance(mode, str):
        raise TypeError("pad")  # (the parser words it)
    if not isinstance(pad, (tuple, list)) or not all(
        isinstance(p, (int, np.integer)) and not isinstance(p, bool) for p in pad
    ):
        raise TypeError("pad")
    if value is not None and not isinstance(value, (int, float, np.number)):
        raise TypeError("pad")
    if mode == "constant":
        return constant_pad_nd(input, [int(p) for p in pad], 0 if value is None else value)
    if mode in _OTHER_MODES:
        if value is not None:
            raise errors.error("pad_mode_value", mode=mode)
        raise errors.unsupported(f"torch.nn.functional.pad(mode='{mode}')")
    raise errors.error("pad_mode_unknown", mode=mode)


_parsed_pad = arguments.parsed_like_torch(_pad, "pad", overloads.FUNCTIONS["pad"])


def pad(input: Tensor, pad: Any, mode: str = "constant", value: float | None = None) -> Tensor:
    """``F.pad``: ``value`` (0 by default) around the last dims, ``pad`` listing (before,
    after) from the last dim backwards; a negative pad crops (ConstantPadNdBackward0)."""
    return _parsed_pad(input, pad, mode, value)
