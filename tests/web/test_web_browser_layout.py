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
