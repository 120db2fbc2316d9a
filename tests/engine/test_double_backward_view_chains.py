"""Double-backward graphs of view chains (repeat, expand, flip, permute, transpose) are
torch's, node for node (issue 2).

``g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)`` for ``y =
x.repeat(2, 3).t()`` showed ``ReshapeAliasBackward0`` where torch shows ``ViewBackward0``.
Three causes, each now as torch has it:

* ``RepeatBackward0`` is torch's ``repeat_backward`` step by step: ``sum(0)`` per leading
  dim the repeat added, one reshape into (repeat, size) pairs without the repeats of 1, one
  sum; nothing when every remaining repeat is 1.
* the gradient of a sum is torch's expanded view (strides 0), also when nothing records it,
  so ``grad * y`` is laid out as ``y`` is, and the transposed gradient it makes is
  contiguous again after ``TBackward0``: a reshape of it is a plain view.
* a dim reduction's result is C-contiguous, as torch allocates it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine


def graph(tensor: Any) -> Any:
    """The grad_fn graph below ``tensor`` as nested (name, inputs) pairs."""

    def walk(node: Any) -> Any:
        if node is None:
            return None
        return (node.name(), tuple(walk(child) for child, _ in node.next_functions))

    return walk(tensor.grad_fn)


# (name, chain applied to x of shape (2, 3))
CHAINS = {
    "repeat then t": lambda x: x.repeat(2, 3).t(),
    "repeat": lambda x: x.repeat(2, 3),
    "repeat adding a dim, permuted": lambda x: x.repeat(2, 1, 1).permute(2, 0, 1),
    "repeat adding a dim, transposed": lambda x: x.repeat(3, 1, 2).transpose(0, 2),
    "expand, repeat, permute": lambda x: x.expand(2, 2, 3).repeat(1, 2, 1).permute(1, 2, 0),
    "repeat, flip, t": lambda x: x.repeat(2, 2).flip(1).t(),
    "expand then transpose": lambda x: x.unsqueeze(0).expand(2, 2, 3).transpose(0, 2),
    "flip then t": lambda x: x.flip(0).t(),
    "permute": lambda x: x.permute(1, 0),
    "repeat of ones": lambda x: x.repeat(1, 1).t(),
    "repeat with a zero": lambda x: x.repeat(0, 2),
}


def strides(tensor: Any) -> tuple[int | None, ...]:
    """``stride()`` without the strides of size-1 dims, which are free (no element moves
    with them; torch and numpy choose them differently: docs/engine-internals.md)."""
    pairs = zip(tensor.shape, tensor.stride(), strict=True)
    return tuple(None if size == 1 else step for size, step in pairs)


def double_backward(module: Any, chain: Any, x_data: np.ndarray) -> dict[str, Any]:
    x = module.tensor(x_data.tolist(), requires_grad=True)
    y = chain(x)
    (g,) = module.autograd.grad((y * y).sum(), x, create_graph=True)
    picture = {"graph": graph(g), "g": g.tolist(), "stride": strides(g)}
    if g.requires_grad:
        (g * g).sum().backward()
        picture["x.grad"] = x.grad.tolist()
    return picture


X = np.array([[1.0, -2.0, 3.0], [0.5, 0.25, -1.5]], dtype=np.float32)


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(CHAINS))
def test_double_backward_graphs_are_torchs(name: str, real_torch) -> None:
    ours = double_backward(engine, CHAINS[name], X)
    theirs = double_backward(real_torch, CHAINS[name], X)
    assert ours == theirs


def test_repeat_then_t_graph() -> None:
    """The brief's reproduction, recorded (torch 2.13's graph)."""
    picture = double_backward(engine, CHAINS["repeat then t"], X)
    mul = ("MulBackward0", (None, ("TBackward0", (("RepeatBackward0", ACCUMULATE),))))
    assert picture["graph"] == (
        "SumBackward1",
        (("ViewBackward0", (("TBackward0", (("AddBackward0", (mul, mul)),)),)),),
    )
    assert picture["stride"] == (3, 1)


ACCUMULATE = (("torch::autograd::AccumulateGrad", ()),)


def test_the_gradient_of_a_sum_is_an_expanded_view() -> None:
    x = engine.ones(2, 3, requires_grad=True)
    (g,) = engine.autograd.grad(x.sum(), x)
    assert g.stride() == (0, 0)
    seen = []
    y = x * 2
    y.register_hook(lambda grad: seen.append(grad.stride()))
    y.sum().backward()
    assert seen == [(0, 0)]
    assert x.grad.stride() == (3, 1)  # (the leaf's own layout, as before)


def test_writing_into_the_gradient_of_a_sum_raises_as_in_torch() -> None:
    x = engine.ones(2, 3, requires_grad=True)
    y = x * 2
    y.register_hook(lambda grad: grad.add_(1))
    with pytest.raises(RuntimeError, match="more than one element of the written-to tensor"):
        y.sum().backward()


def test_dim_reductions_are_contiguous() -> None:
    x = engine.arange(24.0).reshape(2, 3, 4).permute(2, 1, 0)
    for result in (
        x.sum(1),
        x.sum(0, keepdim=True),
        x.amax(1),
        x.amin(2),
        x.all(1),
        x.any(0),
        x.count_nonzero(1),
        x.mean(1),
        x.mean((0, 2), keepdim=True),
    ):
        assert result.is_contiguous()
    assert x.sum(1).tolist() == np.arange(24.0).reshape(2, 3, 4).transpose(2, 1, 0).sum(1).tolist()


_VIEW_STEPS = ("repeat", "t", "flip", "permute", "expand")


@st.composite
def _chains(draw: st.DrawFn) -> tuple[tuple[int, ...], list[tuple[str, Any]]]:
    """A leaf shape and up to three view steps valid for it, as (name, argument) pairs."""
    shape = tuple(draw(st.lists(st.integers(1, 3), min_size=1, max_size=3)))
    steps: list[tuple[str, Any]] = []
    current = shape
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(_VIEW_STEPS))
        ndim = len(current)
        if name == "repeat":
            extra = draw(st.integers(0, 1))
            repeats = tuple(draw(st.integers(1, 3)) for _ in range(ndim + extra))
            current = tuple(r * s for r, s in zip(repeats, (1,) * extra + current, strict=True))
            steps.append((name, repeats))
        elif name == "t" and ndim == 2:
            current = current[::-1]
            steps.append((name, None))
        elif name == "flip":
            steps.append((name, (draw(st.integers(0, ndim - 1)),)))
        elif name == "permute":
            order = tuple(draw(st.permutations(range(ndim))))
            current = tuple(current[d] for d in order)
            steps.append((name, order))
        elif name == "expand":
            size = draw(st.integers(1, 3))
            current = (size, *current)
            steps.append((name, current))
    return shape, steps


def _apply(x: Any, steps: list[tuple[str, Any]]) -> Any:
    for name, argument in steps:
        if name == "t":
            x = x.t()
        elif name == "expand":
            x = x.expand(*argument)
        else:
            x = getattr(x, name)(*argument)
    return x


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(case=_chains(), weighted=st.booleans())
def test_random_view_chains_against_torch(case, weighted: bool, real_torch) -> None:
    shape, steps = case
    data = np.arange(1, int(np.prod(shape)) + 1, dtype=np.float32).reshape(shape) / 4

    def picture(module: Any) -> dict[str, Any]:
        x = module.tensor(data.tolist(), requires_grad=True)
        y = _apply(x, steps)
        loss = (y * y).sum() if not weighted else (y * y.detach().flip(0)).sum()
        (g,) = module.autograd.grad(loss, x, create_graph=True)
        result = {"graph": graph(g), "g": g.tolist(), "stride": strides(g)}
        if g.requires_grad:
            (g * g).sum().backward()
            result["x.grad"] = x.grad.tolist()
        return result

    assert picture(engine) == picture(real_torch)
