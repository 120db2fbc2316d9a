"""Recurses without end, first with Python's guard, then with the guard removed."""

import sys


def recurse(depth):
    return recurse(depth + 1) + 1


def attack():
    return recurse(0)


def unguarded():
    sys.setrecursionlimit(10**8)
    return recurse(0)


def control():
    return 42
