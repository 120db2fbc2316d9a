"""Access control: loopback by default, a token required on every request once set."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gradekit.cli import app as cli_app

pytest.importorskip("starlette", reason="the web report needs starlette")

from starlette.testclient import TestClient  # noqa: E402

from gradekit.report.web.app import (  # noqa: E402
    TOKEN_COOKIE,
    ReportConfigError,
    check_bind,
    create_app,
    is_loopback,
)

TOKEN = "s3cret-token_value"


@pytest.fixture
def guarded(classroom_db: Path):
    with TestClient(create_app(classroom_db, token=TOKEN), base_url="http://10.0.0.5") as c:
        yield c


@pytest.mark.parametrize(
    "url", ["/", "/autograd-mini/index.html", "/autograd-mini/grades.csv", "/static/report.js"]
)
def test_requests_without_the_token_are_refused(guarded, url: str) -> None:
    response = guarded.get(url)
    assert response.status_code == 401
    assert "access token" in response.text
    assert "Autograd" not in response.text


def test_a_wrong_token_is_refused_everywhere(guarded) -> None:
    assert guarded.get("/", params={"token": "guess"}).status_code == 401
    assert guarded.get("/", headers={"Authorization": "Bearer guess"}).status_code == 401
    guarded.cookies.set(TOKEN_COOKIE, TOKEN)  # the raw token is not the cookie's value
    assert guarded.get("/").status_code == 401


def test_bearer_header_is_accepted(guarded) -> None:
    response = guarded.get(
        "/autograd-mini/index.html", headers={"Authorization": f"Bearer {TOKEN}"}
    )
    assert response.status_code == 200
    assert "Score distribution" in response.text


def test_token_in_the_url_sets_a_cookie_and_leaves_the_url(guarded) -> None:
    response = guarded.get(
        "/autograd-mini/index.html", params={"token": TOKEN, "x": "1"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == "/autograd-mini/index.html?x=1"
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and TOKEN not in cookie
    # The client keeps the cookie: later requests need no token.
    assert guarded.get("/autograd-mini/student/alice.html").status_code == 200
    assert guarded.get("/static/report.css").status_code == 200


def test_the_token_redirect_stays_on_the_report(guarded) -> None:
    # "//evil.example/" as a Location is another site: the redirect kept the path as given.
    url = "http://10.0.0.5//evil.example/"  # the path, not a host
    response = guarded.get(url, params={"token": TOKEN}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/evil.example/"


def test_non_ascii_credentials_are_refused_not_a_server_error(guarded) -> None:
    # hmac.compare_digest raises TypeError on str with non-ASCII characters: each of these
    # was a 500 with a traceback in the server's log.
    assert guarded.get("/", params={"token": "clé"}).status_code == 401
    assert guarded.get("/", headers={"Authorization": "Bearer clé".encode()}).status_code == 401
    cookie = {"Cookie": f"{TOKEN_COOKIE}=clé".encode()}
    assert guarded.get("/", headers=cookie).status_code == 401


def test_a_non_ascii_token_works_in_every_form(classroom_db: Path) -> None:
    token = "mot de passe déjà & co"
    app = create_app(classroom_db, token=token)
    with TestClient(app, base_url="http://10.0.0.5") as client:
        assert client.get("/", params={"token": "mot de passe deja & co"}).status_code == 401
        bearer = {"Authorization": f"Bearer {token}".encode()}  # sent as UTF-8 bytes
        assert client.get("/autograd-mini/index.html", headers=bearer).status_code == 200
        response = client.get("/", params={"token": token}, follow_redirects=False)
        assert response.status_code == 303
        assert client.get("/autograd-mini/index.html").status_code == 200  # the cookie


def test_the_printed_url_carries_the_token_quoted() -> None:
    from urllib.parse import parse_qs, urlsplit

    from gradekit.report.web.commands import report_url

    url = report_url("0.0.0.0", 8000, "a b&c=d/é")
    assert url.startswith("http://0.0.0.0:8000/?token=") and " " not in url
    assert parse_qs(urlsplit(url).query) == {"token": ["a b&c=d/é"]}
    assert report_url("::1", 80, None) == "http://[::1]:80/"


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.1", "::1", "[::1]", "localhost"])
def test_loopback_hosts_need_no_token(host: str) -> None:
    assert is_loopback(host)
    check_bind(host, None)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.4", "example.org", "localhost.evil"])
def test_other_hosts_need_a_token(host: str) -> None:
    assert not is_loopback(host)
    with pytest.raises(ReportConfigError, match="without an access token"):
        check_bind(host, None)
    with pytest.raises(ReportConfigError):
        check_bind(host, "")
    with pytest.raises(ReportConfigError, match="token of 15 characters, which could be guessed"):
        check_bind(host, TOKEN[:15])
    check_bind(host, TOKEN[:16])
    check_bind("127.0.0.1", "x")  # on loopback a token is an extra, any length will do


def test_serve_report_refuses_a_public_host_without_a_token(classroom_db: Path) -> None:
    result = CliRunner().invoke(
        cli_app,
        ["serve-report", "--db", str(classroom_db), "--host", "0.0.0.0"],
        env={"GRADEKIT_REPORT_TOKEN": ""},
    )
    assert result.exit_code == 2
    assert "without an access token" in result.output
    assert "Traceback" not in result.output


def test_serve_report_refuses_a_missing_gradebook(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["serve-report", "--db", str(tmp_path / "x.sqlite")])
    assert result.exit_code == 2
    assert "no gradebook here" in result.output


def test_serve_report_says_when_its_port_is_taken(classroom_db: Path) -> None:
    import socket
    from contextlib import closing

    with closing(socket.socket()) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            cli_app, ["serve-report", "--db", str(classroom_db), "--port", str(port)]
        )
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "pass another --port" in result.output
    assert "serving" not in result.output and "Traceback" not in result.output


def test_serve_report_says_when_its_host_does_not_resolve(classroom_db: Path) -> None:
    result = CliRunner().invoke(
        cli_app,
        ["serve-report", "--db", str(classroom_db), "--host", "no-such-host.invalid"],
        env={"GRADEKIT_REPORT_TOKEN": TOKEN},
    )
    assert result.exit_code == 2
    assert "the host does not resolve" in result.output


def test_generated_tokens_are_long_and_fresh() -> None:
    from gradekit.report.web.commands import resolve_token

    first, second = resolve_token("generate"), resolve_token("generate")
    assert first != second and len(first) >= 32
    assert resolve_token("mine") == "mine"
    assert resolve_token("") is None and resolve_token(None) is None
