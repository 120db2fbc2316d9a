"""PyTorch Tutorial - Part 2 (indexing and broadcasting).

My solutions, Carol. Run `gradekit check exercise.py` before submitting.
"""

import torch


def even_rows(t):
    return t[::2]


def even_rows_reversed(t):
    return torch.flip(t[::2], dims=[0])


def ellipsis_pick(t):
    return t[0, ..., 1]


def set_second_row(t):
    t[1] = torch.tensor([2, 3, 4], dtype=t.dtype)


def set_fourth_element(t):
    t[0, 0, 1, 1] = -22.7


def middle_rows(t):
    return t[:, ::2]


def can_broadcast(shape_a, shape_b):
    for a, b in zip(reversed(shape_a), reversed(shape_b)):
        if a != b and 1 not in (a, b):
            return False
    return True


def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    a = [1] * (ndim - len(shape_a)) + list(shape_a)
    b = [1] * (ndim - len(shape_b)) + list(shape_b)
    result = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            raise ValueError(f"{shape_a} and {shape_b} cannot be broadcast")
        result.append(max(x, y))
    return result


def pick_elements(t):
    rows = [0, 4, 7]
    cols = [1, 0, 0]
    return t[rows][:, cols]


def corners(t):
    # top-left, top-right, bottom-left, bottom-right
    return t[[0, -1], [0, -1]]


def rows_mean_at_least(t, threshold):
    return t[t.mean(dim=1) >= threshold]
