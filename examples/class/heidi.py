import torch

# Heidi


def even_rows(t):
    return t[::2]


def even_rows_reversed(t):
    # like in numpy: every second row, going backwards
    return t[::-2]


def ellipsis_pick(t):
    return t[0, :, :, 1]


def set_second_row(t):
    t[1] = torch.tensor([2, 3, 4], dtype=t.dtype)


def set_fourth_element(t):
    t[0, 0, 1, 1] = -22.7


def middle_rows(t):
    return t[:, ::2]


def can_broadcast(shape_a, shape_b):
    for a, b in zip(reversed(shape_a), reversed(shape_b)):
        if a != b and a != 1 and b != 1:
            return False
    return True


def broadcast_shape(shape_a, shape_b):
    n = max(len(shape_a), len(shape_b))
    a = (1,) * (n - len(shape_a)) + tuple(shape_a)
    b = (1,) * (n - len(shape_b)) + tuple(shape_b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            raise ValueError("not broadcastable")
        out.append(max(x, y))
    return tuple(out)


def pick_elements(t):
    return t[[0, 4, 7], [1, 0, 0]]


def corners(t):
    return t[:: t.shape[0] - 1, :: t.shape[1] - 1]


def rows_mean_at_least(t, threshold):
    return t[t.mean(dim=1) >= threshold]
