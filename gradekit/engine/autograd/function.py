"""torch.autograd.Function: user-defined ops with a hand-written backward.

``MyOp.apply(*args)`` runs ``MyOp.forward(ctx, *args)`` without recording, then, when
any tensor argument requires grad, records one node named ``MyOpBackward`` (torch's
naming) whose backward calls ``MyOp.backward(ctx, *grad_outputs)``.
"""

from __future__ import annotations

import warnings
from typing import Any

from .. import errors
from ..dtypes import FLOATING
from ..tensor import Tensor
from . import grad_mode
from .graph import Node, SavedTensor, note_user_code, saved_input


class FunctionCtx:
    """The ``ctx`` passed to ``forward`` and ``backward``."""

    def __init__(self) -> None:
        self.needs_input_grad: tuple[bool, ...] = ()
        self.materialize_grads = True
        self._to_save: tuple[Any, ...] = ()
        self._node: _FunctionBackward | None = None
        self._non_differentiable: set[int] = set()
        self._dirty: set[int] = set()

    def save_for_backward(self, *tensors: Tensor | None) -> None:
        # (checked by apply when it records, as torch's _save_variables)
        self._to_save = tensors

    def _check_saved(self) -> None:
        for index, t in enumerate(self._to_save):
            if t is not None and not isinstance(t, Tensor):
                raise errors.error(
                    "save_for_backward_type", index=index, type_name=type(t).__name__
                )

    @property
    def saved_tensors(self) -> tuple[Tensor | None, ...]:
        if self._node is None:  # forward ran without recording: plain values
            return self._to_save
        return self._node.saved_tensors

    def mark_non_differentiable(self, *tensors: Tensor) -> None:
        self._non_differentiable.update(id(t) for t in tensors)

    def mark_dirty(self, *tensors: Tensor) -> None:
        self._dirty.update(id(t) for t in tensors)

    def set_materialize_grads(self, value: bool) -> None:
        self.materialize_grads = bool(value)


class _FunctionBackward(Node):
    """Base of the per-Function node classes (``MyOpBackward``)."""

    _function: type[Function]
    _ctx: FunctionCtx
    _tensor_positions: tuple[int, ...]
    _num_args: int

    def __repr__(self) -> str:
        # torch's Python node class prints as any Python object does, module included
        cls = type(self)
        return f"<{cls.__module__}.{cls.__qualname__} object at {hex(id(self))}>"

    def backward(self, grad: Any) -> tuple:
        grads = grad if self.num_outputs > 1 else (grad,)
        if self._ctx.materialize_grads:
            from ..ops.pointwise import zeros_like_grad

            grads = tuple(
                zeros_like_grad(_zeros_source(shape, dtype)) if g is None else g
                for g, (shape, dtype) in zip(grads, self._output_meta, strict=True)
            )
        result = self._function.backward(self._ctx, *grads)
        if not isinstance(result, tuple):
            result = (result,)
        return self._check_gradients(result)

    def _check_gradients(self, result: tuple) -> tuple:
        """The gradients of the tensor inputs, checked as torch's PyNode::apply does."""
        num_args = self._num_args
        if len(result) > num_args and all(g is None for g in result[num_args:]):
            result = result[:num_args]  # surplus gradients are allowed when all None
        if len(result) != num_args:
            raise errors.error(
                "function_gradient_count",
                name=type(self).__name__,
                expected=num_args,
                got=len(result),
            )
        positions = self._tensor_positions
        for i, g in enumerate(result):
            if i not in positions:
                if g is not None:
                    raise errors.error(
                        "function_gradient_not_variable", name=type(self).__name__, position=i + 1
                    )
            elif g is not None and not isinstance(g, Tensor):
                raise errors.error("function_gradient_type", type_name=type(g).__name__)
        return tuple(result[i] for i in positions)

    def _forward_op_name(self) -> str:
        # torch names a custom Function's output by the Function: "output 0 of MyOp"
        return self._function.__name__


def _zeros_source(shape: tuple[int, ...], dtype: Any) -> Tensor:
    import numpy as np

    return Tensor._make(np.zeros(shape, dtype.np_dtype), dtype)


class Function:
    """Subclass with ``forward(ctx, *args)`` and ``backward(ctx, *grads)`` staticmethods."""

    _node_classes: dict[type, type[_FunctionBackward]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        warnings.warn(
            errors.WARNINGS["function_instantiated"].format(cls=type(self)),
            DeprecationWarning,
            stacklevel=2,
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise errors.error("legacy_function")

    @staticmethod
    def forward(ctx: FunctionCtx, *args: Any, **kwargs: Any) -> Any:
        raise errors.error("function_forward_missing")

    @staticmethod
    def backward(ctx: FunctionCtx, *grad_outputs: Any) -> Any:
        raise errors.error("function_backward_missing")

    @classmethod
    def _node_class(cls) -> type[_FunctionBackward]:
        note_user_code()  # its backward is the user's: see graph.user_code_in_graphs
        node_class = Function._node_classes.get(cls)
        if node_class is None:
            node_class = type(
                f"{cls.__name__}Backward",
                (_FunctionBackward,),
                # as torch: <class 'torch.autograd.function.MyFnBackward'>
                {"__module__": "torch.autograd.function"},
            )
            Function._node_classes[cls] = node_class
        return node_class

    @classmethod
    def apply(cls, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            args = _bind_keywords(cls, args, kwargs)
        ctx = FunctionCtx()
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        with grad_mode.no_grad():
            outputs = cls.forward(ctx, *args)
        recording = grad_mode.enabled and any(ctx.needs_input_grad)
        single = not isinstance(outputs, tuple)
        output_tuple = (outputs,) if single else outputs
        if not recording:
            return _unrecorded_outputs(args, outputs, output_tuple, single)
        ctx._check_saved()
        positions = tuple(i for i, a in enumerate(args) if isinstance(a, Tensor))
        wrapped: list[Any] = []
        tensor_outputs = [o for o in output_tuple if isinstance(o, Tensor)]
        node_class = cls._node_class()
        node = node_class(
            tuple(args[i]._edge() for i in positions),
            tuple((o._data.shape, o.dtype) for o in tensor_outputs),
        )
        node.num_outputs = len(tensor_outputs)
        node._function, node._ctx = cls, ctx
        node._tensor_positions, node._num_args = positions, len(args)
        inputs_by_id = {id(a) for a in args if isinstance(a, Tensor)}
        output_nr = 0
        for out in output_tuple:
            if not isinstance(out, Tensor):
                wrapped.append(out)
                continue
            if id(out) in ctx._non_differentiable or out.dtype.category != FLOATING:
                # torch: integer and bool outputs are never differentiable
                wrapped.append(out)
                output_nr += 1
                continue
            if id(out) in inputs_by_id and id(out) not in ctx._dirty:
                # returning an input: torch returns a new tensor sharing its memory
                out = Tensor._make(out._data, out.dtype, None, 0, out._version_counter)
            if out._grad_fn is None and out._requires_grad and id(out) in ctx._dirty:
                raise errors.error("leaf_inplace")
            out._grad_fn = node
            out._output_nr = output_nr
            out._requires_grad = True
            wrapped.append(out)
            output_nr += 1
        ctx._node = node
        # an output saved is saved as an output (its version error names this Function)
        recorded = {id(out) for out in wrapped if isinstance(out, Tensor) and out._grad_fn is node}
        node._saved = tuple(
            SavedTensor(t, True) if id(t) in recorded else saved_input(t) for t in ctx._to_save
        )
        return wrapped[0] if single else tuple(wrapped)


def _bind_keywords(cls: type, args: tuple, kwargs: dict[str, Any]) -> tuple:
    """``apply(x, n=3)``: torch places the keywords among the inputs by forward's parameter
    names, at the positions after ``args``: ``(x, 3)``."""
    import inspect

    parameters = list(inspect.signature(cls.forward).parameters.values())[1:]  # (not ctx)
    names = [
        p.name
        for p in parameters
        if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    ]
    for name in kwargs:
        if name not in names:
            raise errors.error("function_keyword_unexpected", name=name)
    bound = list(args)
    for position in range(len(args), len(args) + len(kwargs)):
        name = names[position] if position < len(names) else None
        if name not in kwargs:
            raise errors.error("function_keyword_missing", name=name, position=position)
        bound.append(kwargs[name])
    return tuple(bound)


def _unrecorded_outputs(args: tuple, outputs: Any, output_tuple: tuple, single: bool) -> Any:
    """The outputs of a Function that recorded nothing: an input returned as it is comes
    back as a new tensor, as torch's (a view of it, or, when it requires grad, a detached
    alias)."""
    inputs = {id(a) for a in args if isinstance(a, Tensor)}
    if not any(id(out) in inputs for out in output_tuple):
        return outputs
    from ..ops.views import _make_view  # (ops import this module)

    wrapped = [
        (out.detach() if out._requires_grad else _make_view(out, out._data[...], None, _same))
        if id(out) in inputs
        else out
        for out in output_tuple
    ]
    return wrapped[0] if single else tuple(wrapped)


def _same(array: Any) -> Any:
    return array[...]


class once_differentiable:  # noqa: N801 - torch's name
    """Decorator accepted for compatibility: the backward runs without building a graph."""

    def __new__(cls, fn: Any) -> Any:  # type: ignore[misc]
        def wrapper(ctx: FunctionCtx, *args: Any) -> Any:
            with grad_mode.no_grad():
                return fn(ctx, *args)

        wrapper.__name__ = getattr(fn, "__name__", "backward")
        return wrapper
