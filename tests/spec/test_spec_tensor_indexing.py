"""The tensor-indexing assignment: its public contract, and its solution checked on real torch."""

from __future__ import annotations

from pathlib import Path

import pytest

from gradekit.spec import load_assignment

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "exercises" / "tensor-indexing.yaml"

# The entry names are a public contract: students' files and other tools rely on them.
ENTRIES = [
    "even_rows",
    "even_rows_reversed",
    "ellipsis_pick",
    "set_second_row",
    "set_fourth_element",
    "middle_rows",
    "can_broadcast",
    "broadcast_shape",
    "pick_elements",
    "corners",
    "rows_mean_at_least",
]


@pytest.fixture(scope="module")
def assignment():
    return load_assignment(SPEC)


def test_entries_are_the_public_contract(assignment) -> None:
    assert [exercise.entry_name for exercise in assignment.exercises] == ENTRIES


def test_signatures(assignment) -> None:
    signatures = {exercise.entry_name: exercise.arg_names for exercise in assignment.exercises}
    assert signatures["can_broadcast"] == ["shape_a", "shape_b"]
    assert signatures["broadcast_shape"] == ["shape_a", "shape_b"]
    assert signatures["rows_mean_at_least"] == ["t", "threshold"]
    single_tensor = set(ENTRIES) - {"can_broadcast", "broadcast_shape", "rows_mean_at_least"}
    assert all(signatures[name] == ["t"] for name in single_tensor)


def test_every_exercise_teaches(assignment) -> None:
    for exercise in assignment.exercises:
        assert exercise.hints, exercise.id
        assert exercise.mistakes, exercise.id
        assert any(case.hidden for case in exercise.cases), exercise.id
        assert any(not case.hidden for case in exercise.cases), exercise.id


def test_one_line_exercises_are_constrained(assignment) -> None:
    one_liners = {e.id for e in assignment.exercises if e.constraints.max_statements == 1}
    # Seed 004 asks for "one line of code" in Q4-Q6 and Q12-Q14.
    assert one_liners == {
        "set_second_row",
        "set_fourth_element",
        "middle_rows",
        "pick_elements",
        "corners",
        "rows_mean_at_least",
    }
    for name in ("can_broadcast", "broadcast_shape"):
        assert "broadcast_shapes" in assignment.exercise(name).constraints.forbid


def test_negative_step_is_explained(assignment) -> None:
    prompt = assignment.exercise("even_rows_reversed").prompt
    assert "step must be greater than zero" in prompt
    assert "flip" in prompt


def test_in_place_exercises_check_mutation(assignment) -> None:
    for name in ("set_second_row", "set_fourth_element"):
        kinds = [check.kind for check in assignment.exercise(name).checks]
        assert kinds == ["mutated"]


@pytest.fixture(scope="module")
def runs(assignment):
    torch = pytest.importorskip("torch", reason="checking the solution needs real PyTorch")
    from spec_torch_runner import run_assignment

    return run_assignment(assignment, torch)


@pytest.mark.torch
def test_reference_satisfies_its_own_raises_checks(runs) -> None:
    from spec_torch_runner import raises_as_expected

    for run in runs:
        for case, observation in zip(run.cases, run.reference, strict=True):
            checks = run.exercise.checks_for(case)
            assert raises_as_expected(checks, observation), (run.exercise.id, case.id, observation)


@pytest.mark.torch
def test_reference_respects_unchanged_and_mutated(runs) -> None:
    import torch
    from spec_torch_runner import materialise

    for run in runs:
        for case, observation in zip(run.cases, run.reference, strict=True):
            for check in run.exercise.checks_for(case):
                if check.kind not in ("unchanged", "mutated"):
                    continue
                for name in check.names:
                    before = materialise(case.args[name], torch).detach().numpy().tolist()
                    after = observation.inputs_after[name][-1]
                    assert (after == before) == (check.kind == "unchanged"), (
                        run.exercise.id,
                        case.id,
                    )


@pytest.mark.torch
def test_every_mistake_differs_from_the_reference(runs) -> None:
    from spec_torch_runner import differs

    for run in runs:
        for function, observations in run.mistakes.items():
            assert any(
                differs(run.exercise, case, reference, mistake)
                for case, reference, mistake in zip(
                    run.cases, run.reference, observations, strict=True
                )
            ), f"{run.exercise.id}: mistake {function} never differs from the reference"


@pytest.mark.torch
def test_visible_cases_reveal_most_mistakes(runs) -> None:
    """Feedback only helps if the student can see it: most mistakes show on a visible case."""
    from spec_torch_runner import differs

    hidden_only = []
    for run in runs:
        for function, observations in run.mistakes.items():
            if not any(
                differs(run.exercise, case, reference, mistake)
                for case, reference, mistake in zip(
                    run.cases, run.reference, observations, strict=True
                )
                if not case.hidden
            ):
                hidden_only.append(function)
    # Mistakes that only generalisation exposes are deliberately caught by hidden cases.
    assert set(hidden_only) <= {"corners_hard_coded", "can_broadcast_only_b_stretches"}


@pytest.mark.torch
def test_seed_answers_of_the_tutorial(runs) -> None:
    """Spot values from seed 004, so the exercises mean what the tutorial means."""
    by_id = {run.exercise.id: run for run in runs}
    shape_of = {
        "ellipsis_pick": (3, 4),
        "middle_rows": (2, 2, 4, 2),
        "corners": (2, 2),
        "pick_elements": (3,),
        "even_rows": (4, 3),
        "even_rows_reversed": (4, 3),
    }
    for exercise_id, shape in shape_of.items():
        assert by_id[exercise_id].reference[0].value[3] == shape
    assert by_id["even_rows_reversed"].reference[0].value[4][0] == [19.0, 20.0, 21.0]
    broadcast = by_id["can_broadcast"]
    answers = {
        case.id: observation.value[1]
        for case, observation in zip(broadcast.cases, broadcast.reference, strict=True)
    }
    assert answers["q7-one-value-and-two"] is True
    assert answers["q8"] is False
    assert answers["q9"] is True
    assert answers["q10"] is True
    assert by_id["broadcast_shape"].reference[0].value[1] == (
        (int, 2),
        (int, 1),
        (int, 3),
        (int, 2),
    )
    assert by_id["corners"].reference[0].value[4] == [[1.0, 3.0], [22.0, 24.0]]
    assert by_id["pick_elements"].reference[0].value[4] == [2.0, 13.0, 22.0]
    mutated = by_id["set_fourth_element"].reference[0].inputs_after["t"][4]
    assert mutated[0][0][1][1] == pytest.approx(-22.7)


@pytest.mark.torch
def test_random_broadcast_pairs_agree_with_torch(assignment) -> None:
    torch = pytest.importorskip("torch", reason="torch.broadcast_shapes is the oracle")
    from spec_torch_runner import load_module, materialise

    from gradekit.grading.cases import draw_shapes

    solution = load_module(assignment.solution_path, "solution_tensor_indexing_pairs")
    kinds_seen = set()
    for case in assignment.exercise("can_broadcast").expanded_cases():
        drawn = draw_shapes(case.args)
        shape_a = materialise(drawn["shape_a"], torch)
        shape_b = materialise(drawn["shape_b"], torch)
        if case.id.startswith("random-"):
            kind = case.args["shape_a"].random_shapes
            compatible = kind == "broadcastable"
            kinds_seen.add(kind)
            try:
                torch.broadcast_shapes(shape_a, shape_b)
                assert compatible, (case.id, shape_a, shape_b)
            except RuntimeError:
                assert not compatible, (case.id, shape_a, shape_b)
        try:
            expected = tuple(torch.broadcast_shapes(shape_a, shape_b))
        except RuntimeError:
            expected = None
        assert solution.can_broadcast(shape_a, shape_b) is (expected is not None), case.id
        if expected is not None:
            assert solution.broadcast_shape(shape_a, shape_b) == expected, case.id
        else:
            with pytest.raises(ValueError):
                solution.broadcast_shape(shape_a, shape_b)
    assert kinds_seen == {"broadcastable", "incompatible"}


@pytest.mark.torch
def test_engine_agrees_with_torch_on_every_reference_and_mistake_call(assignment, runs) -> None:
    """Expected answers come from the engine, so it must match torch on all of them."""
    from spec_torch_runner import comparable_observation, engine_as_torch, run_assignment

    with engine_as_torch() as engine:
        engine_runs = run_assignment(assignment, engine)
    disagreements = []
    for torch_run, engine_run in zip(runs, engine_runs, strict=True):
        functions = [("reference", torch_run.reference, engine_run.reference)] + [
            (name, torch_run.mistakes[name], engine_run.mistakes[name])
            for name in torch_run.mistakes
        ]
        for function, on_torch, on_engine in functions:
            for case, expected, actual in zip(torch_run.cases, on_torch, on_engine, strict=True):
                if comparable_observation(expected) != comparable_observation(actual):
                    disagreements.append(f"{torch_run.exercise.id}/{case.id} {function}")
    assert not disagreements, disagreements


def test_no_hint_calls_wrong_a_torch_size_that_the_type_check_accepts(assignment) -> None:
    from gradekit.grading.compare import Checks, compare_observed

    as_size = {"kind": "sequence", "type": "torch.Size", "items": []}
    as_tuple = {"kind": "sequence", "type": "tuple", "items": []}
    assert compare_observed(as_tuple, as_size, Checks(exact_type=True)) == []
    [broadcast_shape] = [e for e in assignment.exercises if e.id == "broadcast_shape"]
    assert not [hint for hint in broadcast_shape.hints if "not a list or a torch.Size" in hint]
