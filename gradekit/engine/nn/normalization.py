"""``F.layer_norm`` (torch's native_layer_norm: NativeLayerNormBackward0) and the arithmetic of
torch's CPU kernel.

Per row of the normalized dims torch takes the mean and the (biased) variance, ``rstd =
1 / sqrt(var + eps)``, and writes ``(x * rstd + (-mean * rstd)) * gamma + beta``, each
``a * b + c`` one fused multiply-add (float16 in float32, rounded once).  The engine's mean
and variance are float64 sums rounded to the dtype (torch's ``RowwiseMoments`` is a Welford
cascade: the two can differ in the last place, see docs/engine-internals.md); the gradients
are torch's formulas with float64 row sums.  Under create_graph the gradients are recorded
engine ops (torch records NativeLayerNormBackwardBackward0).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING
from ..ops import arguments, overloads, pointwise
from ..ops import reduction as reduction_ops
from ..ops.core import as_array, edge
from ..ops.fused import fused_multiply_add
from ..ops.quiet import quiet_call
from ..tensor import Tensor

_FLOAT16 = np.dtype(np.float16)


def _fma(a: np.ndarray, b: Any, c: Any) -> np.ndarray:
    return fused_multiply_add(a, np.asarray(b, a.dtype), np.asarray(c, a.dtype))


def _moments(rows: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """(mean, rstd) per row in the computing dtype (float32 for float16)."""
    compute = np.float32 if rows.dtype == _FLOAT16 else rows.dtype.type
    wide = rows.astype(np.float64)
    mean = wide.mean(axis=1) if rows.shape[1] else np.zeros(rows.shape[0])
    var = ((wide - mean[:, None]) ** 2).mean(axis=1) if rows.shape[1] else np.zeros(len(rows))
    mean, var = mean.astype(compute), var.astype(compute)
    rstd = (compute(1) / np.sqrt(var + compute(eps))).astype(compute)
    return mean, rstd


def _layer_norm_data(
    x: np.ndarray, count: int, gamma: np.ndarray | None, beta: np.ndarray | None, eps: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = np.ascontiguousarray(x).reshape(-1, count) if count else x.reshape(-1, 0)
    mean, rstd = _moments(rows, eps)
    compute = mean.dtype.type
    y = (rows.astype(compute) - mean[:, None]) * rstd[:, None]
    if gamma is not None or beta is not None:
        g = np.ones(count, compute) if gamma is None else gamma.reshape(-1).astype(compute)
        b = np.zeros(count, compute) if beta is None else beta.reshape(-1).astype(compute)
        y = _fma(y, g, b)  # (torch's kernel: one fused multiply-add)
    return y.astype(x.dtype).reshape(x.shape), mean, rstd


def _backward_data(
    grad: np.ndarray,
    x: np.ndarray,
    count: int,
    mean: np.ndarray,
    rstd: np.ndarray,
    gamma: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """torch's layer-norm backward: dX, dgamma, dbeta (float64 sums, rounded)."""
    dy = np.ascontiguousarray(np.broadcast_to(grad, x.shape)).reshape(-1, count)
    rows = np.ascontiguousarray(x).reshape(-1, count)
    w = np.float64
    dy64, x64 = dy.astype(w), rows.astype(w)
    m, r = mean.astype(w)[:, None], rstd.astype(w)[:, None]
    g = np.ones(count) if gamma is None else gamma.reshape(-1).astype(w)
    ds = (dy64 * g * x64).sum(axis=1, keepdims=True)
    db = (dy64 * g).sum(axis=1, keepdims=True)
    b = (db * m - ds) * r**3 / count
    c = -b * m - db * r / count
    dx = r * dy64 * g + b * x64 + c
    dgamma = (dy64 * (x64 - m) * r).sum(axis=0)
    dbeta = dy64.sum(axis=0)
    return dx.astype(x.dtype).reshape(x.shape), dgamma, dbeta


class NativeLayerNormBackward0(Node):
    """Saves input, weight, bias, mean and rstd; gradients for input, weight and bias."""

    __slots__ = ("normalized_shape", "count", "eps")

    def backward(self, grad: Tensor) -> tuple:
        input, weight, bias, mean, rstd = self.saved_tensors
        needs = [self.next_functions[k][0] is not None for k in range(3)]
        if grad_mode.enabled:  # create_graph: torch's formulas as recorded engine ops
            return self._recorded(grad, input, weight, needs)
        dx, dgamma, dbeta = quiet_call(
            _backward_data,
            grad._data,
            input._data,
            self.count,
            mean._data,
            rstd._data,
            None if weight is None else weight._data,
        )
        d = input.dtype
        shape = self.normalized_shape
        return (
            Tensor._make(as_array(dx, d), d) if needs[0] else None,
            _param_grad(dgamma, weight, shape) if needs[1] else None,
            _param_grad(dbeta, bias, shape) if needs[2] else None,
        )

    def _recorded(
        self, grad: Tensor, input: Tensor, weight: Tensor | None, needs: list[bool]
    ) -> tuple:
        dims = tuple(range(input.dim() - len(self.normalized_shape), input.dim()))
        mean = reduction_ops.mean(input, dims, keepdim=True)
        centred = input - mean
        var = reduction_ops.mean(centred * centred, dims, keepdim=True)
        rstd = 1 / pointwise.sqrt(var + self.eps)
        normed = centred * rstd
        gy = grad if weight is None else grad * weight
        dx = rstd * (
            gy
            - reduction_ops.mean(gy, dims, keepdim=True)
            - normed * reduction_ops.mean(gy * normed, dims, keepdim=True)
        )
        batch = tuple(range(input.dim() - len(self.normalized_shape)))
        dgamma = reduction_ops.sum(grad * normed, batch) if needs[1] and batch else grad * normed
        dbeta = reduction_ops.sum(grad, batch) if needs[2] and batch else grad
        return dx if needs[0] else None, dgamma if needs[1] else None, dbeta if needs[2] else None


def _param_grad(values: np.ndarray, like: Tensor, shape: tuple[int, ...]) -> Tensor:
    return Tensor._make(
        as_array(values.astype(like.dtype.np_dtype).reshape(shape), like.dtype), like.dtype
    )


def _normalized_shape(value: Any) -> tuple[int, ...]:
    if isinstance(value, (tuple, list)) and all(
        isinstance(k, (int, np.integer)) and not isinstance(k, bool) for k in value
    ):
        return tuple(int(k) for k in value)
    if type(value).__name__ == "Size":
        return tuple(value)
    raise TypeError("layer_norm")  # (the parser words it)


def _layer_norm(
    input: Tensor,
    normalized_shape: Any,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
    cudnn_enable: bool = True,
) -> Tensor:
    shape = _normalized_shape(normalized_shape)
    if not isinstance(input, Tensor) or isinstance(eps, (bool, str)) or eps is None:
        raise TypeError("layer_norm")
    for parameter in (weight, bias):
        if parameter is not None and not isinstance(parameter, Tensor):
            raise TypeError("layer_norm")
    if not shape:  # (torch's first check of the shapes)
        raise errors.error("layer_norm_empty_shape")
    for name, parameter in (("weight", weight), ("bias", bias)):
        if parameter is not None and tuple(parameter.shape) != shape:
            raise errors.error(
                "layer_norm_parameter_shape",
                name=name,
                shape=list(parameter.shape),
                normalized_shape=list(shape),
            )
    sizes = tuple(input.shape)
    if not shape or len(sizes) < len(shape) or sizes[len(sizes) - len(shape) :] != shape:
        raise errors.error(
            "layer_norm_input_shape",
            normalized_shape=list(shape),
            expected=", ".join(["*", *(str(k) for k in shape)]),
            sizes=list(sizes),
        )
    if input.dtype.category != FLOATING:
        raise errors.error(
            "kernel_not_implemented", op="LayerNormKernelImpl", dtype=input.dtype.scalar_name
        )
    for parameter in (weight, bias):
        if parameter is not None and parameter.dtype is not input.dtype:
            raise errors.error("layer_norm_mixed_dtype")
    count = int(np.prod(shape))
    d = input.dtype
    out, mean, rstd = quiet_call(
        _layer_norm_data,
        input._data,
        count,
        None if weight is None else weight._data,
        None if bias is None else bias._data,
        float(eps),
    )
    out = as_array(out, d)
    tensors = [t for t in (input, weight, bias) if t is not None]
    if not (grad_mode.enabled and any(t._requires_grad for t in tensors)):
        return Tensor._make(out, d)
    node = NativeLayerNormBackward0((edge(input), edge(weight), edge(bias)), ((out.shape, d),))
    node.normalized_shape, node.count, node.eps = shape, count, float(eps)
    stats = [Tensor._make(np.ascontiguousarray(v), _stat_dtype(d)) for v in (mean, rstd)]
    node.save(input, weight, bias, *stats)
    return Tensor._make(out, d, node)


def _stat_dtype(d: Any) -> Any:
    from ..dtypes import float32

    return float32 if d.np_dtype == _FLOAT16 else d


_parsed_layer_norm = arguments.parsed_like_torch(
    _layer_norm, "layer_norm", overloads.FUNCTIONS["layer_norm"]
)


def layer_norm(
    input: Tensor,
    normalized_shape: Any,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """``F.layer_norm``: each row of the last ``normalized_shape`` dims normalised to mean 0
    and variance 1, then scaled by weight and shifted by bias (NativeLayerNormBackward0)."""
    return _parsed_layer_norm(input, normalized_shape, weight, bias, eps, True)
