"""Max, average and adaptive average pooling: torch's CPU kernels, bit for bit.

Each output element reads a window of one input plane.  The windows are gathered by flat
index into the plane (``_plane_windows``; an index past the plane, for padding or a
``ceil_mode`` window running over the edge, reads a fill value), so a pool is one
``take`` and a reduction over the window, and a gradient is one ``np.add.at`` in output
order, which is the order torch's kernels add in:

* max: the first largest element of the window in row-major order, or the last NaN
  (torch's ``val > max || isnan(val)``); a window of -inf only gives its first element.
  MaxPool2DWithIndicesBackward0 saves the indices; its gradient's gradient gathers by them
  (MaxPool2DWithIndicesBackwardBackward0).
* average: the window's elements added one by one in row-major order (float16 in
  float32), divided by the window size (``count_include_pad``: padding counts, a window
  past the padding does not) or ``divisor_override``; integer tensors divide truncating.
* adaptive average: the window ``[floor(i*in/out), ceil((i+1)*in/out))``, its sum divided
  by its height and then its width; an output of 1 x 1 is ``mean(-1, -2, keepdim=True)``.

The 1-d functions are torch's: the 2-d op of ``input.unsqueeze(-2)``, squeezed again, so
the recorded graph is SqueezeBackward1 -> MaxPool2DWithIndicesBackward0 ->
UnsqueezeBackward0 as in torch.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import bool_, int64, uint8
from ..ops import arguments
from ..ops.core import as_array
from ..ops.shape_helpers import squeeze_dim, unsqueeze
from ..tensor import Tensor


# --- windows -------------------------------------------------------------------------------
def _output_size(size: int, kernel: int, pad: int, stride: int, dilation: int, ceil: bool) -> int:
    """torch's ``pooling_output_shape`` (its checks come first)."""
    if stride == 0:
        raise errors.error("pool_stride_zero")
    if pad < 0:
        raise errors.error("pool_pad_negative", pad=pad)
    if pad > int(((kernel - 1) * dilation + 1) / 2):  # (C's division, toward zero)
        raise errors.error("pool_pad_half", pad=pad, kernel=kernel, dilation=dilation)
    out = (size + 2 * pad - dilation * (kernel - 1) - 1 + (stride - 1 if ceil else 0)) // stride + 1
    if ceil and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _axis_positions(size: int, out: int, kernel: int, pad: int, stride: int, dilation: int):
    """For each output position and kernel offset along one axis, the input position (or -1
    outside the input)."""
    positions = np.arange(out)[:, None] * stride - pad + np.arange(kernel)[None, :] * dilation
    return np.where((positions >= 0) & (positions < size), positions, -1)


def _plane_windows(height: int, width: int, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Flat indices into an (height, width) plane, shape (OH, OW, KH * KW), row-major in the
    window; ``height * width`` (one past the plane) where a position is outside it."""
    r = rows[:, None, :, None]
    c = cols[None, :, None, :]
    flat = np.where((r >= 0) & (c >= 0), r * width + c, height * width)
    return flat.reshape(rows.shape[0], cols.shape[0], rows.shape[1] * cols.shape[1])


def _with_fill(data: np.ndarray, fill: Any) -> np.ndarray:
    """(..., H, W) as (..., H * W + 1): the planes, then one ``fill`` element."""
    flat = data.reshape(data.shape[:-2] + (data.shape[-2] * data.shape[-1],))
    extra = np.full(flat.shape[:-1] + (1,), fill, dtype=data.dtype)
    return np.concatenate([flat, extra], axis=-1)


def _scatter(grad_rows: np.ndarray, index: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Add ``grad_rows`` (..., P) into planes of ``shape`` (..., H, W) at flat ``index``
    (..., P), in order (the last position, one past the plane, is dropped)."""
    lead = shape[:-2]
    plane = shape[-2] * shape[-1]
    out = np.zeros((math.prod(lead), plane + 1), dtype=grad_rows.dtype)
    per_plane = math.prod(index.shape[len(lead) :])
    rows = np.arange(out.shape[0])[:, None]
    np.add.at(
        out,
        (rows, np.minimum(index, plane).reshape(out.shape[0], per_plane)),
        grad_rows.reshape(out.shape[0], per_plane),
    )
    return out[:, :plane].reshape(shape)


# --- argument checks -----------------------------------------------------------------------
def _pair(value: Any, op: str, what: str, allow_empty: bool = False) -> tuple[int, int]:
    values = (value,) if isinstance(value, (int, np.integer)) else tuple(value)
    if allow_empty and not values:
        return None  # type: ignore[return-value]
    if len(values) not in (1, 2):
        raise errors.error(f"pool_{what}_length", op=op)
    return (int(values[0]), int(values[-1]))


def _check_input(input: Tensor, kernel, stride, pad, dilation, out: tuple[int, int]) -> None:
    """torch's ``pool2d_shape_check`` (contiguous inputs)."""
    if kernel[0] <= 0 or kernel[1] <= 0:
        raise errors.error("pool_kernel_positive", kh=kernel[0], kw=kernel[1])
    if stride[0] <= 0 or stride[1] <= 0:
        raise errors.error("pool_stride_positive", dh=stride[0], dw=stride[1])
    if dilation[0] <= 0 or dilation[1] <= 0:
        raise errors.error("pool_dilation_positive", dh=dilation[0], dw=dilation[1])
    shape = input.shape
    valid = shape[-3] != 0 and shape[-2] != 0
    if not (
        (input.ndim == 3 and shape[0] != 0 and valid)
        or (input.ndim == 4 and valid and shape[3] != 0)
    ):
        raise errors.error("pool_input_empty", sizes=list(shape))
    if kernel[1] // 2 < pad[1] or kernel[0] // 2 < pad[0]:
        raise errors.error("pool_pad_kernel", pw=pad[1], ph=pad[0], kw=kernel[1], kh=kernel[0])
    if out[0] < 1 or out[1] < 1:
        raise errors.error(
            "pool_output_small",
            planes=shape[-3],
            height=shape[-2],
            width=shape[-1],
            out_height=out[0],
            out_width=out[1],
        )


def _sizes(input: Tensor, kernel, stride, pad, dilation, ceil) -> tuple[int, int]:
    return tuple(  # type: ignore[return-value]
        _output_size(input.shape[i - 2], kernel[i], pad[i], stride[i], dilation[i], ceil)
        for i in range(2)
    )


def _windows(input: Tensor, kernel, stride, pad, dilation, out) -> tuple[np.ndarray, np.ndarray]:
    """The windows' flat indices (OH, OW, K), and torch's start index of each window: the
    first row and column at or after 0 (``ih0 * W + iw0``; past the plane when the window
    holds padding only)."""
    height, width = input.shape[-2:]
    rows = _axis_positions(height, out[0], kernel[0], pad[0], stride[0], dilation[0])
    cols = _axis_positions(width, out[1], kernel[1], pad[1], stride[1], dilation[1])
    firsts = []
    for i in range(2):
        start = np.arange(out[i]) * stride[i] - pad[i]
        firsts.append(
            np.where(
                start < 0, start + (-start + dilation[i] - 1) // dilation[i] * dilation[i], start
            )
        )
    return _plane_windows(height, width, rows, cols), firsts[0][:, None] * width + firsts[1][
        None, :
    ]


# --- max pooling ---------------------------------------------------------------------------
def _max_fill(dtype: np.dtype) -> Any:
    return -np.inf if dtype.kind == "f" else np.iinfo(dtype).min


def _max_indices(data: np.ndarray, windows: np.ndarray, start: np.ndarray) -> np.ndarray:
    """torch's choice per window: the first largest element in row-major order, the last
    NaN, or (nothing above the fill value) the window's first element inside the input."""
    fill = _max_fill(data.dtype)
    values = np.take(_with_fill(data, fill), windows, axis=-1)  # (..., OH, OW, K)
    if values.shape[-1] == 0:  # (no output: an output size of 0)
        return np.zeros(values.shape[:-1], np.int64)
    every = np.broadcast_to(windows, values.shape)

    def index_at(position: np.ndarray) -> np.ndarray:
        return np.take_along_axis(every, position[..., None], axis=-1)[..., 0]

    best = values.argmax(axis=-1)
    top = np.take_along_axis(values, best[..., None], axis=-1)[..., 0]
    chosen = np.where(top == fill, start, index_at(best))
    if data.dtype.kind == "f":
        nans = np.isnan(values)
        last_nan = values.shape[-1] - 1 - nans[..., ::-1].argmax(axis=-1)
        chosen = np.where(nans.any(axis=-1), index_at(last_nan), chosen)
    return chosen.astype(np.int64)


class MaxPool2DWithIndicesBackward0(Node):
    """The gradient goes to the chosen elements, added in output order.  Saves self and
    the indices."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        input, indices = self.saved_tensors
        return (_max_backward(grad, input, indices, MaxPool2DWithIndicesBackwardBackward0),)


class MaxPool2DWithIndicesBackwardBackward0(Node):
    """Edges to the gradient (its gradient gathered by the indices) and self (zeros)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from ..ops.shape_helpers import gather, reshape

        (indices,) = self.saved_tensors
        lead = indices.shape[:-2]
        planes = reshape(grad, lead + (grad.shape[-2] * grad.shape[-1],))
        flat = lead + (indices.shape[-2] * indices.shape[-1],)
        picked = gather(planes, -1, Tensor._make(indices._data.reshape(flat), int64))
        return (reshape(picked, indices.shape), _zeros(self._output_meta[1]))


def _zeros(meta: tuple) -> Tensor:
    shape, d = meta
    return Tensor._make(np.zeros(shape, d.np_dtype), d)


def _pool_result(out: np.ndarray, d, node_type, edges, metas) -> tuple[Tensor, Node | None]:
    node = node_type(edges, metas) if node_type is not None else None
    return Tensor._make(as_array(out, d), d, node), node


def max_pool2d_with_indices(input: Tensor, kernel, stride, pad, dilation, ceil) -> tuple:
    """torch's ``max_pool2d_with_indices`` of a 3-d or 4-d input (values, int64 indices)."""
    if input.ndim not in (3, 4):
        raise errors.error("pool_input_rank")
    out = _sizes(input, kernel, stride, pad, dilation, ceil)
    _check_input(input, kernel, stride, pad, dilation, out)
    if input.dtype is bool_:
        raise errors.error("op_dtype_unsupported", op="max_pool2d", dtype="Bool")
    data = np.ascontiguousarray(input._data)
    windows, start = _windows(input, kernel, stride, pad, dilation, out)
    return _max_pool_result(data, input.dtype, input, windows, start, MaxPool2DWithIndicesBackward0)


def _max_pool_result(data, d, input: Tensor, windows, start, node_type) -> tuple[Tensor, Tensor]:
    indices = _max_indices(data, windows, start)
    # (a window of padding only keeps the fill value, at torch's index past the plane)
    plane = data.shape[-2] * data.shape[-1]
    flat = np.minimum(indices, plane).reshape(indices.shape[:-2] + (math.prod(windows.shape[:2]),))
    values = np.take_along_axis(_with_fill(data, _max_fill(data.dtype)), flat, axis=-1)
    values = as_array(values.reshape(indices.shape), d)
    index_tensor = Tensor._make(indices, int64)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(values, d), index_tensor
    node = node_type((input._edge(),), ((values.shape, d),))
    node.save(input, index_tensor)
    return Tensor._make(values, d, node), index_tensor


def max_pool2d_with_indices_backward(grad: Tensor, input: Tensor, indices: Tensor) -> Tensor:
    return _max_backward(grad, input, indices, MaxPool2DWithIndicesBackwardBackward0)


def _max_backward(grad: Tensor, input: Tensor, indices: Tensor, node_type) -> Tensor:
    d = grad.dtype
    data = _scatter(grad._data, indices._data, input.shape)
    if not (grad_mode.enabled and (grad._requires_grad or input._requires_grad)):
        return Tensor._make(as_array(data, d), d)
    node = node_type((grad._edge(), input._edge()), ((data.shape, d), (input.shape, input.dtype)))
    node.save(indices)
    return Tensor._make(as_array(data, d), d, node)


# --- average pooling -----------------------------------------------------------------------
def _avg_divisors(size, out, kernel, pad, stride, count_include_pad) -> np.ndarray:
    """Per output position along one axis: the window's extent clipped to the padded
    input (counted with padding) or to the input (without)."""
    start = np.arange(out) * stride - pad
    end = np.minimum(start + kernel, size + pad)
    if count_include_pad:
        return end - start
    return np.minimum(end, size) - np.maximum(start, 0)


def _avg_windows(input: Tensor, kernel, stride, pad, out) -> np.ndarray:
    """Like ``_windows``, but a window stops at the padded input's end (torch's
    ``min(start + k, size + pad)``): positions past it are outside."""
    height, width = input.shape[-2:]
    axes = []
    for i, size in enumerate((height, width)):
        start = np.arange(out[i])[:, None] * stride[i] - pad[i]
        positions = start + np.arange(kernel[i])[None, :]
        axes.append(np.where((positions >= 0) & (positions < size), positions, -1))
    return _plane_windows(height, width, axes[0], axes[1])


def _divided(total: np.ndarray, divisor: np.ndarray, dtype: np.dtype) -> np.ndarray:
    if dtype.kind == "f":
        return (total / divisor.astype(total.dtype)).astype(dtype)
    quotient = np.abs(total) // np.abs(divisor)  # C's division: toward zero
    return (quotient * np.sign(total) * np.sign(divisor)).astype(dtype)


def _accumulator(dtype: np.dtype) -> np.dtype:
    if dtype == np.float16:
        return np.dtype(np.float32)
    return dtype if dtype.kind == "f" else np.dtype(np.int64)


class AvgPool2DBackward0(Node):
    """Each output's gradient over its divisor, added into its window in output order."""

    __slots__ = ("kernel", "stride", "pad", "ceil", "count_include_pad", "divisor_override")

    def backward(self, grad: Tensor) -> tuple:
        (input,) = self.saved_tensors
        return (avg_pool2d_backward(grad, input, *self._parameters()),)

    def _parameters(self) -> tuple:
        return (
            self.kernel,
            self.stride,
            self.pad,
            self.ceil,
            self.count_include_pad,
            self.divisor_override,
        )


class AvgPool2DBackwardBackward0(Node):
    """Edges to the gradient (average-pooled again) and self (zeros)."""

    __slots__ = AvgPool2DBackward0.__slots__

    _parameters = AvgPool2DBackward0._parameters

    def backward(self, grad: Tensor) -> tuple:
        return (avg_pool2d_op(grad, *self._parameters()), _zeros(self._output_meta[1]))


def _avg_plan(input: Tensor, kernel, stride, pad, ceil, count_include_pad, divisor_override):
    out = _sizes(input, kernel, stride, pad, (1, 1), ceil)
    _check_input(input, kernel, stride, pad, (1, 1), out)
    windows = _avg_windows(input, kernel, stride, pad, out)
    if divisor_override is not None:
        divisor = np.full(out, divisor_override, dtype=np.int64)
    else:
        height, width = input.shape[-2:]
        rows = _avg_divisors(height, out[0], kernel[0], pad[0], stride[0], count_include_pad)
        cols = _avg_divisors(width, out[1], kernel[1], pad[1], stride[1], count_include_pad)
        divisor = rows[:, None] * cols[None, :]
    return out, windows, divisor


def avg_pool2d_op(
    input: Tensor, kernel, stride, pad, ceil, count_include_pad, divisor_override
) -> Tensor:
    """torch's ``avg_pool2d`` of a 3-d or 4-d input (the checks done by the caller)."""
    out, windows, divisor = _avg_plan(
        input, kernel, stride, pad, ceil, count_include_pad, divisor_override
    )
    d = input.dtype
    if d is bool_ or d is uint8:
        raise errors.error("op_dtype_unsupported", op="avg_pool2d", dtype=d.scalar_name)
    data = input._data
    acc = _accumulator(data.dtype)
    values = np.take(_with_fill(data, 0).astype(acc, copy=False), windows, axis=-1)
    total = np.zeros(values.shape[:-1], acc)
    for k in range(values.shape[-1]):  # one by one, in the window's row-major order
        total += values[..., k]
    empty = (windows == data.shape[-2] * data.shape[-1]).all(axis=-1)
    result = np.where(empty, 0, _divided(total, np.where(empty, 1, divisor), acc))
    result = as_array(result.astype(data.dtype, copy=False), d)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(result, d)
    node = AvgPool2DBackward0((input._edge(),), ((result.shape, d),))
    node.kernel, node.stride, node.pad, node.ceil = kernel, stride, pad, ceil
    node.count_include_pad, node.divisor_override = count_include_pad, divisor_override
    node.save(input)
    return Tensor._make(result, d, node)


def avg_pool2d_backward(
    grad: Tensor, input: Tensor, kernel, stride, pad, ceil, count_include_pad, divisor_override
) -> Tensor:
    _, windows, divisor = _avg_plan(
        input, kernel, stride, pad, ceil, count_include_pad, divisor_override
    )
    d = grad.dtype
    g = grad._data
    # torch: grad_delta = grad / divisor in the tensor's dtype, then added in that dtype
    delta = (g.astype(_accumulator(g.dtype)) / divisor).astype(g.dtype)
    rows = np.broadcast_to(delta[..., None], delta.shape + (windows.shape[-1],))
    data = _scatter(rows, np.broadcast_to(windows, rows.shape), input.shape)
    if not (grad_mode.enabled and (grad._requires_grad or input._requires_grad)):
        return Tensor._make(as_array(data, d), d)
    node = AvgPool2DBackwardBackward0(
        (grad._edge(), input._edge()), ((data.shape, d), (input.shape, input.dtype))
    )
    node.kernel, node.stride, node.pad, node.ceil = kernel, stride, pad, ceil
    node.count_include_pad, node.divisor_override = count_include_pad, divisor_override
    return Tensor._make(as_array(data, d), d, node)


# --- adaptive average pooling --------------------------------------------------------------
def _adaptive_axis(size: int, out: int) -> tuple[np.ndarray, np.ndarray]:
    """Per output position: the input positions of its window (-1 past its end, padded to
    the longest window) and the window's length."""
    o = np.arange(out)
    start = (o * size) // out
    end = ((o + 1) * size + out - 1) // out
    longest = int((end - start).max()) if out else 0
    positions = start[:, None] + np.arange(longest)[None, :]
    return np.where(positions < end[:, None], positions, -1), end - start


def _adaptive_plan(input: Tensor, out: tuple[int, int]):
    height, width = input.shape[-2:]
    rows, heights = _adaptive_axis(height, out[0])
    cols, widths = _adaptive_axis(width, out[1])
    return _plane_windows(height, width, rows, cols), heights, widths


class AdaptiveAvgPool2DBackward0(Node):
    """Each output's gradient over its window's height and width, added into the window in
    output order.  Saves self."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (input,) = self.saved_tensors
        return (adaptive_avg_pool2d_backward(grad, input),)


class AdaptiveAvgPool2DBackwardBackward0(Node):
    """Edges to the gradient (adaptive-pooled again) and self (zeros)."""

    __slots__ = ("output_size",)

    def backward(self, grad: Tensor) -> tuple:
        return (adaptive_avg_pool2d_op(grad, self.output_size), _zeros(self._output_meta[1]))


def adaptive_avg_pool2d_op(input: Tensor, out: tuple[int, int]) -> Tensor:
    """torch's ``_adaptive_avg_pool2d`` (sizes checked by the caller)."""
    d = input.dtype
    if d.np_dtype.kind != "f":
        raise errors.error("op_dtype_unsupported", op="adaptive_avg_pool2d", dtype=d.scalar_name)
    data = input._data
    windows, heights, widths = _adaptive_plan(input, out)
    acc = _accumulator(data.dtype)
    values = np.take(_with_fill(data, 0).astype(acc, copy=False), windows, axis=-1)
    total = np.zeros(values.shape[:-1], acc)
    for k in range(values.shape[-1]):
        total += values[..., k]
    if windows.size:
        total = total / heights[:, None].astype(acc) / widths[None, :].astype(acc)
    result = as_array(total.astype(data.dtype, copy=False), d)
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(result, d)
    node = AdaptiveAvgPool2DBackward0((input._edge(),), ((result.shape, d),))
    node.save(input)
    return Tensor._make(result, d, node)


def adaptive_avg_pool2d_backward(grad: Tensor, input: Tensor) -> Tensor:
    d = grad.dtype
    g = grad._data
    windows, heights, widths = _adaptive_plan(input, g.shape[-2:])
    acc = _accumulator(g.dtype)
    # torch: grad / kh / kw in the gradient's dtype (float16: rounded after each division)
    delta = (g.astype(acc) / heights[:, None].astype(acc)).astype(g.dtype)
    delta = (delta.astype(acc) / widths[None, :].astype(acc)).astype(g.dtype)
    rows = np.broadcast_to(delta[..., None], delta.shape + (windows.shape[-1],))
    data = _scatter(rows, np.broadcast_to(windows, rows.shape), input.shape)
    if not (grad_mode.enabled and (grad._requires_grad or input._requires_grad)):
        return Tensor._make(as_array(data, d), d)
    node = AdaptiveAvgPool2DBackwardBackward0(
        (grad._edge(), input._edge()), ((data.shape, d), (input.shape, input.dtype))
    )
    node.output_size = tuple(g.shape[-2:])
    return Tensor._make(as_array(data, d), d, node)


# --- adaptive max pooling ------------------------------------------------------------------
class AdaptiveMaxPool2DBackward0(Node):
    """The gradient goes to each window's chosen element, added in output order.  Saves
    self and the indices."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        input, indices = self.saved_tensors
        return (_max_backward(grad, input, indices, AdaptiveMaxPool2DBackwardBackward0),)


class AdaptiveMaxPool2DBackwardBackward0(MaxPool2DWithIndicesBackwardBackward0):
    """Edges to the gradient (its gradient gathered by the indices) and self (zeros)."""

    __slots__ = ()


def adaptive_max_pool2d_op(input: Tensor, out: tuple[int, int]) -> tuple[Tensor, Tensor]:
    """torch's ``adaptive_max_pool2d`` (values, int64 indices); its checks in its order."""
    if input.ndim not in (3, 4):
        raise errors.error("adaptive_max_rank", sizes=list(input.shape))
    for dim in range(1, input.ndim):
        if input.shape[dim] == 0:
            raise errors.error(
                "adaptive_empty", op="adaptive_max_pool2d", sizes=list(input.shape), dim=dim
            )
    if len(out) != 2:
        raise errors.error("adaptive_max_output_length")
    if out[0] < 0 or out[1] < 0:
        size = out[0] if out[0] < 0 else out[1]
        raise errors.error("negative_dimension", size=size, sizes=[*input.shape[:-2], *out])
    d = input.dtype
    if d.np_dtype.kind != "f":
        raise errors.error("op_dtype_unsupported", op="adaptive_max_pool2d", dtype=d.scalar_name)
    data = np.ascontiguousarray(input._data)
    windows, _, _ = _adaptive_plan(input, out)
    # torch starts each window at its first element (the smallest index: past its end is
    # the index past the plane)
    start = windows.min(axis=-1, initial=data.shape[-2] * data.shape[-1])
    return _max_pool_result(data, d, input, windows, start, AdaptiveMaxPool2DBackward0)


# --- torch.nn.functional -------------------------------------------------------------------
def _ints(value: Any) -> tuple[int, ...]:
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return (int(value),)
    if isinstance(value, (tuple, list)) and all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value
    ):
        return tuple(int(v) for v in value)
    raise TypeError(f"expected an int or a tuple of ints, not {type(value).__name__}")


def _two(value: Any, op: str, key: str, *, may_be_empty: bool = False) -> tuple[int, int] | None:
    values = _ints(value) if value is not None else ()
    if may_be_empty and not values:
        return None
    if len(values) not in (1, 2):
        raise errors.error(key, op=op)
    return (values[0], values[-1])


def _one(value: Any, op: str, name: str) -> int:
    values = _ints(value)
    if len(values) != 1:
        raise errors.error("pool_1d_argument", op=op, name=name, count=len(values))
    return values[0]


def _check_rank_1d(input: Tensor, op: str) -> None:
    if input.ndim not in (2, 3):
        raise errors.error("pool_1d_rank", ndim=input.ndim, op=op)


def _max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode) -> tuple:
    kernel = _two(kernel_size, "max_pool2d", "pool_kernel_length")
    steps = _two(stride, "max_pool2d", "pool_stride_length", may_be_empty=True) or kernel
    pad = _two(padding, "max_pool2d", "pool_padding_length")
    dil = _two(dilation, "max_pool2d", "pool_dilation_length")
    return max_pool2d_with_indices(input, kernel, steps, pad, dil, bool(ceil_mode))


def max_pool2d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    """``F.max_pool2d`` of an (N, C, H, W) or (C, H, W) input (MaxPool2DWithIndicesBackward0);
    ``stride`` defaults to ``kernel_size``; with ``return_indices``, also each maximum's
    flat index in its plane."""
    values, indices = _max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (values, indices) if return_indices else values


def max_pool1d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    """``F.max_pool1d`` of an (N, C, L) or (C, L) input: torch's 2-d pool of
    ``input.unsqueeze(-2)``, squeezed (SqueezeBackward1 -> MaxPool2DWithIndicesBackward0)."""
    if return_indices:
        _check_rank_1d(input, "max_pool1d")
        kernel = _one(kernel_size, "max_pool1d", "kernel_size")
        steps = (
            kernel
            if stride is None or _ints(stride) == ()
            else _one(stride, "max_pool1d", "stride")
        )
        pad = _one(padding, "max_pool1d", "padding")
        dil = _one(dilation, "max_pool1d", "dilation")
    else:
        sizes = input.shape
        if not (
            (input.ndim == 2 and sizes[0] != 0 and sizes[1] != 0)
            or (input.ndim == 3 and sizes[1] != 0 and sizes[2] != 0)
        ):
            raise errors.error("max_pool1d_rank", sizes=list(sizes))
        kernel, steps, pad, dil = _checked_max_pool1d(
            input, kernel_size, stride, padding, dilation, ceil_mode
        )
    values, indices = max_pool2d_with_indices(
        unsqueeze(input, -2), (1, kernel), (1, steps), (0, pad), (1, dil), bool(ceil_mode)
    )
    values = squeeze_dim(values, -2)
    return (values, squeeze_dim(indices, -2)) if return_indices else values


def _checked_max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode) -> tuple:
    """torch's ``check_max_pool1d`` (the path without indices)."""
    kernel, pad, dil = _ints(kernel_size), _ints(padding), _ints(dilation)
    steps = () if stride is None else _ints(stride)
    if len(kernel) != 1:
        raise errors.error(
            "max_pool1d_size",
            what="kernel_size must be an int, list of ints or tuple of ints",
            count=len(kernel),
        )
    if len(steps) > 1:
        raise errors.error(
            "max_pool1d_size",
            what="stride must be None, an int, list of ints, or tuple of ints",
            count=len(steps),
        )
    if len(pad) != 1:
        raise errors.error(
            "max_pool1d_size",
            what="padding must be an int, list of ints, or tuple of ints",
            count=len(pad),
        )
    if len(dil) != 1:
        raise errors.error(
            "max_pool1d_size",
            what="dilation must be an int, list of ints or tuple of ints",
            count=len(dil),
        )
    k, p, di = kernel[0], pad[0], dil[0]
    s = steps[0] if steps else k
    if k <= 0:
        raise errors.error(
            "max_pool1d_value", what="kernel_size must be greater than zero", value=k
        )
    if s <= 0:
        raise errors.error("max_pool1d_value", what="stride must be greater than zero", value=s)
    if p < 0:
        raise errors.error("max_pool1d_value", what="padding must be non-negative", value=p)
    if p > k // 2:
        raise errors.error("max_pool1d_padding", padding=p, kernel=k)
    if di <= 0:
        raise errors.error("max_pool1d_value", what="dilation must be greater than zero", value=di)
    out = _output_size(input.shape[-1], k, p, s, di, bool(ceil_mode))
    if out <= 0:
        raise errors.error("max_pool1d_output", size=out)
    return k, s, p, di


def avg_pool2d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor:
    """``F.avg_pool2d`` of an (N, C, H, W) or (C, H, W) input (AvgPool2DBackward0)."""
    from ..ops.core import maybe_wrap_dim

    kernel = _two(kernel_size, "avg_pool2d", "pool_kernel_length")
    steps = _two(stride, "avg_pool2d", "pool_stride_length", may_be_empty=True) or kernel
    pad = _two(padding, "avg_pool2d", "pool_padding_length")
    if divisor_override is not None and divisor_override == 0:
        raise errors.error("avg_pool_divisor_zero")
    maybe_wrap_dim(-3, input.ndim)  # (torch reads input.size(-3) first: its IndexError)
    divisor = None if divisor_override is None else int(divisor_override)
    return _avg_pool2d(input, kernel, steps, pad, bool(ceil_mode), bool(count_include_pad), divisor)


def avg_pool1d(
    input: Tensor,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Tensor:
    """``F.avg_pool1d`` of an (N, C, L) or (C, L) input: torch's 2-d pool of
    ``input.unsqueeze(-2)``, squeezed (SqueezeBackward1 -> AvgPool2DBackward0)."""
    _check_rank_1d(input, "avg_pool1d")
    kernel = _one(kernel_size, "avg_pool1d", "kernel_size")
    steps = (
        kernel if stride is None or _ints(stride) == () else _one(stride, "avg_pool1d", "stride")
    )
    pad = _one(padding, "avg_pool1d", "padding")
    out = _avg_pool2d(
        unsqueeze(input, -2),
        (1, kernel),
        (1, steps),
        (0, pad),
        bool(ceil_mode),
        bool(count_include_pad),
        None,
    )
    return squeeze_dim(out, -2)


def _avg_pool2d(input, kernel, steps, pad, ceil, count_include_pad, divisor) -> Tensor:
    return avg_pool2d_op(input, kernel, steps, pad, ceil, count_include_pad, divisor)


def adaptive_avg_pool2d(input: Tensor, output_size: Any) -> Tensor:
    """``F.adaptive_avg_pool2d``: ``output_size`` an int, or a pair whose None entries keep
    the input's size (AdaptiveAvgPool2DBackward0; MeanBackward1 for 1 x 1)."""
    return _adaptive_avg_pool2d(input, _adaptive_size(input, output_size))


def _adaptive_size(input: Tensor, output_size: Any) -> tuple[int, ...]:
    """torch's ``_list_with_default``: an int is both sizes; None keeps the input's size."""
    if isinstance(output_size, (int, np.integer)) and not isinstance(output_size, bool):
        return (int(output_size),) * 2
    if isinstance(output_size, (tuple, list)) and len(output_size) <= input.ndim:
        sizes = input.shape[input.ndim - len(output_size) :]
        output_size = [s if v is None else v for v, s in zip(output_size, sizes, strict=True)]
    return _ints(output_size)


def _adaptive_avg_pool2d(input: Tensor, out: tuple[int, ...]) -> Tensor:
    if len(out) != 2:
        raise errors.error("adaptive_output_length")
    if out[0] < 0 or out[1] < 0:
        raise errors.error("adaptive_output_negative", h=out[0], w=out[1])
    if out == (1, 1):
        from ..ops.reduction import mean

        return mean(input, (-1, -2), keepdim=True)
    if input.ndim not in (3, 4):
        raise errors.error("adaptive_rank", op="adaptive_avg_pool2d", sizes=list(input.shape))
    for dim in (input.ndim - 2, input.ndim - 1):
        if input.shape[dim] == 0:
            raise errors.error(
                "adaptive_empty", op="adaptive_avg_pool2d", sizes=list(input.shape), dim=dim
            )
    return adaptive_avg_pool2d_op(input, out)


def adaptive_max_pool2d(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
    """``F.adaptive_max_pool2d``: ``output_size`` as in ``adaptive_avg_pool2d``
    (AdaptiveMaxPool2DBackward0, also for 1 x 1); with ``return_indices``, also each
    maximum's flat index in its plane."""
    values, indices = adaptive_max_pool2d_op(input, _adaptive_size(input, output_size))
    return (values, indices) if return_indices else values


def adaptive_avg_pool1d(input: Tensor, output_size: Any) -> Tensor:
    """``F.adaptive_avg_pool1d``: torch's 2-d pool of ``input.unsqueeze(-2)``, squeezed."""
    _check_rank_1d(input, "adaptive_avg_pool1d")
    size = _one(output_size, "adaptive_avg_pool1d", "output_size")
    return squeeze_dim(_adaptive_avg_pool2d(unsqueeze(input, -2), (1, size)), -2)


# --- the torch namespace's functions (no ``return_indices``: torch's C++ ops) -------------
_TORCH_LISTING = (
    "(Tensor input, tuple of ints kernel_size, tuple of ints stride = [], "
    "tuple of ints padding = 0, tuple of ints dilation = 1, bool ceil_mode = False)",
)


def _without_indices(pool: Any, name: str) -> Any:
    """``torch.<name>``: the ``F.`` pool without ``return_indices``, with torch's parser."""

    def function(
        input: Tensor,
        kernel_size: Any,
        stride: Any = (),
        padding: Any = 0,
        dilation: Any = 1,
        ceil_mode: bool = False,
    ) -> Tensor:
        return pool(input, kernel_size, stride, padding, dilation, ceil_mode)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"``torch.{name}``: ``F.{name}`` without ``return_indices``."
    return arguments.parsed_like_torch(function, name, _TORCH_LISTING)


torch_max_pool1d = _without_indices(max_pool1d, "max_pool1d")
torch_max_pool2d = _without_indices(max_pool2d, "max_pool2d")
