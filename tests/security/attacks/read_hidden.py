"""Reads the reference solution and the hidden spec the grader keeps next to it."""


def read(path):
    try:
        with open(path) as handle:
            return handle.read()
    except OSError as exc:
        return f"blocked: {type(exc).__name__}"


def attack():
    return [read("$reference"), read("$spec")]


def control():
    return 42
