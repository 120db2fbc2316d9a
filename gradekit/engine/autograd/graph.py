"""Graph nodes: ``Node`` (one subclass per torch grad_fn name), ``AccumulateGrad``, saved
tensors with version checks, and hook handles.

A node is created by an op when it records; its ``next_functions`` point at the nodes
that produced the op's inputs (``AccumulateGrad`` for leaves, ``None`` for inputs that do
not require grad).  ``backward(grad)`` maps the gradient of the node's output(s) to one
gradient per ``next_functions`` entry, written with engine Tensor ops so that running it
under grad mode (``create_graph=True``) records a graph of its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import errors

if TYPE_CHECKING:
    from ..tensor import Tensor

# The Tensor class, set by tensor.py once it is defined (it imports this module, so this
# module cannot import it at the top); ``save`` tests operands against it.
tensor_type: type = type(None)

# torch runs ready nodes in decreasing creation order; AccumulateGrad first of all.
_sequence = itertools.count()
ACCUMULATE_GRAD_SEQUENCE = 1 << 62


# grad_fn classes torch writes by hand: their name() is "torch::autograd::<class>"
# False until this process first registers a hook or a retain_grad, or records a custom
# autograd.Function: until then no backward pass can run user code, which lets
# ``loss.backward()`` skip counting dependencies (autograd/engine.py,
# ``_run_backward_newest_first``).  It never goes back to False.
user_code_in_graphs = False


def note_user_code() -> None:
    """Called wherever user code joins a graph (hooks, retain_grad, custom Functions)."""
    global user_code_in_graphs
    user_code_in_graphs = True


_NAMESPACED_NODE_NAMES = frozenset(
    {"AccumulateGrad", "CopyBackwards", "CopySlices", "NotImplemented", "Error"}
)


class RemovableHandle:
    """Returned by ``register_hook``; ``remove()`` is idempotent (torch.utils.hooks)."""

    __slots__ = ("_hooks", "id")
    _next_id = itertools.count()

    def __init__(self, hooks: dict[int, Any]) -> None:
        self._hooks = hooks
        self.id = next(RemovableHandle._next_id)

    def remove(self) -> None:
        self._hooks.pop(self.id, None)

    def __enter__(self) -> RemovableHandle:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.remove()


RemovableHandle.__module__ = "torch.utils.hooks"


class SavedTensor:
    """A tensor a node needs for its backward, as torch's SavedVariable.

    Inputs are kept as the tensor itself (so unpacking under ``create_graph`` stays
    connected to the graph).  Outputs are kept as raw data and re-wrapped on unpack with
    the owning node as grad_fn, which avoids a reference cycle output -> node -> output.
    """

    __slots__ = ("tensor", "data", "dtype", "version", "version_counter", "output_nr")

    def __init__(self, tensor: Tensor, is_output: bool) -> None:
        self.version_counter = tensor._version_counter
        self.version = self.version_counter[0]
        if is_output:
            self.tensor = None
            self.data = tensor._data
            self.dtype = tensor.dtype
            self.output_nr = tensor._output_nr
        else:
            self.tensor = tensor
            self.data = None
            self.dtype = None
            self.output_nr = -1

    def unpack(self, owner: Node) -> Tensor:
        current = self.version_counter[0]
        if current != self.version:
            self._raise_modified(owner, current)
        if self.tensor is not None:
            return self.tensor
        from ..tensor import Tensor

        return Tensor._make(self.data, self.dtype, owner, self.output_nr)

    def _raise_modified(self, owner: Node, current: int) -> None:
        saved = [s for s in owner._saved or () if type(s) is SavedTensor]
        if len(saved) == 2 and saved[0] is self:
            # torch unpacks a node's saved variables in the order of their names, and the
            # second one's (other, mat2, index, exponent, result) comes before self's
            second = saved[1]
            if second.version_counter[0] != second.version:
                second._raise_modified_alone(owner, second.version_counter[0])
        self._raise_modified_alone(owner, current)

    def _raise_modified_alone(self, owner: Node, current: int) -> None:
        if self.tensor is not None:
            # an output of split/chunk/unbind whose base changed in place: torch's unpack
            # reads its grad_fn first, which raises "Output 0 of Split is a view ..." (the
            # grad_fn property of ops/views.py's _StaleMultiOutputView)
            self.tensor.grad_fn  # noqa: B018 - read for the error it may raise
            tensor = self.tensor
            grad_fn = tensor._grad_fn
            output_nr = tensor._output_nr
            shape, dtype = tensor._data.shape, tensor.dtype
        else:
            grad_fn, output_nr = owner, self.output_nr
            shape, dtype = self.data.shape, self.dtype
        # torch names the type by its toString(): the legacy name, but CPUBoolType for bool
        legacy = "CPUBoolType" if dtype.legacy_name == "torch.BoolTensor" else dtype.legacy_name
        which = f", which is output {output_nr} of {grad_fn._forward_op_name()}," if grad_fn else ""
        raise errors.error(
            "saved_tensor_modified",
            legacy_type=legacy,
            sizes=list(shape),
            which=which,
            version=current,
            expected=self.version,
        )


_new_saved_tensor = object.__new__


def saved_input(value: Any) -> Any:
    """What ``Node.save`` stores for one forward input: a ``SavedTensor`` for a tensor,
    anything else (a Python scalar, None for "not needed") as it is.  Hot ops (``mul``)
    call it directly and set ``node._saved`` themselves."""
    # (a type test, not hasattr: hasattr on a Python number or None raises inside)
    if isinstance(value, tensor_type):
        # SavedTensor(value, False), built without type.__call__ (this is per op)
        entry = _new_saved_tensor(SavedTensor)
        entry.tensor = value
        entry.data = entry.dtype = None
        entry.output_nr = -1
        entry.version_counter = counter = value._version_counter
        entry.version = counter[0]  # (an inference tensor's raises: InferenceVersionCounter)
        return entry
    return value


class Node:
    """Base class of every grad_fn.  Subclasses are named exactly like torch's classes.

    To define an op's gradient, subclass and implement ``backward`` (see
    docs/engine-internals.md).  Attributes:

    * ``next_functions`` – tuple of ``(Node | None, output_nr)``, one per differentiable input.
    * ``_saved`` – tuple of ``SavedTensor`` (``None`` when the node saves nothing).
    * ``_output_meta`` – ``(shape, dtype)`` per output; the engine reduces (``sum_to``) and
      casts incoming gradients to these, exactly like torch's ``validate_outputs``.
    """

    # Hot attributes are slots; rarely used ones live in __dict__ with class defaults,
    # so creating a node (once per recorded op) sets only four attributes.  ``_hooked``
    # says whether any hook or retain_grad was ever registered here (the backward engine
    # checks that one slot instead of the four hook dicts).
    __slots__ = (
        "next_functions",
        "_output_meta",
        "_sequence_nr",
        "_hooked",
        "__dict__",
        "__weakref__",
    )

    _saved: tuple | None = None
    _released = False
    _pre_hooks: dict[int, Callable] | None = None
    _post_hooks: dict[int, Callable] | None = None
    # tensor hooks of the non-leaf tensors this node produced: output_nr -> {id: fn}
    _tensor_pre_hooks: dict[int, dict[int, Callable]] | None = None
    # output_nr -> the tensor whose .grad retain_grad() fills (weakly referenced)
    _retain_grad_tensors: dict[int, Any] | None = None

    #: number of outputs of the forward op (multi-output ops such as split override it)
    num_outputs = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # torch's grad_fn classes are C++ types reported as builtins:
        # print(type(y.grad_fn)) shows "<class 'AddBackward0'>".
        if cls.__module__.startswith("gradekit."):
            cls.__module__ = "builtins"

    def __init__(self, next_functions: tuple, output_meta: tuple) -> None:
        self.next_functions = next_functions
        self._output_meta = output_meta
        self._sequence_nr = next(_sequence)
        self._hooked = False

    @property
    def metadata(self) -> dict:
        return self.__dict__.setdefault("_metadata", {})

    # --- the part an op author writes -------------------------------------------------
    def backward(self, grad: Tensor) -> tuple[Tensor | None, ...]:
        """Gradients w.r.t. each input (aligned with ``next_functions``)."""
        raise NotImplementedError(f"{type(self).__name__}.backward")

    def backward_data(self, grad: Any) -> Any:
        """Optional fast twin of ``backward`` on numpy arrays, for backward passes that
        record nothing (no ``create_graph``) and have no hooks (see autograd/engine.py).

        ``grad`` is the output gradient as an ndarray (a tuple of ndarray-or-None for
        multi-output nodes).  Return one ndarray or None per ``next_functions`` entry,
        equal bit for bit to what ``backward`` returns as Tensors, or ``NotImplemented``
        when this node has no array formula for these operands; the engine then calls
        ``backward``.  Never modify ``grad`` in place: other nodes may hold the same array.
        """
        return NotImplemented

    # --- saved tensors ----------------------------------------------------------------
    def save(self, *inputs: Any, outputs: tuple[Tensor, ...] = ()) -> None:
        """Save what backward needs: forward inputs, then results (``outputs``).

        Tensors are version-checked on unpack; anything else (a Python scalar, None for
        "not needed") is kept as is.  Save exactly what torch saves (derivatives.yaml),
        because that decides which in-place modifications raise at backward time.
        """
        saved = list(map(saved_input, inputs))  # (a comprehension is a frame of its own)
        if outputs:
            saved.extend([SavedTensor(t, True) for t in outputs])
        self._saved = tuple(saved)

    @property
    def saved_tensors(self) -> tuple[Any, ...]:
        """Unpack what ``save`` stored, raising torch's errors if freed or modified."""
        if self._released:
            raise errors.error("backward_twice")
        # a list comprehension: cheaper than a generator for these 1-3 items
        return tuple([s.unpack(self) if type(s) is SavedTensor else s for s in self._saved])

    @property
    def saved_data(self) -> tuple[Any, ...]:
        """``saved_tensors`` with each tensor replaced by its ndarray (for ``backward_data``).

        The same checks as ``saved_tensors`` / ``SavedTensor.unpack``, written out in one
        loop: this runs once per node in every plain backward pass.
        """
        if self._released:
            raise errors.error("backward_twice")
        values = []
        for value in self._saved:
            if type(value) is SavedTensor:
                current = value.version_counter[0]
                if current != value.version:
                    value._raise_modified(self, current)
                value = value.data if value.tensor is None else value.tensor._data
            values.append(value)
        return tuple(values)

    def release_saved(self) -> None:
        """Free saved tensors after a backward without ``retain_graph``."""
        if self._saved is not None:
            self._saved = None
            self._released = True

    # --- torch.autograd.graph.Node API --------------------------------------------------
    def name(self) -> str:
        name = type(self).__name__
        # torch's hand-written (not generated) nodes report their C++ namespace
        return f"torch::autograd::{name}" if name in _NAMESPACED_NODE_NAMES else name

    def _forward_op_name(self) -> str:
        """The forward op's name as torch prints it in version-counter errors."""
        name = type(self).__name__
        if name.endswith("Backward0"):
            return name[:-9]
        for suffix in ("Backward1", "Backward2", "Backward3", "Backward4"):
            if name.endswith(suffix):  # torch keeps the overload's number: Pow2, Max1
                return name[:-9] + suffix[-1]
        return f"torch::autograd::{name}"

    def register_hook(self, fn: Callable) -> RemovableHandle:
        """``fn(grad_inputs, grad_outputs)`` runs after this node; may return new grad_inputs."""
        if self._post_hooks is None:
            self._post_hooks = {}
        self._hooked = True
        note_user_code()
        handle = RemovableHandle(self._post_hooks)
        self._post_hooks[handle.id] = fn
        return handle

    def register_prehook(self, fn: Callable) -> RemovableHandle:
        """``fn(grad_outputs)`` runs before this node; may return new grad_outputs."""
        if self._pre_hooks is None:
            self._pre_hooks = {}
        self._hooked = True
        note_user_code()
        handle = RemovableHandle(self._pre_hooks)
        self._pre_hooks[handle.id] = fn
        return handle

    def _register_tensor_hook(self, output_nr: int, fn: Callable) -> RemovableHandle:
        if self._tensor_pre_hooks is None:
            self._tensor_pre_hooks = {}
        self._hooked = True
        note_user_code()
        hooks = self._tensor_pre_hooks.setdefault(output_nr, {})
        handle = RemovableHandle(hooks)
        hooks[handle.id] = fn
        return handle

    def __call__(self, *grads: Tensor) -> Any:
        result = self.backward(grads[0] if self.num_outputs == 1 else grads)
        return result[0] if len(result) == 1 else result

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {hex(id(self))}>"


_new_node_object = object.__new__


def new_node(node_class: type[Node], next_functions: tuple, output_meta: tuple) -> Node:
    """``node_class(next_functions, output_meta)`` for a class that keeps ``Node.__init__``,
    without ``type.__call__`` (CPython 3.11 does not specialise calling a class with a
    Python ``__init__``; a plain function call it does).  For the hottest ops only."""
    node = _new_node_object(node_class)
    node.next_functions = next_functions
    node._output_meta = output_meta
    node._sequence_nr = next(_sequence)
    node._hooked = False
    return node


class AccumulateGrad(Node):
    """Sink node of a leaf tensor: accumulates into ``variable.grad``."""

    __slots__ = ("variable",)

    def backward(self, grad: Tensor) -> tuple:
        return ()

    def _forward_op_name(self) -> str:
        return "torch::autograd::AccumulateGrad"


def new_accumulate_grad(variable: Tensor) -> AccumulateGrad:
    """The sink node of leaf ``variable`` (made once per leaf and graph, so, like
    ``new_node``, without ``type.__call__`` and ``__init__``)."""
    node = _new_node_object(AccumulateGrad)
    node.next_functions = ()
    node._output_meta = ((variable._data.shape, variable.dtype),)
    node._sequence_nr = ACCUMULATE_GRAD_SEQUENCE
    # here ``_hooked`` means "the leaf may have hooks" (Tensor.register_hook and
    # register_post_accumulate_grad_hook set it on a node that already exists)
    node._hooked = variable._hooks is not None or variable._post_accumulate_hooks is not None
    node.variable = variable
    return node


class CopyBackwards(Node):
    """grad_fn of ``copy_`` (and of ``.grad`` after ``backward(create_graph=True)``)."""

    __slots__ = ()

    def backward(self, grad: Tensor) -> tuple:
        from ..ops.pointwise import zeros_like_grad

        return zeros_like_grad(grad), grad
