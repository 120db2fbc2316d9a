"""Reference solution of tests/cli/specs/tiny.yaml."""


def double(t):
    return 2 * t


def double_plus_two(t):
    return t + 2


def square_grad(x):
    loss = (x**2).sum()
    loss.backward()
    return loss


def square_grad_no_backward(x):
    return (x**2).sum()


def double_by_addition(t):
    # Not a mistake at all: the same numbers as 2 * t. validate must flag it as uncaught.
    return t + t
