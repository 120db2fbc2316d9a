"""Tests of the autograd assignment: exercises/autograd.yaml and solutions/autograd.py.

What is checked:

* the YAML is a valid spec and keeps the public contract (the exercise names course material
  refers to), and the solution module defines every entry and mistake with the right signature;
* on real torch 2.13, the reference reproduces the tutorials' numbers, satisfies the checks its
  exercise declares, and agrees with closed-form derivatives on generated inputs (hypothesis);
* every mistake function gives an answer that differs from the reference on at least one case,
  so its feedback can be told apart from a correct answer;
* on gradekit's engine (run in a child process, because `install_torch_alias()` rebinds `torch`
  for the whole process), the reference and the mistakes observe exactly like on real torch.

Running this file as a script (`python test_autograd_assignment.py --engine`) is that child
process: it installs the alias, runs every function on every case and prints JSON.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import math
import re
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
SPEC_PATH = REPO / "exercises" / "autograd.yaml"
SOLUTION_PATH = REPO / "solutions" / "autograd.py"

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

# Mistakes whose returned value equals the reference's by design: the error they model is in
# the graph (requires_grad / grad_fn / is_leaf), which the exercise's checks look at.
GRAPH_ONLY_MISTAKES = {
    "build_graph_detached",
    "build_graph_fresh_tensor",
    "no_grad_forward_tracked",
    "enable_inside_no_grad_missing_enable",
    "requires_grad_later_too_late",
    "detach_shares_memory_no_grad_write",
}

# Float comparison defaults of torch.testing.assert_close, by dtype name.
DEFAULT_TOLERANCE = {
    "float16": (1e-3, 1e-5),
    "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7),
}


# ---------------------------------------------------------------------------------------------
# Loading the spec and the solution
# ---------------------------------------------------------------------------------------------


def load_assignment() -> Any:
    """The assignment model, through the spec package's loader when it exists."""
    try:
        from gradekit.spec.loader import load_assignment as spec_loader
    except ImportError:
        from gradekit.spec.models import Assignment

        return Assignment.model_validate(yaml.safe_load(SPEC_PATH.read_text()))
    return spec_loader(SPEC_PATH)


def import_solution(module_name: str) -> ModuleType:
    """A fresh copy of solutions/autograd.py, bound to whatever `torch` resolves to now."""
    spec = importlib.util.spec_from_file_location(module_name, SOLUTION_PATH)
    assert spec is not None and spec.loader is not None, f"cannot import {SOLUTION_PATH}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def solution_signatures() -> dict[str, list[str]]:
    """Parameter names of every top-level function of the solution, read from its source."""
    tree = ast.parse(SOLUTION_PATH.read_text(), filename=str(SOLUTION_PATH))
    return {
        node.name: [argument.arg for argument in node.args.args]
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


# ---------------------------------------------------------------------------------------------
# Running one function on one case and observing the outcome as plain data
# ---------------------------------------------------------------------------------------------


def build_argument(arg: Any, torch: Any) -> Any:
    """Materialise one spec argument with `torch` (real torch or the engine alias)."""
    from gradekit.spec import models

    if isinstance(arg, models.TensorLiteralArg):
        data = np.asarray(arg.tensor, dtype=arg.resolved_dtype)
        return torch.tensor(data.tolist(), dtype=getattr(torch, arg.resolved_dtype)).requires_grad_(
            arg.requires_grad
        )
    if isinstance(arg, (models.RandomNormalArg, models.RandomUniformArg, models.RandomIntArg)):
        generator = np.random.default_rng(arg.seed)
        if isinstance(arg, models.RandomNormalArg):
            data = generator.normal(arg.mean, arg.std, size=arg.shape)
        elif isinstance(arg, models.RandomUniformArg):
            data = generator.uniform(arg.low, arg.high, size=arg.shape)
        else:
            data = generator.integers(arg.low, arg.high, size=arg.shape)
        values = np.asarray(data).astype(arg.dtype).tolist()
        tensor = torch.tensor(values, dtype=getattr(torch, arg.dtype))
        return tensor.requires_grad_(arg.requires_grad)
    if isinstance(arg, models.TupleArg):
        return tuple(build_argument(item, torch) for item in arg.tuple)
    return arg.python


def observe(value: Any, torch: Any) -> Any:
    """JSON-compatible picture of a returned value (tensors with their graph attributes)."""
    if isinstance(value, torch.Tensor):
        data = value.detach()
        return {
            "kind": "tensor",
            "type": f"{type(value).__module__}.{type(value).__name__}",
            "dtype": str(data.dtype).removeprefix("torch."),
            "shape": list(data.shape),
            "data": data.tolist(),
            "requires_grad": bool(value.requires_grad),
            "is_leaf": bool(value.is_leaf),
            "grad_fn": None if value.grad_fn is None else type(value.grad_fn).__name__,
        }
    if isinstance(value, (tuple, list)):
        return {
            "kind": "sequence",
            "type": type(value).__name__,
            "items": [observe(item, torch) for item in value],
        }
    if value is None or isinstance(value, (bool, int, float, str)):
        return {"kind": "python", "type": type(value).__name__, "value": value}
    return {"kind": "object", "type": f"{type(value).__module__}.{type(value).__qualname__}"}


def run_case(function: Any, case: Any, torch: Any) -> dict[str, Any]:
    """Call `function` on fresh arguments of `case`; record the outcome, grads and inputs."""
    args = {name: build_argument(arg, torch) for name, arg in case.args.items()}
    with warnings.catch_warnings():
        # Some mistakes read .grad of a non-leaf on purpose, which torch warns about.
        warnings.simplefilter("ignore")
        try:
            outcome = {"status": "ok", "value": observe(function(*args.values()), torch)}
        except Exception as error:  # noqa: BLE001 - the exception *is* the observation
            outcome = {"status": "raised", "type": type(error).__name__, "message": str(error)}
    tensors = {name: arg for name, arg in args.items() if isinstance(arg, torch.Tensor)}
    outcome["grads"] = {
        name: observe(tensor.grad, torch)
        for name, tensor in tensors.items()
        if tensor.requires_grad
    }
    outcome["inputs_after"] = {name: observe(tensor, torch) for name, tensor in tensors.items()}
    return outcome


def observe_assignment(solution: ModuleType, torch: Any) -> dict[str, dict[str, Any]]:
    """{exercise id: {function name: {case id: outcome}}} for the entry and every mistake."""
    observations: dict[str, dict[str, Any]] = {}
    for exercise in load_assignment().exercises:
        names = [exercise.entry_name] + [mistake.function for mistake in exercise.mistakes]
        observations[exercise.id] = {
            name: {
                case.id: run_case(getattr(solution, name), case, torch)
                for case in exercise.expanded_cases()
            }
            for name in names
        }
    return observations


# ---------------------------------------------------------------------------------------------
# Comparing observations
# ---------------------------------------------------------------------------------------------


def same_value(expected: Any, actual: Any, tolerance: tuple[float, float] | None) -> bool:
    """Equal returned values: same structure, types, dtypes, shapes; floats allclose."""
    if expected["kind"] != actual["kind"] or expected["type"] != actual["type"]:
        return False
    if expected["kind"] == "sequence":
        return len(expected["items"]) == len(actual["items"]) and all(
            same_value(left, right, tolerance)
            for left, right in zip(expected["items"], actual["items"], strict=True)
        )
    if expected["kind"] == "tensor":
        if (expected["dtype"], expected["shape"]) != (actual["dtype"], actual["shape"]):
            return False
        rtol, atol = tolerance or DEFAULT_TOLERANCE.get(expected["dtype"], (0.0, 0.0))
        return bool(
            np.allclose(
                np.asarray(expected["data"], dtype=float),
                np.asarray(actual["data"], dtype=float),
                rtol=rtol,
                atol=atol,
                equal_nan=True,
            )
        )
    if expected["kind"] == "python" and isinstance(expected["value"], float):
        rtol, atol = tolerance or DEFAULT_TOLERANCE["float64"]
        return math.isclose(expected["value"], actual["value"], rel_tol=rtol, abs_tol=atol)
    return expected == actual


GRAPH_FIELDS = ("requires_grad", "is_leaf", "grad_fn")


def same_graph(expected: Any, actual: Any) -> bool:
    """Equal graph attributes (requires_grad, is_leaf, grad_fn) of every returned tensor."""
    if expected["kind"] == "sequence" and actual["kind"] == "sequence":
        return len(expected["items"]) == len(actual["items"]) and all(
            same_graph(left, right)
            for left, right in zip(expected["items"], actual["items"], strict=True)
        )
    if expected["kind"] == "tensor" and actual["kind"] == "tensor":
        return all(expected[field] == actual[field] for field in GRAPH_FIELDS)
    return True


def differences(
    expected: dict[str, Any], actual: dict[str, Any], tolerance: tuple[float, float] | None
) -> list[str]:
    """What differs between two outcomes of one case; empty when they observe the same."""
    found = []
    if expected["status"] != actual["status"]:
        return [f"status {expected['status']} vs {actual['status']}"]
    if expected["status"] == "raised":
        if (expected["type"], expected["message"]) != (actual["type"], actual["message"]):
            found.append(
                f"raised {expected['type']}: {expected['message']!r} "
                f"vs {actual['type']}: {actual['message']!r}"
            )
    else:
        if not same_value(expected["value"], actual["value"], tolerance):
            found.append(f"value {expected['value']} vs {actual['value']}")
        elif not same_graph(expected["value"], actual["value"]):
            found.append(f"graph attributes {expected['value']} vs {actual['value']}")
    for field in ("grads", "inputs_after"):
        for name, observed in expected[field].items():
            if not same_value(observed, actual[field][name], tolerance):
                found.append(f"{field}[{name}] {observed} vs {actual[field][name]}")
    return found


def tolerance_of(exercise: Any) -> tuple[float, float] | None:
    if exercise.tolerance.rtol is None:
        return None
    return (exercise.tolerance.rtol, exercise.tolerance.atol)


# ---------------------------------------------------------------------------------------------
# Spec and solution structure (no torch needed)
# ---------------------------------------------------------------------------------------------


ASSIGNMENT = load_assignment()
EXERCISES = {exercise.id: exercise for exercise in ASSIGNMENT.exercises}
MISTAKE_PAIRS = [
    (exercise.id, mistake.function)
    for exercise in ASSIGNMENT.exercises
    for mistake in exercise.mistakes
]


def test_spec_points_at_this_solution() -> None:
    solution = (SPEC_PATH.parent / ASSIGNMENT.assignment.solution).resolve()
    assert solution == SOLUTION_PATH


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
    assert exercise.mistakes, "every exercise names at least one known mistake"
    assert any(case.hidden for case in exercise.cases), "every exercise has hidden cases"
    assert any(not case.hidden for case in exercise.cases), "every exercise shows a case"


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
def torch_solution(real_torch: ModuleType) -> ModuleType:
    return import_solution("autograd_solution_on_torch")


@pytest.fixture(scope="module")
def torch_observations(real_torch: ModuleType, torch_solution: ModuleType) -> dict[str, Any]:
    return observe_assignment(torch_solution, real_torch)


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
    "grad_outputs_second": ([[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]], [[2.0] * 3] * 2),
    "loss_grad_fn_names": ("AddBackward0", "BinaryCrossEntropyWithLogitsBackward0"),
    "accumulated_then_zeroed": (
        (np.eye(5) * 2 + 2).tolist(),
        (np.eye(5) * 4 + 4).tolist(),
        (np.eye(5) * 2 + 2).tolist(),
    ),
}


def plain(observed: Any) -> Any:
    """Just the numbers/values of an observation, for comparing with literal answers."""
    if observed["kind"] == "sequence":
        return tuple(plain(item) for item in observed["items"])
    if observed["kind"] == "tensor":
        return observed["data"]
    return observed.get("value")


@pytest.mark.torch
@pytest.mark.parametrize("exercise_id", sorted(TUTORIAL_ANSWERS))
def test_reference_reproduces_the_tutorial(exercise_id: str, torch_observations: dict) -> None:
    exercise = EXERCISES[exercise_id]
    outcome = torch_observations[exercise_id][exercise.entry_name]["seed"]
    assert outcome["status"] == "ok", outcome
    answer = plain(outcome["value"])
    expected = TUTORIAL_ANSWERS[exercise_id]
    if _flatten_or_none(expected) is None:
        assert answer == expected  # strings and bools compare exactly
    else:
        np.testing.assert_allclose(_flatten_or_none(answer), _flatten_or_none(expected), rtol=1e-6)


def _flatten_or_none(nested: Any) -> list[float] | None:
    """All numbers of a nested answer in order; None when it holds strings or bools."""
    if isinstance(nested, (list, tuple)):
        parts = [_flatten_or_none(item) for item in nested]
        if any(part is None for part in parts):
            return None
        return [value for part in parts for value in part]
    if isinstance(nested, (str, bool)):
        return None
    return [float(nested)]


@pytest.mark.torch
@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_reference_satisfies_its_declared_checks(
    exercise_id: str, torch_observations: dict, real_torch: ModuleType
) -> None:
    exercise = EXERCISES[exercise_id]
    for case in exercise.expanded_cases():
        outcome = torch_observations[exercise_id][exercise.entry_name][case.id]
        checks = exercise.checks_for(case)
        raises = [check for check in checks if check.kind == "raises"]
        if raises:
            assert outcome["status"] == "raised", f"{case.id}: expected an exception"
            assert outcome["type"] == raises[0].type, f"{case.id}: {outcome}"
            assert re.search(raises[0].match or "", outcome["message"]), f"{case.id}: {outcome}"
            continue
        assert outcome["status"] == "ok", f"{case.id}: reference raised {outcome}"
        for check in checks:
            if check.kind == "grad_fn" and check.name is not None:
                assert outcome["value"]["grad_fn"] == check.name, case.id
            if check.kind == "grad":
                for name in check.names:
                    grad = outcome["grads"][name]
                    assert grad["kind"] == "tensor", f"{case.id}: {name}.grad is {grad}"
            if check.kind == "mutated":
                for name in check.names:
                    original = observe(build_argument(case.args[name], real_torch), real_torch)
                    after = outcome["inputs_after"][name]
                    assert not same_value(original, after, None), f"{case.id}: {name} unchanged"


@pytest.mark.torch
@pytest.mark.parametrize(("exercise_id", "mistake"), MISTAKE_PAIRS)
def test_mistake_differs_from_the_reference(
    exercise_id: str, mistake: str, torch_observations: dict
) -> None:
    exercise = EXERCISES[exercise_id]
    reference = torch_observations[exercise_id][exercise.entry_name]
    wrong = torch_observations[exercise_id][mistake]
    tolerance = tolerance_of(exercise)
    value_differs = graph_differs = False
    for case_id, expected in reference.items():
        actual = wrong[case_id]
        if expected["status"] != actual["status"]:
            value_differs = True
        elif expected["status"] == "ok":
            value_differs |= not same_value(expected["value"], actual["value"], tolerance)
            graph_differs |= not same_graph(expected["value"], actual["value"])
    if mistake in GRAPH_ONLY_MISTAKES:
        assert graph_differs, f"{mistake} observes exactly like the reference on every case"
    else:
        assert value_differs, f"{mistake} returns the reference's value on every case"


@pytest.mark.torch
@pytest.mark.parametrize(("exercise_id", "mistake"), MISTAKE_PAIRS)
def test_mistake_runs_without_error_unless_the_reference_raises(
    exercise_id: str, mistake: str, torch_observations: dict
) -> None:
    # A mistake that crashes cannot be matched against a student's returned value.
    for case_id, outcome in torch_observations[exercise_id][mistake].items():
        assert outcome["status"] == "ok", f"{mistake} on {case_id}: {outcome}"


# ---------------------------------------------------------------------------------------------
# Closed-form derivatives on generated inputs (hypothesis, real torch)
# ---------------------------------------------------------------------------------------------

hypothesis = pytest.importorskip("hypothesis", reason="hypothesis drives the generated inputs")
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


# ---------------------------------------------------------------------------------------------
# The same functions on gradekit's engine (child process)
# ---------------------------------------------------------------------------------------------


def engine_is_available() -> bool:
    try:
        import gradekit.engine as engine
    except ImportError:
        return False
    return hasattr(engine, "install_torch_alias")


@pytest.fixture(scope="module")
def engine_observations(real_torch: ModuleType) -> dict[str, Any]:
    if not engine_is_available():
        pytest.skip("gradekit.engine has no install_torch_alias() yet")
    child = subprocess.run(
        [sys.executable, __file__, "--engine"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
    )
    assert child.returncode == 0, f"engine run failed:\n{child.stderr[-4000:]}"
    return json.loads(child.stdout)


@pytest.mark.torch
@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_engine_observes_like_torch(
    exercise_id: str, torch_observations: dict, engine_observations: dict
) -> None:
    exercise = EXERCISES[exercise_id]
    problems = []
    for function, cases in torch_observations[exercise_id].items():
        for case_id, expected in cases.items():
            actual = engine_observations[exercise_id][function][case_id]
            for difference in differences(expected, actual, tolerance_of(exercise)):
                problems.append(f"{function} on {case_id}: torch {difference} (engine)")
    assert not problems, "\n".join(problems)


def _engine_child_main() -> None:
    """Child process: observe every function on every case with torch = gradekit's engine."""
    import gradekit.engine

    gradekit.engine.install_torch_alias()
    torch = sys.modules["torch"]
    solution = import_solution("autograd_solution_on_engine")
    json.dump(observe_assignment(solution, torch), sys.stdout)


if __name__ == "__main__" and sys.argv[1:] == ["--engine"]:
    _engine_child_main()
