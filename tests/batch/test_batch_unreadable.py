"""A submission file that cannot be read (permissions, an I/O error) is not graded: it is
listed with the reason, recorded as ungradable, and exported with that status. Root can read
any file, so the failure is made by patching the read (in a child process) or by a folder
where the file is expected."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

from test_batch_cli import CORRECT, SPEC, gradekit

from gradekit.gradebook import queries
from gradekit.gradebook.store import connect
from gradekit.grading.batch import SubmissionEntry, _hashed

GRADE_WITH_AN_UNREADABLE_FILE = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path

    read_bytes = Path.read_bytes

    def refuse_xena(path):
        if path.name == "xena.py":
            raise PermissionError(13, "Permission denied", str(path))
        return read_bytes(path)

    Path.read_bytes = refuse_xena
    from gradekit.grading.batch import grade_batch

    folder, spec, db = map(Path, sys.argv[1:4])
    summary = grade_batch(folder, spec, db_path=db, jobs=1)
    print(json.dumps(summary.to_json()))
    """
)


def test_an_unreadable_file_is_not_graded_and_says_why(tmp_path: Path) -> None:
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "alice.py").write_text(CORRECT)
    (folder / "xena.py").write_text(CORRECT)
    db = tmp_path / "book.sqlite"
    result = subprocess.run(
        [sys.executable, "-c", GRADE_WITH_AN_UNREADABLE_FILE, str(folder), str(SPEC), str(db)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["graded"] == 1
    assert "xena" in json.dumps(summary["grader_errors"])
    assert "Permission denied" in json.dumps(summary["grader_errors"])
    connection = connect(db, readonly=True)
    assert [grade.student for grade in queries.latest_grades(connection)] == ["alice"]
    [entry] = queries.ungradable_entries(connection)
    assert entry.student == "xena" and "Permission denied" in entry.reason
    exported = gradekit("export", "--db", str(db), "--csv", "-")
    rows = {row["student"]: row for row in csv.DictReader(io.StringIO(exported.stdout))}
    assert rows["xena"]["grade_status"] == "ungradable" and rows["xena"]["score"] == ""
    assert "Permission denied" in rows["xena"]["note"]


def test_hashed_turns_a_read_error_into_an_entry_without_a_file(tmp_path: Path) -> None:
    (tmp_path / "carol").mkdir()
    (tmp_path / "carol" / "exercise.py").mkdir()  # a folder where the file should be
    entry = SubmissionEntry("carol", tmp_path / "carol", tmp_path / "carol" / "exercise.py")
    unreadable, content_hash = _hashed(entry)
    assert unreadable.path is None
    assert unreadable.problem == f"{tmp_path / 'carol' / 'exercise.py'}: Is a directory"
    assert content_hash == unreadable.content_hash()  # stable: the same problem, the same hash
    readable = SubmissionEntry("alice", tmp_path / "alice.py", tmp_path / "alice.py")
    readable.path.write_text(CORRECT)
    assert _hashed(readable) == (readable, readable.content_hash())
