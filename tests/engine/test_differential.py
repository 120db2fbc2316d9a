"""Live differential tests: gradekit.engine vs real torch on hypothesis-generated inputs.

Every test builds a *body* ``body(T) -> dict`` that closes over numpy data drawn by
hypothesis, runs it once with ``T = torch`` and once with ``T = gradekit.engine`` (each side
gets its own copy of the data through ``T.from_numpy(a.copy())``), and requires the two
observation trees to be identical: values (torch's assert_close tolerances per dtype),
dtypes, shapes, grads, grad_fn names and graphs, reprs, exception types and messages, and
warnings. Skipped cleanly when torch is not installed. Example counts come from the shared
hypothesis profile (``ci`` by default, see tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import hypothesis.extra.numpy as hnp
import numpy as np
import programs
import pytest
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.torch

Body = Callable[[ModuleType], dict[str, Any]]


def assert_same_on_both(real_torch: ModuleType, engine: ModuleType, body: Body) -> None:
    """Run ``body`` on torch and on the engine and fail with every divergence."""
    expected = programs.run_callable(lambda: body(real_torch), real_torch)
    got = programs.run_callable(lambda: body(engine), engine)
    problems = programs.compare_observations(expected, got)
    assert not problems, "engine diverges from torch:\n" + "\n".join(problems)


def leaf(T: ModuleType, array: np.ndarray, requires_grad: bool = True) -> Any:
    """A fresh tensor on module T holding a private copy of ``array``."""
    tensor = T.from_numpy(array.copy())
    if requires_grad and array.dtype.kind == "f":
        tensor.requires_grad_()
    return tensor


def weighted_grads(T: ModuleType, output: Any, inputs: list[Any]) -> list[Any]:
    """Gradients of ``Σ output * w`` for a fixed weight pattern (every element matters)."""
    weights = T.arange(1, output.numel() + 1, dtype=output.dtype).reshape(output.shape) / 7
    grads = T.autograd.grad((output * weights).sum(), inputs, allow_unused=True)
    return list(grads)


# ----------------------------------------------------------------------------------------
# Strategies
# ----------------------------------------------------------------------------------------

FLOAT_DTYPES = st.sampled_from([np.float32, np.float64])


def float_arrays(shape: tuple[int, ...], dtype: Any, bound: float = 10.0) -> st.SearchStrategy:
    width = 32 if dtype == np.float32 else 64
    elements = st.floats(-bound, bound, width=width, allow_subnormal=False)
    return hnp.arrays(dtype, shape, elements=elements)


shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4)
shapes_with_empty = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3)


@st.composite
def float_tensor_data(draw, shape_strategy=shapes) -> np.ndarray:
    dtype = draw(FLOAT_DTYPES)
    return draw(float_arrays(draw(shape_strategy), dtype))


# ----------------------------------------------------------------------------------------
# Elementwise unary ops
# ----------------------------------------------------------------------------------------

UNARY_OPS: dict[str, Callable[[ModuleType, Any], Any]] = {
    "neg": lambda T, x: -x,
    "abs": lambda T, x: x.abs(),
    "exp": lambda T, x: T.exp(x),
    "log": lambda T, x: x.log(),
    "sqrt": lambda T, x: T.sqrt(x),
    "sin": lambda T, x: x.sin(),
    "cos": lambda T, x: x.cos(),
    "tanh": lambda T, x: T.tanh(x),
    "sigmoid": lambda T, x: x.sigmoid(),
    "relu": lambda T, x: T.relu(x),
    "F.relu": lambda T, x: T.nn.functional.relu(x),
    "square": lambda T, x: x**2,
    "cube": lambda T, x: x.pow(3),
    "pow_half": lambda T, x: x**0.5,
    "rpow": lambda T, x: 2**x,
    "reciprocal": lambda T, x: 1 / x,
    "clamp": lambda T, x: x.clamp(-1.0, 2.0),
    "clamp_min": lambda T, x: x.clamp(min=0),
    "scale_shift": lambda T, x: 3 * x - 1.5,
}


@given(data=float_tensor_data(), op_name=st.sampled_from(sorted(UNARY_OPS)))
def test_unary_ops(real_torch, engine, data: np.ndarray, op_name: str) -> None:
    def body(T):
        x = leaf(T, data)
        y = UNARY_OPS[op_name](T, x)
        (grad,) = weighted_grads(T, y, [x])
        return {"y": y, "grad": grad, "graph": programs.graph_desc(y.grad_fn), "repr": repr(y)}

    assert_same_on_both(real_torch, engine, body)


INTEGER_DTYPES = st.sampled_from([np.int64, np.int32, np.bool_])
INTEGER_FRIENDLY_OPS = {
    **{name: UNARY_OPS[name] for name in ("neg", "abs", "exp", "sqrt", "sigmoid", "relu")},
    **{name: UNARY_OPS[name] for name in ("square", "reciprocal", "clamp", "scale_shift")},
    "sum": lambda T, x: x.sum(),
    "mean": lambda T, x: x.mean(),
    "max": lambda T, x: x.max(),
    "argmax": lambda T, x: x.argmax(),
    "sum_dim": lambda T, x: x.sum(0) if x.dim() else x.sum(),
    "float": lambda T, x: x.float(),
    "logical_not": lambda T, x: ~x,
    "softmax": lambda T, x: x.softmax(-1),
}


@st.composite
def integer_or_bool_arrays(draw) -> np.ndarray:
    dtype = draw(INTEGER_DTYPES)
    elements = st.booleans() if dtype == np.bool_ else st.integers(-50, 50)
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=1, max_side=4))
    return draw(hnp.arrays(dtype, shape, elements=elements))


@given(array=integer_or_bool_arrays(), op_name=st.sampled_from(sorted(INTEGER_FRIENDLY_OPS)))
def test_integer_and_bool_dtypes(real_torch, engine, array, op_name) -> None:
    """Ops on int32/int64/bool tensors: result dtype and values, or the exact error."""

    def body(T):
        x = leaf(T, array, requires_grad=False)
        return {"out": programs.catch(lambda: INTEGER_FRIENDLY_OPS[op_name](T, x))}

    assert_same_on_both(real_torch, engine, body)


# ----------------------------------------------------------------------------------------
# Binary ops with broadcasting
# ----------------------------------------------------------------------------------------

BINARY_OPS: dict[str, Callable[[ModuleType, Any, Any], Any]] = {
    "add": lambda T, a, b: a + b,
    "sub": lambda T, a, b: a - b,
    "mul": lambda T, a, b: a * b,
    "div": lambda T, a, b: a / b,
    "pow": lambda T, a, b: a.abs() ** b,
    "maximum": lambda T, a, b: T.maximum(a, b),
    "minimum": lambda T, a, b: T.minimum(a, b),
    "where": lambda T, a, b: T.where(a > b, a, b),
    "add_alpha": lambda T, a, b: T.add(a, b, alpha=-2),
    "lt": lambda T, a, b: a < b,
    "eq": lambda T, a, b: a == b,
}


@given(
    shape_pair=hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, max_side=3),
    dtypes=st.tuples(FLOAT_DTYPES, FLOAT_DTYPES),
    op_name=st.sampled_from(sorted(BINARY_OPS)),
    data=st.data(),
)
def test_binary_ops_broadcast(real_torch, engine, shape_pair, dtypes, op_name, data) -> None:
    a = data.draw(float_arrays(shape_pair.input_shapes[0], dtypes[0], bound=4.0), label="a")
    b = data.draw(float_arrays(shape_pair.input_shapes[1], dtypes[1], bound=4.0), label="b")

    def body(T):
        x, y = leaf(T, a), leaf(T, b)
        out = BINARY_OPS[op_name](T, x, y)
        result = {"out": out, "graph": programs.graph_desc(out.grad_fn)}
        if out.requires_grad:
            result["grads"] = weighted_grads(T, out, [x, y])
        return result

    assert_same_on_both(real_torch, engine, body)


@given(
    shape_a=hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4),
    shape_b=hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4),
    op_name=st.sampled_from(["add", "mul", "sub", "div"]),
)
def test_binary_shapes_maybe_incompatible(real_torch, engine, shape_a, shape_b, op_name) -> None:
    """Arbitrary shape pairs: the result or the exact broadcasting error must match."""

    def body(T):
        x, y = T.ones(shape_a), T.ones(shape_b)
        return {"out": programs.catch(lambda: BINARY_OPS[op_name](T, x, y))}

    assert_same_on_both(real_torch, engine, body)


SCALAR_DTYPES = ["bool", "int32", "int64", "float16", "float32", "float64"]


@given(
    left_dtype=st.sampled_from(SCALAR_DTYPES),
    right_dtype=st.sampled_from(SCALAR_DTYPES),
    left_kind=st.sampled_from(["tensor", "zero_d"]),
    right_kind=st.sampled_from(["tensor", "zero_d", "python"]),
    op=st.sampled_from(["+", "-", "*", "/", "**", "//"]),
    swap=st.booleans(),
)
def test_type_promotion(
    real_torch, engine, left_dtype, right_dtype, left_kind, right_kind, op, swap
) -> None:
    """Result dtype/values (or the error) of every dtype × operand-kind × operator combo."""
    values = {"bool": [True, False], "int32": [3, -2], "int64": [5, 2]}
    left_values = values.get(left_dtype, [1.5, -0.5])
    right_values = values.get(right_dtype, [2.0, 0.25])

    def operand(T, dtype_name, kind, data):
        if kind == "python":
            return {"bool": True, "int32": 2, "int64": 3}.get(dtype_name, 1.5)
        dtype = getattr(T, dtype_name)
        return T.tensor(data if kind == "tensor" else data[0], dtype=dtype)

    def body(T):
        a = operand(T, left_dtype, left_kind, left_values)
        b = operand(T, right_dtype, right_kind, right_values)
        first, second = (b, a) if swap else (a, b)
        apply = {
            "+": lambda: first + second,
            "-": lambda: first - second,
            "*": lambda: first * second,
            "/": lambda: first / second,
            "**": lambda: first**second,
            "//": lambda: first // second,
        }[op]
        return {"out": programs.catch(apply)}

    assert_same_on_both(real_torch, engine, body)


# ----------------------------------------------------------------------------------------
# Reductions
# ----------------------------------------------------------------------------------------

REDUCTIONS: dict[str, Callable[[ModuleType, Any, int, bool], Any]] = {
    "sum": lambda T, x, d, k: x.sum(dim=d, keepdim=k),
    "mean": lambda T, x, d, k: x.mean(d, keepdim=k),
    "max_dim": lambda T, x, d, k: x.max(dim=d, keepdim=k),
    "min_dim": lambda T, x, d, k: T.min(x, d, keepdim=k),
    "argmax": lambda T, x, d, k: x.argmax(dim=d, keepdim=k),
    "argmin": lambda T, x, d, k: x.argmin(d, keepdim=k),
    "amax": lambda T, x, d, k: x.amax(d, keepdim=k),
    "norm": lambda T, x, d, k: x.norm(dim=d, keepdim=k),
    "softmax": lambda T, x, d, k: x.softmax(dim=d),
    "log_softmax": lambda T, x, d, k: T.log_softmax(x, dim=d),
    "sum_all": lambda T, x, d, k: x.sum(),
    "mean_all": lambda T, x, d, k: x.mean(),
    "max_all": lambda T, x, d, k: x.max(),
    "min_all": lambda T, x, d, k: x.min(),
    "norm_all": lambda T, x, d, k: T.norm(x),
}


@given(
    data=float_tensor_data(shapes_with_empty),
    op_name=st.sampled_from(sorted(REDUCTIONS)),
    dim_seed=st.integers(-4, 3),
    keepdim=st.booleans(),
)
def test_reductions(real_torch, engine, data, op_name, dim_seed, keepdim) -> None:
    """Random dim (possibly out of range) and keepdim; values, grads, names or errors."""

    def body(T):
        x = leaf(T, data)
        out = programs.catch(lambda: REDUCTIONS[op_name](T, x, dim_seed, keepdim))
        result = {"out": out}
        values = out[0] if isinstance(out, tuple) else out
        if not isinstance(out, programs.Raised) and values.requires_grad:
            result["graph"] = programs.graph_desc(values.grad_fn)
            result["grad"] = programs.catch(lambda: weighted_grads(T, values, [x]))
        return result

    assert_same_on_both(real_torch, engine, body)


# ----------------------------------------------------------------------------------------
# Random op chains (unary, binary-with-self, reductions and shape ops)
# ----------------------------------------------------------------------------------------

CHAIN_STEPS: dict[str, Callable[[ModuleType, Any], Any]] = {
    "tanh": lambda T, x: x.tanh(),
    "sigmoid": lambda T, x: T.sigmoid(x),
    "relu": lambda T, x: x.relu(),
    "exp": lambda T, x: (x / 4).exp(),
    "square": lambda T, x: x * x,
    "affine": lambda T, x: 0.5 * x + 1,
    "neg": lambda T, x: -x,
    "abs": lambda T, x: x.abs(),
    "clone": lambda T, x: x.clone(),
    "flatten": lambda T, x: x.flatten(),
    "reshape_flat": lambda T, x: x.reshape(-1),
    "unsqueeze": lambda T, x: x.unsqueeze(0),
    "flip": lambda T, x: x.flip(0) if x.dim() else x,
    "transpose": lambda T, x: x.transpose(0, -1) if x.dim() >= 2 else x,
    "t": lambda T, x: x.t() if x.dim() <= 2 else x,
    "mT": lambda T, x: x.mT if x.dim() >= 2 else x,
    "permute_reverse": lambda T, x: x.permute(*reversed(range(x.dim()))),
    "contiguous": lambda T, x: x.contiguous(),
    "squeeze": lambda T, x: x.squeeze(),
    "repeat": lambda T, x: x.repeat(*([2] + [1] * max(x.dim() - 1, 0))) if x.dim() else x,
    "cat_self": lambda T, x: T.cat([x, x * 2]) if x.dim() else x,
    "stack_self": lambda T, x: T.stack([x, x + 1]),
    "slice_step": lambda T, x: x[..., ::2] if x.dim() else x,
    "select_first": lambda T, x: x[0] if x.dim() else x,
    "sum_dim0": lambda T, x: x.sum(0) if x.dim() else x,
    "mean_last_keep": lambda T, x: x.mean(-1, keepdim=True) if x.dim() else x,
    "softmax_last": lambda T, x: x.softmax(-1) if x.dim() else x,
    "max_dim0": lambda T, x: x.max(0).values if x.dim() else x,
    "matmul_self_t": lambda T, x: x @ x.mT if x.dim() >= 2 else x,
    "expand": lambda T, x: x.unsqueeze(0).expand(2, *x.shape),
}


@given(
    data=float_tensor_data(),
    chain=st.lists(st.sampled_from(sorted(CHAIN_STEPS)), min_size=1, max_size=5),
)
def test_random_op_chains(real_torch, engine, data, chain) -> None:
    def body(T):
        x = leaf(T, data)
        y = x
        for step in chain:
            y = CHAIN_STEPS[step](T, y)
        (grad,) = weighted_grads(T, y, [x])
        return {
            "y": y,
            "graph": programs.graph_desc(y.grad_fn),
            "grad": grad,
            "repr": repr(y),
            "is_view": y._is_view(),
        }

    assert_same_on_both(real_torch, engine, body)


@given(
    data=float_tensor_data(),
    chain=st.lists(st.sampled_from(sorted(CHAIN_STEPS)), min_size=1, max_size=4),
)
def test_double_backward_of_chains(real_torch, engine, data, chain) -> None:
    """create_graph=True through random chains: first grads, their graphs, second grads."""

    def body(T):
        x = leaf(T, data)
        y = x
        for step in chain:
            y = CHAIN_STEPS[step](T, y)
        (first,) = T.autograd.grad((y * y).sum(), x, create_graph=True)
        result = {"first": first, "first_graph": programs.graph_desc(first.grad_fn)}
        if first.requires_grad:
            weights = T.arange(1, first.numel() + 1, dtype=first.dtype).reshape(first.shape)
            result["second"] = T.autograd.grad((first * weights).sum(), x, allow_unused=True)
        return result

    assert_same_on_both(real_torch, engine, body)


# ----------------------------------------------------------------------------------------
# Indexing
# ----------------------------------------------------------------------------------------

index_shapes = hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4)


@st.composite
def torch_style_index(draw, shape: tuple[int, ...]):
    """A per-dimension mixture of ints, slices (any step sign), lists, None and Ellipsis."""
    parts: list[Any] = []
    for size in shape[: draw(st.integers(1, len(shape)))]:
        kind = draw(st.sampled_from(["int", "slice", "list", "full", "none"]))
        if kind == "int":
            parts.append(draw(st.integers(-size - 1, size)))  # may be out of range
        elif kind == "slice":
            start = draw(st.none() | st.integers(-size - 1, size + 1))
            stop = draw(st.none() | st.integers(-size - 1, size + 1))
            step = draw(st.none() | st.sampled_from([1, 2, 3, -1]))
            parts.append(slice(start, stop, step))
        elif kind == "list":
            parts.append(draw(st.lists(st.integers(-size, size - 1), min_size=1, max_size=3)))
        elif kind == "none":
            parts.append(None)
        else:
            parts.append(slice(None))
    if draw(st.booleans()):
        parts.insert(draw(st.integers(0, len(parts))), Ellipsis)
    return tuple(parts)


def _observe_index(T, x, key_for_T):
    out = programs.catch(lambda: x[key_for_T(T)])
    result = {"out": out}
    if not isinstance(out, programs.Raised):
        result["graph"] = programs.graph_desc(out.grad_fn)
        result["grad"] = weighted_grads(T, out, [x])
    return result


@given(shape=index_shapes, data=st.data())
def test_torch_style_mixed_indexing(real_torch, engine, shape, data) -> None:
    key = data.draw(torch_style_index(shape), label="key")
    array = data.draw(float_arrays(shape, np.float32), label="array")

    def body(T):
        return _observe_index(T, leaf(T, array), lambda T: key)

    assert_same_on_both(real_torch, engine, body)


@given(shape=index_shapes, data=st.data())
def test_basic_indices(real_torch, engine, shape, data) -> None:
    key = data.draw(hnp.basic_indices(shape, allow_newaxis=True, allow_ellipsis=True), label="key")
    array = data.draw(float_arrays(shape, np.float64), label="array")

    def body(T):
        return _observe_index(T, leaf(T, array), lambda T: key)

    assert_same_on_both(real_torch, engine, body)


@given(shape=index_shapes, data=st.data())
def test_integer_array_indices(real_torch, engine, shape, data) -> None:
    index_arrays = data.draw(hnp.integer_array_indices(shape), label="index arrays")
    array = data.draw(float_arrays(shape, np.float32), label="array")

    def body(T):
        return _observe_index(
            T,
            leaf(T, array),
            lambda T: tuple(T.from_numpy(i.astype(np.int64)) for i in index_arrays),
        )

    assert_same_on_both(real_torch, engine, body)


@given(shape=index_shapes, data=st.data())
def test_bool_mask_indices(real_torch, engine, shape, data) -> None:
    mask_dims = data.draw(st.integers(1, len(shape)), label="mask dims")
    mask = data.draw(hnp.arrays(np.bool_, shape[:mask_dims]), label="mask")
    array = data.draw(float_arrays(shape, np.float32), label="array")

    def body(T):
        return _observe_index(T, leaf(T, array), lambda T: T.from_numpy(mask.copy()))

    assert_same_on_both(real_torch, engine, body)


@given(shape=index_shapes, data=st.data())
def test_setitem_then_backward(real_torch, engine, shape, data) -> None:
    """Assign a tensor value through a torch-style key; grads flow to base and value."""
    key = data.draw(torch_style_index(shape), label="key")
    array = data.draw(float_arrays(shape, np.float32), label="array")

    def body(T):
        x = leaf(T, array)
        y = x * 1
        target = programs.catch(lambda: y[key])
        if isinstance(target, programs.Raised):
            return {"read_error": target}
        value = T.full(tuple(target.shape), 0.5, requires_grad=True)
        written = programs.catch(lambda: y.__setitem__(key, value))
        result = {"write": written, "y": y, "graph": programs.graph_desc(y.grad_fn)}
        if not isinstance(written, programs.Raised):
            result["grads"] = weighted_grads(T, y, [x, value])
        return result

    assert_same_on_both(real_torch, engine, body)


@given(shape=index_shapes, data=st.data())
def test_index_functions(real_torch, engine, shape, data) -> None:
    """index_select / gather / masked_fill with random (possibly invalid) dims and indices."""
    array = data.draw(float_arrays(shape, np.float64), label="array")
    dim = data.draw(st.integers(-len(shape), len(shape) - 1), label="dim")
    size = shape[dim]
    select = data.draw(
        hnp.arrays(np.int64, st.integers(0, 4), elements=st.integers(-1, size)), label="select"
    )
    gather_shape = tuple(
        data.draw(st.integers(1, s + 1)) if d != dim % len(shape) else data.draw(st.integers(1, 4))
        for d, s in enumerate(shape)
    )
    gather_index = data.draw(
        hnp.arrays(np.int64, gather_shape, elements=st.integers(0, size)), label="gather index"
    )
    mask = data.draw(hnp.arrays(np.bool_, shape[data.draw(st.integers(0, len(shape))) :]))
    op = data.draw(st.sampled_from(["index_select", "gather", "masked_fill"]), label="op")

    def body(T):
        x = leaf(T, array)
        apply = {
            "index_select": lambda: x.index_select(dim, T.from_numpy(select.copy())),
            "gather": lambda: T.gather(x, dim, T.from_numpy(gather_index.copy())),
            "masked_fill": lambda: x.masked_fill(T.from_numpy(mask.copy()), -1.5),
        }[op]
        out = programs.catch(apply)
        result = {"out": out}
        if not isinstance(out, programs.Raised):
            result["graph"] = programs.graph_desc(out.grad_fn)
            result["grad"] = weighted_grads(T, out, [x])
        return result

    assert_same_on_both(real_torch, engine, body)


@given(
    shapes_list=st.lists(
        hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=3), min_size=1, max_size=3
    ),
    dim=st.integers(-3, 2),
    op=st.sampled_from(["cat", "stack", "split", "chunk"]),
    pieces=st.integers(1, 3),
    data=st.data(),
)
def test_join_and_split(real_torch, engine, shapes_list, dim, op, pieces, data) -> None:
    """cat/stack of arbitrary (often incompatible) shapes; split/chunk of the first tensor."""
    arrays = [data.draw(float_arrays(s, np.float32), label=f"array {s}") for s in shapes_list]

    def body(T):
        xs = [leaf(T, a) for a in arrays]
        apply = {
            "cat": lambda: T.cat(xs, dim=dim),
            "stack": lambda: T.stack(xs, dim=dim),
            "split": lambda: xs[0].split(pieces, dim=dim),
            "chunk": lambda: xs[0].chunk(pieces, dim=dim),
        }[op]
        out = programs.catch(apply)
        result = {"out": out}
        if isinstance(out, tuple):
            result["graphs"] = [programs.graph_desc(part.grad_fn) for part in out]
            total = sum((part * (n + 1)).sum() for n, part in enumerate(out))
            result["grads"] = list(T.autograd.grad(total, xs, allow_unused=True))
        elif not isinstance(out, programs.Raised):
            result["graph"] = programs.graph_desc(out.grad_fn)
            result["grads"] = weighted_grads(T, out, xs)
        return result

    assert_same_on_both(real_torch, engine, body)


LOSSES = ["bce_with_logits", "bce", "mse", "cross_entropy", "cross_entropy_probs"]


@given(
    batch=st.integers(1, 4),
    classes=st.integers(2, 4),
    loss=st.sampled_from(LOSSES),
    reduction=st.sampled_from(["mean", "sum", "none"]),
    data=st.data(),
)
def test_losses(real_torch, engine, batch, classes, loss, reduction, data) -> None:
    shape = (batch, classes)
    logits = data.draw(float_arrays(shape, np.float32, bound=5.0), label="logits")
    probabilities = data.draw(
        hnp.arrays(np.float32, shape, elements=st.floats(0.0625, 0.9375, width=32)), label="p"
    )
    targets01 = data.draw(hnp.arrays(np.float32, shape, elements=st.sampled_from([0.0, 1.0])))
    labels = data.draw(hnp.arrays(np.int64, (batch,), elements=st.integers(0, classes - 1)))

    def body(T):
        F = T.nn.functional
        x = leaf(T, logits)
        p = leaf(T, probabilities)
        t01 = T.from_numpy(targets01.copy())
        apply = {
            "bce_with_logits": lambda: F.binary_cross_entropy_with_logits(
                x, t01, reduction=reduction
            ),
            "bce": lambda: F.binary_cross_entropy(p, t01, reduction=reduction),
            "mse": lambda: F.mse_loss(x, p, reduction=reduction),
            "cross_entropy": lambda: F.cross_entropy(
                x, T.from_numpy(labels.copy()), reduction=reduction
            ),
            "cross_entropy_probs": lambda: F.cross_entropy(x, p.detach(), reduction=reduction),
        }[loss]
        out = apply()
        return {
            "out": out,
            "graph": programs.graph_desc(out.grad_fn),
            "grads": weighted_grads(T, out, [x, p]),
            "repr": repr(out),
        }

    assert_same_on_both(real_torch, engine, body)


# ----------------------------------------------------------------------------------------
# Matmul over random compatible / incompatible shapes
# ----------------------------------------------------------------------------------------


@given(
    left=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=3),
    right=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=3),
    data=st.data(),
)
def test_matmul_shapes(real_torch, engine, left, right, data) -> None:
    a = data.draw(float_arrays(left, np.float64, bound=3.0), label="a")
    b = data.draw(float_arrays(right, np.float64, bound=3.0), label="b")

    def body(T):
        x, y = leaf(T, a), leaf(T, b)
        out = programs.catch(lambda: x @ y)
        result = {"out": out}
        if not isinstance(out, programs.Raised):
            result["graph"] = programs.graph_desc(out.grad_fn)
            result["grads"] = weighted_grads(T, out, [x, y])
        return result

    assert_same_on_both(real_torch, engine, body)


# ----------------------------------------------------------------------------------------
# Reprs of arbitrary values
# ----------------------------------------------------------------------------------------


@given(
    array=hnp.arrays(
        st.sampled_from([np.float32, np.float64, np.int64, np.bool_]),
        hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=6),
        elements={"allow_nan": True, "allow_infinity": True, "allow_subnormal": False},
    ),
    requires_grad=st.booleans(),
)
def test_repr(real_torch, engine, array, requires_grad) -> None:
    def body(T):
        x = leaf(T, array, requires_grad=requires_grad)
        return {"repr": repr(x), "str": str(x), "tolist": x.tolist() if x.numel() < 50 else None}

    assert_same_on_both(real_torch, engine, body)


# ----------------------------------------------------------------------------------------
# The harness can fail: a deliberately wrong "engine" is caught
# ----------------------------------------------------------------------------------------


def test_harness_reports_a_divergence(real_torch) -> None:
    def body(T):
        x = T.tensor([1.0, 2.0], requires_grad=True)
        y = x * 2 if T is real_torch else x + x
        return {"y": y, "graph": programs.graph_desc(y.grad_fn)}

    with pytest.raises(AssertionError, match="AddBackward0"):
        assert_same_on_both(real_torch, real_torch_twin(real_torch), body)


def real_torch_twin(real_torch: ModuleType) -> ModuleType:
    """A module object that forwards to torch but is not ``torch`` itself."""
    twin = ModuleType("torch_twin")
    twin.__dict__.update(real_torch.__dict__)
    return twin
