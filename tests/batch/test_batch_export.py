"""`gradekit export` end to end: every student gets a row (graded, stale, ungradable,
missing from the roster), `--excel` adds a byte order mark, and the web report's CSV
download is the same bytes as the export."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from test_batch_cli import CORRECT, WRONG, grade, gradekit


@pytest.fixture
def graded(tmp_path: Path) -> tuple[Path, Path]:
    """A gradebook where bob's newest entry is a symbolic link (an earlier one was graded),
    pete only ever submitted a symbolic link, and élodie has a non-ASCII name."""
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "alice.py").write_text(CORRECT)
    (folder / "bob.py").write_text(WRONG)
    (folder / "élodie ü.py").write_text(CORRECT)
    db = tmp_path / "book.sqlite"
    assert grade(folder, db).returncode == 0
    (tmp_path / "elsewhere.py").write_text(CORRECT)
    (folder / "bob.py").unlink()
    (folder / "bob.py").symlink_to(tmp_path / "elsewhere.py")
    (folder / "pete.py").symlink_to(tmp_path / "elsewhere.py")
    grade(folder, db)  # exit 1: two entries could not be graded
    return db, tmp_path


def test_export_lists_every_student_with_a_status(graded: tuple[Path, Path]) -> None:
    db, tmp_path = graded
    roster = tmp_path / "roster.csv"
    roster.write_text("student,name\nalice,Alice\nzoe,Zoé\n", encoding="utf-8")
    result = gradekit(
        "export",
        "--db",
        str(db),
        "--roster",
        str(roster),
        "--csv",
        "-",
        "--json",
        str(tmp_path / "g.json"),
    )
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    status = {row["student"]: (row["grade_status"], row["score"]) for row in rows}
    assert status == {
        "alice": ("graded", "3"),
        "bob": ("stale", "2"),  # the earlier, graded submission's score
        "pete": ("ungradable", ""),
        "zoe": ("missing", ""),
        "élodie ü": ("graded", "3"),
    }
    document = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert [s["grade_status"] for s in document["students"]] == [
        "graded",
        "stale",
        "ungradable",
        "missing",
        "graded",
    ]


def test_excel_flag_writes_a_byte_order_mark(graded: tuple[Path, Path]) -> None:
    db, tmp_path = graded
    plain, excel = tmp_path / "plain.csv", tmp_path / "excel.csv"
    assert gradekit("export", "--db", str(db), "--csv", str(plain)).returncode == 0
    assert gradekit("export", "--db", str(db), "--csv", str(excel), "--excel").returncode == 0
    assert not plain.read_bytes().startswith(b"\xef\xbb\xbf")
    assert excel.read_bytes() == b"\xef\xbb\xbf" + plain.read_bytes()
    assert "élodie ü" in excel.read_bytes().decode("utf-8-sig")


def test_a_bad_roster_is_one_error_line(graded: tuple[Path, Path]) -> None:
    db, tmp_path = graded
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n1,x\n")
    result = gradekit("export", "--db", str(db), "--roster", str(roster), "--csv", "-")
    assert result.returncode == 2 and "'student' column" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_web_csv_download_is_the_export_byte_for_byte(graded: tuple[Path, Path]) -> None:
    pytest.importorskip("starlette", reason="the web report needs starlette")
    pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    db, tmp_path = graded
    roster = tmp_path / "roster.txt"
    roster.write_text("alice\nzoe\n")
    exported = tmp_path / "g.csv"
    assert (
        gradekit("export", "--db", str(db), "--roster", str(roster), "--csv", str(exported))
    ).returncode == 0
    with TestClient(create_app(db, roster=["alice", "zoe"]), base_url="http://127.0.0.1") as c:
        assignments = json.loads(gradekit("export", "--db", str(db), "--json", "-").stdout)
        served = c.get(f"/{assignments['assignment']}/grades.csv")
    assert served.status_code == 200
    assert served.content == exported.read_bytes()
    assert b"zoe" in served.content and b"missing" in served.content
