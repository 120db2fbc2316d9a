"""The quick decoding passes decode exactly what the checking passes decode.

``decode_calls`` and ``decode_event`` first try a quick pass that raises ``_Irregular`` (no
message) at anything unexpected and then decode again one check at a time
(``decode_calls_checking``, ``decode_event_checking``). Here valid frames and mutations of them
(wrong types, missing and extra keys, odd numbers, arrays of another dtype or shape, buffers
used twice or never) go through both: the quick pass must never accept what the checking pass
rejects, must decode the same records when it accepts, and ``decode_calls``/``decode_event``
must give the very result (or the very ProtocolError message) of the checking pass.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox import protocol
from gradekit.sandbox.protocol import (
    ArgSpec,
    Call,
    CallOutcome,
    Capture,
    ExceptionInfo,
    Frame,
    GraphNode,
    Observed,
    ProtocolError,
    decode_calls,
    decode_calls_checking,
    decode_event,
    decode_event_checking,
    decode_frame,
    encode_calls,
    encode_outcome_event_generally,
)

DTYPES = sorted(protocol.WIRE_DTYPES)


def canonical(value: Any) -> Any:
    """Everything about a decoded value: record fields (blobs too), exact types, and each
    array's dtype, shape, bytes and flags."""
    if isinstance(value, np.ndarray):
        flags = value.flags
        return (
            "ndarray",
            value.dtype.str,
            value.shape,
            value.tobytes(),
            flags.writeable,
            flags.owndata,
            flags.c_contiguous,
            flags.aligned,
        )
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(
            (f.name, canonical(getattr(value, f.name))) for f in dataclasses.fields(value)
        )
    if isinstance(value, dict):
        return ("dict",) + tuple((key, canonical(item)) for key, item in value.items())
    if isinstance(value, tuple | list):
        return (type(value).__name__,) + tuple(canonical(item) for item in value)
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    return (type(value).__name__, value)


def result_of(decode, frame: Frame) -> tuple[str, Any]:
    try:
        return "decoded", canonical(decode(frame))
    except ProtocolError as error:
        return "rejected", str(error)


def quick_result(quick, frame: Frame) -> tuple[str, Any]:
    try:
        return "decoded", canonical(quick(frame.body, frame.arrays))
    except protocol._Irregular:
        return "irregular", None


def assert_quick_pass_agrees(quick, decode, checking, frame: Frame) -> str:
    """The quick pass accepts only what the checking pass accepts, decoding the same; the
    public decoder gives the checking pass's result. Returns what the quick pass did."""
    checked = result_of(checking, copy_frame(frame))
    quick_done = quick_result(quick, copy_frame(frame))
    if quick_done[0] == "decoded":
        assert checked == quick_done
    assert result_of(decode, copy_frame(frame)) == checked
    return quick_done[0]


def copy_frame(frame: Frame) -> Frame:
    return Frame(copy.deepcopy(frame.body), tuple(a.copy() for a in frame.arrays))


# ---------------------------------------------------------------------------------------------
# Valid frames
# ---------------------------------------------------------------------------------------------

shapes = st.lists(st.integers(0, 3), max_size=3).map(tuple)


@st.composite
def arrays(draw) -> np.ndarray:
    dtype, shape = draw(st.sampled_from(DTYPES)), draw(shapes)
    return (np.arange(math.prod(shape)) % 7).astype(dtype).reshape(shape)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=8,
)


def argspecs(depth: int = 2):
    tensor = st.builds(
        lambda a, grad, bf16: ArgSpec.tensor(
            a, requires_grad=grad, dtype="bfloat16" if bf16 and a.dtype == "float32" else None
        ),
        arrays(),
        st.booleans(),
        st.booleans(),
    )
    python = json_values.map(ArgSpec.python)
    if depth == 0:
        return tensor | python
    return tensor | python | st.lists(argspecs(depth - 1), max_size=3).map(ArgSpec.tuple_of)


names = st.text(min_size=1, max_size=4)


@st.composite
def calls(draw) -> Call:
    args = draw(st.dictionaries(names, argspecs(), max_size=3))
    return Call(
        draw(names),
        draw(names),
        draw(st.sampled_from(["function", "variable"])),
        args,
        Capture(
            tuple(draw(st.lists(names, max_size=2))),
            tuple(draw(st.lists(names, max_size=2))),
            draw(st.booleans()),
            draw(st.none() | argspecs(0)),
        ),
        draw(st.floats(0.01, 1000) | st.integers(1, 100)),
    )


def observeds(depth: int = 2):
    tensor = st.builds(
        lambda a, grad_fn, flags: Observed(
            "tensor",
            "torch.Tensor",
            exact_type=flags[0],
            dtype=protocol.dtype_name(a.dtype),
            shape=a.shape,
            data=a,
            requires_grad=flags[1],
            is_leaf=flags[2],
            grad_fn=grad_fn,
            retains_grad=flags[3],
        ),
        arrays(),
        st.none() | st.sampled_from(["MulBackward0", "SumBackward0"]),
        st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    )
    ndarray = arrays().map(
        lambda a: Observed(
            "ndarray",
            "numpy.ndarray",
            exact_type=True,
            dtype=protocol.dtype_name(a.dtype),
            shape=a.shape,
            data=a,
        )
    )
    scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    python = scalars.map(lambda v: Observed("python", type(v).__name__, value=v))
    obj = st.text(max_size=10).map(lambda r: Observed("object", "mod.Thing", repr=r))
    leaves = tensor | ndarray | python | obj
    if depth == 0:
        return leaves
    sequence = st.lists(observeds(depth - 1), max_size=3).map(
        lambda items: Observed("sequence", "tuple", items=tuple(items))
    )
    return leaves | sequence


@st.composite
def outcomes(draw) -> CallOutcome:
    raised = draw(st.booleans())
    return CallOutcome(
        "raised" if raised else draw(st.sampled_from(protocol.CALL_STATUSES)),
        None if raised else draw(observeds()),
        draw(st.dictionaries(names, st.none() | observeds(0), max_size=2)),
        draw(st.dictionaries(names, observeds(0), max_size=2)),
        ExceptionInfo("ValueError", draw(names), draw(names), draw(st.none() | st.integers(1, 9)))
        if raised
        else None,
        draw(st.floats(0, 100) | st.integers(0, 5)),
        draw(st.text(max_size=8)),
        draw(st.text(max_size=8)),
        draw(
            st.none()
            | st.lists(
                st.tuples(
                    names,
                    st.lists(st.none() | st.integers(0, 0), max_size=2),
                    st.none() | names,  # the argument's name on its leaf
                ),
                max_size=3,
            ).map(lambda nodes: tuple(GraphNode(n, tuple(links), i) for n, links, i in nodes))
        ),
    )


def calls_frame(wire_calls: list[Call]) -> Frame:
    return decode_frame(encode_calls(wire_calls))


def outcome_frame(call_id: str, outcome: CallOutcome) -> Frame:
    return decode_frame(encode_outcome_event_generally(call_id, outcome))


@given(st.lists(calls(), max_size=3))
def test_the_quick_pass_decodes_every_valid_calls_frame_as_the_checking_pass(wire_calls):
    frame = calls_frame(wire_calls)
    done = assert_quick_pass_agrees(
        protocol._calls_from_regular_wire, decode_calls, decode_calls_checking, frame
    )
    assert done == "decoded"


@given(names, outcomes())
def test_the_quick_pass_decodes_every_valid_outcome_event_as_the_checking_pass(call_id, outcome):
    frame = outcome_frame(call_id, outcome)
    done = assert_quick_pass_agrees(
        protocol._event_from_regular_wire, decode_event, decode_event_checking, frame
    )
    assert done == "decoded"


def test_the_quick_pass_decodes_a_begin_event_and_leaves_the_others_to_the_checking_pass():
    begin = decode_frame(protocol.encode_begin_event("c7"))
    assert protocol._event_from_regular_wire(begin.body, begin.arrays) == {
        "event": "begin",
        "call_id": "c7",
    }
    for raw in (
        protocol.encode_layers_event(["rlimits"], {"seccomp": "no libseccomp"}),
        protocol.encode_loaded_event(None),
    ):
        frame = decode_frame(raw)
        with pytest.raises(protocol._Irregular):
            protocol._event_from_regular_wire(frame.body, frame.arrays)
        assert decode_event(frame) == decode_event_checking(frame)


# ---------------------------------------------------------------------------------------------
# Mutations of valid frames
# ---------------------------------------------------------------------------------------------

# Values that are wrong somewhere and right elsewhere: other kinds, types that compare equal to
# the right ones (True == 1, 1.0 == 1), strings that name other things, numbers out of range.
ODD_VALUES = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    1.0,
    0.5,
    -0.5,
    float("nan"),
    float("inf"),
    86400,
    2**40,
    "",
    "x",
    "tensor",
    "python",
    "tuple",
    "sequence",
    "ndarray",
    "object",
    "function",
    "variable",
    "ok",
    "float32",
    "bfloat16",
    "int64",
    "bool",
    "x" * (protocol.MAX_TEXT_CHARS + 1),
    [],
    [0],
    [1],
    [True],
    [1.0],
    [-1],
    ["x"],
    [None],
    {},
    {"kind": "python", "value": 1},
    {"kind": "python", "type": "int", "value": 1},
]


def slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) pair inside ``value``, outermost first."""
    found: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((value, key))
            found.extend(slots(item))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.append((value, index))
            found.extend(slots(item))
    return found


@st.composite
def mutated(draw, frame: Frame) -> Frame:
    body, arrays = copy.deepcopy(frame.body), list(frame.arrays)
    for _ in range(draw(st.integers(1, 2))):
        places = slots(body)
        action = draw(st.sampled_from(["replace", "delete", "add", "array"]))
        if action == "array" and arrays:
            index = draw(st.integers(0, len(arrays) - 1))
            change = draw(st.sampled_from(["dtype", "shape", "drop", "extra", "byteorder"]))
            array = arrays[index]
            if change == "dtype":
                arrays[index] = array.astype(draw(st.sampled_from(DTYPES)))
            elif change == "shape":
                arrays[index] = array.reshape(-1)[:1].reshape(())
            elif change == "drop":
                arrays.pop()
            elif change == "extra":
                arrays.append(array.copy())
            else:
                arrays[index] = array.astype(array.dtype.newbyteorder(">"))
        elif places:
            container, key = draw(st.sampled_from(places))
            if action == "delete":
                del container[key]
            elif action == "add" and isinstance(container, dict):
                container[draw(st.sampled_from(["extra", "kind", "items"]))] = draw(
                    st.sampled_from(ODD_VALUES)
                )
            elif action == "add":
                container.append(copy.deepcopy(container[key]))
            else:
                container[key] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
    return Frame(body, tuple(arrays))


@given(st.data(), st.lists(calls(), min_size=1, max_size=2))
def test_mutated_calls_frames_decode_or_fail_exactly_as_the_checking_pass(data, wire_calls):
    frame = data.draw(mutated(calls_frame(wire_calls)))
    assert_quick_pass_agrees(
        protocol._calls_from_regular_wire, decode_calls, decode_calls_checking, frame
    )


@given(st.data(), names, outcomes())
def test_mutated_outcome_events_decode_or_fail_exactly_as_the_checking_pass(data, call_id, outcome):
    frame = data.draw(mutated(outcome_frame(call_id, outcome)))
    assert_quick_pass_agrees(
        protocol._event_from_regular_wire, decode_event, decode_event_checking, frame
    )


def test_nesting_at_the_limit_is_decided_by_the_checking_pass():
    deep: Any = {"kind": "python", "value": 1}
    for _ in range(protocol.MAX_NESTING):
        deep = {"kind": "tuple", "items": [deep]}
    call = {
        "call_id": "c",
        "entry": "f",
        "entry_kind": "function",
        "args": [["x", deep]],
        "capture": {"grads": [], "inputs_after": [], "graph": False, "backward": None},
        "timeout": 1.0,
    }
    for body in (
        {"calls": [call]},
        {"calls": [{**call, "args": [["x", {"kind": "tuple", "items": [deep]}]]}]},
    ):
        assert_quick_pass_agrees(
            protocol._calls_from_regular_wire, decode_calls, decode_calls_checking, Frame(body, ())
        )
    value: Any = [1]
    for _ in range(protocol.MAX_NESTING):
        value = [value]
    body = {"calls": [{**call, "args": [["x", {"kind": "python", "value": value}]]}]}
    assert result_of(decode_calls, Frame(body, ()))[0] == "rejected"
