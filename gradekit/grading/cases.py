"""Spec -> concrete sandbox ``Call``s: arguments materialised as numpy data, checks resolved.

Random inputs come from ``numpy.random.default_rng(seed)`` so they are identical on every machine
and for every backend: ``normal`` is ``standard_normal(shape) * std + mean``, ``uniform`` is
``uniform(low, high, shape)``, ``randint`` is ``integers(low, high, shape)``, each then cast to the
argument's dtype; ``random_shapes`` pairs are drawn by :func:`random_shape_pair`. Seeds
(including ``repeat`` copies: seed, seed+1, ...) come from ``Exercise.expanded_cases()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gradekit.grading.compare import Checks

# The plan types live in a module without the spec models; re-exported from here.
from gradekit.grading.plans import CompiledAssignment, ExerciseSummary, MistakeSummary
from gradekit.grading.plans import ExercisePlan as ExercisePlan
from gradekit.grading.plans import GradingCase as GradingCase
from gradekit.grading.plans import UnknownExerciseError as UnknownExerciseError
from gradekit.grading.static import StaticRules, closest_name
from gradekit.sandbox.protocol import ArgSpec, Call, Capture
from gradekit.spec.models import (
    Assignment,
    Exercise,
    OtherShapeArg,
    PythonArg,
    RandomIntArg,
    RandomNormalArg,
    RandomShapesArg,
    RandomUniformArg,
    TensorLiteralArg,
    Tolerance,
    TupleArg,
)


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
        suggestions = {name: closest_name(name, known) for name in unknown}
        meant = [
            f"{name!r} (did you mean {close!r}?)" if close else repr(name)
            for name, close in suggestions.items()
        ]
        raise UnknownExerciseError(
            f"no exercise {', '.join(meant)} in {assignment.id}; choose from: {', '.join(known)}"
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


def compile_assignment(
    assignment: Assignment, *, only: Iterable[str] | None = None, include_hidden: bool = True
) -> CompiledAssignment:
    """``assignment`` ready to grade (see :class:`CompiledAssignment`): :func:`build_plan`'s
    plans, each exercise reduced to its :class:`ExerciseSummary`."""
    plans = [
        ExercisePlan(exercise=summarise(plan.exercise), cases=plan.cases, rules=plan.rules)
        for plan in build_plan(assignment, only=only, include_hidden=include_hidden)
    ]
    return CompiledAssignment(
        id=assignment.id,
        title=assignment.title,
        backend=assignment.assignment.backend,
        solution_path=assignment.solution_path,
        plans=plans,
        include_hidden=include_hidden,
        student_file=assignment.assignment.student_file,
    )


def summarise(exercise: Exercise) -> ExerciseSummary:
    return ExerciseSummary(
        id=exercise.id,
        entry_name=exercise.entry_name,
        title=exercise.title,
        points=exercise.points,
        hints=tuple(exercise.hints),
        mistakes=tuple(MistakeSummary(m.function, m.message) for m in exercise.mistakes),
    )


def call_id_for(exercise: Exercise, case_id: str) -> str:
    """Unique id of a case's call across the whole assignment."""
    return f"{exercise.id}/{case_id}"


def _grading_case(exercise: Exercise, case: Any) -> GradingCase:
    checks = checks_from_spec(exercise.checks_for(case), exercise.tolerance_for(case))
    args = draw_shapes(case.args)
    call = Call(
        call_id=call_id_for(exercise, case.id),
        entry=exercise.entry_name,
        entry_kind=exercise.kind,
        args={name: materialise(arg) for name, arg in args.items()},
        capture=Capture(
            grads=checks.grads,
            inputs_after=checks.unchanged + checks.mutated,
            # Autograd exercises also record the graph, so reports can draw it next to the
            # reference's (grading itself compares only grad_fn / is_leaf / .grad).
            graph=checks.grad_fn or checks.is_leaf or bool(checks.grads),
        ),
        timeout=exercise.timeout,
    )
    return GradingCase(
        case_id=case.id,
        call=call,
        checks=checks,
        weight=case.weight,
        hidden=case.hidden,
        description=case.description,
        inputs={name: describe_arg(arg) for name, arg in args.items()},
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


@dataclass(frozen=True)
class DrawnShape:
    """A shape drawn for a `random_shapes` / `other_shape_of` argument, and where it came from."""

    shape: tuple[int, ...]
    origin: str  # for feedback, e.g. "random broadcastable pair, seed 700"


def draw_shapes(args: dict[str, Any]) -> dict[str, Any]:
    """A case's arguments with its shape pairs drawn: a `random_shapes` argument becomes the
    first shape of its pair, `{other_shape_of: x}` the second shape of x's pair."""
    drawn: dict[str, Any] = {}
    for name, arg in args.items():
        if isinstance(arg, RandomShapesArg):
            origin = f"random {arg.random_shapes} pair, seed {arg.seed}"
            drawn[name] = DrawnShape(random_shape_pair(arg)[0], origin)
        elif isinstance(arg, OtherShapeArg):
            partner = args[arg.other_shape_of]  # the models check it is a random_shapes arg
            origin = f"the other shape of {arg.other_shape_of}'s pair"
            drawn[name] = DrawnShape(random_shape_pair(partner)[1], origin)
        else:
            drawn[name] = arg
    return drawn


def random_shape_pair(arg: RandomShapesArg) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pair of shapes ``arg`` stands for, drawn with ``numpy.random.default_rng(arg.seed)``.

    Each shape gets a number of dimensions from ``arg.ndim``. ``any``: independent sizes from
    ``arg.size``. ``broadcastable``: one result shape is drawn and each operand takes, per
    aligned dimension, the result's size or (when the size range includes 1) a stretching 1.
    ``incompatible``: such a pair with one aligned dimension given two different sizes >= 2.
    """
    if arg.seed is None:
        raise ValueError("random_shapes argument without a seed; use Exercise.expanded_cases()")
    rng = np.random.default_rng(arg.seed)
    fewest, most = arg.ndim
    smallest, largest = arg.size
    if arg.random_shapes == "incompatible":
        fewest = max(fewest, 1)  # two shapes clash only in a dimension they share
    ndim_a, ndim_b = (int(ndim) for ndim in rng.integers(fewest, most + 1, size=2))
    if arg.random_shapes == "any":
        return (
            tuple(int(size) for size in rng.integers(smallest, largest + 1, size=ndim_a)),
            tuple(int(size) for size in rng.integers(smallest, largest + 1, size=ndim_b)),
        )
    result = rng.integers(smallest, largest + 1, size=max(ndim_a, ndim_b))

    def operand(ndim: int) -> np.ndarray:
        sizes = result[len(result) - ndim :].copy()
        if smallest == 1:
            sizes[rng.random(ndim) < 0.3] = 1
        return sizes

    shape_a, shape_b = operand(ndim_a), operand(ndim_b)
    if arg.random_shapes == "incompatible":
        from_right = int(rng.integers(1, min(ndim_a, ndim_b) + 1))
        clash = rng.choice(np.arange(max(2, smallest), largest + 1), size=2, replace=False)
        shape_a[-from_right], shape_b[-from_right] = clash
    return tuple(int(size) for size in shape_a), tuple(int(size) for size in shape_b)


def materialise(arg: Any) -> ArgSpec:
    """A spec argument as a concrete wire ``ArgSpec`` (random values drawn from their seed);
    a drawn shape is a tuple of Python ints, like a literal `{tuple: [2, 3]}`."""
    if isinstance(arg, RandomShapesArg):  # e.g. inside a tuple: the first shape of its pair
        arg = DrawnShape(random_shape_pair(arg)[0], "")
    if isinstance(arg, DrawnShape):
        return ArgSpec.tuple_of([ArgSpec.python(size) for size in arg.shape])
    if isinstance(arg, OtherShapeArg):
        raise TypeError("other_shape_of is drawn with its case's arguments (draw_shapes)")
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
    elif isinstance(arg, DrawnShape):
        return f"{arg.shape!r} ({arg.origin})" if arg.origin else repr(arg.shape)
    elif isinstance(arg, RandomShapesArg):
        return describe_arg(DrawnShape(random_shape_pair(arg)[0], ""))
    elif isinstance(arg, TupleArg):
        items = [describe_arg(item) for item in arg.tuple]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    elif isinstance(arg, PythonArg):
        return repr(arg.python)[:80]
    else:
        return type(arg).__name__
    return text + (", requires_grad=True" if arg.requires_grad else "")
