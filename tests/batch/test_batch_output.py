"""A student who prints far more than is kept: the gradebook's note counts everything they
printed beyond what it shows, including what the sandbox's 1 MiB output limit discarded."""

from __future__ import annotations

import json
from pathlib import Path

from test_batch_cli import CORRECT, grade

from gradekit.gradebook import queries
from gradekit.gradebook.records import SUBMISSION_OUTPUT_LIMIT
from gradekit.gradebook.store import connect

PRINTED = 3_000_000


def test_the_not_stored_count_is_what_the_student_printed_beyond_the_shown_part(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "loud.py").write_text(f"print('x' * {PRINTED}, end='')\n" + CORRECT)
    db = tmp_path / "book.sqlite"
    result = grade(folder, db, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["graded"] == 1
    connection = connect(db, readonly=True)
    [current] = queries.latest_grades(connection)
    stdout = queries.submission_detail(connection, current.submission_id).stdout
    shown = "x" * SUBMISSION_OUTPUT_LIMIT
    assert stdout == shown + f"\n[{PRINTED - SUBMISSION_OUTPUT_LIMIT} more characters not stored]"
