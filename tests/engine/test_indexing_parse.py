"""Tests of the torch-style key parser (gradekit.engine.indexing) on plain numpy arrays.

The parser knows nothing about the Tensor class, so it is tested here on its own:
fixed cases taken from torch 2.13 probes (engine-research.md §3.1/§3.6), and a live
differential suite that runs the same key on real torch and on ``apply_plan``.
"""

from __future__ import annotations

import warnings

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.engine.indexing import (
    SelectStep,
    SliceStep,
    UnsqueezeStep,
    apply_plan,
    parse_index,
)

SHAPE = (2, 3, 4)
DATA = np.arange(24.0).reshape(SHAPE)


def numpy_index_array(obj: object) -> np.ndarray | None:
    """Stand-in for a tensor in keys: a 0-d or n-d numpy array wrapped in ``Idx``."""
    return obj.array if isinstance(obj, Idx) else None


class Idx:
    """Marks an index *tensor* in a key (plain numpy arrays in keys behave like lists)."""

    def __init__(self, data: object, dtype: object = None) -> None:
        self.array = np.asarray(data, dtype=dtype)


def parse(key: object, shape: tuple[int, ...] = SHAPE, **kwargs: object):
    return parse_index(key, shape, numpy_index_array, **kwargs)


# ---------------------------------------------------------------------------
# fixed cases: shapes and view steps (from torch 2.13 probes)


@pytest.mark.parametrize(
    ("key", "shape"),
    [
        ((0, slice(None), [1, 2]), (3, 2)),  # ints are basic in torch: numpy gives (2, 3)
        (([0, 1], slice(None), [1, 2]), (2, 3)),  # separated advanced dims go to the front
        ((slice(1, None), [0, 1], 0), (1, 2)),
        (([0, 1], 0, [1, 2]), (2,)),
        ((None, [0, 1], None, [0, 1]), (2, 1, 1, 4)),
        ((1, [0, 1], None, [0, 1]), (2, 1)),
        (True, (1, 2, 3, 4)),
        (False, (0, 2, 3, 4)),
        ((0, Ellipsis, True, 1), (3, 1)),
        ((Idx(np.ones((2, 3), bool)), 0), (6,)),
        ((slice(None), Idx(np.ones((3, 4), bool))), (2, 12)),
        ((Ellipsis, [True, False, True, True]), (2, 3, 3)),
        ((Idx([[0, 1]]), slice(None, None, 2)), (1, 2, 2, 4)),
        ((slice(1, 1), Idx([3])), (0, 1, 4)),  # empty result: out-of-range index not checked
        ([[1]] * 40, (40, 1, 3, 4)),  # a long list is one index tensor, not a tuple
        ([1, 0.5], (2, 3, 4)),  # floats in a list are truncated to long
        ((Idx(1),), (3, 4)),  # a 0-d integer tensor selects
        (Idx(True), (1, 2, 3, 4)),
        ((Ellipsis, Ellipsis), (2, 3, 4)),
    ],
)
def test_result_shape_matches_torch(key: object, shape: tuple[int, ...]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plan = parse(key)
    assert plan.result_shape == shape
    assert apply_plan(DATA, plan).shape == shape


def test_basic_key_becomes_select_slice_unsqueeze_chain() -> None:
    plan = parse((None, 0, slice(1, None), Ellipsis, None))
    assert plan.steps == (
        UnsqueezeStep(0),
        SelectStep(1, 0),
        SliceStep(1, 1, 3, 1),
        UnsqueezeStep(3),
    )
    assert plan.is_basic and plan.view_shape == (1, 2, 4, 1)


@pytest.mark.parametrize(
    ("key", "alias"),
    [
        (Ellipsis, True),
        ((), True),
        ((slice(None), slice(None)), True),
        ((slice(0, 100), slice(None)), True),  # torch skips a slice covering the whole dim
        ((slice(-2, None), slice(None)), False),
        (slice(None), False),  # a lone slice is never skipped by getitem
        (slice(0, 2), False),
    ],
)
def test_full_slices_are_skipped_like_torch(key: object, alias: bool) -> None:
    assert parse(key).is_alias is alias


def test_lone_full_slice_is_skipped_for_setitem() -> None:
    assert parse(slice(None), for_setitem=True).is_alias


def test_negative_index_is_normalised() -> None:
    assert parse((-1, -3)).steps == (SelectStep(0, 1), SelectStep(0, 0))


def test_mask_is_expanded_to_nonzero_arrays() -> None:
    mask = np.array([[True, False, True], [False, False, True]])
    plan = parse(Idx(mask))
    assert plan.advanced is not None and len(plan.advanced) == 2
    np.testing.assert_array_equal(apply_plan(DATA, plan), DATA[mask])


# ---------------------------------------------------------------------------
# fixed cases: torch's exact errors


@pytest.mark.parametrize(
    ("key", "shape", "exc_type", "text"),
    [
        (slice(None, None, -1), SHAPE, ValueError, "step must be greater than zero"),
        ((slice(None), slice(None, None, 0)), SHAPE, ValueError, "slice step cannot be zero"),
        (2, SHAPE, IndexError, "index 2 is out of bounds for dimension 0 with size 2"),
        ((0, -4), SHAPE, IndexError, "index -4 is out of bounds for dimension 1 with size 3"),
        # "dimension" is the position of the item in the key, as in torch
        ((Ellipsis, 9), SHAPE, IndexError, "index 9 is out of bounds for dimension 1 with size 4"),
        (
            (None, None, 5),
            SHAPE,
            IndexError,
            "index 5 is out of bounds for dimension 2 with size 2",
        ),
        ((0, 0, 0, 0), SHAPE, IndexError, "too many indices for tensor of dimension 3"),
        ([0], (), IndexError, "too many indices for tensor of dimension 0"),
        (
            0,
            (),
            IndexError,
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
            "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number",
        ),
        (1, (), IndexError, "index 1 is out of bounds for dimension 0 with size 0"),
        (slice(None), (), IndexError, "slice() cannot be applied to a 0-dim tensor."),
        (
            Idx([True, False, True]),
            SHAPE,
            IndexError,
            "The shape of the mask [3] at index 0 does not match the shape of the indexed "
            "tensor [2, 3, 4] at index 0",
        ),
        (
            (slice(None), Idx(np.ones((3, 5), bool))),
            SHAPE,
            IndexError,
            "The shape of the mask [3, 5] at index 1 does not match the shape of the indexed "
            "tensor [2, 3, 4] at index 2",
        ),
        (
            Idx([0.0]),
            SHAPE,
            IndexError,
            "tensors used as indices must be long, int, byte or bool tensors",
        ),
        (
            1.5,
            SHAPE,
            IndexError,
            "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
            "are valid indices (got float)",
        ),
        ("a", SHAPE, TypeError, "new(): invalid data type 'str'"),
        (
            ([0, 1], [1, 2, 0]),
            SHAPE,
            IndexError,
            "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]",
        ),
        # element-major, then index by index; "dimension" counts index tensors only
        (
            (Idx([0, 5]), Idx([7, 0])),
            SHAPE,
            IndexError,
            "index 7 is out of bounds for dimension 1 with size 3",
        ),
        (
            (slice(None), Idx([9, -9])),
            SHAPE,
            IndexError,
            "index 9 is out of bounds for dimension 0 with size 3",
        ),
        (
            (Idx(np.ones((2, 3), bool)), Idx([0, 9, 1, 1, 1, 1])),
            SHAPE,
            IndexError,
            "index 9 is out of bounds for dimension 2 with size 4",
        ),
        ((1, [[0, 1], [1]]), SHAPE, ValueError, "expected sequence of length 2 at dim 1 (got 1)"),
    ],
)
def test_errors_match_torch(key: object, shape: tuple, exc_type: type, text: str) -> None:
    with pytest.raises(exc_type) as info:
        parse(key, shape)
    assert str(info.value) == text


def test_non_tuple_sequence_warns() -> None:
    with pytest.warns(UserWarning, match="Using a non-tuple sequence"):
        plan = parse([0, slice(None)])
    assert plan.result_shape == (3, 4)


def test_uint8_tensor_is_a_deprecated_mask() -> None:
    with pytest.warns(UserWarning, match="indexing with dtype torch.uint8 is now deprecated"):
        plan = parse(Idx([1, 0], dtype=np.uint8))
    assert plan.result_shape == (1, 3, 4)


@given(st.data())
def test_apply_plan_agrees_with_numpy_on_basic_positive_step_keys(data: st.DataObject) -> None:
    # Without ints next to advanced indices, torch's and numpy's semantics coincide.
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    key = data.draw(hnp.basic_indices(shape, allow_newaxis=True, allow_ellipsis=True))
    items = key if isinstance(key, tuple) else (key,)
    if any(isinstance(i, slice) and (i.step or 1) < 0 for i in items):
        with pytest.raises(ValueError, match="step must be greater than zero"):
            parse(key, shape)
        return
    array = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    if shape == () and isinstance(key, int):
        return  # torch refuses ints on 0-d tensors, numpy accepts them
    if isinstance(key, slice) and shape == ():
        return
    np.testing.assert_array_equal(apply_plan(array, parse(key, shape)), array[key])


# ---------------------------------------------------------------------------
# live differential suite against torch


def torch_index_array(obj: object) -> np.ndarray | None:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    return obj.numpy() if isinstance(obj, torch.Tensor) else None


@st.composite
def torch_mixed_keys(draw: st.DrawFn, shape: tuple[int, ...]) -> tuple:
    """Per-dimension ints (some out of range), slices (some with negative steps), None,
    int lists/tensors, bool masks and an optional Ellipsis, in torch's tuple form."""
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    items: list[object] = []
    dim = 0
    used_ellipsis = False
    while dim < len(shape) and draw(st.integers(0, 4)) > 0:
        size = shape[dim]
        kind = draw(st.sampled_from(["int", "slice", "none", "list", "tensor", "mask", "ellipsis"]))
        if kind == "int":
            items.append(draw(st.integers(-size - 1, size)))
        elif kind == "slice":
            bounds = st.none() | st.integers(-size - 2, size + 2)
            step = draw(st.none() | st.integers(-2, 3).filter(lambda s: s != 0))
            items.append(slice(draw(bounds), draw(bounds), step))
        elif kind == "none":
            items.append(None)
            continue
        elif kind in ("list", "tensor"):
            length = draw(st.integers(0, 3))
            values = draw(
                st.lists(st.integers(-size, max(size - 1, 0)), min_size=length, max_size=length)
            )
            if size == 0:
                values = []
            items.append(values if kind == "list" else torch.tensor(values, dtype=torch.long))
        elif kind == "mask":
            span = draw(st.integers(1, len(shape) - dim))
            mask = draw(hnp.arrays(np.bool_, shape[dim : dim + span]))
            items.append(torch.from_numpy(mask))
            dim += span
            continue
        elif kind == "ellipsis" and not used_ellipsis:
            used_ellipsis = True
            items.append(Ellipsis)
            dim = len(shape) - draw(st.integers(0, len(shape) - dim))
            continue
        dim += 1
    return tuple(items)


def outcome(fn):
    try:
        return "ok", fn()
    except (IndexError, ValueError, TypeError, RuntimeError) as exc:
        return "raised", (type(exc).__name__, str(exc))


@pytest.mark.torch
@given(st.data())
def test_parser_matches_torch_on_mixed_keys(data: st.DataObject) -> None:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    key = data.draw(torch_mixed_keys(shape) | hnp.basic_indices(shape, allow_newaxis=True))
    array = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = outcome(lambda: torch.from_numpy(array.copy())[key].numpy())
        actual = outcome(lambda: apply_plan(array, parse_index(key, shape, torch_index_array)))
    assert actual[0] == expected[0], (key, actual, expected)
    if expected[0] == "raised":
        assert actual[1] == expected[1], key
    else:
        assert actual[1].shape == expected[1].shape, key
        np.testing.assert_array_equal(actual[1], expected[1])


@pytest.mark.torch
@given(st.data())
def test_parser_matches_torch_on_integer_array_and_mask_keys(data: st.DataObject) -> None:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    array = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    if data.draw(st.booleans()):
        key = tuple(torch.from_numpy(a) for a in data.draw(hnp.integer_array_indices(shape)))
    else:
        span = data.draw(st.integers(1, len(shape)))
        key = torch.from_numpy(data.draw(hnp.arrays(np.bool_, shape[:span])))
    expected = torch.from_numpy(array.copy())[key].numpy()
    actual = apply_plan(array, parse_index(key, shape, torch_index_array))
    np.testing.assert_array_equal(actual, expected)
    assert actual.shape == expected.shape
