# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Everyday pointwise functions and aliases the engine lacked (``ceil``, ``logit``,
``nansum``, ``addcdiv``, ``absolute``, ``positive``, ``greater`` and the other comparison
aliases, the in-place comparisons ``gt_`` …, ``logical_not_`` …, the ``torch.bitwise_*``
functions, ``gcd``/``lcm``, ``ldexp``, ``frexp``, ``nextafter``, ``addmm_``, ``cumsum_``/
``cumprod_`` and torch's ``torch.abs_``-style in-place functions): values (bits), dtypes,
layouts, errors, grad_fn names, gradients, double backward, version counters and leaf
errors.  The goldens were captured from torch 2.13 with ``audit_outcomes.outcome``; the
torch-marked twin checks they are still torch's, and the torch-marked differentials compare
values, gradients and dtypes over random shapes, layouts and values."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import gradekit.engine as engine

GOLDENS = {
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.ceil(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 100.0, -200.0, float('inf'), -float('inf'), float('nan')])))": "[0, 2147483648, 1065353216, 2147483648, 1065353216, 3212836864, 1065353216, 1077936128, 3221225472, 1118830592, 1120403456, 3276275712, 2139095040, 4286578688, -1]",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.ceil(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 100.0, -200.0, float('inf'), -float('inf'), float('nan')]).half()))": "[0, 32768, 0, 32768, 15360, 48128, 15360, 16896, 49152, 21888, 22080, 55872, 31744, 64512, -1]",
    "result = torch.ceil(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 100.0, -200.0, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (15,) [0.0, -0.0, 1.0, -0.0, 1.0, -1.0, 1.0, 3.0, -2.0, 88.0, 100.0, -200.0, inf, -inf, nan] rg=False",
    "result = torch.ceil(torch.tensor([1, -2, 3]))": "torch.int64 (3,) [1, -2, 3] rg=False",
    "result = torch.ceil(torch.tensor([1, -2], dtype=torch.uint8))": "torch.uint8 (2,) [1, 254] rg=False",
    "result = torch.ceil(torch.tensor([True, False]))": "NotImplementedError: \"ceil_vml_cpu\" not implemented for 'Bool'",
    "result = torch.ceil([1.0])": "TypeError: ceil(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.5]).ceil(1)": "TypeError: TensorBase.ceil() takes no arguments (1 given)",
    "result = torch.tensor([[0.25, 4.5], [9.0, -0.5]]).t().ceil().stride()": "(1, 2)",
    "x = torch.tensor([0.25, -1.5])\ny = x.ceil_()\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [1.0, -1.0] rg=False, 1)",
    "x = torch.tensor([0.25, -1.5])\ny = torch.ceil_(x)\nresult = (y is x, x)": "(True, torch.float32 (2,) [1.0, -1.0] rg=False)",
    "x = torch.tensor([0.25, -1.5], requires_grad=True)\nx.ceil_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([2, -1])\nresult = (x.ceil_(), x)": "(torch.int64 (2,) [2, -1] rg=False, torch.int64 (2,) [2, -1] rg=False)",
    "x = torch.tensor([0.25, 3.0, -0.75], requires_grad=True)\nr = torch.ceil(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, x.grad)": "('CeilBackward0', torch.float32 (3,) [1.0, 3.0, -0.0] rg=True, torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "x = torch.tensor([0.25, 3.0, -0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.ceil(x).sum(), x, create_graph=True)\nresult = (g.grad_fn, g)": "(None, torch.float64 (3,) [0.0, 0.0, 0.0] rg=False)",
    "x = torch.tensor([0.25, 3.0, -0.75], requires_grad=True)\ny = x * 1\ny.ceil_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('CeilBackward0', torch.float32 (3,) [0.0, 0.0, 0.0] rg=False)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.logit(torch.tensor([0.0, -0.0, 1e-30, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5, 0.999, 1e-7, float('inf'), float('nan')])))": "[4286578688, 4286578688, 3263834037, 3213664084, 0, 1066180436, 2139095040, -1, -1, 1088226366, 3246453212, -1, -1]",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.logit(torch.tensor([0.0, -0.0, 1e-30, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5, 0.999, 1e-7, float('inf'), float('nan')]).half()))": "[64512, 64512, 64512, 48229, 0, 15461, 31744, -1, -1, 18158, 52217, -1, -1]",
    "result = torch.logit(torch.tensor([0.0, -0.0, 1e-30, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5, 0.999, 1e-7, float('inf'), float('nan')]).double())": "torch.float64 (13,) [-inf, -inf, -69.0776, -1.09861, 0.0, 1.09861, inf, nan, nan, 6.90677, -16.1181, nan, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.logit(torch.tensor([0.0, -0.0, 1e-30, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5, 0.999, 1e-7, float('inf'), float('nan')]), eps=0.1))": "[3222052692, 3222052692, 3222052692, 3213664084, 0, 1066180436, 1074569043, 1074569043, 3222052692, 1074569043, 3222052692, 1074569043, -1]",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.logit(torch.tensor([0.0, -0.0, 1e-30, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5, 0.999, 1e-7, float('inf'), float('nan')]), 1e-6))": "[3244100692, 3244100692, 3244100692, 3213664084, 0, 1066180436, 1096603211, 1096603211, 3244100692, 1088226366, 3244100692, 1096603211, -1]",
    "result = torch.logit(torch.tensor([0.0, -0.0, 1e-30, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5, 0.999, 1e-7, float('inf'), float('nan')]), eps=0.6)": "torch.float32 (13,) [0.405465, 0.405465, 0.405465, 0.405465, 0.405465, -0.405465, -0.405465, -0.405465, 0.405465, -0.405465, 0.405465, -0.405465, nan] rg=False",
    "result = torch.logit(torch.tensor([0.0, -0.0, 1e-30, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5, 0.999, 1e-7, float('inf'), float('nan')]), eps=-0.5)": "torch.float32 (13,) [-inf, -inf, -69.0776, -1.09861, 0.0, 1.09861, inf, nan, nan, 6.90677, -16.1181, nan, nan] rg=False",
    "result = torch.logit(torch.tensor([0, 1, 2]))": "torch.float32 (3,) [-inf, inf, nan] rg=False",
    "result = torch.logit(torch.tensor([True, False]))": "torch.float32 (2,) [inf, -inf] rg=False",
    "result = torch.logit(torch.tensor([0.3]), 'a')": "TypeError: logit(): argument 'eps' (position 2) must be float, not str",
    "result = torch.logit(torch.tensor([0.3]), eps=1)": "torch.float32 (1,) [inf] rg=False",
    "result = torch.tensor([0.3]).logit('a')": "TypeError: logit(): argument 'eps' (position 1) must be float, not str",
    "result = torch.tensor([0.3]).logit(eps=2)": "torch.float32 (1,) [nan] rg=False",
    "result = torch.logit([0.3])": "TypeError: logit(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([[0.25, 0.4], [0.9, 0.5]]).t().logit().stride()": "(1, 2)",
    "x = torch.tensor([0.25, 0.5])\ny = x.logit_(0.3)\nresult = (y is x, x)": "(True, torch.float32 (2,) [-0.847298, 0.0] rg=False)",
    "x = torch.tensor([0.25, 0.5])\ny = torch.logit_(x)\nresult = (y is x, x)": "(True, torch.float32 (2,) [-1.09861, 0.0] rg=False)",
    "x = torch.tensor([1, 0])\nx.logit_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.0, 0.3, 1.0, 0.75, -0.0, 1.5], requires_grad=True)\nr = torch.logit(x)\n(r * torch.tensor([1.0, -2.0, 0.5, 3.0, 1.0, 1.0])).sum().backward()\nresult = (r.grad_fn.name(), bits(x.grad))": "('LogitBackward0', [2139095040, 3239600518, 2139095040, 1098907648, 2139095040, -1])",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.0, 0.3, 1.0, 0.75, 0.05, 1.5], requires_grad=True)\nr = torch.logit(x, eps=0.1)\n(r * torch.tensor([1.0, -2.0, 0.5, 3.0, 1.0, 1.0])).sum().backward()\nresult = (r, bits(x.grad))": "(torch.float32 (6,) [-2.19722, -0.847298, 2.19722, 1.09861, -2.19722, 2.19722] rg=True, [0, 3239600518, 0, 1098907648, 0, 0])",
    "x = torch.tensor([-0.0, 0.3, 1.2, -0.1, 1.0], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.logit(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g[1:2].sum(), x)[0])": "('WhereBackward0', torch.float64 (5,) [-inf, 4.7619, nan, nan, inf] rg=True, torch.float64 (5,) [nan, -9.07029, 0.0, -0.0, nan] rg=False)",
    "x = torch.tensor([0.05, 0.3, 1.2, 0.95], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.logit(x, 0.1).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('WhereBackward0', torch.float64 (4,) [0.0, 4.7619, 0.0, 0.0] rg=True, torch.float64 (4,) [0.0, -9.07029, 0.0, 0.0] rg=False)",
    "x = torch.tensor([0.25, 0.5], requires_grad=True)\ny = x * 1\ny.logit_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('LogitBackward0', torch.float32 (2,) [5.33333, 4.0] rg=False)",
    "result = torch.nansum(torch.tensor([1.0, float('nan'), 2.5]))": "torch.float32 () 3.5 rg=False",
    "result = torch.nansum(torch.tensor([float('nan'), float('nan')]))": "torch.float32 () 0.0 rg=False",
    "result = torch.nansum(torch.tensor([1, 2, 3]))": "torch.int64 () 6 rg=False",
    "result = torch.nansum(torch.tensor([True, True]))": "torch.int64 () 2 rg=False",
    "result = torch.nansum(torch.tensor([1, 2], dtype=torch.int8), dtype=torch.float64)": "torch.float64 () 3.0 rg=False",
    "result = torch.nansum(torch.tensor([1.0, float('nan')]), dtype=torch.float64)": "torch.float64 () 1.0 rg=False",
    "result = torch.nansum(torch.tensor([[1.0, float('nan')], [3.0, 4.0]]), 1)": "torch.float32 (2,) [1.0, 7.0] rg=False",
    "result = torch.nansum(torch.tensor([[1.0, float('nan')], [3.0, 4.0]]), dim=0, keepdim=True)": "torch.float32 (1, 2) [[4.0, 4.0]] rg=False",
    "result = torch.nansum(torch.tensor([[1.0, float('nan')], [3.0, 4.0]]), (0, 1))": "torch.float32 () 8.0 rg=False",
    "result = torch.tensor([[1.0, float('nan')], [3.0, 4.0]]).nansum(-1)": "torch.float32 (2,) [1.0, 7.0] rg=False",
    "result = torch.tensor([[1.0, float('nan')], [3.0, 4.0]]).nansum(2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = torch.nansum(torch.tensor([1.0]), 'a')": "TypeError: nansum(): argument 'dim' (position 2) must be tuple of ints, not str",
    "result = torch.tensor([1.0]).nansum('a')": "TypeError: nansum(): argument 'dim' (position 1) must be tuple of ints, not str",
    "result = torch.nansum([1.0])": "TypeError: nansum(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.nansum(torch.tensor([1.0, float('inf'), -float('inf')]))": "torch.float32 () nan rg=False",
    "x = torch.tensor([[1.0, float('nan')], [3.0, 4.0]], requires_grad=True)\ny = torch.nansum(x, 1)\n(y * torch.tensor([2.0, -1.0])).sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('NansumBackward0', torch.float32 (2,) [1.0, 7.0] rg=True, torch.float32 (2, 2) [[2.0, 0.0], [-1.0, -1.0]] rg=False)",
    "x = torch.tensor([[1.0, float('nan')], [3.0, 4.0]], requires_grad=True)\ny = x.nansum()\ny.backward()\nresult = (y.grad_fn.name(), x.grad)": "('NansumBackward0', torch.float32 (2, 2) [[1.0, 0.0], [1.0, 1.0]] rg=False)",
    "x = torch.tensor([[1.0, float('nan')], [3.0, 4.0]], requires_grad=True)\ny = x.nansum(dtype=torch.float64)\ny.backward()\nresult = (y, x.grad)": "(torch.float64 () 8.0 rg=True, torch.float32 (2, 2) [[1.0, 0.0], [1.0, 1.0]] rg=False)",
    "x = torch.tensor([[1.0, float('nan')], [3.0, 4.0]], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.nansum(x, 0).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g)": "AttributeError: 'NoneType' object has no attribute 'name'",
    "result = torch.addcdiv(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 3.0]), torch.tensor([3.0, 7.0]))": "torch.float32 (2,) [1.33333, 2.42857] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.addcdiv(torch.tensor([1.0, 2.0, 0.1]), torch.tensor([1.0, 3.0, 0.7]), torch.tensor([3.0, 7.0, 0.3]), value=0.3))": "[1066192077, 1074281092, 1061997773]",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.addcdiv(torch.tensor([1.0, 2.0, 0.1]).half(), torch.tensor([1.0, 3.0, 0.7]).half(), torch.tensor([3.0, 7.0, 0.3]).half(), value=0.3))": "[15462, 16450, 14951]",
    "result = torch.addcdiv(torch.tensor([1, 2]), torch.tensor([1, 2]), torch.tensor([1, 2]))": "RuntimeError: Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes.",
    "result = torch.addcdiv(torch.tensor([1.0, 2]), torch.tensor([1, 2]), torch.tensor([True, True]))": "RuntimeError: Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes.",
    "result = torch.addcdiv(torch.tensor([1, 2]), torch.tensor([1.0, 2]), torch.tensor([1, 2]))": "torch.float32 (2,) [2.0, 3.0] rg=False",
    "result = torch.addcdiv(torch.tensor([1, 2]), torch.tensor([1, 2]), torch.tensor([2.0, 2]), value=2)": "torch.float32 (2,) [2.0, 4.0] rg=False",
    "result = torch.addcdiv(torch.tensor([1.0, 2]), torch.tensor([1.0, 2], dtype=torch.float64), torch.tensor([1, 2]), value=2)": "torch.float64 (2,) [3.0, 4.0] rg=False",
    "result = torch.addcdiv(torch.tensor([1.0, 2]), torch.tensor([1.0, 0.0]), torch.tensor([0.0, 0.0]))": "torch.float32 (2,) [inf, nan] rg=False",
    "result = torch.addcdiv(torch.tensor([[1.0], [2.0]]), torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.0]), value=-1)": "torch.float32 (2, 3) [[0.5, 0.0, -0.5], [1.5, 1.0, 0.5]] rg=False",
    "result = torch.addcdiv(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.0]))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "result = torch.addcdiv(torch.tensor([1.0]), torch.tensor([1.0]), None)": "TypeError: addcdiv(): argument 'tensor2' (position 3) must be Tensor, not NoneType",
    "result = torch.tensor([1.0]).addcdiv(torch.tensor([1.0]), None)": "TypeError: addcdiv(): argument 'tensor2' (position 2) must be Tensor, not NoneType",
    "result = torch.addcdiv(torch.tensor([1.0]), torch.tensor([1.0]), torch.tensor([1.0]), value='a')": "TypeError: addcdiv(): argument 'value' must be Number, not str",
    "result = torch.addcdiv(torch.tensor([1.0]), torch.tensor([1.0]), torch.tensor([1.0]), value=1e300)": "RuntimeError: value cannot be converted to type float without overflow",
    "x = torch.tensor([1.0, 2.0])\ny = x.addcdiv_(torch.tensor([1.0, 3.0]), torch.tensor([4.0, 5.0]), value=2)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [1.5, 3.2] rg=False, 1)",
    "x = torch.tensor([1, 2])\nx.addcdiv_(torch.tensor([1.0, 3.0]), torch.tensor([4.0, 5.0]))": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.addcdiv_(torch.tensor([1.0, 3.0]), torch.tensor([4.0, 5.0]))": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([1.0, 2.0])\nx.addcdiv_(torch.ones(2, 2), torch.ones(2))": "RuntimeError: output with shape [2] doesn't match the broadcast shape [2, 2]",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\na = torch.tensor([1.0, 2.0], requires_grad=True)\nb = torch.tensor([3.0, 2.0], requires_grad=True)\nc = torch.tensor([5.0, 7.0], requires_grad=True)\ny = torch.addcdiv(a, b, c, value=0.3)\n(y * torch.tensor([1.0, -2.0])).sum().backward()\nresult = (y.grad_fn.name(), len(y.grad_fn.next_functions), bits(a.grad), bits(b.grad), bits(c.grad))": "('AddcdivBackward0', 3, [1065353216, 3221225472], [1031127696, 3182398201], [3172168893, 1019780820])",
    "a = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)\nb = torch.tensor([3.0, 2.0], dtype=torch.float64, requires_grad=True)\nc = torch.tensor([5.0, 7.0], dtype=torch.float64, requires_grad=True)\ngs = torch.autograd.grad(torch.addcdiv(a, b, c, value=0.5).sum(), (a, b, c), create_graph=True)\nresult = ([g.grad_fn.name() if g.grad_fn else None for g in gs], gs[1], gs[2], torch.autograd.grad(gs[2].sum(), (b, c)))": "([None, 'MulBackward0', 'MulBackward0'], torch.float64 (2,) [0.1, 0.0714286] rg=True, torch.float64 (2,) [-0.06, -0.0204082] rg=True, (torch.float64 (2,) [-0.02, -0.0102041] rg=False, torch.float64 (2,) [0.024, 0.0058309] rg=False))",
    "a = torch.tensor([1.0, 2.0])\nb = torch.tensor([3.0, 2.0], requires_grad=True)\nc = torch.tensor([5.0, 7.0])\ny = torch.addcdiv(a, b, c)\ny.sum().backward()\nresult = (y.grad_fn.next_functions[0], b.grad)": "((None, 0), torch.float32 (2,) [0.2, 0.142857] rg=False)",
    "a = torch.tensor([1.0, 2.0])\nb = torch.tensor([3.0, 2.0])\nc = torch.tensor([5.0, 7.0], requires_grad=True)\ny = torch.addcdiv(a, b, c)\ny.sum().backward()\nresult = c.grad": "torch.float32 (2,) [-0.12, -0.0408163] rg=False",
    "a = torch.tensor([1.0, 2.0], requires_grad=True)\nb = torch.tensor([3.0, 2.0], requires_grad=True)\nc = torch.tensor([5.0, 7.0], requires_grad=True)\ny = a * 1\ny.addcdiv_(b, c)\ny.sum().backward()\nresult = (y.grad_fn.name(), a.grad, b.grad, c.grad)": "('AddcdivBackward0', torch.float32 (2,) [1.0, 1.0] rg=False, torch.float32 (2,) [0.2, 0.142857] rg=False, torch.float32 (2,) [-0.12, -0.0408163] rg=False)",
    "b = torch.tensor([3.0, 2.0], requires_grad=True)\nc = torch.tensor([5.0, 7.0], requires_grad=True)\ny = torch.addcdiv(torch.zeros(2), b, c)\nwith torch.no_grad():\n    c.mul_(2)\ny.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "b = torch.tensor([3.0, 2.0], requires_grad=True)\nc = torch.tensor([5.0, 7.0])\ny = torch.addcdiv(torch.zeros(2), b, c)\nb.data.mul_(2)\nwith torch.no_grad():\n    b.mul_(2)\ny.sum().backward()\nresult = b.grad": "torch.float32 (2,) [0.2, 0.142857] rg=False",
    "x = torch.zeros(2, 2)\ny = x.addmm_(torch.ones(2, 3), torch.ones(3, 2), beta=2, alpha=0.5)\nresult = (y is x, x)": "(True, torch.float32 (2, 2) [[1.5, 1.5], [1.5, 1.5]] rg=False)",
    "x = torch.zeros(2, 2, requires_grad=True)\nx.addmm_(torch.ones(2, 3), torch.ones(3, 2))": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "m = torch.ones(2, 3, requires_grad=True)\nx = torch.zeros(2, 2)\nx.addmm_(m, torch.ones(3, 2) * 2)\nx.sum().backward()\nresult = (x.grad_fn.name(), m.grad)": "('AddmmBackward0', torch.float32 (2, 3) [[4.0, 4.0, 4.0], [4.0, 4.0, 4.0]] rg=False)",
    "x = torch.zeros(2, 2)\nx.addmm_(torch.ones(2, 3), None)": "TypeError: addmm_(): argument 'mat2' (position 2) must be Tensor, not NoneType",
    "x = torch.zeros(2)\nx.addmm_(torch.ones(2, 3), torch.ones(3, 2))": "RuntimeError: Bad in-place call: input tensor size [2] and output tensor size [2, 2] should match",
    "x = torch.zeros(2, 2, dtype=torch.int64)\nx.addmm_(torch.ones(2, 3), torch.ones(3, 2))": "RuntimeError: self and mat2 must have the same dtype, but got Long and Float",
    "result = torch.absolute(torch.tensor([-1.5, 0.0, -0.0, 2.0]))": "torch.float32 (4,) [1.5, 0.0, 0.0, 2.0] rg=False",
    "result = torch.absolute(torch.tensor([-1, 2]))": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.absolute(torch.tensor([True]))": "NotImplementedError: \"abs_cpu\" not implemented for 'Bool'",
    "result = torch.absolute([1.0])": "TypeError: absolute(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([-1.0]).absolute(1)": "TypeError: TensorBase.absolute() takes no arguments (1 given)",
    "x = torch.tensor([-1.0, 2.0])\ny = x.absolute_()\nresult = (y is x, x)": "(True, torch.float32 (2,) [1.0, 2.0] rg=False)",
    "x = torch.tensor([-1.0, 2.0], requires_grad=True)\ny = torch.absolute(x)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AbsBackward0', torch.float32 (2,) [-1.0, 1.0] rg=False)",
    "x = torch.tensor([-1.0, 2.0], requires_grad=True)\nx.absolute_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([-1.0, 2.0], requires_grad=True)\ny = torch.positive(x)\nresult = (y is x, y)": "(True, torch.float32 (2,) [-1.0, 2.0] rg=True)",
    "result = torch.positive(torch.tensor([1, -2]))": "torch.int64 (2,) [1, -2] rg=False",
    "result = torch.positive(torch.tensor([True]))": "RuntimeError: The `+` operator, on a bool tensor is not supported.",
    "result = torch.positive([1.0])": "TypeError: positive(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).positive()": "torch.float32 (1,) [1.0] rg=False",
    "result = torch.tensor([1.0]).positive(1)": "TypeError: TensorBase.positive() takes no arguments (1 given)",
    "result = torch.greater(torch.tensor([1.0, 2.0, float('nan')]), torch.tensor([2.0, 2.0, 1.0]))": "torch.bool (3,) [False, False, False] rg=False",
    "result = torch.greater(torch.tensor([1, 2, 3]), 2.5)": "torch.bool (3,) [False, False, True] rg=False",
    "result = torch.tensor([1, 2, 3]).greater(2)": "torch.bool (3,) [False, False, True] rg=False",
    "result = torch.greater(torch.tensor([1]), 'a')": "TypeError: greater() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.tensor([1]).greater('a')": "TypeError: greater() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.tensor([1]).greater_('a')": "TypeError: greater_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.greater_(2.0)\nresult = (y is x, x, x._version)": "(True, torch.float32 (3,) [0.0, 0.0, 1.0] rg=False, 1)",
    "x = torch.tensor([1, 2, 3])\ny = x.greater_(torch.tensor([2.0, 2.0, 1.0]))\nresult = x": "torch.int64 (3,) [0, 0, 1] rg=False",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.greater_(1.5)\ny.sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('GtBackward0', torch.float32 (2,) [0.0, 1.0] rg=True, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.tensor([1.0, 2.0], requires_grad=True)\nz = x * 1\nz.greater_(y)\nz.sum().backward()\nresult = (z.grad_fn.name(), x.grad, y.grad)": "('GtBackward1', torch.float32 (2,) [0.0, 0.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.greater_(1.0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "result = torch.greater_equal(torch.tensor([1.0, 2.0, float('nan')]), torch.tensor([2.0, 2.0, 1.0]))": "torch.bool (3,) [False, True, False] rg=False",
    "result = torch.greater_equal(torch.tensor([1, 2, 3]), 2.5)": "torch.bool (3,) [False, False, True] rg=False",
    "result = torch.tensor([1, 2, 3]).greater_equal(2)": "torch.bool (3,) [False, True, True] rg=False",
    "result = torch.greater_equal(torch.tensor([1]), 'a')": "TypeError: greater_equal() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.tensor([1]).greater_equal('a')": "TypeError: greater_equal() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.tensor([1]).greater_equal_('a')": "TypeError: greater_equal_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.greater_equal_(2.0)\nresult = (y is x, x, x._version)": "(True, torch.float32 (3,) [0.0, 1.0, 1.0] rg=False, 1)",
    "x = torch.tensor([1, 2, 3])\ny = x.greater_equal_(torch.tensor([2.0, 2.0, 1.0]))\nresult = x": "torch.int64 (3,) [0, 1, 1] rg=False",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.greater_equal_(1.5)\ny.sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('GeBackward0', torch.float32 (2,) [0.0, 1.0] rg=True, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.tensor([1.0, 2.0], requires_grad=True)\nz = x * 1\nz.greater_equal_(y)\nz.sum().backward()\nresult = (z.grad_fn.name(), x.grad, y.grad)": "('GeBackward1', torch.float32 (2,) [0.0, 0.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.greater_equal_(1.0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "result = torch.less(torch.tensor([1.0, 2.0, float('nan')]), torch.tensor([2.0, 2.0, 1.0]))": "torch.bool (3,) [True, False, False] rg=False",
    "result = torch.less(torch.tensor([1, 2, 3]), 2.5)": "torch.bool (3,) [True, True, False] rg=False",
    "result = torch.tensor([1, 2, 3]).less(2)": "torch.bool (3,) [True, False, False] rg=False",
    "result = torch.less(torch.tensor([1]), 'a')": "TypeError: less() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.tensor([1]).less('a')": "TypeError: less() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.tensor([1]).less_('a')": "TypeError: less_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.less_(2.0)\nresult = (y is x, x, x._version)": "(True, torch.float32 (3,) [1.0, 0.0, 0.0] rg=False, 1)",
    "x = torch.tensor([1, 2, 3])\ny = x.less_(torch.tensor([2.0, 2.0, 1.0]))\nresult = x": "torch.int64 (3,) [1, 0, 0] rg=False",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.less_(1.5)\ny.sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('LtBackward0', torch.float32 (2,) [1.0, 0.0] rg=True, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.tensor([1.0, 2.0], requires_grad=True)\nz = x * 1\nz.less_(y)\nz.sum().backward()\nresult = (z.grad_fn.name(), x.grad, y.grad)": "('LtBackward1', torch.float32 (2,) [0.0, 0.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.less_(1.0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "result = torch.less_equal(torch.tensor([1.0, 2.0, float('nan')]), torch.tensor([2.0, 2.0, 1.0]))": "torch.bool (3,) [True, True, False] rg=False",
    "result = torch.less_equal(torch.tensor([1, 2, 3]), 2.5)": "torch.bool (3,) [True, True, False] rg=False",
    "result = torch.tensor([1, 2, 3]).less_equal(2)": "torch.bool (3,) [True, True, False] rg=False",
    "result = torch.less_equal(torch.tensor([1]), 'a')": "TypeError: less_equal() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.tensor([1]).less_equal('a')": "TypeError: less_equal() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.tensor([1]).less_equal_('a')": "TypeError: less_equal_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.less_equal_(2.0)\nresult = (y is x, x, x._version)": "(True, torch.float32 (3,) [1.0, 1.0, 0.0] rg=False, 1)",
    "x = torch.tensor([1, 2, 3])\ny = x.less_equal_(torch.tensor([2.0, 2.0, 1.0]))\nresult = x": "torch.int64 (3,) [1, 1, 0] rg=False",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.less_equal_(1.5)\ny.sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('LeBackward0', torch.float32 (2,) [1.0, 0.0] rg=True, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.tensor([1.0, 2.0], requires_grad=True)\nz = x * 1\nz.less_equal_(y)\nz.sum().backward()\nresult = (z.grad_fn.name(), x.grad, y.grad)": "('LeBackward1', torch.float32 (2,) [0.0, 0.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.less_equal_(1.0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "result = torch.not_equal(torch.tensor([1.0, 2.0, float('nan')]), torch.tensor([2.0, 2.0, 1.0]))": "torch.bool (3,) [True, False, True] rg=False",
    "result = torch.not_equal(torch.tensor([1, 2, 3]), 2.5)": "torch.bool (3,) [True, True, True] rg=False",
    "result = torch.tensor([1, 2, 3]).not_equal(2)": "torch.bool (3,) [True, False, True] rg=False",
    "result = torch.not_equal(torch.tensor([1]), 'a')": "TypeError: not_equal() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.tensor([1]).not_equal('a')": "TypeError: not_equal() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.tensor([1]).not_equal_('a')": "TypeError: not_equal_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.not_equal_(2.0)\nresult = (y is x, x, x._version)": "(True, torch.float32 (3,) [1.0, 0.0, 1.0] rg=False, 1)",
    "x = torch.tensor([1, 2, 3])\ny = x.not_equal_(torch.tensor([2.0, 2.0, 1.0]))\nresult = x": "torch.int64 (3,) [1, 0, 1] rg=False",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.not_equal_(1.5)\ny.sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('NeBackward0', torch.float32 (2,) [1.0, 1.0] rg=True, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.tensor([1.0, 2.0], requires_grad=True)\nz = x * 1\nz.not_equal_(y)\nz.sum().backward()\nresult = (z.grad_fn.name(), x.grad, y.grad)": "('NeBackward1', torch.float32 (2,) [0.0, 0.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.not_equal_(1.0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.eq_(2)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.0, 1.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.eq_(torch.tensor(1.5))\nresult = (y.grad_fn.name(), y)": "('EqBackward1', torch.float32 (2,) [0.0, 0.0] rg=True)",
    "result = torch.tensor([1]).eq_(None)": "TypeError: eq_() received an invalid combination of arguments - got (NoneType), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.ne_(2)\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.0, 0.0, 1.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.ne_(torch.tensor(1.5))\nresult = (y.grad_fn.name(), y)": "('NeBackward1', torch.float32 (2,) [1.0, 1.0] rg=True)",
    "result = torch.tensor([1]).ne_(None)": "TypeError: ne_() received an invalid combination of arguments - got (NoneType), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.lt_(2)\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.0, 0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.lt_(torch.tensor(1.5))\nresult = (y.grad_fn.name(), y)": "('LtBackward1', torch.float32 (2,) [1.0, 0.0] rg=True)",
    "result = torch.tensor([1]).lt_(None)": "TypeError: lt_() received an invalid combination of arguments - got (NoneType), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.le_(2)\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.0, 1.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.le_(torch.tensor(1.5))\nresult = (y.grad_fn.name(), y)": "('LeBackward1', torch.float32 (2,) [1.0, 0.0] rg=True)",
    "result = torch.tensor([1]).le_(None)": "TypeError: le_() received an invalid combination of arguments - got (NoneType), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.gt_(2)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.0, 0.0, 1.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.gt_(torch.tensor(1.5))\nresult = (y.grad_fn.name(), y)": "('GtBackward1', torch.float32 (2,) [0.0, 1.0] rg=True)",
    "result = torch.tensor([1]).gt_(None)": "TypeError: gt_() received an invalid combination of arguments - got (NoneType), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\ny = x.ge_(2)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.0, 1.0, 1.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.ge_(torch.tensor(1.5))\nresult = (y.grad_fn.name(), y)": "('GeBackward1', torch.float32 (2,) [0.0, 1.0] rg=True)",
    "result = torch.tensor([1]).ge_(None)": "TypeError: ge_() received an invalid combination of arguments - got (NoneType), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!NoneType!)\n",
    "x = torch.tensor([True, False])\ny = x.gt_(0.5)\nresult = x": "torch.bool (2,) [True, False] rg=False",
    "x = torch.tensor([1.0, 2.0])\nx.gt_(torch.tensor([1.0, 2.0, 3.0]))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "x = torch.tensor([1.0, 2.0])\nx.lt_(torch.ones(2, 2))": "RuntimeError: output with shape [2] doesn't match the broadcast shape [2, 2]",
    "x = torch.tensor([1.0, 0.0, -2.0])\ny = x.logical_not_()\nresult = (y is x, x, x._version)": "(True, torch.float32 (3,) [0.0, 1.0, 0.0] rg=False, 1)",
    "x = torch.tensor([3, 0])\nx.logical_not_()\nresult = x": "torch.int64 (2,) [0, 1] rg=False",
    "x = torch.tensor([1.0, 0.0], requires_grad=True)\ny = x * 1\ny.logical_not_()\nresult = (y.grad_fn.name(), y)": "('MulBackward0', torch.float32 (2,) [0.0, 1.0] rg=True)",
    "x = torch.tensor([1.0, 0.0], requires_grad=True)\nx.logical_not_()": "None",
    "x = torch.tensor([1.0])\nx.logical_not_(1)": "TypeError: TensorBase.logical_not_() takes no arguments (1 given)",
    "x = torch.tensor([1.0, 0.0])\ny = x.logical_and_(torch.tensor([1, 0]))\nresult = (y is x, x)": "(True, torch.float32 (2,) [1.0, 0.0] rg=False)",
    "x = torch.tensor([2.0, 0.0])\nx.logical_or_(torch.tensor([0, 0]))\nresult = x": "torch.float32 (2,) [1.0, 0.0] rg=False",
    "x = torch.tensor([2.0, 0.0])\nx.logical_xor_(torch.tensor([1, 0]))\nresult = x": "torch.float32 (2,) [0.0, 0.0] rg=False",
    "x = torch.tensor([2.0, 0.0])\nx.logical_and_('a')": "TypeError: logical_and_(): argument 'other' (position 1) must be Tensor, not str",
    "x = torch.tensor([2.0, 0.0])\nx.logical_and_(torch.ones(3))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "result = torch.bitwise_and(torch.tensor([12, -7, 0]), torch.tensor([10, 3, 5]))": "torch.int64 (3,) [8, 1, 0] rg=False",
    "result = torch.bitwise_and(torch.tensor([True, False]), torch.tensor([True, True]))": "torch.bool (2,) [True, False] rg=False",
    "result = torch.bitwise_and(torch.tensor([12], dtype=torch.uint8), torch.tensor([10], dtype=torch.int8))": "torch.int16 (1,) [8] rg=False",
    "result = torch.bitwise_and(torch.tensor([12, 5]), 6)": "torch.int64 (2,) [4, 4] rg=False",
    "result = torch.bitwise_and(6, torch.tensor([12, 5]))": "torch.int64 (2,) [4, 4] rg=False",
    "result = torch.bitwise_and(torch.tensor([True, False]), 1)": "torch.int64 (2,) [1, 0] rg=False",
    "result = torch.bitwise_and(torch.tensor([1.0]), torch.tensor([1]))": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_and(torch.tensor([1]), 1.5)": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_and(torch.tensor([1]), 'a')": "TypeError: bitwise_and() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!Tensor!, !str!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.bitwise_and(1, 2)": "TypeError: bitwise_and() received an invalid combination of arguments - got (int, int), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!int!, !int!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "x = torch.tensor([12, 5])\ny = x.bitwise_and_(6)\nresult = (y is x, x)": "(True, torch.int64 (2,) [4, 4] rg=False)",
    "x = torch.tensor([12, 5], dtype=torch.int8)\nx.bitwise_and_(torch.tensor([300, 1]))\nresult = x": "torch.int8 (2,) [12, 1] rg=False",
    "x = torch.tensor([True, False])\nx.bitwise_and_(torch.tensor([3, 0]))": "RuntimeError: result type Long can't be cast to the desired output type Bool",
    "result = torch.bitwise_or(torch.tensor([12, -7, 0]), torch.tensor([10, 3, 5]))": "torch.int64 (3,) [14, -5, 5] rg=False",
    "result = torch.bitwise_or(torch.tensor([True, False]), torch.tensor([True, True]))": "torch.bool (2,) [True, True] rg=False",
    "result = torch.bitwise_or(torch.tensor([12], dtype=torch.uint8), torch.tensor([10], dtype=torch.int8))": "torch.int16 (1,) [14] rg=False",
    "result = torch.bitwise_or(torch.tensor([12, 5]), 6)": "torch.int64 (2,) [14, 7] rg=False",
    "result = torch.bitwise_or(6, torch.tensor([12, 5]))": "torch.int64 (2,) [14, 7] rg=False",
    "result = torch.bitwise_or(torch.tensor([True, False]), 1)": "torch.int64 (2,) [1, 1] rg=False",
    "result = torch.bitwise_or(torch.tensor([1.0]), torch.tensor([1]))": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_or(torch.tensor([1]), 1.5)": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_or(torch.tensor([1]), 'a')": "TypeError: bitwise_or() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!Tensor!, !str!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.bitwise_or(1, 2)": "TypeError: bitwise_or() received an invalid combination of arguments - got (int, int), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!int!, !int!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "x = torch.tensor([12, 5])\ny = x.bitwise_or_(6)\nresult = (y is x, x)": "(True, torch.int64 (2,) [14, 7] rg=False)",
    "x = torch.tensor([12, 5], dtype=torch.int8)\nx.bitwise_or_(torch.tensor([300, 1]))\nresult = x": "torch.int8 (2,) [44, 5] rg=False",
    "x = torch.tensor([True, False])\nx.bitwise_or_(torch.tensor([3, 0]))": "RuntimeError: result type Long can't be cast to the desired output type Bool",
    "result = torch.bitwise_xor(torch.tensor([12, -7, 0]), torch.tensor([10, 3, 5]))": "torch.int64 (3,) [6, -6, 5] rg=False",
    "result = torch.bitwise_xor(torch.tensor([True, False]), torch.tensor([True, True]))": "torch.bool (2,) [False, True] rg=False",
    "result = torch.bitwise_xor(torch.tensor([12], dtype=torch.uint8), torch.tensor([10], dtype=torch.int8))": "torch.int16 (1,) [6] rg=False",
    "result = torch.bitwise_xor(torch.tensor([12, 5]), 6)": "torch.int64 (2,) [10, 3] rg=False",
    "result = torch.bitwise_xor(6, torch.tensor([12, 5]))": "torch.int64 (2,) [10, 3] rg=False",
    "result = torch.bitwise_xor(torch.tensor([True, False]), 1)": "torch.int64 (2,) [0, 1] rg=False",
    "result = torch.bitwise_xor(torch.tensor([1.0]), torch.tensor([1]))": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_xor(torch.tensor([1]), 1.5)": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_xor(torch.tensor([1]), 'a')": "TypeError: bitwise_xor() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!Tensor!, !str!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.bitwise_xor(1, 2)": "TypeError: bitwise_xor() received an invalid combination of arguments - got (int, int), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other)\n      didn't match because some of the arguments have invalid types: (!int!, !int!)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "x = torch.tensor([12, 5])\ny = x.bitwise_xor_(6)\nresult = (y is x, x)": "(True, torch.int64 (2,) [10, 3] rg=False)",
    "x = torch.tensor([12, 5], dtype=torch.int8)\nx.bitwise_xor_(torch.tensor([300, 1]))\nresult = x": "torch.int8 (2,) [32, 4] rg=False",
    "x = torch.tensor([True, False])\nx.bitwise_xor_(torch.tensor([3, 0]))": "RuntimeError: result type Long can't be cast to the desired output type Bool",
    "result = torch.bitwise_left_shift(torch.tensor([1, -8, 100]), torch.tensor([3, 1, 2]))": "torch.int64 (3,) [8, -16, 400] rg=False",
    "result = torch.bitwise_left_shift(torch.tensor([1, -8], dtype=torch.int8), 2)": "torch.int8 (2,) [4, -32] rg=False",
    "result = torch.bitwise_left_shift(3, torch.tensor([1, 2]))": "torch.int64 (2,) [6, 12] rg=False",
    "result = torch.bitwise_left_shift(torch.tensor([1.0]), 1)": "NotImplementedError: \"lshift_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_left_shift(torch.tensor([True]), 1)": "torch.int64 (1,) [2] rg=False",
    "result = torch.tensor([4, 8]).bitwise_left_shift(1)": "torch.int64 (2,) [8, 16] rg=False",
    "result = torch.tensor([4]).bitwise_left_shift('a')": "TypeError: bitwise_left_shift() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.tensor([4, 8])\ny = x.bitwise_left_shift_(torch.tensor([1, 2]))\nresult = (y is x, x)": "(True, torch.int64 (2,) [8, 32] rg=False)",
    "x = torch.tensor([4, 8])\nx.bitwise_left_shift_('a')": "TypeError: bitwise_left_shift_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.bitwise_right_shift(torch.tensor([1, -8, 100]), torch.tensor([3, 1, 2]))": "torch.int64 (3,) [0, -4, 25] rg=False",
    "result = torch.bitwise_right_shift(torch.tensor([1, -8], dtype=torch.int8), 2)": "torch.int8 (2,) [0, -2] rg=False",
    "result = torch.bitwise_right_shift(3, torch.tensor([1, 2]))": "torch.int64 (2,) [1, 0] rg=False",
    "result = torch.bitwise_right_shift(torch.tensor([1.0]), 1)": "NotImplementedError: \"rshift_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_right_shift(torch.tensor([True]), 1)": "torch.int64 (1,) [0] rg=False",
    "result = torch.tensor([4, 8]).bitwise_right_shift(1)": "torch.int64 (2,) [2, 4] rg=False",
    "result = torch.tensor([4]).bitwise_right_shift('a')": "TypeError: bitwise_right_shift() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "x = torch.tensor([4, 8])\ny = x.bitwise_right_shift_(torch.tensor([1, 2]))\nresult = (y is x, x)": "(True, torch.int64 (2,) [2, 2] rg=False)",
    "x = torch.tensor([4, 8])\nx.bitwise_right_shift_('a')": "TypeError: bitwise_right_shift_() received an invalid combination of arguments - got (str), but expected one of:\n * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!str!)\n * (Number other)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.bitwise_not(torch.tensor([0, 5, -1]))": "torch.int64 (3,) [-1, -6, 0] rg=False",
    "result = torch.bitwise_not(torch.tensor([True, False]))": "torch.bool (2,) [False, True] rg=False",
    "result = torch.bitwise_not(torch.tensor([1.0]))": "NotImplementedError: \"bitwise_not_cpu\" not implemented for 'Float'",
    "result = torch.bitwise_not([1])": "TypeError: bitwise_not(): argument 'input' (position 1) must be Tensor, not list",
    "x = torch.tensor([0, 5], dtype=torch.uint8)\ny = x.bitwise_not_()\nresult = (y is x, x)": "(True, torch.uint8 (2,) [255, 250] rg=False)",
    "x = torch.tensor([0.0])\nx.bitwise_not_()": "NotImplementedError: \"bitwise_not_cpu\" not implemented for 'Float'",
    "x = torch.tensor([1])\nx.bitwise_not_(1)": "TypeError: TensorBase.bitwise_not_() takes no arguments (1 given)",
    "result = torch.gcd(torch.tensor([12, -18, 0, 7, 0]), torch.tensor([8, 4, 0, -21, 5]))": "torch.int64 (5,) [4, 2, 0, 7, 5] rg=False",
    "result = torch.gcd(torch.tensor([12, 30], dtype=torch.uint8), torch.tensor([8, 4]))": "torch.int64 (2,) [4, 2] rg=False",
    "result = torch.gcd(torch.tensor([12, 30], dtype=torch.int16), torch.tensor([8, 4], dtype=torch.int8))": "torch.int16 (2,) [4, 2] rg=False",
    "result = torch.gcd(torch.tensor([[12], [30]]), torch.tensor([8, 4, 9]))": "torch.int64 (2, 3) [[4, 4, 3], [2, 2, 3]] rg=False",
    "result = torch.gcd(torch.tensor([1.0, 0]), torch.tensor([1.0, 0]))": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
    "result = torch.gcd(torch.tensor([1, 0]), torch.tensor([1.0, 0]))": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
    "result = torch.gcd(torch.tensor([True]), torch.tensor([True]))": "NotImplementedError: \"gcd_cpu\" not implemented for 'Bool'",
    "result = torch.gcd(torch.tensor([12]), 8)": "TypeError: gcd(): argument 'other' (position 2) must be Tensor, not int",
    "result = torch.gcd(12, torch.tensor([8]))": "TypeError: gcd(): argument 'input' (position 1) must be Tensor, not int",
    "result = torch.gcd(torch.tensor([1, 2]), torch.tensor([1, 2, 3]))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "result = torch.tensor([12]).gcd(torch.tensor([18]))": "torch.int64 (1,) [6] rg=False",
    "x = torch.tensor([12, 9])\ny = x.gcd_(torch.tensor([18, 6]))\nresult = (y is x, x)": "(True, torch.int64 (2,) [6, 3] rg=False)",
    "x = torch.tensor([12, 9])\ny = torch.gcd_(x, torch.tensor([18, 6]))\nresult = (y is x, x)": "(True, torch.int64 (2,) [6, 3] rg=False)",
    "x = torch.tensor([12, 9])\nx.gcd_(2)": "TypeError: gcd_(): argument 'other' (position 1) must be Tensor, not int",
    "x = torch.tensor([12, 9], dtype=torch.int8)\nx.gcd_(torch.tensor([18, 6]))\nresult = x": "torch.int8 (2,) [6, 3] rg=False",
    "result = torch.lcm(torch.tensor([12, -18, 0, 7, 0]), torch.tensor([8, 4, 0, -21, 5]))": "torch.int64 (5,) [24, 36, 0, 21, 0] rg=False",
    "result = torch.lcm(torch.tensor([12, 30], dtype=torch.uint8), torch.tensor([8, 4]))": "torch.int64 (2,) [24, 60] rg=False",
    "result = torch.lcm(torch.tensor([12, 30], dtype=torch.int16), torch.tensor([8, 4], dtype=torch.int8))": "torch.int16 (2,) [24, 60] rg=False",
    "result = torch.lcm(torch.tensor([[12], [30]]), torch.tensor([8, 4, 9]))": "torch.int64 (2, 3) [[24, 12, 36], [120, 60, 90]] rg=False",
    "result = torch.lcm(torch.tensor([1.0, 0]), torch.tensor([1.0, 0]))": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
    "result = torch.lcm(torch.tensor([1, 0]), torch.tensor([1.0, 0]))": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
    "result = torch.lcm(torch.tensor([True]), torch.tensor([True]))": "NotImplementedError: \"lcm_cpu\" not implemented for 'Bool'",
    "result = torch.lcm(torch.tensor([12]), 8)": "TypeError: lcm(): argument 'other' (position 2) must be Tensor, not int",
    "result = torch.lcm(12, torch.tensor([8]))": "TypeError: lcm(): argument 'input' (position 1) must be Tensor, not int",
    "result = torch.lcm(torch.tensor([1, 2]), torch.tensor([1, 2, 3]))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "result = torch.tensor([12]).lcm(torch.tensor([18]))": "torch.int64 (1,) [36] rg=False",
    "x = torch.tensor([12, 9])\ny = x.lcm_(torch.tensor([18, 6]))\nresult = (y is x, x)": "(True, torch.int64 (2,) [36, 18] rg=False)",
    "x = torch.tensor([12, 9])\ny = torch.lcm_(x, torch.tensor([18, 6]))\nresult = (y is x, x)": "(True, torch.int64 (2,) [36, 18] rg=False)",
    "x = torch.tensor([12, 9])\nx.lcm_(2)": "TypeError: lcm_(): argument 'other' (position 1) must be Tensor, not int",
    "x = torch.tensor([12, 9], dtype=torch.int8)\nx.lcm_(torch.tensor([18, 6]))\nresult = x": "torch.int8 (2,) [36, 18] rg=False",
    "result = torch.ldexp(torch.tensor([1.0, 2.0, -0.75, 3.0]), torch.tensor([3, 4, -2, 200]))": "torch.float32 (4,) [8.0, 32.0, -0.1875, inf] rg=False",
    "result = torch.ldexp(torch.tensor([1, 2]), torch.tensor([3, 4]))": "torch.float32 (2,) [8.0, 32.0] rg=False",
    "result = torch.ldexp(torch.tensor([1.0, 2.0]).half(), torch.tensor([3, 4]))": "torch.float16 (2,) [8.0, 32.0] rg=False",
    "result = torch.ldexp(torch.tensor([1.0, 2.0]).double(), torch.tensor([3, 4]))": "torch.float64 (2,) [8.0, 32.0] rg=False",
    "result = torch.ldexp(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 1.5]))": "torch.float32 (2,) [1.41421, 5.65685] rg=False",
    "result = torch.ldexp(torch.tensor([1.0, 2.0]), 3)": "TypeError: ldexp(): argument 'other' (position 2) must be Tensor, not int",
    "result = torch.ldexp(torch.tensor([1.0, 2.0]), torch.tensor([1, 2, 3]))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.ldexp(x, torch.tensor([3, 4]))\ny.sum().backward()\nresult = (y.grad_fn.name(), y.grad_fn.next_functions[1], x.grad)": "('LdexpBackward0', (None, 0), torch.float32 (2,) [8.0, 16.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ne = torch.tensor([0.5, 1.0], requires_grad=True)\ny = torch.ldexp(x, e)\ny.sum().backward()\nresult = (y.grad_fn.next_functions[1][0].name(), x.grad, e.grad)": "('torch::autograd::AccumulateGrad', torch.float32 (2,) [1.41421, 2.0] rg=False, torch.float32 (2,) [0.980258, 2.77259] rg=False)",
    "x = torch.tensor([1.0, 2.0])\ny = x.ldexp_(torch.tensor([3, 4]))\nresult = (y is x, x)": "(True, torch.float32 (2,) [8.0, 32.0] rg=False)",
    "x = torch.tensor([1.0, 2.0])\ny = torch.ldexp_(x, torch.tensor([1, 2]))\nresult = (y is x, x)": "(True, torch.float32 (2,) [2.0, 8.0] rg=False)",
    "x = torch.tensor([1, 2])\nx.ldexp_(torch.tensor([3, 4]))": "RuntimeError: ldexp can't be cast to the desired output type Long",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\ny.ldexp_(torch.tensor([1, 2]))\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('LdexpBackward0', torch.float32 (2,) [2.0, 4.0] rg=False)",
    "x = torch.tensor([1.0, 2.0])\nx.ldexp_(2)": "TypeError: ldexp_(): argument 'other' (position 1) must be Tensor, not int",
    "result = torch.frexp(torch.tensor([1.0, 2.0, 0.3, -5.0, 0.0, -0.0, 1e-40, float('inf'), float('nan')]))": "(torch.float32 (9,) [0.5, 0.5, 0.6, -0.625, 0.0, -0.0, 0.544449, inf, nan] rg=False, torch.int32 (9,) [1, 2, -1, 3, 0, 0, -132, 0, 0] rg=False)",
    "result = torch.frexp(torch.tensor([1.0, 2.0, 0.3]).half())": "(torch.float16 (3,) [0.5, 0.5, 0.600098] rg=False, torch.int32 (3,) [1, 2, -1] rg=False)",
    "result = torch.frexp(torch.tensor([1.0, 2.0, 0.3]).double())": "(torch.float64 (3,) [0.5, 0.5, 0.6] rg=False, torch.int32 (3,) [1, 2, -1] rg=False)",
    "result = torch.frexp(torch.tensor([1, 2]))": "RuntimeError: torch.frexp() only supports floating-point dtypes",
    "result = torch.frexp(torch.tensor([True]))": "RuntimeError: torch.frexp() only supports floating-point dtypes",
    "result = torch.frexp([1.0])": "TypeError: frexp(): argument 'input' (position 1) must be Tensor, not list",
    "result = repr(torch.frexp(torch.tensor([1.0, 6.0])))": "'torch.return_types.frexp(\\nmantissa=tensor([0.5000, 0.7500]),\\nexponent=tensor([1, 3], dtype=torch.int32))'",
    "m, e = torch.frexp(torch.tensor([1.0, 6.0]))\nresult = (type(m).__name__, m, e, type(torch.frexp(torch.tensor([1.0]))).__name__)": "('Tensor', torch.float32 (2,) [0.5, 0.75] rg=False, torch.int32 (2,) [1, 3] rg=False, 'frexp')",
    "result = torch.frexp(torch.tensor([1.0, 6.0])).exponent": "torch.int32 (2,) [1, 3] rg=False",
    "result = torch.tensor([1.0, 6.0]).frexp()": "(torch.float32 (2,) [0.5, 0.75] rg=False, torch.int32 (2,) [1, 3] rg=False)",
    "result = torch.tensor([1.0, 6.0]).frexp(1)": "TypeError: TensorBase.frexp() takes no arguments (1 given)",
    "result = torch.tensor([[1.0, 6.0], [3.0, 0.1]]).t().frexp().mantissa.stride()": "(1, 2)",
    "x = torch.tensor([1.0, 6.0, 0.3], requires_grad=True)\nm, e = torch.frexp(x)\n(m * torch.tensor([1.0, -2.0, 3.0])).sum().backward()\nresult = (m.grad_fn.name(), e.requires_grad, e.grad_fn, x.grad)": "('FrexpBackward0', False, None, torch.float32 (3,) [0.5, -0.25, 6.0] rg=False)",
    "x = torch.tensor([1.0, 6.0, 0.3], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.frexp(x).mantissa.sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g)": "AttributeError: 'NoneType' object has no attribute 'name'",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.nextafter(torch.tensor([1.0, 2.0, 0.0, -0.0, 0.0, float('inf'), 1.0, float('nan')]), torch.tensor([3.0, 0.0, 1.0, -1.0, -0.0, 0.0, float('nan'), 1.0])))": "[1065353217, 1073741823, 1, 2147483649, 2147483648, 2139095039, -1, -1]",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.nextafter(torch.tensor([1.0, 0.0]).half(), torch.tensor([3.0, 1.0]).half()))": "[15361, 1]",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.nextafter(torch.tensor([1.0, 0.0]).double(), torch.tensor([3.0, 1.0]).double()))": "[4607182418800017409, 1]",
    "result = torch.nextafter(torch.tensor([1.0, 0.0]), torch.tensor([3.0, 1.0]).double())": "torch.float64 (2,) [1.0, 5e-324] rg=False",
    "result = torch.nextafter(torch.tensor([1.0, 0.0]).half(), torch.tensor([3.0, 1.0]))": "torch.float32 (2,) [1.0, 1.4013e-45] rg=False",
    "result = torch.nextafter(torch.tensor([1, 2]), torch.tensor([3, 0]))": "NotImplementedError: \"nextafter_cpu\" not implemented for 'Long'",
    "result = torch.nextafter(torch.tensor([1, 2]), torch.tensor([3.0, 0]))": "torch.float32 (2,) [1.0, 2.0] rg=False",
    "result = torch.nextafter(torch.tensor([1.0]), 2.0)": "TypeError: nextafter(): argument 'other' (position 2) must be Tensor, not float",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.tensor([3.0, 0.0], requires_grad=True)\nz = torch.nextafter(x, y)\n(z * torch.tensor([2.0, -1.0])).sum().backward()\nresult = (z.grad_fn.name(), x.grad, y.grad)": "('NextafterBackward0', torch.float32 (2,) [2.0, -1.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\n(g,) = torch.autograd.grad(torch.nextafter(x, torch.tensor([3.0, 0.0])).sum(), x, create_graph=True)\nresult = (g.grad_fn, g)": "(None, torch.float32 (2,) [1.0, 1.0] rg=False)",
    "x = torch.tensor([1.0, 2.0])\ny = x.nextafter_(torch.tensor([3.0, 0.0]))\nresult = (y is x, x.tolist())": "(True, [1.0000001192092896, 1.9999998807907104])",
    "x = torch.tensor([1.0, 2.0])\nx.nextafter_(torch.tensor([3.0, 0.0]).double())": "None",
    "x = torch.tensor([1.0, 2.0])\nresult = x.nextafter(torch.tensor([3.0, 0.0])).tolist()": "[1.0000001192092896, 1.9999998807907104]",
    "x = torch.tensor([-1.5, 2.0])\ny = torch.abs_(x)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [1.5, 2.0] rg=False, 1)",
    "x = torch.tensor([-1.5, 2.0], requires_grad=True)\ntorch.abs_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([-1.5, 2.0], requires_grad=True)\ny = x * 1\ntorch.abs_(y)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AbsBackward0', torch.float32 (2,) [-1.0, 1.0] rg=False)",
    "x = torch.tensor([-1.5, 2.0])\ny = torch.neg_(x)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [1.5, -2.0] rg=False, 1)",
    "x = torch.tensor([-1.5, 2.0], requires_grad=True)\ntorch.neg_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([-1.5, 2.0], requires_grad=True)\ny = x * 1\ntorch.neg_(y)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('NegBackward0', torch.float32 (2,) [-1.0, -1.0] rg=False)",
    "x = torch.tensor([4.0, 2.0])\ny = torch.sqrt_(x)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [2.0, 1.41421] rg=False, 1)",
    "x = torch.tensor([4.0, 2.0], requires_grad=True)\ntorch.sqrt_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([4.0, 2.0], requires_grad=True)\ny = x * 1\ntorch.sqrt_(y)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('SqrtBackward0', torch.float32 (2,) [0.25, 0.353553] rg=False)",
    "x = torch.tensor([0.0, 1.0])\ny = torch.exp_(x)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [1.0, 2.71828] rg=False, 1)",
    "x = torch.tensor([0.0, 1.0], requires_grad=True)\ntorch.exp_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.0, 1.0], requires_grad=True)\ny = x * 1\ntorch.exp_(y)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('ExpBackward0', torch.float32 (2,) [1.0, 2.71828] rg=False)",
    "x = torch.tensor([0.0, 1.0])\ny = torch.sigmoid_(x)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [0.5, 0.731059] rg=False, 1)",
    "x = torch.tensor([0.0, 1.0], requires_grad=True)\ntorch.sigmoid_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.0, 1.0], requires_grad=True)\ny = x * 1\ntorch.sigmoid_(y)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('SigmoidBackward0', torch.float32 (2,) [0.25, 0.196612] rg=False)",
    "x = torch.tensor([-1.5, 2.5])\ny = torch.floor_(x)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [-2.0, 2.0] rg=False, 1)",
    "x = torch.tensor([-1.5, 2.5], requires_grad=True)\ntorch.floor_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([-1.5, 2.5], requires_grad=True)\ny = x * 1\ntorch.floor_(y)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('FloorBackward0', torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([-1.5, 3.0])\ny = torch.square_(x)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2,) [2.25, 9.0] rg=False, 1)",
    "x = torch.tensor([-1.5, 3.0], requires_grad=True)\ntorch.square_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([-1.5, 3.0], requires_grad=True)\ny = x * 1\ntorch.square_(y)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('PowBackward0', torch.float32 (2,) [-3.0, 6.0] rg=False)",
    "x = torch.tensor([-1.5, 2.0, 5.0])\ny = torch.clamp_(x, min=0, max=3)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.0, 2.0, 3.0] rg=False)",
    "x = torch.tensor([-1.5, 2.0, 5.0])\ny = torch.clamp_(x, -1)\nresult = (y is x, x)": "(True, torch.float32 (3,) [-1.0, 2.0, 5.0] rg=False)",
    "x = torch.tensor([-1.5, 2.0, 5.0], requires_grad=True)\ny = x * 1\ntorch.clamp_(y, max=3.0)\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('ClampBackward1', torch.float32 (3,) [1.0, 1.0, 0.0] rg=False)",
    "x = torch.tensor([1, 2])\ntorch.sqrt_(x)": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 0.5]])\ny = x.cumsum_(1)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2, 3) [[1.0, 3.0, 6.0], [4.0, 9.0, 9.5]] rg=False, 1)",
    "x = torch.tensor([[1.0, 2.0], [4.0, 5.0]])\ny = x.cumsum_(dim=0)\nresult = x": "torch.float32 (2, 2) [[1.0, 2.0], [5.0, 7.0]] rg=False",
    "x = torch.tensor([1, 2, 3], dtype=torch.int32)\nx.cumsum_(0)\nresult = x": "torch.int32 (3,) [1, 3, 6] rg=False",
    "x = torch.tensor([1, 2])\nx.cumsum_(0, dtype=torch.float32)": "RuntimeError: Bad in-place call: input tensor dtype long int and output tensor dtype float should match",
    "x = torch.tensor([1.0, 2.0])\nx.cumsum_(0, dtype=torch.float64)": "RuntimeError: Bad in-place call: input tensor dtype float and output tensor dtype double should match",
    "x = torch.tensor([1.0, 2.0])\nx.cumsum_(0, dtype=torch.float32)\nresult = x": "torch.float32 (2,) [1.0, 3.0] rg=False",
    "x = torch.tensor([1.0, 2.0]).half()\nx.cumsum_(0, dtype=torch.uint8)": "RuntimeError: Bad in-place call: input tensor dtype c10::Half and output tensor dtype unsigned char should match",
    "x = torch.tensor([1.0, 2.0])\nx.cumsum_()": 'TypeError: cumsum_() missing 1 required positional arguments: "dim"',
    "x = torch.tensor([1.0, 2.0])\nx.cumsum_('a')": "TypeError: cumsum_(): argument 'dim' (position 1) must be int, not str",
    "x = torch.tensor([1.0, 2.0])\nx.cumsum_(2)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 2)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.cumsum_(0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * 1\ny.cumsum_(0)\n(y * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('CumsumBackward0', torch.float32 (3,) [1.0, 3.0, 6.0] rg=True, torch.float32 (3,) [-0.5, -1.5, 0.5] rg=False)",
    "x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)\ny = x * 1\ny.cumsum_(0)\n(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g)": "AttributeError: 'NoneType' object has no attribute 'name'",
    "x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 0.5]])\ny = x.cumprod_(1)\nresult = (y is x, x, x._version)": "(True, torch.float32 (2, 3) [[1.0, 2.0, 6.0], [4.0, 20.0, 10.0]] rg=False, 1)",
    "x = torch.tensor([[1.0, 2.0], [4.0, 5.0]])\ny = x.cumprod_(dim=0)\nresult = x": "torch.float32 (2, 2) [[1.0, 2.0], [4.0, 10.0]] rg=False",
    "x = torch.tensor([1, 2, 3], dtype=torch.int32)\nx.cumprod_(0)\nresult = x": "torch.int32 (3,) [1, 2, 6] rg=False",
    "x = torch.tensor([1, 2])\nx.cumprod_(0, dtype=torch.float32)": "RuntimeError: Bad in-place call: input tensor dtype long int and output tensor dtype float should match",
    "x = torch.tensor([1.0, 2.0])\nx.cumprod_(0, dtype=torch.float64)": "RuntimeError: Bad in-place call: input tensor dtype float and output tensor dtype double should match",
    "x = torch.tensor([1.0, 2.0])\nx.cumprod_(0, dtype=torch.float32)\nresult = x": "torch.float32 (2,) [1.0, 2.0] rg=False",
    "x = torch.tensor([1.0, 2.0]).half()\nx.cumprod_(0, dtype=torch.uint8)": "RuntimeError: Bad in-place call: input tensor dtype c10::Half and output tensor dtype unsigned char should match",
    "x = torch.tensor([1.0, 2.0])\nx.cumprod_()": 'TypeError: cumprod_() missing 1 required positional arguments: "dim"',
    "x = torch.tensor([1.0, 2.0])\nx.cumprod_('a')": "TypeError: cumprod_(): argument 'dim' (position 1) must be int, not str",
    "x = torch.tensor([1.0, 2.0])\nx.cumprod_(2)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 2)",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.cumprod_(0)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * 1\ny.cumprod_(0)\n(y * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (y.grad_fn.name(), y, x.grad)": "('CumprodBackward0', torch.float32 (3,) [1.0, 2.0, 6.0] rg=True, torch.float32 (3,) [0.0, -0.5, 1.0] rg=False)",
    "x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)\ny = x * 1\ny.cumprod_(0)\n(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('MulBackward0', torch.float64 (3,) [9.0, 4.0, 2.0] rg=True)",
    "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * 1\ny.cumprod_(0)\ny.mul_(2)\ny.sum().backward()\nresult = x.grad": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of Cumprod, is at version 2; expected version 1 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * 1\nz = y.cumprod_(0) * 1\ny.add_(1)\nz.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of Cumprod, is at version 2; expected version 1 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "result = torch.gt(2, torch.tensor([1, 3]))": "TypeError: gt() received an invalid combination of arguments - got (int, Tensor), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.eq(2.5, torch.tensor([1, 3]))": "TypeError: eq() received an invalid combination of arguments - got (float, Tensor), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.less(2, torch.tensor([1, 3]))": "TypeError: less() received an invalid combination of arguments - got (int, Tensor), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n",
    "result = torch.ldexp(torch.tensor(2.0), torch.tensor([1, 2]))": "torch.float32 (2,) [4.0, 8.0] rg=False | warns: An output with one or more elements was resized since it had",
    "result = torch.ldexp(torch.tensor([2.0, 3.0]), torch.tensor([[1], [2]]))": "torch.float32 (2, 2) [[4.0, 6.0], [8.0, 12.0]] rg=False | warns: An output with one or more elements was resized since it had",
    "result = torch.ldexp(torch.tensor(2.0), torch.tensor([1.0, 2.0]))": "torch.float32 (2,) [4.0, 8.0] rg=False",
    "result = torch.ldexp(torch.tensor(2), torch.tensor([1, 2]))": "torch.float32 (2,) [4.0, 8.0] rg=False",
    "result = torch.ldexp(torch.tensor([2.0]), torch.tensor([True, False]))": "NotImplementedError: \"ldexp_cpu_exp\" not implemented for 'Bool' | warns: An output with one or more elements was resized since it had",
    "result = torch.ldexp(torch.tensor([True]), torch.tensor([True, False]))": "torch.float32 (2,) [2.0, 1.0] rg=False",
    "result = torch.lcm(torch.tensor([9, -9], dtype=torch.int8), torch.tensor([16, 16], dtype=torch.int8))": "torch.int8 (2,) [-112, -112] rg=False",
    "result = torch.lcm(torch.tensor([9], dtype=torch.int16), torch.tensor([3641], dtype=torch.int16))": "torch.int16 (1,) [-32767] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.nextafter(torch.tensor([0.0, -0.0, 1.0]).half(), torch.tensor([-0.0, 0.0, 1.0]).half()))": "[32768, 0, 15360]",
    "x = torch.tensor([True, False])\nx.bitwise_and_(torch.tensor([1.0, 0.0]).half())": "RuntimeError: result type Half can't be cast to the desired output type Bool",
    "x = torch.tensor([True, False])\nx.gcd_(2)": "TypeError: gcd_(): argument 'other' (position 1) must be Tensor, not int",
    "x = torch.tensor([True, False])\nx.gcd_(torch.tensor([1, 2]))": "RuntimeError: result type Long can't be cast to the desired output type Bool",
    "result = torch.abs_([1.0])": "TypeError: abs_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.clamp_(torch.tensor([1.0]))": "RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None",
    "result = torch.sqrt_(torch.tensor([4.0]), 1)": "TypeError: sqrt_() takes 1 positional argument but 2 were given",
    "result = torch.neg_(torch.tensor([True]))": "RuntimeError: Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.",
    "result = torch.square_(torch.tensor([2]))": "torch.int64 (1,) [4] rg=False",
    "result = torch.exp_(torch.tensor([1]))": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.sigmoid_(torch.tensor([0.0]).half())": "torch.float16 (1,) [0.5] rg=False",
    "result = torch.floor_(torch.tensor([1, 2]))": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.logit(torch.tensor([0.3]), eps=None)": "torch.float32 (1,) [-0.847298] rg=False",
    "result = torch.logit(input=torch.tensor([0.3]))": "torch.float32 (1,) [-0.847298] rg=False",
    "result = torch.logit(torch.tensor([0.3]), eps=True)": "torch.float32 (1,) [inf] rg=False",
    "result = torch.tensor([[1.0, 2.0]]).nansum(dim=0, keepdim=True)": "torch.float32 (1, 2) [[1.0, 2.0]] rg=False",
    "result = torch.nansum(torch.tensor([[1.0, 2.0]]), dim=(0, 1), keepdim=True, dtype=torch.float16)": "torch.float16 (1, 1) [[3.0]] rg=False",
    "result = torch.nansum(torch.tensor([[1.0, 2.0]]), keepdim=True)": "torch.float32 (1, 1) [[3.0]] rg=False",
    "result = torch.nansum(torch.tensor([1.0]), 0, 1)": "TypeError: nansum(): argument 'keepdim' (position 3) must be bool, not int",
    "result = torch.addcdiv(torch.tensor([1.0]), tensor1=torch.tensor([1.0]), tensor2=torch.tensor([2.0]), value=3)": "torch.float32 (1,) [2.5] rg=False",
    "result = torch.tensor([1.0]).addcdiv(torch.tensor([1.0]), torch.tensor([2.0]), 3)": "TypeError: addcdiv() takes 2 positional arguments but 3 were given",
    "result = torch.gcd(input=torch.tensor([4]), other=torch.tensor([6]))": "torch.int64 (1,) [2] rg=False",
    "result = torch.gcd(torch.tensor([4]))": 'TypeError: gcd() missing 1 required positional arguments: "other"',
    "result = torch.ldexp(torch.tensor([4.0]), other=torch.tensor([1]))": "torch.float32 (1,) [8.0] rg=False",
    "result = torch.nextafter(torch.tensor([4.0]))": 'TypeError: nextafter() missing 1 required positional arguments: "other"',
    "result = torch.frexp(torch.tensor([4.0]), 1)": "TypeError: frexp() takes 1 positional argument but 2 were given",
    "result = torch.frexp(input=torch.tensor([4.0]))": "(torch.float32 (1,) [0.5] rg=False, torch.int32 (1,) [3] rg=False)",
    "result = torch.greater(torch.tensor([4.0]), other=3)": "torch.bool (1,) [True] rg=False",
    "result = torch.greater(input=torch.tensor([4.0]), other=3)": "torch.bool (1,) [True] rg=False",
    "result = torch.tensor([4.0]).greater(other=3)": "torch.bool (1,) [True] rg=False",
    "result = torch.bitwise_and(torch.tensor([4]), other=3)": "torch.int64 (1,) [0] rg=False",
    "result = torch.bitwise_left_shift(input=torch.tensor([4]), other=1)": "torch.int64 (1,) [8] rg=False",
    "result = torch.bitwise_not(torch.tensor([4]), 1)": "TypeError: bitwise_not() takes 1 positional argument but 2 were given",
    "result = torch.ceil(input=torch.tensor([4.5]))": "torch.float32 (1,) [5.0] rg=False",
    "result = torch.ceil(torch.tensor([4.5]), 1)": "TypeError: ceil() takes 1 positional argument but 2 were given",
    "result = torch.positive(torch.tensor([4.5]), 1)": "TypeError: positive() takes 1 positional argument but 2 were given",
    "result = torch.absolute(input=torch.tensor([-4.5]))": "torch.float32 (1,) [4.5] rg=False",
    "result = torch.ceil_(torch.tensor([4.5]))": "torch.float32 (1,) [5.0] rg=False",
    "result = torch.tensor([1.0]).cumsum_(dim=0)": "torch.float32 (1,) [1.0] rg=False",
    "result = torch.tensor([1.0]).cumsum_(0, torch.float32)": "TypeError: cumsum_() takes 1 positional argument but 2 were given",
    "result = torch.tensor([[1.0]]).cumprod_(dim=-1, dtype=None)": "torch.float32 (1, 1) [[1.0]] rg=False",
    "result = torch.tensor([1.0]).ceil_()": "torch.float32 (1,) [1.0] rg=False",
    "result = torch.tensor([4]).lcm(torch.tensor([6]))": "torch.int64 (1,) [12] rg=False",
    "result = torch.tensor([1, 2]).logical_and_(torch.tensor([1.5, 0]))": "torch.int64 (2,) [1, 0] rg=False",
    "result = torch.tensor([1.0, 0.0]).logical_or_(1)": "TypeError: logical_or_(): argument 'other' (position 1) must be Tensor, not int",
    "base = torch.tensor([0.2, 0.4, 0.6], requires_grad=True)\nx = base * 1\nv = x[1:]\nv.logit_()\nx.sum().backward()\nresult = (x.grad_fn.name(), v.grad_fn.name(), base.grad)": "('torch::autograd::CopySlices', 'AsStridedBackward0', torch.float32 (3,) [1.0, 4.16667, 4.16667] rg=False)",
    "base = torch.tensor([0.2, 0.4, 0.6], requires_grad=True)\nx = base * 1\nv = x[1:]\nv.gt_(0.5)\nx.sum().backward()\nresult = (x.grad_fn.name(), v.grad_fn.name(), base.grad)": "('torch::autograd::CopySlices', 'AsStridedBackward0', torch.float32 (3,) [1.0, 0.0, 0.0] rg=False)",
    "base = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nx = base * 1\nv = x[1:]\nv.cumsum_(0)\nx.sum().backward()\nresult = (x.grad_fn.name(), base.grad)": "('torch::autograd::CopySlices', torch.float32 (3,) [1.0, 2.0, 1.0] rg=False)",
    "x = torch.tensor([0.2, 0.4], requires_grad=True)\ny = x * 1\nz = torch.logit(y)\ny.mul_(2)\nz.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ne = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.ldexp(x, e)\ny.mul_(2)\ny.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Ldexp, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.ldexp(x, torch.tensor([1, 2]))\ny.mul_(2)\ny.sum().backward()\nresult = x.grad": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Ldexp, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 1\nm, e = torch.frexp(y)\ne.add_(1)\nm.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.IntTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nm, e = torch.frexp(x)\nresult = (e._version, m.requires_grad, e.requires_grad, m.is_leaf)": "(0, True, False, False)",
    "x = torch.tensor([[1.0, float('nan')]], requires_grad=True)\ny = x * 1\nz = y.nansum()\ny.mul_(2)\nz.backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [1, 2]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([1.0, 2.0])\nv = x.view(2, 1)\nx.ceil_()\nresult = (x._version, v._version)": "(1, 1)",
    "x = torch.tensor([1.0, 2.0])\nx.logical_not_()\nx.gt_(0)\nx.addcdiv_(x, torch.ones(2))\nresult = (x, x._version)": "(torch.float32 (2,) [0.0, 0.0] rg=False, 3)",
    "x = torch.tensor([1.0, 2.0])\nwith torch.no_grad():\n    y = torch.tensor([1.0], requires_grad=True)\n    y.ceil_()\nresult = y": "torch.float32 (1,) [1.0] rg=True",
    "x = torch.tensor([0.3], requires_grad=True)\nwith torch.no_grad():\n    x.logit_()\nresult = x": "torch.float32 (1,) [-0.847298] rg=True",
    "x = torch.ones(3).expand(2, 3)\nx.ceil_()": "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    "x = torch.ones(3).expand(2, 3)\nx.gt_(0)": "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    "x = torch.ones(3).expand(2, 3)\nx.logical_not_()": "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    "x = torch.ones(3).expand(2, 3)\nx.cumsum_(1)": "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    "with torch.inference_mode():\n    x = torch.tensor([1.5])\nx.ceil_()": "RuntimeError: Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.",
    "x = torch.tensor([2.0, 3.0], requires_grad=True)\ny = x * 1\ny.ceil_()\n(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)\nresult = (g, g.grad_fn)": "(torch.float32 (2,) [0.0, 0.0] rg=False, None)",
    "x = torch.tensor([0.3, 0.6], dtype=torch.float64, requires_grad=True)\ny = torch.logit(x)\n(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)\n(h,) = torch.autograd.grad(g.sum(), x, create_graph=True)\nresult = (h, h.grad_fn.name())": "(torch.float64 (2,) [-9.07029, 3.47222] rg=True, 'AddBackward0')",
    "a = torch.tensor([1.0], requires_grad=True)\nb = torch.tensor([2.0], requires_grad=True)\nc = torch.tensor([3.0], requires_grad=True)\ny = torch.addcdiv(a, b, c)\nresult = [n[0].name() for n in y.grad_fn.next_functions]": "['torch::autograd::AccumulateGrad', 'torch::autograd::AccumulateGrad', 'torch::autograd::AccumulateGrad']",
    "a = torch.tensor([1.0])\nb = torch.tensor([2.0], requires_grad=True)\nc = torch.tensor([3.0])\ny = torch.addcdiv(a, b, c)\nresult = [n[0] for n in y.grad_fn.next_functions]": "[None, <AccumulateGrad object at 0x>, None]",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = torch.nansum(x)\nresult = (y.grad_fn.next_functions, y.requires_grad)": "(((<AccumulateGrad object at 0x>, 0)), True)",
    "x = torch.tensor([1, 2])\ny = torch.nansum(x)\nresult = y.requires_grad": "False",
    "print_ = lambda t: str(t)\nx = torch.tensor([1.0, 6.0], requires_grad=True)\nresult = print_(torch.frexp(x))": "'torch.return_types.frexp(\\nmantissa=tensor([0.5000, 0.7500], grad_fn=<FrexpBackward0>),\\nexponent=tensor([1, 3], dtype=torch.int32))'",
    "result = str(torch.frexp(torch.tensor([]))) ": "'torch.return_types.frexp(\\nmantissa=tensor([]),\\nexponent=tensor([], dtype=torch.int32))'",
    "result = torch.ceil(torch.tensor([])).shape": "(0)",
    "result = torch.gcd(torch.tensor([], dtype=torch.int64), torch.tensor([3]))": "torch.int64 (0,) [] rg=False",
    "result = torch.nansum(torch.tensor([]))": "torch.float32 () 0.0 rg=False",
    "result = torch.nansum(torch.zeros(0, 3), 0)": "torch.float32 (3,) [0.0, 0.0, 0.0] rg=False",
    "result = torch.logit(torch.tensor(0.5, dtype=torch.float64))": "torch.float64 () 0.0 rg=False",
    "result = torch.addcdiv(torch.tensor(1.0), torch.tensor(1.0), torch.tensor(3.0)).shape": "()",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_misc_pointwise_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_misc_pointwise_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


# --- torch-marked differentials -------------------------------------------------------------
def _bits(a: np.ndarray) -> np.ndarray:
    return np.where(np.isnan(a), -1, a.view(f"u{a.itemsize}").astype(np.int64))


def _layouts(rng: np.random.Generator, low: float, high: float) -> list[np.ndarray]:
    """Random arrays of 1 or 2 dims up to 39 (contiguous, transposed, sliced) and a 0-d one."""
    arrays = []
    for _ in range(60):
        shape = tuple(int(n) for n in rng.integers(1, 40, rng.integers(1, 3)))
        a = rng.uniform(low, high, shape)
        layout = rng.integers(0, 3)
        if layout == 1:
            a = a.T
        elif layout == 2:
            a = a[..., ::2]
        arrays.append(a)
    arrays.append(np.array(rng.uniform(low, high)))
    return arrays


def _calls(name: str, rng: np.random.Generator, a: np.ndarray) -> tuple:
    """The operands of ``name`` beside ``a`` (the same shape, or broadcasting rows)."""
    if name == "addcdiv":
        divisor = rng.uniform(0.1, 10, a.shape[-1:]) * rng.choice([-1, 1], a.shape[-1:])
        return (rng.uniform(-10, 10, a.shape).astype(a.dtype), divisor.astype(a.dtype))
    if name == "ldexp":
        return (rng.integers(-30, 30, a.shape),)
    if name == "ldexp_float":
        return (rng.uniform(-20, 20, a.shape).astype(a.dtype),)
    if name == "nextafter":
        return (rng.uniform(-4, 4, a.shape).astype(a.dtype),)
    return ()


def _call(module: ModuleType, name: str, arrays: tuple) -> np.ndarray:
    tensors = [module.from_numpy(np.asarray(a)) for a in arrays]
    if name == "addcdiv":
        return module.addcdiv(*tensors, value=0.37).numpy()
    if name == "logit_eps":
        return module.logit(tensors[0], 0.05).numpy()
    if name == "ldexp_float":
        return module.ldexp(*tensors).numpy()
    if name in ("frexp", "frexp_exponent"):
        return module.frexp(tensors[0])[name == "frexp_exponent"].numpy()
    return getattr(module, name)(*tensors).numpy()


# float32 logit is torch.log of the float32 quotient (log's own last-place differences, see
# docs/engine-internals.md); float ldexp exponents go through pow(2.0, e) (pow's)
RATES = {
    ("logit", "float32"): 0.1,
    ("logit_eps", "float32"): 0.1,
    ("logit", "float64"): 0.003,
    ("logit_eps", "float64"): 0.003,
    ("ldexp_float", "float32"): 0.03,
    ("ldexp_float", "float64"): 0.03,
}
RANGES = {"logit": (-0.1, 1.1), "logit_eps": (-0.1, 1.1), "ceil": (-100, 100)}
VALUES = "ceil logit logit_eps addcdiv ldexp ldexp_float nextafter frexp frexp_exponent".split()


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
@pytest.mark.parametrize("name", VALUES)
def test_values_as_torch(name: str, dtype: str, real_torch: ModuleType) -> None:
    rng = np.random.default_rng(sum(map(ord, name + dtype)))
    differing = total = 0
    for a in _layouts(rng, *RANGES.get(name, (-40, 40))):
        a = np.asarray(a.astype(dtype))
        arrays = (a, *_calls(name, rng, a))
        with np.errstate(all="ignore"):
            expected = _call(real_torch, name, arrays)
            got = _call(engine, name, arrays)
        assert got.dtype == expected.dtype and got.shape == expected.shape
        assert got.strides == expected.strides or got.size <= 1
        differing += int((_bits(got) != _bits(expected)).sum())
        total += expected.size
    assert differing <= RATES.get((name, dtype), 0) * total


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_logit_is_torchs_log_of_the_quotient(dtype: str, real_torch: ModuleType) -> None:
    """What is left of logit's differences is torch.log's: torch's logit is exactly the log
    of ``x / (1 - x)`` in the dtype, and so is the engine's."""
    rng = np.random.default_rng(3)
    x = rng.uniform(0, 1, 20000).astype(dtype)
    quotient = x / (x.dtype.type(1) - x)
    for module in (real_torch, engine):
        logit = module.logit(module.from_numpy(x)).numpy()
        log = module.log(module.from_numpy(quotient)).numpy()
        np.testing.assert_array_equal(_bits(logit), _bits(log))


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_nansum_is_torchs_sum(dtype: str, real_torch: ModuleType) -> None:
    """nansum is sum with the nans zeroed, in sum's order: full sums of dense tensors are
    torch's bits; sums along a dim keep sum's known order difference."""
    rng = np.random.default_rng(4)
    for _ in range(100):
        shape = tuple(int(n) for n in rng.integers(1, 60, rng.integers(1, 3)))
        a = rng.uniform(-5, 5, shape).astype(dtype)
        a[rng.random(shape) < 0.2] = np.nan
        a = a.T if rng.random() < 0.3 else a
        results = [module.nansum(module.from_numpy(a)).item() for module in (real_torch, engine)]
        assert results[1] == results[0]
        along = [module.nansum(module.from_numpy(a), -1).numpy() for module in (real_torch, engine)]
        tolerance = 1e-5 if dtype == "float32" else 1e-13
        np.testing.assert_allclose(along[1], along[0], rtol=tolerance, atol=tolerance)
        zeroed = engine.from_numpy(np.where(np.isnan(a), 0, a).astype(dtype, order="K"))
        np.testing.assert_array_equal(along[1], engine.sum(zeroed, -1).numpy())


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", ["logit", "logit_eps", "addcdiv", "ldexp", "frexp", "nextafter"])
def test_gradients_as_torch(name: str, dtype: str, real_torch: ModuleType) -> None:
    rng = np.random.default_rng(7)
    a = rng.uniform(-0.2, 1.2, (5, 41)).astype(dtype)
    b = rng.uniform(-3, 3, (5, 41)).astype(dtype)
    # (one shape for all: a broadcast operand's gradient is summed along a dim, where the
    # engine's order is not torch's, see docs/engine-internals.md)
    c = (rng.uniform(0.5, 3, (5, 41)) * rng.choice([-1, 1], (5, 41))).astype(dtype)
    weights = rng.standard_normal((5, 41)).astype(dtype)
    results = []
    for module in (real_torch, engine):
        leaves = [module.tensor(v, requires_grad=True) for v in (a, b, c)]
        x, y, z = leaves
        if name == "logit":
            result, used = module.logit(x), [x]
        elif name == "logit_eps":
            result, used = module.logit(x, eps=0.1), [x]
        elif name == "addcdiv":
            result, used = module.addcdiv(x, y, z, value=0.3), leaves
        elif name == "ldexp":
            result, used = module.ldexp(x, y), [x, y]
        elif name == "frexp":
            result, used = module.frexp(y).mantissa, [y]
        else:
            result, used = module.nextafter(x, y), [x, y]
        (result * module.tensor(weights)).sum().backward()
        results.append((result.grad_fn.name(), [_bits(v.grad.numpy()) for v in used]))
    (expected_name, expected), (got_name, got) = results
    assert got_name == expected_name
    for got_grad, expected_grad in zip(got, expected, strict=True):
        if name == "ldexp":  # (pow(2.0, e)'s last-place differences, as the values')
            np.testing.assert_allclose(got_grad, expected_grad, rtol=1e-6)
        else:
            np.testing.assert_array_equal(got_grad, expected_grad)


# --- dtypes: every pairing of dtypes and operand kinds, as torch promotes and refuses -------
DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64")
UNARY = "ceil logit nansum absolute positive frexp bitwise_not".split()
INPLACE = "ceil_ logit_ absolute_ logical_not_ bitwise_not_".split()
BINARY = (
    "greater greater_equal less less_equal not_equal bitwise_and bitwise_or bitwise_xor "
    "bitwise_left_shift bitwise_right_shift gcd lcm ldexp nextafter"
).split()
BINARY_INPLACE = (
    "gt_ ge_ lt_ le_ eq_ ne_ greater_ less_equal_ not_equal_ logical_and_ logical_or_ "
    "bitwise_and_ bitwise_or_ bitwise_xor_ bitwise_left_shift_ bitwise_right_shift_ gcd_ lcm_ "
    "ldexp_ nextafter_"
).split()


def _operands() -> list[str]:
    tensors = [f"torch.tensor([1, 0, 3], dtype=torch.{d})" for d in DTYPES]
    zero_dim = [f"torch.tensor(2, dtype=torch.{d})" for d in DTYPES]
    return [*tensors, *zero_dim, "2", "-1.5", "True"]


@pytest.mark.torch
@pytest.mark.parametrize("name", UNARY + INPLACE)
def test_unary_dtypes_as_torch(name: str, real_torch: ModuleType) -> None:
    for d in DTYPES:
        if name.endswith("_"):
            code = f"x = torch.tensor([1, 0, 3], dtype=torch.{d})\nresult = (x.{name}(), x)"
        else:
            code = f"result = torch.{name}(torch.tensor([1, 0, 3], dtype=torch.{d}))"
        assert outcome(engine, code) == outcome(real_torch, code), code


@pytest.mark.torch
@pytest.mark.parametrize("name", BINARY)
def test_binary_dtypes_as_torch(name: str, real_torch: ModuleType) -> None:
    for a in _operands():
        for b in _operands():
            if a.startswith("torch") or b.startswith("torch"):
                code = f"result = torch.{name}({a}, {b})"
                assert outcome(engine, code) == outcome(real_torch, code), code


@pytest.mark.torch
@pytest.mark.parametrize("name", BINARY_INPLACE)
def test_binary_inplace_dtypes_as_torch(name: str, real_torch: ModuleType) -> None:
    for d in DTYPES:
        for b in _operands():
            code = f"x = torch.tensor([1, 0, 3], dtype=torch.{d})\nresult = (x.{name}({b}), x)"
            assert outcome(engine, code) == outcome(real_torch, code), code


@pytest.mark.torch
def test_addcdiv_dtypes_as_torch(real_torch: ModuleType) -> None:
    for first in DTYPES:
        for second in DTYPES:
            for third in ("int64", "float32", second):
                code = (
                    f"result = torch.addcdiv(torch.tensor([1, 0, 3], dtype=torch.{first}), "
                    f"torch.tensor([2, 2, 2], dtype=torch.{second}), "
                    f"torch.tensor([2, 1, 3], dtype=torch.{third}), value=0.5)"
                )
                assert outcome(engine, code) == outcome(real_torch, code), code


# --- hypothesis: any values (nan, inf, signed zeros, subnormals, integer extremes) ---------
_SHAPES = st.lists(st.integers(1, 5), min_size=0, max_size=3).map(tuple)
EXACT = "ceil addcdiv nextafter frexp ldexp".split()
INTEGER = (
    "gcd lcm bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift".split()
)


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
@pytest.mark.parametrize("name", EXACT)
@settings(deadline=None)
@given(shape=_SHAPES, data=st.data())
def test_exact_ops_any_values_as_torch(
    name: str, dtype: str, shape: tuple, data: st.DataObject, real_torch: ModuleType
) -> None:
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    width = {"float16": 16, "float32": 32, "float64": 64}[dtype]
    elements = st.floats(width=width, allow_nan=True)
    arrays = []
    for array_shape in (shape, data.draw(hnp.broadcastable_shapes(shape, max_dims=3))):
        values = rng.standard_normal(array_shape) * 10.0 ** rng.uniform(-4, 4, array_shape)
        drawn = data.draw(hnp.arrays(dtype, array_shape, elements=elements))
        with np.errstate(all="ignore"):
            values = values.astype(dtype)
        arrays.append(np.where(rng.random(array_shape) < 0.3, drawn, values).astype(dtype))
    a, b = arrays
    exponents = data.draw(hnp.arrays(np.int32, a.shape, elements=st.integers(-200, 200)))
    outcomes = []
    for module in (real_torch, engine):
        x, y = module.from_numpy(a.copy()), module.from_numpy(b.copy())
        try:
            with np.errstate(all="ignore"):
                if name == "ceil":
                    results = [module.ceil(x)]
                elif name == "addcdiv":
                    results = [module.addcdiv(x, y, x * 0.5 + 1, value=-0.7)]
                elif name == "frexp":
                    results = list(module.frexp(x))
                elif name == "ldexp":
                    results = [module.ldexp(x, module.from_numpy(exponents))]
                else:
                    results = [module.nextafter(x, y)]
            outcomes.append([(str(r.dtype), _bits(np.asarray(r.numpy()))) for r in results])
        except Exception as failure:  # noqa: BLE001 - the outcome is the exception
            outcomes.append((type(failure).__name__, str(failure)))
    expected, got = outcomes
    if isinstance(expected, tuple):
        assert got == expected
    else:
        for (got_dtype, got_bits), (expected_dtype, expected_bits) in zip(
            got, expected, strict=True
        ):
            assert got_dtype == expected_dtype
            np.testing.assert_array_equal(got_bits, expected_bits)


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "int32", "int64"])
@pytest.mark.parametrize("name", INTEGER)
@settings(deadline=None)
@given(shape=_SHAPES, data=st.data())
def test_integer_ops_any_values_as_torch(
    name: str, dtype: str, shape: tuple, data: st.DataObject, real_torch: ModuleType
) -> None:
    info = np.iinfo(dtype)
    # (not the most negative value for gcd / lcm: torch's kernels divide it by -1, a SIGFPE
    # that kills the process)
    lowest = int(info.min) + (info.min < 0 and name in ("gcd", "lcm"))
    a = data.draw(hnp.arrays(dtype, shape, elements=st.integers(lowest, int(info.max))))
    other_shape = data.draw(hnp.broadcastable_shapes(shape, max_dims=3))
    high = info.bits - 1 if name.endswith("shift") else int(info.max)
    low = 0 if name.endswith("shift") else lowest
    b = data.draw(hnp.arrays(dtype, other_shape, elements=st.integers(low, high)))
    outcomes = []
    for module in (real_torch, engine):
        try:
            result = getattr(module, name)(module.from_numpy(a.copy()), module.from_numpy(b.copy()))
            outcomes.append((str(result.dtype), result.numpy().tolist()))
        except Exception as failure:  # noqa: BLE001 - the outcome is the exception
            outcomes.append((type(failure).__name__, str(failure)))
    assert outcomes[1] == outcomes[0]


def test_the_stand_ins_read_as_the_loaded_ops() -> None:
    """The torch functions and Tensor methods of ops/misc_pointwise.py are stand-ins until
    its first call (ops/deferred.py): each shows the loaded op's module and name."""
    from gradekit.engine.ops import methods, misc_pointwise

    for name in methods._MISC_POINTWISE_METHODS:
        stand_in, loaded = methods.METHODS[name], misc_pointwise.METHODS[name]
        assert (stand_in.__module__, stand_in.__qualname__) == (
            loaded.__module__,
            loaded.__qualname__,
        )
    for name in dir(engine):
        stand_in = getattr(engine, name)
        if getattr(stand_in, "__module__", None) == misc_pointwise.__name__:
            loaded = (
                getattr(misc_pointwise, name, None) or misc_pointwise.comparison_functions[name]
            )
            assert stand_in.__qualname__ == loaded.__qualname__ == name
