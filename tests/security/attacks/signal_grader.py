"""Signals the grader process itself. SIGURG is ignored by default, so this is harmless even
when it gets through; what matters is whether it is allowed at all."""

import os
import signal


def attack():
    try:
        os.kill(int("$grader_pid"), signal.SIGURG)
    except PermissionError as exc:
        return f"blocked: {type(exc).__name__}"
    return "signal delivered"


def control():
    return 42
