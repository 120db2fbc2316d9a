"""Leaves the way Python programs usually leave."""

import sys


def attack():
    sys.exit(0)


def interrupt():
    raise KeyboardInterrupt


def system_exit():
    raise SystemExit("bye")


def control():
    return 42
