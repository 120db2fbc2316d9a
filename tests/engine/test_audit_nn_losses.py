# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch.nn.functional losses and their modules that students' PyTorch code calls and the
engine lacked: F.smooth_l1_loss (beta), F.huber_loss (delta, weight), F.soft_margin_loss,
F.kl_div (reduction incl. 'batchmean' and the warning for 'mean', log_target) and
nn.SmoothL1Loss, nn.HuberLoss, nn.KLDivLoss, nn.SoftMarginLoss.  The goldens were captured
from torch 2.13 with ``audit_outcomes.outcome``; the torch-marked twin checks they are still
torch's, a torch-marked differential compares values and gradients over random inputs
(last-place rates: see docs/engine-internals.md)."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

GOLDENS = {
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='mean')": "torch.float32 () 0.920833 rg=False",
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='mean', beta=0.5)": "torch.float32 () 1.09833 rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='mean')": "torch.float32 () 0.920833 rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='mean', delta=0.3)": "torch.float32 () 0.355833 rg=False",
    "result = F.soft_margin_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]), reduction='mean')": "torch.float32 () 0.762465 rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]), reduction='mean')": "torch.float32 () -0.012456 rg=False | warns: reduction: 'mean' divides the total loss by both the batch s",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), reduction='mean', log_target=True)": "torch.float32 () 0.0 rg=False | warns: reduction: 'mean' divides the total loss by both the batch s",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).requires_grad_()\nr = F.smooth_l1_loss(x, y, reduction='mean', beta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('SmoothL1LossBackward0', 'SmoothL1LossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 () 1.01905 rg=True, torch.float32 (2, 3) [[-0.166667, -0.119048, 0.166667], [-0.0476191, -0.142857, 0.166667]] rg=True, torch.float32 (2, 3) [[0.166667, 0.119048, -0.166667], [0.0476191, 0.142857, -0.166667]] rg=True, torch.float32 (2, 3) [[0.166667, -0.0566893, -0.166667], [0.00113379, 0.170068, -0.166667]] rg=False, torch.float32 (2, 3) [[0.0, 0.175737, 0.0], [0.0464853, -0.0272109, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).requires_grad_()\nr = F.huber_loss(x, y, reduction='mean', delta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('HuberLossBackward0', 'HuberLossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 () 0.713333 rg=True, torch.float32 (2, 3) [[-0.116667, -0.0833333, 0.116667], [-0.0333333, -0.1, 0.116667]] rg=True, torch.float32 (2, 3) [[0.116667, 0.0833333, -0.116667], [0.0333333, 0.1, -0.116667]] rg=True, torch.float32 (2, 3) [[0.116667, -0.0277778, -0.116667], [0.00555556, 0.133333, -0.116667]] rg=False, torch.float32 (2, 3) [[0.0, 0.111111, 0.0], [0.0277778, -0.0333333, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).double().requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).double().requires_grad_()\nr = F.smooth_l1_loss(x, y, reduction='mean', beta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('SmoothL1LossBackward0', 'SmoothL1LossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float64 () 1.01905 rg=True, torch.float64 (2, 3) [[-0.166667, -0.119048, 0.166667], [-0.0476191, -0.142857, 0.166667]] rg=True, torch.float64 (2, 3) [[0.166667, 0.119048, -0.166667], [0.0476191, 0.142857, -0.166667]] rg=True, torch.float64 (2, 3) [[0.166667, -0.0566893, -0.166667], [0.00113379, 0.170068, -0.166667]] rg=False, torch.float64 (2, 3) [[0.0, 0.175737, 0.0], [0.0464853, -0.0272109, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\nr = F.soft_margin_loss(x, torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]), reduction='mean')\n(g,) = torch.autograd.grad(r.sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (r.grad_fn.name(), g.grad_fn.name(), [type(n).__name__ for n, _ in r.grad_fn.next_functions], r, g, h)": "('SoftMarginLossBackward0', 'SoftMarginLossBackwardBackward0', ['AccumulateGrad'], torch.float32 () 0.762465 rg=True, torch.float32 (2, 3) [[-0.1468, 0.103743, -0.00790431], [0.0874965, 0.0668854, -0.0257442]] rg=True, torch.float32 (2, 3) [[-0.00513767, 0.00812668, -0.00011903], [0.00727318, 0.00535664, -0.00112078]] rg=False)",
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='sum')": "torch.float32 () 5.525 rg=False",
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='sum', beta=0.5)": "torch.float32 () 6.59 rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='sum')": "torch.float32 () 5.525 rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='sum', delta=0.3)": "torch.float32 () 2.135 rg=False",
    "result = F.soft_margin_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]), reduction='sum')": "torch.float32 () 4.57479 rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]), reduction='sum')": "torch.float32 () -0.074736 rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), reduction='sum', log_target=True)": "torch.float32 () 0.0 rg=False",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).requires_grad_()\nr = F.smooth_l1_loss(x, y, reduction='sum', beta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('SmoothL1LossBackward0', 'SmoothL1LossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 () 6.11429 rg=True, torch.float32 (2, 3) [[-1.0, -0.714286, 1.0], [-0.285714, -0.857143, 1.0]] rg=True, torch.float32 (2, 3) [[1.0, 0.714286, -1.0], [0.285714, 0.857143, -1.0]] rg=True, torch.float32 (2, 3) [[1.0, -2.04082, -1.0], [-0.673469, -1.02041, -1.0]] rg=False, torch.float32 (2, 3) [[0.0, 2.7551, 0.0], [0.959184, 1.87755, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).requires_grad_()\nr = F.huber_loss(x, y, reduction='sum', delta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('HuberLossBackward0', 'HuberLossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 () 4.28 rg=True, torch.float32 (2, 3) [[-0.7, -0.5, 0.7], [-0.2, -0.6, 0.7]] rg=True, torch.float32 (2, 3) [[0.7, 0.5, -0.7], [0.2, 0.6, -0.7]] rg=True, torch.float32 (2, 3) [[0.7, -1.0, -0.7], [-0.3, -0.2, -0.7]] rg=False, torch.float32 (2, 3) [[0.0, 1.5, 0.0], [0.5, 0.8, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).double().requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).double().requires_grad_()\nr = F.smooth_l1_loss(x, y, reduction='sum', beta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('SmoothL1LossBackward0', 'SmoothL1LossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float64 () 6.11429 rg=True, torch.float64 (2, 3) [[-1.0, -0.714286, 1.0], [-0.285714, -0.857143, 1.0]] rg=True, torch.float64 (2, 3) [[1.0, 0.714286, -1.0], [0.285714, 0.857143, -1.0]] rg=True, torch.float64 (2, 3) [[1.0, -2.04082, -1.0], [-0.673469, -1.02041, -1.0]] rg=False, torch.float64 (2, 3) [[0.0, 2.7551, 0.0], [0.959184, 1.87755, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\nr = F.soft_margin_loss(x, torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]), reduction='sum')\n(g,) = torch.autograd.grad(r.sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (r.grad_fn.name(), g.grad_fn.name(), [type(n).__name__ for n, _ in r.grad_fn.next_functions], r, g, h)": "('SoftMarginLossBackward0', 'SoftMarginLossBackwardBackward0', ['AccumulateGrad'], torch.float32 () 4.57479 rg=True, torch.float32 (2, 3) [[-0.880797, 0.622459, -0.0474259], [0.524979, 0.401312, -0.154465]] rg=True, torch.float32 (2, 3) [[-0.184956, 0.292561, -0.00428509], [0.261834, 0.192839, -0.0403481]] rg=False)",
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='none')": "torch.float32 (2, 3) [[1.5, 0.125, 1.5], [0.02, 0.18, 2.2]] rg=False",
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='none', beta=0.5)": "torch.float32 (2, 3) [[1.75, 0.25, 1.75], [0.04, 0.35, 2.45]] rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='none')": "torch.float32 (2, 3) [[1.5, 0.125, 1.5], [0.02, 0.18, 2.2]] rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), reduction='none', delta=0.3)": "torch.float32 (2, 3) [[0.555, 0.105, 0.555], [0.02, 0.135, 0.765]] rg=False",
    "result = F.soft_margin_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]), reduction='none')": "torch.float32 (2, 3) [[2.12693, 0.974077, 0.0485874], [0.744397, 0.513015, 0.167786]] rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]), reduction='none')": "torch.float32 (2, 3) [[-0.0818876, -0.146574, 0.238808], [0.0, -0.00482449, -0.0802585]] rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), reduction='none', log_target=True)": "torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).requires_grad_()\nr = F.smooth_l1_loss(x, y, reduction='none', beta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('SmoothL1LossBackward0', 'SmoothL1LossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 (2, 3) [[1.65, 0.178571, 1.65], [0.0285714, 0.257143, 2.35]] rg=True, torch.float32 (2, 3) [[-1.0, -0.714286, 1.0], [-0.285714, -0.857143, 1.0]] rg=True, torch.float32 (2, 3) [[1.0, 0.714286, -1.0], [0.285714, 0.857143, -1.0]] rg=True, torch.float32 (2, 3) [[1.0, -2.04082, -1.0], [-0.673469, -1.02041, -1.0]] rg=False, torch.float32 (2, 3) [[0.0, 2.7551, 0.0], [0.959184, 1.87755, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).requires_grad_()\nr = F.huber_loss(x, y, reduction='none', delta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('HuberLossBackward0', 'HuberLossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 (2, 3) [[1.155, 0.125, 1.155], [0.02, 0.18, 1.645]] rg=True, torch.float32 (2, 3) [[-0.7, -0.5, 0.7], [-0.2, -0.6, 0.7]] rg=True, torch.float32 (2, 3) [[0.7, 0.5, -0.7], [0.2, 0.6, -0.7]] rg=True, torch.float32 (2, 3) [[0.7, -1.0, -0.7], [-0.3, -0.2, -0.7]] rg=False, torch.float32 (2, 3) [[0.0, 1.5, 0.0], [0.5, 0.8, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).double().requires_grad_()\ny = torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).double().requires_grad_()\nr = F.smooth_l1_loss(x, y, reduction='none', beta=0.7)\n(gx, gy) = torch.autograd.grad(r.sum(), (x, y), create_graph=True)\n(hx, hy) = torch.autograd.grad((gx * gx).sum() + (gy * x).sum(), (x, y))\nresult = (r.grad_fn.name(), gx.grad_fn.name(), [type(n).__name__ for n, _ in gx.grad_fn.next_functions], r, gx, gy, hx, hy)": "('SmoothL1LossBackward0', 'SmoothL1LossBackwardBackward0', ['NoneType', 'AccumulateGrad', 'AccumulateGrad'], torch.float64 (2, 3) [[1.65, 0.178571, 1.65], [0.0285714, 0.257143, 2.35]] rg=True, torch.float64 (2, 3) [[-1.0, -0.714286, 1.0], [-0.285714, -0.857143, 1.0]] rg=True, torch.float64 (2, 3) [[1.0, 0.714286, -1.0], [0.285714, 0.857143, -1.0]] rg=True, torch.float64 (2, 3) [[1.0, -2.04082, -1.0], [-0.673469, -1.02041, -1.0]] rg=False, torch.float64 (2, 3) [[0.0, 2.7551, 0.0], [0.959184, 1.87755, 0.0]] rg=False)",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\nr = F.soft_margin_loss(x, torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]), reduction='none')\n(g,) = torch.autograd.grad(r.sum(), x, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), x)\nresult = (r.grad_fn.name(), g.grad_fn.name(), [type(n).__name__ for n, _ in r.grad_fn.next_functions], r, g, h)": "('SoftMarginLossBackward0', 'SoftMarginLossBackwardBackward0', ['AccumulateGrad'], torch.float32 (2, 3) [[2.12693, 0.974077, 0.0485874], [0.744397, 0.513015, 0.167786]] rg=True, torch.float32 (2, 3) [[-0.880797, 0.622459, -0.0474259], [0.524979, 0.401312, -0.154465]] rg=True, torch.float32 (2, 3) [[-0.184956, 0.292561, -0.00428509], [0.261834, 0.192839, -0.0403481]] rg=False)",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]), reduction='batchmean')": "torch.float32 () -0.037368 rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]))": "torch.float32 () -0.012456 rg=False | warns: reduction: 'mean' divides the total loss by both the batch s",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]])[0], torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]])[0], reduction='batchmean')": "torch.float32 () 0.003449 rg=False",
    "result = F.kl_div(torch.tensor(-1.0), torch.tensor(0.5), reduction='batchmean')": "torch.float32 () 0.153426 rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]), size_average=False)": "torch.float32 () -0.074736 rg=False | warns: size_average and reduce args will be deprecated, please use ",
    "x = torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]).requires_grad_()\nr = F.kl_div(x, torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]), reduction='batchmean')\nr.backward()\nresult = (r.grad_fn.name(), [type(n).__name__ for n, _ in r.grad_fn.next_functions], x.grad)": "('DivBackward0', ['SumBackward0', 'NoneType'], torch.float32 (2, 3) [[-0.1, -0.25, -0.15], [-0.0, -0.45, -0.05]] rg=False)",
    "x = torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]).requires_grad_()\nr = F.kl_div(x, torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]), reduction='none')\nr.sum().backward()\nresult = (r.grad_fn.name(), [type(n).__name__ for n, _ in r.grad_fn.next_functions], x.grad)": "('SubBackward0', ['NoneType', 'MulBackward0'], torch.float32 (2, 3) [[-0.2, -0.5, -0.3], [-0.0, -0.9, -0.1]] rg=False)",
    "x = torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]).requires_grad_()\nr = F.kl_div(x, torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), reduction='sum', log_target=True)\nr.backward()\nresult = (r.grad_fn.name(), x.grad)": "('SumBackward0', torch.float32 (2, 3) [[-0.301194, -0.67032, -0.135335], [-0.0497871, -0.904837, -0.22313]] rg=False)",
    "result = F.kl_div(torch.tensor([-1.0, -2.0]), torch.tensor([0.0, float('nan')]), reduction='none')": "torch.float32 (2,) [0.0, nan] rg=False",
    "result = F.kl_div(torch.arange(3), torch.arange(3), reduction='sum')": "RuntimeError: kl_div: Integral inputs not supported.",
    "result = F.kl_div(torch.ones(3), torch.ones(3), reduction='foo')": "ValueError: foo is not a valid value for reduction",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]).double(), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]).double(), reduction='sum')": "torch.float64 () -0.074736 rg=False",
    "result = F.kl_div(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]).half(), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]).half(), reduction='sum')": "torch.float16 () -0.0750122 rg=False",
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), beta=0.0)": "torch.float32 () 1.33333 rg=False",
    "x = torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).requires_grad_()\nr = F.smooth_l1_loss(x, torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), beta=0.0)\nr.backward()\nresult = (r.grad_fn.name(), x.grad)": "('MeanBackward0', torch.float32 (2, 3) [[-0.166667, -0.166667, 0.166667], [-0.166667, -0.166667, 0.166667]] rg=False)",
    "result = F.smooth_l1_loss(torch.ones(2), torch.zeros(2), beta=-1)": "RuntimeError: smooth_l1_loss does not support negative values for beta.",
    "result = F.huber_loss(torch.ones(2), torch.zeros(2), delta=0)": "RuntimeError: huber_loss does not support non-positive values for delta.",
    "result = F.smooth_l1_loss(torch.ones(2, 3), torch.zeros(3))": "torch.float32 () 0.5 rg=False | warns: Using a target size (torch.Size([3])) that is different to t",
    "result = F.huber_loss(torch.ones(2, 3), torch.zeros(3), reduction='sum')": "torch.float32 () 3.0 rg=False | warns: Using a target size (torch.Size([3])) that is different to t",
    "result = F.smooth_l1_loss(torch.arange(3), torch.ones(3))": "torch.float32 () 0.333333 rg=False",
    "result = F.smooth_l1_loss(torch.ones(3).double(), torch.ones(3))": "torch.float64 () 0.0 rg=False",
    "result = F.huber_loss(torch.arange(3), torch.arange(3))": "NotImplementedError: \"huber_cpu\" not implemented for 'Long'",
    "result = F.smooth_l1_loss(torch.ones(3), torch.ones(3), reduction='foo')": "ValueError: foo is not a valid value for reduction",
    "result = F.huber_loss(torch.ones(3), torch.ones(3), reduction='foo')": "ValueError: foo is not a valid value for reduction",
    "result = F.soft_margin_loss(torch.ones(3), torch.ones(3), reduction='foo')": "ValueError: foo is not a valid value for reduction",
    "result = F.smooth_l1_loss([1.0], torch.ones(3))": "AttributeError: 'list' object has no attribute 'size'",
    "result = F.smooth_l1_loss(torch.ones(3), torch.ones(3), size_average=False)": "torch.float32 () 0.0 rg=False | warns: size_average and reduce args will be deprecated, please use ",
    "result = F.smooth_l1_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).half(), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).half(), beta=0.5)": "torch.float16 () 1.09766 rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).double(), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]).double(), delta=0.5)": "torch.float64 () 0.549167 rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), weight=torch.tensor([[1.0, 2.0, 0.5], [0.0, 1.0, 3.0]]))": "torch.float32 () 1.54667 rg=False",
    "result = F.huber_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]), weight=torch.ones(3))": "ValueError: Weights and input must have the same size.",
    "result = F.soft_margin_loss(torch.ones(2, 3), torch.ones(3))": "torch.float32 () 0.313262 rg=False",
    "result = F.soft_margin_loss(torch.ones(3), torch.ones(2, 3))": "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]",
    "result = F.soft_margin_loss(torch.arange(3), torch.ones(3))": "RuntimeError: result type Float can't be cast to the desired output type Long",
    "result = F.soft_margin_loss(torch.ones(3), torch.arange(3))": "torch.float32 () 0.377779 rg=False",
    "result = F.soft_margin_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).double(), torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]).double())": "torch.float64 () 0.762465 rg=False",
    "result = F.soft_margin_loss(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]).half(), torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]).half(), reduction='none')": "torch.float16 (2, 3) [[2.12695, 0.974121, 0.048584], [0.744629, 0.513184, 0.167725]] rg=False",
    "result = F.smooth_l1_loss(torch.zeros(0), torch.zeros(0))": "torch.float32 () nan rg=False",
    "result = F.soft_margin_loss(torch.tensor([100.0, -100.0]), torch.tensor([-1.0, -1.0]), reduction='none')": "torch.float32 (2,) [inf, 3.92364e-44] rg=False",
    "result = [repr(m) for m in (torch.nn.SmoothL1Loss(), torch.nn.SmoothL1Loss(beta=0.5), torch.nn.HuberLoss(delta=2.0), torch.nn.KLDivLoss(reduction='batchmean', log_target=True), torch.nn.SoftMarginLoss())]": "['SmoothL1Loss()', 'SmoothL1Loss()', 'HuberLoss()', 'KLDivLoss()', 'SoftMarginLoss()']",
    "m = torch.nn.SmoothL1Loss(reduction='sum', beta=0.5)\nresult = (m.reduction, m.beta)": "('sum', 0.5)",
    "m = torch.nn.HuberLoss('none', 0.3)\nresult = (m.reduction, m.delta)": "('none', 0.3)",
    "m = torch.nn.KLDivLoss(reduction='batchmean', log_target=True)\nresult = (m.reduction, m.log_target)": "('batchmean', True)",
    "result = torch.nn.SmoothL1Loss(size_average=False).reduction": "'sum' | warns: size_average and reduce args will be deprecated, please use ",
    "result = torch.nn.SmoothL1Loss(beta=0.5)(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]))": "torch.float32 () 1.09833 rg=False",
    "result = torch.nn.HuberLoss(delta=0.5)(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[0.0, 1.0, 1.0], [0.3, 0.2, -1.0]]))": "torch.float32 () 0.549167 rg=False",
    "result = torch.nn.KLDivLoss(reduction='batchmean')(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]))": "torch.float32 () -0.037368 rg=False",
    "result = torch.nn.KLDivLoss()(torch.tensor([[-1.2, -0.4, -2.0], [-3.0, -0.1, -1.5]]), torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.9, 0.1]]))": "torch.float32 () -0.012456 rg=False | warns: reduction: 'mean' divides the total loss by both the batch s",
    "result = torch.nn.SoftMarginLoss(reduction='sum')(torch.tensor([[-2.0, 0.5, 3.0], [0.1, -0.4, 1.7]]), torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]))": "torch.float32 () 4.57479 rg=False",
    "result = torch.nn.HuberLoss(size_average=True)": "TypeError: HuberLoss.__init__() got an unexpected keyword argument 'size_average'",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_loss_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_loss_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _loss_values(module, name, dtype):
    rng = np.random.default_rng(9)
    F = module.nn.functional
    results = []
    for trial in range(80):
        shape = tuple(int(k) for k in rng.integers(1, 40, int(rng.integers(1, 3))))
        x = (rng.standard_normal(shape) * float(rng.choice([0.3, 1, 4]))).astype(dtype)
        y = (rng.standard_normal(shape) * float(rng.choice([0.3, 1, 4]))).astype(dtype)
        red = ["mean", "sum", "none"][trial % 3]
        xt = module.tensor(x, requires_grad=True)
        yt = module.tensor(y, requires_grad=name != "kl_div")
        if name == "smooth_l1_loss":
            r = F.smooth_l1_loss(xt, yt, reduction=red, beta=[1.0, 0.5, 2.0][trial % 3])
        elif name == "huber_loss":
            r = F.huber_loss(xt, yt, reduction=red, delta=[1.0, 0.5, 2.0][trial % 3])
        elif name == "soft_margin_loss":
            yt = module.tensor(np.sign(y) + (y == 0), requires_grad=False)
            r = F.soft_margin_loss(xt, yt, reduction=red)
        else:
            p = module.tensor(np.abs(y) / np.abs(y).sum())
            r = F.kl_div(xt, p, reduction=["batchmean", "sum", "none"][trial % 3])
        g = module.tensor(rng.standard_normal(tuple(r.shape)).astype(dtype))
        grads = module.autograd.grad(r, [xt] + ([yt] if yt.requires_grad else []), g)
        results += [r.detach().numpy().copy()] + [t.numpy().copy() for t in grads]
    return results


# the measured share of loss values and gradients differing from torch in the last place
# (rounded up; soft_margin_loss's exp is MKL's, see docs/engine-internals.md)
ALLOWED = {"soft_margin_loss": 0.008, "kl_div": 0.0002}


@pytest.mark.torch_kernels("AVX512", params=("float64-soft_margin_loss",))
@pytest.mark.torch
@pytest.mark.parametrize("name", ["smooth_l1_loss", "huber_loss", "soft_margin_loss", "kl_div"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
def test_loss_values_and_gradients_as_torch(name: str, dtype: str, real_torch: ModuleType) -> None:
    ours, theirs = _loss_values(engine, name, dtype), _loss_values(real_torch, name, dtype)
    differing = sum(int((a != b).sum()) for a, b in zip(ours, theirs, strict=True))
    assert differing <= ALLOWED.get(name, 0.0) * sum(a.size for a in ours)
    tolerance = (1e-2, 1e-3) if dtype == "float16" else (1e-4, 1e-5)
    assert all(
        np.allclose(a, b, rtol=tolerance[0], atol=tolerance[1], equal_nan=True)
        for a, b in zip(ours, theirs, strict=True)
    )
