"""``torch.unique``, ``torch.unique_consecutive`` and ``torch.bincount``.

``torch.unique`` and ``unique_consecutive`` are Python functions in torch
(``torch/functional.py``): ``boolean_dispatch`` picks one of four functions by the
``return_inverse`` / ``return_counts`` flags (found as keywords or at their positions), which
call the native ``_unique2`` / ``unique_dim`` / ``unique_consecutive``.  The same structure is
kept here, so that Python's binding errors name the same functions (``_return_output()
takes from 1 to 5 positional arguments …``) and torch's parser the same natives.

Values: sorted always (torch's CPU kernels sort whatever ``sorted`` says); of equal
elements (``-0.0`` and ``0.0``) the one torch's std::sort puts first is kept, every NaN is
its own element.  The
unique values record ``Unique2Backward0`` / ``UniqueDimBackward0`` /
``UniqueConsecutiveBackward0``, whose backward raises torch's not-implemented error;
inverse and counts are int64 and never require grad.  bincount's weighted sums are
sequential in input order (float32 weights stay float32, other weights are float64).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import Node
from ..dtypes import INTEGRAL, float32, float64, int64
from ..tensor import Tensor
from . import arguments, overloads
from .core import maybe_wrap_dim
from .reduction_arguments import parsed

# =============================================================================
# nodes


class _NotDifferentiable(Node):
    """derivatives.yaml's ``not_implemented("<op>")``: a backward through it raises."""

    __slots__ = ("op",)

    def backward(self, grad: Tensor) -> tuple:
        raise errors.error("derivative_not_implemented_python", op=self.op)


def _node_class(name: str) -> type[Node]:
    cls = _NODE_CLASSES.get(name)
    if cls is None:
        cls = type(name, (_NotDifferentiable,), {"__slots__": (), "__module__": "builtins"})
        _NODE_CLASSES[name] = cls
    return cls


_NODE_CLASSES: dict[str, type[Node]] = {}


def _values(x: Tensor, data: np.ndarray, node_name: str, op: str) -> Tensor:
    node = None
    if grad_mode.enabled and x._requires_grad:
        node = _node_class(node_name)((x._edge(),), ((data.shape, x.dtype),))
        node.op = op
    return Tensor._make(data, x.dtype, node)


def _long(data: Any) -> Tensor:
    return Tensor._make(np.array(data, dtype=np.int64, order="C"), int64)


def _empty_long() -> Tensor:
    return _long(np.zeros(0, dtype=np.int64))


# =============================================================================
# the kernels (numpy): rows of a 2-d array, each compared as a whole


def _sorted_unique(
    rows: np.ndarray, elements: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the first row of each group of equal rows, sorted; each row's group; the counts).
    NaN equals nothing, so each NaN row is a group of its own (sorted last, as torch's)."""
    count = rows.shape[0]
    if count == 0:
        empty = np.zeros(0, dtype=np.int64)
        return np.zeros(0, dtype=np.int64), empty, empty
    order = _torch_sort_order(rows, elements)
    ordered = rows[order]
    with np.errstate(invalid="ignore"):
        new = np.ones(count, dtype=bool)
        new[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    return _groups(order, new, count)


def _torch_sort_order(rows: np.ndarray, elements: bool) -> np.ndarray:
    """The order torch's kernels sort the rows in, where it shows: among equal rows that
    differ in their bits (the sign of a zero) which comes first, and so is kept, and in
    which order the NaNs (each its own element) are numbered.  There torch's std::sort is
    run step by step (``reduction``'s): torch.sort's for single elements (``_unique2``), a
    lexicographic std::sort of the row indices for ``unique_dim``.  Elsewhere any sort
    order gives the same answer: a stable one."""
    count = rows.shape[0]
    if rows.dtype.kind == "f" and count > 1:
        zeros = np.signbit(rows[rows == 0])
        signed_zeros = zeros.any() and not zeros.all()
        if elements and (signed_zeros or np.count_nonzero(np.isnan(rows)) > 1):
            from .reduction import _sort_order

            return _sort_order(rows[:, 0], 0, False, False)
        if signed_zeros:
            from .reduction import _std_sort

            items, listed = list(range(count)), rows.tolist()
            _std_sort(items, 0, count, lambda i, j: listed[i] < listed[j])
            return np.array(items, dtype=np.int64)
    keys = [rows[:, j] for j in range(rows.shape[1] - 1, -1, -1)]
    return np.lexsort(keys) if keys else np.arange(count)


def _consecutive(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    count = rows.shape[0]
    new = np.ones(count, dtype=bool)
    if count:
        with np.errstate(invalid="ignore"):
            new[1:] = (rows[1:] != rows[:-1]).any(axis=1)
    return _groups(np.arange(count), new, count)


def _groups(
    order: np.ndarray, new: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the row each group keeps, each row's group, the group sizes) from rows in ``order``
    where ``new`` marks each group's first row."""
    group_of_ordered = np.cumsum(new) - 1
    inverse = np.empty(count, dtype=np.int64)
    inverse[order] = group_of_ordered
    starts = np.flatnonzero(new)
    counts = np.diff(np.append(starts, count)).astype(np.int64)
    return order[starts], inverse, counts


# =============================================================================
# natives: _unique2, unique_dim, unique_consecutive


def _flags(op: str, *flags: Any) -> None:
    if not all(isinstance(flag, bool) for flag in flags):
        raise TypeError(op)  # (the parser words it)


def _unique2(
    input: Tensor, sorted: Any = True, return_inverse: Any = False, return_counts: Any = False
) -> tuple[Tensor, Tensor, Tensor]:
    if not isinstance(input, Tensor):
        raise TypeError("_unique2")
    _flags("_unique2", sorted, return_inverse, return_counts)
    flat = input._data.reshape(-1)
    kept, inverse, counts = _sorted_unique(flat.reshape(-1, 1), elements=True)
    output = _values(input, np.ascontiguousarray(flat[kept]), "Unique2Backward0", "_unique2")
    inverse_tensor = _long(inverse.reshape(input._data.shape)) if return_inverse else None
    return (
        output,
        inverse_tensor if inverse_tensor is not None else _empty_long(),
        _long(counts) if return_counts else _empty_long(),
    )


def _rows_along(input: Tensor, dim: Any, op: str) -> tuple[int, np.ndarray | None]:
    """(wrapped dim, input's slices along dim as rows, or None for an empty dim); torch's
    errors for a 0-d input and for empty other dims."""
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(op)
    shape = input._data.shape
    if not shape:
        raise errors.error("dim_scalar", dim=dim)
    dim = maybe_wrap_dim(dim, len(shape))
    zero_dims = shape.count(0)
    if shape[dim] == 0:
        if zero_dims != 1:
            raise errors.error("unique_many_zero_sized_dims", space=" ")
        return dim, None
    if zero_dims:
        raise errors.error("unique_zero_sized_dims")
    moved = np.moveaxis(input._data, dim, 0)
    return dim, moved.reshape(shape[dim], -1)


def _unique_along(
    input: Tensor, dim: int, rows: np.ndarray | None, kernel: Any, names: tuple[str, str]
) -> tuple[Tensor, Tensor, Tensor]:
    if rows is None:  # an empty dim: empty results
        data = np.array(input._data, copy=True, order="C")
        return _values(input, data, *names), _empty_long(), _empty_long()
    kept, inverse, counts = kernel(rows)
    # (torch's result: the slices gathered contiguously along dim moved to the front, then
    # moved back: a permuted view when dim is not 0)
    moved = np.ascontiguousarray(np.take(np.moveaxis(input._data, dim, 0), kept, axis=0))
    return _values(input, np.moveaxis(moved, 0, dim), *names), _long(inverse), _long(counts)


def _unique_dim(
    input: Tensor,
    dim: Any,
    sorted: Any = True,
    return_inverse: Any = False,
    return_counts: Any = False,
) -> tuple[Tensor, Tensor, Tensor]:
    if not isinstance(input, Tensor):
        raise TypeError("unique_dim")
    _flags("unique_dim", sorted, return_inverse, return_counts)
    wrapped, rows = _rows_along(input, dim, "unique_dim")
    names = ("UniqueDimBackward0", "unique_dim")
    return _unique_along(input, wrapped, rows, _sorted_unique, names)


def _unique_consecutive(
    input: Tensor, return_inverse: Any = False, return_counts: Any = False, dim: Any = None
) -> tuple[Tensor, Tensor, Tensor]:
    if not isinstance(input, Tensor):
        raise TypeError("unique_consecutive")
    _flags("unique_consecutive", return_inverse, return_counts)
    names = ("UniqueConsecutiveBackward0", "unique_consecutive")
    if dim is None:
        flat = input._data.reshape(-1)
        kept, inverse, counts = _consecutive(flat.reshape(-1, 1))
        output = _values(input, np.ascontiguousarray(flat[kept]), *names)
        return (
            output,
            _long(inverse.reshape(input._data.shape)) if return_inverse else _empty_long(),
            _long(counts) if return_counts else _empty_long(),
        )
    wrapped, rows = _rows_along(input, dim, "unique_consecutive")
    return _unique_along(input, wrapped, rows, _consecutive, names)


unique2 = arguments.parsed_like_torch(_unique2, "_unique2", overloads.FUNCTIONS["_unique2"])
unique_dim = arguments.parsed_like_torch(
    _unique_dim, "unique_dim", overloads.FUNCTIONS["unique_dim"]
)
unique_consecutive_native = arguments.parsed_like_torch(
    _unique_consecutive, "unique_consecutive", overloads.FUNCTIONS["unique_consecutive"]
)


# =============================================================================
# torch/functional.py's Python layer


def _unique_impl(
    input: Any,
    sorted: Any = True,
    return_inverse: Any = False,
    return_counts: Any = False,
    dim: Any = None,
) -> tuple[Tensor, Tensor, Tensor]:
    if dim is not None:
        return unique_dim(
            input, dim, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts
        )
    return unique2(input, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts)


def _return_inverse_and_counts(
    input, sorted=True, return_inverse=False, return_counts=False, dim=None
):
    return _unique_impl(input, sorted, return_inverse, return_counts, dim)


def _return_inverse(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    output, inverse_indices, _ = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output, inverse_indices


def _return_counts(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    output, _, counts = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output, counts


def _return_output(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    output, _, _ = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output


def _unique_consecutive_impl(
    input: Any, return_inverse: Any = False, return_counts: Any = False, dim: Any = None
) -> tuple[Tensor, Tensor, Tensor]:
    return unique_consecutive_native(
        input, return_inverse=return_inverse, return_counts=return_counts, dim=dim
    )


def _consecutive_return_inverse_and_counts(
    input, return_inverse=False, return_counts=False, dim=None
):
    return _unique_consecutive_impl(input, return_inverse, return_counts, dim)


def _consecutive_return_inverse(input, return_inverse=False, return_counts=False, dim=None):
    output, inverse_indices, _ = _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output, inverse_indices


def _consecutive_return_counts(input, return_inverse=False, return_counts=False, dim=None):
    output, _, counts = _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output, counts


def _consecutive_return_output(input, return_inverse=False, return_counts=False, dim=None):
    output, _, _ = _unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output


def _boolean_dispatch(
    arg_name: str, arg_index: int, if_true: Any, if_false: Any, func_name: str
) -> Any:
    """torch._jit_internal.boolean_dispatch: ``if_true`` or ``if_false`` by a flag found as a
    keyword or at its position (default False)."""

    def fn(*args: Any, **kwargs: Any) -> Any:
        flag = False
        if arg_name in kwargs:
            flag = kwargs[arg_name]
        elif arg_index < len(args):
            flag = args[arg_index]
        return (if_true if flag else if_false)(*args, **kwargs)

    fn.__name__ = fn.__qualname__ = func_name
    fn.__module__ = "torch.functional"
    return fn


unique = _boolean_dispatch(
    "return_inverse",
    2,
    _boolean_dispatch("return_counts", 3, _return_inverse_and_counts, _return_inverse, "unique"),
    _boolean_dispatch("return_counts", 3, _return_counts, _return_output, "unique"),
    "unique",
)
unique_consecutive = _boolean_dispatch(
    "return_inverse",
    2,
    _boolean_dispatch(
        "return_counts",
        1,
        _consecutive_return_inverse_and_counts,
        _consecutive_return_inverse,
        "unique_consecutive",
    ),
    _boolean_dispatch(
        "return_counts",
        1,
        _consecutive_return_counts,
        _consecutive_return_output,
        "unique_consecutive",
    ),
    "unique_consecutive",
)


def unique_method(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """torch/_tensor.py's ``Tensor.unique``: torch.unique with keywords."""
    return unique(
        self, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts, dim=dim
    )


def unique_consecutive_method(self, return_inverse=False, return_counts=False, dim=None):
    """torch/_tensor.py's ``Tensor.unique_consecutive``."""
    return unique_consecutive(
        self, return_inverse=return_inverse, return_counts=return_counts, dim=dim
    )


# =============================================================================
# bincount


def _bincount(input: Tensor, weights: Any = None, minlength: Any = 0) -> Tensor:
    if not isinstance(input, Tensor) or not (weights is None or isinstance(weights, Tensor)):
        raise TypeError("bincount")
    if not isinstance(minlength, int) or isinstance(minlength, bool):
        raise TypeError("bincount")
    d = input.dtype
    if d.category != INTEGRAL:
        raise errors.error("kernel_not_implemented", op="bincount_cpu", dtype=d.scalar_name)
    if minlength < 0:
        raise errors.error("bincount_minlength")
    data = input._data
    if data.ndim == 1 and data.size == 0:
        return _long(np.zeros(minlength, dtype=np.int64))
    if data.ndim != 1 or data.min() < 0:
        raise errors.error("bincount_input")
    if weights is not None and (weights._data.ndim != 1 or weights._data.shape[0] != data.shape[0]):
        raise errors.error("bincount_weights")
    length = max(int(data.max()) + 1, minlength)
    positions = data.astype(np.int64)
    if weights is None:
        return _long(np.bincount(positions, minlength=length))
    out_dtype = float32 if weights.dtype is float32 else float64
    out = np.zeros(length, dtype=out_dtype.np_dtype)
    with np.errstate(all="ignore"):
        np.add.at(out, positions, weights._data.astype(out_dtype.np_dtype))
    result = Tensor._make(out, out_dtype)
    if grad_mode.enabled and weights._requires_grad:  # (torch: no derivative for weights)
        from .pointwise import _record_no_derivative

        return _record_no_derivative("bincount", result, weights)
    return result


bincount = parsed(_bincount, "bincount")
bincount_method = parsed(_bincount, "bincount", method=True)
