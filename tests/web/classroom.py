"""A small synthetic classroom written through the real gradebook writer.

The answers are real observations: tensors and autograd graphs come from gradekit's engine,
observed with the sandbox's own ``observe`` / ``observe_graph`` and summarised with the
gradebook's own ``answer_summary`` / ``answer_fingerprint`` (which keep the graph under
``"graph"`` in the sandbox's wire form). The reference answers are stored like a batch worker
stores them: the right answers, summarised the same way, per spec hash.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gradekit.engine as engine
from gradekit.gradebook.answers import answer_fingerprint, answer_kind, answer_summary
from gradekit.gradebook.records import CaseRecord, ExerciseRecord, SubmissionRecord
from gradekit.gradebook.store import Gradebook
from gradekit.sandbox.executor import BackendView, observe, observe_graph
from gradekit.sandbox.protocol import CallOutcome, ExceptionInfo

ASSIGNMENT = "autograd-mini"
SCRIPT = "<script>alert('owned')</script>"
EVIL_STUDENT = "o'neil <img src=x onerror=alert(1)>"


def _outcome(function: Any, *, graph: bool = False, stdout: str = "") -> CallOutcome:
    """Run ``function`` on the engine and observe its result as the sandbox would."""
    view = BackendView(engine)
    try:
        value = function()
    except Exception as error:  # the student's exception, recorded as data
        return CallOutcome(
            status="raised",
            exception=ExceptionInfo(type(error).__name__, str(error)),
            stdout=stdout,
        )
    return CallOutcome(
        status="ok",
        value=observe(value, view),
        graph=observe_graph(value, view) if graph else None,
        stdout=stdout,
    )


def _case(
    exercise_id: str, case_id: str, outcome: CallOutcome, *, passed: bool, message: str | None
) -> CaseRecord:
    return CaseRecord(
        exercise_id=exercise_id,
        case_id=case_id,
        label=f"case {case_id}",
        hidden=case_id == "hidden",
        weight=1.0,
        status="pass" if passed else ("fail" if outcome.status in ("ok", "raised") else "error"),
        call_status=outcome.status,
        score=1.0 if passed else 0.0,
        message=message,
        output=outcome.stdout,
        duration=0.002,
        answer_kind=answer_kind(outcome),
        answer_fingerprint=answer_fingerprint(outcome),
        answer_summary=answer_summary(outcome),
    )


def _leaves() -> tuple[Any, Any]:
    x = engine.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = engine.tensor([0.5, -1.0, 2.0], requires_grad=True)
    return x, w


def _right_graph() -> Any:
    x, w = _leaves()
    return (x * w).sum() + x.pow(2).mean()


def _detached_graph() -> Any:
    return _right_graph().detach()


def _wrong_graph() -> Any:
    x, w = _leaves()
    return (x * w).sum() + x.pow(2).sum()  # sum() where mean() was asked


# Each student: (double's answer, build_graph's answer, stdout)
STUDENTS: dict[str, dict[str, Any]] = {
    "alice": {"double": "right", "graph": "right"},
    "bob": {"double": "plus_two", "graph": "detached", "stdout": SCRIPT},
    "carol": {"double": "plus_two", "graph": "detached"},
    "dave": {"double": "raises", "graph": "wrong"},
    EVIL_STUDENT: {"double": "raises", "graph": "right", "stdout": "<b>bold</b> & done"},
}


def _double_outcome(kind: str, stdout: str) -> CallOutcome:
    t = engine.tensor([1.0, 2.0, 3.0])
    answers = {
        "right": lambda: 2 * t,
        "plus_two": lambda: t + 2,
        "raises": lambda: (_ for _ in ()).throw(ValueError(f"no {SCRIPT} here")),
    }
    return _outcome(answers[kind], stdout=stdout)


def _graph_outcome(kind: str) -> CallOutcome:
    function = {"right": _right_graph, "detached": _detached_graph, "wrong": _wrong_graph}[kind]
    return _outcome(function, graph=True)


def student_record(
    student: str, answers: dict[str, Any], *, score_shift: int = 0
) -> SubmissionRecord:
    stdout = answers.get("stdout", "")
    double = _double_outcome(answers["double"], stdout)
    graph = _graph_outcome(answers["graph"])
    double_ok, graph_ok = answers["double"] == "right", answers["graph"] == "right"
    double_message = (
        None
        if double_ok
        else (
            f"your code raised {double.exception.type}: {double.exception.message}"
            if double.exception
            else "2 of 3 elements of result differ at index (0,)"
        )
    )
    graph_message = None if graph_ok else "result has grad_fn None, expected AddBackward0"
    exercises = [
        ExerciseRecord(
            exercise_id="double",
            title="Double <a tensor>",
            status="pass" if double_ok else "fail",
            points=1.0 if double_ok else 0.0,
            max_points=1.0,
            passed_cases=2 if double_ok else 0,
            total_cases=2,
            mistake=None if answers["double"] != "plus_two" else "You added two <instead>.",
            error=None,
            violations=[],
            duration=0.01 + score_shift * 0.001,
            cases=[
                _case("double", case_id, double, passed=double_ok, message=double_message)
                for case_id in ("literal", "hidden")
            ],
        ),
        ExerciseRecord(
            exercise_id="build_graph",
            title="Build a graph",
            status="pass" if graph_ok else "fail",
            points=2.0 if graph_ok else 0.0,
            max_points=2.0,
            passed_cases=1 if graph_ok else 0,
            total_cases=1,
            mistake=None,
            error=None,
            violations=[],
            duration=0.03,
            cases=[_case("build_graph", "seed", graph, passed=graph_ok, message=graph_message)],
        ),
    ]
    score = sum(exercise.points for exercise in exercises)
    return SubmissionRecord(
        student=student,
        path=f"/submissions/{student}.py",
        content_hash=f"hash-{student}-{score_shift}",
        status="pass" if score == 3.0 else "fail",
        score=score,
        max_score=3.0,
        load_error=None,
        stdout=stdout,
        stderr="",
        sandbox_tier=2,
        isolation={"tier": 2, "layers": ["process"], "degraded": {}},
        duration=0.2,
        exercises=exercises,
    )


def reference_answers() -> list[dict[str, Any]]:
    """The reference solution's answers, in the form batch workers send to the gradebook."""
    outcomes = [
        ("double", "literal", _double_outcome("right", "")),
        ("double", "hidden", _double_outcome("right", "")),
        ("build_graph", "seed", _graph_outcome("right")),
    ]
    return [
        {
            "exercise_id": exercise_id,
            "case_id": case_id,
            "position": position,
            "answer_kind": answer_kind(outcome),
            "answer_fingerprint": answer_fingerprint(outcome),
            "answer_summary": answer_summary(outcome),
        }
        for position, (exercise_id, case_id, outcome) in enumerate(outcomes)
    ]


def write_run(
    path: Path, records: list[SubmissionRecord], ungradable: dict[str, str] | None = None
) -> Path:
    """One finished run of the assignment into the gradebook at ``path``: ``records``, and
    the entries it could not grade (student -> reason)."""
    with Gradebook(path) as book:
        run_id = book.start_run(
            assignment_id=ASSIGNMENT, assignment_title="t", spec_path="x.yaml", spec_hash="s",
            backend="engine", sandbox_tier=2, jobs=1, gradekit_version="test",
        )  # fmt: skip
        for student, reason in (ungradable or {}).items():
            book.record_ungradable(
                run_id=run_id, assignment_id=ASSIGNMENT, student=student,
                entry=f"subs/{student}", reason=reason,
            )  # fmt: skip
        for record in records:
            book.record_submission(
                run_id=run_id, assignment_id=ASSIGNMENT, spec_hash="s", record=record
            )
        book.finish_run(run_id)
    return path


def write_classroom(path: Path, students: dict[str, dict[str, Any]] | None = None) -> Path:
    """Write two runs: a first one where bob was all wrong, then everyone's current answers."""
    students = STUDENTS if students is None else students
    with Gradebook(path) as book:
        book.record_expected("spec-1", reference_answers())
        for run, roster in enumerate(({"bob": {"double": "raises", "graph": "wrong"}}, students)):
            run_id = book.start_run(
                assignment_id=ASSIGNMENT,
                assignment_title="Autograd <mini>",
                spec_path="autograd-mini.yaml",
                spec_hash="spec-1",
                backend="engine",
                sandbox_tier=2,
                jobs=1,
                gradekit_version="test",
            )
            for student, answers in roster.items():
                record = student_record(student, answers, score_shift=run)
                book.record_submission(
                    run_id=run_id, assignment_id=ASSIGNMENT, spec_hash="spec-1", record=record
                )
            book.finish_run(run_id)
    return path


def did_not_load_record(student: str, message: str, *, suffix: str = ".py") -> SubmissionRecord:
    """A submission whose file never loaded (``message`` formats ``{path}``): every case of
    every exercise is a ``missing`` answer, as the batch grader records it."""
    import dataclasses

    record = student_record(student, {"double": "plus_two", "graph": "wrong"})
    path = f"subs/{student}{suffix}"
    text = message.format(path=path, student=student)
    summary = {"kind": "missing", "type": "SubmissionError", "message": text}
    exercises = [
        dataclasses.replace(
            exercise,
            status="error",
            points=0.0,
            passed_cases=0,
            mistake=None,
            cases=[
                dataclasses.replace(
                    case,
                    status="error",
                    call_status="missing",
                    answer_kind="missing",
                    answer_fingerprint="missing:SubmissionError",
                    answer_summary=summary,
                    message=f"SubmissionError: {text}",
                    score=0.0,
                )
                for case in exercise.cases
            ],
        )
        for exercise in record.exercises
    ]
    return dataclasses.replace(
        record,
        path=path,
        status="error",
        score=0.0,
        load_error=text,
        exercises=exercises,
    )


NOT_UTF8 = "{path}: not valid UTF-8 text (byte 5); save the file as UTF-8"
NOT_NOTEBOOK = (
    "{path}: not a readable Jupyter notebook (NotJSONError: Notebook does not appear to be "
    "JSON: '{{{student}'); re-save it from Jupyter or submit a .py file"
)


def add_load_failures(path: Path) -> Path:
    """Add a run to a classroom gradebook with two non-UTF-8 files and one corrupt notebook."""
    records = [
        did_not_load_record("vera", NOT_UTF8),
        did_not_load_record("walter", NOT_UTF8),
        did_not_load_record("zoe", NOT_NOTEBOOK, suffix=".ipynb"),
    ]
    with Gradebook(path) as book:
        run_id = book.start_run(
            assignment_id=ASSIGNMENT,
            assignment_title="Autograd <mini>",
            spec_path="autograd-mini.yaml",
            spec_hash="spec-1",
            backend="engine",
            sandbox_tier=2,
            jobs=1,
            gradekit_version="test",
        )
        for record in records:
            book.record_submission(
                run_id=run_id, assignment_id=ASSIGNMENT, spec_hash="spec-1", record=record
            )
        book.finish_run(run_id)
    return path
