"""`gradekit grade` and `gradekit export` end to end, as real subprocesses.

Includes the resume guarantee: a `gradekit grade` killed with SIGKILL mid-batch leaves only
complete submissions in the gradebook, and the next run grades exactly the rest.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from gradekit.gradebook import queries
from gradekit.gradebook.schema import GradebookSchemaError
from gradekit.gradebook.store import connect

SPEC = Path(__file__).parent / "specs" / "pair.yaml"
CORRECT = "def double(t):\n    return 2 * t\n\n\ndef total(t):\n    return t.sum()\n"
WRONG = "def double(t):\n    return t + 2\n\n\ndef total(t):\n    return t.sum()\n"
RAISES = "def double(t):\n    return t[99]\n\n\ndef total(t):\n    return t.sum()\n"
SLOW = "import time\n\n\ndef double(t):\n    time.sleep(0.4)\n    return 2 * t\n\n\n" + (
    "def total(t):\n    return t.sum()\n"
)
EXERCISE_ROWS, CASE_ROWS = 2, 5  # per submission of pair.yaml


def gradekit(*arguments: str, **options) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gradekit", *arguments],
        capture_output=True,
        text=True,
        timeout=600,
        **options,
    )


def grade(folder: Path, db: Path, *extra: str) -> subprocess.CompletedProcess:
    return gradekit("grade", str(folder), "-a", str(SPEC), "--db", str(db), *extra)


@pytest.fixture
def classroom(tmp_path: Path) -> Path:
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "alice.py").write_text("# alice\n" + CORRECT)
    (folder / "bob.py").write_text(WRONG)
    (folder / "carol").mkdir()
    (folder / "carol" / "exercise.py").write_text(RAISES)
    (folder / "dave.py").write_text("def double(t):\n    return 2 *\n")
    (folder / "notes.txt").write_text("not a submission")
    return folder


def test_notebooks_are_graded_like_files(tmp_path: Path) -> None:
    import nbformat

    folder = tmp_path / "submissions"
    (folder / "frank").mkdir(parents=True)
    cells = [nbformat.v4.new_markdown_cell("# my answers"), nbformat.v4.new_code_cell(CORRECT)]
    notebook = nbformat.v4.new_notebook(cells=cells)
    (folder / "erin.ipynb").write_text(nbformat.writes(notebook))
    (folder / "frank" / "exercise.ipynb").write_text(nbformat.writes(notebook))
    result = grade(folder, tmp_path / "book.sqlite", "--json")
    assert result.returncode == 0, result.stderr
    scores = {s["student"]: s["score"] for s in json.loads(result.stdout)["students"]}
    assert scores == {"erin": 3.0, "frank": 3.0}


def test_grade_fills_the_gradebook_and_reports_json(classroom: Path, tmp_path: Path) -> None:
    db = tmp_path / "book.sqlite"
    result = grade(classroom, db, "--json", "--jobs", "2")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["total"], summary["graded"], summary["skipped"]) == (4, 4, 0)
    # carol's exception is a wrong answer (fail); dave's syntax error stops everything (error).
    assert (summary["passed"], summary["failed"], summary["errored"]) == (1, 2, 1)
    assert summary["ignored"] == [str(classroom / "notes.txt")]
    # Where the CPU went: two workers, each with a zygote whose launchers ran the students.
    cpu = summary["cpu_seconds"]
    assert sorted(cpu) == ["launchers", "parent", "workers", "zygotes"]
    assert cpu["launchers"]["grading"] > 0 and cpu["workers"]["grading"] > 0
    assert cpu["parent"]["start"] > 0 and cpu["zygotes"]["start"] > 0
    connection = connect(db, readonly=True)
    grades = {g.student: g for g in queries.latest_grades(connection)}
    assert {name: g.score for name, g in grades.items()} == {
        "alice": 3.0,
        "bob": 2.0,
        "carol": 2.0,
        "dave": 0.0,
    }
    assert grades["carol"].path.endswith("carol/exercise.py")
    [mistake] = queries.exercise_stats(connection)[0].top_mistakes
    assert mistake["message"] == "You added two instead of multiplying by two."
    clusters = queries.wrong_answer_clusters(connection, exercise_id="double", case_id="literal")
    kinds = {c.answer_kind: c.students for c in clusters}
    assert kinds["value"] == ["bob"] and kinds["raised"] == ["carol"]
    assert kinds["missing"] == ["dave"]
    assert clusters[0].representative  # one example answer per cluster
    wrong = next(c for c in clusters if c.answer_kind == "value")
    assert wrong.representative["first"] == [3.0, 4.0, 5.0]  # bob's t + 2
    assert wrong.expected["first"] == [2.0, 4.0, 6.0]  # the reference's 2 * t


def test_rerun_skips_unchanged_force_regrades(classroom: Path, tmp_path: Path) -> None:
    db = tmp_path / "book.sqlite"
    assert grade(classroom, db).returncode == 0
    again = json.loads(grade(classroom, db, "--json").stdout)
    assert (again["graded"], again["skipped"]) == (0, 4)
    (classroom / "bob.py").write_text(CORRECT)  # bob fixes his code
    changed = json.loads(grade(classroom, db, "--json").stdout)
    assert (changed["graded"], changed["skipped"]) == (1, 3)
    assert changed["students"] == [
        {"student": "bob", "status": "pass", "score": 3.0, "max_score": 3.0, "previous_score": 2.0}
    ]
    assert "previous_scores" not in changed  # each student's entry has its own
    (classroom / "erin.py").write_text(WRONG)  # a new student, and dave's fix
    (classroom / "dave.py").write_text(CORRECT)
    table = grade(classroom, db).stderr
    rows = {line.split()[1]: line.split() for line in table.splitlines() if "│" in line}
    assert "before" in table
    assert rows["dave"][3:10] == ["3", "/", "3", "│", "pass", "│", "0"]
    assert rows["erin"][3:10] == ["2", "/", "3", "│", "fail", "│", "—"]
    forced = json.loads(grade(classroom, db, "--json", "--force").stdout)
    assert (forced["graded"], forced["skipped"]) == (5, 0)
    history = queries.student_history(connect(db, readonly=True), "bob")
    assert [h.score for h in history] == [2.0, 3.0, 3.0]


def test_a_changed_assignment_regrades_everyone_and_says_why(
    classroom: Path, tmp_path: Path
) -> None:
    """Fixing a typo in the YAML changes its hash: every unchanged file is graded again, and
    the summary says so instead of leaving the instructor to wonder why nothing was skipped."""
    db = tmp_path / "book.sqlite"
    spec = tmp_path / "spec" / SPEC.name
    spec.parent.mkdir()
    shutil.copy(SPEC.with_name("pair_solution.py"), spec.parent)
    spec.write_text(SPEC.read_text())

    def run(*extra: str) -> subprocess.CompletedProcess:
        return gradekit("grade", str(classroom), "-a", str(spec), "--db", str(db), *extra)

    assert run().returncode == 0
    (classroom / "bob.py").write_text(CORRECT)  # bob resubmits meanwhile
    spec.write_text(SPEC.read_text().replace("multiplying by two.", "multiplying by 2."))
    changed = run()
    assert changed.returncode == 0, changed.stderr
    # alice, carol and dave unchanged (bob's new file would have been graded anyway)
    assert "3 unchanged submission(s) regraded: the assignment changed" in changed.stderr
    assert json.loads(run("--json", "--force").stdout)["regraded_after_spec_change"] == 0
    quiet = run()
    assert "regraded" not in quiet.stderr and "skipped" in quiet.stderr


def test_export_csv_and_json(classroom: Path, tmp_path: Path) -> None:
    db = tmp_path / "book.sqlite"
    assert grade(classroom, db).returncode == 0
    exported = gradekit("export", "--db", str(db), "--csv", str(tmp_path / "g.csv"), "--json", "-")
    assert exported.returncode == 0, exported.stderr
    rows = list(csv.DictReader(io.StringIO((tmp_path / "g.csv").read_text())))
    assert [(r["student"], r["score"], r["double"], r["total"]) for r in rows] == [
        ("alice", "3", "1", "2"),
        ("bob", "2", "0", "2"),
        ("carol", "2", "0", "2"),
        ("dave", "0", "0", "0"),
    ]
    document = json.loads(exported.stdout)
    assert [s["student"] for s in document["students"]] == ["alice", "bob", "carol", "dave"]


def test_export_errors_are_one_line(tmp_path: Path) -> None:
    missing = gradekit("export", "--db", str(tmp_path / "none.sqlite"), "--csv", "-")
    assert missing.returncode == 2 and "gradekit grade" in missing.stderr
    assert "Traceback" not in missing.stderr
    nothing = gradekit("export", "--db", str(tmp_path / "none.sqlite"))
    assert nothing.returncode == 2 and "--csv" in nothing.stderr


def test_a_forgotten_db_names_the_gradebooks_beside_the_default(
    classroom: Path, tmp_path: Path
) -> None:
    """Graded with --db autograd.sqlite, then export and serve-report without --db: the
    error names the gradebooks in that folder (and only the command, where there are none)."""
    assert grade(classroom, tmp_path / "autograd.sqlite").returncode == 0
    for command in (["export", "--csv", "-"], ["serve-report", "--port", "0"]):
        result = gradekit(*command, cwd=tmp_path)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
        assert result.stderr.endswith(
            "gradebook.sqlite: no gradebook here (run `gradekit grade` first, or name yours "
            "with --db: this folder has autograd.sqlite)\n"
        ), result.stderr
    elsewhere = gradekit("export", "--csv", "-", cwd=classroom)
    assert "no gradebook here (run `gradekit grade` first)" in elsewhere.stderr


@pytest.mark.parametrize(
    ("csv_to", "json_to", "where"),
    [("-", "-", "stdout"), ("out.csv", "./out.csv", "out.csv")],
)
def test_export_refuses_two_outputs_into_one_place(
    classroom: Path, tmp_path: Path, csv_to: str, json_to: str, where: str
) -> None:
    # Both went there: the CSV followed by the JSON on stdout, or the CSV file overwritten.
    db = tmp_path / "book.sqlite"
    assert grade(classroom, db).returncode == 0
    result = gradekit("export", "--db", str(db), "--csv", csv_to, "--json", json_to, cwd=tmp_path)
    line = _one_error_line(result)
    assert f"--csv and --json would both write to {where}" in line
    assert result.stdout == "" and not (tmp_path / "out.csv").exists()


def _one_error_line(result: subprocess.CompletedProcess) -> str:
    """The single ``error: …`` line a usage error prints (exit code 2, no traceback)."""
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("error: ")
    return line


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ("folder", "is a folder; pass --db the gradebook file"),
        ("missing/deeper/book.sqlite", "missing/deeper does not exist"),
        ("notes.txt/book.sqlite", "notes.txt is not a folder"),
        ("/proc/x/book.sqlite", "/proc/x does not exist"),
        ("/sys/book.sqlite", "/sys/book.sqlite: cannot create a gradebook here"),
    ],
)
def test_an_unusable_gradebook_path_is_one_line_and_creates_nothing(
    classroom: Path, tmp_path: Path, where: str, expected: str
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.txt").write_text("not a folder")
    before = sorted(tmp_path.rglob("*"))
    db = tmp_path / where if not where.startswith("/") else Path(where)
    line = _one_error_line(grade(classroom, db))
    assert expected in line
    assert sorted(tmp_path.rglob("*")) == before  # no folder, no gradebook made


# `gradekit grade` in a child process whose gradebook cannot be written, as each way makes it:
# root (the tests' user in CI) writes any file, so a read-only file is a read-only connection.
GRADE_AN_UNWRITABLE_GRADEBOOK = """
import sqlite3, sys
import gradekit.gradebook.store as store

how = sys.argv.pop(1)
if how == "read-only":
    connect = sqlite3.connect
    sqlite3.connect = lambda path, **kw: connect(f"file:{path}?mode=ro", uri=True, **kw)
elif how == "locked":
    store.BUSY_TIMEOUT_SECONDS = 0.2
elif how == "full-mid-batch":
    record_rows, calls = store.Gradebook.record_rows, []

    def fill_up(self, *args, **kwargs):
        calls.append(1)
        if len(calls) > 1:
            full = sqlite3.OperationalError("database or disk is full")
            full.sqlite_errorname = "SQLITE_FULL"  # as SQLite's own error carries it
            raise full
        return record_rows(self, *args, **kwargs)

    store.Gradebook.record_rows = fill_up
from gradekit.__main__ import main

main()
"""


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("read-only", "cannot write the gradebook (attempt to write a readonly database)"),
        ("locked", "the gradebook is locked by another process"),
        ("full-mid-batch", "cannot write the gradebook (database or disk is full): free space"),
    ],
)
def test_an_unwritable_gradebook_is_one_line_and_keeps_what_was_recorded(
    classroom: Path, tmp_path: Path, how: str, expected: str
) -> None:
    db = tmp_path / "book.sqlite"
    (classroom / "alice.py").unlink()  # graded by the first run: the second grades the rest
    assert grade(classroom, db).returncode == 0
    (classroom / "alice.py").write_text(CORRECT)
    (classroom / "erin.py").write_text(CORRECT)
    holder = sqlite3.connect(db, isolation_level=None)
    if how == "locked":
        holder.execute("BEGIN IMMEDIATE")  # another writer that does not let go
    arguments = ["grade", str(classroom), "-a", str(SPEC), "--db", str(db), "--jobs", "1"]
    result = subprocess.run(
        [sys.executable, "-c", GRADE_AN_UNWRITABLE_GRADEBOOK, how, *arguments],
        capture_output=True,
        text=True,
        timeout=300,
    )
    holder.close()
    line = _one_error_line(result)
    assert f"{db}: {expected}" in line
    students = {grade.student for grade in queries.latest_grades(connect(db, readonly=True))}
    if how == "full-mid-batch":  # the first of the two new submissions went in
        assert "every submission recorded before this is kept" in line
        assert len(students) == 4
    else:
        assert students == {"bob", "carol", "dave"}


def test_a_file_name_that_is_not_utf8_does_not_stop_the_class(
    classroom: Path, tmp_path: Path
) -> None:
    (classroom / os.fsdecode(b"\xe9lodie.py")).write_text(CORRECT)  # a latin-1 zip's name
    (classroom / os.fsdecode(b"\xe9notes.txt")).write_text("not a submission")
    db = tmp_path / "book.sqlite"
    result = grade(classroom, db, "--json")
    assert result.returncode == 1, result.stderr  # one entry could not be graded: exit 1
    summary = json.loads(result.stdout)
    assert summary["graded"] == 4
    assert summary["grader_errors"][0]["student"] == "\\xe9lodie"
    assert "not valid UTF-8" in summary["grader_errors"][0]["error"]
    export = gradekit("export", "--db", str(db), "--csv", "-")
    assert export.returncode == 0 and "\\xe9lodie,,3,,,ungradable" in export.stdout


def test_export_into_a_missing_folder_is_refused_and_creates_nothing(
    classroom: Path, tmp_path: Path
) -> None:
    db = tmp_path / "book.sqlite"
    assert grade(classroom, db).returncode == 0
    target = tmp_path / "missing" / "grades.csv"
    line = _one_error_line(gradekit("export", "--db", str(db), "--csv", str(target)))
    assert f"{target.parent} does not exist" in line
    assert not target.parent.exists()


def test_export_of_several_assignments_names_the_option_and_the_ids(
    classroom: Path, tmp_path: Path
) -> None:
    db = tmp_path / "book.sqlite"
    assert grade(classroom, db).returncode == 0
    second = tmp_path / "second.yaml"  # the same assignment under another id
    second.write_text(SPEC.read_text().replace("id: pair", "id: pair-again", 1))
    (tmp_path / "pair_solution.py").write_text((SPEC.parent / "pair_solution.py").read_text())
    regraded = gradekit("grade", str(classroom), "-a", str(second), "--db", str(db))
    assert regraded.returncode == 0, regraded.stderr
    line = _one_error_line(gradekit("export", "--db", str(db), "--csv", "-"))
    assert "pass --assignment-id with one of pair, pair-again" in line
    chosen = gradekit("export", "--db", str(db), "--csv", "-", "--assignment-id", "pair-again")
    assert chosen.returncode == 0 and chosen.stdout.startswith("student,")


def test_batch_mode_fails_closed_below_tier_one(classroom: Path, tmp_path: Path) -> None:
    db = tmp_path / "book.sqlite"
    refused = grade(classroom, db, "--disable-sandbox-layer", "seccomp")
    assert refused.returncode == 2
    assert "requires sandbox tier 1" in refused.stderr and "--allow-weak-sandbox" in refused.stderr
    assert not db.exists()  # nothing graded, nothing written
    allowed = grade(
        classroom, db, "--disable-sandbox-layer", "seccomp", "--allow-weak-sandbox", "--json"
    )
    assert allowed.returncode == 0, allowed.stderr
    assert json.loads(allowed.stdout)["sandbox_tier"] == 0
    tiers = connect(db, readonly=True).execute("SELECT DISTINCT sandbox_tier FROM submissions")
    assert [row[0] for row in tiers] == [0]


def test_usage_errors(classroom: Path, tmp_path: Path) -> None:
    no_folder = grade(tmp_path / "nope", tmp_path / "b.sqlite")
    assert no_folder.returncode == 2 and "nope: no such folder" in no_folder.stderr
    a_file = grade(classroom / "alice.py", tmp_path / "b.sqlite")
    assert a_file.returncode == 2 and "alice.py: a file, not a folder" in a_file.stderr
    (classroom / "alice").mkdir()
    (classroom / "alice" / "exercise.py").write_text(CORRECT)
    clash = grade(classroom, tmp_path / "b.sqlite")
    assert clash.returncode == 2 and "one entry per student" in clash.stderr
    assert "Traceback" not in clash.stderr


def test_a_wrong_assignment_path_says_what_was_expected(classroom: Path, tmp_path: Path) -> None:
    """A misspelt YAML gets a did-you-mean; the reference solution (a .py) or the exercises
    folder given instead of the YAML is named as such, not parsed as YAML."""
    db = tmp_path / "b.sqlite"

    def refused(assignment: Path) -> str:
        result = gradekit("grade", str(classroom), "-a", str(assignment), "--db", str(db))
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert len(result.stderr.splitlines()) == 1, result.stderr
        return result.stderr

    misspelt = refused(SPEC.with_name("piar.yaml"))
    assert "no such file" in misspelt and f"did you mean {SPEC}?" in misspelt
    solution = tmp_path / "solution.py"
    solution.write_text(CORRECT)
    assert "a Python file; --assignment takes the assignment's YAML file" in refused(solution)
    assert "a folder; --assignment takes one assignment YAML file" in refused(SPEC.parent)
    assert not db.exists()


def test_a_folder_without_student_entries_is_refused_and_records_no_run(tmp_path: Path) -> None:
    """An empty folder, or one of archives from an LMS download, grades nothing: that is the
    wrong folder (exit 2, saying what was ignored), not a run that graded everyone."""
    db = tmp_path / "b.sqlite"
    empty = tmp_path / "empty"
    empty.mkdir()
    result = grade(empty, db)
    assert result.returncode == 2 and "empty: no student entries" in result.stderr
    archives = tmp_path / "download"
    archives.mkdir()
    for name in ("alice.zip", "bob.zip"):
        (archives / name).write_bytes(b"PK")
    result = grade(archives, db)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert "ignored: alice.zip, bob.zip (extract the archives first" in result.stderr
    assert not db.exists()


def test_an_unusable_entry_is_listed_and_the_rest_graded(classroom: Path, tmp_path: Path) -> None:
    (classroom / "erin").mkdir()
    for name in ("a.py", "b.py"):
        (classroom / "erin" / name).write_text(CORRECT)
    result = grade(classroom, tmp_path / "book.sqlite", "--json")
    assert result.returncode == 1
    summary = json.loads(result.stdout)
    assert summary["graded"] == 4
    [problem] = summary["grader_errors"]
    assert problem["student"] == "erin" and "2 Python files" in problem["error"]
    # The gradebook knows erin submitted something it could not grade (reports say so).
    reader = connect(tmp_path / "book.sqlite", readonly=True)
    [entry] = queries.ungradable_entries(reader)
    assert (entry.student, entry.entry, entry.reason) == (
        "erin",
        str(classroom / "erin"),
        problem["error"],
    )
    reader.close()


def _complete_submissions(db: Path) -> tuple[int, list[str]]:
    """(number of submissions, students), checking every submission has all its rows."""
    connection = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT s.student,"
            " (SELECT count(*) FROM exercise_results e WHERE e.submission_id = s.id),"
            " (SELECT count(*) FROM case_results c WHERE c.submission_id = s.id)"
            " FROM submissions s"
        ).fetchall()
    finally:
        connection.close()
    for student, exercises, cases in rows:
        assert (exercises, cases) == (EXERCISE_ROWS, CASE_ROWS), student
    return len(rows), [row[0] for row in rows]


def _slow_classroom(tmp_path: Path, count: int) -> Path:
    folder = tmp_path / "slow"
    folder.mkdir()
    for index in range(count):
        (folder / f"s{index:02d}.py").write_text(f"# student {index}\n" + SLOW)
    return folder


def _wait_for_submissions(db: Path, at_least: int, process: subprocess.Popen) -> int:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and process.poll() is None:
        if db.exists():
            try:
                count, _ = _complete_submissions(db)
            except sqlite3.OperationalError:
                count = 0  # the schema is being created
            if count >= at_least:
                return count
        time.sleep(0.05)
    raise AssertionError("the batch never reached the expected number of submissions")


def test_sigkill_mid_batch_loses_nothing_and_the_rerun_completes(tmp_path: Path) -> None:
    folder = _slow_classroom(tmp_path, 8)
    db = tmp_path / "book.sqlite"
    command = [sys.executable, "-m", "gradekit", "grade", str(folder), "-a", str(SPEC)]
    process = subprocess.Popen(
        [*command, "--db", str(db), "--jobs", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _wait_for_submissions(db, 2, process)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    time.sleep(0.5)
    count, students = _complete_submissions(db)  # also checks none is partial
    assert 2 <= count < 8
    assert len(set(students)) == count
    reader = connect(db, readonly=True)
    status = reader.execute("SELECT status FROM runs").fetchone()[0]
    assert status == "running"  # the killed run never got to say it finished
    # ... but its grader is gone, which readers already show.
    assert [run.status for run in queries.list_runs(reader)] == ["interrupted"]
    reader.close()

    rerun = grade(folder, db, "--json", "--jobs", "2")
    assert rerun.returncode == 0, rerun.stderr
    summary = json.loads(rerun.stdout)
    assert summary["skipped"] >= count and summary["graded"] + summary["skipped"] == 8
    assert summary["interrupted_runs"] == [1]  # the next run marked it in the gradebook
    statuses = connect(db, readonly=True).execute("SELECT id, status FROM runs").fetchall()
    assert [tuple(row) for row in statuses] == [(1, "interrupted"), (2, "finished")]
    final_count, final_students = _complete_submissions(db)
    assert final_count == 8 and sorted(final_students) == [f"s{i:02d}" for i in range(8)]


def test_reading_while_grading(tmp_path: Path) -> None:
    folder = _slow_classroom(tmp_path, 6)
    db = tmp_path / "book.sqlite"
    command = [sys.executable, "-m", "gradekit", "grade", str(folder), "-a", str(SPEC)]
    process = subprocess.Popen(
        [*command, "--db", str(db), "--jobs", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for_submissions(db, 1, process)
    seen = set()
    connection = connect(db, readonly=True)
    while process.poll() is None:
        count, _ = _complete_submissions(db)
        overview = queries.class_overview(connection)
        assert overview.students <= 6
        seen.add(count)
        time.sleep(0.05)
    assert process.returncode == 0, process.stderr.read()
    assert any(0 < count < 6 for count in seen)  # we really read in the middle of the batch
    assert queries.class_overview(connection).students == 6


def test_ctrl_c_keeps_what_was_graded(tmp_path: Path) -> None:
    folder = _slow_classroom(tmp_path, 6)
    db = tmp_path / "book.sqlite"
    command = [sys.executable, "-m", "gradekit", "grade", str(folder), "-a", str(SPEC)]
    process = subprocess.Popen(
        [*command, "--db", str(db), "--jobs", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group, so Ctrl-C can be sent to all of it
    )
    _wait_for_submissions(db, 1, process)
    os.killpg(process.pid, signal.SIGINT)  # what a terminal does on Ctrl-C
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130
    assert "run the same command again" in stderr and "Traceback" not in stderr
    count, _ = _complete_submissions(db)
    assert 1 <= count < 6
    status = connect(db, readonly=True).execute("SELECT status FROM runs").fetchone()[0]
    assert status == "interrupted"


def test_dead_workers_fail_their_submissions_instead_of_hanging(tmp_path: Path) -> None:
    import threading

    from gradekit.grading.batch import PolicySettings, SubmissionEntry, WorkerPool

    entries = []
    for name in ("a", "b", "c"):
        path = tmp_path / f"{name}.py"
        path.write_text(CORRECT)
        entries.append((SubmissionEntry(name, path, path), "hash"))
    answers = []
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=2) as pool:
        for process in pool.processes:
            process.kill()
            process.wait()
        grading = threading.Thread(target=lambda: answers.extend(pool.grade(entries)))
        grading.start()
        grading.join(timeout=60)
    assert not grading.is_alive(), "grading hung after its workers died"
    assert sorted(a.entry.student for a in answers) == ["a", "b", "c"]
    assert all(a.rows is None and "worker process died" in a.error for a in answers)


def test_the_text_summary_lists_counts_students_and_ignored_files(
    classroom: Path, tmp_path: Path
) -> None:
    (classroom / "[bold]eve.py").write_text(CORRECT)  # ids are shown as text, never as markup
    result = grade(classroom, tmp_path / "book.sqlite")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""  # the summary is for people: stderr
    header = "submissions ┃ graded ┃ skipped ┃ not graded ┃ passed ┃ failed ┃ errored"
    assert header in result.stderr  # the first three add up to the first
    for expected in ("graded in this run", "alice", "[bold]eve", "3 / 3", "notes.txt", "tier"):
        assert expected in result.stderr
    again = grade(classroom, tmp_path / "book.sqlite")
    assert "graded in this run" not in again.stderr  # nothing new was graded


def test_student_file_names_cannot_drive_the_instructors_terminal(tmp_path: Path) -> None:
    """Student ids and entry names come from uploaded file names: the summary, the list of
    entries not graded and the error lines write their control characters out."""
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "eve\x1b[2J.py").write_text(CORRECT)  # clears the screen if printed raw
    (folder / "mallory\x1b]0;owned\x07").mkdir()  # a folder with no Python file: not graded
    (folder / "notes\x1b[31m.txt").write_text("ignored")
    (folder / "x\nnot graded alice: forged.py").write_text(CORRECT)  # a line of its own
    (folder / "trudy\n").mkdir()  # not graded: its reason line must stay one line
    environment = {**os.environ, "COLUMNS": "200"}
    run = gradekit(
        "grade", str(folder), "-a", str(SPEC), "--db", str(tmp_path / "g.sqlite"),
        "--allow-weak-sandbox", env=environment,
    )  # fmt: skip
    assert run.returncode == 1, run.stderr  # mallory's entry could not be graded
    for raw in ("\x1b[2J", "\x1b]0;owned\x07", "\x1b[31m"):
        assert raw not in run.stderr
    assert "eve\\x1b[2J" in run.stderr and "mallory\\x1b]0;owned\\x07" in run.stderr
    assert "x\\nnot graded alice: forged" in run.stderr
    assert not any(line.startswith("not graded alice") for line in run.stderr.splitlines())
    assert "not graded trudy\\n: no .py or .ipynb file in trudy\\n/" in run.stderr
    refused = grade(tmp_path / "missing\x1b[2J", tmp_path / "g.sqlite")
    assert refused.returncode == 2
    assert "\x1b[2J" not in refused.stderr and "missing\\x1b[2J" in refused.stderr


def test_a_second_grade_of_the_same_assignment_into_one_gradebook_is_refused(
    tmp_path: Path,
) -> None:
    """Two `gradekit grade` at once on one gradebook and assignment would both grade everything
    the other has not recorded yet: the second is refused with one line, the first goes on."""
    folder = tmp_path / "submissions"
    folder.mkdir()
    for number in range(30):  # about 2 s of sleeping on 6 slots
        (folder / f"s{number:02}.py").write_text(f"# {number}\n" + SLOW)
    db = tmp_path / "book.sqlite"
    first = subprocess.Popen(
        [sys.executable, "-m", "gradekit", "grade", str(folder), "-a", str(SPEC), "--db", str(db),
         "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with closing(connect(db, readonly=True)) as connection:
                    running = connection.execute(
                        "SELECT id, grader_pid FROM runs WHERE status = 'running'"
                    ).fetchall()
            except GradebookSchemaError:  # not created, or its tables not yet
                running = []
            if running:
                break
            time.sleep(0.02)
        [(run_id, pid)] = [tuple(row) for row in running]
        assert pid == first.pid
        second = grade(folder, db)
        assert first.poll() is None, "the first batch ended before the second started"
    finally:
        out, err = first.communicate(timeout=120)
    assert second.returncode == 2
    assert second.stderr.count("\n") == 1, second.stderr
    assert f"another `gradekit grade` (pid {first.pid}, run {run_id}," in second.stderr
    assert "is grading pair into this gradebook" in second.stderr
    assert first.returncode == 0, err
    assert json.loads(out)["graded"] == 30
    with closing(connect(db, readonly=True)) as connection:
        runs = connection.execute("SELECT id, status FROM runs").fetchall()
    assert [tuple(row) for row in runs] == [(run_id, "finished")]
