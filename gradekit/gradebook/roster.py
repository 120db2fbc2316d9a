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
    # (line number in the file, line): errors name the file's own line, comments and blank
    # lines included.
    lines = [
        (number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.startswith("#")
    ]
    if not lines:
        return []
    header_number, header_line = lines[0]
    header = next(csv.reader([header_line]))
    if "," not in header_line:
        return sorted({line.strip() for _, line in lines})
    if "student" not in [name.strip() for name in header]:
        raise RosterError(
            f"{path}:{header_number}: a CSV roster needs a 'student' column in its header, "
            f"got {header}"
        )
    column = [name.strip() for name in header].index("student")
    students = set()
    rows = csv.reader(line for _, line in lines[1:])
    consumed = 0  # lines the reader has taken (a quoted cell may span several)
    for row in rows:
        number = lines[1 + consumed][0]
        consumed = rows.line_num
        if len(row) <= column or not row[column].strip():
            raise RosterError(f"{path}:{number}: no student id in column {column + 1}")
        students.add(row[column].strip())
    return sorted(students)
