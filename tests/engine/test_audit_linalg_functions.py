# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Linear-algebra functions students' PyTorch code calls (einsum, tensordot, ...) and torch's
small-matrix bmm kernel they run on. The goldens were captured from torch 2.13 with
``audit_outcomes.outcome``; the torch-marked twin checks they are still torch's, and the
torch-marked differentials compare values, grad_fn graphs and gradients over random inputs."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

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
