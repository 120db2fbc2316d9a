"""Builders of synthetic gradebook records, so store and query tests need no sandbox."""

from __future__ import annotations

from gradekit.gradebook.records import CaseRecord, ExerciseRecord, SubmissionRecord

EXERCISES = (("double", "Double a tensor", 1.0), ("total", "Sum of a tensor", 2.0))


def make_case(
    exercise_id: str, case_id: str, *, passed: bool, fingerprint: str = "tensor:float32:[3]:aa"
) -> CaseRecord:
    return CaseRecord(
        exercise_id=exercise_id,
        case_id=case_id,
        label=case_id,
        hidden=case_id == "secret",
        weight=1.0,
        status="pass" if passed else "fail",
        call_status="ok",
        score=1.0 if passed else 0.0,
        message=None if passed else "the values differ",
        output="",
        duration=0.001,
        answer_kind="value",
        answer_fingerprint=fingerprint if passed else f"wrong:{fingerprint}",
        answer_summary={"kind": "tensor", "first": [1.0, 2.0]},
    )


def make_record(
    student: str,
    *,
    passed: dict[str, bool] | None = None,
    content_hash: str | None = None,
    wrong_answer: str = "w1",
) -> SubmissionRecord:
    """A submission of ``student``; ``passed`` says which exercises pass (default: all)."""
    passed = passed or {}
    exercises = []
    for exercise_id, title, max_points in EXERCISES:
        ok = passed.get(exercise_id, True)
        cases = [
            make_case(exercise_id, case_id, passed=ok, fingerprint=wrong_answer)
            for case_id in ("literal", "secret")
        ]
        exercises.append(
            ExerciseRecord(
                exercise_id=exercise_id,
                title=title,
                status="pass" if ok else "fail",
                points=max_points if ok else 0.0,
                max_points=max_points,
                passed_cases=2 if ok else 0,
                total_cases=2,
                mistake=None if ok else "You added two instead of multiplying by two.",
                error=None,
                violations=[],
                duration=0.01,
                cases=cases,
            )
        )
    score = sum(e.points for e in exercises)
    return SubmissionRecord(
        student=student,
        path=f"/submissions/{student}.py",
        content_hash=content_hash or f"hash-{student}",
        status="pass" if all(e.status == "pass" for e in exercises) else "fail",
        score=score,
        max_score=3.0,
        load_error=None,
        stdout="",
        stderr="",
        sandbox_tier=1,
        isolation={"tier": 1, "layers": ["process"], "degraded": {}},
        duration=0.1,
        exercises=exercises,
    )
