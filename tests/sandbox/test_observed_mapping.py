"""``Observed.get`` and ``in`` answer exactly what the Mapping mixins (through ``__getitem__``)
answer, for every kind of observation and every key, present, absent or unknown."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox.protocol import _OBSERVED_FIELDS, Observed

MISSING = object()
optional_text = st.none() | st.text(max_size=8)
optional_bool = st.none() | st.booleans()

observations = st.builds(
    Observed,
    kind=st.sampled_from(["tensor", "python", "sequence", "ndarray", "object", "other"]),
    type=st.text(max_size=8),
    exact_type=optional_bool,
    dtype=optional_text,
    shape=st.none() | st.tuples(st.integers(0, 4)),
    data=st.none() | st.just(np.zeros(2, dtype=np.float32)),
    requires_grad=optional_bool,
    is_leaf=optional_bool,
    grad_fn=optional_text,
    retains_grad=optional_bool,
    value=st.none() | st.integers() | st.text(max_size=4),
    items=st.none() | st.just(()),
    repr=optional_text,
)
keys = st.sampled_from(_OBSERVED_FIELDS) | st.text(max_size=10)


@given(observations, keys)
def test_get_and_contains_match_the_mapping_mixins(observed: Observed, key: str) -> None:
    assert observed.get(key, MISSING) is Mapping.get(observed, key, MISSING)
    assert observed.get(key) is Mapping.get(observed, key)
    assert (key in observed) == Mapping.__contains__(observed, key)
    assert (key in observed) == (key in list(observed))  # iteration lists the same fields
