"""Floods stdout and stderr until stopped."""

import sys


def attack():
    line = "x" * 1000 + "\n"
    while True:
        sys.stdout.write(line)
        sys.stderr.write(line)


def control():
    return 42
