# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch.nn's containers (nn/containers.py: ModuleList, ModuleDict, ParameterList,
ParameterDict; Sequential's pop/insert/extend/item assignment and deletion) and the Module
state (nn/modules.py: buffers, state_dict, load_state_dict,
apply, to/double/float/half, get_submodule/get_parameter/get_buffer), with torch's reprs
and errors. Each program's outcome was captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin re-checks the goldens against torch, and a
hypothesis differential loads random (partly wrong) state dicts into random models on both."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    "ml = torch.nn.ModuleList([torch.nn.Linear(2, 2), torch.nn.Linear(2, 2), torch.nn.ReLU()])\nresult = repr(ml)": "'ModuleList(\\n  (0-1): 2 x Linear(in_features=2, out_features=2, bias=True)\\n  (2): ReLU()\\n)'",
    "ml = torch.nn.ModuleList([torch.nn.ReLU(), torch.nn.Tanh()])\nml.append(torch.nn.Sigmoid())\nml.extend([torch.nn.ReLU()])\nml.insert(1, torch.nn.Identity())\nml += [torch.nn.Tanh()]\nresult = (repr(ml), len(ml), ml[-1], ml[1], repr(ml[1:3]), [type(m).__name__ for m in ml])": "('ModuleList(\\n  (0): ReLU()\\n  (1): Identity()\\n  (2): Tanh()\\n  (3): Sigmoid()\\n  (4): ReLU()\\n  (5): Tanh()\\n)', 6, Tanh(), Identity(), 'ModuleList(\\n  (0): Identity()\\n  (1): Tanh()\\n)', ['ReLU', 'Identity', 'Tanh', 'Sigmoid', 'ReLU', 'Tanh'])",
    "ml = torch.nn.ModuleList([torch.nn.ReLU(), torch.nn.Tanh(), torch.nn.Sigmoid()])\ndel ml[0]\nresult = (list(ml._modules), repr(ml), ml.pop(-1), len(ml))": "(['0', '1'], 'ModuleList(\\n  (0): Tanh()\\n  (1): Sigmoid()\\n)', Sigmoid(), 1)",
    "ml = torch.nn.ModuleList([torch.nn.ReLU(), torch.nn.Tanh(), torch.nn.Sigmoid(), torch.nn.Identity()])\ndel ml[::2]\nml[0] = torch.nn.ELU()\nresult = (list(ml._modules), repr(ml + [torch.nn.ReLU()]))": "(['0', '1'], 'ModuleList(\\n  (0): ELU(alpha=1.0)\\n  (1): Identity()\\n  (2): ReLU()\\n)')",
    "result = (repr(torch.nn.ModuleList()), len(torch.nn.ModuleList()), repr(torch.nn.ModuleDict()), repr(torch.nn.ParameterList()), repr(torch.nn.ParameterDict()))": "('ModuleList()', 0, 'ModuleDict()', 'ParameterList()', 'ParameterDict()')",
    "result = torch.nn.ModuleList([torch.nn.ReLU()])[1]": "IndexError: index 1 is out of range",
    "result = torch.nn.ModuleList([torch.nn.ReLU()])[-2]": "IndexError: index -2 is out of range",
    "result = torch.nn.ModuleList([torch.nn.ReLU()])['0']": "TypeError: 'str' object cannot be interpreted as an integer",
    "result = torch.nn.ModuleList([torch.nn.ReLU()])(torch.ones(1))": 'NotImplementedError: Module [ModuleList] is missing the required "forward" function',
    "result = torch.nn.ModuleList(3)": "TypeError: ModuleList.extend should be called with an iterable, but got int",
    "torch.nn.ModuleList().extend(3)": "TypeError: ModuleList.extend should be called with an iterable, but got int",
    "torch.nn.ModuleList([3])": "TypeError: int is not a Module subclass",
    "class Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.layers = torch.nn.ModuleList([torch.nn.Linear(3, 4), torch.nn.Linear(4, 2)])\n        self.heads = torch.nn.ModuleDict({'b': torch.nn.Linear(2, 1), 'a': torch.nn.Linear(2, 1, bias=False)})\n    def forward(self, x):\n        for layer in self.layers:\n            x = torch.relu(layer(x))\n        return {k: h(x) for k, h in self.heads.items()}\nnet = Net()\nout = net(torch.ones(5, 3))\nresult = ([n for n, _ in net.named_parameters()], list(out), out['a'].shape, repr(net), list(net.state_dict()))": "(['layers.0.weight', 'layers.0.bias', 'layers.1.weight', 'layers.1.bias', 'heads.b.weight', 'heads.b.bias', 'heads.a.weight'], ['b', 'a'], (5, 1), 'Net(\\n  (layers): ModuleList(\\n    (0): Linear(in_features=3, out_features=4, bias=True)\\n    (1): Linear(in_features=4, out_features=2, bias=True)\\n  )\\n  (heads): ModuleDict(\\n    (b): Linear(in_features=2, out_features=1, bias=True)\\n    (a): Linear(in_features=2, out_features=1, bias=False)\\n  )\\n)', ['layers.0.weight', 'layers.0.bias', 'layers.1.weight', 'layers.1.bias', 'heads.b.weight', 'heads.b.bias', 'heads.a.weight'])",
    "md = torch.nn.ModuleDict([('x', torch.nn.ReLU()), ('y', torch.nn.Tanh())])\nmd['z'] = torch.nn.Sigmoid()\nresult = (list(md), list(md.keys()), 'x' in md, len(md), md.pop('x'), list(md.values()), repr(md))\nmd.update({'w': torch.nn.ReLU()})\nmd.clear()\nresult = result + (len(md),)": "(['x', 'y', 'z'], ['x', 'y', 'z'], True, 3, ReLU(), [Tanh(), Sigmoid()], 'ModuleDict(\\n  (y): Tanh()\\n  (z): Sigmoid()\\n)', 0)",
    "torch.nn.ModuleDict(3)": "TypeError: ModuleDict.update should be called with an iterable of key/value pairs, but got int",
    "torch.nn.ModuleDict([torch.nn.ReLU()])": "TypeError: ModuleDict update sequence element #0 should be Iterable; isReLU",
    "torch.nn.ModuleDict([('a', torch.nn.ReLU(), 1)])": "ValueError: ModuleDict update sequence element #0 has length 3; 2 is required",
    "torch.nn.ModuleDict({'a': 3})": "TypeError: int is not a Module subclass",
    "torch.nn.ModuleDict({'a.b': torch.nn.ReLU()})": "KeyError: 'module name can\\'t contain \".\", got: a.b'",
    "pl = torch.nn.ParameterList([torch.nn.Parameter(torch.ones(2, 3)), torch.zeros(2, dtype=torch.float64)])\npl.append(torch.ones(1))\npl.extend([torch.zeros(4, 1)])\nresult = (repr(pl), len(pl), [type(p).__name__ for p in pl], [n for n, _ in pl.named_parameters()], pl[0].requires_grad, repr(pl[1:3]))": "('ParameterList(\\n    (0): Parameter containing: [torch.float32 of size 2x3]\\n    (1): Parameter containing: [torch.float64 of size 2]\\n    (2): Parameter containing: [torch.float32 of size 1]\\n    (3): Parameter containing: [torch.float32 of size 4x1]\\n)', 4, ['Parameter', 'Parameter', 'Parameter', 'Parameter'], ['0', '1', '2', '3'], True, 'ParameterList(\\n    (0): Parameter containing: [torch.float64 of size 2]\\n    (1): Parameter containing: [torch.float32 of size 1]\\n)')",
    "pl = torch.nn.ParameterList([torch.ones(2), 'text', 3])\nresult = (repr(pl), pl[1], list(pl), [n for n, _ in pl.named_parameters()])": "('ParameterList(\\n    (0): Parameter containing: [torch.float32 of size 2]\\n    (1): Object of type: str\\n    (2): Object of type: int\\n)', 'text', [Parameter containing:\ntensor([1., 1.], requires_grad=True), 'text', 3], ['0'])",
    "result = torch.nn.ParameterList([torch.ones(2)])(torch.ones(1))": "RuntimeError: ParameterList should not be called.",
    "torch.nn.ParameterList([torch.ones(2)]).extend(torch.ones(2))": "TypeError: ParameterList.extend should be called with an iterable, but got Tensor",
    "result = torch.nn.ParameterList([torch.ones(2)])[2]": "IndexError: index 2 is out of range",
    "pd = torch.nn.ParameterDict({'b': torch.ones(2), 'a': torch.nn.Parameter(torch.zeros(1, 3))})\npd['c'] = torch.ones(1, dtype=torch.float64)\nresult = (repr(pd), list(pd), [n for n, _ in pd.named_parameters()], 'a' in pd, pd.get('q', 5), len(pd), type(pd['b']).__name__)": "('ParameterDict(\\n    (a): Parameter containing: [torch.FloatTensor of size 1x3]\\n    (b): Parameter containing: [torch.FloatTensor of size 2]\\n    (c): Parameter containing: [torch.DoubleTensor of size 1]\\n)', ['a', 'b', 'c'], ['a', 'b', 'c'], True, 5, 3, 'Parameter')",
    "from collections import OrderedDict\npd = torch.nn.ParameterDict(OrderedDict([('b', torch.ones(2)), ('a', torch.zeros(1))]))\nk, v = pd.popitem()\nresult = (list(pd), k, v, pd.pop('b'), len(pd), list(pd.setdefault('z', torch.ones(3)).shape), list(pd | torch.nn.ParameterDict({'y': torch.ones(1)})))": "(['b'], 'a', torch.float32 (1,) [0.0] rg=True, torch.float32 (2,) [1.0, 1.0] rg=True, 0, [3], ['z', 'y'])",
    "pd = torch.nn.ParameterDict([('k', torch.ones(2)), ('s', 'text')])\nresult = (repr(pd), pd['s'], list(pd.values())[1], list(pd.keys()))": "('ParameterDict(\\n    (k): Parameter containing: [torch.FloatTensor of size 2]\\n    (s): Object of type: str\\n)', 'text', 'text', ['k', 's'])",
    "torch.nn.ParameterDict({'a': torch.ones(1)})[3]": "TypeError: Index given to ParameterDict cannot be used as a key as it is not a string (type is 'int'). Open an issue on github if you need non-string keys.",
    "torch.nn.ParameterDict(3)": "TypeError: ParametersDict.update should be called with an iterable of key/value pairs, but got int",
    "torch.nn.ParameterDict([('a', torch.ones(1), 2)])": "ValueError: ParameterDict update sequence element #0 has length 3; 2 is required",
    "torch.nn.ParameterDict({'a': torch.ones(1)})(torch.ones(1))": "RuntimeError: ParameterDict should not be called.",
    "result = (torch.nn.ModuleList, torch.nn.ModuleDict, torch.nn.ParameterList, torch.nn.ParameterDict)": "(<class 'torch.nn.modules.container.ModuleList'>, <class 'torch.nn.modules.container.ModuleDict'>, <class 'torch.nn.modules.container.ParameterList'>, <class 'torch.nn.modules.container.ParameterDict'>)",
    "class BN(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = torch.nn.Parameter(torch.ones(2))\n        self.register_buffer('running_mean', torch.zeros(2))\n        self.register_buffer('tmp', torch.ones(1), persistent=False)\n        self.register_buffer('empty', None)\n        self.sub = torch.nn.Linear(2, 1)\n        self.sub.register_buffer('count', torch.tensor(3))\nm = BN()\nresult = ([n for n, _ in m.named_buffers()], [b.tolist() for b in m.buffers()], list(m.state_dict()), m.running_mean, m.empty, [n for n, _ in m.named_buffers(recurse=False)], [n for n, _ in m.named_buffers(prefix='p')], repr(m))": "(['running_mean', 'tmp', 'sub.count'], [[0.0, 0.0], [1.0], 3], ['w', 'running_mean', 'sub.weight', 'sub.bias', 'sub.count'], torch.float32 (2,) [0.0, 0.0] rg=False, None, ['running_mean', 'tmp'], ['p.running_mean', 'p.tmp', 'p.sub.count'], 'BN(\\n  (sub): Linear(in_features=2, out_features=1, bias=True)\\n)')",
    "m = torch.nn.Module()\nm.register_buffer('b', torch.zeros(2))\nm.b = torch.ones(3)\nm.register_buffer('np', torch.zeros(1), persistent=False)\nm.np = torch.ones(1)\nresult = (m.b, list(m.state_dict()), m._non_persistent_buffers_set, 'b' in m.__dict__)": "(torch.float32 (3,) [1.0, 1.0, 1.0] rg=False, ['b'], {'np'}, False)",
    "m = torch.nn.Module()\nm.register_buffer('b', torch.zeros(2))\nm.b = None\nresult = (m.b, list(m.buffers()), list(m.state_dict()))": "(None, [], [])",
    "m = torch.nn.Module()\nm.register_buffer('b', torch.zeros(2))\nm.b = 3": "TypeError: cannot assign 'int' as buffer 'b' (torch.nn.Buffer, torch.Tensor or None expected)",
    "m = torch.nn.Module()\nm.register_buffer('b', torch.zeros(2))\nm.b = torch.nn.Parameter(torch.ones(1))\nresult = (list(m._buffers), list(m._parameters), list(m.state_dict()))": "([], ['b'], ['b'])",
    "m = torch.nn.Module()\nm.register_buffer('b', torch.zeros(2), persistent=False)\nm.b = torch.nn.Tanh()\nresult = (list(m._buffers), m._non_persistent_buffers_set, list(m._modules))": "([], set(), ['b'])",
    "m = torch.nn.Module()\nm.register_buffer('b', torch.zeros(2), persistent=False)\ndel m.b\nresult = (list(m._buffers), m._non_persistent_buffers_set, hasattr(m, 'b'))": "([], set(), False)",
    "torch.nn.Module().register_buffer('x', 3)": "TypeError: cannot assign 'int' object to buffer 'x' (torch Tensor or None required)",
    "torch.nn.Module().register_buffer(1, torch.ones(1))": "TypeError: buffer name should be a string. Got int",
    "torch.nn.Module().register_buffer('a.b', torch.ones(1))": "KeyError: 'buffer name can\\'t contain \".\"'",
    "torch.nn.Module().register_buffer('', torch.ones(1))": "KeyError: 'buffer name can\\'t be empty string \"\"'",
    "torch.nn.Linear(2, 2).register_buffer('weight', torch.ones(1))": "KeyError: \"attribute 'weight' already exists\"",
    "m = torch.nn.Module()\nm.x = 5\nm.register_buffer('x', torch.ones(1))": "KeyError: \"attribute 'x' already exists\"",
    "torch.nn.Module().register_parameter('a.b', None)": "KeyError: 'parameter name can\\'t contain \".\"'",
    "torch.nn.Module().register_parameter('', None)": "KeyError: 'parameter name can\\'t be empty string \"\"'",
    "torch.nn.Linear(2, 2).register_parameter('train', None)": "KeyError: \"attribute 'train' already exists\"",
    "m = torch.nn.Module()\nm.register_buffer('x', torch.ones(1))\nm.register_parameter('x', torch.nn.Parameter(torch.ones(1)))": "KeyError: \"attribute 'x' already exists\"",
    "w = torch.nn.Parameter(torch.ones(1))\nm = torch.nn.Module()\nm.register_parameter('x', w * 2)": "TypeError: cannot assign 'torch.FloatTensor' object to parameter 'x' (torch.nn.Parameter or None required)",
    "class P(torch.nn.Module):\n    def __init__(self):\n        self.register_buffer('b', torch.ones(1))\nP()": "AttributeError: cannot assign buffer before Module.__init__() call",
    "class P(torch.nn.Module):\n    def __init__(self):\n        self.register_parameter('b', None)\nP()": "AttributeError: cannot assign parameter before Module.__init__() call",
    "m = torch.nn.Module()\nm.w = torch.nn.Parameter(torch.ones(1))\nm.w = torch.nn.Tanh()": "TypeError: cannot assign 'torch.nn.modules.activation.Tanh' as parameter 'w' (torch.nn.Parameter or None expected)",
    "m = torch.nn.Linear(2, 2)\nm.register_buffer('buf', torch.ones(2))\nresult = (m.get_buffer('buf'), m.get_parameter('bias').shape, m.get_submodule('') is m)": "(torch.float32 (2,) [1.0, 1.0] rg=False, (2), True)",
    "torch.nn.Linear(2, 2).get_parameter('nope')": "AttributeError: Linear has no attribute `nope`",
    "torch.nn.Sequential(torch.nn.Linear(2, 2)).get_submodule('0.weight')": "AttributeError: `weight` is not an nn.Module",
    "torch.nn.Sequential(torch.nn.Linear(2, 2)).get_buffer('0.weight')": "AttributeError: `weight` is not a buffer",
    "torch.nn.Sequential(torch.nn.Linear(2, 2)).get_submodule('1')": "AttributeError: Sequential has no attribute `1`",
    "model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU(), torch.nn.Sequential(torch.nn.Linear(2, 1, bias=False)))\nsd = model.state_dict()\nresult = (list(sd), type(sd).__name__, sd._metadata, sd['0.weight'].requires_grad, sd['0.weight'].is_leaf, type(sd['0.weight']).__name__, sd['0.weight'].data_ptr() == model[0].weight.data_ptr(), type(model.state_dict(keep_vars=True)['0.weight']).__name__, list(model.state_dict(prefix='m.')))": "(['0.weight', '0.bias', '2.0.weight'], 'OrderedDict', OrderedDict([('', {'version': 1}), ('0', {'version': 1}), ('1', {'version': 1}), ('2', {'version': 1}), ('2.0', {'version': 1})]), False, True, 'Tensor', True, 'Parameter', ['m.0.weight', 'm.0.bias', 'm.2.0.weight'])",
    "model = torch.nn.Linear(2, 1)\nsd = model.state_dict()\nwith torch.no_grad():\n    model.weight.add_(1.0)\nresult = (sd['weight'].tolist() == model.weight.tolist(), sd['weight']._version)": "(True, 2)",
    "a = torch.nn.Linear(3, 2)\nb = torch.nn.Linear(3, 2)\nw = b.weight\nr = b.load_state_dict(a.state_dict())\nresult = (r, b.weight.tolist() == a.weight.tolist(), b.weight is w, b.weight._version, b.weight.requires_grad, r.missing_keys, r.unexpected_keys, type(r).__name__, isinstance(r, tuple))": "(([], []), True, True, 2, True, [], [], '_IncompatibleKeys', True)",
    "m = torch.nn.Linear(2, 3)\nm.load_state_dict({'weight': torch.zeros(2, 2), 'bias': 3, 'extra': torch.ones(1), 'sub.x': torch.ones(1)})": 'RuntimeError: Error(s) in loading state_dict for Linear:\n\tUnexpected key(s) in state_dict: "extra", "sub.x". \n\tsize mismatch for weight: copying a param with shape torch.Size([2, 2]) from checkpoint, the shape in current model is torch.Size([3, 2]).\n\tWhile copying the parameter named "bias", expected torch.Tensor or Tensor-like object from checkpoint but received <class \'int\'>',
    "m = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Linear(3, 1))\nm.load_state_dict({'0.weight': torch.zeros(3, 2), 'x': torch.ones(1), '2.weight': torch.ones(1)})": 'RuntimeError: Error(s) in loading state_dict for Sequential:\n\tMissing key(s) in state_dict: "0.bias", "1.weight", "1.bias". \n\tUnexpected key(s) in state_dict: "x", "2.weight". ',
    "m = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Linear(3, 1))\nr = m.load_state_dict({'0.weight': torch.zeros(3, 2), 'x': torch.ones(1)}, strict=False)\nresult = (r, str(r), m[0].weight.sum())": "((['0.bias', '1.weight', '1.bias'], ['x']), \"_IncompatibleKeys(missing_keys=['0.bias', '1.weight', '1.bias'], unexpected_keys=['x'])\", torch.float32 () 0.0 rg=True)",
    "m = torch.nn.Linear(2, 3)\nm.load_state_dict({'weight': torch.zeros(3, 3), 'bias': torch.zeros(3)}, strict=False)": "RuntimeError: Error(s) in loading state_dict for Linear:\n\tsize mismatch for weight: copying a param with shape torch.Size([3, 3]) from checkpoint, the shape in current model is torch.Size([3, 2]).",
    "torch.nn.Linear(2, 3).load_state_dict([('weight', torch.zeros(3, 2))])": "TypeError: Expected state_dict to be dict-like, got <class 'list'>.",
    "m = torch.nn.Module()\nm.s = torch.nn.Parameter(torch.tensor(1.0))\nm.load_state_dict({'s': torch.tensor([5.0])})\nresult = m.s": "torch.float32 () 5.0 rg=True",
    "m = torch.nn.Linear(2, 1).double()\nm.load_state_dict({'weight': torch.tensor([[1, 2]]), 'bias': torch.tensor([0.5], dtype=torch.float32)})\nresult = (m.weight, m.bias)": "(torch.float64 (1, 2) [[1.0, 2.0]] rg=True, torch.float64 (1,) [0.5] rg=True)",
    "m = torch.nn.Module()\nm.register_buffer('b', torch.zeros(2))\nm.register_buffer('n', torch.zeros(2), persistent=False)\nr = m.load_state_dict({'b': torch.ones(2)})\nresult = (r, m.b, m.n)": "(([], []), torch.float32 (2,) [1.0, 1.0] rg=False, torch.float32 (2,) [0.0, 0.0] rg=False)",
    "m = torch.nn.Module()\nm.register_buffer('n', torch.zeros(2), persistent=False)\nm.load_state_dict({'n': torch.ones(2)})": 'RuntimeError: Error(s) in loading state_dict for Module:\n\tUnexpected key(s) in state_dict: "n". ',
    "m = torch.nn.Linear(2, 1)\nm.load_state_dict({'weight': torch.ones(1, 2), 'bias': torch.ones(1), '_extra_state': 1})": 'RuntimeError: Error(s) in loading state_dict for Linear:\n\tUnexpected key(s) in state_dict: "_extra_state". ',
    "m = torch.nn.Linear(2, 2)\nwith torch.no_grad():\n    m.weight.fill_(1.0)\nimport copy\nm2 = copy.deepcopy(m)\nm2.load_state_dict(torch.nn.Linear(2, 2).state_dict())\nresult = (m.weight.sum().item(), m2.weight.sum().item() != 4.0)": "(4.0, True)",
    "m = torch.nn.Linear(2, 2)\nsd = m.state_dict(None, 'p.')\nresult = list(sd)": "['p.weight', 'p.bias'] | warns: Positional args are being deprecated, use kwargs instead. Re",
    "names = []\nmodel = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Sequential(torch.nn.ReLU()))\nr = model.apply(lambda m: names.append(type(m).__name__))\nresult = (names, r is model)": "(['Linear', 'ReLU', 'Sequential', 'Sequential'], True)",
    "def init(m):\n    if isinstance(m, torch.nn.Linear):\n        torch.nn.init.constant_(m.weight, 0.5)\n        torch.nn.init.zeros_(m.bias)\nmodel = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 1))\nmodel.apply(init)\nresult = (model[0].weight, model[1].bias, model(torch.ones(1, 2)))": "(torch.float32 (2, 2) [[0.5, 0.5], [0.5, 0.5]] rg=True, torch.float32 (1,) [0.0] rg=True, torch.float32 (1, 1) [[1.0]] rg=True)",
    "m = torch.nn.Linear(2, 1)\nw = m.weight\nm.register_buffer('count', torch.tensor(3))\nm.register_buffer('avg', torch.zeros(1))\nr = m.double()\nresult = (r is m, m.weight is w, m.weight.dtype, type(m.weight).__name__, m.weight.requires_grad, m.weight.is_leaf, m.count.dtype, m.avg.dtype, m(torch.ones(1, 2, dtype=torch.float64)).dtype)": "(True, True, torch.float64, 'Parameter', True, True, torch.int64, torch.float64, torch.float64)",
    "m = torch.nn.Linear(2, 1)\nm(torch.ones(1, 2)).sum().backward()\nm.to(torch.float64)\nresult = (m.weight.grad.dtype, m.weight.grad.tolist(), m.bias.dtype)": "(torch.float64, [[1.0, 1.0]], torch.float64)",
    "m = torch.nn.Linear(2, 1)\nopt = torch.optim.SGD(m.parameters(), lr=0.1)\nm.double()\nm(torch.ones(1, 2, dtype=torch.float64)).sum().backward()\nopt.step()\nresult = (m.weight.dtype, m.weight.grad.dtype, opt.param_groups[0]['params'][0] is m.weight)": "(torch.float64, torch.float64, True)",
    "m = torch.nn.Linear(2, 1).double()\nr = (m.float().weight.dtype, m.half().weight.dtype, m.to(torch.float32).weight.dtype, m.to(torch.ones(1, dtype=torch.float64)).bias.dtype, m.to('cpu') is m, m.to(dtype=torch.float16).weight.dtype, m.to('cpu', torch.float32).weight.dtype, m.cpu() is m)\nresult = r": "(torch.float32, torch.float16, torch.float32, torch.float64, True, torch.float16, torch.float32, True)",
    "torch.nn.Linear(2, 1).to(torch.int64)": "TypeError: nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=torch.int64",
    "torch.nn.Linear(2, 1).to(torch.ones(1, dtype=torch.int32))": "TypeError: nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=torch.int32",
    "torch.nn.Linear(2, 1).to(torch.float64, 'x')": "TypeError: to() received an invalid combination of arguments - got (torch.dtype, str), but expected one of:\n * (torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n * (Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n",
    "m = torch.nn.Linear(2, 1)\nm.weight = torch.nn.Parameter(torch.ones(1, 2, dtype=torch.float64))\nm.float()\nresult = m.weight": "torch.float32 (1, 2) [[1.0, 1.0]] rg=True",
    "s = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Tanh(), torch.nn.Sigmoid())\np = s.pop(1)\nr = s.insert(0, torch.nn.Identity())\ns.extend([torch.nn.ELU(), torch.nn.ReLU()])\ns[1] = torch.nn.GELU()\ndel s[-1]\nresult = (p, r is s, repr(s), list(s._modules))": "(Tanh(), True, \"Sequential(\\n  (0): Identity()\\n  (1): GELU(approximate='none')\\n  (2): Sigmoid()\\n  (3): ELU(alpha=1.0)\\n)\", ['0', '1', '2', '3'])",
    "from collections import OrderedDict\ns = torch.nn.Sequential(OrderedDict([('a', torch.nn.ReLU()), ('b', torch.nn.Tanh()), ('c', torch.nn.Sigmoid())]))\ndel s[0]\nresult = (list(s._modules), s[0], s.pop(-1), repr(s))": "(['0', '1'], Tanh(), Sigmoid(), 'Sequential(\\n  (0): Tanh()\\n)')",
    "s = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Tanh(), torch.nn.Sigmoid(), torch.nn.ELU())\ndel s[1:3]\nresult = (list(s._modules), repr(s))": "(['0', '1'], 'Sequential(\\n  (0): ReLU()\\n  (1): ELU(alpha=1.0)\\n)')",
    "torch.nn.Sequential(torch.nn.ReLU()).insert(3, torch.nn.Tanh())": "IndexError: Index out of range: 3",
    "torch.nn.Sequential(torch.nn.ReLU()).insert(0, 3)": "AssertionError: module should be of type: <class 'torch.nn.modules.module.Module'>",
    "torch.nn.Sequential(torch.nn.ReLU())[2] = torch.nn.Tanh()": "IndexError: index 2 is out of range",
    "torch.nn.Sequential(torch.nn.ReLU()).pop(1)": "IndexError: index 1 is out of range",
    "result = torch.nn.Sequential(torch.nn.ReLU())['0']": "TypeError: 'str' object cannot be interpreted as an integer",
    "s = torch.nn.Sequential(torch.nn.ReLU())\ns.insert(-1, torch.nn.Tanh())\nresult = repr(s)": "'Sequential(\\n  (0): Tanh()\\n  (1): ReLU()\\n)'",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_nn_state_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_nn_state_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _load_program(sizes: list[int], dropped: list[int], changes: list[tuple[int, str]]) -> str:
    """A model of Linear layers in a ModuleList (with a buffer), and a state dict from a
    twin with some keys dropped, renamed or of another shape, loaded strictly and not."""
    layers = ", ".join(
        f"torch.nn.Linear({a}, {b}, bias={i % 2 == 0})"
        for i, (a, b) in enumerate(zip(sizes, sizes[1:], strict=False))
    )
    lines = [
        "class Net(torch.nn.Module):",
        "    def __init__(self):",
        "        super().__init__()",
        f"        self.layers = torch.nn.ModuleList([{layers}])",
        "        self.register_buffer('steps', torch.tensor(0))",
        "        self.register_buffer('scratch', torch.zeros(2), persistent=False)",
        "a, b = Net(), Net()",
        "sd = a.state_dict()",
        "keys = list(sd)",
        f"for i in sorted({dropped}, reverse=True):",
        "    if i < len(keys):",
        "        del sd[keys[i]]",
    ]
    for index, change in changes:
        lines += [
            f"if {index} < len(keys) and keys[{index}] in sd:",
            f"    value = sd.pop(keys[{index}])"
            if change == "rename"
            else f"    sd[keys[{index}]] = torch.zeros(3, 1)",
            f"    sd['extra.' + keys[{index}]] = value" if change == "rename" else "    pass",
        ]
    lines += [
        "outcomes = []",
        "for strict in (True, False):",
        "    try:",
        "        outcomes.append(str(b.load_state_dict(sd, strict=strict)))",
        "    except RuntimeError as error:",
        "        outcomes.append(str(error))",
        "result = (keys, outcomes, [v.tolist() == sd.get(k, v).tolist() for k, v in b.state_dict().items() if k in sd and sd[k].shape == v.shape])",
    ]
    return "\n".join(lines)


@pytest.mark.torch
@given(
    sizes=st.lists(st.integers(1, 4), min_size=2, max_size=5),
    dropped=st.lists(st.integers(0, 8), max_size=3),
    changes=st.lists(
        st.tuples(st.integers(0, 8), st.sampled_from(["rename", "shape"])), max_size=2
    ),
)
def test_load_state_dict_is_torchs(
    sizes: list[int], dropped: list[int], changes: list[tuple[int, str]], real_torch: ModuleType
) -> None:
    code = _load_program(sizes, dropped, changes)
    assert outcome(engine, code) == outcome(real_torch, code)
