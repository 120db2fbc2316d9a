# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch.nn's modules (nn/modules.py) as students of the autograd assignment use them: the
loss and activation modules, the Module base, Sequential. Each program's outcome (values,
gradients, grad_fn names, reprs, errors, warnings) was captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin re-checks the goldens against torch."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome

import gradekit.engine as engine
from gradekit.engine.nn.modules import _TORCH_SEQUENTIAL_ATTRIBUTES, TORCH_MODULE_ATTRIBUTES

GOLDENS = {
    # reprs, as torch prints modules
    "result = (repr(torch.nn.BCEWithLogitsLoss()), repr(torch.nn.Sigmoid()), str(torch.nn.MSELoss(reduction='sum')))": "('BCEWithLogitsLoss()', 'Sigmoid()', 'MSELoss()')",
    "result = [repr(m) for m in (torch.nn.LeakyReLU(0.2), torch.nn.LeakyReLU(inplace=True), torch.nn.ReLU(True), torch.nn.Softmax(dim=1), torch.nn.LogSoftmax(), torch.nn.Identity(3, k=1), torch.nn.Flatten(0), torch.nn.Tanh())]": "['LeakyReLU(negative_slope=0.2)', 'LeakyReLU(negative_slope=0.01, inplace=True)', 'ReLU(inplace=True)', 'Softmax(dim=1)', 'LogSoftmax(dim=None)', 'Identity()', 'Flatten(start_dim=0, end_dim=-1)', 'Tanh()']",
    "result = repr(torch.nn.Sequential(torch.nn.Sigmoid(), torch.nn.Sequential(torch.nn.Tanh(), torch.nn.ReLU())))": "'Sequential(\\n  (0): Sigmoid()\\n  (1): Sequential(\\n    (0): Tanh()\\n    (1): ReLU()\\n  )\\n)'",
    "class Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = torch.nn.Parameter(torch.ones(2))\n        self.act = torch.nn.Sigmoid()\n        self.loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=torch.tensor(2.0))\n    def forward(self, x):\n        return self.act(x * self.w)\nresult = repr(Net())": "'Net(\\n  (act): Sigmoid()\\n  (loss_fn): BCEWithLogitsLoss()\\n)'",
    "result = (type(torch.nn.Sigmoid()), torch.nn.Module, type(torch.nn.CrossEntropyLoss()), torch.nn.Sequential, torch.nn.Flatten, torch.nn.Identity)": "(<class 'torch.nn.modules.activation.Sigmoid'>, <class 'torch.nn.modules.module.Module'>, <class 'torch.nn.modules.loss.CrossEntropyLoss'>, <class 'torch.nn.modules.container.Sequential'>, <class 'torch.nn.modules.flatten.Flatten'>, <class 'torch.nn.modules.linear.Identity'>)",
    # losses: values, grad_fn and gradients as the functional ones
    "z = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)\nloss = torch.nn.BCEWithLogitsLoss()(z, torch.tensor([1.0, 0.0, 1.0]))\nloss.backward()\nresult = (loss, type(loss.grad_fn).__name__, z.grad.tolist())": "(torch.float32 () 0.304756 rg=True, 'BinaryCrossEntropyWithLogitsBackward0', [-0.12584687769412994, 0.08964714407920837, -0.03973432257771492])",
    "z = torch.tensor([[0.5, -1.0], [2.0, 0.1]], requires_grad=True)\nloss_fn = torch.nn.BCEWithLogitsLoss(weight=torch.tensor([1.0, 2.0]), pos_weight=torch.tensor([3.0, 0.5]), reduction='sum')\nloss = loss_fn(z, torch.tensor([[1.0, 0.0], [0.0, 1.0]]))\nloss.backward()\nresult = (loss.item(), z.grad.tolist(), loss_fn.reduction, loss_fn.weight, loss_fn.pos_weight)": "(4.820079326629639, [[-1.1326220035552979, 0.5378828644752502], [0.8807970285415649, -0.4750208258628845]], 'sum', torch.float32 (2,) [1.0, 2.0] rg=False, torch.float32 (2,) [3.0, 0.5] rg=False)",
    "z = torch.tensor([0.5, -1.0], requires_grad=True)\nresult = torch.nn.BCEWithLogitsLoss(reduction='none')(z, torch.tensor([1.0, 0.0]))": "torch.float32 (2,) [0.474077, 0.313262] rg=True",
    "p = torch.tensor([0.2, 0.9], requires_grad=True)\nloss = torch.nn.BCELoss(weight=torch.tensor([1.0, 0.5]))(p, torch.tensor([0.0, 1.0]))\nloss.backward()\nresult = (loss.item(), loss.grad_fn.name(), p.grad.tolist())": "(0.13791191577911377, 'BinaryCrossEntropyBackward0', [0.6249999403953552, -0.2777777910232544])",
    "p = torch.tensor([0.2, 0.9], requires_grad=True)\nloss = torch.nn.MSELoss()(p, torch.tensor([0.0, 1.0]))\nloss.backward()\nresult = (loss.item(), loss.grad_fn.name(), p.grad.tolist())": "(0.02500000409781933, 'MseLossBackward0', [0.20000000298023224, -0.10000002384185791])",
    "x = torch.tensor([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]], requires_grad=True)\nloss = torch.nn.CrossEntropyLoss()(x, torch.tensor([2, 0]))\nloss.backward()\nresult = (loss.item(), loss.grad_fn.name(), x.grad)": "(2.46757173538208, 'NllLossBackward0', torch.float32 (2, 3) [[0.115612, 0.314266, -0.429878], [-0.474368, 0.00853209, 0.465836]] rg=False)",
    "x = torch.tensor([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]], requires_grad=True)\nloss = torch.nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5]), ignore_index=1, reduction='sum')(x, torch.tensor([1, 0]))\nloss.backward()\nresult = (loss.item(), x.grad.tolist())": "(2.9707744121551514, [[0.0, 0.0, 0.0], [-0.9487364292144775, 0.017064174637198448, 0.931672215461731]])",
    "x = torch.tensor([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]], requires_grad=True)\nlogp = torch.nn.LogSoftmax(dim=1)(x)\nloss = torch.nn.NLLLoss()(logp, torch.tensor([2, 0]))\nloss.backward()\nresult = (loss.item(), loss.grad_fn.name(), logp.grad_fn.name(), x.grad)": "(2.46757173538208, 'NllLossBackward0', 'LogSoftmaxBackward0', torch.float32 (2, 3) [[0.115612, 0.314266, -0.429878], [-0.474368, 0.00853209, 0.465836]] rg=False)",
    "result = torch.nn.MSELoss(size_average=False)(torch.tensor([1.0, 2.0]), torch.tensor([0.0, 0.0]))": "torch.float32 () 5.0 rg=False | warns: size_average and reduce args will be deprecated, please use ",
    "result = torch.nn.BCEWithLogitsLoss()(torch.zeros(2), torch.zeros(3))": "ValueError: Target size (torch.Size([3])) must be the same as input size (torch.Size([2]))",
    "result = torch.nn.BCELoss()(torch.tensor([0.5]), torch.tensor([2.0]))": "RuntimeError: all elements of target should be between 0 and 1",
    "result = torch.nn.MSELoss(reduction='avg')(torch.zeros(2), torch.zeros(2))": "ValueError: avg is not a valid value for reduction",
    "result = torch.nn.MSELoss()(torch.zeros(2))": "TypeError: MSELoss.forward() missing 1 required positional argument: 'target'",
    "result = torch.nn.CrossEntropyLoss()(torch.zeros(2, 3), torch.tensor([0.0, 1.0]))": "RuntimeError: expected target dtype to be Long or Byte, but got Float",
    "result = torch.nn.BCEWithLogitsLoss()(torch.zeros(2), torch.tensor([1, 0]))": "RuntimeError: result type Float can't be cast to the desired output type Long",
    # activations: the functional ops and their grad_fns
    "a = torch.tensor([[0.5, -1.0], [2.0, -0.25]], requires_grad=True)\nouts = [m(a) for m in (torch.nn.Sigmoid(), torch.nn.Tanh(), torch.nn.ReLU(), torch.nn.LeakyReLU(0.1), torch.nn.Softmax(dim=0), torch.nn.LogSoftmax(dim=1))]\nresult = [(o.grad_fn.name(), o.tolist()) for o in outs]": "[('SigmoidBackward0', [[0.622459352016449, 0.2689414322376251], [0.8807970285415649, 0.43782350420951843]]), ('TanhBackward0', [[0.46211716532707214, -0.7615941762924194], [0.9640275835990906, -0.24491865932941437]]), ('ReluBackward0', [[0.5, 0.0], [2.0, 0.0]]), ('LeakyReluBackward0', [[0.5, -0.10000000149011612], [2.0, -0.02500000037252903]]), ('SoftmaxBackward0', [[0.18242551386356354, 0.32082128524780273], [0.8175744414329529, 0.6791787147521973]]), ('LogSoftmaxBackward0', [[-0.2014133334159851, -1.7014133930206299], [-0.10020658373832703, -2.3502066135406494]])]",
    "a = torch.tensor([0.5, -1.0], requires_grad=True)\nresult = (torch.nn.Identity()(a) is a, torch.nn.Flatten(0)(a.view(2, 1) * 1).grad_fn.name(), torch.nn.Flatten()(torch.ones(2, 3, 4)).shape)": "(True, 'ViewBackward0', (2, 12))",
    "result = torch.nn.Softmax()(torch.tensor([[1.0, 2.0], [0.0, 0.0]]))": "torch.float32 (2, 2) [[0.268941, 0.731059], [0.5, 0.5]] rg=False | warns: Implicit dimension choice for softmax has been deprecated. C",
    "result = torch.nn.Sigmoid()(2.0)": "TypeError: sigmoid(): argument 'input' (position 1) must be Tensor, not float",
    "result = torch.nn.Sigmoid()(torch.ones(1), 2)": "TypeError: Sigmoid.forward() takes 2 positional arguments but 3 were given",
    "a = torch.tensor([0.5, -1.0], requires_grad=True)\ntorch.nn.ReLU(inplace=True)(a)": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    "a = torch.tensor([0.5, -1.0])\nr = torch.nn.ReLU(inplace=True)(a)\nresult = (r is a, a)": "(True, torch.float32 (2,) [0.5, 0.0] rg=False)",
    # the Module base
    "class Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))\n        self.b = torch.nn.Parameter(torch.tensor(0.5))\n        self.act = torch.nn.Sigmoid()\n        self.scale = 2.0\n    def forward(self, x):\n        return self.act(x @ self.w + self.b) * self.scale\nnet = Net()\nout = net(torch.tensor([[1.0, 1.0], [0.5, 0.0]]))\nout.sum().backward()\nresult = ([n for n, _ in net.named_parameters()], [type(p).__name__ for p in net.parameters()], net.w.grad.tolist(), net.b.grad.tolist(), out.grad_fn.name(), list(net.children()), len(list(net.modules())))": "(['w', 'b'], ['Parameter', 'Parameter'], [0.6666193604469299, 0.47000741958618164], 0.8632313013076782, 'MulBackward0', [Sigmoid()], 2)",
    "class Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))\n    def forward(self, x):\n        return (x * self.w).sum()\nnet = Net()\nnet(torch.ones(2)).backward()\nnet.zero_grad()\nfirst = net.w.grad\nnet(torch.ones(2)).backward()\nnet.zero_grad(set_to_none=False)\nresult = (first, net.w.grad)": "(None, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "class Outer(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.inner = torch.nn.Sequential(torch.nn.Tanh())\n        self.inner.p = torch.nn.Parameter(torch.zeros(1))\n        self.q = torch.nn.Parameter(torch.ones(1))\n        self.same = self.q\nm = Outer()\nresult = ([n for n, _ in m.named_parameters()], [n for n, _ in m.named_modules()], m.training, m.eval() is m, m.training, m.inner.training, m.inner[0].training, m.train().inner[0].training)": "(['q', 'inner.p'], ['', 'inner', 'inner.0'], True, True, False, False, False, True)",
    "m = torch.nn.Module()\nm.p = torch.nn.Parameter(torch.ones(2))\nm.requires_grad_(False)\nresult = (m.p.requires_grad, m.requires_grad_() is m, m.p.requires_grad)": "(False, True, True)",
    "class N(torch.nn.Module):\n    pass\nresult = N()(torch.ones(1))": 'NotImplementedError: Module [N] is missing the required "forward" function',
    "class P(torch.nn.Module):\n    def __init__(self):\n        self.w = torch.nn.Parameter(torch.ones(1))\nP()": "AttributeError: cannot assign parameters before Module.__init__() call",
    "class P(torch.nn.Module):\n    def __init__(self):\n        self.act = torch.nn.Sigmoid()\nP()": "AttributeError: cannot assign module before Module.__init__() call",
    "m = torch.nn.Module()\nm.w = torch.nn.Parameter(torch.ones(1))\nm.w = torch.ones(1)": "TypeError: cannot assign 'torch.FloatTensor' as parameter 'w' (torch.nn.Parameter or None expected)",
    "m = torch.nn.Module()\nm.act = torch.nn.Tanh()\nm.act = 3": "TypeError: cannot assign 'int' as child module 'act' (torch.nn.Module or None expected)",
    "m = torch.nn.Module()\nm.w = torch.nn.Parameter(torch.ones(1))\nm.w = None\nresult = (m.w, list(m.parameters()))": "(None, [])",
    "m = torch.nn.Module()\nm.train('yes')": "ValueError: training mode is expected to be boolean",
    "result = torch.nn.Module().missing": "AttributeError: 'Module' object has no attribute 'missing'",
    "result = torch.nn.Module(3)": "TypeError: Module.__init__() takes 1 positional argument but 2 were given",
    "m = torch.nn.Module()\nm.x = torch.nn.Parameter(torch.ones(1))\ndel m.x\nresult = (list(m.parameters()), hasattr(m, 'x'))": "([], False)",
    # Sequential
    "model = torch.nn.Sequential(torch.nn.Tanh(), torch.nn.Sigmoid())\na = torch.tensor([0.5, -1.0], requires_grad=True)\nout = model(a)\nresult = (out.tolist(), out.grad_fn.name(), len(model), model[0], model[-1], repr(model[1:]), [repr(m) for m in model])": "([0.6135162711143494, 0.3183002769947052], 'SigmoidBackward0', 2, Tanh(), Sigmoid(), 'Sequential(\\n  (1): Sigmoid()\\n)', ['Tanh()', 'Sigmoid()'])",
    "result = torch.nn.Sequential(torch.nn.Tanh())[3]": "IndexError: index 3 is out of range",
    "result = torch.nn.Sequential(torch.nn.Tanh())[-2]": "IndexError: index -2 is out of range",
    "from collections import OrderedDict\nresult = repr(torch.nn.Sequential(OrderedDict([('act', torch.nn.ReLU()), ('out', torch.nn.Sigmoid())])).append(torch.nn.Identity()))": "'Sequential(\\n  (act): ReLU()\\n  (out): Sigmoid()\\n  (2): Identity()\\n)'",
    # L1Loss / F.l1_loss: torch's composite (input - target).abs() and its mean or sum
    "x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)\nloss = torch.nn.L1Loss()(x, torch.tensor([0.5, 0.5, 3.0]))\nloss.backward()\nresult = (loss, loss.grad_fn.name(), loss.grad_fn.next_functions[0][0].name(), x.grad, repr(torch.nn.L1Loss(reduction='sum')))": "(torch.float32 () 1.0 rg=True, 'MeanBackward0', 'AbsBackward0', torch.float32 (3,) [0.333333, -0.333333, 0.0] rg=False, 'L1Loss()')",
    "x = torch.tensor([[1.0, -2.0], [0.25, 4.0]], requires_grad=True)\nresult = [(F.l1_loss(x, torch.ones(2, 2), reduction=r).tolist(), F.l1_loss(x, torch.ones(2, 2), reduction=r).grad_fn.name()) for r in ('mean', 'sum', 'none')]": "[(1.6875, 'MeanBackward0'), (6.75, 'SumBackward0'), ([[0.0, 3.0], [0.75, 3.0]], 'AbsBackward0')]",
    "x = torch.arange(1000.0, requires_grad=True) / 7\nloss = F.l1_loss(x, torch.ones(1000) / 3)\nloss.backward()\nresult = loss.item()": "71.02495574951172",
    "x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)\nloss = F.l1_loss(x, torch.ones(2, 3))\nloss.backward()\nresult = (loss, x.grad)": "(torch.float32 () 1.66667 rg=True, torch.float32 (3,) [0.0, -0.333333, 0.333333] rg=False) | warns: Using a target size (torch.Size([2, 3])) that is different t",
    "result = F.l1_loss(torch.ones(3), torch.ones(3), reduction='avg')": "ValueError: avg is not a valid value for reduction",
    "result = F.l1_loss(torch.ones(3), torch.ones(2))": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0 | warns: Using a target size (torch.Size([2])) that is different to t",
    "result = F.l1_loss(torch.tensor([1, 2]), torch.tensor([0, 0]))": "RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long",
    "result = F.l1_loss(torch.tensor([1.0, 2.0]), torch.tensor([0.0, 0.0]), size_average=False)": "torch.float32 () 3.0 rg=False | warns: size_average and reduce args will be deprecated, please use ",
    "result = F.l1_loss(torch.ones(2), 1.0)": "AttributeError: 'float' object has no attribute 'size'",
    # register_parameter / add_module: None registers, anything else is torch's TypeError
    "m = torch.nn.Module()\nm.register_parameter('w', None)\nm.register_parameter('b', torch.nn.Parameter(torch.ones(1)))\nm.add_module('act', torch.nn.Tanh())\nm.add_module('gone', None)\nresult = (m.w, [n for n, _ in m.named_parameters()], repr(m), list(m.children()))": "(None, ['b'], 'Module(\\n  (act): Tanh()\\n  (gone): None\\n)', [Tanh()])",
    "torch.nn.Module().register_parameter('w', torch.ones(1))": "TypeError: cannot assign 'torch.FloatTensor' object to parameter 'w' (torch.nn.Parameter or None required)",
    "torch.nn.Module().add_module('a', 3)": "TypeError: int is not a Module subclass",
    "torch.nn.Module().add_module('a', torch.ones(1))": "TypeError: torch.FloatTensor is not a Module subclass",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_nn_modules_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_nn_module_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


@pytest.mark.parametrize("name", ["register_forward_hook", "share_memory", "to_empty", "bfloat16"])
def test_module_api_the_engine_lacks_gets_the_clear_error(name: str) -> None:
    # torch has these: an AttributeError would read as the student's typo
    with pytest.raises(NotImplementedError, match=rf"does not support torch\.nn\.Module\.{name};"):
        getattr(engine.nn.Sigmoid(), name)
    with pytest.raises(AttributeError, match="'Sigmoid' object has no attribute 'state_dikt'"):
        engine.nn.Sigmoid().state_dikt  # noqa: B018 - not torch's either


@pytest.mark.torch
def test_recorded_module_attributes_are_torchs(real_torch: ModuleType) -> None:
    public = {name for name in dir(real_torch.nn.Module) if not name.startswith("_")}
    assert public == TORCH_MODULE_ATTRIBUTES
    sequential = {name for name in dir(real_torch.nn.Sequential) if not name.startswith("_")}
    assert sequential - public == _TORCH_SEQUENTIAL_ATTRIBUTES
