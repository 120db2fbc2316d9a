"""Class rosters: the students who should have submitted, whether they did or not.

``gradekit export --roster`` and ``gradekit serve-report``/``report --roster`` read the same
format: one student id per line, or a CSV whose header has a ``student`` column. Blank lines
and ``#`` comments are ignored.
"""

from __future__ import annotations

import csv
from pathlib import Path


class RosterError(ValueError):
    """The roster file cannot be read; the message names the file and line."""


def load_roster(path: Path) -> list[str]:
    """Student ids from a roster: one id per line, or a CSV whose header has a ``student``
    column. Blank lines and ``#`` comments are ignored."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # a roster saved by Excel has a BOM
    except OSError as error:
        raise RosterError(f"{path}: cannot read the roster ({error.strerror})") from error
    except UnicodeDecodeError as error:
        raise RosterError(f"{path}: the roster is not UTF-8 text ({error.reason})") from error
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not lines:
        return []
    header = next(csv.reader([lines[0]]))
    if "," not in lines[0]:
        return sorted({line.strip() for line in lines})
    if "student" not in [name.strip() for name in header]:
        raise RosterError(
            f"{path}:1: a CSV roster needs a 'student' column in its header, got {header}"
        )
    column = [name.strip() for name in header].index("student")
    students = set()
    for number, row in enumerate(csv.reader(lines[1:]), start=2):
        if len(row) <= column or not row[column].strip():
            raise RosterError(f"{path}:{number}: no student id in column {column + 1}")
        students.add(row[column].strip())
    return sorted(students)
