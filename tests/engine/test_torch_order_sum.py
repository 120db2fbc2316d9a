"""Full float sums added in torch's order (gradekit/engine/ops/summation.py).

Against torch: every size up to the limit, float32 and float64, 1-d, n-d and transposed
tensors, sum and mean and the losses' sum/mean reductions, bit for bit.  Without torch: the
cases that keep numpy's sum, and the claim that up to four elements both orders agree.
"""

from __future__ import annotations

from types import ModuleType

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine.ops.summation import TORCH_ORDER_LIMIT, torch_order_sum

FLOAT_DTYPES = [np.float32, np.float64]


def scaled_normal(size: int | tuple[int, ...], dtype: type, seed: int) -> np.ndarray:
    """Values over several magnitudes, so the order of additions shows in the last bits."""
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(size) * 10.0 ** rng.integers(-3, 4, size)).astype(dtype)


def same_bits(a: np.generic, b: np.generic) -> bool:
    return np.asarray(a).tobytes() == np.asarray(b).tobytes()


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(size=st.integers(0, 4), seed=st.integers(0, 2**32 - 1))
def test_up_to_four_elements_numpy_adds_in_torch_order(dtype: type, size: int, seed: int) -> None:
    """Why the hot path (mean of a 2x2 tensor) may keep numpy's own sum."""
    values = scaled_normal(size, dtype, seed)
    assert same_bits(np.add.reduce(values, axis=None) + dtype(0), torch_order_sum(values))


def test_cases_that_keep_numpys_sum() -> None:
    assert torch_order_sum(np.ones(TORCH_ORDER_LIMIT + 1, np.float32)) is None  # threads
    assert torch_order_sum(np.ones((4, 6), np.float32)[:, ::2]) is None  # not dense
    assert torch_order_sum(np.ones(9, np.int64)) is None  # integers: exact in any order


def test_float16_adds_in_float32_and_rounds_once() -> None:
    """torch's half sum loads the values into float32 vectors: float32's order, one rounding."""
    for seed in range(20):
        halves = (scaled_normal(40, np.float32, seed) * 5).astype(np.float16)
        wide = torch_order_sum(halves.astype(np.float32))
        with np.errstate(over="ignore"):  # (past 65504 both are inf)
            assert same_bits(torch_order_sum(halves), wide.astype(np.float16))
    assert torch_order_sum(np.ones(9, np.int64)) is None  # integers: exact in any order


@pytest.mark.torch
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(
    size=st.one_of(
        st.integers(0, 700),
        st.sampled_from([1023, 1024, 2047, 2048, 4095, 4096, 4097, 8192, 16384, TORCH_ORDER_LIMIT]),
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_sum_and_mean_equal_torch_bit_for_bit(
    real_torch: ModuleType, dtype: type, size: int, seed: int
) -> None:
    values = scaled_normal(size, dtype, seed)
    theirs = real_torch.from_numpy(values.copy())
    ours = engine.from_numpy(values.copy())
    assert same_bits(ours.sum().numpy(), theirs.sum().numpy())
    if size:
        assert same_bits(ours.mean().numpy(), theirs.mean().numpy())


@pytest.mark.torch
@given(
    shape=hnp.array_shapes(min_dims=2, max_dims=3, min_side=1, max_side=9),
    transpose=st.booleans(),  # (dims 0 and 1 swapped: dense, neither C nor F order)
    seed=st.integers(0, 2**32 - 1),
)
def test_dense_nd_tensors_add_in_memory_order(
    real_torch: ModuleType, shape: tuple[int, ...], transpose: bool, seed: int
) -> None:
    values = scaled_normal(shape, np.float32, seed)

    def total(T: ModuleType) -> np.ndarray:
        x = T.from_numpy(values.copy())
        return (x.transpose(0, 1) if transpose else x).sum().numpy()

    assert same_bits(total(engine), total(real_torch))


@pytest.mark.torch
@pytest.mark.parametrize("reduction", ["sum", "mean"])
@given(
    shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=8),
    seed=st.integers(0, 2**32 - 1),
)
def test_mse_loss_reductions_print_as_torch(
    real_torch: ModuleType, reduction: str, shape: tuple[int, ...], seed: int
) -> None:
    prediction, target = (
        scaled_normal(shape, np.float32, seed),
        scaled_normal(shape, np.float32, seed + 1),
    )

    def loss(T: ModuleType) -> str:
        x = T.from_numpy(prediction.copy()).requires_grad_()
        return repr(T.nn.functional.mse_loss(x, T.from_numpy(target.copy()), reduction=reduction))

    assert loss(engine) == loss(real_torch)


@pytest.mark.torch
def test_reported_mse_sum_last_digit(real_torch: ModuleType) -> None:
    """The dev-profile example: tensor(230.1572) in torch, 230.1573 before."""
    logits = np.full((4, 4), 3.9969728, np.float32)
    logits[0, 0], logits[0, 1] = 0.0, 3.7275078
    target = np.full((4, 4), 0.0625, np.float32)

    def loss(T: ModuleType) -> str:
        x = T.from_numpy(logits.copy()).requires_grad_()
        return repr(T.nn.functional.mse_loss(x, T.from_numpy(target.copy()), reduction="sum"))

    assert loss(engine) == loss(real_torch) == "tensor(230.1572, grad_fn=<MseLossBackward0>)"
