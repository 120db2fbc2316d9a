# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""tan, asin, acos, atan, sinh, cosh, asinh, acosh, atanh and the aliases arcsin … arctanh
(``ops/trigonometric.py``): values (bits of edge values: float32, float16; float64 values),
dtypes of int and bool inputs, layouts of transposed and expanded inputs, errors, grad_fn
names (an alias records its op's), gradients' bits, double backward, the in-place methods
and ``torch.<name>_`` functions (``asinh_``/``acosh_``/``atanh_`` record torch's
not-implemented ``…Backward1``).  The goldens were captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin checks they are still torch's, and the
torch-marked differentials compare values (at most the measured rates of
docs/engine-internals.md differ) and gradients over random shapes and layouts."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from test_audit_elementwise import DTYPES, _bits, _layout, _layouts

import gradekit.engine as engine

GOLDENS = {
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.tan(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 1.25, -1.25, 1.5707964, 88.0, 100.0, float('inf'), -float('inf'), float('nan')])))": "[0, 2147483648, 228737632, 3205225083, 1057741435, 3217512739, 1070029091, 1077976266, 3225459914, 3417213514, 1024529686, 3205911463, -1, -1, -1]",
    "result = torch.tan(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 1.25, -1.25, 1.5707964, 88.0, 100.0, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (15,) [0.0, -0.0, 1e-30, -0.546302, 0.546302, -1.55741, 1.55741, 3.00957, -3.00957, -22877300.0, 0.0354205, -0.587214, nan, nan, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.tan(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 1.25, -1.25, 1.5707964, 88.0, 100.0, float('inf'), -float('inf'), float('nan')]).half()))": "[0, 32768, 0, 47199, 14431, 48699, 15931, 16901, 49669, 26633, 10377, 47283, -1, -1, -1]",
    "result = torch.tan(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [0.0, 1.55741, 0.142547, 0.871448] rg=False",
    "result = torch.tan(torch.tensor([True, False]))": "torch.float32 (2,) [1.55741, 0.0] rg=False",
    "result = torch.tan(torch.tensor(0.75))": "torch.float32 () 0.931596 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().tan().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).tan().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -1.25, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.tan(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('MulBackward0', torch.float64 (3,) [1.0652, 10.0575, 1.86787] rg=True, torch.float64 (3,) [0.54398, -60.5376, 3.48021] rg=False)",
    "result = torch.tan(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.tan([1.0])": "TypeError: tan(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).tan(1)": "TypeError: TensorBase.tan() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).tan_(dim=1)": "TypeError: TensorBase.tan_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).tan_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.tan_([1.0])": "TypeError: tan_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tan_(torch.tensor([1.0]), 1)": "TypeError: tan_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -1.25, 0.75])\ny = x.tan_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.255342, -3.00957, 0.931596] rg=False)",
    "x = torch.tensor([0.25, -1.25, 0.75])\ny = torch.tan_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.255342, -3.00957, 0.931596] rg=False)",
    "x = torch.tensor([0.25, -1.25, 0.75], requires_grad=True)\nx.tan_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -1.25, 0.75], requires_grad=True)\ntorch.tan_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -1.25, 0.75], requires_grad=True)\nr = torch.tan(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('TanBackward0', torch.float32 (3,) [0.255342, -3.00957, 0.931596] rg=True, [1065900149, 3248548751, 1064244846])",
    "x = torch.tensor([0.25, -1.25, 0.75], requires_grad=True)\ny = x * 1\ny.tan_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('TanBackward0', torch.float32 (3,) [1.0652, 10.0575, 1.86787] rg=False)",
    "x = torch.tensor([0.25, -1.25, 0.75], requires_grad=True)\nr = x.tan()\nresult = (r.grad_fn.name(), r)": "('TanBackward0', torch.float32 (3,) [0.255342, -3.00957, 0.931596] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.asin(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.99, -0.99, 1.0000001, 2.0, -2.0, float('inf'), -float('inf'), float('nan')])))": "[0, 2147483648, 228737632, 3204844178, 1057360530, 3217625051, 1070141403, 1068954084, 3216437732, -1, -1, -1, -1, -1, -1]",
    "result = torch.asin(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.99, -0.99, 1.0000001, 2.0, -2.0, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (15,) [0.0, -0.0, 1e-30, -0.523599, 0.523599, -1.5708, 1.5708, 1.42926, -1.42926, nan, nan, nan, nan, nan, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.asin(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.99, -0.99, 1.0000001, 2.0, -2.0, float('inf'), -float('inf'), float('nan')]).half()))": "[0, 32768, 0, 47152, 14384, 48712, 15944, 15801, 48569, 15944, -1, -1, -1, -1, -1]",
    "result = torch.asin(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [0.0, 1.5708, nan, nan] rg=False",
    "result = torch.asin(torch.tensor([True, False]))": "torch.float32 (2,) [1.5708, 0.0] rg=False",
    "result = torch.asin(torch.tensor(0.75))": "torch.float32 () 0.848062 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().asin().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).asin().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -0.5, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.asin(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('MulBackward0', torch.float64 (3,) [1.0328, 1.1547, 1.51186] rg=True, torch.float64 (3,) [0.275412, -0.7698, 2.59176] rg=False)",
    "result = torch.asin(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.asin([1.0])": "TypeError: asin(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).asin(1)": "TypeError: TensorBase.asin() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).asin_(dim=1)": "TypeError: TensorBase.asin_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).asin_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.asin_([1.0])": "TypeError: asin_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.asin_(torch.tensor([1.0]), 1)": "TypeError: asin_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = x.asin_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = torch.asin_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nx.asin_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ntorch.asin_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = torch.asin(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AsinBackward0', torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=True, [1065628325, 3222523194, 1061258384])",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ny = x * 1\ny.asin_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AsinBackward0', torch.float32 (3,) [1.0328, 1.1547, 1.51186] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = x.asin()\nresult = (r.grad_fn.name(), r)": "('AsinBackward0', torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.acos(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.99, -0.99, 1.0000001, 2.0, -2.0, float('inf'), -float('inf'), float('nan')])))": "[1070141403, 1070141403, 1070141403, 1074137746, 1065749138, 1078530011, 0, 1041297333, 1077936351, -1, -1, -1, -1, -1, -1]",
    "result = torch.acos(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.99, -0.99, 1.0000001, 2.0, -2.0, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (15,) [1.5708, 1.5708, 1.5708, 2.0944, 1.0472, 3.14159, 0.0, 0.141539, 3.00005, nan, nan, nan, nan, nan, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.acos(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.99, -0.99, 1.0000001, 2.0, -2.0, float('inf'), -float('inf'), float('nan')]).half()))": "[15944, 15944, 15944, 16432, 15408, 16968, 0, 12410, 16897, 0, -1, -1, -1, -1, -1]",
    "result = torch.acos(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [1.5708, 0.0, nan, nan] rg=False",
    "result = torch.acos(torch.tensor([True, False]))": "torch.float32 (2,) [0.0, 1.5708] rg=False",
    "result = torch.acos(torch.tensor(0.75))": "torch.float32 () 0.722734 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().acos().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).acos().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -0.5, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.acos(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('MulBackward0', torch.float64 (3,) [-1.0328, -1.1547, -1.51186] rg=True, torch.float64 (3,) [-0.275412, 0.7698, -2.59176] rg=False)",
    "result = torch.acos(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.acos([1.0])": "TypeError: acos(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).acos(1)": "TypeError: TensorBase.acos() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).acos_(dim=1)": "TypeError: TensorBase.acos_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).acos_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.acos_([1.0])": "TypeError: acos_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.acos_(torch.tensor([1.0]), 1)": "TypeError: acos_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = x.acos_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = torch.acos_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nx.acos_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ntorch.acos_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = torch.acos(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AcosBackward0', torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=True, [3213111973, 1075039546, 3208742032])",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ny = x * 1\ny.acos_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AcosBackward0', torch.float32 (3,) [-1.0328, -1.1547, -1.51186] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = x.acos()\nresult = (r.grad_fn.name(), r)": "('AcosBackward0', torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.atan(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 1e30, -1e30, float('inf'), -float('inf'), float('nan')])))": "[0, 2147483648, 228737632, 3203228472, 1055744824, 3209236443, 1061752795, 1066949484, 3214433132, 1070046082, 1070141403, 3217625051, 1070141403, 3217625051, -1]",
    "result = torch.atan(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 1e30, -1e30, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (15,) [0.0, -0.0, 1e-30, -0.463648, 0.463648, -0.785398, 0.785398, 1.19029, -1.19029, 1.55943, 1.5708, -1.5708, 1.5708, -1.5708, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.atan(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 1e30, -1e30, float('inf'), -float('inf'), float('nan')]).half()))": "[0, 32768, 0, 46955, 14187, 47688, 14920, 15555, 48323, 15933, 15944, 48712, 15944, 48712, -1]",
    "result = torch.atan(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [0.0, 0.785398, -1.24905, 1.4289] rg=False",
    "result = torch.atan(torch.tensor([True, False]))": "torch.float32 (2,) [0.785398, 0.0] rg=False",
    "result = torch.atan(torch.tensor(0.75))": "torch.float32 () 0.643501 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().atan().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).atan().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -1.5, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.atan(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('DivBackward0', torch.float64 (3,) [0.941176, 0.307692, 0.64] rg=True, torch.float64 (3,) [-0.442907, 0.284024, -0.6144] rg=False)",
    "result = torch.atan(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.atan([1.0])": "TypeError: atan(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).atan(1)": "TypeError: TensorBase.atan() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).atan_(dim=1)": "TypeError: TensorBase.atan_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).atan_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.atan_([1.0])": "TypeError: atan_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.atan_(torch.tensor([1.0]), 1)": "TypeError: atan_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = x.atan_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = torch.atan_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nx.atan_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ntorch.atan_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = torch.atan(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AtanBackward0', torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=True, [1064366321, 3206384089, 1050924810])",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ny = x * 1\ny.atan_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AtanBackward0', torch.float32 (3,) [0.941176, 0.307692, 0.64] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = x.atan()\nresult = (r.grad_fn.name(), r)": "('AtanBackward0', torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.sinh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 22.0, 88.0, 89.5, -100.0, float('inf'), -float('inf'), float('nan')])))": "[0, 2147483648, 228737632, 3204802176, 1057318528, 3214306558, 1066822910, 1086430022, 3233913670, 1322626414, 2121826999, 2139095040, 4286578688, 2139095040, 4286578688, -1]",
    "result = torch.sinh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 22.0, 88.0, 89.5, -100.0, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (16,) [0.0, -0.0, 1e-30, -0.521095, 0.521095, -1.1752, 1.1752, 6.0502, -6.0502, 1792460000.0, 8.25818e+37, 3.70106e+38, -1.34406e+43, inf, -inf, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.sinh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 22.0, 88.0, 89.5, -100.0, float('inf'), -float('inf'), float('nan')]).half()))": "[0, 32768, 0, 47147, 14379, 48307, 15539, 17933, 50701, 31744, 31744, 31744, 64512, 31744, 64512, -1]",
    "result = torch.sinh(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [0.0, 1.1752, -10.0179, 548.316] rg=False",
    "result = torch.sinh(torch.tensor([True, False]))": "torch.float32 (2,) [1.1752, 0.0] rg=False",
    "result = torch.sinh(torch.tensor(0.75))": "torch.float32 () 0.822317 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().sinh().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).sinh().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -1.5, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.sinh(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('MulBackward0', torch.float64 (3,) [1.03141, 2.35241, 1.29468] rg=True, torch.float64 (3,) [0.252612, -2.12928, 0.822317] rg=False)",
    "result = torch.sinh(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.sinh([1.0])": "TypeError: sinh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).sinh(1)": "TypeError: TensorBase.sinh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).sinh_(dim=1)": "TypeError: TensorBase.sinh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).sinh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.sinh_([1.0])": "TypeError: sinh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.sinh_(torch.tensor([1.0]), 1)": "TypeError: sinh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = x.sinh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.252612, -2.12928, 0.822317] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = torch.sinh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.252612, -2.12928, 0.822317] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nx.sinh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ntorch.sinh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = torch.sinh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('SinhBackward0', torch.float32 (3,) [0.252612, -2.12928, 0.822317] rg=True, [1065616728, 3231092193, 1059436591])",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ny = x * 1\ny.sinh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('SinhBackward0', torch.float32 (3,) [1.03141, 2.35241, 1.29468] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = x.sinh()\nresult = (r.grad_fn.name(), r)": "('SinhBackward0', torch.float32 (3,) [0.252612, -2.12928, 0.822317] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.cosh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 22.0, 88.0, 89.5, -100.0, float('inf'), -float('inf'), float('nan')])))": "[1065353216, 1065353216, 1065353216, 1066423820, 1066423820, 1069908907, 1069908907, 1086602167, 1086602167, 1322626414, 2121826999, 2139095040, 2139095040, 2139095040, 2139095040, -1]",
    "result = torch.cosh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 22.0, 88.0, 89.5, -100.0, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (16,) [1.0, 1.0, 1.0, 1.12763, 1.12763, 1.54308, 1.54308, 6.13229, 6.13229, 1792460000.0, 8.25818e+37, 3.70106e+38, 1.34406e+43, inf, inf, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.cosh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 22.0, 88.0, 89.5, -100.0, float('inf'), -float('inf'), float('nan')]).half()))": "[15360, 15360, 15360, 15491, 15491, 15916, 15916, 17954, 17954, 31744, 31744, 31744, 31744, 31744, 31744, -1]",
    "result = torch.cosh(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [1.0, 1.54308, 10.0677, 548.317] rg=False",
    "result = torch.cosh(torch.tensor([True, False]))": "torch.float32 (2,) [1.54308, 1.0] rg=False",
    "result = torch.cosh(torch.tensor(0.75))": "torch.float32 () 1.29468 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().cosh().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).cosh().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -1.5, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.cosh(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('MulBackward0', torch.float64 (3,) [0.252612, -2.12928, 0.822317] rg=True, torch.float64 (3,) [1.03141, 2.35241, 1.29468] rg=False)",
    "result = torch.cosh(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.cosh([1.0])": "TypeError: cosh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).cosh(1)": "TypeError: TensorBase.cosh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).cosh_(dim=1)": "TypeError: TensorBase.cosh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).cosh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.cosh_([1.0])": "TypeError: cosh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.cosh_(torch.tensor([1.0]), 1)": "TypeError: cosh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = x.cosh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.03141, 2.35241, 1.29468] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = torch.cosh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.03141, 2.35241, 1.29468] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nx.cosh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ntorch.cosh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = torch.cosh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('CoshBackward0', torch.float32 (3,) [1.03141, 2.35241, 1.29468] rg=True, [1048663655, 1082672669, 1053983577])",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ny = x * 1\ny.cosh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('CoshBackward0', torch.float32 (3,) [0.252612, -2.12928, 0.822317] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = x.cosh()\nresult = (r.grad_fn.name(), r)": "('CoshBackward0', torch.float32 (3,) [1.03141, 2.35241, 1.29468] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.asinh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 1e30, -1e30, float('inf'), -float('inf'), float('nan')])))": "[0, 2147483648, 228737632, 3203817830, 1056334182, 3210846643, 1063362995, 1070782585, 3218266233, 1084585182, 1116441241, 3263924889, 2139095040, 4286578688, -1]",
    "result = torch.asinh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 1e30, -1e30, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (15,) [0.0, -0.0, 1e-30, -0.481212, 0.481212, -0.881374, 0.881374, 1.64723, -1.64723, 5.17052, 69.7707, -69.7707, inf, -inf, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.asinh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 2.5, -2.5, 88.0, 1e30, -1e30, float('inf'), -float('inf'), float('nan')]).half()))": "[0, 32768, 0, 47027, 14259, 47885, 15117, 16023, 48791, 17708, 31744, 64512, 31744, 64512, -1]",
    "result = torch.asinh(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [0.0, 0.881374, -1.81845, 2.64412] rg=False",
    "result = torch.asinh(torch.tensor([True, False]))": "torch.float32 (2,) [0.881374, 0.0] rg=False",
    "result = torch.asinh(torch.tensor(0.75))": "torch.float32 () 0.693147 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().asinh().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).asinh().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -1.5, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.asinh(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('MulBackward0', torch.float64 (3,) [0.970143, 0.5547, 0.8] rg=True, torch.float64 (3,) [-0.228269, 0.256015, -0.384] rg=False)",
    "result = torch.asinh(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.asinh([1.0])": "TypeError: asinh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).asinh(1)": "TypeError: TensorBase.asinh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).asinh_(dim=1)": "TypeError: TensorBase.asinh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).asinh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.asinh_([1.0])": "TypeError: asinh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.asinh_(torch.tensor([1.0]), 1)": "TypeError: asinh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = x.asinh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = torch.asinh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nx.asinh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ntorch.asinh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = torch.asinh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AsinhBackward0', torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=True, [1064852291, 3213754581, 1053609165])",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ny = x * 1\ny.asinh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "NotImplementedError: the derivative for 'inplace version of asinh' is not implemented.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = x.asinh()\nresult = (r.grad_fn.name(), r)": "('AsinhBackward0', torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.acosh(torch.tensor([0.0, -0.0, 0.5, -1.0, 1.0, 1.0000001, 1.5, 2.5, 88.0, 1e30, float('inf'), -float('inf'), float('nan')])))": "[-1, -1, -1, -1, 0, 973078527, 1064722790, 1070107873, 1084585047, 1116441241, 2139095040, -1, -1]",
    "result = torch.acosh(torch.tensor([0.0, -0.0, 0.5, -1.0, 1.0, 1.0000001, 1.5, 2.5, 88.0, 1e30, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (13,) [nan, nan, nan, nan, 0.0, 0.000488281, 0.962424, 1.5668, 5.17045, 69.7707, inf, nan, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.acosh(torch.tensor([0.0, -0.0, 0.5, -1.0, 1.0, 1.0000001, 1.5, 2.5, 88.0, 1e30, float('inf'), -float('inf'), float('nan')]).half()))": "[-1, -1, -1, -1, 0, 0, 15283, 15940, 17708, 31744, 31744, -1, -1]",
    "result = torch.acosh(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [nan, 0.0, nan, 2.63392] rg=False",
    "result = torch.acosh(torch.tensor([True, False]))": "torch.float32 (2,) [0.0, nan] rg=False",
    "result = torch.acosh(torch.tensor(0.75))": "torch.float32 () nan rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().acosh().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).acosh().stride()": "(2, 1)",
    "x = torch.tensor([1.25, 3.0, 1.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.acosh(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('MulBackward0', torch.float64 (3,) [1.33333, 0.353553, 0.696311] rg=True, torch.float64 (3,) [-2.96296, -0.132583, -0.590809] rg=False)",
    "result = torch.acosh(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.acosh([1.0])": "TypeError: acosh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).acosh(1)": "TypeError: TensorBase.acosh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).acosh_(dim=1)": "TypeError: TensorBase.acosh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).acosh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.acosh_([1.0])": "TypeError: acosh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.acosh_(torch.tensor([1.0]), 1)": "TypeError: acosh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([1.25, 3.0, 1.75])\ny = x.acosh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=False)",
    "x = torch.tensor([1.25, 3.0, 1.75])\ny = torch.acosh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=False)",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\nx.acosh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\ntorch.acosh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\nr = torch.acosh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AcoshBackward0', torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=True, [1068149419, 3207922931, 1051869546])",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\ny = x * 1\ny.acosh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "NotImplementedError: the derivative for 'inplace version of acosh' is not implemented.",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\nr = x.acosh()\nresult = (r.grad_fn.name(), r)": "('AcoshBackward0', torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=True)",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.atanh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.999, -0.999, 1.5, -2.0, float('inf'), -float('inf'), float('nan')])))": "[0, 2147483648, 228737632, 3205275476, 1057791828, 4286578688, 2139095040, 1081292442, 3228776090, -1, -1, -1, -1, -1]",
    "result = torch.atanh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.999, -0.999, 1.5, -2.0, float('inf'), -float('inf'), float('nan')]).double())": "torch.float64 (14,) [0.0, -0.0, 1e-30, -0.549306, 0.549306, -inf, inf, 3.80021, -3.80021, nan, nan, nan, nan, nan] rg=False",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nresult = bits(torch.atanh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1.0, 1.0, 0.999, -0.999, 1.5, -2.0, float('inf'), -float('inf'), float('nan')]).half()))": "[0, 32768, 0, 47205, 14437, 64512, 31744, 17312, 50080, -1, -1, -1, -1, -1]",
    "result = torch.atanh(torch.tensor([0, 1, -3, 7]))": "torch.float32 (4,) [0.0, inf, nan, nan] rg=False",
    "result = torch.atanh(torch.tensor([True, False]))": "torch.float32 (2,) [inf, 0.0] rg=False",
    "result = torch.atanh(torch.tensor(0.75))": "torch.float32 () 0.972955 rg=False",
    "result = torch.tensor([[0.25, 0.5], [0.75, 0.125]]).t().atanh().stride()": "(1, 2)",
    "result = torch.tensor([[0.25, 0.5]]).expand(3, 2).atanh().stride()": "(2, 1)",
    "x = torch.tensor([0.25, -0.5, 0.75], dtype=torch.float64, requires_grad=True)\n(g,) = torch.autograd.grad(torch.atanh(x).sum(), x, create_graph=True)\nresult = (g.grad_fn.name(), g, torch.autograd.grad(g.sum(), x)[0])": "('DivBackward0', torch.float64 (3,) [1.06667, 1.33333, 2.28571] rg=True, torch.float64 (3,) [0.568889, -1.77778, 7.83673] rg=False)",
    "result = torch.atanh(torch.tensor([1, 2], dtype=torch.float16)).dtype": "torch.float16",
    "result = torch.atanh([1.0])": "TypeError: atanh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).atanh(1)": "TypeError: TensorBase.atanh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).atanh_(dim=1)": "TypeError: TensorBase.atanh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).atanh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.atanh_([1.0])": "TypeError: atanh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.atanh_(torch.tensor([1.0]), 1)": "TypeError: atanh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = x.atanh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = torch.atanh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nx.atanh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ntorch.atanh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = torch.atanh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AtanhBackward0', torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=True, [1065912457, 3224021675, 1066551589])",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ny = x * 1\ny.atanh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "NotImplementedError: the derivative for 'inplace version of atanh' is not implemented.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = x.atanh()\nresult = (r.grad_fn.name(), r)": "('AtanhBackward0', torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=True)",
    "result = torch.arcsin([1.0])": "TypeError: arcsin(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).arcsin(1)": "TypeError: TensorBase.arcsin() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).arcsin_(dim=1)": "TypeError: TensorBase.arcsin_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).arcsin_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.arcsin_([1.0])": "TypeError: arcsin_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.arcsin_(torch.tensor([1.0]), 1)": "TypeError: arcsin_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = x.arcsin_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = torch.arcsin_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nx.arcsin_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ntorch.arcsin_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = torch.arcsin(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AsinBackward0', torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=True, [1065628325, 3222523194, 1061258384])",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ny = x * 1\ny.arcsin_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AsinBackward0', torch.float32 (3,) [1.0328, 1.1547, 1.51186] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = x.arcsin()\nresult = (r.grad_fn.name(), r)": "('AsinBackward0', torch.float32 (3,) [0.25268, -0.523599, 0.848062] rg=True)",
    "result = torch.arccos([1.0])": "TypeError: arccos(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).arccos(1)": "TypeError: TensorBase.arccos() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).arccos_(dim=1)": "TypeError: TensorBase.arccos_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).arccos_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.arccos_([1.0])": "TypeError: arccos_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.arccos_(torch.tensor([1.0]), 1)": "TypeError: arccos_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = x.arccos_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = torch.arccos_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nx.arccos_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ntorch.arccos_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = torch.arccos(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AcosBackward0', torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=True, [3213111973, 1075039546, 3208742032])",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ny = x * 1\ny.arccos_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AcosBackward0', torch.float32 (3,) [-1.0328, -1.1547, -1.51186] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = x.arccos()\nresult = (r.grad_fn.name(), r)": "('AcosBackward0', torch.float32 (3,) [1.31812, 2.0944, 0.722734] rg=True)",
    "result = torch.arctan([1.0])": "TypeError: arctan(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).arctan(1)": "TypeError: TensorBase.arctan() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).arctan_(dim=1)": "TypeError: TensorBase.arctan_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).arctan_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.arctan_([1.0])": "TypeError: arctan_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.arctan_(torch.tensor([1.0]), 1)": "TypeError: arctan_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = x.arctan_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = torch.arctan_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nx.arctan_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ntorch.arctan_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = torch.arctan(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AtanBackward0', torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=True, [1064366321, 3206384089, 1050924810])",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ny = x * 1\ny.arctan_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('AtanBackward0', torch.float32 (3,) [0.941176, 0.307692, 0.64] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = x.arctan()\nresult = (r.grad_fn.name(), r)": "('AtanBackward0', torch.float32 (3,) [0.244979, -0.982794, 0.643501] rg=True)",
    "result = torch.arcsinh([1.0])": "TypeError: arcsinh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).arcsinh(1)": "TypeError: TensorBase.arcsinh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).arcsinh_(dim=1)": "TypeError: TensorBase.arcsinh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).arcsinh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.arcsinh_([1.0])": "TypeError: arcsinh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.arcsinh_(torch.tensor([1.0]), 1)": "TypeError: arcsinh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = x.arcsinh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75])\ny = torch.arcsinh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=False)",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nx.arcsinh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ntorch.arcsinh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = torch.arcsinh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AsinhBackward0', torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=True, [1064852291, 3213754581, 1053609165])",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\ny = x * 1\ny.arcsinh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "NotImplementedError: the derivative for 'inplace version of asinh' is not implemented.",
    "x = torch.tensor([0.25, -1.5, 0.75], requires_grad=True)\nr = x.arcsinh()\nresult = (r.grad_fn.name(), r)": "('AsinhBackward0', torch.float32 (3,) [0.247466, -1.19476, 0.693147] rg=True)",
    "result = torch.arccosh([1.0])": "TypeError: arccosh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).arccosh(1)": "TypeError: TensorBase.arccosh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).arccosh_(dim=1)": "TypeError: TensorBase.arccosh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).arccosh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.arccosh_([1.0])": "TypeError: arccosh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.arccosh_(torch.tensor([1.0]), 1)": "TypeError: arccosh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([1.25, 3.0, 1.75])\ny = x.arccosh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=False)",
    "x = torch.tensor([1.25, 3.0, 1.75])\ny = torch.arccosh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=False)",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\nx.arccosh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\ntorch.arccosh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\nr = torch.arccosh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AcoshBackward0', torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=True, [1068149419, 3207922931, 1051869546])",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\ny = x * 1\ny.arccosh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "NotImplementedError: the derivative for 'inplace version of acosh' is not implemented.",
    "x = torch.tensor([1.25, 3.0, 1.75], requires_grad=True)\nr = x.arccosh()\nresult = (r.grad_fn.name(), r)": "('AcoshBackward0', torch.float32 (3,) [0.693147, 1.76275, 1.15881] rg=True)",
    "result = torch.arctanh([1.0])": "TypeError: arctanh(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.tensor([1.0]).arctanh(1)": "TypeError: TensorBase.arctanh() takes no arguments (1 given)",
    "result = torch.tensor([1.0]).arctanh_(dim=1)": "TypeError: TensorBase.arctanh_() takes no keyword arguments",
    "result = torch.tensor([1, 2]).arctanh_()": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = torch.arctanh_([1.0])": "TypeError: arctanh_(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.arctanh_(torch.tensor([1.0]), 1)": "TypeError: arctanh_() takes 1 positional argument but 2 were given",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = x.arctanh_()\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75])\ny = torch.arctanh_(x)\nresult = (y is x, x)": "(True, torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=False)",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nx.arctanh_()": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ntorch.arctanh_(x)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "bits = lambda t: np.where(np.isnan(t.detach().numpy()), -1, t.detach().numpy().view(f'u{t.element_size()}').astype(np.int64)).tolist()\nx = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = torch.arctanh(x)\n(r * torch.tensor([1.0, -2.0, 0.5])).sum().backward()\nresult = (r.grad_fn.name(), r, bits(x.grad))": "('AtanhBackward0', torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=True, [1065912457, 3224021675, 1066551589])",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\ny = x * 1\ny.arctanh_()\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "NotImplementedError: the derivative for 'inplace version of atanh' is not implemented.",
    "x = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)\nr = x.arctanh()\nresult = (r.grad_fn.name(), r)": "('AtanhBackward0', torch.float32 (3,) [0.255413, -0.549306, 0.972955] rg=True)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_trigonometric_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch_kernels(
    "AVX2",
    params=(
        "result = bits(torch.sinh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1",
        "result = bits(torch.cosh(torch.tensor([0.0, -0.0, 1e-30, -0.5, 0.5, -1",
    ),
)
@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_trigonometric_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


# --- torch-marked differentials -------------------------------------------------------------
NAMES = "tan asin acos atan sinh cosh asinh acosh atanh".split()
ALIASES = {"arcsin": "asin", "arccos": "acos", "arctan": "atan"}
ALIASES.update(arcsinh="asinh", arccosh="acosh", arctanh="atanh")
# arguments: uniform over ±scale (acosh: shifted to start at 0.9)
SCALES = {"tan": 10.0, "asin": 1.05, "acos": 1.05, "atan": 100.0, "sinh": 30.0, "cosh": 30.0}
SCALES.update(asinh=1e3, acosh=50.0, atanh=1.05)
# the share of elements that may differ from torch in the last place (measured over
# 100,000 arguments, see docs/engine-internals.md): float32 tan/asin/acos/atan are MKL's
# (not public: correctly rounded here) on every element; sinh, cosh, atanh, asinh, acosh
# are SLEEF's and glibc's bit for bit; float64: MKL's (tan/asin/acos/atan) and SLEEF's
# double kernels (the vector bodies of sinh/cosh/atanh), numpy's here
FLOAT32_RATES = {"tan": 0.2, "asin": 0.08, "acos": 0.11, "atan": 0.03}
FLOAT64_RATES = {"tan": 0.005, "asin": 0.11, "acos": 0.12, "atan": 0.03, "sinh": 0.25}
FLOAT64_RATES.update(cosh=0.25, atanh=0.25)
FLOAT16_RATES = {"asin": 0.0003}  # (a float32 last-place difference rounding across a half)


def _arguments(rng: np.random.Generator, name: str) -> list[np.ndarray]:
    arrays = _layouts(rng, SCALES[name])
    return [a + 1.9 if name == "acosh" else a for a in arrays]


@pytest.mark.torch_kernels(
    "AVX2",
    params=(
        "[sinh-float32]",
        "[cosh-float32]",
        "[atanh-float32]",
    ),
)
@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
@pytest.mark.parametrize("name", NAMES)
def test_values_as_torch(name: str, dtype: str, real_torch: ModuleType) -> None:
    rng = np.random.default_rng(sum(map(ord, name + dtype)))
    rates = {"float32": FLOAT32_RATES, "float64": FLOAT64_RATES, "float16": FLOAT16_RATES}
    differing = total = 0
    for a in _arguments(rng, name):
        with np.errstate(all="ignore"):
            a = np.asarray(a.astype(dtype))
        expected = getattr(real_torch, name)(real_torch.from_numpy(a)).numpy()
        got = getattr(engine, name)(engine.from_numpy(a)).numpy()
        assert got.dtype == expected.dtype and got.shape == expected.shape
        assert _layout(got) == _layout(expected)
        differing += int((_bits(got) != _bits(expected)).sum())
        total += a.size
    assert differing <= rates[dtype].get(name, 0) * total


@pytest.mark.torch_kernels(
    "AVX2",
    params=(
        "[sinh]",
        "[cosh]",
        "[atanh]",
    ),
)
@pytest.mark.torch
@pytest.mark.parametrize("name", NAMES)
def test_values_of_a_long_run_as_torch(name: str, real_torch: ModuleType) -> None:
    # one contiguous run of 100,000: torch's vector body and its tail (float32, one thread)
    rng = np.random.default_rng(3)
    a = rng.uniform(-SCALES[name], SCALES[name], 100_003).astype(np.float32)
    a = a + np.float32(1.9) if name == "acosh" else a
    threads = real_torch.get_num_threads()
    real_torch.set_num_threads(1)
    try:
        expected = getattr(real_torch, name)(real_torch.from_numpy(a)).numpy()
    finally:
        real_torch.set_num_threads(threads)
    got = getattr(engine, name)(engine.from_numpy(a)).numpy()
    assert (_bits(got) != _bits(expected)).mean() <= FLOAT32_RATES.get(name, 0)
    np.testing.assert_allclose(got, expected, rtol=3e-7)


@pytest.mark.torch_kernels(
    "AVX2",
    params=(
        "[sinh-float32]",
        "[cosh-float32]",
    ),
)
@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", [*NAMES, *ALIASES])
def test_gradients_as_torch(name: str, dtype: str, real_torch: ModuleType) -> None:
    rng = np.random.default_rng(7)
    low, high = {"acosh": (1.01, 9), "arccosh": (1.01, 9)}.get(name, (-0.95, 0.95))
    a = rng.uniform(low, high, (5, 41)).astype(dtype)
    weights = rng.standard_normal((5, 41)).astype(dtype)
    results = []
    for module in (real_torch, engine):
        x = module.tensor(a, requires_grad=True)
        result = getattr(module, name)(x)
        (g,) = module.autograd.grad((result * module.tensor(weights)).sum(), x, create_graph=True)
        (gg,) = module.autograd.grad(g.sum(), x)
        results.append((result.grad_fn.name(), g.grad_fn.name(), g.detach().numpy(), gg.numpy()))
    (name1, name2, *expected), (got1, got2, *got) = results
    assert (got1, got2) == (name1, name2)
    base = ALIASES.get(name, name)
    for got_grad, expected_grad in zip(got, expected, strict=True):
        if base != "tan" and (dtype == "float32" or base not in FLOAT64_RATES):
            np.testing.assert_array_equal(_bits(got_grad), _bits(expected_grad))
        else:  # (tan's from its result; float64 values: the rates above)
            np.testing.assert_allclose(got_grad, expected_grad, rtol=1e-6, atol=1e-6)


@pytest.mark.torch
@pytest.mark.parametrize("name", [*NAMES, *ALIASES])
def test_dtypes_as_torch(name: str, real_torch: ModuleType) -> None:
    for d in DTYPES:
        for code in (
            f"result = torch.{name}(torch.tensor([1, 0, 3], dtype=torch.{d}))",
            f"x = torch.tensor([1, 0, 3], dtype=torch.{d})\nresult = (x.{name}_(), x)",
            f"x = torch.tensor([1, 0, 3], dtype=torch.{d})\nresult = (torch.{name}_(x), x)",
        ):
            assert outcome(engine, code) == outcome(real_torch, code), code


# --- hypothesis: any values (nan, inf, signed zeros, subnormals) and shapes -----------------
_SHAPES = st.lists(st.integers(1, 40), min_size=0, max_size=2).map(tuple)


@pytest.mark.torch_kernels(
    "AVX2",
    params=(
        "[sinh-float32]",
        "[cosh-float32]",
        "[atanh-float32]",
    ),
)
@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("name", NAMES)
@settings(deadline=None, max_examples=40)
@given(shape=_SHAPES, data=st.data())
def test_any_values_as_torch(
    name: str, dtype: str, shape: tuple, data: st.DataObject, real_torch: ModuleType
) -> None:
    # random magnitudes from a drawn seed, with drawn floats (nan, inf, ±0, subnormals …)
    # written over some of them; bit for bit but tan/asin/acos/atan in float32 (MKL's: the
    # same nan and inf positions, values within the last place) and asin's rare half
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    elements = st.floats(width=16 if dtype == "float16" else 32, allow_nan=True)
    values = rng.standard_normal(shape) * 10.0 ** rng.uniform(-4, 2, shape)
    drawn = data.draw(hnp.arrays(dtype, shape, elements=elements))
    with np.errstate(all="ignore"):
        a = np.where(rng.random(shape) < 0.3, drawn, values.astype(dtype)).astype(dtype)
    if data.draw(st.booleans()) and a.ndim == 2:
        a = a.T
    expected = getattr(real_torch, name)(real_torch.from_numpy(a)).numpy()
    got = getattr(engine, name)(engine.from_numpy(a)).numpy()
    assert got.dtype == expected.dtype and _layout(got) == _layout(expected)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    finite = np.isfinite(expected)
    np.testing.assert_array_equal(
        got[~finite & ~np.isnan(expected)], expected[~finite & ~np.isnan(expected)]
    )
    if name not in FLOAT32_RATES or (dtype == "float16" and name != "asin"):
        np.testing.assert_array_equal(_bits(got), _bits(expected))
    else:
        apart = np.abs(_bits(got)[finite] - _bits(expected)[finite])
        assert apart.max(initial=0) <= 1


@pytest.mark.torch
def test_every_form_exists_as_in_torch(real_torch: ModuleType) -> None:
    for name in [*NAMES, *ALIASES]:
        for form in (name, name + "_"):
            assert hasattr(engine, form) == hasattr(real_torch, form), form
            assert hasattr(engine.Tensor, form) == hasattr(real_torch.Tensor, form), form


@pytest.mark.skipif(
    __import__("platform").libc_ver() != ("glibc", "2.36"), reason="the reference's libm"
)
@pytest.mark.parametrize(
    ("name", "low", "high"),
    [("sinh", -95, 95), ("sinh", -3, 3), ("cosh", -95, 95), ("cosh", -1, 1)]
    + [("asinh", -1e6, 1e6), ("asinh", -3, 3), ("acosh", 0.5, 3), ("acosh", 1, 1e9)]
    + [("atanh", -1.2, 1.2), ("expm1", -100, 100), ("exp", -104, 89), ("log", 1e-30, 1e30)],
)
def test_glibc_kernels_are_the_machines(name: str, low: float, high: float) -> None:
    import ctypes

    from gradekit.engine.ops import trigonometric_kernels

    libm = ctypes.CDLL("libm.so.6")
    function = getattr(libm, name + "f")
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.default_rng(5)
    values = rng.uniform(low, high, 20000).astype(np.float32)
    if name != "log":  # (logf: the callers' positive normal arguments only)
        specials = [0, -0.0, 1, -1, 2, -2, 0.5, 22, 88.72, 89, 1e-30, 3e38, np.inf, -np.inf]
        values = np.concatenate([values, np.float32(specials)])
    ours_name = {"exp": "_expf", "log": "_logf"}.get(name, f"glibc_{name}f")
    with np.errstate(all="ignore"):
        ours = getattr(trigonometric_kernels, ours_name)(values)
    theirs = np.array([function(float(v)) for v in values], np.float32)
    np.testing.assert_array_equal(_bits(ours), _bits(theirs))
