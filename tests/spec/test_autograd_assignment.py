"""Tests of the autograd assignment: exercises/autograd.yaml and solutions/autograd.py.

What is checked:

* the YAML loads with the spec loader and keeps the public contract (the exercise names course
  material refers to); the solution defines every entry and mistake with the entry's signature;
* on real torch 2.13, the reference reproduces the tutorials' numbers, satisfies the checks its
  exercise declares, and agrees with closed-form derivatives on generated inputs (hypothesis);
* every mistake is useful feedback under the grader's matching rule (docs/spec.md, Mistakes): it
  fails at least one case against the reference, and a student who reproduces it passes all
  checks against the mistake's own observations, so its message can be shown;
* on gradekit's engine, where the expected answers really come from, the reference observes
  like on real torch (so the reference code passes when a student runs it on real torch), and
  the mistakes still differ.

Answers are computed with the grader's own machinery (`build_plan`, `reference_answers`,
`compare_outcomes`), so these tests judge the assignment by the rules students are graded by.
"""

from __future__ import annotations

import ast
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from gradekit.grading.cases import ExercisePlan, build_plan
from gradekit.grading.compare import compare_outcomes
from gradekit.grading.reference import ReferenceAnswers, reference_answers
from gradekit.spec.loader import load_assignment

REPO = Path(__file__).resolve().parents[2]
SPEC_PATH = REPO / "exercises" / "autograd.yaml"
SOLUTION_PATH = REPO / "solutions" / "autograd.py"

# Some mistakes read .grad of a non-leaf on purpose (that is the mistake); torch warns about it.
pytestmark = pytest.mark.filterwarnings(
    "ignore:The .grad attribute of a Tensor that is not a leaf:UserWarning"
)

# Exercise names that course material refers to; renaming one breaks that material.
CONTRACT_EXERCISES = {
    "build_graph": ["x", "a", "b"],
    "leaf_gradients": ["x", "a", "b"],
    "vector_backward": ["x", "a", "b"],
    "mean_backward": ["x", "a", "b"],
    "backward_twice": ["x", "a"],
    "accumulated_then_zeroed": ["inp"],
    "intermediate_grads": ["x", "a", "b", "c", "d"],
    "doubled_hook": ["v", "g"],
    "negated_hook": ["x", "y"],
    "detach_shares_memory": ["v"],
    "stop_gradient": ["x", "y", "v"],
    "no_grad_forward": ["x", "w", "b"],
    "enable_inside_no_grad": ["x"],
    "requires_grad_flow": ["x", "y", "z"],
    "higher_derivatives": ["x"],
    "tanh_derivatives": ["x"],
    "jvp_select": ["A"],
    "dynamic_loop_grad": ["x"],
    "bce_layer_grads": ["x", "y", "w", "b"],
    "sum_of_squares_grad": ["a"],
    "mean_of_sum": ["x", "y"],
}

ASSIGNMENT = load_assignment(SPEC_PATH)
EXERCISES = {exercise.id: exercise for exercise in ASSIGNMENT.exercises}
PLANS = {plan.exercise.id: plan for plan in build_plan(ASSIGNMENT)}
MISTAKE_PAIRS = [
    (exercise.id, mistake.function)
    for exercise in ASSIGNMENT.exercises
    for mistake in exercise.mistakes
]


def solution_signatures() -> dict[str, list[str]]:
    """Parameter names of every top-level function of the solution, read from its source."""
    tree = ast.parse(SOLUTION_PATH.read_text(), filename=str(SOLUTION_PATH))
    return {
        node.name: [argument.arg for argument in node.args.args]
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def expects_exception(plan: ExercisePlan) -> bool:
    return all(case.checks.raises is not None for case in plan.cases)


def failed_checks(expected: Any, got: Any, plan: ExercisePlan, case_index: int) -> list[str]:
    """Messages of the checks of one case that `got` fails against `expected`."""
    case = plan.cases[case_index]
    return [difference.message for difference in compare_outcomes(expected, got, case.checks)]


def outcomes_of(answers: ReferenceAnswers, plan: ExercisePlan, function: str | None = None):
    """The outcomes of the entry (or of a mistake function) for each case of `plan`, in order."""
    if function is None:
        return [answers.outcomes[case.call.call_id] for case in plan.cases]
    by_call = answers.mistakes[plan.exercise.id][function]
    return [by_call[case.call.call_id] for case in plan.cases]


# ---------------------------------------------------------------------------------------------
# Spec and solution structure (no torch needed)
# ---------------------------------------------------------------------------------------------


def test_spec_points_at_this_solution() -> None:
    assert ASSIGNMENT.solution_path == SOLUTION_PATH


@pytest.mark.parametrize("exercise_id", sorted(CONTRACT_EXERCISES))
def test_contract_exercise_keeps_its_name_and_signature(exercise_id: str) -> None:
    assert exercise_id in EXERCISES, f"exercise {exercise_id!r} is part of the public contract"
    exercise = EXERCISES[exercise_id]
    assert exercise.entry_name == exercise_id
    assert exercise.arg_names == CONTRACT_EXERCISES[exercise_id]


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_exercise_is_complete(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    assert exercise.hints, "every exercise teaches through hints"
    assert any(case.hidden for case in exercise.cases), "every exercise has hidden cases"
    assert any(not case.hidden for case in exercise.cases), "every exercise shows a case"
    if expects_exception(PLANS[exercise_id]):
        # A `raises` check is absolute, so a mistake that returns could never match a student.
        assert not exercise.mistakes, "mistakes of an exercise that must raise can never match"
    else:
        assert exercise.mistakes, "every exercise names at least one known mistake"


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_solution_defines_entry_and_mistakes_with_the_entry_signature(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    signatures = solution_signatures()
    for name in [exercise.entry_name] + [mistake.function for mistake in exercise.mistakes]:
        assert name in signatures, f"solutions/autograd.py defines no function {name!r}"
        assert signatures[name] == exercise.arg_names, (
            f"{name} takes ({', '.join(signatures[name])}), "
            f"the exercise passes ({', '.join(exercise.arg_names)})"
        )


def test_every_solution_function_is_used_by_the_spec() -> None:
    used = {exercise.entry_name for exercise in ASSIGNMENT.exercises}
    used |= {function for _, function in MISTAKE_PAIRS}
    unused = sorted(set(solution_signatures()) - used)
    assert not unused, f"functions no exercise refers to: {unused}"


# ---------------------------------------------------------------------------------------------
# Reference and mistakes on real torch
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_torch() -> ModuleType:
    return pytest.importorskip("torch", reason="real PyTorch is needed for live checks")


@pytest.fixture(scope="module")
def torch_answers(real_torch: ModuleType) -> ReferenceAnswers:
    return reference_answers(SOLUTION_PATH, list(PLANS.values()), backend="torch")


@pytest.fixture(scope="module")
def torch_solution(real_torch: ModuleType) -> ModuleType:
    """The solution module imported directly, bound to real torch (for closed-form tests)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("autograd_solution_on_torch", SOLUTION_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The tutorials' printed numbers (torch 2.13 where a tutorial shows an older version).
TUTORIAL_ANSWERS = {
    "build_graph": 17.0,
    "leaf_gradients": (4.0, 3.0, 1.0),
    "vector_backward": (6.0, [3.0, 3.0], 2.0),
    "mean_backward": (3.0, [1.5, 1.5], 1.0),
    "backward_twice": (-2.0, 6.0),
    "intermediate_grads": (4.0, 1.0),
    "doubled_hook": ([2.0, 4.0, 6.0], [3.0, 6.0, 9.0]),
    "negated_hook": ([[-2.0, -2.0]] * 2, [[-2.0, -2.0]] * 2, [[-2.0, -2.0]] * 2),
    "detach_shares_memory": ([5.0, 0.0, 0.0], [5.0, 0.0, 0.0]),
    "stop_gradient": ([[4.0, 4.0]] * 2, [[4.0, 4.0]] * 2, [[4.0, 4.0]] * 2, [[-1.0, -1.0]] * 2),
    "enable_inside_no_grad": [2.0],
    "requires_grad_flow": (False, True, True, False),
    "higher_derivatives": (12.0, 12.0, 6.0),
    "jvp_select": [[2.0, 3.0], [2.0, 0.0]],
    "sum_of_squares_grad": [2.0, 4.0, 6.0, 8.0, 10.0],
    "mean_of_sum": ([[0.25, 0.25]] * 2,) * 3,
    "quadratic_mean_grad": [[4.5, 4.5], [4.5, 4.5]],
    "accumulate_across_graphs": (6.0, -1.0, -1.0, -1.0),
    "untracked_input_grads": (3.0, -1.0, None),
    "make_trainable": [1.0, 2.0],
    "grad_outputs_second": ([[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]], [[2.0] * 3] * 2),
    "loss_grad_fn_names": ("AddBackward0", "BinaryCrossEntropyWithLogitsBackward0"),
    "accumulated_then_zeroed": (
        (np.eye(5) * 2 + 2).tolist(),
        (np.eye(5) * 4 + 4).tolist(),
        (np.eye(5) * 2 + 2).tolist(),
    ),
}


def plain(observed: Any) -> Any:
    """The numbers/values of an observation, for comparing with literal answers."""
    if observed.kind == "sequence":
        return tuple(plain(item) for item in observed.items)
    if observed.kind == "tensor":
        return observed.data.tolist()
    return observed.value


def flatten_numbers(nested: Any) -> list[float] | None:
    """All numbers of a nested answer in order; None when it holds strings or bools."""
    if isinstance(nested, (list, tuple)):
        parts = [flatten_numbers(item) for item in nested]
        if any(part is None for part in parts):
            return None
        return [value for part in parts for value in part]
    if isinstance(nested, (str, bool)) or nested is None:
        return None
    return [float(nested)]


@pytest.mark.torch
@pytest.mark.parametrize("exercise_id", sorted(TUTORIAL_ANSWERS))
def test_reference_reproduces_the_tutorial(exercise_id: str, torch_answers) -> None:
    plan = PLANS[exercise_id]
    seed_index = [case.case_id for case in plan.cases].index("seed")
    outcome = outcomes_of(torch_answers, plan)[seed_index]
    assert outcome.status == "ok", outcome.exception
    answer = plain(outcome.value)
    expected = TUTORIAL_ANSWERS[exercise_id]
    if flatten_numbers(expected) is None:
        assert answer == expected  # strings and bools compare exactly
    else:
        np.testing.assert_allclose(flatten_numbers(answer), flatten_numbers(expected), rtol=1e-6)


@pytest.mark.torch
@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_reference_satisfies_its_declared_checks(exercise_id: str, torch_answers) -> None:
    plan = PLANS[exercise_id]
    for index, outcome in enumerate(outcomes_of(torch_answers, plan)):
        case = plan.cases[index]
        wanted = "raised" if case.checks.raises else "ok"
        detail = outcome.exception.message if outcome.exception else outcome.value
        assert outcome.status == wanted, f"{case.case_id}: {outcome.status}: {detail}"
        # Against itself only the absolute checks can fail: raises/match and named grad_fn.
        assert not failed_checks(outcome, outcome, plan, index), case.case_id
        for name in case.checks.grads:
            assert outcome.grads.get(name) is not None, f"{case.case_id}: {name}.grad is None"


@pytest.mark.torch
@pytest.mark.parametrize(("exercise_id", "mistake"), MISTAKE_PAIRS)
def test_mistake_fails_against_the_reference(exercise_id: str, mistake: str, torch_answers):
    plan = PLANS[exercise_id]
    reference = outcomes_of(torch_answers, plan)
    wrong = outcomes_of(torch_answers, plan, mistake)
    failures = [failed_checks(reference[i], wrong[i], plan, i) for i in range(len(plan.cases))]
    assert any(failures), f"{mistake} passes every case: it is not a mistake"


@pytest.mark.torch
@pytest.mark.parametrize(("exercise_id", "mistake"), MISTAKE_PAIRS)
def test_mistake_would_match_a_student_who_makes_it(exercise_id: str, mistake: str, torch_answers):
    plan = PLANS[exercise_id]
    wrong = outcomes_of(torch_answers, plan, mistake)
    for index, outcome in enumerate(wrong):
        case_id = plan.cases[index].case_id
        # A mistake that raises matches a student whose call raises the same way.
        assert outcome.status in ("ok", "raised"), f"{mistake} on {case_id}: {outcome.status}"
        assert not failed_checks(outcome, outcome, plan, index), f"{mistake} on {case_id}"


@pytest.mark.torch
@pytest.mark.parametrize("exercise_id", sorted({exercise_id for exercise_id, _ in MISTAKE_PAIRS}))
def test_mistakes_of_an_exercise_are_distinguishable(exercise_id: str, torch_answers) -> None:
    # The grader shows the first mistake that matches; an identical later one would never show.
    plan = PLANS[exercise_id]
    functions = [mistake.function for mistake in plan.exercise.mistakes]
    for position, earlier in enumerate(functions):
        for later in functions[position + 1 :]:
            first = outcomes_of(torch_answers, plan, earlier)
            second = outcomes_of(torch_answers, plan, later)
            assert any(
                failed_checks(first[i], second[i], plan, i) for i in range(len(plan.cases))
            ), f"{later} observes exactly like {earlier}: its message can never be shown"


def submission_with(entries: dict[str, str]) -> str:
    """Source of a student file: the solution module with some entries rebound to mistakes."""
    rebinding = [f"{entry} = {function}" for entry, function in entries.items()]
    return "\n".join([SOLUTION_PATH.read_text(), *rebinding, ""])


def grade(source: str, folder: Path, only: list[str] | None = None) -> dict[str, Any]:
    """Grade `source` end to end (sandboxed child, student on real torch) by exercise id."""
    from gradekit.grading.pipeline import grade_submission

    submission = folder / "autograd_exercises.py"
    submission.write_text(source)
    result = grade_submission(
        submission, ASSIGNMENT, backend="torch", reference_backend="engine", only=only
    )
    return {exercise.id: exercise for exercise in result.exercises}


@pytest.mark.torch
@pytest.mark.slow
def test_reference_submission_earns_every_point(real_torch: ModuleType, tmp_path: Path) -> None:
    results = grade(SOLUTION_PATH.read_text(), tmp_path)
    failing = {exercise_id: result.status for exercise_id, result in results.items()}
    assert all(status == "pass" for status in failing.values()), failing


@pytest.mark.torch
@pytest.mark.slow
@pytest.mark.parametrize("rank", range(max(len(e.mistakes) for e in ASSIGNMENT.exercises)))
def test_each_mistake_shows_its_own_message(rank: int, real_torch, tmp_path: Path) -> None:
    # One submission per rank: every exercise's entry is replaced by its rank-th mistake.
    chosen = {e.id: e.mistakes[rank] for e in ASSIGNMENT.exercises if len(e.mistakes) > rank}
    results = grade(
        submission_with({EXERCISES[i].entry_name: m.function for i, m in chosen.items()}),
        tmp_path,
        only=list(chosen),
    )
    wrong_feedback = {
        exercise_id: (results[exercise_id].status, results[exercise_id].mistake)
        for exercise_id, mistake in chosen.items()
        if results[exercise_id].status == "pass" or results[exercise_id].mistake != mistake.message
    }
    assert not wrong_feedback, wrong_feedback


# ---------------------------------------------------------------------------------------------
# Closed-form derivatives on generated inputs (hypothesis, real torch)
# ---------------------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

finite = st.floats(-3.0, 3.0, allow_nan=False, width=64)
vectors = hnp.arrays(np.float64, st.integers(1, 6), elements=finite)


@pytest.mark.torch
@settings(max_examples=40, deadline=None)
@given(x=finite)
def test_higher_derivatives_match_the_power_rule(x: float, torch_solution: ModuleType) -> None:
    torch = sys.modules["torch"]
    point = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    first, second, third = torch_solution.higher_derivatives(point)
    np.testing.assert_allclose([first.item(), second.item(), third.item()], [3 * x * x, 6 * x, 6])


@pytest.mark.torch
@settings(max_examples=40, deadline=None)
@given(values=vectors)
def test_tanh_derivatives_match_closed_forms(values: np.ndarray, torch_solution: Any) -> None:
    torch = sys.modules["torch"]
    first, second, third = torch_solution.tanh_derivatives(torch.tensor(values, requires_grad=True))
    t = np.tanh(values)
    np.testing.assert_allclose(first.detach().numpy(), 1 - t**2, atol=1e-12)
    np.testing.assert_allclose(second.detach().numpy(), -2 * t * (1 - t**2), atol=1e-12)
    np.testing.assert_allclose(third.detach().numpy(), (1 - t**2) * (6 * t**2 - 2), atol=1e-12)


@pytest.mark.torch
@settings(max_examples=40, deadline=None)
@given(values=vectors.filter(lambda v: np.linalg.norm(v) > 1e-3))
def test_dynamic_loop_grad_is_a_scaled_unit_vector(values: np.ndarray, torch_solution: Any) -> None:
    torch = sys.modules["torch"]
    gradient = torch_solution.dynamic_loop_grad(torch.tensor(values, requires_grad=True))
    norm = np.linalg.norm(values)
    doublings = max(1, math.ceil(math.log2(1000 / norm)))
    np.testing.assert_allclose(gradient.numpy(), 2.0**doublings * values / norm, rtol=1e-9)


@pytest.mark.torch
@settings(max_examples=40, deadline=None)
@given(data=st.data(), size=st.integers(1, 5))
def test_doubled_hook_gives_two_then_three_times_g(data: Any, size: int, torch_solution: Any):
    torch = sys.modules["torch"]
    g = data.draw(hnp.arrays(np.float64, size, elements=finite))
    v = torch.zeros(size, dtype=torch.float64, requires_grad=True)
    after_first, after_second = torch_solution.doubled_hook(v, torch.tensor(g))
    np.testing.assert_allclose(after_first.numpy(), 2 * g)
    np.testing.assert_allclose(after_second.numpy(), 3 * g)


@pytest.mark.torch
@settings(max_examples=40, deadline=None)
@given(
    values=hnp.arrays(np.float64, st.tuples(st.integers(1, 4), st.integers(1, 4)), elements=finite)
)
def test_accumulated_then_zeroed_is_g_2g_g(values: np.ndarray, torch_solution: Any) -> None:
    torch = sys.modules["torch"]
    first, second, third = torch_solution.accumulated_then_zeroed(
        torch.tensor(values, requires_grad=True)
    )
    g = 2 * (values + 1)
    np.testing.assert_allclose(first.numpy(), g)
    np.testing.assert_allclose(second.numpy(), 2 * g)
    np.testing.assert_allclose(third.numpy(), g)


@pytest.mark.torch
@settings(max_examples=20, deadline=None)
@given(flags=st.tuples(st.booleans(), st.booleans(), st.booleans()))
def test_requires_grad_flow_follows_the_any_input_rule(flags, torch_solution: Any) -> None:
    torch = sys.modules["torch"]
    x, y, z = (torch.ones(2, requires_grad=flag) for flag in flags)
    a_tracked = flags[0] or flags[1]
    b_tracked = a_tracked or flags[2]
    expected = (a_tracked, b_tracked, not a_tracked, not b_tracked)
    assert torch_solution.requires_grad_flow(x, y, z) == expected


@pytest.mark.torch
@settings(max_examples=20, deadline=None)
@given(flags=st.tuples(st.booleans(), st.booleans(), st.booleans()))
def test_build_graph_records_an_add_node_iff_an_input_requires_grad(flags, torch_solution):
    torch = sys.modules["torch"]
    x, a, b = (torch.full((2,), 1.5, requires_grad=flag) for flag in flags)
    z = torch_solution.build_graph(x, a, b)
    tracked = any(flags)
    assert (z.requires_grad, z.is_leaf) == (tracked, not tracked)
    grad_fn_name = None if z.grad_fn is None else type(z.grad_fn).__name__
    assert grad_fn_name == ("AddBackward0" if tracked else None)


# ---------------------------------------------------------------------------------------------
# The expected answers as the grader computes them: on gradekit's engine
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def engine_answers() -> ReferenceAnswers:
    return reference_answers(SOLUTION_PATH, list(PLANS.values()), backend="engine")


@pytest.mark.torch
@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_reference_on_torch_passes_against_engine_answers(
    exercise_id: str, torch_answers, engine_answers
) -> None:
    plan = PLANS[exercise_id]
    expected = outcomes_of(engine_answers, plan)
    got = outcomes_of(torch_answers, plan)
    problems = []
    for index, case in enumerate(plan.cases):
        if expected[index].status not in ("ok", "raised"):
            problems.append(
                f"{case.case_id}: engine {expected[index].status}: {expected[index].exception}"
            )
            continue
        for message in failed_checks(expected[index], got[index], plan, index):
            problems.append(f"{case.case_id}: {message}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("exercise_id", "mistake"), MISTAKE_PAIRS)
def test_mistake_fails_against_engine_answers(exercise_id, mistake, engine_answers) -> None:
    plan = PLANS[exercise_id]
    reference = outcomes_of(engine_answers, plan)
    wrong = outcomes_of(engine_answers, plan, mistake)
    failures = [failed_checks(reference[i], wrong[i], plan, i) for i in range(len(plan.cases))]
    assert any(failures), f"{mistake} passes every case on the engine"


@pytest.mark.torch
@pytest.mark.parametrize(("exercise_id", "mistake"), MISTAKE_PAIRS)
def test_mistake_on_torch_matches_its_engine_answers(
    exercise_id: str, mistake: str, torch_answers, engine_answers
) -> None:
    # A student on real torch who makes this mistake must be recognised by engine answers.
    plan = PLANS[exercise_id]
    expected = outcomes_of(engine_answers, plan, mistake)
    got = outcomes_of(torch_answers, plan, mistake)
    problems = [
        f"{plan.cases[index].case_id}: {message}"
        for index in range(len(plan.cases))
        for message in failed_checks(expected[index], got[index], plan, index)
    ]
    assert not problems, "\n".join(problems)
