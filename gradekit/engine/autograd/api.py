"""``torch.autograd.backward`` and ``torch.autograd.grad``: argument checks, then the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import errors
from ..tensor import Tensor
from .engine import implicit_gradient, run_backward


def _as_tuple(value: Any) -> tuple:
    if value is None:
        return ()
    if isinstance(value, Tensor):
        return (value,)
    return tuple(value)


def _make_roots(
    outputs: Sequence[Tensor], grad_outputs: Sequence[Tensor | None]
) -> list[tuple[tuple, Tensor]]:
    """Pair each output with its (validated or implicit) gradient."""
    if len(grad_outputs) != len(outputs):
        if len(grad_outputs) < len(outputs):
            raise errors.error("grad_outputs_count", got=len(grad_outputs), outputs=len(outputs))
        grad_outputs = grad_outputs[: len(outputs)]  # (torch's _make_grads zips: extra ignored)
    roots = []
    for i in range(len(outputs)):  # (indexing: cheaper than enumerate(zip()) for one output)
        output, grad = outputs[i], grad_outputs[i]
        if not output._requires_grad:
            raise errors.error("no_grad_fn", index=i)
        if grad is None:
            grad = Tensor._make(implicit_gradient(output), output.dtype)
        else:
            if not isinstance(grad, Tensor):
                raise errors.error("gradient_type", type_name=type(grad).__name__)
            if grad._data.shape != output._data.shape:
                raise errors.error(
                    "grad_shape_mismatch",
                    index=i,
                    grad_size=grad.shape,
                    output_size=output.shape,
                )
            if grad.dtype is not output.dtype:
                grad = grad.to(output.dtype)
        roots.append((output._edge(), grad))
    return roots


def backward(
    tensors: Tensor | Sequence[Tensor],
    grad_tensors: Tensor | Sequence[Tensor | None] | None = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    grad_variables: Any = None,
    inputs: Tensor | Sequence[Tensor] | None = None,
) -> None:
    """Accumulate gradients of ``tensors`` into the ``.grad`` of the leaves (or of ``inputs``)."""
    outputs = _as_tuple(tensors)
    grads = _as_tuple(grad_tensors) if grad_tensors is not None else (None,) * len(outputs)
    if retain_graph is None:
        retain_graph = create_graph
    input_tensors = _as_tuple(inputs) if inputs is not None else None
    if input_tensors is not None:
        if len(input_tensors) == 0:
            raise errors.error("backward_empty_inputs")
        for t in input_tensors:
            if not t._requires_grad:
                raise errors.error("retain_grad_no_grad")
    roots = _make_roots(outputs, grads)
    try:
        run_backward(
            roots,
            retain_graph=retain_graph,
            create_graph=create_graph,
            inputs=input_tensors,
            accumulate=True,
        )
    finally:
        if create_graph:
            # torch warns from its C++ engine, and a warning raised there reaches Python when
            # the engine's call returns (or fails): after the backward pass and its hooks.
            errors.warn_once("backward_create_graph")


def grad(
    outputs: Tensor | Sequence[Tensor],
    inputs: Tensor | Sequence[Tensor],
    grad_outputs: Tensor | Sequence[Tensor | None] | None = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    only_inputs: bool = True,
    allow_unused: bool | None = None,
    is_grads_batched: bool = False,
    materialize_grads: bool = False,
) -> tuple[Tensor | None, ...]:
    """Gradients of ``outputs`` w.r.t. ``inputs``; ``.grad`` fields are not touched."""
    from ..ops.creation import zeros_like

    output_tensors = _as_tuple(outputs)
    input_tensors = _as_tuple(inputs)
    grads = _as_tuple(grad_outputs) if grad_outputs is not None else (None,) * len(output_tensors)
    if allow_unused is None:
        allow_unused = materialize_grads
    if materialize_grads and not allow_unused:
        raise errors.error("materialize_needs_allow_unused")
    if retain_graph is None:
        retain_graph = create_graph
    roots = _make_roots(output_tensors, grads)  # torch checks the outputs first
    if not input_tensors:
        raise errors.error("grad_empty_inputs")
    for t in input_tensors:
        if not t._requires_grad:
            raise errors.error("input_not_requiring_grad")
    result = run_backward(
        roots,
        retain_graph=retain_graph,
        create_graph=create_graph,
        inputs=input_tensors,
        accumulate=False,
    )
    for i, g in enumerate(result):
        if g is None:
            if materialize_grads:
                result[i] = zeros_like(input_tensors[i], requires_grad=create_graph)
            elif not allow_unused:
                raise errors.error("unused_input", index=i)
    return tuple(result)
