"""``loss.backward()`` without dependency counts (autograd/engine.py,
``_run_backward_newest_first``) runs exactly what the counting array path runs.

While no hook, retain_grad or custom Function exists in the process
(``graph.user_code_in_graphs`` is False) the pass runs the nodes newest first and leaves the
leaves' AccumulateGrad nodes for the end.  Each test sets the flag itself: once any other
test registers a hook it stays True for the rest of the process.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine.autograd import engine as backward_engine
from gradekit.engine.autograd import graph
from gradekit.engine.ops.pointwise import (
    AddBackward0,
    DivBackward0,
    ExpBackward0,
    MulBackward0,
    TanhBackward0,
)
from gradekit.engine.ops.reduction import MeanBackward0, SumBackward0

NODE_CLASSES = [
    AddBackward0,
    MulBackward0,
    DivBackward0,
    TanhBackward0,
    ExpBackward0,
    SumBackward0,
    MeanBackward0,
]

# each step: (operation, index of the first operand, index of the second operand)
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["add", "mul", "div", "mul_scalar", "add_scalar", "tanh", "exp", "mean"]),
        st.integers(0, 100),
        st.integers(0, 100),
    ),
    min_size=1,
    max_size=10,
)


def _logged_backward_data(monkeypatch: pytest.MonkeyPatch, order: list[int]) -> None:
    """Record the sequence number of each node whose formula runs, in order."""
    for node_class in NODE_CLASSES:
        formula = node_class.backward_data

        def logged(node: Any, grad: Any, formula: Any = formula) -> Any:
            order.append(node._sequence_nr)
            return formula(node, grad)

        monkeypatch.setattr(node_class, "backward_data", logged)


def _run(steps: list, newest_first: bool, monkeypatch: pytest.MonkeyPatch) -> tuple:
    """Build a random DAG over three leaves, backpropagate: (order of the nodes, ranked by
    creation; the leaves' grads as bytes)."""
    monkeypatch.setattr(graph, "user_code_in_graphs", not newest_first)
    order: list[int] = []
    _logged_backward_data(monkeypatch, order)
    leaves = [
        engine.tensor([0.5, -1.0, 0.125], requires_grad=True),
        engine.tensor([[2.0, 0.25, -3.0]], requires_grad=True),
        engine.tensor(1.5, dtype=engine.float64, requires_grad=True),
    ]
    values: list[Any] = list(leaves)
    for op, first, second in steps:
        a, b = values[first % len(values)], values[second % len(values)]
        if op == "add":
            values.append(a + b)
        elif op == "mul":
            values.append(a * b)
        elif op == "div":
            values.append(a / (b * b + 1))
        elif op == "mul_scalar":
            values.append(a * 3)
        elif op == "add_scalar":
            values.append(a + 2)
        elif op == "tanh":
            values.append(engine.tanh(a))
        elif op == "exp":
            values.append(engine.exp(a * 0.25))
        else:
            values.append(a.mean())
    loss = sum(value.sum() for value in values[3:]) if len(values) > 3 else values[0].sum()
    loss.backward()
    ranks = {seq: rank for rank, seq in enumerate(sorted(set(order)))}
    grads = [None if leaf.grad is None else leaf.grad._data.tobytes() for leaf in leaves]
    dtypes = [None if leaf.grad is None else str(leaf.grad.dtype) for leaf in leaves]
    return [ranks[seq] for seq in order], grads, dtypes


@settings(max_examples=200, deadline=None)
@given(steps=STEPS)
def test_random_graphs_run_in_the_counting_order_with_the_same_grads(steps: list) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        newest_first = _run(steps, True, monkeypatch)
    with pytest.MonkeyPatch.context() as monkeypatch:
        counting = _run(steps, False, monkeypatch)
    assert newest_first == counting


def test_the_seed_graph_takes_the_newest_first_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph, "user_code_in_graphs", False)
    counted: list[int] = []
    count = backward_engine._count_dependencies
    monkeypatch.setattr(
        backward_engine,
        "_count_dependencies",
        lambda roots: counted.append(1) or count(roots),
    )
    x = engine.ones(2, 2, requires_grad=True)
    y = x + 2
    (y * y * 3).mean().backward()
    assert x.grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    assert counted == []  # no dependency count: the newest-first pass ran
    monkeypatch.setattr(graph, "user_code_in_graphs", True)
    (y * y * 3).mean().backward()
    assert counted == [1]  # user code may exist: the counting path
    assert x.grad.tolist() == [[9.0, 9.0], [9.0, 9.0]]


@pytest.mark.parametrize(
    "register",
    [
        lambda leaf, mid: leaf.register_hook(lambda grad: None),
        lambda leaf, mid: leaf.register_post_accumulate_grad_hook(lambda tensor: None),
        lambda leaf, mid: mid.register_hook(lambda grad: None),
        lambda leaf, mid: mid.retain_grad(),
        lambda leaf, mid: mid.grad_fn.register_hook(lambda grads_in, grads_out: None),
        lambda leaf, mid: mid.grad_fn.register_prehook(lambda grads_out: None),
    ],
)
def test_every_kind_of_user_code_turns_the_pass_off(
    monkeypatch: pytest.MonkeyPatch, register: Any
) -> None:
    monkeypatch.setattr(graph, "user_code_in_graphs", False)
    leaf = engine.ones(2, requires_grad=True)
    register(leaf, leaf * 2)
    assert graph.user_code_in_graphs


def test_a_custom_function_turns_the_pass_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph, "user_code_in_graphs", False)

    class Double(engine.autograd.Function):
        @staticmethod
        def forward(ctx: Any, value: Any) -> Any:
            return value * 2

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            return grad * 2

    Double.apply(engine.ones(2, requires_grad=True))
    assert graph.user_code_in_graphs


def _failing_graph(engine_module: Any) -> tuple[Any, ...]:
    """u's AccumulateGrad is finished before the node that fails (b's, whose saved ``a``
    was modified in place); x's still waits for a's node."""
    x = engine_module.tensor([1.0, 2.0], requires_grad=True)
    w = engine_module.tensor([3.0, 4.0], requires_grad=True)
    u = engine_module.tensor([5.0, 6.0], requires_grad=True)
    a = x * 2
    b = a * w
    c = b + u
    a.add_(1)
    return x, w, u, c.sum()


def _after_failure(engine_module: Any) -> tuple:
    x, w, u, loss = _failing_graph(engine_module)
    with pytest.raises(RuntimeError) as failure:
        loss.backward()
    grads = tuple(None if t.grad is None else t.grad.tolist() for t in (x, w, u))
    return str(failure.value), grads


@pytest.mark.parametrize("newest_first", [True, False])
def test_a_failing_node_leaves_the_finished_leaves_accumulated(
    monkeypatch: pytest.MonkeyPatch, newest_first: bool
) -> None:
    monkeypatch.setattr(graph, "user_code_in_graphs", not newest_first)
    message, grads = _after_failure(engine)
    assert "modified by an inplace operation" in message
    assert grads == (None, None, [1.0, 1.0])  # as torch: see the test below


@pytest.mark.torch
def test_a_failing_node_leaves_what_torch_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    torch = pytest.importorskip("torch", reason="the differential test needs PyTorch")
    monkeypatch.setattr(graph, "user_code_in_graphs", False)
    assert _after_failure(engine) == _after_failure(torch)


def test_a_backward_twice_error_leaves_the_grads_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph, "user_code_in_graphs", False)
    x = engine.tensor([1.0, 2.0], requires_grad=True)
    loss = (engine.exp(x) * x).sum()
    loss.backward()
    first = x.grad.tolist()
    with pytest.raises(RuntimeError, match="second time"):
        loss.backward()
    assert x.grad.tolist() == first


def test_gradients_are_stolen_or_copied_as_on_the_counting_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """AccumulateGrad keeps a gradient nothing else holds (AddBackward0 hands the same
    array to both leaves: the first copies it, the second keeps it), never one shared."""
    monkeypatch.setattr(graph, "user_code_in_graphs", False)
    x = engine.ones(3, requires_grad=True)
    w = engine.ones(3, requires_grad=True)
    (x * 2 + w).sum().backward()
    (x + w).sum().backward()
    assert not np.shares_memory(x.grad._data, w.grad._data)
    assert x.grad.tolist() == [3.0, 3.0, 3.0] and w.grad.tolist() == [2.0, 2.0, 2.0]
