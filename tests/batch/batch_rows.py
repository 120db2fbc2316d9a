"""What a batch stored, for tests that compare two ways of grading the same class."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from gradekit.gradebook.store import CASE_COLUMNS, EXERCISE_COLUMNS, SUBMISSION_COLUMNS

# Columns that differ between two gradings of the same submissions by design.
VOLATILE = {"id", "run_id", "submission_id", "duration", "graded_at", "path"}


def submission_rows(connection: sqlite3.Connection) -> dict[str, tuple]:
    """Every stored row of every submission by student, without ids, times and durations."""

    def stable(row: sqlite3.Row) -> tuple:
        return tuple((key, row[key]) for key in row.keys() if key not in VOLATILE)

    found = {}
    for submission in connection.execute("SELECT * FROM submissions"):
        exercises = connection.execute(
            "SELECT * FROM exercise_results WHERE submission_id = ? ORDER BY position",
            (submission["id"],),
        ).fetchall()
        cases = connection.execute(
            "SELECT * FROM case_results WHERE submission_id = ? ORDER BY exercise_id, position",
            (submission["id"],),
        ).fetchall()
        found[submission["student"]] = (
            stable(submission),
            [stable(row) for row in exercises],
            [stable(row) for row in cases],
        )
    return found


def connect(db: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(db)
    connection.row_factory = sqlite3.Row
    return connection


def stable_rows(rows: dict[str, Any]) -> tuple:
    """A worker's rows of one submission (``GradedSubmission.rows``) by column name, without
    the columns that differ between two gradings by design."""

    def stable(columns: tuple[str, ...], values: list) -> tuple:
        return tuple(
            (name, value)
            for name, value in zip(columns, values, strict=True)
            if name not in VOLATILE
        )

    return (
        stable(SUBMISSION_COLUMNS, rows["submission"]),
        [stable(EXERCISE_COLUMNS, row) for row in rows["exercises"]],
        [stable(CASE_COLUMNS, row) for row in rows["cases"]],
    )
