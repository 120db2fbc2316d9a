"""Tensor-indexing submission whose in-place answers are correct one-liners that also return
something (the prompt says the return value is ignored)."""

import torch


def set_second_row(t):
    return t[1].copy_(torch.tensor([2, 3, 4]))


def set_fourth_element(t):
    return t.view(-1)[3:4].fill_(-22.7)
