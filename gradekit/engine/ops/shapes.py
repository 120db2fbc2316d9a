"""Shape, layout and creation ops of students' slicing, broadcasting and indexing exercises:
``tril``/``triu`` (and ``tril_``/``triu_``, ``tril_indices``/``triu_indices``), ``roll``,
``tile``, ``repeat_interleave``, ``moveaxis``/``swapdims``, ``meshgrid``,
``cartesian_prod``, ``combinations``, ``column_stack``/``row_stack``/``dstack``,
``atleast_1d``/``2d``/``3d``, ``block_diag`` and ``diff``.

Where torch computes an op natively (tril, triu, roll, block_diag) the op has its own node
(``TrilBackward0`` …); where torch composes it of other ops (tile is ``repeat``,
repeat_interleave is ``unsqueeze``/``expand``/``clone``/``flatten`` or ``index_select``,
meshgrid is ``view``/``expand``, combinations ``masked_select`` and ``stack``, diff
``narrow`` and ``sub``), it is composed of the engine's same ops, so its graph, its views
and its gradients are torch's.  Each function is checked by torch's argument parser on the
error path (``arguments.parsed_like_torch``)."""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..autograd.graph import Node
from ..dtypes import BOOL, INTEGRAL, bool_, dtype, get_default_dtype, int32, int64, result_type
from ..tensor import Tensor
from . import arguments, overloads, reduction_arguments
from . import load_views_module as _views
from .core import maybe_wrap_dim, requires_grad
from .layout import empty_preserving_layout
from .quiet import quiet_call
from .scalars import checked_scalar


def _int(value: Any) -> int:
    """An ``int`` argument as torch's parser takes it: an int, a numpy integer or a 0-d
    integer tensor (a bool or a float is its TypeError)."""
    if isinstance(value, Tensor) and value.dtype.category == INTEGRAL and not value._data.ndim:
        return int(value._data)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("int")  # (the parser words it)
    return int(value)


def _ints(value: Any, *, one: bool = False) -> tuple[int, ...]:
    """A ``tuple of ints`` argument (with ``one``, an int alone too: torch's ``int[1]``)."""
    if one and not isinstance(value, (tuple, list)):
        return (_int(value),)
    if not isinstance(value, (tuple, list)):
        raise TypeError("tuple of ints")
    return tuple(operator.index(item) for item in value)


def _tensor(value: Any) -> Tensor:
    if not isinstance(value, Tensor):
        raise TypeError("Tensor")
    return value


def _tensors(value: Any, name: str) -> list[Tensor]:
    """A ``tuple of Tensors`` argument; a non-tensor element is torch's own TypeError."""
    if not isinstance(value, (tuple, list)):
        raise TypeError("tuple of Tensors")
    for number, item in enumerate(value):
        if not isinstance(item, Tensor):
            raise errors.error(
                "tensor_list_element", number=number, argument=0, got=type(item).__name__
            )
    return list(value)


# -- tril / triu ---------------------------------------------------------------------------


class TrilBackward0(Node):
    __slots__ = ("diagonal",)

    def backward(self, grad: Tensor) -> tuple:
        return (_triangle(grad, self.diagonal, lower=True),)


class TriuBackward0(Node):
    __slots__ = ("diagonal",)

    def backward(self, grad: Tensor) -> tuple:
        return (_triangle(grad, self.diagonal, lower=False),)


def _triangle(input: Tensor, diagonal: int, *, lower: bool) -> Tensor:
    """The lower (upper) triangle of the last two dims of ``input``, the rest zeros, in a new
    C-contiguous tensor (torch's tril/triu; -0.0 kept where kept)."""
    name = "tril" if lower else "triu"
    data = _tensor(input)._data
    diagonal = _int(diagonal)
    if data.ndim < 2:
        raise errors.error("triangle_ndim", name=name)
    out = np.require(np.tril(data, diagonal) if lower else np.triu(data, diagonal), None, "C")
    if out.dtype != data.dtype:  # (numpy's tril keeps the dtype; kept explicit)
        out = out.astype(data.dtype)
    node = None
    if requires_grad(input):
        node = (TrilBackward0 if lower else TriuBackward0)(
            (input._edge(),), ((out.shape, input.dtype),)
        )
        node.diagonal = diagonal
    return Tensor._make(out, input.dtype, node)


def _tril(input: Tensor, diagonal: int = 0) -> Tensor:
    return _triangle(input, diagonal, lower=True)


def _triu(input: Tensor, diagonal: int = 0) -> Tensor:
    return _triangle(input, diagonal, lower=False)


def _tril_(input: Tensor, diagonal: int = 0) -> Tensor:
    from .inplace import apply_inplace

    _int(diagonal)
    return apply_inplace(_tensor(input), _tril, diagonal)


def _triu_(input: Tensor, diagonal: int = 0) -> Tensor:
    from .inplace import apply_inplace

    _int(diagonal)
    return apply_inplace(_tensor(input), _triu, diagonal)


def _triangle_indices(name: str, row: Any, col: Any, offset: Any, d: Any, requires: Any) -> Tensor:
    row, col, offset = _int(row), _int(col), _int(offset)
    target = int64 if d is None else d
    if not isinstance(target, dtype):
        raise TypeError("torch.dtype")
    if not isinstance(requires, bool):
        raise TypeError("bool")
    if row < 0:
        raise errors.error("triangle_indices_negative", which="row", value=row)
    if col < 0:
        raise errors.error("triangle_indices_negative", which="col", value=col)
    if target.category != INTEGRAL:
        raise errors.error("kernel_not_implemented", op=name, dtype=target.scalar_name)
    if requires:
        raise errors.error("factory_requires_grad_dtype")
    if row == 0 or col == 0:
        rows = cols = np.zeros(0, np.int64)
    elif name == "tril_indices":
        rows, cols = np.tril_indices(row, offset, col)
    else:
        rows, cols = np.triu_indices(row, offset, col)
    return Tensor._make(np.stack([rows, cols]).astype(target.np_dtype), target)


def _indices_function(name: str) -> Any:
    """``torch.tril_indices`` / ``torch.triu_indices(row, col, offset=0, *, dtype=torch.long,
    layout, device, pin_memory, requires_grad)``."""

    def indices(
        row: int,
        col: int,
        offset: int = 0,
        *,
        dtype: Any = None,
        layout: Any = None,
        device: Any = None,
        pin_memory: Any = False,
        requires_grad: Any = False,
    ) -> Tensor:
        from .creation import _check_device

        _check_device(device)
        return _triangle_indices(name, row, col, offset, dtype, requires_grad)

    return indices


# -- roll ----------------------------------------------------------------------------------


class RollBackward0(Node):
    __slots__ = ("shifts", "dims")

    def backward(self, grad: Tensor) -> tuple:
        return (_roll(grad, tuple(-shift for shift in self.shifts), self.dims),)


def _roll(input: Tensor, shifts: Any, dims: Any = ()) -> Tensor:
    """torch.roll: a contiguous copy rolled along ``dims`` (none: the flattened tensor);
    RollBackward0 rolls the gradient back."""
    data = _tensor(input)._data
    shifts = _ints(shifts, one=True)
    dims = () if dims is None else _ints(dims, one=True)
    if not shifts:
        raise errors.error("roll_shifts_required")
    if not dims and len(shifts) == 1:
        out = np.roll(data.reshape(-1), shifts[0]).reshape(data.shape)
    else:
        if len(shifts) != len(dims):
            raise errors.error("roll_align", shifts=len(shifts), dims=len(dims))
        if not data.ndim:  # (torch wraps each dim against no dims: its words for a 0-d tensor)
            raise errors.error("dim_scalar", dim=dims[0])
        wrapped = tuple(maybe_wrap_dim(dim, data.ndim) for dim in dims)
        out = np.roll(data, shifts, wrapped)
    out = np.require(out, requirements="C")
    node = None
    if requires_grad(input):
        node = RollBackward0((input._edge(),), ((out.shape, input.dtype),))
        node.shifts, node.dims = shifts, dims
    return Tensor._make(out, input.dtype, node)


# -- tile, repeat_interleave -----------------------------------------------------------------


def _tile(input: Tensor, dims: Any) -> Tensor:
    """torch.tile: ``repeat`` of the dims padded with leading ones to the input's rank."""
    data = _tensor(input)._data
    reps = list(_ints(dims))
    if len(reps) < data.ndim:
        reps = [1] * (data.ndim - len(reps)) + reps
    return _views().repeat(input, reps)


def _tile_method(self: Tensor, *dims: Any, **keywords: Any) -> Tensor:
    if "dims" in keywords and not dims:
        return _tile(self, keywords.pop("dims"), **keywords)
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        return _tile(self, dims[0], **keywords)
    if not dims or keywords:
        raise TypeError("tile")
    return _tile(self, dims)


def _repeat_interleave(
    input: Tensor, repeats: Any = errors.REQUIRED, dim: Any = None, *, output_size: Any = None
) -> Tensor:
    """torch.repeat_interleave's three overloads, composed as torch composes them."""
    if repeats is errors.REQUIRED:  # repeat_interleave(repeats): the indices, each repeated
        return _repeat_indices(_tensor(input), output_size)
    _tensor(input)
    if dim is not None:
        dim = _int(dim)
    if output_size is not None:
        output_size = _int(output_size)
    views = _views()
    if isinstance(repeats, Tensor):
        if dim is None:
            input, dim = views.flatten(input), 0
        size = input._data.shape[maybe_wrap_dim(dim, input._data.ndim)]
        if repeats._data.ndim == 0 or repeats._data.shape == (1,):
            repeats = views.expand(views.reshape(repeats, (1,)), (size,))
        elif repeats._data.ndim == 1:
            if repeats._data.shape[0] != size:
                raise errors.error(
                    "repeat_interleave_size", repeats=repeats._data.shape[0], dim=dim, size=size
                )
        else:
            raise errors.error("repeat_interleave_repeats_ndim")
        return views.index_select(input, dim, _repeat_indices(repeats, output_size))
    count = _int(repeats)
    flat = input if dim is not None else views.flatten(input)
    wrapped = maybe_wrap_dim(0 if dim is None else dim, input._data.ndim)
    if count < 0:
        raise errors.error("repeat_interleave_negative")
    flat = views.unsqueeze(flat, wrapped + 1)
    shape = list(flat._data.shape)
    shape[wrapped + 1] = count
    expanded = views.expand(flat, shape)
    if output_size is not None and output_size != count * shape[wrapped]:
        raise errors.error(
            "repeat_interleave_output_size", expected=count * shape[wrapped], got=output_size
        )
    return views.flatten(views.clone(expanded, contiguous=True), wrapped, wrapped + 1)


def _repeat_interleave_method(
    self: Tensor, repeats: Any, dim: Any = None, *, output_size: Any = None
) -> Tensor:
    return _repeat_interleave(self, repeats, dim, output_size=output_size)


def _repeat_indices(repeats: Tensor, output_size: Any) -> Tensor:
    """``torch.repeat_interleave(repeats)``: 0, 1, … each as often as ``repeats`` says."""
    if output_size is not None:
        output_size = _int(output_size)
    data = repeats._data
    if repeats.dtype not in (int32, int64):  # (torch dispatches on the dtype first)
        name = repeats.dtype.scalar_name
        raise errors.error("kernel_not_implemented", op="repeat_interleave_cpu", dtype=name)
    if data.ndim != 1:
        raise errors.error("repeat_interleave_one_dim")
    if data.size and data.min() < 0:
        raise errors.error("repeat_interleave_repeats_negative")
    out = np.repeat(np.arange(data.size, dtype=data.dtype), data)
    if output_size is not None and output_size != out.size:
        raise errors.error("repeat_interleave_allocated_size")
    return Tensor._make(out, repeats.dtype)


# -- meshgrid, cartesian_prod, combinations -------------------------------------------------


def _meshgrid_of(tensors: list[Tensor], indexing: str) -> tuple[Tensor, ...]:
    """torch's C++ meshgrid: each input viewed along its own dim and expanded to the grid."""
    if not tensors:
        raise errors.error("stack_empty_list", name="meshgrid")
    for first, second in zip(tensors, tensors[1:], strict=False):
        if first.dtype is not second.dtype:
            raise errors.error("meshgrid_dtype")
    if isinstance(indexing, bytes):  # (torch's parser takes bytes for a str)
        indexing = indexing.decode()
    if not isinstance(indexing, str):  # (_VF.meshgrid's parser)
        raise errors.error(
            "argument_type",
            name="meshgrid",
            parameter="indexing",
            where="",
            expected="str",
            got=arguments.type_name(indexing),
        )
    if indexing not in ("ij", "xy"):
        raise errors.error("meshgrid_indexing", indexing=indexing)
    order = list(range(len(tensors)))
    if indexing == "xy" and len(tensors) >= 2:
        order[0], order[1] = 1, 0  # (the grid's dim of each input)
    for tensor in tensors:
        if tensor._data.ndim > 1:
            raise errors.error("meshgrid_ndim", tensor=_aten_print(tensor))
    shape = [0] * len(tensors)
    for tensor, position in zip(tensors, order, strict=True):
        shape[position] = tensor._data.size
    views = _views()
    grids = []
    for tensor, position in zip(tensors, order, strict=True):
        view_shape = [1] * len(tensors)
        view_shape[position] = -1
        grids.append(views.expand(views.view(tensor, view_shape), shape))
    return tuple(grids)


_LEGACY_TYPE_NAMES = {
    "float32": "torch.FloatTensor",
    "float64": "torch.DoubleTensor",
    "float16": "torch.HalfTensor",
    "int64": "torch.LongTensor",
    "int32": "torch.IntTensor",
    "int16": "torch.ShortTensor",
    "int8": "torch.CharTensor",
    "uint8": "torch.ByteTensor",
    "bool": "CPUBoolType",
}


def _aten_print(tensor: Tensor) -> str:
    """A tensor of two or more dims as ATen's C++ ``operator<<`` prints it (Formatting.cpp),
    which torch's C++ error messages embed: each matrix (of each leading index, the first
    dim fastest) in one format chosen from all its values, then ``[ torch.FloatTensor{2,2}
    ]``."""
    data = tensor._data.astype(np.float64)
    text = []
    if data.size:
        if data.ndim == 2:
            text.append(_aten_matrix(data, 0))
        else:
            blocks = []
            for index in np.ndindex(*reversed(data.shape[:-2])):
                index = tuple(reversed(index))
                label = "".join(f"{i + 1}," for i in index)
                blocks.append(f"({label}.,.) = \n" + _aten_matrix(data[index], 1))
            text.append("\n".join(blocks))
    sizes = ",".join(map(str, data.shape))
    return "".join(text) + f"[ {_LEGACY_TYPE_NAMES[str(tensor.dtype.np_dtype)]}{{{sizes}}} ]"


def _aten_format(data: np.ndarray) -> tuple[float, int, str]:
    """Formatting.cpp's ``__printFormat``: the scale, the width and the format of a
    matrix's numbers."""
    finite = data[np.isfinite(data)]
    integral = bool(np.all(finite == np.ceil(finite)))
    exp_min = exp_max = 1.0
    if finite.size:
        smallest, largest = float(np.abs(finite).min()), float(np.abs(finite).max())
        exp_min = math.floor(math.log10(smallest)) + 1 if smallest else 1
        exp_max = math.floor(math.log10(largest)) + 1 if largest else 1
    if integral:
        return (1.0, 11, "e") if exp_max > 9 else (1.0, int(exp_max) + 1, "g")
    if exp_max - exp_min > 4:
        return 1.0, 12 if abs(exp_max) > 99 or abs(exp_min) > 99 else 11, "e"
    if exp_max > 5 or exp_max < 0:
        return 10.0 ** (exp_max - 1), 7, "f"
    return 1.0, 7 if exp_max == 0 else int(exp_max) + 6, "f"


def _aten_matrix(data: np.ndarray, indent: int) -> str:
    """Formatting.cpp's ``__printMatrix``: rows of right-aligned numbers, in blocks of
    columns ("Columns 1 to 8") when a row is longer than 80 characters."""
    scale, width, kind = _aten_format(data)
    spec = {"g": "{:>{}g}", "e": "{:>{}.4e}", "f": "{:>{}.4f}"}[kind]
    per_line = (80 - indent) // (width + 1)
    rows, columns = data.shape
    out = []
    first = 0
    while first < columns:
        last = min(first + per_line, columns) - 1
        if per_line < columns:
            out.append(
                ("\n" if first else "") + f"Columns {first + 1} to {last + 1}" + " " * indent
            )
        if scale != 1:
            shown = repr(scale).removesuffix(".0")
            out.append(f"{shown} *\n" + " " * indent)
        for row in range(rows):
            cells = [spec.format(value / scale, width) for value in data[row, first : last + 1]]
            out.append(" ".join(cells) + "\n")
            if row != rows - 1:
                out.append(" " * indent + (" " if scale != 1 else ""))
        first = last + 1
    return "".join(out)


def _meshgrid(*tensors: Any, indexing: Any = None) -> tuple[Tensor, ...]:
    """``torch.meshgrid(*tensors, indexing=None)`` (torch/functional.py: one list or tuple
    of tensors is the tensors; no indexing warns once, as torch, and means "ij")."""
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tensors[0]
    listed = _tensors(tensors, "meshgrid")
    if indexing is None:
        errors.warn_once("meshgrid_indexing", stacklevel=4)
        indexing = "ij"
    return _meshgrid_of(listed, indexing)


def _cartesian_prod(*tensors: Any) -> Tensor:
    listed = _tensors(tensors, "cartesian_prod")
    for tensor in listed:
        if tensor._data.ndim != 1:
            raise errors.error("expect_1d_vector", shape=list(tensor._data.shape))
    if len(listed) == 1:
        return listed[0]
    views = _views()
    grids = [views.flatten(grid) for grid in _meshgrid_of(listed, "ij")]
    return views.stack(grids, 1)


def _combinations(input: Tensor, r: Any = 2, with_replacement: Any = False) -> Tensor:
    """torch.combinations: the r-fold meshgrid of the input, each grid's elements above its
    diagonal (``with_replacement``: on it too) picked by masked_select, stacked as columns."""
    data = _tensor(input)._data
    r = _int(r)
    if not isinstance(with_replacement, bool):
        raise TypeError("bool")
    if data.ndim != 1:
        raise errors.error("expect_1d_vector", shape=list(data.shape))
    if r < 0:
        raise errors.error("combinations_negative", r=r)
    if r == 0:
        return Tensor._make(np.empty(0, data.dtype), input.dtype)
    grids = _meshgrid_of([input] * r, "ij")
    positions = np.indices((data.size,) * r)
    mask = np.ones((data.size,) * r, bool)
    for earlier, later in zip(positions, positions[1:], strict=False):
        mask &= earlier <= later if with_replacement else earlier < later
    views = _views()
    mask_tensor = Tensor._make(mask, bool_)
    return views.stack([views.masked_select(grid, mask_tensor) for grid in grids], 1)


# -- column_stack, row_stack, dstack, atleast_nd, block_diag --------------------------------


def _atleast(input: Tensor, ndim: int) -> Tensor:
    views = _views()
    rank = input._data.ndim
    if rank == 0 and ndim:
        return views.reshape(input, (1,) * ndim)
    if rank == 1 and ndim >= 2:
        input = views.unsqueeze(input, 0)
        return views.unsqueeze(input, -1) if ndim == 3 else input
    if rank == 2 and ndim == 3:
        return views.unsqueeze(input, -1)
    return input


def _atleast_nd(ndim: int, tensors: tuple[Any, ...]) -> Any:
    """torch/functional.py's ``atleast_<n>d(*tensors)``: one argument is the tensor or the
    sequence of tensors (a tuple answered), as ``_VF.atleast_<n>d`` takes it."""
    if len(tensors) == 1:
        tensors = tensors[0]
    if isinstance(tensors, Tensor):
        return _atleast(tensors, ndim)
    if not isinstance(tensors, (tuple, list)):
        name = f"atleast_{ndim}d"
        raise arguments.call_error(name, overloads.FUNCTIONS[name], (tensors,), {})
    return tuple(_atleast(tensor, ndim) for tensor in _tensors(tensors, f"atleast_{ndim}d"))


def _atleast_1d(*tensors: Any) -> Any:
    return _atleast_nd(1, tensors)


def _atleast_2d(*tensors: Any) -> Any:
    return _atleast_nd(2, tensors)


def _atleast_3d(*tensors: Any) -> Any:
    return _atleast_nd(3, tensors)


def _column_stack(tensors: Any) -> Tensor:
    listed = _tensors(tensors, "column_stack")
    if not listed:
        raise errors.error("stack_empty_list", name="column_stack")
    views = _views()
    shaped = [views.reshape(t, (t._data.size, 1)) if t._data.ndim <= 1 else t for t in listed]
    return views.hstack(shaped)


def _dstack(tensors: Any) -> Tensor:
    listed = _tensors(tensors, "dstack")
    if not listed:
        raise errors.error("stack_empty_list", name="dstack")
    return _views().cat([_atleast(t, 3) for t in listed], 2)


def _row_stack(tensors: Any) -> Tensor:
    _tensors(tensors, "row_stack")
    return _views().vstack(tensors)


class BlockDiagBackward0(Node):
    __slots__ = ("blocks",)

    def backward(self, grad: Tensor) -> tuple:
        views = _views()
        grads = []
        row = column = 0
        for shape, rows, columns in self.blocks:
            piece = views.narrow(views.narrow(grad, 0, row, rows), 1, column, columns)
            grads.append(piece if len(shape) == 2 else views.reshape(piece, shape))
            row, column = row + rows, column + columns
        return tuple(grads)


def _block_diag(*tensors: Any) -> Tensor:
    """torch.block_diag: the inputs (0-d as 1 × 1, 1-d as one row) along the diagonal of a
    zero matrix of their promoted dtype; BlockDiagBackward0 cuts the gradient's blocks."""
    listed = _tensors(tensors, "block_diag")
    target = result_type(*listed) if listed else get_default_dtype()
    blocks = []
    for number, tensor in enumerate(listed):
        shape = tensor._data.shape
        if len(shape) > 2:
            raise errors.error("block_diag_ndim", number=number, ndim=len(shape))
        rows, columns = shape if len(shape) == 2 else (1, shape[0] if shape else 1)
        blocks.append((shape, rows, columns))
    if not listed:
        return Tensor._make(np.empty((1, 0), target.np_dtype), target)
    out = np.zeros(
        (sum(block[1] for block in blocks), sum(block[2] for block in blocks)), target.np_dtype
    )
    row = column = 0
    for tensor, (_, rows, columns) in zip(listed, blocks, strict=True):
        out[row : row + rows, column : column + columns] = tensor._data.reshape(rows, columns)
        row, column = row + rows, column + columns
    node = None
    if requires_grad(*listed):
        node = BlockDiagBackward0(tuple(t._edge() for t in listed), ((out.shape, target),))
        node.blocks = blocks
    return Tensor._make(out, target, node)


# -- diff ----------------------------------------------------------------------------------


def _diff(
    input: Tensor, n: Any = 1, dim: Any = -1, prepend: Any = None, append: Any = None
) -> Tensor:
    """torch.diff: prepend/append concatenated along ``dim``, then ``n`` times the narrow
    from 1 minus the narrow from 0 (logical_xor for bool), as torch composes it."""
    data = _tensor(input)._data
    n, dim = _int(n), _int(dim)
    for other in (prepend, append):
        if other is not None:
            _tensor(other)
    if data.ndim < 1:
        raise errors.error("diff_ndim")
    if n < 0:
        raise errors.error("diff_order", n=n)
    for other in (prepend, append):
        if other is None:
            continue
        wrapped = maybe_wrap_dim(dim, data.ndim)
        if other._data.ndim != data.ndim:
            raise errors.error("diff_other_ndim")
        for i, (mine, theirs) in enumerate(zip(data.shape, other._data.shape, strict=True)):
            if i != wrapped and mine != theirs:
                raise errors.error("diff_other_size", i=i, mine=mine, theirs=theirs)
    views = _views()
    if n == 0:  # zeros_like(input) (preserving its layout), then copy_ (CopyBackwards)
        zeros = empty_preserving_layout(data, data.dtype)
        zeros[...] = 0
        return Tensor._make(zeros, input.dtype).copy_(input)
    result = input
    if prepend is not None or append is not None:
        parts = [t for t in (prepend, input, append) if t is not None]
        result = views.cat(parts, dim)
    size = result._data.shape[maybe_wrap_dim(dim, result._data.ndim)]
    length = size - 1
    for _ in range(min(n, size)):
        later, earlier = views.narrow(result, dim, 1, length), views.narrow(result, dim, 0, length)
        if result.dtype is bool_:  # (logical_xor: no gradient)
            result = Tensor._make(np.logical_xor(later._data, earlier._data), bool_)
        else:
            result = later - earlier
        length -= 1
    return result


# -- logspace ------------------------------------------------------------------------------


def _logspace(
    start: Any,
    end: Any,
    steps: Any,
    base: Any = 10.0,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    pin_memory: Any = False,
    requires_grad: Any = False,
) -> Tensor:
    """``torch.logspace``: ``base ** e`` for ``steps`` exponents evenly spaced from start to
    end, as torch's ``logspace_out`` computes them (see :func:`_logspace_values`)."""
    from .creation import _check_device, _finish

    _check_device(device)
    steps = _int(steps)
    if isinstance(base, bool) or not isinstance(base, (int, float, np.integer, np.floating)):
        raise TypeError("float")
    if steps < 0:
        raise errors.error("linspace_steps")
    target = get_default_dtype() if dtype is None else dtypes.given(dtype, "logspace")
    start, end = _logspace_end(start, "start"), _logspace_end(end, "end")
    for value in (start, end):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
            raise TypeError("Number")
    if target.category == BOOL and steps > 1:
        raise errors.error("kernel_not_implemented", op="logspace_cpu", dtype="Bool")
    data = quiet_call(_logspace_values, start, end, steps, float(base), target)
    return _finish(data, target, requires_grad)


def _logspace_end(value: Any, which: str) -> Any:
    """A number, or the value of a 0-d tensor (torch refuses other tensors)."""
    if isinstance(value, Tensor):
        if value._data.ndim != 0:
            raise errors.error("logspace_tensor_end", which=which, ndim=value._data.ndim)
        return value.item()
    return value


def _libm_pow(base: float, exponent: float) -> float:
    """C's ``pow`` (math.pow is libm's; numpy's float64 power is a vector routine that
    differs from it in the last place), with C's inf and nan where Python raises."""
    try:
        return math.pow(base, exponent)
    except OverflowError:
        negative = base < 0 and exponent.is_integer() and exponent % 2 == 1
        return -math.inf if negative else math.inf
    except ValueError:  # a negative base to a fractional power
        return math.nan


def _logspace_values(start: Any, end: Any, steps: int, base: float, target: dtype) -> np.ndarray:
    """torch's CPU ``logspace_out`` element by element: one step ``(end - start) / (steps -
    1)`` in double from the ends in the dtype (their difference in the dtype's arithmetic),
    element ``i`` of the first half ``pow(base, start + step * i)`` and of the second half
    ``pow(base, end - step * (steps - 1 - i))``, in double (no fused multiply-add: this
    file is compiled for the baseline CPU; libm's pow), then converted to the dtype (float16 through
    float32). Integer dtypes raise a float32 base and truncate; one step is ``pow(base,
    start)`` filled in."""
    if steps == 0:
        return np.empty(0, target.np_dtype)
    if steps == 1:
        value = checked_scalar(base ** float(start), target)
        return np.full(1, value, target.np_dtype)
    first, last = checked_scalar(start, target), checked_scalar(end, target)
    index = np.arange(steps, dtype=np.float64)
    halfway = steps // 2
    if target.category == INTEGRAL:
        first, last = int(first), int(last)
        step = float(last - first) / (steps - 1)
        power_base = float(np.float32(base))
    else:
        single = np.float32 if target.np_dtype == np.float16 else target.np_dtype.type
        first, last = target.np_dtype.type(first), target.np_dtype.type(last)
        difference = target.np_dtype.type(single(last) - single(first))
        step = float(difference) / (steps - 1)
        power_base = base
    exponents = np.empty(steps)
    exponents[:halfway] = float(first) + step * index[:halfway]
    exponents[halfway:] = float(last) - step * (steps - 1 - index[halfway:])
    values = np.array([_libm_pow(power_base, exponent) for exponent in exponents.tolist()])
    if target.category == INTEGRAL:
        return np.trunc(values).astype(target.np_dtype)
    if target.np_dtype == np.float16:
        return values.astype(np.float32).astype(np.float16)
    return values.astype(target.np_dtype)


# -- the namespace and the methods ---------------------------------------------------------


_parsed = reduction_arguments.parsed_as


def _python_function(function: Any, name: str) -> Any:
    """A function torch writes in Python (torch/functional.py): its own errors as they are."""
    function.__name__ = function.__qualname__ = name
    return function


tril = _parsed(_tril, "tril")
triu = _parsed(_triu, "triu")
tril_indices = _parsed(_indices_function("tril_indices"), "tril_indices")
triu_indices = _parsed(_indices_function("triu_indices"), "triu_indices")
roll = _parsed(_roll, "roll")
tile = _parsed(_tile, "tile")
repeat_interleave = _parsed(_repeat_interleave, "repeat_interleave")
combinations = _parsed(_combinations, "combinations")
column_stack = _parsed(_column_stack, "column_stack")
row_stack = _parsed(_row_stack, "row_stack")
dstack = _parsed(_dstack, "dstack")
diff = _parsed(_diff, "diff")
logspace = _parsed(_logspace, "logspace")
meshgrid = _python_function(_meshgrid, "meshgrid")
cartesian_prod = _python_function(_cartesian_prod, "cartesian_prod")
block_diag = _python_function(_block_diag, "block_diag")
atleast_1d = _python_function(_atleast_1d, "atleast_1d")
atleast_2d = _python_function(_atleast_2d, "atleast_2d")
atleast_3d = _python_function(_atleast_3d, "atleast_3d")

#: Tensor methods defined here.
TENSOR_METHODS: dict[str, Any] = {
    "tril": _parsed(_tril, "tril", method=True),
    "triu": _parsed(_triu, "triu", method=True),
    "tril_": _parsed(_tril_, "tril_", method=True),
    "triu_": _parsed(_triu_, "triu_", method=True),
    "roll": _parsed(_roll, "roll", method=True),
    "tile": _parsed(_tile_method, "tile", method=True),
    "repeat_interleave": _parsed(_repeat_interleave_method, "repeat_interleave", method=True),
    "diff": _parsed(_diff, "diff", method=True),
}
