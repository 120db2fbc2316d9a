"""Spec -> concrete sandbox ``Call``s: arguments materialised as numpy data, checks resolved.

Random inputs come from ``numpy.random.default_rng(seed)`` so they are identical on every machine
and for every backend: ``normal`` is ``standard_normal(shape) * std + mean``, ``uniform`` is
``uniform(low, high, shape)``, ``randint`` is ``integers(low, high, shape)``, each then cast to the
argument's dtype. Seeds (including ``repeat`` copies: seed, seed+1, ...) come from
``Exercise.expanded_cases()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gradekit.grading.compare import Checks
from gradekit.grading.static import StaticRules
from gradekit.sandbox.protocol import ArgSpec, Call, Capture
from gradekit.spec.models import (
    Assignment,
    Exercise,
    PythonArg,
    RandomIntArg,
    RandomNormalArg,
    RandomUniformArg,
    TensorLiteralArg,
    Tolerance,
    TupleArg,
)


class UnknownExerciseError(ValueError):
    """``--only`` named an exercise the assignment does not have."""


@dataclass(frozen=True)
class GradingCase:
    """One concrete call of an exercise's entry, with what to compare afterwards."""

    case_id: str  # concrete id: "random#2" for the second repeat of case "random"
    call: Call
    checks: Checks
    weight: float
    hidden: bool
    description: str | None
    inputs: dict[str, str]  # human description of each argument, for feedback


@dataclass(frozen=True)
class ExercisePlan:
    """An exercise and the concrete cases to grade it with."""

    exercise: Exercise
    cases: list[GradingCase] = field(default_factory=list)
    rules: StaticRules = field(default_factory=StaticRules)

    @property
    def calls(self) -> list[Call]:
        return [case.call for case in self.cases]


def build_plan(
    assignment: Assignment, *, only: Iterable[str] | None = None, include_hidden: bool = True
) -> list[ExercisePlan]:
    """The exercises to grade (all, or those named in ``only``) with their concrete cases.

    Raises :class:`UnknownExerciseError` listing the valid ids when ``only`` names an unknown one.
    """
    wanted = list(only or [])
    known = [exercise.id for exercise in assignment.exercises]
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise UnknownExerciseError(
            f"no exercise {', '.join(map(repr, unknown))} in {assignment.id}; "
            f"choose from: {', '.join(known)}"
        )
    plans = []
    for exercise in assignment.exercises:
        if wanted and exercise.id not in wanted:
            continue
        cases = [
            _grading_case(exercise, case)
            for case in exercise.expanded_cases()
            if include_hidden or not case.hidden
        ]
        rules = StaticRules(
            max_statements=exercise.constraints.max_statements,
            forbid=tuple(exercise.constraints.forbid),
            require=tuple(exercise.constraints.require),
        )
        plans.append(ExercisePlan(exercise=exercise, cases=cases, rules=rules))
    return plans


def call_id_for(exercise: Exercise, case_id: str) -> str:
    """Unique id of a case's call across the whole assignment."""
    return f"{exercise.id}/{case_id}"


def _grading_case(exercise: Exercise, case: Any) -> GradingCase:
    checks = checks_from_spec(exercise.checks_for(case), exercise.tolerance_for(case))
    call = Call(
        call_id=call_id_for(exercise, case.id),
        entry=exercise.entry_name,
        entry_kind=exercise.kind,
        args={name: materialise(arg) for name, arg in case.args.items()},
        capture=Capture(grads=checks.grads, inputs_after=checks.unchanged + checks.mutated),
        timeout=exercise.timeout,
    )
    return GradingCase(
        case_id=case.id,
        call=call,
        checks=checks,
        weight=case.weight,
        hidden=case.hidden,
        description=case.description,
        inputs={name: describe_arg(arg) for name, arg in case.args.items()},
    )


def checks_from_spec(spec_checks: list[Any], tolerance: Tolerance) -> Checks:
    """Translate the spec's check models into one :class:`Checks`."""
    by_kind = {check.kind: check for check in spec_checks}
    value = by_kind.get("value")
    grad_fn = by_kind.get("grad_fn")
    raises = by_kind.get("raises")
    return Checks(
        value=value is not None,
        exact_type="type" in by_kind,
        shape="shape" in by_kind,
        dtype="dtype" in by_kind,
        requires_grad="requires_grad" in by_kind,
        is_leaf="is_leaf" in by_kind,
        grad_fn=grad_fn is not None,
        grad_fn_name=grad_fn.name if grad_fn is not None else None,
        grads=tuple(by_kind["grad"].names) if "grad" in by_kind else (),
        unchanged=tuple(by_kind["unchanged"].names) if "unchanged" in by_kind else (),
        mutated=tuple(by_kind["mutated"].names) if "mutated" in by_kind else (),
        raises=raises.type if raises is not None else None,
        raises_match=raises.match if raises is not None else None,
        reshape_ok=bool(value is not None and value.reshape_ok),
        rtol=tolerance.rtol,
        atol=tolerance.atol,
    )


def materialise(arg: Any) -> ArgSpec:
    """A spec argument as a concrete wire ``ArgSpec`` (random tensors drawn from their seed)."""
    if isinstance(arg, TensorLiteralArg):
        data = np.array(arg.tensor, dtype=arg.resolved_dtype)
        return ArgSpec.tensor(data, requires_grad=arg.requires_grad, dtype=arg.resolved_dtype)
    if isinstance(arg, RandomNormalArg | RandomUniformArg | RandomIntArg):
        return ArgSpec.tensor(random_tensor(arg), requires_grad=arg.requires_grad, dtype=arg.dtype)
    if isinstance(arg, TupleArg):
        return ArgSpec.tuple_of([materialise(item) for item in arg.tuple])
    if isinstance(arg, PythonArg):
        return ArgSpec.python(arg.python)
    raise TypeError(f"unsupported argument model {type(arg).__name__}")


def random_tensor(arg: RandomNormalArg | RandomUniformArg | RandomIntArg) -> np.ndarray:
    """The values of a random argument; ``arg.seed`` must be set (``expanded_cases`` does it)."""
    if arg.seed is None:
        raise ValueError("random argument without a seed; use Exercise.expanded_cases()")
    rng = np.random.default_rng(arg.seed)
    shape = tuple(arg.shape)
    if isinstance(arg, RandomNormalArg):
        values = rng.standard_normal(shape) * arg.std + arg.mean
    elif isinstance(arg, RandomUniformArg):
        values = rng.uniform(arg.low, arg.high, shape)
    else:
        values = rng.integers(arg.low, arg.high, shape)
    return np.asarray(values).astype(arg.dtype)


def describe_arg(arg: Any) -> str:
    """Short description of an argument for feedback: ``float32 (8, 3) normal, seed 7``."""
    if isinstance(arg, TensorLiteralArg):
        text = f"tensor({arg.tensor!r}, dtype={arg.resolved_dtype})"
        text = text if len(text) <= 80 else f"{arg.resolved_dtype} tensor of shape {arg.shape}"
    elif isinstance(arg, RandomNormalArg | RandomUniformArg | RandomIntArg):
        shape = "(" + ", ".join(map(str, arg.shape)) + ("," if len(arg.shape) == 1 else "") + ")"
        text = f"{arg.dtype} {shape} {arg.random}, seed {arg.seed}"
    elif isinstance(arg, TupleArg):
        items = [describe_arg(item) for item in arg.tuple]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    elif isinstance(arg, PythonArg):
        return repr(arg.python)[:80]
    else:
        return type(arg).__name__
    return text + (", requires_grad=True" if arg.requires_grad else "")
