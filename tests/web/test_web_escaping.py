"""Every student-controlled string reaches the pages as text, never as markup."""

from __future__ import annotations

import tempfile
from contextlib import closing
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

from classroom import ASSIGNMENT, STUDENTS, student_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradekit.gradebook.store import Gradebook, connect
from gradekit.report.web import render
from gradekit.report.web.data import ReportData, slug

# Everything the templates themselves emit; a student string must never add to it.
TEMPLATE_TAGS = {
    "html", "head", "meta", "title", "link", "script", "body", "header", "a", "span", "main",
    "h1", "h2", "h3", "h4", "section", "div", "figure", "svg", "defs", "marker", "path", "line",
    "text", "rect", "g", "table", "thead", "tbody", "tr", "th", "td", "p", "code", "ul", "li",
    "strong", "article", "details", "summary", "pre",
}  # fmt: skip

HOSTILE = st.sampled_from(
    [
        "<script>alert(1)</script>",
        '"><img src=x onerror=alert(1)>',
        "</pre><iframe src=//evil>",
        "' onmouseover='alert(1)",
        "<svg onload=alert(1)>",
        "&lt;already escaped&gt;",
        "{{ 7*7 }} {% raw %}",
    ]
)
STRINGS = st.one_of(
    HOSTILE, st.text(min_size=1, max_size=30), st.tuples(HOSTILE, st.text(max_size=10)).map("".join)
)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in TEMPLATE_TAGS:
            self.problems.append(f"unexpected element <{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"event handler attribute {name}")
            if tag == "script" and name == "src" and not (value or "").endswith("report.js"):
                self.problems.append(f"foreign script {value}")
        if tag == "script" and not any(name == "src" for name, _ in attrs):
            self.problems.append("inline script")

    def handle_data(self, data: str) -> None:
        self.text += data


def _check(html: str, *shown: str) -> None:
    page = _Page()
    page.feed(html)
    page.close()
    assert not page.problems, page.problems
    for value in shown:
        visible = value.replace("\r\n", "\n").replace("\r", "\n")
        assert visible.strip() in page.text.replace("\r\n", "\n").replace("\r", "\n")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(student=STRINGS, stdout=STRINGS, message=STRINGS, title=STRINGS, path=STRINGS)
def test_hostile_strings_stay_text_on_every_page(
    student: str, stdout: str, message: str, title: str, path: str
) -> None:
    record = student_record("someone", STUDENTS["bob"])
    first = record.exercises[0]
    cases = [replace(case, message=message, output=stdout) for case in first.cases]
    exercises = [replace(first, title=title, mistake=message, cases=cases), *record.exercises[1:]]
    record = replace(record, student=student, stdout=stdout, path=path, exercises=exercises)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "gradebook.sqlite"
        with Gradebook(db) as book:
            run = book.start_run(
                assignment_id=ASSIGNMENT, assignment_title=title, spec_path=path, spec_hash="s",
                backend="engine", sandbox_tier=2, jobs=1, gradekit_version="test",
            )  # fmt: skip
            book.record_submission(
                run_id=run, assignment_id=ASSIGNMENT, spec_hash="s", record=record
            )
            book.finish_run(run)
        with closing(connect(db, readonly=True)) as connection:
            data = ReportData(connection, roster=[student, "<b>absent</b>"])
            _check(render.render_index(data), title)
            _check(render.render_overview(data, ASSIGNMENT), student, title, "<b>absent</b>")
            _check(render.render_exercise(data, ASSIGNMENT, "double"), student, title, message)
            _check(render.render_student(data, ASSIGNMENT, slug(student)), student, stdout, path)


def test_the_grades_csv_download_neutralises_spreadsheet_formulas(tmp_path: Path) -> None:
    import csv
    import io

    import pytest

    pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app
    from gradekit.report.web.static_export import export_static_site

    hostile = ['=HYPERLINK("http-evil",1+1)', "+cmd", "@SUM(A1)", "-1+1"]
    db = tmp_path / "gradebook.sqlite"
    with Gradebook(db) as book:
        run = book.start_run(
            assignment_id=ASSIGNMENT, assignment_title="t", spec_path="s.yaml", spec_hash="s",
            backend="engine", sandbox_tier=2, jobs=1, gradekit_version="test",
        )  # fmt: skip
        for name in hostile:
            record = replace(student_record(name, STUDENTS["bob"]), path=f"{name}.py")
            book.record_submission(
                run_id=run, assignment_id=ASSIGNMENT, spec_hash="s", record=record
            )
        book.finish_run(run)
    with TestClient(create_app(db), base_url="http://127.0.0.1") as client:
        served = client.get(f"/{ASSIGNMENT}/grades.csv").text
    with closing(connect(db, readonly=True)) as connection:
        export_static_site(connection, tmp_path / "site")
    written = (tmp_path / "site" / ASSIGNMENT / "grades.csv").read_text(encoding="utf-8")
    for text in (served, written):
        rows = list(csv.DictReader(io.StringIO(text, newline="")))
        assert sorted(row["student"] for row in rows) == sorted("'" + name for name in hostile)
        assert sorted(row["path"] for row in rows) == sorted(f"'{name}.py" for name in hostile)
        assert all(float(row["score"]) >= 0 for row in rows)  # numbers stay numbers
