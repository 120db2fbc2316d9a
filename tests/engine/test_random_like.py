"""``torch.rand_like`` and ``torch.randn_like``: one body (``creation._random_like``) for
both, whose argument errors read the calling frame, so each names itself and lists its own
overloads, with the keywords as the caller gave them (goldens from torch in
``test_audit_parser_corners.py``)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

LIKES = {"rand_like": engine.rand, "randn_like": engine.randn}


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(sorted(LIKES)),
    shape=st.lists(st.integers(0, 3), max_size=3).map(tuple),
    dtype=st.sampled_from([None, engine.float32, engine.float64, engine.float16]),
    requires_grad=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_a_like_draws_what_its_factory_draws(
    name: str, shape: tuple, dtype: object, requires_grad: bool, seed: int
) -> None:
    x = engine.zeros(shape, dtype=engine.float64)
    engine.manual_seed(seed)
    ours = getattr(engine, name)(x, dtype=dtype, requires_grad=requires_grad)
    engine.manual_seed(seed)
    expected = LIKES[name](shape, dtype=dtype or x.dtype, requires_grad=requires_grad)
    assert ours.dtype is expected.dtype and ours.shape == expected.shape
    assert ours.requires_grad is requires_grad
    assert np.array_equal(ours._data, expected._data)


CALLS = {
    "dtype": lambda like, x: like(x, dtype="a"),
    "dtype=0": lambda like, x: like(x, dtype=0),
    "input= and dtype": lambda like, x: like(input=x, dtype="a"),
    "requires_grad and dtype": lambda like, x: like(x, requires_grad=True, dtype="a"),
    "generator": lambda like, x: like(x, generator="a"),
    "generator=1": lambda like, x: like(x, generator=1),
    "partial": lambda like, x: functools.partial(like, dtype="a")(x),
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_each_like_words_its_own_errors(call: str) -> None:
    x = engine.ones(2, 3)
    messages = {}
    for name in LIKES:
        with pytest.raises(TypeError) as raised:
            CALLS[call](getattr(engine, name), x)
        messages[name] = str(raised.value)
        assert messages[name].startswith(f"{name}() received an invalid combination")
        assert "_random_like" not in messages[name]
    assert messages["rand_like"].replace("rand_like", "randn_like") == messages["randn_like"]
