"""Layout checks in a real browser (the audit of issue 5): load-failure cards, narrow windows,
computation graphs. Same Chromium and Playwright rules as test_web_browser.py (skipped, with
the reason, when either is missing); screenshots go to pytest's tmp dir."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
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


def test_the_audit_graph_in_a_browser(page, tmp_path: Path) -> None:  # noqa: F811
    """``(x*a).exp().sin() + b*b - x``: the long edge from x to SubBackward0 goes around
    AddBackward0, b*b shows two lines. Checked on the drawn SVG's own geometry."""
    import gradekit.engine as engine
    from gradekit.report.web.graph import parse_graph, render_graph_svg
    from gradekit.sandbox.executor import BackendView, observe_graph

    x = engine.tensor([1.0, 2.0], requires_grad=True)
    a = engine.tensor([0.5, -1.0], requires_grad=True)
    b = engine.tensor([2.0, 3.0], requires_grad=True)
    result = (x * a).exp().sin() + b * b - x
    wire = [
        {"name": n.name, "next": list(n.next)} for n in observe_graph(result, BackendView(engine))
    ]
    svg = render_graph_svg(parse_graph(wire), title="student's graph")
    css = (Path(__file__).parents[2] / "gradekit/report/web/static/report.css").read_text()
    html = tmp_path / "graph.html"
    html.write_text(
        f"<!doctype html><style>{css}</style><div class='graphs'><figure>{svg}</figure></div>"
    )
    page.goto(html.as_uri())
    boxes = page.eval_on_selector_all(
        "svg.graph g.node",
        "groups => groups.map(g => { const b = g.querySelector('rect').getBoundingClientRect();"
        " return {label: g.textContent, x: b.x, y: b.y, w: b.width, h: b.height}; })",
    )
    assert len(boxes) == 9  # Sub Add Sin Exp Mul Mul and x, a, b
    # Sample every edge along its length: no sample point lies inside a box.
    samples = page.eval_on_selector_all(
        "svg.graph path.edge",
        "paths => paths.flatMap(p => {"
        " const n = Math.ceil(p.getTotalLength() / 2), m = p.getScreenCTM();"
        " return Array.from({length: n - 3}, (_, i) => { const q = p.getPointAtLength(2 * (i + 2));"
        " return {x: q.x * m.a + m.e, y: q.y * m.d + m.f}; }); })",
    )
    assert samples
    for point in samples:
        for box in boxes:
            inside = (
                box["x"] + 1 < point["x"] < box["x"] + box["w"] - 1
                and box["y"] + 1 < point["y"] < box["y"] + box["h"] - 1
            )
            assert not inside, (point, box)
    page.locator("svg.graph").screenshot(path=str(tmp_path / "weird-graph.png"))


LONG_MISTAKE = (
    "You added two instead of multiplying by two: t + 2 shifts every element, while the "
    "exercise asks to scale it, so only the element equal to 2 comes out right; see the "
    "hint about broadcasting a Python scalar against a tensor, and compare with 2 * t."
)


@pytest.fixture(scope="module")
def long_mistake_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import sqlite3

    db = write_classroom(tmp_path_factory.mktemp("narrow") / "book.sqlite")
    with closing(sqlite3.connect(db)) as connection, connection:
        connection.execute(
            "UPDATE exercise_results SET mistake = ? WHERE mistake IS NOT NULL", (LONG_MISTAKE,)
        )
    with _serve(db) as url:
        yield url


@pytest.mark.parametrize(
    "page_path",
    ["index.html", "exercise/double.html", "exercise/build_graph.html", "student/bob.html"],
)
def test_pages_fit_a_760_pixel_window(
    browser,  # noqa: F811
    long_mistake_server: str,
    tmp_path: Path,
    page_path: str,
) -> None:
    context = browser.new_context(viewport={"width": 760, "height": 900})
    narrow = context.new_page()
    try:
        narrow.goto(f"{long_mistake_server}/{ASSIGNMENT}/{page_path}")
        width = narrow.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        name = page_path.replace("/", "-").replace(".html", "")
        narrow.screenshot(path=str(tmp_path / f"narrow-{name}.png"), full_page=True)
        assert width[0] <= width[1], width
    finally:
        context.close()


def test_the_commonest_mistake_is_one_line_until_opened(
    browser,  # noqa: F811
    long_mistake_server: str,
    tmp_path: Path,
) -> None:
    context = browser.new_context(viewport={"width": 760, "height": 900})
    narrow = context.new_page()
    try:
        narrow.goto(f"{long_mistake_server}/{ASSIGNMENT}/index.html")
        rows = narrow.locator("#exercises tbody tr")
        heights = [rows.nth(i).bounding_box()["height"] for i in range(rows.count())]
        assert max(heights) < 100, heights  # the exercise's title may wrap; 220 px before
        summary = narrow.locator("#exercises td.mistake summary").first
        assert summary.bounding_box()["height"] < 24  # one line, cut with an ellipsis
        assert summary.get_attribute("title") == LONG_MISTAKE  # the whole text on hover
        summary.click()
        opened = narrow.locator("#exercises td.mistake details").first
        assert opened.get_attribute("open") is not None
        assert LONG_MISTAKE in opened.inner_text()
        wrapper = narrow.locator("div.scroll:has(#exercises)")
        wrapper.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
        wrapper.screenshot(path=str(tmp_path / "mistake-opened.png"))
        narrow.set_viewport_size({"width": 1280, "height": 900})
        narrow.reload()
        wrapper.screenshot(path=str(tmp_path / "exercises-1280.png"))
    finally:
        context.close()


def test_a_not_gradable_reason_and_a_not_submitted_id_are_never_split_between_columns(
    page,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The overview's "submitted but not gradable" reasons are whole sentences (one per
    line), and the "not submitted" ids flow in columns without an id broken over two."""
    from classroom import STUDENTS, student_record, write_run

    from gradekit.gradebook.store import connect
    from gradekit.report.web.static_export import export_static_site

    reason = (
        "no .py or .ipynb file in judy/ (looked for exercise.py or exercise.ipynb, or any"
        " other Python file, there and in its sub-folders)"
    )
    ungradable = {student: reason.replace("judy", student) for student in ("judy", "ken")}
    db = write_run(
        tmp_path / "gradebook.sqlite", [student_record("alice", STUDENTS["alice"])], ungradable
    )
    roster = ["alice", "judy", "ken", *(f"student-with-a-long-name-{i}" for i in range(9))]
    with closing(connect(db, readonly=True)) as connection:
        export_static_site(connection, tmp_path / "site", roster=roster)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto((tmp_path / "site" / ASSIGNMENT / "index.html").as_uri())
    page.screenshot(path=str(tmp_path / "not-gradable.png"), full_page=True)
    fragments = "items => items.map(li => li.getClientRects().length)"
    assert page.eval_on_selector_all("#not-gradable li", fragments) == [1, 1]
    assert page.eval_on_selector_all("#not-submitted li", fragments) == [1] * 9
    [judy, ken] = page.eval_on_selector_all(
        "#not-gradable li", "items => items.map(li => li.getBoundingClientRect().top)"
    )
    assert ken > judy  # one reason per line, not side by side in columns


@pytest.mark.parametrize("width", [1280, 760])
def test_a_number_and_its_maximum_stay_on_one_line(
    browser,  # noqa: F811
    tmp_path: Path,
    width: int,
) -> None:
    """ "0.8889 / 1" in the narrow "mean points" column was broken after the slash, with the
    maximum alone on the next line; numeric cells never wrap, and the mean score card says out
    of what, as the median's does."""
    import sqlite3

    db = write_classroom(tmp_path / "book.sqlite")
    with closing(sqlite3.connect(db)) as connection, connection:  # partial points, 4 decimals
        connection.execute("UPDATE exercise_results SET points = points * 0.8888889")
    context = browser.new_context(viewport={"width": width, "height": 900})
    narrow = context.new_page()
    try:
        with _serve(db) as url:
            narrow.goto(f"{url}/{ASSIGNMENT}/index.html")
            narrow.screenshot(path=str(tmp_path / f"overview-{width}.png"), full_page=True)
            lines = (
                "cells => cells.map(c => { const r = document.createRange();"
                " r.selectNodeContents(c);"
                " return new Set(Array.from(r.getClientRects(), q => Math.round(q.top))).size; })"
            )
            means = narrow.eval_on_selector_all(
                "#exercises td.num", "cs => cs.map(c => c.textContent)"
            )
            assert any("." in mean and " / " in mean for mean in means), means
            assert set(narrow.eval_on_selector_all("#exercises td.num", lines)) == {1}
            cards = narrow.eval_on_selector_all(".cards .big", "cs => cs.map(c => c.textContent)")
            assert cards[1].endswith(" / 3") and cards[2].endswith(" / 3"), cards  # median, mean
    finally:
        context.close()
