"""The models themselves: defaults, derived values, repeat/seed expansion and round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from gradekit.spec import load_assignment
from gradekit.spec.models import (
    Assignment,
    Case,
    Exercise,
    GradCheck,
    OtherShapeArg,
    RaisesCheck,
    RandomShapesArg,
    TensorLiteralArg,
    ValueCheck,
)

REPO = Path(__file__).resolve().parents[2]


def exercise(**fields) -> Exercise:
    return Exercise.model_validate({"id": "e", "title": "E", "prompt": "p", **fields})


def test_defaults() -> None:
    built = exercise(cases=[{"id": "c"}])
    assert built.entry_name == "e"
    assert built.kind == "function"
    assert built.points == 1.0 and built.timeout == 2.0
    assert [check.kind for check in built.checks] == ["value", "type", "shape", "dtype"]
    assert built.tolerance.rtol is None and built.tolerance.atol is None


@pytest.mark.parametrize(
    ("data", "dtype", "shape"),
    [
        ([[1, 2], [3, 4]], "int64", [2, 2]),
        ([1.0, 2], "float32", [2]),
        ([True, False], "bool", [2]),
        (3.5, "float32", []),
        ([], "int64", [0]),
        ([[[1]], [[2]]], "int64", [2, 1, 1]),
    ],
)
def test_tensor_literal_inference(data, dtype: str, shape: list[int]) -> None:
    literal = TensorLiteralArg.model_validate({"tensor": data})
    assert literal.resolved_dtype == dtype
    assert literal.shape == shape


def test_checks_and_tolerance_for_a_case() -> None:
    built = exercise(
        checks=["value"],
        tolerance={"rtol": 0.1, "atol": 0.2},
        cases=[
            {"id": "plain"},
            {
                "id": "own",
                "checks": [{"raises": "ValueError"}],
                "tolerance": {"rtol": 0, "atol": 0},
            },
        ],
    )
    plain, own = built.cases
    assert built.checks_for(plain) == [ValueCheck()]
    assert built.checks_for(own) == [RaisesCheck(type="ValueError")]
    assert built.tolerance_for(plain).rtol == 0.1
    assert built.tolerance_for(own).atol == 0


def test_check_yaml_forms_normalise() -> None:
    built = exercise(
        checks=[{"grad": "x"}, {"value": {"reshape_ok": True}}, {"grad_fn": "MulBackward0"}],
        cases=[{"id": "c", "args": {"x": {"tensor": [1.0], "requires_grad": True}}}],
    )
    grad, value, grad_fn = built.checks
    assert isinstance(grad, GradCheck) and grad.names == ["x"]
    assert value.reshape_ok is True
    assert grad_fn.name == "MulBackward0"
    assert built.model_dump()["checks"] == [
        {"grad": ["x"]},
        {"value": {"reshape_ok": True}},
        {"grad_fn": "MulBackward0"},
    ]


def test_repeat_expansion_uses_consecutive_seeds() -> None:
    built = exercise(
        cases=[
            {"id": "seed", "args": {"t": {"tensor": [1.0]}}},
            {
                "id": "random",
                "repeat": 3,
                "weight": 2,
                "hidden": True,
                "args": {"t": {"random": "normal", "shape": [2], "seed": 10}},
            },
        ]
    )
    expanded = built.expanded_cases()
    assert [case.id for case in expanded] == ["seed", "random#1", "random#2", "random#3"]
    assert [case.args["t"].seed for case in expanded[1:]] == [10, 11, 12]
    assert all(case.repeat == 1 and case.weight == 2 and case.hidden for case in expanded[1:])
    assert expanded[0] == built.cases[0]


def test_derived_seeds_are_stable_and_distinct() -> None:
    random_arg = {"random": "uniform", "shape": [3]}
    built = exercise(
        cases=[
            {"id": "a", "args": {"t": random_arg, "u": {"tuple": [random_arg, random_arg]}}},
            {"id": "b", "args": {"t": random_arg, "u": 1}},
        ]
    )
    first = built.expanded_cases()
    again = exercise(**built.model_dump(include={"cases"})).expanded_cases()
    seeds = [
        first[0].args["t"].seed,
        first[0].args["u"].tuple[0].seed,
        first[0].args["u"].tuple[1].seed,
        first[1].args["t"].seed,
    ]
    assert len(set(seeds)) == 4
    assert first == again


def test_assignment_lookup() -> None:
    assignment = Assignment.model_validate(
        {
            "assignment": {"id": "a", "title": "A", "solution": "s.py"},
            "exercises": [
                {"id": "one", "title": "1", "prompt": "p", "cases": [{"id": "c"}]},
            ],
        }
    )
    assert assignment.exercise("one").id == "one"
    with pytest.raises(KeyError, match="no exercise 'two' in a .exercises: one."):
        assignment.exercise("two")
    assert assignment.spec_path is None and assignment.solution_path is None


@pytest.mark.parametrize("name", ["tensor-indexing.yaml", "autograd.yaml"])
def test_repository_assignments_round_trip_through_yaml(name: str) -> None:
    path = REPO / "exercises" / name
    if not path.exists():
        pytest.skip(f"{name} is not written yet")
    assignment = load_assignment(path)
    dumped = yaml.safe_dump(assignment.model_dump(), sort_keys=False, allow_unicode=True)
    reloaded = Assignment.model_validate(yaml.safe_load(dumped))
    # Compare the content: the loaded one also remembers its file paths (private attributes).
    assert reloaded.assignment == assignment.assignment
    assert reloaded.exercises == assignment.exercises


# Arguments as an instructor might write them (all valid).
scalars = st.one_of(st.integers(-5, 5), st.floats(-5, 5, allow_nan=False), st.booleans())
arguments = st.recursive(
    st.one_of(
        scalars,
        st.text(max_size=5),
        st.none(),
        st.builds(
            lambda data, dtype, grad: {"tensor": data, "dtype": dtype, "requires_grad": grad},
            st.lists(st.floats(-5, 5, allow_nan=False), min_size=1, max_size=4),
            st.sampled_from(["float16", "float32", "float64"]),
            st.booleans(),
        ),
        st.builds(
            lambda kind, shape, seed: (
                {"random": kind, "shape": shape, "seed": seed}
                | ({"high": 10} if kind == "randint" else {})
            ),
            st.sampled_from(["normal", "uniform", "randint"]),
            st.lists(st.integers(0, 4), max_size=3),
            st.one_of(st.none(), st.integers(0, 2**31)),
        ),
        st.builds(lambda value: {"python": value}, st.dictionaries(st.text(max_size=3), scalars)),
    ),
    lambda children: st.builds(lambda items: {"tuple": items}, st.lists(children, max_size=3)),
    max_leaves=6,
)


@given(
    args=st.dictionaries(
        st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True), arguments, max_size=3
    ).filter(
        lambda names: (
            not any(
                name in {"if", "in", "is", "or", "and", "not", "for", "def", "del", "as", "try"}
                for name in names
            )
        )
    ),
    repeat=st.integers(1, 3),
    hidden=st.booleans(),
)
def test_case_round_trip(args: dict, repeat: int, hidden: bool) -> None:
    """Any valid case dumps to plain data that validates back to the same case."""
    case = Case.model_validate({"id": "c", "args": args, "repeat": repeat, "hidden": hidden})
    dumped = yaml.safe_load(yaml.safe_dump(case.model_dump()))
    assert Case.model_validate(dumped) == case


def test_exercise_checks_are_validated_only_against_cases_that_use_them() -> None:
    """A case with its own checks may lack what the exercise's checks need (requires_grad)."""
    built = exercise(
        checks=["value", {"grad": ["x"]}],
        cases=[
            {"id": "grad", "args": {"x": {"tensor": [1.0], "requires_grad": True}}},
            {"id": "plain", "args": {"x": {"tensor": [1.0]}}, "checks": ["value"]},
        ],
    )
    assert [case.id for case in built.cases] == ["grad", "plain"]


# --- random shape pairs -----------------------------------------------------------------------


def shapes_case(shape_a: object, shape_b: object, repeat: int = 1) -> Case:
    return Case.model_validate(
        {"id": "pairs", "repeat": repeat, "args": {"shape_a": shape_a, "shape_b": shape_b}}
    )


def test_random_shapes_defaults_and_pairing() -> None:
    case = shapes_case({"random_shapes": "broadcastable"}, {"other_shape_of": "shape_a"})
    first = case.args["shape_a"]
    assert isinstance(first, RandomShapesArg)
    assert (first.ndim, first.size, first.seed) == ([0, 4], [1, 5], None)
    assert isinstance(case.args["shape_b"], OtherShapeArg)
    dumped = yaml.safe_load(yaml.safe_dump(case.model_dump()))
    assert Case.model_validate(dumped) == case


def test_random_shapes_repeats_get_consecutive_seeds() -> None:
    pairs = exercise(
        cases=[
            {
                "id": "pairs",
                "repeat": 3,
                "args": {
                    "shape_a": {"random_shapes": "any", "seed": 40},
                    "shape_b": {"other_shape_of": "shape_a"},
                },
            }
        ]
    )
    expanded = pairs.expanded_cases()
    assert [case.args["shape_a"].seed for case in expanded] == [40, 41, 42]
    assert all(case.args["shape_b"] == OtherShapeArg(other_shape_of="shape_a") for case in expanded)


@pytest.mark.parametrize(
    ("shape_a", "shape_b", "message"),
    [
        ({"random_shapes": "any"}, {"other_shape_of": "shape_c"}, "'shape_c' is not a random"),
        ({"tuple": [2]}, {"other_shape_of": "shape_a"}, "random_shapes arguments: none"),
        (
            {"random_shapes": "any"},
            {"tuple": [{"other_shape_of": "shape_a"}]},
            "must be an argument itself",
        ),
        ({"random_shapes": "any", "ndim": [3, 1]}, 1, r"ndim \[3, 1\]: the first bound"),
        ({"random_shapes": "any", "size": [0, 3]}, 1, "greater than or equal to 1"),
        ({"random_shapes": "incompatible", "ndim": [0, 0]}, 1, "at least one dimension"),
        ({"random_shapes": "incompatible", "size": [1, 2]}, 1, "two different sizes"),
        ({"random_shapes": "sometimes"}, 1, "broadcastable"),
        ({"random_shapes": "any", "ndim": [1]}, 1, "at least 2 items"),
    ],
)
def test_bad_shape_pairs_are_spec_errors(shape_a: object, shape_b: object, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        shapes_case(shape_a, shape_b)
