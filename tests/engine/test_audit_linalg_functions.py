# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Linear-algebra functions students' PyTorch code calls (einsum, tensordot, ...) and torch's
small-matrix bmm kernel they run on. The goldens were captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin checks they are still torch's, and the
torch-marked differentials compare values, grad_fn graphs and gradients over random inputs."""

from __future__ import annotations

import warnings
from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine
from gradekit.engine import errors as engine_errors

GOLDENS = {
    # size-1 dims' strides as torch's: unsqueeze (size times stride of the next dim, 1 at the
    # end), elementwise results (TensorIterator's dim order, the operands' own size-1 strides)
    # and dim reductions (contiguous); later layouts and reshapes read them
    "result = torch.ones(4, 5, 5).diagonal(0, 1, 2).unsqueeze(2).unsqueeze(3).stride()": "(25, 6, 1, 1)",
    "result = torch.ones(2, 3).t().unsqueeze(2).unsqueeze(0).stride()": "(3, 1, 3, 1)",
    "result = torch.ones(2, 4).unsqueeze(2).permute(1, 2, 0).sum(2, True).stride()": "(1, 1, 1)",
    "result = (torch.ones(2, 3, 1).permute(0, 2, 1) * torch.ones(2, 1, 1)).stride()": "(3, 1, 1)",
    "result = (torch.ones(1, 3, 2).permute(1, 2, 0) * torch.ones(1, 2, 1)).stride()": "(2, 1, 6)",
    "result = (torch.ones(2, 3, 1).permute(2, 1, 0) + torch.ones(1, 3, 2)).stride()": "(1, 1, 3)",
    "result = (torch.ones(4, 5, 5).diagonal(0, 1, 2).unsqueeze(2).unsqueeze(3).unsqueeze(4).permute(2, 0, 3, 1, 4) * torch.ones(1, 2).unsqueeze(2).unsqueeze(3).unsqueeze(4).permute(1, 2, 0, 3, 4)).stride()": "(1, 10, 40, 2, 1)",
    # bmm: below 400 multiply-adds per matrix torch's own loop sums the products in order
    # (float32 here: numpy's matmul gives 1.5299999713897705)
    "result = torch.bmm(torch.tensor([[[0.1, 0.2, 0.7, 0.3]]]), torch.tensor([[[0.3], [0.7], [1.9], [0.1]]])).item()": "1.529999852180481",
    "result = torch.bmm(torch.tensor([[[0.1, 0.2, 0.7, 0.3]]], dtype=torch.float16), torch.tensor([[[0.3], [0.7], [1.9], [0.1]]], dtype=torch.float16)).item()": "1.5302734375",
    "result = (torch.tensor([[[0.1, 0.2, 0.7, 0.3]]]) @ torch.tensor([[[0.3], [0.7], [1.9], [0.1]]])).item()": "1.529999852180481",
    # einsum: torch's decomposition (diagonal, permute, unsqueeze, sum, mul, bmm, view), so its
    # grad_fn names; torch's equation errors; the list and sublist forms.
    "result = torch.einsum('ij,jk->ik', torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[1.0, -1.0, 0.5], [2.0, 0.0, 1.0]]))": "torch.float32 (2, 3) [[5.0, -1.0, 2.5], [11.0, -3.0, 5.5]] rg=False",
    "result = torch.einsum('ij,jk', torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[1.0, -1.0, 0.5], [2.0, 0.0, 1.0]]))": "torch.float32 (2, 3) [[5.0, -1.0, 2.5], [11.0, -3.0, 5.5]] rg=False",
    "result = torch.einsum('ij,jk->ik', [torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[1.0, -1.0], [2.0, 0.0]])])": "torch.float32 (2, 2) [[5.0, -1.0], [11.0, -3.0]] rg=False",
    "result = torch.einsum('ij,jk->ik', (torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[1.0, -1.0], [2.0, 0.0]])))": "torch.float32 (2, 2) [[5.0, -1.0], [11.0, -3.0]] rg=False",
    "result = torch.einsum('bij,bjk->bik', torch.arange(12.0).reshape(2, 2, 3), torch.arange(12.0).reshape(2, 3, 2))": "torch.float32 (2, 2, 2) [[[10.0, 13.0], [28.0, 40.0]], [[172.0, 193.0], [244.0, 274.0]]] rg=False",
    "result = torch.einsum('...ij,...jk->...ik', torch.arange(12.0).reshape(2, 2, 3), torch.arange(6.0).reshape(3, 2))": "torch.float32 (2, 2, 2) [[[10.0, 13.0], [28.0, 40.0]], [[46.0, 67.0], [64.0, 94.0]]] rg=False",
    "result = torch.einsum('i,i->', torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0]))": "torch.float32 () 32.0 rg=False",
    "result = torch.einsum('i,i', torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0]))": "torch.float32 () 32.0 rg=False",
    "result = torch.einsum('ij->ji', torch.arange(6.0).reshape(2, 3))": "torch.float32 (3, 2) [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]] rg=False",
    "result = torch.einsum('ij->ji', torch.arange(6.0).reshape(2, 3)).stride()": "(1, 3)",
    "result = torch.einsum('ii->i', torch.arange(9.0).reshape(3, 3))": "torch.float32 (3,) [0.0, 4.0, 8.0] rg=False",
    "result = torch.einsum('ii', torch.arange(9.0).reshape(3, 3))": "torch.float32 () 12.0 rg=False",
    "result = torch.einsum('iij->j', torch.arange(18.0).reshape(3, 3, 2))": "torch.float32 (2,) [24.0, 27.0] rg=False",
    "result = torch.einsum('i,j->ij', torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0, 5.0]))": "torch.float32 (2, 3) [[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]] rg=False",
    "result = torch.einsum('bi,bi->b', torch.arange(6.0).reshape(2, 3), torch.arange(6.0).reshape(2, 3))": "torch.float32 (2,) [5.0, 50.0] rg=False",
    "result = torch.einsum('ij->', torch.arange(6.0).reshape(2, 3))": "torch.float32 () 15.0 rg=False",
    "result = torch.einsum('ij->j', torch.arange(6).reshape(2, 3))": "torch.int64 (3,) [3, 5, 7] rg=False",
    "result = torch.einsum('ij->j', torch.arange(6, dtype=torch.int32).reshape(2, 3))": "torch.int64 (3,) [3, 5, 7] rg=False",
    "result = torch.einsum('ij,jk->ik', torch.arange(6, dtype=torch.int32).reshape(2, 3), torch.arange(6, dtype=torch.int32).reshape(3, 2))": "torch.int32 (2, 2) [[10, 13], [28, 40]] rg=False",
    "result = torch.einsum('ij,jk->ik', torch.ones(2, 2, dtype=torch.float16), torch.ones(2, 2, dtype=torch.float16))": "torch.float16 (2, 2) [[2.0, 2.0], [2.0, 2.0]] rg=False",
    "result = torch.einsum('i j -> j i', torch.arange(6.0).reshape(2, 3))": "torch.float32 (3, 2) [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]] rg=False",
    "result = torch.einsum('ij,ij->ij', torch.ones(2, 3), torch.ones(2, 3, dtype=torch.float64))": "torch.float64 (2, 3) [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]] rg=False",
    "result = torch.einsum('i,i', torch.ones(3), torch.ones(1))": "torch.float32 () 3.0 rg=False",
    "result = torch.einsum('...i,...i->...', torch.ones(4, 1, 3), torch.ones(2, 3)).shape": "(4, 2)",
    "result = torch.einsum('', torch.tensor(3.0))": "torch.float32 () 3.0 rg=False",
    "result = torch.einsum('...->...', torch.tensor(3.0))": "torch.float32 () 3.0 rg=False",
    "result = torch.einsum('ij,->ij', torch.ones(2, 2), torch.tensor(2.0))": "torch.float32 (2, 2) [[2.0, 2.0], [2.0, 2.0]] rg=False",
    "result = torch.einsum('ij,jk,kl->il', torch.ones(2, 3), torch.ones(3, 4), torch.ones(4, 2))": "torch.float32 (2, 2) [[12.0, 12.0], [12.0, 12.0]] rg=False",
    "result = torch.einsum(torch.arange(6.0).reshape(2, 3), [0, 1], torch.ones(3, 2), [1, 2], [0, 2])": "torch.float32 (2, 2) [[3.0, 3.0], [12.0, 12.0]] rg=False",
    "result = torch.einsum(torch.arange(6.0).reshape(2, 3), [Ellipsis, 0])": "torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False",
    "result = torch.einsum(torch.ones(2, 3), [0, 60])": "ValueError: einsum(): subscript in subscript list is not within the valid range [0, 52)",
    "result = torch.einsum('ij,jk->ik', torch.ones(2, 0), torch.ones(0, 3))": "torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False",
    "result = torch.einsum('ij')": "ValueError: einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list",
    "result = torch.einsum('ij', [])": "ValueError: einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list",
    "result = torch.einsum(5, torch.ones(2, 3))": "TypeError: einsum(): argument 'equation' (position 1) must be str, not int",
    "result = torch.einsum('ij', torch.ones(2, 3).tolist())": "TypeError: expected Tensor as element 0 in argument 1, but got list",
    "result = torch.einsum('ij', [torch.ones(2, 3)], 3)": "TypeError: expected Tensor as element 0 in argument 1, but got list",
    "result = torch.einsum('ij,jk->ik', torch.ones(2, 3), None)": "TypeError: expected Tensor as element 1 in argument 1, but got NoneType",
    "result = torch.einsum('ij->j', torch.ones(2, 3), path=[0])": "TypeError: einsum() got an unexpected keyword argument 'path'",
    "result = torch.einsum(equation='ij', operands=[torch.ones(2, 3)])": "TypeError: einsum() got an unexpected keyword argument 'equation'",
    "result = torch.einsum('ij,jk->ik', torch.ones(2, 3))": "RuntimeError: einsum(): fewer operands were provided than specified in the equation",
    "result = torch.einsum('ij', torch.ones(2, 3), torch.ones(3))": "RuntimeError: einsum(): more operands were provided than specified in the equation",
    "result = torch.einsum('ij->k', torch.ones(2, 3))": "RuntimeError: einsum(): output subscript k does not appear in the equation for any input operand",
    "result = torch.einsum('ij->I', torch.ones(2, 3))": "RuntimeError: einsum(): output subscript I does not appear in the equation for any input operand",
    "result = torch.einsum('ij->ii', torch.ones(2, 3))": "RuntimeError: einsum(): output subscript i appears more than once in the output",
    "result = torch.einsum('i1', torch.ones(2, 3))": "RuntimeError: einsum(): invalid subscript given at index 1 in the equation string, subscripts must be in [a-zA-Z]",
    "result = torch.einsum('ij->i$', torch.ones(2, 3))": "RuntimeError: einsum(): invalid subscript given at index 5 in the equation string, subscripts must be in [a-zA-Z]",
    "result = torch.einsum('ij-i', torch.ones(2, 3))": "RuntimeError: einsum(): invalid subscript given at index 2 in the equation string, subscripts must be in [a-zA-Z]",
    "result = torch.einsum('ijk', torch.ones(2, 3))": "RuntimeError: einsum(): the number of subscripts in the equation (3) does not match the number of dimensions (2) for operand 0 and no ellipsis was given",
    "result = torch.einsum('ij...k', torch.ones(2, 3))": "RuntimeError: einsum(): the number of subscripts in the equation (3) is more than the number of dimensions (2) for operand 0",
    "result = torch.einsum('i...j...', torch.ones(2, 3))": "RuntimeError: einsum(): found '.' for operand 0 for which an ellipsis was already found",
    "result = torch.einsum('i.j', torch.ones(2, 3))": "RuntimeError: einsum(): found '.' for operand 0 that is not part of any ellipsis",
    "result = torch.einsum('ij->..', torch.ones(2, 3))": "RuntimeError: einsum(): found '.' for output that is not part of any ellipsis (...)",
    "result = torch.einsum('ij->......', torch.ones(2, 3))": "RuntimeError: einsum(): found '.' for output but an ellipsis (...) was already found",
    "result = torch.einsum('ij,jk->ik', torch.ones(2, 3), torch.ones(2, 4))": "RuntimeError: einsum(): subscript j has size 2 for operand 1 which does not broadcast with previously seen size 3",
    "result = torch.einsum('ii', torch.ones(2, 3))": "RuntimeError: einsum(): subscript i is repeated for operand 0 but the sizes don't match, 3 != 2",
    "result = torch.einsum('...i,...i', torch.ones(5, 2, 3), torch.ones(3, 3))": "RuntimeError: einsum(): dimension 0 covered by ellipsis in operand 1has size 3 which does not broadcast with previously seen ellipsis with size 2 for the respective dimension",
    "result = torch.einsum('ij,jk->ik', torch.ones(2, 3), torch.ones(3, 4, dtype=torch.float64))": "RuntimeError: expected scalar type Float but found Double",
    "result = torch.einsum('ij,jk', torch.ones(2, 3, dtype=torch.bool), torch.ones(3, 4, dtype=torch.bool))": "NotImplementedError: \"bmm\" not implemented for 'Bool'",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nb = torch.tensor([[1.0, -1.0, 0.5], [2.0, 0.0, 1.0]], requires_grad=True)\nr = torch.einsum('ij,jk->ik', a, b)\n(r * torch.arange(6.0).reshape(2, 3)).sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('ViewBackward0', torch.float32 (2, 2) [[0.0, 2.0], [1.5, 11.0]] rg=False, torch.float32 (2, 3) [[9.0, 13.0, 17.0], [12.0, 18.0, 24.0]] rg=False)",
    "a = torch.arange(12.0).reshape(2, 2, 3).requires_grad_()\nb = torch.arange(12.0).reshape(2, 3, 2).requires_grad_()\nr = torch.einsum('bij,bjk->bik', a, b)\nr.sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad, b.grad)": "('ViewBackward0', 'PermuteBackward0', torch.float32 (2, 2, 3) [[[1.0, 5.0, 9.0], [1.0, 5.0, 9.0]], [[13.0, 17.0, 21.0], [13.0, 17.0, 21.0]]] rg=False, torch.float32 (2, 3, 2) [[[3.0, 3.0], [5.0, 5.0], [7.0, 7.0]], [[15.0, 15.0], [17.0, 17.0], [19.0, 19.0]]] rg=False)",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.einsum('i,i->', a, a)\nr.backward()\nresult = (r.grad_fn.name(), a.grad)": "('ViewBackward0', torch.float32 (3,) [2.0, 4.0, 6.0] rg=False)",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nr = torch.einsum('ij->ji', a)\nresult = r.grad_fn.name()": "'PermuteBackward0'",
    "a = torch.arange(9.0).reshape(3, 3).requires_grad_()\nr = torch.einsum('ii->i', a)\nr.sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].next_functions[0][0].name(), a.grad)": "('PermuteBackward0', 'DiagonalBackward0', torch.float32 (3, 3) [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] rg=False)",
    "a = torch.arange(9.0).reshape(3, 3).requires_grad_()\nr = torch.einsum('ii', a)\nr.backward()\nresult = (r.grad_fn.name(), a.grad)": "('SumBackward1', torch.float32 (3, 3) [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] rg=False)",
    "a = torch.tensor([1.0, 2.0], requires_grad=True)\nb = torch.tensor([3.0, 4.0, 5.0], requires_grad=True)\nr = torch.einsum('i,j->ij', a, b)\nr.sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('MulBackward0', torch.float32 (2,) [12.0, 12.0] rg=False, torch.float32 (3,) [3.0, 3.0, 3.0] rg=False)",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nb = torch.ones(2, 3, requires_grad=True)\nr = torch.einsum('bi,bi->b', a, b)\nr.sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('ViewBackward0', torch.float32 (2, 3) [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]] rg=False, torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False)",
    "a = torch.arange(12.0).reshape(2, 2, 3).requires_grad_()\nb = torch.arange(6.0).reshape(3, 2).requires_grad_()\nr = torch.einsum('...ij,...jk->...ik', a, b)\nr.sum().backward()\nresult = (r.grad_fn.name(), b.grad)": "('ViewBackward0', torch.float32 (3, 2) [[18.0, 18.0], [22.0, 22.0], [26.0, 26.0]] rg=False)",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nr = torch.einsum('ij->i', a)\nresult = r.grad_fn.name()": "'SumBackward1'",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.einsum('i,i->', a, a)\n(g,) = torch.autograd.grad(r, a, create_graph=True)\n(h,) = torch.autograd.grad(g.sum(), a)\nresult = (g.grad_fn.name(), g, h)": "('AddBackward0', torch.float32 (3,) [2.0, 4.0, 6.0] rg=True, torch.float32 (3,) [2.0, 2.0, 2.0] rg=False)",
    # tensordot: torch/functional.py's dims handling, then permute + mm (a full contraction:
    # dot of the flattened operands, or mul and sum when one cannot be flattened as a view).
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(12.0).reshape(3, 4), dims=1)": "torch.float32 (2, 4) [[20.0, 23.0, 26.0, 29.0], [56.0, 68.0, 80.0, 92.0]] rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(12.0).reshape(3, 4), 1)": "torch.float32 (2, 4) [[20.0, 23.0, 26.0, 29.0], [56.0, 68.0, 80.0, 92.0]] rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(12.0).reshape(3, 4), dims=([1], [0]))": "torch.float32 (2, 4) [[20.0, 23.0, 26.0, 29.0], [56.0, 68.0, 80.0, 92.0]] rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(12.0).reshape(3, 4), dims=[[1], [0]])": "torch.float32 (2, 4) [[20.0, 23.0, 26.0, 29.0], [56.0, 68.0, 80.0, 92.0]] rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(12.0).reshape(3, 4), dims=torch.tensor(1))": "torch.float32 (2, 4) [[20.0, 23.0, 26.0, 29.0], [56.0, 68.0, 80.0, 92.0]] rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(12.0).reshape(3, 4), dims=torch.tensor([[1], [0]]))": "torch.float32 (2, 4) [[20.0, 23.0, 26.0, 29.0], [56.0, 68.0, 80.0, 92.0]] rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(6.0).reshape(2, 3))": "torch.float32 () 55.0 rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.arange(6.0).reshape(3, 2), ([0, 1], [1, 0]))": "torch.float32 () 50.0 rg=False",
    "result = torch.tensordot(torch.arange(24.0).reshape(2, 3, 4), torch.arange(24.0).reshape(4, 3, 2), ([1, 2], [1, 0]))": "torch.float32 (2, 2) [[880.0, 946.0], [2464.0, 2674.0]] rg=False",
    "result = torch.tensordot(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0, 5.0]), 0)": "torch.float32 (2, 3) [[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]] rg=False",
    "result = torch.tensordot(torch.arange(6.0).reshape(2, 3), torch.ones(1, 4), dims=([1], [0]))": "torch.float32 (2, 4) [[3.0, 3.0, 3.0, 3.0], [12.0, 12.0, 12.0, 12.0]] rg=False",
    "result = torch.tensordot(torch.arange(6).reshape(2, 3), torch.arange(12).reshape(3, 4), dims=1)": "torch.int64 (2, 4) [[20, 23, 26, 29], [56, 68, 80, 92]] rg=False",
    "result = torch.tensordot(torch.arange(6, dtype=torch.int32).reshape(2, 3), torch.arange(6, dtype=torch.int32).reshape(3, 2), ([0, 1], [1, 0]))": "torch.int32 () 50 rg=False",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=True)": "torch.float32 (2, 4) [[3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0]] rg=False",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=1.5)": "RuntimeError: tensordot expects dims to be int or tuple[list[int], list[int]] or list[list[int]] containing two lists, but got dims=1.5",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=([1], [0, 1]))": "RuntimeError: both dimension lists should have same length",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=([1],))": "ValueError: not enough values to unpack (expected 2, got 1)",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=3)": "RuntimeError: tensordot expects dims < ndim_a or ndim_b, but got dims=3",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=-1)": "RuntimeError: tensordot expects dims >= 0, but got dims=-1",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=torch.tensor(-1))": "RuntimeError: tensordot expects dims >= 0, but got dims=-1",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=([1], [1]))": "RuntimeError: contracted dimensions need to match, but first has size 3 in dim 1 and second has size 4 in dim 1",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4, dtype=torch.float64), dims=1)": "RuntimeError: both inputs should have same dtype",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=([5], [0]))": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=([1, 1], [0, 0]))": "RuntimeError: dim 1 appears multiple times in the list of dims",
    "result = torch.tensordot(torch.ones(2, 3, dtype=torch.bool), torch.ones(3, 4, dtype=torch.bool), 1)": "NotImplementedError: \"addmm_impl_cpu_\" not implemented for 'Bool'",
    "result = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), dims=(1, 0))": "TypeError: tensordot(): argument 'dims_self' (position 3) must be tuple of ints, not int",
    "result = torch.tensordot(torch.ones(2), [1.0, 2.0], ([0], [0]))": "TypeError: tensordot(): argument 'other' (position 2) must be Tensor, not list",
    "result = torch.tensordot(torch.ones(2), torch.ones(2), ([0.5], [0]))": "TypeError: tensordot(): argument 'dims_self' (position 3) must be tuple of ints, but found element of type float at pos 0",
    "result = torch.tensordot([1.0], torch.ones(3, 4), dims=1)": "AttributeError: 'list' object has no attribute 'dim'",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nb = torch.arange(12.0).reshape(3, 4).requires_grad_()\nr = torch.tensordot(a, b, 1)\nr.sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad, b.grad)": "('ViewBackward0', 'MmBackward0', torch.float32 (2, 3) [[6.0, 22.0, 38.0], [6.0, 22.0, 38.0]] rg=False, torch.float32 (3, 4) [[3.0, 3.0, 3.0, 3.0], [5.0, 5.0, 5.0, 5.0], [7.0, 7.0, 7.0, 7.0]] rg=False)",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nb = torch.arange(6.0).reshape(2, 3).requires_grad_()\nr = torch.tensordot(a, b)\nr.backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad)": "('ViewBackward0', 'DotBackward0', torch.float32 (2, 3) [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]] rg=False)",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nb = torch.arange(6.0).reshape(3, 2).requires_grad_()\nr = torch.tensordot(a, b, ([0, 1], [1, 0]))\nr.backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), b.grad)": "('ViewBackward0', 'SumBackward0', torch.float32 (3, 2) [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]] rg=False)",
    # einsum's sumproduct_pair swaps its operands when all of the right one's output dims come
    # first; mul layouts and sum layouts decide whether its reshapes are views
    "names = lambda f: [] if f is None else [f.name()] + [x for n, _ in f.next_functions for x in names(n)]\nops = [torch.ones(4, requires_grad=True), torch.ones(2, requires_grad=True), torch.ones(1, 2, requires_grad=True)]\nresult = names(torch.einsum('e,c,dc', *ops).grad_fn)": "['ViewBackward0', 'PermuteBackward0', 'ViewBackward0', 'BmmBackward0', 'ViewBackward0', 'PermuteBackward0', 'PermuteBackward0', 'UnsqueezeBackward0', 'torch::autograd::AccumulateGrad', 'ReshapeAliasBackward0', 'PermuteBackward0', 'MulBackward0', 'PermuteBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'torch::autograd::AccumulateGrad', 'PermuteBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'torch::autograd::AccumulateGrad']",
    "names = lambda f: [] if f is None else [f.name()] + [x for n, _ in f.next_functions for x in names(n)]\nops = [torch.ones(3, requires_grad=True), torch.ones(2, 4, requires_grad=True), torch.ones(3, 3, requires_grad=True)]\nresult = names(torch.einsum('a,bd,aa->d', *ops).grad_fn)": "['ViewBackward0', 'PermuteBackward0', 'ViewBackward0', 'BmmBackward0', 'ViewBackward0', 'PermuteBackward0', 'MulBackward0', 'PermuteBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'torch::autograd::AccumulateGrad', 'SumBackward1', 'PermuteBackward0', 'UnsqueezeBackward0', 'torch::autograd::AccumulateGrad', 'ReshapeAliasBackward0', 'PermuteBackward0', 'PermuteBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'PermuteBackward0', 'DiagonalBackward0', 'torch::autograd::AccumulateGrad']",
    "names = lambda f: [] if f is None else [f.name()] + [x for n, _ in f.next_functions for x in names(n)]\nops = [torch.ones(4, 5, 5, requires_grad=True), torch.ones(1, 2, requires_grad=True), torch.ones(1, 1, 5, requires_grad=True)]\nresult = names(torch.einsum('daa,ec,bba', *ops).grad_fn)": "['ViewBackward0', 'PermuteBackward0', 'ViewBackward0', 'BmmBackward0', 'UnsafeViewBackward0', 'CloneBackward0', 'PermuteBackward0', 'MulBackward0', 'PermuteBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'PermuteBackward0', 'DiagonalBackward0', 'torch::autograd::AccumulateGrad', 'PermuteBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'torch::autograd::AccumulateGrad', 'ViewBackward0', 'PermuteBackward0', 'PermuteBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'UnsqueezeBackward0', 'PermuteBackward0', 'DiagonalBackward0', 'torch::autograd::AccumulateGrad']",
    "result = torch.einsum('ij,jk->ik', torch.tensor([[0.1, 0.2, 0.7, 0.3]]), torch.tensor([[0.3], [0.7], [1.9], [0.1]])).item()": "1.529999852180481",
    # trace (float64 accumulation in order, float32 for float16, int64 for integers;
    # TraceBackward0: index_fill on the flat diagonal, viewed), vdot (dot's checks, VdotBackward0),
    # inner (a 0-d operand multiplies, else tensordot over the last dims), kron (interleaved
    # _unsafe_views, mul, _unsafe_view), cross / linalg.cross (fma(a_i, b_j, -(a_k * b_l)),
    # LinalgCrossBackward0, broadcasting, torch.cross's default dim: the first of size 3), dist
    # (the norm of the difference, DistBackward0; p = 0: no gradient)
    "result = torch.trace(torch.arange(9.0).reshape(3, 3))": "torch.float32 () 12.0 rg=False",
    "result = torch.arange(6.0).reshape(2, 3).trace()": "torch.float32 () 4.0 rg=False",
    "result = torch.trace(torch.arange(6.0).reshape(3, 2))": "torch.float32 () 3.0 rg=False",
    "result = torch.trace(torch.tensor([[1e8, 0.0], [0.0, 1.0]]) + torch.tensor([[3.0, 0.0], [0.0, -1e8]]))": "torch.float32 () 0.0 rg=False",
    "result = torch.trace(torch.tensor([[16777216.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])).item()": "16777218.0",
    "result = torch.trace(torch.arange(9, dtype=torch.int32).reshape(3, 3))": "torch.int64 () 12 rg=False",
    "result = torch.trace(torch.ones(2, 2, dtype=torch.uint8))": "torch.int64 () 2 rg=False",
    "result = torch.trace(torch.ones(3, 3, dtype=torch.float16) * 700)": "torch.float16 () 2100.0 rg=False",
    "result = torch.trace(torch.ones(0, 3))": "torch.float32 () 0.0 rg=False",
    "result = torch.trace(torch.ones(3))": "RuntimeError: trace: expected a matrix, but got tensor with dim 1",
    "result = torch.trace(torch.ones(2, 2, 2))": "RuntimeError: trace: expected a matrix, but got tensor with dim 3",
    "result = torch.trace(torch.ones(2, 2, dtype=torch.bool))": "NotImplementedError: \"trace\" not implemented for 'Bool'",
    "result = torch.trace([[1.0]])": "TypeError: trace(): argument 'input' (position 1) must be Tensor, not list",
    "result = torch.ones(2, 2).trace(1)": "TypeError: TensorBase.trace() takes no arguments (1 given)",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nr = a.trace()\nr.backward()\nresult = (r.grad_fn.name(), a.grad)": "('TraceBackward0', torch.float32 (2, 3) [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]] rg=False)",
    "a = torch.arange(6.0).reshape(3, 2).requires_grad_()\n(g,) = torch.autograd.grad(a.trace() ** 2, a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('ViewBackward0', torch.float32 (3, 2) [[6.0, 0.0], [0.0, 6.0], [0.0, 0.0]] rg=True)",
    "result = torch.vdot(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0]))": "torch.float32 () 32.0 rg=False",
    "result = torch.tensor([1, 2, 3]).vdot(torch.tensor([4, 5, 6]))": "torch.int64 () 32 rg=False",
    "result = torch.vdot(torch.ones(2, 2), torch.ones(2))": "RuntimeError: 1D tensors expected, but got 2D and 1D tensors",
    "result = torch.vdot(torch.ones(2), torch.ones(2, dtype=torch.float64))": "RuntimeError: dot : expected both vectors to have same dtype, but found Float and Double",
    "result = torch.vdot(torch.ones(3), torch.ones(2))": "RuntimeError: inconsistent tensor size, expected tensor [3] and src [2] to have the same number of elements, but got 3 and 2 elements respectively",
    "result = torch.vdot(torch.ones(3, dtype=torch.bool), torch.ones(3, dtype=torch.bool))": "NotImplementedError: \"dot\" not implemented for 'Bool'",
    "result = torch.vdot(torch.ones(3), [1.0, 2.0, 3.0])": "TypeError: vdot(): argument 'other' (position 2) must be Tensor, not list",
    "result = torch.vdot(torch.ones(3))": 'TypeError: vdot() missing 1 required positional arguments: "other"',
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nb = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)\nr = torch.vdot(a, b)\nr.backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('VdotBackward0', torch.float32 (3,) [4.0, 5.0, 6.0] rg=False, torch.float32 (3,) [1.0, 2.0, 3.0] rg=False)",
    "result = torch.inner(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0]))": "torch.float32 () 32.0 rg=False",
    "result = torch.inner(torch.arange(6.0).reshape(2, 3), torch.arange(12.0).reshape(4, 3))": "torch.float32 (2, 4) [[5.0, 14.0, 23.0, 32.0], [14.0, 50.0, 86.0, 122.0]] rg=False",
    "result = torch.inner(torch.arange(6.0).reshape(2, 3), torch.tensor([1.0, 0.0, -1.0]))": "torch.float32 (2,) [-2.0, -2.0] rg=False",
    "result = torch.inner(torch.tensor(2.0), torch.arange(3.0))": "torch.float32 (3,) [0.0, 2.0, 4.0] rg=False",
    "result = torch.arange(6.0).reshape(2, 3).inner(torch.ones(2, 2, 3))": "torch.float32 (2, 2, 2) [[[3.0, 3.0], [3.0, 3.0]], [[12.0, 12.0], [12.0, 12.0]]] rg=False",
    "result = torch.inner(torch.ones(2, 3), torch.ones(4, 2))": "RuntimeError: inner() the last dimension must match on both input tensors but got shapes [2, 3] and [4, 2]",
    "result = torch.inner(torch.ones(3), torch.ones(3, dtype=torch.float64))": "RuntimeError: both inputs should have same dtype",
    "result = torch.inner(torch.ones(3), 2.0)": "TypeError: inner(): argument 'other' (position 2) must be Tensor, not float",
    "a = torch.arange(6.0).reshape(2, 3).requires_grad_()\nb = torch.arange(12.0).reshape(4, 3).requires_grad_()\nr = torch.inner(a, b)\nr.sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad, b.grad)": "('ViewBackward0', 'MmBackward0', torch.float32 (2, 3) [[18.0, 22.0, 26.0], [18.0, 22.0, 26.0]] rg=False, torch.float32 (4, 3) [[3.0, 5.0, 7.0], [3.0, 5.0, 7.0], [3.0, 5.0, 7.0], [3.0, 5.0, 7.0]] rg=False)",
    "a = torch.arange(3.0).requires_grad_()\nr = torch.inner(a, a)\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name())": "('ViewBackward0', 'DotBackward0')",
    "result = torch.kron(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[0.0, 1.0], [1.0, 0.0]]))": "torch.float32 (4, 4) [[0.0, 1.0, 0.0, 2.0], [1.0, 0.0, 2.0, 0.0], [0.0, 3.0, 0.0, 4.0], [3.0, 0.0, 4.0, 0.0]] rg=False",
    "result = torch.kron(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 10.0, 100.0]))": "torch.float32 (6,) [1.0, 10.0, 100.0, 2.0, 20.0, 200.0] rg=False",
    "result = torch.kron(torch.tensor([1.0, 2.0]), torch.ones(2, 2))": "torch.float32 (2, 4) [[1.0, 1.0, 2.0, 2.0], [1.0, 1.0, 2.0, 2.0]] rg=False",
    "result = torch.kron(torch.tensor(2.0), torch.ones(2))": "torch.float32 (2,) [2.0, 2.0] rg=False",
    "result = torch.kron(torch.tensor([1, 2]), torch.tensor([1.5, 2.0]))": "torch.float32 (4,) [1.5, 2.0, 3.0, 4.0] rg=False",
    "result = torch.kron(torch.tensor([True, False]), torch.tensor([True, True]))": "torch.bool (4,) [True, True, False, False] rg=False",
    "result = torch.tensor([1.0, 2.0]).kron(torch.tensor([3.0, 4.0]))": "torch.float32 (4,) [3.0, 4.0, 6.0, 8.0] rg=False",
    "result = torch.kron(torch.ones(2, 3).t(), torch.ones(2, 2))": "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
    "result = torch.kron(torch.ones(2), 3)": "TypeError: kron(): argument 'other' (position 2) must be Tensor, not int",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nb = torch.tensor([[0.0, 1.0], [1.0, 2.0]], requires_grad=True)\nr = torch.kron(a, b)\n(r * torch.arange(16.0).reshape(4, 4)).sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad, b.grad)": "('UnsafeViewBackward0', 'MulBackward0', torch.float32 (2, 2) [[15.0, 23.0], [47.0, 55.0]] rg=False, torch.float32 (2, 2) [[68.0, 78.0], [108.0, 118.0]] rg=False)",
    "result = torch.linalg.cross(torch.tensor([1.0, 0.0, 0.0]), torch.tensor([0.0, 1.0, 0.0]))": "torch.float32 (3,) [0.0, 0.0, 1.0] rg=False",
    "result = torch.linalg.cross(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[0.5, -1.0, 2.0]]))": "torch.float32 (2, 3) [[7.0, -0.5, -2.0], [16.0, -5.0, -6.5]] rg=False",
    "result = torch.cross(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([[0.5, -1.0, 2.0], [1.0, 1.0, 1.0]]), dim=1)": "torch.float32 (2, 3) [[7.0, -0.5, -2.0], [-1.0, 2.0, -1.0]] rg=False",
    "result = torch.cross(torch.arange(6.0).reshape(3, 2), torch.ones(3, 2), 0)": "torch.float32 (3, 2) [[-2.0, -2.0], [4.0, 4.0], [-2.0, -2.0]] rg=False",
    "result = torch.arange(6.0).reshape(3, 2).cross(torch.ones(3, 2), dim=0)": "torch.float32 (3, 2) [[-2.0, -2.0], [4.0, 4.0], [-2.0, -2.0]] rg=False",
    "result = torch.linalg.cross(torch.arange(6.0).reshape(3, 2), torch.ones(3, 2), dim=0)": "torch.float32 (3, 2) [[-2.0, -2.0], [4.0, 4.0], [-2.0, -2.0]] rg=False",
    "result = torch.linalg.cross(torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6]))": "torch.int64 (3,) [-3, 6, -3] rg=False",
    "result = torch.linalg.cross(torch.tensor([0.1, 0.2, 0.3]), torch.tensor([0.7, -0.5, 0.9])).tolist()": "[0.33000001311302185, 0.12000001221895218, -0.1899999976158142]",
    "result = torch.linalg.cross(torch.ones(3, 2), torch.ones(3, 2))": "RuntimeError: linalg.cross: inputs dimension -1 must have length 3. Got 2 and 2",
    "result = torch.cross(torch.ones(2, 2), torch.ones(2, 2), dim=None)": "RuntimeError: no dimension of size 3 in input | warns: Using torch.cross without specifying the dim arg is deprecat",
    "result = torch.linalg.cross(torch.ones(3), torch.ones(3, dtype=torch.float64))": "RuntimeError: expected scalar type Float but found Double",
    "result = torch.linalg.cross(torch.ones(3, dtype=torch.bool), torch.ones(3, dtype=torch.bool))": "NotImplementedError: \"cross\" not implemented for 'Bool'",
    "result = torch.linalg.cross(torch.ones(2, 3), torch.ones(3))": "RuntimeError: linalg.cross: inputs must have the same number of dimensions.",
    "result = torch.linalg.cross(torch.ones(3), torch.ones(2))": "RuntimeError: linalg.cross: inputs dimension -1 must have length 3. Got 3 and 2",
    "result = torch.linalg.cross(torch.ones(3), torch.ones(3), dim=1)": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "result = torch.linalg.cross(torch.ones(2, 3), torch.ones(4, 3))": "RuntimeError: The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 0",
    "result = torch.linalg.cross(torch.ones(2, 3), torch.ones(2, 3), dim=None)": "TypeError: linalg_cross(): argument 'dim' must be int, not NoneType",
    "result = torch.cross(torch.ones(2, 3), torch.ones(2, 3), dim=1.5)": "TypeError: cross(): argument 'dim' must be int, not float",
    "result = torch.cross(torch.ones(2, 3), torch.ones(2, 3), 1, 2)": "TypeError: cross() takes from 2 to 3 positional arguments but 4 were given",
    "a = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)\nb = torch.tensor([[0.5, -1.0, 2.0], [1.0, 1.0, 1.0]], requires_grad=True)\nr = torch.linalg.cross(a, b)\n(r * torch.arange(6.0).reshape(2, 3)).sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('LinalgCrossBackward0', torch.float32 (1, 3) [[-3.0, -3.0, 1.5]] rg=False, torch.float32 (2, 3) [[-1.0, 2.0, -1.0], [2.0, -4.0, 2.0]] rg=False)",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nb = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)\n(g,) = torch.autograd.grad(torch.linalg.cross(a, b).pow(2).sum(), a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('LinalgCrossBackward0', torch.float32 (3,) [6.0, 30.0, 13.5] rg=True)",
    "result = torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 6.0, 3.0]))": "torch.float32 () 5.0 rg=False",
    "result = torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 6.0, 3.0]), 1)": "torch.float32 () 7.0 rg=False",
    "result = torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 6.0, 3.0]), p=float('inf'))": "torch.float32 () 4.0 rg=False",
    "result = torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 6.0, 3.0]), p=0)": "torch.float32 () 2.0 rg=False",
    "result = torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 6.0, 3.0]), 3)": "torch.float32 () 4.49794 rg=False",
    "result = torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 6.0, 3.0]), 0.5)": "torch.float32 () 13.9282 rg=False",
    "result = torch.dist(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 6.0, 3.0]), -1)": "torch.float32 () 0.0 rg=False",
    "result = torch.dist(torch.ones(2, 3), torch.zeros(3), p=torch.tensor(2.0))": "torch.float32 () 2.44949 rg=False",
    "result = torch.tensor([1.0, 2.0]).dist(torch.tensor([1.0, 2.0], dtype=torch.float64))": "torch.float64 () 0.0 rg=False",
    "result = torch.dist(torch.ones(2, dtype=torch.float16) * 0.7, torch.zeros(2, dtype=torch.float16))": "torch.float16 () 0.990234 rg=False",
    "result = torch.dist(torch.ones(2, dtype=torch.int64), torch.zeros(2, dtype=torch.int64))": "RuntimeError: norm(): input dtype should be either floating point or complex. Got Long instead.",
    "result = torch.dist(torch.ones(2, 3), torch.ones(4))": "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    "result = torch.dist(torch.ones(2), torch.ones(2), 'fro')": "TypeError: dist(): argument 'p' (position 3) must be Number, not str",
    "result = torch.dist(torch.ones(2), torch.ones(2), p=None)": "TypeError: dist(): argument 'p' must be Number, not NoneType",
    "result = torch.dist(torch.ones(2))": 'TypeError: dist() missing 1 required positional arguments: "other"',
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nb = torch.tensor([4.0, 6.0, 3.0], requires_grad=True)\nr = torch.dist(a, b)\nr.backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('DistBackward0', torch.float32 (3,) [-0.6, -0.8, 0.0] rg=False, torch.float32 (3,) [0.6, 0.8, -0.0] rg=False)",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nb = torch.tensor([4.0, 6.0, 3.0], requires_grad=True)\nr = torch.dist(a, b, 0)\nr.backward()\nresult = (a.grad, b.grad)": "RuntimeError: Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #0 'self'",
    "a = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)\nb = torch.tensor([[4.0, 6.0, 3.0], [0.0, 0.0, 1.0]], requires_grad=True)\nr = torch.dist(a, b, 3)\nr.backward()\nresult = (a.grad, b.grad)": "(torch.float32 (1, 3) [[-0.352756, -0.529134, 0.176378]] rg=False, torch.float32 (2, 3) [[0.39685, 0.705512, -0.0], [-0.0440945, -0.176378, -0.176378]] rg=False)",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.dist(a, torch.tensor([4.0, 6.0, 1.0]), float('inf'))\nr.backward()\nresult = a.grad": "torch.float32 (3,) [-0.0, -1.0, 0.0] rg=False",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.dist(a, torch.tensor([1.0, 2.0, 3.0]))\nr.backward()\nresult = a.grad": "torch.float32 (3,) [0.0, 0.0, 0.0] rg=False",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n(g,) = torch.autograd.grad(torch.dist(a, torch.tensor([4.0, 6.0, 3.0])), a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('MulBackward0', torch.float32 (3,) [-0.6, -0.8, 0.0] rg=True)",
    "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nr = torch.dist(a, torch.tensor([4.0, 6.0, 3.0]), 0)\nr.backward()\nresult = a.grad": "None",
    "a = torch.tensor([1.0, 2.0, 3.0])\nb = torch.tensor([4.0, 6.0, 3.0], requires_grad=True)\nr = torch.dist(a, b, 0)\nr.backward()": "RuntimeError: Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #0 'self'",
    # baddbmm (below 400 multiply-adds per matrix torch's loop: self * beta + alpha * the
    # products added in order; a beta of 0 ignores self) and addbmm (one addmm_ per batch)
    "result = torch.baddbmm(torch.ones(2, 2, 4), torch.arange(12.0).reshape(2, 2, 3), torch.arange(24.0).reshape(2, 3, 4))": "torch.float32 (2, 2, 4) [[[21.0, 24.0, 27.0, 30.0], [57.0, 69.0, 81.0, 93.0]], [[345.0, 366.0, 387.0, 408.0], [489.0, 519.0, 549.0, 579.0]]] rg=False",
    "result = torch.baddbmm(torch.ones(4), torch.arange(12.0).reshape(2, 2, 3), torch.ones(2, 3, 4), beta=0.5, alpha=-2)": "torch.float32 (2, 2, 4) [[[-5.5, -5.5, -5.5, -5.5], [-23.5, -23.5, -23.5, -23.5]], [[-41.5, -41.5, -41.5, -41.5], [-59.5, -59.5, -59.5, -59.5]]] rg=False",
    "result = torch.ones(2, 2, 4).baddbmm(torch.ones(2, 2, 3), torch.ones(2, 3, 4), alpha=3)": "torch.float32 (2, 2, 4) [[[10.0, 10.0, 10.0, 10.0], [10.0, 10.0, 10.0, 10.0]], [[10.0, 10.0, 10.0, 10.0], [10.0, 10.0, 10.0, 10.0]]] rg=False",
    "result = torch.baddbmm(torch.tensor([float('nan')]), torch.ones(2, 2, 3), torch.ones(2, 3, 4), beta=0)": "torch.float32 (2, 2, 4) [[[3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0]], [[3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0]]] rg=False",
    "result = torch.baddbmm(torch.ones(2, 2, 4, dtype=torch.int64), torch.ones(2, 2, 3, dtype=torch.int64), torch.ones(2, 3, 4, dtype=torch.int64), beta=0.5)": "torch.int64 (2, 2, 4) [[[3, 3, 3, 3], [3, 3, 3, 3]], [[3, 3, 3, 3], [3, 3, 3, 3]]] rg=False",
    "result = torch.baddbmm(torch.tensor([[[0.3]]]), torch.tensor([[[0.1, 0.2, 0.7, 0.3]]]), torch.tensor([[[0.3], [0.7], [1.9], [0.1]]]), beta=0.3, alpha=1.7).item()": "2.690999746322632",
    "result = torch.baddbmm(torch.ones(2, 2, 4), torch.ones(2, 2, 3), torch.ones(2, 4, 4))": "RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4].",
    "result = torch.baddbmm(torch.ones(2, 2, 4), torch.ones(2, 2, 3), torch.ones(3, 3, 4))": "RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].",
    "result = torch.baddbmm(torch.ones(2, 2, 4), torch.ones(2, 3), torch.ones(2, 3, 4))": "RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 1.  Target sizes: [2, 3, 4].  Tensor sizes: [2, 2, 4]",
    "result = torch.baddbmm(torch.ones(3, 2, 4), torch.ones(2, 2, 3), torch.ones(2, 3, 4))": "RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2, 2, 4].  Tensor sizes: [3, 2, 4]",
    "result = torch.baddbmm(torch.ones(2, 2, 4, dtype=torch.float64), torch.ones(2, 2, 3), torch.ones(2, 3, 4))": "RuntimeError: Input dtypes must be the same, got: input double, batch1: float, batch2: float",
    "result = torch.baddbmm(torch.ones(2, 2, 4), torch.ones(2, 2, 3), torch.ones(2, 3, 4, dtype=torch.float64))": "RuntimeError: expected scalar type Float but found Double",
    "result = torch.baddbmm(torch.ones(2, 2, 4, dtype=torch.bool), torch.ones(2, 2, 3, dtype=torch.bool), torch.ones(2, 3, 4, dtype=torch.bool))": "NotImplementedError: \"baddbmm\" not implemented for 'Bool'",
    "result = torch.baddbmm(torch.ones(2, 2, 4), torch.ones(2, 2, 3), torch.ones(2, 3, 4), 2)": "TypeError: baddbmm() received an invalid combination of arguments - got (Tensor, Tensor, Tensor, int), but expected one of:\n * (Tensor input, Tensor batch1, Tensor batch2, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n * (Tensor input, Tensor batch1, Tensor batch2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n",
    "result = torch.baddbmm(torch.ones(2, 2, 4), torch.ones(2, 2, 3), torch.ones(2, 3, 4), beta='a')": "TypeError: baddbmm() received an invalid combination of arguments - got (Tensor, Tensor, Tensor, beta=str), but expected one of:\n * (Tensor input, Tensor batch1, Tensor batch2, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n * (Tensor input, Tensor batch1, Tensor batch2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, Tensor out = None)\n",
    "s = torch.ones(2, 2, 2, requires_grad=True)\na = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()\nb = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()\nr = torch.baddbmm(s, a, b, beta=0.5, alpha=2)\n(r * torch.arange(8.0).reshape(2, 2, 2)).sum().backward()\nresult = (r.grad_fn.name(), s.grad, a.grad, b.grad)": "('BaddbmmBackward0', torch.float32 (2, 2, 2) [[[0.0, 0.5], [1.0, 1.5]], [[2.0, 2.5], [3.0, 3.5]]] rg=False, torch.float32 (2, 2, 2) [[[2.0, 6.0], [6.0, 26.0]], [[82.0, 118.0], [118.0, 170.0]]] rg=False, torch.float32 (2, 2, 2) [[[8.0, 12.0], [12.0, 20.0]], [[104.0, 124.0], [124.0, 148.0]]] rg=False)",
    "a = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()\nr = torch.baddbmm(torch.zeros(2, 2, 2), a, a, alpha=3)\n(g,) = torch.autograd.grad(r.sum(), a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('AddBackward0', torch.float32 (2, 2, 2) [[[9.0, 21.0], [15.0, 27.0]], [[57.0, 69.0], [63.0, 75.0]]] rg=True)",
    "result = torch.addbmm(torch.ones(2, 4), torch.arange(12.0).reshape(2, 2, 3), torch.arange(24.0).reshape(2, 3, 4))": "torch.float32 (2, 4) [[365.0, 389.0, 413.0, 437.0], [545.0, 587.0, 629.0, 671.0]] rg=False",
    "result = torch.addbmm(torch.ones(4), torch.ones(2, 2, 3), torch.ones(2, 3, 4), beta=2, alpha=0.5)": "torch.float32 (2, 4) [[5.0, 5.0, 5.0, 5.0], [5.0, 5.0, 5.0, 5.0]] rg=False",
    "result = torch.ones(2, 4).addbmm(torch.ones(3, 2, 3), torch.ones(3, 3, 4))": "torch.float32 (2, 4) [[10.0, 10.0, 10.0, 10.0], [10.0, 10.0, 10.0, 10.0]] rg=False",
    "result = torch.addbmm(torch.ones(2, 4), torch.ones(0, 2, 3), torch.ones(0, 3, 4), beta=2)": "torch.float32 (2, 4) [[2.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 2.0]] rg=False",
    "result = torch.addbmm(torch.ones(2, 4), torch.ones(2, 2, 3), torch.ones(3, 3, 4))": "RuntimeError: batch1 and batch2 must have same number of batches, got 2 and 3",
    "result = torch.addbmm(torch.ones(2, 4), torch.ones(2, 2, 3), torch.ones(2, 4, 4))": "RuntimeError: Incompatible matrix sizes for bmm (2x3 and 4x4)",
    "result = torch.addbmm(torch.ones(3, 4), torch.ones(2, 2, 3), torch.ones(2, 3, 4))": "RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2, 4].  Tensor sizes: [3, 4]",
    "result = torch.addbmm(torch.ones(2, 4, dtype=torch.float64), torch.ones(2, 2, 3), torch.ones(2, 3, 4))": "RuntimeError: self and mat2 must have the same dtype, but got Double and Float",
    "s = torch.ones(2, 2, requires_grad=True)\na = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()\nb = torch.arange(8.0).reshape(2, 2, 2).requires_grad_()\nr = torch.addbmm(s, a, b, beta=0.5, alpha=2)\n(r * torch.arange(4.0).reshape(2, 2)).sum().backward()\nresult = (r.grad_fn.name(), s.grad, a.grad, b.grad)": "('AddbmmBackward0', torch.float32 (2, 2) [[0.0, 0.5], [1.0, 1.5]] rg=False, torch.float32 (2, 2, 2) [[[2.0, 6.0], [6.0, 26.0]], [[10.0, 14.0], [46.0, 66.0]]] rg=False, torch.float32 (2, 2, 2) [[[8.0, 12.0], [12.0, 20.0]], [[24.0, 44.0], [28.0, 52.0]]] rg=False)",
    # linalg.inv / inverse / linalg.det / det / linalg.solve (numpy's LAPACK; torch's checks,
    # LinAlgError naming the LU's first zero pivot and the batch element, torch's gradients)
    # and linalg.matrix_power with a negative n (the inverse's powers)
    "result = torch.linalg.inv(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))": "torch.float32 (2, 2) [[-2.0, 1.0], [1.5, -0.5]] rg=False",
    "result = torch.inverse(torch.tensor([[2.0, 0.0], [0.0, 4.0]]))": "torch.float32 (2, 2) [[0.5, 0.0], [0.0, 0.25]] rg=False",
    "result = torch.tensor([[2.0, 0.0], [0.0, 4.0]]).inverse()": "torch.float32 (2, 2) [[0.5, 0.0], [0.0, 0.25]] rg=False",
    "result = torch.linalg.inv(torch.tensor([[[2.0, 0.0], [0.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]]))": "torch.float32 (2, 2, 2) [[[0.5, 0.0], [0.0, 0.25]], [[0.0, 1.0], [1.0, 0.0]]] rg=False",
    "result = torch.linalg.inv(torch.ones(0, 0))": "torch.float32 (0, 0) [] rg=False",
    "result = torch.linalg.inv(torch.zeros(3, 3))": "_LinAlgError: linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.",
    "result = torch.linalg.inv(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))": "_LinAlgError: linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input matrix is singular.",
    "result = torch.linalg.inv(torch.tensor([[0.0, 0.0], [0.0, 1.0]]))": "_LinAlgError: linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.",
    "result = torch.linalg.inv(torch.stack([torch.eye(3), torch.zeros(3, 3)]))": "_LinAlgError: linalg.inv: (Batch element 1): The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.",
    "result = torch.inverse(torch.zeros(2, 2))": "_LinAlgError: linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.",
    "result = torch.linalg.inv(torch.ones(2, 3))": "RuntimeError: linalg.inv: A must be batches of square matrices, but they are 2 by 3 matrices",
    "result = torch.linalg.inv(torch.ones(3))": "RuntimeError: linalg.inv: The input tensor A must have at least 2 dimensions.",
    "result = torch.linalg.inv(torch.ones(2, 2, dtype=torch.int64))": "RuntimeError: linalg.inv: Expected a floating point or complex tensor as input. Got Long",
    "result = torch.linalg.inv(torch.eye(2, dtype=torch.float16))": "RuntimeError: linalg.inv: Low precision dtypes not supported. Got Half",
    "result = torch.linalg.inv(input=torch.eye(2))": 'TypeError: linalg_inv() missing 1 required positional arguments: "A"',
    "result = torch.ones(2, 2).inverse(1)": "TypeError: TensorBase.inverse() takes no arguments (1 given)",
    "result = isinstance(torch.linalg.LinAlgError('x'), RuntimeError)": "True",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.inv(a)\n(r * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()\nresult = (r.grad_fn.name(), a.grad)": "('LinalgInvExBackward0', torch.float32 (2, 2) [[3.0, -2.75], [-1.0, 0.75]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\n(g,) = torch.autograd.grad(torch.linalg.inv(a).sum(), a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('NegBackward0', torch.float32 (2, 2) [[-0.5, 0.5], [0.5, -0.5]] rg=True)",
    "result = torch.linalg.det(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))": "torch.float32 () -2.0 rg=False",
    "result = torch.det(torch.tensor([[[2.0, 0.0], [0.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]]))": "torch.float32 (2,) [8.0, -1.0] rg=False",
    "result = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64).det()": "torch.float64 () -2.0 rg=False",
    "result = torch.linalg.det(torch.zeros(3, 3))": "torch.float32 () 0.0 rg=False",
    "result = torch.linalg.det(torch.ones(0, 0))": "torch.float32 () 1.0 rg=False",
    "result = torch.linalg.det(torch.ones(2, 3))": "RuntimeError: linalg.det: A must be batches of square matrices, but they are 2 by 3 matrices",
    "result = torch.linalg.det(torch.ones(2, 3, dtype=torch.int64))": "RuntimeError: linalg.det: A must be batches of square matrices, but they are 2 by 3 matrices",
    "result = torch.linalg.det(torch.ones(2, 2, dtype=torch.int64))": "RuntimeError: linalg.det: Expected a floating point or complex tensor as input. Got Long",
    "result = torch.ones(2, 2).det(1)": "TypeError: TensorBase.det() takes no arguments (1 given)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.det(a)\nr.backward()\nresult = (r.grad_fn.name(), a.grad)": "('LinalgDetBackward0', torch.float32 (2, 2) [[4.0, -3.0], [-2.0, 1.0]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\n(g,) = torch.autograd.grad(torch.linalg.det(a), a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('LinalgSolveExBackward0', torch.float32 (2, 2) [[4.0, -3.0], [-2.0, 1.0]] rg=True)",
    "a = torch.zeros(2, 2, requires_grad=True)\ntorch.linalg.det(a).backward()\nresult = a.grad": "torch.float32 (2, 2) [[0.0, 0.0], [0.0, 0.0]] rg=False",
    "result = torch.linalg.solve(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([5.0, 6.0]))": "torch.float32 (2,) [-4.0, 4.5] rg=False",
    "result = torch.linalg.solve(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[5.0, 1.0], [6.0, 0.0]]))": "torch.float32 (2, 2) [[-4.0, -2.0], [4.5, 1.5]] rg=False",
    "result = torch.linalg.solve(torch.stack([torch.eye(2), 2 * torch.eye(2)]), torch.tensor([1.0, 2.0]))": "torch.float32 (2, 2) [[1.0, 2.0], [0.5, 1.0]] rg=False",
    "result = torch.linalg.solve(torch.stack([torch.eye(2), 2 * torch.eye(2)]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]))": "torch.float32 (2, 2) [[1.0, 2.0], [1.5, 2.0]] rg=False",
    "result = torch.linalg.solve(torch.zeros(3, 3), torch.ones(3))": "_LinAlgError: torch.linalg.solve: The solver failed because the input matrix is singular.",
    "result = torch.linalg.solve(torch.stack([torch.eye(3), torch.zeros(3, 3)]), torch.ones(2, 3))": "_LinAlgError: torch.linalg.solve: (Batch element 1): The solver failed because the input matrix is singular.",
    "result = torch.linalg.solve(torch.eye(3), torch.ones(2))": "RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation AX = B (3x3 and 2x1)",
    "result = torch.linalg.solve(torch.ones(3, 3), torch.ones(3, 4, 2))": "RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation AX = B (3x3 and 4x2)",
    "result = torch.linalg.solve(torch.eye(3), torch.ones(3, dtype=torch.float64))": "RuntimeError: linalg.solve: Expected A and B to have the same dtype, but found A of type Float and B of type Double instead",
    "result = torch.linalg.solve(torch.ones(2, 3), torch.ones(2))": "RuntimeError: linalg.solve: A must be batches of square matrices, but they are 2 by 3 matrices",
    "result = torch.linalg.solve(torch.ones(2, 2, dtype=torch.int64), torch.ones(2, dtype=torch.int64))": "RuntimeError: linalg.solve: Expected a floating point or complex tensor as input. Got Long",
    "result = torch.linalg.solve(torch.eye(2))": 'TypeError: linalg_solve() missing 1 required positional arguments: "B"',
    "result = torch.linalg.solve(torch.eye(2), torch.ones(2), True)": "TypeError: linalg_solve() takes 2 positional arguments but 3 were given",
    "result = torch.linalg.solve(torch.eye(2), torch.ones(2), left=1)": "TypeError: linalg_solve(): argument 'left' must be bool, not int",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nb = torch.tensor([5.0, 6.0], requires_grad=True)\nr = torch.linalg.solve(a, b)\n(r * torch.tensor([1.0, -1.0])).sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('LinalgSolveExBackward0', torch.float32 (2, 2) [[-14.0, 15.75], [6.0, -6.75]] rg=False, torch.float32 (2,) [-3.5, 1.5] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nb = torch.tensor([[5.0, 1.0], [6.0, 0.0]], requires_grad=True)\nr = torch.linalg.solve(a, b)\nr.sum().backward()\nresult = (a.grad, b.grad)": "(torch.float32 (2, 2) [[-3.0, 3.0], [3.0, -3.0]] rg=False, torch.float32 (2, 2) [[-0.5, -0.5], [0.5, 0.5]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nb = torch.tensor([1.0, 1.0], requires_grad=True)\ng = torch.autograd.grad(torch.linalg.solve(a, b).sum(), [a, b], create_graph=True)\nresult = ([x.grad_fn.name() for x in g], g[0], g[1])": "(['NegBackward0', 'SqueezeBackward1'], torch.float32 (2, 2) [[-0.5, 0.5], [0.5, -0.5]] rg=True, torch.float32 (2,) [-0.5, 0.5] rg=True)",
    "result = torch.linalg.matrix_power(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), -1)": "torch.float32 (2, 2) [[-2.0, 1.0], [1.5, -0.5]] rg=False",
    "result = torch.linalg.matrix_power(torch.tensor([[2.0, 0.0], [0.0, 4.0]]), -3)": "torch.float32 (2, 2) [[0.125, 0.0], [0.0, 0.015625]] rg=False",
    "result = torch.matrix_power(torch.tensor([[2.0, 0.0], [0.0, 4.0]], dtype=torch.float64), -2)": "torch.float64 (2, 2) [[0.25, 0.0], [0.0, 0.0625]] rg=False",
    "result = torch.linalg.matrix_power(torch.zeros(2, 2), -1)": "_LinAlgError: linalg.inv: The diagonal element 1 is zero, the inversion could not be completed because the input matrix is singular.",
    "result = torch.linalg.matrix_power(torch.ones(2, 2, dtype=torch.int64), -1)": "RuntimeError: linalg.inv: Expected a floating point or complex tensor as input. Got Long",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, -1)\nr.sum().backward()\nresult = (r.grad_fn.name(), a.grad)": "('LinalgInvExBackward0', torch.float32 (2, 2) [[-0.5, 0.5], [0.5, -0.5]] rg=False)",
    "a = torch.tensor([[2.0, 0.0], [0.0, 4.0]], requires_grad=True)\nr = torch.linalg.matrix_power(a, -2)\nr.sum().backward()\nresult = (r.grad_fn.name(), [n.name() for n, _ in r.grad_fn.next_functions], a.grad)": "('MmBackward0', ['LinalgInvExBackward0', 'LinalgInvExBackward0'], torch.float32 (2, 2) [[-0.25, -0.09375], [-0.09375, -0.03125]] rg=False)",
    # F.cosine_similarity / torch.cosine_similarity (each operand over its norm, clamped to eps
    # in place without grad; integers converted), F.normalize (input / norm.clamp_min(eps)) and
    # F.pairwise_distance / torch.pairwise_distance (norm(x1 - x2 + eps) over the last dim)
    "result = F.cosine_similarity(torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]), torch.tensor([1.0, 1.0, 1.0]))": "torch.float32 (2,) [0.92582, 0.0] rg=False",
    "result = torch.cosine_similarity(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[1.0, 0.0], [0.0, 1.0]]), dim=0)": "torch.float32 (2,) [0.316228, 0.894427] rg=False",
    "result = F.cosine_similarity(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.0, 4.0, 6.0]), dim=0)": "torch.float32 () 1.0 rg=False",
    "result = F.cosine_similarity(torch.tensor([1e-5, 0.0]), torch.tensor([1e-5, 0.0]), dim=0)": "torch.float32 () 1.0 rg=False",
    "result = F.cosine_similarity(torch.tensor([1e-5, 0.0]), torch.tensor([1e-5, 0.0]), dim=0, eps=1e-12)": "torch.float32 () 1.0 rg=False",
    "result = F.cosine_similarity(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1.0, 0.0], [0.0, 1.0]]))": "torch.float32 (2,) [0.447214, 0.8] rg=False",
    "result = F.cosine_similarity(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [0, 1]]))": "RuntimeError: expected common dtype to be floating point, yet common dtype is Long",
    "result = F.cosine_similarity(torch.ones(2, 3), torch.ones(2, 4))": "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    "result = F.cosine_similarity(torch.ones(2, 3), torch.ones(2, 3), dim=2)": "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    "result = F.cosine_similarity(torch.ones(2), torch.ones(2), 0, 'a')": "TypeError: cosine_similarity(): argument 'eps' (position 4) must be float, not str",
    "result = F.cosine_similarity(torch.ones(2))": 'TypeError: cosine_similarity() missing 1 required positional arguments: "x2"',
    "result = F.cosine_similarity(torch.ones(2, 3, dtype=torch.float64), torch.ones(2, 3)).dtype": "torch.float64",
    "a = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], requires_grad=True)\nb = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)\nr = F.cosine_similarity(a, b)\n(r * torch.tensor([1.0, 2.0])).sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('SumBackward1', torch.float32 (2, 3) [[0.0881733, 0.0220433, -0.0440867], [0.431959, 0.647939, 0.21598]] rg=False, torch.float32 (3,) [-0.154303, -0.755929, 0.910232] rg=False)",
    "a = torch.zeros(2, 3, requires_grad=True)\nr = F.cosine_similarity(a, torch.ones(2, 3))\nr.sum().backward()\nresult = (r, a.grad)": "(torch.float32 (2,) [0.0, 0.0] rg=True, torch.float32 (2, 3) [[57735000.0, 57735000.0, 57735000.0], [57735000.0, 57735000.0, 57735000.0]] rg=False)",
    "result = F.normalize(torch.tensor([[3.0, 4.0], [0.0, 0.0]]))": "torch.float32 (2, 2) [[0.6, 0.8], [0.0, 0.0]] rg=False",
    "result = F.normalize(torch.tensor([[3.0, 4.0], [1.0, -1.0]]), p=1, dim=0)": "torch.float32 (2, 2) [[0.75, 0.8], [0.25, -0.2]] rg=False",
    "result = F.normalize(torch.tensor([3.0, 4.0]), dim=0)": "torch.float32 (2,) [0.6, 0.8] rg=False",
    "result = F.normalize(torch.tensor([1e-13, 0.0]), dim=0)": "torch.float32 (2,) [0.1, 0.0] rg=False",
    "result = F.normalize(torch.tensor([[3.0, 4.0]]), p=float('inf'))": "torch.float32 (1, 2) [[0.75, 1.0]] rg=False",
    "result = F.normalize(torch.ones(2, 3, dtype=torch.int64))": "RuntimeError: linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long",
    "result = F.normalize([1.0])": "AttributeError: 'list' object has no attribute 'norm'",
    "result = F.normalize(torch.tensor([3.0, 4.0]))": "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    "a = torch.tensor([[3.0, 4.0], [1.0, -1.0]], requires_grad=True)\nr = F.normalize(a)\n(r * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[1][0].name(), a.grad)": "('DivBackward0', 'ExpandBackward0', torch.float32 (2, 2) [[-0.064, 0.048], [2.47487, 2.47487]] rg=False)",
    "result = F.pairwise_distance(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[1.0, 0.0], [0.0, 1.0]]))": "torch.float32 (2,) [2.0, 4.24264] rg=False",
    "result = torch.pairwise_distance(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([1.0, 0.0]), p=1, keepdim=True)": "torch.float32 (2, 1) [[2.0], [6.0]] rg=False",
    "result = F.pairwise_distance(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0]))": "torch.float32 () 1.41421e-06 rg=False",
    "result = F.pairwise_distance(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0]), eps=0)": "torch.float32 () 0.0 rg=False",
    "result = F.pairwise_distance(torch.ones(2, 3, dtype=torch.int64), torch.zeros(2, 3, dtype=torch.int64))": "torch.float32 (2,) [1.73205, 1.73205] rg=False",
    "result = F.pairwise_distance(torch.ones(2, 3), torch.ones(2, 4))": "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    "result = F.pairwise_distance(torch.ones(2, 3), torch.ones(2, 3), p='a')": "TypeError: pairwise_distance(): argument 'p' must be float, not str",
    "result = F.pairwise_distance(torch.ones(2))": 'TypeError: pairwise_distance() missing 1 required positional arguments: "x2"',
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nr = F.pairwise_distance(a, torch.tensor([[1.0, 0.0], [0.0, 1.0]]))\nr.sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad)": "('NormBackward1', 'AddBackward1', torch.float32 (2, 2) [[5e-07, 1.0], [0.707107, 0.707107]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\n(g,) = torch.autograd.grad(F.pairwise_distance(a, torch.zeros(2, 2)).sum(), a, create_graph=True)\nresult = (g.grad_fn.name(), g)": "('MulBackward0', torch.float32 (2, 2) [[0.447214, 0.894427], [0.6, 0.8]] rg=True)",
    # cdist: each pair's p-distance (the column differences added in order), or for p = 2
    # with more than 25 rows (or compute_mode='use_mm_for_euclid_dist') torch's mm formula,
    # _euclidean_dist viewed; CdistBackward0 / EuclideanDistBackward0
    "result = torch.cdist(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), torch.tensor([[3.0, 4.0], [1.0, 0.0], [1.0, 1.0]]))": "torch.float32 (2, 3) [[5.0, 1.0, 1.41421], [3.60555, 1.0, 0.0]] rg=False",
    "result = torch.cdist(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), torch.tensor([[3.0, 4.0], [1.0, 0.0]]), p=1)": "torch.float32 (2, 2) [[7.0, 1.0], [5.0, 1.0]] rg=False",
    "result = torch.cdist(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), torch.tensor([[3.0, 4.0], [1.0, 0.0]]), p=float('inf'))": "torch.float32 (2, 2) [[4.0, 1.0], [3.0, 1.0]] rg=False",
    "result = torch.cdist(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), torch.tensor([[3.0, 4.0], [1.0, 0.0]]), p=0)": "torch.float32 (2, 2) [[2.0, 1.0], [2.0, 1.0]] rg=False",
    "result = torch.cdist(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), torch.tensor([[3.0, 4.0], [1.0, 0.0]]), p=3)": "torch.float32 (2, 2) [[4.49794, 1.0], [3.27107, 1.0]] rg=False",
    "result = torch.cdist(torch.tensor([[0.0, 0.0], [1.0, 1.0]]), torch.tensor([[3.0, 4.0], [1.0, 0.0]]), compute_mode='use_mm_for_euclid_dist')": "torch.float32 (2, 2) [[5.0, 1.0], [3.60555, 1.0]] rg=False",
    "result = torch.cdist(torch.arange(60.0).reshape(30, 2) / 10, torch.tensor([[3.0, 4.0], [1.0, 0.0]]))[:3]": "torch.float32 (3, 2) [[4.92037, 1.00499], [4.64004, 0.8544], [4.36005, 0.781025]] rg=False",
    "result = torch.cdist(torch.ones(2, 2, 3), torch.ones(4, 3)).shape": "(2, 2, 4)",
    "result = torch.cdist(torch.ones(2, 3), torch.ones(4, 2))": "RuntimeError: X1 and X2 must have the same number of columns. X1: 3 X2: 2",
    "result = torch.cdist(torch.ones(3), torch.ones(4, 3))": "RuntimeError: cdist only supports at least 2D tensors, X1 got: 1D",
    "result = torch.cdist(torch.ones(2, 3), torch.ones(4, 3), p=-1)": "RuntimeError: cdist only supports non-negative p values",
    "result = torch.cdist(torch.ones(2, 3, dtype=torch.int64), torch.ones(4, 3, dtype=torch.int64))": "RuntimeError: cdist only supports floating-point dtypes, X1 got: Long",
    "result = torch.cdist(torch.ones(2, 3), torch.ones(4, 3, dtype=torch.float64))": "RuntimeError: expected scalar type Float but found Double",
    "result = torch.cdist(torch.ones(2, 3, dtype=torch.float16), torch.ones(4, 3, dtype=torch.float16))": "NotImplementedError: \"cdist\" not implemented for 'Half'",
    "result = torch.cdist(torch.ones(2, 3), torch.ones(4, 3), compute_mode='x')": "ValueError: x is not a valid value for compute_mode",
    "result = torch.cdist(torch.ones(2, 3), torch.ones(4, 3), 'a')": "TypeError: cdist(): argument 'p' (position 3) must be float, not str",
    "result = torch.cdist(torch.ones(2, 3), torch.ones(4, 3), p=True)": "torch.float32 (2, 4) [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]] rg=False",
    "a = torch.tensor([[0.0, 0.0], [1.0, 1.0]], requires_grad=True)\nb = torch.tensor([[3.0, 4.0], [1.0, 0.0], [1.0, 1.0]], requires_grad=True)\nr = torch.cdist(a, b)\n(r * torch.arange(6.0).reshape(2, 3)).sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('CdistBackward0', torch.float32 (2, 2) [[-2.41421, -1.41421], [-1.6641, 1.50385]] rg=False, torch.float32 (3, 2) [[1.6641, 2.49615], [1.0, -4.0], [1.41421, 1.41421]] rg=False)",
    "a = torch.tensor([[0.0, 0.0], [1.0, 1.0]], requires_grad=True)\nb = torch.tensor([[3.0, 4.0], [1.0, 0.0]], requires_grad=True)\nr = torch.cdist(a, b, p=1)\nr.sum().backward()\nresult = (a.grad, b.grad)": "(torch.float32 (2, 2) [[-2.0, -1.0], [-1.0, 0.0]] rg=False, torch.float32 (2, 2) [[2.0, 2.0], [1.0, -1.0]] rg=False)",
    "a = torch.tensor([[0.0, 0.0], [1.0, 1.0]], requires_grad=True)\nb = torch.tensor([[3.0, 4.0], [1.0, 0.5]], requires_grad=True)\nr = torch.cdist(a, b, p=3)\nr.sum().backward()\nresult = (a.grad, b.grad)": "(torch.float32 (2, 2) [[-1.36933, -1.02197], [-0.373836, 0.158869]] rg=False, torch.float32 (2, 2) [[0.818687, 1.63198], [0.924482, -0.76888]] rg=False)",
    "a = (torch.arange(60.0).reshape(30, 2) / 10).requires_grad_()\nr = torch.cdist(a, torch.tensor([[3.0, 4.0], [1.0, 0.0]]))\nr.sum().backward()\nresult = (r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), a.grad[:2])": "('ViewBackward0', 'EuclideanDistBackward0', torch.float32 (2, 2) [[-1.60475, -0.69312], [-1.53977, -0.446283]] rg=False)",
    "---\na = torch.tensor([[0.0, 0.0], [1.0, 1.0]], requires_grad=True)\nb = torch.tensor([[3.0, 4.0], [1.0, 0.0]], requires_grad=True)\n(g,) = torch.autograd.grad(torch.cdist(a, b).sum(), a, create_graph=True)\ng.sum().backward()": "SyntaxError: invalid syntax (<case>, line 1)",
    "a = torch.tensor([[0.0, 0.0], [1.0, 1.0]], requires_grad=True)\n(g,) = torch.autograd.grad(torch.cdist(a, torch.ones(2, 2)).sum(), a, create_graph=True)\nresult = g.grad_fn.name()": "'CdistBackwardBackward0'",
    "a = (torch.arange(60.0).reshape(30, 2) / 10).requires_grad_()\n(g,) = torch.autograd.grad(torch.cdist(a, torch.tensor([[3.0, 4.0], [1.0, 0.0]])).sum(), a, create_graph=True)\nresult = (g.grad_fn.name(), g[:2])": "('SubBackward0', torch.float32 (2, 2) [[-1.60475, -0.69312], [-1.53977, -0.446283]] rg=True)",
    # bmm's loop starts from zero: products of -0.0 add up to +0.0
    "result = torch.bmm(torch.full((1, 2, 1), -0.0), torch.ones(1, 1, 2)).flatten().tolist()": "[0.0, 0.0, 0.0, 0.0]",
    "result = torch.bmm(torch.full((1, 1, 3), -0.0), torch.ones(1, 3, 1)).flatten().tolist()": "[0.0]",
    "result = torch.bmm(torch.ones(2, 2, 0), torch.ones(2, 0, 3)).flatten().tolist()": "[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]",
    # linalg.solve(left=False): XA = B
    "result = torch.linalg.solve(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[5.0, 6.0], [1.0, 0.0], [2.0, 2.0]]), left=False)": "torch.float32 (3, 2) [[-1.0, 2.0], [-2.0, 1.0], [-1.0, 1.0]] rg=False",
    "result = torch.linalg.solve(torch.eye(1), torch.ones(1), left=False)": "RuntimeError: linalg.solve: Vector broadcasting of the left hand side is not supported for left=False. In this case linalg.solve is equivalent to B / A.squeeze(-1)",
    "result = torch.linalg.solve(torch.eye(2), torch.ones(2, 3), left=False)": "RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation XA = B (2x2 and 2x3)",
    "result = torch.linalg.solve(torch.eye(3), torch.ones(3), left=False)": "RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation XA = B (3x3 and 3x1)",
    "result = torch.linalg.solve(torch.zeros(2, 2), torch.ones(3, 2), left=False)": "_LinAlgError: torch.linalg.solve: The solver failed because the input matrix is singular.",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nb = torch.tensor([[5.0, 6.0], [1.0, 0.0], [2.0, 2.0]], requires_grad=True)\nr = torch.linalg.solve(a, b, left=False)\n(r * torch.arange(6.0).reshape(3, 2)).sum().backward()\nresult = (r.grad_fn.name(), a.grad, b.grad)": "('LinalgSolveExBackward0', torch.float32 (2, 2) [[-4.0, 6.0], [2.0, -4.0]] rg=False, torch.float32 (3, 2) [[1.0, -0.5], [-1.0, 1.5], [-3.0, 3.5]] rg=False)",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\nb = torch.tensor([[5.0, 6.0]], requires_grad=True)\ng = torch.autograd.grad(torch.linalg.solve(a, b, left=False).sum(), [a, b], create_graph=True)\nresult = ([x.grad_fn.name() for x in g], g[0], g[1])": "(['NegBackward0', 'LinalgSolveExBackward0'], torch.float32 (2, 2) [[-1.0, 1.0], [2.0, -2.0]] rg=True, torch.float32 (1, 2) [[-1.0, 1.0]] rg=True)",
    # the methods without parameters refuse a keyword as CPython's METH_NOARGS does
    "result = torch.ones(2, 2).trace(foo=1)": "TypeError: TensorBase.trace() takes no keyword arguments",
    "result = torch.eye(2).inverse(foo=1)": "TypeError: TensorBase.inverse() takes no keyword arguments",
    "result = torch.eye(2).det(foo=1)": "TypeError: TensorBase.det() takes no keyword arguments",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_linalg_functions_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_linalg_function_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _small_batches(module: ModuleType, dtype: str, seed: int) -> list[np.ndarray]:
    """bmm over random batches of up to 7 x 7 x 7 (below 400 multiply-adds: torch's own
    loop) and two around the 400 boundary."""
    rng = np.random.default_rng(seed)
    results = []
    for trial in range(300):
        if trial % 50 == 0:  # 7 * 7 * 8 = 392 and 7 * 8 * 8 = 448
            b, m, k, n = 2, 7, 7, 8 + (trial % 100 == 0)
        else:
            b, m, k, n = (int(x) for x in rng.integers(1, 8, 4))
        left = rng.standard_normal((b, m, k)).astype(dtype)
        right = rng.standard_normal((b, k, n)).astype(dtype)
        results.append(module.bmm(module.tensor(left), module.tensor(right)).numpy())
    return results


@pytest.mark.torch_kernels("AVX512", params=("float32", "float64"))
@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_small_bmm_bit_for_bit(dtype: str, real_torch: ModuleType) -> None:
    ours, theirs = _small_batches(engine, dtype, 1), _small_batches(real_torch, dtype, 1)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))


def _layouts(module: ModuleType, seed: int) -> list[object]:
    """The strides of products and sums of a permuted tensor and a broadcast one."""
    rng = np.random.default_rng(seed)
    results = []
    for trial in range(300):
        ndim = int(rng.integers(2, 5))
        sizes = [int(x) for x in rng.integers(1, 4, ndim)]
        other = [1 if rng.random() < 0.5 else size for size in sizes]
        order = [int(i) for i in rng.permutation(ndim)]
        position = int(rng.integers(0, ndim + 1))
        first = module.ones(*[sizes[i] for i in np.argsort(order)]).permute(*order)
        first = first.unsqueeze(position)
        second = module.ones(*other).unsqueeze(position)
        if trial % 2:
            results.append((first * second).stride())
        else:
            results.append((second + first).stride())
    return results


@pytest.mark.torch
def test_elementwise_layouts_as_torch(real_torch: ModuleType) -> None:
    assert _layouts(engine, 3) == _layouts(real_torch, 3)


def _graph(tensor: object) -> list[str]:
    """The grad_fn names of a result's graph, depth first."""
    names: list[str] = []
    pending = [tensor.grad_fn]  # type: ignore[attr-defined]
    while pending:
        node = pending.pop()
        if node is not None:
            names.append(node.name())
            pending.extend(reversed([n for n, _ in node.next_functions]))
    return names


def _einsum_problem(rng: np.random.Generator) -> tuple[str, list[tuple[int, ...]]]:
    """A random einsum equation over labels a-e (repeated labels: diagonals; a size of 1:
    broadcast; an ellipsis; the implicit output) and its operands' shapes."""
    sizes = {label: int(rng.integers(1, 6)) for label in "abcde"}
    operands, shapes = [], []
    batch = tuple(int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 3))))
    use_ellipsis = bool(rng.random() < 0.3)
    for _ in range(int(rng.integers(1, 4))):
        labels = "".join(rng.choice(list("abcde"), int(rng.integers(0, 4))))
        shape = [1 if rng.random() < 0.1 else sizes[label] for label in labels]
        for position, label in enumerate(labels):  # a repeated label's dims must agree
            first = labels.index(label)
            shape[position] = shape[first]
        if use_ellipsis:
            keep = batch[int(rng.integers(0, len(batch) + 1)) :]
            labels, shape = "..." + labels, [*keep, *shape]
        operands.append(labels)
        shapes.append(tuple(shape))
    equation = ",".join(operands)
    if rng.random() < 0.7:
        seen = sorted({label for text in operands for label in text if label != "."})
        output = [label for label in seen if rng.random() < 0.5]
        rng.shuffle(output)
        equation += "->" + ("..." if use_ellipsis else "") + "".join(output)
    return equation, shapes


def _einsum_results(module: ModuleType, dtype: str, seed: int, count: int) -> list[object]:
    """Per problem: the result's values, graph and the operands' gradients (or the error)."""
    rng = np.random.default_rng(seed)
    results: list[object] = []
    for _ in range(count):
        equation, shapes = _einsum_problem(rng)
        arrays = [rng.standard_normal(shape).astype(dtype) for shape in shapes]
        operands = [module.tensor(a, requires_grad=True) for a in arrays]
        try:
            result = module.einsum(equation, *operands)
        except Exception as failure:  # noqa: BLE001 - torch's error is the outcome
            results.append(f"{type(failure).__name__}: {failure}")
            continue
        weights = module.tensor(rng.standard_normal(tuple(result.shape)).astype(dtype))
        (result * weights).sum().backward()
        grads = [t.grad.numpy() for t in operands]
        results.append((equation, result.detach().numpy(), _graph(result), grads))
    return results


def _compare(ours: list[object], theirs: list[object]) -> tuple[int, int]:
    """Errors, graphs, shapes and dtypes must be torch's, values and gradients close; the
    count of forward elements differing in results without a sum node, and their total."""
    differing = total = 0
    for a, b in zip(ours, theirs, strict=True):
        if isinstance(b, str):
            assert a == b
            continue
        assert a[0] == b[0] and a[2] == b[2], (a[0], a[2], b[2])
        assert a[1].shape == b[1].shape and a[1].dtype == b[1].dtype
        assert np.allclose(a[1], b[1], rtol=1e-4, atol=1e-5)
        pairs = zip(a[3], b[3], strict=True)
        assert all(np.allclose(x, y, rtol=1e-4, atol=1e-5) for x, y in pairs)
        if not any(name.startswith("SumBackward") for name in b[2]):
            differing += int((a[1] != b[1]).sum())
            total += a[1].size
    return differing, total


@pytest.mark.torch_kernels("AVX512")
@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_einsum_values_graphs_and_grads_as_torch(dtype: str, real_torch: ModuleType) -> None:
    # 300 random equations: the same errors, graphs (grad_fn names), shapes and dtypes;
    # where no dim is summed out of a single operand (torch's sum order, which the engine's
    # dim sums do not follow) the forward values bit for bit (small bmm: torch's own loop)
    ours = _einsum_results(engine, dtype, 5, 300)
    theirs = _einsum_results(real_torch, dtype, 5, 300)
    differing, total = _compare(ours, theirs)
    assert total > 1000
    assert differing == 0


def _products(module: ModuleType, name: str, dtype: str) -> list[np.ndarray]:
    """trace, linalg.cross, kron and dist (p = 2, inf) over random inputs."""
    rng = np.random.default_rng(1)
    results = []
    for trial in range(300):
        if name == "trace":
            matrix = rng.standard_normal(tuple(int(x) for x in rng.integers(1, 40, 2))) * 100
            results.append(module.trace(module.tensor(matrix.astype(dtype))).numpy())
        elif name == "cross":
            rows = int(rng.integers(1, 20))
            a, b = rng.standard_normal((rows, 3)), rng.standard_normal((rows, 3))
            a, b = module.tensor(a.astype(dtype)), module.tensor(b.astype(dtype))
            results.append(module.linalg.cross(a, b).numpy())
        elif name == "kron":
            a = rng.standard_normal(tuple(int(x) for x in rng.integers(1, 5, 2)))
            b = rng.standard_normal(tuple(int(x) for x in rng.integers(1, 5, 2)))
            a, b = module.tensor(a.astype(dtype)), module.tensor(b.astype(dtype))
            results.append(module.kron(a, b).numpy())
        else:
            shape = tuple(int(x) for x in rng.integers(1, 30, 2))
            a, b = rng.standard_normal(shape), rng.standard_normal(shape)
            a, b = module.tensor(a.astype(dtype)), module.tensor(b.astype(dtype))
            results.append(module.dist(a, b, float("inf") if trial % 2 else 2).numpy())
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@pytest.mark.parametrize("name", ["trace", "cross", "kron", "dist"])
def test_products_bit_for_bit(name: str, dtype: str, real_torch: ModuleType) -> None:
    ours, theirs = _products(engine, name, dtype), _products(real_torch, name, dtype)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))


def test_cross_default_dim_warns_once() -> None:
    # torch's TORCH_WARN_ONCE: the first torch.cross without a dim in the process warns
    engine_errors._warned_once.discard("cross_default_dim")
    with pytest.warns(UserWarning, match="Using torch.cross without specifying the dim arg"):
        engine.cross(engine.ones(2, 3), engine.ones(2, 3))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        engine.cross(engine.ones(2, 3), engine.ones(2, 3))


def _baddbmm_values(module: ModuleType, dtype: str) -> list[np.ndarray]:
    """baddbmm below 400 multiply-adds per matrix, four beta/alpha pairs."""
    rng = np.random.default_rng(1)
    results = []
    for trial in range(200):
        b, m, k, n = (int(x) for x in rng.integers(1, 7, 4))
        beta, alpha = [(1, 1), (0.3, 1.7), (0, 1), (2, -0.5)][trial % 4]
        arrays = rng.standard_normal((b, m, n)), rng.standard_normal((b, m, k))
        arrays += (rng.standard_normal((b, k, n)),)
        tensors = [module.tensor(x.astype(dtype)) for x in arrays]
        results.append(module.baddbmm(*tensors, beta=beta, alpha=alpha).numpy())
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_small_baddbmm_bit_for_bit(dtype: str, real_torch: ModuleType) -> None:
    ours, theirs = _baddbmm_values(engine, dtype), _baddbmm_values(real_torch, dtype)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))


def _solver_results(module: ModuleType, dtype: str) -> list[np.ndarray]:
    """inv, det and solve of random matrices up to 8 x 8, and their gradients."""
    rng = np.random.default_rng(2)
    results = []
    for _ in range(100):
        n = int(rng.integers(1, 9))
        a = module.tensor(rng.standard_normal((n, n)).astype(dtype), requires_grad=True)
        b = module.tensor(rng.standard_normal((n, 3)).astype(dtype), requires_grad=True)
        outputs = module.linalg.inv(a), module.linalg.det(a), module.linalg.solve(a, b)
        sum(output.sum() for output in outputs).backward()
        results += [output.detach().numpy() for output in outputs]
        results += [a.grad.numpy(), b.grad.numpy()]
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_solvers_as_torch(dtype: str, real_torch: ModuleType) -> None:
    # numpy's LAPACK against torch's MKL: the same shapes and dtypes, values and gradients
    # close (last-place differences: see the internals doc)
    ours, theirs = _solver_results(engine, dtype), _solver_results(real_torch, dtype)
    for a, b in zip(ours, theirs, strict=True):
        assert a.shape == b.shape and a.dtype == b.dtype
        assert np.allclose(a, b, rtol=1e-3 if dtype == "float32" else 1e-9, atol=1e-4)


def _similarities(module: ModuleType, dtype: str) -> list[np.ndarray]:
    """F.normalize and F.pairwise_distance (p = 2) values, pairwise_distance's gradients,
    and cosine_similarity's values, over random matrices up to 19 x 19."""
    rng = np.random.default_rng(4)
    functional = module.nn.functional
    results = []
    for trial in range(200):
        shape = tuple(int(x) for x in rng.integers(1, 20, 2))
        a = module.tensor(rng.standard_normal(shape).astype(dtype), requires_grad=True)
        b = module.tensor(rng.standard_normal(shape).astype(dtype), requires_grad=True)
        distance = functional.pairwise_distance(a, b)
        distance.sum().backward()
        results += [distance.detach().numpy(), a.grad.numpy(), b.grad.numpy()]
        results.append(functional.normalize(a.detach(), dim=trial % 2).numpy())
        results.append(functional.cosine_similarity(a.detach(), b.detach(), dim=trial % 2).numpy())
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_similarities_as_torch(dtype: str, real_torch: ModuleType) -> None:
    # normalize and pairwise_distance with p = 2 bit for bit (torch's 2-norm order);
    # cosine_similarity's sum along dim keeps numpy's order: close
    ours, theirs = _similarities(engine, dtype), _similarities(real_torch, dtype)
    for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        if index % 5 == 4:
            assert np.allclose(a, b, rtol=1e-5, atol=1e-6)
        else:
            assert np.array_equal(a, b)


def _cdists(module: ModuleType, dtype: str) -> list[tuple[float, np.ndarray]]:
    """cdist values and gradients with p = 1, inf, 0 (bit for bit) and 2, 3 (close)."""
    rng = np.random.default_rng(5)
    results = []
    for trial in range(200):
        rows1, rows2, columns = (int(x) for x in rng.integers(1, 25, 3))
        a = module.tensor(rng.standard_normal((rows1, columns)).astype(dtype), requires_grad=True)
        b = module.tensor(rng.standard_normal((rows2, columns)).astype(dtype), requires_grad=True)
        p = [2.0, 1.0, 3.0, float("inf"), 0.0][trial % 5]
        distances = module.cdist(a, b, p=p)
        distances.sum().backward()
        results += [(p, distances.detach().numpy()), (p, a.grad.numpy()), (p, b.grad.numpy())]
    return results


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_cdist_as_torch(dtype: str, real_torch: ModuleType) -> None:
    for (p, a), (_, b) in zip(_cdists(engine, dtype), _cdists(real_torch, dtype), strict=True):
        if p in (0.0, 1.0, float("inf")):
            assert np.array_equal(a, b)
        else:
            assert np.allclose(a, b, rtol=1e-4, atol=1e-5)
