"""``torch.logsumexp`` / ``Tensor.logsumexp`` as torch 2.13 composes it
(``logsumexp_out_impl``): ``maxes = amax(self, dim, keepdim=True)`` with infinite maxes
made 0, ``sum(exp(self - maxes), dim, keepdim)``, its log plus the maxes; integer and bool
inputs are cast to the default float dtype first.  The steps are the engine's own ops
(torch's exp, sum and log values), run without recording; LogsumexpBackward0 is torch's
``grad * exp(self - result)``."""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING
from ..tensor import Tensor
from . import arguments
from .reduction_arguments import parsed


class LogsumexpBackward0(Node):
    """Saves self and result."""

    __slots__ = ("dims", "keepdim")

    def backward(self, grad: Tensor) -> tuple:
        from .pointwise import exp
        from .shape_helpers import unsqueeze_dims

        self_, result = self.saved_tensors
        if not self.keepdim and self_._data.ndim != 0:
            grad = unsqueeze_dims(grad, self.dims)
            result = unsqueeze_dims(result, self.dims)
        return (grad * exp(self_ - result),)


def _dims(dim: Any, ndim: int) -> tuple[int, ...]:
    from .reduction import _normalize_dims

    if isinstance(dim, (list, tuple)) and len(dim) == 0:
        return tuple(range(ndim))
    if type(dim) is builtins.bool or isinstance(dim, (float, str)) or dim is None:
        raise TypeError("dim")
    retry = arguments.int_dims(dim)  # (a numpy integer; a bool past a list's first)
    return _normalize_dims(dim if retry is None else retry, ndim)


def _continues(data: np.ndarray, dims: list[int]) -> bool:
    """Whether ``dims`` (innermost first) make one run of memory from the first element."""
    return _continues_from(data, dims, data.itemsize)


def _sum_over(x: Tensor, dims: tuple[int, ...], keepdim: bool) -> Tensor:
    """``x.sum(dims, keepdim)`` with several outputs in torch's order where the engine's sum
    keeps numpy's: each output's elements one run of memory (an inner reduction: each run
    added as ``torch_full_sum``), or the outputs one run with the reduced elements outside
    it (an outer reduction: ``_outer_sums``); other layouts, float16: the engine's sum."""
    from .reduction import sum, torch_full_sum

    data = x._data
    shape = data.shape
    kept = [d for d in range(data.ndim) if d not in dims]
    if data.dtype == np.float16 or not dims or not kept or not data.size:
        return sum(x, dims, keepdim)
    reduced = sorted((d for d in dims if shape[d] != 1), key=lambda d: data.strides[d])
    outputs = sorted((d for d in kept if shape[d] != 1), key=lambda d: data.strides[d])
    ones = [d for d in range(data.ndim) if shape[d] == 1]
    kept_shape = tuple(shape[d] for d in kept)
    count = int(np.prod(kept_shape, dtype=np.int64))
    lanes = 32 // data.itemsize
    if _continues(data, reduced):
        moved = np.transpose(data, outputs[::-1] + reduced[::-1] + ones)
        rows = moved.reshape(count, -1)
        totals = np.array([torch_full_sum(row) for row in rows], data.dtype)
        totals = np.transpose(totals.reshape([shape[d] for d in outputs[::-1]]), _order(outputs))
    elif _outer_layout(data, outputs, reduced, lanes) is not None:
        inner = _outer_layout(data, outputs, reduced, lanes)
        outer = [d for d in outputs if d not in inner]
        moved = np.transpose(data, outer[::-1] + reduced[::-1] + inner[::-1] + ones)
        width = int(np.prod([shape[d] for d in inner], dtype=np.int64))
        batches = moved.reshape(count // width, -1, width)
        totals = np.stack([_outer_sums(batch) for batch in batches])
        laid_out = outer[::-1] + inner[::-1]
        totals = totals.reshape([shape[d] for d in laid_out])
        totals = np.transpose(totals, [laid_out.index(d) for d in sorted(outputs)])
    else:
        return sum(x, dims, keepdim)
    totals = np.ascontiguousarray(totals).reshape(kept_shape)
    if keepdim:
        totals = np.expand_dims(totals, dims)
    return Tensor._make(totals, x.dtype)


def _outer_layout(
    data: np.ndarray, outputs: list[int], reduced: list[int], lanes: int
) -> list[int] | None:
    """The output dims that make the innermost run of memory (innermost first) when the
    reduced dims continue it and it holds a vector at least (torch's outer reduction),
    else None."""
    inner: list[int] = []
    run = data.itemsize
    for d in outputs:
        if data.strides[d] != run:
            break
        inner.append(d)
        run *= data.shape[d]
    if run // data.itemsize < lanes or not _continues_from(data, reduced, run):
        return None
    return inner


def _continues_from(data: np.ndarray, dims: list[int], run: int) -> bool:
    for d in dims:
        if data.strides[d] != run:
            return False
        run *= data.shape[d]
    return True


def _order(outputs: list[int]) -> list[int]:
    """The axes of an array laid out as ``outputs[::-1]`` put back in dim order."""
    laid_out = outputs[::-1]
    return [laid_out.index(d) for d in sorted(outputs)]


def _outer_sums(rows: np.ndarray) -> np.ndarray:
    """torch's ``vectorized_outer_sum`` of ``rows`` (reduced, outputs) float32/float64: the
    outputs in blocks of four vectors (AVX2 width) add their rows in one cascaded running
    sum each (``multi_row_sum``), the rest as ``row_sum``: four running sums over groups of
    four rows, the leftover rows into the first, then the four in order."""
    from .summation import _multi_row_sum

    count, width = rows.shape
    block = 4 * (32 // rows.itemsize)
    wide = width // block * block
    out = np.empty(width, rows.dtype)
    if wide:
        out[:wide] = _multi_row_sum(rows[:, :wide].reshape(count, 1, wide))[0]
    if wide < width:
        rest = rows[:, wide:]
        groups = count // 4
        running = _multi_row_sum(rest[: groups * 4].reshape(groups, 4, width - wide))
        steps = np.concatenate((running[:1], rest[groups * 4 :], running[1:]))
        out[wide:] = np.add.accumulate(steps, axis=0)[-1]
    return out


def _logsumexp(
    input: Any,
    dim: Any = errors.REQUIRED,
    keepdim: Any = False,
    *,
    out: Any = None,
    axis: Any = None,
    keepdims: Any = None,
) -> Tensor:
    from .pointwise import exp, log
    from .reduction import amax, sum

    if axis is not None:
        if dim is not errors.REQUIRED:
            raise TypeError("axis")
        dim = axis
    if keepdims is not None:
        keepdim = keepdims
    if not isinstance(input, Tensor) or dim is errors.REQUIRED:
        raise TypeError("logsumexp")
    if out is not None:
        raise errors.unsupported("the out= argument of torch.logsumexp")
    if type(keepdim) is not builtins.bool:
        raise TypeError("keepdim")
    source = input
    if input.dtype.category != FLOATING:
        source = Tensor._make(
            input._data.astype(dtypes.get_default_dtype().np_dtype), dtypes.get_default_dtype()
        )
    dims = _dims(dim, source._data.ndim)
    data = source._data
    if data.size and not keepdim and data.ndim and isinstance(dim, (list, tuple)) and not dim:
        # torch's dim=() is every dim for amax and sum, but its squeeze of the maxes takes
        # none: adding the (1, ..., 1) maxes into the 0-d result fails
        raise errors.error(
            "inplace_broadcast",
            out_shape="[]",
            broadcast_shape="[" + ", ".join(["1"] * data.ndim) + "]",
        )
    plain = Tensor._make(data, source.dtype)
    # (plain records nothing: the steps are values only)
    if data.size:
        maxes = amax(plain, dims, True)
        finite = np.where(np.isinf(maxes._data), np.zeros((), data.dtype), maxes._data)
        maxes = Tensor._make(finite, source.dtype)
        total = _sum_over(exp(plain - maxes), dims, keepdim)
        kept = maxes if keepdim else Tensor._make(np.squeeze(finite, dims), source.dtype)
        out = log(total) + kept
    else:
        out = log(sum(exp(plain), dims, keepdim))
    result_data = out._data
    if not (grad_mode.enabled and input._requires_grad):
        return Tensor._make(result_data, source.dtype)
    node = LogsumexpBackward0((input._edge(),), ((result_data.shape, source.dtype),))
    node.dims, node.keepdim = (dims if data.ndim else ()), keepdim
    made = Tensor._make(result_data, source.dtype, node)
    node.save(input, outputs=(made,))
    return made


logsumexp = parsed(_logsumexp, "logsumexp")
logsumexp_method = parsed(_logsumexp, "logsumexp", method=True)
