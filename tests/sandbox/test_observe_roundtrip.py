"""Property: whatever plain value a call returns, observing it and sending it over the wire
gives back exactly the same picture (engine backend, so no real torch is needed)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from gradekit.sandbox.executor import BackendView, observe
from gradekit.sandbox.protocol import (
    WIRE_DTYPES,
    CallOutcome,
    decode_event,
    decode_frame,
    encode_outcome_event,
)

engine = pytest.importorskip("gradekit.engine", reason="the engine package is not importable")

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**80), 2**80)
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
)
arrays = st.sampled_from(sorted(WIRE_DTYPES)).flatmap(
    lambda dtype: hnp.arrays(np.dtype(dtype), hnp.array_shapes(min_dims=0, max_dims=3, max_side=3))
)
values = st.recursive(
    scalars | arrays,
    lambda inner: st.lists(inner, max_size=3) | st.lists(inner, max_size=3).map(tuple),
    max_leaves=12,
)


def same(original, observed) -> bool:
    """Does ``observed`` describe ``original`` exactly?"""
    if isinstance(original, np.ndarray):
        return (
            observed.kind == "ndarray"
            and observed.dtype == original.dtype.name
            and observed.data.tobytes() == original.tobytes()
            and observed.shape == original.shape
        )
    if isinstance(original, (list, tuple)):
        return (
            observed.kind == "sequence"
            and observed.type == type(original).__name__
            and len(observed.items) == len(original)
            and all(same(a, b) for a, b in zip(original, observed.items, strict=True))
        )
    if isinstance(original, float) and math.isnan(original):
        return observed.kind == "python" and math.isnan(observed.value)
    return (
        observed.kind == "python"
        and observed.type == type(original).__name__
        and observed.value == original
    )


@given(values)
def test_observed_values_survive_the_wire_unchanged(value):
    view = BackendView(engine)
    observed = observe(value, view)
    assert same(value, observed)
    outcome = CallOutcome(status="ok", value=observed)
    received = decode_event(decode_frame(encode_outcome_event("c", outcome)))["outcome"]
    assert received.value == observed
    assert same(value, received.value)


float_arrays = st.sampled_from(["float32", "float64"]).flatmap(
    lambda dtype: hnp.arrays(
        np.dtype(dtype),
        hnp.array_shapes(min_dims=0, max_dims=3, max_side=4),
        elements=st.floats(-1e6, 1e6, width=32),
    )
)


@pytest.mark.torch
@given(float_arrays, st.booleans())
def test_engine_and_torch_tensors_are_observed_identically(array, requires_grad):
    torch = pytest.importorskip("torch", reason="differential test against real torch")
    from gradekit.sandbox.executor import build_argument
    from gradekit.sandbox.protocol import ArgSpec

    spec = ArgSpec.tensor(array, requires_grad=requires_grad)
    pictures = []
    for backend in (engine, torch):
        view = BackendView(backend)
        pictures.append(observe(build_argument(spec, view) * 2, view))
    from_engine, from_torch = pictures
    assert from_engine == from_torch
