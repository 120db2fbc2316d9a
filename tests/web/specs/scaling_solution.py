"""Reference solution of tests/web/specs/scaling.yaml."""


def double(t):
    return 2 * t


def double_plus_two(t):
    return t + 2


def total(t):
    return t.sum()


def affine(x, a, b):
    return a * x + b
