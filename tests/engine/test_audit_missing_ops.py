# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch functions that students' correct solutions call and the engine lacked (found by a
differential grading of 694 student-style variants with ``--backend torch`` and
``--backend engine``: each raised the engine's does-not-support error and passed on torch).
The goldens were captured from torch 2.13 with ``audit_outcomes.outcome``; the torch-marked
twin checks they are still torch's, and the torch-marked differentials compare values."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

GOLDENS = {
    # addmv / Tensor.addmv: beta * input + alpha * (mat @ vec), input broadcast to the
    # product's length; a beta of 0 ignores input (nan too), an alpha of 0 the product;
    # integer beta/alpha truncated to the dtype (0.5 is 0); AddmvBackward0 (mul.Scalar,
    # MulBackward1, for a beta/alpha other than 1).  Not matched: the deprecated
    # addmv(beta, input, alpha, mat, vec) overloads (the engine's does-not-support error) and
    # addmv_ (not in the engine).
    "result = torch.addmv(torch.tensor([1.0, -1.0]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([0.5, 2.0]))": "torch.float32 (2,) [5.5, 8.5] rg=False",
    "result = torch.addmv(torch.tensor([1.0, -1.0]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([0.5, 2.0]), beta=0.5, alpha=2)": "torch.float32 (2,) [9.5, 18.5] rg=False",
    "result = torch.tensor([1.0, -1.0]).addmv(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([0.5, 2.0]), alpha=-1)": "torch.float32 (2,) [-3.5, -10.5] rg=False",
    "result = torch.addmv(torch.tensor(3.0), torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([0.5, 2.0]))": "torch.float32 (2,) [7.5, 12.5] rg=False",
    "result = torch.addmv(torch.tensor([3.0]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([0.5, 2.0]))": "torch.float32 (2,) [7.5, 12.5] rg=False",
    "result = torch.addmv(torch.tensor([float('nan'), 1.0]), torch.ones(2, 2), torch.ones(2), beta=0)": "torch.float32 (2,) [2.0, 2.0] rg=False",
    "result = torch.addmv(torch.ones(2), torch.tensor([[float('inf'), 1.0], [1.0, 1.0]]), torch.ones(2), alpha=0)": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 0), torch.ones(0), beta=2)": "torch.float32 (2,) [2.0, 2.0] rg=False",
    "result = torch.addmv(torch.tensor([1, 2]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([5, 6]), beta=2, alpha=3)": "torch.int64 (2,) [53, 121] rg=False",
    "result = torch.addmv(torch.tensor([1, 2]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([5, 6]), beta=0.5)": "torch.int64 (2,) [17, 39] rg=False",
    "result = torch.addmv(torch.tensor([1, 2]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([5, 6]), alpha=0.5)": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.addmv(torch.tensor([True, False]), torch.tensor([[True, False], [False, True]]), torch.tensor([True, True]))": "NotImplementedError: \"addmv_impl_cpu\" not implemented for 'Bool'",
    "result = torch.addmv(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.ones(2, 2), torch.ones(2))": "RuntimeError: addmv input tensors must have the same dtype, but got Double, Float, and Float",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2, dtype=torch.float64), torch.ones(2))": "RuntimeError: addmv input tensors must have the same dtype, but got Float, Double, and Float",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2, dtype=torch.float64))": "RuntimeError: addmv input tensors must have the same dtype, but got Float, Float, and Double",
    "result = torch.addmv(torch.ones(3), torch.ones(2, 2), torch.ones(2))": "RuntimeError: size mismatch, got input (3), mat (2x2), vec (2)",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 3), torch.ones(2))": "RuntimeError: size mismatch, got input (2), mat (2x3), vec (2)",
    "result = torch.addmv(torch.ones(2), torch.ones(2), torch.ones(2))": "RuntimeError: vector + matrix @ vector expected, got 1, 1, 1",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2, 1))": "RuntimeError: vector + matrix @ vector expected, got 1, 2, 2",
    "result = torch.addmv(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2))": "RuntimeError: vector + matrix @ vector expected, got 2, 2, 1",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2))": "TypeError: addmv() received an invalid combination of arguments - got (Tensor, Tensor), but expected (Tensor input, Tensor mat, Tensor vec, *, Number beta = 1, Number alpha = 1, Tensor out = None)",
    "result = torch.addmv(torch.ones(2), [[1.0, 2.0], [3.0, 4.0]], torch.ones(2))": "TypeError: addmv(): argument 'mat' (position 2) must be Tensor, not list",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2), 2.0)": "TypeError: addmv() takes 3 positional arguments but 4 were given",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2), beta='a')": "TypeError: addmv(): argument 'beta' must be Number, not str",
    "result = torch.addmv(input=torch.ones(2), mat=torch.ones(2, 2), vec=torch.ones(2))": "torch.float32 (2,) [3.0, 3.0] rg=False",
    "result = torch.ones(2).addmv(mat=torch.ones(2, 2), vec=torch.ones(2), beta=torch.tensor(2.0))": "torch.float32 (2,) [4.0, 4.0] rg=False",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2), beta=True)": "torch.float32 (2,) [3.0, 3.0] rg=False",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2), alpha=1+2j)": "RuntimeError: value cannot be converted to type float without overflow",
    "result = torch.ones(2).t().addmv(torch.arange(4.0).reshape(2, 2).t(), torch.ones(2)).stride()": "(1)",
    "result = torch.addmv(torch.tensor(1.0), torch.ones(1, 2), torch.ones(2)).shape": "(1)",
    "s = torch.tensor([1.0, 2.0], requires_grad=True)\nm = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nv = torch.tensor([0.5, -1.0], requires_grad=True)\nr = torch.addmv(s, m, v, beta=3, alpha=-2)\n(r * torch.tensor([1.0, 10.0])).sum().backward()\nresult = (r.grad_fn.name(), s.grad, m.grad, v.grad)": "('AddmvBackward0', torch.float32 (2,) [3.0, 30.0] rg=False, torch.float32 (2, 2) [[-1.0, 2.0], [-10.0, 20.0]] rg=False, torch.float32 (2,) [-62.0, -84.0] rg=False)",
    "s = torch.tensor(1.0, requires_grad=True)\nm = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\nv = torch.tensor([0.5, -1.0], requires_grad=True)\nr = torch.addmv(s, m, v)\nr.sum().backward()\nresult = (r.grad_fn.name(), [n is None for n, _ in r.grad_fn.next_functions], s.grad, v.grad)": "('AddmvBackward0', [False, True, False], torch.float32 () 2.0 rg=False, torch.float32 (2,) [4.0, 6.0] rg=False)",
    "m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nv = torch.tensor([0.5, -1.0], requires_grad=True)\nr = torch.addmv(torch.zeros(2), m, v, beta=0)\n(g,) = torch.autograd.grad((r * r).sum(), v, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('MvBackward0', torch.float32 (2,) [-18.0, -26.0] rg=True)",
    "m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nv = torch.tensor([0.5, -1.0])\nr = torch.addmv(torch.zeros(2), m, v, alpha=2)\n(g,) = torch.autograd.grad((r * r).sum(), m, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('MulBackward1', torch.float32 (2, 2) [[-6.0, 12.0], [-10.0, 20.0]] rg=True)",
    "s = torch.tensor([1.0, 2.0], requires_grad=True)\nr = torch.addmv(s, torch.ones(2, 2), torch.ones(2), beta=0)\nr.sum().backward()\nresult = s.grad": "torch.float32 (2,) [0.0, 0.0] rg=False",
    "m = torch.ones(2, 2, requires_grad=True)\nv = torch.ones(2)\nr = torch.addmv(torch.ones(2), m, v)\nv.add_(1)\nr.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "result = torch.ones(2).addmv(torch.ones(2, 2), torch.ones(2), beta=torch.tensor([2.0]))": "TypeError: addmv(): argument 'beta' must be Number, not Tensor",
    "result = torch.ones(2).addmv(torch.ones(2, 2))": "TypeError: addmv() received an invalid combination of arguments - got (Tensor), but expected (Tensor mat, Tensor vec, *, Number beta = 1, Number alpha = 1)",
    "result = torch.ones(2).addmv(torch.ones(2, 2), torch.ones(2), alpha=None)": "TypeError: addmv(): argument 'alpha' must be Number, not NoneType",
    "result = torch.ones(2).addmv(torch.ones(2, 2), 3)": "TypeError: addmv(): argument 'vec' (position 2) must be Tensor, not int",
    "result = torch.addmv(torch.ones(2, dtype=torch.float64), torch.ones(2, 2, dtype=torch.float64), torch.tensor([0.1, 0.2], dtype=torch.float64), alpha=3.3)": "torch.float64 (2,) [1.99, 1.99] rg=False",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2), beta=1e40)": "RuntimeError: value cannot be converted to type float without overflow",
    "result = torch.addmv(torch.ones(2, dtype=torch.int32), torch.ones(2, 2, dtype=torch.int32), torch.ones(2, dtype=torch.int32), beta=-2.7, alpha=2**40)": "RuntimeError: value cannot be converted to type int without overflow",
    "result = torch.addmv(torch.tensor([1.0, 2.0]), torch.zeros(2, 2), torch.zeros(2), beta=-0.0)": "torch.float32 (2,) [0.0, 0.0] rg=False",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2), beta=np.float32(2))": "torch.float32 (2,) [4.0, 4.0] rg=False",
    "result = torch.addmv(torch.ones(2), torch.ones(2, 2), torch.ones(2), beta=np.array(2.0))": "TypeError: addmv(): argument 'beta' must be Number, not numpy.ndarray",
    "result = torch.ones(2).addmv(torch.ones(2, 2), torch.ones(2), torch.ones(2))": "TypeError: addmv() takes 2 positional arguments but 3 were given",
    "result = torch.ones(2).addmv(torch.ones(2, 2), torch.ones(2), gamma=1)": "TypeError: addmv() got an unexpected keyword argument 'gamma'",
    # addmm / Tensor.addmm (F.linear's AddmmBackward0): beta * input + alpha * (mat1 @ mat2),
    # input expanded to the product's shape; beta 0 / alpha 0 as addmv's; float16 in
    # float32 opmath with float32 scalars (not rounded to half, as addmv's are).  Not
    # matched: the deprecated overloads and out_dtype (does-not-support), addmm_.
    "result = torch.addmm(torch.ones(2, 2), torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]))": "torch.float32 (2, 2) [[3.0, 13.0], [7.5, 25.0]] rg=False",
    "result = torch.addmm(torch.tensor([1.0, -1.0]), torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]), beta=0.5, alpha=2)": "torch.float32 (2, 2) [[4.5, 23.5], [13.5, 47.5]] rg=False",
    "result = torch.tensor(2.0).addmm(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]), alpha=-1)": "torch.float32 (2, 2) [[0.0, -10.0], [-4.5, -22.0]] rg=False",
    "result = torch.ones(2, 1).addmm(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]))": "torch.float32 (2, 2) [[3.0, 13.0], [7.5, 25.0]] rg=False",
    "result = torch.addmm(torch.full((2, 2), float('nan')), torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]), beta=0)": "torch.float32 (2, 2) [[2.0, 12.0], [6.5, 24.0]] rg=False",
    "result = torch.addmm(torch.ones(2, 2), torch.full((2, 3), float('inf')), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]), alpha=0)": "torch.float32 (2, 2) [[1.0, 1.0], [1.0, 1.0]] rg=False",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 0), torch.ones(0, 2), beta=2)": "torch.float32 (2, 2) [[2.0, 2.0], [2.0, 2.0]] rg=False",
    "result = torch.addmm(torch.tensor([1, 2]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6], [7, 8]]), beta=2, alpha=3)": "torch.int64 (2, 2) [[59, 70], [131, 154]] rg=False",
    "result = torch.addmm(torch.tensor([1, 2]), torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6], [7, 8]]), beta=0.5)": "torch.int64 (2, 2) [[19, 22], [43, 50]] rg=False",
    "result = torch.addmm(torch.tensor([True]), torch.tensor([[True]]), torch.tensor([[True]]))": "NotImplementedError: \"addmm_impl_cpu_\" not implemented for 'Bool'",
    "result = torch.addmm(torch.ones(2, 2, dtype=torch.float64), torch.ones(2, 2), torch.ones(2, 2))": "RuntimeError: self and mat2 must have the same dtype, but got Double and Float",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2, dtype=torch.float64), torch.ones(2, 2))": "RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2, dtype=torch.float64))": "RuntimeError: self and mat2 must have the same dtype, but got Float and Double",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2, dtype=torch.int64))": "RuntimeError: self and mat2 must have the same dtype, but got Float and Long",
    "result = torch.addmm(torch.ones(3), torch.ones(2, 2), torch.ones(2, 2))": "RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [3]",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 3), torch.ones(2, 2))": "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2), torch.ones(2, 2))": "RuntimeError: mat1 must be a matrix, got 1-D tensor",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2))": "RuntimeError: mat2 must be a matrix, got 1-D tensor",
    "result = torch.addmm(torch.ones(2, 2, 2), torch.ones(2, 2), torch.ones(2, 2))": "RuntimeError: expand(torch.FloatTensor{[2, 2, 2]}, size=[2, 2]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (3)",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(1, 2, 2), torch.ones(2, 2))": "RuntimeError: mat1 must be a matrix, got 3-D tensor",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2))": "TypeError: addmm() received an invalid combination of arguments - got (Tensor, Tensor), but expected one of:\n * (Tensor input, Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n * (Tensor input, Tensor mat1, Tensor mat2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n",
    "result = torch.addmm(torch.ones(2, 2), [[1.0, 2.0], [3.0, 4.0]], torch.ones(2, 2))": "TypeError: addmm(): argument 'mat1' (position 2) must be Tensor, not list",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2), 2.0)": "TypeError: addmm() received an invalid combination of arguments - got (Tensor, Tensor, Tensor, float), but expected one of:\n * (Tensor input, Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n * (Tensor input, Tensor mat1, Tensor mat2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2), beta='a')": "TypeError: addmm() received an invalid combination of arguments - got (Tensor, Tensor, Tensor, beta=str), but expected one of:\n * (Tensor input, Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n * (Tensor input, Tensor mat1, Tensor mat2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2), alpha=None)": "TypeError: addmm() received an invalid combination of arguments - got (Tensor, Tensor, Tensor, alpha=NoneType), but expected one of:\n * (Tensor input, Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n * (Tensor input, Tensor mat1, Tensor mat2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n",
    "result = torch.addmm(input=torch.ones(2, 2), mat1=torch.ones(2, 2), mat2=torch.ones(2, 2))": "torch.float32 (2, 2) [[3.0, 3.0], [3.0, 3.0]] rg=False",
    "result = torch.ones(2, 2).addmm(mat1=torch.ones(2, 2), mat2=torch.ones(2, 2), beta=torch.tensor(2.0))": "torch.float32 (2, 2) [[4.0, 4.0], [4.0, 4.0]] rg=False",
    "result = torch.ones(2, 2).addmm(torch.ones(2, 2), torch.ones(2, 2), beta=torch.tensor([2.0]))": "TypeError: addmm(): argument 'beta' must be Number, not Tensor",
    "result = torch.ones(2, 2).addmm(torch.ones(2, 2))": "TypeError: addmm() received an invalid combination of arguments - got (Tensor), but expected (Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1)",
    "result = torch.ones(2, 2).addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2))": "TypeError: addmm() takes 2 positional arguments but 3 were given",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2), alpha=1+2j)": "RuntimeError: value cannot be converted to type float without overflow",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2), beta=1e40)": "RuntimeError: value cannot be converted to type float without overflow",
    "result = torch.addmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2), beta=np.float32(2))": "torch.float32 (2, 2) [[4.0, 4.0], [4.0, 4.0]] rg=False",
    "result = torch.addmm(torch.ones(2, 2, dtype=torch.float16), torch.ones(2, 2, dtype=torch.float16), torch.full((2, 2), 0.1, dtype=torch.float16), alpha=0.3)": "torch.float16 (2, 2) [[1.05957, 1.05957], [1.05957, 1.05957]] rg=False",
    "result = torch.addmm(torch.ones(3, 2), torch.ones(3, 4).t(), torch.ones(3, 2)).stride()": "RuntimeError: The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [4, 2].  Tensor sizes: [3, 2]",
    "result = torch.addmm(torch.ones(2, 2).t(), torch.ones(2, 2), torch.ones(2, 2)).stride()": "(2, 1)",
    "result = torch.addmm(torch.ones(2), torch.ones(2, 3).t(), torch.ones(2, 2)).stride()": "(2, 1)",
    "s = torch.tensor([1.0, 2.0], requires_grad=True)\nm = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).requires_grad_()\nn = torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]).requires_grad_()\nr = torch.addmm(s, m, n, beta=3, alpha=-2)\n(r * torch.tensor([[1.0, 10.0], [100.0, 1000.0]])).sum().backward()\nresult = (r.grad_fn.name(), s.grad, m.grad, n.grad)": "('AddmmBackward0', torch.float32 (2,) [303.0, 3030.0] rg=False, torch.float32 (2, 3) [[18.0, -41.0, -60.0], [1800.0, -4100.0, -6000.0]] rg=False, torch.float32 (3, 2) [[-802.0, -8020.0], [-1004.0, -10040.0], [-1206.0, -12060.0]] rg=False)",
    "s = torch.tensor(1.0, requires_grad=True)\nn = torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]).requires_grad_()\nr = torch.addmm(s, torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), n)\nr.sum().backward()\nresult = (r.grad_fn.name(), [x is None for x, _ in r.grad_fn.next_functions], s.grad, n.grad)": "('AddmmBackward0', [False, True, False], torch.float32 () 4.0 rg=False, torch.float32 (3, 2) [[5.0, 5.0], [7.0, 7.0], [9.0, 9.0]] rg=False)",
    "m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).requires_grad_()\nr = torch.addmm(torch.zeros(2, 2), m, torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]), alpha=2)\n(g,) = torch.autograd.grad((r * r).sum(), m, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('MulBackward1', torch.float32 (2, 3) [[-80.0, 200.0, 288.0], [-140.0, 410.0, 576.0]] rg=True)",
    "m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).requires_grad_()\nr = torch.addmm(torch.zeros(2, 2), m, torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]))\n(g,) = torch.autograd.grad((r * r).sum(), m, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('MmBackward0', torch.float32 (2, 3) [[-20.0, 50.0, 72.0], [-35.0, 102.5, 144.0]] rg=True)",
    "s = torch.ones(2, 2, requires_grad=True)\nr = torch.addmm(s, torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]), beta=0.5)\n(g,) = torch.autograd.grad(r.sum(), s, create_graph=True)\nresult = (g.grad_fn, g)": "(None, torch.float32 (2, 2) [[0.5, 0.5], [0.5, 0.5]] rg=False)",
    "s = torch.ones(2, 2, requires_grad=True)\nr = torch.addmm(s, torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]), beta=0)\nr.sum().backward()\nresult = s.grad": "torch.float32 (2, 2) [[0.0, 0.0], [0.0, 0.0]] rg=False",
    "n = torch.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 3.0]]).requires_grad_()\nm = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\nr = torch.addmm(torch.ones(2, 2), m, n)\nm.add_(1)\nr.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2, 3]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "result = torch.addmm(torch.ones(1, 3), torch.ones(1, 3), torch.ones(3, 3), beta=-0.0).tolist()": "[[3.0, 3.0, 3.0]]",
    # F.softplus (SoftplusBackward0, SoftplusBackwardBackward0) and F.logsigmoid
    # (torch's log_sigmoid: LogSigmoidBackward0 saves self and the buffer exp(-|x|),
    # LogSigmoidBackwardBackward0): float32 with SLEEF's expf/log1pf as torch's vectorised
    # kernels; softplus keeps the input's layout, log_sigmoid's result is contiguous.  Not
    # matched: the _saved_self / _saved_buffer attributes (the engine has none).
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]))": "torch.float32 (10,) [9.35762e-14, 0.126928, 0.474077, 0.693147, 0.974077, 2.12693, 19.9, 20.0, 20.5, 30.0] rg=False",
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]), beta=2)": "torch.float32 (10,) [4.37826e-27, 0.00907496, 0.156631, 0.346574, 0.656631, 2.00907, 19.9, 20.0, 20.5, 30.0] rg=False",
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]), beta=0.5, threshold=5)": "torch.float32 (10,) [6.11805e-07, 0.626523, 1.15188, 1.38629, 1.65188, 2.62652, 19.9, 20.0, 20.5, 30.0] rg=False",
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]), 2, 10)": "torch.float32 (10,) [4.37826e-27, 0.00907496, 0.156631, 0.346574, 0.656631, 2.00907, 19.9, 20.0, 20.5, 30.0] rg=False",
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]), beta=-1)": "torch.float32 (10,) [-30.0, -2.12693, -0.974077, -0.693147, -0.474077, -0.126928, -2.27793e-09, -2.06115e-09, -1.25015e-09, -9.35762e-14] rg=False",
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]), beta=0)": "torch.float32 (10,) [inf, inf, inf, inf, inf, inf, inf, inf, inf, inf] rg=False",
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]).double(), beta=3)": "torch.float64 (10,) [2.73134e-40, 0.000825228, 0.0671378, 0.231049, 0.567138, 2.00083, 19.9, 20.0, 20.5, 30.0] rg=False",
    "result = F.softplus(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]).half())": "torch.float16 (10,) [0.0, 0.126953, 0.474121, 0.693359, 0.974121, 2.12695, 19.9062, 20.0, 20.5, 30.0] rg=False",
    "result = F.softplus(torch.tensor([float('nan'), float('inf'), -float('inf'), -0.0]))": "torch.float32 (4,) [nan, inf, 0.0, 0.693147] rg=False",
    "result = F.softplus(torch.arange(3))": "NotImplementedError: \"softplus_cpu\" not implemented for 'Long'",
    "result = F.softplus(torch.tensor([True]))": "NotImplementedError: \"softplus_cpu\" not implemented for 'Bool'",
    "result = F.softplus([1.0])": "TypeError: softplus(): argument 'input' (position 1) must be Tensor, not list",
    "result = F.softplus(torch.ones(2), beta='a')": "TypeError: softplus(): argument 'beta' must be Number, not str",
    "result = F.softplus(torch.ones(2), beta=torch.tensor(2.0))": "torch.float32 (2,) [1.06346, 1.06346] rg=False",
    "result = F.softplus(torch.ones(2), gamma=2)": "TypeError: softplus() got an unexpected keyword argument 'gamma'",
    "result = F.softplus(input=torch.ones(2), beta=2)": "torch.float32 (2,) [1.06346, 1.06346] rg=False",
    "result = F.softplus(torch.ones(2), 1, 20, 3)": "TypeError: softplus() takes from 1 to 3 positional arguments but 4 were given",
    "result = F.softplus(torch.tensor(3.0))": "torch.float32 () 3.04859 rg=False",
    "result = F.softplus(torch.zeros(0, 3)).shape": "(0, 3)",
    "result = F.softplus(torch.ones(2, 3).t()).stride()": "(1, 3)",
    "result = torch.nn.functional.softplus(torch.ones(2), beta=1e40)": "RuntimeError: value cannot be converted to type float without overflow",
    "x = torch.tensor([-2.0, 0.5, 25.0], requires_grad=True)\ny = F.softplus(x, beta=2, threshold=10)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('SoftplusBackward0', torch.float32 (3,) [0.0179862, 0.731059, 1.0] rg=False)",
    "x = torch.tensor([-2.0, 0.5, 25.0], requires_grad=True)\ny = F.softplus(x)\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n(h,) = torch.autograd.grad(g.sum(), x)\nresult = (g.grad_fn.name(), g, h)": "('SoftplusBackwardBackward0', torch.float32 (3,) [0.0302604, 1.21265, 50.0] rg=True, torch.float32 (3,) [0.0550719, 1.23273, 2.0] rg=False)",
    "x = torch.tensor([-2.0, 0.5, 25.0], requires_grad=True)\ny = F.softplus(x, beta=3)\n(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), [n is None for n, _ in g.grad_fn.next_functions], g)": "('SoftplusBackwardBackward0', [True, False], torch.float32 (3,) [0.00247262, 0.817575, 1.0] rg=True)",
    "x = torch.tensor([-2.0, 0.5], requires_grad=True)\ny = F.softplus(x * 1)\nresult = y.grad_fn.next_functions[0][0].name()": "'MulBackward0'",
    "result = F.logsigmoid(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]))": "torch.float32 (10,) [-30.0, -2.12693, -0.974077, -0.693147, -0.474077, -0.126928, -2.27793e-09, -2.06115e-09, -1.25015e-09, -9.35762e-14] rg=False",
    "result = F.logsigmoid(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]).double())": "torch.float64 (10,) [-30.0, -2.12693, -0.974077, -0.693147, -0.474077, -0.126928, -2.27793e-09, -2.06115e-09, -1.25015e-09, -9.35762e-14] rg=False",
    "result = F.logsigmoid(torch.tensor([-30.0, -2.0, -0.5, 0.0, 0.5, 2.0, 19.9, 20.0, 20.5, 30.0]).half())": "torch.float16 (10,) [-30.0, -2.12695, -0.974121, -0.693359, -0.474121, -0.126953, -0.0, -0.0, -0.0, -0.0] rg=False",
    "result = F.logsigmoid(torch.tensor([float('nan'), float('inf'), -float('inf'), -0.0, -100.0, 100.0]))": "torch.float32 (6,) [nan, 0.0, -inf, -0.693147, -100.0, -3.92364e-44] rg=False",
    "result = F.logsigmoid(torch.arange(3))": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Long'",
    "result = F.logsigmoid(torch.tensor([True]))": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Bool'",
    "result = F.logsigmoid([1.0])": "TypeError: log_sigmoid(): argument 'input' (position 1) must be Tensor, not list",
    "result = F.logsigmoid(torch.ones(2), 1)": "TypeError: log_sigmoid() takes 1 positional argument but 2 were given",
    "result = F.logsigmoid(input=torch.ones(2))": "torch.float32 (2,) [-0.313262, -0.313262] rg=False",
    "result = F.logsigmoid(torch.tensor(-1.0))": "torch.float32 () -1.31326 rg=False",
    "result = F.logsigmoid(torch.ones(2, 3).t()).stride()": "(2, 1)",
    "x = torch.tensor([-2.0, 0.0, 0.5, 25.0], requires_grad=True)\ny = F.logsigmoid(x)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('LogSigmoidBackward0', torch.float32 (4,) [0.880797, 0.5, 0.377541, 1.38879e-11] rg=False)",
    "x = torch.tensor([-2.0, 0.5, 25.0], requires_grad=True)\ny = F.logsigmoid(x)\n(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n(h,) = torch.autograd.grad(g.sum(), x)\nresult = (g.grad_fn.name(), g, h)": "('LogSigmoidBackwardBackward0', torch.float32 (3,) [-3.74678, -0.357967, -3.8575e-22] rg=True, torch.float32 (3,) [1.99823, 0.507894, 3.8575e-22] rg=False)",
    "x = torch.tensor([-2.0, 0.5, 25.0], requires_grad=True)\ny = F.logsigmoid(x)\n(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), [n is None for n, _ in g.grad_fn.next_functions], g)": "('LogSigmoidBackwardBackward0', [True, False], torch.float32 (3,) [0.880797, 0.377541, 1.38879e-11] rg=True)",
    "x = torch.tensor([-2.0, 0.5], requires_grad=True)\ny = F.logsigmoid(x)\nx.data.mul_(2)\ny.sum().backward()\nresult = x.grad": "torch.float32 (2,) [0.880797, 0.377541] rg=False",
    "x = torch.tensor([-2.0, 0.5], requires_grad=True)\nz = x * 1\ny = F.logsigmoid(z)\nz.add_(1)\ny.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Add, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([-2.0, 0.5], requires_grad=True)\ny = F.softplus(x)\nx.data.mul_(2)\ny.sum().backward()\nresult = x.grad": "torch.float32 (2,) [0.0179862, 0.731059] rg=False",
    "x = torch.tensor([-2.0, 0.5], requires_grad=True)\nz = x * 1\ny = F.softplus(z)\nz.add_(1)\ny.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Add, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([[-2.0, 0.5], [1.0, 3.0]], requires_grad=True)\ny = F.softplus(x.t(), beta=2)\n(y * torch.tensor([1.0, 2.0])).sum().backward()\nresult = (y.stride(), x.grad)": "((1, 2), torch.float32 (2, 2) [[0.0179862, 0.731059], [1.76159, 1.99505]] rg=False)",
    "x = torch.tensor([-2.0, 0.5, 3.0], dtype=torch.float64, requires_grad=True)\ny = F.logsigmoid(x)\ny.sum().backward()\nresult = x.grad": "torch.float64 (3,) [0.880797, 0.377541, 0.0474259] rg=False",
    "x = torch.tensor([-2.0, 0.5, 3.0], dtype=torch.float16, requires_grad=True)\ny = F.softplus(x)\ny.sum().backward()\nresult = (y, x.grad)": "(torch.float16 (3,) [0.126953, 0.974121, 3.04883] rg=True, torch.float16 (3,) [0.119202, 0.622559, 0.952637] rg=False)",
    "x = torch.tensor([-2.0, 0.5, 3.0], dtype=torch.float16, requires_grad=True)\ny = F.logsigmoid(x)\ny.sum().backward()\nresult = (y, x.grad)": "(torch.float16 (3,) [-2.12695, -0.474121, -0.048584] rg=True, torch.float16 (3,) [0.880859, 0.377441, 0.0474243] rg=False)",
    "with torch.no_grad():\n    result = F.softplus(torch.tensor([1.0], requires_grad=True))": "torch.float32 (1,) [1.31326] rg=False",
    # F.one_hot: int64 classes only, num_classes -1 (the largest class + 1), an int or a 0-d
    # integer tensor; a C-contiguous int64 result that never requires grad; torch's dtype,
    # empty, negative and too-large errors.  Not matched: a num_classes too large to allocate.
    "result = F.one_hot(torch.tensor([0, 2, 1]))": "torch.int64 (3, 3) [[1, 0, 0], [0, 0, 1], [0, 1, 0]] rg=False",
    "result = F.one_hot(torch.tensor([0, 2, 1]), 5)": "torch.int64 (3, 5) [[1, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 1, 0, 0, 0]] rg=False",
    "result = F.one_hot(torch.tensor([0, 2, 1]), num_classes=3)": "torch.int64 (3, 3) [[1, 0, 0], [0, 0, 1], [0, 1, 0]] rg=False",
    "result = F.one_hot(torch.tensor([[0, 1], [2, 0]]))": "torch.int64 (2, 2, 3) [[[1, 0, 0], [0, 1, 0]], [[0, 0, 1], [1, 0, 0]]] rg=False",
    "result = F.one_hot(torch.tensor(2), 4)": "torch.int64 (4,) [0, 0, 1, 0] rg=False",
    "result = F.one_hot(torch.tensor(2))": "torch.int64 (3,) [0, 0, 1] rg=False",
    "result = F.one_hot(torch.tensor([], dtype=torch.long))": "RuntimeError: Can not infer total number of classes from empty tensor.",
    "result = F.one_hot(torch.tensor([], dtype=torch.long), 3)": "torch.int64 (0, 3) [] rg=False",
    "result = F.one_hot(torch.zeros(2, 0, dtype=torch.long), 3).shape": "(2, 0, 3)",
    "result = F.one_hot(torch.tensor([0, 3]), 3)": "RuntimeError: Class values must be smaller than num_classes.",
    "result = F.one_hot(torch.tensor([0, -1]))": "RuntimeError: Class values must be non-negative.",
    "result = F.one_hot(torch.tensor([0, -1]), 3)": "RuntimeError: Class values must be non-negative.",
    "result = F.one_hot(torch.tensor([0, 1]), 0)": "RuntimeError: Class values must be smaller than num_classes.",
    "result = F.one_hot(torch.tensor([0, 1]), -2)": "RuntimeError: Class values must be smaller than num_classes.",
    "result = F.one_hot(torch.tensor([0, 1], dtype=torch.int32))": "RuntimeError: one_hot is only applicable to index tensor of type LongTensor.",
    "result = F.one_hot(torch.tensor([0.0, 1.0]))": "RuntimeError: one_hot is only applicable to index tensor of type LongTensor.",
    "result = F.one_hot(torch.tensor([True, False]))": "RuntimeError: one_hot is only applicable to index tensor of type LongTensor.",
    "result = F.one_hot(torch.tensor([0, 1], dtype=torch.uint8))": "RuntimeError: one_hot is only applicable to index tensor of type LongTensor.",
    "result = F.one_hot([0, 1])": "TypeError: one_hot(): argument 'input' (position 1) must be Tensor, not list",
    "result = F.one_hot(torch.tensor([0, 1]), 2.0)": "TypeError: one_hot(): argument 'num_classes' (position 2) must be int, not float",
    "result = F.one_hot(torch.tensor([0, 1]), None)": "TypeError: one_hot(): argument 'num_classes' (position 2) must be int, not NoneType",
    "result = F.one_hot(torch.tensor([0, 1]), torch.tensor(3))": "torch.int64 (2, 3) [[1, 0, 0], [0, 1, 0]] rg=False",
    "result = F.one_hot(torch.tensor([0, 1]), 3, 1)": "TypeError: one_hot() takes from 1 to 2 positional arguments but 3 were given",
    "result = F.one_hot(tensor=torch.tensor([0, 1]), num_classes=2)": 'TypeError: one_hot() missing 1 required positional arguments: "input"',
    "result = F.one_hot(input=torch.tensor([0, 1]), num_classes=2)": "torch.int64 (2, 2) [[1, 0], [0, 1]] rg=False",
    "result = F.one_hot(torch.tensor([0, 1]), classes=2)": "TypeError: one_hot() got an unexpected keyword argument 'classes'",
    "result = F.one_hot()": 'TypeError: one_hot() missing 1 required positional arguments: "input"',
    "result = F.one_hot(torch.tensor([1, 0])).float().requires_grad_().sum()": "torch.float32 () 2.0 rg=True",
    "result = F.one_hot(torch.tensor([[1, 0, 2]]).t()).stride()": "(3, 3, 1)",
    "result = F.one_hot(torch.tensor([1, 0, 2])[::2])": "torch.int64 (2, 3) [[0, 1, 0], [0, 0, 1]] rg=False",
    "x = torch.tensor([1, 0])\nr = F.one_hot(x)\nx[0] = 0\nresult = r": "torch.int64 (2, 2) [[0, 1], [1, 0]] rg=False",
    "result = F.one_hot(torch.tensor([0, 2]), 3).dtype": "torch.int64",
    "result = F.one_hot(torch.tensor([0, 2]), True)": "TypeError: one_hot(): argument 'num_classes' (position 2) must be int, not bool",
    "result = F.one_hot(torch.tensor([], dtype=torch.long), 0)": "RuntimeError: Can not infer total number of classes from empty tensor.",
    "result = F.one_hot(torch.tensor([], dtype=torch.int32), 3)": "RuntimeError: one_hot is only applicable to index tensor of type LongTensor.",
    "result = F.one_hot(torch.tensor([[0], [1]]).expand(2, 3))": "torch.int64 (2, 3, 2) [[[1, 0], [1, 0], [1, 0]], [[0, 1], [0, 1], [0, 1]]] rg=False",
    "result = F.one_hot(torch.tensor([0, 1]), num_classes=np.int64(3))": "torch.int64 (2, 3) [[1, 0, 0], [0, 1, 0]] rg=False",
    # addcmul / Tensor.addcmul / addcmul_: input + value * tensor1 * tensor2, promoted over
    # the three, fma(value * tensor1, tensor2, input) as torch's kernel; AddcmulBackward0
    # (tensor2 * value is mul.Scalar); in place, torch's cast and shape errors.  Not matched:
    # the deprecated addcmul(input, value, tensor1, tensor2) (does-not-support).
    "result = torch.addcmul(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, -1.0, 2.0]), torch.tensor([[2.0], [4.0]]))": "torch.float32 (2, 3) [[2.0, 0.0, 7.0], [3.0, -2.0, 11.0]] rg=False",
    "result = torch.addcmul(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, -1.0, 2.0]), torch.tensor([[2.0], [4.0]]), value=0.5)": "torch.float32 (2, 3) [[1.5, 1.0, 5.0], [2.0, 0.0, 7.0]] rg=False",
    "result = torch.tensor([1.0, 2.0, 3.0]).addcmul(torch.tensor([0.5, -1.0, 2.0]), torch.tensor([[2.0], [4.0]]), value=-2)": "torch.float32 (2, 3) [[-1.0, 6.0, -5.0], [-3.0, 10.0, -13.0]] rg=False",
    "result = torch.addcmul(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, -1.0, 2.0]), torch.tensor([0.5, -1.0, 2.0]), value=0)": "torch.float32 (3,) [1.0, 2.0, 3.0] rg=False",
    "result = torch.addcmul(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6]), value=2)": "torch.int64 (2,) [31, 50] rg=False",
    "result = torch.addcmul(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6]), value=0.5)": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.addcmul(torch.tensor([1, 2]), torch.tensor([3.0, 4.0]), torch.tensor([5, 6]))": "torch.float32 (2,) [16.0, 26.0] rg=False",
    "result = torch.addcmul(torch.tensor([1.0, 2.0]), torch.tensor([3, 4]), torch.tensor([5, 6]), value=0.5)": "torch.float32 (2,) [8.5, 14.0] rg=False",
    "result = torch.addcmul(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0], dtype=torch.float64), torch.tensor([5, 6]))": "torch.float64 (2,) [16.0, 26.0] rg=False",
    "result = torch.addcmul(torch.tensor([True, False]), torch.tensor([True, True]), torch.tensor([True, False]))": "NotImplementedError: \"addcmul_cpu_out\" not implemented for 'Bool'",
    "result = torch.addcmul(torch.tensor([True, False]), torch.tensor([True, True]), torch.tensor([True, False]), value=2)": "NotImplementedError: \"addcmul_cpu_out\" not implemented for 'Bool'",
    "result = torch.addcmul(torch.tensor(1.0), torch.tensor([2.0]), torch.tensor([[3.0], [4.0]]))": "torch.float32 (2, 1) [[7.0], [9.0]] rg=False",
    "result = torch.addcmul(torch.ones(2), torch.ones(3), torch.ones(2))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "result = torch.addcmul(torch.ones(2), torch.ones(2))": "TypeError: addcmul() received an invalid combination of arguments - got (Tensor, Tensor), but expected (Tensor input, Tensor tensor1, Tensor tensor2, *, Number value = 1, Tensor out = None)",
    "result = torch.addcmul(torch.ones(2), torch.ones(2), 2.0)": "TypeError: addcmul(): argument 'tensor2' (position 3) must be Tensor, not float",
    "result = torch.addcmul(torch.ones(2), torch.ones(2), torch.ones(2), 2.0)": "TypeError: addcmul() takes 3 positional arguments but 4 were given",
    "result = torch.addcmul(torch.ones(2), torch.ones(2), torch.ones(2), value='a')": "TypeError: addcmul(): argument 'value' must be Number, not str",
    "result = torch.addcmul(torch.ones(2), torch.ones(2), torch.ones(2), value=None)": "TypeError: addcmul(): argument 'value' must be Number, not NoneType",
    "result = torch.addcmul(torch.ones(2), [1.0, 2.0], torch.ones(2))": "TypeError: addcmul(): argument 'tensor1' (position 2) must be Tensor, not list",
    "result = torch.addcmul(input=torch.ones(2), tensor1=torch.ones(2), tensor2=torch.ones(2), value=3)": "torch.float32 (2,) [4.0, 4.0] rg=False",
    "result = torch.ones(2).addcmul(tensor1=torch.ones(2), tensor2=torch.ones(2), value=torch.tensor(2.0))": "torch.float32 (2,) [3.0, 3.0] rg=False",
    "result = torch.ones(2).addcmul(torch.ones(2), torch.ones(2), value=torch.tensor([2.0]))": "TypeError: addcmul(): argument 'value' must be Number, not Tensor",
    "result = torch.ones(2).addcmul(torch.ones(2))": "TypeError: addcmul() received an invalid combination of arguments - got (Tensor), but expected (Tensor tensor1, Tensor tensor2, *, Number value = 1)",
    "result = torch.ones(2).addcmul(torch.ones(2), torch.ones(2), torch.ones(2))": "TypeError: addcmul() takes 2 positional arguments but 3 were given",
    "result = torch.addcmul(torch.ones(2), torch.ones(2), torch.ones(2), value=1e40)": "RuntimeError: value cannot be converted to type float without overflow",
    "result = torch.addcmul(torch.ones(2, dtype=torch.float16), torch.full((2,), 0.1, dtype=torch.float16), torch.full((2,), 3.3, dtype=torch.float16), value=0.7)": "torch.float16 (2,) [1.23145, 1.23145] rg=False",
    "result = torch.addcmul(torch.ones(2, 3).t(), torch.ones(3, 2), torch.ones(3, 2)).stride()": "(1, 3)",
    "s = torch.ones(3)\nr = s.addcmul_(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.0, 2.0, 2.0]), value=0.5)\nresult = (r is s, s)": "(True, torch.float32 (3,) [2.0, 3.0, 4.0] rg=False)",
    "s = torch.ones(3, dtype=torch.int64)\nresult = s.addcmul_(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.0, 2.0, 2.0]))": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "s = torch.ones(3)\nresult = s.addcmul_(torch.tensor([1, 2, 3]), torch.tensor([2, 2, 2]))": "torch.float32 (3,) [3.0, 5.0, 7.0] rg=False",
    "s = torch.ones(1)\nresult = s.addcmul_(torch.ones(3), torch.ones(3))": "RuntimeError: output with shape [1] doesn't match the broadcast shape [3]",
    "s = torch.ones(3, requires_grad=True)\nresult = s.addcmul_(torch.ones(3), torch.ones(3))": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.ones(3, requires_grad=True)\ns = x * 1\ns.addcmul_(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.0, 2.0, 2.0]), value=3)\ns.sum().backward()\nresult = (s.grad_fn.name(), x.grad)": "('AddcmulBackward0', torch.float32 (3,) [1.0, 1.0, 1.0] rg=False)",
    "x = torch.ones(3, requires_grad=True)\nt = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nu = torch.tensor([[2.0], [-1.0]], requires_grad=True)\nr = torch.addcmul(x, t, u, value=0.5)\n(r * torch.tensor([1.0, 10.0, 100.0])).sum().backward()\nresult = (r.grad_fn.name(), x.grad, t.grad, u.grad)": "('AddcmulBackward0', torch.float32 (3,) [2.0, 20.0, 200.0] rg=False, torch.float32 (3,) [0.5, 5.0, 50.0] rg=False, torch.float32 (2, 1) [[160.5], [160.5]] rg=False)",
    "t = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.addcmul(torch.ones(3), t, t, value=2)\n(g,) = torch.autograd.grad(r.sum(), t, create_graph=True)\nresult = (g.grad_fn.name(), [type(n).__name__ for n, _ in g.grad_fn.next_functions], g)": "('AddBackward0', ['MulBackward0', 'MulBackward0'], torch.float32 (3,) [4.0, 8.0, 12.0] rg=True)",
    "t = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nu = torch.tensor([2.0, 2.0, 2.0])\nr = torch.addcmul(torch.ones(3), t, u)\nu.add_(1)\nr.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "t = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.addcmul(torch.ones(3), t, torch.tensor([1.0, 1.0, 1.0]))\nresult = [n is None for n, _ in r.grad_fn.next_functions]": "[True, False, True]",
    # torch.linalg.matrix_power / torch.matrix_power / Tensor.matrix_power: torch's graph
    # (n = 0: identity copied into a contiguous clone, CopyBackwards; n = 1: CloneBackward0;
    # larger n: matmuls of the binary powers); torch's dims, square and parser errors.  A
    # negative n (the inverse's powers): test_audit_linalg_functions.py.
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 2)": "torch.float32 (2, 2) [[7.0, 10.0], [15.0, 22.0]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 3)": "torch.float32 (2, 2) [[37.0, 54.0], [81.0, 118.0]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 5)": "torch.float32 (2, 2) [[1069.0, 1558.0], [2337.0, 3406.0]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)": "torch.float32 (2, 2) [[1.0, 2.0], [3.0, 4.0]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)": "torch.float32 (2, 2) [[1.0, 0.0], [0.0, 1.0]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), n=4)": "torch.float32 (2, 2) [[199.0, 290.0], [435.0, 634.0]] rg=False",
    "result = torch.linalg.matrix_power(A=torch.tensor([[1.0, 2.0], [3.0, 4.0]]), n=2)": 'TypeError: linalg_matrix_power() missing 2 required positional argument: "input", "n"',
    "result = torch.linalg.matrix_power(input=torch.tensor([[1.0, 2.0], [3.0, 4.0]]), n=2)": "torch.float32 (2, 2) [[7.0, 10.0], [15.0, 22.0]] rg=False",
    "result = torch.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 2)": "torch.float32 (2, 2) [[7.0, 10.0], [15.0, 22.0]] rg=False",
    "result = torch.tensor([[1.0, 2.0], [3.0, 4.0]]).matrix_power(3)": "torch.float32 (2, 2) [[37.0, 54.0], [81.0, 118.0]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[1, 1], [1, 0]]), 10)": "torch.int64 (2, 2) [[89, 55], [55, 34]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[True, False], [True, True]]), 2)": "NotImplementedError: \"addmm_impl_cpu_\" not implemented for 'Bool'",
    "result = torch.linalg.matrix_power(torch.arange(8.0).reshape(2, 2, 2), 3)": "torch.float32 (2, 2, 2) [[[6.0, 11.0], [22.0, 39.0]], [[514.0, 615.0], [738.0, 883.0]]] rg=False",
    "result = torch.linalg.matrix_power(torch.ones(2, 3), 2)": "RuntimeError: linalg.matrix_power: A must be batches of square matrices, but they are 2 by 3 matrices",
    "result = torch.linalg.matrix_power(torch.ones(3), 2)": "RuntimeError: linalg.matrix_power: The input tensor A must have at least 2 dimensions.",
    "result = torch.linalg.matrix_power(torch.ones(0, 0), 2)": "torch.float32 (0, 0) [] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 2.0)": "TypeError: linalg_matrix_power(): argument 'n' (position 2) must be int, not float",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))": 'TypeError: linalg_matrix_power() missing 1 required positional arguments: "n"',
    "result = torch.linalg.matrix_power([[1.0]], 2)": "TypeError: linalg_matrix_power(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]).t(), 0).stride()": "(2, 1)",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]).t(), 1).stride()": "(2, 1)",
    "result = torch.linalg.matrix_power(torch.ones(2, 2, dtype=torch.float16), 3)": "torch.float16 (2, 2) [[4.0, 4.0], [4.0, 4.0]] rg=False",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, 3)\nr.sum().backward()\nresult = (r.grad_fn.name(), a.grad)": "('MmBackward0', torch.float32 (2, 2) [[51.0, 87.0], [67.0, 111.0]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, 2)\nresult = r.grad_fn.name()": "'MmBackward0'",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, 1)\nr.sum().backward()\nresult = (r.grad_fn.name(), a.grad)": "('CloneBackward0', torch.float32 (2, 2) [[1.0, 1.0], [1.0, 1.0]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, 0)\nr.sum().backward()\nresult = (r.grad_fn.name(), a.grad)": "('torch::autograd::CopyBackwards', torch.float32 (2, 2) [[0.0, 0.0], [0.0, 0.0]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, 6)\nr.sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad)": "('MmBackward0', 'MmBackward0', torch.float32 (2, 2) [[13899.0, 26607.0], [19133.0, 36321.0]] rg=False)",
    "a = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()\nr = torch.linalg.matrix_power(a, 2)\nr.sum().backward()\nresult = (r.grad_fn.name(), a.grad)": "('UnsafeViewBackward0', torch.float32 (2, 2, 2) [[[3.0, 7.0], [5.0, 9.0]], [[19.0, 23.0], [21.0, 25.0]]] rg=False)",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), True)": "TypeError: linalg_matrix_power(): argument 'n' (position 2) must be int, not bool",
    "result = torch.matrix_power(torch.ones(2, 3), 2)": "RuntimeError: linalg.matrix_power: A must be batches of square matrices, but they are 2 by 3 matrices",
    "result = torch.ones(2, 2).matrix_power()": 'TypeError: matrix_power() missing 1 required positional arguments: "n"',
    "result = torch.ones(2, 2).matrix_power(2, 3)": "TypeError: matrix_power() takes 1 positional argument but 2 were given",
    "result = torch.linalg.matrix_power(torch.ones(2, 2), 2, 3)": "TypeError: linalg_matrix_power() takes 2 positional arguments but 3 were given",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, 7)\n(g,) = torch.autograd.grad(r.sum(), a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('AddBackward0', torch.float32 (2, 2) [[85411.0, 166423.0], [118443.0, 229351.0]] rg=True)",
    "a = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()\nr = torch.linalg.matrix_power(a, 0)\nr.sum().backward()\nresult = (r.grad_fn.name(), r, a.grad)": "('torch::autograd::CopyBackwards', torch.float32 (2, 2, 2) [[[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]] rg=True, torch.float32 (2, 2, 2) [[[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]] rg=False)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_missing_ops_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_missing_op_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _addmm_values(module: ModuleType, dtype: str, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    results = []
    for trial in range(120):
        n, k, m = (int(x) for x in rng.integers(1, 20, 3))
        mat1, mat2 = rng.standard_normal((n, k)) * 3, rng.standard_normal((k, m))
        self = rng.standard_normal((n, m) if trial % 3 else (m,))
        beta, alpha = [(1, 1), (0.5, 2.0), (0, 1), (2, -0.3), (1, 0)][trial % 5]
        if dtype == "int64":
            mat1, mat2, self = mat1.round(), mat2.round(), self.round()
            beta, alpha = int(beta * 2), int(alpha * 3)
        d = getattr(module, dtype)
        tensors = [module.tensor(x).to(d) for x in (self, mat1, mat2)]
        out = module.addmm(*tensors, beta=beta, alpha=alpha)
        results.append(out.to(module.float64).numpy())
    return results


def _addmv_values(module: ModuleType, dtype: str, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    results = []
    for trial in range(120):
        n, m = (int(k) for k in rng.integers(1, 40, 2))
        mat, vec = rng.standard_normal((n, m)) * 3, rng.standard_normal(m)
        self = rng.standard_normal(n if trial % 3 else 1)
        beta, alpha = [(1, 1), (0.5, 2.0), (0, 1), (2, -0.3), (1, 0)][trial % 5]
        if dtype == "int64":
            mat, vec, self = mat.round(), vec.round(), self.round()
            beta, alpha = int(beta * 2), int(alpha * 3)
        d = getattr(module, dtype)
        tensors = [module.tensor(x).to(d) for x in (self, mat, vec)]
        out = module.addmv(*tensors, beta=beta, alpha=alpha)
        results.append(out.to(module.float64).numpy())
    return results


@pytest.mark.torch
@pytest.mark.parametrize(("dtype", "allowed"), [("int64", 0.0), ("float16", 0.012)])
def test_addmv_values_as_torch(dtype: str, allowed: float, real_torch: ModuleType) -> None:
    # int64 exactly; float16 (float32 opmath, one rounding) up to its measured 0.45% of
    # elements one half ulp apart (float32/float64 are BLAS's gemv: see the internals doc)
    ours, theirs = _addmv_values(engine, dtype, 3), _addmv_values(real_torch, dtype, 3)
    differing = sum(int((a != b).sum()) for a, b in zip(ours, theirs, strict=True))
    assert differing <= allowed * sum(a.size for a in ours)
    close = all(np.allclose(a, b, rtol=1e-2) for a, b in zip(ours, theirs, strict=True))
    assert close


@pytest.mark.torch
@pytest.mark.parametrize(("dtype", "allowed"), [("int64", 0.0), ("float16", 0.004)])
def test_addmm_values_as_torch(dtype: str, allowed: float, real_torch: ModuleType) -> None:
    # int64 exactly; float16 up to its measured 0.08% of elements (float32/float64 are BLAS's
    # gemm: see the internals doc)
    ours, theirs = _addmm_values(engine, dtype, 3), _addmm_values(real_torch, dtype, 3)
    differing = sum(int((a != b).sum()) for a, b in zip(ours, theirs, strict=True))
    assert differing <= allowed * sum(a.size for a in ours)
    close = all(np.allclose(a, b, rtol=1e-2) for a, b in zip(ours, theirs, strict=True))
    assert close


def _smooth_activation_values(module: ModuleType, name: str, dtype: str) -> list[np.ndarray]:
    """Forward values and gradients over random shapes (1-2 dims up to 44: whole vectors,
    tails, transposed and sliced layouts)."""
    rng = np.random.default_rng(11)
    functional = module.nn.functional
    results = []
    for trial in range(120):
        shape = tuple(int(k) for k in rng.integers(1, 45, int(rng.integers(1, 3))))
        x = (rng.standard_normal(shape) * float(rng.choice([0.5, 3, 12]))).astype(dtype)
        leaf = module.tensor(x, requires_grad=True)
        view = leaf
        if trial % 5 == 1 and leaf.dim() == 2:
            view = leaf.t()
        elif trial % 5 == 2 and leaf.dim() == 2 and leaf.shape[1] > 2:
            view = leaf[:, 1:]
        if name == "softplus":
            beta, threshold = [(1, 20), (2, 10), (0.5, 5), (1.7, 20)][trial % 4]
            out = functional.softplus(view, beta=beta, threshold=threshold)
        else:
            out = functional.logsigmoid(view)
        out.backward(module.tensor(rng.standard_normal(tuple(out.shape)).astype(dtype)))
        results += [out.detach().numpy().copy(), leaf.grad.numpy().copy()]
    return results


@pytest.mark.torch_kernels("AVX512", params=("softplus-float32",))
@pytest.mark.torch
@pytest.mark.parametrize(
    ("name", "dtype", "allowed"),
    [
        ("softplus", "float32", 0.001),  # (the scalar tail's glibc expf, see the doc)
        ("softplus", "float16", 0.0),
        ("logsigmoid", "float32", 0.0),
        ("logsigmoid", "float16", 0.0),
    ],
)
def test_smooth_activations_bit_for_bit(
    name: str, dtype: str, allowed: float, real_torch: ModuleType
) -> None:
    ours = _smooth_activation_values(engine, name, dtype)
    theirs = _smooth_activation_values(real_torch, name, dtype)
    differing = sum(int((a != b).sum()) for a, b in zip(ours, theirs, strict=True))
    assert differing <= allowed * sum(a.size for a in ours)
    assert all(np.allclose(a, b, rtol=1e-3) for a, b in zip(ours, theirs, strict=True))


def _addcmul_values(module: ModuleType, dtype: str) -> list[np.ndarray]:
    rng = np.random.default_rng(1)
    results = []
    for trial in range(150):
        n, m = (int(k) for k in rng.integers(1, 40, 2))
        self = rng.standard_normal((n, m)).astype(dtype)
        tensor1 = rng.standard_normal((n, m) if trial % 2 else (m,)).astype(dtype)
        tensor2 = rng.standard_normal((n, 1) if trial % 3 == 0 else (n, m)).astype(dtype)
        value = [1, 0.7, -3.1, 2][trial % 4]
        base = module.tensor(self)
        if trial % 5 == 4:
            base = module.tensor(self.T.copy()).t()
        t1, t2 = module.tensor(tensor1), module.tensor(tensor2)
        results.append(module.addcmul(base, t1, t2, value=value).to(module.float64).numpy())
        copy = base.clone()
        copy.addcmul_(t1, t2, value=value)
        results.append(copy.to(module.float64).numpy())
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int64"])
def test_addcmul_bit_for_bit(dtype: str, real_torch: ModuleType) -> None:
    ours, theirs = _addcmul_values(engine, dtype), _addcmul_values(real_torch, dtype)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))


def _matrix_powers(module: ModuleType, dtype: str) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    results = []
    for _ in range(300):
        size, n = int(rng.integers(1, 9)), int(rng.integers(0, 8))
        if dtype == "int64":
            matrix = rng.integers(-3, 4, (size, size))
        else:
            matrix = rng.standard_normal((size, size))
        tensor = module.tensor(matrix.astype(dtype))
        results.append(module.linalg.matrix_power(tensor, n).numpy())
    return results


@pytest.mark.torch_kernels("AVX512", params=("float32", "float64"))
@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
def test_matrix_power_values_as_torch(dtype: str, real_torch: ModuleType) -> None:
    # matrices up to 8 x 8, powers 0 to 7: the same products, bit for bit
    ours, theirs = _matrix_powers(engine, dtype), _matrix_powers(real_torch, dtype)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))


@pytest.mark.skipif(
    __import__("platform").libc_ver() != ("glibc", "2.36"), reason="the reference's libm"
)
def test_glibc_log1pf_is_the_machines() -> None:
    import ctypes

    from gradekit.engine.ops.vector_kernels import glibc_log1pf

    libm = ctypes.CDLL("libm.so.6")
    libm.log1pf.restype, libm.log1pf.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.default_rng(3)
    with np.errstate(all="ignore"):
        values = np.exp(rng.uniform(-90, 89, 20000)).astype(np.float32)
        values = np.concatenate([values, np.float32([0, 1e-30, 1e-8, 0.41422, 1, np.inf])])
        ours = glibc_log1pf(values)
    theirs = np.array([libm.log1pf(float(v)) for v in values], np.float32)
    assert np.array_equal(ours.view(np.int32), theirs.view(np.int32))
