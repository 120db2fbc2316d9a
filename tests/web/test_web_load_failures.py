"""Exercise pages: files that never loaded are grouped by reason, in their own labelled
section, apart from the wrong-answer clusters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from classroom import ASSIGNMENT, add_load_failures, write_classroom


@pytest.fixture(scope="module")
def failing_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("failing") / "gradebook.sqlite"
    return add_load_failures(write_classroom(path))


def _page(db: Path, url: str) -> str:
    pytest.importorskip("starlette", reason="the web report needs starlette")
    pytest.importorskip("httpx2", reason="starlette's TestClient needs httpx2")
    from starlette.testclient import TestClient

    from gradekit.report.web.app import create_app

    with TestClient(create_app(db), base_url="http://127.0.0.1") as client:
        response = client.get(url)
    assert response.status_code == 200
    return response.text


@pytest.mark.parametrize("exercise", ["double", "build_graph"])
def test_load_failures_are_their_own_section_split_by_reason(
    failing_db: Path, exercise: str
) -> None:
    html = _page(failing_db, f"/{ASSIGNMENT}/exercise/{exercise}.html")
    clusters = html[html.index('id="clusters"') : html.index('id="load-failures"')]
    failures = html[html.index('id="load-failures"') :]
    for student in ("vera", "walter", "zoe"):  # not among the wrong answers
        assert f">{student}</a>" not in clusters
        assert f">{student}</a>" in failures
    assert "Files that did not load" in failures
    articles = re.findall(r'<article class="cluster load-failure">(.*?)</article>', failures, re.S)
    assert len(articles) == 2  # not valid UTF-8 (vera, walter); a corrupt notebook (zoe)
    utf8, notebook = sorted(articles, key=lambda text: "zoe" in text)
    assert ">vera</a>" in utf8 and ">walter</a>" in utf8 and "not valid UTF-8" in utf8
    assert ">zoe</a>" in notebook and "Jupyter notebook" in notebook
    assert all("the file did not load" in article for article in articles)


def test_no_load_failure_section_without_load_failures(classroom_db: Path) -> None:
    html = _page(classroom_db, f"/{ASSIGNMENT}/exercise/double.html")
    assert 'id="load-failures"' not in html


def test_the_student_page_of_a_file_that_did_not_load_says_it_once(failing_db: Path) -> None:
    """The reason is shown once, at the top; the exercises are closed and their cases carry
    no expected-against-missing tables (for the example class's grace, a SyntaxError, that
    was 41 identical tables and a page 28,000 pixels long)."""
    html = _page(failing_db, f"/{ASSIGNMENT}/student/vera.html")
    assert "The file did not load" in html and "No case ran" in html
    exercises = html[html.index('id="exercises"') : html.index('id="output"')]
    assert '<details class="exercise" open' not in exercises
    assert exercises.count("<details") == 2  # double, build_graph: still listed, closed
    assert "<table" not in exercises and "<svg" not in exercises
    bob = _page(failing_db, f"/{ASSIGNMENT}/student/bob.html")  # a file that loaded: unchanged
    assert "No case ran" not in bob and "<table" in bob[bob.index('id="exercises"') :]
