"""``gradekit report --html DIR``: the same pages as static files that link to each other."""

from __future__ import annotations

from contextlib import closing
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from classroom import ASSIGNMENT, EVIL_STUDENT
from typer.testing import CliRunner

from gradekit.cli import app as cli_app
from gradekit.gradebook.store import connect
from gradekit.report.web.data import slug
from gradekit.report.web.static_export import export_static_site


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)


@pytest.fixture(scope="module")
def site(classroom_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("site")
    result = CliRunner().invoke(
        cli_app, ["report", "--db", str(classroom_db), "--html", str(directory)]
    )
    assert result.exit_code == 0, result.output
    return directory


def test_every_page_is_written(site: Path) -> None:
    expected = {
        "index.html",
        "static/report.css",
        "static/report.js",
        f"{ASSIGNMENT}/index.html",
        f"{ASSIGNMENT}/grades.csv",
        f"{ASSIGNMENT}/exercise/double.html",
        f"{ASSIGNMENT}/exercise/build_graph.html",
        *(
            f"{ASSIGNMENT}/student/{slug(s)}.html"
            for s in ("alice", "bob", "carol", "dave", EVIL_STUDENT)
        ),
    }
    written = {str(path.relative_to(site)) for path in site.rglob("*") if path.is_file()}
    assert written == expected


def test_every_relative_link_resolves_to_a_written_file(site: Path) -> None:
    for page in site.rglob("*.html"):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            target = (page.parent / unquote(urlsplit(link).path)).resolve()
            assert target.is_file(), f"{page.relative_to(site)} links to missing {link}"


def test_static_pages_equal_the_served_pages(site: Path, client) -> None:
    for relative in (f"{ASSIGNMENT}/index.html", f"{ASSIGNMENT}/exercise/build_graph.html"):
        served = client.get(f"/{relative}").text
        assert (site / relative).read_text(encoding="utf-8") == served


def test_export_with_a_roster_lists_absent_students(classroom_db: Path, tmp_path: Path) -> None:
    with closing(connect(classroom_db, readonly=True)) as connection:
        export_static_site(connection, tmp_path, roster=["alice", "absent-student"])
    overview = (tmp_path / ASSIGNMENT / "index.html").read_text(encoding="utf-8")
    assert "<li>absent-student</li>" in overview


def test_report_refuses_a_file_as_the_folder(classroom_db: Path, tmp_path: Path) -> None:
    a_file = tmp_path / "report.html"
    a_file.write_text("x")
    result = CliRunner().invoke(
        cli_app, ["report", "--db", str(classroom_db), "--html", str(a_file)]
    )
    assert result.exit_code == 2
    assert "is not a folder" in result.output


def test_report_refuses_a_file_that_is_not_a_gradebook(tmp_path: Path) -> None:
    bogus = tmp_path / "grades.sqlite"
    bogus.write_text("not sqlite at all")
    result = CliRunner().invoke(
        cli_app, ["report", "--db", str(bogus), "--html", str(tmp_path / "out")]
    )
    assert result.exit_code == 2
    assert str(bogus) in result.output and "Traceback" not in result.output


def test_report_names_the_roster_line_that_is_wrong(classroom_db: Path, tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("student,email\nalice,a@x\n,nobody@x\n")
    result = CliRunner().invoke(
        cli_app,
        [
            "report",
            "--db",
            str(classroom_db),
            "--html",
            str(tmp_path / "o"),
            "--roster",
            str(roster),
        ],
    )
    assert result.exit_code == 2
    assert f"{roster}:3" in result.output


def test_report_makes_its_folder_but_never_the_folders_above_it(
    classroom_db: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "missing" / "out"
    result = CliRunner().invoke(
        cli_app, ["report", "--db", str(classroom_db), "--html", str(missing)]
    )
    assert result.exit_code == 2
    assert f"{tmp_path / 'missing'} does not exist" in result.output
    assert not (tmp_path / "missing").exists()
    made = tmp_path / "out"
    result = CliRunner().invoke(cli_app, ["report", "--db", str(classroom_db), "--html", str(made)])
    assert result.exit_code == 0, result.output
    assert (made / "index.html").is_file()


def test_every_student_has_a_page_of_their_own_on_any_disk(tmp_path: Path) -> None:
    from classroom import write_classroom

    right = {"double": "right", "graph": "right"}
    wrong = {"double": "raises", "graph": "wrong"}
    students = {
        "dave": right,
        "Dave": wrong,  # one file with dave's on a case-insensitive disk (macOS, Windows)
        "y" * 252: right,  # a legal file name, too long once ".html" is added
        "élodie ü": right,
        slug("élodie ü"): wrong,  # a real id that is another student's slug
    }
    database = write_classroom(tmp_path / "book.sqlite", students)
    site = tmp_path / "site"
    result = CliRunner().invoke(cli_app, ["report", "--db", str(database), "--html", str(site)])
    assert result.exit_code == 0, result.output
    pages = [path.name for path in (site / ASSIGNMENT / "student").iterdir()]
    assert len({name.lower() for name in pages}) == len(pages) == len(students) + 1  # and bob
    assert all(len(name.encode()) <= 255 for name in pages)
    for student in students:
        page = site / ASSIGNMENT / "student" / f"{slug(student)}.html"
        assert f"<h1>{escape(student)}</h1>" in page.read_text(encoding="utf-8")
