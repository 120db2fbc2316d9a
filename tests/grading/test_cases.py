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
    random_shape_pair,
    random_tensor,
)
from gradekit.spec import load_assignment
from gradekit.spec.models import (
    RandomIntArg,
    RandomNormalArg,
    RandomShapesArg,
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


# --- random shape pairs -----------------------------------------------------------------------


def _broadcasts(shape_a: tuple[int, ...], shape_b: tuple[int, ...]) -> bool:
    try:
        np.broadcast_shapes(shape_a, shape_b)
    except ValueError:
        return False
    return True


@given(
    kind=st.sampled_from(["broadcastable", "incompatible", "any"]),
    fewest=st.integers(0, 3),
    extra_ndim=st.integers(0, 3),
    smallest=st.integers(1, 3),
    extra_size=st.integers(2, 4),
    seed=st.integers(0, 2**32),
)
def test_random_shape_pairs_have_their_kind_and_stay_in_range(
    kind, fewest, extra_ndim, smallest, extra_size, seed
):
    most = max(fewest + extra_ndim, 1)
    largest = smallest + extra_size
    arg = RandomShapesArg(
        random_shapes=kind, ndim=[fewest, most], size=[smallest, largest], seed=seed
    )
    shape_a, shape_b = random_shape_pair(arg)
    assert random_shape_pair(arg) == (shape_a, shape_b)  # reproducible from the seed
    for shape in (shape_a, shape_b):
        assert all(type(size) is int for size in shape)
        assert fewest <= len(shape) <= most
        assert all(smallest <= size <= largest for size in shape)
    if kind == "broadcastable":
        assert _broadcasts(shape_a, shape_b)
    if kind == "incompatible":
        assert not _broadcasts(shape_a, shape_b)


def test_size_one_dimensions_appear_only_when_the_size_range_allows_them():
    pairs = [
        random_shape_pair(RandomShapesArg(random_shapes="broadcastable", size=[2, 4], seed=seed))
        for seed in range(50)
    ]
    assert all(size >= 2 for pair in pairs for shape in pair for size in shape)
    assert all(_broadcasts(*pair) for pair in pairs)


def test_plan_draws_new_pairs_per_repeat_and_passes_tuples_of_ints(tmp_path, monkeypatch):
    (tmp_path / "solution.py").write_text("def f(shape_a, shape_b):\n    return True\n")
    spec = tmp_path / "pairs.yaml"
    spec.write_text(
        "assignment: {id: pairs, title: Pairs, solution: solution.py}\n"
        "exercises:\n"
        "  - id: f\n"
        "    title: F\n"
        "    prompt: p\n"
        "    checks: [value]\n"
        "    cases:\n"
        "      - id: literal\n"
        "        args: {shape_a: {tuple: [2, 3]}, shape_b: {tuple: [3]}}\n"
        "      - id: drawn\n"
        "        repeat: 6\n"
        "        args:\n"
        "          shape_a: {random_shapes: incompatible, seed: 90}\n"
        "          shape_b: {other_shape_of: shape_a}\n"
    )
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", "off")
    [plan] = build_plan(load_assignment(spec))
    literal, *drawn = plan.cases
    assert literal.call.args["shape_a"] == materialise(TupleArg(tuple=[2, 3]))

    def shape_of(spec_arg):
        assert spec_arg.kind == "tuple"
        assert all(item.kind == "python" and type(item.value) is int for item in spec_arg.items)
        return tuple(item.value for item in spec_arg.items)

    pairs = [(shape_of(c.call.args["shape_a"]), shape_of(c.call.args["shape_b"])) for c in drawn]
    assert len(set(pairs)) > 1  # each repeat draws a new pair
    for seed, pair, case in zip(range(90, 96), pairs, drawn, strict=True):
        assert pair == random_shape_pair(RandomShapesArg(random_shapes="incompatible", seed=seed))
        assert not _broadcasts(*pair)
        assert case.inputs == {
            "shape_a": f"{pair[0]!r} (random incompatible pair, seed {seed})",
            "shape_b": f"{pair[1]!r} (the other shape of shape_a's pair)",
        }
