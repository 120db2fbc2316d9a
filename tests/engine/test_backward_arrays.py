"""The array path of the backward engine gives exactly what the Tensor path gives.

A plain ``backward()`` (no ``inputs=``, no ``create_graph``, no hooks or retain_grad in
the graph) passes gradients as numpy arrays and uses each node's ``backward_data``
(autograd/engine.py).  Any other backward uses the Tensor path and ``backward``.  These
tests run the same graphs both ways and require bit-identical gradients, the same
errors, and the same execution order.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from logged_functions import logged_function

import gradekit.engine as engine
from gradekit.engine.autograd import engine as backward_engine
from gradekit.engine.autograd import graph
from gradekit.engine.dtypes import dtype_of_array

DTYPES = {"float32": engine.float32, "float64": engine.float64, "float16": engine.float16}

# name -> function of (a, b) building a scalar loss; b is used by binary graphs
GRAPHS: dict[str, Callable[[Any, Any], Any]] = {
    "seed": lambda a, b: ((a + 2) * (a + 2) * 3).mean(),
    "mul_tensors": lambda a, b: (a * b).sum(),
    "mul_self": lambda a, b: (a * a).mean(),
    "mul_int": lambda a, b: (a * 3).sum(),
    "mul_float": lambda a, b: (a * 0.5).mean(),
    "mul_bool": lambda a, b: (a * True).sum(),
    "mul_numpy_scalar": lambda a, b: (a * np.float64(1.5)).sum(),
    "add_alpha": lambda a, b: engine.add(a, b, alpha=2).sum(),
    "sub": lambda a, b: (a - b).mean(),
    "sub_alpha": lambda a, b: engine.sub(a, b, alpha=3).sum(),
    "exp": lambda a, b: engine.exp(a * 0.1).sum(),
    "tanh": lambda a, b: engine.tanh(a).sum(),
    "sigmoid": lambda a, b: engine.sigmoid(a * b).mean(),
    "relu": lambda a, b: engine.relu(a - b).sum(),
    "broadcast": lambda a, b: (a * b[:1]).sum(),
    "diamond": lambda a, b: (engine.tanh(a) * engine.sigmoid(a) + a * b).mean(),
    "mean_dim": lambda a, b: (a * b).mean(dim=0).sum(),
    "matmul": lambda a, b: engine.tanh(a @ b.t()).sum(),
    "mm_one_side": lambda a, b: (a.detach() @ b.t()).sum(),
    "reuse_leaf": lambda a, b: (a * a * a + a).sum(),
}


def _leaves(values: np.ndarray, other: np.ndarray) -> tuple[Any, Any]:
    a = engine.tensor(values.tolist(), dtype=DTYPES[str(values.dtype)], requires_grad=True)
    b = engine.tensor(other.tolist(), dtype=DTYPES[str(other.dtype)], requires_grad=True)
    return a, b


def _gradients(name: str, values: np.ndarray, other: np.ndarray, path: str) -> list:
    """(dtype name, data) of each leaf's .grad after one backward on the given path."""
    a, b = _leaves(values, other)
    loss = GRAPHS[name](a, b)
    if path == "tensors":
        # A hook that changes nothing makes the graph non-plain: the Tensor path runs it.
        loss.register_hook(lambda grad: None)
    loss.backward()
    return [None if t.grad is None else (t.grad.dtype.name, t.grad._data.copy()) for t in (a, b)]


def _same(first: list, second: list) -> bool:
    for x, y in zip(first, second, strict=True):
        if x is None or y is None:
            if x is not y:
                return False
            continue
        if x[0] != y[0] or x[1].shape != y[1].shape or x[1].tobytes() != y[1].tobytes():
            return False
    return True


matrices = st.sampled_from(["float32", "float64", "float16"]).flatmap(
    lambda dtype: st.tuples(
        st.integers(1, 4),
        st.integers(1, 4),
        st.just(dtype),
        st.lists(st.floats(-3, 3, allow_nan=False, width=16), min_size=32, max_size=32),
    )
)


def _arrays(spec: tuple) -> tuple[np.ndarray, np.ndarray]:
    rows, cols, dtype, pool = spec
    numbers = np.array(pool, dtype=dtype)
    size = rows * cols
    return numbers[:size].reshape(rows, cols), numbers[16 : 16 + size].reshape(rows, cols)


@pytest.mark.parametrize("name", sorted(GRAPHS))
@given(spec=matrices)
def test_array_path_matches_tensor_path(name: str, spec: tuple) -> None:
    values, other = _arrays(spec)
    fast = _gradients(name, values, other, "arrays")
    general = _gradients(name, values, other, "tensors")
    assert _same(fast, general), (name, fast, general)


@pytest.mark.filterwarnings("ignore:Using backward\\(\\) with create_graph=True")
def test_plain_backward_takes_the_array_path(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = backward_engine._run_backward_on_arrays

    def counting(*args: Any, **kwargs: Any) -> None:
        calls.append(1)
        real(*args, **kwargs)

    monkeypatch.setattr(backward_engine, "_run_backward_on_arrays", counting)
    # as after some user code: the dependency-counting passes (with none ever registered,
    # loss.backward() takes the newest-first pass instead: test_newest_first.py)
    monkeypatch.setattr(graph, "user_code_in_graphs", True)
    x = engine.ones(2, 2, requires_grad=True)
    (x * 2).sum().backward()
    assert calls == [1]
    y = x * 2
    y.retain_grad()  # retain_grad, hooks, create_graph and inputs= take the Tensor path
    y.sum().backward()
    (x * 3).sum().backward(create_graph=True)
    (x * 4).sum().backward(inputs=[x])
    z = x * 5
    z.register_hook(lambda g: g)
    z.sum().backward()
    assert calls == [1]


# --- node formulas: backward_data(array) == backward(Tensor) bit for bit -----------------
def _node_of(name: str, values: np.ndarray, other: np.ndarray) -> tuple[Any, Any]:
    a, b = _leaves(values, other)
    loss = GRAPHS[name](a, b)
    return loss, a


@pytest.mark.parametrize("name", sorted(GRAPHS))
@given(spec=matrices)
def test_each_node_formula_matches(name: str, spec: tuple) -> None:
    values, other = _arrays(spec)
    loss, _ = _node_of(name, values, other)
    seen: set[int] = set()
    stack = [loss.grad_fn]
    with engine.no_grad():
        while stack:
            node = stack.pop()
            if node is None or id(node) in seen:
                continue
            seen.add(id(node))
            stack.extend(child for child, _ in node.next_functions)
            meta_shape, meta_dtype = node._output_meta[0]
            if node.num_outputs != 1 or type(node).__name__ == "AccumulateGrad":
                continue
            grad = (np.arange(np.prod(meta_shape, dtype=int)) % 7 - 3).astype(meta_dtype.np_dtype)
            grad = grad.reshape(meta_shape)
            fast = node.backward_data(grad)
            if fast is NotImplemented:
                continue
            general = node.backward(engine.from_numpy(grad))
            assert len(fast) == len(general)
            for f, g in zip(fast, general, strict=True):
                assert (f is None) == (g is None), type(node).__name__
                if f is not None:
                    assert dtype_of_array(f) is g.dtype, type(node).__name__
                    assert f.shape == g._data.shape and f.tobytes() == g._data.tobytes(), type(
                        node
                    ).__name__


# --- errors and order through the array path ------------------------------------------
def _message(fn: Callable[[], object]) -> str:
    with pytest.raises(RuntimeError) as info:
        fn()
    return str(info.value)


def test_inplace_modification_error_is_the_same() -> None:
    def fast() -> None:
        x = engine.ones(3, requires_grad=True)
        y = x * 2
        z = y * y
        y.add_(1)
        z.sum().backward()

    def general() -> None:
        x = engine.ones(3, requires_grad=True)
        y = x * 2
        z = y * y
        y.add_(1)
        loss = z.sum()
        loss.register_hook(lambda g: None)
        loss.backward()

    message = _message(fast)
    assert "modified by an inplace operation" in message
    assert message == _message(general)


def test_saved_output_modification_error_is_the_same() -> None:
    def run(hooked: bool) -> str:
        x = engine.ones(3, requires_grad=True)
        y = engine.tanh(x * 1)
        loss = y.sum()
        y.mul_(2)
        if hooked:
            loss.register_hook(lambda g: None)
        return _message(loss.backward)

    assert "which is output 0 of Tanh," in run(False)
    assert run(False) == run(True)


def test_backward_twice_error_is_the_same() -> None:
    def run(hooked: bool) -> str:
        x = engine.ones(2, requires_grad=True)
        loss = (x * x).sum()
        loss.backward()
        if hooked:
            loss.register_hook(lambda g: None)
        return _message(loss.backward)

    assert run(False).startswith("Trying to backward through the graph a second time")
    assert run(False) == run(True)


def test_accumulation_is_in_place_and_keeps_the_grad_object() -> None:
    x = engine.ones(2, requires_grad=True)
    (x * 3).sum().backward()
    first = x.grad
    version = first._version
    (x * 4).sum().backward()
    assert x.grad is first
    assert first._version == version + 1
    assert first.tolist() == [7.0, 7.0]
    assert x.grad.grad_fn is None and not x.grad.requires_grad


def test_hook_registered_during_backward_still_runs() -> None:
    """A custom Function's backward may add hooks to nodes that have not run yet."""
    calls: list[str] = []

    x = engine.ones(2, requires_grad=True)
    y = x * 2

    class Registering(engine.autograd.Function):
        @staticmethod
        def forward(ctx: Any, value: Any) -> Any:
            return value * 1

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            y.register_hook(lambda g: calls.append("tensor hook") or g * 10)
            x.register_hook(lambda g: calls.append("leaf hook"))
            return grad

    Registering.apply(y).sum().backward()
    assert calls == ["tensor hook", "leaf hook"]
    assert x.grad.tolist() == [20.0, 20.0]


def test_execution_order_is_the_same() -> None:
    """Nodes run in the same order on both paths (custom Functions log their backward)."""

    def run(hooked: bool) -> list[str]:
        order: list[str] = []

        x = engine.ones(2, requires_grad=True)
        a = logged_function(order, "a").apply(x)
        b = logged_function(order, "b").apply(x * 2)
        c = logged_function(order, "c").apply(a * b)
        d = logged_function(order, "d").apply(a + 1)
        loss = (c + d).sum()
        if hooked:
            loss.register_hook(lambda g: None)
        loss.backward()
        return order

    assert run(False) == run(True)
    assert sorted(run(False)) == ["a", "b", "c", "d"]


@pytest.mark.parametrize("hooked", [False, True])
def test_a_repeated_root_counts_its_graph_once(hooked: bool) -> None:
    """backward([y, y]) sums both seeds (torch gives 4, 4); the graph is walked once."""
    x = engine.ones(2, requires_grad=True)
    y = (x * 2).sum()
    if hooked:
        y.register_hook(lambda g: None)
    engine.autograd.backward([y, y])
    assert x.grad.tolist() == [4.0, 4.0]


def test_negation_of_a_0d_tensor_holds_an_array() -> None:
    """np.negative of a 0-d array returns a numpy scalar; tensors always hold arrays."""
    x = engine.tensor(1.5, requires_grad=True)
    assert type((-x)._data) is np.ndarray
    (x - x * 2).backward()  # SubBackward0 negates a 0-d gradient on the array path
    assert type(x.grad._data) is np.ndarray and x.grad.item() == -1.0


# --- loss.backward() straight to the engine (Tensor.backward -> backward_from_scalar) -----
@pytest.mark.parametrize("name", sorted(GRAPHS))
@given(spec=matrices, retain=st.booleans())
def test_implicit_backward_matches_the_api_path(name: str, spec: tuple, retain: bool) -> None:
    """``loss.backward()`` skips autograd/api.py; ``autograd.backward(loss)`` does not."""
    values, other = _arrays(spec)
    results = []
    for through_api in (False, True):
        a, b = _leaves(values, other)
        loss = GRAPHS[name](a, b)
        if through_api:
            engine.autograd.backward(loss, retain_graph=retain)
        else:
            loss.backward(retain_graph=retain)
        if retain:  # the graph is still there: a second backward accumulates
            loss.backward()
        results.append(
            [None if t.grad is None else (t.grad.dtype.name, t.grad._data.copy()) for t in (a, b)]
        )
    assert _same(results[0], results[1]), name


def test_implicit_backward_errors_are_the_api_paths() -> None:
    x = engine.ones(2, requires_grad=True)
    direct = _message(lambda: (x * 2).backward())
    through_api = _message(lambda: engine.autograd.backward(x * 2))
    assert direct == through_api == "grad can be implicitly created only for scalar outputs"


# --- AccumulateGrad keeps an array only the backward loop holds ---------------------------
def test_exclusively_held_counts_the_loops_references() -> None:
    fresh = np.ones((2, 3), np.float32)
    grads = [fresh]  # the loop's buffer list, plus its local name (``fresh`` here)
    assert backward_engine._exclusively_held(fresh)
    another_holder = fresh
    assert not backward_engine._exclusively_held(fresh)
    del another_holder
    assert not backward_engine._exclusively_held(fresh[:1])  # a view shares memory
    view = fresh.T
    assert not backward_engine._exclusively_held(fresh)  # the view refers to it
    del view
    transposed = np.ascontiguousarray(fresh.T).T  # owns memory but not C-contiguous
    assert not backward_engine._exclusively_held(transposed)
    assert grads


@pytest.mark.parametrize("name", sorted(GRAPHS))
@given(spec=matrices)
def test_grads_never_share_memory_with_other_arrays(name: str, spec: tuple) -> None:
    """Whatever AccumulateGrad keeps, no two .grad (nor a .grad and a live tensor) alias."""
    values, other = _arrays(spec)
    a, b = _leaves(values, other)
    loss = GRAPHS[name](a, b)
    loss.backward()
    grads = [t.grad._data for t in (a, b) if t.grad is not None]
    live = [a._data, b._data, loss._data] + grads
    for i, grad in enumerate(grads):
        for j, array in enumerate(live):
            if array is not grad:
                assert not np.shares_memory(grad, array), (name, i, j)


def test_gradient_reaching_two_leaves_is_not_aliased() -> None:
    a = engine.ones(3, requires_grad=True)
    b = engine.ones(3, requires_grad=True)
    (a + b).sum().backward()  # AddBackward0 hands the same array to both leaves
    a.grad += 1
    assert b.grad.tolist() == [1.0, 1.0, 1.0]
    assert a.grad.tolist() == [2.0, 2.0, 2.0]


def test_leaf_hook_registered_after_its_accumulator_exists_runs() -> None:
    x = engine.ones(2, requires_grad=True)
    y = x * 2  # creates x's AccumulateGrad node
    calls: list[str] = []
    x.register_hook(lambda g: calls.append("leaf") or g * 10)
    x.register_post_accumulate_grad_hook(lambda t: calls.append("post"))
    y.sum().backward()
    assert calls == ["leaf", "post"]
    assert x.grad.tolist() == [20.0, 20.0]


# --- tanh's backward_data computes into one array -----------------------------------------
@given(
    dtype=st.sampled_from(["float16", "float32", "float64"]),
    shape=st.sampled_from([(), (1,), (3,), (2, 3), (0, 2)]),
    seed=st.integers(0, 2**16),
)
def test_tanh_backward_data_matches_its_formula(dtype: str, shape: tuple, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = engine.from_numpy(np.asarray(rng.standard_normal(shape) * 2, dtype)).requires_grad_()
    y = engine.tanh(x)
    grad = np.asarray(rng.standard_normal(shape), dtype)
    (fast,) = y.grad_fn.backward_data(grad)
    result = y._data
    if dtype == "float16":  # torch's half kernel: in float32, rounded once
        g, r = grad.astype(np.float32), result.astype(np.float32)
        formula = np.asarray(g * (1 - r * r)).astype(dtype)
    else:  # torch's kernel is grad * fnmadd(y, y, 1): 1 - y * y rounded once (exactly here)
        once = [float(1 - Fraction(float(value)) ** 2) for value in result.reshape(-1)]
        formula = np.asarray(grad * np.asarray(once, dtype).reshape(shape), dtype)
    assert fast.dtype == formula.dtype and fast.shape == formula.shape
    assert fast.tobytes() == formula.tobytes()
    (general,) = y.grad_fn.backward(engine.from_numpy(grad))
    assert general._data.tobytes() == fast.tobytes()
