"""Overwrites a gradebook, a shell start-up file and the assignment spec."""


def write(path):
    try:
        with open(path, "w") as handle:
            handle.write("score: 100\n")
        return "written"
    except OSError as exc:
        return f"blocked: {type(exc).__name__}"


def attack():
    return [write("$gradebook"), write("$bashrc"), write("$spec")]


def control():
    return 42
