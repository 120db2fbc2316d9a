# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch.searchsorted (right=, side=, sorter=, out_int32=), torch.bucketize, torch.msort /
Tensor.msort and torch.histc / Tensor.histc (ops/bucketing.py), as torch 2.13 answers:
indices from torch's binary search (ties, NaN values and boundaries, the comparison dtype:
``torch.result_type`` of boundaries and values), int32/int64 outputs, shapes (0-d values,
N-d boundaries), the checks with torch's texts in torch's order, the parser's TypeErrors,
msort's SortBackward0 and strides, histc's bins (the edges from linspace, each step in the
input's dtype), ranges and errors.  The goldens were captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin checks they are still torch's, and a
differential test compares random inputs bit for bit."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9, 0, 10]))": "torch.int64 (5,) [1, 3, 4, 0, 5] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9]), right=True)": "torch.int64 (3,) [2, 3, 5] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9]), side='right')": "torch.int64 (3,) [2, 3, 5] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9]), side='left')": "torch.int64 (3,) [1, 3, 4] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9]), side='left', right=True)": "RuntimeError: torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9]), side='right', right=False)": "torch.int64 (3,) [2, 3, 5] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9]), side='middle')": "RuntimeError: torch.searchsorted(): side can only be 'left' or 'right' but got middle",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3.0, 6, 9]), out_int32=True)": "torch.int32 (3,) [1, 3, 4] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, 6.0)": "torch.int64 () 3 rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, 6)": "torch.int64 () 3 rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, True)": "torch.int64 () 0 rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor(6.0))": "torch.int64 () 3 rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([3, 6]))": "torch.int64 (2,) [1, 3] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s, torch.tensor([[3.0, 6], [1, 9.5]]))": "torch.int64 (2, 2) [[1, 3], [0, 5]] rg=False",
    "s = torch.tensor([1.0, 3, 5, 7, 9])\nresult = torch.searchsorted(s.long(), torch.tensor([3.0, 6.5]))": "torch.int64 (2,) [1, 3] rg=False",
    "result = torch.searchsorted(torch.tensor([0.1]), 0.1, right=True)": "torch.int64 () 1 rg=False",
    "result = torch.searchsorted(torch.tensor([0.1]), torch.tensor(0.1, dtype=torch.float64), right=True)": "torch.int64 () 1 rg=False",
    "result = torch.searchsorted(torch.tensor([0.1]), torch.tensor([0.1], dtype=torch.float64), right=True)": "torch.int64 (1,) [0] rg=False",
    "result = torch.searchsorted(torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([-1, 1, 300]))": "torch.int64 (3,) [0, 0, 2] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, 3, 5]), torch.tensor([[3.0], [3]]))": "torch.int64 (2, 1) [[1], [1]] rg=False",
    "result = torch.searchsorted(torch.tensor([[1.0, 3, 5], [2, 4, 6]]), torch.tensor([[3.0], [3]]))": "torch.int64 (2, 1) [[1], [1]] rg=False",
    "result = torch.searchsorted(torch.tensor([[1.0, 3, 5], [2, 4, 6]]), torch.tensor([[3.0, 4], [3, 4]]), right=True)": "torch.int64 (2, 2) [[2, 2], [1, 2]] rg=False",
    "result = torch.searchsorted(torch.tensor([[1.0, 3, 5], [2, 4, 6]]), torch.tensor([[3.0], [3], [1]]))": "RuntimeError: torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor [2, 3] and input value tensor [3, 1]",
    "result = torch.searchsorted(torch.tensor([[1.0, 3, 5], [2, 4, 6]]), torch.tensor([3.0]))": "RuntimeError: torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor [2, 3] and input value tensor [1]",
    "result = torch.searchsorted(torch.tensor([[1.0, 3, 5], [2, 4, 6]]), 3.0)": "RuntimeError: torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got boundaries tensor dim(2) and input value's dim(0) numel(1)",
    "result = torch.searchsorted(torch.tensor([[1.0, 3, 5], [2, 4, 6]]), torch.tensor(3.0))": "RuntimeError: torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got boundaries tensor dim(2) and input value's dim(0) numel(1)",
    "result = torch.searchsorted(torch.tensor([5.0, 1, 3]), torch.tensor([2.0, 4, 6, 0]), sorter=torch.tensor([1, 2, 0]))": "torch.int64 (4,) [1, 2, 3, 0] rg=False",
    "result = torch.searchsorted(torch.tensor([5.0, 1, 3]), torch.tensor([3.0]), sorter=torch.tensor([1, 2, 0]), right=True)": "torch.int64 (1,) [2] rg=False",
    "result = torch.searchsorted(torch.tensor([[5.0, 1, 3], [0, 2, 1]]), torch.tensor([[2.0], [1.5]]), sorter=torch.tensor([[1, 2, 0], [0, 2, 1]]))": "torch.int64 (2, 1) [[1], [2]] rg=False",
    "result = torch.searchsorted(torch.tensor([5.0, 1, 3]), torch.tensor([2.0]), sorter=torch.tensor([1, 2, 0], dtype=torch.int32))": "RuntimeError: torch.searchsorted(): sorter must be a tensor of long dtype but got dtype Int",
    "result = torch.searchsorted(torch.tensor([5.0, 1, 3]), torch.tensor([2.0]), sorter=torch.tensor([1, 2]))": "RuntimeError: torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor [3]and got sorter tensor [2]",
    "result = torch.searchsorted(torch.tensor([5.0, 1, 3]), torch.tensor([2.0]), sorter=torch.tensor([1, 2, 3]))": "RuntimeError: torch.searchsorted(): sorter index out of range",
    "result = torch.searchsorted(torch.tensor([5.0, 1, 3]), torch.tensor([2.0]), sorter=torch.tensor([1, -1, 0]))": "RuntimeError: torch.searchsorted(): sorter index out of range",
    "result = torch.searchsorted(torch.tensor([5.0, 1, 3]), torch.tensor([2.0]), sorter=torch.tensor([1.0, 2, 0]))": "RuntimeError: torch.searchsorted(): sorter must be a tensor of long dtype but got dtype Float",
    "result = torch.searchsorted(torch.tensor(5.0), torch.tensor([2.0]))": "RuntimeError: torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension",
    "result = torch.searchsorted(torch.tensor([]), torch.tensor([2.0]))": "torch.int64 (1,) [0] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, 2]), torch.tensor([]))": "torch.int64 (0,) [] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, float('nan')]), torch.tensor([float('nan'), 5.0, 0.5]))": "torch.int64 (3,) [2, 2, 2] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, float('nan')]), torch.tensor([float('nan'), 5.0, 0.5]), right=True)": "torch.int64 (3,) [2, 2, 2] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, 1, 1, 2, 2]), torch.tensor([1.0, 2]))": "torch.int64 (2,) [0, 3] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, 1, 1, 2, 2]), torch.tensor([1.0, 2]), right=True)": "torch.int64 (2,) [3, 5] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, 2]), torch.tensor([1.5]), foo=1)": "TypeError: searchsorted() received an invalid combination of arguments - got (Tensor, Tensor, foo=int), but expected one of:\n * (Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n * (Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n",
    "result = torch.searchsorted([1.0, 2], torch.tensor([1.5]))": "TypeError: searchsorted() received an invalid combination of arguments - got (list, Tensor), but expected one of:\n * (Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n * (Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n",
    "result = torch.searchsorted(torch.tensor([1.0, 2]), [1.5])": "TypeError: searchsorted() received an invalid combination of arguments - got (Tensor, list), but expected one of:\n * (Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n * (Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n",
    "result = torch.searchsorted(torch.tensor([1.0, 2]), torch.tensor([1.5]), right=1)": "TypeError: searchsorted() received an invalid combination of arguments - got (Tensor, Tensor, right=int), but expected one of:\n * (Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n * (Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n",
    "result = torch.searchsorted(torch.tensor([1.0, 2]), torch.tensor([1.5]), side=1)": "TypeError: searchsorted() received an invalid combination of arguments - got (Tensor, Tensor, side=int), but expected one of:\n * (Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n * (Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, str side = None, Tensor sorter = None, Tensor out = None)\n",
    "result = torch.searchsorted(torch.tensor([True, False]), torch.tensor([True]))": "NotImplementedError: \"searchsorted_out_cpu\" not implemented for 'Bool'",
    "result = torch.searchsorted(torch.tensor([True, True]), torch.tensor([0.5]))": "torch.int64 (1,) [0] rg=False",
    "result = torch.searchsorted(torch.tensor([1.0, 2], requires_grad=True), torch.tensor([1.5], requires_grad=True))": "torch.int64 (1,) [1] rg=False",
    "result = torch.tensor([1.0, 2]).searchsorted(torch.tensor([1.5]))": "AttributeError: 'Tensor' object has no attribute 'searchsorted'",
    "result = torch.bucketize(torch.tensor([3.0, 6, 9, 0, 10]), torch.tensor([1.0, 3, 5, 7, 9]))": "torch.int64 (5,) [1, 3, 4, 0, 5] rg=False",
    "result = torch.bucketize(torch.tensor([3.0, 6, 9]), torch.tensor([1.0, 3, 5, 7, 9]), right=True)": "torch.int64 (3,) [2, 3, 5] rg=False",
    "result = torch.bucketize(torch.tensor([3.0, 6, 9]), torch.tensor([1.0, 3, 5, 7, 9]), out_int32=True)": "torch.int32 (3,) [1, 3, 4] rg=False",
    "result = torch.bucketize(3.0, torch.tensor([1.0, 3, 5, 7, 9]))": "torch.int64 () 1 rg=False",
    "result = torch.bucketize(3, torch.tensor([1.0, 3, 5, 7, 9]), right=True)": "torch.int64 () 2 rg=False",
    "result = torch.bucketize(torch.tensor([[3.0, 6], [9, 0]]), torch.tensor([1.0, 3, 5, 7, 9]))": "torch.int64 (2, 2) [[1, 3], [4, 0]] rg=False",
    "result = torch.bucketize(torch.tensor([3.0, 6]), torch.tensor([[1.0, 3, 5, 7, 9]]))": "RuntimeError: boundaries tensor must be 1 dimension, but got dim(2)",
    "result = torch.bucketize(torch.tensor([3.0, 6]), torch.tensor(1.0))": "RuntimeError: boundaries tensor must be 1 dimension, but got dim(0)",
    "result = torch.bucketize(torch.tensor([3, 6]), torch.tensor([1.0, 3, 5, 7, 9]))": "torch.int64 (2,) [1, 3] rg=False",
    "result = torch.tensor([3.0, 6]).bucketize(torch.tensor([1.0, 3, 5, 7, 9]))": "AttributeError: 'Tensor' object has no attribute 'bucketize'",
    "result = torch.bucketize(torch.tensor([3.0, 6]), torch.tensor([1.0, 3, 5, 7, 9]), side='right')": "TypeError: bucketize() received an invalid combination of arguments - got (Tensor, Tensor, side=str), but expected one of:\n * (Tensor input, Tensor boundaries, *, bool out_int32 = False, bool right = False, Tensor out = None)\n * (Number self, Tensor boundaries, *, bool out_int32 = False, bool right = False)\n",
    "result = torch.bucketize(torch.tensor([3.0, 6]), [1.0, 3])": "TypeError: bucketize() received an invalid combination of arguments - got (Tensor, list), but expected one of:\n * (Tensor input, Tensor boundaries, *, bool out_int32 = False, bool right = False, Tensor out = None)\n * (Number self, Tensor boundaries, *, bool out_int32 = False, bool right = False)\n",
    "result = torch.bucketize(torch.tensor(4.0), torch.tensor([1.0, 3, 5, 7, 9]))": "torch.int64 () 2 rg=False",
    "result = torch.bucketize(torch.tensor([0.1, 0.5, 0.9]), torch.linspace(0, 1, 5))": "torch.int64 (3,) [1, 2, 4] rg=False",
    "result = torch.msort(torch.tensor([[3.0, 1], [2, 5], [1, 0]]))": "torch.float32 (3, 2) [[1.0, 0.0], [2.0, 1.0], [3.0, 5.0]] rg=False",
    "result = torch.tensor([[3.0, 1], [2, 5], [1, 0]]).msort()": "torch.float32 (3, 2) [[1.0, 0.0], [2.0, 1.0], [3.0, 5.0]] rg=False",
    "result = torch.msort(torch.tensor(3.0))": "torch.float32 () 3.0 rg=False",
    "result = torch.msort(torch.tensor([3, 1, 2]))": "torch.int64 (3,) [1, 2, 3] rg=False",
    "x = torch.tensor([[3.0, 1], [2, 5]], requires_grad=True)\nr = torch.msort(x)\n(r * torch.tensor([[1.0, 2], [3, 4]])).sum().backward()\nresult = (r.grad_fn.name(), r.stride(), x.grad)": "('SortBackward0', (2, 1), torch.float32 (2, 2) [[3.0, 2.0], [1.0, 4.0]] rg=False)",
    "result = torch.msort(torch.tensor([[3.0, 1], [2, 5]]), 0)": "TypeError: msort() takes 1 positional argument but 2 were given",
    "result = torch.msort([1, 2])": "TypeError: msort(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.msort(torch.tensor([[3.0, 1], [2, 5]]).t()).stride()": "(1, 2)",
    "result = torch.histc(torch.tensor([1.0, 2, 1]), bins=4, min=0, max=3)": "torch.float32 (4,) [0.0, 2.0, 1.0, 0.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, 2, 1, 5, -1]), bins=4, min=0, max=3)": "torch.float32 (4,) [0.0, 2.0, 1.0, 0.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, 2, 1, 3]), bins=5)": "torch.float32 (5,) [2.0, 0.0, 1.0, 0.0, 1.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, 1]), bins=4)": "torch.float32 (4,) [0.0, 0.0, 2.0, 0.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, 2, 3]), bins=4, min=2, max=2)": "torch.float32 (4,) [1.0, 0.0, 1.0, 1.0] rg=False",
    "result = torch.histc(torch.tensor([1, 2]))": "NotImplementedError: \"histogram_cpu\" not implemented for 'Long'",
    "result = torch.histc(torch.tensor([1.0, 2], dtype=torch.float64), bins=3)": "torch.float64 (3,) [1.0, 0.0, 1.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, 2]), bins=0)": "RuntimeError: torch.histogram(): bins must be > 0, but got 0 for dimension 0",
    "result = torch.histc(torch.tensor([1.0, 2]), bins=-1)": "RuntimeError: torch.histogram(): bins must be > 0, but got -1 for dimension 0",
    "result = torch.histc(torch.tensor([1.0, 2]), min=3, max=1)": "RuntimeError: torch.histc: max must be larger than min",
    "result = torch.histc(torch.tensor([1.0, float('nan')]))": "RuntimeError: torch.histc: range of [-nan, -nan] is not finite",
    "result = torch.histc(torch.tensor([1.0, float('nan')]), bins=2, min=0, max=2)": "torch.float32 (2,) [0.0, 1.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, float('inf')]))": "RuntimeError: torch.histc: range of [1, inf] is not finite",
    "result = torch.histc(torch.tensor([1.0, 2]), min=0, max=float('inf'))": "RuntimeError: torch.histc: range of [0, inf] is not finite",
    "result = torch.histc(torch.tensor([1.0, 2]), min=0.5, max=1e20)": "torch.float32 (100,) [2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0] rg=False",
    "result = torch.histc(torch.tensor([]), bins=3)": "torch.float32 (3,) [0.0, 0.0, 0.0] rg=False",
    "result = torch.histc(torch.tensor([[1.0, 2], [3, 4]]), bins=2)": "torch.float32 (2,) [2.0, 2.0] rg=False",
    "result = torch.tensor([1.0, 2]).histc(4)": "torch.float32 (4,) [1.0, 0.0, 0.0, 1.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, 2], requires_grad=True), bins=2)": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "result = torch.histc(torch.tensor([1.0, 2]), bins=2.0)": "TypeError: histc(): argument 'bins' must be int, not float",
    "result = torch.histc(torch.tensor([1.0, 2]), bins=2, min='a')": "TypeError: histc(): argument 'min' must be Number, not str",
    "result = torch.histc(torch.tensor([1.0, 2], dtype=torch.float16), bins=2)": "torch.float16 (2,) [1.0, 1.0] rg=False",
    "result = torch.histc(torch.tensor([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]), bins=10, min=0, max=1)": "torch.float32 (10,) [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0] rg=False",
    "result = torch.histc(torch.arange(100.0) / 10, bins=7, min=0.3, max=9.1)": "torch.float32 (7,) [13.0, 13.0, 12.0, 13.0, 12.0, 13.0, 13.0] rg=False",
    # torch's once-per-process warnings for non-contiguous operands (one case each), and an
    # empty input returning before the dtype dispatch
    "t = torch.arange(12.0).reshape(4, 3)\nresult = torch.searchsorted(torch.tensor([1.0, 5]), t[:, 0])": "torch.int64 (4,) [0, 1, 2, 2] rg=False | warns: torch.searchsorted(): input value tensor is non-contiguous, ",
    "t = torch.arange(12.0).reshape(4, 3)\nresult = torch.searchsorted(t[:, 0], torch.tensor([1.0, 5]))": "torch.int64 (2,) [1, 2] rg=False | warns: torch.searchsorted(): boundary tensor is non-contiguous, thi",
    "s = torch.tensor([[0, 5], [1, 6], [2, 7], [3, 8]])[:, 0]\nresult = torch.searchsorted(torch.tensor([1.0, 2, 3, 4]), torch.tensor([2.5]), sorter=s)": "torch.int64 (1,) [2] rg=False | warns: torch.searchsorted(): sorter tensor is non-contiguous, this ",
    "t = torch.arange(12.0).reshape(4, 3)\nresult = torch.searchsorted(torch.tensor([1.0, 5]), t[:0, 0])": "torch.int64 (0,) [] rg=False",
    "result = torch.searchsorted(torch.tensor([True, False]), torch.tensor([], dtype=torch.bool))": "torch.int64 (0,) [] rg=False",
    # Tensor.msort takes no arguments (CPython's METH_NOARGS texts); histc takes no axis
    "result = torch.tensor([[3.0, 1], [2, 5]]).msort(0)": "TypeError: TensorBase.msort() takes no arguments (1 given)",
    "result = torch.tensor([[3.0, 1], [2, 5]]).msort(axis=0)": "TypeError: TensorBase.msort() takes no keyword arguments",
    "result = torch.msort(torch.tensor([[3.0, 1], [2, 5]]), axis=0)": "TypeError: msort() got an unexpected keyword argument 'axis'",
    "result = torch.tensor([1.0, 2]).histc(bins=2, axis=0)": "TypeError: histc() got an unexpected keyword argument 'axis'",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_bucketing_ops_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_bucketing_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _answers(module: ModuleType, seed: int, dtype: str) -> list:
    """searchsorted (ties, NaNs, a sorter, right) and histc (a given or the data's range) on
    random inputs, as comparable bytes or error texts."""
    rng = np.random.default_rng(seed)
    count = int(rng.integers(0, 40))
    scale = rng.choice([1, 0.5, 0.1]) if dtype.startswith("float") else 1
    boundaries = np.sort(rng.integers(-5, 5, count) * scale).astype(dtype)
    values = (rng.integers(-6, 6, (3, 4)) * scale).astype(dtype)
    if dtype.startswith("float") and seed % 3 == 0:
        values[0, 0] = np.nan
        if count:
            boundaries[-1] = np.nan
    sorter = None
    if seed % 2:
        permutation = rng.permutation(count)
        sorter = module.tensor(np.argsort(permutation, kind="stable"))
        boundaries = boundaries[permutation]
    right = bool(rng.integers(0, 2))
    found = module.searchsorted(
        module.tensor(boundaries), module.tensor(values), right=right, sorter=sorter
    )
    answers: list = [str(found.dtype), found.numpy().tobytes()]
    data_dtype = dtype if dtype.startswith("float") else "float32"
    data = (rng.standard_normal(int(rng.integers(0, 200))) * 3).astype(data_dtype)
    low, high = (0, 0) if seed % 4 < 2 else (-rng.random() * 4, rng.random() * 4)
    bins = int(rng.integers(1, 30))
    try:
        histogram = module.histc(module.tensor(data), bins=bins, min=low, max=high)
        answers += [str(histogram.dtype), histogram.numpy().tobytes()]
    except RuntimeError as failure:
        answers.append(str(failure))
    return answers


@pytest.mark.torch
@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dtype=st.sampled_from(["float16", "float32", "float64", "int64", "int32"]),
)
def test_searchsorted_and_histc_bit_for_bit(seed: int, dtype: str) -> None:
    torch = pytest.importorskip("torch")
    assert _answers(engine, seed, dtype) == _answers(torch, seed, dtype)
