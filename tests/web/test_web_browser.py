"""The report in a real browser: Playwright driving Debian's Chromium (never a downloaded one).

Skipped, with the reason, when Playwright or /usr/bin/chromium is missing (install it with
``apt-get install -y chromium``; another binary can be named in GRADEKIT_CHROMIUM).
Screenshots go to pytest's tmp dir (``--basetemp`` to keep them somewhere known).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from classroom import ASSIGNMENT, EVIL_STUDENT, SCRIPT

from gradekit.gradebook.store import connect
from gradekit.report.web.data import slug

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="browser tests need Playwright (pip install playwright)"
)
uvicorn = pytest.importorskip("uvicorn", reason="the live report needs uvicorn")

CHROMIUM = os.environ.get("GRADEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).is_file():
    pytest.skip(
        f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install -y chromium)",
        allow_module_level=True,
    )

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TOKEN = "browser-test-token"


def _free_port() -> int:
    with closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def _serve(db: Path, token: str | None = None) -> Iterator[str]:
    """Run the real server (uvicorn) in a thread; yields its base URL."""
    from gradekit.report.web.app import create_app

    port = _free_port()
    config = uvicorn.Config(
        create_app(db, token=token), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError(f"the report server did not start on port {port}")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator:
    with playwright_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser, tmp_path: Path) -> Iterator:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    new_page = context.new_page()
    new_page.dialogs = []  # any alert() would mean a student string ran as code
    new_page.on(
        "dialog", lambda dialog: (new_page.dialogs.append(dialog.message), dialog.dismiss())
    )
    new_page.errors = []
    new_page.on("pageerror", lambda error: new_page.errors.append(str(error)))
    yield new_page
    context.close()


@pytest.fixture(scope="module")
def server(classroom_db: Path) -> Iterator[str]:
    with _serve(classroom_db) as url:
        yield url


def test_overview_loads_and_the_chart_renders(page, server: str, tmp_path: Path) -> None:
    page.goto(f"{server}/{ASSIGNMENT}/index.html")
    assert page.title().startswith("Autograd <mini>")
    chart = page.locator("#score-chart svg")
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    bars = page.locator("#score-chart rect.bar")
    assert bars.count() == 10
    heights = [bars.nth(i).bounding_box()["height"] for i in range(10)]
    assert sum(1 for height in heights if height > 1) >= 2  # several score bins are filled
    assert page.locator("#gradebook tbody tr").count() == 5
    page.screenshot(path=str(tmp_path / "overview.png"), full_page=True)
    assert not page.errors


def test_gradebook_table_sorts_by_score(page, server: str) -> None:
    page.goto(f"{server}/{ASSIGNMENT}/index.html")
    scores = page.locator("#gradebook tbody tr td:nth-child(2)")
    page.click("#gradebook thead th:nth-child(2)")
    ascending = [float(scores.nth(i).get_attribute("data-value")) for i in range(scores.count())]
    assert ascending == sorted(ascending)
    page.click("#gradebook thead th:nth-child(2)")
    descending = [float(scores.nth(i).get_attribute("data-value")) for i in range(scores.count())]
    assert descending == sorted(ascending, reverse=True)


def test_navigation_to_an_exercise_and_a_student(page, server: str, tmp_path: Path) -> None:
    page.goto(f"{server}/{ASSIGNMENT}/index.html")
    page.click("#exercises a:has-text('Build a graph')")
    page.wait_for_url(f"**/{ASSIGNMENT}/exercise/build_graph.html")
    assert page.locator("h1").inner_text().startswith("Build a graph")
    assert page.locator("article.cluster").count() >= 1
    assert page.locator("svg.graph text", has_text="AddBackward0").count() >= 1
    page.screenshot(path=str(tmp_path / "exercise.png"), full_page=True)
    page.click("article.cluster p.students a:has-text('carol')")
    page.wait_for_url(f"**/{ASSIGNMENT}/student/carol.html")
    assert page.locator("h1").inner_text() == "carol"
    assert page.locator("#history tbody tr").count() == 1
    headings = page.locator("#history thead th").all_inner_texts()
    assert headings == ["run", "graded at", "score", "status", "exercises", "file version"]
    page.screenshot(path=str(tmp_path / "student.png"), full_page=True)


def test_printed_script_is_shown_as_text(page, server: str, tmp_path: Path) -> None:
    page.goto(f"{server}/{ASSIGNMENT}/student/bob.html")
    assert page.locator("#stdout").inner_text() == SCRIPT
    page.goto(f"{server}/{ASSIGNMENT}/student/{slug(EVIL_STUDENT)}.html")
    assert page.locator("h1").inner_text() == EVIL_STUDENT
    page.screenshot(path=str(tmp_path / "hostile.png"), full_page=True)
    assert page.dialogs == [] and not page.errors


def test_a_request_without_the_token_is_refused(page, classroom_db: Path, tmp_path: Path) -> None:
    with _serve(classroom_db, token=TOKEN) as url:
        response = page.goto(f"{url}/{ASSIGNMENT}/index.html")
        assert response.status == 401
        assert "access token" in page.content()
        page.screenshot(path=str(tmp_path / "refused.png"))
        response = page.goto(f"{url}/{ASSIGNMENT}/index.html?token={TOKEN}")
        assert response.status == 200
        assert page.url == f"{url}/{ASSIGNMENT}/index.html"  # the token left the address bar
        page.click("#exercises a:has-text('Double')")  # the cookie carries on
        assert page.locator("h1").inner_text().startswith("Double <a tensor>")


def test_static_export_works_from_file_urls(page, classroom_db: Path, tmp_path: Path) -> None:
    from gradekit.report.web.static_export import export_static_site

    with closing(connect(classroom_db, readonly=True)) as connection:
        export_static_site(connection, tmp_path / "site")
    page.goto((tmp_path / "site" / "index.html").as_uri())
    page.click(f"a:has-text('{ASSIGNMENT}')")
    assert page.locator("#score-chart rect.bar").count() == 10
    page.click("#gradebook thead th:nth-child(1)")  # the packaged script runs from disk too
    assert page.locator("#gradebook thead th:nth-child(1)").get_attribute("aria-sort")
    assert not page.errors
