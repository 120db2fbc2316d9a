# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""as_strided / as_strided_, Tensor.unfold, empty_strided / new_empty_strided, sum_to_size,
the in-place view ops (unsqueeze_, squeeze_, t_, transpose_, swapdims_, swapaxes_),
hsplit / vsplit / dsplit / split_with_sizes, diag_embed, diagflat, fill_diagonal_,
is_same_size, is_nonzero and untyped_storage of ops/strided.py against torch: values, shapes, strides, storage offsets, grad_fn names,
gradients and double backward, and torch's errors.  Goldens captured from torch 2.13 with
``audit_outcomes.outcome`` (a torch-marked twin checks they are still torch's), and
hypothesis differentials over random geometries, windows and chains of in-place view ops."""

from __future__ import annotations

import math
from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    "x = torch.arange(6.0)\ny = x.as_strided((2, 2), (1, 2), 1)\nresult = (y, y.stride(), y.storage_offset(), y._base is x, y.is_contiguous())": "(torch.float32 (2, 2) [[1.0, 3.0], [2.0, 4.0]] rg=False, (1, 2), 1, True, False)",
    "x = torch.arange(6.0)\ny = torch.as_strided(x, (2, 3), (3, 1))\nresult = (y, y.stride(), y.is_contiguous())": "(torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False, (3, 1), True)",
    "x = torch.arange(6.0)[2:]\nresult = (x.as_strided((2,), (1,)), x.as_strided((2,), (1,)).storage_offset(), x.as_strided((2,), (1,), 0))": "(torch.float32 (2,) [2.0, 3.0] rg=False, 2, torch.float32 (2,) [0.0, 1.0] rg=False)",
    "x = torch.arange(6.0)\nresult = x.as_strided((2,), (1,), 5)": "RuntimeError: setStorage: sizes [2], strides [1], storage offset 5, and itemsize 4 requiring a storage size of 28 are out of bounds for storage of size 24",
    "x = torch.arange(6, dtype=torch.int64)\nresult = x.as_strided((2, 3), (3, 2))": "RuntimeError: setStorage: sizes [2, 3], strides [3, 2], storage offset 0, and itemsize 8 requiring a storage size of 64 are out of bounds for storage of size 48",
    "result = torch.arange(6.0).as_strided((2,), (-1,))": "RuntimeError: as_strided: Negative strides are not supported at the moment, got strides: [-1]",
    "result = torch.arange(6.0).as_strided((2, 3), (1,))": "RuntimeError: mismatch in length of strides and shape",
    "result = torch.arange(6.0).as_strided((2,), (1,), -1)": "RuntimeError: Tensor: invalid storage offset -1",
    "result = torch.arange(6.0).as_strided((2, -1), (1, 1))": "RuntimeError: Storage size calculation overflowed with sizes=[2, -1] and strides=[1, 1]",
    "result = torch.arange(6.0).as_strided('a', (1,))": "TypeError: as_strided(): argument 'size' (position 1) must be tuple of ints, not str",
    "result = torch.as_strided(torch.arange(6.0), (2,), (1,), 1.5)": "TypeError: as_strided(): argument 'storage_offset' (position 4) must be int, not float",
    "result = torch.arange(6.0).as_strided((2,))": 'TypeError: as_strided() missing 1 required positional arguments: "stride"',
    "x = torch.arange(6.0)\ny = x.as_strided((3, 3), (1, 1))\nresult = (y, y.stride(), y.is_contiguous())": "(torch.float32 (3, 3) [[0.0, 1.0, 2.0], [1.0, 2.0, 3.0], [2.0, 3.0, 4.0]] rg=False, (1, 1), False)",
    "x = torch.arange(6.0)\ny = x.as_strided((2, 2), (1, 2))\ny.mul_(10)\nresult = (x, y)": "(torch.float32 (6,) [0.0, 10.0, 20.0, 30.0, 4.0, 5.0] rg=False, torch.float32 (2, 2) [[0.0, 20.0], [10.0, 30.0]] rg=False)",
    "x = torch.arange(6.0, requires_grad=True)\ny = x.as_strided((2, 2), (1, 2), 1)\n(y * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AsStridedBackward0', torch.float32 (6,) [0.0, 1.0, 3.0, 2.0, 4.0, 0.0] rg=False)",
    "x = torch.arange(6.0, requires_grad=True)\ny = x.as_strided((2, 2), (1, 1))\n(y * y).sum().backward()\nresult = x.grad": "torch.float32 (6,) [0.0, 4.0, 4.0, 0.0, 0.0, 0.0] rg=False",
    "x = torch.arange(6.0, requires_grad=True)\ny = x.as_strided((2, 2), (1, 2))\ng, = torch.autograd.grad((y * y).sum(), x, create_graph=True)\nresult = (g, g.grad_fn.name(), g.grad_fn.next_functions[0][0].name(), torch.autograd.grad(g.sum(), x)[0])": "(torch.float32 (6,) [0.0, 2.0, 4.0, 6.0, 0.0, 0.0] rg=True, 'AsStridedBackward0', 'torch::autograd::CopySlices', torch.float32 (6,) [2.0, 2.0, 2.0, 2.0, 0.0, 0.0] rg=False)",
    "x = torch.arange(6.0, requires_grad=True)\ny = x.as_strided((2, 2), (1, 1))\ng, = torch.autograd.grad((y * y).sum(), x, create_graph=True)\nresult = (g, g.grad_fn.name(), g.grad_fn.next_functions[0][0].name(), torch.autograd.grad(g.sum(), x)[0])": "(torch.float32 (6,) [0.0, 4.0, 4.0, 0.0, 0.0, 0.0] rg=True, 'AsStridedBackward0', 'IndexAddBackward0', torch.float32 (6,) [2.0, 4.0, 2.0, 0.0, 0.0, 0.0] rg=False)",
    "x = torch.arange(6.0, requires_grad=True)\ny = x.reshape(2, 3).t().as_strided((2, 2), (2, 1), 1)\n(y * y).sum().backward()\nresult = (y, x.grad)": "(torch.float32 (2, 2) [[1.0, 2.0], [3.0, 4.0]] rg=True, torch.float32 (6,) [0.0, 2.0, 4.0, 6.0, 8.0, 0.0] rg=False)",
    "x = torch.arange(12.0).reshape(3, 4)\nu = x.unfold(1, 2, 1)\nresult = (u, u.stride(), u.storage_offset(), u._base is x)": "(torch.float32 (3, 3, 2) [[[0.0, 1.0], [1.0, 2.0], [2.0, 3.0]], [[4.0, 5.0], [5.0, 6.0], [6.0, 7.0]], [[8.0, 9.0], [9.0, 10.0], [10.0, 11.0]]] rg=False, (4, 1, 1), 0, False)",
    "x = torch.arange(12.0).reshape(3, 4)\nu = x.t().unfold(0, 2, 2)\nresult = (u, u.stride(), u.shape)": "(torch.float32 (2, 3, 2) [[[0.0, 1.0], [4.0, 5.0], [8.0, 9.0]], [[2.0, 3.0], [6.0, 7.0], [10.0, 11.0]]] rg=False, (2, 4, 1), (2, 3, 2))",
    "result = (torch.tensor(3.0).unfold(0, 1, 1), torch.tensor(3.0).unfold(0, 1, 1).stride(), torch.ones(3).unfold(0, 0, 1).shape)": "(torch.float32 (1,) [3.0] rg=False, (1), (4, 0))",
    "result = torch.ones(3).unfold(0, 4, 1)": "RuntimeError: maximum size for tensor at dimension 0 is 3 but size is 4",
    "result = torch.ones(3).unfold(0, 2, 0)": "RuntimeError: step is 0 but must be > 0",
    "result = torch.ones(3).unfold(0, -1, 0)": "RuntimeError: size is -1 but must be >= 0",
    "result = torch.ones(3).unfold(1, 2, 1)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "result = torch.tensor(3.0).unfold(0, 2, 1)": "RuntimeError: maximum size for tensor at dimension 0 is 1 but size is 2",
    "result = torch.ones(3).unfold(0, 1.5, 1)": "TypeError: unfold(): argument 'size' (position 2) must be int, not float",
    "x = torch.arange(12.0, requires_grad=True)\nu = x.reshape(3, 4).unfold(1, 2, 1)\ng, = torch.autograd.grad((u * u).sum(), x, create_graph=True)\nresult = (u.grad_fn.name(), g, g.grad_fn.name(), torch.autograd.grad(g.sum(), x)[0])": "('UnfoldBackward0', torch.float32 (12,) [0.0, 4.0, 8.0, 6.0, 8.0, 20.0, 24.0, 14.0, 16.0, 36.0, 40.0, 22.0] rg=True, 'ViewBackward0', torch.float32 (12,) [2.0, 4.0, 4.0, 2.0, 2.0, 4.0, 4.0, 2.0, 2.0, 4.0, 4.0, 2.0] rg=False)",
    "x = torch.empty_strided((2, 3), (1, 2))\nresult = (x.shape, x.stride(), x.is_contiguous(), x.dtype)": "((2, 3), (1, 2), False, torch.float32)",
    "x = torch.empty_strided((2, 3), (0, 0), dtype=torch.int64, requires_grad=False)\nresult = (x.stride(), x.dtype)": "((0, 0), torch.int64)",
    "result = torch.empty_strided((2, 3), (1,))": "RuntimeError: dimensionality of sizes (2) must match dimensionality of strides (1)",
    "result = torch.empty_strided((2, -3), (1, 1))": "RuntimeError: Trying to create tensor with negative dimension -3: [2, -3]",
    "result = torch.empty_strided((2, 3), (3, 1), dtype=torch.int64, requires_grad=True)": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "x = torch.ones(2, dtype=torch.float64).new_empty_strided((2, 3), (1, 2))\nresult = (x.shape, x.stride(), x.dtype, x.requires_grad)": "((2, 3), (1, 2), torch.float64, False)",
    "x = torch.arange(6.0, requires_grad=True).reshape(2, 3)\ns = x.sum_to_size(1, 3)\nresult = (s, s.grad_fn.name(), x.sum_to_size(2, 3) is x, x.sum_to_size(3).grad_fn.name(), x.sum_to_size((2, 1)), x.sum_to_size([3]))": "(torch.float32 (1, 3) [[3.0, 5.0, 7.0]] rg=True, 'SumBackward1', True, 'ViewBackward0', torch.float32 (2, 1) [[3.0], [12.0]] rg=True, torch.float32 (3,) [3.0, 5.0, 7.0] rg=True)",
    "result = torch.ones(2, 3).sum_to_size(2)": "RuntimeError: size {[2]} is not expandable to size {[2, 3]}.",
    "result = torch.ones(3).sum_to_size(1, 3, 1)": "RuntimeError: size {[1, 3, 1]} is not expandable to size {[3]}.",
    "x = torch.arange(6.0, requires_grad=True)\ny = x * 1\nr = y.unsqueeze_(0)\nresult = (r is y, y.shape, y.stride(), y._version, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), torch.autograd.grad((y * y).sum(), x)[0])": "(True, (1, 6), (6, 1), 1, 'UnsqueezeBackward1', 'MulBackward0', torch.float32 (6,) [0.0, 2.0, 4.0, 6.0, 8.0, 10.0] rg=False)",
    "x = torch.arange(6.0, requires_grad=True)\ny = (x * 1).reshape(1, 6, 1)\ny.squeeze_()\na = y.grad_fn.name()\ny.unsqueeze_(1).squeeze_(1)\nb = y.grad_fn.name()\ny.unsqueeze_(0).squeeze_((0,))\nresult = (a, b, y.grad_fn.name(), y.shape, y._version)": "('SqueezeBackward3', 'SqueezeBackward4', 'SqueezeBackward5', (6), 5)",
    "x = torch.arange(6.0, requires_grad=True)\ny = (x * 1).reshape(2, 3)\ny.t_()\na = (y.grad_fn.name(), y.shape, y.stride(), y.is_contiguous())\ny.transpose_(0, 1)\nb = (y.grad_fn.name(), y.stride())\ny.swapdims_(0, 1).swapaxes_(1, 0)\nresult = (a, b, y.grad_fn.name(), y.stride(), torch.autograd.grad((y * torch.arange(6.0).reshape(2, 3)).sum(), x)[0])": "(('TBackward1', (3, 2), (1, 3), False), ('TransposeBackward1', (3, 1)), 'TransposeBackward1', (3, 1), torch.float32 (6,) [0.0, 1.0, 2.0, 3.0, 4.0, 5.0] rg=False)",
    "x = torch.arange(6.0, requires_grad=True)\nresult = x.unsqueeze_(0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.arange(6.0, requires_grad=True)\nresult = x[1:].unsqueeze_(0)": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.arange(6.0, requires_grad=True)\nresult = x.t_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.arange(6.0, requires_grad=True)\nv = (x * 1)[1:]\nv.unsqueeze_(0)\nresult = (v.shape, v._base.shape, v.grad_fn.name(), v.grad_fn.next_functions[0][0].name(), torch.autograd.grad(v.sum(), x)[0])": "((1, 5), (6), 'UnsqueezeBackward1', 'SliceBackward0', torch.float32 (6,) [0.0, 1.0, 1.0, 1.0, 1.0, 1.0] rg=False)",
    "x = torch.arange(6.0)\nx.as_strided_((2, 2), (1, 2), 1)\nresult = (x, x.stride(), x.storage_offset(), x._version)": "(torch.float32 (2, 2) [[1.0, 3.0], [2.0, 4.0]] rg=False, (1, 2), 1, 1)",
    "x = torch.arange(6.0, requires_grad=True)\ny = x * 1\ny.as_strided_((2, 2), (1, 2))\nresult = (y, y.grad_fn.name(), torch.autograd.grad((y * y).sum(), x)[0])": "(torch.float32 (2, 2) [[0.0, 2.0], [1.0, 3.0]] rg=True, 'AsStridedBackward1', torch.float32 (6,) [0.0, 2.0, 4.0, 6.0, 0.0, 0.0] rg=False)",
    "x = torch.arange(6.0)\nresult = x.t_(1)": "TypeError: TensorBase.t_() takes no arguments (1 given)",
    "x = torch.arange(6.0)\nresult = x.transpose_(0)": 'TypeError: transpose_() missing 1 required positional arguments: "dim1"',
    "x = torch.arange(6.0)\nresult = x.squeeze_('a')": "TypeError: squeeze_() received an invalid combination of arguments - got (str), but expected one of:\n * ()\n      didn't match because some of the arguments have invalid types: (!str!)\n * (int dim)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (tuple of ints dim)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.ones(2, 3)\nresult = (x.t_().shape, x.stride(), torch.ones(3, 4, 5).t_())": "RuntimeError: t_() expects a tensor with <= 2 dimensions, but self is 3D",
    "x = torch.ones(2, 1, 3)\nresult = (x.squeeze_(1).shape, x.unsqueeze_(-1).shape, x.squeeze_(5))": "IndexError: Dimension out of range (expected to be in range of [-3, 2], but got 5)",
    "x = torch.arange(6.0)[1:]\ny = x.view(5)\nresult = (y.storage_offset(), x.expand(2, 5).storage_offset(), x.reshape(5, 1).storage_offset())": "(1, 1, 1)",
    "x = torch.ones(2, 3, 4, requires_grad=True)\nresult = x.t_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.ones(2, 3, requires_grad=True)\nresult = x.unsqueeze_(5)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.ones(2, 3)\nwith torch.no_grad():\n    y = x.as_strided((3, 2), (1, 3))\nresult = (y, y.requires_grad, y.grad_fn)": "(torch.float32 (3, 2) [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]] rg=False, False, None)",
    "x = torch.ones(2, 3, requires_grad=True)\nwith torch.no_grad():\n    y = x.as_strided((3, 2), (1, 3))\nresult = (y.requires_grad, y.grad_fn, y._base is x)": "(True, None, True)",
    "x = torch.arange(4.0)\nresult = (x.unfold(0, 2, 1).contiguous(), x.unfold(0, 2, 1).is_contiguous(), x.unfold(0, 2, 2).is_contiguous())": "(torch.float32 (3, 2) [[0.0, 1.0], [1.0, 2.0], [2.0, 3.0]] rg=False, False, True)",
    # hsplit / vsplit / dsplit, split_with_sizes, diag_embed, diagflat, fill_diagonal_,
    # is_same_size, is_nonzero
    "x = torch.arange(24.0, requires_grad=True).reshape(4, 6) * 1\nparts = torch.hsplit(x, 2)\nresult = [(p.shape, p.stride(), p.storage_offset(), p.grad_fn.name(), p._base is not None) for p in parts]": "[(torch.Size([4, 3]), (6, 1), 0, 'SliceBackward0', True), (torch.Size([4, 3]), (6, 1), 3, 'SliceBackward0', True)]",
    "x = torch.arange(24.0).reshape(4, 6)\nresult = (x.hsplit([1, 4]), torch.vsplit(x, 2), torch.vsplit(x, [3]), x.vsplit((1, 1)))": "((torch.float32 (4, 1) [[0.0], [6.0], [12.0], [18.0]] rg=False, torch.float32 (4, 3) [[1.0, 2.0, 3.0], [7.0, 8.0, 9.0], [13.0, 14.0, 15.0], [19.0, 20.0, 21.0]] rg=False, torch.float32 (4, 2) [[4.0, 5.0], [10.0, 11.0], [16.0, 17.0], [22.0, 23.0]] rg=False), (torch.float32 (2, 6) [[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0]] rg=False, torch.float32 (2, 6) [[12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0]] rg=False), (torch.float32 (3, 6) [[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0]] rg=False, torch.float32 (1, 6) [[18.0, 19.0, 20.0, 21.0, 22.0, 23.0]] rg=False), (torch.float32 (1, 6) [[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]] rg=False, torch.float32 (0, 6) [] rg=False, torch.float32 (3, 6) [[6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0]] rg=False))",
    "x = torch.arange(24.0).reshape(2, 3, 4)\nresult = (torch.dsplit(x, 2), x.dsplit([1]))": "((torch.float32 (2, 3, 2) [[[0.0, 1.0], [4.0, 5.0], [8.0, 9.0]], [[12.0, 13.0], [16.0, 17.0], [20.0, 21.0]]] rg=False, torch.float32 (2, 3, 2) [[[2.0, 3.0], [6.0, 7.0], [10.0, 11.0]], [[14.0, 15.0], [18.0, 19.0], [22.0, 23.0]]] rg=False), (torch.float32 (2, 3, 1) [[[0.0], [4.0], [8.0]], [[12.0], [16.0], [20.0]]] rg=False, torch.float32 (2, 3, 3) [[[1.0, 2.0, 3.0], [5.0, 6.0, 7.0], [9.0, 10.0, 11.0]], [[13.0, 14.0, 15.0], [17.0, 18.0, 19.0], [21.0, 22.0, 23.0]]] rg=False))",
    "result = torch.hsplit(torch.arange(4.0), 2)": "(torch.float32 (2,) [0.0, 1.0] rg=False, torch.float32 (2,) [2.0, 3.0] rg=False)",
    "result = torch.hsplit(torch.ones(4, 4), 3)": "RuntimeError: torch.hsplit attempted to split along dimension 1, but the size of the dimension 4 is not divisible by the split_size 3!",
    "result = torch.hsplit(torch.ones(4, 4), 0)": "RuntimeError: torch.hsplit attempted to split along dimension 1, but the size of the dimension 4 is not divisible by the split_size 0!",
    "result = torch.hsplit(torch.ones(4, 4), -2)": "RuntimeError: number of sections must be larger than 0, got -2",
    "result = torch.vsplit(torch.ones(3), 1)": "RuntimeError: torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with 1 dimensions!",
    "result = torch.dsplit(torch.ones(2, 2), 2)": "RuntimeError: torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 dimensions!",
    "result = torch.hsplit(torch.tensor(1.0), 1)": "RuntimeError: torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with 0 dimensions!",
    "result = torch.hsplit(torch.ones(4, 4), 'a')": "TypeError: hsplit() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, int sections)\n      didn't match because some of the arguments have invalid types: (Tensor, !str!)\n * (Tensor input, tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (Tensor, !str!)\n",
    "result = torch.ones(4, 4).vsplit('a')": "TypeError: vsplit() received an invalid combination of arguments - got (str), but expected one of:\n * (int sections)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (tuple of ints indices)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.hsplit(torch.ones(4, 4))": "TypeError: hsplit() received an invalid combination of arguments - got (Tensor), but expected one of:\n * (Tensor input, int sections)\n * (Tensor input, tuple of ints indices)\n",
    "x = torch.arange(24.0, requires_grad=True).reshape(4, 6) * 1\nparts = torch.split_with_sizes(x, [1, 3])\n(parts[0].sum() * 2 + parts[1].sum()).backward()\nresult = ([(p.shape, p.stride(), p.storage_offset(), p.grad_fn.name()) for p in parts], x.grad_fn.name())": "([(torch.Size([1, 6]), (6, 1), 0, 'SplitWithSizesBackward0'), (torch.Size([3, 6]), (6, 1), 6, 'SplitWithSizesBackward0')], 'MulBackward0')",
    "x = torch.arange(24.0).reshape(4, 6)\nresult = (x.split_with_sizes([2, 4], 1), x.split_with_sizes([2, 4], dim=-1)[1].stride())": "((torch.float32 (4, 2) [[0.0, 1.0], [6.0, 7.0], [12.0, 13.0], [18.0, 19.0]] rg=False, torch.float32 (4, 4) [[2.0, 3.0, 4.0, 5.0], [8.0, 9.0, 10.0, 11.0], [14.0, 15.0, 16.0, 17.0], [20.0, 21.0, 22.0, 23.0]] rg=False), (6, 1))",
    "result = torch.arange(24.0).reshape(4, 6).split_with_sizes([2, 3], 1)": "RuntimeError: split_with_sizes expects split_sizes to sum exactly to 6 (input tensor's size at dimension 1), but got split_sizes=[2, 3]",
    "result = torch.split_with_sizes(torch.ones(4, 4), [2, -1, 3])": "RuntimeError: split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[2, -1, 3]",
    "result = torch.split_with_sizes(torch.ones(4, 4), 2)": "TypeError: split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not int",
    "result = torch.split_with_sizes(torch.ones(4, 4), [2, 2], 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "x = torch.arange(6.0, requires_grad=True).reshape(2, 3)\nd = torch.diag_embed(x)\nresult = (d, d.stride(), d.grad_fn.name())": "(torch.float32 (2, 3, 3) [[[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 2.0]], [[3.0, 0.0, 0.0], [0.0, 4.0, 0.0], [0.0, 0.0, 5.0]]] rg=True, (9, 3, 1), 'DiagEmbedBackward0')",
    "x = torch.arange(3.0, requires_grad=True)\nd = torch.diag_embed(x * 1, 1)\ng, = torch.autograd.grad((d * d).sum(), x, create_graph=True)\nresult = (d, g, g.grad_fn.name(), torch.autograd.grad(g.sum(), x)[0])": "(torch.float32 (4, 4) [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0]] rg=True, torch.float32 (3,) [0.0, 2.0, 4.0] rg=True, 'MulBackward0', torch.float32 (3,) [2.0, 2.0, 2.0] rg=False)",
    "x = torch.arange(6.0).reshape(2, 3)\nresult = (torch.diag_embed(x, 0, 0, 2), x.diag_embed(-1, -2, -1).shape, torch.diag_embed(x, offset=1, dim1=0, dim2=2).shape, x.diag_embed(dim1=2, dim2=0))": "(torch.float32 (3, 2, 3) [[[0.0, 0.0, 0.0], [3.0, 0.0, 0.0]], [[0.0, 1.0, 0.0], [0.0, 4.0, 0.0]], [[0.0, 0.0, 2.0], [0.0, 0.0, 5.0]]] rg=False, (2, 4, 4), (4, 2, 4), torch.float32 (3, 2, 3) [[[0.0, 0.0, 0.0], [3.0, 0.0, 0.0]], [[0.0, 1.0, 0.0], [0.0, 4.0, 0.0]], [[0.0, 0.0, 2.0], [0.0, 0.0, 5.0]]] rg=False)",
    "result = torch.diag_embed(torch.ones(2, 3), 0, 1, 1)": "RuntimeError: diagonal dimensions cannot be identical 1, 1",
    "result = torch.diag_embed(torch.ones(2, 3), 0, 0, 3)": "IndexError: Dimension out of range (expected to be in range of [-3, 2], but got 3)",
    "result = torch.diag_embed(torch.tensor(1.0))": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got -2)",
    "result = torch.diag_embed(torch.ones(2, 3), 'a')": "TypeError: diag_embed(): argument 'offset' (position 2) must be int, not str",
    "x = torch.arange(4.0, requires_grad=True)\nd = torch.diagflat(x.reshape(2, 2) * 1)\nd.sum().backward()\nresult = (d, d.grad_fn.name(), d.grad_fn.next_functions[0][0].name(), x.grad)": "(torch.float32 (4, 4) [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 3.0]] rg=True, 'DiagEmbedBackward0', 'ViewBackward0', torch.float32 (4,) [1.0, 1.0, 1.0, 1.0] rg=False)",
    "x = torch.arange(6.0, requires_grad=True)\nd = x.reshape(2, 3).t().diagflat(-1)\nresult = (d, d.grad_fn.next_functions[0][0].name(), d.grad_fn.next_functions[0][0].next_functions[0][0].name())": "(torch.float32 (7, 7) [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 5.0, 0.0]] rg=True, 'ViewBackward0', 'CloneBackward0')",
    "result = (torch.diagflat(torch.tensor(2.0)), torch.diagflat(torch.arange(3), 1))": "(torch.float32 (1, 1) [[2.0]] rg=False, torch.int64 (4, 4) [[0, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 2], [0, 0, 0, 0]] rg=False)",
    "result = torch.diagflat(torch.ones(2), 'a')": "TypeError: diagflat(): argument 'offset' (position 2) must be int, not str",
    "x = torch.zeros(3, 4)\nr = x.fill_diagonal_(5)\nresult = (r is x, x, x._version)": "(True, torch.float32 (3, 4) [[5.0, 0.0, 0.0, 0.0], [0.0, 5.0, 0.0, 0.0], [0.0, 0.0, 5.0, 0.0]] rg=False, 1)",
    "result = (torch.zeros(7, 3).fill_diagonal_(5, wrap=True), torch.zeros(7, 3).fill_diagonal_(5), torch.zeros(3, 7).fill_diagonal_(5, True))": "(torch.float32 (7, 3) [[5.0, 0.0, 0.0], [0.0, 5.0, 0.0], [0.0, 0.0, 5.0], [0.0, 0.0, 0.0], [5.0, 0.0, 0.0], [0.0, 5.0, 0.0], [0.0, 0.0, 5.0]] rg=False, torch.float32 (7, 3) [[5.0, 0.0, 0.0], [0.0, 5.0, 0.0], [0.0, 0.0, 5.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False, torch.float32 (3, 7) [[5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 5.0, 0.0, 0.0, 0.0, 0.0]] rg=False)",
    "result = (torch.zeros(2, 2, 2).fill_diagonal_(1), torch.zeros(3, 3, dtype=torch.int64).fill_diagonal_(1.5), torch.zeros(3, 3).fill_diagonal_(torch.tensor(2.0)))": "(torch.float32 (2, 2, 2) [[[1.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 1.0]]] rg=False, torch.int64 (3, 3) [[1, 0, 0], [0, 1, 0], [0, 0, 1]] rg=False, torch.float32 (3, 3) [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 2.0]] rg=False)",
    "result = torch.zeros(2, 3, 2).fill_diagonal_(1)": "RuntimeError: all dimensions of input must be of equal length",
    "result = torch.zeros(3).fill_diagonal_(1)": "RuntimeError: dimensions must larger than 1",
    "result = torch.zeros(3, 3).fill_diagonal_('a')": "TypeError: fill_diagonal_(): argument 'fill_value' (position 1) must be Number, not str",
    "result = torch.zeros(3, 3).fill_diagonal_(1, wrap=1)": "TypeError: fill_diagonal_(): argument 'wrap' must be bool, not int",
    "result = torch.zeros(3, 3).fill_diagonal_()": 'TypeError: fill_diagonal_() missing 1 required positional arguments: "fill_value"',
    "x = torch.zeros(6, 4)[::2].t()\nx.fill_diagonal_(3)\nresult = x": "torch.float32 (4, 3) [[3.0, 0.0, 0.0], [0.0, 3.0, 0.0], [0.0, 0.0, 3.0], [0.0, 0.0, 0.0]] rg=False",
    "a = torch.ones(3, 3, requires_grad=True)\nb = a * 2\nb.fill_diagonal_(0)\nb.sum().backward()\nresult = (b.grad_fn.name(), b.grad_fn.next_functions[0][0].name(), a.grad)": "('torch::autograd::CopySlices', 'MulBackward0', torch.float32 (3, 3) [[0.0, 2.0, 2.0], [2.0, 0.0, 2.0], [2.0, 2.0, 0.0]] rg=False)",
    "a = torch.ones(3, 3, requires_grad=True)\nresult = a.fill_diagonal_(1)": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "result = (torch.ones(2).is_same_size(torch.ones(2)), torch.is_same_size(torch.ones(2), torch.ones(1, 2)), torch.ones(()).is_same_size(torch.tensor(3)))": "(True, False, True)",
    "result = torch.ones(2).is_same_size(3)": "TypeError: is_same_size(): argument 'other' (position 1) must be Tensor, not int",
    "result = (torch.tensor([2.0]).is_nonzero(), torch.tensor(0.0).is_nonzero(), torch.is_nonzero(torch.tensor([[True]])), torch.tensor(float('nan')).is_nonzero(), torch.tensor(-0.0).is_nonzero(), torch.tensor([0]).is_nonzero())": "(True, False, True, True, False, False)",
    "result = torch.ones(2).is_nonzero()": "RuntimeError: Boolean value of Tensor with more than one value is ambiguous",
    "result = torch.ones(0).is_nonzero()": "RuntimeError: Boolean value of Tensor with no values is ambiguous",
    "result = torch.ones(1).is_nonzero(1)": "TypeError: TensorBase.is_nonzero() takes no arguments (1 given)",
    "result = torch.is_nonzero(torch.ones(1), 1)": "TypeError: is_nonzero() takes 1 positional argument but 2 were given",
    # untyped_storage: the bytes under a tensor and its views
    "x = torch.arange(3.0)\ns = x.untyped_storage()\nresult = (repr(s), type(s).__module__, type(s).__name__, str(s.device), s.element_size(), len(s), s.size(), s.nbytes(), s.tolist(), s[4], s[-1], s[-12])": "(' 0\\n 0\\n 0\\n 0\\n 0\\n 0\\n 128\\n 63\\n 0\\n 0\\n 0\\n 64\\n[torch.storage.UntypedStorage(device=cpu) of size 12]', 'torch.storage', 'UntypedStorage', 'cpu', 1, 12, 12, 12, [0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 64], 0, 64, 0)",
    "result = (str(torch.ones(0).untyped_storage()), torch.tensor([True, False]).untyped_storage().tolist(), len(torch.tensor([1, 2]).untyped_storage()))": "(' \\n[torch.storage.UntypedStorage(device=cpu) of size 0]', [1, 0], 16)",
    "x = torch.arange(6.0).reshape(2, 3)\nviews = (x[1:], x.t(), x[:, 1], x.view(6), x.unsqueeze(0).expand(2, 2, 3), x.as_strided((2,), (1,), 3), x.unfold(1, 2, 1))\nresult = ([v.untyped_storage().data_ptr() == x.untyped_storage().data_ptr() for v in views], [v.untyped_storage().nbytes() for v in views], [v.storage_offset() for v in views], [v.data_ptr() - x.data_ptr() for v in views])": "([True, True, True, True, True, True, True], [24, 24, 24, 24, 24, 24, 24], [3, 0, 1, 0, 0, 3, 0], [12, 0, 4, 0, 0, 12, 0])",
    "x = torch.arange(6.0)\nresult = (x.clone().untyped_storage().data_ptr() == x.untyped_storage().data_ptr(), x.detach().untyped_storage().data_ptr() == x.untyped_storage().data_ptr(), x.contiguous().untyped_storage().data_ptr() == x.untyped_storage().data_ptr())": "(False, True, True)",
    "result = torch.arange(3.0).untyped_storage()[12]": "IndexError: index 12 out of range for storage of size 12",
    "result = torch.arange(3.0).untyped_storage()[-13]": "IndexError: index -1 out of range for storage of size 12",
    "result = torch.arange(3.0).untyped_storage()[1.5]": "TypeError: can't index a torch.UntypedStorage with float",
    "result = torch.arange(3.0).untyped_storage()[True]": "TypeError: can't index a torch.UntypedStorage with bool",
    "result = torch.arange(3.0).untyped_storage().nbytes(1)": "TypeError: StorageBase.nbytes() takes no arguments (1 given)",
    "result = torch.arange(3.0).untyped_storage(1)": "TypeError: TensorBase.untyped_storage() takes no arguments (1 given)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_strided_ops_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_strided_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


# -- differentials -------------------------------------------------------------------------


def _layout(x: object) -> tuple:
    return tuple(x.shape), x.stride(), x.storage_offset(), x.is_contiguous()


def _source(T: ModuleType, kind: str, dtype: str) -> object:
    """A leaf of 24 elements (requires grad), and the input laid out as ``kind`` says."""
    leaf = T.arange(24, dtype=getattr(T, dtype)).mul(0.5).sub(3).requires_grad_()
    if kind == "transposed":
        return leaf, leaf.reshape(4, 6).t()
    if kind == "sliced":
        return leaf, leaf[3:]
    return leaf, leaf * 1


def _compare(T: ModuleType, E: ModuleType, run: object) -> None:
    """``run(T)`` returns (leaf, result); values, layout, the gradient of a weighted sum and
    of its square's gradient are compared (bit for bit: every value is a sum of the same
    terms in the same order, or a copy)."""
    expected_leaf, expected = run(T)
    got_leaf, got = run(E)
    assert _layout(got) == _layout(expected)
    assert got.tolist() == expected.detach().tolist()
    assert got.grad_fn.name() == expected.grad_fn.name()
    weights = [
        T.arange(expected.numel(), dtype=expected.dtype),
        E.arange(got.numel(), dtype=got.dtype),
    ]
    grads = []
    for M, leaf, out, weight in (
        (T, expected_leaf, expected, weights[0]),
        (E, got_leaf, got, weights[1]),
    ):
        (g,) = M.autograd.grad(
            (out * out * weight.reshape(out.shape)).sum(), leaf, create_graph=True
        )
        if g.grad_fn is None:  # (an empty result: zeros, no graph, in both)
            grads.append((g.tolist(), None, None))
            continue
        (gg,) = M.autograd.grad((g * g).sum(), leaf)
        grads.append((g.detach().tolist(), g.grad_fn.name(), gg.tolist()))
    assert grads[1] == grads[0]


def _compare_or_same_error(T: ModuleType, run: object) -> None:
    """:func:`_compare`, or where torch raises (out of bounds, a bad dim), the engine's same
    exception."""
    try:
        run(T)
    except (RuntimeError, IndexError) as failure:
        with pytest.raises(type(failure)) as raised:
            run(engine)
        assert str(raised.value) == str(failure)
        return
    _compare(T, engine, run)


@st.composite
def _geometries(draw: st.DrawFn) -> tuple:
    ndim = draw(st.integers(0, 3))
    sizes = tuple(draw(st.lists(st.integers(0, 3), min_size=ndim, max_size=ndim)))
    strides = tuple(draw(st.lists(st.integers(0, 5), min_size=ndim, max_size=ndim)))
    offset = draw(st.one_of(st.none(), st.integers(0, 6)))
    return sizes, strides, offset


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(
    geometry=_geometries(),
    kind=st.sampled_from(["contiguous", "transposed", "sliced"]),
    dtype=st.sampled_from(["float32", "float64"]),
)
def test_as_strided_matches_torch(
    geometry: tuple, kind: str, dtype: str, real_torch: ModuleType
) -> None:
    sizes, strides, offset = geometry

    def run(T: ModuleType) -> tuple:
        leaf, x = _source(T, kind, dtype)
        return leaf, x.as_strided(sizes, strides, offset)

    try:
        run(real_torch)
    except RuntimeError as failure:  # out of bounds: the engine must say the same
        with pytest.raises(RuntimeError) as raised:
            run(engine)
        assert str(raised.value) == str(failure)
        return
    _compare(real_torch, engine, run)


@pytest.mark.torch
@settings(max_examples=100, deadline=None)
@given(
    kind=st.sampled_from(["contiguous", "transposed", "sliced"]),
    dim=st.integers(-2, 1),
    size=st.integers(0, 5),
    step=st.integers(1, 4),
    dtype=st.sampled_from(["float32", "float64"]),
)
def test_unfold_matches_torch(
    kind: str, dim: int, size: int, step: int, dtype: str, real_torch: ModuleType
) -> None:
    def run(T: ModuleType) -> tuple:
        leaf, x = _source(T, kind, dtype)
        x = x if x.dim() == 2 else x.reshape(3, -1)
        return leaf, x.unfold(dim, size, step)

    _compare_or_same_error(real_torch, run)


_INPLACE_STEPS = [
    "unsqueeze_",
    "squeeze_",
    "squeeze_dim",
    "squeeze_dims",
    "t_",
    "transpose_",
    "swapdims_",
    "swapaxes_",
]


def _inplace_step(x: object, step: tuple) -> object:
    name, a, b = step
    ndim = x.dim()
    if name == "unsqueeze_":
        return x.unsqueeze_(a % (ndim + 1) - (ndim + 1) * (b % 2))
    if name == "squeeze_":
        return x.squeeze_()
    if name == "squeeze_dim":
        return x.squeeze_(a % ndim) if ndim else None
    if name == "squeeze_dims":
        return x.squeeze_(tuple({a % ndim, b % ndim})) if ndim else None
    if name == "t_":
        return x.t_() if ndim <= 2 else None
    if ndim == 0:
        return None
    return getattr(x, name)(a % ndim, b % ndim)


@pytest.mark.torch
@settings(max_examples=100, deadline=None)
@given(
    kind=st.sampled_from(["base", "view", "transposed"]),
    shape=st.sampled_from([(24,), (2, 12), (4, 1, 6), (2, 3, 1, 4)]),
    steps=st.lists(
        st.tuples(st.sampled_from(_INPLACE_STEPS), st.integers(0, 3), st.integers(0, 3)),
        min_size=1,
        max_size=4,
    ),
)
def test_inplace_view_ops_match_torch(
    kind: str, shape: tuple, steps: list, real_torch: ModuleType
) -> None:
    """Chains of in-place view ops on a non-leaf, or on a view of one (plain or transposed)."""

    def run(T: ModuleType) -> tuple:
        leaf = T.arange(24.0, dtype=T.float64).requires_grad_()
        x = (leaf * 1).reshape(shape)
        x = {"base": x, "view": x[:], "transposed": x.transpose(0, -1)}[kind]
        for step in steps:
            if _inplace_step(x, step) is None:
                break
        return leaf, x

    _, expected = run(real_torch)
    _, got = run(engine)
    assert got._version == expected._version
    _compare(real_torch, engine, run)


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(
    shape=st.sampled_from([(3,), (2, 3), (2, 2, 4)]),
    offset=st.integers(-2, 2),
    dims=st.tuples(st.integers(-3, 2), st.integers(-3, 2)),
)
def test_diag_embed_matches_torch(
    shape: tuple, offset: int, dims: tuple, real_torch: ModuleType
) -> None:
    def run(T: ModuleType) -> tuple:
        leaf = T.arange(float(math.prod(shape)), dtype=T.float64).requires_grad_()
        return leaf, T.diag_embed(leaf.reshape(shape) * 1, offset, *dims)

    _compare_or_same_error(real_torch, run)


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(
    shape=st.sampled_from([(3, 4), (7, 3), (3, 7), (8, 2), (3, 3, 3), (1, 5), (5, 1)]),
    kind=st.sampled_from(["base", "transposed", "sliced"]),
    wrap=st.booleans(),
)
def test_fill_diagonal_matches_torch(
    shape: tuple, kind: str, wrap: bool, real_torch: ModuleType
) -> None:
    def run(T: ModuleType) -> tuple:
        leaf = T.arange(float(2 * math.prod(shape)), dtype=T.float64).requires_grad_()
        base = (leaf * 1).reshape(2, *shape)
        x = {"base": base[0], "transposed": base[0].transpose(0, -1), "sliced": base[:, 0]}[kind]
        x.fill_diagonal_(-1.5, wrap=wrap)
        return leaf, base

    _compare_or_same_error(real_torch, run)


#: results of common ops: their storage's size, whether it is their input's, their offset
#: and strides must be torch's (``x.untyped_storage().nbytes()`` of stride tutorials)
STORAGE_OPS = {
    "sum0": lambda T, x: x.sum(0),
    "sum_keep": lambda T, x: x.sum(1, keepdim=True),
    "mean": lambda T, x: x.mean(),
    "mul": lambda T, x: x * x,
    "t_mul": lambda T, x: x.t() * 2,
    "exp": lambda T, x: x.exp(),
    "mm": lambda T, x: x @ x.t(),
    "max_dim": lambda T, x: x.max(1)[0],
    "argmax": lambda T, x: x.argmax(1),
    "index": lambda T, x: x[T.tensor([0, 1])],
    "mask": lambda T, x: x[x > 2],
    "cat": lambda T, x: T.cat([x, x]),
    "softmax": lambda T, x: x.softmax(1),
    "clone_t": lambda T, x: x.t().clone(),
    "contiguous_t": lambda T, x: x.t().contiguous(),
    "sort": lambda T, x: x.sort(1)[0],
    "cumsum": lambda T, x: x.cumsum(1),
    "flip": lambda T, x: x.flip(0),
    "relu": lambda T, x: x.relu(),
    "where": lambda T, x: T.where(x > 1, x, -x),
    "std": lambda T, x: x.std(0),
    "norm": lambda T, x: x.norm(),
    "reshape_t": lambda T, x: x.t().reshape(6),
    "repeat": lambda T, x: x.repeat(2, 1),
    "stack": lambda T, x: T.stack([x, x]),
    "float64": lambda T, x: x.double(),
    "int": lambda T, x: x.int(),
    "tensor": lambda T, x: T.tensor([[1.0, 2.0]]),
    "zeros": lambda T, x: T.zeros(2, 3),
    "arange": lambda T, x: T.arange(5),
    "linspace": lambda T, x: T.linspace(0, 1, 4),
    "item_0d": lambda T, x: x[0, 0] * 1,
    "matmul_vec": lambda T, x: x @ T.ones(3),
    "diagonal": lambda T, x: x.diagonal(),
    "squeeze": lambda T, x: x.unsqueeze(0).squeeze(0),
    "gather": lambda T, x: x.gather(1, T.tensor([[0], [1]])),
    "topk": lambda T, x: x.topk(2, 1)[0],
    "nonzero": lambda T, x: x.nonzero(),
    "unique": lambda T, x: x.unique(),
    "grad": lambda T, x: T.autograd.grad((x * x).sum(), x)[0],
    "grad_sum": lambda T, x: T.autograd.grad(x.sum(), x)[0],
}


@pytest.mark.torch
@pytest.mark.parametrize("op", list(STORAGE_OPS))
def test_result_storages_match_torch(op: str, real_torch: ModuleType) -> None:
    seen = []
    for T in (real_torch, engine):
        x = T.arange(6.0).reshape(2, 3).requires_grad_()
        y = STORAGE_OPS[op](T, x)
        storage = y.untyped_storage()
        shared = storage.data_ptr() == x.untyped_storage().data_ptr()
        seen.append((storage.nbytes(), shared, y.storage_offset(), y.stride()))
    assert seen[1] == seen[0]
