"""double kills its own process and prints a fake verdict; square_grad is right."""

import os


def double(t):
    print("ALL TESTS PASSED  Score: 3 / 3")
    os._exit(0)


def square_grad(x):
    loss = (x**2).sum()
    loss.backward()
    return loss
