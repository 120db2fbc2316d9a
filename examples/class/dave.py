import torch

# Dave - Tutorial part 2


def even_rows(t):
    return t[0::2]


def even_rows_reversed(t):
    return t.flip(0)[::2]


def ellipsis_pick(t):
    return t[0, ..., 1]


def set_second_row(t):
    t[1, :] = torch.tensor([2, 3, 4])


def set_fourth_element(t):
    t[0, 0, 1, 1] = -22.7


def middle_rows(t):
    # 1st and 3rd row
    return t[:, 1:3]


def can_broadcast(shape_a, shape_b):
    for x, y in zip(shape_a[::-1], shape_b[::-1]):
        if not (x == y or x == 1 or y == 1):
            return False
    return True


def broadcast_shape(shape_a, shape_b):
    longest = max(len(shape_a), len(shape_b))
    a = (1,) * (longest - len(shape_a)) + tuple(shape_a)
    b = (1,) * (longest - len(shape_b)) + tuple(shape_b)
    shape = []
    for x, y in zip(a, b):
        if not (x == y or x == 1 or y == 1):
            raise ValueError("incompatible shapes")
        shape.append(max(x, y))
    return tuple(shape)


def pick_elements(t):
    return t[[0, 4, 7], [1, 0, 0]]


def corners(t):
    return t[[0, -1]][:, [0, -1]]


def rows_mean_at_least(t, threshold):
    return t[t.mean(1) > threshold]
