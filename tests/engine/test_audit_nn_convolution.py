# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""F.conv1d / F.conv2d, torch.conv1d / conv2d and nn.Conv1d / nn.Conv2d, which CNN exercises
call and the engine lacked.  The goldens were captured from torch 2.13 with
``audit_outcomes.outcome`` (values of small integers, whose sums are exact in any order;
grad_fn names and edges, double backward, errors, reprs, initial parameters from the seeded
stream); the torch-marked twin checks they are still torch's.  A torch-marked hypothesis
differential compares random convolutions (shapes, strides, paddings incl. 'same' and
'valid', dilations, groups, bias or not, batched or not) with torch: grad_fn chains and
errors exactly, values and gradients within a tolerance, since torch's kernels add the
products in another order (the last-place rates are in docs/engine-internals.md)."""

from __future__ import annotations

import warnings
from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import grad_fn_chain, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "torch.float32 (1, 3, 3, 3) [[[[29.0, 19.0, 16.0], [-21.0, -10.0, 29.0], [-15.0, -18.0, -21.0]], [[-9.0, -22.0, -14.0], [38.0, 11.0, -9.0], [1.0, -5.0, 38.0]], [[3.0, 17.0, -4.0], [-18.0, -18.0, 3.0], [17.0, 3.0, -18.0]]]] rg=False",
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), torch.tensor([1.0, -2.0, 0.5]))": "torch.float32 (1, 3, 3, 3) [[[[30.0, 20.0, 17.0], [-20.0, -9.0, 30.0], [-14.0, -17.0, -20.0]], [[-11.0, -24.0, -16.0], [36.0, 9.0, -11.0], [-1.0, -7.0, 36.0]], [[3.5, 17.5, -3.5], [-17.5, -17.5, 3.5], [17.5, 3.5, -17.5]]]] rg=False",
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), stride=2, padding=1)": "torch.float32 (1, 3, 3, 3) [[[[7.0, -13.0, -5.0], [-12.0, -10.0, 5.0], [9.0, 19.0, -10.0]], [[-12.0, 7.0, 14.0], [4.0, 11.0, -11.0], [3.0, -12.0, 2.0]], [[14.0, 7.0, -12.0], [0.0, -18.0, 13.0], [-8.0, -3.0, -1.0]]]] rg=False",
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), stride=(1, 2), padding=(2, 0), dilation=(1, 2))": "torch.float32 (1, 3, 7, 1) [[[[-1.0], [-10.0], [14.0], [6.0], [-23.0], [10.0], [-5.0]], [[6.0], [5.0], [-18.0], [1.0], [34.0], [-16.0], [-5.0]], [[-2.0], [5.0], [5.0], [-9.0], [-9.0], [23.0], [-5.0]]]] rg=False",
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), padding='same')": "torch.float32 (1, 3, 5, 5) [[[[7.0, 0.0, -13.0, -12.0, -5.0], [0.0, 29.0, 19.0, 16.0, -8.0], [-12.0, -21.0, -10.0, 29.0, 5.0], [11.0, -15.0, -18.0, -21.0, -3.0], [9.0, 12.0, 19.0, -9.0, -10.0]], [[-12.0, -4.0, 7.0, -3.0, 14.0], [4.0, -9.0, -22.0, -14.0, 9.0], [4.0, 38.0, 11.0, -9.0, -11.0], [-17.0, 1.0, -5.0, 38.0, -3.0], [3.0, -13.0, -12.0, -11.0, 2.0]], [[14.0, -3.0, 7.0, -4.0, -12.0], [-12.0, 3.0, 17.0, -4.0, 11.0], [0.0, -18.0, -18.0, 3.0, 13.0], [5.0, 17.0, 3.0, -18.0, -13.0], [-8.0, 7.0, -3.0, 22.0, -1.0]]]] rg=False",
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), padding='valid')": "torch.float32 (1, 3, 3, 3) [[[[29.0, 19.0, 16.0], [-21.0, -10.0, 29.0], [-15.0, -18.0, -21.0]], [[-9.0, -22.0, -14.0], [38.0, 11.0, -9.0], [1.0, -5.0, 38.0]], [[3.0, 17.0, -4.0], [-18.0, -18.0, 3.0], [17.0, 3.0, -18.0]]]] rg=False",
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)[:, :1].repeat(2, 1, 1, 1), groups=2)": "torch.float32 (1, 6, 3, 3) [[[[24.0, 8.0, -8.0], [-7.0, -2.0, 24.0], [-10.0, -5.0, -7.0]], [[-14.0, -14.0, 0.0], [14.0, 0.0, -14.0], [14.0, 0.0, 14.0]], [[8.0, 24.0, -2.0], [-10.0, -8.0, 8.0], [-7.0, -5.0, -10.0]], [[-5.0, -7.0, -2.0], [-8.0, -10.0, -5.0], [24.0, 8.0, -8.0]], [[0.0, 14.0, 0.0], [0.0, 14.0, 0.0], [-14.0, -14.0, 0.0]], [[-5.0, -10.0, -8.0], [-2.0, -7.0, -5.0], [8.0, 24.0, -2.0]]]] rg=False",
    "result = F.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)[:2, :1], groups=2, padding=1)": "torch.float32 (1, 2, 5, 5) [[[[1.0, -10.0, -9.0, -1.0, 4.0], [2.0, 24.0, 8.0, -8.0, -8.0], [-5.0, -7.0, -2.0, 24.0, 1.0], [-5.0, -10.0, -5.0, -7.0, 3.0], [14.0, 6.0, -3.0, -5.0, -5.0]], [[4.0, -1.0, -9.0, -10.0, 1.0], [6.0, 0.0, 14.0, 0.0, -11.0], [-11.0, 0.0, 14.0, 0.0, 6.0], [0.0, -14.0, -14.0, 0.0, 16.0], [-1.0, 16.0, 3.0, -10.0, -7.0]]]] rg=False",
    "result = F.conv2d((torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3)[0], (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "torch.float32 (3, 3, 3) [[[29.0, 19.0, 16.0], [-21.0, -10.0, 29.0], [-15.0, -18.0, -21.0]], [[-9.0, -22.0, -14.0], [38.0, 11.0, -9.0], [1.0, -5.0, 38.0]], [[3.0, 17.0, -4.0], [-18.0, -18.0, 3.0], [17.0, 3.0, -18.0]]] rg=False",
    "result = F.conv2d((torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).double(), ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).double(), stride=2)": "torch.float64 (1, 3, 2, 2) [[[[29.0, 16.0], [-15.0, -21.0]], [[-9.0, -14.0], [1.0, 38.0]], [[3.0, -4.0], [17.0, -18.0]]]] rg=False",
    "result = F.conv2d((torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).long(), ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).long())": "torch.int64 (1, 3, 3, 3) [[[[29, 19, 16], [-21, -10, 29], [-15, -18, -21]], [[-9, -22, -14], [38, 11, -9], [1, -5, 38]], [[3, 17, -4], [-18, -18, 3], [17, 3, -18]]]] rg=False",
    "result = F.conv2d((torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).half(), ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).half())": "torch.float16 (1, 3, 3, 3) [[[[29.0, 19.0, 16.0], [-21.0, -10.0, 29.0], [-15.0, -18.0, -21.0]], [[-9.0, -22.0, -14.0], [38.0, 11.0, -9.0], [1.0, -5.0, 38.0]], [[3.0, 17.0, -4.0], [-18.0, -18.0, 3.0], [17.0, 3.0, -18.0]]]] rg=False",
    "result = F.conv2d((torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).transpose(2, 3), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).stride()": "(27, 9, 3, 1)",
    "result = torch.conv2d(torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), None, 1, 1)": "torch.float32 (1, 3, 5, 5) [[[[7.0, 0.0, -13.0, -12.0, -5.0], [0.0, 29.0, 19.0, 16.0, -8.0], [-12.0, -21.0, -10.0, 29.0, 5.0], [11.0, -15.0, -18.0, -21.0, -3.0], [9.0, 12.0, 19.0, -9.0, -10.0]], [[-12.0, -4.0, 7.0, -3.0, 14.0], [4.0, -9.0, -22.0, -14.0, 9.0], [4.0, 38.0, 11.0, -9.0, -11.0], [-17.0, 1.0, -5.0, 38.0, -3.0], [3.0, -13.0, -12.0, -11.0, 2.0]], [[14.0, -3.0, 7.0, -4.0, -12.0], [-12.0, 3.0, 17.0, -4.0, 11.0], [0.0, -18.0, -18.0, 3.0, 13.0], [5.0, 17.0, 3.0, -18.0, -13.0], [-8.0, 7.0, -3.0, 22.0, -1.0]]]] rg=False",
    "result = F.conv1d((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))": "torch.float32 (2, 2, 2) [[[15.0, -2.0], [-4.0, 10.0]], [[-4.0, -6.0], [4.0, -2.0]]] rg=False",
    "result = F.conv1d((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1), torch.tensor([0.5, -1.0]), stride=2, padding=2, dilation=2)": "torch.float32 (2, 2, 2) [[[2.5, 4.5], [-5.0, 1.0]], [[-0.5, -4.5], [6.0, -2.0]]] rg=False",
    "result = F.conv1d((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1), padding='same')": "torch.float32 (2, 2, 4) [[[-3.0, 15.0, -2.0, -6.0], [-7.0, -4.0, 10.0, -1.0]], [[-1.0, -4.0, -6.0, 0.0], [4.0, 4.0, -2.0, -4.0]]] rg=False",
    "result = F.conv1d(((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2))[0], (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))": "torch.float32 (2, 2) [[15.0, -2.0], [-4.0, 10.0]] rg=False",
    "result = torch.conv1d((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))": "torch.float32 (2, 2, 2) [[[15.0, -2.0], [-4.0, 10.0]], [[-4.0, -6.0], [4.0, -2.0]]] rg=False",
    "result = F.conv1d((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1)[:, :1].repeat(3, 1, 1), groups=3)": "torch.float32 (2, 6, 2) [[[2.0, 2.0], [-1.0, 2.0], [-3.0, 2.0], [-4.0, -1.0], [-3.0, -3.0], [-2.0, -4.0]], [[2.0, -3.0], [5.0, -2.0], [2.0, 2.0], [2.0, 5.0], [2.0, 2.0], [-1.0, 2.0]]] rg=False",
    "x = (torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).requires_grad_()\nw = ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).requires_grad_()\nb = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)\ny = F.conv2d(x, w, b, padding=1, stride=(2, 1))\n(y * y).sum().backward()\nresult = (y.grad_fn.name(), [type(n).__name__ for n, _ in y.grad_fn.next_functions], x.grad, w.grad, b.grad)": "('ConvolutionBackward0', ['AccumulateGrad', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 (1, 2, 5, 5) [[[[-22.0, -79.0, -115.0, -65.0, 71.0], [276.0, 431.0, -273.0, -187.0, -110.0], [-228.0, -69.0, 317.0, 287.0, -179.0], [64.0, -357.0, -417.0, -67.0, 290.0], [156.0, 57.0, 93.0, -245.0, -73.0]], [[121.0, -27.0, 23.0, -175.0, -108.0], [-46.0, 353.0, 483.0, -65.0, -112.0], [-203.0, -299.0, -65.0, 209.0, 198.0], [216.0, 243.0, -585.0, -421.0, -12.0], [63.0, 207.0, 177.0, 189.0, -142.0]]]] rg=False, torch.float32 (3, 2, 3, 3) [[[[-448.0, -360.0, 18.0], [210.0, -50.0, -544.0], [124.0, 330.0, 236.0]], [[380.0, 208.0, 22.0], [-38.0, 318.0, 538.0], [-378.0, -350.0, -82.0]]], [[[404.0, 240.0, -300.0], [-32.0, 420.0, 408.0], [-200.0, -280.0, -88.0]], [[-212.0, -58.0, 220.0], [-404.0, -404.0, -268.0], [366.0, 330.0, -240.0]]], [[[-276.0, 19.0, 271.0], [23.0, -405.0, -235.0], [234.0, 129.0, 57.0]], [[-22.0, 0.0, -209.0], [323.0, 403.0, -83.0], [-298.0, -136.0, 175.0]]]] rg=False, torch.float32 (3,) [8.0, -52.0, 13.0] rg=False)",
    "x = (torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).requires_grad_()\nw = ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))[:2, :1].requires_grad_()\ny = F.conv2d(x, w, groups=2, dilation=2)\ny.backward(torch.arange(2.0).reshape(1, 2, 1, 1).expand(y.shape) + 1)\nresult = (y.grad_fn.name(), [n for n, _ in y.grad_fn.next_functions], x.grad, w.grad)": "('ConvolutionBackward0', [<AccumulateGrad object at 0x>, <AccumulateGrad object at 0x>, None], torch.float32 (1, 2, 5, 5) [[[[-2.0, 0.0, -1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 2.0, 0.0, -2.0], [0.0, 0.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 0.0, 0.0, 1.0]], [[2.0, 0.0, 4.0, 0.0, -4.0], [0.0, 0.0, 0.0, 0.0, 0.0], [-2.0, 0.0, 0.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0, 0.0], [4.0, 0.0, -4.0, 0.0, -2.0]]]] rg=False, torch.float32 (2, 1, 3, 3) [[[[-3.0, -1.0, 1.0], [0.0, 2.0, -3.0], [3.0, -2.0, 0.0]]], [[[2.0, 6.0, -4.0], [-6.0, -2.0, 2.0], [0.0, 4.0, -6.0]]]] rg=False)",
    "x = (torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).requires_grad_()\ny = F.conv2d(x, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))\ny.sum().backward()\nresult = ([n if n is None else type(n).__name__ for n, _ in y.grad_fn.next_functions], x.grad)": "(['AccumulateGrad', None, None], torch.float32 (1, 2, 5, 5) [[[[-2.0, -1.0, -2.0, 0.0, -1.0], [0.0, 1.0, -2.0, -2.0, -3.0], [1.0, 1.0, 0.0, -1.0, -1.0], [3.0, 2.0, 2.0, -1.0, 0.0], [1.0, 0.0, 2.0, 1.0, 2.0]], [[0.0, -2.0, -1.0, -1.0, 1.0], [-1.0, -1.0, 0.0, 1.0, 1.0], [-3.0, -2.0, -2.0, 1.0, 0.0], [-3.0, 0.0, -1.0, 2.0, -1.0], [-2.0, -1.0, -2.0, 0.0, -1.0]]]] rg=False)",
    "w = ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).requires_grad_()\ny = F.conv2d((torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3)[0], w, padding=1)\ny.sum().backward()\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), w.grad)": "('SqueezeBackward1', 'ConvolutionBackward0', torch.float32 (3, 2, 3, 3) [[[[-2.0, -3.0, 0.0], [-5.0, -6.0, -6.0], [1.0, -1.0, -4.0]], [[-1.0, 0.0, 1.0], [5.0, 3.0, 4.0], [2.0, 2.0, 4.0]]], [[[-2.0, -3.0, 0.0], [-5.0, -6.0, -6.0], [1.0, -1.0, -4.0]], [[-1.0, 0.0, 1.0], [5.0, 3.0, 4.0], [2.0, 2.0, 4.0]]], [[[-2.0, -3.0, 0.0], [-5.0, -6.0, -6.0], [1.0, -1.0, -4.0]], [[-1.0, 0.0, 1.0], [5.0, 3.0, 4.0], [2.0, 2.0, 4.0]]]] rg=False)",
    "x = ((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2)).requires_grad_()\nw = ((torch.arange(18.0).reshape(2, 3, 3) % 4 - 1)).requires_grad_()\ny = F.conv1d(x, w, padding='same')\n(y * y).sum().backward()\nresult = (y.grad_fn.name(), x.grad, w.grad)": "('ConvolutionBackward0', torch.float32 (2, 3, 4) [[[-44.0, -38.0, 46.0, 34.0], [74.0, -72.0, -26.0, 32.0], [16.0, 110.0, -74.0, -18.0]], [[16.0, 34.0, 4.0, -28.0], [-22.0, -4.0, 28.0, -4.0], [-4.0, -42.0, -28.0, 20.0]]] rg=False, torch.float32 (2, 3, 3) [[[-68.0, -62.0, 8.0], [88.0, -78.0, -50.0], [74.0, 86.0, -78.0]], [[-24.0, 50.0, 66.0], [-70.0, -60.0, 36.0], [24.0, -100.0, -44.0]]] rg=False)",
    "x = ((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2))[0].requires_grad_()\ny = F.conv1d(x, (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y.shape)": "('SqueezeBackward1', 'ConvolutionBackward0', (2, 2))",
    "x = torch.arange(36.0).reshape(1, 1, 6, 6).requires_grad_()\ny = F.conv2d(x, torch.ones(1, 1, 2, 2), padding='same')\ny.sum().backward()\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y, x.grad)": "('ConvolutionBackward0', 'ConstantPadNdBackward0', torch.float32 (1, 1, 6, 6) [[[[14.0, 18.0, 22.0, 26.0, 30.0, 16.0], [38.0, 42.0, 46.0, 50.0, 54.0, 28.0], [62.0, 66.0, 70.0, 74.0, 78.0, 40.0], [86.0, 90.0, 94.0, 98.0, 102.0, 52.0], [110.0, 114.0, 118.0, 122.0, 126.0, 64.0], [61.0, 63.0, 65.0, 67.0, 69.0, 35.0]]]] rg=True, torch.float32 (1, 1, 6, 6) [[[[1.0, 2.0, 2.0, 2.0, 2.0, 2.0], [2.0, 4.0, 4.0, 4.0, 4.0, 4.0], [2.0, 4.0, 4.0, 4.0, 4.0, 4.0], [2.0, 4.0, 4.0, 4.0, 4.0, 4.0], [2.0, 4.0, 4.0, 4.0, 4.0, 4.0], [2.0, 4.0, 4.0, 4.0, 4.0, 4.0]]]] rg=False) | warns: Using padding='same' with even kernel lengths and odd dilati",
    "x = (torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).requires_grad_()\nw = ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).requires_grad_()\nb = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)\ny = F.conv2d(x, w, b, padding=1)\ngx, gw, gb = torch.autograd.grad((y * y).sum(), (x, w, b), create_graph=True)\nnames = (gx.grad_fn.name(), gx.grad_fn is gw.grad_fn, [type(n).__name__ for n, _ in gx.grad_fn.next_functions])\n(hx, hw) = torch.autograd.grad((gx * gx).sum() + (gw * gw).sum() + gb.sum(), (x, w))\nresult = (names, hx, hw)": "(('ConvolutionBackwardBackward0', True, ['AddBackward0', 'AccumulateGrad', 'AccumulateGrad']), torch.float32 (1, 2, 5, 5) [[[[-295438.0, -1276620.0, -940808.0, 112804.0, 593662.0], [1175230.0, 1640180.0, -783040.0, -1549390.0, -828842.0], [-1016630.0, 483916.0, 2408200.0, 1877340.0, -687422.0], [-107970.0, -1801960.0, -1611940.0, 374672.0, 1396300.0], [522338.0, 607490.0, 70938.0, -1228880.0, -639560.0]], [[743136.0, 227792.0, -562640.0, -1186640.0, -442334.0], [-380218.0, 1437990.0, 2390920.0, 794240.0, -265786.0], [-1303350.0, -2417790.0, -994096.0, 1288150.0, 1471910.0], [1292910.0, 976688.0, -2003010.0, -2117970.0, -493782.0], [-126604.0, 970138.0, 1515030.0, 905406.0, -602650.0]]]] rg=False, torch.float32 (3, 2, 3, 3) [[[[-1891270.0, -2071210.0, -364648.0], [1556090.0, -110520.0, -2031200.0], [580906.0, 2116290.0, 1252650.0]], [[1944120.0, 905612.0, -482894.0], [-120070.0, 1769810.0, 2403100.0], [-2019760.0, -2040380.0, -254704.0]]], [[[1886120.0, 1275930.0, -1031530.0], [-589714.0, 1484320.0, 2020200.0], [-1073680.0, -1874570.0, -372616.0]], [[-1145610.0, 226720.0, 1420420.0], [-1315970.0, -2157540.0, -1557660.0], [1838520.0, 1242050.0, -1108530.0]]], [[[-1257660.0, 70492.0, 1266300.0], [-167836.0, -1684790.0, -1237240.0], [1193600.0, 657018.0, -90406.0]], [[-79660.0, -763316.0, -1179320.0], [1513330.0, 1749130.0, 140926.0], [-1199400.0, 34790.0, 1210620.0]]]] rg=False)",
    "x = ((torch.arange(24.0).reshape(2, 3, 4) % 5 - 2)).requires_grad_()\nw = ((torch.arange(18.0).reshape(2, 3, 3) % 4 - 1)).requires_grad_()\ny = F.conv1d(x, w, stride=2)\n(gw,) = torch.autograd.grad(y.pow(2).sum(), w, create_graph=True)\n(hx,) = torch.autograd.grad(gw.sum(), x)\nresult = (gw.grad_fn.name(), hx)": "('ConvolutionBackwardBackward0', torch.float32 (2, 3, 4) [[[28.0, 16.0, 4.0, 0.0], [16.0, 28.0, 16.0, 0.0], [4.0, 16.0, 28.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]] rg=False)",
    "x = (torch.arange(50.0).reshape(1, 2, 5, 5) % 7 - 3).requires_grad_()\ny = F.conv2d(x, (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))\n(gx,) = torch.autograd.grad(y.sum(), x, create_graph=True)\nresult = (gx.grad_fn, gx.requires_grad)": "(<ConvolutionBackwardBackward0 object at 0x>, True)",
    "result = F.conv2d(torch.ones(3, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [3, 5]",
    "result = F.conv2d(torch.ones(1, 1, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "RuntimeError: Given groups=1, weight of size [3, 2, 3, 3], expected input[1, 1, 5, 5] to have 2 channels, but got 1 channels instead",
    "result = F.conv2d(torch.ones(1, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "RuntimeError: Given groups=1, weight of size [3, 2, 3, 3], expected input[1, 1, 5, 5] to have 2 channels, but got 1 channels instead",
    "result = F.conv2d(torch.ones(1, 2, 2, 2), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "RuntimeError: Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size can't be greater than actual input size",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), torch.ones(2))": "RuntimeError: Given weight of size [3, 2, 3, 3], expected bias to be 1-dimensional with 3 elements, but got bias of size [2] instead",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), torch.ones(3, 1))": "RuntimeError: Given weight of size [3, 2, 3, 3], expected bias to be 1-dimensional with 3 elements, but got bias of size [3, 1] instead",
    "result = F.conv2d(torch.ones(1, 4, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), groups=2)": "RuntimeError: Given groups=2, expected weight to be divisible by 2 at dimension 0, but got weight of size [[3, 2, 3, 3]] instead",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), groups=2)": "RuntimeError: Given groups=2, expected weight to be divisible by 2 at dimension 0, but got weight of size [[3, 2, 3, 3]] instead",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), padding='same', stride=2)": "RuntimeError: padding='same' is not supported for strided convolutions",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), padding='foo')": "RuntimeError: Invalid padding string: 'foo'",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), padding=-1)": "RuntimeError: negative padding is not supported",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), stride=0)": "RuntimeError: non-positive stride is not supported",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), dilation=0)": "RuntimeError: dilation should be greater than zero, but got [0, 0]",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), groups=0)": "RuntimeError: non-positive groups is not supported",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), stride=(1, 1, 1))": "RuntimeError: expected stride to be a single integer value or a list of 2 values to match the convolution dimensions, but got stride=[1, 1, 1]",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), padding='same', dilation=(1, 1, 1))": "RuntimeError: dilation cannot broadcast to 2 dimensions",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)[0])": "RuntimeError: expected stride to be a single integer value or a list of 1 values to match the convolution dimensions, but got stride=[1, 1]",
    "result = F.conv2d(torch.ones(1, 2, 5, 5).double(), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "RuntimeError: expected scalar type Double but found Float",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).double())": "RuntimeError: expected scalar type Float but found Double",
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), torch.ones(3).double())": "RuntimeError: Input type (float) and bias type (double) should be the same",
    "result = F.conv2d(torch.ones(1, 2, 5, 5).long(), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": "RuntimeError: expected scalar type Long but found Float",
    "result = F.conv2d(torch.ones(1, 2, 5, 5, dtype=torch.bool), ((torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).bool())": "NotImplementedError: \"slow_conv2d_cpu\" not implemented for 'Bool'",
    "result = F.conv2d([1.0], (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2))": 'TypeError: conv2d() received an invalid combination of arguments - got (list, Tensor), but expected one of:\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, tuple of ints dilation = 1, int groups = 1)\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str padding = "valid", tuple of ints dilation = 1, int groups = 1)\n',
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), stride=1.5)": 'TypeError: conv2d() received an invalid combination of arguments - got (Tensor, Tensor, stride=float), but expected one of:\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, tuple of ints dilation = 1, int groups = 1)\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str padding = "valid", tuple of ints dilation = 1, int groups = 1)\n',
    "result = F.conv2d(torch.ones(1, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2), foo=1)": 'TypeError: conv2d() received an invalid combination of arguments - got (Tensor, Tensor, foo=int), but expected one of:\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, tuple of ints dilation = 1, int groups = 1)\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str padding = "valid", tuple of ints dilation = 1, int groups = 1)\n',
    "result = F.conv2d(torch.ones(0, 2, 5, 5), (torch.arange(54.0).reshape(3, 2, 3, 3) % 5 - 2)).shape": "(0, 3, 3, 3)",
    "result = F.conv1d(torch.ones(1, 3, 5, 5), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))": "RuntimeError: Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: [1, 3, 5, 5]",
    "result = F.conv1d(torch.ones(5), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))": "RuntimeError: Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: [5]",
    "result = F.conv1d(torch.ones(2, 5, 7), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))": "RuntimeError: Given groups=1, weight of size [2, 3, 3], expected input[2, 5, 7] to have 3 channels, but got 5 channels instead",
    "result = F.conv1d(torch.ones(1, 3, 5), (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1), padding=(1, 1))": "RuntimeError: expected padding to be a single integer value or a list of 1 values to match the convolution dimensions, but got padding=[1, 1]",
    "result = F.conv1d([1.0], (torch.arange(18.0).reshape(2, 3, 3) % 4 - 1))": 'TypeError: conv1d() received an invalid combination of arguments - got (list, Tensor), but expected one of:\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, tuple of ints dilation = 1, int groups = 1)\n * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str padding = "valid", tuple of ints dilation = 1, int groups = 1)\n',
    "torch.manual_seed(0)\nm = torch.nn.Conv2d(3, 8, 3)\nresult = (repr(m), [(n, tuple(p.shape)) for n, p in m.named_parameters()], m.weight[0, 0], m.bias[:3])": "('Conv2d(3, 8, kernel_size=(3, 3), stride=(1, 1))', [('weight', (8, 3, 3, 3)), ('bias', (8,))], torch.float32 (3, 3) [[-0.00144084, 0.103239, -0.158395], [-0.141632, -0.074123, 0.0516069], [-0.00381305, 0.152592, -0.0170788]] rg=True, torch.float32 (3,) [-0.150535, -0.100869, 0.155402] rg=True)",
    "torch.manual_seed(1)\nm = torch.nn.Conv1d(4, 6, 3, stride=2, padding=1, dilation=2, groups=2, bias=False)\nresult = (repr(m), m.weight[:, 0], m.bias)": "('Conv1d(4, 6, kernel_size=(3,), stride=(2,), padding=(1,), dilation=(2,), groups=2, bias=False)', torch.float32 (6, 3) [[0.210355, -0.180192, -0.0791436], [-0.083987, 0.207694, 0.0567534], [0.149104, -0.159095, -0.0297649], [0.356877, 0.127043, -0.152034], [-0.130823, 0.0195476, 0.243368], [0.11405, 0.387246, 0.269468]] rg=True, None)",
    "torch.manual_seed(2)\nm = torch.nn.Conv2d(2, 4, (1, 3), padding='same')\ny = m(torch.ones(2, 2, 5, 5))\nresult = (repr(m), y.shape, y.grad_fn.name(), m._reversed_padding_repeated_twice)": "('Conv2d(2, 4, kernel_size=(1, 3), stride=(1, 1), padding=same)', (2, 4, 5, 5), 'ConvolutionBackward0', [1, 1, 0, 0])",
    "torch.manual_seed(3)\nm = torch.nn.Conv2d(2, 4, 3, padding=1, padding_mode='reflect')\ny = m(torch.arange(50.0).reshape(1, 2, 5, 5))\nresult = (repr(m), y.shape, y.grad_fn.next_functions[0][0].name())": "AttributeError: 'NoneType' object has no attribute 'name'",
    "torch.manual_seed(4)\nm = torch.nn.Conv2d(2, 4, 2, padding='valid', stride=2)\nresult = (repr(m), m(torch.ones(2, 4, 4)).shape, m.stride, m.padding, m.dilation, m.groups, m.transposed, m.output_padding)": "('Conv2d(2, 4, kernel_size=(2, 2), stride=(2, 2), padding=valid)', (4, 2, 2), (2, 2), 'valid', (1, 1), 1, False, (0, 0))",
    "result = torch.nn.Conv2d(3, 8, 3)(torch.ones(1, 1, 5, 5))": "RuntimeError: Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 1, 5, 5] to have 3 channels, but got 1 channels instead",
    "result = torch.nn.Conv2d(3, 8, 3)(torch.ones(5, 5))": "RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]",
    "result = torch.nn.Conv2d(3, 8, 3, groups=2)": "ValueError: in_channels must be divisible by groups",
    "result = torch.nn.Conv2d(4, 6, 3, groups=4)": "ValueError: out_channels must be divisible by groups",
    "result = torch.nn.Conv2d(3, 8, 3, groups=0)": "ValueError: groups must be a positive integer",
    "result = torch.nn.Conv2d(3, 8, 3, padding='same', stride=2)": "ValueError: padding='same' is not supported for strided convolutions",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_convolution_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch_kernels(
    "AVX2",
    params=(
        "result = (repr(m), [(n, tuple(p.shape)) for n, p in m.named_parameters",
        "m = torch.nn.Conv1d(4, 6, 3, stride=2, padding=1, dilation=2, groups=2",
    ),
)
@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_convolution_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def test_circular_padding_mode_raises_the_clear_error() -> None:
    with pytest.raises(NotImplementedError, match="does not support torch.nn.Conv2d"):
        engine.nn.Conv2d(2, 3, 3, padding_mode="circular")


@pytest.mark.parametrize(
    ("kwargs", "start"),
    [
        ({"padding": "foo"}, "Invalid padding string 'foo', should be one of {"),
        ({"padding_mode": "foo"}, "padding_mode must be one of {"),
    ],
)
def test_module_argument_errors(kwargs: dict, start: str) -> None:
    # (torch prints a Python set: its order changes with the process's string hashing)
    with pytest.raises(ValueError, match="^" + start.replace("{", r"\{").replace("(", r"\(")):
        engine.nn.Conv2d(2, 3, 3, **kwargs)


def _convolve(module: ModuleType, case: dict) -> tuple:
    """The result, the gradients of input, weight and bias for a random upstream gradient,
    and the recorded chain; or the error's text."""
    rng = np.random.default_rng(case["seed"])
    dtype = case["dtype"]
    x = rng.standard_normal(case["input"]).astype(dtype)
    w = rng.standard_normal(case["weight"]).astype(dtype)
    b = rng.standard_normal(case["weight"][0]).astype(dtype) if case["bias"] else None
    tensors = [module.tensor(a, requires_grad=True) for a in (x, w, b) if a is not None]
    function = getattr(module.nn.functional, f"conv{len(case['weight']) - 2}d")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            y = function(*tensors[:2], tensors[2] if b is not None else None, **case["options"])
    except Exception as failure:  # noqa: BLE001 - the outcome is the exception
        return f"{type(failure).__name__}: {failure}"
    upstream = module.tensor(rng.standard_normal(tuple(y.shape)).astype(dtype))
    grads = module.autograd.grad(y, tensors, upstream)
    return (y.detach().numpy(), [g.numpy() for g in grads], grad_fn_chain(y), str(y.dtype))


@st.composite
def _cases(draw: st.DrawFn) -> dict:
    dims = draw(st.sampled_from([1, 2]))
    groups = draw(st.sampled_from([1, 1, 2]))
    channels, outs = groups * draw(st.integers(1, 3)), groups * draw(st.integers(1, 3))
    kernel = [draw(st.integers(1, 4)) for _ in range(dims)]
    dilation = [draw(st.integers(1, 2)) for _ in range(dims)]
    padding = [draw(st.integers(0, 2)) for _ in range(dims)]
    sizes = [draw(st.integers(1, 9)) for _ in range(dims)]  # (too small: torch's error)
    batch = draw(st.sampled_from([(), (1,), (3,)]))
    options: dict = {"stride": [draw(st.integers(1, 3)) for _ in range(dims)], "groups": groups}
    mode = draw(st.sampled_from(["ints", "ints", "same", "valid"]))
    options["dilation"] = dilation
    options["padding"] = padding if mode == "ints" else mode
    if mode == "same":
        options["stride"] = 1
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "dtype": draw(st.sampled_from(["float32", "float64"])),
        "input": (*batch, channels, *sizes),
        "weight": (outs, channels // groups, *kernel),
        "bias": draw(st.booleans()),
        "options": options,
    }


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(case=_cases())
def test_convolution_differential(case: dict) -> None:
    torch = pytest.importorskip("torch")
    ours, theirs = _convolve(engine, case), _convolve(torch, case)
    if isinstance(theirs, str) or isinstance(ours, str):
        assert ours == theirs
        return
    assert ours[2:] == theirs[2:]  # the chain and the dtype
    tolerance = {"float32": 1e-4, "float64": 1e-12}[case["dtype"]]
    for a, b in zip([ours[0], *ours[1]], [theirs[0], *theirs[1]], strict=True):
        assert a.shape == b.shape and a.dtype == b.dtype
        np.testing.assert_allclose(a, b, rtol=tolerance, atol=tolerance)
