"""gradekit.report.web: the instructor web report of a gradebook (docs/report.md).

* :mod:`~gradekit.report.web.data` — what each page shows, read from the gradebook.
* :mod:`~gradekit.report.web.render` — Jinja2 pages (autoescaped), shared by server and export.
* :mod:`~gradekit.report.web.app` — the Starlette app, token auth and security headers.
* :mod:`~gradekit.report.web.static_export` — ``gradekit report --html DIR``.
* :mod:`~gradekit.report.web.svg`, :mod:`~gradekit.report.web.graph` — server-side SVG charts
  and computation-graph pictures.
* :mod:`~gradekit.report.web.diff` — an answer shown field by field against the expected one.
* :mod:`~gradekit.report.web.commands` — the command bodies cli.py registers.
"""
