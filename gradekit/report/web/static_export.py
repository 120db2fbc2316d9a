"""``gradekit report --html DIR``: the web report written as static files.

The files mirror the server's URLs (see :mod:`~gradekit.report.web.render`), links are
relative and assets are copied, so the folder can be zipped, attached as a CI artifact or
opened straight from disk.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from gradekit.gradebook import queries
from gradekit.report.web import render
from gradekit.report.web.data import ReportData, slug


def export_static_site(
    connection: sqlite3.Connection, directory: Path, *, roster: list[str] | None = None
) -> list[Path]:
    """Write every page of the report for every assignment under ``directory``.

    Returns the files written. Existing files with the same names are replaced; other files in
    the folder are left alone.
    """
    data = ReportData(connection, roster)
    written: list[Path] = []

    def write(relative: str, content: str | bytes) -> None:
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="\n")
        written.append(path)

    for name in render.STATIC_FILES:
        write(f"static/{name}", render.static_asset(name))
    write("index.html", render.render_index(data))
    for summary in data.assignments():
        assignment = summary.assignment_id
        base = slug(assignment)
        write(f"{base}/index.html", render.render_overview(data, assignment))
        write(f"{base}/grades.csv", data.grades_csv(assignment))
        for stats in queries.exercise_stats(connection, assignment):
            exercise_slug = slug(stats.exercise_id)
            write(
                f"{base}/exercise/{exercise_slug}.html",
                render.render_exercise(data, assignment, exercise_slug),
            )
        for grade in queries.latest_grades(connection, assignment):
            student_slug = slug(grade.student)
            write(
                f"{base}/student/{student_slug}.html",
                render.render_student(data, assignment, student_slug),
            )
    return written
