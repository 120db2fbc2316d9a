"""The digest a slot's grader names its calls by is the sha256 of the frame, whether or not it
was just hashed (:func:`gradekit.sandbox.warm.calls_digest` remembers the last frame)."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox.warm import calls_digest


@given(frames=st.lists(st.binary(max_size=300), min_size=1, max_size=6), order=st.randoms())
def test_the_digest_is_always_the_frames_sha256(frames, order) -> None:
    objects = [bytes(bytearray(frame)) for frame in frames]  # equal frames, distinct objects
    picks = [order.choice(objects) for _ in range(12)]
    for frame in picks + objects:
        assert calls_digest(frame) == hashlib.sha256(frame).hexdigest()
        assert calls_digest(frame) == hashlib.sha256(frame).hexdigest()  # remembered


def test_a_mutable_frame_is_hashed_each_time() -> None:
    frame = bytearray(b"calls")
    assert calls_digest(frame) == hashlib.sha256(b"calls").hexdigest()
    frame[0:1] = b"C"
    assert calls_digest(frame) == hashlib.sha256(b"Calls").hexdigest()
