# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""F.max_pool1d/2d, F.avg_pool1d/2d, F.adaptive_avg_pool1d/2d, F.adaptive_max_pool2d,
torch.max_pool1d/2d, torch.avg_pool1d, torch.adaptive_avg_pool1d and their nn modules,
which CNN exercises call and the engine lacked.  The goldens were captured from torch 2.13 with
``audit_outcomes.outcome`` (values, indices, gradients, grad_fn chains including the 1-d
forms' SqueezeBackward1 -> ...2DBackward0 -> UnsqueezeBackward0, double backward, errors,
reprs); the torch-marked twin checks they are still torch's.  A torch-marked hypothesis
differential compares random pools with torch bit for bit: values, indices, gradients and
the grad_fn chain (the adaptive average 1 x 1 pool is torch's mean, whose order the engine's mean
does not follow: compared within a tolerance)."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import grad_fn_chain, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    "result = F.max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2)": "torch.float32 (1, 2, 2, 2) [[[[4.0, 5.0], [1.0, 4.0]], [[5.0, 4.0], [5.0, 3.0]]]] rg=False",
    "result = F.max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, return_indices=True)": "(torch.float32 (1, 2, 2, 2) [[[[4.0, 5.0], [1.0, 4.0]], [[5.0, 4.0], [5.0, 3.0]]]] rg=False, torch.int64 (1, 2, 2, 2) [[[[6, 3], [15, 17]], [[0, 3], [11, 17]]]] rg=False)",
    "result = F.max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), (3, 2), stride=(2, 1), padding=1, return_indices=True)": "(torch.float32 (1, 2, 3, 6) [[[[-3.0, 4.0, 4.0, 5.0, 5.0, 3.0], [1.0, 4.0, 4.0, 4.0, 5.0, 5.0], [3.0, 3.0, 4.0, 4.0, 2.0, -2.0]], [[5.0, 5.0, 3.0, 4.0, 4.0, 2.0], [0.0, 5.0, 5.0, 3.0, 4.0, 4.0], [2.0, 2.0, 5.0, 5.0, 1.0, -3.0]]]] rg=False, torch.int64 (1, 2, 3, 6) [[[[5, 6, 6, 3, 3, 9], [15, 6, 6, 17, 14, 14], [20, 20, 17, 17, 23, 24]], [[0, 0, 6, 3, 3, 9], [15, 11, 11, 17, 14, 14], [20, 20, 22, 22, 23, 24]]]] rg=False)",
    "result = F.max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, ceil_mode=True, return_indices=True)": "(torch.float32 (1, 2, 3, 3) [[[[4.0, 5.0, 3.0], [1.0, 4.0, 5.0], [3.0, 2.0, -2.0]], [[5.0, 4.0, 2.0], [5.0, 3.0, 4.0], [2.0, 5.0, -3.0]]]] rg=False, torch.int64 (1, 2, 3, 3) [[[[6, 3, 9], [15, 17, 14], [20, 23, 24]], [[0, 3, 9], [11, 17, 14], [20, 22, 24]]]] rg=False)",
    "result = F.max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, stride=1, dilation=2, return_indices=True)": "(torch.float32 (1, 2, 3, 3) [[[[2.0, 5.0, 5.0], [4.0, 4.0, 4.0], [3.0, 2.0, 5.0]], [[5.0, 5.0, 4.0], [3.0, 3.0, 3.0], [5.0, 5.0, 5.0]]]] rg=False, torch.int64 (1, 2, 3, 3) [[[[12, 3, 14], [17, 6, 17], [20, 23, 14]], [[0, 11, 14], [17, 6, 17], [22, 11, 22]]]] rg=False)",
    "result = F.max_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5))[0], 3, stride=2)": "torch.float32 (2, 2, 2) [[[4.0, 5.0], [4.0, 5.0]], [[5.0, 4.0], [5.0, 5.0]]] rg=False",
    "result = F.max_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).long(), 2)": "torch.int64 (1, 2, 2, 2) [[[[4, 5], [1, 4]], [[5, 4], [5, 3]]]] rg=False",
    "result = F.max_pool2d(torch.tensor([[[float('nan'), 1.0], [float('nan'), 2.0]]]), 2, return_indices=True)": "(torch.float32 (1, 1, 1) [[[nan]]] rg=False, torch.int64 (1, 1, 1) [[[2]]] rg=False)",
    "result = F.max_pool2d(torch.full((1, 2, 2), -float('inf')), 2, padding=1, return_indices=True)": "(torch.float32 (1, 2, 2) [[[-inf, -inf], [-inf, -inf]]] rg=False, torch.int64 (1, 2, 2) [[[0, 1], [2, 3]]] rg=False)",
    "result = torch.max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, 1)": "torch.float32 (1, 2, 4, 4) [[[[4.0, 4.0, 5.0, 5.0], [4.0, 4.0, 2.0, 5.0], [1.0, 4.0, 4.0, 5.0], [3.0, 4.0, 4.0, 2.0]], [[5.0, 3.0, 4.0, 4.0], [5.0, 5.0, 1.0, 4.0], [5.0, 5.0, 3.0, 4.0], [2.0, 5.0, 5.0, 1.0]]]] rg=False",
    "result = torch.max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, return_indices=True)": "TypeError: max_pool2d() got an unexpected keyword argument 'return_indices'",
    "result = F.max_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 2)": "torch.float32 (2, 3) [[1.0, 2.0, 3.0], [4.0, 1.0, 2.0]] rg=False",
    "result = F.max_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 3, stride=2, padding=1, return_indices=True)": "(torch.float32 (2, 4) [[1.0, 2.0, 3.0, 3.0], [4.0, 1.0, 2.0, 2.0]] rg=False, torch.int64 (2, 4) [[1, 3, 5, 5], [0, 3, 5, 5]] rg=False)",
    "result = F.max_pool1d(((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4)).unsqueeze(0), 2, ceil_mode=True)": "torch.float32 (1, 2, 4) [[[1.0, 2.0, 3.0, -1.0], [4.0, 1.0, 2.0, -2.0]]] rg=False",
    "result = torch.max_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 2)": "torch.float32 (2, 3) [[1.0, 2.0, 3.0], [4.0, 1.0, 2.0]] rg=False",
    "result = F.avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2)": "torch.float32 (1, 2, 2, 2) [[[[-0.5, -0.25], [-2.0, 1.0]], [[1.25, -1.25], [-0.25, 0.0]]]] rg=False",
    "result = F.avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 3, stride=2, padding=1)": "torch.float32 (1, 2, 3, 3) [[[[-0.222222, 0.555556, 0.555556], [-0.777778, -0.444444, -0.222222], [0.0, -0.333333, -0.444444]], [[0.555556, -0.111111, 0.111111], [-0.222222, -0.222222, -0.888889], [-0.444444, 0.222222, -0.888889]]]] rg=False",
    "result = F.avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 3, stride=2, padding=1, count_include_pad=False)": "torch.float32 (1, 2, 3, 3) [[[[-0.5, 0.833333, 1.25], [-1.16667, -0.444444, -0.333333], [0.0, -0.5, -1.0]], [[1.25, -0.166667, 0.25], [-0.333333, -0.222222, -1.33333], [-1.0, 0.333333, -2.0]]]] rg=False",
    "result = F.avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, ceil_mode=True)": "torch.float32 (1, 2, 3, 3) [[[[-0.5, -0.25, 2.0], [-2.0, 1.0, 0.5], [1.0, -1.5, -2.0]], [[1.25, -1.25, 1.0], [-0.25, 0.0, -0.5], [0.0, 3.0, -3.0]]]] rg=False",
    "result = F.avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, ceil_mode=True, count_include_pad=False, padding=1)": "torch.float32 (1, 2, 3, 3) [[[[-5.0, 0.0, 3.0], [-2.0, 0.25, 0.5], [2.0, -1.25, -1.0]], [[5.0, -1.0, 2.0], [-3.0, 2.0, -0.5], [1.0, 0.5, -2.0]]]] rg=False",
    "result = F.avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 2, divisor_override=3)": "torch.float32 (1, 2, 2, 2) [[[[-0.666667, -0.333333], [-2.66667, 1.33333]], [[1.66667, -1.66667], [-0.333333, 0.0]]]] rg=False",
    "result = F.avg_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5))[0], (2, 3))": "torch.float32 (2, 2, 1) [[[-0.666667], [-0.333333]], [[0.166667], [0.5]]] rg=False",
    "result = F.avg_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).long(), 2)": "torch.int64 (1, 2, 2, 2) [[[[0, 0], [-2, 1]], [[1, -1], [0, 0]]]] rg=False",
    "result = F.avg_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).half(), 3, stride=1)": "torch.float16 (1, 2, 3, 3) [[[[-0.888672, 0.0, 0.888672], [-0.111084, -0.444336, 0.444336], [-0.555664, -0.888672, 0.0]], [[0.555664, 0.222168, -0.111084], [0.111084, -0.222168, -0.555664], [0.888672, 0.555664, 0.222168]]]] rg=False",
    "result = F.avg_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 3)": "torch.float32 (2, 2) [[-2.0, 1.0], [0.0, 0.0]] rg=False",
    "result = F.avg_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 3, stride=1, padding=1, count_include_pad=False)": "torch.float32 (2, 7) [[-1.5, -2.0, 0.0, -1.0, 1.0, 0.0, 1.0], [2.0, 0.0, -1.0, -2.0, 0.0, -1.0, 0.0]] rg=False",
    "result = torch.avg_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 2)": "torch.float32 (2, 3) [[-1.5, -0.5, 0.5], [2.0, -1.5, -0.5]] rg=False",
    "result = F.adaptive_avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 3)": "torch.float32 (1, 2, 3, 3) [[[[-0.5, 0.833333, 1.25], [-1.16667, -0.444444, -0.333333], [0.0, -0.5, -1.0]], [[1.25, -0.166667, 0.25], [-0.333333, -0.222222, -1.33333], [-1.0, 0.333333, -2.0]]]] rg=False",
    "result = F.adaptive_avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), (2, None))": "torch.float32 (1, 2, 2, 5) [[[[-3.0, 0.333333, 0.0, -0.333333, 3.0], [1.0, -3.0, 0.333333, 0.0, -0.333333]], [[-0.333333, 3.0, -1.0, -1.33333, 2.0], [0.0, -0.333333, 3.0, -1.0, -1.33333]]]] rg=False",
    "result = F.adaptive_avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), (4, 3))": "torch.float32 (1, 2, 4, 3) [[[[-0.5, 0.833333, 1.25], [-1.25, -0.833333, 0.5], [-2.0, -0.666667, -0.25], [0.0, -0.5, -1.0]], [[1.25, -0.166667, 0.25], [0.5, 0.0, -0.5], [-0.25, 0.166667, -1.25], [-1.0, 0.333333, -2.0]]]] rg=False",
    "result = F.adaptive_avg_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5))[0], 2)": "torch.float32 (2, 2, 2) [[[-0.888889, 0.888889], [-0.555556, 0.0]], [[0.555556, -0.111111], [0.888889, 0.222222]]] rg=False",
    "result = F.adaptive_avg_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 1)": "torch.float32 (1, 2, 1, 1) [[[[-0.2]], [[0.12]]]] rg=False",
    "result = F.adaptive_avg_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 3)": "torch.float32 (2, 3) [[-2.0, -1.0, 0.0], [0.0, -2.0, -1.0]] rg=False",
    "result = torch.adaptive_avg_pool1d((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4), 4)": "torch.float32 (2, 4) [[-1.5, 0.0, 1.0, 1.0], [2.0, -1.0, 0.0, 0.0]] rg=False",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.max_pool2d(x, 3, stride=2, padding=1)\n(y * y).sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('MaxPool2DWithIndicesBackward0', torch.float32 (1, 2, 5, 5) [[[[0.0, 0.0, 0.0, 20.0, 0.0], [0.0, 24.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 10.0], [0.0, 0.0, 8.0, 0.0, 0.0], [6.0, 0.0, 0.0, 4.0, 0.0]], [[10.0, 0.0, 0.0, 16.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 20.0, 0.0, 0.0, 8.0], [0.0, 0.0, 0.0, 0.0, 0.0], [4.0, 0.0, 10.0, 2.0, 0.0]]]] rg=False)",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.max_pool2d(x, 2, stride=1)\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (g.grad_fn.name(), [type(n).__name__ for n, _ in g.grad_fn.next_functions], g, h)": "('MaxPool2DWithIndicesBackwardBackward0', ['AddBackward0', 'AccumulateGrad'], torch.float32 (1, 2, 5, 5) [[[[0.0, 0.0, 0.0, 20.0, 0.0], [0.0, 32.0, 0.0, 0.0, 0.0], [0.0, 0.0, 4.0, 0.0, 20.0], [2.0, 0.0, 32.0, 0.0, 0.0], [6.0, 0.0, 0.0, 4.0, 0.0]], [[10.0, 0.0, 0.0, 16.0, 0.0], [0.0, 6.0, 0.0, 0.0, 0.0], [0.0, 40.0, 2.0, 0.0, 16.0], [0.0, 0.0, 6.0, 0.0, 0.0], [4.0, 0.0, 20.0, 2.0, 0.0]]]] rg=True, torch.float32 (1, 2, 5, 5) [[[[0.0, 0.0, 0.0, 160.0, 0.0], [0.0, 512.0, 0.0, 0.0, 0.0], [0.0, 0.0, 16.0, 0.0, 160.0], [8.0, 0.0, 512.0, 0.0, 0.0], [24.0, 0.0, 0.0, 16.0, 0.0]], [[40.0, 0.0, 0.0, 128.0, 0.0], [0.0, 24.0, 0.0, 0.0, 0.0], [0.0, 640.0, 8.0, 0.0, 128.0], [0.0, 0.0, 24.0, 0.0, 0.0], [16.0, 0.0, 160.0, 8.0, 0.0]]]] rg=False)",
    "x = ((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4)).requires_grad_()\ny, i = F.max_pool1d(x, 2, return_indices=True)\ny.sum().backward()\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y.grad_fn.next_functions[0][0].next_functions[0][0].name(), i, x.grad)": "('SqueezeBackward1', 'MaxPool2DWithIndicesBackward0', 'UnsqueezeBackward0', torch.int64 (2, 3) [[1, 3, 5], [0, 3, 5]] rg=False, torch.float32 (2, 7) [[0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0]] rg=False)",
    "x = ((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4))[0].requires_grad_()\ny = F.max_pool1d(x, 2)\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y)": "RuntimeError: max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:[7]",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)\n(y * y).sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AvgPool2DBackward0', torch.float32 (1, 2, 5, 5) [[[[-0.25, 0.0277778, 0.277778, 0.902778, 0.625], [-0.638889, -0.459877, 0.179012, 0.692901, 0.513889], [-0.388889, -0.487654, -0.0987654, -0.209877, -0.111111], [-0.388889, -0.654321, -0.265432, -0.876543, -0.611111], [0.0, -0.166667, -0.166667, -0.666667, -0.5]], [[0.625, 0.569444, -0.0555556, 0.0694444, 0.125], [0.513889, 0.408951, -0.104938, -0.424383, -0.319444], [-0.111111, -0.160494, -0.0493827, -0.493827, -0.444444], [-0.611111, -0.549383, 0.0617284, -1.38272, -1.44444], [-0.5, -0.388889, 0.111111, -0.888889, -1.0]]]] rg=False)",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.avg_pool2d(x, 2)\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (g.grad_fn.name(), [type(n).__name__ for n, _ in g.grad_fn.next_functions], g, h)": "('AvgPool2DBackwardBackward0', ['AddBackward0', 'AccumulateGrad'], torch.float32 (1, 2, 5, 5) [[[[-0.25, -0.25, -0.125, -0.125, 0.0], [-0.25, -0.25, -0.125, -0.125, 0.0], [-1.0, -1.0, 0.5, 0.5, 0.0], [-1.0, -1.0, 0.5, 0.5, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]], [[0.625, 0.625, -0.625, -0.625, 0.0], [0.625, 0.625, -0.625, -0.625, 0.0], [-0.125, -0.125, 0.0, 0.0, 0.0], [-0.125, -0.125, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]]] rg=True, torch.float32 (1, 2, 5, 5) [[[[-0.25, -0.25, -0.125, -0.125, 0.0], [-0.25, -0.25, -0.125, -0.125, 0.0], [-1.0, -1.0, 0.5, 0.5, 0.0], [-1.0, -1.0, 0.5, 0.5, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]], [[0.625, 0.625, -0.625, -0.625, 0.0], [0.625, 0.625, -0.625, -0.625, 0.0], [-0.125, -0.125, 0.0, 0.0, 0.0], [-0.125, -0.125, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]]] rg=False)",
    "x = ((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4)).requires_grad_()\ny = F.avg_pool1d(x, 2)\ny.sum().backward()\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), x.grad)": "('SqueezeBackward1', 'AvgPool2DBackward0', torch.float32 (2, 7) [[0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.0], [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.0]] rg=False)",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.adaptive_avg_pool2d(x, (3, 2))\n(y * y).sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AdaptiveAvgPool2DBackward0', torch.float32 (1, 2, 5, 5) [[[[-0.222222, -0.222222, -0.0555556, 0.166667, 0.166667], [-0.246914, -0.246914, 0.0185185, 0.265432, 0.265432], [-0.0246914, -0.0246914, 0.0740741, 0.0987654, 0.0987654], [-0.0802469, -0.0802469, -0.259259, -0.179012, -0.179012], [-0.0555556, -0.0555556, -0.333333, -0.277778, -0.277778]], [[0.0555556, 0.0555556, -0.111111, -0.166667, -0.166667], [0.0802469, 0.0802469, -0.209877, -0.290123, -0.290123], [0.0246914, 0.0246914, -0.0987654, -0.123457, -0.123457], [0.246914, 0.246914, 0.123457, -0.123457, -0.123457], [0.222222, 0.222222, 0.222222, 0.0, 0.0]]]] rg=False)",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.adaptive_avg_pool2d(x, 3)\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (g.grad_fn.name(), g, h)": "('AdaptiveAvgPool2DBackwardBackward0', torch.float32 (1, 2, 5, 5) [[[[-0.25, 0.0277778, 0.277778, 0.902778, 0.625], [-0.638889, -0.459877, 0.179012, 0.692901, 0.513889], [-0.388889, -0.487654, -0.0987654, -0.209877, -0.111111], [-0.388889, -0.654321, -0.265432, -0.876543, -0.611111], [0.0, -0.166667, -0.166667, -0.666667, -0.5]], [[0.625, 0.569444, -0.0555556, 0.0694444, 0.125], [0.513889, 0.408951, -0.104938, -0.424383, -0.319444], [-0.111111, -0.160494, -0.0493827, -0.493827, -0.444444], [-0.611111, -0.549383, 0.0617284, -1.38272, -1.44444], [-0.5, -0.388889, 0.111111, -0.888889, -1.0]]]] rg=True, torch.float32 (1, 2, 5, 5) [[[[-0.330247, -0.150206, 0.180041, 0.863683, 0.683642], [-0.665638, -0.593278, 0.0723594, 0.689129, 0.61677], [-0.335391, -0.443073, -0.107682, -0.174554, -0.0668724], [-0.63786, -1.05624, -0.418381, -1.14883, -0.730453], [-0.302469, -0.613169, -0.3107, -0.97428, -0.66358]], [[0.529321, 0.580761, 0.0514403, -0.0859054, -0.137346], [0.472737, 0.391118, -0.0816187, -0.719993, -0.638375], [-0.0565844, -0.189643, -0.133059, -0.634088, -0.501029], [-0.56893, -1.03944, -0.470508, -2.15055, -1.68004], [-0.512346, -0.849794, -0.337449, -1.51646, -1.17901]]]] rg=False)",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.adaptive_avg_pool2d(x, 1)\nresult = (y.grad_fn.name(), y.shape)": "('MeanBackward1', (1, 2, 1, 1))",
    "x = ((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4)).requires_grad_()\ny = F.adaptive_avg_pool1d(x, 3)\ny.sum().backward()\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), x.grad)": "('SqueezeBackward1', 'AdaptiveAvgPool2DBackward0', torch.float32 (2, 7) [[0.333333, 0.333333, 0.666667, 0.333333, 0.666667, 0.333333, 0.333333], [0.333333, 0.333333, 0.666667, 0.333333, 0.666667, 0.333333, 0.333333]] rg=False)",
    "result = F.max_pool2d(torch.ones(1, 3, 2, 2), 3)": "RuntimeError: Given input size: (3x2x2). Calculated output size: (3x0x0). Output size is too small",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), 2, padding=2)": "RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1",
    "result = F.max_pool2d(torch.ones(5, 5), 2)": "RuntimeError: non-empty 3D or 4D (batch mode) tensor expected for input",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), 2, stride=0)": "RuntimeError: stride should not be zero",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), 0)": "RuntimeError: stride should not be zero",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), -1)": "RuntimeError: kernel size should be greater than zero, but got kH: -1 kW: -1",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), 2, dilation=0)": "RuntimeError: dilation should be greater than zero, but got dilationH: 0 dilationW: 0",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), 2, padding=-1)": "RuntimeError: pad must be non-negative, but got pad: -1",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), (2, 2, 2))": "RuntimeError: max_pool2d: kernel_size must either be a single int, or a tuple of two ints",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), 2, stride=(1, 1, 1))": "RuntimeError: max_pool2d: stride must either be omitted, a single int, or a tuple of two ints",
    "result = F.max_pool2d(torch.ones(1, 3, 5, 5), 2, padding=(1, 1, 1))": "RuntimeError: max_pool2d: padding must either be a single int, or a tuple of two ints",
    "result = F.max_pool2d(torch.ones(1, 0, 5, 5), 2)": "RuntimeError: Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:[1, 0, 5, 5]",
    "result = F.max_pool2d(torch.ones(0, 3, 5, 5), 2).shape": "(0, 3, 2, 2)",
    "result = F.max_pool2d(torch.ones(1, 2, 2, dtype=torch.bool), 2)": "NotImplementedError: \"max_pool2d\" not implemented for 'Bool'",
    "result = F.max_pool1d(torch.ones(1, 3, 2), 3)": "RuntimeError: max_pool1d() Invalid computed output size: 0",
    "result = F.max_pool1d(torch.ones(1, 3, 2), 3, return_indices=True)": "RuntimeError: Given input size: (3x1x2). Calculated output size: (3x1x0). Output size is too small",
    "result = F.max_pool1d(torch.ones(5), 2)": "RuntimeError: max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:[5]",
    "result = F.max_pool1d(torch.ones(5), 2, return_indices=True)": "RuntimeError: Expected 2 to 3 dimensions, but got 1-dimensional tensor for argument #1 'self' (while checking arguments for max_pool1d)",
    "result = F.max_pool1d(torch.ones(1, 3, 5), 2, padding=2)": "RuntimeError: max_pool1d() padding should be at most half of kernel size, but got padding=2 and kernel_size=2",
    "result = F.max_pool1d(torch.ones(1, 3, 5), 2, padding=2, return_indices=True)": "RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1",
    "result = F.max_pool1d(torch.ones(1, 3, 5), 2, padding=-1)": "RuntimeError: max_pool1d() padding must be non-negative, but got -1",
    "result = F.max_pool1d(torch.ones(1, 3, 5), 0)": "RuntimeError: max_pool1d() kernel_size must be greater than zero, but got 0",
    "result = F.max_pool1d(torch.ones(1, 3, 5), 2, stride=0)": "RuntimeError: max_pool1d() stride must be greater than zero, but got 0",
    "result = F.max_pool1d(torch.ones(1, 3, 5), 2, dilation=0)": "RuntimeError: max_pool1d() dilation must be greater than zero, but got 0",
    "result = F.max_pool1d(torch.ones(1, 3, 5), (2, 2))": "RuntimeError: max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got size 2",
    "result = F.max_pool1d(torch.ones(1, 0, 5), 2)": "RuntimeError: max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:[1, 0, 5]",
    "result = F.avg_pool2d(torch.ones(1, 3, 2, 2), 3)": "RuntimeError: Given input size: (3x2x2). Calculated output size: (3x0x0). Output size is too small",
    "result = F.avg_pool2d(torch.ones(1, 3, 5, 5), 2, padding=2)": "RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1",
    "result = F.avg_pool2d(torch.ones(5, 5), 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got -3)",
    "result = F.avg_pool2d(torch.ones(5), 2)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got -3)",
    "result = F.avg_pool2d(torch.ones(1, 3, 5, 5), 0)": "RuntimeError: stride should not be zero",
    "result = F.avg_pool2d(torch.ones(1, 3, 5, 5), 2, padding=-1)": "RuntimeError: pad must be non-negative, but got pad: -1",
    "result = F.avg_pool2d(torch.ones(1, 3, 5, 5), (2, 2, 2))": "RuntimeError: avg_pool2d: kernel_size must either be a single int, or a tuple of two ints",
    "result = F.avg_pool2d(torch.ones(1, 3, 5, 5), 2, divisor_override=0)": "RuntimeError: divisor must be not zero",
    "result = F.avg_pool2d(torch.ones(1, 0, 5, 5), 2)": "RuntimeError: Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:[1, 0, 5, 5]",
    "result = F.avg_pool2d(torch.ones(1, 2, 2, dtype=torch.uint8), 2)": "NotImplementedError: \"avg_pool2d\" not implemented for 'Byte'",
    "result = F.avg_pool2d(torch.tensor([[[-1, -2], [-3, -7]]]), 2)": "torch.int64 (1, 1, 1) [[[-3]]] rg=False",
    "result = F.avg_pool2d(torch.tensor([[[-1, -2], [-3, -7]]]), 2, divisor_override=-3)": "torch.int64 (1, 1, 1) [[[4]]] rg=False",
    "result = F.avg_pool1d(torch.ones(1, 3, 2), 3)": "RuntimeError: Given input size: (3x1x2). Calculated output size: (3x1x0). Output size is too small",
    "result = F.avg_pool1d(torch.ones(5), 2)": "RuntimeError: Expected 2 to 3 dimensions, but got 1-dimensional tensor for argument #1 'self' (while checking arguments for avg_pool1d)",
    "result = F.avg_pool1d(torch.ones(1, 3, 5), 2, padding=2)": "RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1",
    "result = F.avg_pool1d(torch.ones(1, 3, 5), (2, 2))": "RuntimeError: avg_pool1d() argument 'kernel_size' should contain one int (got 2)",
    "result = F.avg_pool1d(torch.ones(1, 1, 3, 5), 2)": "RuntimeError: Expected 2 to 3 dimensions, but got 4-dimensional tensor for argument #1 'self' (while checking arguments for avg_pool1d)",
    "result = F.adaptive_avg_pool2d(torch.ones(5), 2)": "RuntimeError: adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [5]",
    "result = F.adaptive_avg_pool2d(torch.ones(1, 3, 5, 5), (2, 2, 2))": "RuntimeError: adaptive_avg_pool2d: output_size must be 2",
    "result = F.adaptive_avg_pool2d(torch.ones(1, 3, 5, 5), -1)": "RuntimeError: adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {-1, -1}",
    "result = F.adaptive_avg_pool2d(torch.ones(1, 3, 0, 5), 2)": "RuntimeError: adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [1, 3, 0, 5] with dimension 2 being empty",
    "result = F.adaptive_avg_pool2d(torch.ones(1, 0, 5, 5), 2).shape": "(1, 0, 2, 2)",
    "result = F.adaptive_avg_pool2d(torch.ones(1, 3, 5, 5), 0).shape": "(1, 3, 0, 0)",
    "result = F.adaptive_avg_pool2d(torch.arange(25).reshape(1, 5, 5), 2)": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Long'",
    "result = F.adaptive_avg_pool1d(torch.ones(5), 2)": "RuntimeError: Expected 2 to 3 dimensions, but got 1-dimensional tensor for argument #1 'self' (while checking arguments for adaptive_avg_pool1d)",
    "result = F.adaptive_avg_pool1d(torch.ones(1, 3, 5), (2, 2))": "RuntimeError: adaptive_avg_pool1d() argument 'output_size' should contain one int (got 2)",
    "result = F.adaptive_avg_pool1d(torch.ones(1, 3, 0), 2)": "RuntimeError: adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [1, 3, 1, 0] with dimension 3 being empty",
    "result = F.adaptive_max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), 3)": "torch.float32 (1, 2, 3, 3) [[[[4.0, 5.0, 5.0], [4.0, 4.0, 5.0], [3.0, 4.0, 2.0]], [[5.0, 4.0, 4.0], [5.0, 5.0, 4.0], [2.0, 5.0, 1.0]]]] rg=False",
    "result = F.adaptive_max_pool2d((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5), (2, None), return_indices=True)": "(torch.float32 (1, 2, 2, 5) [[[[-1.0, 4.0, 2.0, 5.0, 5.0], [3.0, -1.0, 4.0, 2.0, 5.0]], [[5.0, 5.0, 1.0, 4.0, 4.0], [2.0, 5.0, 5.0, 1.0, 4.0]]]] rg=False, torch.int64 (1, 2, 2, 5) [[[[10, 6, 12, 3, 14], [20, 21, 17, 23, 14]], [[0, 11, 12, 3, 14], [20, 11, 22, 23, 14]]]] rg=False)",
    "result = F.adaptive_max_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5))[0], 1, return_indices=True)": "(torch.float32 (2, 1, 1) [[[5.0]], [[5.0]]] rg=False, torch.int64 (2, 1, 1) [[[3]], [[0]]] rg=False)",
    "result = F.adaptive_max_pool2d(((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).double(), (4, 3))": "torch.float64 (1, 2, 4, 3) [[[[4.0, 5.0, 5.0], [4.0, 4.0, 5.0], [1.0, 4.0, 5.0], [3.0, 4.0, 2.0]], [[5.0, 4.0, 4.0], [5.0, 5.0, 4.0], [5.0, 5.0, 4.0], [2.0, 5.0, 1.0]]]] rg=False",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny, i = F.adaptive_max_pool2d(x, (3, 2), return_indices=True)\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (y.grad_fn.name(), g.grad_fn.name(), [type(n).__name__ for n, _ in g.grad_fn.next_functions], i, g, h)": "('AdaptiveMaxPool2DBackward0', 'AdaptiveMaxPool2DBackwardBackward0', ['AddBackward0', 'AccumulateGrad'], torch.int64 (1, 2, 3, 2) [[[[6, 3], [6, 14], [17, 17]], [[0, 3], [11, 14], [22, 22]]]] rg=False, torch.float32 (1, 2, 5, 5) [[[[0.0, 0.0, 0.0, 10.0, 0.0], [0.0, 16.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 10.0], [0.0, 0.0, 16.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]], [[10.0, 0.0, 0.0, 8.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 10.0, 0.0, 0.0, 8.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 20.0, 0.0, 0.0]]]] rg=True, torch.float32 (1, 2, 5, 5) [[[[0.0, 0.0, 0.0, 40.0, 0.0], [0.0, 128.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 40.0], [0.0, 0.0, 128.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]], [[40.0, 0.0, 0.0, 32.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 40.0, 0.0, 0.0, 32.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 160.0, 0.0, 0.0]]]] rg=False)",
    "x = ((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)).requires_grad_()\ny = F.adaptive_max_pool2d(x, 1)\nresult = (y.grad_fn.name(), y)": "('AdaptiveMaxPool2DBackward0', torch.float32 (1, 2, 1, 1) [[[[5.0]], [[5.0]]]] rg=True)",
    "result = F.adaptive_max_pool2d(torch.ones(5), 2)": "RuntimeError: adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: [5]",
    "result = F.adaptive_max_pool2d(torch.ones(2, 1, 3, 5, 5), 2)": "RuntimeError: adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: [2, 1, 3, 5, 5]",
    "result = F.adaptive_max_pool2d(torch.ones(1, 3, 5, 5), (2, 2, 2))": "RuntimeError: adaptive_max_pool2d(): internal error: output_size.size() must be 2",
    "result = F.adaptive_max_pool2d(torch.ones(1, 3, 5, 5), -1)": "RuntimeError: Trying to create tensor with negative dimension -1: [1, 3, -1, -1]",
    "result = F.adaptive_max_pool2d(torch.ones(1, 3, 0, 5), 2)": "RuntimeError: adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [1, 3, 0, 5] with dimension 2 being empty",
    "result = F.adaptive_max_pool2d(torch.ones(1, 0, 5, 5), 2)": "RuntimeError: adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [1, 0, 5, 5] with dimension 1 being empty",
    "result = F.adaptive_max_pool2d(torch.ones(1, 3, 5, 5), 0).shape": "(1, 3, 0, 0)",
    "result = F.adaptive_max_pool2d(torch.arange(25).reshape(1, 5, 5), 2)": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Long'",
    "m = torch.nn.AdaptiveMaxPool2d((2, None), return_indices=True)\nresult = (repr(m), m((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)))": "('AdaptiveMaxPool2d(output_size=(2, None))', (torch.float32 (1, 2, 2, 5) [[[[-1.0, 4.0, 2.0, 5.0, 5.0], [3.0, -1.0, 4.0, 2.0, 5.0]], [[5.0, 5.0, 1.0, 4.0, 4.0], [2.0, 5.0, 5.0, 1.0, 4.0]]]] rg=False, torch.int64 (1, 2, 2, 5) [[[[10, 6, 12, 3, 14], [20, 21, 17, 23, 14]], [[0, 11, 12, 3, 14], [20, 11, 22, 23, 14]]]] rg=False))",
    "m = torch.nn.MaxPool2d(2)\nresult = (repr(m), m((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)))": "('MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)', torch.float32 (1, 2, 2, 2) [[[[4.0, 5.0], [1.0, 4.0]], [[5.0, 4.0], [5.0, 3.0]]]] rg=False)",
    "m = torch.nn.MaxPool2d((2, 3), stride=1, padding=1, return_indices=True, ceil_mode=True)\nresult = (repr(m), m((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)))": "('MaxPool2d(kernel_size=(2, 3), stride=1, padding=1, dilation=1, ceil_mode=True)', (torch.float32 (1, 2, 6, 5) [[[[2.0, 2.0, 5.0, 5.0, 5.0], [4.0, 4.0, 5.0, 5.0, 5.0], [4.0, 4.0, 4.0, 5.0, 5.0], [1.0, 4.0, 4.0, 5.0, 5.0], [3.0, 4.0, 4.0, 4.0, 2.0], [3.0, 3.0, 2.0, 2.0, 2.0]], [[5.0, 5.0, 4.0, 4.0, 4.0], [5.0, 5.0, 4.0, 4.0, 4.0], [5.0, 5.0, 5.0, 4.0, 4.0], [5.0, 5.0, 5.0, 4.0, 4.0], [2.0, 5.0, 5.0, 5.0, 1.0], [2.0, 5.0, 5.0, 5.0, 1.0]]]] rg=False, torch.int64 (1, 2, 6, 5) [[[[1, 1, 3, 3, 3], [6, 6, 3, 3, 3], [6, 6, 6, 14, 14], [15, 17, 17, 14, 14], [20, 17, 17, 17, 23], [20, 20, 23, 23, 23]], [[0, 0, 3, 3, 3], [0, 0, 3, 3, 3], [11, 11, 11, 14, 14], [11, 11, 11, 14, 14], [20, 22, 22, 22, 23], [20, 22, 22, 22, 23]]]] rg=False))",
    "m = torch.nn.MaxPool1d(3, 2)\nresult = (repr(m), m((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4)))": "('MaxPool1d(kernel_size=3, stride=2, padding=0, dilation=1, ceil_mode=False)', torch.float32 (2, 3) [[1.0, 2.0, 3.0], [4.0, 1.0, 2.0]] rg=False)",
    "m = torch.nn.AvgPool2d(2)\nresult = (repr(m), m((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)))": "('AvgPool2d(kernel_size=2, stride=2, padding=0)', torch.float32 (1, 2, 2, 2) [[[[-0.5, -0.25], [-2.0, 1.0]], [[1.25, -1.25], [-0.25, 0.0]]]] rg=False)",
    "m = torch.nn.AvgPool2d((2, 3), 1, 1, True, False, 2)\nresult = (repr(m), m((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)))": "('AvgPool2d(kernel_size=(2, 3), stride=1, padding=1)', torch.float32 (1, 2, 6, 5) [[[[-1.5, -2.5, 2.5, 2.0, 3.0], [-1.0, -2.0, 2.5, 1.5, 2.5], [-2.5, -1.5, -2.5, 2.0, 1.0], [-4.0, -1.0, -2.0, 2.5, -0.5], [0.0, -0.5, -1.5, -2.5, -2.0], [1.0, -1.5, -2.0, -2.5, 0.0]], [[3.0, 1.5, 1.0, 0.5, 2.0], [2.5, 0.5, -0.5, -1.5, 0.5], [1.0, 1.0, 0.0, -1.0, -1.0], [-0.5, 1.5, 0.5, -0.5, -2.5], [-2.0, 2.0, 1.0, 0.0, -4.0], [0.0, 2.5, 2.0, 1.5, -1.0]]]] rg=False)",
    "m = torch.nn.AvgPool1d(2)\nresult = (repr(m), m((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4)))": "('AvgPool1d(kernel_size=(2,), stride=(2,), padding=(0,))', torch.float32 (2, 3) [[-1.5, -0.5, 0.5], [2.0, -1.5, -0.5]] rg=False)",
    "m = torch.nn.AdaptiveAvgPool2d((2, None))\nresult = (repr(m), m((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)))": "('AdaptiveAvgPool2d(output_size=(2, None))', torch.float32 (1, 2, 2, 5) [[[[-3.0, 0.333333, 0.0, -0.333333, 3.0], [1.0, -3.0, 0.333333, 0.0, -0.333333]], [[-0.333333, 3.0, -1.0, -1.33333, 2.0], [0.0, -0.333333, 3.0, -1.0, -1.33333]]]] rg=False)",
    "m = torch.nn.AdaptiveAvgPool2d(1)\nresult = (repr(m), m((torch.arange(50.0).reshape(1, 2, 5, 5) * 7 % 11 - 5)))": "('AdaptiveAvgPool2d(output_size=1)', torch.float32 (1, 2, 1, 1) [[[[-0.2]], [[0.12]]]] rg=False)",
    "m = torch.nn.AdaptiveAvgPool1d(3)\nresult = (repr(m), m((torch.arange(14.0).reshape(2, 7) * 5 % 9 - 4)))": "('AdaptiveAvgPool1d(output_size=3)', torch.float32 (2, 3) [[-2.0, -1.0, 0.0], [0.0, -2.0, -1.0]] rg=False)",
    "torch.manual_seed(0)\nnet = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2), torch.nn.Conv2d(4, 2, 3), torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten())\nresult = (repr(net), net(torch.ones(2, 1, 8, 8)).shape)": "('Sequential(\\n  (0): Conv2d(1, 4, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))\\n  (1): ReLU()\\n  (2): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)\\n  (3): Conv2d(4, 2, kernel_size=(3, 3), stride=(1, 1))\\n  (4): AdaptiveAvgPool2d(output_size=1)\\n  (5): Flatten(start_dim=1, end_dim=-1)\\n)', (2, 2))",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_pooling_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_pooling_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _pool(module: ModuleType, case: dict) -> tuple | str:
    rng = np.random.default_rng(case["seed"])
    x = rng.standard_normal(case["shape"]) * case["scale"]
    if case["rounded"]:
        x = np.round(x)  # (ties: the first largest element wins)
    if case["nan"] and x.size:
        x.flat[rng.integers(0, x.size)] = np.nan
    x = x.astype(case["dtype"])
    tensor = module.tensor(x, requires_grad=True)
    try:
        result = getattr(module.nn.functional, case["op"])(tensor, *case["args"], **case["options"])
    except Exception as failure:  # noqa: BLE001 - the outcome is the exception
        return f"{type(failure).__name__}: {failure}"
    values, indices = result if isinstance(result, tuple) else (result, None)
    upstream = module.tensor(rng.standard_normal(tuple(values.shape)).astype(case["dtype"]))
    (grad,) = module.autograd.grad(values, tensor, upstream, create_graph=True)
    return (
        values.detach().numpy(),
        None if indices is None else indices.numpy(),
        grad.detach().numpy(),
        grad_fn_chain(values),
        None if grad.grad_fn is None else grad.grad_fn.name(),
    )


@st.composite
def _cases(draw: st.DrawFn) -> dict:
    op = draw(
        st.sampled_from(
            [
                "max_pool1d",
                "max_pool2d",
                "avg_pool1d",
                "avg_pool2d",
                "adaptive_avg_pool1d",
                "adaptive_avg_pool2d",
                "adaptive_max_pool2d",
            ]
        )
    )
    dims = 1 if op.endswith("1d") else 2
    sizes = [draw(st.integers(1, 9)) for _ in range(dims)]
    batch = draw(st.sampled_from([(), (1,), (2,)]))
    shape = (*batch, draw(st.integers(1, 3)), *sizes)
    options: dict = {}

    def one_or_two(values: list[int]) -> int | tuple:
        return values[0] if dims == 1 else tuple(values)

    if op.startswith("adaptive"):
        args = (one_or_two([draw(st.integers(1, 6)) for _ in range(dims)]),)
        if op == "adaptive_max_pool2d":
            options["return_indices"] = draw(st.booleans())
    else:
        kernel = [draw(st.integers(1, 4)) for _ in range(dims)]
        args = (one_or_two(kernel),)
        if draw(st.booleans()):
            options["stride"] = one_or_two([draw(st.integers(1, 3)) for _ in range(dims)])
        options["padding"] = one_or_two([draw(st.integers(0, k // 2)) for k in kernel])
        options["ceil_mode"] = draw(st.booleans())
        if op.startswith("max"):
            options["return_indices"] = draw(st.booleans())
            if draw(st.booleans()):
                # (with padding, a dilated window can hold padding only: torch's backward
                # then writes outside the input, so those are left out)
                options["dilation"] = draw(st.integers(1, 2))
                options["padding"] = one_or_two([0] * dims)
        else:
            options["count_include_pad"] = draw(st.booleans())
            if dims == 2 and draw(st.booleans()):
                options["divisor_override"] = draw(st.integers(1, 5))
    return {
        "op": op,
        "args": args,
        "options": options,
        "shape": shape,
        "seed": draw(st.integers(0, 2**32 - 1)),
        "dtype": draw(st.sampled_from(["float32", "float64", "float16"])),
        "scale": draw(st.sampled_from([1.0, 1e3])),
        "rounded": draw(st.booleans()),
        "nan": draw(st.integers(0, 9)) == 0,
    }


@pytest.mark.torch
@settings(max_examples=300, deadline=None)
@given(case=_cases())
def test_pooling_bit_for_bit(case: dict) -> None:
    torch = pytest.importorskip("torch")
    ours, theirs = _pool(engine, case), _pool(torch, case)
    if isinstance(theirs, str) or isinstance(ours, str):
        assert ours == theirs
        return
    assert ours[3:] == theirs[3:]  # the chain, and the gradient's grad_fn
    mean = case["op"].startswith("adaptive_avg") and ours[0].shape[-dims_of(case) :] == (
        1,
    ) * dims_of(case)
    for a, b in zip(ours[:3], theirs[:3], strict=True):
        if a is None or b is None:
            assert a is b
            continue
        assert a.shape == b.shape and a.dtype == b.dtype
        if mean:  # torch's mean: the engine's own order (docs/engine-internals.md)
            np.testing.assert_allclose(a, b, rtol=1e-2 if a.dtype == np.float16 else 1e-5)
        else:
            assert a.tobytes() == b.tobytes()


def dims_of(case: dict) -> int:
    return 1 if case["op"].endswith("1d") else 2
