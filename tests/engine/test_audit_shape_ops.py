# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Shape, layout and creation ops of students' slicing, broadcasting and indexing exercises
(ops/shapes.py): tril/triu (and in place), tril_indices/triu_indices, roll, tile,
repeat_interleave, moveaxis/swapdims, meshgrid, cartesian_prod, combinations, column_stack,
row_stack, dstack, atleast_1d/2d/3d, block_diag and diff.  The goldens were captured from
torch 2.13 with ``audit_outcomes.outcome`` (values, dtypes, shapes, strides, views, grad_fn
chains, gradients and errors); the torch-marked twin checks they are still torch's, and the
torch-marked differentials compare random inputs, layouts and gradients bit for bit."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    # tril / triu / tril_ / triu_ (TrilBackward0, TriuBackward0; a C-contiguous copy; in place on a
    # view: CopySlices / AsStridedBackward0) and tril_indices / triu_indices (int64 by default).
    "result = torch.tril(torch.arange(12.0).reshape(3, 4))": "torch.float32 (3, 4) [[0.0, 0.0, 0.0, 0.0], [4.0, 5.0, 0.0, 0.0], [8.0, 9.0, 10.0, 0.0]] rg=False",
    "result = torch.triu(torch.arange(12.0).reshape(3, 4))": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [0.0, 5.0, 6.0, 7.0], [0.0, 0.0, 10.0, 11.0]] rg=False",
    "result = torch.tril(torch.arange(12.0).reshape(3, 4), 1)": "torch.float32 (3, 4) [[0.0, 1.0, 0.0, 0.0], [4.0, 5.0, 6.0, 0.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.triu(torch.arange(12.0).reshape(3, 4), diagonal=-1)": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [0.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tril(-2)": "torch.float32 (3, 4) [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [8.0, 0.0, 0.0, 0.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).triu(diagonal=2)": "torch.float32 (3, 4) [[0.0, 0.0, 2.0, 3.0], [0.0, 0.0, 0.0, 7.0], [0.0, 0.0, 0.0, 0.0]] rg=False",
    "result = torch.tril(torch.arange(12.0).reshape(3, 4), 10)": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.triu(torch.arange(12.0).reshape(3, 4), -10)": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.tril(torch.arange(24).reshape(2, 3, 4))": "torch.int64 (2, 3, 4) [[[0, 0, 0, 0], [4, 5, 0, 0], [8, 9, 10, 0]], [[12, 0, 0, 0], [16, 17, 0, 0], [20, 21, 22, 0]]] rg=False",
    "result = torch.triu(torch.arange(24.0).reshape(2, 3, 4), 1)": "torch.float32 (2, 3, 4) [[[0.0, 1.0, 2.0, 3.0], [0.0, 0.0, 6.0, 7.0], [0.0, 0.0, 0.0, 11.0]], [[0.0, 13.0, 14.0, 15.0], [0.0, 0.0, 18.0, 19.0], [0.0, 0.0, 0.0, 23.0]]] rg=False",
    "result = torch.tril(torch.ones(2, 2, dtype=torch.bool))": "torch.bool (2, 2) [[True, False], [True, True]] rg=False",
    "result = torch.triu(torch.ones(3, 2, dtype=torch.float16), 1)": "torch.float16 (3, 2) [[0.0, 1.0], [0.0, 0.0], [0.0, 0.0]] rg=False",
    "result = torch.tril(torch.full((2, 2), -0.0)).tolist()": "[[-0.0, 0.0], [-0.0, -0.0]]",
    "result = torch.arange(12.0).reshape(3, 4).t().tril().stride()": "(3, 1)",
    "result = torch.arange(12.0).reshape(3, 4)[:, ::2].triu().stride()": "(2, 1)",
    "result = torch.tril(torch.ones(0, 3))": "torch.float32 (0, 3) [] rg=False",
    "result = torch.tril(torch.tensor([1.0, 2.0, 3.0]))": "RuntimeError: tril: input tensor must have at least 2 dimensions",
    "result = torch.tril(torch.tensor(1.0))": "RuntimeError: tril: input tensor must have at least 2 dimensions",
    "result = torch.tril(torch.arange(12.0).reshape(3, 4), 1.5)": "TypeError: tril(): argument 'diagonal' (position 2) must be int, not float",
    "result = torch.tril(torch.arange(12.0).reshape(3, 4), diagonal='a')": "TypeError: tril(): argument 'diagonal' must be int, not str",
    "result = torch.tril([[1, 2]])": "TypeError: tril(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tril(torch.arange(12.0).reshape(3, 4), 1, 2)": "TypeError: tril() takes from 1 to 2 positional arguments but 3 were given",
    "result = torch.arange(12.0).reshape(3, 4).tril(1, 2)": "TypeError: tril() takes from 0 to 1 positional arguments but 2 were given",
    "result = torch.tril(torch.arange(12.0).reshape(3, 4), k=1)": "TypeError: tril() got an unexpected keyword argument 'k'",
    "result = torch.arange(12.0).reshape(3, 4).triu(diagonal=None)": "TypeError: triu(): argument 'diagonal' must be int, not NoneType",
    "result = torch.tril(input=torch.arange(12.0).reshape(3, 4), diagonal=1)": "torch.float32 (3, 4) [[0.0, 1.0, 0.0, 0.0], [4.0, 5.0, 6.0, 0.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.tril(1)\n(r * r).sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('TrilBackward0', torch.float32 (3, 4) [[0.0, 2.0, 0.0, 0.0], [8.0, 10.0, 12.0, 0.0], [16.0, 18.0, 20.0, 22.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = torch.triu(x, -1)\nr.sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('TriuBackward0', torch.float32 (3, 4) [[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [0.0, 1.0, 1.0, 1.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = torch.triu(x)\n(g,) = torch.autograd.grad((r * r).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('TriuBackward0', torch.float32 (3, 4) [[0.0, 2.0, 4.0, 6.0], [0.0, 10.0, 12.0, 14.0], [0.0, 0.0, 20.0, 22.0]] rg=True)",
    "y = torch.arange(12.0).reshape(3, 4)\nr = y.tril_()\nresult = (r is y, y)": "(True, torch.float32 (3, 4) [[0.0, 0.0, 0.0, 0.0], [4.0, 5.0, 0.0, 0.0], [8.0, 9.0, 10.0, 0.0]] rg=False)",
    "y = torch.arange(12.0).reshape(3, 4)\ny.triu_(1)\nresult = y": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [0.0, 0.0, 6.0, 7.0], [0.0, 0.0, 0.0, 11.0]] rg=False",
    "y = torch.arange(12.0).reshape(3, 4)\ny.tril_(diagonal=-1)\nresult = y": "torch.float32 (3, 4) [[0.0, 0.0, 0.0, 0.0], [4.0, 0.0, 0.0, 0.0], [8.0, 9.0, 0.0, 0.0]] rg=False",
    "y = torch.arange(12.0).reshape(3, 4)\ny.tril_(0.5)": "TypeError: tril_(): argument 'diagonal' (position 1) must be int, not float",
    "y = torch.tensor([1.0, 2.0, 3.0])\ny.triu_()": "RuntimeError: triu: input tensor must have at least 2 dimensions",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nx.tril_()": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\ny = x * 1\nr = y.tril_()\nr.sum().backward()\nresult = (r is y, y.grad_fn.name(), x.grad)": "(True, 'TrilBackward0', torch.float32 (3, 4) [[1.0, 0.0, 0.0, 0.0], [1.0, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\ny = x * 1\nv = y[1:]\nv.triu_()\ny.sum().backward()\nresult = (y.grad_fn.name(), v.grad_fn.name(), x.grad)": "('torch::autograd::CopySlices', 'AsStridedBackward0', torch.float32 (3, 4) [[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [0.0, 1.0, 1.0, 1.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\ny = x.clone()\nv = y.t()\nv.tril_(1)\n(y * torch.arange(12.0).reshape(3, 4)).sum().backward()\nresult = (y, x.grad)": "(torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [0.0, 9.0, 10.0, 11.0]] rg=True, torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [0.0, 9.0, 10.0, 11.0]] rg=False)",
    "y = torch.arange(12.0).reshape(3, 4)\nv = y[:, 1:]\nv.tril_()\nresult = y": "torch.float32 (3, 4) [[0.0, 1.0, 0.0, 0.0], [4.0, 5.0, 6.0, 0.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.tril_indices(3, 3)": "torch.int64 (2, 6) [[0, 1, 1, 2, 2, 2], [0, 0, 1, 0, 1, 2]] rg=False",
    "result = torch.triu_indices(3, 3)": "torch.int64 (2, 6) [[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]] rg=False",
    "result = torch.tril_indices(3, 4, 1)": "torch.int64 (2, 9) [[0, 0, 1, 1, 1, 2, 2, 2, 2], [0, 1, 0, 1, 2, 0, 1, 2, 3]] rg=False",
    "result = torch.triu_indices(4, 3, -1)": "torch.int64 (2, 9) [[0, 0, 0, 1, 1, 1, 2, 2, 3], [0, 1, 2, 0, 1, 2, 1, 2, 2]] rg=False",
    "result = torch.tril_indices(3, 4, offset=-1)": "torch.int64 (2, 3) [[1, 2, 2], [0, 0, 1]] rg=False",
    "result = torch.tril_indices(3, 3, dtype=torch.int32)": "torch.int32 (2, 6) [[0, 1, 1, 2, 2, 2], [0, 0, 1, 0, 1, 2]] rg=False",
    "result = torch.tril_indices(3, 3, 10)": "torch.int64 (2, 9) [[0, 0, 0, 1, 1, 1, 2, 2, 2], [0, 1, 2, 0, 1, 2, 0, 1, 2]] rg=False",
    "result = torch.tril_indices(3, 3, -10)": "torch.int64 (2, 0) [[], []] rg=False",
    "result = torch.triu_indices(3, 3, -10)": "torch.int64 (2, 9) [[0, 0, 0, 1, 1, 1, 2, 2, 2], [0, 1, 2, 0, 1, 2, 0, 1, 2]] rg=False",
    "result = torch.triu_indices(3, 3, 10)": "torch.int64 (2, 0) [[], []] rg=False",
    "result = torch.triu_indices(0, 3)": "torch.int64 (2, 0) [[], []] rg=False",
    "result = torch.tril_indices(3, 0)": "torch.int64 (2, 0) [[], []] rg=False",
    "result = torch.tril_indices(1, 1)": "torch.int64 (2, 1) [[0], [0]] rg=False",
    "result = torch.tril_indices(3)": 'TypeError: tril_indices() missing 1 required positional arguments: "col"',
    "result = torch.tril_indices(3, 3, 0, torch.float32)": "TypeError: tril_indices() takes from 2 to 3 positional arguments but 4 were given",
    "result = torch.tril_indices(3, 3, dtype=torch.float32)": "NotImplementedError: \"tril_indices\" not implemented for 'Float'",
    "result = torch.tril_indices(3, 3, dtype=torch.bool)": "NotImplementedError: \"tril_indices\" not implemented for 'Bool'",
    "result = torch.tril_indices(-1, 3)": "RuntimeError: row must be non-negative, got-1",
    "result = torch.tril_indices(3, -1)": "RuntimeError: col must be non-negative, got-1",
    "result = torch.tril_indices(3, 3, requires_grad=True)": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "result = torch.triu_indices(3.0, 3)": "TypeError: triu_indices(): argument 'row' (position 1) must be int, not float",
    "result = torch.triu_indices(3, 3, dtype=None)": "torch.int64 (2, 6) [[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]] rg=False",
    "t = torch.arange(9.0).reshape(3, 3)\nresult = t[tuple(torch.triu_indices(3, 3, 1))]": "torch.float32 (3,) [1.0, 2.0, 5.0] rg=False",
    # roll: shifts/dims as ints or tuples, no dims rolls the flattened tensor; RollBackward0.
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), 1)": "torch.float32 (3, 4) [[11.0, 0.0, 1.0, 2.0], [3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]] rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), -5)": "torch.float32 (3, 4) [[5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 0.0], [1.0, 2.0, 3.0, 4.0]] rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), 1, 0)": "torch.float32 (3, 4) [[8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]] rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), 1, -1)": "torch.float32 (3, 4) [[3.0, 0.0, 1.0, 2.0], [7.0, 4.0, 5.0, 6.0], [11.0, 8.0, 9.0, 10.0]] rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), (1, 2), (0, 1))": "torch.float32 (3, 4) [[10.0, 11.0, 8.0, 9.0], [2.0, 3.0, 0.0, 1.0], [6.0, 7.0, 4.0, 5.0]] rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), [2, -1], [1, 0])": "torch.float32 (3, 4) [[6.0, 7.0, 4.0, 5.0], [10.0, 11.0, 8.0, 9.0], [2.0, 3.0, 0.0, 1.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).roll(shifts=1)": "torch.float32 (3, 4) [[11.0, 0.0, 1.0, 2.0], [3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).roll(shifts=(1, 1), dims=(0, 0))": "torch.float32 (3, 4) [[4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).roll(7, 1)": "torch.float32 (3, 4) [[1.0, 2.0, 3.0, 0.0], [5.0, 6.0, 7.0, 4.0], [9.0, 10.0, 11.0, 8.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).roll([1], [])": "torch.float32 (3, 4) [[11.0, 0.0, 1.0, 2.0], [3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).roll(1, dims=None)": "torch.float32 (3, 4) [[11.0, 0.0, 1.0, 2.0], [3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).t().roll(1, 0).stride()": "(3, 1)",
    "result = torch.roll(torch.ones(0, 3), 1, 0)": "torch.float32 (0, 3) [] rg=False",
    "result = torch.roll(torch.tensor([True, False, False]), 1)": "torch.bool (3,) [False, True, False] rg=False",
    "result = torch.roll(torch.tensor(5.0), 3)": "torch.float32 () 5.0 rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4))": 'TypeError: roll() missing 1 required positional arguments: "shifts"',
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), (1, 2))": "RuntimeError: shifts and dimensions must align. shifts: 2, dims:0",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), (1, 2), 0)": "RuntimeError: shifts and dimensions must align. shifts: 2, dims:1",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), 1, 5)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), 1, -3)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got -3)",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), 1.5)": "TypeError: roll(): argument 'shifts' (position 2) must be tuple of ints, not float",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), 1, 0.5)": "TypeError: roll(): argument 'dims' (position 3) must be tuple of ints, not float",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), [1.5])": "TypeError: roll(): argument 'shifts' (position 2) must be tuple of ints, but found element of type float at pos 0",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), None)": "TypeError: roll(): argument 'shifts' (position 2) must be tuple of ints, not NoneType",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), [1], [0, 1])": "RuntimeError: shifts and dimensions must align. shifts: 1, dims:2",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), [], [])": "RuntimeError: `shifts` required",
    "result = torch.arange(12.0).reshape(3, 4).roll(1, 0, 1)": "TypeError: roll() takes from 1 to 2 positional arguments but 3 were given",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.roll(1, 1)\n(r * torch.arange(12.0).reshape(3, 4)).sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('RollBackward0', torch.float32 (3, 4) [[1.0, 2.0, 3.0, 0.0], [5.0, 6.0, 7.0, 4.0], [9.0, 10.0, 11.0, 8.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.roll(-2)\n(r * torch.arange(12.0).reshape(3, 4)).sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('RollBackward0', torch.float32 (3, 4) [[10.0, 11.0, 0.0, 1.0], [2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.roll((1, 1), (0, 1))\n(g,) = torch.autograd.grad((r * r).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('RollBackward0', torch.float32 (3, 4) [[0.0, 2.0, 4.0, 6.0], [8.0, 10.0, 12.0, 14.0], [16.0, 18.0, 20.0, 22.0]] rg=True)",
    "result = torch.arange(12.0).reshape(3, 4).roll()": 'TypeError: roll() missing 1 required positional arguments: "shifts"',
    "result = torch.arange(12.0).reshape(3, 4).roll(1, 0.5)": "TypeError: roll(): argument 'dims' (position 2) must be tuple of ints, not float",
    "result = torch.roll(input=torch.arange(12.0).reshape(3, 4), shifts=1, dims=0)": "torch.float32 (3, 4) [[8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]] rg=False",
    "result = torch.roll(torch.tensor([[1, 2], [3, 4]]), shifts=(1, -1), dims=(1, 0))": "torch.int64 (2, 2) [[4, 3], [2, 1]] rg=False",
    # tile: repeat of the dims padded with leading ones (RepeatBackward0).
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), (2,))": "torch.float32 (3, 8) [[0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), (2, 1, 1))": "torch.float32 (2, 3, 4) [[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tile(2, 3)": "torch.float32 (6, 12) [[0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tile((1, 2))": "torch.float32 (3, 8) [[0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tile([2])": "torch.float32 (3, 8) [[0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), ())": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), (0, 2))": "torch.float32 (0, 8) [] rg=False",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), dims=(2,))": "torch.float32 (3, 8) [[0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tile(dims=(2,))": "torch.float32 (3, 8) [[0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.tile(torch.tensor(3.0), (2, 2))": "torch.float32 (2, 2) [[3.0, 3.0], [3.0, 3.0]] rg=False",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), 2)": "TypeError: tile(): argument 'dims' (position 2) must be tuple of ints, not int",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), 2, 3)": "TypeError: tile() takes 2 positional arguments but 3 were given",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), (-1,))": "RuntimeError: Trying to create tensor with negative dimension -4: [3, -4]",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), [1.5])": "TypeError: tile(): argument 'dims' (position 2) must be tuple of ints, but found element of type float at pos 0",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), None)": "TypeError: tile(): argument 'dims' (position 2) must be tuple of ints, not NoneType",
    "result = torch.arange(12.0).reshape(3, 4).tile(None)": "TypeError: tile(): argument 'dims' (position 1) must be tuple of ints, not NoneType",
    "result = torch.arange(12.0).reshape(3, 4).tile(1.5)": "TypeError: tile(): argument 'dims' (position 1) must be tuple of ints, not float",
    "result = torch.arange(12.0).reshape(3, 4).tile()": 'TypeError: tile() missing 1 required positional arguments: "dims"',
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.tile(2)\nr.sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('RepeatBackward0', torch.float32 (3, 4) [[2.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 2.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = torch.tile(x, (2, 1, 1))\n(r * r).sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('RepeatBackward0', torch.float32 (3, 4) [[0.0, 4.0, 8.0, 12.0], [16.0, 20.0, 24.0, 28.0], [32.0, 36.0, 40.0, 44.0]] rg=False)",
    # repeat_interleave: an int repeat is unsqueeze/expand/clone/flatten (a view of the clone:
    # ViewBackward0), a tensor repeat index_select (IndexSelectBackward0), one tensor alone the
    # repeated indices.
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2)": "torch.float32 (24,) [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0, 8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2, dim=0)": "torch.float32 (6, 4) [[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2, 1)": "torch.float32 (3, 8) [[0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0], [4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0], [8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2, dim=-1)": "torch.float32 (3, 8) [[0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0], [4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0], [8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(0)": "torch.float32 (0,) [] rg=False",
    "result = torch.repeat_interleave(torch.arange(12.0).reshape(3, 4), 2, dim=0, output_size=6)": "torch.float32 (6, 4) [[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.repeat_interleave(torch.arange(12.0).reshape(3, 4), repeats=2)": "torch.float32 (24,) [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0, 8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([1, 2, 0]), dim=0)": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [4.0, 5.0, 6.0, 7.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([1, 2, 0], dtype=torch.int32), dim=0)": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [4.0, 5.0, 6.0, 7.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor(2))": "torch.float32 (24,) [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0, 8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([2]), dim=1)": "torch.float32 (3, 8) [[0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0], [4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0], [8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([1, 2, 0]), dim=0, output_size=3)": "torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [4.0, 5.0, 6.0, 7.0]] rg=False",
    "result = torch.tensor([1.0, 2.0]).repeat_interleave(torch.tensor(2), dim=0)": "torch.float32 (4,) [1.0, 1.0, 2.0, 2.0] rg=False",
    "result = torch.tensor(5.0).repeat_interleave(3)": "torch.float32 (3,) [5.0, 5.0, 5.0] rg=False",
    "result = torch.tensor(5.0).repeat_interleave(torch.tensor([3]))": "torch.float32 (3,) [5.0, 5.0, 5.0] rg=False",
    "result = torch.repeat_interleave(torch.tensor([1, 2, 3]))": "torch.int64 (6,) [0, 1, 1, 2, 2, 2] rg=False",
    "result = torch.repeat_interleave(torch.tensor([1, 0, 2], dtype=torch.int32))": "torch.int32 (3,) [0, 2, 2] rg=False",
    "result = torch.repeat_interleave(torch.tensor([], dtype=torch.long))": "torch.int64 (0,) [] rg=False",
    "result = torch.repeat_interleave(torch.tensor([2, 1]), output_size=3)": "torch.int64 (3,) [0, 0, 1] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2).stride()": "(1)",
    "result = torch.arange(12.0).reshape(3, 4).t().repeat_interleave(2, dim=1).stride()": "(6, 1)",
    "r = torch.arange(12.0).reshape(3, 4).repeat_interleave(2, dim=0)\nresult = (r._base is not None, r.is_contiguous())": "(True, True)",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(-1)": "RuntimeError: Repeats must be non-negative",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2, dim=2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.tensor(5.0).repeat_interleave(3, dim=0)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([[1]]))": "RuntimeError: repeats must be 0-dim or 1-dim tensor",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([1.0, 2, 3]), dim=0)": "NotImplementedError: \"repeat_interleave_cpu\" not implemented for 'Float'",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([-1, 2, 3]), dim=0)": "RuntimeError: repeats can not be negative",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([1, 2, 0]))": "RuntimeError: repeats must have the same size as input along dim, but got repeats.size(0) = 3 and input.size(0) = 12",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([1, 2]), dim=1)": "RuntimeError: repeats must have the same size as input along dim, but got repeats.size(0) = 2 and input.size(1) = 4",
    "result = torch.repeat_interleave(torch.tensor([1.0, 2, 3]))": "NotImplementedError: \"repeat_interleave_cpu\" not implemented for 'Float'",
    "result = torch.repeat_interleave(torch.tensor([[1, 2]]))": "RuntimeError: repeat_interleave only accept 1D vector as repeat",
    "result = torch.repeat_interleave(torch.tensor(2))": "RuntimeError: repeat_interleave only accept 1D vector as repeat",
    "result = torch.repeat_interleave(torch.tensor([-1, 2]))": "RuntimeError: repeats can not be negative",
    "result = torch.repeat_interleave(torch.tensor([1, 2], dtype=torch.int16))": "NotImplementedError: \"repeat_interleave_cpu\" not implemented for 'Short'",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2, dim=0, output_size=5)": "RuntimeError: repeat_interleave: Invalid output_size, expected 6 but got 5",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor([1, 2, 0]), dim=0, output_size=4)": "RuntimeError: allocated size does not match required size",
    "result = torch.repeat_interleave(torch.tensor([1, 2, 3]), output_size=7)": "RuntimeError: allocated size does not match required size",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(2.5)": "TypeError: repeat_interleave() received an invalid combination of arguments - got (float), but expected one of:\n * (Tensor repeats, int dim = None, *, int output_size = None)\n * (int repeats, int dim = None, *, int output_size = None)\n",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave()": "TypeError: repeat_interleave() received an invalid combination of arguments - got (), but expected one of:\n * (Tensor repeats, int dim = None, *, int output_size = None)\n * (int repeats, int dim = None, *, int output_size = None)\n",
    "result = torch.repeat_interleave(torch.arange(12.0).reshape(3, 4), 2.5)": "TypeError: repeat_interleave() received an invalid combination of arguments - got (Tensor, float), but expected one of:\n * (Tensor input, Tensor repeats, int dim = None, *, int output_size = None)\n * (Tensor repeats, *, int output_size = None)\n * (Tensor input, int repeats, int dim = None, *, int output_size = None)\n",
    "result = torch.repeat_interleave()": "TypeError: repeat_interleave() received an invalid combination of arguments - got (), but expected one of:\n * (Tensor input, Tensor repeats, int dim = None, *, int output_size = None)\n * (Tensor repeats, *, int output_size = None)\n * (Tensor input, int repeats, int dim = None, *, int output_size = None)\n",
    "result = torch.repeat_interleave(torch.arange(12.0).reshape(3, 4), torch.tensor([1, 2, 0]), 0, 3)": "TypeError: repeat_interleave() received an invalid combination of arguments - got (Tensor, Tensor, int, int), but expected one of:\n * (Tensor input, Tensor repeats, int dim = None, *, int output_size = None)\n * (Tensor repeats, *, int output_size = None)\n * (Tensor input, int repeats, int dim = None, *, int output_size = None)\n",
    "result = torch.repeat_interleave(torch.tensor([1, 2]), dtype=1)": "TypeError: repeat_interleave() received an invalid combination of arguments - got (Tensor, dtype=int), but expected one of:\n * (Tensor input, Tensor repeats, int dim = None, *, int output_size = None)\n * (Tensor repeats, *, int output_size = None)\n * (Tensor input, int repeats, int dim = None, *, int output_size = None)\n",
    "result = torch.repeat_interleave(torch.arange(12.0).reshape(3, 4))": "NotImplementedError: \"repeat_interleave_cpu\" not implemented for 'Float'",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\nx = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.repeat_interleave(2)\nr.sum().backward()\nresult = (chain(r.grad_fn), x.grad)": "('ViewBackward0[\\'CloneBackward0[\\\\\\'ExpandBackward0[\\\\\\\\\\\\\\'UnsqueezeBackward0[\"ViewBackward0[\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\']\"]\\\\\\\\\\\\\\']\\\\\\']\\']', torch.float32 (3, 4) [[2.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 2.0]] rg=False)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\nx = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.repeat_interleave(3, dim=1)\n(r * r).sum().backward()\nresult = (chain(r.grad_fn), x.grad)": "('ViewBackward0[\\'CloneBackward0[\\\\\\'ExpandBackward0[\"UnsqueezeBackward0[\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\']\"]\\\\\\']\\']', torch.float32 (3, 4) [[0.0, 6.0, 12.0, 18.0], [24.0, 30.0, 36.0, 42.0], [48.0, 54.0, 60.0, 66.0]] rg=False)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\nx = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.repeat_interleave(torch.tensor([2, 0, 1]), dim=0)\n(r * r).sum().backward()\nresult = (chain(r.grad_fn), x.grad)": "(\"IndexSelectBackward0['torch::autograd::AccumulateGrad[]']\", torch.float32 (3, 4) [[0.0, 4.0, 8.0, 12.0], [0.0, 0.0, 0.0, 0.0], [16.0, 18.0, 20.0, 22.0]] rg=False)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\nx = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.repeat_interleave(torch.tensor(2))\nresult = chain(r.grad_fn)": "'IndexSelectBackward0[\"ViewBackward0[\\'torch::autograd::AccumulateGrad[]\\']\"]'",
    # moveaxis (movedim's alias, PermuteBackward0) and torch.swapdims (transpose's).
    "result = torch.moveaxis(torch.arange(12.0).reshape(3, 4), 0, 1)": "torch.float32 (4, 3) [[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]] rg=False",
    "result = torch.moveaxis(torch.arange(12.0).reshape(3, 4), (0, 1), (1, 0))": "torch.float32 (4, 3) [[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).moveaxis(0, -1)": "torch.float32 (4, 3) [[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]] rg=False",
    "result = torch.moveaxis(torch.arange(24).reshape(2, 3, 4), 0, -1).stride()": "(4, 1, 12)",
    "result = torch.arange(24).reshape(2, 3, 4).moveaxis([0, 1], [2, 0]).shape": "(3, 4, 2)",
    "result = torch.moveaxis(torch.arange(12.0).reshape(3, 4), 0, 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.moveaxis(torch.arange(12.0).reshape(3, 4), (0, 1), (0,))": "RuntimeError: movedim: Invalid source or destination dims: source ([0, 1] dims) should contain the same number of dims as destination ([0] dims)",
    "result = torch.moveaxis(torch.arange(12.0).reshape(3, 4), 0)": "TypeError: moveaxis() received an invalid combination of arguments - got (Tensor, int), but expected one of:\n * (Tensor input, int source, int destination)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n",
    "result = torch.moveaxis(torch.arange(12.0).reshape(3, 4), 0, 1.0)": "TypeError: moveaxis() received an invalid combination of arguments - got (Tensor, int, float), but expected one of:\n * (Tensor input, int source, int destination)\n      didn't match because some of the arguments have invalid types: (Tensor, int, !float!)\n * (Tensor input, tuple of ints source, tuple of ints destination)\n      didn't match because some of the arguments have invalid types: (Tensor, !int!, !float!)\n",
    "result = torch.arange(12.0).reshape(3, 4).moveaxis(0, 0, 1)": "TypeError: moveaxis() received an invalid combination of arguments - got (int, int, int), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n",
    "result = torch.moveaxis(input=torch.arange(12.0).reshape(3, 4), source=0, destination=1)": "torch.float32 (4, 3) [[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]] rg=False",
    "result = torch.swapdims(torch.arange(12.0).reshape(3, 4), 0, 1)": "torch.float32 (4, 3) [[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]] rg=False",
    "result = torch.swapdims(torch.arange(12.0).reshape(3, 4), 0, 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.swapdims(torch.arange(12.0).reshape(3, 4), 0)": 'TypeError: swapdims() missing 1 required positional arguments: "dim1"',
    "result = torch.swapdims(torch.arange(12.0).reshape(3, 4), dim0=0, dim1=1)": "torch.float32 (4, 3) [[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).swapdims(dim0=0, dim1=1)": "torch.float32 (4, 3) [[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]] rg=False",
    "result = torch.swapdims(torch.arange(12.0).reshape(3, 4), 0, 1.5)": "TypeError: swapdims(): argument 'dim1' (position 3) must be int, not float",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = torch.moveaxis(x, 0, 1)\n(r * torch.arange(12.0).reshape(4, 3)).sum().backward()\nresult = (r.grad_fn.name(), r._base is x, x.grad)": "('PermuteBackward0', False, torch.float32 (3, 4) [[0.0, 3.0, 6.0, 9.0], [1.0, 4.0, 7.0, 10.0], [2.0, 5.0, 8.0, 11.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = torch.swapdims(x, 1, 0)\nr.sum().backward()\nresult = (r.grad_fn.name(), r._base is x, x.grad)": "('TransposeBackward0', False, torch.float32 (3, 4) [[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]] rg=False)",
    "result = torch.arange(12.0).reshape(3, 4).swapdims(0)": 'TypeError: swapdims() missing 1 required positional arguments: "dim1"',
    "result = torch.arange(12.0).reshape(3, 4).swapdims(0, 1).shape": "(4, 3)",
    "result = torch.arange(12.0).reshape(3, 4).moveaxis(0)": "TypeError: moveaxis() received an invalid combination of arguments - got (int), but expected one of:\n * (int source, int destination)\n * (tuple of ints source, tuple of ints destination)\n",
    "result = torch.arange(12.0).reshape(3, 4).moveaxis(source=1, destination=0).shape": "(4, 3)",
    "result = torch.arange(12.0).reshape(3, 4).tril(diagonal=1.5)": "TypeError: tril(): argument 'diagonal' must be int, not float",
    # meshgrid (views: view + expand), cartesian_prod (flatten + stack), combinations
    # (masked_select + stack).
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0])\nresult = torch.meshgrid(a, b, indexing='ij')": "(torch.float32 (3, 2) [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]] rg=False, torch.float32 (3, 2) [[4.0, 5.0], [4.0, 5.0], [4.0, 5.0]] rg=False)",
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0])\nresult = torch.meshgrid(a, b, indexing='xy')": "(torch.float32 (2, 3) [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]] rg=False, torch.float32 (2, 3) [[4.0, 4.0, 4.0], [5.0, 5.0, 5.0]] rg=False)",
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0])\nresult = torch.meshgrid([a, b], indexing='ij')": "(torch.float32 (3, 2) [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]] rg=False, torch.float32 (3, 2) [[4.0, 5.0], [4.0, 5.0], [4.0, 5.0]] rg=False)",
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0])\nresult = torch.meshgrid((a, b), indexing='xy')": "(torch.float32 (2, 3) [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]] rg=False, torch.float32 (2, 3) [[4.0, 4.0, 4.0], [5.0, 5.0, 5.0]] rg=False)",
    "a = torch.tensor([1.0, 2.0, 3.0])\nresult = torch.meshgrid(a, indexing='xy')": "(torch.float32 (3,) [1.0, 2.0, 3.0] rg=False)",
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0])\nresult = torch.meshgrid(a, b, torch.tensor(3.0), indexing='xy')": "(torch.float32 (2, 3, 1) [[[1.0], [2.0], [3.0]], [[1.0], [2.0], [3.0]]] rg=False, torch.float32 (2, 3, 1) [[[4.0], [4.0], [4.0]], [[5.0], [5.0], [5.0]]] rg=False, torch.float32 (2, 3, 1) [[[3.0], [3.0], [3.0]], [[3.0], [3.0], [3.0]]] rg=False)",
    "a, b = torch.tensor([1, 2, 3]), torch.tensor([4, 5])\nresult = tuple(g.stride() for g in torch.meshgrid(a, b, torch.arange(4), indexing='xy'))": "((0, 1, 0), (1, 0, 0), (0, 0, 1))",
    "a, b = torch.tensor([1, 2, 3]), torch.tensor([4, 5])\nresult = tuple(g.stride() for g in torch.meshgrid(a, b, indexing='ij'))": "((1, 0), (0, 1))",
    "a = torch.tensor([1.0, 2.0, 3.0])\nresult = [g._base is a for g in torch.meshgrid(a, a, indexing='ij')]": "[True, True]",
    "result = torch.meshgrid(torch.tensor([1.0, 2.0]), torch.tensor([], dtype=torch.float32), indexing='ij')": "(torch.float32 (2, 0) [[], []] rg=False, torch.float32 (2, 0) [[], []] rg=False)",
    "result = torch.meshgrid([], indexing='ij')": "RuntimeError: meshgrid expects a non-empty TensorList",
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0])\nresult = torch.meshgrid(a, b, indexing='foo')": 'RuntimeError: torch.meshgrid: indexing must be one of "xy" or "ij", but received: foo',
    "a = torch.tensor([1.0, 2.0, 3.0])\nresult = torch.meshgrid(a, torch.tensor([1, 2]), indexing='ij')": "RuntimeError: meshgrid expects all tensors to have the same dtype",
    "a = torch.tensor([1.0, 2.0, 3.0])\nresult = torch.meshgrid(a, [1, 2], indexing='ij')": "TypeError: expected Tensor as element 1 in argument 0, but got list",
    "result = torch.meshgrid(1, 2, indexing='ij')": "TypeError: expected Tensor as element 0 in argument 0, but got int",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\na = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nb = torch.tensor([4.0, 5.0], requires_grad=True)\ngx, gy = torch.meshgrid(a, b, indexing='xy')\n(gx * gy * gy).sum().backward()\nresult = (chain(gx.grad_fn), a.grad, b.grad)": "('ExpandBackward0[\"ViewBackward0[\\'torch::autograd::AccumulateGrad[]\\']\"]', torch.float32 (3,) [41.0, 41.0, 41.0] rg=False, torch.float32 (2,) [48.0, 60.0] rg=False)",
    "a = torch.tensor([1.0, 2.0, 3.0])\ngx, gy = torch.meshgrid(a, a, indexing='ij')\ngx[0, 0] = 7": "None",
    "result = torch.cartesian_prod(torch.tensor([1, 2, 3]), torch.tensor([4, 5]))": "torch.int64 (6, 2) [[1, 4], [1, 5], [2, 4], [2, 5], [3, 4], [3, 5]] rg=False",
    "result = torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6]))": "torch.int64 (8, 3) [[1, 3, 5], [1, 3, 6], [1, 4, 5], [1, 4, 6], [2, 3, 5], [2, 3, 6], [2, 4, 5], [2, 4, 6]] rg=False",
    "a = torch.tensor([1.0, 2.0])\nresult = torch.cartesian_prod(a) is a": "True",
    "result = torch.cartesian_prod(torch.tensor([1.0, 2.0]), torch.tensor([], dtype=torch.float32))": "torch.float32 (0, 2) [] rg=False",
    "result = torch.cartesian_prod()": "RuntimeError: meshgrid expects a non-empty TensorList",
    "result = torch.cartesian_prod(torch.tensor([1.0, 2.0]), torch.ones(2, 2))": "RuntimeError: Expect a 1D vector, but got shape [2, 2]",
    "result = torch.cartesian_prod(torch.tensor(1.0))": "RuntimeError: Expect a 1D vector, but got shape []",
    "result = torch.cartesian_prod([torch.tensor([1.0]), torch.tensor([2.0])])": "TypeError: expected Tensor as element 0 in argument 0, but got list",
    "result = torch.cartesian_prod(torch.tensor([1.0, 2.0]), torch.tensor([1, 2]))": "RuntimeError: meshgrid expects all tensors to have the same dtype",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\na = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nb = torch.tensor([4.0, 5.0], requires_grad=True)\nr = torch.cartesian_prod(a, b)\n(r[:, 0] * r[:, 1]).sum().backward()\nresult = (chain(r.grad_fn), a.grad, b.grad)": "('StackBackward0[\\'UnsafeViewBackward0[\\\\\\'CloneBackward0[\\\\\\\\\\\\\\'ExpandBackward0[\"ViewBackward0[\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\']\"]\\\\\\\\\\\\\\']\\\\\\']\\', \\'UnsafeViewBackward0[\\\\\\'CloneBackward0[\\\\\\\\\\\\\\'ExpandBackward0[\"ViewBackward0[\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\']\"]\\\\\\\\\\\\\\']\\\\\\']\\']', torch.float32 (3,) [9.0, 9.0, 9.0] rg=False, torch.float32 (2,) [6.0, 6.0] rg=False)",
    "result = torch.combinations(torch.tensor([1, 2, 3, 4]))": "torch.int64 (6, 2) [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]] rg=False",
    "result = torch.combinations(torch.tensor([1, 2, 3, 4]), 3)": "torch.int64 (4, 3) [[1, 2, 3], [1, 2, 4], [1, 3, 4], [2, 3, 4]] rg=False",
    "result = torch.combinations(torch.tensor([1, 2, 3]), r=2, with_replacement=True)": "torch.int64 (6, 2) [[1, 1], [1, 2], [1, 3], [2, 2], [2, 3], [3, 3]] rg=False",
    "result = torch.combinations(torch.tensor([1, 1, 2]))": "torch.int64 (3, 2) [[1, 1], [1, 2], [1, 2]] rg=False",
    "result = torch.combinations(torch.tensor([1.0, 2.0, 3.0]), 1)": "torch.float32 (3, 1) [[1.0], [2.0], [3.0]] rg=False",
    "result = torch.combinations(torch.tensor([1.0, 2.0, 3.0]), 0)": "torch.float32 (0,) [] rg=False",
    "result = torch.combinations(torch.tensor([1.0, 2.0, 3.0]), 4)": "torch.float32 (0, 4) [] rg=False",
    "result = torch.combinations(torch.tensor([1.0, 2.0, 3.0]), 4, True).shape": "(15, 4)",
    "result = torch.combinations(torch.tensor([]), 2)": "torch.float32 (0, 2) [] rg=False",
    "result = torch.combinations(torch.ones(2, 2))": "RuntimeError: Expect a 1D vector, but got shape [2, 2]",
    "result = torch.combinations(torch.tensor(1.0), 2)": "RuntimeError: Expect a 1D vector, but got shape []",
    "result = torch.combinations(torch.tensor([1.0, 2.0]), -1)": "RuntimeError: Expect a non-negative number, but got -1",
    "result = torch.combinations(torch.tensor([1.0, 2.0]), r=2.0)": "TypeError: combinations(): argument 'r' must be int, not float",
    "result = torch.combinations([1, 2])": "TypeError: combinations(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.combinations(torch.tensor([1.0, 2.0]), with_replacement=1)": "TypeError: combinations(): argument 'with_replacement' must be bool, not int",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\na = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.combinations(a)\n(r[:, 0] * r[:, 1]).sum().backward()\nresult = (chain(r.grad_fn), a.grad)": "('StackBackward0[\\'MaskedSelectBackward0[\\\\\\'ExpandBackward0[\"ViewBackward0[\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\']\"]\\\\\\']\\', \\'MaskedSelectBackward0[\\\\\\'ExpandBackward0[\"ViewBackward0[\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\']\"]\\\\\\']\\']', torch.float32 (3,) [5.0, 4.0, 3.0] rg=False)",
    "a = torch.tensor([1.0, 2.0])\nresult = torch.meshgrid(a, a, indexing=5)": "TypeError: meshgrid(): argument 'indexing' must be str, not int",
    "a = torch.tensor([1.0, 2.0])\nresult = torch.meshgrid(a, a, indexing=b'ij')": "(torch.float32 (2, 2) [[1.0, 1.0], [2.0, 2.0]] rg=False, torch.float32 (2, 2) [[1.0, 2.0], [1.0, 2.0]] rg=False)",
    "result = torch.meshgrid(torch.ones(2), torch.ones(2, 2), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got:  1  1\n 1  1\n[ torch.FloatTensor{2,2} ]",
    "result = torch.meshgrid(torch.arange(24).reshape(2, 3, 4), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: (1,.,.) = \n  0   1   2   3\n   4   5   6   7\n   8   9  10  11\n\n(2,.,.) = \n 12  13  14  15\n  16  17  18  19\n  20  21  22  23\n[ torch.LongTensor{2,3,4} ]",
    "result = torch.meshgrid(torch.tensor([[-1.5, 2.0], [3.25, -4.0]]), indexing='xy')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: -1.5000  2.0000\n 3.2500 -4.0000\n[ torch.FloatTensor{2,2} ]",
    "result = torch.meshgrid(torch.tensor([[1e-5, 2e-5]]), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: 1e-05 *\n 1.0000  2.0000\n[ torch.FloatTensor{1,2} ]",
    "result = torch.meshgrid(torch.tensor([[123456.7, 1.0]]), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got:  1.2346e+05  1.0000e+00\n[ torch.FloatTensor{1,2} ]",
    "result = torch.meshgrid(torch.tensor([[float('inf'), 1.5]]), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got:     inf  1.5000\n[ torch.FloatTensor{1,2} ]",
    "result = torch.meshgrid(torch.arange(40.0).reshape(2, 20) / 3, indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: Columns 1 to 8  0.0000   0.3333   0.6667   1.0000   1.3333   1.6667   2.0000   2.3333\n  6.6667   7.0000   7.3333   7.6667   8.0000   8.3333   8.6667   9.0000\n\nColumns 9 to 16  2.6667   3.0000   3.3333   3.6667   4.0000   4.3333   4.6667   5.0000\n  9.3333   9.6667  10.0000  10.3333  10.6667  11.0000  11.3333  11.6667\n\nColumns 17 to 20  5.3333   5.6667   6.0000   6.3333\n 12.0000  12.3333  12.6667  13.0000\n[ torch.FloatTensor{2,20} ]",
    "result = torch.meshgrid(torch.ones(2, 2, dtype=torch.bool), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got:  1  1\n 1  1\n[ CPUBoolType{2,2} ]",
    "result = torch.meshgrid(torch.ones(0, 2, dtype=torch.float64), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: [ torch.DoubleTensor{0,2} ]",
    "result = torch.meshgrid(torch.ones(2, 1, 2, 1, dtype=torch.int8), indexing='ij')": "RuntimeError: torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: (1,1,.,.) = \n 1\n  1\n\n(2,1,.,.) = \n 1\n  1\n[ torch.CharTensor{2,1,2,1} ]",
    # column_stack, row_stack, dstack, atleast_1d/2d/3d (the tensor itself when it has the dims),
    # block_diag (BlockDiagBackward0).
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0])\nresult = torch.column_stack((a, b))": "torch.float32 (3, 2) [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]] rg=False",
    "a = torch.tensor([1.0, 2.0, 3.0])\nresult = torch.column_stack((a, torch.ones(3, 2)))": "torch.float32 (3, 3) [[1.0, 1.0, 1.0], [2.0, 1.0, 1.0], [3.0, 1.0, 1.0]] rg=False",
    "result = torch.column_stack((torch.tensor(1.0), torch.tensor(2.0)))": "torch.float32 (1, 2) [[1.0, 2.0]] rg=False",
    "result = torch.column_stack([torch.tensor([1, 2]), torch.tensor([3.0, 4.0])])": "torch.float32 (2, 2) [[1.0, 3.0], [2.0, 4.0]] rg=False",
    "result = torch.column_stack([])": "RuntimeError: column_stack expects a non-empty TensorList",
    "result = torch.column_stack(torch.tensor([1.0, 2.0]))": "TypeError: column_stack(): argument 'tensors' (position 1) must be tuple of Tensors, not Tensor",
    "result = torch.column_stack((torch.ones(3, 4), torch.ones(3, 2, 2)))": "RuntimeError: Tensors must have same number of dimensions: got 2 and 3",
    "result = torch.column_stack((torch.tensor(1.0), torch.ones(3)))": "RuntimeError: Sizes of tensors must match except in dimension 1. Expected size 1 but got size 3 for tensor number 1 in the list.",
    "result = torch.column_stack((torch.ones(2), [1.0, 2.0]))": "TypeError: expected Tensor as element 1 in argument 0, but got list",
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0])\nresult = torch.row_stack((a, b))": "torch.float32 (2, 3) [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] rg=False",
    "result = torch.row_stack((torch.ones(3), torch.ones(2)))": "RuntimeError: Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in the list.",
    "result = torch.row_stack([])": "RuntimeError: vstack expects a non-empty TensorList",
    "result = torch.row_stack(torch.ones(2))": "TypeError: row_stack(): argument 'tensors' (position 1) must be tuple of Tensors, not Tensor",
    "a, b = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0])\nresult = torch.dstack((a, b))": "torch.float32 (1, 3, 2) [[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]] rg=False",
    "result = torch.dstack((torch.ones(2, 3), torch.zeros(2, 3)))": "torch.float32 (2, 3, 2) [[[1.0, 0.0], [1.0, 0.0], [1.0, 0.0]], [[1.0, 0.0], [1.0, 0.0], [1.0, 0.0]]] rg=False",
    "result = torch.dstack((torch.tensor(1.0), torch.tensor(2)))": "torch.float32 (1, 1, 2) [[[1.0, 2.0]]] rg=False",
    "result = torch.dstack((torch.ones(2, 3), torch.zeros(2, 3))).stride()": "(6, 2, 1)",
    "result = torch.dstack([])": "RuntimeError: dstack expects a non-empty TensorList",
    "result = torch.dstack((torch.ones(2, 3), torch.ones(3, 2)))": "RuntimeError: Sizes of tensors must match except in dimension 2. Expected size 2 but got size 3 for tensor number 1 in the list.",
    "a = torch.tensor([1.0, 2.0])\nresult = torch.atleast_1d(a) is a": "True",
    "result = torch.atleast_1d(torch.tensor(1.0))": "torch.float32 (1,) [1.0] rg=False",
    "result = torch.atleast_1d()": "()",
    "result = torch.atleast_1d(1)": "TypeError: atleast_1d() received an invalid combination of arguments - got (int), but expected one of:\n * (Tensor input)\n      didn't match because some of the arguments have invalid types: (!int!)\n * (tuple of Tensors tensors)\n      didn't match because some of the arguments have invalid types: (!int!)\n",
    "result = torch.atleast_1d([torch.tensor(1.0), torch.tensor([2.0])])": "(torch.float32 (1,) [1.0] rg=False, torch.float32 (1,) [2.0] rg=False)",
    "result = torch.atleast_1d((torch.tensor(1.0),))": "(torch.float32 (1,) [1.0] rg=False)",
    "result = torch.atleast_1d(torch.tensor(1.0), torch.tensor([1.0, 2.0]))": "(torch.float32 (1,) [1.0] rg=False, torch.float32 (2,) [1.0, 2.0] rg=False)",
    "result = torch.atleast_2d(torch.tensor(1.0))": "torch.float32 (1, 1) [[1.0]] rg=False",
    "result = torch.atleast_2d(torch.tensor([1.0, 2.0]))": "torch.float32 (1, 2) [[1.0, 2.0]] rg=False",
    "x = torch.ones(2, 2)\nresult = torch.atleast_2d(x) is x": "True",
    "result = torch.atleast_2d([1, 2])": "TypeError: expected Tensor as element 0 in argument 0, but got int",
    "result = torch.atleast_3d(torch.tensor(1.0))": "torch.float32 (1, 1, 1) [[[1.0]]] rg=False",
    "result = torch.atleast_3d(torch.tensor([1.0, 2.0]))": "torch.float32 (1, 2, 1) [[[1.0], [2.0]]] rg=False",
    "result = torch.atleast_3d(torch.ones(2, 3)).shape": "(2, 3, 1)",
    "result = torch.atleast_3d(torch.ones(2, 3)).stride()": "(3, 1, 1)",
    "result = torch.atleast_3d(torch.ones(2, 2, 2, 2)).shape": "(2, 2, 2, 2)",
    "result = torch.atleast_3d(torch.ones(2), torch.ones(2, 2))": "(torch.float32 (1, 2, 1) [[[1.0], [1.0]]] rg=False, torch.float32 (2, 2, 1) [[[1.0], [1.0]], [[1.0], [1.0]]] rg=False)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\na = torch.tensor([1.0, 2.0], requires_grad=True)\ns = torch.tensor(3.0, requires_grad=True)\nr = torch.atleast_3d(a, s)\nresult = (chain(r[0].grad_fn), chain(r[1].grad_fn), r[0]._base is a)": "('UnsqueezeBackward0[\"UnsqueezeBackward0[\\'torch::autograd::AccumulateGrad[]\\']\"]', \"ViewBackward0['torch::autograd::AccumulateGrad[]']\", True)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\na = torch.tensor([1.0, 2.0], requires_grad=True)\nr = torch.column_stack((a, a * 2))\n(r * r).sum().backward()\nresult = (chain(r.grad_fn), a.grad)": "('CatBackward0[\"ViewBackward0[\\'torch::autograd::AccumulateGrad[]\\']\", \\'ViewBackward0[\"MulBackward0[\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\', \\\\\\'None\\\\\\']\"]\\']', torch.float32 (2,) [10.0, 20.0] rg=False)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\na = torch.tensor([1.0, 2.0], requires_grad=True)\nr = torch.dstack((a, a))\n(r * torch.arange(4.0).reshape(1, 2, 2)).sum().backward()\nresult = (chain(r.grad_fn), a.grad)": "('CatBackward0[\\'UnsqueezeBackward0[\"UnsqueezeBackward0[\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\']\"]\\', \\'UnsqueezeBackward0[\"UnsqueezeBackward0[\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\']\"]\\']', torch.float32 (2,) [1.0, 5.0] rg=False)",
    "result = torch.block_diag(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5]]))": "torch.int64 (3, 3) [[1, 2, 0], [3, 4, 0], [0, 0, 5]] rg=False",
    "result = torch.block_diag(torch.tensor([1.0, 2.0, 3.0]), torch.arange(6.0).reshape(2, 3))": "torch.float32 (3, 6) [[1.0, 2.0, 3.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0, 2.0], [0.0, 0.0, 0.0, 3.0, 4.0, 5.0]] rg=False",
    "result = torch.block_diag(torch.tensor(1), torch.tensor([True]), torch.ones(0, 2))": "torch.float32 (2, 4) [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]] rg=False",
    "result = torch.block_diag(torch.ones(2, 0), torch.ones(0, 3), torch.tensor([1.0, 2.0, 3.0]))": "torch.float32 (3, 6) [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 2.0, 3.0]] rg=False",
    "result = torch.block_diag(torch.tensor([1.0, 2.0]), torch.tensor([1, 2]))": "torch.float32 (2, 4) [[1.0, 2.0, 0.0, 0.0], [0.0, 0.0, 1.0, 2.0]] rg=False",
    "result = torch.block_diag(torch.ones(1, 1, dtype=torch.float64), torch.ones(1, 1))": "torch.float64 (2, 2) [[1.0, 0.0], [0.0, 1.0]] rg=False",
    "result = torch.block_diag()": "torch.float32 (1, 0) [[]] rg=False",
    "result = torch.block_diag(torch.ones(2, 2, 2))": "RuntimeError: torch.block_diag: Input tensors must have 2 or fewer dimensions. Input 0 has 3 dimensions",
    "result = torch.block_diag(torch.ones(2), torch.ones(1, 2, 2))": "RuntimeError: torch.block_diag: Input tensors must have 2 or fewer dimensions. Input 1 has 3 dimensions",
    "result = torch.block_diag([torch.ones(2)])": "TypeError: expected Tensor as element 0 in argument 0, but got list",
    "result = torch.block_diag(torch.ones(2), 3)": "TypeError: expected Tensor as element 1 in argument 0, but got int",
    "a = torch.tensor([1.0, 2.0], requires_grad=True)\nm = torch.ones(2, 2, requires_grad=True)\ns = torch.tensor(5.0, requires_grad=True)\nr = torch.block_diag(a, m, s)\n(r * torch.arange(20.0).reshape(4, 5)).sum().backward()\nresult = (r.grad_fn.name(), a.grad, m.grad, s.grad)": "('BlockDiagBackward0', torch.float32 (2,) [0.0, 1.0] rg=False, torch.float32 (2, 2) [[7.0, 8.0], [12.0, 13.0]] rg=False, torch.float32 () 19.0 rg=False)",
    "a = torch.tensor([1.0, 2.0], requires_grad=True)\nr = torch.block_diag(a, torch.ones(1, 1))\n(g,) = torch.autograd.grad((r * r).sum(), a, create_graph=True)\nresult = g": "torch.float32 (2,) [2.0, 4.0] rg=True",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = (x.repeat(1, 1).stride(), torch.tile(x, (1,)).stride(), x.repeat(2, 1).stride())": "((2, 1), (2, 1), (2, 1))",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = (torch.column_stack((x, x)).stride(), torch.dstack((x, x)).stride(), torch.row_stack((x, x)).stride())": "((4, 1), (4, 2, 1), (2, 1))",
    # diff: n times narrow(1) - narrow(0) (SubBackward0 of SliceBackward0s; logical_xor for
    # bool), prepend/append concatenated first; n = 0 is a copy (CopyBackwards).
    "result = torch.diff(torch.tensor([1.0, 4.0, 9.0, 16.0]))": "torch.float32 (3,) [3.0, 5.0, 7.0] rg=False",
    "result = torch.diff(torch.tensor([1.0, 4.0, 9.0, 16.0]), n=2)": "torch.float32 (2,) [2.0, 2.0] rg=False",
    "result = torch.diff(torch.arange(12.0).reshape(3, 4) ** 2, dim=0)": "torch.float32 (2, 4) [[16.0, 24.0, 32.0, 40.0], [48.0, 56.0, 64.0, 72.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).diff(dim=1, n=2)": "torch.float32 (3, 2) [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]] rg=False",
    "result = torch.diff(torch.tensor([1.0, 2.0, 3.0]), n=5)": "torch.float32 (0,) [] rg=False",
    "result = torch.diff(torch.tensor([1.0, 2.0, 3.0]), n=3)": "torch.float32 (0,) [] rg=False",
    "result = torch.diff(torch.tensor([1.0, 2.0, 3.0]), n=0)": "torch.float32 (3,) [1.0, 2.0, 3.0] rg=False",
    "result = torch.diff(torch.tensor([1.0, 2.0, 3.0]), prepend=torch.tensor([1, 2]))": "torch.float32 (4,) [1.0, -1.0, 1.0, 1.0] rg=False",
    "result = torch.diff(torch.tensor([1, 5, 2]), append=torch.tensor([2.5]))": "torch.float32 (3,) [4.0, -3.0, 0.5] rg=False",
    "result = torch.diff(torch.tensor([1.0, 5.0]), prepend=torch.tensor([0.0]), append=torch.tensor([10.0]))": "torch.float32 (3,) [1.0, 4.0, 5.0] rg=False",
    "result = torch.diff(torch.ones(2, 3), dim=0, prepend=torch.zeros(1, 3))": "torch.float32 (2, 3) [[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]] rg=False",
    "result = torch.diff(torch.tensor([True, False, False]))": "torch.bool (2,) [True, False] rg=False",
    "result = torch.diff(torch.tensor([1, 5, 2], dtype=torch.uint8))": "torch.uint8 (2,) [4, 253] rg=False",
    "result = torch.diff(torch.tensor([1.0, 2.0, 3.0]), 1, 0, None, None)": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "result = torch.tensor([1.0, 3.0]).diff(1, -1)": "torch.float32 (1,) [2.0] rg=False",
    "result = torch.diff(torch.tensor(1.0))": "RuntimeError: diff expects input to be at least one-dimensional",
    "result = torch.diff(torch.tensor([1.0, 2.0]), n=-1)": "RuntimeError: order must be non-negative but got -1",
    "result = torch.diff(torch.tensor([1.0, 2.0]), prepend=torch.tensor(1.0))": "RuntimeError: diff expects prepend or append to be the same dimension as input",
    "result = torch.diff(torch.ones(3, 4), prepend=torch.ones(4))": "RuntimeError: diff expects prepend or append to be the same dimension as input",
    "result = torch.diff(torch.ones(3, 4), dim=0, prepend=torch.ones(2, 3))": "RuntimeError: diff expects the shape of tensor to prepend or append to match that of input except along the differencing dimension; input.size(1) = 4, but got tensor.size(1) = 3",
    "result = torch.diff(torch.tensor([1.0, 2.0]), dim=1)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "result = torch.diff(torch.tensor([1.0, 2.0]), 1.0)": "TypeError: diff(): argument 'n' (position 2) must be int, not float",
    "result = torch.diff(torch.tensor([1.0, 2.0]), prepend=[1.0])": "TypeError: diff(): argument 'prepend' must be Tensor, not list",
    "result = torch.diff([1.0, 2.0])": "TypeError: diff(): argument 'input' (position 1) must be Tensor, not list",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\nx = torch.tensor([1.0, 4.0, 9.0, 16.0], requires_grad=True)\nr = torch.diff(x, n=2)\n(r * torch.tensor([1.0, 10.0])).sum().backward()\nresult = (chain(r.grad_fn), x.grad)": "('SubBackward0[\\'SliceBackward0[\\\\\\'SubBackward0[\"SliceBackward0[\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\']\", \"SliceBackward0[\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\']\"]\\\\\\']\\', \\'SliceBackward0[\\\\\\'SubBackward0[\"SliceBackward0[\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\']\", \"SliceBackward0[\\\\\\\\\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\\\\\\\\\']\"]\\\\\\']\\']', torch.float32 (4,) [1.0, 8.0, -19.0, 10.0] rg=False)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\nx = torch.tensor([1.0, 4.0], requires_grad=True)\np = torch.tensor([0.5], requires_grad=True)\nr = torch.diff(x, prepend=p)\n(r * r).sum().backward()\nresult = (chain(r.grad_fn), x.grad, p.grad)": "('SubBackward0[\\'SliceBackward0[\"CatBackward0[\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\', \\\\\\'torch::autograd::AccumulateGrad[]\\\\\\']\"]\\', \\'SliceBackward0[\"CatBackward0[\\\\\\'torch::autograd::AccumulateGrad[]\\\\\\', \\\\\\'torch::autograd::AccumulateGrad[]\\\\\\']\"]\\']', torch.float32 (2,) [-5.0, 6.0] rg=False, torch.float32 (1,) [-1.0] rg=False)",
    "def chain(f):\n    return 'None' if f is None else f.name() + str([chain(g) for g, _ in f.next_functions])\nx = torch.tensor([1.0, 4.0], requires_grad=True)\nr = torch.diff(x, n=0)\nresult = (chain(r.grad_fn), r)": "(\"torch::autograd::CopyBackwards['None', 'torch::autograd::AccumulateGrad[]']\", torch.float32 (2,) [1.0, 4.0] rg=True)",
    "x = torch.arange(6.0).reshape(2, 3).t()\nresult = (torch.diff(x, n=0).stride(), torch.diff(x).stride(), torch.diff(x, dim=0).stride())": "((1, 3), (1, 1), (1, 2))",
    "result = torch.diff(torch.ones(3), prepend=torch.ones(1), out=torch.ones(3), extra=1)": "TypeError: diff() got an unexpected keyword argument 'extra'",
    "result = torch.arange(4.0).reshape(2, 2).tril(1, k=2)": "TypeError: tril() got an unexpected keyword argument 'k'",
    # logspace: pow(base, start + step * i) from the start, pow(base, end - step * (steps - 1 - i))
    # from the end, in double with libm's pow (integer dtypes: a float32 base, truncated).
    "result = torch.logspace(0, 2, 5)": "torch.float32 (5,) [1.0, 3.16228, 10.0, 31.6228, 100.0] rg=False",
    "result = torch.logspace(0, 2, 5, 2)": "torch.float32 (5,) [1.0, 1.41421, 2.0, 2.82843, 4.0] rg=False",
    "result = torch.logspace(-1.5, 1.5, 4, base=3.0)": "torch.float32 (4,) [0.19245, 0.57735, 1.73205, 5.19615] rg=False",
    "result = torch.logspace(0, 2, 5, base=2, dtype=torch.int64)": "torch.int64 (5,) [1, 1, 2, 2, 4] rg=False",
    "result = torch.logspace(0, 3, 4, dtype=torch.int32)": "torch.int32 (4,) [1, 10, 100, 1000] rg=False",
    "result = torch.logspace(0, 2, 5, dtype=torch.float16)": "torch.float16 (5,) [1.0, 3.16211, 10.0, 31.625, 100.0] rg=False",
    "result = torch.logspace(0, 2, 5, dtype=torch.float64)": "torch.float64 (5,) [1.0, 3.16228, 10.0, 31.6228, 100.0] rg=False",
    "result = torch.logspace(0, 2, 1)": "torch.float32 (1,) [1.0] rg=False",
    "result = torch.logspace(2, 0, 3)": "torch.float32 (3,) [100.0, 10.0, 1.0] rg=False",
    "result = torch.logspace(0, 2, 0)": "torch.float32 (0,) [] rg=False",
    "result = torch.logspace(torch.tensor(0.0), torch.tensor(2.0), 3)": "torch.float32 (3,) [1.0, 10.0, 100.0] rg=False",
    "result = torch.logspace(0, torch.tensor(2), 3)": "torch.float32 (3,) [1.0, 10.0, 100.0] rg=False",
    "result = torch.logspace(0, 400, 3, dtype=torch.float64)": "torch.float64 (3,) [1.0, 1e+200, inf] rg=False",
    "result = torch.logspace(0, 1, 3, base=-2.0)": "torch.float32 (3,) [1.0, nan, -2.0] rg=False",
    "result = torch.logspace(start=0, end=1, steps=3, base=10.0)": "torch.float32 (3,) [1.0, 3.16228, 10.0] rg=False",
    "result = torch.logspace(0, 1, 3, requires_grad=True)": "torch.float32 (3,) [1.0, 3.16228, 10.0] rg=True",
    "result = torch.logspace(0, 1, 3, dtype=torch.int64, requires_grad=True)": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "result = torch.logspace(0, 2, -1)": "RuntimeError: number of steps must be non-negative",
    "result = torch.logspace(0, 2)": "TypeError: logspace() received an invalid combination of arguments - got (int, int), but expected one of:\n * (Tensor start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n",
    "result = torch.logspace(0, 2, 5, dtype=torch.bool)": "NotImplementedError: \"logspace_cpu\" not implemented for 'Bool'",
    "result = torch.logspace(0, 2, 1, dtype=torch.bool)": "torch.bool (1,) [True] rg=False",
    "result = torch.logspace(0, 2, 1, dtype=torch.uint8, base=100.0)": "torch.uint8 (1,) [1] rg=False",
    "result = torch.logspace(0, 2, 2.5)": "TypeError: logspace() received an invalid combination of arguments - got (int, int, float), but expected one of:\n * (Tensor start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n",
    "result = torch.logspace(0, 2, 3, 'a')": "TypeError: logspace() received an invalid combination of arguments - got (int, int, int, str), but expected one of:\n * (Tensor start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n",
    "result = torch.logspace('a', 2, 3)": "TypeError: logspace() received an invalid combination of arguments - got (str, int, int), but expected one of:\n * (Tensor start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n",
    "result = torch.logspace(torch.tensor([0.0]), 2, 3)": "RuntimeError: logspace only supports 0-dimensional start and end tensors, but got start with 1 dimension(s).",
    "result = torch.logspace(0, 2, 3, dtype='float32')": "TypeError: logspace() received an invalid combination of arguments - got (int, int, int, dtype=str), but expected one of:\n * (Tensor start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Tensor start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n * (Number start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n",
    # students' idioms, argument types (numpy and 0-d tensor ints), grad modes and layouts.
    "result = torch.arange(12.0).reshape(3, 4).roll(1, dims=0)": "torch.float32 (3, 4) [[8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]] rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), np.int64(1))": "torch.float32 (3, 4) [[11.0, 0.0, 1.0, 2.0], [3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0]] rg=False",
    "result = torch.roll(torch.arange(12.0).reshape(3, 4), torch.tensor(1), 0)": "torch.float32 (3, 4) [[8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]] rg=False",
    "result = torch.tile(torch.arange(12.0).reshape(3, 4), [np.int64(2)])": "torch.float32 (3, 8) [[0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(np.int64(2))": "torch.float32 (24,) [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0, 7.0, 8.0, 8.0, 9.0, 9.0, 10.0, 10.0, 11.0, 11.0] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).repeat_interleave(torch.tensor(2), dim=np.int64(0))": "torch.float32 (6, 4) [[0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tril(np.int64(1))": "torch.float32 (3, 4) [[0.0, 1.0, 0.0, 0.0], [4.0, 5.0, 6.0, 0.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tril(torch.tensor(1))": "torch.float32 (3, 4) [[0.0, 1.0, 0.0, 0.0], [4.0, 5.0, 6.0, 0.0], [8.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.arange(12.0).reshape(3, 4).tril(True)": "TypeError: tril(): argument 'diagonal' (position 1) must be int, not bool",
    "result = torch.triu_indices(np.int64(3), 3)": "torch.int64 (2, 6) [[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]] rg=False",
    "result = torch.diff(torch.arange(12.0).reshape(3, 4), dim=np.int64(0))": "torch.float32 (2, 4) [[4.0, 4.0, 4.0, 4.0], [4.0, 4.0, 4.0, 4.0]] rg=False",
    "result = torch.combinations(torch.arange(4), np.int64(2))": "torch.int64 (6, 2) [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]] rg=False",
    "scores = torch.arange(9.0).reshape(3, 3)\nmask = torch.triu(torch.ones(3, 3), diagonal=1).bool()\nresult = scores.masked_fill(mask, float('-inf')).softmax(-1)": "torch.float32 (3, 3) [[1.0, 0.0, 0.0], [0.268941, 0.731059, 0.0], [0.0900306, 0.244728, 0.665241]] rg=False",
    "x = torch.arange(6.0).reshape(2, 3)\nresult = torch.stack(torch.meshgrid(torch.arange(2), torch.arange(3), indexing='ij'), dim=-1)": "torch.int64 (2, 3, 2) [[[0, 0], [0, 1], [0, 2]], [[1, 0], [1, 1], [1, 2]]] rg=False",
    "i, j = torch.tril_indices(3, 3)\nm = torch.zeros(3, 3)\nm[i, j] = 1.0\nresult = m": "torch.float32 (3, 3) [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]] rg=False",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = x.tril()\nr.retain_grad()\nr.sum().backward()\nresult = (r.grad, x.grad)": "(torch.float32 (3, 4) [[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]] rg=False, torch.float32 (3, 4) [[1.0, 0.0, 0.0, 0.0], [1.0, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0]] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4)\nwith torch.no_grad():\n    r = x.requires_grad_().triu_()": "None",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nwith torch.no_grad():\n    y = x.roll(1)\nresult = (y.requires_grad, y.grad_fn)": "(False, None)",
    "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\nwith torch.inference_mode():\n    y = x.tile(2)\nresult = (y.requires_grad, y.is_inference())": "(False, True)",
    "x = torch.arange(12.0).reshape(3, 4)\ny = x.t()\nresult = (y.tril_().stride(), x)": "((1, 4), torch.float32 (3, 4) [[0.0, 1.0, 2.0, 3.0], [0.0, 5.0, 6.0, 7.0], [0.0, 0.0, 10.0, 11.0]] rg=False)",
    "result = torch.meshgrid(torch.tensor([1.0, 2.0]), torch.tensor(3.0), indexing='xy')": "(torch.float32 (1, 2) [[1.0, 2.0]] rg=False, torch.float32 (1, 2) [[3.0, 3.0]] rg=False)",
    "result = torch.atleast_2d(torch.tensor(1.0)).stride()": "(1, 1)",
    "result = torch.block_diag(torch.ones(2, 2).t(), torch.ones(1, 3)).stride()": "(5, 1)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_shape_ops_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_shape_op_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


_MESHGRID_WARNING = """
import warnings
import {module} as torch
a = torch.tensor([1.0, 2.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.meshgrid(a, a)
    torch.meshgrid([a, a])
    torch.meshgrid(a, a, indexing="ij")
for warning in caught:
    print(warning.category.__name__, warning.message)
"""

_MESHGRID_WARNING_TEXT = (
    "UserWarning torch.meshgrid: in an upcoming release, it will be required to pass the "
    "indexing argument. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4215.)\n"
)


def _meshgrid_warnings(module: str) -> str:
    # a fresh process: torch warns once per process (TORCH_WARN_ONCE)
    code = _MESHGRID_WARNING.format(module=module)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return run.stdout


def test_meshgrid_without_indexing_warns_once() -> None:
    assert _meshgrid_warnings("gradekit.engine") == _MESHGRID_WARNING_TEXT


@pytest.mark.torch
def test_meshgrid_warning_is_torchs(real_torch: ModuleType) -> None:
    assert _meshgrid_warnings("torch") == _MESHGRID_WARNING_TEXT


# -- differentials: random shapes, arguments and layouts against live torch -----------------

_LAYOUTS = ("contiguous", "transposed", "sliced")


def _input(module: ModuleType, values: np.ndarray, layout: str) -> object:
    if layout == "transposed" and values.ndim >= 2:
        return module.tensor(np.ascontiguousarray(values.swapaxes(-1, -2))).transpose(-1, -2)
    if layout == "sliced" and values.ndim >= 1:
        doubled = np.concatenate([values, values], axis=-1)
        return module.tensor(doubled)[..., ::2]
    return module.tensor(values)


_OPS = {
    "tril": lambda T, x, k, s: T.tril(x, k),
    "triu": lambda T, x, k, s: x.triu(diagonal=-k),
    "tril_": lambda T, x, k, s: (x * 1).tril_(k),
    "roll": lambda T, x, k, s: T.roll(x, k, s % x.dim()),
    "roll_flat": lambda T, x, k, s: x.roll(k),
    "roll_two": lambda T, x, k, s: x.roll((k, -s), (0, -1)),
    "tile": lambda T, x, k, s: T.tile(x, (abs(k) % 3 + 1,) * (s % 4)),
    "repeat_interleave": lambda T, x, k, s: x.repeat_interleave(abs(k) % 3, dim=s % x.dim()),
    "repeat_interleave_flat": lambda T, x, k, s: T.repeat_interleave(x, abs(k) % 3),
    "repeat_interleave_tensor": lambda T, x, k, s: x.repeat_interleave(
        T.arange(x.shape[0]) % (abs(k) + 1), dim=0
    ),
    "moveaxis": lambda T, x, k, s: T.moveaxis(x, 0, -1),
    "swapdims": lambda T, x, k, s: T.swapdims(x, 0, -1),
    "diff": lambda T, x, k, s: T.diff(x, n=abs(k) % 3, dim=s % x.dim()),
    "diff_prepend": lambda T, x, k, s: x.diff(prepend=x[..., :1] * 2, append=x[..., -1:]),
    "column_stack": lambda T, x, k, s: T.column_stack((x, x * 2)),
    "dstack": lambda T, x, k, s: T.dstack([x, x.flip(0)]),
    "block_diag": lambda T, x, k, s: T.block_diag(x.flatten(0, -2), x.flatten()[:3], x.sum()),
    "combinations": lambda T, x, k, s: T.combinations(x.flatten()[:5], abs(k) % 3 + 1, s % 2 == 0),
    "cartesian_prod": lambda T, x, k, s: T.cartesian_prod(x.flatten()[:4], x.flatten()[:2]),
    "meshgrid": lambda T, x, k, s: T.meshgrid(x.flatten()[:3], x.flatten()[:2], indexing="xy")[
        s % 2
    ],
}


def _run(module: ModuleType, op: str, values: np.ndarray, layout: str, k: int, s: int) -> list:
    leaf = _input(module, values, layout)
    leaf.requires_grad_(True)
    source = leaf * 1 if op == "tril_" else leaf
    out = _OPS[op](module, source if op != "tril_" else leaf, k, s)
    seen = [
        out.detach().numpy().copy(),
        # strides of dims longer than 1 (the engine's size-1 and empty strides follow numpy)
        tuple(st for st, n in zip(out.stride(), out.shape, strict=True) if n > 1)
        if out.numel()
        else (),
        out.grad_fn.name() if out.grad_fn is not None else None,
    ]
    if out.requires_grad and out.numel():
        weights = np.arange(out.numel(), dtype=values.dtype).reshape(tuple(out.shape)) % 7 - 3
        (out * module.tensor(weights)).sum().backward()
        seen.append(leaf.grad.numpy().copy())
    return seen


@st.composite
def _cases(draw: st.DrawFn) -> tuple:
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=2, max_size=4)))
    dtype = draw(st.sampled_from(["float32", "float64"]))
    seed = draw(st.integers(0, 2**16))
    values = np.random.default_rng(seed).standard_normal(shape).astype(dtype)
    return (
        values,
        draw(st.sampled_from(_LAYOUTS)),
        draw(st.integers(-4, 4)),
        draw(st.integers(0, 7)),
    )


@pytest.mark.torch
@pytest.mark.parametrize("op", sorted(_OPS))
@settings(max_examples=40, deadline=None)
@given(case=_cases())
def test_shape_ops_as_torch(op: str, case: tuple, real_torch: ModuleType) -> None:
    values, layout, k, s = case
    if op == "tril_":  # (in place on a non-leaf: the leaf's copy)
        ours = _run_inplace(engine, values, layout, k)
        theirs = _run_inplace(real_torch, values, layout, k)
    else:
        ours = _run(engine, op, values, layout, k, s)
        theirs = _run(real_torch, op, values, layout, k, s)
    assert len(ours) == len(theirs)
    for mine, torchs in zip(ours, theirs, strict=True):
        if isinstance(mine, np.ndarray):
            assert mine.dtype == torchs.dtype and mine.shape == torchs.shape
            assert np.array_equal(mine.view(np.uint8), torchs.view(np.uint8))
        else:
            assert mine == torchs


def _run_inplace(module: ModuleType, values: np.ndarray, layout: str, k: int) -> list:
    leaf = module.tensor(values, requires_grad=True)
    base = leaf * 1
    view = base.transpose(-1, -2) if layout == "transposed" else base[..., 1:]
    view.tril_(k)
    weights = np.arange(base.numel(), dtype=values.dtype).reshape(values.shape) % 5 - 2
    (base * module.tensor(weights)).sum().backward()
    return [
        base.detach().numpy().copy(),
        base.grad_fn.name(),
        view.grad_fn.name(),
        leaf.grad.numpy().copy(),
    ]


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["int64", "int32", "bool", "float16", "uint8"])
def test_integer_and_half_dtypes_as_torch(dtype: str, real_torch: ModuleType) -> None:
    rng = np.random.default_rng(5)
    for trial in range(40):
        shape = tuple(int(n) for n in rng.integers(1, 5, 3))
        values = (rng.integers(0, 200, shape) % (2 if dtype == "bool" else 200)).astype(dtype)
        results = []
        for module in (engine, real_torch):
            x = module.tensor(values)
            k = int(trial % 5) - 2
            results.append(
                [
                    module.tril(x, k),
                    x.triu(k),
                    x.roll(k, trial % 3),
                    x.tile((2, 1)),
                    x.repeat_interleave(trial % 3, dim=1),
                    module.diff(x, n=trial % 3, dim=trial % 3),
                    module.block_diag(x[0], x.flatten()[0]),
                    module.dstack((x[0], x[0])),
                ]
            )
        for mine, torchs in zip(*results, strict=True):
            assert str(mine.dtype) == str(torchs.dtype) and tuple(mine.shape) == tuple(torchs.shape)
            assert np.array_equal(mine.numpy(), torchs.numpy())


def _logspaces(module: ModuleType, dtype: str) -> list:
    rng = np.random.default_rng(0)
    results = []
    for trial in range(400):
        start, end = (float(v) for v in rng.uniform(-5, 5, 2))
        if dtype in ("int64", "int32", "uint8"):
            start, end = int(rng.integers(0, 4)), int(rng.integers(0, 6))
        steps = int(rng.integers(0, 60))
        base = [10.0, 2.0, float(np.e), 3.7, 0.5][trial % 5]
        values = module.logspace(start, end, steps, base, dtype=getattr(module, dtype))
        results.append(values.numpy())
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int64", "int32", "uint8"])
def test_logspace_bit_for_bit(dtype: str, real_torch: ModuleType) -> None:
    # 400 calls per dtype (73,200 elements in all): every element torch's
    ours, theirs = _logspaces(engine, dtype), _logspaces(real_torch, dtype)
    for mine, torchs in zip(ours, theirs, strict=True):
        assert mine.dtype == torchs.dtype
        assert np.array_equal(mine.view(np.uint8), torchs.view(np.uint8))


def _meshgrid_ndim_messages(module: ModuleType) -> list[str]:
    # torch's message prints the tensor in ATen's C++ format: random values of every scale
    rng = np.random.default_rng(1)
    messages = []
    for trial in range(300):
        shape = tuple(int(n) for n in rng.integers(1, 5, int(rng.integers(2, 5))))
        if trial % 7 == 0:  # (rows longer than 80 characters: blocks of columns)
            shape = (2, int(rng.integers(10, 40)))
        values = rng.standard_normal(shape) * 10.0 ** rng.integers(-8, 12)
        if trial % 3 == 0:
            values = np.round(values)
        dtype = ["float32", "float64", "int64"][trial % 3]
        if dtype == "int64":
            values = np.clip(values, -1e15, 1e15)
        try:
            module.meshgrid(module.tensor(values.astype(dtype)), indexing="ij")
        except RuntimeError as failure:
            messages.append(str(failure))
    return messages


@pytest.mark.torch
def test_meshgrid_ndim_message_as_torch(real_torch: ModuleType) -> None:
    ours, theirs = _meshgrid_ndim_messages(engine), _meshgrid_ndim_messages(real_torch)
    assert len(theirs) == 300
    assert ours == theirs
