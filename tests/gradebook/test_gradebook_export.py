"""CSV and JSON exports of the current grades."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from gradebook_builders import make_record
from hypothesis import given
from hypothesis import strategies as st

from gradekit.gradebook.export import export_csv, export_json, spreadsheet_safe
from gradekit.gradebook.store import connect


def test_csv_has_one_row_per_student_and_a_column_per_exercise(gradebook_path: Path, fill) -> None:
    fill([make_record("bob", passed={"total": False}), make_record("alice")])
    fill([make_record("bob", content_hash="b2")])  # bob's newest submission counts
    rows = list(csv.DictReader(io.StringIO(export_csv(connect(gradebook_path, readonly=True)))))
    assert [row["student"] for row in rows] == ["alice", "bob"]
    assert list(rows[0])[:8] == [
        "student",
        "score",
        "max_score",
        "percent",
        "status",
        "grade_status",
        "double",
        "total",
    ]
    assert (rows[1]["score"], rows[1]["total"], rows[1]["content_hash"]) == ("3", "2", "b2")
    assert rows[0]["percent"] == "100"
    assert [row["grade_status"] for row in rows] == ["graded", "graded"]
    assert list(rows[0])[-4:] == ["graded_at", "content_hash", "path", "note"]


def test_json_export(gradebook_path: Path, fill) -> None:
    fill([make_record("alice", passed={"double": False})])
    document = json.loads(export_json(connect(gradebook_path, readonly=True)))
    assert document["assignment"] == "pair"
    assert [e["id"] for e in document["exercises"]] == ["double", "total"]
    [alice] = document["students"]
    assert alice["score"] == 2.0
    assert alice["exercises"][0]["status"] == "fail"


student_ids = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20
)


@given(names=st.lists(student_ids, min_size=1, max_size=6, unique=True))
def test_any_student_id_survives_the_csv_round_trip(tmp_path_factory, names) -> None:
    path = tmp_path_factory.mktemp("export") / "book.sqlite"
    from gradekit.gradebook.store import Gradebook

    with Gradebook(path) as book:
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
        for name in names:
            book.record_submission(
                run_id=run, assignment_id="pair", spec_hash="h", record=make_record(name)
            )
    rows = list(csv.DictReader(io.StringIO(export_csv(connect(path, readonly=True)))))
    # A name that starts like a spreadsheet formula comes back with a leading quote.
    assert sorted(row["student"] for row in rows) == sorted(map(spreadsheet_safe, names))


# --------------------------------------------------------------------------------------------
# Spreadsheet formula injection (OWASP "CSV Injection")
# --------------------------------------------------------------------------------------------

FORMULA_NAMES = [
    '=HYPERLINK("http-evil",1+1)',
    "+cmd",
    "-2+3",
    "@SUM(A1)",
    "\tindented",
    "\rreturn",
]


def _csv_rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(export_csv(connect(path, readonly=True)))))


def test_cells_that_start_like_a_formula_get_a_leading_quote(gradebook_path: Path, fill) -> None:
    fill([make_record(name) for name in [*FORMULA_NAMES, "alice", "'quoted"]])
    rows = _csv_rows(gradebook_path)
    students = sorted(row["student"] for row in rows)
    assert students == sorted(["'" + name for name in FORMULA_NAMES] + ["alice", "'quoted"])
    for row in rows:  # the numeric columns stay numbers a spreadsheet can add up
        assert float(row["score"]) == 3.0 and float(row["percent"]) == 100.0
        assert (row["double"], row["total"]) == ("1", "2")


@given(text=st.text(max_size=12))
def test_spreadsheet_safe_never_starts_a_formula_and_only_prepends(text: str) -> None:
    from gradekit.gradebook.export import FORMULA_TRIGGERS, spreadsheet_safe

    safe = spreadsheet_safe(text)
    assert not safe.startswith(FORMULA_TRIGGERS)
    assert safe == text or safe == "'" + text
    assert (safe != text) == text.startswith(FORMULA_TRIGGERS)


# --------------------------------------------------------------------------------------------
# Students without a graded submission (ungradable, stale, missing from the roster)
# --------------------------------------------------------------------------------------------


def _ungradable(path: Path, run_id: int, student: str, reason: str) -> None:
    from gradekit.gradebook.store import Gradebook

    with Gradebook(path) as book:
        book.record_ungradable(
            run_id=run_id,
            assignment_id="pair",
            student=student,
            entry=f"{student}.py",
            reason=reason,
        )


def test_every_student_has_a_row_with_a_grade_status(gradebook_path: Path, fill) -> None:
    fill([make_record("alice"), make_record("bob", passed={"total": False})])
    run = fill([make_record("alice", content_hash="a2")])
    _ungradable(gradebook_path, run, "bob", "bob.py is a symbolic link")  # graded before
    _ungradable(gradebook_path, run, "pete", "no Python file in pete/")  # never graded
    connection = connect(gradebook_path, readonly=True)
    rows = list(csv.DictReader(io.StringIO(export_csv(connection, roster=["alice", "zoe", "bob"]))))
    by_student = {row["student"]: row for row in rows}
    assert list(by_student) == ["alice", "bob", "pete", "zoe"]
    assert {s: r["grade_status"] for s, r in by_student.items()} == {
        "alice": "graded",
        "bob": "stale",
        "pete": "ungradable",
        "zoe": "missing",
    }
    # The stale row keeps the earlier grade and says why.
    assert (by_student["bob"]["score"], by_student["bob"]["total"]) == ("1", "0")
    assert "symbolic link" in by_student["bob"]["note"]
    assert "graded at" in by_student["bob"]["note"]
    # No grade: blank score, percent, status and exercise cells; max_score still known.
    for student in ("pete", "zoe"):
        row = by_student[student]
        assert [row[c] for c in ("score", "percent", "status", "double", "total")] == [""] * 5
        assert row["max_score"] == "3"
    assert by_student["pete"]["path"] == "pete.py"
    assert "no Python file" in by_student["pete"]["note"]
    assert by_student["zoe"]["note"] == "on the roster, no submission found"
    # Without a roster, the ungradable and stale students are still there; zoe is not.
    plain = list(csv.DictReader(io.StringIO(export_csv(connection))))
    assert [row["student"] for row in plain] == ["alice", "bob", "pete"]


def test_json_export_has_the_same_students_and_nulls_for_no_grade(
    gradebook_path: Path, fill
) -> None:
    run = fill([make_record("alice")])
    _ungradable(gradebook_path, run, "pete", "pete.py is a symbolic link")
    document = json.loads(export_json(connect(gradebook_path, readonly=True), roster=["zoe"]))
    students = {student["student"]: student for student in document["students"]}
    assert list(students) == ["alice", "pete", "zoe"]
    assert students["alice"]["grade_status"] == "graded"
    assert students["alice"]["percent"] == 100.0
    for name, status in (("pete", "ungradable"), ("zoe", "missing")):
        assert students[name]["grade_status"] == status
        assert students[name]["score"] is None and students[name]["status"] is None
        assert students[name]["max_score"] == 3.0 and students[name]["exercises"] == []
    assert students["pete"]["entry"] == "pete.py"


def test_excel_option_adds_a_byte_order_mark_and_nothing_else(gradebook_path: Path, fill) -> None:
    fill([make_record("élodie ü"), make_record("alice")])
    connection = connect(gradebook_path, readonly=True)
    plain = export_csv(connection)
    excel = export_csv(connection, excel=True)
    assert not plain.startswith("\ufeff")
    assert excel == "\ufeff" + plain
    assert excel.encode("utf-8").startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(excel.encode("utf-8").decode("utf-8-sig"))))
    assert [row["student"] for row in rows] == ["alice", "élodie ü"]


def test_before_anyone_is_graded_max_score_is_blank_not_zero(gradebook_path: Path, fill) -> None:
    # Every entry ungradable (or an empty class): the gradebook has no exercise's points yet,
    # and "0" would read as an assignment worth nothing.
    run = fill([])
    _ungradable(gradebook_path, run, "pete", "no Python file in pete/")
    connection = connect(gradebook_path, readonly=True)
    rows = list(csv.DictReader(io.StringIO(export_csv(connection, roster=["zoe"]))))
    assert [(row["student"], row["max_score"]) for row in rows] == [("pete", ""), ("zoe", "")]
    document = json.loads(export_json(connection, roster=["zoe"]))
    assert [student["max_score"] for student in document["students"]] == [None, None]
