"""Writing the gradebook: runs, and one transaction per graded submission.

The database is opened in WAL mode, so the web report (or ``gradekit export``) can read while
a batch is being graded. Every submission is written with all its exercise and case rows in a
single ``BEGIN IMMEDIATE … COMMIT``: a process killed at any moment leaves only complete
submissions behind, and the next ``gradekit grade`` skips exactly those (same student, same
content hash, same spec hash) and grades the rest.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gradekit.gradebook.grader_process import is_alive_elsewhere, is_stale, this_grader
from gradekit.gradebook.schema import LATEST_SUBMISSIONS, GradebookSchemaError, migrate

# The version of gradekit.gradebook.answers' fingerprints (kept in step by a test; importing
# that module here would pull numpy and the grading packages into the CLI's start-up).
FINGERPRINT_VERSION = 2

if TYPE_CHECKING:  # records import the grading packages; the CLI imports this module early
    from gradekit.gradebook.records import SubmissionRecord

BUSY_TIMEOUT_SECONDS = 30.0
DEFAULT_FILE_NAME = "gradebook.sqlite"


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _no_gradebook_message(path: Path) -> str:
    """``path`` is not a file: say so, and name the gradebooks beside it (a gradebook given
    another name with ``grade --db`` and then forgotten on ``export`` or ``serve-report``)."""
    try:
        beside = sorted(p.name for p in (path.parent or Path(".")).glob("*.sqlite") if p.is_file())
    except OSError:
        beside = []
    message = f"{path}: no gradebook here (run `gradekit grade` first"
    if beside:
        shown = ", ".join(beside[:3]) + (", …" if len(beside) > 3 else "")
        where = "this folder has" if str(path.parent) == "." else f"{path.parent}/ has"
        return f"{message}, or name yours with --db: {where} {shown})"
    return message + ")"


def connect(path: Path | str, *, readonly: bool = False) -> sqlite3.Connection:
    """An SQLite connection to the gradebook at ``path``, migrated when writable.

    Read-only connections never create or migrate the file; they raise
    :class:`GradebookSchemaError` with the path when it is missing or not a gradebook. They
    also read a gradebook in a folder they cannot write (see :func:`_open_readonly`).
    """
    path = Path(path)
    if readonly:
        if not path.is_file():
            raise GradebookSchemaError(_no_gradebook_message(path))
        connection = _open_readonly(path)
        _check_readable(connection, path)
    else:
        _check_writable_location(path)
        try:
            connection = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False
            )
        except (sqlite3.Error, OSError) as error:  # /sys, /proc, a read-only mount…
            action = "open the gradebook" if path.exists() else "create a gradebook"
            raise GradebookSchemaError(f"{path}: cannot {action} here ({error})") from error
        try:
            # Migrated (or refused: another program's database, a newer gradebook) before the
            # switch to WAL, which is written in the file: a refused file is left as it was.
            migrate(connection)
            connection.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode: a killed process never loses a committed transaction (only a
            # power cut can lose the last ones), at a fraction of FULL's fsync cost.
            connection.execute("PRAGMA synchronous = NORMAL")
            _check_can_write(connection)
        except sqlite3.DatabaseError as error:
            connection.close()
            raise write_error(path, error) from error
        except GradebookSchemaError as error:
            connection.close()
            raise GradebookSchemaError(f"{path}: {error}") from error
    connection.row_factory = sqlite3.Row
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def _open_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection to ``path``.

    A WAL database is read through its ``-shm`` index, which SQLite creates beside the file if
    it is missing (the last connection to close deletes it): in a folder this process cannot
    write (a shared gradebook, a read-only mount) that fails with SQLITE_READONLY_DIRECTORY.
    With no ``-wal`` file either, every committed write is in the file itself and no writer is
    at work (a writer keeps the ``-wal`` file), so the file is read as immutable, which needs
    neither. With a ``-wal`` file it is not: the error says how to read it.
    """

    def open_(query: str) -> sqlite3.Connection:
        return sqlite3.connect(
            f"{path.resolve().as_uri()}?{query}",
            uri=True,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
            check_same_thread=False,
        )

    connection = None
    try:
        connection = open_("mode=ro")
        connection.execute("PRAGMA user_version").fetchone()
    except sqlite3.DatabaseError as error:  # OperationalError, or a file that is not SQLite
        name = getattr(error, "sqlite_errorname", "")
        if name not in ("SQLITE_READONLY_DIRECTORY", "SQLITE_CANTOPEN"):
            if connection is not None:
                return connection  # _check_readable says what is wrong
            raise GradebookSchemaError(f"{path}: cannot open the gradebook ({error})") from error
        if connection is not None:
            connection.close()
        if Path(f"{path}-wal").exists():
            raise GradebookSchemaError(
                f"{path}: cannot be read from a folder this user cannot write while its -wal "
                "file holds writes not yet in the gradebook file: wait for `gradekit grade` to "
                "finish, or copy the gradebook with its -wal file to a writable folder"
            ) from error
        if name == "SQLITE_CANTOPEN":
            raise GradebookSchemaError(
                f"{path}: cannot open the gradebook ({error}); check that this user can read it"
            ) from error
        connection = open_("mode=ro&immutable=1")
    return connection


def _check_writable_location(path: Path) -> None:
    """Refuse, with a message naming what is wrong, a gradebook path whose folder is missing
    or that is a folder itself. The folder is never created: a mistyped ``--db`` should not
    leave new directories behind (as with most tools, the folder must exist)."""
    if path.is_dir():
        raise GradebookSchemaError(
            f"{path}: is a folder; pass --db the gradebook file to use, "
            f"e.g. {path / DEFAULT_FILE_NAME}"
        )
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist (create it first)"
        raise GradebookSchemaError(f"{path}: {folder} {what}; or pass another --db")


def _check_can_write(connection: sqlite3.Connection) -> None:
    """Write to the gradebook once and roll it back, so that a file that cannot be written (a
    read-only file or folder, a lock another process holds) is refused when it is opened, not
    at the batch's first write."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    connection.execute("BEGIN IMMEDIATE")  # waits for another writer up to the busy timeout
    try:
        connection.execute(f"PRAGMA user_version = {int(version)}")
    finally:
        if connection.in_transaction:
            connection.execute("ROLLBACK")


def write_error(
    path: Path, error: sqlite3.Error, otherwise: str = "not a usable gradebook"
) -> GradebookSchemaError:
    """What to tell the user when SQLite cannot open or write the gradebook at ``path``
    (``otherwise`` for an error that is none of the known kinds)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_READONLY"):
        return GradebookSchemaError(
            f"{path}: cannot write the gradebook ({error}): make the file and its folder "
            "writable (SQLite keeps its -wal and -shm files beside it), or pass another --db"
        )
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED"):
        return GradebookSchemaError(
            f"{path}: the gradebook is locked by another process (waited "
            f"{BUSY_TIMEOUT_SECONDS:g} s): let it finish (another `gradekit grade` on the same "
            "gradebook?) and run again"
        )
    if name.startswith("SQLITE_FULL"):
        return GradebookSchemaError(f"{path}: cannot write the gradebook ({error}): free space")
    return GradebookSchemaError(f"{path}: {otherwise} ({error})")


def _check_readable(connection: sqlite3.Connection, path: Path) -> None:
    from gradekit.gradebook.schema import SCHEMA_VERSION, schema_version

    try:
        version = schema_version(connection)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise GradebookSchemaError(f"{path}: not a gradebook ({error})") from error
    if version == 0 or version > SCHEMA_VERSION:
        connection.close()
        what = "not a gradekit gradebook" if version == 0 else f"schema version {version}"
        raise GradebookSchemaError(
            f"{path}: {what}; this gradekit reads schema versions 1 to {SCHEMA_VERSION}"
        )


@contextlib.contextmanager
def immediate_transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` around the block: it waits (up to the busy timeout) for
    any other writer first, and is rolled back when the block or the commit fails, Ctrl-C
    included, so a gradebook never holds half of what the block writes."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


class Gradebook:
    """The writer side of a gradebook file. Use as a context manager."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.connection = connect(self.path)
        self.interrupted_runs = self.mark_stale_runs()

    def __enter__(self) -> Gradebook:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    # -- runs -------------------------------------------------------------------------------

    def start_run(
        self,
        *,
        assignment_id: str,
        assignment_title: str,
        spec_path: str,
        spec_hash: str,
        backend: str,
        sandbox_tier: int | None,
        jobs: int,
        gradekit_version: str,
    ) -> int:
        """Record the start of a ``gradekit grade`` run by this process; returns its id.

        Refused (:class:`GradebookSchemaError`) while another process on this machine is
        grading the same assignment into this gradebook: both would grade every submission
        the other has not recorded yet, and record each twice. Checked and recorded in one
        transaction, so of two graders started together exactly one runs.
        """
        grader = this_grader()
        with immediate_transaction(self.connection):
            self._refuse_if_graded_elsewhere(assignment_id)
            cursor = self.connection.execute(
                "INSERT INTO runs (assignment_id, assignment_title, spec_path, spec_hash,"
                " backend, sandbox_tier, jobs, gradekit_version, started_at, status,"
                " grader_host, grader_pid, grader_identity)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)",
                (
                    assignment_id,
                    assignment_title,
                    spec_path,
                    spec_hash,
                    backend,
                    sandbox_tier,
                    jobs,
                    gradekit_version,
                    utc_now(),
                    grader.host,
                    grader.pid,
                    grader.identity,
                ),
            )
        return int(cursor.lastrowid)

    def _refuse_if_graded_elsewhere(self, assignment_id: str) -> None:
        rows = self.connection.execute(
            "SELECT id, started_at, grader_host, grader_pid, grader_identity FROM runs"
            " WHERE status = 'running' AND assignment_id = ? ORDER BY id",
            (assignment_id,),
        ).fetchall()
        for row in rows:
            if is_alive_elsewhere(row["grader_host"], row["grader_pid"], row["grader_identity"]):
                raise GradebookSchemaError(
                    f"{self.path}: another `gradekit grade` (pid {row['grader_pid']}, run "
                    f"{row['id']}, started {row['started_at']}) is grading {assignment_id} into "
                    "this gradebook: let it finish (or stop it with Ctrl-C), then run again; "
                    "it keeps everything it graded"
                )

    def finish_run(self, run_id: int, *, status: str = "finished") -> None:
        self.connection.execute(
            "UPDATE runs SET finished_at = ?, status = ? WHERE id = ?",
            (utc_now(), status, run_id),
        )

    def correct_run_tier(self, run_id: int, sandbox_tier: int | None) -> None:
        """Record the sandbox tier the run's workers actually got, when it differs from the one
        known at its start (a stale cached probe answer, re-probed when the sandbox failed)."""
        with self.connection:
            self.connection.execute(
                "UPDATE runs SET sandbox_tier = ? WHERE id = ?", (sandbox_tier, run_id)
            )

    def mark_stale_runs(self) -> list[int]:
        """Mark ``interrupted`` the ``running`` runs whose grader process is gone; their ids.

        A grader killed with SIGKILL never finishes its run. Runs of living graders, of other
        hosts and of gradebooks that did not record the process are left alone.
        """
        rows = self.connection.execute(
            "SELECT id, grader_host, grader_pid, grader_identity FROM runs WHERE status = 'running'"
        ).fetchall()
        stale = [
            row["id"]
            for row in rows
            if is_stale(row["grader_host"], row["grader_pid"], row["grader_identity"])
        ]
        for run_id in stale:
            # finished_at stays empty: nobody knows when the grader died.
            self.connection.execute(
                "UPDATE runs SET status = 'interrupted' WHERE id = ? AND status = 'running'",
                (run_id,),
            )
        return stale

    def record_ungradable(
        self, *, run_id: int, assignment_id: str, student: str, entry: str, reason: str
    ) -> None:
        """Record that ``student`` submitted ``entry`` but this run could not grade it
        (``reason``: a symbolic link, no Python file, several and none named as expected)."""
        with self.connection:
            self.connection.execute(
                "INSERT INTO ungradable_entries"
                " (run_id, assignment_id, student, entry, reason, recorded_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (run_id, assignment_id, student, entry, reason, utc_now()),
            )

    # -- skipping -----------------------------------------------------------------------------

    def graded_versions(self, assignment_id: str, spec_hash: str) -> set[tuple[str, str]]:
        """(student, content hash) pairs already graded against this exact spec."""
        rows = self.connection.execute(
            "SELECT DISTINCT student, content_hash FROM submissions"
            " WHERE assignment_id = ? AND spec_hash = ?",
            (assignment_id, spec_hash),
        )
        return {(row["student"], row["content_hash"]) for row in rows}

    def current_scores(self, assignment_id: str) -> dict[str, float]:
        """Each student's current score in ``assignment_id`` (empty for one never graded)."""
        rows = self.connection.execute(
            f"SELECT student, score FROM submissions WHERE id IN ({LATEST_SUBMISSIONS})",
            {"assignment": assignment_id},
        )
        return {row["student"]: row["score"] for row in rows}

    def graded_under_other_specs(self, assignment_id: str, spec_hash: str) -> set[tuple[str, str]]:
        """(student, content hash) pairs graded before against another version of the spec
        (its YAML, solution, backend or gradekit changed): an unchanged file regraded."""
        rows = self.connection.execute(
            "SELECT DISTINCT student, content_hash FROM submissions"
            " WHERE assignment_id = ? AND spec_hash != ?",
            (assignment_id, spec_hash),
        )
        return {(row["student"], row["content_hash"]) for row in rows}

    # -- expected answers ---------------------------------------------------------------------

    def record_expected(self, spec_hash: str, answers: list[dict[str, Any]]) -> None:
        """Store the reference answers of a spec once (later calls only upgrade old versions).

        ``answers`` items: ``exercise_id``, ``case_id``, ``position``, ``answer_kind``,
        ``answer_fingerprint``, ``answer_summary`` (as from
        :func:`gradekit.gradebook.records.expected_answers`).
        """
        with immediate_transaction(self.connection):
            self.connection.executemany(
                "INSERT INTO expected_answers (spec_hash, exercise_id, case_id,"
                " position, answer_kind, answer_fingerprint, answer_summary,"
                " fingerprint_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                # Rows of an older fingerprint version (no graph, no grads) are replaced.
                " ON CONFLICT (spec_hash, exercise_id, case_id) DO UPDATE SET"
                " answer_kind = excluded.answer_kind,"
                " answer_fingerprint = excluded.answer_fingerprint,"
                " answer_summary = excluded.answer_summary,"
                " fingerprint_version = excluded.fingerprint_version"
                " WHERE fingerprint_version < excluded.fingerprint_version",
                [
                    (
                        spec_hash,
                        answer["exercise_id"],
                        answer["case_id"],
                        answer["position"],
                        answer["answer_kind"],
                        answer["answer_fingerprint"],
                        json.dumps(answer["answer_summary"], sort_keys=True),
                        FINGERPRINT_VERSION,
                    )
                    for answer in answers
                ],
            )

    # -- writing one submission ---------------------------------------------------------------

    def record_submission(
        self, *, run_id: int, assignment_id: str, spec_hash: str, record: SubmissionRecord
    ) -> int:
        """Write a submission with all its exercises and cases atomically; returns its id."""
        from gradekit.gradebook.records import submission_rows  # loaded with the record type

        return self.record_rows(
            run_id=run_id,
            assignment_id=assignment_id,
            spec_hash=spec_hash,
            rows=submission_rows(record),
        )

    def record_rows(
        self, *, run_id: int, assignment_id: str, spec_hash: str, rows: dict[str, Any]
    ) -> int:
        """Write a submission given as the values of its rows
        (:func:`gradekit.gradebook.records.submission_rows`, in the orders of
        :data:`SUBMISSION_COLUMNS`, :data:`EXERCISE_COLUMNS` and :data:`CASE_COLUMNS`) in one
        transaction; returns its id. Batch workers send these rows, so the writer neither
        rebuilds records nor encodes their JSON columns."""
        connection = self.connection
        with immediate_transaction(connection):
            cursor = connection.execute(
                _INSERT_SUBMISSION,
                (run_id, assignment_id, spec_hash, utc_now(), *rows["submission"]),
            )
            submission_id = int(cursor.lastrowid)
            _insert_rows(connection, _EXERCISE_INSERTS, (submission_id,), rows["exercises"])
            _insert_rows(
                connection, _CASE_INSERTS, (submission_id, FINGERPRINT_VERSION), rows["cases"]
            )
        return submission_id


# The columns of the rows one graded submission adds, in the order
# gradekit.gradebook.records.submission_rows gives their values (the writer adds the ids, the
# spec hash, the time and the fingerprint version).
SUBMISSION_COLUMNS = (
    "student", "path", "content_hash", "status", "score", "max_score", "load_error", "stdout",
    "stderr", "sandbox_tier", "isolation", "duration",
)  # fmt: skip
EXERCISE_COLUMNS = (
    "position", "exercise_id", "title", "status", "points", "max_points", "passed_cases",
    "total_cases", "mistake", "error", "violations", "duration",
)  # fmt: skip
CASE_COLUMNS = (
    "exercise_id", "position", "case_id", "label", "hidden", "weight", "status", "call_status",
    "score", "message", "output", "duration", "answer_kind", "answer_fingerprint",
    "answer_summary",
)  # fmt: skip


def _insert(table: str, columns: tuple[str, ...]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"


_INSERT_SUBMISSION = _insert(
    "submissions", ("run_id", "assignment_id", "spec_hash", "graded_at", *SUBMISSION_COLUMNS)
)

# Rows per INSERT statement: 50 rows of up to 17 values stay under SQLite's oldest limit on
# a statement's parameters (999 before 3.32).
ROWS_PER_INSERT = 50


class _MultiRowInserts:
    """``INSERT INTO table (...) VALUES (...), (...), …`` statements, by number of rows.

    One statement of many rows costs SQLite (and the sqlite3 module) about a third less than
    ``executemany`` of the one-row statement (about 0.5 -> 0.3 ms for a submission's 80 case
    rows): one statement to run instead of one step, reset and re-bind per row. The rows are
    inserted in the same order, so they are the same rows with the same ids."""

    def __init__(self, table: str, columns: tuple[str, ...]) -> None:
        self.head = f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
        self.width = len(columns)
        self.row = f"({', '.join('?' * len(columns))})"
        self._statements: dict[int, str] = {}

    def statement(self, count: int) -> str:
        text = self._statements.get(count)
        if text is None:
            text = self._statements[count] = self.head + ", ".join([self.row] * count)
        return text


_EXERCISE_INSERTS = _MultiRowInserts("exercise_results", ("submission_id", *EXERCISE_COLUMNS))
_CASE_INSERTS = _MultiRowInserts(
    "case_results", ("submission_id", "fingerprint_version", *CASE_COLUMNS)
)


def _insert_rows(
    connection: sqlite3.Connection,
    inserts: _MultiRowInserts,
    leading: tuple[Any, ...],
    rows: list[list[Any]],
) -> None:
    """Insert ``rows``, each after the values ``leading``, in order, up to
    :data:`ROWS_PER_INSERT` per statement."""
    width = inserts.width - len(leading)
    if any(len(row) != width for row in rows):  # as executemany would: never shift values
        raise sqlite3.ProgrammingError(f"{inserts.head}: every row must have {width} values")
    for start in range(0, len(rows), ROWS_PER_INSERT):
        chunk = rows[start : start + ROWS_PER_INSERT]
        values = [value for row in chunk for value in (*leading, *row)]
        connection.execute(inserts.statement(len(chunk)), values)
