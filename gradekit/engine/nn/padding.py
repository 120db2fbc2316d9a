"""``F.pad``: 'constant' is torch's ``constant_pad_nd`` (ConstantPadNdBackward0, whose
gradient is ``constant_pad_nd`` of the gradient with the pads negated; a negative pad
crops; a new C-contiguous tensor); 'reflect' and 'replicate' are torch's
``reflection_pad{1,2,3}d`` / ``replication_pad{1,2,3}d`` (ReflectionPad1DBackward0 ...,
whose gradient adds each output element into the input element it came from, in output
order); 'circular' (a composite of slice copies in torch) raises the engine's
does-not-support error."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import bool_
from ..ops import arguments, overloads
from ..ops.core import as_array
from ..ops.scalars import checked_scalar
from ..tensor import Tensor

_OTHER_MODES = ("reflect", "replicate", "circular")
_NON_CONSTANT_SIZES = {2: (2, 3), 4: (3, 4), 6: (4, 5)}


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
        pads = [int(p) for p in pad]
        if len(pads) % 2:
            raise errors.error("pad_length_odd")
        if len(pads) // 2 > input.ndim:
            raise errors.error("pad_length_too_large", length=len(pads), ndim=input.ndim)
        if input.ndim not in _NON_CONSTANT_SIZES.get(len(pads), ()):
            raise errors.error("pad_mode_sizes", length=len(pads), ndim=input.ndim)
        if mode == "circular":
            raise errors.unsupported("torch.nn.functional.pad(mode='circular')")
        return _index_pad(input, pads, mode)
    raise errors.error("pad_mode_unknown", mode=mode)


_parsed_pad = arguments.parsed_like_torch(_pad, "pad", overloads.FUNCTIONS["pad"])


def pad(input: Tensor, pad: Any, mode: str = "constant", value: float | None = None) -> Tensor:
    """``F.pad``: ``value`` (0 by default) around the last dims, ``pad`` listing (before,
    after) from the last dim backwards; a negative pad crops (ConstantPadNdBackward0)."""
    return _parsed_pad(input, pad, mode, value)


# --- reflect / replicate -------------------------------------------------------------------


def _source_indices(size: int, before: int, after: int, mode: str) -> np.ndarray:
    """For each output position along one dim, the input position it copies."""
    positions = np.arange(size + before + after) - before
    if mode == "replicate":
        return np.clip(positions, 0, size - 1)
    positions = np.abs(positions)  # (reflect: -i before the start)
    return np.where(positions >= size, 2 * (size - 1) - positions, positions)


def _check_index_pad(input: Tensor, pads: list[int], mode: str) -> None:
    dims = len(pads) // 2
    sizes = list(input.shape)
    # (both modes: unbatched, every dim must be non-empty; batched, all but the batch)
    checked = sizes if input.ndim == dims + 1 else sizes[1:]
    if 0 in checked:
        raise errors.error("replication_pad_empty", low=dims + 1, high=dims + 2, sizes=sizes)
    if mode == "replicate":
        _check_pad_dtype(input, "replication", dims)
        return
    for k in range(dims):
        dim = input.ndim - 1 - k
        before, after = pads[2 * k], pads[2 * k + 1]
        if before >= sizes[dim] or after >= sizes[dim]:
            raise errors.error(
                "reflection_pad_size",
                argument=4 + 2 * k,
                before=before,
                after=after,
                dim=dim,
                sizes=sizes,
            )
    _check_pad_dtype(input, "reflection", dims)


def _check_pad_dtype(input: Tensor, kind: str, dims: int) -> None:
    """torch's kernels dispatch on every dtype but bool (after the shape checks)."""
    if input.dtype is bool_:
        raise errors.error("op_dtype_unsupported", op=f"{kind}_pad{dims}d", dtype="Bool")


def _index_maps(shape: tuple[int, ...], pads: list[int], mode: str) -> tuple:
    maps = []
    for k in range(len(pads) // 2):
        dim = len(shape) - 1 - k
        maps.append((dim, _source_indices(shape[dim], pads[2 * k], pads[2 * k + 1], mode)))
    return tuple(maps)


def _gathered(data: np.ndarray, maps: tuple) -> np.ndarray:
    out = data
    for dim, index in maps:
        out = np.take(out, index, axis=dim)
    return np.ascontiguousarray(out)


def _scattered(grad: np.ndarray, shape: tuple[int, ...], maps: tuple) -> np.ndarray:
    """Each output element added into its source, in output (C) order."""
    grids = list(np.meshgrid(*(np.arange(n) for n in grad.shape), indexing="ij"))
    for dim, index in maps:
        grids[dim] = index[grids[dim]]
    flat = np.ravel_multi_index(tuple(g.ravel() for g in grids), shape)
    out = np.zeros(int(np.prod(shape)), grad.dtype)
    np.add.at(out, flat, grad.ravel())
    return out.reshape(shape)


class _IndexPadBackward(Node):
    __slots__ = ("maps", "input_shape", "pads", "mode")

    def backward(self, grad: Tensor) -> tuple:
        return (_index_pad_backward(grad, self),)


class _IndexPadBackwardBackward(Node):
    """The gradient of the backward w.r.t. its incoming gradient is the padding again."""

    __slots__ = ("pads", "mode", "input_shape")

    def backward(self, grad: Tensor) -> tuple:
        grad_grad_output = _index_pad(grad, self.pads, self.mode)
        if self.next_functions[1][0] is None:
            return grad_grad_output, None
        # (torch's formula for self: zeros_like(self))
        return grad_grad_output, Tensor._make(
            np.zeros(self.input_shape, grad._data.dtype), grad.dtype
        )


def _node_classes(mode: str, dims: int) -> tuple[type, type]:
    name = f"{'Reflection' if mode == 'reflect' else 'Replication'}Pad{dims}DBackward0"
    key = (mode, dims)
    if key not in _NODE_CLASSES:
        first = type(name, (_IndexPadBackward,), {"__slots__": ()})
        second = type(
            name.replace("Backward0", "BackwardBackward0"),
            (_IndexPadBackwardBackward,),
            {"__slots__": ()},
        )
        _NODE_CLASSES[key] = (first, second)
    return _NODE_CLASSES[key]


_NODE_CLASSES: dict[tuple[str, int], tuple[type, type]] = {}


def _index_pad_backward(grad: Tensor, node: _IndexPadBackward) -> Tensor:
    d = grad.dtype
    data = as_array(_scattered(grad._data, node.input_shape, node.maps), d)
    self_edge = node.next_functions[0]  # (the padded input's: None when it needs no grad)
    if not (grad_mode.enabled and (grad._requires_grad or self_edge[0] is not None)):
        return Tensor._make(data, d)
    _, second = _node_classes(node.mode, len(node.pads) // 2)
    # (edges: grad_output, and self, whose gradient is zeros: torch's derivatives.yaml)
    backward_node = second((grad._edge(), self_edge), ((data.shape, d),))
    backward_node.pads, backward_node.mode = node.pads, node.mode
    backward_node.input_shape = node.input_shape
    return Tensor._make(data, d, backward_node)


def _index_pad(input: Tensor, pads: list[int], mode: str) -> Tensor:
    _check_index_pad(input, pads, mode)
    maps = _index_maps(tuple(input.shape), pads, mode)
    d = input.dtype
    out = as_array(_gathered(input._data, maps), d)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(out, d)
    first, _ = _node_classes(mode, len(pads) // 2)
    node = first((input._edge(),), ((out.shape, d),))
    node.maps, node.input_shape, node.pads, node.mode = maps, tuple(input.shape), pads, mode
    return Tensor._make(out, d, node)
