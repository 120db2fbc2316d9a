"""``@frozen_record`` behaves like ``@dataclass(frozen=True)``, which it stands in for."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox.protocol import ArgSpec, Call, CallOutcome, ExceptionInfo, Frame
from gradekit.sandbox.records import frozen_record


@dataclasses.dataclass(frozen=True)
class Generated:
    name: str
    count: int = 0
    tags: tuple[str, ...] = ()
    notes: dict = dataclasses.field(default_factory=dict, compare=False)
    hidden: object = dataclasses.field(default=None, compare=False, repr=False)


@frozen_record
class Written:
    name: str
    count: int = 0
    tags: tuple[str, ...] = ()
    notes: dict = dataclasses.field(default_factory=dict, compare=False)
    hidden: object = dataclasses.field(default=None, compare=False, repr=False)


values = st.one_of(st.integers(), st.floats(allow_nan=True), st.text(max_size=5), st.none())
names = st.text(max_size=6)
counts = st.integers(-5, 5)
tags = st.tuples(st.text(max_size=3)) | st.just(())


def both(*args, **kwargs):
    return Generated(*args, **kwargs), Written(*args, **kwargs)


def same_repr(generated: Generated, written: Written) -> bool:
    return repr(generated).replace("Generated", "Written") == repr(written)


@given(names, counts, tags, values)
def test_construction_repr_and_fields_match(name, count, tag, hidden) -> None:
    for args, kwargs in [
        ((name,), {}),
        ((name, count), {"tags": tag}),
        ((), {"tags": tag, "name": name, "hidden": hidden}),
        ((name, count, tag, {"k": 1}, hidden), {}),
    ]:
        generated, written = both(*args, **kwargs)
        assert same_repr(generated, written)
        assert dataclasses.asdict(generated) == dataclasses.asdict(written)
        assert list(vars(written)) == [f.name for f in dataclasses.fields(Written)]


@given(names, counts, names, counts, values, values)
def test_equality_and_hash_match(a, x, b, y, hidden_a, hidden_b) -> None:
    gen_a, wri_a = both(a, x, hidden=hidden_a)
    gen_b, wri_b = both(b, y, hidden=hidden_b)
    assert (gen_a == gen_b) == (wri_a == wri_b)
    assert (gen_a != gen_b) == (wri_a != wri_b)
    if wri_a == wri_b:
        assert hash(wri_a) == hash(wri_b)
    assert wri_a != gen_a  # another class: never equal, as for dataclasses
    assert hash(wri_a) == hash(gen_a)  # both hash the tuple of compared fields


def test_a_field_equal_only_to_itself_compares_like_a_dataclass() -> None:
    nan = math.nan
    generated, written = both("x", tags=(nan,))
    assert (generated == generated) is (written == written) is True
    assert (Generated("x", tags=(nan,)) == generated) == (Written("x", tags=(nan,)) == written)


def test_frozen_and_replaceable() -> None:
    written = Written("x", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        written.count = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del written.name
    changed = dataclasses.replace(written, count=2)
    assert (changed.name, changed.count) == ("x", 2) and written.count == 1
    assert Written("x").notes is not Written("x").notes  # a new default per instance


def test_wrong_arguments_are_refused_like_a_dataclass() -> None:
    for args, kwargs in [((), {}), (("x",), {"name": "y"}), (("x",), {"colour": 1})]:
        with pytest.raises(TypeError):
            Generated(*args, **kwargs)
        with pytest.raises(TypeError):
            Written(*args, **kwargs)
    with pytest.raises(TypeError):
        Written("x", 1, (), {}, None, "one too many")


def test_the_wire_types_keep_their_behaviour() -> None:
    call = Call("c1", "f")
    assert call == Call("c1", "f") and call != Call("c2", "f")
    assert repr(call) == (
        "Call(call_id='c1', entry='f', entry_kind='function', args={}, "
        "capture=Capture(grads=(), inputs_after=(), graph=False, backward=None), timeout=10.0)"
    )
    with pytest.raises(TypeError):
        hash(call)  # its args are a dict, as with the dataclass
    info = ExceptionInfo("ValueError", "bad")
    assert hash(info) == hash(ExceptionInfo("ValueError", "bad"))
    assert ArgSpec.python(3) == ArgSpec.python(3)
    assert CallOutcome("ok", duration=1.0) != CallOutcome("ok", duration=2.0)
    frame = Frame({"a": 1}, ())
    assert (frame.body, frame.arrays) == ({"a": 1}, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.body = None
