"""Reference solution of exercises/tensor-indexing.yaml (seed 004: indexing and broadcasting).

Each exercise's entry is defined under its exact name; the grader runs these on gradekit's
engine to get the expected answers. Below each entry are its `mistakes`: typical wrong answers,
written out so the grader can recognise a student who made them and explain what went wrong.
"""

import torch

# --- Q1: even rows ---------------------------------------------------------------------------


def even_rows(t):
    return t[::2]


def even_rows_odd(t):
    return t[1::2]


def even_rows_from_two(t):
    return t[2::2]


def even_rows_columns(t):
    return t[:, ::2]


# --- Q2: even rows, reversed -----------------------------------------------------------------


def even_rows_reversed(t):
    return t[::2].flip(0)


def even_rows_reversed_negative_step(t):
    return t[::-2]


def even_rows_reversed_flip_first(t):
    return t.flip(0)[::2]


def even_rows_reversed_not_reversed(t):
    return t[::2]


# --- Q3: the ellipsis ------------------------------------------------------------------------


def ellipsis_pick(t):
    return t[0, ..., 1]


def ellipsis_pick_explicit_slices(t):
    return t[0, :, :, 1]


def ellipsis_pick_counted_from_one(t):
    return t[1, ..., 1]


def ellipsis_pick_first_of_last(t):
    return t[0, ..., 0]


# --- Q4: set row 1 in place ------------------------------------------------------------------


def set_second_row(t):
    t[1] = torch.tensor([2, 3, 4], dtype=t.dtype)


def set_second_row_copy(t):
    t = t.clone()
    t[1] = torch.tensor([2, 3, 4], dtype=t.dtype)
    return t


def set_second_row_index_two(t):
    t[2] = torch.tensor([2, 3, 4], dtype=t.dtype)


def set_second_row_first_element(t):
    t[1, 0] = 2


# --- Q5: set the 4th element in place --------------------------------------------------------


def set_fourth_element(t):
    t[0, 0, 1, 1] = -22.7


def set_fourth_element_fifth(t):
    t[0, 0, 2, 0] = -22.7


def set_fourth_element_copy(t):
    t = t.clone()
    t[0, 0, 1, 1] = -22.7
    return t


def set_fourth_element_row(t):
    t[0, 0, 3] = -22.7


# --- Q6: 1st and 3rd rows of the middle 3x4 arrays -------------------------------------------


def middle_rows(t):
    return t[:, ::2]


def middle_rows_counted_from_one(t):
    return t[:, 1:3]


def middle_rows_wrong_dim(t):
    return t[:, :, ::2]


def middle_rows_dropped_first_dim(t):
    return t[0, ::2]


# --- Q7-Q10: can two shapes broadcast? -------------------------------------------------------


def can_broadcast(shape_a, shape_b):
    for size_a, size_b in zip(reversed(shape_a), reversed(shape_b), strict=False):
        if size_a != size_b and size_a != 1 and size_b != 1:
            return False
    return True


def can_broadcast_left_aligned(shape_a, shape_b):
    for size_a, size_b in zip(shape_a, shape_b, strict=False):
        if size_a != size_b and size_a != 1 and size_b != 1:
            return False
    return True


def can_broadcast_same_ndim(shape_a, shape_b):
    if len(shape_a) != len(shape_b):
        return False
    return can_broadcast(shape_a, shape_b)


def can_broadcast_only_b_stretches(shape_a, shape_b):
    for size_a, size_b in zip(reversed(shape_a), reversed(shape_b), strict=False):
        if size_a != size_b and size_b != 1:
            return False
    return True


# --- Q11: the broadcast shape ----------------------------------------------------------------


def broadcast_shape(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    padded_b = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    result = []
    for size_a, size_b in zip(padded_a, padded_b, strict=True):
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} are incompatible")
        result.append(max(size_a, size_b))
    return tuple(result)


def broadcast_shape_no_padding(shape_a, shape_b):
    result = []
    for size_a, size_b in zip(reversed(shape_a), reversed(shape_b), strict=False):
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} are incompatible")
        result.append(max(size_a, size_b))
    return tuple(reversed(result))


def broadcast_shape_left_padded(shape_a, shape_b):
    ndim = max(len(shape_a), len(shape_b))
    padded_a = tuple(shape_a) + (1,) * (ndim - len(shape_a))
    padded_b = tuple(shape_b) + (1,) * (ndim - len(shape_b))
    result = []
    for size_a, size_b in zip(padded_a, padded_b, strict=True):
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise ValueError(f"shapes {tuple(shape_a)} and {tuple(shape_b)} are incompatible")
        result.append(max(size_a, size_b))
    return tuple(result)


def broadcast_shape_as_list(shape_a, shape_b):
    return list(broadcast_shape(shape_a, shape_b))


# --- Q12: pick three elements ----------------------------------------------------------------


def pick_elements(t):
    return t[[0, 4, 7], [1, 0, 0]]


def pick_elements_chained(t):
    return t[[0, 4, 7]][:, [1, 0, 0]]


def pick_elements_column(t):
    # The value of the tutorial's own answer,
    # torch.gather(t.index_select(0, torch.tensor([0, 4, 7])), 1, torch.tensor([[1], [0], [0]])):
    # the right elements, but as a 3x1 column.
    return t[[0, 4, 7], [1, 0, 0]].reshape(3, 1)


def pick_elements_fifth_row_off_by_one(t):
    return t[[0, 5, 7], [1, 0, 0]]


# --- Q13: the four corners -------------------------------------------------------------------


def corners(t):
    return t[:: t.shape[0] - 1, :: t.shape[1] - 1]


def corners_diagonal(t):
    return t[[0, -1], [0, -1]]


def corners_transposed(t):
    return t[:: t.shape[0] - 1, :: t.shape[1] - 1].t()


def corners_flat(t):
    return t[[0, 0, -1, -1], [0, -1, 0, -1]]


def corners_hard_coded(t):
    return t[::7, ::2]


# --- Q14: rows whose mean is at least a threshold --------------------------------------------


def rows_mean_at_least(t, threshold):
    return t[t.mean(dim=1) >= threshold]


def rows_mean_at_least_strict(t, threshold):
    return t[t.mean(dim=1) > threshold]


def rows_mean_at_least_mask(t, threshold):
    return t.mean(dim=1) >= threshold


def rows_mean_at_least_wrong_dim(t, threshold):
    return t[:, t.mean(dim=0) >= threshold]


def rows_mean_at_least_sum(t, threshold):
    return t[t.sum(dim=1) >= threshold]
