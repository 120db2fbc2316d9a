"""report.json.dumps_indented writes exactly what json.dumps(indent=2, ...) writes."""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.report.json import dumps_indented


def _reference(value: object) -> str:
    return json.dumps(value, indent=2, allow_nan=False, ensure_ascii=False)


plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(value=plain)
def test_plain_json_data_is_written_exactly_as_json_writes_it(value: object) -> None:
    assert dumps_indented(value) == _reference(value)


class Colour(enum.IntEnum):
    RED = 1


@pytest.mark.parametrize(
    "value",
    [
        {1: "int key"},
        {"nested": {None: 1, True: 2, 1.5: 3}},
        [Colour.RED],
        {"flag": Colour.RED},
        [1, [2, {"deep": (3,)}]],
    ],
)
def test_data_json_converts_is_left_to_json(value: object) -> None:
    assert dumps_indented(value) == _reference(value)


@pytest.mark.parametrize("value", [math.nan, [math.inf], {"x": -math.inf}, {"x": object()}])
def test_what_json_refuses_raises_its_error(value: object) -> None:
    with pytest.raises((ValueError, TypeError)) as expected:
        _reference(value)
    with pytest.raises(expected.type, match=str(expected.value).split(":")[0]):
        dumps_indented(value)
