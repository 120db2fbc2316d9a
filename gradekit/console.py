"""What every command prints on the terminal besides its report: its error line.

Light on purpose (rich is imported when a message is printed): `gradekit check` and `gradekit
grade` print errors from their Typer-free fast paths, before anything heavy is loaded.
"""

from __future__ import annotations

from gradekit.sandbox.sanitize import show_controls


def print_error(message: str) -> None:
    """``error: message`` on stderr, whole (soft-wrapped, so a path can be copied) and with
    control characters written out (a message can quote a student's file name or text)."""
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False).print(
        Text.assemble(("error: ", "bold red"), show_controls(message)), soft_wrap=True
    )
