"""Run a spec's reference solution and mistakes on real torch, to check the exercises themselves.

This is test tooling, not the grader: the grader materialises inputs in gradekit.grading.cases
and runs the reference on the engine. Here we only need *some* faithful inputs of the declared
shapes and dtypes to ask "does the reference satisfy its own checks?" and "does every mistake
differ from the reference somewhere?".
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from gradekit.grading.cases import DrawnShape, draw_shapes, random_shape_pair
from gradekit.spec.models import (
    Assignment,
    Case,
    Exercise,
    PythonArg,
    RandomIntArg,
    RandomNormalArg,
    RandomShapesArg,
    RandomUniformArg,
    TensorLiteralArg,
    TupleArg,
)


def load_module(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def materialise(arg: Any, torch: ModuleType) -> Any:
    """A torch value for a spec argument (random values from numpy's PCG64 with the seed)."""
    if isinstance(arg, DrawnShape):
        return arg.shape
    if isinstance(arg, RandomShapesArg):
        return random_shape_pair(arg)[0]
    if isinstance(arg, TupleArg):
        return tuple(materialise(item, torch) for item in arg.tuple)
    if isinstance(arg, PythonArg):
        return arg.python
    if isinstance(arg, TensorLiteralArg):
        dtype = getattr(torch, arg.resolved_dtype)
        return torch.tensor(arg.tensor, dtype=dtype, requires_grad=arg.requires_grad)
    rng = np.random.default_rng(arg.seed)
    if isinstance(arg, RandomNormalArg):
        data = rng.standard_normal(arg.shape) * arg.std + arg.mean
    elif isinstance(arg, RandomUniformArg):
        data = rng.uniform(arg.low, arg.high, arg.shape)
    elif isinstance(arg, RandomIntArg):
        data = rng.integers(arg.low, arg.high, arg.shape)
    else:  # pragma: no cover - the models admit no other kind
        raise TypeError(f"unknown argument {arg!r}")
    tensor = torch.from_numpy(np.asarray(data)).to(getattr(torch, arg.dtype))
    return tensor.requires_grad_(arg.requires_grad)


@dataclass
class Observation:
    """What a call did, in comparable form."""

    raised: str | None = None
    message: str = ""
    value: Any = None
    inputs_after: dict[str, Any] = field(default_factory=dict)


def _comparable(value: Any, torch: ModuleType) -> Any:
    if isinstance(value, torch.Tensor):
        data = value.detach().numpy()
        return ("tensor", type(value), str(value.dtype), tuple(value.shape), data.tolist())
    if isinstance(value, (tuple, list)):
        return (type(value), tuple(_comparable(item, torch) for item in value))
    return (type(value), value)


def observe(function: Any, names: list[str], args: list[Any], torch: ModuleType) -> Observation:
    """Call `function` on clones of `args` and record the result, exception and inputs after."""
    copies = [arg.clone() if isinstance(arg, torch.Tensor) else arg for arg in args]
    observation = Observation()
    try:
        observation.value = _comparable(function(*copies), torch)
    except Exception as error:  # noqa: BLE001 - any exception is an observation here
        observation.raised = type(error).__name__
        observation.message = str(error)
    observation.inputs_after = {
        name: _comparable(copy, torch) for name, copy in zip(names, copies, strict=True)
    }
    return observation


def differs(exercise: Exercise, case: Case, reference: Observation, other: Observation) -> bool:
    """Whether `other` fails at least one of the case's checks judged against `reference`."""
    if (reference.raised is None) != (other.raised is None):
        return True
    for check in exercise.checks_for(case):
        if check.kind in {"value", "type", "shape", "dtype"} and reference.value != other.value:
            return True
        if check.kind in {"mutated", "unchanged"} and any(
            reference.inputs_after[name] != other.inputs_after[name] for name in check.names
        ):
            return True
        if check.kind == "raises" and reference.raised != other.raised:
            return True
    return False


@dataclass
class ExerciseRun:
    exercise: Exercise
    cases: list[Case]
    reference: list[Observation]
    mistakes: dict[str, list[Observation]]


def run_assignment(assignment: Assignment, torch: ModuleType) -> list[ExerciseRun]:
    solution = load_module(assignment.solution_path, f"solution_{assignment.id.replace('-', '_')}")
    runs = []
    for exercise in assignment.exercises:
        cases = exercise.expanded_cases()
        names = exercise.arg_names

        def run(function: Any, cases: list[Case] = cases, names: list[str] = names) -> list:
            observations = []
            for case in cases:
                drawn = draw_shapes(case.args)
                args = [materialise(drawn[name], torch) for name in names]
                observations.append(observe(function, names, args, torch))
            return observations

        reference = run(getattr(solution, exercise.entry_name))
        mistakes = {m.function: run(getattr(solution, m.function)) for m in exercise.mistakes}
        runs.append(ExerciseRun(exercise, cases, reference, mistakes))
    return runs


def raises_as_expected(case_checks: list[Any], observation: Observation) -> bool:
    """Whether the observation satisfies the case's `raises` check (True if there is none)."""
    for check in case_checks:
        if check.kind == "raises":
            if observation.raised != check.type:
                return False
            return check.match is None or re.search(check.match, observation.message) is not None
    return observation.raised is None


@contextlib.contextmanager
def engine_as_torch() -> Iterator[ModuleType]:
    """`import torch` resolves to gradekit's engine inside the block (real torch after)."""
    import gradekit.engine as engine

    saved = sys.modules.get("torch")
    sys.modules["torch"] = engine
    try:
        yield engine
    finally:
        if saved is None:
            sys.modules.pop("torch", None)
        else:
            sys.modules["torch"] = saved


def comparable_observation(observation: Observation) -> str:
    """An observation as text in which engine and torch tensors look alike."""
    parts = (
        observation.raised,
        observation.message if observation.raised else None,
        observation.value,
        observation.inputs_after,
    )
    return repr(parts).replace("gradekit.engine.tensor", "torch")
