"""Results of grading: per case, per exercise, per assignment.

Scoring rule (documented in docs/json-output.md): an exercise earns
``points × (weight of passing cases / weight of all cases)``, i.e. partial credit by case weight.
An exercise earns 0 when a static constraint is broken (the constraint is part of the task) or
when the submission could not run at all. Status is ``pass`` when every case passes and no
constraint is broken, ``error`` when the code could not be run for it (load error, missing entry,
timeout, crash, unreadable reply, a case skipped after a timeout), else ``fail``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from gradekit.grading.compare import Difference
from gradekit.grading.static import Violation

Status = Literal["pass", "fail", "error"]
CALL_ERROR_STATUSES = frozenset({"timeout", "crashed", "missing", "invalid", "skipped"})
# What a call of the starter's placeholder body raises, as a "raises" difference names it.
STARTER_PLACEHOLDER_ERROR = "NotImplementedError"


@dataclass
class CaseResult:
    """One call of the student's entry point, judged against the reference."""

    case_id: str
    label: str  # "case 2 (seed 3)" — what the student sees
    passed: bool
    weight: float = 1.0
    hidden: bool = False
    call_status: str = "ok"  # the sandbox's CallOutcome.status
    differences: list[Difference] = field(default_factory=list)
    inputs: dict[str, Any] = field(default_factory=dict)  # plain description of the arguments
    duration: float = 0.0
    traceback: str | None = None

    @property
    def errored(self) -> bool:
        return self.call_status in CALL_ERROR_STATUSES


@dataclass
class ExerciseResult:
    """The verdict on one exercise."""

    id: str
    entry: str
    title: str
    max_points: float
    cases: list[CaseResult] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)  # all of the spec's, in order, when not passed
    mistake: str | None = None  # message of the known mistake the student's answers match
    error: str | None = None  # why the exercise could not be graded (load error, missing, ...)
    traceback: str | None = None  # the student's traceback, cut to their frames
    duration: float = 0.0

    @property
    def hint(self) -> str | None:
        """The first hint (the JSON report's ``hint``), None when there is none."""
        return self.hints[0] if self.hints else None

    @property
    def status(self) -> Status:
        if self.error is not None or any(case.errored for case in self.cases):
            return "error"
        if self.violations or not all(case.passed for case in self.cases):
            return "fail"
        return "pass"

    @property
    def points(self) -> float:
        if self.error is not None or self.violations or not self.cases:
            return 0.0
        total_weight = sum(case.weight for case in self.cases)
        if total_weight <= 0:
            return 0.0
        passed_weight = sum(case.weight for case in self.cases if case.passed)
        return round(self.max_points * passed_weight / total_weight, 4)

    @property
    def passed_cases(self) -> int:
        return sum(1 for case in self.cases if case.passed)

    @property
    def not_started(self) -> bool:
        """Whether every case raised a bare ``NotImplementedError``: the starter's placeholder
        body (``raise NotImplementedError``), which the student has not replaced yet. The
        engine's own NotImplementedError (an unsupported op) always has a message."""
        return bool(self.cases) and all(
            case.call_status == "raised"
            and any(
                difference.check == "raises" and difference.got == STARTER_PLACEHOLDER_ERROR
                for difference in case.differences
            )
            for case in self.cases
        )


@dataclass
class Isolation:
    """What the sandbox reported about its protection of this run."""

    tier: int | None = None  # the sandbox's protection tier; None when nothing ran
    layers: list[str] = field(default_factory=list)
    degraded: dict[str, str] = field(default_factory=dict)


@dataclass
class AssignmentResult:
    """The verdict on a whole submission."""

    assignment_id: str
    assignment_title: str
    submission: str
    backend: str
    exercises: list[ExerciseResult] = field(default_factory=list)
    isolation: Isolation = field(default_factory=Isolation)
    load_error: str | None = None  # syntax / import error of the whole file
    load_error_advice: str | None = None  # what to do about it, for the usual causes
    # Why nothing was graded when that is the assignment's fault (a broken spec or reference
    # solution): what the student is told instead of a grade (pipeline.misconfigured_result).
    grading_error: str | None = None
    stdout: str = ""
    stderr: str = ""
    duration: float = 0.0
    include_hidden: bool = True

    @property
    def score(self) -> float:
        return round(sum(exercise.points for exercise in self.exercises), 4)

    @property
    def max_score(self) -> float:
        return round(sum(exercise.max_points for exercise in self.exercises), 4)

    @property
    def all_passed(self) -> bool:
        return bool(self.exercises) and all(e.status == "pass" for e in self.exercises)

    @property
    def not_started_exercises(self) -> list[ExerciseResult]:
        """The exercises whose function is still the starter's placeholder
        (:attr:`ExerciseResult.not_started`): "Not written yet" in the text report,
        ``not_started`` in the JSON one. None when the file did not load: nothing of it ran."""
        if self.load_error:
            return []
        return [exercise for exercise in self.exercises if exercise.not_started]
