"""Views and shape ops of the engine (gradekit/engine/ops/views.py).

Fixed expectations come from torch 2.13 probes; the ``torch``-marked hypothesis suite
runs every op on real torch and on the engine with the same data and compares values,
shapes, dtypes, strides, view-ness, grad_fn names, gradients and error messages.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.engine import errors
from gradekit.engine.ops import views
from gradekit.engine.ops.creation import from_numpy, tensor

# ---------------------------------------------------------------------------
# helpers shared with test_indexing_autograd.py


def graph(t: Any) -> str:
    """The grad_fn chain as ``Name(child, child)``; leaves are ``Acc``, constants ``None``."""

    def describe(node: Any) -> str:
        if node is None:
            return "None"
        name = type(node).__name__
        if name == "AccumulateGrad":
            return "Acc"
        return name + "(" + ",".join(describe(n) for n, _ in node.next_functions) + ")"

    return describe(t.grad_fn)


def leaf(module: ModuleType | None, array: np.ndarray, requires_grad: bool = True) -> Any:
    """A leaf from ``array`` on real torch (``module``) or on the engine (``None``)."""
    if module is None:
        out = from_numpy(array.copy())
    else:
        out = module.from_numpy(array.copy())
    if requires_grad and array.dtype.kind == "f":
        out.requires_grad_()
    return out


#: torch shows these once per process, so in one test process the two libraries' histories
#: differ; test_T_warns_once_except_on_matrices checks them on the engine.
_WARN_ONCE_PREFIXES = ("The use of `x.T`", "Tensor.T is deprecated", "Tensor.mT is deprecated")


def observe(fn: Callable[[], Any]) -> dict[str, Any]:
    """Run ``fn`` and describe its tensor result(s), or the exception it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = fn()
        except (RuntimeError, IndexError, ValueError, TypeError) as exc:
            return {"raised": (type(exc).__name__, str(exc))}
    outputs = result if isinstance(result, (tuple, list)) else (result,)
    described = []
    for out in outputs:
        described.append(
            {
                "values": np.array(out.detach().numpy()),
                "shape": tuple(out.shape),
                "dtype": str(out.dtype),
                "grad_fn": graph(out),
                "stride": tuple(out.stride()),
                "offset": out.storage_offset(),
                "contiguous": out.is_contiguous(),
                "is_view": out._is_view(),
            }
        )
    warned = sorted(
        {
            str(w.message).split(" (Triggered")[0]
            for w in caught
            if w.category is UserWarning and not str(w.message).startswith(_WARN_ONCE_PREFIXES)
        }
    )
    return {"outputs": described, "warnings": warned, "result": result}


def assert_same(engine_obs: dict, torch_obs: dict, context: object) -> None:
    assert ("raised" in engine_obs) == ("raised" in torch_obs), (context, engine_obs, torch_obs)
    if "raised" in torch_obs:
        assert engine_obs["raised"] == torch_obs["raised"], context
        return
    assert engine_obs["warnings"] == torch_obs["warnings"], context
    assert len(engine_obs["outputs"]) == len(torch_obs["outputs"]), context
    for mine, theirs in zip(engine_obs["outputs"], torch_obs["outputs"], strict=True):
        for field in ("shape", "dtype", "grad_fn", "contiguous", "is_view"):
            assert mine[field] == theirs[field], (context, field, mine[field], theirs[field])
        if np.prod(mine["shape"]) > 1:
            assert mine["stride"] == theirs["stride"], (context, mine["stride"], theirs["stride"])
        if mine["is_view"] and np.prod(mine["shape"]) > 0:
            assert mine["offset"] == theirs["offset"], (context, mine["offset"], theirs["offset"])
        np.testing.assert_allclose(mine["values"], theirs["values"], err_msg=str(context))


def backward_weighted(outputs: Any, weights: list[np.ndarray], module: ModuleType | None) -> None:
    """Backward of ``sum(out * w)`` over the outputs, using ``backward(gradient=w)``."""
    outputs = outputs if isinstance(outputs, (tuple, list)) else (outputs,)
    make = (lambda a: from_numpy(a.copy())) if module is None else module.from_numpy
    pairs = [(o, w) for o, w in zip(outputs, weights, strict=True) if o.requires_grad]
    for i, (out, w) in enumerate(pairs):
        out.backward(make(w.astype(np.float64)), retain_graph=i < len(pairs) - 1)


# ---------------------------------------------------------------------------
# memory sharing, version counter, strides (no torch needed)


def test_views_share_memory_and_version_with_base() -> None:
    x = tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]])
    for make_view in (
        lambda t: t[0],
        lambda t: t.t(),
        lambda t: t.view(6),
        lambda t: t.reshape(3, 2),
        lambda t: t.unsqueeze(0),
        lambda t: t.narrow(1, 1, 2),
        lambda t: t.expand(4, 2, 3),
        lambda t: t.split(1)[1],
        lambda t: t.unbind(1)[2],
    ):
        v = make_view(x)
        assert v._is_view() and v._base is x
        before = x._version
        x[0, 0] = 7.0
        assert v._version == x._version == before + 1
    v = x[1]
    v[0] = 100.0
    assert x[1, 0].item() == 100.0 and x._version == v._version


@pytest.mark.parametrize(
    ("make", "stride", "offset", "contiguous"),
    [
        (lambda t: t[1], (4, 1), 12, True),
        (lambda t: t[:, 1], (12, 1), 4, False),
        (lambda t: t[..., ::2], (12, 4, 2), 0, False),
        (lambda t: t.transpose(0, 2), (1, 4, 12), 0, False),
        (lambda t: t.permute(1, 2, 0), (4, 1, 12), 0, False),
        (lambda t: t.expand(2, 2, 3, 4), (0, 12, 4, 1), 0, False),
        (lambda t: t[:, 1:].reshape(16), None, None, None),
        (lambda t: t.unsqueeze(1), (12, 12, 4, 1), 0, True),
        (lambda t: t.narrow(2, 1, 2), (12, 4, 1), 1, False),
    ],
)
def test_strides_and_offsets_match_torch(make: Callable, stride, offset, contiguous) -> None:
    x = from_numpy(np.arange(24.0).reshape(2, 3, 4))
    v = make(x)
    if stride is None:  # a copying reshape: a fresh contiguous tensor, not a view
        assert not v._is_view() and v.is_contiguous()
        return
    assert tuple(v.stride()) == stride
    assert v.storage_offset() == offset
    assert v.is_contiguous() is contiguous


def test_contiguous_returns_self_or_clone() -> None:
    x = tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    assert x.contiguous() is x
    c = x.t().contiguous()
    assert type(c.grad_fn).__name__ == "CloneBackward0" and c.is_contiguous()
    assert graph(c) == "CloneBackward0(TBackward0(Acc))"


@pytest.mark.parametrize(
    ("make", "text"),
    [
        (lambda t: t.view(4, 2), "shape '[4, 2]' is invalid for input of size 6"),
        (lambda t: t.reshape(4, -1), "shape '[4, -1]' is invalid for input of size 6"),
        (lambda t: t.view(-1, -1), "only one dimension can be inferred"),
        (
            lambda t: t.t().view(6),
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
        ),
        (
            lambda t: t.expand(2, 6),
            "The expanded size of the tensor (6) must match the existing size (3) at "
            "non-singleton dimension 1.  Target sizes: [2, 6].  Tensor sizes: [2, 3]",
        ),
        (
            lambda t: t.expand(3),
            "expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) "
            "must be greater or equal to the number of dimensions in the tensor (2)",
        ),
        (lambda t: t.permute(0, 0), "permute(): duplicate dims are not allowed."),
        (
            lambda t: t.repeat(2),
            "Number of dimensions of repeat dims can not be smaller than number of "
            "dimensions of tensor",
        ),
        (lambda t: t.narrow(1, 1, 5), "start (1) + length (5) exceeds dimension size (3)."),
        (
            lambda t: views.cat([t[0, 0], t]),
            "zero-dimensional tensor (at position 0) cannot be concatenated",
        ),
        (
            lambda t: views.stack([t, t[0]]),
            "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3] "
            "at entry 1",
        ),
        (
            lambda t: t.split([1, 1], 1),
            "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at "
            "dimension 1), but got split_sizes=[1, 1]",
        ),
        (lambda t: t.chunk(0), "chunk expects `chunks` to be greater than 0, got: 0"),
        (lambda t: t.flip(0, 0), "dim 0 appears multiple times in the list of dims"),
    ],
)
def test_shape_errors_match_torch(make: Callable, text: str) -> None:
    x = tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]])
    with pytest.raises((RuntimeError, IndexError, ValueError)) as info:
        make(x)
    assert str(info.value) == text


def test_dim_out_of_range_is_an_index_error() -> None:
    x = tensor([[0.0, 1.0, 2.0]])
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 1\], but got 2"):
        x.transpose(0, 2)


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda t: t.view(-1), "ViewBackward0"),
        (lambda t: t.reshape(3, 2), "ViewBackward0"),
        (lambda t: t.t().reshape(6), "UnsafeViewBackward0"),
        (lambda t: t.t().reshape(3, 1, 2), "ReshapeAliasBackward0"),
        (lambda t: t[:, :1].reshape(2), "ReshapeAliasBackward0"),
        (lambda t: t.flatten(), "ViewBackward0"),
        (lambda t: t.t(), "TBackward0"),
        (lambda t: t.T, "PermuteBackward0"),
        (lambda t: t.mT, "TransposeBackward0"),
        (lambda t: t.transpose(0, 0), "TransposeBackward0"),
        (lambda t: t.squeeze(), "SqueezeBackward0"),
        (lambda t: t.squeeze(0), "SqueezeBackward1"),
        (lambda t: t.squeeze((0, 1)), "SqueezeBackward2"),
        (lambda t: t.unsqueeze(2), "UnsqueezeBackward0"),
        (lambda t: t.expand(2, 2, 3), "ExpandBackward0"),
        (lambda t: t.repeat(1, 2), "RepeatBackward0"),
        (lambda t: t.flip(1), "FlipBackward0"),
        (lambda t: t.narrow(1, 0, 2), "SliceBackward0"),
        (lambda t: t.clone(), "CloneBackward0"),
        (lambda t: t.split(1)[0], "SplitBackward0"),
        (lambda t: t.split([1, 1])[0], "SplitWithSizesBackward0"),
        (lambda t: t.chunk(3, 1)[2], "SplitBackward0"),
        (lambda t: t.unbind()[1], "UnbindBackward0"),
        (lambda t: views.cat([t, t]), "CatBackward0"),
        (lambda t: views.stack([t, t]), "StackBackward0"),
    ],
)
def test_grad_fn_names(make: Callable, name: str) -> None:
    x = tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert type(make(x).grad_fn).__name__ == name


def test_T_warns_once_except_on_matrices() -> None:
    # torch warns once per process; start from a fresh process state
    errors._warned_once.difference_update({"transpose_T_deprecated", "transpose_T_0d"})
    with pytest.warns(UserWarning, match="The use of `x.T` on tensors of dimension other than 2"):
        assert tensor([1.0, 2.0]).T.shape == (2,)
    with pytest.warns(UserWarning, match="Tensor.T is deprecated on 0-D tensors"):
        assert tensor(1.0).T.shape == ()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tensor([[1.0]]).T.shape == (1, 1)
        assert tensor([1.0, 2.0, 3.0]).T.shape == (3,)  # the second time: silent, like torch


def test_gradients_of_shape_ops_scatter_back() -> None:
    x = tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    out = views.cat([x.repeat(1, 2)[:, ::2], x.flip(0).t().reshape(2, 3)])
    weights = np.arange(12.0, dtype=np.float32).reshape(4, 3)
    out.backward(from_numpy(weights.copy()))
    expected = np.zeros((2, 3), np.float32)
    # repeat(1, 2)[:, ::2] keeps columns 0, 2, 4 of the repeated copy: originals 0, 2, 1
    expected[:, [0, 2, 1]] += weights[:2]
    # flip(0).t().reshape(2, 3): element k came from this flat position of x
    origin = np.flip(np.arange(6).reshape(2, 3), 0).T.reshape(-1)
    np.add.at(expected.reshape(-1), origin, weights[2:].reshape(-1))
    np.testing.assert_allclose(x.grad.numpy(), expected)


# ---------------------------------------------------------------------------
# live differential suite against torch


def _op_table(data: st.DataObject, shape: tuple[int, ...]) -> tuple[str, Callable]:
    """One random op with random arguments, as ``fn(T, x) -> result``."""
    ndim = len(shape)
    dim_any = st.integers(-ndim - 1, ndim) if ndim else st.integers(-2, 1)
    name = data.draw(
        st.sampled_from(
            [
                "view", "reshape", "flatten", "transpose", "t", "T", "mT", "permute", "squeeze",
                "unsqueeze", "expand", "repeat", "flip", "narrow", "cat", "stack", "split",
                "chunk", "unbind", "contiguous", "clone", "index_select", "gather",
                "masked_fill", "movedim",
            ]
        )
    )  # fmt: skip
    numel = int(np.prod(shape))
    if name in ("view", "reshape"):
        sizes = data.draw(
            st.sampled_from(_factorisations(numel))
            | st.lists(st.integers(-1, 5), min_size=1, max_size=3)
        )
        transposed = data.draw(st.booleans()) and ndim >= 2
        return name, lambda T, x: getattr(x.transpose(0, 1) if transposed else x, name)(*sizes)
    if name == "flatten":
        start, end = data.draw(dim_any), data.draw(dim_any)
        return name, lambda T, x: x.flatten(start, end)
    if name in ("transpose", "movedim"):
        a, b = data.draw(dim_any), data.draw(dim_any)
        return name, lambda T, x: getattr(x, name)(a, b)
    if name == "t":
        return name, lambda T, x: x.t()
    if name in ("T", "mT"):
        return name, lambda T, x: getattr(x, name)
    if name == "permute":
        order = data.draw(st.permutations(range(ndim)) | st.lists(dim_any, max_size=ndim + 1))
        return name, lambda T, x: x.permute(*order)
    if name == "squeeze":
        arg = data.draw(st.none() | dim_any | st.lists(dim_any, max_size=2).map(tuple))
        return name, lambda T, x: x.squeeze() if arg is None else x.squeeze(arg)
    if name == "unsqueeze":
        d = data.draw(st.integers(-ndim - 2, ndim + 1))
        return name, lambda T, x: x.unsqueeze(d)
    if name == "expand":
        sizes = [data.draw(st.sampled_from([-1, s, 2, 3])) for s in shape]
        lead = data.draw(st.lists(st.integers(0, 3), max_size=2))
        return name, lambda T, x: x.expand(*lead, *sizes)
    if name == "repeat":
        reps = data.draw(st.lists(st.integers(0, 3), min_size=max(ndim - 1, 0), max_size=ndim + 1))
        return name, lambda T, x: x.repeat(*reps)
    if name == "flip":
        dims = data.draw(st.lists(dim_any, max_size=3))
        return name, lambda T, x: x.flip(dims)
    if name == "narrow":
        d, start, length = (
            data.draw(dim_any),
            data.draw(st.integers(-4, 4)),
            data.draw(st.integers(0, 4)),
        )
        return name, lambda T, x: x.narrow(d, start, length)
    if name in ("cat", "stack"):
        d = data.draw(st.integers(-ndim - 1, ndim))
        other = data.draw(st.sampled_from(["same", "float32", "half"]))
        constant = np.ones(shape, dtype=np.float32)

        def join(T, x):
            if other == "same":
                y = x.flip(list(range(ndim)))
            elif other == "float32":  # a constant of another dtype: torch promotes
                y = T.from_numpy(constant.copy())
            else:
                y = x[:1].clone()
            return getattr(T, name)([x, y], d)

        return name, join
    if name in ("split", "chunk"):
        d = data.draw(dim_any)
        arg = data.draw(st.integers(0, 3) | st.lists(st.integers(0, 3), max_size=3))
        if name == "chunk" and isinstance(arg, list):
            arg = len(arg)
        return name, lambda T, x: getattr(x, name)(arg, d)
    if name == "unbind":
        d = data.draw(dim_any)
        return name, lambda T, x: x.unbind(d)
    if name in ("contiguous", "clone"):
        transposed = data.draw(st.booleans()) and ndim >= 2
        return name, lambda T, x: getattr(x.transpose(0, -1) if transposed else x, name)()
    if name == "index_select":
        d = data.draw(dim_any)
        idx = data.draw(st.lists(st.integers(-1, 4), max_size=4))
        return name, lambda T, x: x.index_select(d, T.tensor(idx, dtype=T.long))
    if name == "gather":
        d = data.draw(dim_any)
        index_shape = [data.draw(st.integers(0, s + 1)) for s in shape]
        idx = data.draw(hnp.arrays(np.int64, index_shape, elements=st.integers(-1, 4)))
        return name, lambda T, x: x.gather(d, T.from_numpy(idx.copy()))
    # masked_fill
    mask_shape = data.draw(hnp.broadcastable_shapes(shape, max_dims=ndim, min_side=0))
    mask = data.draw(hnp.arrays(np.bool_, mask_shape))
    as_tensor = data.draw(st.booleans())

    def fill(T, x):
        value = T.tensor(2.5, dtype=T.float64, requires_grad=True) if as_tensor else -1.5
        return x.masked_fill(T.from_numpy(mask.copy()), value)

    return name, fill


def _factorisations(numel: int) -> list[list[int]]:
    options = [[numel], [-1], [1, numel], [numel, 1, -1]]
    for a in range(2, numel + 1):
        if numel % a == 0:
            options += [[a, numel // a], [a, -1], [-1, a, 1]]
    return options


class _Module:
    """Just enough of a torch-like namespace over the engine for the op table."""

    long = None
    float64 = None

    def __init__(self) -> None:
        from gradekit.engine import dtypes

        self.long, self.float64 = dtypes.int64, dtypes.float64
        self.cat, self.stack = views.cat, views.stack
        self.from_numpy = from_numpy
        self.tensor = tensor


@pytest.mark.torch
@given(st.data())
def test_shape_ops_match_torch(data: st.DataObject) -> None:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    name, op = _op_table(data, shape)
    array = data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-10, 10)))
    engine_module = _Module()

    x_torch, x_engine = leaf(torch, array), leaf(None, array)
    theirs = observe(lambda: op(torch, x_torch))
    mine = observe(lambda: op(engine_module, x_engine))
    assert_same(mine, theirs, (name, shape))
    if "raised" in theirs:
        return
    weights = [
        data.draw(hnp.arrays(np.float64, o["shape"], elements=st.floats(-3, 3)))
        for o in theirs["outputs"]
    ]
    backward_weighted(theirs["result"], weights, torch)
    backward_weighted(mine["result"], weights, None)
    if x_torch.grad is None:
        assert x_engine.grad is None
    else:
        np.testing.assert_allclose(x_engine.grad.numpy(), x_torch.grad.numpy(), err_msg=name)


_DOUBLE_BACKWARD_OPS = {
    "select": lambda T, x: x[1],
    "slice": lambda T, x: x[:, 1:],
    "advanced": lambda T, x: x[[0, 0, 1]],
    "mask": lambda T, x: x[x > 2],
    "transpose": lambda T, x: x.transpose(0, 1),
    "t": lambda T, x: x.t(),
    "permute": lambda T, x: x.permute(1, 0),
    "view": lambda T, x: x.view(6),
    "reshape_copy": lambda T, x: x.t().reshape(6),
    "squeeze": lambda T, x: x.unsqueeze(1).squeeze(1),
    "expand": lambda T, x: x[:1].expand(4, 3),
    "repeat": lambda T, x: x.repeat(2, 1),
    "flip": lambda T, x: x.flip(0),
    "cat": lambda T, x: T.cat([x, x[:1]]),
    "stack": lambda T, x: T.stack([x, x], 1),
    "split": lambda T, x: x.split(1)[1],
    "unbind": lambda T, x: x.unbind(1)[2],
    "index_select": lambda T, x: x.index_select(1, T.tensor([2, 0, 2])),
    "gather": lambda T, x: x.gather(1, T.tensor([[0, 0], [2, 1]])),
    "masked_fill": lambda T, x: x.masked_fill(T.tensor([True, False, True]), 0.0),
}


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(_DOUBLE_BACKWARD_OPS))
def test_double_backward_matches_torch(name: str) -> None:
    """grad(create_graph=True) is itself differentiable w.r.t. the incoming gradient."""
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    import gradekit.engine as engine_torch

    results = {}
    for label, T in (("torch", torch), ("engine", engine_torch)):
        x = T.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=T.float64, requires_grad=True)
        out = _DOUBLE_BACKWARD_OPS[name](T, x)
        w = T.ones(tuple(out.shape), dtype=T.float64).mul(1.5).requires_grad_()
        (g,) = T.autograd.grad(out, x, w, create_graph=True)
        direction = T.arange(1.0, 7.0, dtype=T.float64).reshape(2, 3)
        (gw,) = T.autograd.grad(g, w, direction)
        results[label] = (tuple(out.shape), g.detach().numpy().copy(), gw.numpy().copy())
    assert results["engine"][0] == results["torch"][0]
    np.testing.assert_allclose(results["engine"][1], results["torch"][1])
    np.testing.assert_allclose(results["engine"][2], results["torch"][2])


MULTI_OUTPUT_INPLACE: dict[str, Callable[[Any], Any]] = {
    "split": lambda T: T.ones(4, requires_grad=True).clone().split(2)[1].mul_(2),
    "split_sizes": lambda T: T.ones(4, requires_grad=True).clone().split([1, 3])[1].mul_(2),
    "chunk_of_leaf": lambda T: T.ones(4, requires_grad=True).chunk(2)[0].add_(1),
    "unbind_zero_": lambda T: T.ones(2, 2, requires_grad=True).clone().unbind(1)[1].zero_(),
    "view_of_output": lambda T: T.ones(4, requires_grad=True).clone().split(2)[0].view(2).mul_(2),
    "setitem_on_output": lambda T: (
        T.ones(4, requires_grad=True).clone().split(2)[0].__setitem__(0, 5.0)
    ),
    "no_autograd": lambda T: T.ones(4).split(2)[1].mul_(2),
}


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(MULTI_OUTPUT_INPLACE))
def test_inplace_on_multi_output_views_matches_torch(name: str) -> None:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    import gradekit.engine as engine

    def outcome(T: Any) -> tuple[str, str]:
        try:
            MULTI_OUTPUT_INPLACE[name](T)
        except RuntimeError as exc:
            return ("raised", str(exc))
        return ("ok", "")

    assert outcome(engine) == outcome(torch)
