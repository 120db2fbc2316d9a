"""kill(-1, SIGKILL): every process the user may signal. Sent ONLY after kill(-1, 0) was shown
to be refused in this very process, i.e. after the seccomp filter proved it blocks this call."""

import os
import signal


def attack():
    try:
        os.kill(-1, 0)  # signal 0 sends nothing: a safe probe
    except PermissionError:
        pass
    else:
        return "UNSAFE: kill(-1) is not blocked here, SIGKILL was not sent"
    try:
        os.kill(-1, signal.SIGKILL)
    except PermissionError as exc:
        return f"blocked: {type(exc).__name__}"
    return "kill(-1, SIGKILL) went through"


def control():
    return 42
