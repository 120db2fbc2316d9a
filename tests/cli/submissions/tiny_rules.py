"""Right answers that break the tiny assignment's rules."""


def double(t):
    doubled = t * 2
    return doubled


def square_grad(x):
    loss = 0
    for value in x:
        loss = loss + value**2
    loss.backward()
    return loss
