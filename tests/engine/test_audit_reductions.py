# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Reductions and scans students call that the engine lacked: std / var / std_mean /
var_mean (this file grows with the family: prod, cumsum, ...).  The goldens were captured
from torch 2.13 with ``audit_outcomes.outcome``; the torch-marked twin checks they are still
torch's, and the torch-marked differentials compare values bit for bit."""

from __future__ import annotations

import warnings
from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

GOLDENS = {
    # std / var / std_mean / var_mean: torch's three overloads (dim + unbiased, dim +
    # correction, unbiased alone) and their parser errors; a reduction to one element is
    # torch's two-pass std_var_all_cpu, every other (and std_mean/var_mean) Welford in
    # double; the degrees-of-freedom warning; StdBackward0 / VarBackward0 / StdMeanBackward0
    # / VarMeanBackward0 with torch's formulas (a zero std gives a zero gradient, n <=
    # correction nan or inf).
    "result = torch.std(torch.tensor([1, 2, 3]))": "RuntimeError: std and var only support floating point and complex dtypes",
    "result = torch.var(torch.tensor([True, False]))": "RuntimeError: std and var only support floating point and complex dtypes",
    "result = torch.std(torch.tensor([1, 2, 3]), 5)": "RuntimeError: std and var only support floating point and complex dtypes",
    "result = torch.tensor([1.0, 2.0, 4.0]).std(unbiased=False)": "torch.float32 () 1.24722 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).std(0, True)": "torch.float32 (2,) [2.12132, 4.24264] rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).std(0, False, True)": "torch.float32 (1, 2) [[1.5, 3.0]] rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var(dim=1, correction=0)": "torch.float32 (2,) [0.25, 4.0] rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var(correction=0.5)": "torch.float32 () 8.21429 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var(correction=3)": "torch.float32 () 28.75 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var(correction=-1)": "torch.float32 () 5.75 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var(correction=True)": "torch.float32 () 9.58333 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var(correction=torch.tensor(0))": "torch.float32 () 7.1875 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var(correction=None)": "torch.float32 () 9.58333 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var((0, 1), keepdim=True)": "torch.float32 (1, 1) [[9.58333]] rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var([], keepdim=True)": "torch.float32 (1, 1) [[9.58333]] rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).var([-1, 0])": "torch.float32 () 9.58333 rg=False",
    "result = torch.tensor([1.0]).std()": "torch.float32 () nan rg=False | warns: std(): degrees of freedom is <= 0. Correction should be stri",
    "result = torch.tensor([[1.0, 2.0]]).std(0)": "torch.float32 (2,) [nan, nan] rg=False | warns: std(): degrees of freedom is <= 0. Correction should be stri",
    "result = torch.ones(0).std()": "torch.float32 () nan rg=False | warns: std(): degrees of freedom is <= 0. Correction should be stri",
    "result = torch.ones(0, 3).var(0)": "torch.float32 (3,) [nan, nan, nan] rg=False | warns: var(): degrees of freedom is <= 0. Correction should be stri",
    "result = torch.ones(0, 3).var(1)": "torch.float32 (0,) [] rg=False | warns: var(): degrees of freedom is <= 0. Correction should be stri",
    "result = torch.ones(0, 3).var_mean(1) if hasattr(torch.Tensor, 'var_mean') else torch.var_mean(torch.ones(0, 3), 0)": "(torch.float32 (3,) [nan, nan, nan] rg=False, torch.float32 (3,) [nan, nan, nan] rg=False) | warns: var_mean(): degrees of freedom is <= 0. Correction should be",
    "result = torch.tensor(2.0).var()": "torch.float32 () nan rg=False | warns: var(): degrees of freedom is <= 0. Correction should be stri",
    "result = torch.tensor(2.0).var(0)": "torch.float32 () nan rg=False | warns: var(): degrees of freedom is <= 0. Correction should be stri",
    "result = torch.tensor(2.0).var(0, correction=0)": "torch.float32 () 0.0 rg=False",
    "result = torch.tensor([1.0, 2.0]).var(True)": "torch.float32 () 0.5 rg=False",
    "result = torch.tensor([1.0, 2.0]).var(False)": "torch.float32 () 0.25 rg=False",
    "result = torch.tensor([1.0, 2.0]).var(None)": "torch.float32 () 0.5 rg=False",
    "result = torch.tensor([1.0, 2.0]).var(None, True)": "torch.float32 () 0.5 rg=False",
    "result = torch.tensor([1.0, 2.0]).var(keepdim=True)": "torch.float32 (1,) [0.5] rg=False",
    "result = torch.tensor([1.0, 2.0]).var(dim=None, keepdim=True)": "torch.float32 (1,) [0.5] rg=False",
    "result = torch.tensor([1.0, 2.0]).var(dim=0, unbiased=False, correction=0)": "TypeError: var() received an invalid combination of arguments - got (correction=int, unbiased=bool, dim=int, ), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n      didn't match because some of the keywords were incorrect: correction, unbiased\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n",
    "result = torch.tensor([1.0, 2.0]).var(0, unbiased=1)": "TypeError: var() received an invalid combination of arguments - got (int, unbiased=int), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n",
    "result = torch.tensor([1.0, 2.0]).var(unbiased=False, keepdim=True)": "TypeError: var() received an invalid combination of arguments - got (keepdim=bool, unbiased=bool, ), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n",
    "result = torch.tensor([1.0, 2.0]).var(2)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 2)",
    "result = torch.tensor([1.0, 2.0]).var([0, 0])": "RuntimeError: dim 0 appears multiple times in the list of dims",
    "result = torch.tensor([1.0, 2.0]).var(correction='a')": "TypeError: var() received an invalid combination of arguments - got (correction=str, ), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n      didn't match because some of the keywords were incorrect: correction\n",
    "result = torch.tensor([1.0, 2.0]).var(0, None)": "TypeError: var() received an invalid combination of arguments - got (int, NoneType), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n",
    "result = torch.tensor([1.0, 2.0]).var(0, True, 1)": "TypeError: var() received an invalid combination of arguments - got (int, bool, int), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n      didn't match because some of the arguments have invalid types: (!int!, !bool!, !int!)\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n",
    "result = torch.tensor([1.0, 2.0]).std(1.5)": "TypeError: std() received an invalid combination of arguments - got (float), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n      didn't match because some of the arguments have invalid types: (!float!)\n",
    "result = torch.tensor([1.0, 2.0]).std('a')": "TypeError: std() received an invalid combination of arguments - got (str), but expected one of:\n * (tuple of ints dim, bool unbiased = True, bool keepdim = False)\n * (tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n * (bool unbiased = True)\n      didn't match because some of the arguments have invalid types: (!str!)\n",
    "result = torch.tensor([1.0, 2.0], dtype=torch.float16).var()": "torch.float16 () 0.5 rg=False",
    "result = torch.tensor([1.0, 2.0, 7.0], dtype=torch.float64).std()": "torch.float64 () 3.21455 rg=False",
    "result = torch.tensor([1.0, float('inf')]).var()": "torch.float32 () nan rg=False",
    "result = torch.tensor([1.0, float('nan')]).std()": "torch.float32 () nan rg=False",
    "result = torch.tensor([[1.0, float('nan')], [2.0, 3.0]]).std(1)": "torch.float32 (2,) [nan, 0.707107] rg=False",
    "result = torch.std(torch.tensor([1.0, 2.0]), 0, True, True, out=None)": "torch.float32 (1,) [0.707107] rg=False",
    "result = torch.std(torch.tensor([1.0, 2.0]), 0, True, True, 1)": "TypeError: std() received an invalid combination of arguments - got (Tensor, int, bool, bool, int), but expected one of:\n * (Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)\n * (Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, Tensor out = None)\n * (Tensor input, bool unbiased = True)\n",
    "result = torch.std(torch.tensor([1.0, 2.0]), axis=0)": "torch.float32 () 0.707107 rg=False",
    "result = torch.std(torch.tensor([[1.0, 2.0]]), axis=1, keepdims=True)": "torch.float32 (1, 1) [[0.707107]] rg=False",
    "result = torch.std([1.0, 2.0])": "TypeError: std() received an invalid combination of arguments - got (list), but expected one of:\n * (Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)\n * (Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, Tensor out = None)\n * (Tensor input, bool unbiased = True)\n",
    "result = torch.var(input=torch.tensor([1.0, 2.0]), dim=0)": "torch.float32 () 0.5 rg=False",
    "result = torch.tensor([[1.0, 2.0], [4.0, 8.0]]).t().var(0, keepdim=True).stride()": "(2, 1)",
    "result = torch.arange(24.0).reshape(2, 3, 4).var((0, 2))": "torch.float32 (3,) [42.5714, 42.5714, 42.5714] rg=False",
    "result = torch.arange(24.0).reshape(2, 3, 4).permute(2, 0, 1).std((1, 2), correction=2)": "torch.float32 (4,) [8.3666, 8.3666, 8.3666, 8.3666] rg=False",
    "result = torch.var_mean(torch.tensor([1.0, 2.0, 4.0]))": "(torch.float32 () 2.33333 rg=False, torch.float32 () 2.33333 rg=False)",
    "result = torch.std_mean(torch.tensor([[1.0, 2.0], [4.0, 8.0]]), 1, keepdim=True)": "(torch.float32 (2, 1) [[0.707107], [2.82843]] rg=False, torch.float32 (2, 1) [[1.5], [6.0]] rg=False)",
    "result = torch.std_mean(torch.tensor([[1.0, 2.0], [4.0, 8.0]]), dim=0, correction=0)": "(torch.float32 (2,) [1.5, 3.0] rg=False, torch.float32 (2,) [2.5, 5.0] rg=False)",
    "result = torch.var_mean(torch.tensor([1, 2]))": "RuntimeError: var_mean only support floating point and complex dtypes",
    "result = torch.std_mean(torch.tensor([1, 2]))": "RuntimeError: std_mean only support floating point and complex dtypes",
    "result = torch.var_mean(torch.tensor([1.0, 2.0]), unbiased=False)": "(torch.float32 () 0.25 rg=False, torch.float32 () 1.5 rg=False)",
    "result = torch.var_mean(torch.tensor([1.0, 2.0]), True)": "(torch.float32 () 0.5 rg=False, torch.float32 () 1.5 rg=False)",
    "result = torch.std_mean(torch.tensor([1.0]))": "(torch.float32 () nan rg=False, torch.float32 () 1.0 rg=False) | warns: std_mean(): degrees of freedom is <= 0. Correction should be",
    "result = torch.var_mean(torch.tensor([1.0, 2.0]), 0, True, True, 1)": "TypeError: var_mean() received an invalid combination of arguments - got (Tensor, int, bool, bool, int), but expected one of:\n * (Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False)\n * (Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False)\n      didn't match because some of the arguments have invalid types: (Tensor, !int!, !bool!, !bool!, !int!)\n * (Tensor input, bool unbiased = True)\n",
    "result = type(torch.var_mean(torch.tensor([1.0, 2.0]))).__name__": "'tuple'",
    "result = torch.var_mean(torch.tensor([1.0, 2.0], dtype=torch.float16), 0)": "(torch.float16 () 0.5 rg=False, torch.float16 () 1.5 rg=False)",
    "x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)\nr = x.std()\nr.backward()\nresult = (r.grad_fn.name(), x.grad)": "('StdBackward0', torch.float32 (3,) [-0.436436, -0.109109, 0.545545] rg=False)",
    "x = torch.tensor([[1.0, 2.0], [4.0, 7.0]], requires_grad=True)\nr = x.var(1)\nr.sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('VarBackward0', torch.float32 (2, 2) [[-1.0, 1.0], [-3.0, 3.0]] rg=False)",
    "x = torch.tensor([[1.0, 2.0], [4.0, 7.0]], requires_grad=True)\nr = x.std(0, keepdim=True)\n(r * torch.tensor([[1.0, 3.0]])).sum().backward()\nresult = (r.grad_fn.name(), x.grad)": "('StdBackward0', torch.float32 (2, 2) [[-0.707107, -2.12132], [0.707107, 2.12132]] rg=False)",
    "x = torch.tensor([1.0, 1.0], requires_grad=True)\nr = x.std()\nr.backward()\nresult = (r.grad_fn.name(), x.grad)": "('StdBackward0', torch.float32 (2,) [0.0, 0.0] rg=False)",
    "x = torch.tensor([[1.0, 1.0], [1.0, 2.0]], requires_grad=True)\nr = x.std(1)\nr.sum().backward()\nresult = x.grad": "torch.float32 (2, 2) [[0.0, 0.0], [-0.707107, 0.707107]] rg=False",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nr = x.var(correction=2)\nr.backward()\nresult = (r, x.grad)": "(torch.float32 () inf rg=True, torch.float32 (2,) [inf, inf] rg=False) | warns: var(): degrees of freedom is <= 0. Correction should be stri",
    "x = torch.tensor([1.0, 1.0], requires_grad=True)\nr = x.var(correction=2)\nr.backward()\nresult = (r, x.grad)": "(torch.float32 () nan rg=True, torch.float32 (2,) [nan, nan] rg=False) | warns: var(): degrees of freedom is <= 0. Correction should be stri",
    "x = torch.tensor(3.0, requires_grad=True)\nr = x.var(0, correction=0)\nr.backward()\nresult = (r, x.grad)": "(torch.float32 () 0.0 rg=True, torch.float32 () 0.0 rg=False)",
    "x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)\nv, m = torch.var_mean(x)\n(v + 3 * m).backward()\nresult = (v.grad_fn.name(), m.grad_fn.name(), x.grad)": "('VarMeanBackward0', 'VarMeanBackward0', torch.float32 (3,) [-0.333333, 0.666667, 2.66667] rg=False)",
    "x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)\ns, m = torch.std_mean(x, 0)\n(s).backward()\nresult = (s.grad_fn.name(), x.grad)": "('StdMeanBackward0', torch.float32 (3,) [-0.436436, -0.109109, 0.545545] rg=False)",
    "x = torch.tensor([[1.0, 2.0], [4.0, 7.0]], requires_grad=True)\ns, m = torch.std_mean(x, 1)\nm.sum().backward()\nresult = x.grad": "torch.float32 (2, 2) [[0.5, 0.5], [0.5, 0.5]] rg=False",
    "x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)\n(g,) = torch.autograd.grad(x.std(), x, create_graph=True)\ng.sum().backward()\nresult = (g.grad_fn.name(), g, x.grad)": "('MulBackward0', torch.float32 (3,) [-0.436436, -0.109109, 0.545545] rg=True, torch.float32 (3,) [2.22974e-08, 5.57434e-09, -2.78717e-08] rg=False)",
    "x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)\n(g,) = torch.autograd.grad(x.var(0), x, create_graph=True)\n(g * g).sum().backward()\nresult = (g.grad_fn.name(), g, x.grad)": "('MulBackward0', torch.float32 (3,) [-1.33333, -0.333333, 1.66667] rg=True, torch.float32 (3,) [-2.66667, -0.666667, 3.33333] rg=False)",
    "x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)\nr = x.var()\nwith torch.no_grad():\n    x.mul_(2)\nr.backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_reductions_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_reduction_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _spread_values(module: ModuleType, dtype: str) -> list[np.ndarray]:
    """std / var / std_mean / var_mean over random shapes (1-3 dims), layouts (transposed),
    dims, corrections and magnitudes: both of torch's roads (one output, several)."""
    rng = np.random.default_rng(5)
    results = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (degrees of freedom <= 0 for some)
        for trial in range(200):
            shape = tuple(int(k) for k in rng.integers(1, 30, int(rng.integers(1, 4))))
            scale, offset = float(rng.choice([0.1, 3, 100])), float(rng.choice([0, 10]))
            x = module.tensor((rng.standard_normal(shape) * scale + offset).astype(dtype))
            if trial % 4 == 1 and x.dim() >= 2:
                x = x.transpose(0, 1)
            nd, correction = x.dim(), [0, 1, 2, 0.5][trial % 4]
            kind = trial % 5
            if kind == 0:
                out = [x.var(correction=correction), x.std()]
            elif kind == 1:
                out = [x.var(int(rng.integers(nd))), x.std(int(rng.integers(nd)), keepdim=True)]
            elif kind == 2:
                dims = tuple(sorted({int(k) for k in rng.integers(0, nd, 2)}))
                out = [x.std(dims, correction=correction), *module.var_mean(x, dims)]
            elif kind == 3:
                out = [*module.std_mean(x), *module.var_mean(x, -1, keepdim=True)]
            else:
                out = [x.var(unbiased=False), x.std(0, False)]
            results += [r.to(module.float64).numpy() for r in out]
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_std_var_bit_for_bit(dtype: str, real_torch: ModuleType) -> None:
    ours, theirs = _spread_values(engine, dtype), _spread_values(real_torch, dtype)
    assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(ours, theirs, strict=True))
