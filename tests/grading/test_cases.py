"""Spec -> concrete calls: seeded inputs, repeats, hidden cases, checks and captures."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.grading.cases import (
    UnknownExerciseError,
    build_plan,
    checks_from_spec,
    materialise,
    random_tensor,
)
from gradekit.spec import load_assignment
from gradekit.spec.models import (
    RandomIntArg,
    RandomNormalArg,
    RandomUniformArg,
    TensorLiteralArg,
    Tolerance,
    TupleArg,
)

TINY = Path(__file__).resolve().parents[1] / "cli" / "specs" / "tiny.yaml"


@pytest.fixture(scope="module")
def tiny():
    return load_assignment(TINY)


def test_plan_unrolls_repeats_with_consecutive_seeds(tiny):
    [double, square] = build_plan(tiny)
    assert [case.case_id for case in double.cases] == ["literal", "random#1", "random#2", "secret"]
    first, second = double.cases[1].call.args["t"], double.cases[2].call.args["t"]
    assert (first.shape, first.dtype) == ((4, 3), "float32")
    expected_first = (np.random.default_rng(5).standard_normal((4, 3))).astype("float32")
    np.testing.assert_array_equal(first.blob, expected_first)
    np.testing.assert_array_equal(
        second.blob, np.random.default_rng(6).standard_normal((4, 3)).astype("float32")
    )
    assert double.cases[0].inputs == {"t": "tensor([1.0, 2.0, 3.0], dtype=float32)"}
    assert double.cases[1].inputs == {"t": "float32 (4, 3) normal, seed 5"}


def test_call_ids_entries_timeouts_and_captures(tiny):
    [double, square] = build_plan(tiny)
    call = double.cases[0].call
    assert (call.call_id, call.entry, call.entry_kind, call.timeout) == (
        "double/literal",
        "double",
        "function",
        1.0,
    )
    assert square.cases[0].call.capture.grads == ("x",)
    assert square.cases[0].call.args["x"].requires_grad is True
    assert square.cases[1].weight == 3
    assert square.rules.forbid == ("for",)


def test_hidden_cases_dropped_and_only_filters(tiny):
    plans = build_plan(tiny, only=["double"], include_hidden=False)
    assert [plan.exercise.id for plan in plans] == ["double"]
    assert all(not case.hidden for case in plans[0].cases)
    assert len(plans[0].cases) == 3


def test_unknown_only_id_lists_the_choices(tiny):
    with pytest.raises(UnknownExerciseError, match="choose from: double, square_grad"):
        build_plan(tiny, only=["dubble"])


def test_checks_from_spec(tiny):
    square = tiny.exercises[1]
    checks = checks_from_spec(square.checks, Tolerance(rtol=0.1, atol=0.01))
    assert (checks.value, checks.exact_type, checks.shape, checks.dtype) == (
        True,
        True,
        False,
        False,
    )
    assert checks.grads == ("x",)
    assert (checks.rtol, checks.atol) == (0.1, 0.01)


@given(
    seed=st.integers(0, 2**32 - 1),
    shape=st.lists(st.integers(0, 4), max_size=3),
    dtype=st.sampled_from(["float16", "float32", "float64"]),
)
def test_random_inputs_are_reproducible_and_typed(seed, shape, dtype):
    for arg in (
        RandomNormalArg(random="normal", shape=shape, seed=seed, dtype=dtype),
        RandomUniformArg(random="uniform", shape=shape, seed=seed, low=-2, high=3, dtype=dtype),
    ):
        values = random_tensor(arg)
        assert values.shape == tuple(shape) and values.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(values, random_tensor(arg))
    uniform = random_tensor(
        RandomUniformArg(random="uniform", shape=shape, seed=seed, low=-2, high=3, dtype=dtype)
    )
    assert np.all((uniform >= -2) & (uniform <= 3))


@given(seed=st.integers(0, 2**32 - 1), low=st.integers(-5, 5), span=st.integers(1, 5))
def test_randint_bounds(seed, low, span):
    arg = RandomIntArg(random="randint", shape=[50], seed=seed, low=low, high=low + span)
    values = random_tensor(arg)
    assert values.dtype == np.int64
    assert values.min() >= low and values.max() < low + span


def test_materialise_literals_and_tuples():
    literal = materialise(TensorLiteralArg(tensor=[[1, 2], [3, 4]]))
    assert (literal.kind, literal.dtype, literal.shape) == ("tensor", "int64", (2, 2))
    nested = materialise(TupleArg(tuple=[2, TensorLiteralArg(tensor=True)]))
    assert nested.kind == "tuple"
    assert nested.items[0].value == 2
    assert nested.items[1].dtype == "bool"
    with pytest.raises(ValueError, match="without a seed"):
        random_tensor(RandomNormalArg(random="normal", shape=[2]))
