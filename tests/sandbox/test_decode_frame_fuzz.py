"""``decode_frame`` decodes, and rejects, exactly what its plain reference below does.

``decode_frame`` takes shortcuts: per-dtype wire layouts made once, ``frombuffer`` with a count
and an offset, a plain ``copy``, a duplicate-key hook that builds its dict in one call, error
messages formatted only on failure. The reference here is the straightforward decoder it
replaced: every valid frame, and every byte-level or JSON-level mutation of one (bytes flipped,
cut or inserted; keys duplicated anywhere in the header), must give the same arrays (values,
dtype, shape, flags) and body, or a ProtocolError with the same message.
"""

from __future__ import annotations

import json
import math
import re
import struct
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox import protocol
from gradekit.sandbox.protocol import ProtocolError, decode_frame, encode_frame

DTYPES = sorted(protocol.WIRE_DTYPES)


# ---------------------------------------------------------------------------------------------
# The reference decoder: one plain check after another
# ---------------------------------------------------------------------------------------------


def reference_decode_frame(data: bytes) -> tuple[Any, tuple[np.ndarray, ...]]:
    header_len, payload_len = protocol.parse_prefix(data)
    expected = protocol.PREFIX_SIZE + header_len + payload_len
    if len(data) != expected:
        raise ProtocolError(f"frame is {len(data)} bytes but its prefix announces {expected}")
    raw = bytes(data[protocol.PREFIX_SIZE : protocol.PREFIX_SIZE + header_len])
    header = reference_parse_json(raw)
    if not isinstance(header, dict) or set(header) != {"v", "body", "buffers"}:
        raise ProtocolError("frame header must be an object with exactly v, body, buffers")
    if header["v"] != 1 or type(header["v"]) is not int:
        raise ProtocolError(f"unsupported frame version {header['v']!r}")
    descriptors = header["buffers"]
    if not isinstance(descriptors, list) or len(descriptors) > protocol.MAX_BUFFERS:
        raise ProtocolError(
            f"frame buffers must be a list of at most {protocol.MAX_BUFFERS} entries"
        )
    layouts = [reference_check_descriptor(d, i) for i, d in enumerate(descriptors)]
    offset = 0
    for index, (_, _, nbytes, claimed_offset) in enumerate(layouts):
        if claimed_offset != offset:
            raise ProtocolError(f"buffer {index}: offset {claimed_offset}, expected {offset}")
        offset += nbytes
    if offset != payload_len:
        raise ProtocolError(f"buffers describe {offset} bytes but the payload has {payload_len}")
    payload = memoryview(data)[protocol.PREFIX_SIZE + header_len :]
    arrays = []
    for dtype_name, shape, nbytes, start in layouts:
        wire_dtype = np.dtype(dtype_name).newbyteorder("<")
        array = np.frombuffer(payload[start : start + nbytes], dtype=wire_dtype)
        arrays.append(array.reshape(shape).astype(np.dtype(dtype_name), copy=True))
    return header["body"], tuple(arrays)


def reference_check_descriptor(descriptor: Any, index: int) -> tuple[str, tuple, int, int]:
    where = f"buffer {index}"
    if not isinstance(descriptor, dict) or set(descriptor) != {
        "dtype",
        "shape",
        "nbytes",
        "offset",
    }:
        raise ProtocolError(f"{where}: expected exactly dtype, shape, nbytes, offset")
    dtype_name = descriptor["dtype"]
    if not isinstance(dtype_name, str) or dtype_name not in protocol.WIRE_DTYPES:
        raise ProtocolError(f"{where}: dtype {dtype_name!r} is not an allowed numeric dtype")
    shape = protocol._check_shape(descriptor["shape"], where)
    nbytes, offset = descriptor["nbytes"], descriptor["offset"]
    for name, number in (("nbytes", nbytes), ("offset", offset)):
        if type(number) is not int or number < 0:
            raise ProtocolError(f"{where}: {name} must be a non-negative integer")
    count = math.prod(shape)
    if count * np.dtype(dtype_name).itemsize != nbytes:
        raise ProtocolError(
            f"{where}: shape {list(shape)} of {dtype_name} needs "
            f"{count * np.dtype(dtype_name).itemsize} bytes, header says {nbytes}"
        )
    return dtype_name, shape, nbytes, offset


def reference_reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ProtocolError(f"duplicate JSON key {key!r}")
        result[key] = value
    return result


def reference_parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"), object_pairs_hook=reference_reject_duplicate_keys)
    except ProtocolError:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError(f"frame header is not valid JSON: {exc}") from None


# ---------------------------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------------------------


def array_facts(array: np.ndarray) -> tuple:
    flags = array.flags
    return (
        array.dtype.str,
        array.shape,
        array.tobytes(),
        flags.writeable,
        flags.owndata,
        flags.c_contiguous,
        flags.aligned,
    )


def outcome(decode, data: bytes) -> tuple:
    try:
        body, arrays = decode(data)
    except ProtocolError as error:
        return "rejected", str(error)
    # The body through json with NaN spelled out, so NaN == NaN and True != 1 compare strictly.
    return "decoded", json.dumps(body), tuple(array_facts(a) for a in arrays)


def decode_frame_parts(data: bytes) -> tuple[Any, tuple[np.ndarray, ...]]:
    frame = decode_frame(data)
    return frame.body, frame.arrays


def assert_same_as_reference(data: bytes) -> tuple:
    expected = outcome(reference_decode_frame, data)
    assert outcome(decode_frame_parts, data) == expected
    return expected


# ---------------------------------------------------------------------------------------------
# Frames and their mutations
# ---------------------------------------------------------------------------------------------


@st.composite
def arrays(draw) -> np.ndarray:
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    if draw(st.booleans()):
        dtype = dtype.newbyteorder(">")
    shape = tuple(draw(st.lists(st.integers(0, 3), max_size=3)))
    return (np.arange(math.prod(shape)) % 5).astype(dtype).reshape(shape)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=10,
)
frames = st.builds(encode_frame, json_values, st.lists(arrays(), max_size=4))


@given(frames)
def test_valid_frames_decode_as_the_reference_decodes_them(data):
    assert assert_same_as_reference(data)[0] == "decoded"


@given(frames, st.data())
def test_byte_mutations_decode_or_fail_as_the_reference(data, draw):
    mutated = bytearray(data)
    for _ in range(draw.draw(st.integers(1, 3))):
        position = draw.draw(st.integers(0, max(len(mutated) - 1, 0)))
        action = draw.draw(st.sampled_from(["flip", "cut", "insert", "digit"]))
        if action == "flip" and mutated:
            mutated[position] ^= 1 << draw.draw(st.integers(0, 7))
        elif action == "cut":
            del mutated[position : position + draw.draw(st.integers(1, 4))]
        elif action == "insert":
            mutated[position:position] = draw.draw(st.binary(min_size=1, max_size=3))
        elif mutated and chr(mutated[position]).isdigit():
            mutated[position] = ord(draw.draw(st.sampled_from("0123456789")))
    assert_same_as_reference(bytes(mutated))


def with_header(data: bytes, header_text: str) -> bytes:
    """``data`` with its header replaced by ``header_text`` (the prefix says the new length)."""
    header_len, payload_len = protocol.parse_prefix(data)
    payload = data[protocol.PREFIX_SIZE + header_len :]
    header = header_text.encode()
    return struct.pack(">4sIQ", b"GKF1", len(header), payload_len) + header + payload


@given(frames, st.data())
def test_a_key_duplicated_anywhere_is_rejected_as_the_reference_rejects_it(data, draw):
    header_len, _ = protocol.parse_prefix(data)
    text = data[protocol.PREFIX_SIZE : protocol.PREFIX_SIZE + header_len].decode()
    # Every member of every object: a string token (valid JSON has no '"' outside strings)
    # followed by ':'. Copy one of them, with another value, in front of itself.
    members = [
        (token.start(), token.end() + 1)
        for token in re.finditer(r'"(?:[^"\\]|\\.)*"', text)
        if text[token.end() : token.end() + 1] == ":"
    ]
    if not members:
        return
    start, colon_end = draw.draw(st.sampled_from(members))
    key = text[start:colon_end]
    duplicated = text[:start] + key + json.dumps(draw.draw(json_values)) + "," + text[start:]
    expected = assert_same_as_reference(with_header(data, duplicated))
    assert expected[0] == "rejected" and "duplicate JSON key" in expected[1]


def test_duplicate_keys_in_a_descriptor_and_in_the_body_are_rejected():
    data = encode_frame({"a": [1, {"b": 2}]}, [np.zeros(2, np.float32)])
    header_len, _ = protocol.parse_prefix(data)
    text = data[protocol.PREFIX_SIZE : protocol.PREFIX_SIZE + header_len].decode()
    for original, duplicated in (
        ('{"b":2}', '{"b":2,"b":2}'),
        ('"nbytes":8', '"nbytes":8,"nbytes":8'),
        ('"v":1', '"v":1,"v":1'),
    ):
        assert original in text
        expected = assert_same_as_reference(with_header(data, text.replace(original, duplicated)))
        assert expected[0] == "rejected" and "duplicate JSON key" in expected[1]
