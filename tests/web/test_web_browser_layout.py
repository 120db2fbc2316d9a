"""Layout checks in a real browser (the audit of issue 5): load-failure cards, narrow windows,
computation graphs. Same Chromium and Playwright rules as test_web_browser.py (skipped, with
the reason, when either is missing); screenshots go to pytest's tmp dir."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom import ASSIGNMENT, add_load_failures, write_classroom
from test_web_browser import _serve, browser, page  # noqa: F401 - fixtures


@pytest.fixture(scope="module")
def failing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = add_load_failures(write_classroom(tmp_path_factory.mktemp("failing") / "book.sqlite"))
    with _serve(db) as url:
        yield url


def test_load_failures_are_labelled_apart_from_wrong_answers(
    page,  # noqa: F811
    failing_server: str,
    tmp_path: Path,
) -> None:
    page.goto(f"{failing_server}/{ASSIGNMENT}/exercise/double.html")
    failures = page.locator("#load-failures article.cluster")
    assert failures.count() == 2
    assert page.locator("#clusters article.cluster", has_text="vera").count() == 0
    assert failures.nth(0).locator(".kind").inner_text() == "the file did not load"
    page.locator("#load-failures").screenshot(path=str(tmp_path / "load-failures.png"))
    page.screenshot(path=str(tmp_path / "exercise-with-failures.png"), full_page=True)
    assert not page.errors

