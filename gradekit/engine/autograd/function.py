"""torch.autograd.Function: user-defined ops with a hand-written backward.

``MyOp.apply(*args)`` runs ``MyOp.forward(ctx, *args)`` without recording, then, when
any tensor argument requires grad, records one node named ``MyOpBackward`` (torch's
naming) whose backward calls ``MyOp.backward(ctx, *grad_outputs)``.
"""

from __future__ import annotations

from typing import Any

from .. import errors
from ..tensor import Tensor
from . import grad_mode
from .graph import Node, note_user_code


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
        for t in tensors:
            if t is not None and not isinstance(t, Tensor):
                raise errors.error(
                    "save_for_backward_type", index=tensors.index(t), type_name=type(t).__name__
                )
        self._to_save = tensors

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


def _zeros_source(shape: tuple[int, ...], dtype: Any) -> Tensor:
    import numpy as np

    return Tensor._make(np.zeros(shape, dtype.np_dtype), dtype)


class Function:
    """Subclass with ``forward(ctx, *args)`` and ``backward(ctx, *grads)`` staticmethods."""

    _node_classes: dict[type, type[_FunctionBackward]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
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
    def apply(cls, *args: Any) -> Any:
        ctx = FunctionCtx()
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        with grad_mode.no_grad():
            outputs = cls.forward(ctx, *args)
        recording = grad_mode.enabled and any(ctx.needs_input_grad)
        single = not isinstance(outputs, tuple)
        output_tuple = (outputs,) if single else outputs
        if not recording:
            return outputs
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
            if id(out) in ctx._non_differentiable:
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
        node.save(*ctx._to_save)
        return wrapped[0] if single else tuple(wrapped)


class once_differentiable:  # noqa: N801 - torch's name
    """Decorator accepted for compatibility: the backward runs without building a graph."""

    def __new__(cls, fn: Any) -> Any:  # type: ignore[misc]
        def wrapper(ctx: FunctionCtx, *args: Any) -> Any:
            with grad_mode.no_grad():
                return fn(ctx, *args)

        wrapper.__name__ = getattr(fn, "__name__", "backward")
        return wrapper
