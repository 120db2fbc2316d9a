"""What grading a submission needs from a spec, as plain objects that need no spec models.

:func:`gradekit.grading.cases.compile_assignment` turns a validated spec into a
:class:`CompiledAssignment`: the exercises to grade with their concrete cases (sandbox calls,
checks, weights) and the few facts about the exercises that verdicts and feedback use. Grading
(:mod:`gradekit.grading.pipeline`) works from that alone, so a check whose compiled assignment
comes from the plan cache (:mod:`gradekit.grading.plan_cache`) imports neither pydantic nor the
spec models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gradekit.grading.compare import Checks
from gradekit.grading.static import StaticRules
from gradekit.sandbox.protocol import Call


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
class MistakeSummary:
    """A known mistake: the solution's function that makes it, and what to tell the student."""

    function: str
    message: str


@dataclass(frozen=True)
class ExerciseSummary:
    """What grading uses of an exercise (the spec model ``Exercise`` has the same names)."""

    id: str
    entry_name: str
    title: str
    points: float
    hints: tuple[str, ...] = ()
    mistakes: tuple[MistakeSummary, ...] = ()


@dataclass(frozen=True)
class ExercisePlan:
    """An exercise and the concrete cases to grade it with.

    ``exercise`` is the spec's ``Exercise`` (from :func:`~gradekit.grading.cases.build_plan`)
    or its :class:`ExerciseSummary` (in a :class:`CompiledAssignment`).
    """

    exercise: Any
    cases: list[GradingCase] = field(default_factory=list)
    rules: StaticRules = field(default_factory=StaticRules)

    @property
    def calls(self) -> list[Call]:
        return [case.call for case in self.cases]


def plan_calls(plans: list[ExercisePlan]) -> list[Call]:
    """Every call of ``plans``, in order: what one run of a submission makes."""
    return [call for plan in plans for call in plan.calls]


@dataclass(frozen=True)
class CompiledAssignment:
    """An assignment ready to grade: its identity, default backend, reference solution and
    the plans of the exercises chosen (``only``), with or without hidden cases."""

    id: str
    title: str
    backend: str  # the spec's `assignment.backend` (auto, engine or torch)
    solution_path: Path
    plans: list[ExercisePlan]
    include_hidden: bool = True
    student_file: str | None = None  # the spec's `assignment.student_file` (batch discovery)
