"""Tensor-indexing submission that changes a copy of `t` and returns nothing (the
`set_second_row_copy` mistake without its return value)."""

import torch


def set_second_row(t):
    t.clone()[1] = torch.tensor([2, 3, 4], dtype=t.dtype)
