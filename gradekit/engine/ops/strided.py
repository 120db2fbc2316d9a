"""Views given by their geometry, and the other ops of stride exercises: ``as_strided``
(and ``as_strided_``), ``Tensor.unfold``, ``empty_strided`` / ``Tensor.new_empty_strided``,
``Tensor.sum_to_size``, the in-place view ops (``unsqueeze_``, ``squeeze_``, ``t_``,
``transpose_``, ``swapdims_`` / ``swapaxes_``), ``hsplit`` / ``vsplit`` / ``dsplit`` /
``split_with_sizes`` (views: ``tensor_split``'s and ``split``'s), ``diag_embed``,
``diagflat``, ``fill_diagonal_``, ``is_same_size`` and ``is_nonzero``.

A tensor's storage here is the numpy buffer under its array (the last ``.base`` of the
chain, as ``Tensor.storage_offset`` reads it): ``as_strided`` windows that buffer with the
given sizes, strides and offset, checked as torch's ``setStorage`` checks them.  The
gradient of an ``as_strided`` view is torch's ``as_strided_backward`` written with engine
ops (a zero storage, the gradient copied or ``index_add_``-ed into its window, read back
through the input's geometry), so its graph under ``create_graph`` is torch's
(``AsStridedBackward0`` over ``CopySlices`` or ``IndexAddBackward0``).  ``unfold``'s
gradient is torch's ``unfold_backward`` (``UnfoldBackwardBackward0``, whose own gradient
unfolds again).  The in-place view ops change the tensor's own shape and strides and record
torch's in-place nodes (``UnsqueezeBackward1``, ``SqueezeBackward3/4/5``, ``TBackward1``,
``TransposeBackward1``, ``AsStridedBackward1``) over its history, with no ``CopySlices``:
only the metadata changes."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import dtypes, errors
from ..autograd.graph import Node
from ..dtypes import INTEGRAL, get_default_dtype, int64
from ..tensor import CPU, Tensor
from . import load_views_module as _views
from . import reduction_arguments
from .core import maybe_wrap_dim, requires_grad
from .layout import element_strides, storage_array

Geometry = tuple[tuple[int, ...], tuple[int, ...], int]  # sizes, strides, storage offset


def _int(value: Any) -> int:
    """An ``int`` argument as torch's parser reads it (a bool or a float is its TypeError)."""
    if isinstance(value, Tensor) and value.dtype.category == INTEGRAL and value.numel() == 1:
        return int(value._data.reshape(()))
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("int")  # (the parser words it)
    return int(value)


def _ints(value: Any) -> tuple[int, ...]:
    """A ``tuple of ints`` argument (an int alone too, as torch's parser takes it)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return (int(value),)
    if not isinstance(value, (tuple, list)):
        raise TypeError("tuple of ints")
    return tuple(_int(item) for item in value)


def geometry(x: Tensor) -> Geometry:
    """``x``'s sizes, strides and storage offset (torch's ``TensorGeometry``)."""
    return x._data.shape, tuple(x.stride()), x.storage_offset()


# -- the storage and its windows ---------------------------------------------------------


def _storage(data: np.ndarray) -> np.ndarray:
    """The numpy buffer under ``data``, flat, in ``data``'s dtype (torch's storage)."""
    flat = storage_array(data).ravel(
        order="K"
    )  # (a view: an array that owns its memory is contiguous)
    return flat if flat.dtype == data.dtype else flat.view(data.dtype)


def _storage_bytes(sizes: Sequence[int], strides: Sequence[int], offset: int, itemsize: int) -> int:
    """torch's ``computeStorageNbytes``: the bytes a geometry reaches (0 when it is empty)."""
    if 0 in sizes:
        return 0
    reach = 1 + sum((size - 1) * stride for size, stride in zip(sizes, strides, strict=True))
    return (offset + reach) * itemsize


def _check_geometry(
    sizes: tuple[int, ...], strides: tuple[int, ...], offset: int, storage: np.ndarray
) -> None:
    """torch's checks of ``as_strided``'s arguments, in its order, with its messages."""
    if any(stride < 0 for stride in strides):
        raise errors.error("as_strided_negative_stride", strides=list(strides))
    if len(sizes) != len(strides):
        raise errors.error("as_strided_length")
    if offset < 0:
        raise errors.error("as_strided_offset", offset=offset)
    if any(size < 0 for size in sizes):
        raise errors.error("storage_size_overflow", sizes=list(sizes), strides=list(strides))
    itemsize = storage.itemsize
    needed = _storage_bytes(sizes, strides, offset, itemsize)
    if needed > storage.nbytes:
        raise errors.error(
            "set_storage_bounds",
            sizes=list(sizes),
            strides=list(strides),
            offset=offset,
            itemsize=itemsize,
            needed=needed,
            size=storage.nbytes,
        )


def _window(
    storage: np.ndarray, sizes: Sequence[int], strides: Sequence[int], offset: int
) -> np.ndarray:
    """The view of flat ``storage`` with element ``sizes``, ``strides`` and ``offset``."""
    itemsize = storage.itemsize
    window = np.ndarray(
        tuple(sizes),
        storage.dtype,
        buffer=storage,
        offset=min(offset, storage.size) * itemsize,  # (an empty window may start past it)
        strides=tuple(stride * itemsize for stride in strides),
    )
    window.flags.writeable = storage.flags.writeable
    return window


def _window_view_fn(source: Geometry, storage_size: int, target: Geometry) -> Any:
    """The view function (``ops/views.py``) of window ``target`` of a storage that holds
    an array of geometry ``source`` (the root's): lay the array out in a storage of its own,
    window it."""

    def view_fn(array: np.ndarray) -> np.ndarray:
        storage = np.zeros(max(storage_size, 1), dtype=array.dtype)
        _window(storage, *source)[...] = array
        return _window(storage, *target)

    return view_fn


# -- as_strided and its gradient -----------------------------------------------------------


def _maybe_overlapping(sizes: Sequence[int], strides: Sequence[int]) -> bool:
    """torch's ``_maybe_overlapping_memory``: whether two elements may share a place."""
    reached = 0
    for stride, size in sorted(zip(strides, sizes, strict=True)):
        if stride <= reached:
            return True
        reached += stride * (size - 1)
    return False


def _min_storage_size(sizes: Sequence[int], strides: Sequence[int], offset: int) -> int:
    if 0 in sizes:
        return offset
    return (
        offset + 1 + sum((size - 1) * stride for size, stride in zip(sizes, strides, strict=True))
    )


def _kept_dims(sizes: Sequence[int], strides: Sequence[int], keep: Any) -> tuple[list, list]:
    kept = [
        (size, stride) for size, stride in zip(sizes, strides, strict=True) if keep(size, stride)
    ]
    return [size for size, _ in kept], [stride for _, stride in kept]


def as_strided_backward(
    grad: Tensor, input_geometry: Geometry, output_geometry: Geometry
) -> Tensor:
    """torch's ``as_strided_backward`` (FunctionsManual.cpp) with engine ops: the gradient
    of ``input.as_strided(*output_geometry)`` for an input of ``input_geometry``."""
    from .creation import arange, ones, zeros

    inp_sizes, inp_strides, inp_offset = input_geometry
    out_sizes, out_strides, out_offset = output_geometry
    if 0 in out_sizes or 0 in inp_sizes:
        return zeros(inp_sizes, dtype=grad.dtype)
    for dim in range(len(out_sizes) - 1, -1, -1):  # (size-1 dims squeezed, expanded summed)
        if out_sizes[dim] == 1:
            grad = grad.squeeze(dim)
        elif out_strides[dim] == 0:
            grad = grad.sum(dim)
    out_kept = _kept_dims(out_sizes, out_strides, lambda size, stride: size != 1 and stride != 0)
    inp_kept = _kept_dims(inp_sizes, inp_strides, lambda size, stride: size != 1)
    out_overlaps, inp_overlaps = _maybe_overlapping(*out_kept), _maybe_overlapping(*inp_kept)
    shared = min(inp_offset, out_offset)
    inp_offset, out_offset = inp_offset - shared, out_offset - shared
    base_size = max(
        _min_storage_size(*inp_kept, inp_offset), _min_storage_size(*out_kept, out_offset)
    )
    storage = zeros(base_size, dtype=grad.dtype)
    indices = arange(base_size, dtype=int64) if inp_overlaps or out_overlaps else None
    if out_overlaps:
        out_indices = _as_strided(indices, *out_kept, out_offset).reshape(-1)
        storage.index_add_(0, out_indices, grad.reshape(-1))
    else:
        _as_strided(storage, *out_kept, out_offset).copy_(grad)
    if inp_overlaps:
        count = zeros(base_size, dtype=grad.dtype)
        inp_indices = _as_strided(indices, *inp_kept, inp_offset).reshape(-1)
        count.index_add_(0, inp_indices, ones(1, dtype=grad.dtype).expand_as(inp_indices))
        storage.div_(count)
    return _as_strided(storage, inp_sizes, inp_strides, inp_offset)


def _strided_view(x: Tensor, target: Geometry, node_name: str, **saved: Any) -> Tensor:
    """The view of ``x``'s storage with geometry ``target``, recorded as ``node_name``
    (``AsStridedBackward0``, ``UnfoldBackward0``)."""
    views = _views()
    storage = _storage(x._data)
    _check_geometry(*target, storage)
    data = _window(storage, *target)
    node = None
    if requires_grad(x):
        node_class = (
            views.AsStridedBackward0 if node_name == "AsStridedBackward0" else UnfoldBackward0
        )
        node = node_class((x._edge(),), ((data.shape, x.dtype),))
        if node_name == "AsStridedBackward0":
            node.geometry = (geometry(x), target)
        else:
            for name, value in saved.items():
                setattr(node, name, value)
    root = x if x._base is None else x._base  # (the window may reach past x: the root's)
    view_fn = _window_view_fn(geometry(root), storage.size, target)
    return views._make_view(root, data, node, view_fn)


def _as_strided(input: Tensor, size: Any, stride: Any, storage_offset: Any = None) -> Tensor:
    """``torch.as_strided``: a view of ``input``'s storage (AsStridedBackward0)."""
    sizes, strides = _ints(size), _ints(stride)
    offset = input.storage_offset() if storage_offset is None else _int(storage_offset)
    return _strided_view(input, (sizes, strides, offset), "AsStridedBackward0")


# -- unfold ----------------------------------------------------------------------------------


class UnfoldBackward0(Node):
    """out = self.unfold(dimension, size, step): a view.  Saves the sizes of self."""

    __slots__ = ("self_sizes", "dimension", "size", "step")

    def backward(self, grad: Tensor) -> tuple:
        return (unfold_backward(grad, self.self_sizes, self.dimension, self.size, self.step),)


class UnfoldBackwardBackward0(Node):
    """out = unfold_backward(grad_in, input_sizes, dim, size, step)."""

    __slots__ = ("dimension", "size", "step")

    def backward(self, grad: Tensor) -> tuple:
        return (unfold(grad, self.dimension, self.size, self.step),)


def _unfold_geometry(
    sizes: tuple[int, ...], strides: tuple[int, ...], offset: int, dim: int, size: int, step: int
) -> Geometry:
    """torch's unfold: ``dim`` becomes the number of windows, a last dim of ``size``."""
    if not sizes:  # (a 0-d tensor: one window of its element)
        return (size,), (1,), offset
    new_sizes, new_strides = list(sizes), list(strides)
    new_sizes[dim] = (sizes[dim] - size) // step + 1
    new_strides[dim] = step * strides[dim]
    return (*new_sizes, size), (*new_strides, strides[dim]), offset


def unfold_backward(
    grad: Tensor, input_sizes: tuple[int, ...], dim: int, size: int, step: int
) -> Tensor:
    """torch's ``unfold_backward``: each window's gradient added back where it came from
    (UnfoldBackwardBackward0)."""
    windows = _unfold_geometry(
        input_sizes, tuple(element_strides(np.empty(input_sizes))), 0, dim, size, step
    )
    positions = _window(np.arange(max(math.prod(input_sizes), 1), dtype=np.int64), *windows)
    flat = np.zeros(math.prod(input_sizes), dtype=grad.dtype.np_dtype)
    np.add.at(flat, positions, grad._data)
    node = None
    if requires_grad(grad):
        node = UnfoldBackwardBackward0((grad._edge(),), ((tuple(input_sizes), grad.dtype),))
        node.dimension, node.size, node.step = dim, size, step
    return Tensor._make(flat.reshape(input_sizes), grad.dtype, node)


def unfold(input: Tensor, dimension: Any, size: Any, step: Any) -> Tensor:
    """``Tensor.unfold(dimension, size, step)``: the windows of ``size`` elements every
    ``step`` along ``dimension``, as a view (UnfoldBackward0)."""
    dimension, size, step = _int(dimension), _int(size), _int(step)
    sizes = input._data.shape
    dim = maybe_wrap_dim(dimension, max(len(sizes), 1))
    if size < 0:
        raise errors.error("unfold_negative_size", size=size)
    longest = sizes[dim] if sizes else 1
    if size > longest:
        raise errors.error("unfold_too_long", dim=dim, maximum=longest, size=size)
    if step <= 0:
        raise errors.error("unfold_step", step=step)
    target = _unfold_geometry(sizes, tuple(input.stride()), input.storage_offset(), dim, size, step)
    return _strided_view(
        input, target, "UnfoldBackward0", self_sizes=sizes, dimension=dim, size=size, step=step
    )


# -- empty_strided, new_empty_strided, sum_to_size -------------------------------------------


def _empty_strided(
    size: Any,
    stride: Any,
    *,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    pin_memory: Any = False,
    requires_grad: Any = False,
) -> Tensor:
    """``torch.empty_strided``: a tensor of the given strides over a storage just large
    enough (zeros here, as the engine's ``empty``)."""
    from .creation import _check_device, _finish

    _check_device(device)
    sizes, strides = _ints(size), _ints(stride)
    if len(sizes) != len(strides):
        raise errors.error("empty_strided_length", sizes=len(sizes), strides=len(strides))
    for each in sizes:
        if each < 0:
            raise errors.error("negative_dimension", size=each, sizes=list(sizes))
    target = get_default_dtype() if dtype is None else dtypes.given(dtype, "empty_strided")
    itemsize = target.np_dtype.itemsize
    storage = np.zeros(_storage_bytes(sizes, strides, 0, itemsize) // itemsize, target.np_dtype)
    return _finish(_window(storage, sizes, strides, 0), target, requires_grad)


def _new_empty_strided(
    self: Tensor, size: Any, stride: Any, *, dtype: Any = None, **keywords: Any
) -> Tensor:
    return _empty_strided(size, stride, dtype=self.dtype if dtype is None else dtype, **keywords)


def _sum_to_size(self: Tensor, *size: Any) -> Tensor:
    """``Tensor.sum_to_size(*size)``: torch's ``sum_to``: the leading dims and the dims
    ``size`` gives as 1 summed (``SumBackward1``, kept), then viewed as ``size``."""
    if len(size) == 1 and not isinstance(size[0], (int, np.integer)):
        size = size[0]
    shape = _ints(size)
    sizes = self._data.shape
    if not _expandable(shape, sizes):
        raise errors.error("not_expandable", size=list(shape), target=list(sizes))
    leading = len(sizes) - len(shape)
    reduced = [dim for dim in range(leading)]
    reduced += [
        dim for dim in range(leading, len(sizes)) if shape[dim - leading] == 1 and sizes[dim] != 1
    ]
    result = self.sum(reduced, keepdim=True) if reduced else self
    return result.view(shape) if leading > 0 else result


def _expandable(shape: tuple[int, ...], desired: tuple[int, ...]) -> bool:
    """torch's ``is_expandable_to``."""
    if len(shape) > len(desired):
        return False
    for size, target in zip(reversed(shape), reversed(desired), strict=False):
        if size != target and size != 1:
            return False
    return True


# -- in place: the tensor's own geometry changes -----------------------------------------------


_INPLACE_NODES: dict[tuple[str, type], type[Node]] = {}


def _inplace_view(x: Tensor, view: Tensor, name: str) -> Tensor:
    """Give ``x`` the geometry of ``view`` (its out-of-place view op's result) after torch's
    checks; the view's node, renamed ``name`` (torch's in-place node: the same formula),
    becomes ``x``'s grad_fn over its history, and the version is bumped."""
    node = view._grad_fn
    if node is not None:
        key = (name, type(node))
        renamed = _INPLACE_NODES.get(key)
        if renamed is None:
            renamed = type(name, (type(node),), {"__slots__": (), "__module__": "builtins"})
            _INPLACE_NODES[key] = renamed
        node.__class__ = renamed
    x._data = view._data
    if x._base is not None:
        x.__dict__["_view_fn"] = view.__dict__["_view_fn"]
    x._bump_version()
    if node is not None:
        x._grad_fn, x._output_nr = node, 0
    return x


def _as_strided_(self: Tensor, size: Any, stride: Any, storage_offset: Any = None) -> Tensor:
    self._check_inplace()
    return _inplace_view(
        self, _as_strided(self, size, stride, storage_offset), "AsStridedBackward1"
    )


def _unsqueeze_(self: Tensor, dim: Any) -> Tensor:
    self._check_inplace()
    return _inplace_view(self, _views().unsqueeze(self, dim), "UnsqueezeBackward1")


def _squeeze_(self: Tensor, *dims: Any, dim: Any = errors.REQUIRED) -> Tensor:
    """``squeeze_()``, ``squeeze_(dim)``, ``squeeze_(dims)``: SqueezeBackward3, 4 and 5."""
    given = dims[0] if len(dims) == 1 else (dims if dims else dim)
    self._check_inplace()
    if given is errors.REQUIRED:
        return _inplace_view(self, _views().squeeze(self), "SqueezeBackward3")
    name = "SqueezeBackward5" if isinstance(given, (tuple, list)) else "SqueezeBackward4"
    return _inplace_view(self, _views().squeeze(self, given), name)


def _t_(self: Tensor, *surplus: Any, **keywords: Any) -> Tensor:
    from . import arguments

    arguments.refuse_arguments("t_", surplus, keywords)
    self._check_inplace()
    if self._data.ndim > 2:
        raise errors.error("t__ndim", ndim=self._data.ndim)
    return _inplace_view(self, _views().t(self), "TBackward1")


def _transpose_(self: Tensor, dim0: Any, dim1: Any) -> Tensor:
    self._check_inplace()
    return _inplace_view(self, _views().transpose(self, dim0, dim1), "TransposeBackward1")


def _swapaxes_(self: Tensor, axis0: Any, axis1: Any) -> Tensor:
    return _transpose_(self, axis0, axis1)


# -- hsplit / vsplit / dsplit, split_with_sizes --------------------------------------------


def _directional_split(name: str, least: int, dim: int) -> Any:
    """torch's ``hsplit`` (dim 1, or 0 of a 1-d tensor), ``vsplit`` (0), ``dsplit`` (2):
    ``tensor_split`` after their own checks (a number of sections must divide the size)."""

    def split(input: Tensor, indices_or_sections: Any) -> tuple[Tensor, ...]:
        ndim = input._data.ndim
        if ndim < least:
            raise errors.error("directional_split_ndim", name=name, least=least, ndim=ndim)
        along = 0 if name == "hsplit" and ndim == 1 else dim
        if isinstance(indices_or_sections, (tuple, list)):
            return _views().tensor_split(input, list(_ints(indices_or_sections)), along)
        sections = _int(indices_or_sections)
        size = input._data.shape[along]
        if sections == 0 or size % sections:
            raise errors.error(
                "directional_split_size", name=name, dim=along, size=size, sections=sections
            )
        return _views().tensor_split(input, sections, along)

    return split


def _split_with_sizes(input: Tensor, split_sizes: Any, dim: Any = 0) -> tuple[Tensor, ...]:
    """``split_with_sizes``: ``split`` with a list of sizes (SplitWithSizesBackward0 views)."""
    if not isinstance(split_sizes, (tuple, list)):
        raise TypeError("tuple of ints")
    return _views().split(input, list(_ints(split_sizes)), _int(dim))


# -- diag_embed, diagflat, fill_diagonal_ -----------------------------------------------------


class DiagEmbedBackward0(Node):
    """out = diag_embed(self, offset, dim1, dim2): the gradient is out's diagonal (a view)."""

    __slots__ = ("offset", "dim1", "dim2")

    def backward(self, grad: Tensor) -> tuple:
        return (_views().diagonal(grad, self.offset, self.dim1, self.dim2),)


def _diag_embed(input: Tensor, offset: Any = 0, dim1: Any = -2, dim2: Any = -1) -> Tensor:
    """``diag_embed``: zeros with ``input``'s last dim on the diagonal ``offset`` of dims
    ``dim1``/``dim2`` (DiagEmbedBackward0)."""
    offset, dim1, dim2, ndim = _int(offset), _int(dim1), _int(dim2), input._data.ndim + 1
    first, second = maybe_wrap_dim(dim1, ndim), maybe_wrap_dim(dim2, ndim)
    if first == second:
        raise errors.error("diagonal_same_dims", dim1=dim1, dim2=dim2)
    length = input._data.shape[-1] + abs(offset)
    shape = list(input._data.shape[:-1])
    for dim in sorted((first, second)):
        shape.insert(dim, length)
    data = np.zeros(shape, dtype=input._data.dtype)
    _views()._diagonal_view_fn(offset, first, second)(data)[...] = input._data
    node = None
    if requires_grad(input):
        node = DiagEmbedBackward0((input._edge(),), ((tuple(shape), input.dtype),))
        node.offset, node.dim1, node.dim2 = offset, first, second
    return Tensor._make(data, input.dtype, node)


def _diagflat(input: Tensor, offset: Any = 0) -> Tensor:
    """``diagflat``: torch's ``self.contiguous().view(-1).diag(offset)``."""
    views = _views()
    offset = _int(offset)
    return views.diag(views.view(views.contiguous(input), -1), offset)


def _fill_diagonal_(self: Tensor, fill_value: Any, wrap: Any = False) -> Tensor:
    """``fill_diagonal_(fill_value, wrap=False)``: torch's, a ``fill_`` of the diagonal's
    ``as_strided`` view (and of the wrapped diagonals below a tall matrix's)."""
    from . import arguments

    if not arguments.is_number(fill_value):
        raise TypeError("Number")
    if type(wrap) is not bool:
        raise TypeError("bool")
    sizes = self._data.shape
    if len(sizes) < 2:
        raise errors.error("fill_diagonal_ndim")
    if len(sizes) > 2 and any(size != sizes[0] for size in sizes[1:]):
        raise errors.error("fill_diagonal_lengths")
    height, width = sizes[0], sizes[1]
    stride, offset = sum(self.stride()), self.storage_offset()
    _as_strided(self, (min(height, width),), (stride,), offset).fill_(fill_value)
    if wrap and len(sizes) == 2 and height > width + 1:
        step = width + 1
        wrapped = (self.numel() + step - 1) // step - min(height, width)
        below = offset + self.stride(0) * (width + 1)
        _as_strided(self, (wrapped,), (stride,), below).fill_(fill_value)
    return self


# -- is_same_size, is_nonzero -------------------------------------------------------------------


def _is_same_size(input: Tensor, other: Any) -> bool:
    if not isinstance(other, Tensor):
        raise TypeError("Tensor")
    return input._data.shape == other._data.shape


def _is_nonzero(input: Tensor) -> bool:
    """``is_nonzero``: the one element's truth, with torch's errors for none or several."""
    count = input._data.size
    if count == 0:
        raise errors.error("bool_empty")
    if count > 1:
        raise errors.error("bool_ambiguous")
    return bool(input._data.reshape(()))


def _is_nonzero_method(self: Tensor, *surplus: Any, **keywords: Any) -> bool:
    from . import arguments

    arguments.refuse_arguments("is_nonzero", surplus, keywords)
    return _is_nonzero(self)


# -- untyped_storage ---------------------------------------------------------------------------

#: torch 2.13's public ``UntypedStorage`` names outside the subset below (they raise the
#: engine's unsupported error)
_STORAGE_NAMES = (
    "bfloat16 bool byte byteswap char clone complex_double complex_float copy_ cpu cuda "
    "double filename fill_ float float8_e4m3fn float8_e4m3fnuz float8_e5m2 float8_e5m2fnuz "
    "from_buffer from_file get_device half hpu int is_cuda is_hpu is_pinned is_shared "
    "is_sparse is_sparse_csr long mps new pin_memory resizable resize_ share_memory_ short "
    "to type untyped"
).split()


class UntypedStorage:
    """``x.untyped_storage()``: the bytes under a tensor (the numpy buffer its views share),
    with torch's ``data_ptr``, ``nbytes``, ``size``, ``len``, ``element_size``, ``tolist``,
    integer indexing, ``device`` and printing."""

    __slots__ = ("_bytes",)

    def __init__(self, data: np.ndarray) -> None:
        self._bytes = storage_array(data).ravel(order="K").view(np.uint8)

    @property
    def device(self) -> Any:
        return CPU

    def data_ptr(self, *surplus: Any) -> int:
        self._no_arguments("data_ptr", surplus)
        return self._bytes.__array_interface__["data"][0]

    def nbytes(self, *surplus: Any) -> int:
        self._no_arguments("nbytes", surplus)
        return self._bytes.size

    def size(self) -> int:
        return self._bytes.size

    def element_size(self) -> int:
        return 1

    def tolist(self) -> list[int]:
        return self._bytes.tolist()

    def __len__(self) -> int:
        return self._bytes.size

    def __getitem__(self, index: Any) -> int:
        if isinstance(index, slice):
            raise errors.unsupported("torch.UntypedStorage.__getitem__ with a slice")
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
            raise errors.error("storage_index_type", type_name=type(index).__name__)
        size = self._bytes.size
        wrapped = index + size if index < 0 else index
        if not 0 <= wrapped < size:
            raise errors.error("storage_index", index=wrapped, size=size)
        return int(self._bytes[wrapped])

    def __repr__(self) -> str:
        info = f"[torch.storage.UntypedStorage(device=cpu) of size {self._bytes.size}]"
        return " " + "\n ".join(map(str, self._bytes.tolist())) + "\n" + info

    @staticmethod
    def _no_arguments(name: str, surplus: tuple[Any, ...]) -> None:
        if surplus:
            raise errors.error("storage_no_arguments", name=name, given=len(surplus))


def _unsupported_storage_name(name: str) -> property:
    def refuse(self: UntypedStorage) -> Any:
        raise errors.unsupported(f"torch.UntypedStorage.{name}")

    return property(refuse)


for _name in _STORAGE_NAMES:
    setattr(UntypedStorage, _name, _unsupported_storage_name(_name))
UntypedStorage.__module__ = "torch.storage"


def _untyped_storage(self: Tensor, *surplus: Any, **keywords: Any) -> UntypedStorage:
    from . import arguments

    arguments.refuse_arguments("untyped_storage", surplus, keywords)
    return UntypedStorage(self._data)


# -- the namespace and the methods -------------------------------------------------------------


_parsed = reduction_arguments.parsed_as


_hsplit = _directional_split("hsplit", 1, 1)
_vsplit = _directional_split("vsplit", 2, 0)
_dsplit = _directional_split("dsplit", 3, 2)

as_strided = _parsed(_as_strided, "as_strided")
as_strided_ = _parsed(_as_strided_, "as_strided_")
empty_strided = _parsed(_empty_strided, "empty_strided")
hsplit = _parsed(_hsplit, "hsplit")
vsplit = _parsed(_vsplit, "vsplit")
dsplit = _parsed(_dsplit, "dsplit")
split_with_sizes = _parsed(_split_with_sizes, "split_with_sizes")
diag_embed = _parsed(_diag_embed, "diag_embed")
diagflat = _parsed(_diagflat, "diagflat")
is_same_size = _parsed(_is_same_size, "is_same_size")
is_nonzero = _parsed(_is_nonzero, "is_nonzero")

#: Tensor methods defined here.
TENSOR_METHODS: dict[str, Any] = {
    "as_strided": _parsed(_as_strided, "as_strided", method=True),
    "as_strided_": _parsed(_as_strided_, "as_strided_", method=True),
    "unfold": _parsed(unfold, "unfold", method=True),
    "new_empty_strided": _parsed(_new_empty_strided, "new_empty_strided", method=True),
    "sum_to_size": _parsed(_sum_to_size, "sum_to_size", method=True),
    "unsqueeze_": _parsed(_unsqueeze_, "unsqueeze_", method=True),
    "squeeze_": _parsed(_squeeze_, "squeeze_", method=True),
    "t_": _t_,
    "transpose_": _parsed(_transpose_, "transpose_", method=True),
    "swapdims_": _parsed(_transpose_, "swapdims_", method=True),
    "swapaxes_": _parsed(_swapaxes_, "swapaxes_", method=True),
    "hsplit": _parsed(_hsplit, "hsplit", method=True),
    "vsplit": _parsed(_vsplit, "vsplit", method=True),
    "dsplit": _parsed(_dsplit, "dsplit", method=True),
    "split_with_sizes": _parsed(_split_with_sizes, "split_with_sizes", method=True),
    "diag_embed": _parsed(_diag_embed, "diag_embed", method=True),
    "diagflat": _parsed(_diagflat, "diagflat", method=True),
    "fill_diagonal_": _parsed(_fill_diagonal_, "fill_diagonal_", method=True),
    "is_same_size": _parsed(_is_same_size, "is_same_size", method=True),
    "is_nonzero": _is_nonzero_method,
    "untyped_storage": _untyped_storage,
}
