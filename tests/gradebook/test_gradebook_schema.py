"""Schema migrations: fresh files, upgrades that keep data, refusal of unknown files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gradekit.gradebook.schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    GradebookSchemaError,
    migrate,
    schema_version,
)
from gradekit.gradebook.store import Gradebook, connect


def test_new_file_is_migrated_to_the_current_version(tmp_path: Path) -> None:
    connection = connect(tmp_path / "book.sqlite")
    assert schema_version(connection) == SCHEMA_VERSION
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"runs", "submissions", "exercise_results", "case_results"} <= tables
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_reopening_is_a_no_op(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite"
    connect(path).close()
    connection = sqlite3.connect(path, isolation_level=None)
    assert migrate(connection) == SCHEMA_VERSION  # started (and stayed) at the current version


def test_an_added_migration_upgrades_and_keeps_the_data(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite"
    with Gradebook(path) as book:
        book.start_run(
            assignment_id="pair",
            assignment_title="Pair",
            spec_path="pair.yaml",
            spec_hash="h",
            backend="engine",
            sandbox_tier=1,
            jobs=1,
            gradekit_version="test",
        )
    upgrade = "ALTER TABLE runs ADD COLUMN note TEXT;\nUPDATE runs SET note = 'migrated';\n"
    connection = sqlite3.connect(path, isolation_level=None)
    assert migrate(connection, (*MIGRATIONS, upgrade)) == SCHEMA_VERSION
    assert schema_version(connection) == SCHEMA_VERSION + 1
    assert connection.execute("SELECT assignment_id, note FROM runs").fetchall() == [
        ("pair", "migrated")
    ]


def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite"
    connect(path).close()
    broken = "ALTER TABLE runs ADD COLUMN note TEXT;\nSELECT * FROM no_such_table;\n"
    connection = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        migrate(connection, (*MIGRATIONS, broken))
    assert schema_version(connection) == SCHEMA_VERSION
    columns = [row[1] for row in connection.execute("PRAGMA table_info(runs)")]
    assert "note" not in columns  # the half-applied migration was rolled back


def test_pending_migrations_apply_all_or_nothing(tmp_path: Path) -> None:
    """A reader never sees a gradebook between two versions (a new file's tables half made):
    several pending migrations are one transaction."""
    path = tmp_path / "book.sqlite"
    connection = sqlite3.connect(path, isolation_level=None)
    broken = "SELECT * FROM no_such_table;\n"
    with pytest.raises(sqlite3.OperationalError):
        migrate(connection, (*MIGRATIONS, broken))
    assert schema_version(connection) == 0
    assert connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


def test_two_processes_creating_one_gradebook_at_once_both_open_it(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "book.sqlite"
    opener = (
        "import sys\n"
        "from gradekit.gradebook.store import connect\n"
        "sys.stdin.read()  # both started: go\n"
        "connect(sys.argv[1]).close()\n"
    )
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", opener, str(path)],
            stdin=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    for process in processes:
        process.stdin.close()
    errors = [process.stderr.read() for process in processes]
    assert [process.wait() for process in processes] == [0] * 4, errors
    assert schema_version(sqlite3.connect(path)) == SCHEMA_VERSION


def test_a_newer_gradebook_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite"
    connect(path).close()
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    raw.close()
    with pytest.raises(GradebookSchemaError, match="upgrade gradekit"):
        connect(path)
    with pytest.raises(GradebookSchemaError, match="schema version"):
        connect(path, readonly=True)


def test_a_foreign_database_is_refused_not_modified(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE customers (name TEXT)")
    raw.commit()
    raw.close()
    with pytest.raises(GradebookSchemaError, match="not a gradekit gradebook"):
        connect(path)
    names = [r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")]
    assert names == ["customers"]
    # Nor switched to WAL (the journal mode is stored in the file): the other program's
    # database is left exactly as it was.
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_a_file_that_is_not_sqlite_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are not the grades you are looking for\n" * 20)
    with pytest.raises(GradebookSchemaError, match=str(path)):
        connect(path)
    with pytest.raises(GradebookSchemaError, match=rf"{path}: not a gradebook \(file is not a"):
        connect(path, readonly=True)


def test_readonly_open_of_a_missing_file_says_how_to_create_it(tmp_path: Path) -> None:
    with pytest.raises(GradebookSchemaError, match="gradekit grade"):
        connect(tmp_path / "missing.sqlite", readonly=True)
    assert not (tmp_path / "missing.sqlite").exists()


def test_a_version_1_gradebook_is_upgraded_in_place(tmp_path: Path) -> None:
    from gradebook_builders import make_record

    path = tmp_path / "v1.sqlite"
    raw = sqlite3.connect(path, isolation_level=None)
    migrate(raw, MIGRATIONS[:1])  # what gradekit with schema version 1 created
    raw.close()
    assert "expected_answers" not in _tables(path)
    with Gradebook(path) as book:  # opening for writing migrates to the current version
        run = book.start_run(
            assignment_id="pair",
            assignment_title="Pair",
            spec_path="pair.yaml",
            spec_hash="h",
            backend="engine",
            sandbox_tier=1,
            jobs=1,
            gradekit_version="test",
        )
        book.record_submission(
            run_id=run, assignment_id="pair", spec_hash="h", record=make_record("alice")
        )
    assert schema_version(sqlite3.connect(path)) == SCHEMA_VERSION
    assert "expected_answers" in _tables(path)


def _tables(path: Path) -> set[str]:
    connection = sqlite3.connect(path)
    try:
        return {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    finally:
        connection.close()


def test_a_version_2_gradebook_keeps_its_fingerprints_apart_from_new_ones(tmp_path: Path) -> None:
    """v2 -> v3: old rows are fingerprint version 1 and never join a cluster of new rows."""
    from gradebook_builders import make_record

    from gradekit.gradebook.queries import wrong_answer_clusters

    path = tmp_path / "v2.sqlite"
    raw = sqlite3.connect(path, isolation_level=None)
    migrate(raw, MIGRATIONS[:2])  # what gradekit with schema version 2 created
    raw.close()
    # A v2 gradekit wrote alice's wrong answer; reading needs no upgrade.
    _write_v2_submission(path, make_record("alice", passed={"double": False}))
    readonly = connect(path, readonly=True)
    assert {c.size for c in wrong_answer_clusters(readonly, "pair", exercise_id="double")} == {1}
    readonly.close()
    with Gradebook(path) as book:  # opening for writing migrates to the current version
        run = book.start_run(
            assignment_id="pair",
            assignment_title="Pair",
            spec_path="pair.yaml",
            spec_hash="h",
            backend="engine",
            sandbox_tier=1,
            jobs=1,
            gradekit_version="test",
        )
        book.record_submission(
            run_id=run,
            assignment_id="pair",
            spec_hash="h",
            record=make_record("bob", passed={"double": False}),
        )
    connection = connect(path, readonly=True)
    assert schema_version(connection) == SCHEMA_VERSION
    versions = dict(
        connection.execute(
            "SELECT s.student, c.fingerprint_version FROM case_results c"
            " JOIN submissions s ON s.id = c.submission_id"
        ).fetchall()
    )
    assert versions == {"alice": 1, "bob": 2}
    # Same fingerprint string, different versions: two clusters of one, not one of two.
    clusters = wrong_answer_clusters(connection, "pair", exercise_id="double", case_id="literal")
    assert sorted(cluster.students for cluster in clusters) == [["alice"], ["bob"]]


def _write_v2_submission(path: Path, record) -> None:
    """Insert ``record`` with the v2 column set, as gradekit before migration 3 did."""
    connection = sqlite3.connect(path, isolation_level=None)
    run = connection.execute(
        "INSERT INTO runs (assignment_id, assignment_title, spec_path, spec_hash, backend,"
        " sandbox_tier, jobs, gradekit_version, started_at, status)"
        " VALUES ('pair', 'Pair', 'pair.yaml', 'h', 'engine', 1, 1, 'old', 't', 'finished')"
    ).lastrowid
    submission = connection.execute(
        "INSERT INTO submissions (run_id, assignment_id, student, path, content_hash, spec_hash,"
        " status, score, max_score, duration, graded_at)"
        " VALUES (?, 'pair', ?, ?, ?, 'h', ?, ?, ?, 0.1, 't')",
        (
            run,
            record.student,
            record.path,
            record.content_hash,
            record.status,
            record.score,
            record.max_score,
        ),
    ).lastrowid
    for position, exercise in enumerate(record.exercises):
        connection.execute(
            "INSERT INTO exercise_results (submission_id, position, exercise_id, title, status,"
            " points, max_points, passed_cases, total_cases, duration)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0.01)",
            (
                submission,
                position,
                exercise.exercise_id,
                exercise.title,
                exercise.status,
                exercise.points,
                exercise.max_points,
                exercise.passed_cases,
                exercise.total_cases,
            ),
        )
        for index, case in enumerate(exercise.cases):
            connection.execute(
                "INSERT INTO case_results (submission_id, exercise_id, position, case_id, label,"
                " hidden, weight, status, call_status, score, duration, answer_kind,"
                " answer_fingerprint, answer_summary)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0.001, ?, ?, '{}')",
                (
                    submission,
                    exercise.exercise_id,
                    index,
                    case.case_id,
                    case.label,
                    int(case.hidden),
                    case.weight,
                    case.status,
                    case.call_status,
                    case.score,
                    case.answer_kind,
                    case.answer_fingerprint,
                ),
            )
    connection.close()


def test_version_5_drops_the_answer_index_and_the_clusters_do_not_miss_it(tmp_path: Path) -> None:
    """The clusters query (the only reader of fingerprints) is planned on the primary key's
    index, by submission, with or without case_results_by_answer."""
    connection = sqlite3.connect(tmp_path / "book.sqlite", isolation_level=None)
    migrate(connection, MIGRATIONS[:4])
    indexes = (
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'case_results_by_answer'"
    )
    assert connection.execute(indexes).fetchall() == [("case_results_by_answer",)]
    plan_query = (
        "EXPLAIN QUERY PLAN SELECT c.* FROM case_results c"
        " JOIN submissions s ON s.id = c.submission_id"
        " WHERE c.submission_id IN (SELECT max(id) FROM submissions GROUP BY student)"
        " AND c.exercise_id = 'e' AND c.case_id = 'c' AND c.status != 'pass'"
    )
    before = [row[3] for row in connection.execute(plan_query)]
    migrate(connection)
    assert connection.execute(indexes).fetchall() == []
    assert [row[3] for row in connection.execute(plan_query)] == before
    assert any("sqlite_autoindex_case_results_1" in step for step in before)


def test_version_6_adds_the_ungradable_entries_to_an_existing_gradebook(tmp_path: Path) -> None:
    path = tmp_path / "v5.sqlite"
    raw = sqlite3.connect(path, isolation_level=None)
    migrate(raw, MIGRATIONS[:5])  # what gradekit with schema version 5 created
    raw.close()
    with Gradebook(path) as book:  # opening for writing migrates to the current version
        run = book.start_run(
            assignment_id="pair", assignment_title="Pair", spec_path="p.yaml", spec_hash="h",
            backend="engine", sandbox_tier=1, jobs=1, gradekit_version="test",
        )  # fmt: skip
        book.record_ungradable(
            run_id=run, assignment_id="pair", student="hank", entry="subs/hank", reason="empty"
        )
    connection = sqlite3.connect(path)
    assert schema_version(connection) == SCHEMA_VERSION >= 6
    rows = connection.execute("SELECT run_id, student, entry, reason FROM ungradable_entries")
    assert rows.fetchall() == [(run, "hank", "subs/hank", "empty")]
    connection.close()
