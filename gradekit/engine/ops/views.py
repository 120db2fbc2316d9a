"""Views, shape ops and indexing (``__getitem__`` / ``__setitem__``) with torch's autograd.

Three kinds of results, as in torch:

* **Views** (select, slice, view, reshape when viewable, t, transpose, permute, expand,
  squeeze, unsqueeze, narrow, split/chunk/unbind outputs, alias) share the numpy buffer
  *and* the version counter with their input; ``_base`` is the root (non-view) tensor.
  Each view also remembers ``_view_fn``: the numpy function that turns an array shaped
  like the root into the view.  Applying it to ``arange(root.numel())`` gives, for every
  element of the view, its flat position in the root, which is all the in-place
  machinery (CopySlices / AsStridedBackward0) needs.
* **Gathers** (advanced indexing, index_select, gather, repeat, flip, cat, stack) are
  copies; each is ``input.ravel()[positions]`` for an int64 ``positions`` array, so one
  backward serves them all: scatter-add the gradient into zeros (``np.add.at``, correct
  for duplicate indices).
* **In-place writes** (``__setitem__``, ``index_put_``, ``masked_fill_``) write into the
  numpy buffer, bump the shared version and record a node; when the target is a view the
  core calls :func:`rebase_inplace_view`, which gives the base a ``CopySlices`` node and
  the view an ``AsStridedBackward0`` node, like torch.

Every backward formula is written with differentiable engine ops, so gradients of
gradients work (``create_graph=True``).

Key parsing lives in :mod:`gradekit.engine.indexing` (pure numpy); this module executes
the parsed plan on Tensors.
"""

from __future__ import annotations

import builtins
import math
import operator
import sys
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from .. import errors
from ..autograd import grad_mode
from ..autograd.graph import CopyBackwards, Node
from ..dtypes import FLOATING, INTEGRAL, bool_, dtype, int32, int64, result_type, uint8
from ..indexing import (
    IndexPlan,
    SelectStep,
    SliceStep,
    Uint8MaskInSetitem,
    UnsqueezeStep,
    parse_index,
    parse_index_tensors,
)
from ..tensor import Tensor, register_method
from . import arguments, overloads
from .core import broadcast_error, is_scalar, maybe_wrap_dim, requires_grad, scalar_value
from .layout import (
    contiguous_strides,
    copied_preserving_layout,
    element_strides,
    empty_preserving_layout,
    torch_laid,
)
from .quiet import quiet_call
from .scalars import checked_scalar

ViewFn = Callable[[np.ndarray], np.ndarray]


# =============================================================================
# node classes
#
# torch has one grad_fn class per name; most view/gather ops here share a backward
# ("scatter the gradient back to the positions it came from"), so the classes are
# created from a few behaviours by name.


class _GatherNode(Node):
    """Backward of ``out = input.ravel()[positions]`` (positions computed lazily)."""

    __slots__ = ("input_shape", "_positions", "_positions_fn")

    def positions(self) -> np.ndarray:
        if self._positions is None:
            grid = np.arange(math.prod(self.input_shape), dtype=np.int64).reshape(self.input_shape)
            self._positions = self._positions_fn(grid)
        return self._positions

    def backward(self, grad: Tensor) -> tuple:
        if self._saved is not None or self._released:
            self.saved_tensors  # noqa: B018 - unpacking checks the index tensors' versions
        name = type(self).__name__
        scattered = scatter_positions(
            grad, self.positions(), self.input_shape, _backward_name(self), forward_name=name
        )
        return (scattered,)


class _ScatterNode(Node):
    """Backward of ``out = zeros(shape); out.ravel()[positions] += input``.

    ``forward_name`` is the gather this scatter undoes; its own backward is that gather.
    Nodes named after torch's two-input scatters (IndexAdd, ScatterAdd, …) have a first
    ``(None, 0)`` edge for the zeros tensor, as in torch.
    """

    __slots__ = ("positions", "forward_name")

    def backward(self, grad: Tensor) -> tuple:
        gathered = take_positions(grad, self.positions, self.forward_name)
        return (None, gathered) if len(self.next_functions) == 2 else (gathered,)


class _PutNode(Node):
    """Backward of ``out = input.clone(); out.ravel()[positions] = values`` (or ``+=``)."""

    __slots__ = ("positions", "accumulate")

    def backward(self, grad: Tensor) -> tuple:
        if self._released:  # (torch's node saved the indices, freed after a backward)
            raise errors.error("backward_twice")
        if self.accumulate:
            self_grad = grad
        else:
            zero = Tensor._make(np.zeros((), dtype=grad.dtype.np_dtype), grad.dtype)
            self_grad = put_positions(grad, self.positions, zero, accumulate=False)
        return self_grad, take_positions(grad, self.positions, "IndexBackward0")


_NODE_CLASSES: dict[tuple[str, type], type] = {}


def _node_class(name: str, behaviour: type[Node]) -> type[Node]:
    """The grad_fn class called ``name`` with the backward of ``behaviour`` (cached)."""
    key = (name, behaviour)
    cls = _NODE_CLASSES.get(key)
    if cls is None:
        cls = type(name, (behaviour,), {"__slots__": (), "__module__": "builtins"})
        _NODE_CLASSES[key] = cls
    return cls


#: Gathers whose backward torch writes as a two-input scatter into zeros.
_SCATTER_BACKWARDS = {
    "IndexBackward0": "IndexPutImplBackward0",
    "TakeBackward0": "PutBackward0",
    "IndexSelectBackward0": "IndexAddBackward0",
    "GatherBackward0": "ScatterAddBackward0",
    "MaskedSelectBackward0": "MaskedScatterBackward0",
}


def _backward_name(node: Node) -> str:
    """Name of the backward of a backward: ``SelectBackward0`` -> ``SelectBackwardBackward0``."""
    name = type(node).__name__.removesuffix("_copy")  # (diagonal_copy's is diagonal's)
    if name in _SCATTER_BACKWARDS:
        return _SCATTER_BACKWARDS[name]
    return name[:-1] + "Backward0" if name.endswith("Backward0") else name + "Backward"


class TransposeBackward0(Node):
    __slots__ = ("dim0", "dim1")

    def backward(self, grad: Tensor) -> tuple:
        return (transpose(grad, self.dim0, self.dim1),)


class TBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (t(grad),)


class PermuteBackward0(Node):
    __slots__ = ("dims",)

    def backward(self, grad: Tensor) -> tuple:
        return (_permute(grad, tuple(np.argsort(self.dims).tolist())),)


class _ReshapeBackNode(Node):
    """Backward of view / reshape: reshape the grad back to the input's shape."""

    __slots__ = ("self_sizes",)

    def backward(self, grad: Tensor) -> tuple:
        return (reshape(grad, self.self_sizes),)


class _SqueezeNode(Node):
    """Backward of squeeze: unsqueeze the removed dims again (none: the grad as it is)."""

    __slots__ = ("dims",)

    def backward(self, grad: Tensor) -> tuple:
        for dim in self.dims:
            grad = unsqueeze(grad, dim)
        return (grad,)


class UnsqueezeBackward0(Node):
    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        return (squeeze(grad, self.dim),)


class ExpandBackward0(Node):
    __slots__ = ("self_sizes",)

    def backward(self, grad: Tensor) -> tuple:
        from .reduction import sum_to

        return (sum_to(grad, self.self_sizes),)


class FlipBackward0(Node):
    __slots__ = ("dims",)

    def backward(self, grad: Tensor) -> tuple:
        return (flip(grad, self.dims),)


class CloneBackward0(Node):
    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


class CatBackward0(Node):
    __slots__ = ("dim", "sizes")

    def backward(self, grad: Tensor) -> tuple:
        grads: list[Tensor | None] = []
        offset = 0
        for size in self.sizes:
            if size is None:  # a legacy empty 1-d input that cat skipped
                grads.append(Tensor._make(np.zeros(0, dtype=grad.dtype.np_dtype), grad.dtype))
                continue
            grads.append(narrow(grad, self.dim, offset, size))
            offset += size
        return tuple(grads)


class StackBackward0(Node):
    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        return tuple(select(grad, self.dim, i) for i in range(len(self.next_functions)))


class _MultiViewNode(Node):
    """split / chunk / unbind: one node, several view outputs; None grads become zeros."""

    __slots__ = ("input_shape", "dim", "pieces", "num_outputs")

    def backward(self, grads: tuple | Tensor) -> tuple:
        if not isinstance(grads, tuple):  # the engine passes a lone output's grad bare
            grads = (grads,)
        filled = []
        for grad, (shape, dtype_) in zip(grads, self._output_meta, strict=True):
            if grad is None:
                grad = Tensor._make(np.zeros(shape, dtype=dtype_.np_dtype), dtype_)
            filled.append(grad)
        if type(self).__name__ == "UnbindBackward0":
            return (stack(filled, self.dim),)
        return (cat(filled, self.dim),)


class MaskedFillBackward0(Node):
    """masked_fill with a Python scalar: the filled positions get no gradient.  Saves mask."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        (mask,) = self.saved_tensors
        return (masked_fill(grad, mask, 0),)


class MaskedFillBackward1(Node):
    """masked_fill with a 0-d tensor value: the value gets the sum over the filled positions.
    Saves mask."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .reduction import sum_to

        (mask,) = self.saved_tensors
        kept = masked_fill(grad, mask, 0)
        filled = grad - kept
        return kept, sum_to(filled, ())


class FillBackward3(Node):
    """``fill_`` of a whole tensor (``y[...] = value``): nothing flows to the old values."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from .reduction import sum_to

        zero = Tensor._make(np.zeros(grad._data.shape, dtype=grad.dtype.np_dtype), grad.dtype)
        value_grad = sum_to(grad, ()) if self.next_functions[1][0] is not None else None
        return zero, value_grad


class CopySlices(Node):
    """grad_fn of a base after an in-place op on one of its views (torch's CopySlices).

    ``fn`` is the node of the in-place op on the view; ``positions`` are the view's
    elements as flat positions in the base; ``view_overlaps``: the view had a zero stride
    on a dim of size > 1 (an expanded view, which zero_/fill_ may write into).
    """

    __slots__ = ("fn", "positions", "view_overlaps")

    def backward(self, grad: Tensor) -> tuple:
        if self._released:  # (torch's CopySlices drops its ``fn`` after a backward)
            raise errors.error("backward_twice")
        grad_slice = take_positions(grad, self.positions, "AsStridedBackward0")
        view_grads = self.fn.backward(grad_slice)
        if self.view_overlaps and self.next_functions[0][0] is not None:
            # torch writes fn's gradient back with ``grad_slice.copy_(...)``, grad_slice
            # being the view's geometry over the base's gradient: expanded, so the copy
            # refuses to write (assert_no_internal_overlap)
            raise errors.error("internal_overlap")
        view_grad = view_grads[0]
        if view_grad is None:
            zero = Tensor._make(np.zeros((), dtype=grad.dtype.np_dtype), grad.dtype)
            view_grad = zero
        base_grad = put_positions(grad, self.positions, view_grad, accumulate=False)
        return (base_grad, *view_grads[1:])

    def _forward_op_name(self) -> str:
        return "torch::autograd::CopySlices"


class AliasBackward0(Node):
    """``x[...]`` and friends: the same elements, so the gradient passes through."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        return (grad,)


class RepeatBackward0(Node):
    """torch's ``repeat_backward``, step by step (its steps are the double-backward graph):
    zeros if a repeat is 0; each leading dim the repeat added summed away (``sum(0)``); then
    one reshape into (repeat, size) pairs, leaving out the repeats of 1, and one sum over the
    repeat axes; nothing at all when every remaining repeat is 1."""

    __slots__ = ("repeats", "self_sizes")

    def backward(self, grad: Tensor) -> tuple:
        repeats, self_sizes = self.repeats, self.self_sizes
        if 0 in repeats:  # (a new tensor of zeros, not recorded)
            return (Tensor._make(np.zeros(self_sizes, grad.dtype.np_dtype), grad.dtype),)
        added = len(repeats) - len(self_sizes)
        for _ in range(added):
            grad = grad.sum(0)
        grad_size: list[int] = []
        sum_dims: list[int] = []
        for repeat, size in zip(repeats[added:], self_sizes, strict=True):
            if repeat != 1:
                grad_size.append(repeat)
                sum_dims.append(len(grad_size) - 1)
            grad_size.append(size)
        if sum_dims:
            grad = reshape(grad, tuple(grad_size)).sum(tuple(sum_dims))
        return (grad,)


class _ModifiedMultiOutputView(Node):
    """The grad_fn of an output of split/chunk/unbind whose base (or another view of it) was
    modified in place: torch raises when it is read, or when a backward reaches it."""

    __slots__ = ("output_nr", "op")

    def error(self) -> Exception:
        return errors.error("multi_output_view_base_modified", output_nr=self.output_nr, op=self.op)

    def backward(self, grad: Tensor) -> tuple:
        raise self.error()

    def _forward_op_name(self) -> str:
        return self.op  # (the in-place error names the forward op: "Output 0 of Split")


# Tensor's repr prints its grad_fn's class name: torch prints a stale view as grad_fn=<Invalid>
_ModifiedMultiOutputView.__name__ = _ModifiedMultiOutputView.__qualname__ = "Invalid"


def _stale(view: Tensor) -> Any:
    raise view._grad_fn.error()


class _StaleMultiOutputView(Tensor):
    """The class of an output of split/chunk/unbind (or of a view of one) once its base or
    another view of the base was modified in place (``regenerate_view_grad_fns`` swaps it
    in): torch raises "Output 0 of Split is a view and its base ... has been modified
    inplace" as soon as the view is used in an op that records (its grad_fn is read: here
    ``_edge``), and for its grad_fn, is_leaf, retain_grad and register_hook; under no_grad,
    for detach, comparisons and printing (``grad_fn=<Invalid>``: its node's class name)
    it is a tensor as any.
    A class of its own, so that Tensor's paths pay nothing for it."""

    __slots__ = ()

    _edge = _stale  # type: ignore[assignment]
    grad_fn = property(_stale)  # type: ignore[assignment]
    is_leaf = property(_stale)  # type: ignore[assignment]

    def retain_grad(self) -> None:
        _stale(self)

    def register_hook(self, hook: Any) -> Any:
        _stale(self)


# (type(view) still reads as torch.Tensor)
_StaleMultiOutputView.__name__ = _StaleMultiOutputView.__qualname__ = "Tensor"


class AsStridedBackward0(_GatherNode):
    """grad_fn of ``as_strided`` views (``geometry``: the input's and the view's, for
    torch's as_strided_backward, ``ops/strided.py``) and of a view whose base was modified
    in place (``geometry`` None: a strided window on the base)."""

    __slots__ = ("geometry",)

    def backward(self, grad: Tensor) -> tuple:
        if self.geometry is None:
            return super().backward(grad)
        from .strided import as_strided_backward

        return (as_strided_backward(grad, *self.geometry),)


# =============================================================================
# differentiable gather / scatter / put primitives (used by every backward here)


def take_positions(
    x: Tensor, positions: np.ndarray, name: str = "IndexBackward0", saved: Sequence[Tensor] = ()
) -> Tensor:
    """``x.ravel()[positions]`` as a recorded op (a copy, not a view).

    ``saved`` are index tensors torch saves for backward (so modifying them in place
    makes backward raise torch's version-counter error).
    """
    data = np.ascontiguousarray(x._data).reshape(-1)[positions]
    node = None
    if requires_grad(x):
        node = _node_class(name, _GatherNode)((x._edge(),), ((data.shape, x.dtype),))
        node.input_shape = x._data.shape
        node._positions = positions
        node._positions_fn = None
        if saved or name in _SAVING_GATHERS:
            node.save(*saved)  # (freed after a backward: a second one raises, as torch's)
    return Tensor._make(data, x.dtype, node)


#: Gathers whose torch node saves tensors (derivatives.yaml: the indices, and gather's,
#: masked_select's inputs), even where the engine needs none of them for the backward.
_SAVING_GATHERS = frozenset(
    (
        "IndexBackward0",
        "IndexSelectBackward0",
        "GatherBackward0",
        "MaskedSelectBackward0",
        "TakeBackward0",
    )
)


def scatter_positions(
    grad: Tensor,
    positions: np.ndarray,
    shape: tuple[int, ...],
    name: str,
    forward_name: str = "IndexBackward0",
) -> Tensor:
    """``zeros(shape)`` with ``grad`` added at ``positions`` (duplicates accumulate)."""
    flat = np.zeros(math.prod(shape), dtype=grad.dtype.np_dtype)
    np.add.at(flat, positions, np.broadcast_to(grad._data, positions.shape))
    node = None
    if requires_grad(grad):
        edges = (grad._edge(),)
        if name in _SCATTER_BACKWARDS.values():
            edges = ((None, 0), *edges)
        node = _node_class(name, _ScatterNode)(edges, ((tuple(shape), grad.dtype),))
        node.positions, node.forward_name = positions, forward_name
    return Tensor._make(flat.reshape(shape), grad.dtype, node)


def put_positions(
    x: Tensor,
    positions: np.ndarray,
    values: Tensor,
    accumulate: bool,
    name: str = "IndexPutBackward0",
) -> Tensor:
    """Out-of-place ``x.ravel()[positions] = values`` (``+=`` if accumulate), recorded as
    ``name``."""
    flat = np.array(x._data, dtype=x.dtype.np_dtype, copy=True).reshape(-1)
    _write_flat(flat, positions, values._data, accumulate)
    node = None
    if requires_grad(x, values):
        node = _node_class(name, _PutNode)((x._edge(), values._edge()), ((x._data.shape, x.dtype),))
        node.positions, node.accumulate = positions, accumulate
        node._saved = ()  # (torch's saves the indices: freed after a backward)
    return Tensor._make(flat.reshape(x._data.shape), x.dtype, node)


def _write_flat(
    flat: np.ndarray, positions: np.ndarray, values: np.ndarray, accumulate: bool
) -> None:
    values = np.broadcast_to(values, positions.shape).astype(flat.dtype, copy=False)
    if accumulate:
        np.add.at(flat, positions, values)
    else:
        flat[positions] = values  # duplicate positions: the last write wins, as in torch


def _recorded_inplace(x: Tensor, node: Node | None) -> Tensor:
    """``x`` after an in-place write: its version bumped, ``node`` (if any) its grad_fn."""
    x._bump_version()
    if node is not None:
        x._set_grad_fn_inplace(node)
    return x


def _write_positions(
    data: np.ndarray, positions: np.ndarray, values: Any, accumulate: bool = False
) -> None:
    """``data``'s elements at row-major ``positions`` set to values (``+=`` if accumulate),
    element by element through the (possibly strided) array itself, so only those elements
    are touched, even in an expanded tensor; duplicates: the last write wins, as in torch."""
    target = data if data.ndim else data.reshape(1)
    where = np.unravel_index(positions, target.shape)
    if accumulate:
        np.add.at(target, where, values)
    else:
        target[where] = values


def _positions_grid(shape: Sequence[int]) -> np.ndarray:
    return np.arange(math.prod(shape), dtype=np.int64).reshape(tuple(shape))


# =============================================================================
# making views


def has_zero_stride(data: np.ndarray) -> bool:
    """A zero stride on a dim of size > 1: several elements share memory (torch's
    ``has_internal_overlap`` answering YES)."""
    if 0 not in data.strides:  # the usual view: no generator to run
        return False
    shape = data.shape
    if 0 in shape:  # (numpy's zero strides of an empty array: torch's is contiguous)
        return False
    return any(stride == 0 and size > 1 for stride, size in zip(data.strides, shape, strict=True))


def _make_view(source: Tensor, data: np.ndarray, node: Node | None, view_fn: ViewFn) -> Tensor:
    """Wrap numpy view ``data`` of ``source`` as a torch view (shared memory and version)."""
    root = source if source._base is None else source._base
    out = Tensor._make(data, source.dtype, node, 0, source._version_counter, root)
    if has_zero_stride(data):
        out.__dict__["_overlapping"] = True  # several elements share memory: no in-place writes
    if not grad_mode.enabled and source._requires_grad:
        # torch: a leaf that requires grad; modifying it in place with grad mode on is an error
        out._requires_grad = True
        out.__dict__["_no_grad_view"] = source._version_counter[0]  # see check_no_grad_view
        # ...but only through its base: its own flag is off, so torch gives it no grad
        # accumulator and backward leaves its .grad None (until requires_grad_() sets the flag)
        out.__dict__["_inherits_requires_grad"] = True
    if grad_mode.enabled and (
        "_no_grad_view" in source.__dict__ or "_view_of_no_grad_view" in source.__dict__
    ):
        out.__dict__["_view_of_no_grad_view"] = True  # torch: inherits the no_grad creation meta
    if grad_mode.enabled and "_multi_output_view" in source.__dict__:
        out.__dict__["_multi_output_view"] = True  # torch: views of it inherit the ban
    parent_fn = source.__dict__.get("_view_fn") if source._base is not None else None
    out.__dict__["_view_fn"] = view_fn if parent_fn is None else _compose(parent_fn, view_fn)
    views = root.__dict__.get("_views")
    if views is None:
        views = root.__dict__["_views"] = ViewRefs()
    views.refs.append(_weak_ref(out))
    if len(views.refs) > views.limit:
        views.prune()
    return out


_weak_ref = weakref.ref


def empty_view_strides(view: Tensor) -> tuple[int, ...]:
    """The strides of an empty view as torch derives them (``Tensor.stride``): numpy zeroed
    those of an empty root, so the view function is applied to the root laid out with
    torch's strides (a view of a non-empty root has numpy's, derived from real ones)."""
    view_fn = view.__dict__.get("_view_fn")
    root = view._base._data
    data = view._data if view_fn is None or root.size else view_fn(torch_laid(root))
    return tuple(stride // data.itemsize for stride in data.strides)


class ViewRefs:
    """The views of a root tensor, weakly held: iterating gives the live ones.

    A plain list of weak references without callbacks, not a ``weakref.WeakSet``: every
    view is added here, and ``WeakSet.add`` (a Python method making a reference with a
    Python callback, which runs again when the view dies) cost more than the rest of
    making a view. Dead references are dropped when the list has doubled since the last
    time, so it holds at most about twice the live views.
    """

    __slots__ = ("refs", "limit")

    def __init__(self) -> None:
        self.refs: list[weakref.ref] = []
        self.limit = 8

    def prune(self) -> None:
        self.refs = [ref for ref in self.refs if ref() is not None]
        self.limit = max(8, 2 * len(self.refs))

    def __iter__(self) -> Iterator[Tensor]:
        for ref in self.refs:
            view = ref()
            if view is not None:
                yield view


def _compose(first: ViewFn, then: ViewFn) -> ViewFn:
    return lambda array: then(first(array))


def _record_view(
    source: Tensor,
    data: np.ndarray,
    view_fn: ViewFn,
    node_cls: type[Node],
    **attributes: Any,
) -> Tensor:
    """A view of ``source``; records ``node_cls`` (with ``attributes``) when grad is needed."""
    node = None
    if requires_grad(source):
        node = node_cls((source._edge(),), ((data.shape, source.dtype),))
        for name, value in attributes.items():
            setattr(node, name, value)
        if isinstance(node, _GatherNode):
            node.input_shape = source._data.shape
            node._positions = None
            node._positions_fn = view_fn
    return _make_view(source, data, node, view_fn)


def check_no_grad_view(view: Tensor) -> None:
    """torch's error for a view made under no_grad once its memory was modified in place.

    Called by the core when such a view's grad_fn is read or the view enters an op.
    """
    if view._version_counter[0] != view.__dict__["_no_grad_view"]:
        raise errors.error("view_no_grad_base_modified")


def _check_inplace_on_expanded(target: Tensor, warning: str, stacklevel: int) -> None:
    """index_put_ / masked_fill_ may write into an expanded tensor, with torch's warning."""
    overlapping = target.__dict__.pop("_overlapping", None)
    try:
        target._check_inplace()
    finally:
        if overlapping:
            target.__dict__["_overlapping"] = True
    if overlapping:
        errors.warn(warning, stacklevel=stacklevel)


def view_positions(view: Tensor) -> np.ndarray:
    """Flat positions in ``view._base`` of each element of ``view``."""
    return view.__dict__["_view_fn"](_positions_grid(view._base._data.shape))


def rebase_inplace_view(view: Tensor, node: Node) -> None:
    """After in-place op ``node`` on ``view``: base gets CopySlices, views get AsStridedBackward0.

    Called by ``Tensor._set_grad_fn_inplace`` (the core) for every recorded in-place op
    on a view.  ``node.next_functions[0]`` is the view's old history; CopySlices replaces
    it with the base's old history and keeps the op's other inputs.
    """
    base = view._base
    positions = view_positions(view)
    copy_slices = CopySlices(
        (base._edge(), *node.next_functions[1:]),
        ((base._data.shape, base.dtype),),
    )
    copy_slices.fn, copy_slices.positions = node, positions
    copy_slices._saved = ()  # (released after a backward: a second one raises, as torch's)
    copy_slices.view_overlaps = has_zero_stride(view._data)
    base._set_grad_fn_inplace(copy_slices)
    regenerate_view_grad_fns(base)


def regenerate_view_grad_fns(base: Tensor, *, recorded_only: bool = False) -> None:
    """Every live view of ``base`` now reads the new base: AsStridedBackward0(base.grad_fn).

    ``recorded_only``: only views that already have a grad_fn (a write under no_grad).
    """
    for other in list(base.__dict__.get("_views", ())):
        if other._grad_fn is None and (other._requires_grad or recorded_only):
            continue  # a leaf that is a view: ``arange(6.).view(2, 3).requires_grad_()``
        if "_multi_output_view" in other.__dict__ and other._grad_fn is not None:
            # torch refuses to regenerate the grad_fn of an output of split/chunk/unbind:
            # reading it (or a backward through it) raises
            # (raised when the view is next used in an op: _StaleMultiOutputView)
            if type(other._grad_fn) is not _ModifiedMultiOutputView:
                meta = ((other._data.shape, other.dtype),)
                stale = _ModifiedMultiOutputView((base._edge(),), meta)
                stale.output_nr = other._output_nr
                stale.op = other._grad_fn._forward_op_name()
                other._grad_fn = stale
                other.__class__ = _StaleMultiOutputView
            continue
        node = AsStridedBackward0((base._edge(),), ((other._data.shape, other.dtype),))
        node.geometry = None
        node.input_shape = base._data.shape
        node._positions = None
        node._positions_fn = other.__dict__["_view_fn"]
        other._grad_fn = node
        other._output_nr = 0
        other._requires_grad = True


# =============================================================================
# basic view ops


def select(
    x: Tensor,
    dim: int = errors.REQUIRED,
    index: int = errors.REQUIRED,
    surplus: Any = None,
    axis: Any = None,
) -> Tensor:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(select, x, dim, index, surplus, axis)
    try:
        if x._data.ndim == 0:
            raise errors.error("select_0dim")
        dim = _wrap_dim(dim, x._data.ndim)
        index = int(index)
        size = x._data.shape[dim]
        if not -size <= index < size:
            sizes = list(x._data.shape)
            raise errors.error("select_out_of_range", index=index, sizes=sizes, dim=dim)
        index = index + size if index < 0 else index
        key = (slice(None),) * dim + (index, Ellipsis)  # Ellipsis keeps 0-d results arrays
        return _record_view(
            x, x._data[key], lambda a: a[key], _node_class("SelectBackward0", _GatherNode)
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("select", x, failure, dim, index) from None


def _slice(x: Tensor, dim: int, start: int, stop: int, step: int) -> Tensor:
    key = (slice(None),) * dim + (slice(start, stop, step),)
    return _record_view(
        x, x._data[key], lambda a: a[key], _node_class("SliceBackward0", _GatherNode)
    )


def alias(x: Tensor) -> Tensor:
    return _record_view(x, x._data[...], lambda a: a[...], AliasBackward0)


def narrow(
    x: Tensor,
    dim: int = errors.REQUIRED,
    start: Any = errors.REQUIRED,
    length: int = errors.REQUIRED,
    surplus: Any = None,
    axis: Any = None,
) -> Tensor:
    """``x.narrow(dim, start, length)``: a SliceBackward0 view."""
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(narrow, x, dim, start, length, surplus, axis)
    try:
        if x._data.ndim == 0:
            raise errors.error("narrow_0dim")
        dim = _wrap_dim(dim, x._data.ndim)
        # torch's parser takes an index (a float is its TypeError), or a tensor start
        first = int(start) if isinstance(start, Tensor) else operator.index(start)
        count = operator.index(length)
        size = x._data.shape[dim]
        if not -size <= first <= size:
            raise errors.error("narrow_start", low=-size, high=size, start=first)
        if first < 0:
            first += size
        if count < 0:
            raise errors.error("narrow_negative_length")
        if first + count > size:
            raise errors.error("narrow_length", start=first, length=count, size=size)
        return _slice(x, dim, first, first + count, 1)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("narrow", x, failure, dim, start, length) from None


def transpose(x: Tensor, dim0: int, dim1: int) -> Tensor:
    try:
        ndim = x._data.ndim
        dim0, dim1 = _wrap_dim(dim0, ndim), _wrap_dim(dim1, ndim)
        if ndim == 0:  # only transpose(0, 0) / (-1, -1) reach here: an identity view
            dim0 = dim1 = 0
            return _record_view(
                x, x._data[...], lambda a: a[...], TransposeBackward0, dim0=0, dim1=0
            )
        return _record_view(
            x,
            np.swapaxes(x._data, dim0, dim1),
            lambda a: np.swapaxes(a, dim0, dim1),
            TransposeBackward0,
            dim0=dim0,
            dim1=dim1,
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("transpose", x, failure, dim0, dim1) from None


def t(x: Tensor) -> Tensor:
    try:
        if x._data.ndim > 2:
            raise errors.error("t_ndim", ndim=x._data.ndim)
        return _record_view(x, x._data.T, lambda a: a.T, TBackward0)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("t", x, failure) from None


def _diagonal_view_fn(offset: int, dim1: int, dim2: int) -> ViewFn:
    """The numpy view of diagonal ``offset`` of dims ``dim1``/``dim2``, moved last, as
    torch's; writeable when its array is (numpy makes diagonals read-only)."""

    def view_fn(a: np.ndarray) -> np.ndarray:
        view = np.diagonal(a, offset, dim1, dim2)
        if a.flags.writeable:
            view.flags.writeable = True
        return view

    return view_fn


def _diagonal_dims(x: Tensor, offset: Any, dim1: Any, dim2: Any) -> tuple[int, int, int]:
    """diagonal's (offset, dim1, dim2), wrapped, with torch's errors."""
    offset = operator.index(offset)  # (a float is the parser's TypeError)
    ndim = x._data.ndim
    dim1, dim2 = maybe_wrap_dim(dim1, ndim), maybe_wrap_dim(dim2, ndim)
    if dim1 == dim2:
        raise errors.error("diagonal_same_dims", dim1=dim1, dim2=dim2)
    return offset, dim1, dim2


def diagonal(x: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1, *surplus: Any) -> Tensor:
    """``torch.diagonal(x, offset=0, dim1=0, dim2=1)``: a DiagonalBackward0 view whose last
    dim is the diagonal (empty when offset is past the matrix)."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        offset, dim1, dim2 = _diagonal_dims(x, offset, dim1, dim2)
        view_fn = _diagonal_view_fn(offset, dim1, dim2)
        node_cls = _node_class("DiagonalBackward0", _GatherNode)
        return _record_view(x, view_fn(x._data), view_fn, node_cls)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(
            "diagonal", x, failure, offset, dim1, dim2, *surplus, exact=True
        ) from None


def diag(x: Tensor, diagonal: int = 0, *surplus: Any) -> Tensor:
    """``torch.diag(x, diagonal=0)``: of a 2-d tensor, a copy of its diagonal
    (DiagonalBackward0_copy); of a 1-d one, the square matrix with x on that diagonal
    (DiagEmbedBackward0)."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        offset = operator.index(diagonal)  # (a float is the parser's TypeError)
        ndim = x._data.ndim
        if ndim not in (1, 2):
            raise errors.error("diag_ndim", ndim=ndim)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("diag", x, failure, diagonal, *surplus, exact=True) from None
    if ndim == 2:
        positions = _diagonal_view_fn(offset, 0, 1)(_positions_grid(x._data.shape))
        return take_positions(x, np.ascontiguousarray(positions), "DiagonalBackward0_copy")
    size = x._data.shape[0] + abs(offset)
    positions = _diagonal_view_fn(offset, 0, 1)(_positions_grid((size, size)))
    return scatter_positions(
        x, np.ascontiguousarray(positions), (size, size), "DiagEmbedBackward0", "DiagonalBackward0"
    )


def permute(x: Tensor, *order_given: Any, dims: Any = None) -> Tensor:
    if dims is not None or not order_given:  # x.permute(dims=(1, 0)), or no dims at all
        order_given = arguments.keyword_size("permute", "dims", order_given, dims)
    try:
        order = _dim_list(order_given)
        ndim = x._data.ndim
        if len(order) != ndim:
            raise errors.error("permute_ndim", ndim=ndim, count=len(order))
        wrapped = [_wrap_dim(d, ndim) for d in order]
        if len(set(wrapped)) != len(wrapped):
            raise errors.error("permute_duplicate")
        return _permute(x, tuple(wrapped))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        # (exact: every dim is the caller's, so a trailing None is no default left out)
        raise arguments.not_a_tensor("permute", x, failure, *order_given, exact=True) from None


def _permute(x: Tensor, order: tuple[int, ...]) -> Tensor:
    return _record_view(
        x,
        np.transpose(x._data, order),
        lambda a: np.transpose(a, order),
        PermuteBackward0,
        dims=order,
    )


def _T(x: Tensor) -> Tensor:  # noqa: N802 - torch's property name
    ndim = x._data.ndim
    # torch's TORCH_WARN_ONCE; stacklevel 3 points at the caller of this function.
    if ndim == 0:
        errors.warn_once("transpose_T_0d", stacklevel=3)
    elif ndim != 2:
        errors.warn_once("transpose_T_deprecated", stacklevel=3)
    return _permute(x, tuple(range(ndim - 1, -1, -1)))


def _mT(x: Tensor, name: str = "mT", stacklevel: int = 4) -> Tensor:  # noqa: N802 - torch's name
    """``x.mT`` / ``x.mH`` / ``x.adjoint()`` (real dtypes only): transpose the last two dims."""
    if x._data.ndim == 0:
        errors.warn_once(f"{name}_0d", stacklevel - 1)
        return x  # torch 2.13 returns the 0-d tensor itself
    if x._data.ndim < 2:
        shown = name + "()" if name == "adjoint" else name
        raise errors.error("mT_ndim", name=shown, ndim=x._data.ndim)
    return transpose(x, -2, -1)


def movedim(x: Tensor, source: Any, destination: Any) -> Tensor:
    try:
        ndim = x._data.ndim
        sources = [_wrap_dim(d, ndim) for d in _dim_list((source,))]
        targets = [_wrap_dim(d, ndim) for d in _dim_list((destination,))]
        if type(source) is not type(destination) or (
            len(targets) > 1 and len({*targets}) != len(targets)
        ):  # (maybe an int beside a list, or a repeated destination dim: torch's checks)
            if isinstance(source, (tuple, list)) is not isinstance(destination, (tuple, list)):
                raise TypeError("movedim: an int beside a list")  # (the handler: the parser's)
            error = _movedim_error(ndim, source, destination)
            if error is not None:
                raise error
        pairs = sorted(zip(targets, sources, strict=True))  # (not as many: the handler)
        if ndim == 0:
            return alias(x)
        order = [d for d in range(ndim) if d not in sources]
        for target, src in pairs:
            order.insert(target, src)
        if len(order) != ndim:  # a repeated source dim
            raise _movedim_error(ndim, source, destination) or RuntimeError("movedim")
        return permute(x, *order)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        if isinstance(x, Tensor):  # (zip's error: not as many source as destination dims)
            error = _movedim_error(x._data.ndim, source, destination)
            if error is not None:
                raise error from None
        raise arguments.not_a_tensor("movedim", x, failure, source, destination) from None


def _movedim_error(ndim: int, source: Any, destination: Any) -> Exception | None:
    """torch's movedim checks, in its order, for the branches where one may fail: the same
    number of source and destination dims, none repeated (printed as given); None when
    they pass or the dims themselves are wrong (an int beside a list: the parser's listing,
    which the caller's handler words)."""
    if isinstance(source, (tuple, list)) is not isinstance(destination, (tuple, list)):
        return None
    try:
        given = _dim_list((source,)), _dim_list((destination,))
        if len(given[0]) != len(given[1]):
            return errors.error("movedim_count", source=given[0], destination=given[1])
        for which, dims in zip(("source", "destination"), given, strict=True):
            wrapped = [_wrap_dim(d, ndim) for d in dims]
            if len(set(wrapped)) != len(wrapped):
                return errors.error("movedim_repeated", which=which, dims=list(map(int, dims)))
    except (TypeError, ValueError, IndexError):
        return None
    return None


def torch_unsqueeze(a: np.ndarray, dim: int) -> np.ndarray:
    """``np.expand_dims`` with torch's stride for the new dim: the size times the stride of
    the dim it goes before, 1 at the end (numpy picks another; TensorIterator's output
    layouts read these strides: ``x.t().unsqueeze(1) * y``)."""
    out = np.expand_dims(a, dim)
    strides = list(a.strides)  # (expand_dims may renumber other size-1 dims' strides too)
    strides.insert(dim, a.strides[dim] * a.shape[dim] if dim < a.ndim else a.itemsize)
    if out.strides == tuple(strides):
        return out
    return np.lib.stride_tricks.as_strided(out, out.shape, strides, writeable=out.flags.writeable)


def unsqueeze(
    x: Tensor, dim: int = errors.REQUIRED, surplus: Any = None, axis: Any = None
) -> Tensor:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(unsqueeze, x, dim, surplus, axis)
    try:
        dim = _wrap_dim(dim, x._data.ndim + 1)
        return _record_view(
            x,
            torch_unsqueeze(x._data, dim),
            lambda a: torch_unsqueeze(a, dim),
            UnsqueezeBackward0,
            dim=dim,
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("unsqueeze", x, failure, dim) from None


# squeeze's default dim: every dim of size 1 (not None, which torch's parser rejects)
ALL_DIMS: Any = errors.REQUIRED


def squeeze(x: Tensor, dim: Any = ALL_DIMS, surplus: Any = None, axis: Any = None) -> Tensor:
    """SqueezeBackward0 (all dims), 1 (one dim, even a no-op) or 2 (a tuple of dims)."""
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(squeeze, x, dim, surplus, axis)
    try:
        ndim = x._data.ndim
        shape = x._data.shape
        if dim is ALL_DIMS:
            name, dims = "SqueezeBackward0", [d for d in range(ndim) if shape[d] == 1]
        elif isinstance(dim, (tuple, list)):
            name = "SqueezeBackward2"
            wrapped = _unique_dims(_dim_list((dim,)), ndim)
            dims = [d for d in wrapped if ndim and shape[d] == 1]
        else:
            name = "SqueezeBackward1"
            dims = [d for d in [_wrap_dim(dim, ndim)] if ndim and shape[d] == 1]
        axes = tuple(dims)
        return _record_view(
            x,
            np.squeeze(x._data, axes),
            lambda a: np.squeeze(a, axes),
            _node_class(name, _SqueezeNode),
            dims=sorted(axes),
        )
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("squeeze", x, failure, dim, exact=True) from None


def expand(x: Tensor, *sizes: Any, size: Any = None) -> Tensor:
    if size is not None or not sizes:  # x.expand(size=(2, 3)), or no size at all
        sizes = arguments.keyword_size("expand", "size", sizes, size)
    try:
        sizes = _int_list(sizes)
    except (TypeError, ValueError) as failure:  # (free unless raised) None or a str
        raise arguments.not_a_tensor("expand", x, failure, *sizes, exact=True) from None
    shape = x._data.shape
    if len(sizes) < len(shape):
        raise errors.error(
            "expand_too_few_sizes",
            # (torch names the type by its toString(): CPUBoolType for bool)
            legacy_type="CPUBoolType" if x.dtype is bool_ else x.dtype.legacy_name,
            sizes=list(shape),
            target=list(sizes),
            count=len(sizes),
            ndim=len(shape),
        )
    target = _expanded_shape(shape, sizes)
    strides = _expanded_strides(shape, element_strides(x._data), target)
    return _record_view(
        x,
        _strided_view(x._data, target, strides),
        lambda a: _expanded_view(a, target),
        ExpandBackward0,
        self_sizes=shape,
    )


def _expanded_view(data: np.ndarray, target: tuple[int, ...]) -> np.ndarray:
    """``data`` expanded to ``target`` with torch's strides (numpy's ``broadcast_to``
    zeroes those of size-1 dims that stay 1)."""
    strides = _expanded_strides(data.shape, element_strides(data), target)
    return _strided_view(data, target, strides)


def _expanded_shape(shape: tuple[int, ...], sizes: list[int]) -> tuple[int, ...]:
    """torch's inferExpandGeometry: -1 keeps a size; only size-1 dims may grow."""
    leading = len(sizes) - len(shape)
    target: list[int] = []
    for i in range(len(sizes) - 1, -1, -1):  # torch scans from the last dim
        size = sizes[i]
        if i < leading:
            if size < 0:
                raise errors.error("expand_leading_negative", dim=i)
            target.insert(0, size)
            continue
        existing = shape[i - leading]
        if size == -1:
            size = existing
        if existing != size and existing != 1:
            raise errors.error(
                "expand_size",
                target=size,
                existing=existing,
                dim=i,
                target_sizes=list(sizes),
                tensor_sizes=list(shape),
            )
        target.insert(0, size)
    return tuple(target)


def _expanded_strides(
    shape: tuple[int, ...], strides: tuple[int, ...], target: tuple[int, ...]
) -> list[int]:
    """torch's inferExpandGeometry strides: unchanged dims keep theirs, grown dims get 0."""
    out = [0] * len(target)
    for i in range(len(target) - 1, -1, -1):
        dim = i - (len(target) - len(shape))
        if dim >= 0:
            size, stride = shape[dim], strides[dim]
        else:
            size = 1
            stride = target[i + 1] * out[i + 1] if i + 1 < len(target) else 0
        out[i] = stride if size == target[i] else 0
    return out


def expand_as(x: Tensor, other: Tensor) -> Tensor:
    try:
        return expand(x, *other._data.shape)
    except AttributeError as failure:  # (free unless raised)
        raise arguments.not_a_tensor("expand_as", x, failure, other) from None


# -- view / reshape ------------------------------------------------------------------


def _infer_size(sizes: list[int], numel: int) -> tuple[int, ...]:
    """torch's infer_size: one -1 allowed; the product must match ``numel``."""
    inferred = None
    known = 1
    for index, size in enumerate(sizes):
        if size == -1:
            if inferred is not None:
                raise errors.error("view_infer_twice")
            inferred = index
        elif size < 0:
            raise errors.error("view_bad_dim", size=size, index=index, shape=list(sizes))
        else:
            known *= size
    shape = list(sizes)
    if inferred is not None:
        if known == 0 and numel == 0:
            raise errors.error("view_ambiguous", shape=_shape_text(sizes))
        if known == 0 or numel % known != 0:
            raise errors.error("shape_invalid", shape=_shape_text(sizes), numel=numel)
        shape[inferred] = numel // known
    elif known != numel:
        raise errors.error("shape_invalid", shape=_shape_text(sizes), numel=numel)
    return tuple(shape)


def _shape_text(sizes: list[int]) -> str:
    return "[" + ", ".join(str(s) for s in sizes) + "]"


def _view_strides(
    old_shape: tuple[int, ...], old_strides: tuple[int, ...], new_shape: tuple[int, ...]
) -> list[int] | None:
    """torch's computeStride: strides of a no-copy view, or None when a copy is needed."""
    if not old_shape:
        return [1] * len(new_shape)
    if math.prod(old_shape) == 0:
        return list(old_strides) if old_shape == new_shape else contiguous_strides(new_shape)
    new_strides = [0] * len(new_shape)
    view_d = len(new_shape) - 1
    chunk_base_stride = old_strides[-1] if old_strides else 1
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[tensor_d]
        chunk_ends = tensor_d == 0 or (
            old_shape[tensor_d - 1] != 1
            and old_strides[tensor_d - 1] != tensor_numel * chunk_base_stride
        )
        if chunk_ends:
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base_stride
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base_stride = old_strides[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    if view_d != -1:
        return None
    return new_strides


def _strided_view(
    data: np.ndarray, shape: tuple[int, ...], strides: list[int], writeable: bool = True
) -> np.ndarray:
    """A numpy view of ``data`` with the given element ``strides``."""
    itemsize = data.itemsize
    return np.lib.stride_tricks.as_strided(
        data,
        shape=shape,
        strides=[s * itemsize for s in strides],
        writeable=writeable and data.flags.writeable,
    )


def view(x: Tensor, *shape: Any, size: Any = None) -> Tensor:
    """``x.view(*shape)``: ViewBackward0, or torch's error when the strides do not allow it."""
    if size is not None or not shape:  # x.view(size=(3, 2)), or no size at all
        if size is None:
            raise errors.parser_error("view_no_arguments")
        shape = arguments.keyword_size("view", "size", shape, size)
    if len(shape) == 1 and not isinstance(shape[0], (int, np.integer, tuple, list)):
        if hasattr(shape[0], "legacy_name"):
            raise errors.unsupported("Tensor.view(dtype)")
    try:
        sizes = _int_list(shape)
    except (TypeError, ValueError) as failure:  # (free unless raised) None or a str
        raise arguments.not_a_tensor("view", x, failure, *shape, exact=True) from None
    new_shape = _infer_size(sizes, x._data.size)
    strides = _view_strides(x._data.shape, element_strides(x._data), new_shape)
    if strides is None:
        raise errors.error("view_stride")
    return _view_with_strides(x, new_shape, strides)


def _view_with_strides(
    x: Tensor, new_shape: tuple[int, ...], strides: list[int], name: str = "ViewBackward0"
) -> Tensor:
    data = _strided_view(x._data, new_shape, strides)
    return _record_view(
        x,
        data,
        lambda a: a.reshape(new_shape),
        _node_class(name, _ReshapeBackNode),
        self_sizes=x._data.shape,
    )


def reshape(x: Tensor, *sizes: Any, shape: Any = None) -> Tensor:
    """A view when the strides allow it, else ``_unsafe_view(clone(x))`` like torch."""
    if shape is not None or not sizes:  # x.reshape(shape=(3, 2)), or no shape at all
        sizes = arguments.keyword_size("reshape", "shape", sizes, shape)
    try:
        new_shape = _infer_size(_int_list(sizes), x._data.size)
        strides = _view_strides(x._data.shape, element_strides(x._data), new_shape)
        if strides is not None:
            # torch: a view of a contiguous input, else _reshape_alias (same memory, other name)
            name = "ViewBackward0" if x._data.flags.c_contiguous else "ReshapeAliasBackward0"
            return _view_with_strides(x, new_shape, strides, name)
        copied = clone(x, contiguous=True)
        data = copied._data.reshape(new_shape)
        node = None
        if requires_grad(copied):
            node = _node_class("UnsafeViewBackward0", _ReshapeBackNode)(
                (copied._edge(),), ((new_shape, x.dtype),)
            )
            node.self_sizes = x._data.shape
        return Tensor._make(data, x.dtype, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("reshape", x, failure, *sizes) from None


def view_as(x: Tensor, other: Tensor) -> Tensor:
    try:
        return view(x, other._data.shape)  # a tuple: a 0-d ``other`` is a shape too
    except AttributeError as failure:  # (free unless raised)
        raise arguments.not_a_tensor("view_as", x, failure, other) from None


def reshape_as(x: Tensor, other: Tensor) -> Tensor:
    try:
        return reshape(x, other._data.shape)
    except AttributeError as failure:  # (free unless raised)
        raise arguments.not_a_tensor("reshape_as", x, failure, other) from None


def flatten(x: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    try:
        ndim = x._data.ndim
        start, end = _wrap_dim(start_dim, ndim), _wrap_dim(end_dim, ndim)
        if ndim == 0:
            return reshape(x, 1)
        if start > end:
            raise errors.error("flatten_order")
        if start == end:
            return x
        shape = x._data.shape
        merged = math.prod(shape[start : end + 1])
        return reshape(x, *shape[:start], merged, *shape[end + 1 :])
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("flatten", x, failure, start_dim, end_dim) from None


def unflatten(x: Tensor, dim: int, sizes: Sequence[int]) -> Tensor:
    try:
        dim = _wrap_dim(dim, x._data.ndim)
        shape = x._data.shape
        listed = list(map(operator.index, sizes))
        if not listed:
            raise errors.error("unflatten_sizes_empty")
        try:
            inner = _infer_size(listed, shape[dim])
        except RuntimeError as failure:  # torch rewords a size mismatch (the others stay)
            if "is invalid for input of size" not in str(failure):
                raise
            raise errors.error(
                "unflatten_sizes_product", sizes=_shape_text(listed), dim=dim, size=shape[dim]
            ) from None
        return view(x, *shape[:dim], *inner, *shape[dim + 1 :])
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("unflatten", x, failure, dim, sizes) from None


def _unflatten_method(x: Tensor, dim: int, sizes: Sequence[int]) -> Tensor:
    # torch's Tensor.unflatten is Python, and refuses empty sizes (None, 0, ()) first of all
    if not sizes:
        raise errors.error("unflatten_sizes_empty")
    return unflatten(x, dim, sizes)


def ravel(x: Tensor) -> Tensor:
    try:
        return view(contiguous(x), -1)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("ravel", x, failure) from None


# contiguous()'s "no surplus argument": no object a caller can name (``...`` was one).
_NO_SURPLUS: Any = object()


def contiguous(x: Tensor, surplus: object = _NO_SURPLUS) -> Tensor:
    """The same tensor when already contiguous, else a CloneBackward0 copy. (No
    ``memory_format=``: the engine has none to give, and a second parameter with a default
    costs every call; torch.contiguous_format itself raises the engine's unsupported error.)"""
    if surplus is not _NO_SURPLUS:  # (x.contiguous(None), x.contiguous(...): surplus too)
        raise errors.error(  # torch's memory_format is keyword-only (see arguments.SURPLUS)
            "too_many_positional", name="contiguous", maximum=0, s="s", given=1, were="was"
        )
    if x._data.flags.c_contiguous:
        return x
    return clone(x, contiguous=True)


def clone(x: Tensor, *, memory_format: object = None, contiguous: bool = False) -> Tensor:
    """A copy with CloneBackward0; keeps the memory layout (torch's preserve_format)."""
    strides = tuple(x.stride())
    if not contiguous and _non_overlapping_and_dense(x._data.shape, strides):
        # torch's preserve_format: same strides (even those of size-1 dims), fresh memory
        buffer = np.empty(max(x._data.size, 1), dtype=x._data.dtype)
        data = _strided_view(buffer, x._data.shape, list(strides))
        data[...] = x._data
    else:
        data = np.array(x._data, order="C", copy=True)
    node = CloneBackward0((x._edge(),), ((data.shape, x.dtype),)) if requires_grad(x) else None
    return Tensor._make(data, x.dtype, node)


def _non_overlapping_and_dense(shape: tuple[int, ...], strides: tuple[int, ...]) -> bool:
    """torch's is_non_overlapping_and_dense: the strides tile [0, numel) exactly (an
    empty tensor is contiguous, so dense: its copies keep its strides)."""
    if math.prod(shape) == 0:
        return True
    expected = 1
    for size, stride in sorted(
        ((size, stride) for size, stride in zip(shape, strides, strict=True) if size != 1),
        key=lambda pair: pair[1],
    ):
        if stride != expected:
            return False
        expected *= size
    return True


# -- copies made of gathered positions -------------------------------------------------


def _gather_op(x: Tensor, positions: np.ndarray, name: str, saved: Sequence = ()) -> Tensor:
    """``x.ravel()[positions]`` recorded as ``name`` (repeat, index_select, gather, getitem)."""
    return take_positions(x, positions, name, saved)


def repeat(x: Tensor, *counts: Any, repeats: Any = None) -> Tensor:
    if repeats is not None or not counts:  # x.repeat(repeats=(2, 1)), or no counts at all
        counts = arguments.keyword_size("repeat", "repeats", counts, repeats)
    try:
        repeats = _int_list(counts)
    except (TypeError, ValueError) as failure:  # (free unless raised) None or a str
        raise arguments.not_a_tensor("repeat", x, failure, *counts, exact=True) from None
    shape = x._data.shape
    if len(repeats) < len(shape):
        raise errors.error("repeat_ndim")
    padded = (1,) * (len(repeats) - len(shape)) + shape
    target = [size * count for size, count in zip(padded, repeats, strict=True)]
    if any(size < 0 for size in target):
        bad = next(size for size in target if size < 0)
        raise errors.error("negative_dimension", size=bad, sizes=target)
    # (C-contiguous as torch's: numpy's tile of all-ones repeats copies in the input's order)
    data = np.tile(x._data.reshape(padded), repeats)
    if not data.flags.c_contiguous:
        data = np.ascontiguousarray(data)
    node = None
    if requires_grad(x):
        node = RepeatBackward0((x._edge(),), ((data.shape, x.dtype),))
        node.repeats, node.self_sizes = tuple(repeats), shape
    return Tensor._make(data, x.dtype, node)


def flip(x: Tensor, dims: Any = errors.REQUIRED, *surplus: Any) -> Tensor:
    """``torch.flip(input, dims)``: the dims as one sequence, as torch's function takes them
    (the method also takes them one by one: :func:`_flip_method`)."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        wrapped = _unique_dims(_dim_list(dims), x._data.ndim)
        data = _flipped(x._data, tuple(wrapped))
        node = None
        if requires_grad(x):
            node = FlipBackward0((x._edge(),), ((data.shape, x.dtype),))
            node.dims = tuple(wrapped)
        return Tensor._make(data, x.dtype, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(  # (exact: as permute's)
            "flip", x, failure, dims, *surplus, packed=True, exact=True
        ) from None


def _flipped(data: np.ndarray, dims: tuple[int, ...]) -> np.ndarray:
    """``data`` flipped along ``dims`` as torch's flip writes it: into empty_like(x,
    preserve_format), so a dense input's strides."""
    flipped = empty_preserving_layout(data, data.dtype)
    flipped[...] = np.flip(data, dims) if data.ndim else data
    return flipped


class Rot90Backward0(Node):
    __slots__ = ("k", "dims")

    def backward(self, grad: Tensor) -> tuple:
        return (rot90(grad, -self.k, self.dims),)


def rot90(x: Tensor, k: int = 1, dims: Any = (0, 1), *surplus: Any) -> Tensor:
    """``torch.rot90(input, k=1, dims=[0, 1])``: k quarter turns from dims[0] towards
    dims[1], as torch computes them (a flip, transposed for odd k: the flip's strides
    swapped; a contiguous clone for k % 4 == 0); Rot90Backward0."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        turns = operator.index(k)  # (a float is the parser's TypeError)
        given = _dim_list((dims,)) if isinstance(dims, (tuple, list)) else None
        if given is None:  # (an int is no list of dims to torch's parser)
            raise TypeError("rot90")
        if len(given) != 2:
            raise errors.error("rot90_dims_count", count=len(given))
        ndim = x._data.ndim
        if ndim < 2:
            raise errors.error("rot90_ndim", ndim=ndim)
        dim0, dim1 = (maybe_wrap_dim(d, ndim) for d in given)
        if dim0 == dim1:
            raise errors.error("rot90_same_dims", dim0=given[0], dim1=given[1])
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("rot90", x, failure, k, dims, *surplus, exact=True) from None
    turns %= 4
    if turns == 0:
        data = np.array(x._data, copy=True, order="C")
    elif turns == 2:
        data = _flipped(x._data, (dim0, dim1))
    else:
        data = _flipped(x._data, (dim1 if turns == 1 else dim0,)).swapaxes(dim0, dim1)
    node = None
    if requires_grad(x):
        node = Rot90Backward0((x._edge(),), ((data.shape, x.dtype),))
        node.k, node.dims = turns, (dim0, dim1)
    return Tensor._make(data, x.dtype, node)


def flipud(x: Tensor) -> Tensor:
    """``torch.flipud(input)`` and ``x.flipud()``: ``flip`` of dim 0 (FlipBackward0)."""
    return _flip_first_dims("flipud", x, 1)


def fliplr(x: Tensor) -> Tensor:
    """``torch.fliplr(input)`` and ``x.fliplr()``: ``flip`` of dim 1 (FlipBackward0)."""
    return _flip_first_dims("fliplr", x, 2)


def _flip_first_dims(name: str, x: Tensor, ndim: int) -> Tensor:
    """flip along dim ``ndim - 1`` of a tensor of at least ``ndim`` dims, as flipud/fliplr."""
    try:
        if x._data.ndim < ndim:
            raise errors.error("flip_ndim", ndim=ndim)
        return flip(x, (ndim - 1,))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(name, x, failure) from None


def cat(tensors: Sequence[Tensor], dim: int = 0, surplus: Any = None, axis: Any = None) -> Tensor:
    """torch.cat: CatBackward0; legacy empty 1-d tensors are skipped."""
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(cat, tensors, dim, surplus, axis)
    given = tensors  # (what torch's parser would see, for the error below)
    try:
        if not isinstance(tensors, (tuple, list)):
            raise TypeError("not a sequence")  # (torch's words: the handler below)
        tensors = list(tensors)
        if not tensors:
            raise errors.error("cat_empty")
        for position, tensor in enumerate(tensors):
            if tensor._data.ndim == 0:
                raise errors.error("cat_zero_dim", position=position)
        # Legacy rule: 1-d empty tensors are skipped when joined with tensors of other ranks
        # (and when all inputs are such tensors, dim is not even checked).
        kept = [t_ for t_ in tensors if t_._data.shape != (0,)]
        if kept and kept[0]._data.ndim == 1:
            kept = tensors
        reference = kept[0] if kept else tensors[0]
        ndim = reference._data.ndim
        dim = _wrap_dim(dim, ndim) if kept else 0
        for number, tensor in enumerate(tensors):
            if all(tensor is not k for k in kept):
                continue
            if tensor._data.ndim != ndim:
                raise errors.error("cat_ndim", ndim_a=ndim, ndim_b=tensor._data.ndim)
            for d in range(ndim):
                if d != dim and tensor._data.shape[d] != reference._data.shape[d]:
                    raise errors.error(
                        "cat_sizes",
                        dim=dim,
                        expected=reference._data.shape[d],
                        got=tensor._data.shape[d],
                        number=number,
                    )
        out_dtype = result_type(*tensors)
        parts = [t_._data.astype(out_dtype.np_dtype, copy=False) for t_ in kept or tensors]
        data = np.concatenate(parts, axis=dim)
        if not data.flags.c_contiguous:
            data = _joined_layout(data, parts)
        node = None
        if requires_grad(*tensors):
            node = CatBackward0(
                tuple(t_._edge() for t_ in tensors),
                ((data.shape, out_dtype),),
            )
            node.dim = dim
            node.sizes = [
                t_._data.shape[dim] if any(t_ is k for k in kept) else None for t_ in tensors
            ]
        return Tensor._make(data, out_dtype, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("cat", given, failure, dim) from None


def _joined_layout(data: np.ndarray, parts: Sequence[np.ndarray]) -> np.ndarray:
    """cat's (and stack's) result, not C-contiguous, in torch's memory format: C-contiguous,
    unless every input is a 4-d channels-last tensor (torch's
    ``compute_output_memory_format``), where numpy's order (the inputs') is kept. numpy's
    concatenate follows its inputs' order, so two transposed inputs gave a transposed result
    (strides (1, 2) where torch has (4, 1))."""
    if data.ndim == 4 and all(_is_channels_last(part) for part in parts):
        return data
    return np.ascontiguousarray(data)


def _is_channels_last(data: np.ndarray) -> bool:
    n, c, h, w = data.strides if data.ndim == 4 else (0, 0, 0, 0)
    return data.ndim == 4 and c < w <= h <= n and c == data.itemsize


def hstack(tensors: Sequence[Tensor] = errors.REQUIRED, *surplus: Any) -> Tensor:
    """``torch.hstack``: the tensors made at least 1-d, joined along dim 0 when they are 1-d,
    else along dim 1 (cat's CatBackward0; a 0-d input's ViewBackward0 before it)."""
    pieces = _at_least_nd("hstack", tensors, surplus, 1)
    return cat(pieces, 0 if pieces[0]._data.ndim == 1 else 1)


def vstack(tensors: Sequence[Tensor] = errors.REQUIRED, *surplus: Any) -> Tensor:
    """``torch.vstack``: the tensors made at least 2-d (a 1-d one unsqueezed in front),
    joined along dim 0."""
    return cat(_at_least_nd("vstack", tensors, surplus, 2), 0)


def _at_least_nd(name: str, tensors: Any, surplus: tuple, ndim: int) -> list[Tensor]:
    """hstack's / vstack's inputs as torch's atleast_1d / atleast_2d make them, with the
    functions' own argument errors."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        if not isinstance(tensors, (tuple, list)):
            raise TypeError("not a sequence")  # (torch's words: the handler below)
        if not tensors:
            raise errors.error("stack_empty_list", name=name)
        pieces = []
        for tensor in tensors:
            if tensor._data.ndim == 0:
                tensor = reshape(tensor, (1,) * ndim)
            elif tensor._data.ndim == 1 and ndim == 2:
                tensor = unsqueeze(tensor, 0)
            pieces.append(tensor)
        return pieces
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(name, tensors, failure, *surplus, exact=True) from None


def stack(tensors: Sequence[Tensor], dim: int = 0, surplus: Any = None, axis: Any = None) -> Tensor:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(stack, tensors, dim, surplus, axis)
    given = tensors  # (what torch's parser would see, for the error below)
    try:
        if not isinstance(tensors, (tuple, list)):
            raise TypeError("not a sequence")  # (torch's words: the handler below)
        tensors = list(tensors)
        if not tensors:
            raise errors.error("stack_empty")
        first = tensors[0]._data.shape
        dim = _wrap_dim(dim, len(first) + 1)  # torch checks the dim before the sizes
        for entry, tensor in enumerate(tensors[1:], start=1):
            if tensor._data.shape != first:
                raise errors.error(
                    "stack_sizes",
                    shape_a=list(first),
                    entry_a=0,
                    shape_b=list(tensor._data.shape),
                    entry_b=entry,
                )
        out_dtype = result_type(*tensors)
        parts = [t_._data.astype(out_dtype.np_dtype, copy=False) for t_ in tensors]
        data = np.stack(parts, axis=dim)
        if not data.flags.c_contiguous:  # (torch's stack: cat of the unsqueezed inputs)
            data = _joined_layout(data, [np.expand_dims(part, dim) for part in parts])
        node = None
        if requires_grad(*tensors):
            node = StackBackward0(tuple(t_._edge() for t_ in tensors), ((data.shape, out_dtype),))
            node.dim = dim
        return Tensor._make(data, out_dtype, node)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("stack", given, failure, dim) from None


# -- multi-output views ------------------------------------------------------------------


def _multi_view(x: Tensor, name: str, dim: int, keys: list[tuple]) -> tuple[Tensor, ...]:
    """Views ``x._data[key]`` for each key, sharing one multi-output node."""
    datas = [x._data[key] for key in keys]
    node = None
    if requires_grad(x):
        node = _node_class(name, _MultiViewNode)(
            (x._edge(),), tuple((d.shape, x.dtype) for d in datas)
        )
        node.num_outputs = len(datas)
        node.input_shape, node.dim = x._data.shape, dim
    outputs = []
    for output_nr, (key, data) in enumerate(zip(keys, datas, strict=True)):
        out = _make_view(x, data, node, lambda a, key=key: a[key])
        out._output_nr = output_nr
        if node is not None:  # torch forbids in-place on these outputs while recording
            out.__dict__["_multi_output_view"] = True
        outputs.append(out)
    return tuple(outputs)


def split(x: Tensor, split_size_or_sections: Any, dim: int = 0) -> tuple[Tensor, ...]:
    try:
        given_dim = dim
        if x._data.ndim == 0:
            raise errors.error("split_0dim", op="split")
        dim = _wrap_dim(dim, x._data.ndim)
        size = x._data.shape[dim]
        if isinstance(split_size_or_sections, (list, tuple)):
            sizes = list(map(operator.index, split_size_or_sections))
            if sum(sizes) != size or any(s < 0 for s in sizes):
                if any(s < 0 for s in sizes):  # (torch checks the signs first)
                    raise errors.error("split_sizes_negative", sizes=sizes)
                raise errors.error("split_sizes_sum", size=size, dim=given_dim, sizes=sizes)
            name = "SplitWithSizesBackward0"
        else:
            step = split_size_or_sections
            # torch's Tensor.split takes int() of a tensor, hands anything but an int to
            # split_with_sizes (a float, a numpy int), and its parser refuses a bool
            if isinstance(step, Tensor):
                step = int(step)
            elif type(step) is not int:
                raise TypeError("split_size")  # (worded by the handler)
            if step < 0:
                raise errors.error("split_size_negative", step=step)
            if step == 0 and size != 0:
                raise errors.error("split_size_zero", size=size)
            count = max(1, -(-size // step)) if step else 1
            sizes = [min(step, size - i * step) for i in range(count)]
            name = "SplitBackward0"
        keys, offset = [], 0
        for piece in sizes:
            keys.append((slice(None),) * dim + (slice(offset, offset + piece),))
            offset += piece
        return _multi_view(x, name, dim, keys)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise _split_error(x, split_size_or_sections, given_dim, failure) from None


def tensor_split(
    x: Tensor,
    indices_or_sections: Any = errors.REQUIRED,
    dim: int = 0,
    *surplus: Any,
    sections: Any = None,
    indices: Any = None,
    tensor_indices_or_sections: Any = None,
) -> tuple[Tensor, ...]:
    """``torch.tensor_split(input, indices_or_sections, dim=0)``: a number of sections (the
    first ``size % n`` one element longer) or the indices to split at, as an int, a list or
    a long tensor; each part a SliceBackward0 view of its own (in-place changes allowed)."""
    given = [v for v in (sections, indices, tensor_indices_or_sections) if v is not None]
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        if given:  # (torch's keyword names of the three overloads)
            if indices_or_sections is not errors.REQUIRED or len(given) > 1:
                raise TypeError("tensor_split")
            indices_or_sections = given[0]
        split = indices_or_sections
        if split is errors.REQUIRED:
            raise TypeError("tensor_split")
        if isinstance(split, Tensor):
            if split.dtype is not int64:
                raise errors.error("tensor_split_index_dtype", dtype=split.dtype.scalar_name)
            if split._data.ndim > 1:
                raise errors.error("tensor_split_index_ndim", ndim=split._data.ndim)
            split = split._data.tolist()
        if isinstance(split, (list, tuple)):
            bounds = [operator.index(i) for i in split]  # (a float is the parser's TypeError)
        else:
            count = operator.index(split)
        if x._data.ndim == 0:
            raise errors.error("tensor_split_0dim")
        dim = _wrap_dim(dim, x._data.ndim)
        size = x._data.shape[dim]
        if not isinstance(split, (list, tuple)):
            if count <= 0:
                raise errors.error("tensor_split_sections", sections=count)
            shortest, longer = divmod(size, count)
            lengths = [shortest + 1] * longer + [shortest] * (count - longer)
            bounds = [builtins.sum(lengths[:i]) for i in range(1, count)]
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor(
            "tensor_split", x, failure, indices_or_sections, dim, *surplus, exact=True
        ) from None
    # torch slices [0:b0], [b0:b1], ... [bn:]: Python's slice rules (negative from the end,
    # clamped to the size, empty when a start passes its stop)
    starts, stops = [0, *bounds], [*bounds, size]
    return tuple(
        _slice(x, dim, *slice(a, b).indices(size)) for a, b in zip(starts, stops, strict=True)
    )


def _split_error(x: Any, sizes: Any, dim: Any, failure: Exception) -> Exception:
    """torch.split is Python code, ``tensor.split(sizes, dim)``, and Tensor.split hands
    anything but an int to ``split_with_sizes``: their errors, as torch raises them."""
    if not isinstance(x, Tensor):
        x.split(sizes, dim)  # None has no split; str.split wants a str: Python's own errors
        return failure
    if isinstance(sizes, int):  # (torch._VF.split's overloads: a bool, a wrong dim)
        return arguments.call_error("split", overloads.SPLIT, (x, sizes, dim), {}) or failure
    listed = overloads.FUNCTIONS["split_with_sizes"]
    return arguments.call_error("split_with_sizes", listed, (x, sizes, dim), {}) or failure


def chunk(
    x: Tensor,
    chunks: int = errors.REQUIRED,
    dim: int = 0,
    surplus: Any = None,
    axis: Any = None,
) -> tuple[Tensor, ...]:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(chunk, x, chunks, dim, surplus, axis)
    try:
        if x._data.ndim == 0:
            raise errors.error("split_0dim", op="chunk")
        if type(chunks) is not int:  # torch's parser takes an index (not a float, a bool)
            if not arguments.is_index(chunks):
                raise TypeError("chunks")  # (worded by the handler)
            chunks = operator.index(chunks)
        if chunks <= 0:
            raise errors.error("chunk_count", chunks=chunks)
        dim = _wrap_dim(dim, x._data.ndim)
        size = x._data.shape[dim]
        if size == 0:  # torch returns ``chunks`` empty pieces
            return split(x, [0] * chunks, dim)
        return split(x, max(1, -(-size // chunks)) if size else 1, dim)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("chunk", x, failure, chunks, dim) from None


def unbind(x: Tensor, dim: int = 0, surplus: Any = None, axis: Any = None) -> tuple[Tensor, ...]:
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(unbind, x, dim, surplus, axis)
    try:
        if x._data.ndim == 0:
            # out-of-range dims fail first; torch then reports the wrapped dim
            _wrap_dim(dim, 0)
            raise errors.error("dim_scalar", dim=dim + 1 if dim < 0 else dim)
        dim = _wrap_dim(dim, x._data.ndim)
        keys = [(slice(None),) * dim + (i, Ellipsis) for i in range(x._data.shape[dim])]
        return _multi_view(x, "UnbindBackward0", dim, keys)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("unbind", x, failure, dim) from None


# =============================================================================
# index_select, gather, masked_fill


def index_select(
    x: Tensor,
    dim: int = errors.REQUIRED,
    index: Tensor = errors.REQUIRED,
    surplus: Any = None,
    axis: Any = None,
    *,
    _index_position: int = 3,
) -> Tensor:
    """``torch.index_select(x, dim, index)``: IndexSelectBackward0; negative indices are errors.

    ``_index_position`` is where ``index`` sits in the call torch's argument parser names
    in its TypeError: 3 for the function, 2 for the method (see ``_index_select_method``).
    """
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(
            index_select, x, dim, index, surplus, axis, _index_position=_index_position
        )
    try:
        # (index's default is one only so that axis= can stand for dim)
        _check_index_tensor("index_select", index, _index_position)
        ndim = x._data.ndim
        dim = _wrap_dim(dim, ndim)
        # torch's order of checks: the index's rank, its size for a 0-d input, then its dtype.
        if index._data.ndim > 1:
            raise errors.error("index_select_vector")
        if ndim == 0 and index._data.size != 1:
            raise errors.error("index_select_scalar", count=index._data.size)
        if index.dtype not in (int64, int32):
            raise errors.error("index_select_dtype")
        indices = index._data.reshape(-1).astype(np.int64)
        size = x._data.shape[dim] if ndim else 1
        if ndim >= 2 and size == 0 and indices.size:
            raise errors.error("index_select_empty_dim")
        bad = indices[(indices < 0) | (indices >= size)]
        if bad.size:
            # torch's CPU kernel has two bounds checks with two messages: the empty-input check
            # and the dim == 1 fast path of a 2-d+ input name the first bad index, every other
            # path (0-d/1-d inputs, dim 0, dim >= 2) says only "index out of range in self".
            if ndim >= 2 and (x._data.size == 0 or dim == 1):
                raise errors.error("index_select_bounds", index=int(bad[0]), size=size)
            raise errors.error("index_select_range")
        grid = _positions_grid(x._data.shape)
        if ndim == 0:
            positions = grid.reshape(-1)[indices].reshape(())  # a 0-d input gives a 0-d result
        else:
            positions = np.take(grid, indices, axis=dim)
        return _gather_op(x, positions, "IndexSelectBackward0", (index,))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("index_select", x, failure, dim, index) from None


def gather_along(
    x: Tensor,
    dim: int = errors.REQUIRED,
    index: Tensor = errors.REQUIRED,
    surplus: Any = None,
    axis: Any = None,
    *,
    sparse_grad: bool = False,
) -> Tensor:
    """``torch.gather(x, dim, index)``: GatherBackward0; negative indices are errors."""
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(
            gather_along, x, dim, index, surplus, axis, sparse_grad=sparse_grad
        )
    try:
        if dim is errors.REQUIRED and index is errors.REQUIRED:
            raise errors.error("two_arguments_missing", name="gather", first="dim", second="index")
        for name, value in (("dim", dim), ("index", index)):
            if value is errors.REQUIRED:
                raise errors.error("argument_missing", name="gather", argument=name)
        ndim = x._data.ndim
        dim = _wrap_dim(dim, ndim) % max(ndim, 1)
        if index.dtype not in (int64, int32):
            raise errors.error("gather_index_dtype")
        idx = index._data.astype(np.int64)
        if idx.ndim != ndim and not (max(idx.ndim, ndim) <= 1):
            raise errors.error("gather_ndim")
        shape = x._data.shape or (1,)
        idx_shape = idx.shape or (1,)
        if idx.size == 0:  # torch skips the shape and bounds checks for an empty index
            empty = np.zeros(idx.shape, dtype=np.int64)
            return _gather_op(x, empty, "GatherBackward0", (x, index))
        for d in range(len(idx_shape)):
            if d != dim and idx_shape[d] > shape[d]:
                raise errors.error(
                    "gather_size",
                    dim=d,
                    index_shape=list(idx.shape),
                    self_shape=list(x._data.shape),
                    gather_dim=dim,
                )
        bad = idx[(idx < 0) | (idx >= shape[dim])]
        if bad.size:
            raise errors.error(
                "gather_out_of_bounds", index=int(bad.flat[0]), dim=dim, size=shape[dim]
            )
        grid = _positions_grid(shape)
        window = grid[
            tuple(slice(None) if d == dim else slice(0, s) for d, s in enumerate(idx_shape))
        ]
        positions = np.take_along_axis(window, idx.reshape(idx_shape), axis=dim)
        return _gather_op(x, positions.reshape(idx.shape), "GatherBackward0", (x, index))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("gather", x, failure, dim, index) from None


arguments.known_as(gather_along, "gather", arguments.FUNCTION)  # torch.gather, by that name

#: C++ scalar type names, as torch prints them in masked_fill's dtype error.
_CPP_TYPE_NAMES = {
    "float16": "c10::Half",
    "float32": "float",
    "float64": "double",
    "uint8": "unsigned char",
    "int8": "signed char",
    "int16": "short int",
    "int32": "int",
    "int64": "long int",
    "bool": "bool",
}


def masked_select(x: Tensor, mask: Tensor) -> Tensor:
    """``x.masked_select(mask)``: the broadcast elements where mask is True, as 1-d."""
    try:
        if mask.dtype is not bool_:
            raise errors.error("masked_select_dtype", dtype=mask.dtype.scalar_name)
        try:
            shape = np.broadcast_shapes(x._data.shape, mask._data.shape)
        except ValueError:
            # (torch's masked_select expands (mask, self): tensor a is the mask)
            raise broadcast_error(mask._data.shape, x._data.shape) from None
        grid = np.broadcast_to(_positions_grid(x._data.shape), shape)
        positions = grid[np.broadcast_to(mask._data, shape)]
        return take_positions(x, positions, "MaskedSelectBackward0", (x, mask))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("masked_select", x, failure, mask) from None


def take_along_dim(
    x: Tensor,
    indices: Tensor = errors.REQUIRED,
    dim: int | None = None,
    surplus: Any = None,
    axis: Any = None,
) -> Tensor:
    """``torch.take_along_dim``: broadcast (expand) both, then gather along ``dim``."""
    if surplus is not None or axis is not None:  # numpy's name (see arguments.numpy_names)
        return arguments.numpy_names(take_along_dim, x, indices, dim, surplus, axis)
    try:
        if dim is None:
            return gather_along(reshape(x, -1), 0, reshape(indices, -1))
        dim = _wrap_dim(dim, x._data.ndim)
        self_shape, index_shape = list(x._data.shape), list(indices._data.shape)
        self_shape[dim] = index_shape[dim] = 1
        common = list(np.broadcast_shapes(tuple(self_shape), tuple(index_shape)))
        self_target, index_target = list(common), list(common)
        self_target[dim], index_target[dim] = x._data.shape[dim], indices._data.shape[dim]
        expanded_index = Tensor._make(np.broadcast_to(indices._data, index_target), indices.dtype)
        return gather_along(expand(x, tuple(self_target)), dim, expanded_index)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("take_along_dim", x, failure, indices, dim) from None


def _check_index_tensor(op: str, index: Any, position: int) -> None:
    """torch's TypeError for an ``index`` argument that is no tensor: left out (the default
    ``errors.REQUIRED``) or of another type, named at ``position`` as torch's parser does."""
    if isinstance(index, Tensor):
        return
    if index is errors.REQUIRED:
        raise errors.error("argument_missing", name=op, argument="index")
    raise errors.error(
        "argument_not_tensor", op=op, arg="index", position=position, type_name=type(index).__name__
    )


def take(
    x: Tensor, index: Tensor = errors.REQUIRED, *surplus: Any, _index_position: int = 2
) -> Tensor:
    """``torch.take(input, index)``: ``input.ravel()[index]`` in index's shape (TakeBackward0,
    which saves the index); negative indices count from the end.

    ``_index_position`` is where ``index`` sits in the call torch's argument parser names in
    its TypeError: 2 for the function, 1 for the method (see ``_take_method``)."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        _check_index_tensor("take", index, _index_position)
        if index.dtype is not int64:
            raise errors.error("take_index_dtype", dtype=index.dtype.scalar_name)
        positions = index._data.astype(np.int64, copy=True)
        numel = x._data.size
        if numel == 0 and positions.size:
            raise errors.error("take_empty")
        outside = (positions < -numel) | (positions >= numel)
        if outside.any():
            first = positions.reshape(-1)[np.argmax(outside.reshape(-1))]
            raise errors.error("take_out_of_range", index=int(first), numel=numel)
        positions[positions < 0] += numel
        return take_positions(x, positions, "TakeBackward0", (index,))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("take", x, failure, index, *surplus, exact=True) from None


def _take_method(self: Tensor, index: Tensor = errors.REQUIRED, *surplus: Any) -> Tensor:
    """``x.take(index)``: the index is argument 1 in torch's TypeError."""
    return take(self, index, *surplus, _index_position=1)


def broadcast_to(x: Tensor, *shape: Any, size: Any = None) -> Tensor:
    if size is not None or not shape:  # x.broadcast_to(size=(2, 3)), or no size at all
        shape = arguments.keyword_size("broadcast_to", "size", shape, size)
    try:
        return expand(x, tuple(_int_list(shape)))
    except (AttributeError, TypeError, ValueError, RuntimeError) as failure:  # (free unless raised)
        # (no sizes: expand's own error, where torch's parser says "missing")
        reason = failure if shape else TypeError("missing")
        raise arguments.not_a_tensor("broadcast_to", x, reason, *shape) from None


def broadcast_tensors(*tensors: Tensor) -> tuple[Tensor, ...]:
    """``torch.broadcast_tensors``: each tensor expanded to the common shape (ExpandBackward0
    views); a tensor that already has that shape is returned itself, as torch does."""
    shape: tuple[int, ...] = ()
    for number, tensor in enumerate(tensors):
        if not isinstance(tensor, Tensor):
            raise errors.error(
                "tensor_list_element", number=number, argument=0, got=type(tensor).__name__
            )
        try:
            shape = np.broadcast_shapes(shape, tensor._data.shape)
        except ValueError:
            raise broadcast_error(shape, tensor._data.shape) from None
    return tuple(t if t._data.shape == shape else expand(t, shape) for t in tensors)


def _mask_array(x: Tensor, mask: Tensor, inplace: bool) -> np.ndarray:
    if mask.dtype is not bool_:
        raise errors.error("masked_fill_mask_dtype", dtype=_CPP_TYPE_NAMES[mask.dtype.name])
    try:
        target = np.broadcast_shapes(x._data.shape, mask._data.shape)
    except ValueError:
        # torch's masked_fill expands (mask, self), so tensor a is the mask; masked_fill_
        # expands the mask to self, so tensor a is self
        shapes = (x._data.shape, mask._data.shape)
        raise broadcast_error(*(shapes if inplace else shapes[::-1])) from None
    if inplace and target != x._data.shape:
        raise errors.error(
            "inplace_broadcast", out_shape=list(x._data.shape), broadcast_shape=list(target)
        )
    return np.broadcast_to(mask._data, target)


def masked_fill(x: Tensor, mask: Tensor, value: Any) -> Tensor:
    """Out-of-place masked_fill: MaskedFillBackward0 (scalar) / MaskedFillBackward1 (tensor)."""
    try:
        mask_data = _mask_array(x, mask, inplace=False)
        if value is None:  # (numpy would fill nan; torch's parser refuses it)
            raise TypeError("masked_fill")
        value_tensor, fill = _masked_fill_value(x, value)
        data = np.where(mask_data, fill, x._data).astype(x.dtype.np_dtype)
        return Tensor._make(data, x.dtype, _masked_fill_node(x, mask, value_tensor, data.shape))
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("masked_fill", x, failure, mask, value) from None


def masked_fill_(x: Tensor, mask: Tensor, value: Any) -> Tensor:
    try:
        mask_data = _mask_array(x, mask, inplace=True)
        if value is None:  # (numpy would fill nan; torch's parser refuses it)
            raise TypeError("masked_fill_")
        value_tensor, fill = _masked_fill_value(x, value)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("masked_fill_", x, failure, mask, value) from None
    _check_inplace_on_expanded(x, "masked_fill_expanded", stacklevel=4)
    x._data[mask_data] = fill
    return _recorded_inplace(x, _masked_fill_node(x, mask, value_tensor, x._data.shape))


def _masked_fill_value(
    x: Tensor, value: Any, op: str = "masked_fill_"
) -> tuple[Tensor | None, Any]:
    if isinstance(value, Tensor):
        if value._data.ndim != 0:
            raise errors.error("fill_value_ndim", op=op, ndim=value._data.ndim)
        checked_scalar(value._data.item(), x.dtype)  # torch fills with value.item()
        return value, quiet_call(value._data.astype, x.dtype.np_dtype)
    fill = checked_scalar(scalar_value(value), x.dtype)  # torch's overflow error
    return None, quiet_call(np.asarray(fill).astype, x.dtype.np_dtype)


def _masked_fill_node(
    x: Tensor, mask: Tensor, value: Tensor | None, shape: tuple[int, ...]
) -> Node | None:
    # derivatives.yaml: both overloads save the caller's ``mask`` itself (not broadcast,
    # version-checked): changing it in place before backward raises, as in torch
    if value is None:
        if not requires_grad(x):
            return None
        node = MaskedFillBackward0((x._edge(),), ((shape, x.dtype),))
    else:
        if not requires_grad(x, value):
            return None
        node = MaskedFillBackward1((x._edge(), value._edge()), ((shape, x.dtype),))
    node.save(mask)
    return node


# =============================================================================
# index_fill


class _IndexFillNode(Node):
    """index_fill's backward (derivatives.yaml): the filled slices get no gradient; a tensor
    value (IndexFillBackward1) gets the gradient summed over them, each index once.  Saves
    index."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        (index,) = self.saved_tensors
        self_grad = index_fill(grad, self.dim, index, 0)
        if len(self.next_functions) == 1:
            return (self_grad,)
        from .reduction import sum_to

        # torch's grad.index_select(dim, _unique(index)).sum(): a negative index fails there
        unique = Tensor._make(np.unique(index._data.reshape(-1)).astype(np.int64), int64)
        return self_grad, sum_to(index_select(grad, self.dim, unique), ())


def _index_fill_plan(
    x: Tensor, dim: int, index: Tensor, value: Any
) -> tuple[int, np.ndarray, Tensor | None, Any]:
    """index_fill's (wrapped dim, flat positions to fill, tensor value, fill), after torch's
    checks in torch's order: the value's rank, the index's dtype, dim, the index's rank, the
    value's range, then the index's bounds."""
    if isinstance(value, Tensor) and value._data.ndim:
        raise errors.error("fill_value_ndim", op="index_fill_", ndim=value._data.ndim)
    if not isinstance(index, Tensor):
        raise TypeError("index_fill")  # (the caller's handler words torch's TypeError)
    if index.dtype is not int64:
        raise errors.error("index_fill_dtype")
    shape = x._data.shape or (1,)
    dim = _wrap_dim(dim, x._data.ndim)
    if index._data.ndim > 1:
        raise errors.error("index_vector_or_scalar")
    if value is None or isinstance(value, str):  # (numpy would take them; torch's parser not)
        raise TypeError("index_fill")
    if isinstance(value, complex):  # (the engine has no complex dtypes)
        raise errors.error("index_fill_complex")
    value_tensor, fill = _masked_fill_value(x, value, "index_fill_")
    indices = index._data.reshape(-1).astype(np.int64)
    outside = (indices < -shape[dim]) | (indices >= shape[dim])
    if outside.any():
        bad = int(indices[np.argmax(outside)])
        raise errors.error("index_out_of_bounds", index=bad, dim=dim, size=shape[dim])
    positions = np.take(_positions_grid(shape), indices % shape[dim], axis=dim)
    return dim, positions.reshape(-1), value_tensor, fill


def _index_fill_node(
    x: Tensor, dim: int, index: Tensor, value: Tensor | None, shape: tuple[int, ...]
) -> Node | None:
    if not requires_grad(x, *([] if value is None else [value])):
        return None
    if value is None:
        node = _node_class("IndexFillBackward0", _IndexFillNode)((x._edge(),), ((shape, x.dtype),))
    else:
        edges = (x._edge(), value._edge())
        node = _node_class("IndexFillBackward1", _IndexFillNode)(edges, ((shape, x.dtype),))
    node.dim = dim
    node.save(index)
    return node


def index_fill(
    x: Tensor, dim: int = errors.REQUIRED, index: Tensor = errors.REQUIRED, value: Any = None
) -> Tensor:
    """``x.index_fill(dim, index, value)``: a copy with the slices ``index`` of ``dim`` set
    to value (a number or a 0-d tensor); IndexFillBackward0 / IndexFillBackward1."""
    try:
        dim, positions, value_tensor, fill = _index_fill_plan(x, dim, index, value)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("index_fill", x, failure, dim, index, value) from None
    data = copied_preserving_layout(x._data, x._data)
    _write_positions(data, positions, fill)
    node = _index_fill_node(x, dim, index, value_tensor, data.shape)
    return Tensor._make(data, x.dtype, node)


def index_fill_(
    x: Tensor, dim: int = errors.REQUIRED, index: Tensor = errors.REQUIRED, value: Any = None
) -> Tensor:
    """``x.index_fill_(dim, index, value)``: index_fill in place (IndexFillBackward0 / 1)."""
    try:
        dim, positions, value_tensor, fill = _index_fill_plan(x, dim, index, value)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("index_fill_", x, failure, dim, index, value) from None
    _check_inplace_on_expanded(x, "index_fill_expanded", stacklevel=4)
    _write_positions(x._data, positions, fill)
    return _recorded_inplace(x, _index_fill_node(x, dim, index, value_tensor, x._data.shape))


# =============================================================================
# index_copy


class IndexCopyBackward0(Node):
    """index_copy's backward (derivatives.yaml): the copied-over slices get no gradient,
    source gets them (``grad.index_select(dim, index)``).  Saves index."""

    __slots__ = ("dim", "source_shape")

    def backward(self, grad: Tensor) -> tuple:
        (index,) = self.saved_tensors
        source_grad = None
        if self.next_functions[1][0] is not None:
            source_grad = index_select(grad, self.dim, reshape(index, -1))
            if source_grad._data.shape != self.source_shape:  # a 0-d source
                source_grad = reshape(source_grad, self.source_shape)
        return index_fill(grad, self.dim, index, 0), source_grad


def _sliced_sizes(shape: tuple[int, ...], dim: int) -> str:
    """A shape without ``dim``, as torch prints it in index_copy_'s slice error."""
    return " ".join(str(size) for d, size in enumerate(shape) if d != dim)


def _index_copy_positions(
    x: Tensor, dim: int, index: Tensor, source: Tensor, surplus: tuple, op: str
) -> tuple[int, np.ndarray]:
    """index_copy's (wrapped dim, flat positions of x in source's order), after torch's
    checks in torch's order; a wrong argument is torch's TypeError for ``op``."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        return _checked_index_copy_positions(x, dim, index, source, op)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        # (worded from the caller's frame: index_copy's, whose call shows the keywords)
        caller = sys._getframe(1)
        raise arguments.not_a_tensor(
            op, x, failure, dim, index, source, *surplus, exact=True, body=caller
        ) from None


def _checked_index_copy_positions(
    x: Tensor, dim: int, index: Tensor, source: Tensor, op: str
) -> tuple[int, np.ndarray]:
    for name, value in (("index", index), ("source", source)):
        if value is errors.REQUIRED:
            raise errors.error("argument_missing", name=op, argument=name)
        if not isinstance(value, Tensor):
            raise TypeError(op)  # (the caller's handler words torch's TypeError)
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(op)
    self_shape, source_shape = x._data.shape, source._data.shape
    dim = _wrap_dim(dim, len(self_shape))
    if index._data.ndim >= 2:
        raise errors.error("index_copy_index_ndim", ndim=index._data.ndim)
    count = index._data.size
    if not source_shape and count != 1:
        raise errors.error("index_copy_scalar_source", count=count)
    if source_shape and self_shape and len(source_shape) != len(self_shape):
        raise errors.error("index_copy_ndim", source=len(source_shape), destination=len(self_shape))
    if index.dtype is not int64:
        raise errors.error("index_copy_index_dtype", dtype=index.dtype.scalar_name)
    if source.dtype is not x.dtype:
        raise errors.error(
            "index_copy_dtype", dst=x.dtype.scalar_name, src=source.dtype.scalar_name
        )
    destination_slices = _sliced_sizes(self_shape, dim)
    source_slices = _sliced_sizes(source_shape, dim)
    if destination_slices != source_slices:
        raise errors.error(
            "index_copy_slices", destination=destination_slices, dim=dim, source=source_slices
        )
    if source_shape and count != source_shape[dim]:
        raise errors.error("index_copy_count", count=count, size=source_shape[dim])
    shape = self_shape or (1,)
    indices = index._data.reshape(-1).astype(np.int64)
    outside = (indices < 0) | (indices >= shape[dim])
    if outside.any():
        bad = int(indices[np.argmax(outside)])
        raise errors.error("index_copy_bounds", index=bad, dim=dim, size=shape[dim])
    return dim, np.take(_positions_grid(shape), indices, axis=dim).reshape(-1)


def _index_copy_node(
    x: Tensor, dim: int, index: Tensor, source: Tensor, shape: tuple[int, ...]
) -> Node | None:
    if not requires_grad(x, source):
        return None
    node = IndexCopyBackward0((x._edge(), source._edge()), ((shape, x.dtype),))
    node.dim, node.source_shape = dim, source._data.shape
    node.save(index)
    return node


def index_copy(
    x: Tensor,
    dim: int = errors.REQUIRED,
    index: Tensor = errors.REQUIRED,
    source: Tensor = errors.REQUIRED,
    *surplus: Any,
) -> Tensor:
    """``x.index_copy(dim, index, source)``: a (contiguous) copy of x whose slices ``index``
    of ``dim`` are source's, in order (IndexCopyBackward0)."""
    dim, positions = _index_copy_positions(x, dim, index, source, surplus, "index_copy")
    data = np.array(x._data, copy=True, order="C")
    _write_positions(data, positions, source._data.reshape(-1))
    return Tensor._make(data, x.dtype, _index_copy_node(x, dim, index, source, data.shape))


def index_copy_(
    x: Tensor,
    dim: int = errors.REQUIRED,
    index: Tensor = errors.REQUIRED,
    source: Tensor = errors.REQUIRED,
    *surplus: Any,
) -> Tensor:
    """``x.index_copy_(dim, index, source)``: index_copy in place (IndexCopyBackward0)."""
    dim, positions = _index_copy_positions(x, dim, index, source, surplus, "index_copy_")
    x._check_inplace()  # (an expanded tensor: torch's internal-overlap error)
    _write_positions(x._data, positions, source._data.reshape(-1))
    return _recorded_inplace(x, _index_copy_node(x, dim, index, source, x._data.shape))


# =============================================================================
# scatter


class _IndexScatterNode(Node):
    """scatter's backward (derivatives.yaml): the written positions get no gradient
    (``grad.scatter(dim, index, 0)``); a src (ScatterBackward0) gets
    ``grad.gather(dim, index)``.  Saves index."""

    __slots__ = ("dim",)

    def backward(self, grad: Tensor) -> tuple:
        (index,) = self.saved_tensors
        self_grad = scatter(grad, self.dim, index, 0) if self.next_functions[0][0] else None
        if len(self.next_functions) == 1:
            return (self_grad,)
        return self_grad, gather_along(grad, self.dim, index)


def _scatter_plan(
    x: Tensor, dim: Any, index: Any, src: Any, value: Any, reduce: Any, op: str
) -> tuple[int, np.ndarray, Tensor | None, Any]:
    """scatter's (wrapped dim, flat positions of x in index's row-major order, src tensor,
    fill), after torch's checks in torch's order; a wrong argument is torch's TypeError for
    ``op``, and a reduce with a src tensor torch's deprecation warning."""
    try:
        if src is not None and not isinstance(src, Tensor):
            # a number is torch's value, by position only: src= takes a Tensor
            if "src" in arguments.caller_keywords(sys._getframe(1)):
                raise TypeError(op)
        plan = _checked_scatter_plan(x, dim, index, src, value, reduce, op)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        # (worded from the caller's frame: scatter's, whose call shows the keywords)
        caller = sys._getframe(1)
        raise arguments.not_a_tensor(op, x, failure, dim, index, src, body=caller) from None
    if reduce is not None and plan[2] is not None:
        errors.warn_once("scatter_reduce_deprecated", stacklevel=4)
    return plan


def _checked_scatter_plan(
    x: Tensor,
    dim: Any,
    index: Any,
    src: Any,
    value: Any,
    reduce: Any,
    op: str,
    check_reduce: Callable[[], None] | None = None,
) -> tuple[int, np.ndarray, Tensor | None, Any]:
    """``check_reduce`` (scatter_reduce's) runs where torch checks the reduction: after the
    dtypes and shapes, before the bounds."""
    if src is None:
        src = value
    if not isinstance(index, Tensor) or src is None or isinstance(src, (str, bool)):
        raise TypeError(op)  # (the caller's handler words torch's TypeError)
    source = src if isinstance(src, Tensor) else None
    fill = None if source is not None else checked_scalar(scalar_value(src), x.dtype)
    ndim = x._data.ndim
    dim = _wrap_dim(dim, ndim)
    if index.dtype not in (int64, int32):
        raise errors.error("scatter_index_dtype")
    if source is not None and source.dtype is not x.dtype:
        raise errors.error("scatter_dtype")
    idx = index._data.astype(np.int64)
    shape, idx_shape = x._data.shape or (1,), idx.shape or (1,)
    if idx.size:
        if len(idx_shape) != len(shape):
            raise errors.error("scatter_ndim", other="self")
        wrong = any(idx_shape[d] > shape[d] for d in range(len(shape)) if d != dim)
        src_shape = None if source is None else source._data.shape or (1,)
        if src_shape is not None and not wrong:
            if source._data.ndim and len(src_shape) < len(idx_shape):
                maybe_wrap_dim(len(src_shape), len(src_shape))  # torch's src.size(d) fails
            if len(src_shape) != len(idx_shape):
                raise errors.error("scatter_ndim", other="src")
            wrong = any(i > s for i, s in zip(idx_shape, src_shape, strict=True))
        if wrong:
            raise errors.error(
                "scatter_size",
                index_shape=list(idx.shape),
                self_shape=list(x._data.shape),
                dim=dim,
                src=""
                if source is None
                else f" and to be no larger size than src {list(source._data.shape)}",
            )
    if reduce is not None and reduce not in ("add", "multiply"):
        raise errors.error("scatter_reduce")
    if check_reduce is not None:
        check_reduce()
    bad = (idx < 0) | (idx >= shape[dim])
    if bad.any():
        raise errors.error(
            "scatter_bounds",
            index=int(idx.reshape(-1)[np.argmax(bad.reshape(-1))]),
            dim=dim,
            size=shape[dim],
        )
    if not idx.size:  # (torch's kernel returns before any shape check of an empty index)
        return dim, np.zeros(0, dtype=np.int64), source, np.zeros(0, dtype=x.dtype.np_dtype)
    coordinates = list(np.indices(idx_shape))
    coordinates[dim] = idx.reshape(idx_shape)
    positions = np.ravel_multi_index(tuple(coordinates), shape).reshape(-1)
    if source is not None:
        window = (source._data.reshape(source._data.shape or (1,)))[
            tuple(slice(0, n) for n in idx_shape)
        ]
        fill = window.reshape(-1)
    return dim, positions, source, fill


def _scatter_write(data: np.ndarray, positions: np.ndarray, fill: Any, reduce: str | None) -> None:
    """scatter's writes (duplicates: the last in index's order wins, as torch), or with
    reduce its additions or multiplications; float16 reduces in float32 (torch's opmath
    buffer: the value or src as float16, each step in float32, one rounding at the end)."""
    if reduce is not None:  # (a value as Scalar.to<T>() leaves it: numpy would widen it)
        fill = np.asarray(fill).astype(data.dtype, copy=False)
    if reduce is not None and data.dtype == np.float16:
        wide = data.astype(np.float32)
        _scatter_write(wide, positions, np.asarray(fill, np.float16).astype(np.float32), reduce)
        with np.errstate(over="ignore"):
            data[...] = wide.astype(np.float16)
        return
    if reduce != "multiply":
        _write_positions(data, positions, fill, accumulate=reduce == "add")
        return
    target = data if data.ndim else data.reshape(1)
    np.multiply.at(target, np.unravel_index(positions, target.shape), fill)


def _scatter_node(
    x: Tensor,
    dim: int,
    index: Tensor,
    source: Tensor | None,
    reduce: str | None,
    shape: tuple,
    op: str,
) -> Node | None:
    operands = (x,) if source is None else (x, source)
    if not requires_grad(*operands):
        return None
    edges = tuple(operand._edge() for operand in operands)
    if reduce is not None:  # (torch has no derivative for scatter with reduce)
        from .pointwise import _NoDerivative

        node = _NoDerivative(edges, ((shape, x.dtype),))
        node.op = op
        return node
    name = "ScatterBackward1" if source is None else "ScatterBackward0"
    node = _node_class(name, _IndexScatterNode)(edges, ((shape, x.dtype),))
    node.dim = dim
    node.save(index)
    return node


def scatter(
    x: Tensor,
    dim: int = errors.REQUIRED,
    index: Tensor = errors.REQUIRED,
    src: Any = None,
    *,
    value: Any = None,
    reduce: str | None = None,
) -> Tensor:
    """``x.scatter(dim, index, src or value, reduce=None)``: a (contiguous) copy of x with
    src's elements (or value) written where index points along dim (reduce: added or
    multiplied in); ScatterBackward0 (src) / ScatterBackward1 (value)."""
    dim, positions, source, fill = _scatter_plan(x, dim, index, src, value, reduce, "scatter")
    data = np.array(x._data, copy=True, order="C")
    _scatter_write(data, positions, fill, reduce)
    return Tensor._make(
        data, x.dtype, _scatter_node(x, dim, index, source, reduce, data.shape, "scatter")
    )


def scatter_(
    x: Tensor,
    dim: int = errors.REQUIRED,
    index: Tensor = errors.REQUIRED,
    src: Any = None,
    *,
    value: Any = None,
    reduce: str | None = None,
) -> Tensor:
    """``x.scatter_(dim, index, src or value, reduce=None)``: scatter in place."""
    dim, positions, source, fill = _scatter_plan(x, dim, index, src, value, reduce, "scatter_")
    x._check_inplace()  # (an expanded tensor: torch's internal-overlap error)
    _scatter_write(x._data, positions, fill, reduce)
    return _recorded_inplace(
        x, _scatter_node(x, dim, index, source, reduce, x._data.shape, "scatter_")
    )


# =============================================================================
# __getitem__


def _index_array(obj: object) -> np.ndarray | None:
    return obj._data if isinstance(obj, Tensor) else None


def _apply_view_steps(x: Tensor, plan: IndexPlan) -> Tensor:
    for step in plan.steps:
        if isinstance(step, SelectStep):
            x = select(x, step.dim, step.index)
        elif isinstance(step, SliceStep):
            x = _slice(x, step.dim, step.start, step.stop, step.step)
        elif isinstance(step, UnsqueezeStep):
            x = unsqueeze(x, step.dim)
    return x


def _advanced_positions(view: Tensor, plan: IndexPlan) -> np.ndarray:
    """Flat positions in ``view`` of each element of ``view[advanced part]``."""
    if math.prod(plan.result_shape) == 0:
        return np.zeros(plan.result_shape, dtype=np.int64)
    return _positions_grid(view._data.shape)[plan.numpy_key()]


def getitem(x: Tensor, key: Any) -> Tensor:
    """``x[key]`` with torch's semantics (see gradekit.engine.indexing)."""
    plan = parse_index(key, x._data.shape, _index_array)
    if plan.is_alias:
        return alias(x)
    sliced = _apply_view_steps(x, plan)
    if plan.is_basic:
        return sliced
    index_tensors = [
        item
        for item in (key if isinstance(key, tuple) else (key,))
        if isinstance(item, Tensor) and item._data.ndim and item.dtype is not bool_
    ]
    return take_positions(
        sliced, _advanced_positions(sliced, plan), "IndexBackward0", saved=index_tensors
    )


# =============================================================================
# __setitem__, index_put_


def _value_tensor(target: Tensor, value: Any) -> tuple[Tensor | None, Any]:
    """(tensor value, None) or (None, python scalar); torch's TypeError otherwise."""
    if isinstance(value, Tensor):
        return value, None
    if is_scalar(value):
        return None, scalar_value(value)
    from ..indexing import _type_name

    raise errors.error(
        "setitem_value_type", type_name=_type_name(value), legacy_type=target.dtype.legacy_name
    )


def setitem(x: Tensor, key: Any, value: Any) -> None:
    """``x[key] = value``: CopySlices for basic keys, IndexPutBackward0 for advanced ones."""
    value_tensor, scalar = _value_tensor(x, value)
    if scalar is not None:
        scalar = _setitem_scalar(scalar, x.dtype)
    try:
        plan = parse_index(key, x._data.shape, _index_array, for_setitem=True)
    except Uint8MaskInSetitem:  # (free unless raised)
        plan = _uint8_setitem_plan(x, key, value_tensor)
    sliced = _apply_view_steps(x, plan)
    if plan.is_basic:
        if value_tensor is None:
            _fill_(sliced, scalar)
        else:
            _copy_to(sliced, value_tensor)
        return
    if value_tensor is None:
        # (quiet: 1e20 into float16 is a silent inf, as torch)
        array = quiet_call(np.asarray, scalar, dtype=sliced.dtype.np_dtype)
        value_tensor = Tensor._make(array, sliced.dtype)
    elif value_tensor._data.ndim and value_tensor._data.shape[0] == 1:
        # torch views the value without its leading size-1 dims first (ViewBackward0)
        shape = value_tensor._data.shape
        first_kept = next((i for i, size in enumerate(shape) if size != 1), len(shape))
        value_tensor = view(value_tensor, shape[first_kept:])
    positions = _advanced_positions(sliced, plan)
    try:
        _put_(sliced, positions, value_tensor, accumulate=False)
    except RuntimeError:  # (free unless raised)
        if not _fills_through_mask(sliced, key, value_tensor):
            raise
        _put_(sliced, positions, _mask_fill_value(value_tensor, sliced.dtype), accumulate=False)
    masks = [k for k in (key if isinstance(key, tuple) else (key,)) if _is_bool_mask(k)]
    if scalar is not None and masks and "_overlapping" in sliced.__dict__:
        errors.warn("masked_fill_expanded", stacklevel=2)  # torch routes this to masked_fill_


def _setitem_scalar(scalar: Any, target: dtype) -> Any:
    """A Python number stored by ``x[key] = number``, checked as torch checks it: an int
    must fit int64 (the parser's "Overflow when unpacking long long"), and an integer
    tensor refuses a number it cannot hold (nan, inf, 1e20) with torch's overflow error; a
    floating tensor takes any float (1e20 into float16 is inf)."""
    if type(scalar) is builtins.int and not -(2**63) <= scalar < 2**63:
        raise errors.error("long_overflow")
    if target.category == INTEGRAL:
        return checked_scalar(scalar, target)
    return scalar


def _is_bool_mask(item: object) -> bool:
    return isinstance(item, Tensor) and item.dtype is bool_


def _fills_through_mask(target: Tensor, key: Any, value: Tensor) -> bool:
    """Whether torch's index_put_ writes the one-element ``value`` of another dtype with
    ``masked_fill_(mask, value.item())`` (its canDispatchToMaskedFill: no accumulate, one
    element, the key's one index a bool mask), so ``x[x > 3] = torch.tensor(0)`` on a float
    ``x`` fills where a value of another shape would raise the dtype error."""
    if value.dtype is target.dtype or value._data.size != 1:
        return False
    return _one_mask_key(key)


def _one_mask_key(key: Any, mask_kinds: str = "b") -> bool:
    """Whether the key's one index (after torch's selects and slices) is a mask: a tensor or
    array of one of ``mask_kinds`` (numpy's kinds: ``"b"`` bool, ``"u"`` uint8)."""
    masks = 0
    for item in key if isinstance(key, tuple) else (key,):
        if item is None or item is Ellipsis or isinstance(item, slice):
            continue
        if type(item) is not bool and isinstance(item, (builtins.int, np.integer)):
            continue  # (a select)
        data = item._data if isinstance(item, Tensor) else item
        if isinstance(data, np.ndarray) and data.ndim == 0 and data.dtype.kind in "iu":
            if data.dtype != np.uint8:
                continue  # (a select; a 0-d uint8 is an index, as a 0-d bool)
        if not (
            isinstance(data, np.ndarray)
            and data.ndim
            and (data.dtype == np.bool_ or data.dtype == np.uint8)
            and data.dtype.kind in mask_kinds
        ):
            return False  # another index: torch's index_put_ kernel and its dtype check
        masks += 1
    return masks == 1


def _uint8_setitem_plan(x: Tensor, key: Any, value: Tensor | None) -> Any:
    """The plan of ``x[key] = value`` for a key with uint8 masks (deprecated in torch): a
    one-element value with one uint8 mask as the key's only index is torch's masked_fill_
    error (after its mask-shape check); otherwise each mask warns and is read as a bool
    mask, as torch's expandTensors does."""
    items = key if isinstance(key, tuple) else (key,)
    as_bool = tuple(_uint8_as_bool(item) for item in items)
    bool_key = as_bool if isinstance(key, tuple) else as_bool[0]
    if (value is None or value._data.size == 1) and _one_mask_key(items, "u"):
        parse_index(bool_key, x._data.shape, _index_array, for_setitem=True)  # (shape errors)
        raise errors.error("masked_fill_mask_dtype", dtype=_CPP_TYPE_NAMES["uint8"])
    for item in items:
        if _uint8_as_bool(item) is not item:
            errors.warn_at_caller("uint8_index")
    try:
        return parse_index(bool_key, x._data.shape, _index_array, for_setitem=True)
    except Uint8MaskInSetitem:  # one inside a list: the warning and a bool mask, as getitem's
        return parse_index(bool_key, x._data.shape, _index_array)


def _uint8_as_bool(item: Any) -> Any:
    """A uint8 mask of one dim or more (tensor or array) as a bool one, else the item."""
    data = item._data if isinstance(item, Tensor) else item
    if isinstance(data, np.ndarray) and data.ndim and data.dtype == np.uint8:
        return Tensor._make(data.astype(np.bool_), bool_)
    return item


def _mask_fill_value(value: Tensor, target: dtype) -> Tensor:
    """``value.item()`` stored in ``target`` as masked_fill_ stores it (an integer tensor
    refuses nan with torch's overflow error); a value that requires grad is cast in the
    graph, so its gradient comes back in its own dtype, as torch's engine casts it."""
    if value.requires_grad:
        return value.to(target)
    scalar = _setitem_scalar(value.item(), target)
    return Tensor._make(quiet_call(np.asarray, scalar, dtype=target.np_dtype), target)


def _fill_(target: Tensor, scalar: Any) -> None:
    target._check_inplace()
    # quiet: torch's x[i] = 1e20 into float16 is a silent inf
    target._data[...] = quiet_call(np.asarray(scalar).astype, target.dtype.np_dtype)
    target._bump_version()
    if requires_grad(target):
        node = FillBackward3((target._edge(), (None, 0)), ((target._data.shape, target.dtype),))
        target._set_grad_fn_inplace(node)


def _copy_to(target: Tensor, value: Tensor) -> None:
    """torch's copy_to: copy_ for equal shapes, fill_ for 0-d, else view + expand + copy_."""
    if value._data.shape != target._data.shape:
        if value._data.ndim == 0:
            _fill_tensor_(target, value)
            return
        value = _expand_value(target, value)
    target._check_inplace()
    quiet_call(np.copyto, target._data, value._data, casting="unsafe")  # (silent casts)
    target._bump_version()
    if requires_grad(target, value) and target.dtype.category == FLOATING:  # (torch's copy_)
        node = CopyBackwards((target._edge(), value._edge()), ((target._data.shape, target.dtype),))
        target._set_grad_fn_inplace(node)


def _fill_tensor_(target: Tensor, value: Tensor) -> None:
    target._check_inplace()
    target._data[...] = quiet_call(value._data.astype, target.dtype.np_dtype)
    target._bump_version()
    if requires_grad(target, value):
        node = FillBackward3((target._edge(), value._edge()), ((target._data.shape, target.dtype),))
        target._set_grad_fn_inplace(node)


def _expand_value(target: Tensor, value: Tensor) -> Tensor:
    """Drop the value's leading size-1 dims (a ViewBackward0), then expand to the target."""
    shape = value._data.shape
    first_kept = next((i for i, size in enumerate(shape) if size != 1), len(shape))
    value = view(value, shape[first_kept:])
    if value._data.shape != target._data.shape:
        value = expand(value, target._data.shape)
    return value


def _check_put_value(target: Tensor, positions: np.ndarray, value: Tensor) -> None:
    if value.dtype is not target.dtype:
        raise errors.error(
            "index_put_dtype", dst=target.dtype.scalar_name, src=value.dtype.scalar_name
        )
    try:
        broadcastable = np.broadcast_shapes(value._data.shape, positions.shape) == positions.shape
    except ValueError:
        broadcastable = False
    if not broadcastable:
        raise errors.error(
            "index_put_value_shape",
            value_shape=list(value._data.shape),
            result_shape=list(positions.shape),
        )


def _put_(
    target: Tensor,
    positions: np.ndarray,
    value: Tensor,
    accumulate: bool,
    name: str = "IndexPutBackward0",
) -> None:
    """In-place advanced write into ``target``, recorded as ``name``."""
    _check_put_value(target, positions, value)
    _check_inplace_on_expanded(target, "index_put_expanded", stacklevel=5)
    if positions.size:
        values = np.broadcast_to(value._data, positions.shape).reshape(-1)
        values = values.astype(target.dtype.np_dtype, copy=False)
        _write_positions(target._data, positions.reshape(-1), values, accumulate)
    target._bump_version()
    if requires_grad(target, value):
        node = _node_class(name, _PutNode)(
            (target._edge(), value._edge()),
            ((target._data.shape, target.dtype),),
        )
        node.positions, node.accumulate = positions, accumulate
        node._saved = ()  # (torch's saves the indices: freed after a backward)
        target._set_grad_fn_inplace(node)


def put_(x: Tensor, index: Tensor, source: Tensor, accumulate: bool = False) -> Tensor:
    """``x.put_(index, source, accumulate=False)``: writes source's elements at the flat
    (row-major) positions of index in x (PutBackward0); negative positions count from the
    end."""
    _put_(x, _put_positions(x, index, source), source, accumulate, "PutBackward0")
    return x


def put(x: Tensor, index: Tensor, source: Tensor, accumulate: bool = False) -> Tensor:
    """``torch.put(input, index, source, accumulate=False)``: ``put_`` on a copy."""
    positions = _put_positions(x, index, source)
    return put_positions(x, positions, source, accumulate, "PutBackward0")


def _put_positions(x: Tensor, index: Tensor, source: Tensor) -> np.ndarray:
    """put's flat positions of x, in source's shape, after torch's checks."""
    for position, (name, value) in enumerate((("index", index), ("source", source)), 1):
        if not isinstance(value, Tensor):
            raise errors.error(
                "argument_not_tensor",
                op="put_",
                arg=name,
                position=position,
                type_name=type(value).__name__,
            )
    if index.dtype is not int64:
        raise errors.error("put_index_dtype", dtype=index.dtype.scalar_name)
    if source.dtype is not x.dtype:
        raise errors.error("put_dtype", dst=x.dtype.scalar_name, src=source.dtype.scalar_name)
    if source._data.size != index._data.size:
        raise errors.error("put_numel", source=source._data.size, index=index._data.size)
    numel = x._data.size
    positions = index._data.astype(np.int64, copy=True).reshape(source._data.shape)
    if numel == 0 and positions.size:
        raise errors.error("put_empty")
    outside = (positions < -numel) | (positions >= numel)
    if outside.any():
        first = positions.reshape(-1)[np.argmax(outside.reshape(-1))]
        raise errors.error("take_out_of_range", index=int(first), numel=numel)
    positions[positions < 0] += numel
    return positions


def _index_put_plan(
    x: Tensor, indices: Sequence[Any], values: Tensor, accumulate: bool
) -> np.ndarray:
    # torch's parser takes a tuple or list of Tensors only (no None, no bare tensor); the
    # caller's handler words the TypeError as torch does
    if not isinstance(indices, (tuple, list)):
        raise TypeError("index_put_(): indices must be a tuple of Tensors")
    arrays = []
    for index in indices:
        if not isinstance(index, Tensor):
            raise TypeError("index_put_(): indices must be a tuple of Tensors")
        arrays.append(index._data)
        if index.dtype is uint8:
            _uint8_index_put(x, arrays[-1], len(indices), values, accumulate)
    plan = parse_index_tensors(arrays, x._data.shape)
    if plan.is_basic:
        return _positions_grid(x._data.shape)
    return _advanced_positions(x, plan)


def _uint8_index_put(
    x: Tensor, mask: np.ndarray, count: int, values: Tensor, accumulate: bool
) -> None:
    """A uint8 mask among index_put_'s indices: torch's masked_fill_ error when it is the one
    index of a one-element write (after the mask-shape check), else the deprecation warning."""
    if count == 1 and not accumulate and values._data.size == 1:
        for dim, size in enumerate(mask.shape):
            if dim >= x._data.ndim or size != x._data.shape[dim]:
                raise errors.error(
                    "mask_shape_at",
                    mask_shape=list(mask.shape),
                    mask_dim=dim,
                    tensor_shape=list(x._data.shape),
                    tensor_dim=dim,
                )
        raise errors.error("masked_fill_mask_dtype", dtype=_CPP_TYPE_NAMES["uint8"])
    errors.warn_at_caller("uint8_index")


def index_put_(
    x: Tensor, indices: Sequence[Any], values: Tensor, accumulate: bool = False
) -> Tensor:
    """``x.index_put_(indices, values, accumulate)``: indices are tensors (None = whole dim)."""
    try:
        if accumulate is not False and accumulate is not True:  # torch's parser: a bool only
            raise TypeError("accumulate")
        positions = _index_put_plan(x, indices, values, accumulate)
        try:
            _put_(x, positions, values, accumulate)
        except RuntimeError:  # (free unless raised)
            if accumulate or not _fills_through_mask(x, tuple(indices), values):
                raise
            _put_(x, positions, _mask_fill_value(values, x.dtype), accumulate)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        error = arguments.not_a_tensor("index_put_", x, failure, indices, values, accumulate)
        raise error from None
    return x


def index_put(
    x: Tensor, indices: Sequence[Any], values: Tensor, accumulate: bool = False
) -> Tensor:
    try:
        if accumulate is not False and accumulate is not True:  # torch's parser: a bool only
            raise TypeError("accumulate")
        positions = _index_put_plan(x, indices, values, accumulate)
        try:
            _check_put_value(x, positions, values)
        except RuntimeError:  # (free unless raised)
            if accumulate or not _fills_through_mask(x, tuple(indices), values):
                raise
            values = _mask_fill_value(values, x.dtype)
        return put_positions(x, positions, values, accumulate)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("index_put", x, failure, indices, values, accumulate) from None


# =============================================================================
# helpers and registration


def _wrap_dim(dim: int, ndim: int) -> int:
    """A non-negative dim (torch's IndexError when out of range); 0-d tensors accept -1 and 0."""
    wrapped = maybe_wrap_dim(dim, ndim)
    return wrapped if ndim else 0  # (a conditional: no max() call)


def _unique_dims(dims: Sequence[int], ndim: int) -> list[int]:
    """Wrapped dims, with torch's error for a dim given twice (flip, squeeze)."""
    wrapped: list[int] = []
    for d in dims:
        d = _wrap_dim(d, ndim)
        if d in wrapped:
            raise errors.error("flip_duplicate", dim=d)
        wrapped.append(d)
    return wrapped


def _int_list(args: tuple) -> list[int]:
    """``f(2, 3)``, ``f((2, 3))``, ``f([2, 3])`` and ``f(torch.Size)`` all mean [2, 3]."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    return list(map(operator.index, args))


def _dim_list(args: tuple) -> list[Any]:
    """The dims of ``flip``/``permute``/``movedim``/``squeeze`` (``f(0, 1)``, ``f((0, 1))``) as
    torch's parser unpacks an int list: the first must be an index but not a bool (a float,
    None, a str, a numpy bool are a TypeError, which the op's handler words), the others
    anything with ``__index__`` (a bool is 0 or 1)."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    if not args:
        return []
    if type(args[0]) is not int and not arguments.is_index(args[0]):
        raise TypeError(f"dims must be ints, not {type(args[0]).__name__}")
    if len(args) == 1:
        return list(args)
    return [args[0], *map(operator.index, args[1:])]


def _squeeze_method(self: Tensor, *dims: Any, dim: Any = ALL_DIMS, axis: Any = ALL_DIMS) -> Tensor:
    """``x.squeeze()``, ``x.squeeze(1)``, ``x.squeeze((0, 2))`` and, as torch's method
    also takes them, ``x.squeeze(0, 2)`` and ``x.squeeze(axis=1)`` (numpy's name)."""
    if axis is not ALL_DIMS:
        given = {"dim": dim, "axis": axis} if dim is not ALL_DIMS else {"axis": axis}
        listed = overloads.method_listing("squeeze") or ()
        error = arguments.call_error("squeeze", listed, dims, given)
        if error is not None:
            raise error
        if dim is not ALL_DIMS:  # (both names)
            raise errors.error("unexpected_keyword", name="squeeze", keyword="axis")
        dim = axis
    if dims:
        if dim is not ALL_DIMS:
            raise errors.parser_error("squeeze_invalid", dims, {"dim": dim})
        dim = dims[0] if len(dims) == 1 else dims
    try:
        return squeeze(self, dim)
    except TypeError as failure:  # (free unless raised)
        if dims or dim is ALL_DIMS:
            raise
        # x.squeeze(dim=…): torch lists a wrong dim as a keyword
        listed = overloads.method_listing("squeeze") or ()
        raise (arguments.call_error("squeeze", listed, (), {"dim": dim}) or failure) from None


def _index_select_method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """``x.index_select(dim, index)``, with torch's TypeError when an argument is missing."""
    given = len(args) + len(kwargs)
    if given == 1:
        raise errors.error("argument_missing", name="index_select", argument="index")
    if given == 0:
        raise errors.error(
            "two_arguments_missing", name="index_select", first="dim", second="index"
        )
    try:
        return index_select(self, *args, **kwargs, _index_position=2)
    except TypeError as failure:  # (free unless raised) a keyword is named without position
        raise arguments.by_keyword(failure, kwargs) from None


def _flip_method(self: Tensor, *positional: Any, dims: Any = None) -> Tensor:
    """``x.flip(0, 1)``, ``x.flip((0, 1))`` and ``x.flip(dims=(0, 1))``."""
    if dims is not None or not positional:  # by keyword, or not at all
        positional = arguments.keyword_size("flip", "dims", positional, dims)
    return flip(self, positional)


# torch's functions take a size or dims as one sequence (``torch.permute(x, (1, 0))``;
# ``torch.permute(x, 1, 0)`` is a TypeError), where the methods also take them one by one.
# The bodies above are the methods; these are the functions.


def _not_one_sequence(name: str, input: Any, sequence: Any, surplus: tuple[Any, ...]) -> Exception:
    """torch's TypeError for the function ``name`` given something other than one
    sequence (an int, a surplus positional argument, nothing)."""
    failure = TypeError(f"expected one sequence of ints, got {type(sequence).__name__}")
    body = sys._getframe(1)  # (the function's: its caller's keywords)
    return arguments.not_a_tensor(name, input, failure, sequence, *surplus, body=body)


def permute_function(
    input: Tensor = errors.REQUIRED, dims: Any = errors.REQUIRED, *surplus: Any
) -> Tensor:
    """``torch.permute(input, dims)``."""
    if isinstance(dims, (tuple, list)) and not surplus:  # (the check inline: no extra call)
        return permute(input, dims)
    raise _not_one_sequence("permute", input, dims, surplus)


def reshape_function(
    input: Tensor = errors.REQUIRED, shape: Any = errors.REQUIRED, *surplus: Any
) -> Tensor:
    """``torch.reshape(input, shape)``."""
    if isinstance(shape, (tuple, list)) and not surplus:
        return reshape(input, shape)
    raise _not_one_sequence("reshape", input, shape, surplus)


def broadcast_to_function(
    input: Tensor = errors.REQUIRED, size: Any = errors.REQUIRED, *surplus: Any
) -> Tensor:
    """``torch.broadcast_to(input, size)``."""
    if isinstance(size, (tuple, list)) and not surplus:
        return broadcast_to(input, size)
    raise _not_one_sequence("broadcast_to", input, size, surplus)


def clone_function(
    input: Tensor = errors.REQUIRED, *surplus: Any, memory_format: object = None
) -> Tensor:
    """``torch.clone(input)`` and ``x.clone()`` (the engine's copies keep the memory layout,
    torch's ``preserve_format``)."""
    try:
        () = surplus  # a surplus positional argument fails here; the handler words it
        return clone(input)
    except (AttributeError, TypeError, ValueError) as failure:  # (free unless raised)
        raise arguments.not_a_tensor("clone", input, failure, *surplus) from None


#: Tensor methods defined here (name -> function taking ``self`` first).
TENSOR_METHODS: dict[str, Any] = {
    "__getitem__": getitem,
    "__setitem__": setitem,
    "view": view,
    "view_as": view_as,
    "reshape": reshape,
    "reshape_as": reshape_as,
    "flatten": flatten,
    "unflatten": _unflatten_method,
    "ravel": ravel,
    "contiguous": contiguous,
    "clone": clone_function,
    "transpose": transpose,
    "swapaxes": arguments.with_parameter_names(transpose, dim0="axis0", dim1="axis1"),
    "swapdims": arguments.parsed_like_torch(
        arguments.renamed(transpose, "swapdims", qualname="swapdims"),
        "swapdims",
        overloads.method_listing("swapdims"),
        method=True,
    ),
    "t": t,
    "T": property(_T),
    "mT": property(_mT),
    "mH": property(lambda self: _mT(self, "mH", stacklevel=5)),
    "adjoint": lambda self: _mT(self, "adjoint", stacklevel=5),
    "permute": permute,
    "movedim": movedim,
    "moveaxis": arguments.parsed_like_torch(  # (the parser words a missing argument)
        arguments.renamed(movedim, "moveaxis", qualname="moveaxis"),
        "moveaxis",
        overloads.method_listing("moveaxis"),
        method=True,
    ),
    "squeeze": _squeeze_method,
    "unsqueeze": unsqueeze,
    "expand": expand,
    "expand_as": expand_as,
    "repeat": repeat,
    "flip": _flip_method,
    "flipud": flipud,
    "fliplr": fliplr,
    "narrow": narrow,
    "select": select,
    "split": arguments.with_parameter_names(split, split_size_or_sections="split_size"),
    "chunk": chunk,
    "unbind": unbind,
    "index_select": _index_select_method,
    "gather": gather_along,
    "masked_fill": masked_fill,
    "masked_fill_": masked_fill_,
    "index_fill": index_fill,
    "index_fill_": index_fill_,
    "index_copy": index_copy,
    "index_copy_": index_copy_,
    "scatter_": scatter_,
    "diagonal": diagonal,
    "diag": diag,
    "rot90": rot90,
    "tensor_split": tensor_split,
    "scatter": scatter,
    "masked_select": masked_select,
    "take_along_dim": take_along_dim,
    "take": _take_method,
    "put_": put_,
    "put": put,
    "broadcast_to": broadcast_to,
    "index_put_": index_put_,
    "index_put": index_put,
}

#: ``torch.<name>`` functions defined here.
TORCH_FUNCTIONS: dict[str, Any] = {
    "cat": cat,
    "concat": arguments.renamed(cat, "concat", qualname="concat"),
    "concatenate": arguments.renamed(cat, "concatenate", qualname="concatenate"),
    "stack": stack,
    "hstack": hstack,
    "vstack": vstack,
    "split": split,
    "chunk": chunk,
    "unbind": unbind,
    "reshape": arguments.renamed(reshape_function, "reshape", qualname="reshape"),
    "flatten": flatten,
    "unflatten": unflatten,
    "ravel": ravel,
    "transpose": transpose,
    "swapaxes": arguments.with_parameter_names(
        arguments.renamed(transpose, "swapaxes", qualname="swapaxes"),
        dim0="axis0",
        dim1="axis1",
    ),
    "t": t,
    "permute": arguments.renamed(permute_function, "permute", qualname="permute"),
    "movedim": movedim,
    "moveaxis": arguments.parsed_like_torch(  # (the parser words a missing argument)
        arguments.with_parameter_names(
            arguments.renamed(movedim, "moveaxis", qualname="moveaxis"), x="input"
        ),
        "moveaxis",
        overloads.FUNCTIONS["moveaxis"],
    ),
    "swapdims": arguments.parsed_like_torch(
        arguments.with_parameter_names(
            arguments.renamed(transpose, "swapdims", qualname="swapdims"), x="input"
        ),
        "swapdims",
        overloads.FUNCTIONS["swapdims"],
    ),
    "squeeze": squeeze,
    "unsqueeze": unsqueeze,
    "flip": flip,
    "flipud": flipud,
    "fliplr": fliplr,
    "narrow": narrow,
    "select": select,
    "index_select": index_select,
    "gather": gather_along,
    "masked_fill": masked_fill,
    "index_fill": index_fill,
    "index_copy": index_copy,
    "diagonal": diagonal,
    "diag": diag,
    "rot90": rot90,
    "tensor_split": tensor_split,
    "scatter": scatter,
    "masked_select": masked_select,
    "take_along_dim": take_along_dim,
    "take": take,
    "put": put,
    "broadcast_tensors": broadcast_tensors,
    "broadcast_to": arguments.renamed(
        broadcast_to_function, "broadcast_to", qualname="broadcast_to"
    ),
    "clone": arguments.known_as(clone_function, "clone", arguments.FUNCTION),
    "index_put": index_put,
}
# torch's functions name their tensor ``input`` (``torch.transpose(input=t, dim0=0, dim1=1)``)
# and torch.split's ``tensor``, where the bodies above call it ``x``: the namespace holds
# copies that answer to torch's names (the same bytecode; see arguments.with_parameter_names).
for _name, _function in TORCH_FUNCTIONS.items():
    _first = _function.__code__.co_varnames[0]
    if _first == "x":
        _torch_name = "tensor" if _name == "split" else "input"
        TORCH_FUNCTIONS[_name] = arguments.with_parameter_names(_function, x=_torch_name)

for _name, _function in TENSOR_METHODS.items():
    if not _name.startswith("__"):  # a copy by which the error path knows it is the method
        _function = arguments.as_method(_function, _name)
    register_method(_name, _function)
