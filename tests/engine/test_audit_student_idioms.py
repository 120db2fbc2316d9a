# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Idioms from students' alternative solutions of the two shipped assignments
(exercises/tensor-indexing.yaml, exercises/autograd.yaml) on which the engine behaved
differently from torch 2.13 when graded with ``--backend engine`` and ``--backend torch``.
The goldens were captured from torch 2.13 with ``audit_outcomes.outcome``."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

NEGATIVE_STRIDES = "ValueError: At least one stride in the given numpy array is negative, and tensors with negative strides are not currently supported. (You can probably work around this by making a copy of your array  with array.copy().) "

PRELUDE = (
    "t = torch.arange(12.0).reshape(4, 3)\nx = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
)

GOLDENS = {
    # even_rows_reversed: reversed(t) is t.flip(0), a tensor (0-d: the tensor itself)
    "result = reversed(t[::2])": "torch.float32 (2, 3) [[6.0, 7.0, 8.0], [0.0, 1.0, 2.0]] rg=False",
    "r = reversed(x * 1)\nresult = (type(r).__name__, type(r.grad_fn).__name__, r)": "('Tensor', 'FlipBackward0', torch.float32 (3,) [3.0, 2.0, 1.0] rg=True)",
    "s = torch.tensor(5.0)\nresult = reversed(s) is s": "True",
    # even_rows_reversed: flipud / fliplr are flip of dim 0 / dim 1
    "result = t[::2].flipud()": "torch.float32 (2, 3) [[6.0, 7.0, 8.0], [0.0, 1.0, 2.0]] rg=False",
    "result = torch.flipud(t[::2])": "torch.float32 (2, 3) [[6.0, 7.0, 8.0], [0.0, 1.0, 2.0]] rg=False",
    "result = torch.fliplr(input=t[:2])": "torch.float32 (2, 3) [[2.0, 1.0, 0.0], [5.0, 4.0, 3.0]] rg=False",
    "result = torch.flipud(torch.tensor([1, 2, 3]))": "torch.int64 (3,) [3, 2, 1] rg=False",
    "r = x.flipud()\n(r * torch.tensor([1.0, 2.0, 3.0])).sum().backward()\nresult = (type(r.grad_fn).__name__, x.grad)": "('FlipBackward0', torch.float32 (3,) [3.0, 2.0, 1.0] rg=False)",
    "m = x.view(3, 1).expand(3, 2) * 1\nr = m.fliplr()\nr[:, 0].sum().backward()\nresult = (r.grad_fn.next_functions[0][0].name(), x.grad)": "('MulBackward0', torch.float32 (3,) [1.0, 1.0, 1.0] rg=False)",
    "result = t.t().flipud().stride()": "(1, 3)",
    "result = torch.flipud(torch.tensor(1.0))": "RuntimeError: Input must be >= 1-d.",
    "result = torch.fliplr(torch.arange(3))": "RuntimeError: Input must be >= 2-d.",
    "result = x.fliplr()": "RuntimeError: Input must be >= 2-d.",
    "result = torch.flipud([1, 2])": "TypeError: flipud(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.fliplr(t, 0)": "TypeError: fliplr() takes 1 positional argument but 2 were given",
    "result = list(reversed(torch.tensor([[1, 2], [3, 4]])))": "[tensor([3, 4]), tensor([1, 2])]",
    # pick_elements: torch.take reads the flattened tensor (row-major, also of a view) in the
    # index's shape; TakeBackward0 saves the index, its gradient is a PutBackward0
    "result = torch.take(t, torch.tensor([1, 4, 11]))": "torch.float32 (3,) [1.0, 4.0, 11.0] rg=False",
    "result = t.t().take(torch.tensor([[1, -1], [0, 0]]))": "torch.float32 (2, 2) [[3.0, 11.0], [0.0, 0.0]] rg=False",
    "result = torch.take(input=torch.tensor(5.0), index=torch.tensor([0, 0]))": "torch.float32 (2,) [5.0, 5.0] rg=False",
    "result = torch.take(torch.arange(6), torch.tensor(3))": "torch.int64 () 3 rg=False",
    "r = torch.take(x, torch.tensor([2, 2, 0]))\n(g,) = torch.autograd.grad((r * r).sum(), x, create_graph=True)\nresult = (r.grad_fn.name(), g.grad_fn.name(), [n is None for n, _ in g.grad_fn.next_functions], g)": "('TakeBackward0', 'PutBackward0', [True, False], torch.float32 (3,) [2.0, 0.0, 12.0] rg=True)",
    "i = torch.tensor([0])\nr = torch.take(x, i)\ni.add_(1)\nr.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [1]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "result = torch.take(t, torch.tensor([12, 13]))": "IndexError: out of range: tried to access index 12 on a tensor of 12 elements.",
    "result = torch.take(t, torch.tensor([1, -13, 20]))": "IndexError: out of range: tried to access index -13 on a tensor of 12 elements.",
    "result = torch.take(torch.zeros(0), torch.tensor([0]))": "IndexError: take(): tried to take from an empty tensor",
    "result = torch.take(t, torch.tensor([1], dtype=torch.int32))": "RuntimeError: take(): Expected a long tensor for index, but got Int",
    "result = torch.take(t, torch.tensor([1.0]))": "RuntimeError: take(): Expected a long tensor for index, but got Float",
    "result = torch.take(t, [1])": "TypeError: take(): argument 'index' (position 2) must be Tensor, not list",
    "result = t.take([1])": "TypeError: take(): argument 'index' (position 1) must be Tensor, not list",
    "result = torch.take([1.0], torch.tensor([0]))": "TypeError: take(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.take(t)": 'TypeError: take() missing 1 required positional arguments: "index"',
    "result = torch.take(t, torch.tensor([0]), 1)": "TypeError: take() takes 2 positional arguments but 3 were given",
    "result = t.take(torch.tensor([0]), 1)": "TypeError: take() takes 1 positional argument but 2 were given",
    # rows_mean_at_least: argwhere is nonzero (as_tuple=False), as a function and a method
    "result = t[torch.argwhere(t.mean(1) >= 4).flatten()]": "torch.float32 (3, 3) [[3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]] rg=False",
    "result = (t > 9).argwhere()": "torch.int64 (2, 2) [[3, 1], [3, 2]] rg=False",
    "result = (torch.argwhere(torch.tensor(1.0)).shape, torch.argwhere(input=torch.zeros(0, 2)).shape)": "((1, 0), (0, 2))",
    "result = torch.argwhere(x * 1).requires_grad": "False",
    "result = torch.argwhere([1, 0])": "TypeError: argwhere(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.argwhere(t, 1)": "TypeError: argwhere() takes 1 positional argument but 2 were given",
    # pick_elements, corners: hstack / vstack are cat of atleast_1d / atleast_2d inputs
    "r = torch.hstack([x[0], x[2] * 2])\nresult = (r, r.grad_fn.name(), [n.name() for n, _ in r.grad_fn.next_functions])": "(torch.float32 (2,) [1.0, 6.0] rg=True, 'CatBackward0', ['ViewBackward0', 'ViewBackward0'])",
    "result = torch.hstack((t[:2], t[2:]))": "torch.float32 (2, 6) [[0.0, 1.0, 2.0, 6.0, 7.0, 8.0], [3.0, 4.0, 5.0, 9.0, 10.0, 11.0]] rg=False",
    "result = torch.hstack(tensors=[torch.tensor([1, 2]), torch.tensor([0.5])])": "torch.float32 (3,) [1.0, 2.0, 0.5] rg=False",
    "r = torch.vstack([x, t[:1]])\n(g,) = torch.autograd.grad(r.sum(), x)\nresult = (r.shape, [n and n.name() for n, _ in r.grad_fn.next_functions], g)": "((2, 3), ['UnsqueezeBackward0', None], torch.float32 (3,) [1.0, 1.0, 1.0] rg=False)",
    "result = torch.vstack([t[0, 0], t[1, 1]])": "torch.float32 (2, 1) [[0.0], [4.0]] rg=False",
    "result = torch.hstack([])": "RuntimeError: hstack expects a non-empty TensorList",
    "result = torch.vstack(t)": "TypeError: vstack(): argument 'tensors' (position 1) must be tuple of Tensors, not Tensor",
    "result = torch.hstack([t[0], t])": "RuntimeError: Tensors must have same number of dimensions: got 1 and 2",
    "result = torch.vstack([t, t[0, :2]])": "RuntimeError: Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in the list.",
    "result = torch.hstack([1, 2])": "TypeError: expected Tensor as element 0 in argument 0, but got int",
    "result = torch.vstack(t, t)": "TypeError: vstack() takes 1 positional argument but 2 were given",
    "result = torch.hstack()": 'TypeError: hstack() missing 1 required positional arguments: "tensors"',
    # broadcast_shape (in a student's own checks): broadcast_tensors expands each tensor to the
    # common shape (ExpandBackward0); one that already has it is returned itself
    "m = torch.ones(2, 3, requires_grad=True)\na, b = torch.broadcast_tensors(x, m)\nresult = (a.shape, a.grad_fn.name(), a.stride(), b is m)": "((2, 3), 'ExpandBackward0', (0, 1), True)",
    "result = [r.shape for r in torch.broadcast_tensors(torch.ones(2, 1), torch.ones(3), torch.ones(4, 1, 1))]": "[torch.Size([4, 2, 3]), torch.Size([4, 2, 3]), torch.Size([4, 2, 3])]",
    "result = (torch.broadcast_tensors(), torch.broadcast_tensors(x)[0] is x)": "((), True)",
    "a, b = torch.broadcast_tensors(x, torch.ones(2, 3))\n(a * b).sum().backward()\nresult = x.grad": "torch.float32 (3,) [2.0, 2.0, 2.0] rg=False",
    "result = torch.broadcast_tensors(t, t[:, 0])": "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    "result = torch.broadcast_tensors(torch.ones(5, 1), torch.ones(3, 4, 1), torch.ones(2))": "RuntimeError: The size of tensor a (5) must match the size of tensor b (4) at non-singleton dimension 1",
    "result = torch.broadcast_tensors([x, t])": "TypeError: expected Tensor as element 0 in argument 0, but got list",
    "result = torch.broadcast_tensors(x, [1.0])": "TypeError: expected Tensor as element 1 in argument 0, but got list",
    # iterating a tensor (for row in t, list(t), torch.stack(list(t))) gives unbind(0)'s
    # outputs: UnbindBackward0, multi-output views that refuse in-place changes in a graph
    "result = [type(r.grad_fn).__name__ for r in x.view(3, 1) * 1]": "['UnbindBackward0', 'UnbindBackward0', 'UnbindBackward0']",
    "result = torch.stack(list(x * 1)).grad_fn.next_functions[0][0].name()": "'UnbindBackward0'",
    "y = x.view(3, 1) * 1\nfor row in y:\n    row.mul_(2)": "RuntimeError: Output 0 of Unbind is a view and is being modified inplace. This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one.",
    "u = t.clone()\nfor row in u:\n    row += 1\nresult = u[:, 0]": "torch.float32 (4,) [1.0, 4.0, 7.0, 10.0] rg=False",
    "(sum(r.sum() for r in x.view(3, 1) * 2)).backward()\nresult = x.grad": "torch.float32 (3,) [2.0, 2.0, 2.0] rg=False",
    # set_fourth_element on an integer tensor: a Python number it cannot hold is refused (any
    # key), an int past int64 for every dtype; a float truncates; float16 takes inf silently
    "u = t.long()\nu[0, 1] = float('nan')": "RuntimeError: value cannot be converted to type int64_t without overflow",
    "u = t.int()\nu[[0]] = 2 ** 40": "RuntimeError: value cannot be converted to type int without overflow",
    "u = t.long()\nu[t[:, 0] > 3] = float('inf')": "RuntimeError: value cannot be converted to type int64_t without overflow",
    "u = t.long()\nu[...] = 1e20": "RuntimeError: value cannot be converted to type int64_t without overflow",
    "u = torch.zeros(2, dtype=torch.uint8)\nu[0] = 300": "RuntimeError: value cannot be converted to type uint8_t without overflow",
    "t[0, 0] = 2 ** 63": "ValueError: Overflow when unpacking long long",
    "u = torch.zeros(3, dtype=torch.uint8)\nu[0] = -1\nu[[2]] = 2.7\nresult = u": "torch.uint8 (3,) [255, 0, 2] rg=False",
    "u = torch.zeros(3, dtype=torch.uint8)\nu[[1]] = -2.7": "RuntimeError: value cannot be converted to type uint8_t without overflow",
    "u = t.half()\nu[[0]] = 1e20\nu[1, 0] = 1e20\nresult = (u[0, 0], u[1, 0])": "(torch.float16 () inf rg=False, torch.float16 () inf rg=False)",
    # make_trainable from the old tutorials: Variable(data, requires_grad) is data.detach()
    # (a leaf sharing data's memory) that requires grad when asked; every tensor is a Variable
    "Variable = torch.autograd.Variable\nv = Variable(t[0], requires_grad=True)\nresult = (v, v.is_leaf, v.data_ptr() == t[0].data_ptr(), isinstance(t, Variable))": "(torch.float32 (3,) [0.0, 1.0, 2.0] rg=True, True, True, True)",
    "v = torch.autograd.Variable(x * 2)\nresult = (v.requires_grad, v.grad_fn, v.is_leaf)": "(False, None, True)",
    "result = (torch.autograd.Variable(), torch.autograd.Variable(t[0], 1).requires_grad)": "(torch.float32 (0,) [] rg=False, True)",
    "result = str(torch.autograd.Variable)": "\"<class 'torch.autograd.variable.Variable'>\"",
    "result = torch.autograd.Variable(torch.tensor([1, 2]), requires_grad=True)": "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
    "result = torch.autograd.Variable([1.0, 2.0])": "TypeError: Variable data has to be a tensor, but got list",
    "result = torch.autograd.Variable(t, requires_grad='a')": "TypeError: 'str' object cannot be interpreted as an integer",
    "result = torch.autograd.Variable(t, foo=1)": "TypeError: 'foo' is an invalid keyword argument for this function",
    "result = torch.autograd.Variable(x, volatile=True).requires_grad": "False | warns: volatile was removed and now has no effect. Use `with torch.",
    # make_trainable: torch.Tensor(t) / torch.FloatTensor(t) of a tensor is an alias in the
    # graph (AliasBackward0), torch.Tensor(t) of any dtype (an int64 t stays int64)
    "n = t.long()\na = torch.Tensor(n)\nresult = (a.dtype, a.data_ptr() == n.data_ptr(), a.is_leaf)": "(torch.int64, True, True)",
    "b = torch.Tensor(x)\nresult = (b is x, b.requires_grad, b.grad_fn.name(), b.data_ptr() == x.data_ptr())": "(False, True, 'AliasBackward0', True)",
    "torch.FloatTensor(x * 2).sum().backward()\nresult = x.grad": "torch.float32 (3,) [2.0, 2.0, 2.0] rg=False",
    "result = torch.Tensor(t.long()).requires_grad_()": "RuntimeError: only Tensors of floating point dtype can require gradients",
    "result = torch.FloatTensor(t.long())": "TypeError: expected TensorOptions(dtype=float, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)) (got TensorOptions(dtype=long int, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))",
    "result = torch.HalfTensor(t)": "TypeError: expected TensorOptions(dtype=c10::Half, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)) (got TensorOptions(dtype=float, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))",
    # set_fourth_element: put_ writes source's elements at flat (row-major) positions of the
    # index (PutBackward0, also through a transposed view); torch.put on a copy
    "u = t.clone()\nr = u.put_(torch.tensor([3]), torch.tensor([-22.7]))\nresult = (r is u, u[1, 0])": "(True, torch.float32 () -22.7 rg=False)",
    "u = t.clone().t()\nu.put_(torch.tensor([[1, -1]]), torch.tensor([100.0, 200.0]))\nresult = u[0]": "torch.float32 (4,) [0.0, 100.0, 6.0, 9.0] rg=False",
    "u = torch.zeros(3)\nu.put_(torch.tensor([0, 0]), torch.tensor([1.0, 2.0]), accumulate=True)\nresult = u": "torch.float32 (3,) [3.0, 0.0, 0.0] rg=False",
    "y = x * 1\ny.put_(torch.tensor([1]), torch.tensor([5.0]))\ny.sum().backward()\nresult = (y.grad_fn.name(), x.grad)": "('PutBackward0', torch.float32 (3,) [1.0, 0.0, 1.0] rg=False)",
    "s = torch.tensor([[5.0, 6.0]], requires_grad=True)\nz = torch.put(torch.zeros(3), torch.tensor([2, 0]), s)\n(z * torch.tensor([1.0, 2.0, 3.0])).sum().backward()\nresult = (z, s.grad)": "(torch.float32 (3,) [6.0, 0.0, 5.0] rg=True, torch.float32 (1, 2) [[3.0, 1.0]] rg=False)",
    "result = (t.put(torch.tensor([0]), torch.tensor([7.0]))[0, 0], t[0, 0])": "(torch.float32 () 7.0 rg=False, torch.float32 () 0.0 rg=False)",
    "result = t.put_(torch.tensor([3]), torch.tensor([1.0], dtype=torch.float64))": "RuntimeError: put_(): self and source expected to have the same dtype, but got self.dtype = Float and source.dtype = Double",
    "result = t.put_(torch.tensor([3], dtype=torch.int32), torch.tensor([1.0]))": "RuntimeError: put_(): Expected a long tensor for index, but got Int",
    "result = t.put_(torch.tensor([3, 4]), torch.tensor([1.0]))": "IndexError: put_(): Expected source and index to have the same number of elements, but got source.numel() = 1, index.numel() = 2",
    "result = t.put_(torch.tensor([12]), torch.tensor([1.0]))": "IndexError: out of range: tried to access index 12 on a tensor of 12 elements.",
    "result = torch.zeros(0).put_(torch.tensor([0]), torch.tensor([1.0]))": "IndexError: put_(): Tried to put elements into an empty tensor",
    "result = t.put_([3], torch.tensor([1.0]))": "TypeError: put_(): argument 'index' (position 1) must be Tensor, not list",
    "result = t.put_(torch.tensor([3]), 1.0)": "TypeError: put_(): argument 'source' (position 2) must be Tensor, not float",
    "result = x.put_(torch.tensor([0]), torch.tensor([1.0]))": "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.",
    # set_second_row: copy_ broadcasts src against self; two rows into one is the in-place error
    "t[1].copy_(torch.tensor([[2.0, 3.0, 4.0], [1.0, 1.0, 1.0]]))": "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]",
    "t[1].copy_(torch.tensor([2.0, 3.0]))": "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0",
    "t.copy_(torch.ones(4))": "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    "t.copy_(torch.ones(1, 4, 3))": "RuntimeError: output with shape [4, 3] doesn't match the broadcast shape [1, 4, 3]",
    "torch.tensor(1.0).copy_(torch.ones(2))": "RuntimeError: output with shape [] doesn't match the broadcast shape [2]",
    "t[1].copy_(torch.tensor([[2, 3, 4]]))": "RuntimeError: output with shape [3] doesn't match the broadcast shape [1, 3]",
    "t[1].copy_(torch.tensor([2, 3, 4]))\nresult = t[1]": "torch.float32 (3,) [2.0, 3.0, 4.0] rg=False",
    "t.copy_(torch.tensor([[7.0], [8.0], [9.0], [1.0]]))\nresult = t[:, 0]": "torch.float32 (4,) [7.0, 8.0, 9.0, 1.0] rg=False",
    # even_rows_reversed: a numpy array with a negative stride (np.arange(...)[::-1]) becomes
    # no tensor, as an index nor through the constructors; a copy does
    "result = t[np.arange(0, 4, 2)[::-1]]": NEGATIVE_STRIDES,
    "t[np.arange(2)[::-1]] = 0.0": NEGATIVE_STRIDES,
    "result = t[np.array([1, 0])[::-1], np.array([0, 2])]": NEGATIVE_STRIDES,
    "result = t[np.array([True, False, True, False])[::-1]]": NEGATIVE_STRIDES,
    "result = torch.from_numpy(np.arange(3)[::-1])": NEGATIVE_STRIDES,
    "result = torch.tensor(np.ones((2, 3))[:, ::-1])": NEGATIVE_STRIDES,
    "result = torch.tensor(np.arange(3.0)[::-1], dtype=torch.float32)": NEGATIVE_STRIDES,
    "result = torch.as_tensor(np.arange(3.0)[::-1], dtype=torch.float32)": NEGATIVE_STRIDES,
    "result = torch.FloatTensor(np.arange(3.0)[::-1])": NEGATIVE_STRIDES,
    "result = t.new_tensor(np.arange(3.0)[::-1])": NEGATIVE_STRIDES,
    "result = t[np.arange(0, 4, 2)[::-1].copy()]": "torch.float32 (2, 3) [[6.0, 7.0, 8.0], [0.0, 1.0, 2.0]] rg=False",
    "result = torch.from_numpy(np.zeros((0, 3))[:, ::-1])": "torch.float64 (0, 3) [] rg=False",
    # no_grad_forward: no_grad/enable_grad take no mode; an argument is the function they
    # decorate, so ``with torch.enable_grad(False):`` is no context manager
    "with torch.enable_grad(False):\n    result = x * 2": "TypeError: 'function' object does not support the context manager protocol",
    "with torch.no_grad(False):\n    result = x * 2": "TypeError: 'function' object does not support the context manager protocol",
    "with torch.no_grad(True):\n    result = x * 2": "TypeError: 'function' object does not support the context manager protocol",
    "with torch.inference_mode(0):\n    result = x * 2": "TypeError: 'function' object does not support the context manager protocol",
    "result = torch.no_grad(False)()": "TypeError: 'bool' object is not callable",
    "with torch.inference_mode(False):\n    result = x * 2": "torch.float32 (3,) [2.0, 4.0, 6.0] rg=True",
    # bce_layer_grads: float32/float64 mm over one inner element of a matrix with more than one
    # row and column is the elementwise product (-0.0 stays -0.0, as torch's BLAS writes it),
    # so w.grad = x.t() @ grad of a student's swapped F.binary_cross_entropy_with_logits(y, z)
    # is -0.0 as torch's; a single row or column, more inner elements, bmm and float16 add to 0
    "w = torch.ones(5, 3, requires_grad=True)\nF.binary_cross_entropy_with_logits(torch.zeros(3), torch.ones(5) @ w).backward()\nresult = w.grad": "torch.float32 (5, 3) [[-0.0, -0.0, -0.0], [-0.0, -0.0, -0.0], [-0.0, -0.0, -0.0], [-0.0, -0.0, -0.0], [-0.0, -0.0, -0.0]] rg=False",
    "result = torch.ones(4, 1) @ torch.tensor([[-0.0, 0.0, -0.0]])": "torch.float32 (4, 3) [[-0.0, 0.0, -0.0], [-0.0, 0.0, -0.0], [-0.0, 0.0, -0.0], [-0.0, 0.0, -0.0]] rg=False",
    "result = torch.tensor([[-1.0], [2.0]], dtype=torch.float64).mm(torch.tensor([[0.0, -0.0]], dtype=torch.float64))": "torch.float64 (2, 2) [[-0.0, 0.0], [0.0, -0.0]] rg=False",
    "result = torch.ones(1, 3).t().mm(torch.full((1, 2), -0.0))": "torch.float32 (3, 2) [[-0.0, -0.0], [-0.0, -0.0], [-0.0, -0.0]] rg=False",
    "result = torch.ones(2, 3, 1) @ torch.full((1, 2), -0.0)": "torch.float32 (2, 3, 2) [[[-0.0, -0.0], [-0.0, -0.0], [-0.0, -0.0]], [[-0.0, -0.0], [-0.0, -0.0], [-0.0, -0.0]]] rg=False",
    "result = torch.ones(1, 1) @ torch.full((1, 3), -0.0)": "torch.float32 (1, 3) [[0.0, 0.0, 0.0]] rg=False",
    "result = torch.ones(3, 1) @ torch.full((1, 1), -0.0)": "torch.float32 (3, 1) [[0.0], [0.0], [0.0]] rg=False",
    "result = torch.ones(3, 2) @ torch.full((2, 2), -0.0)": "torch.float32 (3, 2) [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]] rg=False",
    "result = torch.ones(2, 3, 1).bmm(torch.full((2, 1, 2), -0.0))": "torch.float32 (2, 3, 2) [[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]] rg=False",
    "result = torch.ones(3, 1, dtype=torch.float16) @ torch.full((1, 2), -0.0, dtype=torch.float16)": "torch.float16 (3, 2) [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]] rg=False",
    "result = torch.tensor([[2], [3]]) @ torch.tensor([[0, -4]])": "torch.int64 (2, 2) [[0, -8], [0, -12]] rg=False",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_student_idioms_match_the_golden(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_student_idiom_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == GOLDENS[code]


# A list of arrays, one with a negative stride, is taken (each array is read by value). torch
# warns about the list once per process, so whether a live twin sees that warning depends on
# what ran before it here: the value is compared without it (test_differential_warning_texts
# checks the warning's text against torch in a fresh process).
LIST_OF_ARRAYS = "result = torch.tensor([np.arange(2.0)[::-1], np.arange(2.0)])"
LIST_OF_ARRAYS_OUTCOME = "torch.float64 (2, 2) [[1.0, 0.0], [0.0, 1.0]] rg=False"


def test_a_list_of_arrays_with_a_negative_stride_is_taken() -> None:
    assert outcome(engine, PRELUDE + LIST_OF_ARRAYS, with_warnings=False) == LIST_OF_ARRAYS_OUTCOME


@pytest.mark.torch
def test_a_list_of_arrays_with_a_negative_stride_is_taken_by_torch(real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + LIST_OF_ARRAYS, with_warnings=False) == (
        LIST_OF_ARRAYS_OUTCOME
    )


def test_float_warns_before_its_size_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # torch 2.13 warns (once per process, so no live twin here) before refusing the size: a
    # student's first float() of a vector that requires grad shows the warning, then the error
    from gradekit.engine import errors

    monkeypatch.setattr(errors, "_warned_once", set())
    assert outcome(engine, PRELUDE + "result = float(x)") == (
        "ValueError: only one element tensors can be converted to Python scalars"
        " | warns: Converting a tensor with requires_grad=True to a scalar may "
    )


@pytest.mark.torch_kernels("AVX512", params=("tanh-float64",))
@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op", ["tanh", "sigmoid"])
@pytest.mark.parametrize("size", [1, 3, 100, 2000])
def test_tanh_and_sigmoid_gradients_are_torchs_bit_for_bit(
    op: str, dtype: str, size: int, real_torch: ModuleType
) -> None:
    # tanh_derivatives / bce_layer_grads: torch's kernels are grad * fnmadd(y, y, 1) and
    # (grad * (1 - y)) * y; where the forwards agree (libm and SLEEF aside), so must these
    values = np.random.default_rng(size).standard_normal((2, size)) * 3
    grads, forwards = [], []
    for module in (real_torch, engine):
        x = module.tensor(values[0].astype(dtype), requires_grad=True)
        y = getattr(module, op)(x)
        y.backward(module.tensor(values[1].astype(dtype)))
        grads.append(np.array(x.grad.tolist(), dtype))
        forwards.append(np.array(y.detach().tolist(), dtype))
    same_forward = forwards[0] == forwards[1]
    assert same_forward.mean() > 0.5  # (float64 tanh: about 1 in 4 forwards differ, MKL)
    assert grads[0][same_forward].tobytes() == grads[1][same_forward].tobytes()


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_one_inner_element_mm_is_torchs_bit_for_bit(dtype: str, real_torch: ModuleType) -> None:
    # mm (and its gradients) over one inner element, signed zeros and inf among the values,
    # row- and column-major, single rows and columns included
    rng = np.random.default_rng(3)
    for m, n in [(1, 1), (1, 5), (4, 1), (2, 2), (5, 3), (33, 64)]:
        a = rng.choice([0.0, -0.0, 1.5, -2.0], size=(m, 1)).astype(dtype)
        b = rng.choice([0.0, -0.0, 1.5, -2.0, np.inf], size=(1, n)).astype(dtype)
        g = rng.choice([0.0, -0.0, 1.0], size=(m, n)).astype(dtype)
        for column_major in (False, True):
            results = []
            for module in (real_torch, engine):
                x = module.tensor(a, requires_grad=True)
                y = module.tensor(b, requires_grad=True)
                r = (x.t().contiguous().t() if column_major else x).mm(y)
                r.backward(module.tensor(g))
                results.append([np.array(v.tolist(), dtype).tobytes() for v in (r, x.grad, y.grad)])
            assert results[0] == results[1], (m, n, column_major)
