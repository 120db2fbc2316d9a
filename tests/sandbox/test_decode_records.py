"""The quick passes' record constructors build exactly what the classes' constructors build.

``_new_argspec``, ``_new_capture`` and ``_new_call`` skip the generic ``frozen_record``
constructor; the instances must be indistinguishable from ``ArgSpec(...)``, ``Capture(...)``
and ``Call(...)`` with the same values: same class, same fields in the same order, equal, and
as frozen.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox import protocol
from gradekit.sandbox.protocol import ArgSpec, Call, Capture

anything = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
shapes = st.none() | st.lists(st.integers(0, 4), max_size=3).map(tuple)
blobs = st.none() | st.integers(0, 3).map(lambda n: np.arange(n, dtype=np.float32))


def assert_same_record(built, expected) -> None:
    assert type(built) is type(expected)
    assert list(built.__dict__) == list(expected.__dict__)  # field order, as asdict walks it
    for name, value in expected.__dict__.items():
        assert built.__dict__[name] is value
    assert built == expected and repr(built) == repr(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.kind = "x"  # type: ignore[misc]


@given(anything, anything, shapes, blobs, st.booleans(), anything, st.none() | st.just(()))
def test_new_argspec_is_the_argspec_constructor(kind, dtype, shape, blob, grad, value, items):
    values = (kind, dtype, shape, blob, grad, value, items)
    assert_same_record(protocol._new_argspec(*values), ArgSpec(*values))


@given(
    st.lists(st.text(max_size=3)).map(tuple),
    st.lists(st.text(max_size=3)).map(tuple),
    st.booleans(),
    st.none() | st.just(ArgSpec.python(1)),
)
def test_new_capture_is_the_capture_constructor(grads, inputs_after, graph, backward):
    values = (grads, inputs_after, graph, backward)
    assert_same_record(protocol._new_capture(*values), Capture(*values))


@given(
    st.text(max_size=4),
    st.text(max_size=4),
    st.sampled_from(["function", "variable"]),
    st.dictionaries(st.text(max_size=2), st.just(ArgSpec.python(None)), max_size=2),
    st.floats(0.1, 60),
)
def test_new_call_is_the_call_constructor(call_id, entry, entry_kind, args, timeout):
    values = (call_id, entry, entry_kind, args, Capture(), timeout)
    assert_same_record(protocol._new_call(*values), Call(*values))
