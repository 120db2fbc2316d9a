"""Rendering the report's pages with Jinja2 (autoescaping on for every template).

The live server (:mod:`~gradekit.report.web.app`) and the static export
(:mod:`~gradekit.report.web.static_export`) both call these functions, so the two show the
same pages. Links are relative (``root`` is the path back to the site root), which is what
lets the exported files work from a plain folder or ``file://``.

Site layout (the same URLs on the server and file names in the export)::

    index.html                              assignments in the gradebook
    static/report.css, static/report.js     packaged assets (no CDN)
    <assignment>/index.html                 class overview
    <assignment>/grades.csv                 the gradebook table as CSV
    <assignment>/exercise/<exercise>.html   wrong-answer clusters of one exercise
    <assignment>/student/<student>.html     one student's exercises, output and history
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup, escape

from gradekit.report.web.data import ReportData, slug
from gradekit.report.web.graph import GraphNode, render_graph_svg, render_no_graph_svg
from gradekit.report.web.svg import histogram_svg, pass_rate_svg

STATIC_FILES = ("report.css", "report.js")


def _points(value: float | None) -> str:
    return "—" if value is None else f"{round(value, 4):g}"


def _seconds(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.0f}%"


# How a cluster's answers ended, in words: "value" next to "fail" read as "a wrong value" even
# where only the autograd state differs (a detached result has the right values).
_ANSWER_KINDS = {
    "value": "returned a wrong answer",
    "raised": "raised",
    "missing": "gave no answer",
    "timeout": "timed out",
    "crashed": "crashed",
    "invalid": "sent an unreadable answer",
    "skipped": "not run (an earlier case timed out)",
}


def _answer_kind(kind: str) -> str:
    return _ANSWER_KINDS.get(kind, kind)


# Known-mistake messages come from the spec, written like its hints: `t[::-2]` is code.
_CODE_SPAN = re.compile(r"`([^`\n]+)`")


def _code_spans(text: str) -> Markup:
    """``text`` escaped, its backquoted spans shown as ``<code>`` (the backquotes dropped)."""
    return Markup(_CODE_SPAN.sub(r"<code>\1</code>", str(escape(text))))


def _graph(nodes: list[GraphNode] | None, title: str) -> Markup:
    if nodes is None:
        return render_no_graph_svg(title=title, reason="not a tensor: no graph")
    if not nodes:
        return render_no_graph_svg(title=title)
    return render_graph_svg(nodes, title=title)


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("gradekit.report.web", "templates"),
        autoescape=True,  # every student-controlled string is escaped, in every template
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters.update(
        points=_points,
        seconds=_seconds,
        percent=_percent,
        slug=slug,
        answer_kind=_answer_kind,
        code_spans=_code_spans,
    )
    environment.globals.update(
        graph_svg=_graph, histogram_svg=histogram_svg, pass_rate_svg=pass_rate_svg
    )
    return environment


ENVIRONMENT = _environment()


def static_asset(name: str) -> bytes:
    """The bytes of a packaged asset (``report.css``, ``report.js``)."""
    if name not in STATIC_FILES:
        raise FileNotFoundError(name)
    return resources.files("gradekit.report.web").joinpath("static", name).read_bytes()


def _render(template: str, root: str, **context: Any) -> str:
    return ENVIRONMENT.get_template(template).render(root=root, **context)


def render_index(data: ReportData) -> str:
    assignments = [(summary, slug(summary.assignment_id)) for summary in data.assignments()]
    return _render("index.html", "", assignments=assignments)


def render_overview(data: ReportData, assignment: str) -> str:
    return _render("overview.html", "../", assignment=assignment, **data.overview(assignment))


def render_exercise(data: ReportData, assignment: str, exercise_slug: str) -> str:
    return _render(
        "exercise.html",
        "../../",
        assignment=assignment,
        **data.exercise(assignment, exercise_slug),
    )


def render_student(data: ReportData, assignment: str, student_slug: str) -> str:
    return _render(
        "student.html",
        "../../",
        assignment=assignment,
        **data.student(assignment, student_slug),
    )


def render_error(title: str, detail: str) -> str:
    """A small error page (the detail may contain student-controlled text: it is escaped)."""
    return _render("error.html", "/", title=title, detail=detail)
