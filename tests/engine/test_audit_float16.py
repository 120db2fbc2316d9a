# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""float16 sigmoid, softmax, log_softmax, vector norms and the tanh/sigmoid gradients as
torch's half kernels compute them (issue 2,
the differential audit's R01): in float32, rounded to half once (log_softmax's sum of
exps and its log are half tensors, rounded there), where the engine rounded each step to
half.  softmax/log_softmax over every dim: ``test_float16_kernels.py``.  The goldens were
captured from torch 2.13."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDEN = {
    "result = F.cross_entropy(torch.tensor([[0.3, -0.5, 2.25], [1.5, 0.1, -3.0]], dtype=torch.float16), torch.tensor([2, 1]))": "torch.float16 () 0.908203 rg=False",
    "result = torch.linalg.vector_norm(torch.tensor([[0.59, 2.91, 0.63], [2.9, 1.18, -0.7]], dtype=torch.float16), 3, dim=1)": "torch.float16 (2,) [2.92773, 2.97656] rg=False",
    "result = torch.sigmoid(torch.tensor([-8.5, 0.01, 4.75, 11.0], dtype=torch.float16))": "torch.float16 (4,) [0.000203371, 0.502441, 0.991211, 1.0] rg=False",
    "result = torch.tensor([0.1, 0.2, 0.3, 0.4, 1.7, -2.2], dtype=torch.float16).norm()": "torch.float16 () 2.83398 rg=False",
    "result = torch.tensor([0.3, -0.5], dtype=torch.float16).sigmoid()": "torch.float16 (2,) [0.574219, 0.377441] rg=False",
    "result = torch.tensor([0.59, 2.91, 0.63, 2.9, 1.18], dtype=torch.float16).norm(1)": "torch.float16 () 8.21094 rg=False",
    "result = torch.tensor([1., 2.], dtype=torch.float16).softmax(0)": "torch.float16 (2,) [0.269043, 0.730957] rg=False",
    "result = torch.tensor([[0.3, -0.5, 2.25], [1.5, 0.1, -3.0]], dtype=torch.float16).log_softmax(1)": "torch.float16 (2, 3) [[-2.13672, -2.9375, -0.187378], [-0.22937, -1.62891, -4.73047]] rg=False",
    "result = torch.tensor([[0.3, -0.5, 2.25], [1.5, 0.1, -3.0]], dtype=torch.float16).softmax(-1)": "torch.float16 (2, 3) [[0.117981, 0.053009, 0.829102], [0.794922, 0.196045, 0.00883484]] rg=False",
    "t = torch.HalfTensor([0.75, -2.31, 0.52, 2.4]); t.requires_grad = True; (t.sigmoid() * torch.HalfTensor([1.5, -0.3, 2.0, 0.7])).sum().backward(); result = t.grad": "torch.float16 (4,) [0.326904, -0.0246429, 0.467773, 0.0533142] rg=False",
    "t = torch.HalfTensor([2.75, 2.31, 0.52, 2.4]); t.requires_grad = True; t.tanh().sum().backward(); result = t.grad": "torch.float16 (4,) [0.0165253, 0.0386963, 0.771484, 0.0319519] rg=False",
    "x = torch.tensor([0.3, -0.5, 1.7], dtype=torch.float16, requires_grad=True); y = x.sigmoid(); y.sum().backward(); result = (y, x.grad)": "(torch.float16 (3,) [0.574219, 0.377441, 0.845703] rg=True, torch.float16 (3,) [0.244507, 0.234985, 0.130493] rg=False)",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_half_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == GOLDEN[code]


def _bits(torch: ModuleType, name: str, values: list[list[float]]) -> list[int]:
    x = torch.tensor(np.array(values, dtype=np.float16))
    if name == "norm":
        result = x.norm(3.0)
    else:
        result = x.sigmoid() if name == "sigmoid" else getattr(x, name)(-1)
    return np.asarray(result.tolist(), dtype=np.float16).view(np.uint16).ravel().tolist()


_VALUES = st.integers(1, 4).flatmap(
    lambda width: st.lists(
        st.lists(
            st.floats(-12, 12, width=16, allow_subnormal=False), min_size=width, max_size=width
        ),
        min_size=1,
        max_size=3,
    )
)


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(["sigmoid", "softmax", "log_softmax", "norm"]), values=_VALUES)
def test_half_bits_as_torch(name: str, values: list[list[float]], real_torch: ModuleType) -> None:
    assert _bits(engine, name, values) == _bits(real_torch, name, values)


def _gradient_bits(torch: ModuleType, name: str, values: list[float], hooked: bool) -> list[int]:
    x = torch.tensor(np.array(values, dtype=np.float16), requires_grad=True)
    weights = torch.tensor(np.linspace(-1.5, 2.0, len(values)).astype(np.float16))
    loss = (getattr(x, name)() * weights).sum()
    if hooked:  # (a hook sends the engine's backward through Tensors, not arrays)
        loss.register_hook(lambda grad: grad)
    loss.backward()
    return np.asarray(x.grad.tolist(), dtype=np.float16).view(np.uint16).tolist()


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(["tanh", "sigmoid"]),
    values=st.lists(st.floats(-8, 8, width=16, allow_subnormal=False), min_size=1, max_size=6),
    hooked=st.booleans(),
)
def test_half_gradient_bits_as_torch(
    name: str, values: list[float], hooked: bool, real_torch: ModuleType
) -> None:
    assert _gradient_bits(engine, name, values, hooked) == _gradient_bits(
        real_torch, name, values, hooked
    )
