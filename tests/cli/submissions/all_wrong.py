"""Tensor-indexing submission where every exercise has its first known mistake."""

import torch


def even_rows(t):
    return t[1::2]


def even_rows_reversed(t):
    return t[::-2]


def ellipsis_pick(t):
    return t[0, :, :, 1]


def set_second_row(t):
    t = t.clone()
    t[1] = torch.tensor([2, 3, 4], dtype=t.dtype)
    return t


def set_fourth_element(t):
    t[0, 0, 2, 0] = -22.7


def middle_rows(t):
    return t[:, 1:3]


def can_broadcast(shape_a, shape_b):
    for size_a, size_b in zip(shape_a, shape_b, strict=False):
        if size_a != size_b and size_a != 1 and size_b != 1:
            return False
    return True


def broadcast_shape(shape_a, shape_b):
    result = []
    for size_a, size_b in zip(reversed(shape_a), reversed(shape_b), strict=False):
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} are incompatible")
        result.append(max(size_a, size_b))
    return tuple(reversed(result))


def pick_elements(t):
    return t[[0, 4, 7]][:, [1, 0, 0]]


def corners(t):
    return t[[0, -1], [0, -1]]


def rows_mean_at_least(t, threshold):
    return t[t.mean(dim=1) > threshold]
