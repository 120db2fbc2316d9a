"""Never finishes importing."""

while True:
    pass


def control():
    return 42
