"""double never returns; square_grad is right."""


def double(t):
    while True:
        pass


def square_grad(x):
    loss = (x**2).sum()
    loss.backward()
    return loss
