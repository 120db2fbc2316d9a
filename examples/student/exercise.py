"""Tensor indexing and broadcasting: my answers (PyTorch Tutorial - Part 2, exercises 1-14).

An example student submission: most answers are right, a few have typical mistakes.
Check it with:  gradekit check examples/student/exercise.py
"""

import torch


def even_rows(t):
    return t[::2]


def even_rows_reversed(t):
    # "negative step is not yet supported", so flip first and then take every other row
    return t.flip(0)[::2]


def ellipsis_pick(t):
    return t[0, ..., 1]


def set_second_row(t):
    t[1] = torch.tensor([2, 3, 4], dtype=t.dtype)


def set_fourth_element(t):
    t[0, 0, 1, 1] = -22.7


def middle_rows(t):
    return t[:, ::2]


def can_broadcast(shape_a, shape_b):
    for size_a, size_b in zip(shape_a, shape_b):  # noqa: B905
        if size_a != size_b and size_a != 1 and size_b != 1:
            return False
    return True


def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    padded_b = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    result = []
    for size_a, size_b in zip(padded_a, padded_b):  # noqa: B905
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} are incompatible")
        result.append(max(size_a, size_b))
    return tuple(result)


def pick_elements(t):
    return t[[0, 4, 7], [1, 0, 0]]


def corners(t):
    rows = [0, t.shape[0] - 1]
    return torch.stack([t[r, [0, t.shape[1] - 1]] for r in rows])


def rows_mean_at_least(t, threshold):
    return t[t.mean(dim=1) > threshold]
