"""The live web report: a Starlette (ASGI) application served by uvicorn.

Every request opens its own read-only gradebook connection (cheap, thread-safe, and it shows
submissions that ``gradekit grade`` wrote a moment ago, thanks to WAL). Pages come from
:mod:`~gradekit.report.web.render`, the same code the static export uses.

Security: the report shows student-controlled text (file names, output, messages), all of it
escaped by Jinja's autoescaping; a strict Content-Security-Policy forbids inline scripts as a
second line of defence. Without a token only loopback host names are accepted (this stops DNS
rebinding); with a token every request must carry it (see :class:`TokenAuth`).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gradekit.gradebook.queries import GradebookQueryError
from gradekit.gradebook.schema import GradebookSchemaError
from gradekit.gradebook.store import connect
from gradekit.report.web import render
from gradekit.report.web.data import NotFound, ReportData

TOKEN_COOKIE = "gradekit_report"
LOOPBACK_HOST_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")
SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}
CONTENT_TYPES = {"report.css": "text/css; charset=utf-8", "report.js": "text/javascript"}


class ReportConfigError(ValueError):
    """The server cannot start with these settings; the message says what to change."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) only accepts connections from this machine."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name other than localhost may resolve to anything


# A token that guards a report other machines can reach: 16 characters of
# `secrets.token_urlsafe` are 96 bits, far beyond guessing over HTTP.
MINIMUM_TOKEN_LENGTH = 16


def check_bind(host: str, token: str | None) -> None:
    """Refuse a non-loopback address unless an access token, long enough not to be guessed,
    protects the report."""
    if is_loopback(host):
        return
    if not token:
        raise ReportConfigError(
            f"refusing to serve the report on {host}, which other machines can reach, without "
            "an access token: set GRADEKIT_REPORT_TOKEN (or pass --token) to a secret, or bind "
            "to 127.0.0.1"
        )
    if len(token) < MINIMUM_TOKEN_LENGTH:
        raise ReportConfigError(
            f"refusing to serve the report on {host}, which other machines can reach, with an "
            f"access token of {len(token)} characters, which could be guessed: use at least "
            f"{MINIMUM_TOKEN_LENGTH} (--token generate makes a random one), or bind to 127.0.0.1"
        )


def _cookie_value(token: str) -> str:
    # The cookie holds a digest, so the token itself never sits in the browser's cookie jar.
    token_bytes = token.encode("utf-8", "surrogateescape")
    return hashlib.sha256(b"gradekit-report:" + token_bytes).hexdigest()


class TokenAuth:
    """Require the access token on every request.

    Accepted as ``Authorization: Bearer <token>``, as the report's cookie, or once as
    ``?token=<token>`` — which sets the cookie and redirects to the same URL without the
    token, so it does not linger in the address bar or the history.
    """

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode("utf-8", "surrogateescape")  # argv's undecodable bytes too
        self.cookie = _cookie_value(token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        # Compared as bytes: hmac.compare_digest refuses str with non-ASCII characters
        # (TypeError, a 500), and a request may carry any text, the token too. Header values
        # are the raw bytes as latin-1 (how Starlette decodes them), the query is UTF-8.
        bearer = request.headers.get("authorization", "").encode("latin-1")
        if bearer.startswith(b"Bearer ") and hmac.compare_digest(bearer[7:], self.token):
            await self.app(scope, receive, send)
            return
        cookie = request.cookies.get(TOKEN_COOKIE, "").encode("utf-8", "surrogatepass")
        if hmac.compare_digest(cookie, self.cookie.encode()):
            await self.app(scope, receive, send)
            return
        offered = request.query_params.get("token")
        if offered is not None and hmac.compare_digest(
            offered.encode("utf-8", "surrogatepass"), self.token
        ):
            rest = [(k, v) for k, v in parse_qsl(request.url.query) if k != "token"]
            # One leading slash: "//host/…" would send the browser to another site.
            path = "/" + request.url.path.lstrip("/")
            target = path + (f"?{urlencode(rest)}" if rest else "")
            response: Response = RedirectResponse(target, status_code=303)
            response.set_cookie(
                TOKEN_COOKIE, self.cookie, httponly=True, samesite="strict", path="/"
            )
        else:
            response = PlainTextResponse(
                "This report needs its access token: open the URL printed by "
                "`gradekit serve-report` (it ends in ?token=...), or send "
                "'Authorization: Bearer <token>'.\n",
                status_code=401,
                headers={"www-authenticate": "Bearer"},
            )
        await response(scope, receive, send)


class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                for name, value in SECURITY_HEADERS.items():
                    if name.encode() not in present:
                        headers.append((name.encode(), value.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    db_path: Path,
    *,
    token: str | None = None,
    roster: list[str] | None = None,
    allowed_hosts: list[str] | None = None,
) -> Starlette:
    """The report application for the gradebook at ``db_path``.

    ``allowed_hosts`` defaults to the loopback names without a token (any host with one).
    """

    def with_data(page: Callable[[ReportData, Request], Response]) -> Callable:
        def endpoint(request: Request) -> Response:
            try:
                with closing(connect(db_path, readonly=True)) as connection:
                    return page(ReportData(connection, roster), request)
            except GradebookSchemaError as error:
                return _error_page(503, "The gradebook cannot be read", str(error))
            except (NotFound, GradebookQueryError) as error:
                return _error_page(404, "Not found", str(error))
            except sqlite3.DatabaseError as error:
                return _error_page(503, "The gradebook cannot be read", f"{db_path}: {error}")

        return endpoint

    def index(data: ReportData, request: Request) -> Response:
        return HTMLResponse(render.render_index(data))

    def overview(data: ReportData, request: Request) -> Response:
        assignment = data.assignment_for(request.path_params["assignment"])
        return HTMLResponse(render.render_overview(data, assignment))

    def exercise(data: ReportData, request: Request) -> Response:
        assignment = data.assignment_for(request.path_params["assignment"])
        page = render.render_exercise(data, assignment, request.path_params["exercise"])
        return HTMLResponse(page)

    def student(data: ReportData, request: Request) -> Response:
        assignment = data.assignment_for(request.path_params["assignment"])
        page = render.render_student(data, assignment, request.path_params["student"])
        return HTMLResponse(page)

    def grades_csv(data: ReportData, request: Request) -> Response:
        assignment_slug = request.path_params["assignment"]
        text = data.grades_csv(data.assignment_for(assignment_slug))
        return Response(
            text,
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{assignment_slug}.csv"'},
        )

    def static(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            return Response(render.static_asset(name), media_type=CONTENT_TYPES[name])
        except (FileNotFoundError, KeyError):
            return _error_page(404, "Not found", f"no static file {name!r}")

    routes = [
        Route("/", with_data(index)),
        Route("/index.html", with_data(index)),
        Route("/static/{name}", static),
        Route("/{assignment}/", with_data(overview)),
        Route("/{assignment}/index.html", with_data(overview)),
        Route("/{assignment}/grades.csv", with_data(grades_csv)),
        Route("/{assignment}/exercise/{exercise}.html", with_data(exercise)),
        Route("/{assignment}/student/{student}.html", with_data(student)),
    ]
    if allowed_hosts is None:
        allowed_hosts = ["*"] if token else list(LOOPBACK_HOST_NAMES)
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts),
    ]
    if token:
        middleware.append(Middleware(TokenAuth, token=token))
    return Starlette(routes=routes, middleware=middleware)


def _error_page(status: int, title: str, detail: str) -> HTMLResponse:
    return HTMLResponse(render.render_error(title, detail), status_code=status)
