"""Exports of the current grades: an LMS-friendly CSV and a JSON document.

Who is in it: every student the gradebook knows for the assignment, one row each, sorted by
student id, whatever happened to their submission. ``grade_status`` says which case a row is:

* ``graded``: the newest entry was graded; the row carries its grade.
* ``stale``: the latest run found the student's entry but could not grade it (a symbolic link,
  no Python file...), and an *earlier* submission was graded: the row carries that earlier
  grade, and ``note`` says why the newest entry was not graded.
* ``ungradable``: the student submitted, but no entry of theirs could ever be graded: no score.
* ``missing``: on the roster (``roster=``, ``gradekit export --roster FILE``) but no entry was
  ever found: no score.

A row without a grade has *blank* score, percent, status and exercise cells (``max_score`` is
still filled in, from the graded submissions: blank too, and the exercise columns absent, while
nobody has been graded), not 0: gradekit has not graded that student, and a blank keeps "not graded"
apart from "graded, scored 0"; an LMS or a spreadsheet then leaves the cell ungraded and the
instructor decides (a zero, an extension, a regrade). Search ``grade_status`` for the rows
that need a decision.

CSV columns: ``student``, ``score``, ``max_score``, ``percent``, ``status`` (``pass``,
``fail`` or ``error``: the graded submission's outcome), ``grade_status``, then one column per
exercise (its points, headed by the exercise id), then ``graded_at``, ``content_hash``,
``path`` and ``note``. Numbers use a dot and no thousands separator, the file is UTF-8 with a
header row and CRLF line ends (RFC 4180). ``excel=True`` starts the file with a UTF-8 byte
order mark, which Excel needs to read non-ASCII names as UTF-8 (without it, "élodie" opens as
"Ã©lodie"); other readers skip it or show it, so it is not the default.

Text cells are safe to open in a spreadsheet: a cell that starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return would be read as a formula (a student can name their file
``=HYPERLINK(…).py``), so it gets a leading single quote, as OWASP's "CSV injection" advice
says (``=cmd`` is written ``'=cmd``). Numeric columns are written as plain numbers.

JSON: ``{"assignment": …, "exercises": [{id, title, max_points}], "students": [...]}``: a
graded or stale student is a StudentGrade (queries.py) plus ``grade_status``, ``note`` and
``entry``; an ungradable or missing one has the same keys with ``null`` score, status,
percent and submission fields and no exercises.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gradekit.gradebook.queries import (
    StudentGrade,
    exercise_columns,
    latest_grades,
    resolve_assignment,
    ungradable_entries,
)

FIXED_COLUMNS = ("student", "score", "max_score", "percent", "status", "grade_status")
TRAILING_COLUMNS = ("graded_at", "content_hash", "path", "note")

# The values of the grade_status column, in the module docstring's order.
GRADE_STATUSES = ("graded", "stale", "ungradable", "missing")

BYTE_ORDER_MARK = "\ufeff"

# What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """``text`` as a CSV cell no spreadsheet runs as a formula: a leading quote when it
    starts like one, else unchanged."""
    return "'" + text if text.startswith(FORMULA_TRIGGERS) else text


def _number(value: float) -> str:
    """Points without float noise: 2.0 -> "2", 1.3333 -> "1.3333"."""
    return f"{round(value, 4):g}"


@dataclass(frozen=True)
class ExportRow:
    """One student of the export: their grade (None when there is none) and why."""

    student: str
    grade_status: str  # one of GRADE_STATUSES
    grade: StudentGrade | None
    entry: str | None  # the entry the latest run could not grade (stale, ungradable)
    note: str

    @property
    def percent(self) -> float | None:
        if self.grade is None:
            return None
        if not self.grade.max_score:
            return 0.0
        return round(100 * self.grade.score / self.grade.max_score, 2)


def export_rows(
    connection: sqlite3.Connection,
    assignment_id: str | None = None,
    *,
    roster: Iterable[str] | None = None,
) -> list[ExportRow]:
    """Every student the gradebook (and the roster, when given) knows, sorted by id."""
    assignment = resolve_assignment(connection, assignment_id)
    grades = {grade.student: grade for grade in latest_grades(connection, assignment)}
    ungradable = {entry.student: entry for entry in ungradable_entries(connection, assignment)}
    rows = []
    for student in sorted(set(grades) | set(ungradable) | set(roster or ())):
        grade, entry = grades.get(student), ungradable.get(student)
        if grade is not None and entry is not None:
            status = "stale"
            note = (
                f"the newest entry could not be graded ({entry.reason}); "
                f"this grade is from the submission graded at {grade.graded_at}"
            )
        elif grade is not None:
            status, note = "graded", ""
        elif entry is not None:
            status, note = "ungradable", f"submitted but could not be graded: {entry.reason}"
        else:
            status, note = "missing", "on the roster, no submission found"
        rows.append(
            ExportRow(
                student=student,
                grade_status=status,
                grade=grade,
                entry=entry.entry if entry is not None else None,
                note=note,
            )
        )
    return rows


def _max_score(columns: list[tuple[str, str, float]]) -> float | None:
    """The assignment's points, from its graded exercises: None while nobody was graded (an
    empty class, or every entry ungradable), when the gradebook does not know them."""
    if not columns:
        return None
    return sum(max_points for _, _, max_points in columns)


def export_csv(
    connection: sqlite3.Connection,
    assignment_id: str | None = None,
    *,
    roster: Iterable[str] | None = None,
    excel: bool = False,
) -> str:
    """The current grades as CSV text (see the module docstring for rows and columns)."""
    assignment = resolve_assignment(connection, assignment_id)
    columns = exercise_columns(connection, assignment)
    exercises = [exercise_id for exercise_id, _, _ in columns]
    max_score = _max_score(columns)
    buffer = io.StringIO(newline="")
    if excel:
        buffer.write(BYTE_ORDER_MARK)
    # CRLF line ends (RFC 4180, what spreadsheets write): the csv module then also quotes a
    # cell holding a lone carriage return, which with "\n" it wrote bare, breaking the row.
    writer = csv.writer(buffer, lineterminator="\r\n")
    header = [*FIXED_COLUMNS, *exercises, *TRAILING_COLUMNS]
    writer.writerow([spreadsheet_safe(name) for name in header])
    for row in export_rows(connection, assignment, roster=roster):
        grade = row.grade
        if grade is None:
            # Not graded: blank cells, not 0 (the module docstring says why).
            writer.writerow(
                [
                    spreadsheet_safe(row.student),
                    "",
                    "" if max_score is None else _number(max_score),
                    "",
                    "",
                    row.grade_status,
                    *("" for _ in exercises),
                    "",
                    "",
                    spreadsheet_safe(row.entry or ""),
                    spreadsheet_safe(row.note),
                ]
            )
            continue
        points = {exercise.exercise_id: exercise.points for exercise in grade.exercises}
        writer.writerow(
            [
                spreadsheet_safe(grade.student),
                _number(grade.score),
                _number(grade.max_score),
                _number(row.percent or 0.0),
                spreadsheet_safe(grade.status),
                row.grade_status,
                *(_number(points[e]) if e in points else "" for e in exercises),
                spreadsheet_safe(grade.graded_at),
                spreadsheet_safe(grade.content_hash),
                spreadsheet_safe(grade.path),
                spreadsheet_safe(row.note),
            ]
        )
    return buffer.getvalue()


def export_json(
    connection: sqlite3.Connection,
    assignment_id: str | None = None,
    *,
    roster: Iterable[str] | None = None,
) -> str:
    """The current grades as a JSON document (see the module docstring)."""
    assignment = resolve_assignment(connection, assignment_id)
    columns = exercise_columns(connection, assignment)
    students = []
    for row in export_rows(connection, assignment, roster=roster):
        extra = {"grade_status": row.grade_status, "note": row.note, "entry": row.entry}
        if row.grade is not None:
            students.append({**row.grade.to_json(), "percent": row.percent, **extra})
            continue
        blank: dict[str, Any] = dict.fromkeys(
            ("submission_id", "status", "score", "path", "content_hash", "graded_at")
        )
        students.append(
            {
                "student": row.student,
                **blank,
                "max_score": _max_score(columns),
                "percent": None,
                "exercises": [],
                **extra,
            }
        )
    document: dict[str, Any] = {
        "assignment": assignment,
        "exercises": [
            {"id": exercise_id, "title": title, "max_points": max_points}
            for exercise_id, title, max_points in columns
        ],
        "students": students,
    }
    return json.dumps(document, indent=2, sort_keys=False)
