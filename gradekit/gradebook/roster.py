"""Class rosters: the students who should have submitted, whether they did or not.

``gradekit export --roster`` and ``gradekit serve-report``/``report --roster`` read the same
format: one student id per line, or a CSV (comma-, semicolon- or tab-separated) whose header
has a ``student`` column. Blank lines and ``#`` comments are ignored.
"""

from __future__ import annotations

import csv
from pathlib import Path

DELIMITERS = (",", ";", "\t")


class RosterError(ValueError):
    """The roster file cannot be read; the message names the file and line."""


def load_roster(path: Path) -> list[str]:
    """Student ids from a roster: one id per line, or a CSV (``,``, ``;`` or tab between the
    cells) whose header has a ``student`` column. Blank lines and ``#`` comments are
    ignored."""
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
    # Comma-separated, or as a spreadsheet saves "CSV" where the decimal mark is a comma
    # (semicolons), or tab-separated: the separator is the one whose header has the column.
    separators = [mark for mark in DELIMITERS if mark in header_line]
    if not separators:
        return sorted({line.strip() for _, line in lines})
    headers = {mark: next(csv.reader([header_line], delimiter=mark)) for mark in separators}
    delimiter = next(
        (mark for mark in separators if "student" in [n.strip() for n in headers[mark]]), None
    )
    if delimiter is None:
        raise RosterError(
            f"{path}:{header_number}: a CSV roster needs a 'student' column in its header, "
            f"got {headers[separators[0]]}"
        )
    column = [name.strip() for name in headers[delimiter]].index("student")
    students = set()
    rows = csv.reader((line for _, line in lines[1:]), delimiter=delimiter)
    consumed = 0  # lines the reader has taken (a quoted cell may span several)
    for row in rows:
        number = lines[1 + consumed][0]
        consumed = rows.line_num
        if len(row) <= column or not row[column].strip():
            raise RosterError(f"{path}:{number}: no student id in column {column + 1}")
        students.add(row[column].strip())
    return sorted(students)
