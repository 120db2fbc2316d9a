"""What each page of the web report shows, gathered from the gradebook's read API.

Pages are built from :mod:`gradekit.gradebook.queries` plus two small read-only queries of
our own (see ``_median_durations`` and ``_not_attempted``) for facts the read API does not
offer yet. Answers are shown against the reference solution's own answer, which the gradebook
stores per spec hash, exercise and case (``expected_answers``). Nothing here renders HTML: the
results are plain dataclasses and dicts that the Jinja templates display (autoescaped).

Pages are addressed by *slugs*: URL- and file-name-safe forms of assignment, exercise and
student ids (:func:`slug`), identical in the live server and the static export.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gradekit.gradebook import queries
from gradekit.gradebook.export import export_csv
from gradekit.gradebook.roster import RosterError, load_roster  # noqa: F401 - re-exported
from gradekit.gradebook.schema import LATEST_SUBMISSIONS
from gradekit.report.web.diff import DiffRow, answer_diff
from gradekit.report.web.graph import GraphDataError, GraphNode, graph_from_answer

_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")
# Kept as it is: lower case (two ids that differ only in case must not share a file on a
# case-insensitive disk, macOS's and Windows' by default), not hidden, short enough for a file
# name (255 bytes with ".html"), and not shaped like a slug with its hash (which could then be
# another student's page).
_PLAIN = re.compile(r"[a-z0-9_][a-z0-9_.-]{0,99}")
_HASHED = re.compile(r".*-[0-9a-f]{8}")


class NotFound(LookupError):
    """A page for something the gradebook does not contain."""


def slug(identifier: str) -> str:
    """A file-name-safe, URL-safe name for ``identifier``, unique per identifier, also on a
    case-insensitive disk.

    Plain identifiers (lower-case letters, digits, ``_ . -``, not starting with a dot, at most
    100 characters, not ending like a hashed slug) are kept as they are; for anything else the
    unsafe characters become ``_``, the result is cut to 60 characters and suffixed with a
    short hash of the original, so two ids never share a page (``"a b"`` -> ``a_b-1f2e3d4c``,
    ``"Dave"`` -> ``Dave-…``).
    """
    if _PLAIN.fullmatch(identifier) and not _HASHED.fullmatch(identifier):
        return identifier
    cleaned = _UNSAFE.sub("_", identifier)
    digest = hashlib.sha256(identifier.encode()).hexdigest()[:8]
    return f"{cleaned.lstrip('.')[:60] or 'id'}-{digest}"


# --------------------------------------------------------------------------------------------
# Our own read queries (the gradebook's read API does not offer these yet)
# --------------------------------------------------------------------------------------------


def _median_durations(connection: sqlite3.Connection, assignment: str) -> dict[str, float]:
    """Median seconds each exercise took over the current submissions."""
    durations: dict[str, list[float]] = {}
    for row in connection.execute(
        "SELECT exercise_id, duration FROM exercise_results"
        f" WHERE submission_id IN ({LATEST_SUBMISSIONS})",
        {"assignment": assignment},
    ):
        durations.setdefault(row["exercise_id"], []).append(row["duration"])
    return {exercise: statistics.median(values) for exercise, values in durations.items()}


def _not_attempted(connection: sqlite3.Connection, assignment: str) -> dict[str, list[str]]:
    """Per exercise, the students whose current submission loaded but has no answer to any
    case (the function is missing). A file that did not load is not counted here: it is an
    error, listed with its reason among the exercise's load failures."""
    rows = connection.execute(
        "SELECT c.exercise_id, s.student FROM case_results c"
        " JOIN submissions s ON s.id = c.submission_id"
        f" WHERE c.submission_id IN ({LATEST_SUBMISSIONS}) AND s.load_error IS NULL"
        " GROUP BY c.submission_id, c.exercise_id"
        " HAVING sum(c.answer_kind != 'missing') = 0 ORDER BY s.student",
        {"assignment": assignment},
    )
    missing: dict[str, list[str]] = {}
    for row in rows:
        missing.setdefault(row["exercise_id"], []).append(row["student"])
    return missing


# --------------------------------------------------------------------------------------------
# Page models
# --------------------------------------------------------------------------------------------


@dataclass
class GraphPair:
    """The student's computation graph next to the expected one (None: not recorded)."""

    got: list[GraphNode] | None
    expected: list[GraphNode] | None
    complete: bool  # False when only the output node (grad_fn) is known


@dataclass
class AnswerView:
    """One answer shown against the expected answer."""

    summary: dict[str, Any]
    expected: dict[str, Any] | None
    diff: list[DiffRow]
    graph: GraphPair | None


@dataclass
class ClusterView:
    """One shared wrong answer: the same students answered the same way in one or more cases.

    Identical-answer clusters of different cases are merged when they hold exactly the same
    students and the same kind of answer (the same exception type, say): that is one
    misconception showing up in several cases, and it is shown once, with the first case's
    answer as the representative.
    """

    clusters: list[queries.AnswerCluster]  # one per case, in case order
    students: list[tuple[str, str]]  # (id, slug)
    answer: AnswerView  # the first case's representative against its expected answer
    share: float  # of the students graded on this exercise

    @property
    def first(self) -> queries.AnswerCluster:
        return self.clusters[0]


def _misconception_key(cluster: queries.AnswerCluster) -> tuple:
    exception_type = cluster.representative.get("type") if cluster.answer_kind != "value" else None
    return (
        tuple(cluster.students),
        cluster.status,
        cluster.answer_kind,
        exception_type,
        cluster.load_failure,
    )


def _is_autograd(summaries: list[dict[str, Any] | None]) -> bool:
    """Whether graphs are worth drawing: some answer carries a graph or a grad_fn."""
    return any(
        summary is not None and (summary.get("graph") is not None or summary.get("grad_fn"))
        for summary in summaries
    )


def _whole_graph_known(summary: dict[str, Any]) -> bool:
    """A stored graph, or no grad_fn at all (a leaf has no graph to miss)."""
    return summary.get("graph") is not None or not summary.get("grad_fn")


def _graph_pair(got: dict[str, Any], expected: dict[str, Any] | None) -> GraphPair | None:
    try:
        got_graph = graph_from_answer(got)
        expected_graph = graph_from_answer(expected) if expected is not None else None
    except GraphDataError:
        return None
    if got_graph is None and expected_graph is None:
        return None
    complete = _whole_graph_known(got) and (expected is None or _whole_graph_known(expected))
    return GraphPair(got_graph, expected_graph, complete)


def answer_view(
    got: dict[str, Any], expected: dict[str, Any] | None, *, draw_graph: bool
) -> AnswerView:
    return AnswerView(
        summary=got,
        expected=expected,
        diff=answer_diff(expected, got),
        graph=_graph_pair(got, expected) if draw_graph else None,
    )


class ReportData:
    """The data behind every page, read from one open gradebook connection."""

    def __init__(self, connection: sqlite3.Connection, roster: list[str] | None = None) -> None:
        self.connection = connection
        self.roster = roster
        # Whole-assignment query results, kept for this object's life (one request or one
        # export), so a static export of N students does not run N times the same queries.
        self._cache: dict[tuple[str, str], Any] = {}

    def _cached(self, name: str, assignment: str, compute: Callable[..., Any]) -> Any:
        key = (name, assignment)
        if key not in self._cache:
            self._cache[key] = compute(self.connection, assignment)
        return self._cache[key]

    def _grades(self, assignment: str) -> list[queries.StudentGrade]:
        return self._cached("grades", assignment, queries.latest_grades)

    def _stats(self, assignment: str) -> list[queries.ExerciseStats]:
        return self._cached("stats", assignment, queries.exercise_stats)

    def _expected(self, spec_hash: str) -> dict[tuple[str, str], dict[str, Any]]:
        """The reference answers of one spec hash: (exercise, case) -> summary."""
        return self._cached("expected", spec_hash, queries.expected_answers)

    def _medians(self, assignment: str) -> dict[str, float]:
        return self._cached("medians", assignment, _median_durations)

    def _not_attempted(self, assignment: str) -> dict[str, list[str]]:
        return self._cached("not_attempted", assignment, _not_attempted)

    def _ungradable(self, assignment: str) -> dict[str, queries.UngradableEntry]:
        """The latest run's entries it could not grade, by student."""
        entries = self._cached("ungradable", assignment, queries.ungradable_entries)
        return {entry.student: entry for entry in entries}

    # -- addressing ---------------------------------------------------------------------------

    def assignments(self) -> list[queries.AssignmentSummary]:
        return queries.list_assignments(self.connection)

    def assignment_for(self, assignment_slug: str) -> str:
        for summary in self.assignments():
            if slug(summary.assignment_id) == assignment_slug:
                return summary.assignment_id
        raise NotFound(f"no assignment {assignment_slug!r} in the gradebook")

    # -- pages --------------------------------------------------------------------------------

    def overview(self, assignment: str) -> dict[str, Any]:
        overview = queries.class_overview(self.connection, assignment)
        grades = self._grades(assignment)
        columns = queries.exercise_columns(self.connection, assignment)
        medians = self._medians(assignment)
        not_attempted = self._not_attempted(assignment)
        graded = {grade.student for grade in grades}
        ungradable = self._ungradable(assignment)
        submitted = graded | set(ungradable)  # an ungradable entry is still a submission
        runs = queries.list_runs(self.connection, assignment)
        return {
            "overview": overview,
            "runs": runs,
            "interrupted_runs": sum(run.status == "interrupted" for run in runs),
            "exercises": [
                {
                    "stats": stats,
                    "slug": slug(stats.exercise_id),
                    "median_seconds": medians.get(stats.exercise_id),
                    "not_attempted": not_attempted.get(stats.exercise_id, []),
                }
                for stats in self._stats(assignment)
            ],
            "columns": [
                {"id": exercise_id, "title": title, "max_points": points}
                for exercise_id, title, points in columns
            ],
            "grades": [
                {
                    "grade": grade,
                    "slug": slug(grade.student),
                    "points": {e.exercise_id: e for e in grade.exercises},
                }
                for grade in grades
            ],
            # Submitted, but the latest run could not grade it: the reason, and a link to
            # the student's page when an earlier submission was graded.
            "not_gradable": [
                {"entry": entry, "slug": slug(student) if student in graded else None}
                for student, entry in sorted(ungradable.items())
            ],
            # The gradebook table's rows without a grade, as the CSV export has them: so the
            # table and its "Download CSV" list the same students.
            "ungraded_rows": sorted(
                [(student, "not gradable") for student in set(ungradable) - graded]
                + [(student, "not submitted") for student in set(self.roster or ()) - submitted]
            ),
            "roster_given": self.roster is not None,
            "not_submitted": sorted(set(self.roster or ()) - submitted),
            "not_on_roster": sorted(graded - set(self.roster)) if self.roster is not None else [],
        }

    def exercise(self, assignment: str, exercise_slug: str) -> dict[str, Any]:
        stats = {slug(item.exercise_id): item for item in self._stats(assignment)}
        if exercise_slug not in stats:
            raise NotFound(f"no exercise {exercise_slug!r} in {assignment}")
        exercise = stats[exercise_slug]
        clusters = queries.wrong_answer_clusters(
            self.connection, assignment, exercise_id=exercise.exercise_id
        )
        # Each cluster carries the reference answer of its students' spec hash.
        draw_graphs = _is_autograd(
            [cluster.representative for cluster in clusters]
            + [cluster.expected for cluster in clusters]
        )
        # wrong_answer_clusters() comes biggest first, so merged groups keep that order.
        groups: dict[tuple, list[queries.AnswerCluster]] = {}
        for cluster in clusters:
            groups.setdefault(_misconception_key(cluster), []).append(cluster)
        misconceptions, load_failures = [], []
        for members in groups.values():
            first = members[0]
            view = ClusterView(
                clusters=members,
                students=[(student, slug(student)) for student in first.students],
                answer=answer_view(first.representative, first.expected, draw_graph=draw_graphs),
                share=first.size / exercise.students if exercise.students else 0.0,
            )
            # A file that never loaded is no answer to this exercise: shown apart.
            (load_failures if first.load_failure else misconceptions).append(view)
        return {
            "stats": exercise,
            "median_seconds": self._medians(assignment).get(exercise.exercise_id),
            "not_attempted": [
                (student, slug(student))
                for student in self._not_attempted(assignment).get(exercise.exercise_id, [])
            ],
            "misconceptions": misconceptions,
            "load_failures": load_failures,
            "draw_graphs": draw_graphs,
        }

    def student(self, assignment: str, student_slug: str) -> dict[str, Any]:
        students = {slug(grade.student): grade for grade in self._grades(assignment)}
        if student_slug not in students:
            raise NotFound(f"no student {student_slug!r} in {assignment}")
        grade = students[student_slug]
        history = queries.student_history(self.connection, grade.student, assignment)
        current = queries.submission_detail(self.connection, grade.submission_id)
        expected = self._expected(current.spec_hash)
        exercises = []
        for exercise in current.exercises:
            exercise_id = exercise.grade.exercise_id
            expected_here = [expected.get((exercise_id, case.case_id)) for case in exercise.cases]
            draw_graphs = _is_autograd(
                [case.answer_summary for case in exercise.cases] + expected_here
            )
            exercises.append(
                {
                    "detail": exercise,
                    "slug": slug(exercise_id),
                    "cases": [
                        {
                            "case": case,
                            "answer": answer_view(
                                case.answer_summary,
                                expected.get((exercise_id, case.case_id)),
                                draw_graph=draw_graphs,
                            ),
                        }
                        for case in exercise.cases
                    ],
                }
            )
        return {
            "grade": grade,
            "current": current,
            # The newest entry could not be graded: the grade shown is an earlier one.
            "not_gradable": self._ungradable(assignment).get(grade.student),
            "exercises": exercises,
            "history": list(reversed(history)),  # newest first
        }

    def grades_csv(self, assignment: str) -> str:
        # The same bytes as `gradekit export --csv` (with the same --roster).
        return export_csv(self.connection, assignment, roster=self.roster)
