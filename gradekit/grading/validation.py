"""``gradekit validate``: prove an assignment is self-consistent before students see it.

Three properties, each reported as a problem when it fails:

1. the reference solution, graded as if it were a student's submission through the real
   sandboxed path, scores 100% on every requested backend (engine, and torch when installed);
2. the reference never raises where the case does not ask for an exception, and raises as the
   case's ``raises`` check asks where it does (else a correct student could not pass);
3. every known mistake is caught: at least one case's checks tell it apart from the reference.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field

from gradekit.grading.cases import build_plan
from gradekit.grading.compare import compare_outcomes, describe
from gradekit.grading.pipeline import grade_submission
from gradekit.grading.reference import (
    unchecked_reference_answers,
    unexpected_failures,
    unmet_raises_check,
)
from gradekit.spec.models import Assignment


def default_backends() -> list[str]:
    """The engine always; real torch too when it is installed."""
    return ["engine"] + (["torch"] if importlib.util.find_spec("torch") is not None else [])


@dataclass
class ValidationReport:
    """What ``validate`` found for one assignment."""

    assignment_id: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        verdict = "OK" if self.ok else f"{len(self.problems)} problem(s)"
        return [
            f"{self.assignment_id}: {verdict}",
            *(f"  ok: {note}" for note in self.notes),
            *(f"  PROBLEM: {problem}" for problem in self.problems),
        ]


def validate_assignment(
    assignment: Assignment, *, backends: list[str], reference_backend: str = "engine"
) -> ValidationReport:
    """Check the three properties above for ``assignment``."""
    report = ValidationReport(assignment.id)
    plans = build_plan(assignment)
    try:
        # Unchecked: a reference that raises where a case expects an answer is listed case by
        # case below, rather than stopping here as it stops a check.
        reference = unchecked_reference_answers(
            assignment.solution_path, plans, backend=reference_backend
        )
    except Exception as error:  # the reference must import and run; say why it does not
        report.problems.append(
            f"the reference solution cannot run on {reference_backend}: "
            f"{type(error).__name__}: {error}"
        )
        return report

    for plan in plans:
        for case in plan.cases:
            outcome = reference.outcomes[case.call.call_id]
            if outcome.status == "raised" and case.checks.raises is None:
                exception = outcome.exception
                report.problems.append(
                    f"{plan.exercise.id}/{case.case_id}: the reference raised "
                    f"{exception.type if exception else 'an exception'}"
                    f"{': ' + exception.message if exception else ''} but the case does not "
                    "expect an exception (add a raises check or fix the solution)"
                )
            elif outcome.status not in ("ok", "raised"):
                report.problems.append(
                    f"{plan.exercise.id}/{case.case_id}: the reference ended with status "
                    f"{outcome.status}"
                )
            elif (unmet := unmet_raises_check(case.checks, outcome)) is not None:
                exception = outcome.exception
                did = (
                    f"raised {exception.type}: {exception.message}"
                    if outcome.status == "raised" and exception is not None
                    else f"returned {describe(outcome.value)}"
                )
                report.problems.append(
                    f"{plan.exercise.id}/{case.case_id}: the case expects {unmet}, but the "
                    f"reference {did} (fix the raises check or the solution)"
                )
        for mistake in plan.exercise.mistakes:
            outcomes = reference.mistakes[plan.exercise.id][mistake.function]
            caught_by = [
                case.case_id
                for case in plan.cases
                if compare_outcomes(
                    reference.outcomes[case.call.call_id], outcomes[case.call.call_id], case.checks
                )
            ]
            if caught_by:
                report.notes.append(
                    f"{plan.exercise.id}: mistake {mistake.function} caught by "
                    f"{len(caught_by)} of {len(plan.cases)} cases"
                )
            else:
                report.problems.append(
                    f"{plan.exercise.id}: mistake {mistake.function} is not caught by any case "
                    "(its answers pass every check); add a case or a check that tells it apart"
                )

    # Grading stops at a reference that cannot answer (property 2, reported above), so the
    # reference is graded as a submission on the other exercises only.
    unanswered = {failure.exercise_id for failure in unexpected_failures(plans, reference)}
    gradable = [plan.exercise.id for plan in plans if plan.exercise.id not in unanswered]
    for backend in backends if gradable else []:
        try:
            result = grade_submission(
                assignment.solution_path,
                assignment,
                backend=backend,
                only=gradable,
                reference_backend=reference_backend,
            )
        except Exception as error:
            report.problems.append(
                f"grading the reference on {backend} failed: {type(error).__name__}: {error}"
            )
            continue
        failing = [exercise for exercise in result.exercises if exercise.status != "pass"]
        for exercise in failing:
            first = next(
                (d.message for case in exercise.cases for d in case.differences), exercise.error
            )
            violations = "; ".join(v.message for v in exercise.violations)
            report.problems.append(
                f"{exercise.id}: the reference scores {exercise.points:g}/"
                f"{exercise.max_points:g} on {backend} ({exercise.status}): "
                f"{violations or first or 'no detail'}"
            )
        if not failing:
            skipped = f"; {', '.join(sorted(unanswered))} not graded" if unanswered else ""
            report.notes.append(
                f"reference scores {result.score:g}/{result.max_score:g} on {backend} "
                f"(sandbox tier {result.isolation.tier}{skipped})"
            )
    return report
