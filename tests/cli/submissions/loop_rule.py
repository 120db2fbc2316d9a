"""even_rows gives the right answer but breaks the rules: a loop, several statements."""

import torch


def even_rows(t):
    rows = []
    for index in range(0, t.shape[0], 2):
        rows.append(t[index])
    return torch.stack(rows)
