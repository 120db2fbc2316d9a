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
    assert list(rows[0])[:7] == [
        "student",
        "score",
        "max_score",
        "percent",
        "status",
        "double",
        "total",
    ]
    assert (rows[1]["score"], rows[1]["total"], rows[1]["content_hash"]) == ("3", "2", "b2")
    assert rows[0]["percent"] == "100"


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
