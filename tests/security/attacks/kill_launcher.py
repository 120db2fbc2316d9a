"""Kills the process that supervises it (its parent)."""

import os
import signal


def attack():
    try:
        os.kill(os.getppid(), signal.SIGKILL)
    except PermissionError as exc:
        return f"blocked: {type(exc).__name__}"
    return "killed the parent"


def control():
    return 42
