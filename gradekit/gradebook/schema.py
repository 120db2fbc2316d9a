"""The gradebook's SQLite schema and its migrations.

The schema version lives in ``PRAGMA user_version``. :data:`MIGRATIONS` is an append-only list:
migration ``n`` (1-based) takes a database from version ``n - 1`` to ``n``. Never edit a
migration that has shipped; add a new one. :func:`migrate` applies the missing ones, each in
its own transaction, so a crash mid-upgrade leaves the database at the last complete version.

Tables (all scores are points, all durations seconds, all times ISO-8601 UTC):

* ``runs`` — one ``gradekit grade`` invocation: assignment, spec hash, backend, sandbox tier.
* ``submissions`` — one graded file of one student in one run: content hash, path, score,
  status, load error, captured output (capped). The newest row per (assignment, student) is
  the student's current grade; older rows are their history.
* ``exercise_results`` — one row per exercise of a submission.
* ``case_results`` — one row per case: status, score, message, captured output (capped),
  timing, and the student's answer summarised for clustering (``answer_fingerprint`` groups
  identical answers, ``answer_summary`` is a compact JSON representative).
* ``expected_answers`` (v2) — the reference solution's answer to each case, per spec hash, in
  the same form, for showing a wrong-answer cluster next to the expected answer.
* v3: ``fingerprint_version`` on ``case_results`` and ``expected_answers``. Version 2
  fingerprints include the autograd state (``requires_grad``, ``grad_fn``, the captured graph
  and input gradients); rows written before keep version 1 and are only ever clustered with
  version 1 rows.
* v4: ``runs.grader_host``, ``grader_pid``, ``grader_identity``: the process that grades the run,
  so a run whose grader was killed outright (SIGKILL) is marked ``interrupted`` on the next
  open instead of staying ``running`` (gradekit/gradebook/grader_process.py).
* v5: the unused index ``case_results_by_answer`` dropped (a batch's writes were mostly its
  upkeep).
* v6: ``ungradable_entries`` — one row per student entry a run found but could not grade (a
  symbolic link, a folder with no Python file or several): the student did submit, so reports
  tell them apart from students who did not.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

SCHEMA_V1 = """
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    assignment_id TEXT NOT NULL,
    assignment_title TEXT NOT NULL,
    spec_path TEXT NOT NULL,
    spec_hash TEXT NOT NULL,
    backend TEXT NOT NULL,
    sandbox_tier INTEGER,
    jobs INTEGER NOT NULL,
    gradekit_version TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'interrupted'))
);

CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    assignment_id TEXT NOT NULL,
    student TEXT NOT NULL,
    path TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    spec_hash TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'error')),
    score REAL NOT NULL,
    max_score REAL NOT NULL,
    load_error TEXT,
    stdout TEXT NOT NULL DEFAULT '',
    stderr TEXT NOT NULL DEFAULT '',
    sandbox_tier INTEGER,
    isolation TEXT NOT NULL DEFAULT '{}',
    duration REAL NOT NULL,
    graded_at TEXT NOT NULL
);
CREATE INDEX submissions_by_student ON submissions (assignment_id, student, id);
CREATE INDEX submissions_by_content ON submissions (assignment_id, student, content_hash,
                                                    spec_hash);

CREATE TABLE exercise_results (
    submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    exercise_id TEXT NOT NULL,
    title TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'error')),
    points REAL NOT NULL,
    max_points REAL NOT NULL,
    passed_cases INTEGER NOT NULL,
    total_cases INTEGER NOT NULL,
    mistake TEXT,
    error TEXT,
    violations TEXT NOT NULL DEFAULT '[]',
    duration REAL NOT NULL,
    PRIMARY KEY (submission_id, exercise_id)
);

CREATE TABLE case_results (
    submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
    exercise_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    case_id TEXT NOT NULL,
    label TEXT NOT NULL,
    hidden INTEGER NOT NULL,
    weight REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'error')),
    call_status TEXT NOT NULL,
    score REAL NOT NULL,
    message TEXT,
    output TEXT NOT NULL DEFAULT '',
    duration REAL NOT NULL,
    answer_kind TEXT NOT NULL,
    answer_fingerprint TEXT NOT NULL,
    answer_summary TEXT NOT NULL,
    PRIMARY KEY (submission_id, exercise_id, case_id)
);
CREATE INDEX case_results_by_answer ON case_results (exercise_id, case_id, answer_fingerprint);
"""

# Version 2: the reference solution's answer to every case, once per spec hash, so a report
# can show a cluster of wrong answers next to the expected one.
EXPECTED_ANSWERS_V2 = """
CREATE TABLE expected_answers (
    spec_hash TEXT NOT NULL,
    exercise_id TEXT NOT NULL,
    case_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    answer_kind TEXT NOT NULL,
    answer_fingerprint TEXT NOT NULL,
    answer_summary TEXT NOT NULL,
    PRIMARY KEY (spec_hash, exercise_id, case_id)
);
"""

# Version 3: fingerprints that see autograd state (gradekit.gradebook.answers) are version 2;
# existing rows keep the default 1 so old and new fingerprints never share a cluster.
FINGERPRINT_VERSION_V3 = """
ALTER TABLE case_results ADD COLUMN fingerprint_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE expected_answers ADD COLUMN fingerprint_version INTEGER NOT NULL DEFAULT 1;
"""

# Version 4: the grading process of a run, to recognise runs whose grader was killed.
GRADER_PROCESS_V4 = """
ALTER TABLE runs ADD COLUMN grader_host TEXT;
ALTER TABLE runs ADD COLUMN grader_pid INTEGER;
ALTER TABLE runs ADD COLUMN grader_identity TEXT;
"""

# Version 5: no query used case_results_by_answer (the clusters' plans read the primary key's
# index, by submission), and keeping it up to date cost every submission's transaction 80
# inserts at 80 places of the index: about 110 pages written to the WAL instead of 20.
DROP_ANSWER_INDEX_V5 = """
DROP INDEX IF EXISTS case_results_by_answer;
"""

# Version 6: entries a run could not grade at all never reached `submissions`, so a report
# listed those students as not submitted. Each run now records them with the reason.
UNGRADABLE_ENTRIES_V6 = """
CREATE TABLE ungradable_entries (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    assignment_id TEXT NOT NULL,
    student TEXT NOT NULL,
    entry TEXT NOT NULL,
    reason TEXT NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX ungradable_entries_by_student ON ungradable_entries (assignment_id, student, id);
"""

# Append-only: index i holds the SQL that takes version i to version i + 1.
MIGRATIONS: tuple[str, ...] = (
    SCHEMA_V1,
    EXPECTED_ANSWERS_V2,
    FINGERPRINT_VERSION_V3,
    GRADER_PROCESS_V4,
    DROP_ANSWER_INDEX_V5,
    UNGRADABLE_ENTRIES_V6,
)
SCHEMA_VERSION = len(MIGRATIONS)


class GradebookSchemaError(RuntimeError):
    """The database file is not a gradebook this version of gradekit can use."""


# The ids of every student's current submission of an assignment (their newest: ids only
# grow), as a sub-query with the named parameter ``:assignment``.
LATEST_SUBMISSIONS = (
    "SELECT max(id) FROM submissions WHERE assignment_id = :assignment GROUP BY student"
)


def schema_version(connection: sqlite3.Connection) -> int:
    """The version recorded in the database (0 for a new, empty file)."""
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def migrate(connection: sqlite3.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)``; returns the version it started at.

    The pending migrations run in one transaction together with the version bump, so a reader
    sees the file at the version it had or at the newest one, never in between (a new
    gradebook's tables all appear at once, as a report opened while `gradekit grade` creates
    the file expects). A database newer than this gradekit is refused rather than guessed at.
    """
    # The version is read under the write lock: two processes opening a new gradebook at once
    # migrate it one after the other, the second finding it done.
    connection.execute("BEGIN IMMEDIATE")
    try:
        start = schema_version(connection)
        if start > len(migrations):
            raise GradebookSchemaError(
                f"the gradebook has schema version {start}, but this gradekit only knows "
                f"versions up to {len(migrations)}; upgrade gradekit to read it"
            )
        if start == 0 and _has_foreign_tables(connection):
            raise GradebookSchemaError(
                "the file is an SQLite database but not a gradekit gradebook (it has other "
                "tables and no gradebook version); pass --db a new or existing gradebook file"
            )
        # executescript() commits first, so the statements run one by one inside the BEGIN.
        for version in range(start, len(migrations)):
            for statement in _statements(migrations[version]):
                connection.execute(statement)
        if start < len(migrations):
            connection.execute(f"PRAGMA user_version = {len(migrations)}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return start


def _has_foreign_tables(connection: sqlite3.Connection) -> bool:
    row = connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchone()
    return bool(row[0])


def _statements(script: str) -> list[str]:
    """Split a migration script into complete statements (sqlite3.complete_statement)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip():
                statements.append(current.strip())
            current = ""
    if current.strip():
        raise GradebookSchemaError(f"incomplete SQL statement in a migration: {current!r}")
    return statements
