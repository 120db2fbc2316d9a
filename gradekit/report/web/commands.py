"""The ``gradekit serve-report`` and ``gradekit report`` commands (cli.py registers them).

Exit codes: 0 on success, 2 for usage errors (missing or unreadable gradebook, bad roster,
a non-loopback host without a token, an unwritable output folder), printed as one actionable
line, never a traceback.
"""

from __future__ import annotations

import errno
import os
import secrets
import socket
from pathlib import Path
from typing import Annotated, NoReturn
from urllib.parse import quote

import typer

from gradekit.console import print_error

EXIT_USAGE = 2
DEFAULT_DB = Path("gradebook.sqlite")
TOKEN_ENVIRONMENT = "GRADEKIT_REPORT_TOKEN"

RosterOption = Annotated[
    Path | None,
    typer.Option(
        "--roster",
        help="Student ids, one per line (or a CSV with a 'student' column): the overview "
        "then lists who has not submitted.",
    ),
]
DbOption = Annotated[Path, typer.Option("--db", help="The gradebook to read.")]


def _fail(message: str) -> NoReturn:
    print_error(message)
    raise typer.Exit(EXIT_USAGE)


def _roster(path: Path | None) -> list[str] | None:
    from gradekit.report.web.data import RosterError, load_roster

    if path is None:
        return None
    try:
        return load_roster(path)
    except RosterError as error:
        _fail(str(error))


def _check_gradebook(db: Path) -> None:
    from gradekit.gradebook.schema import GradebookSchemaError
    from gradekit.gradebook.store import connect

    try:
        connect(db, readonly=True).close()
    except GradebookSchemaError as error:
        _fail(str(error))


def resolve_token(token: str | None) -> str | None:
    """The token to require: ``generate`` asks for a fresh random one; empty means none."""
    if token == "generate":
        return secrets.token_urlsafe(24)
    return token or None


def serve_report_command(
    db: DbOption = DEFAULT_DB,
    host: Annotated[
        str,
        typer.Option(
            "--host", help="Address to listen on. Anything but loopback needs an access token."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port.")] = 8000,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            envvar=TOKEN_ENVIRONMENT,
            show_envvar=True,
            help="Access token required on every request ('generate' makes a random one).",
        ),
    ] = None,
    roster: RosterOption = None,
) -> None:
    """Serve the instructor web report of a gradebook (overview, exercises, students)."""
    from gradekit.report.web.app import ReportConfigError, check_bind, create_app

    token = resolve_token(token)
    try:
        check_bind(host, token)
    except ReportConfigError as error:
        _fail(str(error))
    _check_gradebook(db)
    application = create_app(db, token=token, roster=_roster(roster))

    import uvicorn

    # Listen before saying where: a port in use (or a name that does not resolve) is reported
    # here as a usage error rather than by uvicorn after the "serving" line, and --port 0
    # shows the port the system picked.
    listener = _listen(host, port)
    port = listener.getsockname()[1]
    typer.echo(f"serving {db} at {report_url(host, port, token)}", err=True)
    if token and os.environ.get(TOKEN_ENVIRONMENT) != token:
        typer.echo("(the token is in the URL above; share it only with graders)", err=True)
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning"))
    with listener:
        server.run(sockets=[listener])


def report_url(host: str, port: int, token: str | None) -> str:
    """The URL the start-up line prints, with the token when there is one."""
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{port}/"
    # Quoted: a token with spaces, '&' or accents must still work when the URL is opened.
    return url + (f"?token={quote(token, safe='', errors='surrogateescape')}" if token else "")


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (exits with a usage error when it cannot)."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
    except OSError as error:
        _fail(f"cannot listen on {host}:{port}: the host does not resolve ({error})")
    listener = socket.socket(family, kind, protocol)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(128)
    except OSError as error:
        listener.close()
        reason = error.strerror or str(error)
        hint = "; pass another --port" if error.errno == errno.EADDRINUSE else ""
        _fail(f"cannot listen on {host}:{port} ({reason}){hint}")
    return listener


def report_command(
    html: Annotated[
        Path,
        typer.Option("--html", help="Write the web report as static files into this folder."),
    ],
    db: DbOption = DEFAULT_DB,
    roster: RosterOption = None,
) -> None:
    """Write the instructor web report as static HTML files (to share or keep as a CI artifact)."""
    from contextlib import closing

    from gradekit.gradebook.queries import GradebookQueryError
    from gradekit.gradebook.store import connect
    from gradekit.report.web.static_export import export_static_site

    if html.exists() and not html.is_dir():
        _fail(f"{html}: exists and is not a folder; pass --html a folder to write the report into")
    if not html.exists() and not html.absolute().parent.is_dir():
        # The report's own folder is made, but never the folders above it (a typo in the
        # path must not leave a tree of new folders behind).
        _fail(f"{html}: the folder {html.absolute().parent} does not exist (create it first)")
    _check_gradebook(db)
    students = _roster(roster)
    try:
        with closing(connect(db, readonly=True)) as connection:
            written = export_static_site(connection, html, roster=students)
    except GradebookQueryError as error:
        _fail(f"{db}: {error}")
    except OSError as error:
        _fail(f"{html}: cannot write the report ({error.strerror or error})")
    typer.echo(f"wrote {len(written)} files to {html} (open {html / 'index.html'})", err=True)
