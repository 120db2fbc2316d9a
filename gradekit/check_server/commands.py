"""``gradekit server start|status|stop``: the check server, by hand (a check starts one itself)."""

from __future__ import annotations

import time

import typer

from gradekit.check_server import client
from gradekit.check_server.rendezvous import server_directory, server_disabled_reason, server_key

server_app = typer.Typer(
    help="The warm server that makes every `gradekit check` after the first one fast.",
    no_args_is_help=True,
)
START_TIMEOUT = 60.0


def _describe(status: dict) -> str:
    spares = ", ".join(status["spare_sandboxes"]) or "none ready"
    age = time.time() - status["started_at"]
    return (
        f"check server running: pid {status['pid']}, up {age:.0f} s, "
        f"{status['checks_served']} check(s) served, {status['checks_running']} running, "
        f"spare sandboxes: {spares}; exits after {status['idle_timeout']:.0f} s without a check"
    )


def _usable_directory() -> None:
    """Exit with an actionable message when checks cannot use a server here."""
    reason = server_disabled_reason()
    if reason is None:
        try:
            server_directory(create=True)
            return
        except OSError as error:
            reason = str(error)
    typer.echo(f"checks do not use a check server here: {reason}")
    raise typer.Exit(1)


@server_app.command("status")
def status_command() -> None:
    """Say whether the check server for this Python and gradekit runs, and what it holds."""
    _usable_directory()
    status = client.server_status()
    if status is None:
        typer.echo("check server not running (the next `gradekit check` starts it)")
        return
    typer.echo(_describe(status))


@server_app.command("start")
def start_command() -> None:
    """Start the check server now (and wait until it answers) instead of at the next check."""
    _usable_directory()
    key = server_key()
    if client.server_status(key) is None:
        client.start_server(key)
    status = client.wait_for_server(key, START_TIMEOUT)
    if status is None:
        typer.echo(f"the check server did not answer within {START_TIMEOUT:.0f} s", err=True)
        raise typer.Exit(1)
    typer.echo(_describe(status))


@server_app.command("stop")
def stop_command() -> None:
    """Stop every check server of yours (after the checks they are running end)."""
    _usable_directory()
    stopped = client.stop_servers()
    if not stopped:
        typer.echo("no check server was running")
        return
    typer.echo("stopped check server(s): pid " + ", ".join(map(str, stopped)))
