"""Arguments as torch's parser takes them: a factory's size by position or as ``size=``, with
torch's own errors when it is missing, given twice or negative; and torch's errors (type and
words) for the argument mistakes of views, gather, index_select and the softmax methods."""

from __future__ import annotations

import pytest

import gradekit.engine as engine

pytestmark = pytest.mark.torch

SNIPPETS = [
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
]


def _outcome(module: object, snippet: str) -> str:
    try:
        return repr(eval(snippet, {"torch": module}))
    except Exception as error:  # the exception is the outcome compared
        return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize("snippet", SNIPPETS)
def test_factories_and_softmax_methods_answer_as_torch(snippet: str, real_torch) -> None:
    assert _outcome(engine, snippet) == _outcome(real_torch, snippet)
