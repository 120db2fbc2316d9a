"""Patches numpy, the tensor library and gradekit itself, then returns a wrong answer."""

import numpy as np
import torch

import gradekit.sandbox.executor as executor
import gradekit.sandbox.protocol as protocol

np.allclose = lambda *args, **kwargs: True
np.array_equal = lambda *args, **kwargs: True
np.testing.assert_allclose = lambda *args, **kwargs: None
torch.allclose = lambda *args, **kwargs: True
torch.Tensor.__eq__ = lambda self, other: True
executor.observe = lambda value, view, depth=0: protocol.Observed("python", "int", value=42)


def attack():
    return torch.zeros(3)


def control():
    return 42
