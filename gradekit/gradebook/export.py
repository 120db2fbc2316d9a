"""Exports of the current grades: an LMS-friendly CSV and a JSON document.

CSV: one row per student, sorted by student id. Columns: ``student``, ``score``,
``max_score``, ``percent``, ``status``, then one column per exercise (its points, headed by the
exercise id), then ``graded_at``, ``content_hash`` and ``path``. Numbers use a dot and no
thousands separator, the file is UTF-8 with a header row: the shape Canvas, Moodle and
spreadsheet imports expect.

JSON: ``{"assignment": …, "exercises": [{id, title, max_points}], "students": [StudentGrade]}``.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from typing import Any

from gradekit.gradebook.queries import exercise_columns, latest_grades, resolve_assignment

FIXED_COLUMNS = ("student", "score", "max_score", "percent", "status")
TRAILING_COLUMNS = ("graded_at", "content_hash", "path")


def _number(value: float) -> str:
    """Points without float noise: 2.0 -> "2", 1.3333 -> "1.3333"."""
    return f"{round(value, 4):g}"


def export_csv(connection: sqlite3.Connection, assignment_id: str | None = None) -> str:
    """The current grades as CSV text (see the module docstring for the columns)."""
    assignment = resolve_assignment(connection, assignment_id)
    exercises = [exercise_id for exercise_id, _, _ in exercise_columns(connection, assignment)]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*FIXED_COLUMNS, *exercises, *TRAILING_COLUMNS])
    for grade in latest_grades(connection, assignment):
        points = {exercise.exercise_id: exercise.points for exercise in grade.exercises}
        percent = 100 * grade.score / grade.max_score if grade.max_score else 0.0
        writer.writerow(
            [
                grade.student,
                _number(grade.score),
                _number(grade.max_score),
                _number(round(percent, 2)),
                grade.status,
                *(_number(points[e]) if e in points else "" for e in exercises),
                grade.graded_at,
                grade.content_hash,
                grade.path,
            ]
        )
    return buffer.getvalue()


def export_json(connection: sqlite3.Connection, assignment_id: str | None = None) -> str:
    """The current grades as a JSON document (see the module docstring)."""
    assignment = resolve_assignment(connection, assignment_id)
    document: dict[str, Any] = {
        "assignment": assignment,
        "exercises": [
            {"id": exercise_id, "title": title, "max_points": max_points}
            for exercise_id, title, max_points in exercise_columns(connection, assignment)
        ],
        "students": [grade.to_json() for grade in latest_grades(connection, assignment)],
    }
    return json.dumps(document, indent=2, sort_keys=False)
