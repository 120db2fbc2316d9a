"""Shared plumbing for op definitions: operand conversion, promotion, broadcasting errors,
and wrapping a numpy result into a (possibly recorded) Tensor.

Kept lean on purpose: these run on every op.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import FLOATING, INTEGRAL, dtype, float16, get_default_dtype, int64, result_type
from ..tensor import Tensor
from .quiet import quiet_call

_PY_SCALARS = (builtins.float, builtins.int, builtins.bool)


def is_scalar(value: object) -> bool:
    """Python or numpy number (what torch wraps as a 'wrapped number')."""
    return isinstance(value, _PY_SCALARS) or isinstance(value, np.generic)


def scalar_value(value: Any) -> Any:
    """A numpy scalar becomes the Python number, so numpy treats it as a weak scalar."""
    return value.item() if isinstance(value, np.generic) else value


def binary_operands(x: Any, y: Any) -> tuple[Any, Any, dtype]:
    """numpy operands (cast to the result dtype) and torch's result dtype for ``x op y``.

    Python scalars stay Python scalars: numpy 2 treats them as weak, like torch.
    """
    # fast path: a floating tensor with a Python float/int (``x * 2``, ``y + 0.5``)
    y_type = type(y)
    if (y_type is builtins.float or y_type is builtins.int) and isinstance(x, Tensor):
        x_dtype = x.dtype
        if x_dtype.own_opmath:  # (float32, float64; float16's number is cast by _cast)
            return x._data, (y if y_type is builtins.float else builtins.float(y)), x_dtype
    x_is_tensor = isinstance(x, Tensor)
    y_is_tensor = isinstance(y, Tensor)
    if x_is_tensor and y_is_tensor:
        if x.dtype is y.dtype:
            return x._data, y._data, x.dtype
        result = result_type(x, y)
    elif x_is_tensor:
        if not is_scalar(y):
            raise ForeignOperand(y)
        y = scalar_operand(y)
        result = _tensor_scalar_dtype(x.dtype, y)
    elif y_is_tensor:
        if not is_scalar(x):
            raise ForeignOperand(x)
        x = scalar_operand(x)
        result = _tensor_scalar_dtype(y.dtype, x)
    else:
        raise TypeError("at least one operand must be a Tensor")
    return _cast(x, result), _cast(y, result), result


class ForeignOperand(TypeError):
    """An operand that is neither a tensor nor a number (None, a str, a list, an ndarray …).

    A TypeError for torch.add(x, None) and friends; the operators catch it and return
    NotImplemented, so Python raises its own message (or lets numpy take over) as with torch.
    """

    def __init__(self, operand: Any) -> None:
        self.operand = operand
        super().__init__(errors.message("operand_type", type_name=type(operand).__name__))


def type_name(value: Any) -> str:
    """A type's name as torch's argument parser prints it: ``NoneType``, ``numpy.ndarray``."""
    cls = type(value)
    return cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"


def scalar_operand(value: Any) -> Any:
    if isinstance(value, np.generic):
        # torch's argument parser reads a numpy bool as a float (x_int32 + np.True_ is float)
        return float(value) if isinstance(value, np.bool_) else value.item()
    if isinstance(value, _PY_SCALARS):
        return value
    if isinstance(value, (list, tuple)):
        raise errors.error("operand_type", type_name=type(value).__name__)
    return NotImplemented


def _tensor_scalar_dtype(tensor_dtype: dtype, scalar: Any) -> dtype:
    category = tensor_dtype.category
    if isinstance(scalar, builtins.bool) or category == FLOATING:
        return tensor_dtype
    if isinstance(scalar, builtins.int):
        return tensor_dtype if category == INTEGRAL else int64
    return get_default_dtype()


def _cast(operand: Any, target: dtype) -> Any:
    if isinstance(operand, Tensor):
        data = operand._data
        if operand.dtype is target:
            return data
        if target is float16:  # (a 0-d float32, float64 or integer tensor with halves)
            return half_of(data)
        return data.astype(target.np_dtype)
    if target is float16 and isinstance(operand, (builtins.float, builtins.int)):
        return half_of(operand)
    if target.category == FLOATING and isinstance(operand, builtins.int):
        return builtins.float(operand)
    return operand


def half_of(value: Any) -> Any:
    """A Python number or an array as torch casts it to float16: through float32, as
    ``c10::Half`` takes a float (89.46874701690933 is 89.5, numpy's direct cast 89.4375;
    an int64 the same), silently (past 65504 inf)."""
    return quiet_call(_half_through_float32, value)


def _half_through_float32(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return value.astype(np.float32).astype(np.float16)
    return np.float16(np.float32(value))


def half_opmath(ufunc: np.ufunc, x: Tensor, y: Any) -> np.ndarray | None:
    """``x * y`` or ``x / y`` for a float16 tensor ``x`` as torch's CPU kernels for reduced
    floats compute it when ``y`` is a CPU scalar (``iter.is_scalar(2)``: a Python number,
    or a one-element tensor the result's dtype stays float16 with): x in float32 (the
    opmath type) with y's value as it was, cast to float, not to half
    (``original_scalar_value<float>``), the result rounded once to half; None otherwise
    (the operands then meet as halves).  Only the second operand: ``0-d * x`` casts the
    0-d tensor to half first, as torch."""
    if isinstance(y, Tensor):
        if y._data.size != 1 or result_type(x, y) is not float16:
            return None
        number = y._data.astype(np.float32)
    elif is_scalar(y):
        number = quiet_call(np.float32, scalar_operand(y))  # (1e300 is inf, as static_cast)
    else:
        return None
    # (quiet, as torch: x / 0, inf past 65504)
    return quiet_call(_in_float32_to_half, ufunc, x._data, number)


def _in_float32_to_half(ufunc: np.ufunc, data: np.ndarray, number: Any) -> np.ndarray:
    return np.asarray(ufunc(data.astype(np.float32), number)).astype(np.float16)


def broadcast_error(shape_a: tuple[int, ...], shape_b: tuple[int, ...]) -> Exception:
    """torch's message for two shapes that do not broadcast (infer_size, scanning right)."""
    ndim = max(len(shape_a), len(shape_b))
    for i in range(ndim - 1, -1, -1):
        offset = ndim - 1 - i
        size_a = shape_a[len(shape_a) - 1 - offset] if offset < len(shape_a) else 1
        size_b = shape_b[len(shape_b) - 1 - offset] if offset < len(shape_b) else 1
        if size_a != size_b and size_a != 1 and size_b != 1:
            return errors.error("broadcast_mismatch", size_a=size_a, size_b=size_b, dim=i)
    return errors.error("broadcast_mismatch", size_a="?", size_b="?", dim="?")


def broadcast_failure(failure: Exception, *operands: Any) -> Exception | None:
    """torch's "The size of tensor a (2) must match ..." for numpy's broadcast ValueError
    among ``operands`` (None skipped; broadcast left to right, as TensorIterator names the
    pair), else None: for the failure handlers, ``raise broadcast_failure(...) or ...``."""
    if not (isinstance(failure, ValueError) and "broadcast" in str(failure)):
        return None
    shapes = [shape_of(value) for value in operands if value is not None]
    shape = shapes[0]
    for other in shapes[1:]:
        try:
            shape = np.broadcast_shapes(shape, other)
        except ValueError:
            return broadcast_error(shape, other)
    return None


def shape_of(value: Any) -> tuple[int, ...]:
    return value._data.shape if isinstance(value, Tensor) else np.shape(value)


def as_array(out: Any, target: dtype) -> np.ndarray:
    """numpy returns scalars for 0-d results; tensors always hold real arrays."""
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    if out.dtype != target.np_dtype:
        out = out.astype(target.np_dtype)
    return out


def as_array_quietly(out: Any, target: dtype) -> np.ndarray:
    """``as_array`` with a silent cast, as torch's: a float32 accumulation rounded to float16
    is inf past 65504 without numpy's overflow warning."""
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    if out.dtype != target.np_dtype:
        out = quiet_call(out.astype, target.np_dtype)
    return out


def as_array_of(out: Any, np_dtype: np.dtype) -> np.ndarray:
    """``as_array`` for ``backward_data`` formulas, which know numpy dtypes only."""
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    if out.dtype != np_dtype:
        out = out.astype(np_dtype)
    return out


def requires_grad(*values: Any) -> bool:
    """Should an op on ``values`` be recorded?"""
    if not grad_mode.enabled:
        return False
    for v in values:
        if isinstance(v, Tensor) and v._requires_grad:
            return True
    return False


def edge(value: Any) -> tuple[Node | None, int]:
    return value._edge() if isinstance(value, Tensor) else (None, 0)


def maybe_wrap_dim(dim: int, ndim: int) -> int:
    """Normalise ``dim`` for a tensor of ``ndim`` dims, with torch's IndexError."""
    if type(dim) is not int:  # (one test on the way in: a bool or a float is no int to torch)
        dim = _check_dim_type(dim)
    low, high = (-ndim, ndim - 1) if ndim else (-1, 0)
    if not low <= dim <= high:
        if type(dim) is not int:  # (a Fraction or a Decimal: torch's parser refuses the type first)
            raise _dim_type_error(dim)
        raise errors.error("dim_out_of_range", low=low, high=high, dim=dim)
    return dim + ndim if dim < 0 else dim


def _check_dim_type(dim: Any) -> Any:
    """A dim that is not a Python int: a bool or a float (numpy's too) is refused as torch's
    parser refuses its type (a TypeError that the op's handler words with its listing);
    anything with ``__index__`` is its int, as torch's parser unpacks a list of dims (a
    numpy integer, a one-element integer tensor: ``x.sum([1, torch.tensor(1)])`` names the
    repeated dim 1); anything else goes on as before (numpy refuses it, or, out of range,
    :func:`maybe_wrap_dim`)."""
    if isinstance(dim, (bool, float, np.bool_, np.floating)):
        raise _dim_type_error(dim)
    index = getattr(type(dim), "__index__", None)
    return dim if index is None else index(dim)


def _dim_type_error(dim: Any) -> TypeError:
    return TypeError(f"dim must be int, not {type(dim).__name__}")


def broadcast_size_one(out: np.ndarray, *arrays: np.ndarray) -> bool:
    """Whether contiguous operands still need TensorIterator's layout: with broadcasting
    (no fast setup) torch picks the strides of the result's size-1 dims by its dim order."""
    return 1 in out.shape and any(a.shape != out.shape for a in arrays)


def _iterator_strides(a: np.ndarray, shape: tuple[int, ...]) -> tuple[int, ...]:
    """An operand's byte strides as TensorIterator sees them over the result's ``shape``: 0
    for a broadcast dim, the operand's own stride for every other, a size-1 dim of the
    result included (numpy's broadcast_to zeroes those too)."""
    lead = len(shape) - a.ndim
    return (0,) * lead + tuple(
        0 if size == 1 and shape[lead + d] != 1 else stride
        for d, (size, stride) in enumerate(zip(a.shape, a.strides, strict=True))
    )


def broadcast_result(out: Any, shape: tuple[int, ...]) -> np.ndarray:
    """A kernel's result at the broadcast ``shape``, writable (``np.broadcast_to`` alone is a
    read-only view, and an in-place op on the result would fail writing it)."""
    if isinstance(out, np.ndarray) and out.shape == shape:
        return out
    return np.array(np.broadcast_to(out, shape))


def torch_layout(out: np.ndarray, *operands: Any) -> np.ndarray:
    """``out`` (a fresh elementwise result) laid out in memory as torch lays it out.

    numpy and torch agree while every operand is C-contiguous, and mostly for one operand
    (not where numpy's kernel wrote C order, ``np.where`` of a transposed array and a
    number, or where the operand is expanded: torch ignores its 0 strides). When
    array operands disagree (``a.T + a``), numpy prefers C order but torch's TensorIterator
    follows the first operand with an opinion about each pair of dimensions; the layout
    decides ``is_contiguous()``, and so whether ``reshape`` is a view or a copy.
    """
    if out.ndim < 2:
        return out
    arrays = [a for a in operands if type(a) is np.ndarray and a.ndim > 0]
    if not arrays or (len(arrays) == 1 and out.strides == arrays[0].strides):
        return out  # (one operand: out already follows it wherever numpy kept its layout)
    if all(a.flags.c_contiguous for a in arrays) and not broadcast_size_one(out, *arrays):
        return out
    shape = out.shape
    strides = [_iterator_strides(a, shape) for a in arrays]  # 0 where broadcast

    def should_swap(dim0: int, dim1: int) -> int:  # TensorIterator::reorder_dimensions
        for operand_strides in strides:
            stride0, stride1 = abs(operand_strides[dim0]), abs(operand_strides[dim1])
            if stride0 == 0 or stride1 == 0:
                continue
            if stride0 != stride1:
                return 1 if stride0 > stride1 else -1
            if shape[dim0] > shape[dim1]:
                return 1
        return 0

    order = list(range(out.ndim - 1, -1, -1))  # innermost dimension first
    for i in range(1, out.ndim):
        moving = i
        for before in range(i - 1, -1, -1):
            comparison = should_swap(order[before], order[moving])
            if comparison > 0:
                order[before], order[moving] = order[moving], order[before]
                moving = before
            elif comparison < 0:
                break
    wanted = [0] * out.ndim
    step = out.itemsize
    for dim in order:
        wanted[dim] = step
        step *= shape[dim]
    if out.strides == tuple(wanted):
        return out
    if any(out.strides[d] != wanted[d] for d in range(out.ndim) if shape[d] > 1):
        outer_first = order[::-1]
        laid_out = np.empty([shape[d] for d in outer_first], out.dtype).transpose(
            np.argsort(outer_first)
        )
        laid_out[...] = out
        out = laid_out
    if out.strides != tuple(wanted):  # torch's strides for size-1 dims too (same memory)
        out = np.lib.stride_tricks.as_strided(out, shape, wanted)
    return out
