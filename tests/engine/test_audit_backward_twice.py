# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""A second backward through the indexing nodes, and the saved tensors torch checks (issue 2,
the differential audit's R08 and R18).  torch's IndexBackward0, IndexSelectBackward0,
GatherBackward0 (take_along_dim's too), MaskedSelectBackward0, IndexPutBackward0 and
CopySlices save tensors that a backward without ``retain_graph`` frees, so a second backward
raises "Trying to backward through the graph a second time"; gather, masked_select and
nll_loss save their input, so modifying it in place raises at backward; an output of
split/chunk/unbind whose base changed in place raises when next used (STALE_VIEWS).  The goldens were
captured from torch 2.13 with ``audit_outcomes.goldens``."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine import errors

# torch 2.13's message for a second backward through freed saved tensors
SECOND_TIME = (
    "RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). "
    "Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). "
    "Specify retain_graph=True if you need to backward through the graph a second time "
    "or if you need to access saved tensors after calling backward."
)

SECOND_BACKWARD = {
    "w = torch.tensor([2., 3., 4.], requires_grad=True); out = w * 1; out[:2] = 0; y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2., 3., 4.], requires_grad=True); out = w * 1; out[out > 2] = 0.; y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2., 3., 4.], requires_grad=True); out = w * 1; out[torch.tensor([0, 1])] = 5.; y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2., 3., 4.], requires_grad=True); out = w + 0; out[0].fill_(1); y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2., 3.], requires_grad=True); out = torch.zeros(3); out.index_put_((torch.tensor([0, 0]),), w, accumulate=True); y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2., 3.], requires_grad=True); out = torch.zeros(3); out[0] = w[0]; y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2., 3.], requires_grad=True); out = torch.zeros(3); out[:2] = w; y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2., 3.], requires_grad=True); out = torch.zeros(3); out[torch.tensor([0, 1])] = w; y = out.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2.], requires_grad=True); b = torch.ones(3); x = b[:2]; x.add_(w); y = b.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "w = torch.tensor([2.], requires_grad=True); x = torch.ones(3)[:2]; x.mul_(w); y = x.sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.ones(2, 3, requires_grad=True); y = x[[0, 1], [1, 2]].sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.ones(3, requires_grad=True); y = x.split(1)[0].sum(); y.backward(); y.backward(); result = 'twice'": "'twice'",
    "x = torch.ones(3, requires_grad=True); y = x.unbind()[0]; y.backward(); y.backward(); result = 'twice'": "'twice'",
    "x = torch.ones(3, requires_grad=True); y = x[[True, False, True]].sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x.index_select(0, torch.tensor([0])).sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x.masked_fill(torch.tensor([True, False, True]), 0.).sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x.masked_select(torch.tensor([True, False, True])).sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[1:].sum(); y.backward(); y.backward(); result = 'twice'": "'twice'",
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[1]; y.backward(); y.backward(); result = 'twice'": "'twice'",
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[[0, 2]].sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[[0, 2]].sum(); y.backward(retain_graph=True); y.backward(); result = 'twice'": "'twice'",
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[torch.tensor(1)].sum(); y.backward(); y.backward(); result = 'twice'": "'twice'",
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[torch.tensor([0, 1])].sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[torch.tensor([0, 1])].sum(); y.backward(retain_graph=True); y.backward(); result = 'twice'": "'twice'",
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[x > 1].sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([1., 2., 3.], requires_grad=True); y = x[x > 1].sum(); y.backward(retain_graph=True); y.backward(); result = 'twice'": "'twice'",
    "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True); y = torch.take_along_dim(x, torch.tensor([[0], [1]]), 1).sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
    "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True); y = x.gather(1, torch.tensor([[0], [1]])).sum(); y.backward(); y.backward(); result = 'twice'": SECOND_TIME,
}
VERSIONS = {
    "x = torch.tensor([0.5, 1.25, 2.0], requires_grad=True); a = x * 1; i = torch.tensor([0, 2]); out = a[i]\ni.add_(0)\nout.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([0.5, 1.25, 2.0], requires_grad=True); a = x * 1; m = torch.tensor([True, False, True]); out = a.masked_select(m)\nm.copy_(torch.tensor([False, True, True]))\nout.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [CPUBoolType [3]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([0.5, 1.25, 2.0], requires_grad=True); a = x * 1; out = a.masked_select(torch.tensor([True, False, True]))\nwith torch.no_grad(): a.add_(1)\nout.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([0.5, 1.25, 2.0], requires_grad=True); a = x * 1; out = a[[0, 2]]\nwith torch.no_grad(): a.add_(1)\nout.sum().backward(); result = x.grad": "torch.float32 (3,) [1.0, 0.0, 1.0] rg=False",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; i = torch.tensor([[0], [1]]); out = a.gather(1, i)\ni.add_(0)\nout.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [2, 1]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; out = a.gather(1, torch.tensor([[0], [1]]))\nwith torch.no_grad(): a.add_(1)\nout.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2, 3]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.chunk(2)\nwith torch.no_grad(): a.add_(1)\nq.sum().backward()": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\np.sum().backward()": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = a.view(6).grad_fn.name()": "'ViewBackward0'",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.grad_fn": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): p.add_(1)\nq.sum().backward()": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): p.add_(1)\nresult = q.grad_fn": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split([1, 1])\nwith torch.no_grad(): a.add_(1)\np.sum().backward()": "RuntimeError: Output 0 of SplitWithSizes is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.unbind()\nwith torch.no_grad(): a.add_(1)\np.sum().backward()": "RuntimeError: Output 0 of Unbind is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25], [2.0, 1.]], requires_grad=True); a = F.log_softmax(x, 1); t = torch.tensor([0, 1]); out = F.nll_loss(a, t)\nt.add_(0)\nout.backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([[0.5, 1.25], [2.0, 1.]], requires_grad=True); a = x * 1; i = torch.tensor([1, 0]); out = a.index_select(0, i)\ni.add_(0)\nout.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([[0.5, 1.25], [2.0, 1.]], requires_grad=True); a = x * 1; out = F.nll_loss(a, torch.tensor([0, 1]))\nwith torch.no_grad(): a.add_(1)\nout.backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2, 2]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([[0.5, 1.25], [2.0, 1.]], requires_grad=True); a = x * 1; out = a.index_select(0, torch.tensor([1, 0]))\nwith torch.no_grad(): a.add_(1)\nout.sum().backward(); result = x.grad": "torch.float32 (2, 2) [[1.0, 1.0], [1.0, 1.0]] rg=False",
    "x = torch.tensor([[0.5, 1.25], [2.0, 1.]], requires_grad=True); a = x * 1; out = torch.take_along_dim(a, torch.tensor([[0], [1]]), 1)\nwith torch.no_grad(): a.add_(1)\nout.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2, 2]], which is output 0 of AsStrided, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.tensor([[0.5, 1.25], [2.0, 1.]], requires_grad=True); out = F.cross_entropy(x * 1, torch.tensor([0, 1]))\nout.backward(); result = x.grad": "torch.float32 (2, 2) [[-0.339589, 0.339589], [0.365529, -0.365529]] rg=False",
}

# An output of split/chunk/unbind (or a view of one) whose base or another view of the base
# was modified in place: torch raises as soon as it is used in an op that records (or its
# grad_fn, is_leaf, retain_grad, register_hook are asked for), naming that output; saved
# before the change, it raises when backward unpacks it (a node's two saved tensors in torch's
# order: the second, other/mat2, before self). no_grad use, detach, comparisons, printing work.
STALE_VIEWS = {
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = q * 2": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = torch.cat([q, p])": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = torch.cat([p, q])": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.clone()": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p[0]": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = F.relu(q)": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = (p.is_leaf)": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = repr(p)": "'tensor([[1.5000, 2.2500, 3.0000]], grad_fn=<Invalid>)'",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.detach()": "torch.float32 (1, 3) [[1.5, 2.25, 3.0]] rg=False",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = (p > 2, p.requires_grad, p.shape, type(p).__name__)": "(torch.bool (1, 3) [[False, True, True]] rg=False, True, (1, 3), 'Tensor')",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nwith torch.no_grad(): result = p.sum()": "torch.float32 () 6.75 rg=False",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.retain_grad()": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.register_hook(lambda g: g)": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.add_(1)": "RuntimeError: Output 0 of Split is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): p.mul_(2)\nresult = q.sum()": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): p.mul_(2)\nresult = p.sum()": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): q.mul_(2)\nresult = p + q": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split([1, 1])\nwith torch.no_grad(): a.add_(1)\nresult = q.exp()": "RuntimeError: Output 1 of SplitWithSizes is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; u, v = a.unbind()\nwith torch.no_grad(): a.add_(1)\nresult = v.sum()": "RuntimeError: Output 1 of Unbind is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; c = a.chunk(3, 1)\nwith torch.no_grad(): a.add_(1)\nresult = c[2].sum()": "RuntimeError: Output 2 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1); w = q[0]\nwith torch.no_grad(): a.add_(1)\nresult = w * 2": "RuntimeError: Output 0 of Select is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1); y = (p * q).sum()\nwith torch.no_grad(): a.add_(1)\ny.backward(); result = x.grad": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1); y = (p * 2 + q * 3).sum()\nwith torch.no_grad(): a.add_(1)\ny.backward(); result = x.grad": "torch.float32 (2, 3) [[2.0, 2.0, 2.0], [3.0, 3.0, 3.0]] rg=False",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.mean().backward()": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.backward(torch.ones(1, 3))": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = a.sum()": "torch.float32 () 13.1 rg=True",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = (p.float() is p, p.contiguous() is p)": "(True, True)",
    "x = torch.tensor([[0.5, 1.25, 2.0], [1.5, 0.75, 1.1]], requires_grad=True); a = x * 1; p, q = a.split(1)\nwith torch.no_grad(): a.add_(1)\nresult = p.to(torch.float64)": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.ones(2, 3, requires_grad=True); a = x * 1; b = x[0] * 2; y = (a * b).sum()\nwith torch.no_grad(): a.add_(1); b.add_(1)\ny.backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.ones(2, 3, requires_grad=True); a = x * 1; b = x[0] * 2; y = (b * a).sum()\nwith torch.no_grad(): a.add_(1); b.add_(1)\ny.backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2, 3]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.ones(2, 3, requires_grad=True); a = x * 1; b = x[0] * 2; y = torch.div(a, b).sum()\nwith torch.no_grad(): a.add_(1); b.add_(1)\ny.backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of Mul, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "x = torch.ones(2, 3, requires_grad=True); a = x * 1; p, q = a.split(1); y = (q * p).sum()\nwith torch.no_grad(): a.add_(1)\ny.backward()": "RuntimeError: Output 0 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.ones(2, 3, requires_grad=True); a = x * 1; p, q = a.split(1); y = (p / q).sum()\nwith torch.no_grad(): a.add_(1)\ny.backward()": "RuntimeError: Output 1 of Split is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "x = torch.ones(2, 3, requires_grad=True); a = x * 1; p, q = a.split(1); y = (p @ q.t()).sum()\nwith torch.no_grad(): a.add_(1)\ny.backward()": "RuntimeError: Output 0 of T is a view and its base or another view of its base has been modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
}


@pytest.mark.parametrize("code", sorted(SECOND_BACKWARD))
def test_second_backward_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == SECOND_BACKWARD[code]


@pytest.mark.parametrize("code", sorted(VERSIONS))
def test_saved_tensor_checks_match_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == VERSIONS[code]


@pytest.mark.parametrize("code", sorted(STALE_VIEWS))
def test_stale_multi_output_views_match_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == STALE_VIEWS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(SECOND_BACKWARD) + sorted(VERSIONS) + sorted(STALE_VIEWS))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    want = {**SECOND_BACKWARD, **VERSIONS, **STALE_VIEWS}[code]
    assert outcome(real_torch, code, with_warnings=False) == want


_OPS = {
    "list": lambda x, i: x[i],
    "tensor": lambda x, i: x[_tensor(x, i)],
    "index_select": lambda x, i: x.index_select(0, _tensor(x, i)),
    "gather": lambda x, i: x.gather(0, _tensor(x, i)),
    "take_along_dim": lambda x, i: _torch(x).take_along_dim(x, _tensor(x, i), 0),
    "setitem": lambda x, i: _setitem(x, i),
}


def _torch(x: object) -> ModuleType:
    return engine if isinstance(x, engine.Tensor) else __import__("torch")


def _tensor(x: object, i: list[int]) -> object:
    return _torch(x).tensor(i)


def _setitem(x: object, i: list[int]) -> object:
    out = _torch(x).zeros(len(i) + 3)
    out[: len(i)] = x[0] * 1 if len(i) == 1 else x[: len(i)] if len(i) <= 3 else x[0]
    return out


def _second_backward(torch: ModuleType, op: str, values: list[float], index: list[int]) -> tuple:
    x = torch.tensor(values, requires_grad=True)
    y = (_OPS[op](x, index) * 2).sum()
    y.backward(retain_graph=True)
    y.backward()
    first = x.grad.tolist()
    try:
        y.backward()
        return first, "no error"
    except RuntimeError as failure:
        return first, str(failure)


_CASES = st.tuples(
    st.sampled_from(sorted(_OPS)),
    st.lists(st.floats(-4, 4, width=32), min_size=3, max_size=3),
    st.lists(st.integers(0, 2), min_size=1, max_size=4),
)


@settings(max_examples=60, deadline=None)
@given(case=_CASES)
def test_a_third_backward_raises_after_a_retained_one(case: tuple) -> None:
    op, values, index = case
    gradient, failure = _second_backward(engine, op, values, index)
    assert failure == str(errors.error("backward_twice"))
    assert np.isfinite(gradient).all()


@pytest.mark.torch
@settings(max_examples=60, deadline=None)
@given(case=_CASES)
def test_backward_twice_as_torch(case: tuple, real_torch: ModuleType) -> None:
    assert _second_backward(engine, *case) == _second_backward(real_torch, *case)
