"""The gradebook's read API: what reports, exports and the web report ask of it.

Open a read-only connection with :func:`gradekit.gradebook.connect` (``readonly=True``; it is
safe while ``gradekit grade`` is writing, thanks to WAL) and pass it to these functions. Every
function returns frozen dataclasses with a ``to_json()`` method giving plain JSON data.

"Current" means the newest graded submission of each student for the assignment (the highest
submission id); older submissions are the student's history.

* :func:`list_assignments` — the assignments present, with counts.
* :func:`list_runs` — every ``gradekit grade`` run of an assignment, newest first.
* :func:`latest_grades` — one row per student: score and per-exercise points (the export).
* :func:`class_overview` — class size, score statistics, histogram, status counts.
* :func:`exercise_stats` — per exercise: pass/fail/error counts, mean points, top mistakes.
* :func:`wrong_answer_clusters` — per case, students grouped by identical wrong answers, with
  one representative answer each and the expected (reference) answer in the same form.
* :func:`student_history` — every submission of one student, oldest first, with exercises.
* :func:`submission_detail` — one submission with exercises, cases and captured output.
* :func:`ungradable_entries` — the students whose entry the latest run found but could not
  grade (a symbolic link, no Python file...), with the reason: they did submit.

Passing ``assignment_id=None`` picks the only assignment in the gradebook and raises
:class:`GradebookQueryError` listing the choices when there are several.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import statistics
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from gradekit.gradebook.grader_process import is_stale
from gradekit.gradebook.schema import LATEST_SUBMISSIONS


class GradebookQueryError(LookupError):
    """A query named something the gradebook does not contain."""


class SeveralAssignments(GradebookQueryError):
    """No assignment was named and the gradebook holds several (``choices``: their ids)."""

    def __init__(self, choices: list[str]) -> None:
        super().__init__(
            f"the gradebook holds several assignments ({', '.join(choices)}); name one by its id"
        )
        self.choices = choices


class _JsonMixin:
    def to_json(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]


@dataclass(frozen=True)
class AssignmentSummary(_JsonMixin):
    assignment_id: str
    title: str
    students: int
    submissions: int
    runs: int
    last_graded_at: str | None


@dataclass(frozen=True)
class RunSummary(_JsonMixin):
    """One ``gradekit grade`` invocation.

    ``status`` is ``running``, ``finished`` or ``interrupted`` (Ctrl-C, or a grader that was
    killed outright: a ``running`` run whose grader process is gone is shown as
    ``interrupted`` even before a writer marks it so).
    """

    run_id: int
    assignment_id: str
    spec_hash: str
    backend: str
    sandbox_tier: int | None
    jobs: int
    gradekit_version: str
    started_at: str
    finished_at: str | None
    status: str
    graded: int  # submissions this run wrote
    passed: int
    failed: int
    errored: int


@dataclass(frozen=True)
class ExerciseGrade(_JsonMixin):
    exercise_id: str
    title: str
    status: str
    points: float
    max_points: float
    passed_cases: int
    total_cases: int
    mistake: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class StudentGrade(_JsonMixin):
    """A student's current (newest) submission, with its per-exercise points."""

    student: str
    submission_id: int
    status: str
    score: float
    max_score: float
    path: str
    content_hash: str
    graded_at: str
    exercises: list[ExerciseGrade] = field(default_factory=list)


@dataclass(frozen=True)
class UngradableEntry(_JsonMixin):
    """A student's entry that a run found but could not grade, and why."""

    student: str
    entry: str  # the file or folder in SUBMISSIONS
    reason: str
    run_id: int
    recorded_at: str


@dataclass(frozen=True)
class ClassOverview(_JsonMixin):
    assignment_id: str
    title: str
    students: int
    max_score: float
    mean_score: float | None
    median_score: float | None
    min_score: float | None
    max_observed_score: float | None
    status_counts: dict[str, int]  # pass / fail / error among current submissions
    histogram: list[dict[str, float]]  # ten bins over [0, max_score]: low, high, count
    last_run: dict[str, Any] | None


@dataclass(frozen=True)
class ExerciseStats(_JsonMixin):
    exercise_id: str
    title: str
    max_points: float
    students: int
    passed: int
    failed: int
    errored: int
    mean_points: float | None
    pass_rate: float | None
    top_mistakes: list[dict[str, Any]]  # [{"message": str, "count": int}], most common first
    top_errors: list[dict[str, Any]]


@dataclass(frozen=True)
class AnswerCluster(_JsonMixin):
    """Students whose (non-passing) answer to one case was identical."""

    exercise_id: str
    case_id: str
    label: str
    hidden: bool
    status: str  # fail or error
    answer_kind: str  # value, raised, timeout, crashed, missing, invalid
    fingerprint: str
    size: int
    students: list[str]
    representative: dict[str, Any]  # compact picture of the answer (first elements, message)
    message: str | None  # how the grader described the difference, for one of them
    expected: dict[str, Any] | None = None  # the reference answer, in the same form
    # The students' files did not load at all (syntax error, not UTF-8, a corrupt notebook,
    # an import that timed out...): every case of every exercise fails the same way for
    # them, so this is no wrong answer to this case.
    load_failure: bool = False


@dataclass(frozen=True)
class CaseDetail(_JsonMixin):
    case_id: str
    label: str
    hidden: bool
    weight: float
    status: str
    call_status: str
    score: float
    message: str | None
    output: str
    duration: float
    answer_kind: str
    answer_fingerprint: str
    answer_summary: dict[str, Any]


@dataclass(frozen=True)
class ExerciseDetail(_JsonMixin):
    grade: ExerciseGrade
    violations: list[str]
    duration: float
    cases: list[CaseDetail] = field(default_factory=list)


@dataclass(frozen=True)
class SubmissionDetail(_JsonMixin):
    submission_id: int
    run_id: int
    assignment_id: str
    student: str
    path: str
    content_hash: str
    spec_hash: str
    status: str
    score: float
    max_score: float
    load_error: str | None
    stdout: str
    stderr: str
    isolation: dict[str, Any]
    duration: float
    graded_at: str
    exercises: list[ExerciseDetail] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Assignments
# --------------------------------------------------------------------------------------------


def list_assignments(connection: sqlite3.Connection) -> list[AssignmentSummary]:
    """Every assignment with at least one run, in order of first appearance."""
    rows = connection.execute(
        """
        SELECT r.assignment_id,
               (SELECT assignment_title FROM runs r2 WHERE r2.assignment_id = r.assignment_id
                ORDER BY r2.id DESC LIMIT 1) AS title,
               (SELECT count(DISTINCT student) FROM submissions s
                WHERE s.assignment_id = r.assignment_id) AS students,
               (SELECT count(*) FROM submissions s
                WHERE s.assignment_id = r.assignment_id) AS submissions,
               count(*) AS runs,
               (SELECT max(graded_at) FROM submissions s
                WHERE s.assignment_id = r.assignment_id) AS last_graded_at
        FROM runs r GROUP BY r.assignment_id ORDER BY min(r.id)
        """
    )
    return [AssignmentSummary(**dict(row)) for row in rows]


def list_runs(connection: sqlite3.Connection, assignment_id: str | None = None) -> list[RunSummary]:
    """Every run of the assignment, newest first, with what each one graded."""
    assignment = resolve_assignment(connection, assignment_id)
    rows = connection.execute(
        """
        SELECT r.*,
               count(s.id) AS graded,
               coalesce(sum(s.status = 'pass'), 0) AS passed,
               coalesce(sum(s.status = 'fail'), 0) AS failed,
               coalesce(sum(s.status = 'error'), 0) AS errored
        FROM runs r LEFT JOIN submissions s ON s.run_id = r.id
        WHERE r.assignment_id = ? GROUP BY r.id ORDER BY r.id DESC
        """,
        (assignment,),
    )
    return [
        RunSummary(
            run_id=row["id"],
            assignment_id=row["assignment_id"],
            spec_hash=row["spec_hash"],
            backend=row["backend"],
            sandbox_tier=row["sandbox_tier"],
            jobs=row["jobs"],
            gradekit_version=row["gradekit_version"],
            started_at=row["started_at"],
            finished_at=row["finished_at"],
            status=run_status(row),
            graded=row["graded"],
            passed=row["passed"],
            failed=row["failed"],
            errored=row["errored"],
        )
        for row in rows
    ]


def run_status(row: sqlite3.Row) -> str:
    """The run's status, ``interrupted`` for a ``running`` run whose grader is gone."""
    keys = row.keys()
    if row["status"] == "running" and "grader_pid" in keys:
        if is_stale(row["grader_host"], row["grader_pid"], row["grader_identity"]):
            return "interrupted"
    return row["status"]


def resolve_assignment(connection: sqlite3.Connection, assignment_id: str | None) -> str:
    """``assignment_id`` checked to exist, or the only assignment when it is None."""
    known = [summary.assignment_id for summary in list_assignments(connection)]
    if assignment_id is not None:
        if assignment_id not in known:
            choices = ", ".join(known) or "none yet"
            raise GradebookQueryError(
                f"no assignment {assignment_id!r} in the gradebook (it has: {choices})"
            )
        return assignment_id
    if len(known) == 1:
        return known[0]
    if not known:
        raise GradebookQueryError("the gradebook is empty: run `gradekit grade` first")
    raise SeveralAssignments(known)


def ungradable_entries(
    connection: sqlite3.Connection, assignment_id: str | None = None
) -> list[UngradableEntry]:
    """The entries the assignment's latest run could not grade, by student.

    A run sees every entry of its SUBMISSIONS folder, so its list is the current one: a
    student who fixed their entry is graded (or skipped as unchanged) by the next run and
    leaves the list. Gradebooks older than schema version 6 recorded none: an empty list.
    """
    assignment = resolve_assignment(connection, assignment_id)
    recorded = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ungradable_entries'"
    ).fetchone()
    if recorded is None:  # a read-only connection to an older gradebook (never migrated)
        return []
    rows = connection.execute(
        "SELECT student, entry, reason, run_id, recorded_at FROM ungradable_entries"
        " WHERE assignment_id = :assignment"
        " AND run_id = (SELECT max(id) FROM runs WHERE assignment_id = :assignment)"
        " ORDER BY student",
        {"assignment": assignment},
    )
    return [UngradableEntry(**dict(row)) for row in rows]


# --------------------------------------------------------------------------------------------
# Grades
# --------------------------------------------------------------------------------------------


def latest_grades(
    connection: sqlite3.Connection, assignment_id: str | None = None
) -> list[StudentGrade]:
    """Every student's current submission with per-exercise points, sorted by student id."""
    assignment = resolve_assignment(connection, assignment_id)
    submissions = connection.execute(
        f"SELECT * FROM submissions WHERE id IN ({LATEST_SUBMISSIONS}) ORDER BY student",
        {"assignment": assignment},
    ).fetchall()
    exercises = _exercise_grades_by_submission(connection, [row["id"] for row in submissions])
    return [
        StudentGrade(
            student=row["student"],
            submission_id=row["id"],
            status=row["status"],
            score=row["score"],
            max_score=row["max_score"],
            path=row["path"],
            content_hash=row["content_hash"],
            graded_at=row["graded_at"],
            exercises=exercises.get(row["id"], []),
        )
        for row in submissions
    ]


def exercise_columns(
    connection: sqlite3.Connection, assignment_id: str | None = None
) -> list[tuple[str, str, float]]:
    """(exercise id, title, max points) in assignment order, from the newest submission."""
    assignment = resolve_assignment(connection, assignment_id)
    rows = connection.execute(
        "SELECT exercise_id, title, max_points FROM exercise_results WHERE submission_id ="
        " (SELECT max(id) FROM submissions WHERE assignment_id = ?) ORDER BY position",
        (assignment,),
    )
    return [(row["exercise_id"], row["title"], row["max_points"]) for row in rows]


def _exercise_grades_by_submission(
    connection: sqlite3.Connection, submission_ids: list[int]
) -> dict[int, list[ExerciseGrade]]:
    grades: dict[int, list[ExerciseGrade]] = {}
    for chunk in _chunks(submission_ids, 500):
        marks = ",".join("?" * len(chunk))
        rows = connection.execute(
            f"SELECT * FROM exercise_results WHERE submission_id IN ({marks})"
            " ORDER BY submission_id, position",
            chunk,
        )
        for row in rows:
            grades.setdefault(row["submission_id"], []).append(_exercise_grade(row))
    return grades


def _exercise_grade(row: sqlite3.Row) -> ExerciseGrade:
    return ExerciseGrade(
        exercise_id=row["exercise_id"],
        title=row["title"],
        status=row["status"],
        points=row["points"],
        max_points=row["max_points"],
        passed_cases=row["passed_cases"],
        total_cases=row["total_cases"],
        mistake=row["mistake"],
        error=row["error"],
    )


def _chunks(items: list[int], size: int) -> list[list[int]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


# --------------------------------------------------------------------------------------------
# Class overview and exercise statistics
# --------------------------------------------------------------------------------------------


def class_overview(
    connection: sqlite3.Connection, assignment_id: str | None = None, *, bins: int = 10
) -> ClassOverview:
    """Score statistics over every student's current submission."""
    assignment = resolve_assignment(connection, assignment_id)
    rows = connection.execute(
        f"SELECT score, max_score, status FROM submissions WHERE id IN ({LATEST_SUBMISSIONS})",
        {"assignment": assignment},
    ).fetchall()
    scores = [row["score"] for row in rows]
    max_score = max((row["max_score"] for row in rows), default=0.0)
    run = connection.execute(
        "SELECT * FROM runs WHERE assignment_id = ? ORDER BY id DESC LIMIT 1", (assignment,)
    ).fetchone()
    return ClassOverview(
        assignment_id=assignment,
        title=run["assignment_title"] if run else assignment,
        students=len(rows),
        max_score=max_score,
        mean_score=round(statistics.fmean(scores), 4) if scores else None,
        median_score=statistics.median(scores) if scores else None,
        min_score=min(scores, default=None),
        max_observed_score=max(scores, default=None),
        status_counts={
            status: sum(1 for row in rows if row["status"] == status)
            for status in ("pass", "fail", "error")
        },
        histogram=_histogram(scores, max_score, bins),
        last_run={**dict(run), "status": run_status(run)} if run else None,
    )


def _histogram(scores: list[float], max_score: float, bins: int) -> list[dict[str, float]]:
    """``bins`` equal bins over [0, max_score]; the last bin includes max_score."""
    if max_score <= 0 or bins <= 0:
        return [{"low": 0.0, "high": max_score, "count": len(scores)}] if scores else []
    width = max_score / bins
    counts = [0] * bins
    for score in scores:
        index = min(int(score / width), bins - 1) if score > 0 else 0
        counts[index] += 1
    return [
        {"low": round(i * width, 4), "high": round((i + 1) * width, 4), "count": counts[i]}
        for i in range(bins)
    ]


def exercise_stats(
    connection: sqlite3.Connection, assignment_id: str | None = None, *, top: int = 5
) -> list[ExerciseStats]:
    """Per exercise, over current submissions: outcomes, mean points, commonest mistakes."""
    assignment = resolve_assignment(connection, assignment_id)
    rows = connection.execute(
        f"SELECT e.* FROM exercise_results e WHERE e.submission_id IN ({LATEST_SUBMISSIONS})"
        " ORDER BY e.position",
        {"assignment": assignment},
    ).fetchall()
    by_exercise: dict[str, list[sqlite3.Row]] = {}
    for row in rows:
        by_exercise.setdefault(row["exercise_id"], []).append(row)
    stats = []
    for exercise_id, results in by_exercise.items():
        statuses = Counter(row["status"] for row in results)
        points = [row["points"] for row in results]
        mistakes = Counter(row["mistake"] for row in results if row["mistake"])
        errors = Counter(row["error"] for row in results if row["error"])
        stats.append(
            ExerciseStats(
                exercise_id=exercise_id,
                title=results[-1]["title"],
                max_points=results[-1]["max_points"],
                students=len(results),
                passed=statuses["pass"],
                failed=statuses["fail"],
                errored=statuses["error"],
                mean_points=round(statistics.fmean(points), 4) if points else None,
                pass_rate=round(statuses["pass"] / len(results), 4) if results else None,
                top_mistakes=[
                    {"message": message, "count": count}
                    for message, count in mistakes.most_common(top)
                ],
                top_errors=[
                    {"message": message, "count": count}
                    for message, count in errors.most_common(top)
                ],
            )
        )
    return stats


# --------------------------------------------------------------------------------------------
# Wrong-answer clusters
# --------------------------------------------------------------------------------------------


def wrong_answer_clusters(
    connection: sqlite3.Connection,
    assignment_id: str | None = None,
    *,
    exercise_id: str | None = None,
    case_id: str | None = None,
    include_hidden: bool = True,
    min_size: int = 1,
) -> list[AnswerCluster]:
    """Identical non-passing answers among current submissions, biggest clusters first.

    Two answers are identical when their fingerprints are equal (same values bit for bit,
    shape and dtype; or same exception type and message; or the same sandbox failure). A
    sandbox failure (a file that did not load, a timeout, a crash) is stored with only its
    exception type, so its clusters are split further by the failure's message, normalised
    by :func:`failure_key` so that the student's own file name does not split them.
    """
    assignment = resolve_assignment(connection, assignment_id)
    conditions = [f"c.submission_id IN ({LATEST_SUBMISSIONS})", "c.status != 'pass'"]
    parameters: dict[str, Any] = {"assignment": assignment}
    if exercise_id is not None:
        conditions.append("c.exercise_id = :exercise")
        parameters["exercise"] = exercise_id
    if case_id is not None:
        conditions.append("c.case_id = :case")
        parameters["case"] = case_id
    if not include_hidden:
        conditions.append("c.hidden = 0")
    rows = connection.execute(
        "SELECT c.*, s.student, s.spec_hash, s.load_error, s.path, e.position AS exercise_position"
        " FROM case_results c"
        " JOIN submissions s ON s.id = c.submission_id"
        " JOIN exercise_results e ON e.submission_id = c.submission_id"
        "  AND e.exercise_id = c.exercise_id"
        f" WHERE {' AND '.join(conditions)}"
        " ORDER BY s.student",
        parameters,
    ).fetchall()
    groups: dict[tuple[str, str, int, str], list[sqlite3.Row]] = {}
    for row in rows:
        # Fingerprints of different versions are never compared (schema migration 3).
        key = (
            row["exercise_id"],
            row["case_id"],
            _fingerprint_version(row),
            _cluster_fingerprint(row),
        )
        groups.setdefault(key, []).append(row)
    expected = _expected_answers(connection, {row["spec_hash"] for row in rows})
    clusters = []
    for (exercise, case, _version, fingerprint), members in groups.items():
        if len(members) < min_size:
            continue
        first = members[0]
        clusters.append(
            (
                (-len(members), first["exercise_position"], first["position"], fingerprint),
                AnswerCluster(
                    exercise_id=exercise,
                    case_id=case,
                    label=first["label"],
                    hidden=bool(first["hidden"]),
                    status=first["status"],
                    answer_kind=first["answer_kind"],
                    fingerprint=fingerprint,
                    size=len(members),
                    students=sorted({member["student"] for member in members}),
                    representative=json.loads(first["answer_summary"]),
                    message=first["message"],
                    expected=expected.get((first["spec_hash"], exercise, case)),
                    load_failure=bool(first["load_error"]),
                ),
            )
        )
    return [cluster for _, cluster in sorted(clusters, key=lambda item: item[0])]


# Parts of a failure message that name the student's own file or vary with its contents:
# a path or a .py/.ipynb file name, a number (a byte offset, a line, a size), and a quoted
# snippet that is not a plain Python name (the start of a corrupt notebook). A quoted name
# (`NameError: name 'tensor' is not defined`) is kept: it tells two mistakes apart.
_FAILURE_PATH = re.compile(r"(?:[^\s:;,()'\"`]*/)+[^\s:;,()'\"`]*|[^\s:;,()'\"`/]+\.(?:py|ipynb)\b")
_FAILURE_NUMBER = re.compile(r"\b\d+\b")
_FAILURE_SNIPPET = re.compile(r"'(?![A-Za-z_][A-Za-z0-9_.]*')[^']*'|\"[^\"]*\"")


def failure_key(exception_type: str, message: str, path: str = "") -> str:
    """What identifies one reason for a sandbox failure: the exception type and its message
    with the submission's ``path``, other file names, numbers and quoted snippets of the file
    replaced (so "not valid UTF-8 (byte 5)" in vera.py and "(byte 9)" in walt.py are one
    reason, "not a readable Jupyter notebook" another)."""
    normalised = message
    for own in sorted({path, path.rsplit("/", 1)[-1]} - {""}, key=len, reverse=True):
        normalised = normalised.replace(own, "<file>")
    normalised = _FAILURE_PATH.sub("<file>", normalised)
    normalised = _FAILURE_SNIPPET.sub("<text>", normalised)
    normalised = _FAILURE_NUMBER.sub("<n>", normalised)
    return f"{exception_type}:{normalised}"


def _cluster_fingerprint(row: sqlite3.Row) -> str:
    """The stored fingerprint, split by the failure's reason for a sandbox failure (only its
    exception type is in the stored fingerprint: ``missing:SubmissionError``)."""
    fingerprint = row["answer_fingerprint"]
    if row["answer_kind"] in ("value", "raised"):
        return fingerprint
    summary = json.loads(row["answer_summary"])
    message = summary.get("message")
    if not message:
        return fingerprint
    key = failure_key(str(summary.get("type", "")), str(message), row["path"] or "")
    return f"{fingerprint}:{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def _fingerprint_version(row: sqlite3.Row) -> int:
    """1 for rows of a gradebook older than schema version 3 (read-only, not migrated)."""
    return row["fingerprint_version"] if "fingerprint_version" in row.keys() else 1


def _expected_answers(
    connection: sqlite3.Connection, spec_hashes: set[str]
) -> dict[tuple[str, str, str], dict[str, Any]]:
    """(spec hash, exercise id, case id) -> the reference answer's summary."""
    return {
        (spec_hash, exercise, case): summary
        for spec_hash in spec_hashes
        for (exercise, case), summary in expected_answers(connection, spec_hash).items()
    }


def expected_answers(
    connection: sqlite3.Connection, spec_hash: str
) -> dict[tuple[str, str], dict[str, Any]]:
    """(exercise id, case id) -> the reference solution's answer summary under ``spec_hash``.

    Empty for a spec hash graded before the gradebook stored reference answers (or a version 1
    gradebook opened read-only, which has no such table).
    """
    has_table = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'expected_answers'"
    ).fetchone()
    if not has_table:
        return {}
    return {
        (row["exercise_id"], row["case_id"]): json.loads(row["answer_summary"])
        for row in connection.execute(
            "SELECT exercise_id, case_id, answer_summary FROM expected_answers WHERE spec_hash = ?",
            (spec_hash,),
        )
    }


# --------------------------------------------------------------------------------------------
# Students and submissions
# --------------------------------------------------------------------------------------------


def student_history(
    connection: sqlite3.Connection, student: str, assignment_id: str | None = None
) -> list[SubmissionDetail]:
    """Every graded submission of ``student``, oldest first, with exercises (no cases)."""
    assignment = resolve_assignment(connection, assignment_id)
    rows = connection.execute(
        "SELECT * FROM submissions WHERE assignment_id = ? AND student = ? ORDER BY id",
        (assignment, student),
    ).fetchall()
    if not rows:
        raise GradebookQueryError(f"no submission of student {student!r} for {assignment}")
    return [_submission_detail(connection, row, with_cases=False) for row in rows]


def submission_detail(connection: sqlite3.Connection, submission_id: int) -> SubmissionDetail:
    """One submission with its exercises, cases and captured output."""
    row = connection.execute("SELECT * FROM submissions WHERE id = ?", (submission_id,)).fetchone()
    if row is None:
        raise GradebookQueryError(f"no submission with id {submission_id}")
    return _submission_detail(connection, row, with_cases=True)


def _submission_detail(
    connection: sqlite3.Connection, row: sqlite3.Row, *, with_cases: bool
) -> SubmissionDetail:
    cases: dict[str, list[CaseDetail]] = {}
    if with_cases:
        for case in connection.execute(
            "SELECT * FROM case_results WHERE submission_id = ? ORDER BY exercise_id, position",
            (row["id"],),
        ):
            cases.setdefault(case["exercise_id"], []).append(_case_detail(case))
    exercises = [
        ExerciseDetail(
            grade=_exercise_grade(exercise),
            violations=json.loads(exercise["violations"]),
            duration=exercise["duration"],
            cases=cases.get(exercise["exercise_id"], []),
        )
        for exercise in connection.execute(
            "SELECT * FROM exercise_results WHERE submission_id = ? ORDER BY position",
            (row["id"],),
        )
    ]
    return SubmissionDetail(
        submission_id=row["id"],
        run_id=row["run_id"],
        assignment_id=row["assignment_id"],
        student=row["student"],
        path=row["path"],
        content_hash=row["content_hash"],
        spec_hash=row["spec_hash"],
        status=row["status"],
        score=row["score"],
        max_score=row["max_score"],
        load_error=row["load_error"],
        stdout=row["stdout"],
        stderr=row["stderr"],
        isolation=json.loads(row["isolation"]),
        duration=row["duration"],
        graded_at=row["graded_at"],
        exercises=exercises,
    )


def _case_detail(row: sqlite3.Row) -> CaseDetail:
    return CaseDetail(
        case_id=row["case_id"],
        label=row["label"],
        hidden=bool(row["hidden"]),
        weight=row["weight"],
        status=row["status"],
        call_status=row["call_status"],
        score=row["score"],
        message=row["message"],
        output=row["output"],
        duration=row["duration"],
        answer_kind=row["answer_kind"],
        answer_fingerprint=row["answer_fingerprint"],
        answer_summary=json.loads(row["answer_summary"]),
    )
