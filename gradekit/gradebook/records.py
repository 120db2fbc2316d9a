"""Plain records of one graded submission, ready to be written to the gradebook.

:func:`submission_record` flattens an :class:`~gradekit.grading.verdicts.AssignmentResult`
(the verdicts) together with the sandbox's :class:`~gradekit.sandbox.protocol.SubmissionOutcome`
(what the student's code actually returned, needed for answer fingerprints) into picklable
dataclasses. Batch workers build these in their own process and send them to the single
process that writes the database.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

from gradekit.gradebook.answers import (
    answer_facts,
    answer_fingerprint,
    answer_kind,
    answer_summary,
)
from gradekit.gradebook.store import CASE_COLUMNS, EXERCISE_COLUMNS, SUBMISSION_COLUMNS
from gradekit.grading.compare import IdentityMemo
from gradekit.grading.plans import ExercisePlan
from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult
from gradekit.sandbox.protocol import CALL_OUTPUT_LIMIT, CallOutcome, SubmissionOutcome

CASE_OUTPUT_LIMIT = 2_000  # characters of a case's captured stdout + stderr kept
SUBMISSION_OUTPUT_LIMIT = 64_000  # characters of the whole run's stdout / stderr kept


@dataclass
class CaseRecord:
    exercise_id: str
    case_id: str
    label: str
    hidden: bool
    weight: float
    status: str  # pass | fail | error
    call_status: str  # the sandbox's CallOutcome.status
    score: float  # the case's weight when it passed, else 0
    message: str | None
    output: str
    duration: float
    answer_kind: str
    answer_fingerprint: str
    answer_summary: dict[str, Any]


@dataclass
class ExerciseRecord:
    exercise_id: str
    title: str
    status: str
    points: float
    max_points: float
    passed_cases: int
    total_cases: int
    mistake: str | None
    error: str | None
    violations: list[str]
    duration: float
    cases: list[CaseRecord] = field(default_factory=list)


@dataclass
class SubmissionRecord:
    student: str
    path: str
    content_hash: str
    status: str  # pass | fail | error (the worst exercise status)
    score: float
    max_score: float
    load_error: str | None
    stdout: str
    stderr: str
    sandbox_tier: int | None
    isolation: dict[str, Any]
    duration: float
    exercises: list[ExerciseRecord] = field(default_factory=list)


def expected_answers(
    plans: list[ExercisePlan], reference: dict[str, CallOutcome]
) -> list[dict[str, Any]]:
    """The reference solution's answer to every case, fingerprinted like students' answers.

    ``reference`` maps call ids to the reference outcomes
    (:attr:`gradekit.grading.reference.ReferenceAnswers.outcomes`).
    """
    return [
        {
            "exercise_id": plan.exercise.id,
            "case_id": case.case_id,
            "position": position,
            "answer_kind": answer_kind(reference.get(case.call.call_id)),
            "answer_fingerprint": answer_fingerprint(reference.get(case.call.call_id)),
            "answer_summary": answer_summary(reference.get(case.call.call_id)),
        }
        for plan in plans
        for position, case in enumerate(plan.cases)
    ]


def record_to_json(record: SubmissionRecord) -> dict[str, Any]:
    """``record`` as JSON data (a shallow copy per level: much cheaper than ``asdict``)."""
    data = {name: getattr(record, name) for name in _SUBMISSION_FIELDS}
    data["exercises"] = [
        {
            **{name: getattr(exercise, name) for name in _EXERCISE_FIELDS},
            "cases": [vars(case).copy() for case in exercise.cases],
        }
        for exercise in record.exercises
    ]
    return data


def record_from_json(data: dict[str, Any]) -> SubmissionRecord:
    """The inverse of :func:`record_to_json`."""
    exercises = [
        ExerciseRecord(**{**exercise, "cases": [CaseRecord(**case) for case in exercise["cases"]]})
        for exercise in data["exercises"]
    ]
    return SubmissionRecord(**{**data, "exercises": exercises})


_SUBMISSION_FIELDS = [f.name for f in fields(SubmissionRecord) if f.name != "exercises"]
_EXERCISE_FIELDS = [f.name for f in fields(ExerciseRecord) if f.name != "cases"]


def submission_rows(record: SubmissionRecord) -> dict[str, Any]:
    """The values of the gradebook rows of ``record``, as JSON data:
    ``{"submission": [...], "exercises": [[...], ...], "cases": [[...], ...]}`` in the column
    orders of :mod:`gradekit.gradebook.store` (``SUBMISSION_COLUMNS`` …), with the JSON
    columns already encoded. What :meth:`~gradekit.gradebook.store.Gradebook.record_rows`
    writes, and what batch workers send to the writer (about a third smaller than
    :func:`record_to_json`, and nothing left to encode on the writer's side)."""
    cases = [
        [
            case.exercise_id,
            position,
            case.case_id,
            case.label,
            int(case.hidden),
            case.weight,
            case.status,
            case.call_status,
            case.score,
            case.message,
            case.output,
            case.duration,
            case.answer_kind,
            case.answer_fingerprint,
            _summary_text(case.answer_summary),
        ]
        for exercise in record.exercises
        for position, case in enumerate(exercise.cases)
    ]
    return _rows(record, cases)


def graded_rows(
    *,
    student: str,
    path: str,
    content_hash: str,
    result: AssignmentResult,
    outcome: SubmissionOutcome,
    plans: list[ExercisePlan],
) -> dict[str, Any]:
    """``submission_rows(submission_record(...))`` with the same arguments, without the
    :class:`CaseRecord` of every case in between: a batch worker sends only the rows, so each
    case's values go straight into its row (the same values: :func:`_case_values` makes both).
    The submission's and exercises' records are still made (a dozen, not 80)."""
    record = submission_record(
        student=student, path=path, content_hash=content_hash, result=result,
        outcome=outcome, plans=plans, cases=False,
    )  # fmt: skip
    cases = []
    for exercise, call_ids in _exercises_and_call_ids(result, plans):
        exercise_id = exercise.id
        for position, (case, call_id) in enumerate(zip(exercise.cases, call_ids, strict=True)):
            status, score, message, output, kind, fingerprint, summary = _case_values(
                case, outcome.calls.get(call_id)
            )
            cases.append([
                exercise_id, position, case.case_id, case.label, int(case.hidden),
                case.weight, status, case.call_status, score, message, output,
                case.duration, kind, fingerprint, _summary_text(summary),
            ])  # fmt: skip
    return _rows(record, cases)


def _rows(record: SubmissionRecord, cases: list[list[Any]]) -> dict[str, Any]:
    """The rows of :func:`submission_rows`: ``record``'s submission and exercise rows, and
    ``cases``."""
    submission = [getattr(record, name) for name in SUBMISSION_COLUMNS]
    submission[_ISOLATION_AT] = json.dumps(record.isolation, sort_keys=True)
    exercises = []
    for position, exercise in enumerate(record.exercises):
        row = [position, *(getattr(exercise, name) for name in EXERCISE_COLUMNS[1:])]
        row[_VIOLATIONS_AT] = json.dumps(exercise.violations)
        exercises.append(row)
    return {"submission": submission, "exercises": exercises, "cases": cases}


_SUMMARY_AT = CASE_COLUMNS.index("answer_summary")
# Distinct summary texts a worker numbers (then sends inline): a few hundred bytes each.
SUMMARIES_NUMBERED = 4096


class SummarySender:
    """A batch worker's side of its answer summaries: each text is sent to the parent once.

    In a batch most students give most cases the same answer, so most of a submission's case
    rows carry a summary text an earlier submission's rows carried already (about 70 distinct
    ones among 4800 rows of the benchmark): they are more than half of a worker's JSON line,
    escaped into it and unescaped out of it again. :meth:`compact` replaces each text with its
    number and returns the texts numbered now; the parent's :class:`SummaryReceiver` is given
    them with the rows, in the order the lines were written, and puts the texts back. Past
    :data:`SUMMARIES_NUMBERED` distinct texts new ones stay inline (a worker's memory stays
    bounded whatever it grades)."""

    def __init__(self, kept: int = SUMMARIES_NUMBERED) -> None:
        self.kept = kept
        self._numbers: dict[str, int] = {}

    def compact(self, rows: dict[str, Any]) -> list[str]:
        """Replace the summary texts of ``rows["cases"]`` by their numbers (numbering new
        ones); the texts numbered now, in order, which the receiver must get with ``rows``."""
        numbers = self._numbers
        numbered: list[str] = []
        for row in rows["cases"]:
            text = row[_SUMMARY_AT]
            number = numbers.get(text)
            if number is None:
                if len(numbers) >= self.kept:
                    continue  # sent inline
                number = numbers[text] = len(numbers)
                numbered.append(text)
            row[_SUMMARY_AT] = number
        return numbered


class SummaryReceiver:
    """The parent's side of one worker's :class:`SummarySender`: its texts by number."""

    def __init__(self) -> None:
        self._texts: list[str] = []

    def expand(self, rows: dict[str, Any], numbered: list[str]) -> None:
        """Put the summary texts back into ``rows["cases"]``, after learning ``numbered``
        (what :meth:`SummarySender.compact` returned for these rows)."""
        texts = self._texts
        texts.extend(numbered)
        for row in rows["cases"]:
            number = row[_SUMMARY_AT]
            if type(number) is int:
                row[_SUMMARY_AT] = texts[number]


def rows_outline(rows: dict[str, Any]) -> dict[str, Any]:
    """The submission row of :func:`submission_rows` by column name (student, status, score…)."""
    return dict(zip(SUBMISSION_COLUMNS, rows["submission"], strict=True))


_ISOLATION_AT = SUBMISSION_COLUMNS.index("isolation")
_VIOLATIONS_AT = EXERCISE_COLUMNS.index("violations")
# In a batch identical answers share one summary dictionary: it is encoded once (by its id
# alone: a batch asks for 80 per submission).
_SUMMARY_TEXTS = IdentityMemo()


def _summary_text(summary: dict[str, Any]) -> str:
    text = _SUMMARY_TEXTS.get_one(summary)
    if text is IdentityMemo.MISSING:
        text = json.dumps(summary, sort_keys=True)
        _SUMMARY_TEXTS.put_one(summary, text)
    return text


def cap_text(text: str, limit: int, *, dropped: int = 0, at_least: bool = False) -> str:
    """``text`` cut to ``limit`` characters, saying how much was not stored: what this cut
    drops plus ``dropped``, output the sandbox had already discarded. ``at_least`` says the
    sandbox discarded more without counting it (a call's own output past CALL_OUTPUT_LIMIT)."""
    if len(text) <= limit and not dropped and not at_least:
        return text
    missing = max(len(text) - limit, 0) + dropped
    if missing == 0 and not at_least:
        return text
    shown = text[:limit]
    if at_least:
        return shown + f"\n[at least {missing} more characters not stored]"
    return shown + f"\n[{missing} more characters not stored]"


# The note the sandbox appends to a run's stdout when its output limit discarded output
# (gradekit/sandbox/runner.py, submission_outcome): the count covers stdout and stderr.
_SANDBOX_DISCARDED = re.compile(r"\n\[(\d+) more bytes of output were discarded\]\Z")


def cap_run_output(text: str, limit: int) -> str:
    """A run's captured stdout cut to ``limit`` characters. When the sandbox's own output limit
    discarded output (its ``output_dropped``, noted at the end of stdout), the count of what
    was not stored includes it, so it says how much the student really printed beyond what is
    shown (bytes past the sandbox's limit are counted as characters: equal for ASCII)."""
    match = _SANDBOX_DISCARDED.search(text)
    if match is None:
        return cap_text(text, limit)
    return cap_text(text[: match.start()], limit, dropped=int(match.group(1)))


def submission_status(exercise_statuses: list[str]) -> str:
    """``error`` if any exercise errored, else ``fail`` if any failed, else ``pass``."""
    if "error" in exercise_statuses or not exercise_statuses:
        return "error"
    return "fail" if "fail" in exercise_statuses else "pass"


def submission_record(
    *,
    student: str,
    path: str,
    content_hash: str,
    result: AssignmentResult,
    outcome: SubmissionOutcome,
    plans: list[ExercisePlan],
    cases: bool = True,
) -> SubmissionRecord:
    """Flatten one graded submission. ``plans`` are the plans ``result`` was graded with.
    Without ``cases`` the exercises' records have no case records (see :func:`graded_rows`)."""
    exercises = [
        _exercise_record(exercise, call_ids, outcome, cases=cases)
        for exercise, call_ids in _exercises_and_call_ids(result, plans)
    ]
    return SubmissionRecord(
        student=student,
        path=path,
        content_hash=content_hash,
        status=submission_status([exercise.status for exercise in exercises]),
        score=result.score,
        max_score=result.max_score,
        load_error=result.load_error,
        stdout=cap_run_output(result.stdout, SUBMISSION_OUTPUT_LIMIT),
        stderr=cap_text(result.stderr, SUBMISSION_OUTPUT_LIMIT),
        sandbox_tier=result.isolation.tier,
        isolation={
            "tier": result.isolation.tier,
            "layers": list(result.isolation.layers),
            "degraded": dict(result.isolation.degraded),
        },
        duration=result.duration,
        exercises=exercises,
    )


def _exercises_and_call_ids(
    result: AssignmentResult, plans: list[ExercisePlan]
) -> Iterator[tuple[ExerciseResult, list[str]]]:
    """Each exercise of ``result`` with the call ids of its cases. The pipeline grades the
    cases in plan order, so case i answers call i."""
    plans_by_id = {plan.exercise.id: plan for plan in plans}
    for exercise in result.exercises:
        yield exercise, [case.call.call_id for case in plans_by_id[exercise.id].cases]


def _exercise_record(
    exercise: ExerciseResult, call_ids: list[str], outcome: SubmissionOutcome, *, cases: bool
) -> ExerciseRecord:
    records = (
        [
            _case_record(exercise.id, case, outcome.calls.get(call_id))
            for case, call_id in zip(exercise.cases, call_ids, strict=True)
        ]
        if cases
        else []
    )
    return ExerciseRecord(
        exercise_id=exercise.id,
        title=exercise.title,
        status=exercise.status,
        points=exercise.points,
        max_points=exercise.max_points,
        passed_cases=exercise.passed_cases,
        total_cases=len(exercise.cases),
        mistake=exercise.mistake,
        error=exercise.error,
        violations=[violation.message for violation in exercise.violations],
        duration=exercise.duration,
        cases=records,
    )


def _case_record(exercise_id: str, case: CaseResult, got: CallOutcome | None) -> CaseRecord:
    status, score, message, output, kind, fingerprint, summary = _case_values(case, got)
    return CaseRecord(
        exercise_id=exercise_id,
        case_id=case.case_id,
        label=case.label,
        hidden=case.hidden,
        weight=case.weight,
        status=status,
        call_status=case.call_status,
        score=score,
        message=message,
        output=output,
        duration=case.duration,
        answer_kind=kind,
        answer_fingerprint=fingerprint,
        answer_summary=summary,
    )


def _case_values(
    case: CaseResult, got: CallOutcome | None
) -> tuple[str, float, str | None, str, str, str, dict[str, Any]]:
    """What a case's record holds besides the case's own fields: ``(status, score, message,
    output, answer kind, answer fingerprint, answer summary)``."""
    if case.errored:
        status = "error"
    else:
        status = "pass" if case.passed else "fail"
    kind, fingerprint, summary = answer_facts(got)
    score = case.weight if case.passed else 0.0
    return status, score, _case_message(case, got), _case_output(got), kind, fingerprint, summary


def _case_output(got: CallOutcome | None) -> str:
    if got is None:
        return ""
    full = len(got.stdout) >= CALL_OUTPUT_LIMIT or len(got.stderr) >= CALL_OUTPUT_LIMIT
    return cap_text(got.stdout + got.stderr, CASE_OUTPUT_LIMIT, at_least=full)


def _case_message(case: CaseResult, got: CallOutcome | None) -> str | None:
    if case.differences:
        return "; ".join(difference.message for difference in case.differences)
    if not case.passed and got is not None and got.exception is not None:
        return f"{got.exception.type}: {got.exception.message}"
    return None
