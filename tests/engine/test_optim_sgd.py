# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch.optim.SGD (optim.py) as the autograd seed's "optimizer helps us" loop uses it:
parameters after several steps bit for bit (``tolist()``: full precision), with momentum,
dampening, weight decay, Nesterov and maximize, param groups, zero_grad, the closure, the
repr, and torch's errors for the common mistakes. Goldens captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin re-checks them, and a torch-marked test
compares random float32/float64 runs byte for byte."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine
from gradekit.engine.optim import _TORCH_OPTIMIZER_ATTRIBUTES

PRELUDE = "x = torch.arange(12.0).reshape(4, 3) / 7 - 0.5\ny = torch.tensor([[1.0], [0.0], [1.0], [0.0]])\n"

GOLDENS = {
    # the seed's training loop with an optimizer: values bit for bit after several steps
    "w = torch.tensor([0.3, -0.2, 0.1], requires_grad=True)\nb = torch.tensor(0.05, requires_grad=True)\noptimizer = torch.optim.SGD([w, b], lr=0.1)\nloss_fn = torch.nn.BCEWithLogitsLoss()\nfor _ in range(5):\n    optimizer.zero_grad()\n    loss = loss_fn((x * w).sum(1) + b, y[:, 0])\n    loss.backward()\n    optimizer.step()\nresult = (w.tolist(), b.tolist(), loss.item(), w.grad.tolist(), w.requires_grad, w.is_leaf, w._version)": "([0.24181313812732697, -0.25915592908859253, 0.039875008165836334], 0.04321645572781563, 0.6993940472602844, [0.11149061471223831, 0.11260716617107391, 0.11372369527816772], True, True, 5)",
    "w = torch.tensor([0.3, -0.2, 0.1], requires_grad=True)\nb = torch.tensor([0.05], requires_grad=True)\noptimizer = torch.optim.SGD([w, b], lr=0.37, momentum=0.9, weight_decay=0.01)\nfor _ in range(4):\n    optimizer.zero_grad()\n    (((x * w).sum(1) + b - y[:, 0]) ** 2).mean().backward()\n    optimizer.step()\nresult = (w.tolist(), b.tolist(), optimizer.state[w]['momentum_buffer'].tolist(), len(optimizer.state))": "([-0.29975593090057373, -0.6581699252128601, -0.24321752786636353], [0.9229152202606201], [0.46183711290359497, 0.4442627727985382, 0.45393362641334534], 2)",
    "w = torch.tensor([[0.3], [-0.2], [0.1]], requires_grad=True)\noptimizer = torch.optim.SGD([w], lr=0.05, momentum=0.5, nesterov=True, maximize=True)\nfor _ in range(3):\n    optimizer.zero_grad()\n    torch.sigmoid(x @ w).sum().backward()\n    optimizer.step()\nresult = w.tolist()": "[[0.3360256254673004], [-0.12754249572753906], [0.2088894098997116]]",
    "w = torch.tensor([[0.3], [-0.2], [0.1]], dtype=torch.float64, requires_grad=True)\noptimizer = torch.optim.SGD([w], lr=0.1, momentum=0.9, dampening=0.1)\nfor _ in range(3):\n    optimizer.zero_grad()\n    (x.double() @ w).pow(2).sum().backward()\n    optimizer.step()\nresult = w.tolist()": "[[0.18920727216443625], [-0.3124814729966261], [-0.014170208877194246]]",
    # a Module's parameters, param groups, zero_grad
    "model = torch.nn.Module()\nmodel.w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))\nmodel.b = torch.nn.Parameter(torch.tensor(0.5))\noptimizer = torch.optim.SGD(model.parameters(), lr=0.3)\n(model.w.sum() * model.b).backward()\noptimizer.step()\nbefore = model.w.grad.clone()\noptimizer.zero_grad(set_to_none=False)\nafter = model.w.grad\noptimizer.zero_grad()\nresult = (model.w.tolist(), model.b.tolist(), before, after, model.w.grad, type(model.w).__name__)": "([0.8500000238418579, -2.1500000953674316], 0.800000011920929, torch.float32 (2,) [0.5, 0.5] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False, None, 'Parameter')",
    "w = torch.tensor([1.0], requires_grad=True)\nb = torch.tensor([2.0], requires_grad=True)\nopt = torch.optim.SGD([{'params': [w]}, {'params': b, 'lr': 0.5}], lr=0.1, momentum=0.9)\n(w * b).sum().backward()\nopt.step()\nresult = (repr(opt), w, b, [sorted(g) for g in opt.param_groups], opt.defaults)": "('SGD (\\nParameter Group 0\\n    dampening: 0\\n    differentiable: False\\n    foreach: None\\n    fused: None\\n    lr: 0.1\\n    maximize: False\\n    momentum: 0.9\\n    nesterov: False\\n    weight_decay: 0\\n\\nParameter Group 1\\n    dampening: 0\\n    differentiable: False\\n    foreach: None\\n    fused: None\\n    lr: 0.5\\n    maximize: False\\n    momentum: 0.9\\n    nesterov: False\\n    weight_decay: 0\\n)', torch.float32 (1,) [0.8] rg=True, torch.float32 (1,) [1.5] rg=True, [['dampening', 'differentiable', 'foreach', 'fused', 'lr', 'maximize', 'momentum', 'nesterov', 'params', 'weight_decay'], ['dampening', 'differentiable', 'foreach', 'fused', 'lr', 'maximize', 'momentum', 'nesterov', 'params', 'weight_decay']], {'lr': 0.1, 'momentum': 0.9, 'dampening': 0, 'weight_decay': 0, 'nesterov': False, 'maximize': False, 'foreach': None, 'differentiable': False, 'fused': None})",
    "w = torch.tensor([1.0], requires_grad=True)\nresult = repr(torch.optim.SGD([w], lr=0.1))": "'SGD (\\nParameter Group 0\\n    dampening: 0\\n    differentiable: False\\n    foreach: None\\n    fused: None\\n    lr: 0.1\\n    maximize: False\\n    momentum: 0\\n    nesterov: False\\n    weight_decay: 0\\n)'",
    "w = torch.tensor([1.0], requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\nresult = (opt.step(), w.grad, w, opt.step(lambda: 3.0))": "(None, None, torch.float32 (1,) [1.0] rg=True, 3.0)",
    "w = torch.tensor([1.0], requires_grad=True)\nopt = torch.optim.SGD([w])\n(2 * w).sum().backward()\nopt.step()\nresult = (w.tolist(), opt.param_groups[0]['lr'])": "([0.9980000257492065], 0.001)",
    "w = torch.tensor([1.0, 2.0], requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\ndef closure():\n    opt.zero_grad()\n    loss = (w * w).sum()\n    loss.backward()\n    return loss\nresult = (opt.step(closure), w)": "(torch.float32 () 5.0 rg=True, torch.float32 (2,) [0.8, 1.6] rg=True)",
    "w = torch.tensor([1.0, 2.0], requires_grad=True)\nz = w * 2\nz.retain_grad()\nopt = torch.optim.SGD([z], lr=0.1)\nz.sum().backward()\nopt.step()\nresult = z": "torch.float32 (2,) [1.9, 3.9] rg=True",
    # torch's errors for the common mistakes
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([w], lr=-0.1)": "ValueError: Invalid learning rate: -0.1",
    "torch.optim.SGD([], lr=0.1)": "ValueError: optimizer got an empty parameter list",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([w * 2], lr=0.1)": "ValueError: can't optimize a non-leaf Tensor",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD(w, lr=0.1)": "TypeError: params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor",
    "torch.optim.SGD([1.0], lr=0.1)": "TypeError: optimizer can only optimize Tensors, but one of the params is float",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD({w}, lr=0.1)": "None",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([w], lr=0.1, momentum=-1)": "ValueError: Invalid momentum value: -1",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([w], lr=0.1, weight_decay=-1e-3)": "ValueError: Invalid weight_decay value: -0.001",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([w], lr=0.1, nesterov=True)": "ValueError: Nesterov momentum requires a momentum and zero dampening",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([w], lr=torch.tensor([0.1, 0.2]))": "ValueError: Tensor lr must be 1-element",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([{'params': [w]}, {'params': [w]}], lr=0.1)": "ValueError: some parameters appear in more than one parameter group",
    "w = torch.tensor([1.0], requires_grad=True)\nopt = torch.optim.SGD([w, w], lr=0.1)\nresult = len(opt.param_groups[0]['params'])": "2 | warns: optimizer contains a parameter group with duplicate paramete",
    "w = torch.tensor([1.0], requires_grad=True)\ntorch.optim.SGD([w], lr='0.1')": "TypeError: '<' not supported between instances of 'str' and 'float'",
    "result = (torch.optim.SGD, torch.optim.Optimizer, issubclass(torch.optim.SGD, torch.optim.Optimizer))": "(<class 'torch.optim.sgd.SGD'>, <class 'torch.optim.optimizer.Optimizer'>, True)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_sgd_matches_the_golden(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == GOLDENS[code]


@pytest.mark.torch_kernels("AVX512", params=("[[0.3], [-0.2], [0.1]], dtype=torch.float64",))
@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_sgd_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == GOLDENS[code]


OPTIONS = [
    {"lr": 0.1},
    {"lr": 0.37, "momentum": 0.9},
    {"lr": 0.05, "momentum": 0.5, "dampening": 0.25, "weight_decay": 0.01},
    {"lr": 0.2, "momentum": 0.8, "nesterov": True, "maximize": True},
]


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("options", OPTIONS, ids=str)
@pytest.mark.parametrize("size", [1, 7, 100, 2000])
def test_sgd_steps_are_torchs_bit_for_bit(
    dtype: str, options: dict, size: int, real_torch: ModuleType
) -> None:
    # gradients given, not computed, so only the optimizer's arithmetic is compared
    values = np.random.default_rng(size).standard_normal((4, size)).astype(dtype)
    results = []
    for module in (real_torch, engine):
        param = module.tensor(values[0], requires_grad=True)
        optimizer = module.optim.SGD([param], **options)
        for step in range(3):
            optimizer.zero_grad()
            param.grad = module.tensor(values[1 + step])
            optimizer.step()
        results.append(np.array(param.tolist(), dtype).tobytes())
    assert results[0] == results[1]


def test_optimizer_api_the_engine_lacks_gets_the_clear_error() -> None:
    optimizer = engine.optim.SGD([engine.ones(1, requires_grad=True)], lr=0.1)
    with pytest.raises(
        NotImplementedError, match=r"does not support torch\.optim\.SGD\.state_dict;"
    ):
        optimizer.state_dict()
    with pytest.raises(AttributeError, match="'SGD' object has no attribute 'stepp'"):
        optimizer.stepp()


@pytest.mark.torch
def test_recorded_optimizer_attributes_are_torchs(real_torch: ModuleType) -> None:
    public = {name for name in dir(real_torch.optim.SGD) if not name.startswith("_")}
    assert public == _TORCH_OPTIMIZER_ATTRIBUTES
