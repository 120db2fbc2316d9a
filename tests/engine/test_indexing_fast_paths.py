"""The advanced-key shortcuts of gradekit.engine.indexing (index lists of exact ints made into
arrays directly, the result shape of index arrays of one shape, index arrays range-checked as
Python ints) give exactly what the general paths give: the same plan, or the same error with
the same message, and the same warnings."""

from __future__ import annotations

import contextlib
import warnings

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as torch
from gradekit.engine import indexing
from gradekit.engine.ops.views import _index_array


@contextlib.contextmanager
def general_paths_only():
    """Every shortcut declines, so each call takes its general path."""
    saved = indexing._is_int64_list, indexing._one_leading_shape, indexing._all_in_range
    indexing._is_int64_list = lambda data: False
    indexing._one_leading_shape = lambda advanced: None
    indexing._all_in_range = lambda view_shape, advanced: False
    try:
        yield
    finally:
        indexing._is_int64_list, indexing._one_leading_shape, indexing._all_in_range = saved


def outcome(key, shape, for_setitem):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            plan = indexing.parse_index_afresh(key, shape, _index_array, for_setitem=for_setitem)
            result = (repr(plan), [None if a is None else a.dtype for a in plan.advanced or ()])
        except Exception as error:  # noqa: BLE001 - compared below
            result = (type(error), str(error))
    return result, [(w.category, str(w.message)) for w in caught]


index_ints = st.integers(-9, 9) | st.sampled_from([2**63 - 1, -(2**63), 2**63, 2**64, -(2**63) - 1])
flat_lists = st.lists(index_ints, max_size=5)
lists = (
    flat_lists
    | st.lists(st.integers(-6, 6) | st.booleans(), max_size=4)  # bools: a mask or mixed
    | st.lists(st.lists(st.integers(-6, 6), min_size=1, max_size=3), max_size=3)  # 2-d, ragged
    | st.lists(st.floats(-5, 5), min_size=1, max_size=3)
)


@st.composite
def tensors(draw):
    """An index tensor: int64 or int32 values, or a bool mask, of up to two dims."""
    shape = tuple(draw(st.lists(st.integers(0, 4), max_size=2)))
    size = int(np.prod(shape))
    if draw(st.booleans()):
        data = np.array(draw(st.lists(st.booleans(), min_size=size, max_size=size)), dtype=bool)
        return torch.tensor(data.reshape(shape))
    values = draw(st.lists(st.integers(-7, 7), min_size=size, max_size=size))
    dtype = draw(st.sampled_from([torch.int64, torch.int32]))
    return torch.tensor(np.array(values, dtype=np.int64).reshape(shape), dtype=dtype)


bounds = st.none() | st.integers(-6, 6)
items = st.one_of(
    st.integers(-6, 6),
    st.builds(slice, bounds, bounds, st.none() | st.integers(1, 3)),
    st.none(),
    st.just(Ellipsis),
    lists,
    tensors(),
)
keys = items | st.lists(items, max_size=4).map(tuple)
shapes = st.lists(st.integers(0, 5), max_size=4).map(tuple)


@settings(max_examples=1000, deadline=None)
@given(keys, shapes, st.booleans())
def test_shortcuts_parse_as_the_general_paths(key, shape, for_setitem) -> None:
    fast = outcome(key, shape, for_setitem)
    with general_paths_only():
        assert outcome(key, shape, for_setitem) == fast


arrays = st.lists(st.integers(-8, 8), max_size=70).map(lambda v: np.array(v, dtype=np.int64))
entries = st.lists(st.none() | arrays, min_size=1, max_size=4)


@settings(max_examples=400, deadline=None)
@given(entries, st.lists(st.integers(0, 8), min_size=4, max_size=6).map(tuple))
def test_the_range_check_and_result_shape_shortcuts(advanced, view_shape) -> None:
    """Where index_result_shape succeeds: its shortcut's shape is the general one, and when
    the range check passes an index list, the full check raises nothing."""
    try:
        expected = indexing._index_result_shape_generally(view_shape, advanced)
    except Exception:  # noqa: BLE001 - entries that do not broadcast: no plan to check
        return
    assert indexing.index_result_shape(view_shape, advanced) == expected
    if indexing._all_in_range(view_shape, advanced):
        with general_paths_only():
            indexing.check_index_bounds(view_shape, advanced, expected)


def test_the_shortcuts_are_taken() -> None:
    assert indexing._is_int64_list([0, -3, 2**63 - 1])
    assert not indexing._is_int64_list([0, 2**63])
    assert not indexing._is_int64_list([0, True])
    two = np.array([0, 2])
    assert indexing._one_leading_shape([two, two]) == (2,)
    assert indexing._one_leading_shape([None, two]) is None
    assert indexing._all_in_range((3, 4), [np.array([-3, 2]), np.array([3, -4])])
    assert not indexing._all_in_range((3, 4), [np.array([3]), None])
    assert not indexing._all_in_range((0,), [np.zeros(0, dtype=np.int64)])
    assert indexing._all_in_range((5,), [np.arange(-5, 5).repeat(10)])  # numpy's min and max
