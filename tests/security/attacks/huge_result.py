"""Returns an 80 MB tensor: honest, but more than a result may take (64 MiB once encoded)."""

import torch


def attack():
    return torch.zeros(20_000_000)


def control():
    return 42
