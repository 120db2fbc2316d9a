"""The grader's decoding shortcuts give exactly what full decoding gives.

``decode_event_bytes`` skips decoding an outcome frame equal to an earlier one but for the
duration's digits. Whatever the outcome (values, tensors, exceptions, output, odd durations),
the result must equal ``decode_event(decode_frame(raw))``; frames that are not shaped like an
honest child's (two duration keys, a duration that is not a plain number, a broken prefix)
take the checking path and fail or succeed exactly as it does.
"""

from __future__ import annotations

import json
import math
import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.sandbox import protocol
from gradekit.sandbox.protocol import (
    CallOutcome,
    ExceptionInfo,
    Observed,
    ProtocolError,
    _canonical,
    decode_event,
    decode_event_bytes,
    decode_frame,
    encode_begin_event,
    encode_frame,
    encode_outcome_event,
)

python_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
)
texts = st.text(max_size=40) | st.sampled_from(['"duration":1', 'x","duration":2}', "\\"])


@st.composite
def observed_values(draw) -> Observed:
    if draw(st.booleans()):
        return Observed("python", "int", value=draw(python_values))
    dtype = draw(st.sampled_from(["float32", "int64", "bool"]))
    shape = tuple(draw(st.lists(st.integers(0, 3), max_size=2)))
    data = (np.arange(math.prod(shape)) % 3).astype(dtype).reshape(shape)
    return Observed(
        "tensor",
        "torch.Tensor",
        exact_type=True,
        dtype=dtype,
        shape=shape,
        data=data,
        requires_grad=False,
        is_leaf=True,
        grad_fn=None,
        retains_grad=False,
    )


@st.composite
def outcomes(draw) -> CallOutcome:
    status = draw(st.sampled_from(["ok", "raised"]))
    names = draw(st.lists(st.sampled_from(["t", "x", "duration"]), max_size=2, unique=True))
    exception = (
        ExceptionInfo("ValueError", draw(texts), draw(texts), draw(st.none() | st.integers(1, 9)))
        if status == "raised"
        else None
    )
    return CallOutcome(
        status=status,
        value=draw(observed_values()) if status == "ok" else None,
        inputs_after={name: draw(observed_values()) for name in names},
        exception=exception,
        duration=draw(
            st.floats(min_value=0, max_value=1e6) | st.sampled_from([0.0, 1e-9, 123.0, 5e-324])
        ),
        stdout=draw(texts),
        stderr=draw(texts),
    )


def full_decode(raw: bytes):
    try:
        return _canonical(decode_event(decode_frame(raw)))
    except ProtocolError as error:
        return ("ProtocolError", str(error))


def cached_decode(raw: bytes):
    try:
        return _canonical(decode_event_bytes(raw))
    except ProtocolError as error:
        return ("ProtocolError", str(error))


@settings(max_examples=150, deadline=None)
@given(outcome=outcomes(), other_duration=st.floats(min_value=0, max_value=1e6))
def test_outcomes_equal_but_for_their_duration_decode_like_any_frame(
    outcome: CallOutcome, other_duration: float
) -> None:
    first = encode_outcome_event("call-1", outcome)
    again = encode_outcome_event("call-1", CallOutcome(**{**vars(outcome), "duration": 0.5}))
    other = encode_outcome_event(
        "call-1", CallOutcome(**{**vars(outcome), "duration": other_duration})
    )
    for raw in (first, again, other, first):
        assert cached_decode(raw) == full_decode(raw)


def _with_duration_text(outcome: CallOutcome, text: bytes) -> bytes:
    """The frame of ``outcome`` with its duration's digits replaced by ``text`` verbatim."""
    raw = encode_outcome_event("c", outcome)
    header_len = struct.unpack(">I", raw[4:8])[0]
    header = raw[16 : 16 + header_len]
    start = header.index(b'"duration":') + len(b'"duration":')
    end = start
    while header[end : end + 1] not in (b",", b"}"):
        end += 1
    header = header[:start] + text + header[end:]
    payload = raw[16 + header_len :]
    return struct.pack(">4sIQ", b"GKF1", len(header), len(payload)) + header + payload


@pytest.mark.parametrize(
    "text",
    [b"0.25", b"7", b"-0", b"1e400", b"1E-3", b"NaN", b"Infinity", b'"slow"', b"1" * 400,
     b"01", b"1.", b"true", b"[1]"],
)  # fmt: skip
def test_any_duration_text_decodes_as_the_checking_path_decides(text: bytes) -> None:
    _decodes_as_the_checking_path_decides(text)


def _decodes_as_the_checking_path_decides(text: bytes) -> None:
    """An outcome frame whose duration's digits are ``text`` decodes (or fails) as the
    checking path decides, right after the honest frame was cached."""
    outcome = CallOutcome("ok", value=Observed("python", "int", value=3), duration=0.125)
    honest = encode_outcome_event("c", outcome)
    assert cached_decode(honest) == full_decode(honest)  # now cached
    raw = _with_duration_text(outcome, text)
    try:
        expected = full_decode(raw)
    except (OverflowError, ValueError) as error:  # what the checking path raises, as is
        with pytest.raises(type(error)):
            decode_event_bytes(raw)
        return
    assert cached_decode(raw) == expected


def test_a_broken_prefix_is_never_taken_from_the_cache() -> None:
    data = np.arange(3, dtype=np.float32)
    value = Observed("ndarray", "numpy.ndarray", exact_type=True, dtype="float32", shape=(3,),
                     data=data)  # fmt: skip
    raw = encode_outcome_event("c", CallOutcome("ok", value=value, duration=0.5))
    decode_event_bytes(raw)  # cached
    for broken in (b"XXXX" + raw[4:], raw[:-1], raw + b"x", raw[:8] + b"\0" * 8 + raw[16:]):
        assert cached_decode(broken)[0] == "ProtocolError"
        assert full_decode(broken)[0] == "ProtocolError"


def test_a_duration_key_of_the_student_s_is_not_the_outcome_s() -> None:
    outcome = CallOutcome(
        "ok",
        value=Observed("python", "int", value=1),
        inputs_after={"duration": Observed("python", "int", value=2)},
        duration=0.5,
    )
    raw = encode_outcome_event("c", outcome)
    assert raw.count(b'"duration":') == 2
    protocol._OUTCOMES.clear()
    assert cached_decode(raw) == full_decode(raw)
    again = encode_outcome_event("c", CallOutcome(**{**vars(outcome), "duration": 0.25}))
    assert cached_decode(again) == full_decode(again)  # from the cache: the outer duration


def test_only_an_outcome_shaped_frame_is_keyed() -> None:
    outcome = CallOutcome("ok", value=Observed("python", "int", value=1), duration=0.5)
    raw = encode_outcome_event("c", outcome)
    after_digits = raw.index(b'"duration":0.5,') + len(b'"duration":0.5')
    assert protocol._outcome_key(raw, 1 << 20) == (raw[8:16] + raw[after_digits:], 0.5)
    assert protocol._outcome_key(encode_begin_event("c"), 1 << 20) == (None, None)


def test_the_cache_is_bounded() -> None:
    protocol._OUTCOMES.clear()
    for index in range(protocol._OUTCOMES_KEPT + 10):
        outcome = CallOutcome("ok", value=Observed("python", "int", value=index))
        decode_event_bytes(encode_outcome_event("c", outcome))
    assert len(protocol._OUTCOMES) <= protocol._OUTCOMES_KEPT


def test_only_short_outcome_frames_are_kept() -> None:
    """A batch worker grades untrusted submissions for hours: a big answer (here a tensor of
    a million floats, 4 MB) is decoded every time rather than kept until the cache fills."""
    protocol._OUTCOMES.clear()
    small = CallOutcome("ok", value=Observed("python", "int", value=1), duration=0.5)
    big = CallOutcome(
        "ok",
        value=Observed(
            "ndarray",
            "numpy.ndarray",
            exact_type=True,
            dtype="float32",
            shape=(1_000_000,),
            data=np.zeros(1_000_000, dtype=np.float32),
        ),
        duration=0.5,
    )
    for outcome in (small, big):
        raw = encode_outcome_event("c", outcome)
        assert cached_decode(raw) == full_decode(raw)
    assert len(protocol._OUTCOMES) == 1
    (kept,) = protocol._OUTCOMES
    assert len(kept) <= protocol._OUTCOME_FRAME_BYTES_KEPT


def test_non_outcome_frames_are_decoded_as_before() -> None:
    for raw in (
        encode_frame({"event": "loaded", "error": None}),
        encode_frame({"event": "layers", "applied": ["rlimits"], "failed": {}}),
        encode_frame({"event": "outcome", "duration": 1}),
    ):
        assert cached_decode(raw) == full_decode(raw)


@settings(max_examples=100, deadline=None)
@given(outcome=outcomes(), duration=st.floats(allow_nan=False))
def test_a_cached_outcome_with_a_new_duration_is_what_replace_makes(
    outcome: CallOutcome, duration: float
) -> None:
    from dataclasses import fields, replace

    made = protocol._with_duration(outcome, duration)
    expected = replace(outcome, duration=duration)
    assert type(made) is CallOutcome and made == expected
    assert all(getattr(made, f.name) is getattr(expected, f.name) for f in fields(CallOutcome))


@given(st.text(max_size=60))
def test_a_begin_event_decoded_once_is_found_the_next_time(call_id: str) -> None:
    protocol._BEGIN_FRAMES.clear()
    raw = protocol.encode_frame({"event": "begin", "call_id": call_id})  # not remembered
    first = decode_event_bytes(raw)
    assert first == decode_event(decode_frame(raw)) == {"event": "begin", "call_id": call_id}
    kept = len(raw) <= protocol._BEGIN_FRAME_BYTES_KEPT
    assert (raw in protocol._BEGIN_FRAMES) is kept
    assert decode_event_bytes(raw) == first
    if kept:  # a cap smaller than the frame still rejects it, found or not
        with pytest.raises(ProtocolError):
            decode_event_bytes(raw, max_frame_bytes=len(raw) - 1)


def test_long_begin_events_are_decoded_every_time() -> None:
    protocol._BEGIN_FRAMES.clear()
    raw = protocol.encode_frame({"event": "begin", "call_id": "c" * 600})
    assert decode_event_bytes(raw)["call_id"] == "c" * 600
    assert raw not in protocol._BEGIN_FRAMES


def test_a_malformed_begin_event_is_never_remembered() -> None:
    protocol._BEGIN_FRAMES.clear()
    raw = protocol.encode_frame({"event": "begin", "call_id": 7})
    for _ in range(2):
        with pytest.raises(ProtocolError, match="begin.call_id"):
            decode_event_bytes(raw)
    assert not protocol._BEGIN_FRAMES


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="0123456789.-+eE", min_size=1, max_size=24))
def test_duration_digits_of_any_shape_decode_as_the_checking_path_decides(text: str) -> None:
    """Durations are told by their bytes (``_is_float_token``): whatever the token, the
    result is the checking path's."""
    _decodes_as_the_checking_path_decides(text.encode())


@pytest.mark.parametrize(
    ("token", "json_float"),
    [(b"0.25", True), (b"-0.5", True), (b"12.0", True), (b"01.5", False), (b"1.", False),
     (b".5", False), (b"1_0.5", False), (b"--0.5", False), (b"0.", False),
     (b"\xd9\xa1.5", False), (b"5e-05", True), (b"5.4e-05", True), (b"-1.5e+16", True),
     (b"1e5", True), (b"0e0", True), (b"1.25e-005", True), (b"01e5", False), (b"1.e5", False),
     (b".5e1", False), (b"1e", False), (b"1e+", False), (b"1e+-5", False), (b"1E5", False),
     (b"1e5.0", False), (b"--1e5", False), (b"1ee5", False), (b"5", False), (b"-", False),
     (b"1e\xd9\xa1", False)],
)  # fmt: skip
def test_float_tokens_are_told_by_their_bytes(token: bytes, json_float: bool) -> None:
    assert protocol._is_float_token(token) is json_float
    if json_float:  # what the checking path makes of it
        assert json.loads(token) == float(token) and type(json.loads(token)) is float


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789.-+e", min_size=1, max_size=16))
def test_float_tokens_are_what_the_json_module_reads_as_floats(text: str) -> None:
    """Over JSON's number characters (a lower-case ``e``, no spaces), a float token is exactly
    what json.loads reads as a float."""
    try:
        is_float = type(json.loads(text)) is float
    except ValueError:
        is_float = False
    assert protocol._is_float_token(text.encode()) is is_float


@settings(max_examples=300, deadline=None)
@given(
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["{!r}", "{:e}", "{:.3e}", "{:.0e}", "{:.10f}"]),
)
def test_durations_written_any_usual_way_decode_as_the_checking_path_decides(
    duration: float, style: str
) -> None:
    _decodes_as_the_checking_path_decides(style.format(duration).encode())
