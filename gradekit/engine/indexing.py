"""Torch-style parsing of ``tensor[key]`` keys, on shapes and numpy arrays only.

Torch does *not* index like numpy.  Python ints, slices, ``None`` and ``...`` are
applied first, left to right, as *views* (select / slice / unsqueeze), and only
then are the remaining "advanced" entries (index tensors, lists, bool masks)
applied to the resulting view, numpy-style.  The classic consequence:
``x[0, :, [1, 2]]`` has shape (3, 2) in torch but (2, 3) in numpy.

This module turns a key into an :class:`IndexPlan` — the list of view steps plus
the advanced part as int64 arrays — and raises torch's exact errors.  It knows
nothing about the Tensor class: callers pass ``as_array``, which returns the
numpy data of a tensor-like object (or None for anything else).  The ops that
execute a plan live in :mod:`gradekit.engine.ops.views`.

Mirrors ``torch/csrc/autograd/python_variable_indexing.cpp`` and
``ATen/TensorIndexing.h`` of torch 2.13 (see engine-research.md §3.1, §3.6, §6.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from gradekit.engine import dtypes, errors

AsArray = Callable[[object], "np.ndarray | None"]

# Torch treats a non-tuple sequence as a tuple of indices only below this length.
_MAX_SEQUENCE_AS_TUPLE = 32
# Torch's legacy dtype names, used in index error messages.
_INDEX_DTYPES = {np.dtype(np.int64), np.dtype(np.int32), np.dtype(np.uint8), np.dtype(np.bool_)}


class _Record:
    """An immutable record compared by value, like a frozen dataclass.

    Hand-written because ``dataclasses`` costs about 1 ms of import time per class (it
    compiles each generated method), and the engine's import lies on every sandboxed
    check's path.  Subclasses list their fields in ``__slots__`` and set them in
    ``__init__`` with ``object.__setattr__``.
    """

    __slots__ = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of {type(self).__name__}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class SelectStep(_Record):
    """``t.select(dim, index)`` with ``index`` already made non-negative."""

    __slots__ = ("dim", "index")
    dim: int
    index: int

    def __init__(self, dim: int, index: int) -> None:
        object.__setattr__(self, "dim", dim)
        object.__setattr__(self, "index", index)


class SliceStep(_Record):
    """``t.slice(dim, start, stop, step)`` with start/stop clamped into ``[0, size]``."""

    __slots__ = ("dim", "start", "stop", "step")
    dim: int
    start: int
    stop: int
    step: int

    def __init__(self, dim: int, start: int, stop: int, step: int) -> None:
        object.__setattr__(self, "dim", dim)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "stop", stop)
        object.__setattr__(self, "step", step)


class UnsqueezeStep(_Record):
    """``t.unsqueeze(dim)``."""

    __slots__ = ("dim",)
    dim: int

    def __init__(self, dim: int) -> None:
        object.__setattr__(self, "dim", dim)


ViewStep = SelectStep | SliceStep | UnsqueezeStep


class IndexPlan(_Record):
    """What ``tensor[key]`` does: view steps, then an optional advanced index.

    ``advanced`` is None when the key is purely basic.  Otherwise it holds one
    entry per leading dimension of the view: an int64 array (bool masks are
    already expanded to ``nonzero()`` arrays, negative indices are kept) or None
    for a dimension that is not indexed.
    """

    __slots__ = ("steps", "view_shape", "advanced", "result_shape")
    steps: tuple[ViewStep, ...]
    view_shape: tuple[int, ...]
    advanced: tuple[np.ndarray | None, ...] | None
    result_shape: tuple[int, ...]

    def __init__(
        self,
        steps: tuple[ViewStep, ...],
        view_shape: tuple[int, ...],
        advanced: tuple[np.ndarray | None, ...] | None,
        result_shape: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "view_shape", view_shape)
        object.__setattr__(self, "advanced", advanced)
        object.__setattr__(self, "result_shape", result_shape)

    @property
    def is_basic(self) -> bool:
        return self.advanced is None

    @property
    def is_alias(self) -> bool:
        """True when the key changes nothing (``x[...]``, ``x[:, :]``): torch returns an alias."""
        return not self.steps and self.advanced is None

    def numpy_key(self) -> tuple[np.ndarray | slice, ...]:
        """The advanced part as a numpy key for the *view* (valid only if not basic)."""
        assert self.advanced is not None
        return tuple(slice(None) if entry is None else entry for entry in self.advanced)


# ---------------------------------------------------------------------------
# public entry points


def _no_array(obj: object) -> np.ndarray | None:
    return None


# Plans of basic keys (exact ints, slices of exact ints and None, None, ...) and of keys that
# also hold index lists (flat lists of exact ints that fit int64: ``t[[0, 4], [1, 0]]``,
# ``t[r, [0, 2]]``), by the key's items (a list by its values), whether it was a tuple, the
# shape, ``for_setitem`` and ``as_array``: a plan depends on nothing else, is immutable (a
# remembered plan's index arrays are read-only; the engine only reads them), and such a key
# emits no warning. A program indexes with a few keys, over and over; errors are not kept
# (raised again each time).
_BASIC_PLANS: dict[tuple[object, ...], IndexPlan] = {}
_BASIC_PLANS_KEPT = 512
_BASIC_ITEMS_AT_MOST = 8
_LIST_ITEMS_AT_MOST = 16
_LIST_PART = object()  # first in a list's part of a memo key: equal to no int, None or slice


def _basic_plan_key(
    key: object, shape: Sequence[int], as_array: AsArray, for_setitem: bool
) -> tuple[object, ...] | None:
    """The memo key of a basic ``key`` or one with index lists (see :data:`_BASIC_PLANS`),
    else None."""
    is_tuple = type(key) is tuple
    items = key if is_tuple else (key,)
    if len(items) > _BASIC_ITEMS_AT_MOST or type(shape) is not tuple:  # type: ignore[arg-type]
        return None
    parts: list[object] = [is_tuple, shape, for_setitem, as_array]
    for item in items:
        cls = type(item)
        if cls is int or item is None or item is Ellipsis:
            parts.append(item)
        elif cls is slice:
            start, stop, step = item.start, item.stop, item.step
            if not (
                (start is None or type(start) is int)
                and (stop is None or type(stop) is int)
                and (step is None or type(step) is int)
            ):
                return None
            parts.append((start, stop, step))  # (a tuple: never equal to an item above)
        elif cls is list and 0 < len(item) <= _LIST_ITEMS_AT_MOST and _is_int64_list(item):
            parts.append((_LIST_PART, *item))
        else:
            return None
    return tuple(parts)


def parse_index(
    key: object,
    shape: Sequence[int],
    as_array: AsArray = _no_array,
    *,
    for_setitem: bool = False,
) -> IndexPlan:
    """Parse ``key`` for a tensor of ``shape`` the way torch's ``__getitem__`` does.

    Raises torch's IndexError / ValueError / TypeError with torch's messages.
    ``for_setitem`` enables torch's "full slice is a no-op" shortcut for a lone
    slice (getitem records a SliceBackward0 for ``x[:]``, setitem writes into x).
    A basic key's plan, or one with index lists, is remembered (:data:`_BASIC_PLANS`).
    """
    memo_key = _basic_plan_key(key, shape, as_array, for_setitem)
    if memo_key is not None:
        plan = _BASIC_PLANS.get(memo_key)
        if plan is not None:
            return plan
    plan = parse_index_afresh(key, shape, as_array, for_setitem=for_setitem)
    if memo_key is not None:
        for array in plan.advanced or ():
            if array is not None:
                array.flags.writeable = False
        if len(_BASIC_PLANS) >= _BASIC_PLANS_KEPT:
            _BASIC_PLANS.clear()
        _BASIC_PLANS[memo_key] = plan
    return plan


def parse_index_afresh(
    key: object,
    shape: Sequence[int],
    as_array: AsArray = _no_array,
    *,
    for_setitem: bool = False,
) -> IndexPlan:
    """:func:`parse_index` without its memo of basic keys' plans."""
    shape = tuple(int(size) for size in shape)
    builder = _PlanBuilder(shape)
    if for_setitem:
        builder.for_setitem = True
    if _is_single_fast_path(key, as_array):
        builder.apply_single(key, for_setitem=for_setitem)
        return builder.finish(as_array)
    items = _as_tuple(key, as_array)
    specified = _count_specified_dims(items, as_array)
    if specified > len(shape):
        raise errors.error("too_many_indices", ndim=len(shape))
    try:
        for position, item in enumerate(items):
            builder.apply_item(item, position, specified, as_array)
    except IndexError:  # (free unless raised)
        ndim = len(builder.shape)
        if builder.dim < ndim:
            raise
        # A second ``...`` moves past the last dim: torch adds ndim - specified per ellipsis,
        # then reads past its sizes array (undefined behaviour); what it then says most often
        index = _python_int(items[position])
        if index is not None:
            raise errors.error("index_out_of_bounds", index=index, dim=position, size=0) from None
        raise errors.error("dim_out_of_range", low=-ndim, high=ndim - 1, dim=builder.dim) from None
    return builder.finish(as_array)


def parse_index_tensors(indices: Sequence[np.ndarray | None], shape: Sequence[int]) -> IndexPlan:
    """The plan of ``index_put_(indices, ...)`` / ``torch.ops.aten.index``: no view steps,
    one entry per leading dim (None = whole dim), bool masks expanded."""
    shape = tuple(int(size) for size in shape)
    for array in indices:
        if array is not None and array.dtype not in _INDEX_DTYPES:
            raise errors.error("index_dtype")
    if len(indices) > len(shape):
        raise errors.error("too_many_indices_got", ndim=len(shape), count=len(indices))
    if all(array is None for array in indices):
        return IndexPlan((), shape, None, shape)
    entries = [
        None if a is None else (a.astype(np.bool_) if a.dtype == np.uint8 else a) for a in indices
    ]
    advanced = _expand_masks(entries, shape)
    result_shape = index_result_shape(shape, advanced)
    check_index_bounds(shape, advanced, result_shape)
    return IndexPlan((), shape, tuple(advanced), result_shape)


def index_result_shape(
    view_shape: Sequence[int], advanced: Sequence[np.ndarray | None]
) -> tuple[int, ...]:
    """Shape of ``view[advanced]`` under numpy's (and torch's) advanced-indexing rules."""
    shape = _one_leading_shape(advanced)
    if shape is not None:  # the broadcast shape, in front of the dims not indexed
        return (*shape, *tuple(view_shape)[len(advanced) :])
    return _index_result_shape_generally(view_shape, advanced)


def _one_leading_shape(advanced: Sequence[np.ndarray | None]) -> tuple[int, ...] | None:
    """The shape of every entry when there is at least one and all are arrays of one shape
    (the usual key: index lists on the leading dims, a mask expanded), else None."""
    shape = None
    for entry in advanced:
        if entry is None or (shape is not None and entry.shape != shape):
            return None
        shape = entry.shape
    return shape


def _index_result_shape_generally(
    view_shape: Sequence[int], advanced: Sequence[np.ndarray | None]
) -> tuple[int, ...]:
    """:func:`index_result_shape` for any entries."""
    view_shape = tuple(view_shape)
    positions = [dim for dim, entry in enumerate(advanced) if entry is not None]
    broadcast = _broadcast_index_shapes([advanced[dim] for dim in positions])
    remaining = view_shape[len(advanced) :]
    leading = [view_shape[dim] for dim in range(len(advanced)) if advanced[dim] is None]
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    if adjacent:
        before = [view_shape[dim] for dim in range(positions[0])]
        after = [view_shape[dim] for dim in range(positions[-1] + 1, len(advanced))]
        return (*before, *broadcast, *after, *remaining)
    # Separated advanced indices: numpy and torch both move the broadcast dims to the front.
    return (*broadcast, *leading, *remaining)


def check_index_bounds(
    view_shape: Sequence[int],
    advanced: Sequence[np.ndarray | None],
    result_shape: tuple[int, ...],
) -> None:
    """Raise torch's IndexError for the first out-of-range advanced index
    (``result_shape`` is :func:`index_result_shape`'s, which the caller has computed).

    Torch checks inside its kernel, element by element of the broadcast index and,
    for each element, index tensor by index tensor; "dimension" is the ordinal of
    the index tensor among the defined ones.  Nothing is checked when the result
    is empty, because the kernel never runs.
    """
    if _all_in_range(view_shape, advanced):
        return
    # Checked up front by torch (AdvancedIndex), even when the result is empty: an indexed
    # dim of size 0 while the broadcast index shape has no 0 (an index it cannot satisfy).
    if any(entry is not None and view_shape[dim] == 0 for dim, entry in enumerate(advanced)):
        entries = [entry for entry in advanced if entry is not None]
        if 0 not in _broadcast_index_shapes(entries):
            raise errors.error("index_empty_dim")
    if 0 in result_shape:
        return
    dims = [dim for dim, entry in enumerate(advanced) if entry is not None]
    arrays = [advanced[dim] for dim in dims]
    if any(array.shape != arrays[0].shape for array in arrays):  # (equal shapes: as they are)
        arrays = np.broadcast_arrays(*arrays)
    bad_per_index = [
        (array < -view_shape[dim]) | (array >= view_shape[dim])
        for dim, array in zip(dims, arrays, strict=True)
    ]
    any_bad = np.logical_or.reduce(bad_per_index) if len(bad_per_index) > 1 else bad_per_index[0]
    if not any_bad.any():
        return
    first_element = np.unravel_index(int(np.flatnonzero(any_bad.ravel())[0]), any_bad.shape)
    for ordinal, (dim, array, bad) in enumerate(zip(dims, arrays, bad_per_index, strict=True)):
        if bad[first_element]:
            raise errors.error(
                "index_out_of_bounds",
                index=int(array[first_element]),
                dim=ordinal,
                size=view_shape[dim],
            )


# Index arrays of up to this many elements are range-checked as Python ints (``tolist``, then
# ``min`` and ``max``): on a few elements, numpy's comparisons and reductions cost ten times
# as much.
_SMALL_INDEX_ARRAY = 64


def _all_in_range(view_shape: Sequence[int], advanced: Sequence[np.ndarray | None]) -> bool:
    """True when :func:`check_index_bounds` has nothing to raise, found cheaply: every indexed
    dim has a size and every index of the (int64) arrays is in ``[-size, size)``
    (broadcasting only repeats elements). False leaves the question to the full check."""
    for dim, entry in enumerate(advanced):
        if entry is None:
            continue
        size = view_shape[dim]
        if size == 0:
            return False
        count = entry.size
        if count == 0:
            continue
        if count <= _SMALL_INDEX_ARRAY:
            values = entry.ravel().tolist()
            low, high = min(values), max(values)
        else:
            low, high = int(entry.min()), int(entry.max())
        if low < -size or high >= size:
            return False
    return True


# ---------------------------------------------------------------------------
# key classification


def _is_single_fast_path(key: object, as_array: AsArray) -> bool:
    """Torch handles a lone None, Ellipsis, int, slice or python bool before tuple parsing."""
    if key is None or key is Ellipsis or isinstance(key, (bool, slice)):
        return True
    return _python_int(key) is not None and as_array(key) is None


def _python_int(obj: object) -> int | None:
    """The int value of a python/numpy integer scalar (not bool), else None."""
    if isinstance(obj, (bool, np.bool_)):
        return None
    if isinstance(obj, (int, np.integer)):
        return int(obj)
    return None


def _as_tuple(key: object, as_array: AsArray) -> tuple[object, ...]:
    if isinstance(key, tuple):
        return key
    if _treat_sequence_as_tuple(key, as_array):
        errors.warn_at_caller("non_tuple_sequence_index")
        return tuple(key)  # type: ignore[arg-type]
    return (key,)


def _is_sequence(obj: object) -> bool:
    """What Python's PySequence_Check accepts among index items (not tuples' own role)."""
    return isinstance(obj, (list, tuple, range, str, np.ndarray))


def _treat_sequence_as_tuple(key: object, as_array: AsArray) -> bool:
    """Torch's legacy rule: a short sequence holding slices, None, ..., tensors or sequences
    is read as a tuple (with a deprecation warning).  Strings are sequences of strings."""
    if not isinstance(key, (list, range, str)) or len(key) >= _MAX_SEQUENCE_AS_TUPLE:
        return False
    return any(
        item is None
        or item is Ellipsis
        or isinstance(item, slice)
        or _is_sequence(item)
        or as_array(item) is not None
        for item in key
    )


def _count_specified_dims(items: tuple[object, ...], as_array: AsArray) -> int:
    """How many tensor dims the key consumes (torch's count_specified_dimensions)."""
    count = 0
    for item in items:
        array = as_array(item)
        if array is not None:
            count += array.ndim if array.dtype in (np.bool_, np.uint8) else 1
        elif not (item is None or item is Ellipsis or isinstance(item, bool)):
            count += 1
    return count


# ---------------------------------------------------------------------------
# the plan builder: applies items left to right on a running shape


class Uint8MaskInSetitem(Exception):  # noqa: N818 - a signal, not an error
    """A uint8 mask in ``x[key] = value``'s key: torch's index_put_ refuses it for a
    one-element value (masked_fill_) and warns otherwise, which the caller decides
    (``views._uint8_setitem_plan``)."""


class _PlanBuilder:
    for_setitem = False  # (set on the instance by setitem's parse only)

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.original_ndim = len(shape)
        self.shape = list(shape)
        self.steps: list[ViewStep] = []
        # Index arrays by position in torch's index list; a k-dim mask occupies one
        # slot here and is expanded to k nonzero() arrays in finish().
        self.tensor_indices: list[np.ndarray | None] = []
        self.dim = 0

    # -- single-item fast path ------------------------------------------------
    def apply_single(self, key: object, *, for_setitem: bool) -> None:
        if key is None:
            self._unsqueeze(0)
        elif key is Ellipsis:
            pass
        elif isinstance(key, bool):
            self._bool(key)
        elif isinstance(key, slice):
            self._require_dims_for_slice()
            self._slice(0, key, skip_full_slice=for_setitem)
        else:
            index = _python_int(key)
            assert index is not None
            if not self.shape:
                if index == 0:
                    raise errors.error("index_0dim")
                raise errors.error("index_out_of_bounds", index=index, dim=0, size=0)
            self._select(0, index, reported_dim=0)

    # -- tuple path -----------------------------------------------------------
    def apply_item(self, item: object, position: int, specified: int, as_array: AsArray) -> None:
        array = as_array(item)
        if array is not None:
            self._tensor(array, position)
            return
        if item is None:
            self._unsqueeze(self.dim)
            self.dim += 1
        elif item is Ellipsis:
            self.dim += self.original_ndim - specified
        elif isinstance(item, bool):
            self._bool(item)
        elif isinstance(item, slice):
            self._require_dims_for_slice()
            self._slice(self.dim, item, skip_full_slice=True)
            self.dim += 1
        elif _python_int(item) is not None:
            self._select(self.dim, _python_int(item), reported_dim=position)  # type: ignore[arg-type]
        elif isinstance(item, str):
            raise errors.error("tensor_from_bad_data", type_name="str")
        elif isinstance(item, (list, tuple, range, np.ndarray)):
            self._record_index(_sequence_to_index_array(item))
        else:
            raise errors.error("index_type", type_name=_type_name(item))

    # -- individual operations ------------------------------------------------
    def _select(self, dim: int, index: int, reported_dim: int) -> None:
        size = self.shape[dim]
        if not -size <= index < size:
            raise errors.error("index_out_of_bounds", index=index, dim=reported_dim, size=size)
        self.steps.append(SelectStep(dim, index + size if index < 0 else index))
        del self.shape[dim]

    def _slice(self, dim: int, key: slice, *, skip_full_slice: bool) -> None:
        step = 1 if key.step is None else _slice_bound(key.step)
        if step == 0:
            raise errors.error("step_zero")
        if step < 0:
            raise errors.error("step_not_positive")
        size = self.shape[dim]
        raw_start = 0 if key.start is None else _slice_bound(key.start)
        raw_stop = None if key.stop is None else _slice_bound(key.stop)
        # Torch skips a slice that provably covers the whole dim (no SliceBackward0 recorded).
        if (
            skip_full_slice
            and raw_start == 0
            and step == 1
            and (raw_stop is None or raw_stop >= size)
        ):
            return
        start, stop, _ = slice(raw_start, raw_stop, step).indices(size)
        stop = max(stop, start)
        self.steps.append(SliceStep(dim, start, stop, step))
        self.shape[dim] = len(range(start, stop, step))

    def _unsqueeze(self, dim: int) -> None:
        self.steps.append(UnsqueezeStep(dim))
        self.shape.insert(dim, 1)

    def _bool(self, value: bool) -> None:
        # Torch: unsqueeze, then index that new dim with [0] (True) or [] (False).
        self._unsqueeze(self.dim)
        self._record_index(np.zeros(1 if value else 0, dtype=np.int64))

    def _tensor(self, array: np.ndarray, position: int) -> None:
        if array.dtype not in _INDEX_DTYPES:
            raise errors.error("index_dtype")
        if array.ndim == 0 and array.dtype in (np.bool_, np.uint8):
            self._bool(bool(array))
        elif array.ndim == 0:
            self._select(self.dim, int(array), reported_dim=position)
        else:
            self._record_index(array)

    def _record_index(self, array: np.ndarray) -> None:
        if array.dtype == np.uint8:
            if self.for_setitem:
                raise Uint8MaskInSetitem
            errors.warn_at_caller("uint8_index")
            array = array.astype(np.bool_)
        # Pad so that the entry lands on dim ``self.dim`` once masks are expanded.
        while self._indexed_dims() < self.dim:
            self.tensor_indices.append(None)
        self.tensor_indices.append(array)
        self.dim += array.ndim if array.dtype == np.bool_ else 1

    def _indexed_dims(self) -> int:
        return sum(
            1 if entry is None or entry.dtype != np.bool_ else entry.ndim
            for entry in self.tensor_indices
        )

    def _require_dims_for_slice(self) -> None:
        if not self.shape:
            raise errors.error("slice_0dim")

    # -- result ----------------------------------------------------------------
    def finish(self, as_array: AsArray) -> IndexPlan:
        view_shape = tuple(self.shape)
        if not self.tensor_indices:
            return IndexPlan(tuple(self.steps), view_shape, None, view_shape)
        advanced = _expand_masks(self.tensor_indices, view_shape)
        if len(advanced) > len(view_shape):  # (index tensors past a second ``...``)
            raise errors.error("too_many_indices_got", ndim=len(view_shape), count=len(advanced))
        result_shape = index_result_shape(view_shape, advanced)
        check_index_bounds(view_shape, advanced, result_shape)
        return IndexPlan(tuple(self.steps), view_shape, tuple(advanced), result_shape)


def _expand_masks(
    indices: list[np.ndarray | None], view_shape: tuple[int, ...]
) -> list[np.ndarray | None]:
    """Replace each k-dim bool mask by its k ``nonzero()`` arrays (torch's expandTensors)."""
    expanded: list[np.ndarray | None] = []
    for entry in indices:
        if entry is None or entry.dtype != np.bool_:
            expanded.append(None if entry is None else entry.astype(np.int64, copy=False))
            continue
        for mask_dim in range(entry.ndim):
            target_dim = len(expanded) + mask_dim
            if target_dim >= len(view_shape) or entry.shape[mask_dim] != view_shape[target_dim]:
                raise errors.error(
                    "mask_shape_at",
                    mask_shape=list(entry.shape),
                    mask_dim=mask_dim,
                    tensor_shape=list(view_shape),
                    tensor_dim=target_dim,
                )
        expanded.extend(np.nonzero(entry))
    return expanded


def _broadcast_index_shapes(arrays: list[np.ndarray]) -> tuple[int, ...]:
    shapes = [array.shape for array in arrays]
    if shapes and all(shape == shapes[0] for shape in shapes):
        return shapes[0]  # the usual case, without np.broadcast_shapes' dummy arrays
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        shapes = ", ".join(str(list(array.shape)) for array in arrays)
        raise errors.error("index_broadcast", shapes=shapes) from None


def _slice_bound(value: object) -> int:
    bound = _python_int(value)
    if bound is None:
        if hasattr(value, "__index__"):
            return int(value.__index__())  # type: ignore[attr-defined]
        raise TypeError("slice indices must be integers or None or have an __index__ method")
    return bound


def _type_name(obj: object) -> str:
    cls = type(obj)
    return cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"


def _sequence_to_index_array(data: list | tuple | range | np.ndarray) -> np.ndarray:
    """Torch's indexing_tensor_from_data: bool (or uint8) data stays a mask, all else becomes int64.

    Floats are truncated toward zero, like torch's cast to Long.
    """
    if type(data) is list and data and _is_int64_list(data):
        return np.array(data, dtype=np.int64)  # (the general path's array, without its checks)
    return _sequence_to_index_array_generally(data)


def _sequence_to_index_array_generally(data: list | tuple | range | np.ndarray) -> np.ndarray:
    """:func:`_sequence_to_index_array` for any data."""
    if isinstance(data, np.ndarray):
        dtypes.check_numpy_strides(data)
        array = data
    elif isinstance(data, range):
        array = np.array(data, dtype=np.int64)
    else:
        _check_rectangular(data, depth=0)
        array = np.array(data) if data else np.zeros(0, dtype=np.int64)
    if array.dtype in (np.bool_, np.uint8):
        return array
    if array.dtype.kind not in "iuf":
        raise errors.error("index_type", type_name=_type_name(data))
    return array.astype(np.int64)


_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


def _is_int64_list(data: list) -> bool:
    """A list of exact ints that all fit in int64: ``np.array`` makes it an int64 array."""
    for value in data:
        if type(value) is not int:
            return False
    return _INT64_MIN <= min(data) and max(data) <= _INT64_MAX


def _check_rectangular(data: object, depth: int) -> None:
    """Raise torch's ValueError for ragged nested lists ("expected sequence of length …")."""
    if not isinstance(data, (list, tuple)) or not data:
        return
    for item in data:
        if isinstance(item, str):
            raise errors.error("tensor_from_bad_data", type_name="str")
    lengths = [len(item) if isinstance(item, (list, tuple)) else None for item in data]
    expected = lengths[0]
    for length in lengths[1:]:
        if length != expected:
            raise errors.error("tensor_ragged", expected=expected, dim=depth + 1, got=length)
    for item in data:
        _check_rectangular(item, depth + 1)


# ---------------------------------------------------------------------------
# executing a plan on plain numpy arrays (the forward of the view/index ops)


def apply_view_step(array: np.ndarray, step: ViewStep) -> np.ndarray:
    """One view step on a numpy array; the result is a numpy *view* of ``array``."""
    if isinstance(step, SelectStep):
        return array[(slice(None),) * step.dim + (step.index, Ellipsis)]
    if isinstance(step, SliceStep):
        return array[(slice(None),) * step.dim + (slice(step.start, step.stop, step.step),)]
    return np.expand_dims(array, step.dim)


def apply_plan(array: np.ndarray, plan: IndexPlan) -> np.ndarray:
    """``array[key]`` with torch semantics, for a key already parsed into ``plan``."""
    for step in plan.steps:
        array = apply_view_step(array, step)
    if plan.advanced is None:
        return array
    if 0 in plan.result_shape:
        # numpy would still bounds-check indices that torch never looks at.
        return np.zeros(plan.result_shape, dtype=array.dtype)
    return array[plan.numpy_key()]
