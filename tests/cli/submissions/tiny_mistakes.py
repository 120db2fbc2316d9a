"""Both answers are known mistakes of the tiny assignment."""


def double(t):
    return t + 2


def square_grad(x):
    return (x**2).sum()
