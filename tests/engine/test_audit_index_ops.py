# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch's index and shape ops that students' alternative solutions of the two shipped
assignments reach for and the engine lacked (found by grading 694 variants with
``--backend torch`` and ``--backend engine``).  The goldens were captured from torch 2.13
with ``audit_outcomes.outcome``; the torch-marked twin checks they are still torch's."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

PRELUDE = (
    "t = torch.arange(12.0).reshape(4, 3)\nx = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
)

GOLDENS = {
    # index_fill / index_fill_: the slices `index` of `dim` set to a number or a 0-d tensor;
    # IndexFillBackward0 (number) / IndexFillBackward1 (tensor: the value's gradient sums
    # the filled slices, each index once) save the index.  Not matched: an empty dim
    # (torch.zeros(0, 3).index_fill(0, ...) fails inside torch with a setStorage error).
    "result = t.index_fill(0, torch.tensor([1, 3]), -1.0)": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [-1.0, -1.0, -1.0], [6.0, 7.0, 8.0], [-1.0, -1.0, -1.0]] rg=False",
    "result = t.index_fill(1, torch.tensor([-1]), 5)": "torch.float32 (4, 3) [[0.0, 1.0, 5.0], [3.0, 4.0, 5.0], [6.0, 7.0, 5.0], [9.0, 10.0, 5.0]] rg=False",
    "result = t.clone().index_fill_(1, torch.tensor(0), 2.5)": "torch.float32 (4, 3) [[2.5, 1.0, 2.0], [2.5, 4.0, 5.0], [2.5, 7.0, 8.0], [2.5, 10.0, 11.0]] rg=False",
    "u = t.clone()\nr = u.index_fill_(0, torch.tensor([0, 0]), 7)\nresult = (r is u, u[0])": "(True, torch.float32 (3,) [7.0, 7.0, 7.0] rg=False)",
    "result = torch.index_fill(t, 0, torch.tensor([2]), torch.tensor(9.0))": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [9.0, 9.0, 9.0], [9.0, 10.0, 11.0]] rg=False",
    "result = t.index_fill(0, torch.tensor([1]), torch.tensor([9.0]))": "RuntimeError: index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).",
    "result = t.index_fill(0, torch.tensor([1], dtype=torch.int32), 1.0)": "IndexError: index_fill_(): Expected dtype int64 for index.",
    "result = t.index_fill(0, torch.tensor([1.0]), 1.0)": "IndexError: index_fill_(): Expected dtype int64 for index.",
    "result = t.index_fill(0, torch.tensor([4]), 1.0)": "IndexError: index 4 is out of bounds for dimension 0 with size 4",
    "result = t.index_fill(0, torch.tensor([-5]), 1.0)": "IndexError: index -5 is out of bounds for dimension 0 with size 4",
    "result = t.index_fill(2, torch.tensor([1]), 1.0)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = t.index_fill(0, torch.tensor([[1]]), 1.0)": "RuntimeError: Index has to be a vector/scalar",
    "result = t.index_fill(0, [1], 1.0)": "TypeError: index_fill() received an invalid combination of arguments - got (int, list, float), but expected one of:\n * (int dim, Tensor index, Tensor value)\n      didn't match because some of the arguments have invalid types: (int, !list of [int]!, !float!)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (int, !list of [int]!, !float!)\n",
    'result = t.index_fill(0, torch.tensor([1]), "a")': "TypeError: index_fill() received an invalid combination of arguments - got (int, Tensor, str), but expected one of:\n * (int dim, Tensor index, Tensor value)\n      didn't match because some of the arguments have invalid types: (int, Tensor, !str!)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (int, Tensor, !str!)\n",
    "result = t.index_fill(0, torch.tensor([1]), None)": "TypeError: index_fill() received an invalid combination of arguments - got (int, Tensor, NoneType), but expected one of:\n * (int dim, Tensor index, Tensor value)\n      didn't match because some of the arguments have invalid types: (int, Tensor, !NoneType!)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (int, Tensor, !NoneType!)\n",
    "result = torch.arange(6).index_fill(0, torch.tensor([1]), 2.7)": "torch.int64 (6,) [0, 2, 2, 3, 4, 5] rg=False",
    "result = torch.arange(6).index_fill(0, torch.tensor([1]), torch.tensor(2.7))": "torch.int64 (6,) [0, 2, 2, 3, 4, 5] rg=False",
    "result = torch.tensor([True, False]).index_fill(0, torch.tensor([1]), 1)": "torch.bool (2,) [True, True] rg=False",
    "result = torch.tensor(5.0).index_fill(0, torch.tensor([0]), 1.0)": "torch.float32 () 1.0 rg=False",
    "result = torch.tensor(5.0).index_fill(0, torch.tensor([1]), 1.0)": "IndexError: index 1 is out of bounds for dimension 0 with size 1",
    "result = t.t().index_fill(0, torch.tensor([1]), 0.0).stride()": "(1, 3)",
    "result = torch.arange(6, dtype=torch.uint8).index_fill(0, torch.tensor([1]), 300)": "RuntimeError: value cannot be converted to type uint8_t without overflow",
    "result = torch.arange(6, dtype=torch.uint8).index_fill(0, torch.tensor([1]), -1)": "torch.uint8 (6,) [0, 255, 2, 3, 4, 5] rg=False",
    "result = t.index_fill(0, torch.tensor([1]), float('nan'))": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [nan, nan, nan], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = x.index_fill_(0, torch.tensor([0]), 0.0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "y = x[:2]\ny.index_fill_(0, torch.tensor([0]), 0.0)": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "y = x * 1\ny.index_fill_(0, torch.tensor([1]), 0.0)\n(y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('IndexFillBackward0', torch.float32 (3,) [1.0, 0.0, 3.0] rg=False)",
    "y = x * 1\nz = y[1:]\nz.index_fill_(0, torch.tensor([0]), 0.0)\ny.sum().backward()\nresult = (y.grad_fn.name(), z.grad_fn.name(), x.grad)": "('torch::autograd::CopySlices', 'AsStridedBackward0', torch.float32 (3,) [1.0, 0.0, 1.0] rg=False)",
    "v = torch.tensor(4.0, requires_grad=True)\nr = x.index_fill(0, torch.tensor([0, 2, 2]), v)\n(r * torch.tensor([1.0, 2.0, 3.0])).sum().backward()\nresult = (r.grad_fn.name(), x.grad, v.grad)": "('IndexFillBackward1', torch.float32 (3,) [0.0, 2.0, 0.0] rg=False, torch.float32 () 4.0 rg=False)",
    "r = x.index_fill(0, torch.tensor([1]), 0.0)\n(g,) = torch.autograd.grad((r * r).sum(), x, create_graph=True)\nresult = (r.grad_fn.name(), g.grad_fn.name(), g)": "('IndexFillBackward0', 'IndexFillBackward0', torch.float32 (3,) [2.0, 0.0, 6.0] rg=True)",
    "i = torch.tensor([0])\nr = x.index_fill(0, i, 0.0)\ni.add_(1)\nr.sum().backward()\nresult = x.grad": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [1]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "result = t.index_fill(0, torch.tensor([1]))": "TypeError: index_fill() received an invalid combination of arguments - got (int, Tensor), but expected one of:\n * (int dim, Tensor index, Tensor value)\n * (int dim, Tensor index, Number value)\n",
    "result = t.index_fill(dim=0, index=torch.tensor([1]), value=3.0)": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 3.0, 3.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = t.index_fill(0, torch.tensor([1]), torch.tensor(3.0, dtype=torch.float64))": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 3.0, 3.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = t.index_fill(0, torch.tensor([1]), torch.tensor(3.0, requires_grad=True))": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 3.0, 3.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=True",
    "result = t.index_fill(0, torch.tensor([], dtype=torch.long), 1.0)": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = t.index_fill(0, torch.tensor([]), 1.0)": "IndexError: index_fill_(): Expected dtype int64 for index.",
    "result = t.index_fill(1, torch.tensor([True]), 1.0)": "IndexError: index_fill_(): Expected dtype int64 for index.",
    "result = t.index_fill(0.0, torch.tensor([1]), 1.0)": "TypeError: index_fill() received an invalid combination of arguments - got (float, Tensor, float), but expected one of:\n * (int dim, Tensor index, Tensor value)\n      didn't match because some of the arguments have invalid types: (!float!, Tensor, !float!)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (!float!, Tensor, !float!)\n",
    "result = x.detach().expand(2, 3).index_fill_(0, torch.tensor([0]), 1.0)": "torch.float32 (2, 3) [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]] rg=False | warns: Use of index_fill_ on expanded tensors is deprecated. Please",
    "result = torch.index_fill(t, 0, torch.tensor([1]))": "TypeError: index_fill() received an invalid combination of arguments - got (Tensor, int, Tensor), but expected one of:\n * (Tensor input, int dim, Tensor index, Tensor value)\n * (Tensor input, int dim, Tensor index, Number value)\n",
    "result = t.index_fill(0, torch.tensor([1]), 1 + 2j)": "RuntimeError: index_fill_(): Converting complex Scalar to non-complex type is not supported",
    "result = torch.arange(6).index_fill(0, torch.tensor([1]), 2**63)": "RuntimeError: value cannot be converted to type int64_t without overflow",
    "result = t.index_fill_(0, [1], 1.0)": "TypeError: index_fill_() received an invalid combination of arguments - got (int, list, float), but expected one of:\n * (int dim, Tensor index, Tensor value)\n      didn't match because some of the arguments have invalid types: (int, !list of [int]!, !float!)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (int, !list of [int]!, !float!)\n",
    "result = t.index_fill_(0, torch.tensor([1]))": "TypeError: index_fill_() received an invalid combination of arguments - got (int, Tensor), but expected one of:\n * (int dim, Tensor index, Tensor value)\n * (int dim, Tensor index, Number value)\n",
    "v = torch.tensor(4.0, dtype=torch.float64, requires_grad=True)\nr = x.index_fill(0, torch.tensor([1]), v)\nr.sum().backward()\nresult = ([n is None for n, _ in r.grad_fn.next_functions], v.grad)": "([False, False], torch.float64 () 1.0 rg=False)",
    "v = torch.tensor(4.0, requires_grad=True)\nr = x.index_fill(0, torch.tensor([-1]), v)\nr.sum().backward()": "IndexError: index out of range in self",
    "v = torch.tensor(4.0, requires_grad=True)\nr = torch.zeros(3).index_fill(0, torch.tensor([1]), v)\n(g,) = torch.autograd.grad(r.sum(), v)\nresult = ([n is None for n, _ in r.grad_fn.next_functions], g)": "([True, False], torch.float32 () 1.0 rg=False)",
    "result = torch.index_fill([1.0], 0, torch.tensor([0]), 1.0)": "TypeError: index_fill() received an invalid combination of arguments - got (list, int, Tensor, float), but expected one of:\n * (Tensor input, int dim, Tensor index, Tensor value)\n      didn't match because some of the arguments have invalid types: (!list of [float]!, int, Tensor, !float!)\n * (Tensor input, int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (!list of [float]!, int, Tensor, !float!)\n",
    "y = x * 1\nr = y.t()\nr.index_fill_(0, torch.tensor([2]), -1.0)\ny.backward(torch.tensor([1.0, 2.0, 3.0]))\nresult = (y.grad_fn.name(), y, x.grad)": "('torch::autograd::CopySlices', torch.float32 (3,) [1.0, 2.0, -1.0] rg=True, torch.float32 (3,) [1.0, 2.0, 0.0] rg=False)",
    "u = t.t()\nu.index_fill_(1, torch.tensor([0, 3]), 0.0)\nresult = t": "torch.float32 (4, 3) [[0.0, 0.0, 0.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [0.0, 0.0, 0.0]] rg=False",
    # index_copy / index_copy_: source's slices written at the slices `index` of `dim`, in
    # order (duplicates: the last wins); the out-of-place result is contiguous;
    # IndexCopyBackward0 saves the index (self: index_fill(0), source: index_select).  Not
    # matched: an empty dim, as for index_fill.
    "result = t.index_copy(0, torch.tensor([1, 3]), torch.ones(2, 3))": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [1.0, 1.0, 1.0], [6.0, 7.0, 8.0], [1.0, 1.0, 1.0]] rg=False",
    "result = t.index_copy(1, torch.tensor([2, 0]), -torch.arange(8.0).reshape(4, 2))": "torch.float32 (4, 3) [[-1.0, 1.0, -0.0], [-3.0, 4.0, -2.0], [-5.0, 7.0, -4.0], [-7.0, 10.0, -6.0]] rg=False",
    "u = t.clone()\nr = u.index_copy_(0, torch.tensor(2), torch.ones(3) * 5)\nresult = (r is u, u[2])": "IndexError: index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (1), destination dimensionality (2)",
    "u = t.clone()\nr = u.index_copy_(0, torch.tensor(2), torch.ones(1, 3) * 5)\nresult = u[2]": "torch.float32 (3,) [5.0, 5.0, 5.0] rg=False",
    "result = torch.index_copy(t, 0, torch.tensor([0]), torch.zeros(1, 3))": "torch.float32 (4, 3) [[0.0, 0.0, 0.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = t.index_copy(0, torch.tensor([-1]), torch.zeros(1, 3))": "IndexError: index_copy_(): index -1 is out of bounds for dimension 0 with size 4",
    "result = t.index_copy(0, torch.tensor([4]), torch.zeros(1, 3))": "IndexError: index_copy_(): index 4 is out of bounds for dimension 0 with size 4",
    "result = t.index_copy(0, torch.tensor([1], dtype=torch.int32), torch.zeros(1, 3))": "RuntimeError: index_copy_(): Expected a long tensor for index, but got Int",
    "result = t.index_copy(0, torch.tensor([1.0]), torch.zeros(1, 3))": "RuntimeError: index_copy_(): Expected a long tensor for index, but got Float",
    "result = t.index_copy(0, torch.tensor([1]), torch.zeros(1, 3, dtype=torch.float64))": "RuntimeError: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Double",
    "result = t.index_copy(0, torch.tensor([1]), torch.zeros(2, 3))": "IndexError: index_copy_(): Number of indices (1) should be equal to source.size(dim) (2)",
    "result = t.index_copy(0, torch.tensor([1]), torch.zeros(1, 2))": "RuntimeError: index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 3 at dimension 0 and source slice shape: 2 at dimension 0.",
    "result = t.index_copy(0, torch.tensor([1]), torch.zeros(3))": "IndexError: index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (1), destination dimensionality (2)",
    "result = t.index_copy(0, torch.tensor([1, 2]), torch.zeros(3))": "IndexError: index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (1), destination dimensionality (2)",
    "result = t.index_copy(0, torch.tensor([[1]]), torch.zeros(1, 3))": "IndexError: index_copy_(): Index should have dimension 1 or 0 (got 2)",
    "result = t.index_copy(2, torch.tensor([1]), torch.zeros(1, 3))": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = t.index_copy(0, [1], torch.zeros(1, 3))": "TypeError: index_copy(): argument 'index' (position 2) must be Tensor, not list",
    "result = t.index_copy(0, torch.tensor([1]), 1.0)": "TypeError: index_copy(): argument 'source' (position 3) must be Tensor, not float",
    "result = t.index_copy(0, torch.tensor([1]))": 'TypeError: index_copy() missing 1 required positional arguments: "source"',
    "result = t.index_copy_(0, torch.tensor([1]), [1.0, 2.0, 3.0])": "TypeError: index_copy_(): argument 'source' (position 3) must be Tensor, not list",
    "result = torch.arange(6).index_copy(0, torch.tensor([1]), torch.tensor([9]))": "torch.int64 (6,) [0, 9, 2, 3, 4, 5] rg=False",
    "result = torch.tensor(5.0).index_copy(0, torch.tensor([0]), torch.tensor(1.0))": "torch.float32 () 1.0 rg=False",
    "result = torch.tensor(5.0).index_copy(0, torch.tensor(0), torch.tensor([1.0]))": "torch.float32 () 1.0 rg=False",
    "result = t.t().index_copy(0, torch.tensor([1]), torch.zeros(1, 4)).stride()": "(4, 1)",
    "result = torch.zeros(3).index_copy(0, torch.tensor([0, 0]), torch.tensor([1.0, 2.0]))": "torch.float32 (3,) [2.0, 0.0, 0.0] rg=False",
    "result = t.index_copy(dim=0, index=torch.tensor([1]), source=torch.zeros(1, 3))": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [0.0, 0.0, 0.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = t.index_copy(0, torch.tensor([], dtype=torch.long), torch.zeros(0, 3))": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = x.index_copy_(0, torch.tensor([0]), torch.zeros(1))": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "y = x[:2]\ny.index_copy_(0, torch.tensor([0]), torch.zeros(1))": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "result = x.detach().expand(2, 3).index_copy_(0, torch.tensor([0]), torch.ones(1, 3))": "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    "s = torch.tensor([10.0, 20.0], requires_grad=True)\nr = x.index_copy(0, torch.tensor([2, 0]), s)\n(r * torch.tensor([1.0, 2.0, 3.0])).sum().backward()\nresult = (r.grad_fn.name(), x.grad, s.grad)": "('IndexCopyBackward0', torch.float32 (3,) [0.0, 2.0, 0.0] rg=False, torch.float32 (2,) [3.0, 1.0] rg=False)",
    "s = torch.tensor([10.0], requires_grad=True)\ny = x * 1\ny.index_copy_(0, torch.tensor([1]), s)\n(y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()\nresult = (y.grad_fn.name(), x.grad, s.grad)": "('IndexCopyBackward0', torch.float32 (3,) [1.0, 0.0, 3.0] rg=False, torch.float32 (1,) [2.0] rg=False)",
    "s = torch.tensor([10.0], requires_grad=True)\nr = torch.zeros(3).index_copy(0, torch.tensor([1]), s)\nresult = [n is None for n, _ in r.grad_fn.next_functions]": "[True, False]",
    "s = torch.tensor([10.0], requires_grad=True)\nr = x.index_copy(0, torch.tensor([1]), s * s)\n(g, h) = torch.autograd.grad((r * r).sum(), (x, s), create_graph=True)\nresult = (g.grad_fn.name(), h.grad_fn.name(), g, h)": "('IndexFillBackward0', 'AddBackward0', torch.float32 (3,) [2.0, 0.0, 6.0] rg=True, torch.float32 (1,) [4000.0] rg=True)",
    "y = x * 1\nz = y[1:]\nz.index_copy_(0, torch.tensor([1]), torch.tensor([7.0]))\ny.sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('torch::autograd::CopySlices', torch.float32 (3,) [1.0, 2.0, 7.0] rg=True, torch.float32 (3,) [1.0, 1.0, 0.0] rg=False)",
    "i = torch.tensor([0])\nr = x.index_copy(0, i, torch.zeros(1))\ni.add_(1)\nr.sum().backward()\nresult = x.grad": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [1]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "s = torch.zeros(1, requires_grad=True)\nr = x.index_copy(0, torch.tensor([0]), s)\nr.sum().backward()\nr.sum().backward()": "RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.",
    "result = torch.index_copy([1.0], 0, torch.tensor([0]), torch.zeros(1))": "TypeError: index_copy(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.zeros(2, 0).index_copy(0, torch.tensor([0]), torch.zeros(1, 0))": "torch.float32 (2, 0) [[], []] rg=False",
    "result = t.index_copy(0, torch.tensor([1]), torch.zeros(1, 3, 1))": "IndexError: index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (3), destination dimensionality (2)",
    "result = t.index_copy(1, torch.tensor([1]), torch.zeros(3, 1))": "RuntimeError: index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 4 at dimension 1 and source slice shape: 3 at dimension 0.",
    "result = torch.zeros(2, 3, 4).index_copy(1, torch.tensor([1]), torch.zeros(2, 1, 5))": "RuntimeError: index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 2 4 at dimension 1 and source slice shape: 2 5 at dimension 0.",
    "result = t.index_copy(0, torch.tensor([1, 2]), torch.tensor(1.0))": "IndexError: index_copy_(): When source is scalar, index should have one element (got 2)",
    "result = t.index_copy(0, torch.tensor([1]), torch.tensor(7.0))": "RuntimeError: index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 3 at dimension 0 and source slice shape:  at dimension 0.",
    "result = torch.zeros(3).index_copy(0, torch.tensor([1]), torch.tensor(7.0))": "torch.float32 (3,) [0.0, 7.0, 0.0] rg=False",
    "s = torch.tensor(7.0, requires_grad=True)\nr = torch.zeros(3).index_copy(-1, torch.tensor([1]), s)\nr.backward(torch.tensor([1.0, 2.0, 3.0]))\nresult = s.grad": "torch.float32 () 2.0 rg=False",
    "result = t.index_copy(0, torch.tensor([1.0]), torch.zeros(2, 2, dtype=torch.float64))": "RuntimeError: index_copy_(): Expected a long tensor for index, but got Float",
    "result = t.index_copy(0.0, torch.tensor([1]), torch.zeros(1, 3))": "TypeError: index_copy(): argument 'dim' (position 1) must be int, not float",
    "result = t.index_copy_(0, torch.tensor([1]))": 'TypeError: index_copy_() missing 1 required positional arguments: "source"',
    "result = torch.index_copy(t, 0, torch.tensor([1]))": 'TypeError: index_copy() missing 1 required positional arguments: "source"',
    "result = t.index_copy(0, torch.tensor([1]), torch.zeros(1, 3), 1)": "TypeError: index_copy() takes 3 positional arguments but 4 were given",
    "result = torch.tensor(5.0).index_copy(0, torch.tensor([1]), torch.zeros(1))": "IndexError: index_copy_(): index 1 is out of bounds for dimension 0 with size 1",
    "s = torch.ones(2, 2, requires_grad=True)\nr = torch.zeros(2, 3).index_copy(1, torch.tensor([2, 0]), s * torch.tensor([[1.0, 2.0], [3.0, 4.0]]))\nr.backward(torch.arange(6.0).reshape(2, 3))\nresult = (r, s.grad)\nresult = t.index_copy_(0, torch.tensor([1]), torch.zeros(1, 3), 1)": "TypeError: index_copy_() takes 3 positional arguments but 4 were given",
    # diagonal: a DiagonalBackward0 view (torch's strides and storage offset, writeable:
    # in-place changes reach the base through CopySlices), the diagonal dim last, empty past
    # the matrix; diag: of a 2-d tensor a contiguous copy (DiagonalBackward0_copy), of a 1-d
    # one the square matrix with it on a diagonal (DiagEmbedBackward0)
    "result = t.diagonal()": "torch.float32 (3,) [0.0, 4.0, 8.0] rg=False",
    "result = torch.diagonal(t, 1)": "torch.float32 (2,) [1.0, 5.0] rg=False",
    "result = t.diagonal(offset=-2)": "torch.float32 (2,) [6.0, 10.0] rg=False",
    "result = t.diagonal(-3)": "torch.float32 (1,) [9.0] rg=False",
    "result = t.diagonal(5)": "torch.float32 (0,) [] rg=False",
    "result = (t.diagonal(1).stride(), t.diagonal(1).storage_offset(), t.diagonal(-1).storage_offset(), t.t().diagonal(-1).stride())": "((4), 1, 3, (4))",
    "result = t.diagonal(1)._base is t": "False",
    "result = torch.arange(24).reshape(2, 3, 4).diagonal(0, 0, 2)": "torch.int64 (3, 2) [[0, 13], [4, 17], [8, 21]] rg=False",
    "result = torch.arange(24).reshape(2, 3, 4).diagonal(dim1=-1, dim2=1).shape": "(2, 3)",
    "result = torch.arange(24).reshape(2, 3, 4).diagonal(1, 2, 0)": "torch.int64 (3, 1) [[12], [16], [20]] rg=False",
    "result = t.diagonal(0, 1, 1)": "RuntimeError: diagonal dimensions cannot be identical 1, 1",
    "result = t.diagonal(0, 0, 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.arange(3).diagonal()": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "result = torch.tensor(1.0).diagonal()": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "result = t.diagonal(1.0)": "TypeError: diagonal(): argument 'offset' (position 1) must be int, not float",
    "result = torch.diagonal([[1, 2]])": "TypeError: diagonal(): argument 'input' (position 1) must be Tensor, not list",
    "u = t.clone()\nu.diagonal().fill_(-1)\nresult = u": "torch.float32 (4, 3) [[-1.0, 1.0, 2.0], [3.0, -1.0, 5.0], [6.0, 7.0, -1.0], [9.0, 10.0, 11.0]] rg=False",
    "u = t.clone()\nu.diagonal(1).zero_()\nresult = u[:2]": "torch.float32 (2, 3) [[0.0, 0.0, 2.0], [3.0, 4.0, 0.0]] rg=False",
    "m = x * torch.ones(3, 1)\nd = m.diagonal()\nd.backward(torch.tensor([1.0, 2.0, 3.0]))\nresult = (d.grad_fn.name(), d._is_view(), x.grad)": "('DiagonalBackward0', True, torch.float32 (3,) [1.0, 2.0, 3.0] rg=False)",
    "m = x * torch.ones(3, 1)\nr = m.diagonal(1)\n(g,) = torch.autograd.grad((r * r).sum(), m, create_graph=True)\nresult = (r.grad_fn.name(), g.grad_fn.name(), g)": "('DiagonalBackward0', 'DiagonalBackwardBackward0', torch.float32 (3, 3) [[0.0, 4.0, 0.0], [0.0, 0.0, 6.0], [0.0, 0.0, 0.0]] rg=True)",
    "m = x * torch.ones(3, 1)\nm.diagonal().mul_(10)\nm.sum().backward()\nresult = (m.grad_fn.name(), x.grad)": "('torch::autograd::CopySlices', torch.float32 (3,) [12.0, 12.0, 12.0] rg=False)",
    "m = torch.ones(2, 2, requires_grad=True)\nm.diagonal().zero_()": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "result = torch.diag(torch.tensor([1, 2, 3]))": "torch.int64 (3, 3) [[1, 0, 0], [0, 2, 0], [0, 0, 3]] rg=False",
    "result = torch.diag(torch.tensor([1.0, 2.0]), 1)": "torch.float32 (3, 3) [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]] rg=False",
    "result = torch.diag(torch.tensor([1.0, 2.0]), diagonal=-2)": "torch.float32 (4, 4) [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0]] rg=False",
    "result = torch.diag(t)": "torch.float32 (3,) [0.0, 4.0, 8.0] rg=False",
    "result = t.diag(-1)": "torch.float32 (3,) [3.0, 7.0, 11.0] rg=False",
    "result = torch.diag(t, 7)": "torch.float32 (0,) [] rg=False",
    "result = torch.diag(torch.tensor(1.0))": "RuntimeError: diag(): Supports 1D or 2D tensors. Got 0D",
    "result = torch.diag(torch.zeros(2, 2, 2))": "RuntimeError: diag(): Supports 1D or 2D tensors. Got 3D",
    "result = torch.diag(t)._base is None": "True",
    "result = torch.diag(t).stride()": "(1)",
    "d = torch.diag(x)\nd.backward(torch.arange(9.0).reshape(3, 3))\nresult = (d.grad_fn.name(), x.grad)": "('DiagEmbedBackward0', torch.float32 (3,) [0.0, 4.0, 8.0] rg=False)",
    "m = x * torch.ones(3, 1)\nd = torch.diag(m, 1)\n(g,) = torch.autograd.grad((d * d).sum(), m, create_graph=True)\nresult = (d.grad_fn.name(), g.grad_fn.name(), g)": "('DiagonalBackward0_copy', 'DiagonalBackwardBackward0', torch.float32 (3, 3) [[0.0, 4.0, 0.0], [0.0, 0.0, 6.0], [0.0, 0.0, 0.0]] rg=True)",
    "d = torch.diag(x, -1)\n(g,) = torch.autograd.grad((d * d).sum(), x, create_graph=True)\nresult = (d.grad_fn.name(), g.grad_fn.name(), g)": "('DiagEmbedBackward0', 'DiagonalBackward0', torch.float32 (3,) [2.0, 4.0, 6.0] rg=True)",
    "result = torch.diag([1, 2])": "TypeError: diag(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.diag(t, 1.0)": "TypeError: diag(): argument 'diagonal' (position 2) must be int, not float",
    "result = torch.diag(t, 0, 1)": "TypeError: diag() takes from 1 to 2 positional arguments but 3 were given",
    "result = torch.diag(torch.tensor([True, False]))": "torch.bool (2, 2) [[True, False], [False, False]] rg=False",
    "result = torch.diagonal(t, offset=0, dim1=1, dim2=0)": "torch.float32 (3,) [0.0, 4.0, 8.0] rg=False",
    "result = t.diagonal(0, 0, 1, 2)": "TypeError: diagonal() takes from 0 to 3 positional arguments but 4 were given",
    "result = torch.zeros(0, 3).diagonal().shape": "(0)",
    "result = torch.diag(torch.zeros(0))\nresult = torch.diagonal(t, 0, 0, 1, 2)": "TypeError: diagonal() takes from 1 to 4 positional arguments but 5 were given",
    "result = t.diag(1.0)": "TypeError: diag(): argument 'diagonal' (position 1) must be int, not float",
    "result = t.diag(0, 1)": "TypeError: diag() takes from 0 to 1 positional arguments but 2 were given",
    "result = x.diag().diagonal()": "torch.float32 (3,) [1.0, 2.0, 3.0] rg=True",
    "m = x * torch.ones(3, 1)\nd = m.diagonal()\nm.add_(1)\nresult = (d, d.grad_fn.name())": "(torch.float32 (3,) [2.0, 3.0, 4.0] rg=True, 'AsStridedBackward0')",
    "result = (torch.ones(2, 3, 4).diagonal(0, 1, 2).stride(), torch.ones(2, 3, 4).diagonal(-1, 2, 0).storage_offset())": "((12, 5), 1)",
    "result = torch.ones(3).expand(3, 3).diagonal().fill_(2.0)": "torch.float32 (3,) [2.0, 2.0, 2.0] rg=False",
    "result = t.diagonal(dim1=1)": "RuntimeError: diagonal dimensions cannot be identical 1, 1",
    "result = torch.diagonal(t, dim2=0)": "RuntimeError: diagonal dimensions cannot be identical 0, 0",
    "result = t.diagonal(dim1=0.0)": "TypeError: diagonal(): argument 'dim1' must be int, not float",
    "result = torch.diag(input=torch.tensor([1.0]), diagonal=1)": "torch.float32 (2, 2) [[0.0, 1.0], [0.0, 0.0]] rg=False",
    # rot90: k quarter turns from dims[0] towards dims[1] (negative k and k >= 4 wrap), a
    # copy with torch's strides (a flip, transposed for odd k); Rot90Backward0, whose
    # gradient is rot90(grad, -k)
    "result = torch.rot90(t)": "torch.float32 (3, 4) [[2.0, 5.0, 8.0, 11.0], [1.0, 4.0, 7.0, 10.0], [0.0, 3.0, 6.0, 9.0]] rg=False",
    "result = t.rot90(2)": "torch.float32 (4, 3) [[11.0, 10.0, 9.0], [8.0, 7.0, 6.0], [5.0, 4.0, 3.0], [2.0, 1.0, 0.0]] rg=False",
    "result = torch.rot90(t, 3)": "torch.float32 (3, 4) [[9.0, 6.0, 3.0, 0.0], [10.0, 7.0, 4.0, 1.0], [11.0, 8.0, 5.0, 2.0]] rg=False",
    "result = torch.rot90(t, -1)": "torch.float32 (3, 4) [[9.0, 6.0, 3.0, 0.0], [10.0, 7.0, 4.0, 1.0], [11.0, 8.0, 5.0, 2.0]] rg=False",
    "result = torch.rot90(t, 4)": "torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = torch.rot90(t, 1, [1, 0])": "torch.float32 (3, 4) [[9.0, 6.0, 3.0, 0.0], [10.0, 7.0, 4.0, 1.0], [11.0, 8.0, 5.0, 2.0]] rg=False",
    "result = torch.rot90(t, k=5, dims=(0, 1))": "torch.float32 (3, 4) [[2.0, 5.0, 8.0, 11.0], [1.0, 4.0, 7.0, 10.0], [0.0, 3.0, 6.0, 9.0]] rg=False",
    "result = (torch.rot90(t).stride(), torch.rot90(t, 2).stride(), torch.rot90(t, 3).stride(), torch.rot90(t, 0).stride())": "((1, 3), (3, 1), (1, 3), (3, 1))",
    "result = torch.rot90(torch.arange(24).reshape(2, 3, 4), 1, [0, 2])": "torch.int64 (4, 3, 2) [[[3, 15], [7, 19], [11, 23]], [[2, 14], [6, 18], [10, 22]], [[1, 13], [5, 17], [9, 21]], [[0, 12], [4, 16], [8, 20]]] rg=False",
    "result = torch.rot90(torch.arange(24).reshape(2, 3, 4), -1, [-1, -2]).shape": "(2, 4, 3)",
    "m = x * torch.ones(2, 1)\nrs = [torch.rot90(m, k) for k in range(4)]\nresult = [r.grad_fn.name() for r in rs]": "['Rot90Backward0', 'Rot90Backward0', 'Rot90Backward0', 'Rot90Backward0']",
    "m = x * torch.ones(2, 1)\nr = torch.rot90(m)\nr.backward(torch.arange(6.0).reshape(3, 2))\nresult = x.grad": "torch.float32 (3,) [9.0, 5.0, 1.0] rg=False",
    "m = x * torch.ones(2, 1)\nr = torch.rot90(m, 3)\n(g,) = torch.autograd.grad((r * r).sum(), m, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('Rot90Backward0', torch.float32 (2, 3) [[2.0, 4.0, 6.0], [2.0, 4.0, 6.0]] rg=True)",
    "r = torch.rot90(t, 0)\nresult = (r._base is None, r.data_ptr() == t.data_ptr())": "(True, False)",
    "result = torch.rot90(t, 1, [0])": "RuntimeError: expected total rotation dims == 2, but got dims = 1",
    "result = torch.rot90(t, 1, [0, 1, 2])": "RuntimeError: expected total rotation dims == 2, but got dims = 3",
    "result = torch.rot90(torch.arange(3))": "RuntimeError: expected total dims >= 2, but got total dims = 1",
    "result = torch.rot90(t, 1, [0, 0])": "RuntimeError: expected rotation dims to be different, but got dim0 = 0 and dim1 = 0",
    "result = torch.rot90(t, 1, [0, 2])": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.rot90(t, 1, [-3, 1])": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got -3)",
    "result = torch.rot90(t, 1.0)": "TypeError: rot90(): argument 'k' (position 2) must be int, not float",
    "result = torch.rot90(t, 1, 0)": "TypeError: rot90(): argument 'dims' (position 3) must be tuple of ints, not int",
    "result = torch.rot90([[1, 2]])": "TypeError: rot90(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.rot90(t, 1, [0, 1], 2)": "TypeError: rot90() takes from 1 to 3 positional arguments but 4 were given",
    "result = t.rot90(dims=[1, 0])": "torch.float32 (3, 4) [[9.0, 6.0, 3.0, 0.0], [10.0, 7.0, 4.0, 1.0], [11.0, 8.0, 5.0, 2.0]] rg=False",
    "result = torch.rot90(t, 1, [1, -1])": "RuntimeError: expected rotation dims to be different, but got dim0 = 1 and dim1 = -1",
    "result = torch.rot90(torch.tensor(1.0))\nresult = (torch.rot90(t.t()).stride(), torch.rot90(t.t(), 2).stride(), torch.rot90(t[:, ::2], 3).stride(), torch.rot90(t.t(), 4).stride())": "RuntimeError: expected total dims >= 2, but got total dims = 0",
    "result = torch.rot90(t[:, ::2], 3)": "torch.float32 (2, 4) [[9.0, 6.0, 3.0, 0.0], [11.0, 8.0, 5.0, 2.0]] rg=False",
    "result = t.rot90(1.5)": "TypeError: rot90(): argument 'k' (position 1) must be int, not float",
    "result = torch.rot90(t, 1, dims=[0, None])": "TypeError: rot90(): argument 'dims' failed to unpack the object at pos 2 with error \"type must be tuple of ints,but got NoneType\"",
    "result = torch.rot90(t, 1, torch.Size([1, 0]))": "torch.float32 (3, 4) [[9.0, 6.0, 3.0, 0.0], [10.0, 7.0, 4.0, 1.0], [11.0, 8.0, 5.0, 2.0]] rg=False",
    # nanmean: the mean of the elements that are not nan, as torch computes it, nansum /
    # count (DivBackward0 over NansumBackward0, whose gradient leaves the nans out); nan where
    # nothing is left; floating inputs only.  (Its sums are the engine's sum's: along a dim
    # that leaves several elements, numpy's order, see engine-internals "Sums in torch's
    # order".)
    "n = torch.tensor([[1.0, float('nan'), 3.0], [float('nan'), float('nan'), 6.0]])\nresult = (torch.nanmean(n), n.nanmean(0), n.nanmean(1, keepdim=True), n.nanmean(dim=(0, 1)))": "(torch.float32 () 3.33333 rg=False, torch.float32 (3,) [1.0, nan, 4.5] rg=False, torch.float32 (2, 1) [[2.0], [6.0]] rg=False, torch.float32 () 3.33333 rg=False)",
    "result = torch.nanmean(t)": "torch.float32 () 5.5 rg=False",
    "result = torch.nanmean(torch.tensor([float('nan')]))": "torch.float32 () nan rg=False",
    "result = torch.nanmean(torch.zeros(0))": "torch.float32 () nan rg=False",
    "result = torch.nanmean(torch.tensor([1, 2]))": "RuntimeError: nanmean(): expected input to have floating point or complex dtype but got Long",
    "result = torch.nanmean(torch.tensor([1.0, 2.0]), dtype=torch.float64)": "torch.float64 () 1.5 rg=False",
    "result = torch.nanmean(torch.tensor([1.0, 2.0]), dtype=torch.int64)": "RuntimeError: nanmean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: Long",
    "y = x * torch.tensor([1.0, float('nan'), 1.0])\nr = y.nanmean()\nr.backward()\nresult = (r, r.grad_fn.name(), [n and n.name() for n, _ in r.grad_fn.next_functions], x.grad)": "(torch.float32 () 2.0 rg=True, 'DivBackward0', ['NansumBackward0', None], torch.float32 (3,) [0.5, nan, 0.5] rg=False)",
    "y = torch.stack([x, x * float('nan')])\nr = y.nanmean(0)\nr.backward(torch.ones(3))\nresult = (r, r.grad_fn.name(), x.grad)": "(torch.float32 (3,) [1.0, 2.0, 3.0] rg=True, 'DivBackward0', torch.float32 (3,) [nan, nan, nan] rg=False)",
    "r = (x * x).nanmean()\n(g,) = torch.autograd.grad(r, x, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('AddBackward0', torch.float32 (3,) [0.666667, 1.33333, 2.0] rg=True)",
    "result = t.nanmean(2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = t.nanmean(0.5)": "TypeError: nanmean(): argument 'dim' (position 1) must be tuple of ints, not float",
    "result = torch.nanmean([1.0])": "TypeError: nanmean(): argument 'input' (position 1) must be Tensor, not list",
    "result = t.nanmean(0, 1)": "TypeError: nanmean(): argument 'keepdim' (position 2) must be bool, not int",
    "result = torch.tensor([1.0, float('inf'), float('nan')]).nanmean()": "torch.float32 () inf rg=False",
    "result = torch.tensor([1, 2], dtype=torch.float16).nanmean()": "torch.float16 () 1.5 rg=False",
    "result = t.nanmean(keepdim=True)": "torch.float32 (1, 1) [[5.5]] rg=False",
    "r = torch.stack([x, x * float('nan')]).nanmean(0)\nr.sum().backward()\nr.sum().backward()": "RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.",
    "result = t.nanmean(dtype='float64')": "TypeError: nanmean(): argument 'dtype' must be torch.dtype, not str",
    "result = t.nanmean(0, keepdim=None)": "TypeError: nanmean(): argument 'keepdim' must be bool, not NoneType",
    "result = torch.nanmean(t, (0, 0))": "RuntimeError: dim 0 appears multiple times in the list of dims",
    "result = (t.t().nanmean(1, keepdim=True).stride(), torch.ones(2, 3, 4).nanmean((0, 2)).shape)": "((1, 1), (3))",
    # tensor_split: n sections (the first size % n one longer) or the indices to split at
    # (an int, a list, a long tensor; Python's slice rules), each part a SliceBackward0 view
    # of its own.  Not matched: the storage offset of an empty part (the engine's empty
    # slices, t[5:2] too, report 0).
    "result = torch.tensor_split(t, 3)": "(torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False, torch.float32 (1, 3) [[6.0, 7.0, 8.0]] rg=False, torch.float32 (1, 3) [[9.0, 10.0, 11.0]] rg=False)",
    "result = torch.tensor_split(t, 3, dim=1)": "(torch.float32 (4, 1) [[0.0], [3.0], [6.0], [9.0]] rg=False, torch.float32 (4, 1) [[1.0], [4.0], [7.0], [10.0]] rg=False, torch.float32 (4, 1) [[2.0], [5.0], [8.0], [11.0]] rg=False)",
    "result = t.tensor_split(5)": "(torch.float32 (1, 3) [[0.0, 1.0, 2.0]] rg=False, torch.float32 (1, 3) [[3.0, 4.0, 5.0]] rg=False, torch.float32 (1, 3) [[6.0, 7.0, 8.0]] rg=False, torch.float32 (1, 3) [[9.0, 10.0, 11.0]] rg=False, torch.float32 (0, 3) [] rg=False)",
    "result = torch.tensor_split(torch.arange(7), 3)": "(torch.int64 (3,) [0, 1, 2] rg=False, torch.int64 (2,) [3, 4] rg=False, torch.int64 (2,) [5, 6] rg=False)",
    "result = torch.tensor_split(torch.arange(7), [1, 5])": "(torch.int64 (1,) [0] rg=False, torch.int64 (4,) [1, 2, 3, 4] rg=False, torch.int64 (2,) [5, 6] rg=False)",
    "result = torch.tensor_split(torch.arange(7), (1, 10))": "(torch.int64 (1,) [0] rg=False, torch.int64 (6,) [1, 2, 3, 4, 5, 6] rg=False, torch.int64 (0,) [] rg=False)",
    "result = torch.tensor_split(torch.arange(7), [5, 2])": "(torch.int64 (5,) [0, 1, 2, 3, 4] rg=False, torch.int64 (0,) [] rg=False, torch.int64 (5,) [2, 3, 4, 5, 6] rg=False)",
    "result = torch.tensor_split(torch.arange(7), [-2])": "(torch.int64 (5,) [0, 1, 2, 3, 4] rg=False, torch.int64 (2,) [5, 6] rg=False)",
    "result = torch.tensor_split(torch.arange(7), [])": "(torch.int64 (7,) [0, 1, 2, 3, 4, 5, 6] rg=False)",
    "result = torch.tensor_split(torch.arange(7), torch.tensor(3))": "(torch.int64 (3,) [0, 1, 2] rg=False, torch.int64 (2,) [3, 4] rg=False, torch.int64 (2,) [5, 6] rg=False)",
    "result = torch.tensor_split(torch.arange(7), torch.tensor([2, 4]))": "(torch.int64 (2,) [0, 1] rg=False, torch.int64 (2,) [2, 3] rg=False, torch.int64 (3,) [4, 5, 6] rg=False)",
    "result = t.tensor_split([1], 1)": "(torch.float32 (4, 1) [[0.0], [3.0], [6.0], [9.0]] rg=False, torch.float32 (4, 2) [[1.0, 2.0], [4.0, 5.0], [7.0, 8.0], [10.0, 11.0]] rg=False)",
    "result = t.tensor_split(indices=[1], dim=1)": "(torch.float32 (4, 1) [[0.0], [3.0], [6.0], [9.0]] rg=False, torch.float32 (4, 2) [[1.0, 2.0], [4.0, 5.0], [7.0, 8.0], [10.0, 11.0]] rg=False)",
    "result = t.tensor_split(sections=2)": "(torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False, torch.float32 (2, 3) [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False)",
    "result = t.tensor_split(tensor_indices_or_sections=torch.tensor(2))": "(torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False, torch.float32 (2, 3) [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False)",
    "m = x * 1\nparts = m.tensor_split(2)\nresult = [(p.grad_fn.name(), p._is_view(), p.stride(), p.storage_offset()) for p in parts]": "[('SliceBackward0', True, (1,), 0), ('SliceBackward0', True, (1,), 2)]",
    "m = x * 1\na, b = m.tensor_split([1])\n(a.sum() + 2 * b.sum()).backward()\nresult = x.grad": "torch.float32 (3,) [1.0, 2.0, 2.0] rg=False",
    "m = x * 1\na, b = m.tensor_split(2)\na.mul_(2)\nresult = (a.grad_fn.name(), m.grad_fn.name())": "('AsStridedBackward0', 'torch::autograd::CopySlices')",
    "m = x * 1\na, b = m.tensor_split(2)\n(g,) = torch.autograd.grad((b * b).sum(), m, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('SliceBackwardBackward0', torch.float32 (3,) [0.0, 0.0, 6.0] rg=True)",
    "result = torch.tensor_split(t, 0)": "RuntimeError: number of sections must be larger than 0, got 0",
    "result = torch.tensor_split(t, -1)": "RuntimeError: number of sections must be larger than 0, got -1",
    "result = torch.tensor_split(t, 2, 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.tensor_split(torch.tensor(1.0), 2)": "RuntimeError: tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
    "result = torch.tensor_split(t, torch.tensor([1.0]))": "RuntimeError: tensor_split expected tensor_indices_or_sections to have dtype of long, but got Float",
    "result = torch.tensor_split(t, torch.tensor([[1]]))": "RuntimeError: tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with 2 dims",
    "result = torch.tensor_split(t, 2.0)": "TypeError: tensor_split() received an invalid combination of arguments - got (Tensor, float), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n",
    "result = torch.tensor_split(t, [1.0])": "TypeError: tensor_split() received an invalid combination of arguments - got (Tensor, list), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n",
    "result = torch.tensor_split([1, 2], 2)": "TypeError: tensor_split() received an invalid combination of arguments - got (list, int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n",
    "result = torch.tensor_split(t)": "TypeError: tensor_split() received an invalid combination of arguments - got (Tensor), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n",
    "result = type(torch.tensor_split(t, 2)).__name__": "'tuple'",
    "result = torch.tensor_split(torch.zeros(0, 2), 2)": "(torch.float32 (0, 2) [] rg=False, torch.float32 (0, 2) [] rg=False)",
    "result = torch.tensor_split(t, 2, 0, 1)": "TypeError: tensor_split() received an invalid combination of arguments - got (Tensor, int, int, int), but expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)\n",
    "result = torch.tensor_split(t, torch.tensor([1], dtype=torch.int32))": "RuntimeError: tensor_split expected tensor_indices_or_sections to have dtype of long, but got Int",
    "result = t.tensor_split(2, dim=1.0)": "TypeError: tensor_split() received an invalid combination of arguments - got (int, dim=float), but expected one of:\n * (tuple of ints indices, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (Tensor tensor_indices_or_sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n * (int sections, int dim = 0)\n      didn't match because some of the keywords were incorrect: dim\n",
    "result = torch.tensor_split(t, sections=2, dim=-1)": "(torch.float32 (4, 2) [[0.0, 1.0], [3.0, 4.0], [6.0, 7.0], [9.0, 10.0]] rg=False, torch.float32 (4, 1) [[2.0], [5.0], [8.0], [11.0]] rg=False)",
    "result = torch.tensor_split(input=t, indices=(1, 2))": "(torch.float32 (1, 3) [[0.0, 1.0, 2.0]] rg=False, torch.float32 (1, 3) [[3.0, 4.0, 5.0]] rg=False, torch.float32 (2, 3) [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False)",
    # sort / argsort / topk: torch's CPU order, ties included: std::sort (not stable: past 16
    # elements it leaves ties in another order) or std::stable_sort, and for topk
    # partial_sort or nth_element then sort, which the engine runs step by step on rows with
    # ties (reduction._std_sort); a nan is the largest; SortBackward0 / TopkBackward0 send the
    # gradient back to the indices (ScatterBackward0 under create_graph)
    "result = torch.sort(torch.tensor([3.0, 1.0, 2.0]))": "(torch.float32 (3,) [1.0, 2.0, 3.0] rg=False, torch.int64 (3,) [1, 2, 0] rg=False)",
    "result = t.sort(0, descending=True)": "(torch.float32 (4, 3) [[9.0, 10.0, 11.0], [6.0, 7.0, 8.0], [3.0, 4.0, 5.0], [0.0, 1.0, 2.0]] rg=False, torch.int64 (4, 3) [[3, 3, 3], [2, 2, 2], [1, 1, 1], [0, 0, 0]] rg=False)",
    "result = t.sort(dim=1, descending=True).indices": "torch.int64 (4, 3) [[2, 1, 0], [2, 1, 0], [2, 1, 0], [2, 1, 0]] rg=False",
    "v, i = torch.sort(torch.tensor([2, float('nan'), -1.0, float('nan'), 0.0, -0.0]))\nresult = (v, i)": "(torch.float32 (6,) [-1.0, 0.0, -0.0, 2.0, nan, nan] rg=False, torch.int64 (6,) [2, 4, 5, 0, 1, 3] rg=False)",
    "result = torch.sort(torch.tensor([2, float('nan'), -1.0, float('nan'), 0.0, -0.0]), descending=True)": "(torch.float32 (6,) [nan, nan, 2.0, 0.0, -0.0, -1.0] rg=False, torch.int64 (6,) [1, 3, 0, 4, 5, 2] rg=False)",
    "result = torch.sort(torch.zeros(20)).indices": "torch.int64 (20,) [10, 19, 18, 17, 16, 15, 14, 13, 12, 11, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1] rg=False",
    "result = torch.sort(torch.zeros(20), stable=True).indices": "torch.int64 (20,) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] rg=False",
    "result = torch.sort(torch.tensor([1, 0] * 10), descending=True).indices": "torch.int64 (20,) [0, 2, 18, 4, 6, 16, 8, 10, 14, 12, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1] rg=False",
    "result = torch.sort(torch.arange(40) % 3, stable=True, descending=True).indices": "torch.int64 (40,) [2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39] rg=False",
    "result = torch.sort(torch.tensor([True, False, True]))": "(torch.bool (3,) [False, True, True] rg=False, torch.int64 (3,) [1, 0, 2] rg=False)",
    "result = type(torch.sort(t)).__name__": "'sort'",
    "result = torch.sort(torch.tensor(5.0))": "(torch.float32 () 5.0 rg=False, torch.int64 () 0 rg=False)",
    "result = torch.sort(t, 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.sort(t, 0.5)": "TypeError: sort() received an invalid combination of arguments - got (Tensor, float), but expected one of:\n * (Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors out = None)\n * (Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)\n",
    "result = torch.sort([3, 1])": "TypeError: sort(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.argsort(torch.tensor([3.0, 1.0, 2.0]))": "torch.int64 (3,) [1, 2, 0] rg=False",
    "result = torch.argsort(t, dim=0, descending=True)": "torch.int64 (4, 3) [[3, 3, 3], [2, 2, 2], [1, 1, 1], [0, 0, 0]] rg=False",
    "result = torch.argsort(torch.zeros(20))": "torch.int64 (20,) [10, 19, 18, 17, 16, 15, 14, 13, 12, 11, 0, 9, 8, 7, 6, 5, 4, 3, 2, 1] rg=False",
    "result = torch.argsort(torch.zeros(20), stable=True)": "torch.int64 (20,) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] rg=False",
    "result = x.argsort().requires_grad": "False",
    "r = torch.sort(x * torch.tensor([1.0, -1.0, 1.0]), descending=True)\nr.values.backward(torch.tensor([10.0, 20.0, 30.0]))\nresult = (r.values.grad_fn.name(), r.indices.requires_grad, x.grad)": "('SortBackward0', False, torch.float32 (3,) [20.0, -30.0, 10.0] rg=False)",
    "m = x * torch.ones(2, 1)\nv = m.sort(0).values\n(g,) = torch.autograd.grad((v * v).sum(), m, create_graph=True)\nresult = (v.grad_fn.name(), g.grad_fn.name(), g)": "('SortBackward0', 'ScatterBackward0', torch.float32 (2, 3) [[2.0, 4.0, 6.0], [2.0, 4.0, 6.0]] rg=True)",
    "r = x.sort()\nr.values.sum().backward()\nr.values.sum().backward()": "RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.",
    "result = torch.topk(torch.tensor([1.0, 3.0, 2.0, 5.0]), 2)": "(torch.float32 (2,) [5.0, 3.0] rg=False, torch.int64 (2,) [3, 1] rg=False)",
    "result = t.topk(2, dim=0)": "(torch.float32 (2, 3) [[9.0, 10.0, 11.0], [6.0, 7.0, 8.0]] rg=False, torch.int64 (2, 3) [[3, 3, 3], [2, 2, 2]] rg=False)",
    "result = t.topk(1, largest=False)": "(torch.float32 (4, 1) [[0.0], [3.0], [6.0], [9.0]] rg=False, torch.int64 (4, 1) [[0], [0], [0], [0]] rg=False)",
    "result = t.topk(0)": "(torch.float32 (4, 0) [[], [], [], []] rg=False, torch.int64 (4, 0) [[], [], [], []] rg=False)",
    "result = t.topk(4)": "RuntimeError: selected index k out of range",
    "result = t.topk(-1)": "RuntimeError: selected index k out of range",
    "result = t.topk(2, 2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = t.topk(1.0)": "TypeError: topk(): argument 'k' (position 1) must be int, not float",
    "result = torch.topk(t)": 'TypeError: topk() missing 1 required positional arguments: "k"',
    "r = torch.topk(x * 1, 2)\nr.values.backward(torch.tensor([10.0, 20.0]))\nresult = (r.values.grad_fn.name(), x.grad)": "('TopkBackward0', torch.float32 (3,) [0.0, 20.0, 10.0] rg=False)",
    "result = torch.topk(torch.tensor([1.0, float('nan'), 3.0]), 2)": "(torch.float32 (2,) [nan, 3.0] rg=False, torch.int64 (2,) [1, 2] rg=False)",
    "result = torch.sort(t, -1, True)": "(torch.float32 (4, 3) [[2.0, 1.0, 0.0], [5.0, 4.0, 3.0], [8.0, 7.0, 6.0], [11.0, 10.0, 9.0]] rg=False, torch.int64 (4, 3) [[2, 1, 0], [2, 1, 0], [2, 1, 0], [2, 1, 0]] rg=False)",
    "result = torch.sort(t, stable=None)": "(torch.float32 (4, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False, torch.int64 (4, 3) [[0, 1, 2], [0, 1, 2], [0, 1, 2], [0, 1, 2]] rg=False)",
    "result = torch.sort(t, descending=1)": "TypeError: sort() received an invalid combination of arguments - got (Tensor, descending=int), but expected one of:\n * (Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors out = None)\n * (Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)\n",
    "result = torch.topk(torch.tensor([1, 3, 3, 2, 3, 0, 3, 1]), 3, sorted=False)": "(torch.int64 (3,) [3, 3, 3] rg=False, torch.int64 (3,) [1, 6, 4] rg=False)",
    "result = torch.topk(torch.zeros(200), 2).indices": "torch.int64 (2,) [0, 1] rg=False",
    "result = torch.topk(torch.tensor([True, False]), 1)": "RuntimeError: topk does not support bool dtypes on CPU",
    "result = torch.topk(torch.tensor(4.0), 1)": "(torch.float32 () 4.0 rg=False, torch.int64 () 0 rg=False)",
    "result = t.topk(2, largest=1)": "TypeError: topk(): argument 'largest' must be bool, not int",
    "result = t.argsort(stable=True, descending=True, dim=0)": "torch.int64 (4, 3) [[3, 3, 3], [2, 2, 2], [1, 1, 1], [0, 0, 0]] rg=False",
    "result = torch.argsort(t, 0, 1)": "TypeError: argsort() received an invalid combination of arguments - got (Tensor, int, int), but expected one of:\n * (Tensor input, *, bool stable, int dim = -1, bool descending = False, Tensor out = None)\n * (Tensor input, int dim = -1, bool descending = False)\n      didn't match because some of the arguments have invalid types: (Tensor, !int!, !int!)\n",
    "result = torch.sort(torch.zeros(0, 3), 0)": "(torch.float32 (0, 3) [] rg=False, torch.int64 (0, 3) [] rg=False)",
    "result = torch.sort(torch.arange(30) % 4, descending=True)": "(torch.int64 (30,) [3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0] rg=False, torch.int64 (30,) [27, 15, 19, 11, 23, 7, 3, 6, 26, 22, 10, 2, 14, 18, 25, 21, 29, 17, 13, 9, 5, 1, 16, 20, 12, 8, 24, 4, 28, 0] rg=False)",
    # an integer vector of 32,768+ elements sorts stably (torch's radix sort), a float one not
    "result = torch.sort(torch.arange(40000) % 3).indices[:4]": "torch.int64 (4,) [0, 3, 6, 9] rg=False",
    "result = torch.sort(torch.arange(40000.0) % 3).indices[:4]": "torch.int64 (4,) [27993, 11985, 28014, 11988] rg=False",
    # scatter / scatter_: src's elements (or a number) written where index points along dim,
    # duplicates the last in index's order, reduce='add'/'multiply' added or multiplied in
    # (no derivative, as torch); ScatterBackward0 (src: its gradient is a gather) /
    # ScatterBackward1 (number) save the index.  Not matched: a complex number (the engine
    # has no complex dtypes); the wording of the invalid-combination error of a call that
    # gives value= by keyword.
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([[0, 2], [1, 3], [3, 3]]), torch.ones(3, 2))": "torch.float32 (3, 4) [[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 0.0, 1.0]] rg=False",
    "result = torch.zeros(3, 4).scatter(0, torch.tensor([[2, 0, 1, 2]]), torch.arange(1.0, 5.0).view(1, 4))": "torch.float32 (3, 4) [[0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 3.0, 0.0], [1.0, 0.0, 0.0, 4.0]] rg=False",
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([[1], [2], [0]]), 7.5)": "torch.float32 (3, 4) [[0.0, 7.5, 0.0, 0.0], [0.0, 0.0, 7.5, 0.0], [7.5, 0.0, 0.0, 0.0]] rg=False",
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([[1], [2]]), torch.arange(1.0, 13.0).view(3, 4))": "torch.float32 (3, 4) [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 5.0, 0.0], [0.0, 0.0, 0.0, 0.0]] rg=False",
    "u = torch.zeros(5)\nr = u.scatter_(0, torch.tensor([4, 0, 4]), torch.tensor([1.0, 2.0, 3.0]))\nresult = (r is u, u)": "(True, torch.float32 (5,) [2.0, 0.0, 0.0, 0.0, 3.0] rg=False)",
    "import warnings\nwarnings.simplefilter('ignore')\nresult = torch.zeros(2, 3).scatter_(1, torch.tensor([[0, 0], [1, 1]]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]), reduce='add')": "torch.float32 (2, 3) [[3.0, 0.0, 0.0], [0.0, 7.0, 0.0]] rg=False",
    "result = torch.ones(2, 3).scatter(1, torch.tensor([[0, 0], [1, 1]]), 2.0, reduce='multiply')": "torch.float32 (2, 3) [[4.0, 1.0, 1.0], [1.0, 4.0, 1.0]] rg=False",
    "result = torch.zeros(3).scatter(0, torch.tensor([-1]), 1.0)": "RuntimeError: index -1 is out of bounds for dimension 0 with size 3",
    "result = torch.zeros(3).scatter(0, torch.tensor([3]), 1.0)": "RuntimeError: index 3 is out of bounds for dimension 0 with size 3",
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([[5]]), 1.0)": "RuntimeError: index 5 is out of bounds for dimension 1 with size 4",
    "result = torch.zeros(3).scatter(0, torch.tensor([1], dtype=torch.int32), 1.0)": "torch.float32 (3,) [0.0, 1.0, 0.0] rg=False",
    "result = torch.zeros(3).scatter(0, torch.tensor([1.0]), 1.0)": "RuntimeError: scatter(): Expected dtype int32/int64 for index",
    "result = torch.zeros(3).scatter(0, torch.tensor([1]), torch.tensor([1.0], dtype=torch.float64))": "RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype",
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([1, 2]), 1.0)": "RuntimeError: Index tensor must have the same number of dimensions as self tensor",
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([[1, 2, 0, 1, 2]]), 1.0)": "torch.float32 (3, 4) [[1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]] rg=False",
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([[1, 2]]), torch.ones(1, 1))": "RuntimeError: Expected index [1, 2] to be no larger than self [3, 4] apart from dimension 1 and to be no larger size than src [1, 1]",
    "result = torch.zeros(3, 4).scatter(2, torch.tensor([[1]]), 1.0)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.zeros(3).scatter(0, [1], 1.0)": "TypeError: scatter() received an invalid combination of arguments - got (int, list, float), but expected one of:\n * (int dim, Tensor index, Tensor src)\n      didn't match because some of the arguments have invalid types: (int, !list of [int]!, !float!)\n * (int dim, Tensor index, Tensor src, *, str reduce)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (int, !list of [int]!, !float!)\n * (int dim, Tensor index, Number value, *, str reduce)\n",
    "result = torch.zeros(3).scatter(0, torch.tensor([1]))": "TypeError: scatter() received an invalid combination of arguments - got (int, Tensor), but expected one of:\n * (int dim, Tensor index, Tensor src)\n * (int dim, Tensor index, Tensor src, *, str reduce)\n * (int dim, Tensor index, Number value)\n * (int dim, Tensor index, Number value, *, str reduce)\n",
    "result = torch.zeros(3).scatter(0, torch.tensor([1]), 'a')": "TypeError: scatter() received an invalid combination of arguments - got (int, Tensor, str), but expected one of:\n * (int dim, Tensor index, Tensor src)\n      didn't match because some of the arguments have invalid types: (int, Tensor, !str!)\n * (int dim, Tensor index, Tensor src, *, str reduce)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (int, Tensor, !str!)\n * (int dim, Tensor index, Number value, *, str reduce)\n",
    "result = torch.zeros(3).scatter(0, torch.tensor([1]), 1.0, reduce='max')": "RuntimeError: reduce argument must be either add or multiply.",
    "result = torch.arange(4).scatter(0, torch.tensor([1]), 2.7)": "torch.int64 (4,) [0, 2, 2, 3] rg=False",
    "result = torch.zeros(3).scatter(0, torch.tensor([], dtype=torch.long), 1.0)": "torch.float32 (3,) [0.0, 0.0, 0.0] rg=False",
    "result = torch.tensor(1.0).scatter(0, torch.tensor(0), 5.0)": "torch.float32 () 5.0 rg=False",
    "result = torch.scatter(torch.zeros(3), 0, torch.tensor([2]), torch.tensor([9.0]))": "torch.float32 (3,) [0.0, 0.0, 9.0] rg=False",
    "result = torch.zeros(3).scatter(dim=0, index=torch.tensor([2]), src=torch.tensor([9.0]))": "torch.float32 (3,) [0.0, 0.0, 9.0] rg=False",
    "result = torch.zeros(3).scatter(dim=0, index=torch.tensor([2]), value=9.0)": "torch.float32 (3,) [0.0, 0.0, 9.0] rg=False",
    "result = x.scatter_(0, torch.tensor([0]), 1.0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "y = x[:2]\ny.scatter_(0, torch.tensor([0]), 1.0)": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "s = torch.tensor([10.0, 20.0], requires_grad=True)\nr = x.scatter(0, torch.tensor([2, 0]), s)\nr.backward(torch.tensor([1.0, 2.0, 3.0]))\nresult = (r.grad_fn.name(), x.grad, s.grad)": "('ScatterBackward0', torch.float32 (3,) [0.0, 2.0, 0.0] rg=False, torch.float32 (2,) [3.0, 1.0] rg=False)",
    "r = x.scatter(0, torch.tensor([1]), 5.0)\nr.backward(torch.tensor([1.0, 2.0, 3.0]))\nresult = (r.grad_fn.name(), x.grad)": "('ScatterBackward1', torch.float32 (3,) [1.0, 0.0, 3.0] rg=False)",
    "y = x * 1\ny.scatter_(0, torch.tensor([1]), 5.0)\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\nresult = (y.grad_fn.name(), g.grad_fn.name(), g)": "('ScatterBackward1', 'MulBackward0', torch.float32 (3,) [2.0, 0.0, 6.0] rg=True)",
    "s = torch.tensor([10.0], requires_grad=True)\nr = torch.zeros(3).scatter(0, torch.tensor([1]), s * s)\n(g,) = torch.autograd.grad((r * r).sum(), s, create_graph=True)\nresult = ([n is None for n, _ in r.grad_fn.next_functions], g.grad_fn.name(), g)": "([True, False], 'AddBackward0', torch.float32 (1,) [4000.0] rg=True)",
    "import warnings\nwarnings.simplefilter('ignore')\ns = torch.tensor([10.0, 20.0], requires_grad=True)\nr = x.scatter(0, torch.tensor([0, 1]), s, reduce='add')\nresult = r.grad_fn.name()\nr.sum().backward()": "RuntimeError: derivative for aten::scatter is not implemented",
    "i = torch.tensor([0])\nr = x.scatter(0, i, 1.0)\ni.add_(1)\nr.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [1]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "result = x.detach().expand(2, 3).scatter_(1, torch.tensor([[0], [0]]), 1.0)": "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    "y = x * 1\nz = y[1:]\nz.scatter_(0, torch.tensor([1]), torch.tensor([7.0]))\ny.sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('torch::autograd::CopySlices', torch.float32 (3,) [1.0, 2.0, 7.0] rg=True, torch.float32 (3,) [1.0, 1.0, 0.0] rg=False)",
    "result = t.t().scatter(0, torch.tensor([[0]]), 1.0).stride()": "(4, 1)",
    "result = torch.zeros(3, dtype=torch.uint8).scatter(0, torch.tensor([1]), 300)": "RuntimeError: value cannot be converted to type uint8_t without overflow",
    "r = x.scatter(0, torch.tensor([1]), 2.0, reduce='multiply')\nresult = r": "torch.float32 (3,) [1.0, 4.0, 3.0] rg=True",
    "y = x * 1\ny.scatter_(0, torch.tensor([1]), 2.0, reduce='add')\ny.sum().backward()": "RuntimeError: derivative for aten::scatter_ is not implemented",
    "result = torch.zeros(3).scatter_(0, torch.tensor([1]), value=4.0)": "torch.float32 (3,) [0.0, 4.0, 0.0] rg=False",
    "result = torch.zeros(2, 2).scatter(0, torch.tensor([[1, 0]]), torch.tensor([5.0, 6.0]))": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "result = torch.zeros(3, 4).scatter(1, torch.tensor([[1, 1, 1, 1, 1]]), torch.ones(1, 2))": "RuntimeError: Expected index [1, 5] to be no larger than self [3, 4] apart from dimension 1 and to be no larger size than src [1, 2]",
    # a number is scatter's value by position only: src= takes a Tensor
    "result = torch.scatter(torch.zeros(3), dim=0, index=torch.tensor([1]), src=1.0)": "TypeError: scatter() received an invalid combination of arguments - got (Tensor, src=float, index=Tensor, dim=int), but expected one of:\n * (Tensor input, int dim, Tensor index, Tensor src, *, Tensor out = None)\n * (Tensor input, int dim, Tensor index, Tensor src, *, str reduce, Tensor out = None)\n * (Tensor input, int dim, Tensor index, Number value, *, Tensor out = None)\n * (Tensor input, int dim, Tensor index, Number value, *, str reduce, Tensor out = None)\n",
    "result = torch.zeros(3).scatter(0, torch.tensor([1]), src=2.0)": "TypeError: scatter() received an invalid combination of arguments - got (int, Tensor, src=float), but expected one of:\n * (int dim, Tensor index, Tensor src)\n      didn't match because some of the arguments have invalid types: (int, Tensor, !src=float!)\n * (int dim, Tensor index, Tensor src, *, str reduce)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the keywords were incorrect: src\n * (int dim, Tensor index, Number value, *, str reduce)\n",
    # strides: sort's (and argsort's) outputs are laid out like the input, topk's contiguous
    "result = (t.t().sort(0).values.stride(), t.t().sort(1).indices.stride(), t.t().topk(2, 0).values.stride(), t.t().argsort(0).stride())": "((1, 3), (1, 3), (4, 1), (1, 3))",
    "result = (torch.ones(2, 3, 4).permute(2, 0, 1).sort(1).values.stride(), torch.ones(2, 3, 4).permute(2, 0, 1).topk(1, 1).values.stride(), torch.ones(2, 3, 4).permute(2, 0, 1).argsort(1).stride())": "((1, 12, 4), (3, 3, 1), (1, 12, 4))",
    "result = (t.t().index_fill(1, torch.tensor([0]), 1.0).stride(), t.t().index_copy(1, torch.tensor([0]), torch.zeros(3, 1)).stride(), t.t().scatter(1, torch.tensor([[0]]), 1.0).stride())": "((1, 3), (4, 1), (4, 1))",
    "result = (torch.diag(t.t()).stride(), torch.rot90(t.t(), 1).stride(), t.t().nanmean(0).stride(), t.t().diagonal().stride())": "((1), (3, 1), (1), (4))",
    # keywords: torch names the argument without its position
    "result = t.index_copy(0, index=[1], source=torch.zeros(1, 3))": "TypeError: index_copy(): argument 'index' must be Tensor, not list",
    "result = torch.index_copy(t, dim=0, index=torch.tensor([1]), source=1.0)": "TypeError: index_copy(): argument 'source' must be Tensor, not float",
    "result = t.index_fill(0, index=[1], value=1.0)": "TypeError: index_fill() received an invalid combination of arguments - got (int, value=float, index=list), but expected one of:\n * (int dim, Tensor index, Tensor value)\n      didn't match because some of the arguments have invalid types: (int, !index=list of [int]!, !value=float!)\n * (int dim, Tensor index, Number value)\n      didn't match because some of the arguments have invalid types: (int, !index=list of [int]!, !value=float!)\n",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_index_ops_match_the_golden(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_index_op_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == GOLDENS[code]


def _tie_orders(module: ModuleType, values: np.ndarray, k: int) -> list[list[int]]:
    """sort's and topk's indices for every flag, as lists."""
    tensor = module.tensor(values)
    orders = []
    for flag in (False, True):
        orders.append(module.sort(tensor, descending=flag).indices.tolist())
        orders.append(module.sort(tensor, descending=flag, stable=True).indices.tolist())
        orders.append(module.topk(tensor, k, largest=flag).indices.tolist())
        orders.append(module.topk(tensor, k, sorted=flag).indices.tolist())
    return orders


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "int32"])
def test_sort_and_topk_order_ties_as_torch(dtype: str, real_torch: ModuleType) -> None:
    # rows with many ties, where std::sort, partial_sort and nth_element each leave their own
    # order (stable sorts and tie-free rows have one answer)
    rng = np.random.default_rng(7)
    for trial in range(60):
        size = int(rng.integers(1, 300))
        values = rng.integers(0, int(rng.integers(1, 6)), size).astype(dtype)
        if dtype == "float32" and trial % 3 == 0:
            values[rng.random(size) < 0.2] = np.nan
        k = int(rng.integers(0, size + 1)) if trial % 2 else int(rng.integers(0, size // 64 + 1))
        assert _tie_orders(engine, values, k) == _tie_orders(real_torch, values, k), trial
