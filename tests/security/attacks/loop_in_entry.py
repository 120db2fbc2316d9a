"""Busy-loops inside the graded function."""


def attack():
    while True:
        pass


def control():
    return 42
