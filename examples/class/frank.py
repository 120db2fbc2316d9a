# Frank's answers, tutorial part 2
import torch


def even_rows(t):
    return t[::2]


def even_rows_reversed(t):
    return t.flip(dims=(0,))[::2]


def ellipsis_pick(t):
    return t[0, ..., 1]


def set_second_row(t):
    t[1] = torch.tensor([2.0, 3.0, 4.0])


def set_fourth_element(t):
    t.view(-1)[3] = -22.7


def middle_rows(t):
    return t[:, ::2, :, :]


def can_broadcast(shape_a, shape_b):
    # compare dimension by dimension
    for i in range(min(len(shape_a), len(shape_b))):
        if shape_a[i] != shape_b[i] and shape_a[i] != 1 and shape_b[i] != 1:
            return False
    return True


def broadcast_shape(shape_a, shape_b):
    n = max(len(shape_a), len(shape_b))
    a = (1,) * (n - len(shape_a)) + tuple(shape_a)
    b = (1,) * (n - len(shape_b)) + tuple(shape_b)
    result = ()
    for i in range(n):
        if a[i] != b[i] and a[i] != 1 and b[i] != 1:
            raise ValueError(f"{shape_a} and {shape_b} do not broadcast")
        result += (max(a[i], b[i]),)
    return result


def pick_elements(t):
    # rows 0, 4, 7 and then columns 1, 0, 0
    return t[[0, 4, 7]][:, [1, 0, 0]]


def corners(t):
    return t[:: t.shape[0] - 1, :: t.shape[1] - 1]


def rows_mean_at_least(t, threshold):
    return t[t.mean(dim=1) >= threshold]
