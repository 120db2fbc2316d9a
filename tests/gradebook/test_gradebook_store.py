"""Writing submissions: atomic per submission, skip keys, history kept."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from gradebook_builders import make_record

from gradekit.gradebook.store import Gradebook, connect


def _counts(path: Path) -> tuple[int, int, int]:
    connection = connect(path, readonly=True)
    return tuple(
        connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for table in ("submissions", "exercise_results", "case_results")
    )


def test_a_submission_is_written_with_all_its_rows(gradebook_path: Path, fill) -> None:
    fill([make_record("alice"), make_record("bob", passed={"total": False})])
    assert _counts(gradebook_path) == (2, 4, 8)


def test_a_failure_mid_submission_writes_nothing_of_it(gradebook_path: Path, fill) -> None:
    fill([make_record("alice")])
    broken = make_record("bob")
    # Two exercises with the same id violate the primary key after the submission row went in.
    broken.exercises.append(replace(broken.exercises[0]))
    with Gradebook(gradebook_path) as book, pytest.raises(sqlite3.IntegrityError):
        book.record_submission(run_id=1, assignment_id="pair", spec_hash="spec-1", record=broken)
    assert _counts(gradebook_path) == (1, 2, 4)


def test_graded_versions_are_per_spec_hash(gradebook_path: Path, fill) -> None:
    fill([make_record("alice", content_hash="a1"), make_record("bob", content_hash="b1")])
    with Gradebook(gradebook_path) as book:
        assert book.graded_versions("pair", "spec-1") == {("alice", "a1"), ("bob", "b1")}
        assert book.graded_versions("pair", "spec-2") == set()
        assert book.graded_versions("other", "spec-1") == set()


def test_runs_record_start_finish_and_status(gradebook_path: Path, fill) -> None:
    run_id = fill([make_record("alice")])
    row = (
        connect(gradebook_path, readonly=True)
        .execute("SELECT * FROM runs WHERE id = ?", (run_id,))
        .fetchone()
    )
    assert row["status"] == "finished"
    assert row["finished_at"] >= row["started_at"]


def test_regrading_keeps_the_history(gradebook_path: Path, fill) -> None:
    fill([make_record("alice", passed={"double": False}, content_hash="a1")])
    fill([make_record("alice", content_hash="a2")])
    rows = connect(gradebook_path, readonly=True).execute(
        "SELECT content_hash, score FROM submissions WHERE student = 'alice' ORDER BY id"
    )
    assert [tuple(row) for row in rows] == [("a1", 2.0), ("a2", 3.0)]


def test_records_survive_the_json_trip_between_processes() -> None:
    import json

    from gradekit.gradebook.records import record_from_json, record_to_json

    record = make_record("alice", passed={"total": False})
    assert record_from_json(json.loads(json.dumps(record_to_json(record)))) == record


# --------------------------------------------------------------------------------------------
# Unusable places for a gradebook: one clear error, nothing created
# --------------------------------------------------------------------------------------------


def test_a_missing_folder_is_an_error_and_is_not_created(tmp_path: Path) -> None:
    from gradekit.gradebook.schema import GradebookSchemaError

    target = tmp_path / "missing" / "deeper" / "book.sqlite"
    with pytest.raises(GradebookSchemaError, match=r"missing/deeper does not exist"):
        Gradebook(target)
    assert not (tmp_path / "missing").exists()


def test_a_folder_or_a_file_in_the_way_is_an_error(tmp_path: Path) -> None:
    from gradekit.gradebook.schema import GradebookSchemaError

    with pytest.raises(GradebookSchemaError, match=r"is a folder; pass --db the gradebook file"):
        Gradebook(tmp_path)
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    with pytest.raises(GradebookSchemaError, match=r"notes.txt is not a folder"):
        Gradebook(tmp_path / "notes.txt" / "book.sqlite")


def test_a_place_sqlite_cannot_create_a_file_in_is_an_error() -> None:
    from gradekit.gradebook.schema import GradebookSchemaError

    # procfs accepts no new files, whoever asks (root included)
    with pytest.raises(GradebookSchemaError, match=r"/proc/g.sqlite: cannot create a gradebook"):
        Gradebook("/proc/g.sqlite")


def test_a_gradebook_that_cannot_be_written_is_refused_when_opened(
    gradebook_path: Path, fill, monkeypatch
) -> None:
    from gradekit.gradebook import store
    from gradekit.gradebook.schema import GradebookSchemaError

    fill([make_record("alice")])
    holder = sqlite3.connect(gradebook_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process is writing and does not let go
    monkeypatch.setattr(store, "BUSY_TIMEOUT_SECONDS", 0.1)
    with pytest.raises(GradebookSchemaError, match=r"locked by another process \(waited 0.1 s\)"):
        Gradebook(gradebook_path)
    holder.execute("ROLLBACK")
    # A read-only file (root writes any file, so a read-only connection stands in for it).
    connect_ = sqlite3.connect
    monkeypatch.setattr(
        sqlite3, "connect", lambda path, **kw: connect_(f"file:{path}?mode=ro", uri=True, **kw)
    )
    with pytest.raises(GradebookSchemaError, match=r"cannot write the gradebook .*writable"):
        Gradebook(gradebook_path)
    monkeypatch.undo()
    assert _counts(gradebook_path) == (1, 2, 4)  # nothing lost, nothing half-written


READ_THE_GRADEBOOK = """
import sys
from gradekit.gradebook.export import export_csv
from gradekit.gradebook.schema import GradebookSchemaError
from gradekit.gradebook.store import connect

try:
    print(export_csv(connect(sys.argv[1], readonly=True)), end="")
except GradebookSchemaError as error:
    print(f"error: {error}")
"""


def _read_as_a_user_who_cannot_write(path: Path) -> str:
    """Export ``path`` in a child process without write access to its folder: root writes
    anywhere, so the child drops the capabilities that let it (util-linux's setpriv)."""
    import os
    import shutil
    import subprocess
    import sys

    command = [sys.executable, "-c", READ_THE_GRADEBOOK, str(path)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("root without setpriv cannot be kept from writing")
        drop = "-dac_override,-dac_read_search"
        command = ["setpriv", "--bounding-set", drop, "--inh-caps", drop, *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_gradebook_in_a_folder_the_reader_cannot_write_is_read(tmp_path: Path) -> None:
    from gradekit.gradebook.store import Gradebook

    folder = tmp_path / "shared"
    folder.mkdir()
    path = folder / "gradebook.sqlite"
    with Gradebook(path) as book:
        run_id = book.start_run(
            assignment_id="pair",
            assignment_title="pair title",
            spec_path="pair.yaml",
            spec_hash="spec-1",
            backend="engine",
            sandbox_tier=1,
            jobs=1,
            gradekit_version="test",
        )
        book.record_submission(
            run_id=run_id, assignment_id="pair", spec_hash="spec-1", record=make_record("alice")
        )
        book.finish_run(run_id)
    assert sorted(p.name for p in folder.iterdir()) == ["gradebook.sqlite"]  # no -wal, -shm
    folder.chmod(0o555)
    try:
        exported = _read_as_a_user_who_cannot_write(path)
        assert exported.startswith("student,") and "\nalice," in exported
        # A -wal file holds writes the file lacks: not read as if it did not exist.
        (folder.chmod(0o755), (folder / "gradebook.sqlite-wal").write_bytes(b""))
        folder.chmod(0o555)
        refused = _read_as_a_user_who_cannot_write(path)
        assert refused.startswith(f"error: {path}: cannot be read from a folder")
    finally:
        folder.chmod(0o755)
    assert sorted(p.name for p in folder.iterdir()) == [
        "gradebook.sqlite",
        "gradebook.sqlite-wal",
    ]


_HOLD_A_RUN = """
import sys
from gradekit.gradebook.store import Gradebook
book = Gradebook(sys.argv[1])
run = book.start_run(
    assignment_id=sys.argv[2], assignment_title="t", spec_path="pair.yaml", spec_hash="spec-1",
    backend="engine", sandbox_tier=1, jobs=1, gradekit_version="test",
)
print(run, flush=True)
sys.stdin.read()  # grading, until the test closes stdin
book.finish_run(run)
"""


def hold_a_run(path: Path, assignment_id: str = "pair"):
    """Another process in the middle of a run of ``assignment_id``: (the process, its run id)."""
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-c", _HOLD_A_RUN, str(path), assignment_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return process, int(process.stdout.readline())


def _start(book: Gradebook, assignment_id: str = "pair") -> int:
    return book.start_run(
        assignment_id=assignment_id, assignment_title="t", spec_path="pair.yaml",
        spec_hash="spec-1", backend="engine", sandbox_tier=1, jobs=1, gradekit_version="test",
    )  # fmt: skip


def test_a_run_is_refused_while_another_process_grades_the_same_assignment(
    gradebook_path: Path,
) -> None:
    from gradekit.gradebook.schema import GradebookSchemaError

    process, held = hold_a_run(gradebook_path)
    try:
        with Gradebook(gradebook_path) as book:
            assert book.interrupted_runs == []  # alive: not taken for a killed grader
            with pytest.raises(GradebookSchemaError) as refused:
                _start(book)
            message = str(refused.value)
            assert f"another `gradekit grade` (pid {process.pid}, run {held}" in message
            assert "is grading pair into this gradebook" in message
            other = _start(book, "other")  # another assignment may be graded meanwhile
            book.finish_run(other)
    finally:
        process.communicate("")  # it finishes its run
    with Gradebook(gradebook_path) as book:
        again = _start(book)
        book.finish_run(again)
    statuses = connect(gradebook_path, readonly=True).execute(
        "SELECT id, assignment_id, status FROM runs ORDER BY id"
    )
    rows = [tuple(row) for row in statuses]
    assert rows == [
        (held, "pair", "finished"),
        (held + 1, "other", "finished"),
        (again, "pair", "finished"),
    ]


def test_a_killed_graders_run_does_not_refuse_the_next(gradebook_path: Path) -> None:
    process, held = hold_a_run(gradebook_path)
    process.kill()
    process.wait()
    with Gradebook(gradebook_path) as book:
        assert book.interrupted_runs == [held]
        book.finish_run(_start(book))


def test_one_process_may_start_runs_of_one_assignment_one_after_another(
    gradebook_path: Path,
) -> None:
    with Gradebook(gradebook_path) as book:
        first = _start(book)  # this very process: not another grader
        second = _start(book)
    assert second == first + 1
