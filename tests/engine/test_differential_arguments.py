"""Arguments as torch's parser takes them: a factory's size by position or as ``size=``, with
torch's own errors when it is missing, given twice or negative; and torch's errors (type and
words) for the argument mistakes of views, gather, index_select and the softmax methods."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gradekit.engine as engine

pytestmark = pytest.mark.torch

SNIPPETS = [
    # broadcast_shapes prints the mismatching argument as it was given (found by an audit)
    "torch.broadcast_shapes(torch.Size([2, 3]), torch.Size([2]))",
    "torch.broadcast_shapes((2, 3), (2,))",
    "torch.broadcast_shapes([2, 3], [2])",
    "torch.broadcast_shapes((2, 3), 2)",
    "torch.broadcast_shapes(3, (2, 1), [1, 4])",
    "torch.zeros(2, 3)",
    "torch.zeros((2, 3))",
    "torch.zeros([2, 3], dtype=torch.int64)",
    "torch.zeros(size=[2, 3])",
    "torch.ones(size=())",
    "torch.ones(torch.Size([2]))",
    "torch.empty(size=(2,)).shape",
    "torch.rand(size=(2, 3)).shape",
    "torch.randn(size=(4,)).dtype",
    "torch.zeros()",
    "torch.ones(dtype=torch.float64)",
    "torch.empty()",
    "torch.rand()",
    "torch.randn()",
    "torch.ones(2, size=(3,))",
    "torch.zeros(2, size=(3,))",
    "torch.rand(2, size=(3,))",
    "torch.randn(2, 3, size=[3])",
    "torch.zeros(2, -1)",
    "torch.zeros(size=(-1,))",
    "torch.ones(-2)",
    "torch.rand(2, -3)",
    "torch.ones(2, 3).softmax()",
    "torch.ones(2, 3).log_softmax()",
    "torch.ones(2, 3).softmax(1)",
    "torch.ones(2, 3).log_softmax(dim=0)",
    "torch.rand_like(torch.tensor(1.0)).shape",
    "torch.ones(2).new_zeros(size=(2,)).shape",
    "torch.ones(2).new_zeros(())",
    "torch.ones(2).new_ones()",
    "torch.ones(2).new_empty(2, size=(3,))",
    "torch.randn_like(torch.ones(2, 3)).shape",
    "torch.ones(2, 3).reshape()",
    "torch.reshape(torch.ones(2, 3))",
    "torch.ones(2, 3).view()",
    "torch.ones(2, 3).view(3, 2).shape",
    "torch.tensor([5.0]).view_as(torch.tensor(1.0))",
    "torch.tensor([5.0]).reshape_as(torch.tensor(1.0))",
    "torch.ones(2, 3).gather(1)",
    "torch.ones(2, 3).gather()",
    "torch.gather(torch.ones(2, 3), 1)",
    "torch.ones(2, 3).index_select(0)",
    "torch.ones(2, 3).index_select()",
    "torch.ones(1, 2, 1).squeeze(0, 2).shape",
    "torch.ones(1, 2, 1).squeeze(0, dim=2)",
    "torch.ones(1, 2, 1).squeeze(dim=2).shape",
    "torch.ones(1, 2, 1).squeeze(5, 0)",
    "torch.ones(2, 3).permute()",
    # a size that is not a tuple of ints: torch's TypeError, in the parser's words
    "torch.ones('a')",
    "torch.zeros('a')",
    "torch.empty('a')",
    "torch.rand('a')",
    "torch.randn('a')",
    "torch.full('a', 1.0)",
    "torch.ones(None)",
    "torch.ones(2.5)",
    "torch.ones(True)",
    "torch.ones(torch.tensor([2, 3]))",
    "torch.ones(torch.tensor(3.0))",
    "torch.ones(torch.tensor(2)).shape",
    "torch.ones(np.int64(2)).shape",
    "torch.ones(np.float64(2))",
    "torch.ones(2, 'a')",
    "torch.ones(2, 3, 'a')",
    "torch.zeros(2, None)",
    "torch.ones(2, 2.0)",
    "torch.ones(2, (3,))",
    "torch.ones(2, torch.tensor(3)).shape",
    "torch.ones(2, torch.tensor(3.0))",
    "torch.ones(2, True).shape",
    "torch.ones((2, 'a'))",
    "torch.ones((2, 2.0))",
    "torch.ones([2.0])",
    "torch.ones([True])",
    "torch.ones([np.float64(2)])",
    "torch.ones([torch.tensor(3.0)])",
    "torch.ones([torch.tensor([3])]).shape",
    "torch.ones((2,), 3)",
    "torch.ones([], 2)",
    "torch.ones('a', 3)",
    "torch.ones(torch.Size([2]), 3)",
    "torch.ones(size='a')",
    "torch.ones(size=2)",
    "torch.ones(size=None)",
    "torch.ones(size=[2.0])",
    "torch.ones(size=(2, 'a'))",
    "torch.zeros(size=('a',))",
    "torch.ones(2, 3, size=None)",
    "torch.ones(2, -1.0)",
    "torch.ones(1e10)",
    "torch.ones(2, 3, dtype='a')",
    "torch.rand(2, 'a')",
    "torch.rand(size='a')",
    "torch.full(2, 1.0)",
    "torch.full([2.0], 1)",
    "torch.full((2, 'a'), 1)",
    "torch.full((2,), 'a')",
    "torch.full((2,), None)",
    "torch.randint(3, 'a')",
    "torch.randint(0, 3, 'a')",
    "torch.randint(3, (2, -1))",
    "torch.randint(3, size=(2,)).shape",
    "torch.randint(high=3, size=(2,)).shape",
    "torch.randint(3.0, (2,))",
    "torch.randint('a', (2,))",
    "torch.randint(3)",
    "torch.randint()",
    "torch.ones(2).new_ones('a')",
    "torch.ones(2).new_zeros(2, 'a')",
    "torch.ones(2).new_zeros(size='a')",
    # where: torch lists its overloads when no overload takes the call
    "torch.where(C, X)",
    "torch.where(C, X, None)",
    "torch.where(C, 'a', X)",
    "torch.where(C, X, X, X)",
    "torch.where()",
    "torch.where(None)",
    "torch.where(None, 1, 2)",
    "torch.where([True, False], 1, 2)",
    "torch.where(C, 1.0, 2)",
    "torch.where(C, X, 2)",
    "torch.where(C, input=X, other=X)",
    "torch.where(C)",
    "X.where(C)",
    "X.where(C, None)",
    "X.where()",
    "X.where(C, 3)",
]


def _outcome(module: Any, snippet: str) -> str:
    names = {"torch": module, "np": np}
    names["X"] = module.tensor([1.0, 2.0])
    names["C"] = module.tensor([True, False])
    try:
        return repr(eval(snippet, names))
    except Exception as error:  # the exception is the outcome compared
        return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize("snippet", SNIPPETS)
def test_factories_and_softmax_methods_answer_as_torch(snippet: str, real_torch) -> None:
    assert _outcome(engine, snippet) == _outcome(real_torch, snippet)
