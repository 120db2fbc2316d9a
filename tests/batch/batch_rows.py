"""What a batch stored, for tests that compare two ways of grading the same class."""

from __future__ import annotations

import sqlite3
from pathlib import Path

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
