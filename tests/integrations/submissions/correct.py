"""Right answers to the scale assignment."""


def double(t):
    return t * 2


def total(t):
    return t.sum()
