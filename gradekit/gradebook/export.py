"""Exports of the current grades: an LMS-friendly CSV and a JSON document.

CSV: one row per student, sorted by student id. Columns: ``student``, ``score``,
``max_score``, ``percent``, ``status``, then one column per exercise (its points, headed by the
exercise id), then ``graded_at``, ``content_hash`` and ``path``. Numbers use a dot and no
thousands separator, the file is UTF-8 with a header row and CRLF line ends (RFC 4180): the
shape Canvas, Moodle and spreadsheet imports expect.

Text cells are safe to open in a spreadsheet: a cell that starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return would be read as a formula (a student can name their file
``=HYPERLINK(…).py``), so it gets a leading single quote, as OWASP's "CSV injection" advice
says (``=cmd`` is written ``'=cmd``). Numeric columns are written as plain numbers.

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


# What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """``text`` as a CSV cell no spreadsheet runs as a formula: a leading quote when it
    starts like one, else unchanged."""
    return "'" + text if text.startswith(FORMULA_TRIGGERS) else text


def _number(value: float) -> str:
    """Points without float noise: 2.0 -> "2", 1.3333 -> "1.3333"."""
    return f"{round(value, 4):g}"


def export_csv(connection: sqlite3.Connection, assignment_id: str | None = None) -> str:
    """The current grades as CSV text (see the module docstring for the columns)."""
    assignment = resolve_assignment(connection, assignment_id)
    exercises = [exercise_id for exercise_id, _, _ in exercise_columns(connection, assignment)]
    buffer = io.StringIO(newline="")
    # CRLF line ends (RFC 4180, what spreadsheets write): the csv module then also quotes a
    # cell holding a lone carriage return, which with "\n" it wrote bare, breaking the row.
    writer = csv.writer(buffer, lineterminator="\r\n")
    header = [*FIXED_COLUMNS, *exercises, *TRAILING_COLUMNS]
    writer.writerow([spreadsheet_safe(name) for name in header])
    for grade in latest_grades(connection, assignment):
        points = {exercise.exercise_id: exercise.points for exercise in grade.exercises}
        percent = 100 * grade.score / grade.max_score if grade.max_score else 0.0
        writer.writerow(
            [
                spreadsheet_safe(grade.student),
                _number(grade.score),
                _number(grade.max_score),
                _number(round(percent, 2)),
                spreadsheet_safe(grade.status),
                *(_number(points[e]) if e in points else "" for e in exercises),
                spreadsheet_safe(grade.graded_at),
                spreadsheet_safe(grade.content_hash),
                spreadsheet_safe(grade.path),
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
