"""Ops of the engine against real torch 2.13: values, dtypes, grad_fn graphs, gradients and
gradients of gradients.  Tests marked ``torch`` skip cleanly when torch is absent; the
others check facts captured from torch (engine-research.md §3)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gradekit.engine as engine


def graph_desc(fn: Any) -> str:
    if fn is None:
        return "None"
    children = fn.next_functions
    name = type(fn).__name__
    return name + ("(" + ", ".join(graph_desc(c) for c, _ in children) + ")" if children else "")


def _torch() -> Any:
    return pytest.importorskip("torch", reason="real torch 2.13 is the oracle for these tests")


def observe(lib: Any, program: Callable[..., Any], arrays: list[np.ndarray]) -> dict[str, Any]:
    """Run ``program(lib, *leaves)``; collect value, dtype, graph, grads, grad graphs, error."""
    leaves = [lib.tensor(a.copy(), requires_grad=a.dtype.kind == "f") for a in arrays]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = program(lib, *leaves)
            result: dict[str, Any] = {
                "value": out.detach().numpy().copy(),
                "dtype": str(out.dtype),
                "graph": graph_desc(out.grad_fn),
            }
            differentiable = [t for t in leaves if t.requires_grad]
            if out.requires_grad and differentiable:
                grads = lib.autograd.grad(
                    out.sum(), differentiable, create_graph=True, allow_unused=True
                )
                result["grads"] = [None if g is None else g.detach().numpy().copy() for g in grads]
                result["grad_graphs"] = [
                    None if g is None else graph_desc(g.grad_fn) for g in grads
                ]
    except Exception as exc:  # noqa: BLE001 - the exception is the observation
        return {"raised": (type(exc).__name__, str(exc))}
    return result


def assert_same(expected: dict[str, Any], actual: dict[str, Any], *, graphs: bool = True) -> None:
    assert expected.keys() == actual.keys(), (expected, actual)
    if "raised" in expected:
        assert actual["raised"] == expected["raised"]
        return
    np.testing.assert_allclose(actual["value"], expected["value"], rtol=2e-6, atol=1e-5)
    assert actual["dtype"] == expected["dtype"]
    assert actual["graph"] == expected["graph"]
    for got, want in zip(actual.get("grads", []), expected.get("grads", []), strict=True):
        if want is None:
            assert got is None
        else:
            np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-5)
    if graphs:
        assert actual.get("grad_graphs") == expected.get("grad_graphs")


BINARY_OPS: dict[str, Callable[..., Any]] = {
    "add": lambda T, a, b: a + b,
    "add_alpha": lambda T, a, b: T.add(a, b, alpha=2),
    "sub": lambda T, a, b: a - b,
    "mul": lambda T, a, b: a * b,
    "div": lambda T, a, b: a / (b.abs() + 1),
    "pow": lambda T, a, b: a.abs() ** b,
    "maximum": lambda T, a, b: T.maximum(a, b),
    "minimum": lambda T, a, b: T.minimum(a, b),
    "where": lambda T, a, b: T.where(a > 0, a, b),
}

UNARY_OPS: dict[str, Callable[..., Any]] = {
    "neg": lambda T, a: -a,
    "exp": lambda T, a: a.exp(),
    "log": lambda T, a: (a.abs() + 0.5).log(),
    "sqrt": lambda T, a: (a.abs() + 0.5).sqrt(),
    "sin": lambda T, a: a.sin(),
    "cos": lambda T, a: T.cos(a),
    "tanh": lambda T, a: a.tanh(),
    "sigmoid": lambda T, a: T.sigmoid(a),
    "relu": lambda T, a: a.relu(),
    "abs": lambda T, a: a.abs(),
    "square": lambda T, a: a.square(),
    "pow3": lambda T, a: a**3,
    "rpow": lambda T, a: 2**a,
    "rsub": lambda T, a: 1 - a,
    "rdiv": lambda T, a: 2 / (a.abs() + 1),
    "reciprocal": lambda T, a: (a.abs() + 1).reciprocal(),
    "clamp": lambda T, a: a.clamp(-0.5, 0.5),
    "clamp_min": lambda T, a: a.clamp(min=0),
    "clamp_min_fn": lambda T, a: a.clamp_min(0.1),
    "sum": lambda T, a: a.sum(),
    "mean": lambda T, a: a.mean(),
    "max": lambda T, a: a.max(),
    "min": lambda T, a: a.min(),
    "norm": lambda T, a: a.norm(),
    "norm1": lambda T, a: a.norm(p=1),
    "norm3": lambda T, a: a.norm(p=3),
    "double": lambda T, a: a.double() * 2,
    "float_noop": lambda T, a: a.float(),
}


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(BINARY_OPS))
@given(
    shapes=hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, max_side=3),
    data=st.data(),
)
def test_binary_ops_match_torch(name: str, shapes: Any, data: st.DataObject) -> None:
    torch = _torch()
    elements = st.floats(-3, 3, width=32).filter(lambda v: abs(v) > 1e-3)
    arrays = [
        data.draw(hnp.arrays(np.float32, shape, elements=elements)) for shape in shapes.input_shapes
    ]
    program = BINARY_OPS[name]
    assert_same(observe(torch, program, arrays), observe(engine, program, arrays), graphs=True)


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(UNARY_OPS))
@given(data=st.data())
def test_unary_ops_match_torch(name: str, data: st.DataObject) -> None:
    torch = _torch()
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4))
    elements = st.floats(-3, 3, width=32).filter(lambda v: abs(v) > 1e-2)
    array = data.draw(hnp.arrays(np.float32, shape, elements=elements, unique=True))
    program = UNARY_OPS[name]
    assert_same(observe(torch, program, [array]), observe(engine, program, [array]))


REDUCTIONS: dict[str, Callable[..., Any]] = {
    "sum": lambda T, a, d, k: a.sum(d, keepdim=k),
    "mean": lambda T, a, d, k: a.mean(d, keepdim=k),
    "max": lambda T, a, d, k: a.max(d, keepdim=k)[0],
    "min_indices_grad": lambda T, a, d, k: a.min(d, keepdim=k).values * 2,
    "amax": lambda T, a, d, k: a.amax(d, keepdim=k),
    "norm": lambda T, a, d, k: a.norm(dim=d, keepdim=k),
    "softmax": lambda T, a, d, k: a.softmax(d),
    "log_softmax": lambda T, a, d, k: T.log_softmax(a, d),
}


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@given(data=st.data(), keepdim=st.booleans())
def test_reductions_with_dim_match_torch(name: str, data: st.DataObject, keepdim: bool) -> None:
    torch = _torch()
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    array = data.draw(
        hnp.arrays(np.float32, shape, elements=st.floats(-3, 3, width=32), unique=True)
    )

    def program(T: Any, a: Any) -> Any:
        return REDUCTIONS[name](T, a, dim, keepdim)

    # softmax/log_softmax double-backward graphs use torch-internal nodes: values only.
    graphs = name not in ("softmax", "log_softmax")
    assert_same(observe(torch, program, [array]), observe(engine, program, [array]), graphs=graphs)


MATMUL_SHAPES = [(3,), (2, 3), (1, 2, 3), (2, 2, 3), (3, 4), (1, 3, 4), (2, 3, 4), (2, 1, 3, 4)]


@pytest.mark.torch
@pytest.mark.parametrize("left", MATMUL_SHAPES)
@pytest.mark.parametrize("right", MATMUL_SHAPES)
def test_matmul_graphs_and_errors_match_torch(left: tuple, right: tuple) -> None:
    torch = _torch()
    rng = np.random.default_rng(len(left) * 10 + len(right))
    arrays = [
        rng.standard_normal(left).astype(np.float32),
        rng.standard_normal(right).astype(np.float32),
    ]

    def program(T: Any, a: Any, b: Any) -> Any:
        return a @ b

    # Graphs included: the gradients' own graphs (double backward) are torch's too.
    assert_same(observe(torch, program, arrays), observe(engine, program, arrays), graphs=True)


LOSSES: dict[str, Callable[..., Any]] = {
    "mse": lambda T, x, y: T.nn.functional.mse_loss(x, y),
    "mse_sum": lambda T, x, y: T.nn.functional.mse_loss(x, y, reduction="sum"),
    "bce_logits": lambda T, x, y: T.nn.functional.binary_cross_entropy_with_logits(x, y.sigmoid()),
    "bce_logits_pos_weight": lambda T, x, y: T.nn.functional.binary_cross_entropy_with_logits(
        x, y.sigmoid(), pos_weight=T.tensor([2.0, 1.0, 0.5])
    ),
    "bce": lambda T, x, y: T.nn.functional.binary_cross_entropy(x.sigmoid(), y.sigmoid()),
    "cross_entropy": lambda T, x, y: T.nn.functional.cross_entropy(x, T.tensor([0, 2])),
    "cross_entropy_none": lambda T, x, y: T.nn.functional.cross_entropy(
        x, T.tensor([1, 1]), reduction="none"
    ),
    "cross_entropy_probs": lambda T, x, y: T.nn.functional.cross_entropy(x, y.softmax(1)),
    "nll": lambda T, x, y: T.nn.functional.nll_loss(x.log_softmax(1), T.tensor([2, 0])),
    "nll_weight": lambda T, x, y: T.nn.functional.nll_loss(
        x.log_softmax(1), T.tensor([2, 0]), weight=T.tensor([1.0, 2.0, 3.0])
    ),
    "linear": lambda T, x, y: T.nn.functional.linear(x, y),
    "linear_bias": lambda T, x, y: T.nn.functional.linear(x, y, y[0]),
}


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(LOSSES))
def test_losses_match_torch(name: str) -> None:
    torch = _torch()
    rng = np.random.default_rng(7)
    arrays = [rng.standard_normal((2, 3)).astype(np.float32) for _ in range(2)]
    if name.startswith("linear"):
        arrays[1] = rng.standard_normal((3, 3)).astype(np.float32)
    expected = observe(torch, LOSSES[name], arrays)
    actual = observe(engine, LOSSES[name], arrays)
    assert_same(expected, actual, graphs=False)
    if "graph" in expected and "__getitem__" not in name:
        assert actual["graph"] == expected["graph"]


INPLACE_CASES: dict[str, Callable[..., Any]] = {
    # (values, version) after in-place arithmetic; errors for saved tensors modified
    "mul_input_then_inplace": lambda T, x: (lambda a: (a * a, a.add_(1))[0])(x * 1),
    "add_input_then_inplace": lambda T, x: (lambda a: (a + 1, a.add_(1))[0])(x * 1),
    "exp_output_modified": lambda T, x: (lambda e: (e.add_(1), e)[1])(x.exp()),
    "exp_input_modified": lambda T, x: (lambda a: (a.exp(), a.mul_(2))[0])(x * 1),
    "sigmoid_output_modified": lambda T, x: (lambda s: (s.mul_(2), s)[1])(x.sigmoid()),
    "relu_inplace": lambda T, x: (x * 1).relu_(),
    "exp_inplace": lambda T, x: (x * 1).exp_(),
    "iadd_twice": lambda T, x: (lambda a: (a.__iadd__(x), a.__imul__(2))[1])(x * 1),
    "clamp_inplace": lambda T, x: (x * 3).clamp_(-1, 1),
    "copy_inplace": lambda T, x: (x * 1).copy_(x * 5),
    "zero_inplace": lambda T, x: (x * 1).zero_() + x,
    "fill_inplace": lambda T, x: (x * 1).fill_(2.0) * x,
}


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(INPLACE_CASES))
def test_inplace_semantics_match_torch(name: str) -> None:
    torch = _torch()
    arrays = [np.array([0.5, -1.0, 2.0], dtype=np.float32)]
    expected = observe(torch, INPLACE_CASES[name], arrays)
    actual = observe(engine, INPLACE_CASES[name], arrays)
    assert_same(expected, actual, graphs=False)


def test_conversions_and_grad_fn_names() -> None:
    x = engine.ones(2, requires_grad=True)
    assert x.float() is x
    assert type(x.double().grad_fn).__name__ == "ToCopyBackward0"
    assert x.long().dtype is engine.int64 and not x.long().requires_grad
    assert x.type() == "torch.FloatTensor"
    assert x.type(engine.float64).dtype is engine.float64
    assert x.to("cpu") is x
    with pytest.raises(NotImplementedError, match="device 'cuda'"):
        x.to("cuda")


def test_max_with_dim_returns_named_tuple() -> None:
    x = engine.tensor([[1.0, 5.0, 5.0], [7.0, 2.0, 7.0]], requires_grad=True)
    result = x.max(dim=1)
    assert result.values.tolist() == [5.0, 7.0] and result.indices.tolist() == [1, 0]
    values, indices = result
    assert type(values.grad_fn).__name__ == "MaxBackward0"
    assert repr(result).startswith("torch.return_types.max(\nvalues=tensor(")
    values.sum().backward()
    assert x.grad.tolist() == [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]  # ties: the returned index
    y = engine.tensor([1.0, 3.0, 3.0], requires_grad=True)
    y.max().backward()
    assert y.grad.tolist() == [0.0, 0.5, 0.5]  # full max: ties share the gradient


def test_subgradient_conventions() -> None:
    x = engine.tensor([0.0, 1.0, 2.0], requires_grad=True)
    cases = {
        "relu": (lambda: x.relu(), [0.0, 1.0, 1.0]),
        "abs": (lambda: x.abs(), [0.0, 1.0, 1.0]),
        "pow0": (lambda: x**0, [0.0, 0.0, 0.0]),
        "clamp": (lambda: x.clamp(0, 1), [1.0, 1.0, 0.0]),
    }
    for name, (fn, expected) in cases.items():
        (g,) = engine.autograd.grad(fn().sum(), x)
        assert g.tolist() == expected, name
    (g,) = engine.autograd.grad(x.sqrt().sum(), x)
    assert g.tolist()[0] == float("inf")
    (g,) = engine.autograd.grad((x * 0).norm(), x)
    assert g.tolist() == [0.0, 0.0, 0.0]


def test_matmul_error_messages() -> None:
    cases = [
        (
            lambda: engine.ones(2, 3) @ engine.ones(2, 3),
            "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)",
        ),
        (
            lambda: engine.ones(3) @ engine.ones(2, 3),
            "mat1 and mat2 shapes cannot be multiplied (1x3 and 2x3)",
        ),
        (
            lambda: engine.ones(2, 3) @ engine.ones(4),
            "size mismatch, got input (2), mat (2x3), vec (4)",
        ),
        (
            lambda: engine.ones(3) @ engine.ones(4),
            "inconsistent tensor size, expected tensor [3] and src [4] to have the same number "
            "of elements, but got 3 and 4 elements respectively",
        ),
        (
            lambda: engine.tensor(1.0) @ engine.ones(2),
            "both arguments to matmul need to be at least 1D, but they are 0D and 1D",
        ),
    ]
    for fn, message in cases:
        with pytest.raises(RuntimeError) as info:
            fn()
        assert str(info.value) == message


def test_creation_functions() -> None:
    assert engine.zeros(2, 3).shape == (2, 3) and engine.zeros((2, 3)).shape == (2, 3)
    assert engine.eye(2).tolist() == [[1.0, 0.0], [0.0, 1.0]]
    assert engine.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
    assert engine.linspace(0, 1, 5).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert engine.full((2,), 1.5).tolist() == [1.5, 1.5]
    assert engine.zeros_like(engine.ones(2, dtype=engine.int64)).dtype is engine.int64
    engine.manual_seed(0)
    first = engine.rand(3).tolist()
    engine.manual_seed(0)
    assert engine.rand(3).tolist() == first
    assert engine.randn(2, 2).dtype is engine.float32
    values = engine.randint(0, 5, (100,))
    assert values.dtype is engine.int64 and 0 <= values.min().item() and values.max().item() < 5
    assert engine.FloatTensor([1, 2]).dtype is engine.float32
    assert engine.LongTensor([1, 2]).dtype is engine.int64
    assert engine.Tensor(2, 3).shape == (2, 3)
    assert isinstance(engine.ones(1), engine.FloatTensor)


def test_comparisons_and_logic() -> None:
    a = engine.tensor([1.0, 2.0, 3.0])
    assert (a > 2).dtype is engine.bool and (a > 2).tolist() == [False, False, True]
    assert (a == engine.tensor([1.0, 0.0, 3.0])).tolist() == [True, False, True]
    assert engine.equal(a, a.clone() if hasattr(a, "clone") else a * 1)
    assert engine.allclose(a, a + 1e-9)
    assert ((a > 1) & (a < 3)).tolist() == [False, True, False]
    assert (~(a > 1)).tolist() == [True, False, False]
    assert (a == None) is False  # noqa: E711 - torch returns False, not an error


def test_nn_parameter() -> None:
    p = engine.nn.Parameter(engine.ones(2))
    assert isinstance(p, engine.Tensor) and p.requires_grad and p.is_leaf
    assert repr(p) == "Parameter containing:\ntensor([1., 1.], requires_grad=True)"
    (p * 3).sum().backward()
    assert p.grad.tolist() == [3.0, 3.0]


@pytest.mark.torch
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("target_requires_grad", [False, True])
def test_mse_loss_double_backward_matches_torch(reduction: str, target_requires_grad: bool) -> None:
    """First gradients come from one MseLossBackwardBackward0 op, as in torch."""
    torch = _torch()

    def program(T: Any) -> Any:
        x = T.tensor([[0.2, 0.7, 0.4], [1.0, -2.0, 3.0]], requires_grad=True)
        target = T.tensor([[0.0, 1.0, 1.0], [2.0, 2.0, 2.0]], requires_grad=target_requires_grad)
        loss = T.nn.functional.mse_loss(x, target, reduction=reduction)
        if reduction == "none":
            loss = (loss * T.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum()
        inputs = [x, target] if target_requires_grad else [x]
        firsts = T.autograd.grad(loss, inputs, create_graph=True)
        seconds = T.autograd.grad(sum((g * g).sum() for g in firsts), inputs)
        return (
            [g.grad_fn.name() for g in firsts],
            [g.detach().numpy().tolist() for g in firsts],
            [g.numpy().tolist() for g in seconds],
        )

    expected, actual = program(torch), program(engine)
    assert actual[0] == expected[0]
    np.testing.assert_allclose(actual[1], expected[1], rtol=1e-5)
    np.testing.assert_allclose(actual[2], expected[2], rtol=1e-5)


@pytest.mark.torch
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("weighted", [False, True])
def test_nll_loss_double_backward_matches_torch(reduction: str, weighted: bool) -> None:
    """The first gradient is one NllLossBackwardBackward0 op under create_graph, as in torch."""
    torch = _torch()

    def describe(node: Any) -> str:
        if node is None:
            return "None"
        children = ", ".join(describe(child) for child, _ in node.next_functions)
        return f"{type(node).__name__}({children})"

    def program(T: Any) -> Any:
        x = T.tensor([[0.2, 0.7, 0.4], [1.0, -2.0, 3.0]], requires_grad=True)
        weight = T.tensor([1.0, 2.0, 0.5]) if weighted else None
        losses = T.nn.functional.nll_loss(
            x.log_softmax(1), T.tensor([2, 0]), weight=weight, reduction=reduction, ignore_index=0
        )
        loss = losses if reduction != "none" else (losses * T.tensor([1.0, 3.0])).sum()
        (first,) = T.autograd.grad(loss, x, create_graph=True)
        (second,) = T.autograd.grad((first * first).sum(), x)
        return describe(first.grad_fn), first.detach().numpy(), second.numpy()

    expected, actual = program(torch), program(engine)
    assert actual[0] == expected[0]
    np.testing.assert_allclose(actual[1], expected[1], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(actual[2], expected[2], rtol=1e-5, atol=1e-7)
