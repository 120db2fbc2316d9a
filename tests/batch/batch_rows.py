"""Helpers of the batch tests that compare two ways of grading the same class: the class of
submissions to grade, and what a batch stored."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from gradekit.gradebook.store import CASE_COLUMNS, EXERCISE_COLUMNS, SUBMISSION_COLUMNS

SOLUTION = Path(__file__).resolve().parents[2] / "solutions" / "tensor_indexing.py"


def write_class(tmp_path: Path, *, copies: int = 1, sleepy: bool = False) -> Path:
    """A folder of tensor-indexing submissions: correct, wrong, a syntax error and one that
    raises (and, with ``sleepy``, one that sleeps 50 ms in a call), ``copies`` of each."""
    solution = SOLUTION.read_text()
    variants = {
        "correct": solution,
        "wrong": solution.replace("return t[::2]\n", "return t[1::2]\n", 1),
        "syntax": solution + "\ndef broken(:\n    pass\n",
        "raises": solution.replace("return t[::2]\n", "return t[100]\n", 1),
    }
    if sleepy:
        variants["sleepy"] = solution.replace(
            "return t[::2]\n", "import time\n    time.sleep(0.05)\n    return t[::2]\n", 1
        )
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in variants.items():
        for copy in range(copies):
            (folder / f"{name}{copy}.py").write_text(f"# {name} {copy}\n{text}")
    return folder


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
