"""The small-graph fast paths give exactly what the general paths give.

* ``pointwise.scalar_array``: a Python number as a cached 0-d array of the tensor's
  dtype must make every ufunc produce the same bytes, dtype and type as the number.
* The backward loop keeps a single ready node out of the heap (``next_up``): the order
  in which nodes run, and every gradient, must stay those of the Tensor path, which
  always uses the heap (a no-op hook on the loss forces the Tensor path).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from logged_functions import logged_function

import gradekit.engine as engine
from gradekit.engine.autograd.graph import Node, SavedTensor, new_node
from gradekit.engine.ops.pointwise import AddBackward0, MulBackward0, scalar_array
from gradekit.engine.ops.reduction import MeanBackward0

UFUNCS = [np.add, np.subtract, np.multiply, np.true_divide, np.power, np.maximum, np.fmod]
NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0.0, -0.0, 0, 2, 3, 0.5, 1e39, -1e39, 3.4028235e38, 1e-46]),
)


@settings(max_examples=300)
@given(
    number=NUMBERS,
    dtype=st.sampled_from(["float16", "float32", "float64"]),
    shape=st.sampled_from([(), (1,), (2, 2), (0, 3)]),
    ufunc=st.sampled_from(UFUNCS),
    seed=st.integers(0, 2**16),
)
def test_scalar_array_computes_what_the_number_computes(
    number: Any, dtype: str, shape: tuple, ufunc: np.ufunc, seed: int
) -> None:
    try:
        as_float = float(number)
    except OverflowError:
        return  # float(huge int) raises on both paths before numpy runs
    data = np.asarray(np.random.default_rng(seed).standard_normal(shape) * 3, dtype)
    operand = scalar_array(number, data.dtype)
    with np.errstate(all="ignore"):
        expected = ufunc(data, as_float)
        got = ufunc(data, operand)
    assert type(got) is type(expected)
    assert got.dtype == expected.dtype
    assert np.asarray(got).tobytes() == np.asarray(expected).tobytes()


def test_scalar_array_caches_only_safe_numbers() -> None:
    float32 = np.dtype(np.float32)
    assert scalar_array(3, float32) is scalar_array(3.0, float32)  # one array per value
    assert not scalar_array(3, float32).flags.writeable
    assert scalar_array(3, float32) is not scalar_array(3, np.dtype(np.float64))
    # zero keeps its sign as a float; nan, inf and numbers float32 cannot hold stay floats
    for number in (0.0, -0.0, math.nan, math.inf, 1e39):
        value = scalar_array(number, float32)
        assert type(value) is float and math.copysign(1, value) == math.copysign(1, number)
    assert type(scalar_array(2.0, np.dtype(np.float16))) is float


# --- the backward loop's single-ready-node path --------------------------------------------
# each step: (operation, index of the first operand, index of the second operand)
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["logged", "add", "mul", "mul_scalar", "add_scalar", "tanh"]),
        st.integers(0, 100),
        st.integers(0, 100),
    ),
    min_size=1,
    max_size=8,
)


def _run_graph(steps: list, hooked: bool) -> tuple[list[str], list[bytes]]:
    """Build a random DAG over two leaves, backpropagate, return (node order, grads)."""
    order: list[str] = []
    leaves = [
        engine.tensor([0.5, -1.0], requires_grad=True),
        engine.tensor([2.0, 0.25], requires_grad=True),
    ]
    values: list[Any] = list(leaves)
    for index, (op, first, second) in enumerate(steps):
        a, b = values[first % len(values)], values[second % len(values)]
        if op == "logged":
            values.append(logged_function(order, f"f{index}").apply(a))
        elif op == "add":
            values.append(a + b)
        elif op == "mul":
            values.append(a * b)
        elif op == "mul_scalar":
            values.append(a * 3)
        elif op == "add_scalar":
            values.append(a + 2)
        else:
            values.append(engine.tanh(a))
    loss = values[-1].sum()
    if hooked:
        loss.register_hook(lambda grad: None)
    loss.backward()
    grads = [b"" if leaf.grad is None else leaf.grad._data.tobytes() for leaf in leaves]
    return order, grads


@settings(max_examples=150, deadline=None)
@given(steps=STEPS)
def test_random_graphs_run_in_the_same_order_with_the_same_grads(steps: list) -> None:
    assert _run_graph(steps, hooked=False) == _run_graph(steps, hooked=True)


@pytest.mark.parametrize("repeat", [1, 2])
def test_seed_graph_gradient_is_unchanged_by_repeats(repeat: int) -> None:
    """The seed graph's gradient (cached constants in use) is torch's 3 * 2 * (x+2) / 4."""
    for _ in range(repeat):
        x = engine.ones(2, 2, requires_grad=True)
        y = x + 2
        (y * y * 3).mean().backward()
        assert x.grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]


# --- new_node: Node.__init__ without type.__call__ ------------------------------------------
@pytest.mark.parametrize("node_class", [AddBackward0, MulBackward0, MeanBackward0])
def test_new_node_sets_what_node_init_sets(node_class: type) -> None:
    assert node_class.__init__ is Node.__init__  # new_node is only for such classes
    edges = ((None, 0),)
    meta = (((2,), engine.float32),)
    made, called = new_node(node_class, edges, meta), node_class(edges, meta)
    for node in (made, called):
        assert type(node) is node_class
        assert node.next_functions is edges and node._output_meta is meta
        assert node._hooked is False and node._saved is None and node.__dict__ == {}
    assert made._sequence_nr + 1 == called._sequence_nr  # one shared creation order


# --- mul saves as Node.save would -----------------------------------------------------------
def _saved_summary(saved: tuple) -> list:
    return [
        (type(s).__name__, s.tensor, s.version, s.version_counter, s.output_nr)
        if isinstance(s, SavedTensor)
        else s
        for s in saved
    ]


@pytest.mark.parametrize("left_grad", [False, True])
@pytest.mark.parametrize("right", ["tensor", "tensor_grad", "number", "same"])
def test_mul_saves_what_node_save_saves(left_grad: bool, right: str) -> None:
    left = engine.tensor([1.0, 2.0], requires_grad=left_grad)
    if not left_grad:
        left.add_(0)  # a version other than 0 (a leaf requiring grad refuses add_)
    other: Any = {
        "tensor": engine.tensor([3.0, 4.0]),
        "tensor_grad": engine.tensor([3.0, 4.0], requires_grad=True),
        "number": 3,
        "same": left,
    }[right]
    product = left * other
    if product.grad_fn is None:
        return  # nothing recorded, nothing saved
    left_needs = left.requires_grad
    other_needs = isinstance(other, engine.Tensor) and other.requires_grad
    reference = Node.__new__(Node)
    reference.save(left if other_needs else None, other if left_needs else None)
    assert _saved_summary(product.grad_fn._saved) == _saved_summary(reference._saved)


@settings(max_examples=500)
@given(
    bits=st.integers(0, 2**64 - 1),
    dtype=st.sampled_from(["float16", "float32", "float64"]),
    numel=st.one_of(st.integers(1, 2**24), st.sampled_from([1, 3, 7, 2**24 - 1, 2**24, 2**24 + 1])),
)
def test_mean_backward_data_divides_as_the_dtype_does(bits: int, dtype: str, numel: int) -> None:
    """MeanBackward0's array formula (a division in Python's double, rounded once more by
    ``fill``) gives the bytes of the division in the gradient's own dtype, for every
    number (subnormals, infinities, nan, -0.0 included); float16's is torch's ``div_(numel)``
    by a number, in float32 rounded once to half (numel past 2,048 is no half)."""
    np_dtype = np.dtype(dtype)
    raw = bits.to_bytes(8, "little")[: np_dtype.itemsize]
    grad = np.frombuffer(raw, np_dtype).reshape(())
    node = object.__new__(MeanBackward0)
    node.self_sizes, node.numel = (numel,) if numel <= 64 else (1, 1), numel
    with np.errstate(all="ignore"):  # (as in a backward pass: float16 overflows silently)
        (filled,) = node.backward_data(grad)
        if dtype == "float16":
            expected = (np.float32(grad) / np.float32(numel)).astype(np_dtype)
        else:
            expected = np.true_divide(grad, np.asarray(numel, np_dtype))
    assert filled.dtype == np_dtype
    expected_bytes = np.full(filled.shape, expected, np_dtype).tobytes()
    if np.isnan(expected):
        assert np.isnan(filled).all()
    else:
        assert filled.tobytes() == expected_bytes
