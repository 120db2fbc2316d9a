"""parse_index remembers the plans of basic keys (exact ints, slices of ints and None, None,
...) and of keys with index lists (flat lists of exact ints): the plan it returns, from the
memo or not, is always the one parsing afresh makes, and a key whose parsing fails fails
again with the same error."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.engine import indexing
from gradekit.engine.ops.views import _index_array

bounds = st.none() | st.integers(-7, 7)
items = st.one_of(
    st.integers(-7, 7),
    st.builds(slice, bounds, bounds, st.none() | st.integers(-3, 4)),
    st.none(),
    st.just(Ellipsis),
    st.booleans(),  # not basic: never remembered
    st.integers(-7, 7).map(np.int64),  # nor these
    st.builds(slice, st.floats(0, 3), st.none()),  # nor a slice of a float
    st.lists(st.integers(-7, 7), max_size=4),  # index lists (empty ones are not remembered)
    st.lists(st.integers(-7, 7) | st.booleans() | st.just(2**63), min_size=1, max_size=3),
)
keys = items | st.lists(items, max_size=6).map(tuple)
shapes = st.lists(st.integers(0, 5), max_size=4).map(tuple)


def outcome(parse, key, shape, for_setitem):
    try:
        return repr(parse(key, shape, _index_array, for_setitem=for_setitem))
    except Exception as error:  # noqa: BLE001 - compared below
        return (type(error), str(error))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(keys, shapes, st.booleans()), min_size=1, max_size=6))
def test_remembered_plans_are_the_plans_parsed_afresh(uses) -> None:
    for key, shape, for_setitem in uses + uses:  # the second time from the memo
        expected = outcome(indexing.parse_index_afresh, key, shape, for_setitem)
        assert outcome(indexing.parse_index, key, shape, for_setitem) == expected


def test_only_basic_keys_are_remembered() -> None:
    indexing._BASIC_PLANS.clear()
    indexing.parse_index((0, slice(None, None, 2), Ellipsis, None), (3, 4, 5))
    indexing.parse_index(slice(1, None), (3,), for_setitem=True)
    indexing.parse_index(1, (3, 4))
    assert len(indexing._BASIC_PLANS) == 3
    indexing.parse_index((1, 1), (3, 4))
    indexing.parse_index((1,), (3, 4))  # a tuple of one: its own entry
    assert len(indexing._BASIC_PLANS) == 5
    for key in (True, np.int64(1), [0, True], (0, [2**63]), [[0]], slice(0.5, None), []):
        try:
            indexing.parse_index(key, (3, 4), _index_array)
        except Exception:  # noqa: BLE001, S110 - only what is remembered matters here
            pass
    assert len(indexing._BASIC_PLANS) == 5
    indexing.parse_index([0, 1], (3, 4))
    indexing.parse_index((0, [1]), (3, 4))
    indexing.parse_index(([0], [1]), (3, 4))
    assert len(indexing._BASIC_PLANS) == 8
    try:
        indexing.parse_index(9, (3, 4))
    except IndexError:
        pass
    try:
        indexing.parse_index((0, [4]), (3, 4))
    except IndexError:
        pass
    assert len(indexing._BASIC_PLANS) == 8  # errors are not remembered


def test_remembered_index_arrays_are_read_only() -> None:
    indexing._BASIC_PLANS.clear()
    plan = indexing.parse_index(([0, 2], [1, 0]), (3, 4))
    assert plan is indexing.parse_index(([0, 2], [1, 0]), (3, 4))
    assert all(not array.flags.writeable for array in plan.advanced)


def test_the_memo_is_bounded() -> None:
    indexing._BASIC_PLANS.clear()
    for start in range(indexing._BASIC_PLANS_KEPT + 10):
        indexing.parse_index(slice(start, None), (3,))
    assert len(indexing._BASIC_PLANS) <= indexing._BASIC_PLANS_KEPT
