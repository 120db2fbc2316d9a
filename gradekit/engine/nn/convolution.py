"""``F.conv1d`` and ``F.conv2d``: torch's ``convolution`` (ConvolutionBackward0, edges to
input, weight and bias), whose gradients are one ``convolution_backward`` op
(ConvolutionBackwardBackward0 under ``create_graph``, edges to the gradient, input and
weight).  The arithmetic is im2col + matrix product: the windows of the zero-padded input
are an ``as_strided`` view, copied into rows and multiplied by the flattened weight of each
group.  torch's CPU kernels (oneDNN, or its own im2col + MKL gemm) add the products in
other orders, so float32 and float64 values can differ from torch's in the last places
(measured in docs/engine-internals.md, "Convolution").  An unbatched input is unsqueezed
and the result squeezed, as torch records it (UnsqueezeBackward0, SqueezeBackward1);
``padding='same'`` with an asymmetric total pads the input first (ConstantPadNdBackward0)
and warns, as torch does."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import bool_
from ..ops import arguments
from ..ops.core import as_array
from ..ops.shape_helpers import squeeze_dim, unsqueeze
from ..tensor import Tensor

_LISTING = (
    "(Tensor input, Tensor weight, Tensor? bias = None, tuple of ints stride = 1, "
    "tuple of ints padding = 0, tuple of ints dilation = 1, int groups = 1)",
    "(Tensor input, Tensor weight, Tensor? bias = None, tuple of ints stride = 1, "
    'str padding = "valid", tuple of ints dilation = 1, int groups = 1)',
)
_DTYPE_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half"}


# --- numpy kernels -------------------------------------------------------------------------
def _windows(padded: np.ndarray, kernel: tuple[int, ...], stride, dilation) -> np.ndarray:
    """The input's windows as a view of shape (N, C, *out, *kernel)."""
    spatial = padded.shape[2:]
    out = tuple(
        (size - d * (k - 1) - 1) // s + 1
        for size, k, s, d in zip(spatial, kernel, stride, dilation, strict=True)
    )
    n_stride, c_stride, *strides = padded.strides
    return np.lib.stride_tricks.as_strided(
        padded,
        shape=padded.shape[:2] + out + tuple(kernel),
        strides=(n_stride, c_stride)
        + tuple(st * s for st, s in zip(strides, stride, strict=True))
        + tuple(st * d for st, d in zip(strides, dilation, strict=True)),
        writeable=False,
    )


def _zero_padded(data: np.ndarray, padding: tuple[int, ...]) -> np.ndarray:
    if not any(padding):
        return data
    return np.pad(data, ((0, 0), (0, 0)) + tuple((p, p) for p in padding))


def _compute_dtype(data: np.ndarray) -> np.dtype:
    # float16 products are accumulated in float32, as torch's CPU kernels do
    return np.dtype(np.float32) if data.dtype == np.float16 else data.dtype


def _im2col(data: np.ndarray, kernel, stride, padding, dilation, groups):
    """Rows of window values: (groups, N * prod(out), C/groups * prod(kernel)), and out."""
    windows = _windows(_zero_padded(data, padding), kernel, stride, dilation)
    n, c = windows.shape[:2]
    out = windows.shape[2 : 2 + len(kernel)]
    d = len(kernel)
    # (N, C, *out, *k) -> (N, *out, C, *k), then one row per output position and group
    order = (0, *range(2, 2 + d), 1, *range(2 + d, 2 + 2 * d))
    rows = windows.transpose(order).reshape(
        n * math.prod(out), groups, c // groups * math.prod(kernel)
    )
    return np.ascontiguousarray(rows.transpose(1, 0, 2), dtype=_compute_dtype(data)), out


def convolution_data(x, w, b, stride, padding, dilation, groups) -> np.ndarray:
    """The forward on arrays: out[n, o, *p] = sum over the group's channels and the kernel."""
    kernel = w.shape[2:]
    rows, out = _im2col(x, kernel, stride, padding, dilation, groups)
    o = w.shape[0]
    weight = w.reshape(groups, o // groups, -1).astype(rows.dtype, copy=False)
    result = rows @ weight.transpose(0, 2, 1)  # (groups, N * prod(out), O/groups)
    result = result.transpose(1, 0, 2).reshape((x.shape[0], *out, o))
    result = np.moveaxis(result, -1, 1)
    if b is not None:
        result = result + b.astype(result.dtype).reshape((o,) + (1,) * len(out))
    return np.ascontiguousarray(result.astype(x.dtype, copy=False))


def _input_gradient(grad, x_shape, w, stride, padding, dilation, groups) -> np.ndarray:
    """col2im: each output position's gradient times the weight, added into the window it
    read (one strided slice per kernel position)."""
    n, c = x_shape[:2]
    o, kernel = w.shape[0], w.shape[2:]
    out = grad.shape[2:]
    d = len(kernel)
    dtype = _compute_dtype(grad)
    g = np.moveaxis(grad, 1, -1).reshape(n * math.prod(out), groups, o // groups).transpose(1, 0, 2)
    weight = w.reshape(groups, o // groups, -1).astype(dtype, copy=False)
    cols = (np.ascontiguousarray(g, dtype=dtype) @ weight).transpose(
        1, 0, 2
    )  # (N*prod(out), G, C/G*k)
    cols = cols.reshape((n, *out, c, *kernel))
    padded = np.zeros(
        (n, c) + tuple(s + 2 * p for s, p in zip(x_shape[2:], padding, strict=True)), dtype
    )
    for position in np.ndindex(*kernel):
        target = tuple(
            slice(k * di, k * di + s * (size - 1) + 1, s)
            for k, di, s, size in zip(position, dilation, stride, out, strict=True)
        )
        part = cols[(slice(None),) + (slice(None),) * d + (slice(None),) + position]
        padded[(slice(None), slice(None)) + target] += np.moveaxis(part, -1, 1)
    inner = tuple(slice(p, p + s) for p, s in zip(padding, x_shape[2:], strict=True))
    return np.ascontiguousarray(padded[(slice(None), slice(None)) + inner].astype(grad.dtype))


def _weight_gradient(grad, x, w_shape, stride, padding, dilation, groups) -> np.ndarray:
    kernel = w_shape[2:]
    rows, _ = _im2col(x, kernel, stride, padding, dilation, groups)
    o = w_shape[0]
    g = (
        np.moveaxis(grad, 1, -1)
        .reshape(math.prod(grad.shape) // o if o else 0, groups, o // groups)
        .transpose(1, 2, 0)
    )
    # (contiguous operands: numpy's matmul hands them to BLAS, a strided one it loops over)
    result = np.ascontiguousarray(g, dtype=rows.dtype) @ rows  # (groups, O/groups, C/groups * k)
    return np.ascontiguousarray(result.reshape(w_shape).astype(grad.dtype, copy=False))


def _bias_gradient(grad: np.ndarray) -> np.ndarray:
    axes = (0, *range(2, grad.ndim))
    return grad.sum(axis=axes, dtype=_compute_dtype(grad)).astype(grad.dtype)


# --- nodes ---------------------------------------------------------------------------------
class ConvolutionBackward0(Node):
    """Gradients of input, weight and bias: one ``convolution_backward``."""

    __slots__ = ("stride", "padding", "dilation", "groups")

    def backward(self, grad: Tensor) -> tuple:
        input, weight = self.saved_tensors
        mask = tuple(edge != (None, 0) for edge in self.next_functions)
        return convolution_backward(
            grad, input, weight, self.stride, self.padding, self.dilation, self.groups, mask
        )


class ConvolutionBackwardBackward0(Node):
    """The gradient of (grad_input, grad_weight, grad_bias) with respect to the gradient,
    the input and the weight: convolutions of the incoming gradients again."""

    __slots__ = ("stride", "padding", "dilation", "groups")
    num_outputs = 3

    def backward(self, grads: tuple | Tensor) -> tuple:
        if not isinstance(grads, tuple):
            grads = (grads, None, None)
        gg_input, gg_weight, gg_bias = grads
        grad, input, weight = self.saved_tensors
        params = (self.stride, self.padding, self.dilation, self.groups)
        need_grad, need_input, need_weight = (e != (None, 0) for e in self.next_functions)
        d_grad = d_input = d_weight = None
        if need_grad:
            parts = []
            if gg_input is not None:
                parts.append(convolution(gg_input, weight, None, *params))
            if gg_weight is not None:
                parts.append(convolution(input, gg_weight, None, *params))
            if gg_bias is not None:
                shape = (1, gg_bias.shape[0]) + (1,) * (grad.ndim - 2)
                parts.append(gg_bias.reshape(shape).expand(grad.shape))
            for part in parts:
                d_grad = part if d_grad is None else d_grad + part
        if need_input and gg_weight is not None:
            d_input = convolution_backward(grad, input, gg_weight, *params, (True, False, False))[0]
        if need_weight and gg_input is not None:
            d_weight = convolution_backward(grad, gg_input, weight, *params, (False, True, False))[
                1
            ]
        return (d_grad, d_input, d_weight)


def convolution(
    input: Tensor, weight: Tensor, bias: Tensor | None, stride, padding, dilation, groups
) -> Tensor:
    """torch's ``convolution`` of a batched input (checked by the caller)."""
    d = input.dtype
    bias_data = None if bias is None else bias._data
    out = as_array(
        convolution_data(input._data, weight._data, bias_data, stride, padding, dilation, groups), d
    )
    tensors = (input, weight) if bias is None else (input, weight, bias)
    if not (grad_mode.enabled and any(t._requires_grad for t in tensors)):
        return Tensor._make(out, d)
    edges = (input._edge(), weight._edge(), (None, 0) if bias is None else bias._edge())
    node = ConvolutionBackward0(edges, ((out.shape, d),))
    node.stride, node.padding, node.dilation, node.groups = stride, padding, dilation, groups
    node.save(input, weight)
    return Tensor._make(out, d, node)


def convolution_backward(
    grad: Tensor, input: Tensor, weight: Tensor, stride, padding, dilation, groups, mask
) -> tuple:
    """(grad_input, grad_weight, grad_bias), each computed where ``mask`` asks for it."""
    d = grad.dtype
    g = grad._data
    params = (stride, padding, dilation, groups)
    datas = (
        _input_gradient(g, input.shape, weight._data, *params) if mask[0] else None,
        _weight_gradient(g, input._data, weight.shape, *params) if mask[1] else None,
        _bias_gradient(g) if mask[2] else None,
    )
    record = grad_mode.enabled and any(t._requires_grad for t in (grad, input, weight))
    node = None
    if record:
        metas = tuple(
            (data.shape, d) if data is not None else (shape, d)
            for data, shape in zip(
                datas, (input.shape, weight.shape, (weight.shape[0],)), strict=True
            )
        )
        node = ConvolutionBackwardBackward0((grad._edge(), input._edge(), weight._edge()), metas)
        node.stride, node.padding, node.dilation, node.groups = params
        node.save(grad, input, weight)
    return tuple(
        None if data is None else Tensor._make(as_array(data, d), d, node, k)
        for k, data in enumerate(datas)
    )


# --- F.conv1d / F.conv2d -------------------------------------------------------------------
def _ints(value: Any, name: str, count: int) -> tuple[int, ...]:
    """A ``tuple of ints`` argument as torch's parser reads it: one int repeats."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return (int(value),) * count
    if isinstance(value, (tuple, list)) and all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value
    ):
        return tuple(int(v) for v in value)
    raise TypeError(name)  # (the parser words it)


def _expanded(values: tuple[int, ...], name: str, dims: int) -> tuple[int, ...]:
    if len(values) == 1:
        return values * dims
    if len(values) != dims:
        raise errors.error("conv_param_length", name=name, dims=dims, values=list(values))
    return values


def _check_shapes(input: Tensor, weight: Tensor, bias, stride, padding, dilation, groups) -> None:
    """torch's ``check_shape_forward``, in its order."""
    if any(p < 0 for p in padding):
        raise errors.error("conv_negative_padding")
    if any(s <= 0 for s in stride):
        raise errors.error("conv_nonpositive_stride")
    if any(di <= 0 for di in dilation):
        raise errors.error("conv_dilation", dilation=list(dilation))
    w_sizes = list(weight.shape)
    if input.ndim != weight.ndim:
        raise errors.error(
            "conv_input_dims",
            k=weight.ndim,
            weight=w_sizes,
            ndim=input.ndim,
            sizes=list(input.shape),
        )
    if w_sizes[0] < groups:
        raise errors.error("conv_weight_at_least", groups=groups, weight=w_sizes)
    if w_sizes[0] % groups:
        raise errors.error("conv_weight_groups", groups=groups, weight=w_sizes)
    if input.shape[1] != w_sizes[1] * groups:
        raise errors.error(
            "conv_channels",
            groups=groups,
            weight=w_sizes,
            sizes=list(input.shape),
            expected=w_sizes[1] * groups,
            got=input.shape[1],
        )
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != w_sizes[0]):
        raise errors.error("conv_bias_shape", weight=w_sizes, sizes=list(bias.shape))
    padded = [s + 2 * p for s, p in zip(input.shape[2:], padding, strict=True)]
    effective = [di * (k - 1) + 1 for k, di in zip(w_sizes[2:], dilation, strict=True)]
    if any(e > s for e, s in zip(effective, padded, strict=True)):
        raise errors.error(
            "conv_kernel_too_large",
            padded=" x ".join(map(str, padded)),
            kernel=" x ".join(map(str, effective)),
        )


def _check_dtypes(input: Tensor, weight: Tensor, bias: Tensor | None, dims: int) -> None:
    if bias is not None and bias.dtype is not input.dtype:
        raise errors.error(
            "conv_bias_dtype",
            input=_DTYPE_NAMES.get(input.dtype.np_dtype.name, input.dtype.np_dtype.name),
            bias=_DTYPE_NAMES.get(bias.dtype.np_dtype.name, bias.dtype.np_dtype.name),
        )
    if weight.dtype is not input.dtype:
        raise errors.error(
            "expected_scalar_type", expected=input.dtype.scalar_name, found=weight.dtype.scalar_name
        )
    if input.dtype is bool_:
        raise errors.error("op_dtype_unsupported", op="slow_conv2d_cpu", dtype="Bool")


def _same_padding(
    input: Tensor, weight: Tensor, stride, dilation
) -> tuple[Tensor, tuple[int, ...]]:
    """torch's ``_convolution_same``: the symmetric part as padding, the rest (an even
    kernel with odd dilation) as a ``constant_pad_nd`` of the input, with torch's warning."""
    from .padding import constant_pad_nd

    dims = weight.ndim - 2
    if any(s != 1 for s in stride):
        raise errors.error("conv_same_strided")
    left, right = [], []
    for i in range(dims):
        total = dilation[i] * (weight.shape[i + 2] - 1)
        left.append(total // 2)
        right.append(total - total // 2)
    if left == right:
        return input, tuple(left)
    errors.warn_at_caller("conv_same_copy")
    pads = [0] * (2 * dims)
    for i in range(dims):
        pads[2 * (dims - 1 - i) + 1] = right[i] - left[i]
    return constant_pad_nd(input, pads, 0), tuple(left)


def _conv(
    dims: int,
    input: Any,
    weight: Any,
    bias: Any,
    stride: Any,
    padding: Any,
    dilation: Any,
    groups: Any,
) -> Tensor:
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        raise TypeError("conv")
    if bias is not None and not isinstance(bias, Tensor):
        raise TypeError("conv")
    if not isinstance(groups, (int, np.integer)) or isinstance(groups, bool):
        raise TypeError("conv")
    stride = _ints(stride, "stride", dims)
    dilation = _ints(dilation, "dilation", dims)
    padding_mode = padding if isinstance(padding, str) else None
    if padding_mode is None:
        padding = _ints(padding, "padding", dims)
    if input.ndim not in (dims + 1, dims + 2):
        raise errors.error(
            "conv_input_rank", low=dims + 1, high=dims + 2, dims=dims, sizes=list(input.shape)
        )
    batched = input.ndim == dims + 2
    x = input if batched else unsqueeze(input, 0)
    groups = int(groups)
    if padding_mode is not None:
        if weight.ndim < 3:
            raise errors.error("conv_weight_dims")
        if groups <= 0:
            raise errors.error("conv_nonpositive_groups")
        k = weight.ndim - 2
        if x.ndim != weight.ndim:
            raise errors.error(
                "conv_input_dims",
                k=weight.ndim,
                weight=list(weight.shape),
                ndim=x.ndim,
                sizes=list(x.shape),
            )
        if padding_mode == "same":
            for name, values in (("stride", stride), ("dilation", dilation)):
                if len(values) not in (1, k):
                    raise errors.error("conv_same_broadcast", name=name, dims=k)
            stride = _expanded(stride, "stride", k)
            dilation = _expanded(dilation, "dilation", k)
            x, padding = _same_padding(x, weight, stride, dilation)
        elif padding_mode == "valid":
            padding = (0,) * k
        else:
            raise errors.error("conv_padding_string", padding=padding_mode)
    if weight.ndim < 3:
        raise errors.error("conv_weight_dims")
    if groups <= 0:
        raise errors.error("conv_nonpositive_groups")
    k = weight.ndim - 2
    stride = _expanded(stride, "stride", k)
    padding = _expanded(padding, "padding", k)
    dilation = _expanded(dilation, "dilation", k)
    _check_shapes(x, weight, bias, stride, padding, dilation, groups)
    _check_dtypes(x, weight, bias, k)
    out = convolution(x, weight, bias, stride, padding, dilation, groups)
    return out if batched else squeeze_dim(out, 0)


def conv1d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | None = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """``F.conv1d``: input (N, C, L) or (C, L), weight (O, C/groups, k) (ConvolutionBackward0)."""
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | None = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """``F.conv2d``: input (N, C, H, W) or (C, H, W), weight (O, C/groups, kH, kW); padding
    an int, a pair, 'valid' or 'same' (ConvolutionBackward0)."""
    return _conv(2, input, weight, bias, stride, padding, dilation, groups)


# (a call torch's parser would refuse raises its TypeError, worded from the call as given)
conv1d = arguments.parsed_like_torch(conv1d, "conv1d", _LISTING)
conv2d = arguments.parsed_like_torch(conv2d, "conv2d", _LISTING)
