"""What every command prints on the terminal besides its report: its error line; and how the
fast paths end once their output is out.

Light on purpose (rich is imported when a message is printed): `gradekit check` and `gradekit
grade` print errors from their Typer-free fast paths, before anything heavy is loaded.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from gradekit.sandbox.sanitize import show_controls


def print_error(message: str) -> None:
    """``error: message`` on stderr, whole (soft-wrapped, so a path can be copied) and with
    control characters written out (a message can quote a student's file name or text)."""
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False).print(
        Text.assemble(("error: ", "bold red"), show_controls(message)), soft_wrap=True
    )


def flushed_exit_code(exit_code: int, *, failed: int) -> int:
    """Flush stdout and stderr; ``exit_code``, or ``failed`` instead of 0 when a reader went
    away before the end (the output was not all delivered)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError, OSError):
            exit_code = exit_code or failed
    return exit_code


def exit_without_teardown(exit_code: int, *, failed: int) -> NoReturn:
    """End the program once its output is flushed, without Python's interpreter teardown
    (module finalisation: 50-100 ms once numpy and the grader are loaded). Only for a command
    that has already closed everything it opened (its processes ended, its files closed)."""
    os._exit(flushed_exit_code(exit_code, failed=failed))
