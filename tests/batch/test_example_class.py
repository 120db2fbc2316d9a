"""The demo class `examples/class/` graded by the real `gradekit grade`, against what
examples/README.md says about it: each student's status and score, the clusters of common wrong
answers the report shows, and the CSV export. So the example and its documentation cannot drift
apart (the README's instructor section runs its three commands on this folder)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from gradekit.gradebook import queries
from gradekit.gradebook.store import connect
from gradekit.report.web.data import ReportData, slug

ROOT = Path(__file__).resolve().parents[2]
CLASS = ROOT / "examples" / "class"
SPEC = ROOT / "exercises" / "tensor-indexing.yaml"
EXAMPLES_README = ROOT / "examples" / "README.md"
ASSIGNMENT = "tensor-indexing"
NOT_GRADED = "not graded"


def gradekit(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gradekit", *arguments],
        capture_output=True,
        text=True,
        timeout=600,
    )


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(header: str) -> list[list[str]]:
    """The rows of the table of examples/README.md's "Example class" section whose header row
    is ``header`` (indented tables too)."""
    text = EXAMPLES_README.read_text(encoding="utf-8")
    section = text.split("\n## Example class\n", 1)[1].split("\n## ", 1)[0]
    lines = [line.strip() for line in section.splitlines()]
    start = lines.index(header)
    rows = []
    for line in lines[start + 2 :]:  # after the header and its |---| line
        if not line.startswith("|"):
            break
        rows.append(_cells(line))
    assert rows, f"no rows under {header!r}"
    return rows


def documented_students() -> dict[str, tuple[str, float | None]]:
    """student -> (status, score) as the README's table of students says."""
    outcomes = {}
    for cells in _table("| student | entry | what they did | status | score |"):
        student, status, score = cells[0], cells[-2], cells[-1]
        if status == NOT_GRADED:
            outcomes[student] = (status, None)
        else:
            points, maximum = (float(part) for part in score.split(" / "))
            assert maximum == 13, cells
            outcomes[student] = (status, points)
    return outcomes


def documented_clusters() -> list[tuple[str, tuple[str, ...]]]:
    """(exercise, students) of each cluster the README's table of wrong answers lists."""
    return sorted(
        (cells[0].strip("`"), tuple(sorted(cells[1].split(", "))))
        for cells in _table("| exercise | students | the shared answer |")
    )


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The class graded once, on the engine, into a fresh gradebook: (gradebook, summary)."""
    db = tmp_path_factory.mktemp("example-class") / "gradebook.sqlite"
    result = gradekit(
        "grade", str(CLASS), "--assignment", str(SPEC), "--db", str(db), "--backend", "engine",
        "--json",
    )  # fmt: skip
    # 1: judy's folder has no Python file, so one entry could not be graded.
    assert result.returncode == 1, result.stderr
    return db, json.loads(result.stdout)


def test_the_readme_documents_every_entry_of_the_class() -> None:
    entries = {path.stem for path in CLASS.iterdir() if not path.name.startswith((".", "_"))}
    assert set(documented_students()) == entries
    assert len(entries) >= 8


def test_each_student_gets_the_documented_status_and_score(graded: tuple[Path, dict]) -> None:
    db, summary = graded
    documented = documented_students()
    not_graded = sorted(s for s, (status, _) in documented.items() if status == NOT_GRADED)
    assert [problem["student"] for problem in summary["grader_errors"]] == not_graded
    with closing(connect(db, readonly=True)) as connection:
        grades = {grade.student: grade for grade in queries.latest_grades(connection)}
        ungradable = {entry.student for entry in queries.ungradable_entries(connection)}
    assert sorted(ungradable) == not_graded
    assert set(grades) == set(documented) - set(not_graded)
    for student, grade in grades.items():
        status, score = documented[student]
        assert (grade.status, grade.max_score) == (status, 13.0), student
        assert grade.score == pytest.approx(score, abs=1e-4), student
    # What the class is there to show: one right answer, and each kind of failure.
    statuses = [status for status, _ in documented.values()]
    assert statuses.count("pass") == 1 and "error" in statuses and NOT_GRADED in statuses
    assert grades["erin"].path.endswith("erin.ipynb")
    assert grades["carol"].path.endswith("carol/exercise.py")


def test_the_report_clusters_the_documented_shared_mistakes(graded: tuple[Path, dict]) -> None:
    db, _ = graded
    documented = documented_clusters()
    with closing(connect(db, readonly=True)) as connection:
        data = ReportData(connection)
        stats = {item.exercise_id: item for item in queries.exercise_stats(connection, ASSIGNMENT)}
        shown = []
        for exercise_id in stats:
            page = data.exercise(ASSIGNMENT, slug(exercise_id))
            shown += [(exercise_id, tuple(view.first.students)) for view in page["misconceptions"]]
            # grace's file did not load: shown apart, on every exercise, not as a wrong answer.
            assert [view.first.students for view in page["load_failures"]] == [["grace"]]
            # Every card's count is its number of students.
            for view in page["misconceptions"]:
                assert all(c.size == len(c.students) for c in view.clusters)
    assert sorted((exercise, tuple(sorted(who))) for exercise, who in shown) == documented
    shared = [students for _, students in documented if len(students) > 1]
    assert len(shared) >= 4 and max(map(len, shared)) == 3
    # The overview's commonest known mistake per exercise counts the biggest cluster's students.
    for exercise_id, item in stats.items():
        sizes = [len(students) for exercise, students in documented if exercise == exercise_id]
        counts = [mistake["count"] for mistake in item.top_mistakes]
        assert (counts[0] if counts else 0) == max(sizes, default=0), exercise_id


def test_the_csv_export_has_one_row_per_student(graded: tuple[Path, dict], tmp_path: Path) -> None:
    db, _ = graded
    target = tmp_path / "grades.csv"
    exported = gradekit("export", "--db", str(db), "--csv", str(target))
    assert exported.returncode == 0, exported.stderr
    with target.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    documented = documented_students()
    assert [row["student"] for row in rows] == sorted(documented)
    for row in rows:
        status, score = documented[row["student"]]
        if status == NOT_GRADED:
            assert (row["grade_status"], row["score"]) == ("ungradable", ""), row
        else:
            assert (row["grade_status"], row["status"]) == ("graded", status), row
            assert float(row["score"]) == pytest.approx(score, abs=1e-4)


def test_the_report_shows_ivans_script_as_text_and_judy_as_not_gradable(
    graded: tuple[Path, dict],
) -> None:
    pytest.importorskip("starlette", reason="the web report needs starlette")
    pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    db, _ = graded
    with TestClient(create_app(db), base_url="http://127.0.0.1") as client:
        ivan = client.get(f"/{ASSIGNMENT}/student/ivan.html")
        overview = client.get(f"/{ASSIGNMENT}/")
    assert ivan.status_code == 200 and overview.status_code == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in ivan.text
    assert "<script>alert(1)" not in ivan.text
    not_gradable = overview.text.split('id="not-gradable"', 1)[1].split("</section>", 1)[0]
    assert "judy" in not_gradable and "no .py or .ipynb file" in not_gradable
