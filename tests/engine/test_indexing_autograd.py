"""``tensor[key]`` and ``tensor[key] = value`` on the engine: values, graphs, gradients.

Fixed cases come from torch 2.13 probes (engine-research.md §3.1, §3.2, §3.6); the
``torch``-marked hypothesis suites run random keys on real torch and on the engine and
compare outcomes, grad_fn chains and gradients of a random weighted sum.
"""

from __future__ import annotations

import warnings
from typing import Any

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_indexing_parse import torch_mixed_keys
from test_views import backward_weighted, graph, leaf, observe

from gradekit.engine.ops import views
from gradekit.engine.ops.creation import from_numpy, tensor


def arange(*shape: int, requires_grad: bool = True) -> Any:
    """A float32 leaf 0, 1, 2, ... of ``shape`` (not a view, unlike arange().reshape())."""
    out = from_numpy(np.arange(float(np.prod(shape)), dtype=np.float32).reshape(shape))
    return out.requires_grad_() if requires_grad else out


def weights_like(t: Any) -> Any:
    return from_numpy(np.arange(1.0, t.numel() + 1, dtype=np.float32).reshape(tuple(t.shape)))


# ---------------------------------------------------------------------------
# getitem


@pytest.mark.parametrize(
    ("key", "expected_graph"),
    [
        ((0, slice(None), [1, 2]), "IndexBackward0(SelectBackward0(CloneBackward0(Acc)))"),
        (
            (slice(1, None), [0, 1], 0),
            "IndexBackward0(SelectBackward0(SliceBackward0(CloneBackward0(Acc))))",
        ),
        ((None, 0), "SelectBackward0(UnsqueezeBackward0(CloneBackward0(Acc)))"),
        (Ellipsis, "AliasBackward0(CloneBackward0(Acc))"),
        (slice(None), "SliceBackward0(CloneBackward0(Acc))"),
        ((slice(None), slice(None)), "AliasBackward0(CloneBackward0(Acc))"),
        (True, "IndexBackward0(UnsqueezeBackward0(CloneBackward0(Acc)))"),
        ([0, 0], "IndexBackward0(CloneBackward0(Acc))"),
    ],
)
def test_getitem_graphs_match_torch(key: object, expected_graph: str) -> None:
    y = arange(2, 3, 4).clone()
    assert graph(y[key]) == expected_graph


def test_ints_are_basic_like_torch() -> None:
    x = arange(2, 3, 4)
    out = x[0, :, [1, 2]]
    assert tuple(out.shape) == (3, 2)  # numpy would give (2, 3)
    np.testing.assert_array_equal(out.detach().numpy(), x.detach().numpy()[0][:, [1, 2]])


def test_basic_getitem_is_a_view_sharing_memory_and_version() -> None:
    x = arange(2, 3, requires_grad=False)
    v = x[1, 1:]
    assert v._is_view() and v._base is x and v.storage_offset() == 4
    x[1, 2] = 50.0
    assert v[1].item() == 50.0 and v._version == x._version == 1
    assert not x[[0]]._is_view()


def test_duplicate_indices_accumulate_gradients() -> None:
    x = tensor([1.0, 2.0, 3.0], requires_grad=True)
    x[[0, 0, 2]].backward(tensor([1.0, 10.0, 100.0]))
    np.testing.assert_array_equal(x.grad.numpy(), [11.0, 0.0, 100.0])


def test_getitem_gradients_support_create_graph() -> None:
    from gradekit.engine.autograd.api import grad

    x = tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = tensor([5.0, 7.0], requires_grad=True)
    (g,) = grad(x[[2, 0]], x, w, create_graph=True)
    assert type(g.grad_fn).__name__ == "IndexPutImplBackward0"  # as torch
    np.testing.assert_array_equal(g.detach().numpy(), [7.0, 0.0, 5.0])
    (gg,) = grad(g, w, tensor([1.0, 10.0, 100.0]))
    np.testing.assert_array_equal(gg.numpy(), [100.0, 1.0])
    (g_slice,) = grad(x.clone()[1:], x, w, create_graph=True)
    assert type(g_slice.grad_fn).__name__ == "SliceBackwardBackward0"


# ---------------------------------------------------------------------------
# setitem


def test_basic_setitem_records_copyslices_and_routes_gradients() -> None:
    x = arange(2, 3, 4)
    y = x.clone()
    value = tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y[0] = value
    assert y._version == 1
    assert graph(y) == "CopySlices(CloneBackward0(Acc),ExpandBackward0(ViewBackward0(Acc)))"
    y.backward(weights_like(y))
    expected_x = np.arange(1.0, 25.0).reshape(2, 3, 4)
    expected_x[0] = 0.0
    np.testing.assert_array_equal(x.grad.numpy(), expected_x)
    np.testing.assert_array_equal(value.grad.numpy(), [15.0, 18.0, 21.0, 24.0])


@pytest.mark.parametrize(
    ("key", "value", "expected_graph"),
    [
        (0, 5.0, "CopySlices(CloneBackward0(Acc),None)"),
        (0, "scalar tensor", "CopySlices(CloneBackward0(Acc),Acc)"),
        ((slice(None), slice(None)), 1.0, "FillBackward3(CloneBackward0(Acc),None)"),
        (Ellipsis, "row", "CopyBackwards(CloneBackward0(Acc),ExpandBackward0(ViewBackward0(Acc)))"),
        ([0], "row", "IndexPutBackward0(CloneBackward0(Acc),Acc)"),
        ((0, [0]), "row", "CopySlices(CloneBackward0(Acc),Acc)"),
    ],
)
def test_setitem_graphs_match_torch(key: object, value: object, expected_graph: str) -> None:
    y = arange(2, 3, 4).clone()
    if value == "scalar tensor":
        value = tensor(5.0, requires_grad=True)
    elif value == "row":
        value = tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    y[key] = value
    assert graph(y) == expected_graph


def test_advanced_setitem_value_gradient_is_not_masked_for_duplicates() -> None:
    x = tensor([1.0, 1.0, 1.0], requires_grad=True)
    y = x.clone()
    value = tensor([5.0, 6.0], requires_grad=True)
    y[[0, 0]] = value
    np.testing.assert_array_equal(y.detach().numpy(), [6.0, 1.0, 1.0])  # last write wins
    y.backward(tensor([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(value.grad.numpy(), [1.0, 1.0])  # torch: not masked
    np.testing.assert_array_equal(x.grad.numpy(), [0.0, 2.0, 3.0])


def test_bool_mask_setitem_gradients() -> None:
    x = tensor([1.0, 1.0, 1.0], requires_grad=True)
    y = x.clone()
    value = tensor([5.0, 6.0], requires_grad=True)
    y[tensor([True, False, True])] = value
    y.backward(tensor([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(x.grad.numpy(), [0.0, 2.0, 0.0])
    np.testing.assert_array_equal(value.grad.numpy(), [1.0, 3.0])


def test_index_put_accumulate_sums_duplicates() -> None:
    a = tensor([0.0, 0.0, 0.0])
    a.index_put_((tensor([0, 0]),), tensor([1.0, 2.0]), accumulate=True)
    np.testing.assert_array_equal(a.numpy(), [3.0, 0.0, 0.0])
    a.index_put_((tensor([1, 1]),), tensor([1.0, 2.0]))
    np.testing.assert_array_equal(a.numpy(), [3.0, 2.0, 0.0])
    assert a._version == 2


def test_setitem_casts_the_value_to_the_target_dtype() -> None:
    a = tensor([1, 2, 3])
    a[0] = 7.9
    a[1] = tensor(8.9)
    assert a.tolist() == [7, 8, 3]
    with pytest.raises(RuntimeError) as info:
        a[[2]] = tensor(1.5)
    assert str(info.value) == (
        "Index put requires the source and destination dtypes match, got Long for the "
        "destination and Float for the source."
    )


@pytest.mark.parametrize(
    ("target", "key", "value", "exc_type", "text"),
    [
        (
            "nonleaf",
            0,
            np.ones(3, np.float32),
            RuntimeError,
            "The expanded size of the tensor (4) must match the existing size (3) at "
            "non-singleton dimension 1.  Target sizes: [3, 4].  Tensor sizes: [3]",
        ),
        (
            "nonleaf",
            [0],
            np.ones(3, np.float32),
            RuntimeError,
            "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing "
            "result of shape [1, 3, 4]",
        ),
        (
            "leaf",
            0,
            1.0,
            RuntimeError,
            "a view of a leaf Variable that requires grad is being used in an in-place operation.",
        ),
        (
            "leaf",
            [0],
            1.0,
            RuntimeError,
            "a leaf Variable that requires grad is being used in an in-place operation.",
        ),
        (
            "leaf",
            slice(None),
            1.0,
            RuntimeError,
            "a leaf Variable that requires grad is being used in an in-place operation.",
        ),
        ("nonleaf", 0, "a", TypeError, "can't assign a str to a torch.FloatTensor"),
        ("nonleaf", 0, [1.0], TypeError, "can't assign a list to a torch.FloatTensor"),
        (
            "nonleaf",
            slice(None, None, -1),
            1.0,
            ValueError,
            "step must be greater than zero",
        ),
    ],
)
def test_setitem_errors_match_torch(target, key, value, exc_type, text) -> None:
    x = arange(2, 3, 4)
    y = x.clone() if target == "nonleaf" else x
    if isinstance(value, np.ndarray):
        value = from_numpy(value)
    with pytest.raises(exc_type) as info:
        y[key] = value
    assert str(info.value) == text


def test_inplace_on_view_of_nonleaf_rebases_the_base() -> None:
    x = arange(2, 3)
    y = x.clone()
    v = y[0]
    other_view = y[1]
    v.masked_fill_(tensor([True, False, True]), 0.0)
    assert graph(v) == "AsStridedBackward0(CopySlices(CloneBackward0(Acc)))"
    assert graph(y) == "CopySlices(CloneBackward0(Acc))"
    assert graph(other_view) == "AsStridedBackward0(CopySlices(CloneBackward0(Acc)))"
    assert y._version == v._version == 1
    (views.cat([y.reshape(6), v])).backward(from_numpy(np.arange(1.0, 10.0, dtype=np.float32)))
    # y[0] after the fill keeps only column 1; v's gradient adds 7, 8, 9 to y[0]
    expected = np.array([[0.0, 2.0 + 8.0, 0.0], [4.0, 5.0, 6.0]], dtype=np.float32)
    np.testing.assert_array_equal(x.grad.numpy(), expected)


def test_views_of_a_leaf_that_is_itself_a_view_are_protected() -> None:
    x = from_numpy(np.arange(6.0)).reshape(2, 3).requires_grad_()  # a leaf that is a view
    assert x.is_leaf and x._is_view()
    with pytest.raises(RuntimeError, match="a view of a leaf Variable that requires grad"):
        x[0] = 1.0
    assert x.is_leaf and x._version == 0


def test_inplace_on_a_base_regenerates_its_views() -> None:
    x = arange(2, 3)
    y = x.clone()
    column = y[:, 1]
    y.masked_fill_(tensor([True, False, False]), 0.0)
    assert graph(column) == "AsStridedBackward0(MaskedFillBackward0(CloneBackward0(Acc)))"
    column.backward(tensor([1.0, 1.0]))
    np.testing.assert_array_equal(x.grad.numpy(), [[0.0, 1.0, 0.0], [0.0, 1.0, 0.0]])


# ---------------------------------------------------------------------------
# live differential suites against torch


def _engine_key(key: object, torch: Any) -> object:
    """The same key with torch tensors replaced by engine tensors."""
    if isinstance(key, tuple):
        return tuple(_engine_key(k, torch) for k in key)
    if isinstance(key, torch.Tensor):
        return from_numpy(key.numpy().copy())
    return key


def _compare_observations(mine: dict, theirs: dict, context: object) -> None:
    assert ("raised" in mine) == ("raised" in theirs), (context, mine, theirs)
    if "raised" in theirs:
        assert mine["raised"] == theirs["raised"], context
        return
    for ours, reference in zip(mine["outputs"], theirs["outputs"], strict=True):
        for field in ("shape", "dtype", "grad_fn", "is_view"):
            assert ours[field] == reference[field], (context, field, ours[field], reference[field])
        np.testing.assert_array_equal(ours["values"], reference["values"], err_msg=str(context))


@pytest.mark.torch
@given(st.data())
def test_getitem_matches_torch(data: st.DataObject) -> None:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    key = data.draw(torch_mixed_keys(shape) | hnp.basic_indices(shape, allow_newaxis=True))
    array = data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-100, 100)))
    x_torch, x_engine = leaf(torch, array), leaf(None, array)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = observe(lambda: x_torch.clone()[key])
        mine = observe(lambda: x_engine.clone()[_engine_key(key, torch)])
    _compare_observations(mine, theirs, key)
    if "raised" in theirs:
        return
    weights = data.draw(
        hnp.arrays(np.float64, theirs["outputs"][0]["shape"], elements=st.floats(-3, 3))
    )
    backward_weighted(theirs["result"], [weights], torch)
    backward_weighted(mine["result"], [weights], None)
    np.testing.assert_allclose(x_engine.grad.numpy(), x_torch.grad.numpy(), err_msg=str(key))


@st.composite
def setitem_values(draw: st.DrawFn, result_shape: tuple[int, ...]) -> tuple[str, Any]:
    """A python scalar, or an array broadcastable to the indexed result (sometimes not)."""
    kind = draw(st.sampled_from(["scalar", "tensor", "tensor", "wrong"]))
    if kind == "scalar":
        return kind, draw(st.floats(-5, 5) | st.integers(-5, 5))
    if kind == "wrong":
        return kind, draw(hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=2)))
    shape = draw(hnp.broadcastable_shapes(result_shape, min_side=0, max_dims=len(result_shape) + 1))
    return kind, draw(hnp.arrays(np.float64, shape, elements=st.floats(-5, 5)))


@pytest.mark.torch
@given(st.data())
def test_setitem_matches_torch(data: st.DataObject) -> None:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    key = data.draw(torch_mixed_keys(shape) | hnp.basic_indices(shape, allow_newaxis=True))
    array = data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-100, 100)))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result_shape = tuple(torch.from_numpy(array.copy())[key].shape)
    except (IndexError, ValueError, TypeError, RuntimeError):
        result_shape = ()
    kind, value = data.draw(setitem_values(result_shape))

    outcomes = {}
    for name, module in (("torch", torch), ("engine", None)):
        x = leaf(module, array)
        v = leaf(module, value) if isinstance(value, np.ndarray) else value
        engine_key = _engine_key(key, torch) if module is None else key

        def assign(x=x, v=v, engine_key=engine_key):
            y = x.clone()
            y[engine_key] = v
            return y

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            outcomes[name] = (observe(assign), x, v)
    (theirs, x_torch, v_torch), (mine, x_engine, v_engine) = outcomes["torch"], outcomes["engine"]
    _compare_observations(mine, theirs, (key, kind))
    if "raised" in theirs:
        return
    assert mine["result"]._version == theirs["result"]._version
    weights = data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-3, 3)))
    backward_weighted(theirs["result"], [weights], torch)
    backward_weighted(mine["result"], [weights], None)
    np.testing.assert_allclose(x_engine.grad.numpy(), x_torch.grad.numpy(), err_msg=str(key))
    if isinstance(value, np.ndarray):
        assert (v_engine.grad is None) == (v_torch.grad is None)
        if v_torch.grad is not None:
            np.testing.assert_allclose(
                v_engine.grad.numpy(), v_torch.grad.numpy(), err_msg=str(key)
            )


def _positive_steps(key: object) -> bool:
    items = key if isinstance(key, tuple) else (key,)
    return not any(isinstance(i, slice) and (i.step or 1) < 0 for i in items)


@pytest.mark.torch
@given(st.data())
def test_inplace_ops_on_views_match_torch(data: st.DataObject) -> None:
    """``v = y[basic key]; v.<op>_(...)``: graphs of view and base, versions, gradients."""
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    import gradekit.engine as engine_torch

    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    key = data.draw(hnp.basic_indices(shape, allow_newaxis=True).filter(_positive_steps))
    op = data.draw(st.sampled_from(["mul_", "add_", "zero_", "exp_", "setitem", "masked_fill_"]))
    array = data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-2, 2)))
    weights = data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-3, 3)))

    def run(T: Any) -> tuple[dict, Any]:
        x = T.from_numpy(array.copy()).requires_grad_()
        y = x * 1
        sibling = y[(slice(None),) * (len(shape) - 1) + (0,)]  # an older view of the same base
        v = y[key]
        if op == "setitem":
            v[...] = 3.0
        elif op == "masked_fill_":
            v.masked_fill_(T.from_numpy(np.ones(tuple(v.shape), dtype=bool)), -1.0)
        else:
            getattr(v, op)(*([2.0] if op in ("mul_", "add_") else []))
        y.backward(T.from_numpy(weights.copy()))
        observed = {
            "v": graph(v),
            "y": graph(y),
            "sibling": graph(sibling),
            "versions": (y._version, v._version, sibling._version),
            "values": y.detach().numpy().copy(),
        }
        return observed, x.grad.numpy()

    theirs, torch_grad = run(torch)
    mine, engine_grad = run(engine_torch)
    for field in ("v", "y", "sibling", "versions"):
        assert mine[field] == theirs[field], (key, op, field)
    np.testing.assert_allclose(mine["values"], theirs["values"], err_msg=str((key, op)))
    np.testing.assert_allclose(engine_grad, torch_grad, err_msg=str((key, op)))


def test_views_made_under_no_grad_refuse_autograd_after_base_changes() -> None:
    from gradekit.engine.autograd.grad_mode import no_grad

    x = tensor([1.0, 2.0, 3.0], requires_grad=True)
    base = views.clone(x)
    with no_grad():
        view = base[1:]
    assert view.requires_grad and view.is_leaf  # torch: a leaf that requires grad
    assert view.grad_fn is None  # fine while the base is unchanged
    base.masked_fill_(tensor([True, False, False]), 0.0)
    with pytest.raises(RuntimeError, match="A view was created in no_grad mode and its base"):
        view.grad_fn  # noqa: B018 - the property access is what raises
    with pytest.raises(RuntimeError, match="A view was created in no_grad mode and its base"):
        views.cat([view, view])


def test_index_put_and_masked_fill_on_expanded_tensors_warn_and_write() -> None:
    x = tensor([1.0, 2.0])
    expanded = x.expand(3, 2)
    with pytest.warns(UserWarning, match="Use of index_put_ on expanded tensors is deprecated"):
        expanded.index_put_((tensor([0]),), tensor(9.0))
    assert x.tolist() == [9.0, 9.0]
    with pytest.warns(UserWarning, match="Use of masked_fill_ on expanded tensors is deprecated"):
        expanded.masked_fill_(tensor([True, False]), 4.0)
    assert x.tolist() == [4.0, 9.0]
    with pytest.raises(RuntimeError, match="more than one element of the written-to tensor"):
        expanded[...] = 1.0
