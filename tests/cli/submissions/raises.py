"""even_rows raises; everything else is missing."""

import torch


def even_rows(t):
    return t[100]
