"""The frame codec and wire types: round-trips, and rejection of every malformed input."""

from __future__ import annotations

import json
import pickle
import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from gradekit.sandbox.protocol import (
    FRAME_MAGIC,
    MAX_FRAME_BYTES,
    MAX_HEADER_BYTES,
    PREFIX_SIZE,
    WIRE_DTYPES,
    ArgSpec,
    Call,
    CallOutcome,
    Capture,
    ExceptionInfo,
    FrameStream,
    GraphNode,
    IntFrameTemplate,
    Observed,
    ProtocolError,
    decode_calls,
    decode_event,
    decode_frame,
    encode_begin_event,
    encode_calls,
    encode_frame,
    encode_layers_event,
    encode_loaded_event,
    encode_outcome_event,
)

DTYPES = sorted(WIRE_DTYPES)


def raw_frame(header: object, payload: bytes = b"", *, header_len=None, payload_len=None):
    """Hand-build a frame, optionally with a lying prefix."""
    encoded = header if isinstance(header, bytes) else json.dumps(header).encode()
    prefix = struct.pack(
        ">4sIQ",
        b"GKF1",
        len(encoded) if header_len is None else header_len,
        len(payload) if payload_len is None else payload_len,
    )
    return prefix + encoded + payload


arrays = st.sampled_from(DTYPES).flatmap(
    lambda dtype: hnp.arrays(np.dtype(dtype), hnp.array_shapes(min_dims=0, max_dims=4, max_side=4))
)


def assert_same_array(left: np.ndarray, right: np.ndarray) -> None:
    assert left.dtype == right.dtype and left.shape == right.shape
    assert left.tobytes() == right.tobytes()


# ---------------------------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------------------------


@given(st.lists(arrays, max_size=5))
def test_frame_round_trip_preserves_arrays_bit_for_bit(values):
    frame = decode_frame(encode_frame({"n": len(values)}, values))
    assert frame.body == {"n": len(values)}
    assert len(frame.arrays) == len(values)
    for sent, received in zip(values, frame.arrays, strict=True):
        assert_same_array(sent, received)


def test_big_endian_and_non_contiguous_arrays_arrive_native_and_equal():
    data = np.arange(12, dtype=">i4").reshape(3, 4).T
    (received,) = decode_frame(encode_frame(None, [data])).arrays
    assert received.dtype == np.dtype("int32")
    np.testing.assert_array_equal(received, data)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=20,
)


def argspecs(depth: int = 2):
    tensor = arrays.map(lambda a: ArgSpec.tensor(a, requires_grad=a.dtype.kind == "f"))
    python = json_values.map(ArgSpec.python)
    if depth == 0:
        return tensor | python
    return tensor | python | st.lists(argspecs(depth - 1), max_size=3).map(ArgSpec.tuple_of)


def assert_same_argspec(left: ArgSpec, right: ArgSpec) -> None:
    assert (left.kind, left.dtype, left.shape, left.requires_grad) == (
        right.kind,
        right.dtype,
        right.shape,
        right.requires_grad,
    )
    if left.kind == "tensor":
        assert_same_array(left.blob, right.blob)
    elif left.kind == "python":
        assert json.dumps(left.value) == json.dumps(right.value)
    else:
        for a, b in zip(left.items, right.items, strict=True):
            assert_same_argspec(a, b)


@given(st.dictionaries(st.text(min_size=1, max_size=5), argspecs(), max_size=4), st.booleans())
def test_calls_round_trip_with_nested_arguments(args, graph):
    call = Call(
        call_id="c1",
        entry="f",
        args=args,
        capture=Capture(grads=tuple(args)[:1], inputs_after=tuple(args), graph=graph),
        timeout=2.5,
    )
    (received,) = decode_calls(decode_frame(encode_calls([call])))
    assert (received.call_id, received.entry, received.entry_kind) == ("c1", "f", "function")
    assert received.capture.grads == call.capture.grads
    assert received.capture.graph is graph
    assert list(received.args) == list(args)  # order is the positional order
    for name in args:
        assert_same_argspec(args[name], received.args[name])


def observeds(depth: int = 2):
    tensor = arrays.map(
        lambda a: Observed(
            "tensor",
            "torch.Tensor",
            exact_type=True,
            dtype=a.dtype.name,
            shape=a.shape,
            data=a,
            requires_grad=False,
            is_leaf=True,
            grad_fn=None,
            retains_grad=False,
        )
    )
    scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
    python = scalars.map(lambda v: Observed("python", type(v).__name__, value=v))
    obj = st.text(max_size=30).map(lambda r: Observed("object", "mod.Thing", repr=r))
    leaves = tensor | python | obj
    if depth == 0:
        return leaves
    sequence = st.lists(observeds(depth - 1), max_size=3).map(
        lambda items: Observed("sequence", "tuple", items=tuple(items))
    )
    return leaves | sequence


@given(observeds(), st.dictionaries(st.sampled_from("xyz"), st.none() | observeds(0)))
def test_outcome_round_trip(value, grads):
    outcome = CallOutcome(
        status="ok",
        value=value,
        grads=grads,
        inputs_after={},
        exception=ExceptionInfo("ValueError", "bad", "Traceback...", 3),
        duration=0.25,
        stdout="out",
        stderr="err",
        graph=(GraphNode("MulBackward0", (1, None)), GraphNode("AccumulateGrad")),
    )
    event = decode_event(decode_frame(encode_outcome_event("c9", outcome)))
    assert event["call_id"] == "c9"
    assert event["outcome"] == outcome


def test_observed_is_a_read_only_mapping_of_its_fields():
    obs = Observed("python", "NoneType", value=None)
    assert obs["kind"] == "python" and obs["value"] is None and obs.get("data") is None
    assert set(obs) == {"kind", "type", "value"}
    tensor = Observed(
        "tensor",
        "torch.Tensor",
        exact_type=True,
        dtype="bool",
        shape=(0,),
        data=np.zeros(0, bool),
        requires_grad=False,
        is_leaf=True,
        grad_fn=None,
        retains_grad=False,
    )
    assert tensor["grad_fn"] is None and "repr" not in tensor
    with pytest.raises(KeyError):
        obs["data"]


def test_small_events_round_trip():
    assert decode_event(decode_frame(encode_begin_event("a")))["call_id"] == "a"
    assert decode_event(decode_frame(encode_loaded_event(None)))["error"] is None
    layers = decode_event(decode_frame(encode_layers_event(["rlimits"], {"seccomp": "no"})))
    assert layers["applied"] == ("rlimits",) and layers["failed"] == {"seccomp": "no"}


def test_stream_decoder_reassembles_frames_split_anywhere():
    data = (
        encode_begin_event("a") + encode_frame({"x": 1}, [np.arange(5)]) + encode_begin_event("b")
    )
    for split in range(1, len(data)):
        stream = FrameStream()
        frames = stream.feed(data[:split]) + stream.feed(data[split:])
        assert [f.body for f in frames][0] == {"event": "begin", "call_id": "a"}
        assert len(frames) == 3 and stream.pending_bytes == 0


_STREAM_FRAMES = [
    encode_begin_event("a"),
    encode_frame({"x": 1}, [np.arange(5)]),
    encode_outcome_event("a", CallOutcome("ok", duration=0.25)),
    encode_begin_event("b" * 300),
]


@given(
    frames=st.lists(st.sampled_from(_STREAM_FRAMES), min_size=1, max_size=8),
    cuts=st.lists(st.integers(0, 2000), max_size=6),
    kinds=st.lists(st.sampled_from([bytes, bytearray, memoryview]), min_size=7, max_size=7),
    stop_after=st.lists(st.integers(0, 3), min_size=7, max_size=7),
)
def test_stream_yields_every_frame_whole_however_it_is_cut_and_read(
    frames: list[bytes], cuts: list[int], kinds: list[type], stop_after: list[int]
) -> None:
    # Chunks of any size and type, each read only partly (the supervisor stops reading a
    # chunk's frames once it gave up on the worker): whatever was not yielded comes out of
    # the next reads, in order, byte for byte.
    data = b"".join(frames)
    bounds = sorted({0, len(data), *(cut % (len(data) + 1) for cut in cuts)})
    chunks = [data[start:end] for start, end in zip(bounds, bounds[1:], strict=False)]
    stream = FrameStream()
    received: list[bytes] = []
    for index, chunk in enumerate(chunks):
        frames_of_chunk = stream.feed_raw_iter(kinds[index % 7](chunk))
        for count, raw in enumerate(frames_of_chunk):
            assert type(raw) is bytes
            received.append(raw)
            if count + 1 >= stop_after[index % 7] > 0:
                frames_of_chunk.close()
                break
    received += stream.feed_raw_iter(b"")  # what the partial reads left
    while stream.pending_bytes and len(received) < len(frames):
        received += stream.feed_raw_iter(b"")
    assert received == frames and stream.pending_bytes == 0


def _stream_results(chunks: list[bytes], kind: type, cap: int) -> list[object]:
    """The frames a fresh stream yields for ``chunks`` fed as ``kind``, then the error it
    raises (its type and message), if any."""
    stream = FrameStream(max_frame_bytes=cap)
    received: list[object] = []
    try:
        for chunk in chunks:
            received += stream.feed_raw_iter(kind(chunk))
    except ProtocolError as error:
        received.append(("ProtocolError", str(error)))
    return received + [stream.pending_bytes]


@settings(max_examples=300, deadline=None)
@given(
    frames=st.lists(st.sampled_from(_STREAM_FRAMES), min_size=1, max_size=6),
    cuts=st.lists(st.integers(0, 2000), max_size=4),
    damage=st.lists(st.tuples(st.integers(0, 4000), st.integers(0, 255)), max_size=3),
    cap=st.sampled_from([64, 600, MAX_FRAME_BYTES]),
)
def test_whole_chunks_are_cut_as_the_buffered_path_cuts_them(
    frames: list[bytes], cuts: list[int], damage: list[tuple[int, int]], cap: int
) -> None:
    """A chunk read whole (bytes, nothing pending) has its prefixes checked in place: the
    same frames, the same refusal with the same message, the same bytes left pending as the
    buffered path (a bytearray chunk) gives, however the stream is damaged and cut."""
    data = bytearray(b"".join(frames))
    for position, value in damage:
        data[position % len(data)] = value
    bounds = sorted({0, len(data), *(cut % (len(data) + 1) for cut in cuts)})
    chunks = [bytes(data[start:end]) for start, end in zip(bounds, bounds[1:], strict=False)]
    assert _stream_results(chunks, bytes, cap) == _stream_results(chunks, bytearray, cap)


@pytest.mark.parametrize(
    "prefix",
    [
        struct.pack(">4sIQ", b"XXXX", 10, 0),
        struct.pack(">4sIQ", FRAME_MAGIC, 0, 10),
        struct.pack(">4sIQ", FRAME_MAGIC, MAX_HEADER_BYTES + 1, 0),
        struct.pack(">4sIQ", FRAME_MAGIC, 10, 10**9),
    ],
)
def test_each_refused_prefix_is_refused_alike_read_whole_or_buffered(prefix: bytes) -> None:
    chunks = [encode_begin_event("a") + prefix + b"x" * 40]
    expected = _stream_results(chunks, bytearray, MAX_FRAME_BYTES)
    assert expected[-2][0] == "ProtocolError"
    assert _stream_results(chunks, bytes, MAX_FRAME_BYTES) == expected


def test_argspec_constructors_reject_non_json_and_object_arrays():
    with pytest.raises(ProtocolError):
        ArgSpec.python({"a": 1})
    with pytest.raises(ProtocolError):
        ArgSpec.python(object())
    with pytest.raises(ProtocolError):
        ArgSpec.tensor(np.array([object()], dtype=object))
    assert ArgSpec.tensor(np.zeros(2, np.float32), dtype="bfloat16").dtype == "bfloat16"


# ---------------------------------------------------------------------------------------------
# Rejections
# ---------------------------------------------------------------------------------------------

GOOD = encode_frame({"event": "begin", "call_id": "a"}, [np.arange(4, dtype=np.int64)])


def descriptor(**overrides):
    base = {"dtype": "int64", "shape": [4], "nbytes": 32, "offset": 0}
    base.update(overrides)
    return base


@pytest.mark.parametrize("cut", [0, 3, PREFIX_SIZE - 1, PREFIX_SIZE + 5, len(GOOD) - 1])
def test_truncated_frames_are_rejected(cut):
    with pytest.raises(ProtocolError):
        decode_frame(GOOD[:cut])


def test_trailing_bytes_are_rejected():
    with pytest.raises(ProtocolError, match="announces"):
        decode_frame(GOOD + b"x")


@pytest.mark.parametrize(
    "frame, message",
    [
        (b"PK\x03\x04" + GOOD[4:], "does not start"),
        (raw_frame({"v": 1, "body": 1, "buffers": []}, header_len=0), "header length"),
        (raw_frame(b"{}", header_len=MAX_HEADER_BYTES + 1), "header length"),
        (raw_frame({"v": 1, "body": 1, "buffers": []}, payload_len=2**62), "cap"),
        (raw_frame(b"{not json"), "not valid JSON"),
        (raw_frame(b"\xff\xfe"), "not valid JSON"),
        (raw_frame(b"[" * 100000 + b"]" * 100000), "not valid JSON"),
        (raw_frame(b'{"v": 1, "v": 1, "body": 1, "buffers": []}'), "duplicate"),
        (raw_frame({"v": 2, "body": 1, "buffers": []}), "version"),
        (raw_frame({"v": True, "body": 1, "buffers": []}), "version"),
        (raw_frame({"v": 1, "body": 1}), "exactly v, body, buffers"),
        (raw_frame({"v": 1, "body": 1, "buffers": {}}), "list"),
        (
            raw_frame({"v": 1, "body": 1, "buffers": [descriptor(dtype="object")]}, b"\0" * 32),
            "not an allowed",
        ),
        (
            raw_frame({"v": 1, "body": 1, "buffers": [descriptor(dtype="O")]}, b"\0" * 32),
            "not an allowed",
        ),
        (
            raw_frame({"v": 1, "body": 1, "buffers": [descriptor(dtype="<U4")]}, b"\0" * 32),
            "not an allowed",
        ),
        (
            raw_frame({"v": 1, "body": 1, "buffers": [descriptor(nbytes=8)]}, b"\0" * 8),
            "needs 32 bytes",
        ),
        (
            raw_frame(
                {
                    "v": 1,
                    "body": 1,
                    "buffers": [descriptor(shape=[2_000_000_000], nbytes=16_000_000_000)],
                }
            ),
            "payload has 0",
        ),
        (
            raw_frame({"v": 1, "body": 1, "buffers": [descriptor(shape=[-4], nbytes=-32)]}),
            "non-negative",
        ),
        (
            raw_frame({"v": 1, "body": 1, "buffers": [descriptor(shape=[4.0])]}, b"\0" * 32),
            "non-negative integers",
        ),
        (raw_frame({"v": 1, "body": 1, "buffers": [descriptor(offset=8)]}, b"\0" * 40), "offset"),
        (
            raw_frame({"v": 1, "body": 1, "buffers": [descriptor(extra=1)]}, b"\0" * 32),
            "exactly dtype",
        ),
        (raw_frame({"v": 1, "body": 1, "buffers": [descriptor()]}, b"\0" * 40), "payload has 40"),
    ],
)
def test_malformed_frames_are_rejected_with_a_reason(frame, message):
    with pytest.raises(ProtocolError, match=message):
        decode_frame(frame)


def test_pickle_is_never_accepted():
    payload = pickle.dumps(np.array([1, 2, 3]))
    with pytest.raises(ProtocolError):
        decode_frame(payload)
    with pytest.raises(ProtocolError):
        decode_frame(raw_frame(payload))
    with pytest.raises(ProtocolError):
        encode_frame(None, [np.array([object()], dtype=object)])


def test_stream_rejects_a_lying_prefix_before_buffering_the_payload():
    stream = FrameStream(max_frame_bytes=1024)
    with pytest.raises(ProtocolError, match="cap"):
        stream.feed(raw_frame({"v": 1, "body": 1, "buffers": []}, payload_len=10**9)[:PREFIX_SIZE])


@pytest.mark.parametrize(
    "body, message",
    [
        ({"event": "verdict", "pass": True}, "unknown event"),
        ({"verdict": "pass"}, "unknown event"),
        ([1, 2], "an object"),
        ({"event": "begin"}, "keys"),
        ({"event": "begin", "call_id": 5}, "a string"),
        ({"event": "loaded", "error": {"type": "X"}}, "keys"),
        ({"event": "layers", "applied": "all", "failed": {}}, "list of names"),
        ({"event": "outcome", "outcome": {"call_id": "a", "status": "passed"}}, "keys"),
    ],
)
def test_events_with_wrong_shapes_are_rejected(body, message):
    with pytest.raises(ProtocolError, match=message):
        decode_event(decode_frame(encode_frame(body)))


def outcome_body(**value):
    return {
        "event": "outcome",
        "outcome": {
            "call_id": "a",
            "status": "ok",
            "value": value,
            "grads": {},
            "inputs_after": {},
            "exception": None,
            "duration": 0.0,
            "stdout": "",
            "stderr": "",
            "graph": None,
        },
    }


@pytest.mark.parametrize(
    "value, arrays, message",
    [
        ({"kind": "python", "type": "dict", "value": {"a": 1}}, [], "value"),
        ({"kind": "python", "type": "list", "value": [1]}, [], "value"),
        ({"kind": "pickle", "type": "x"}, [], "unknown Observed kind"),
        (
            {
                "kind": "tensor",
                "type": "torch.Tensor",
                "exact_type": True,
                "dtype": "float32",
                "shape": [3],
                "data": 0,
                "requires_grad": False,
                "is_leaf": True,
                "grad_fn": None,
                "retains_grad": False,
            },
            [np.zeros(3, np.float64)],
            "does not fit",
        ),
        (
            {
                "kind": "tensor",
                "type": "torch.Tensor",
                "exact_type": True,
                "dtype": "float32",
                "shape": [4],
                "data": 0,
                "requires_grad": False,
                "is_leaf": True,
                "grad_fn": None,
                "retains_grad": False,
            },
            [np.zeros(3, np.float32)],
            "shape matching",
        ),
        (
            {
                "kind": "ndarray",
                "type": "numpy.ndarray",
                "exact_type": True,
                "dtype": "int8",
                "shape": [1],
                "data": 7,
            },
            [np.zeros(1, np.int8)],
            "buffer index",
        ),
        (
            {
                "kind": "sequence",
                "type": "tuple",
                "items": [
                    {
                        "kind": "ndarray",
                        "type": "numpy.ndarray",
                        "exact_type": True,
                        "dtype": "int8",
                        "shape": [1],
                        "data": 0,
                    },
                    {
                        "kind": "ndarray",
                        "type": "numpy.ndarray",
                        "exact_type": True,
                        "dtype": "int8",
                        "shape": [1],
                        "data": 0,
                    },
                ],
            },
            [np.zeros(1, np.int8)],
            "referenced once",
        ),
        ({"kind": "object", "type": "x", "repr": "r"}, [np.zeros(1)], "unreferenced"),
    ],
)
def test_observed_values_are_validated(value, arrays, message):
    with pytest.raises(ProtocolError, match=message):
        decode_event(decode_frame(encode_frame(outcome_body(**value), arrays)))


def test_deeply_nested_observed_values_are_rejected():
    value: dict = {"kind": "python", "type": "int", "value": 1}
    for _ in range(40):
        value = {"kind": "sequence", "type": "list", "items": [value]}
    with pytest.raises(ProtocolError, match="nesting"):
        decode_event(decode_frame(encode_frame(outcome_body(**value))))


@given(
    dtype=st.sampled_from(DTYPES),
    order=st.sampled_from("<>="),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4),
    transposed=st.booleans(),
    data=st.data(),
)
def test_a_buffer_s_bytes_are_the_same_the_first_time_and_once_its_dtype_is_remembered(
    dtype: str, order: str, shape: tuple[int, ...], transposed: bool, data: st.DataObject
) -> None:
    from gradekit.sandbox import protocol

    wire_dtype = np.dtype(dtype).newbyteorder(order)
    array = data.draw(hnp.arrays(wire_dtype, shape))
    if transposed:
        array = array.T  # not C-contiguous: the bytes are still written in C order
    expected = (dtype, np.ascontiguousarray(array, dtype=wire_dtype.newbyteorder("<")).tobytes())
    assert protocol._wire_buffer(array, 0) == expected
    assert protocol._wire_buffer(array, 0) == expected  # (the dtype's entry, if it has one)
    for ready_dtype, _name in protocol._WIRE_READY_DTYPES.values():
        assert ready_dtype.newbyteorder("<") == ready_dtype  # never a big-endian one


def test_the_wire_ready_dtypes_stay_bounded_and_subclasses_take_the_checked_path() -> None:
    from gradekit.sandbox import protocol

    for index in range(3 * protocol._WIRE_READY_DTYPES_KEPT):
        distinct = np.dtype("float32", metadata={"n": index})  # a new dtype object each time
        protocol._wire_buffer(np.zeros(2, dtype=distinct), 0)
        assert len(protocol._WIRE_READY_DTYPES) <= protocol._WIRE_READY_DTYPES_KEPT

    class Sub(np.ndarray):
        def tobytes(self, order: str = "C") -> bytes:  # never asked: the general path copies
            raise AssertionError("tobytes of a subclass")

    sub = np.arange(3, dtype=np.int64).view(Sub)
    assert protocol._wire_buffer(sub, 0) == ("int64", np.arange(3, dtype="<i8").tobytes())


_JSON_TEXT = st.text(st.characters(codec="utf-8"), max_size=30)


@given(
    before=st.dictionaries(st.text(max_size=8).filter(lambda key: key != "pid"), _JSON_TEXT),
    after=st.one_of(st.none(), _JSON_TEXT, st.just("7213846509277351942")),
    value=st.one_of(st.integers(), st.booleans()),
)
def test_an_int_frame_template_writes_what_the_encoder_writes(before, after, value):
    """IntFrameTemplate (a launcher's "worker" status frame, made without the JSON encoder)
    gives the very bytes of encode_frame, the int keeping its place in the body; a body that
    holds the placeholder's digits, or a bool, takes the encoder itself."""
    body = {**before, "pid": 0, "after": after}
    template = IntFrameTemplate(body, "pid")
    assert template.frame(value) == encode_frame({**body, "pid": value})
