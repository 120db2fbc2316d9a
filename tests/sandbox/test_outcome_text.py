"""The child's shortcuts in writing an outcome give exactly the general path's bytes.

``encode_outcome_event`` writes an outcome frame's header as text, field by field, instead of
building dictionaries for the JSON encoder (``encode_outcome_event_generally``). Whatever the
outcome holds (every kind of value, odd strings and numbers, big and empty arrays, graphs,
exceptions), both must give the same bytes; values the text writer does not know (subclasses,
numpy scalars, wrong containers) go to the general path, which accepts or rejects them itself.
``Observed`` sets its fields in one step instead of the dataclass's one by one: same fields.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from gradekit.sandbox import protocol
from gradekit.sandbox.protocol import (
    CALL_STATUSES,
    OBSERVED_KINDS,
    WIDENED_TENSOR_DTYPES,
    WIRE_DTYPES,
    CallOutcome,
    ExceptionInfo,
    GraphNode,
    Observed,
    ProtocolError,
    decode_event,
    decode_frame,
    encode_outcome_event,
    encode_outcome_event_generally,
)

# Text with the characters JSON escapes, non-ASCII, and lone surrogates.
texts = st.text(max_size=30) | st.sampled_from(['"', "\\", "\n\t\x00", "é€😀", "\ud800x", ""])
numbers = st.integers(-(2**70), 2**70) | st.floats(allow_nan=True, allow_infinity=True)
scalars = st.none() | st.booleans() | numbers | texts
flags = st.none() | st.booleans()
dtypes = sorted(WIRE_DTYPES)
arrays = st.sampled_from(dtypes).flatmap(
    lambda dtype: hnp.arrays(
        np.dtype(dtype), hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3)
    )
)


@st.composite
def array_observed(draw, kind: str) -> Observed:
    data = draw(arrays)
    if draw(st.booleans()):  # not C-contiguous, or big-endian: the bytes are still the same
        data = data.T if draw(st.booleans()) else data.astype(data.dtype.newbyteorder(">"))
    extra = {}
    if kind == "tensor":
        extra = dict(
            requires_grad=draw(flags),
            is_leaf=draw(flags),
            grad_fn=draw(st.none() | texts),
            retains_grad=draw(flags),
        )
    return Observed(
        kind,
        draw(texts),
        exact_type=draw(flags),
        dtype=draw(st.sampled_from([data.dtype.name, *WIDENED_TENSOR_DTYPES])),
        shape=tuple(data.shape),
        data=data,
        **extra,
    )


def observed_values() -> st.SearchStrategy[Observed]:
    leaves = st.one_of(
        array_observed("tensor"),
        array_observed("ndarray"),
        st.builds(lambda t, v: Observed("python", t, value=v), texts, scalars),
        st.builds(lambda t, r: Observed("object", t, repr=r), texts, st.none() | texts),
    )
    return st.recursive(
        leaves,
        lambda inner: st.builds(
            lambda t, items: Observed("sequence", t, items=tuple(items)),
            texts,
            st.lists(inner, max_size=3),
        ),
        max_leaves=6,
    )


graphs = st.none() | st.lists(
    st.builds(
        GraphNode,
        texts,
        st.lists(st.none() | st.integers(0, 10), max_size=3).map(tuple),
        st.none() | texts,  # the argument's name on its leaf
    ),
    max_size=4,
).map(tuple)
exceptions = st.none() | st.builds(ExceptionInfo, texts, texts, texts, st.none() | st.integers())
outcomes = st.builds(
    CallOutcome,
    status=st.sampled_from(CALL_STATUSES),
    value=st.none() | observed_values(),
    grads=st.dictionaries(texts, st.none() | observed_values(), max_size=2),
    inputs_after=st.dictionaries(texts, observed_values(), max_size=2),
    exception=exceptions,
    duration=numbers,
    stdout=texts,
    stderr=texts,
    graph=graphs,
)


@settings(max_examples=300, deadline=None)
@given(outcomes, texts)
def test_written_as_text_the_frame_is_the_general_encoders(outcome, call_id):
    assert encode_outcome_event(call_id, outcome) == encode_outcome_event_generally(
        call_id, outcome
    )


@settings(max_examples=100, deadline=None)
@given(outcomes)
def test_plain_outcomes_never_take_the_general_path(outcome):
    """Every outcome of plain data is written by the text writer itself (so the test above
    compares two different writers, not the general one with itself)."""
    frame = protocol._OutcomeText("c", outcome).frame()
    assert frame == encode_outcome_event_generally("c", outcome)


class _Text(str):
    pass


class _Number(float):
    pass


@pytest.mark.parametrize(
    "outcome",
    [
        CallOutcome("ok", value=Observed("python", "float", value=np.float64(1.5))),
        CallOutcome("ok", value=Observed("python", "float", value=_Number(2.5))),
        CallOutcome("ok", value=Observed("python", "str", value=_Text("sub"))),
        CallOutcome("ok", stdout=_Text("printed")),
        CallOutcome("ok", value=Observed("sequence", "list", items=[Observed("python", "int")])),
        CallOutcome("ok", graph=(GraphNode("AddBackward0", [0, None]),)),  # type: ignore[arg-type]
        CallOutcome("ok", graph=(GraphNode("AddBackward0", (True,)),)),
        CallOutcome("ok", graph=(GraphNode("AccumulateGrad", (), _Text("x")),)),
        CallOutcome("ok", value=Observed("python", "int", value=[1, [2]])),
        CallOutcome("ok", grads={"x": None, "y": Observed("python", "bool", value=True)}),
        CallOutcome("raised", exception=ExceptionInfo("E", _Text("m"), "", True)),  # type: ignore[arg-type]
        CallOutcome(
            "ok",
            value=Observed(
                "tensor",
                "torch.Tensor",
                exact_type=True,
                dtype="float32",
                shape=[2],
                data=np.zeros(2, np.float32),
                requires_grad=1,
                is_leaf=True,
                grad_fn=None,
                retains_grad=False,
            ),  # fmt: skip
        ),
    ],
)
def test_values_the_text_writer_does_not_know_are_written_as_the_general_encoder_writes(outcome):
    assert encode_outcome_event("c", outcome) == encode_outcome_event_generally("c", outcome)


@pytest.mark.parametrize(
    "outcome",
    [
        CallOutcome("ok", value=Observed("tensor", "torch.Tensor", dtype="float32", data=None)),
        CallOutcome("ok", value=Observed("ndarray", "numpy.ndarray", data=np.array([object()]))),
        CallOutcome("ok", value=Observed("ndarray", "numpy.ndarray", data=[1.0, 2.0])),
        CallOutcome("ok", value=Observed("python", "object", value=object())),
        CallOutcome("ok", value=Observed("python", "list", value=(1, {2}))),
    ],
)
def test_data_that_cannot_cross_is_refused_as_the_general_encoder_refuses_it(outcome):
    with pytest.raises((ProtocolError, TypeError)) as general:
        encode_outcome_event_generally("c", outcome)
    with pytest.raises(general.type) as written:
        encode_outcome_event("c", outcome)
    assert str(written.value) == str(general.value)


def test_a_header_over_the_cap_is_refused_either_way(monkeypatch):
    monkeypatch.setattr(protocol, "MAX_HEADER_BYTES", 200)
    outcome = CallOutcome("ok", stdout="x" * 300)
    with pytest.raises(ProtocolError, match="frame header is"):
        encode_outcome_event("c", outcome)


def test_a_written_frame_decodes_to_the_outcome():
    data = np.arange(6, dtype=np.float32).reshape(2, 3)
    value = Observed(
        "tensor", "torch.Tensor", exact_type=True, dtype="float32", shape=(2, 3), data=data,
        requires_grad=True, is_leaf=False, grad_fn="MulBackward0", retains_grad=False,
    )  # fmt: skip
    outcome = CallOutcome(
        "ok",
        value=value,
        grads={"x": Observed("python", "NoneType", value=None), "y": None},
        inputs_after={"x": value},
        duration=0.25,
        stdout="hé\n",
        graph=(GraphNode("MulBackward0", (1, None)), GraphNode("AccumulateGrad")),
    )
    event = decode_event(decode_frame(encode_outcome_event("c1", outcome)))
    assert event["call_id"] == "c1" and event["outcome"] == outcome


# -- Observed's own __init__ -------------------------------------------------------------------

FIELD_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Observed)}
OPTIONAL_FIELDS = [name for name in FIELD_DEFAULTS if name not in ("kind", "type")]


@given(
    st.sampled_from(OBSERVED_KINDS),
    texts,
    st.dictionaries(st.sampled_from(OPTIONAL_FIELDS), scalars, max_size=5),
)
def test_observed_sets_every_field_as_the_dataclass_would(kind, type_name, given_fields):
    by_keyword = Observed(kind=kind, type=type_name, **given_fields)
    expected = {**FIELD_DEFAULTS, "kind": kind, "type": type_name, **given_fields}
    assert vars(by_keyword) == expected
    positional = Observed(*(expected[name] for name in FIELD_DEFAULTS))
    assert vars(positional) == expected
    assert vars(dataclasses.replace(by_keyword, kind="python")) == {**expected, "kind": "python"}


def test_observed_stays_frozen():
    observed = Observed("python", "int", value=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        observed.value = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Observed("python")  # type: ignore[call-arg]


# -- CallOutcome's own __init__ ----------------------------------------------------------------

OUTCOME_DEFAULTS = {
    "value": None,
    "grads": {},
    "inputs_after": {},
    "exception": None,
    "duration": 0.0,
    "stdout": "",
    "stderr": "",
    "graph": None,
}


@given(
    st.sampled_from(CALL_STATUSES),
    st.dictionaries(st.sampled_from(sorted(OUTCOME_DEFAULTS)), scalars, max_size=4),
)
def test_call_outcome_sets_every_field_as_the_dataclass_would(status, given_fields):
    expected = {"status": status, **OUTCOME_DEFAULTS, **given_fields}
    assert vars(CallOutcome(status, **given_fields)) == expected
    assert [f.name for f in dataclasses.fields(CallOutcome)] == list(expected)
    assert vars(CallOutcome(*expected.values())) == expected
    changed = dataclasses.replace(CallOutcome(status, **given_fields), status="invalid")
    assert vars(changed) == {**expected, "status": "invalid"}


def test_call_outcomes_made_without_maps_each_get_new_ones():
    first, second = CallOutcome("ok"), CallOutcome("ok")
    assert first.grads == {} and first.inputs_after == {}
    assert first.grads is not second.grads and first.inputs_after is not second.inputs_after
    assert first.grads is not first.inputs_after
    assert CallOutcome("ok", grads=None).grads is None  # an explicit value is kept, as before
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.status = "raised"  # type: ignore[misc]
    assert first == second and first != CallOutcome("raised")


@settings(max_examples=100, deadline=None)
@given(st.lists(array_observed("tensor") | array_observed("ndarray"), min_size=1, max_size=6))
def test_remembered_texts_of_tensors_give_the_same_frame_as_new_ones(values):
    """The texts kept around a tensor's shape and data (by type, dtype and flags) give the
    bytes of writing them again: each outcome written cold, then with its texts kept."""
    outcome = CallOutcome("ok", inputs_after={f"x{i}": value for i, value in enumerate(values)})
    protocol._ARRAY_HEADS.clear()
    protocol._AUTOGRAD_TAILS.clear()
    general = encode_outcome_event_generally("c", outcome)
    assert protocol._OutcomeText("c", outcome).frame() == general  # nothing kept yet
    assert protocol._OutcomeText("c", outcome).frame() == general  # every text kept


def test_remembered_texts_stay_bounded(monkeypatch):
    monkeypatch.setattr(protocol, "_TEXTS_KEPT", 4)
    for index in range(20):
        value = Observed(
            "tensor",
            "torch.Tensor",
            exact_type=True,
            dtype=f"float{index}",  # (any text: the frame is only written, not decoded)
            shape=(1,),
            data=np.zeros(1, np.float32),
            requires_grad=True,
            is_leaf=False,
            grad_fn=f"Fn{index}Backward0",
            retains_grad=False,
        )
        outcome = CallOutcome("ok", value=value)
        frame = protocol._OutcomeText("c", outcome).frame()
        assert frame == encode_outcome_event_generally("c", outcome)
        assert len(protocol._ARRAY_HEADS) <= 4 and len(protocol._AUTOGRAD_TAILS) <= 4
