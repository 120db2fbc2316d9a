# PyTorch Tutorial - Part 2: tensor indexing and broadcasting
# Alice

import torch


def even_rows(t):
    # rows 0, 2, 4, ... -> start at 0 with a step of 2
    return t[::2]


def even_rows_reversed(t):
    # torch does not allow t[::-2], so take the even rows first and flip them afterwards
    return t[::2].flip(0)


def ellipsis_pick(t):
    return t[0, ..., 1]


def set_second_row(t):
    t[1] = torch.tensor([2, 3, 4])


def set_fourth_element(t):
    # flat index 3 of a 2x3x4x2 tensor is [0, 0, 1, 1] (the last dimension changes fastest)
    t.view(-1)[3] = -22.7


def middle_rows(t):
    return t[:, [0, 2]]


def can_broadcast(shape_a, shape_b):
    # compare the sizes from the right; the shorter shape just runs out (counts as 1)
    for a, b in zip(reversed(shape_a), reversed(shape_b)):
        if a != b and a != 1 and b != 1:
            return False
    return True


def broadcast_shape(shape_a, shape_b):
    n = max(len(shape_a), len(shape_b))
    a = [1] * (n - len(shape_a)) + list(shape_a)
    b = [1] * (n - len(shape_b)) + list(shape_b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            raise ValueError(f"cannot broadcast {shape_a} and {shape_b}")
        out.append(max(x, y))
    return tuple(out)


def pick_elements(t):
    return t[[0, 4, 7], [1, 0, 0]]


def corners(t):
    return t[[0, -1]][:, [0, -1]]


def rows_mean_at_least(t, threshold):
    return t[t.mean(dim=1) >= threshold]
