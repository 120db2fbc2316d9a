"""Ignores every catchable signal the grader or the kernel might use, then spins."""

import signal


def attack():
    for name in ("SIGTERM", "SIGXCPU", "SIGALRM", "SIGINT", "SIGHUP"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    while True:
        pass


def control():
    return 42
