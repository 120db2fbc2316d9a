# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""nn.Embedding and F.embedding (nn/modules.py, nn/sparse.py: EmbeddingBackward0, the
padding row, EmbeddingDenseBackwardBackward0), and nn.init's normal_, kaiming_normal_ and
xavier_normal_ over the engine's (torch's) random stream. Goldens captured from torch 2.13
with ``audit_outcomes.outcome`` (the torch-marked twin re-checks them); hypothesis
differentials compare values and gradients byte for byte."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

GOLDENS = {
    "torch.manual_seed(0)\nemb = torch.nn.Embedding(5, 3)\nresult = (repr(emb), emb.weight, type(emb.weight).__name__, [n for n, _ in emb.named_parameters()])": "('Embedding(5, 3)', torch.float32 (5, 3) [[1.541, -0.293429, -2.17879], [0.568431, -1.08452, -1.3986], [0.403347, 0.838026, -0.719258], [-0.403344, -0.596635, 0.182036], [-0.856675, 1.1006, -1.07119]] rg=True, 'Parameter', ['weight'])",
    "torch.manual_seed(1)\nemb = torch.nn.Embedding(6, 2, padding_idx=-2)\nresult = (repr(emb), emb.padding_idx, emb.weight)": "('Embedding(6, 2, padding_idx=4)', 4, torch.float32 (6, 2) [[0.661352, 0.266924], [0.0616773, 0.621317], [-0.451906, -0.16613], [-1.52277, 0.381684], [0.0, 0.0], [-0.892291, -0.0582502]] rg=True)",
    "torch.manual_seed(2)\nemb = torch.nn.Embedding(4, 3, padding_idx=1)\nidx = torch.tensor([[1, 2, 1], [3, 2, 2]])\nout = emb(idx)\n(out * torch.arange(18.0).reshape(2, 3, 3)).sum().backward()\nresult = (out.shape, out.grad_fn.name(), out.grad_fn.next_functions[0][0].name(), emb.weight.grad, out.is_contiguous())": "((2, 3, 3), 'EmbeddingBackward0', 'torch::autograd::AccumulateGrad', torch.float32 (4, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [30.0, 33.0, 36.0], [9.0, 10.0, 11.0]] rg=False, True)",
    "w = torch.arange(12.0).reshape(4, 3).requires_grad_()\nidx = torch.tensor([0, 3, 0, 0], dtype=torch.int32)\nout = F.embedding(idx, w)\nout.backward(torch.arange(12.0).reshape(4, 3) / 3)\nresult = (out, w.grad)": "(torch.float32 (4, 3) [[0.0, 1.0, 2.0], [9.0, 10.0, 11.0], [0.0, 1.0, 2.0], [0.0, 1.0, 2.0]] rg=True, torch.float32 (4, 3) [[5.0, 6.0, 7.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [1.0, 1.33333, 1.66667]] rg=False)",
    "w = torch.arange(12.0).reshape(4, 3).requires_grad_()\nresult = (F.embedding(torch.tensor(2), w), F.embedding(torch.zeros(0, 2, dtype=torch.long), w).shape, F.embedding(torch.tensor([[[1]]]), w).shape)": "(torch.float32 (3,) [6.0, 7.0, 8.0] rg=True, (0, 2, 3), (1, 1, 1, 3))",
    "w = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)\ni = torch.tensor([[1, 2], [1, 4]])\no = F.embedding(i, w, padding_idx=1)\ng = torch.arange(12.0, dtype=torch.float64).reshape(2, 2, 3).requires_grad_()\ngw, = torch.autograd.grad(o, w, g, create_graph=True)\ngg, = torch.autograd.grad((gw * gw).sum(), g)\nresult = (gw.grad_fn.name(), gw, gg)": "('EmbeddingDenseBackwardBackward0', torch.float64 (5, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [3.0, 4.0, 5.0], [0.0, 0.0, 0.0], [9.0, 10.0, 11.0]] rg=True, torch.float64 (2, 2, 3) [[[0.0, 0.0, 0.0], [6.0, 8.0, 10.0]], [[0.0, 0.0, 0.0], [18.0, 20.0, 22.0]]] rg=False)",
    "w = torch.ones(3, 2, requires_grad=True)\ni = torch.tensor([0, 1])\no = F.embedding(i, w)\ni[0] = 2\no.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.LongTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "F.embedding(torch.tensor([1.0]), torch.ones(3, 2))": "RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)",
    "F.embedding(torch.ones(3, 2), torch.tensor([1, 2]))": "RuntimeError: 'weight' must be 2-D",
    "F.embedding(torch.tensor([1]), torch.ones(3))": "RuntimeError: 'weight' must be 2-D",
    "F.embedding(torch.tensor([3]), torch.ones(3, 2))": "IndexError: index out of range in self",
    "F.embedding(torch.tensor([-1]), torch.ones(3, 2))": "IndexError: index out of range in self",
    "F.embedding(torch.tensor([1]), torch.ones(3, 2), padding_idx=3)": "AssertionError: Padding_idx must be within num_embeddings",
    "torch.nn.Embedding(3, 2, padding_idx=-4)": "AssertionError: Padding_idx must be within num_embeddings",
    "torch.nn.Embedding(3, 2)(torch.tensor([0.5]))": "RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)",
    "emb = torch.nn.Embedding.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))\nresult = (repr(emb), emb.weight.requires_grad, emb(torch.tensor([1, 0, 1])), repr(torch.nn.Embedding.from_pretrained(torch.ones(2, 2), freeze=False, padding_idx=0)))": "('Embedding(2, 2)', False, torch.float32 (3, 2) [[3.0, 4.0], [1.0, 2.0], [3.0, 4.0]] rg=False, 'Embedding(2, 2, padding_idx=0)')",
    "torch.nn.Embedding.from_pretrained(torch.ones(2))": "AssertionError: Embeddings parameter is expected to be 2-dimensional",
    "torch.nn.Embedding(2, 3, _weight=torch.ones(3, 2))": "AssertionError: Shape of weight does not match num_embeddings and embedding_dim",
    "result = (torch.nn.Embedding, repr(torch.nn.Embedding(3, 2, dtype=torch.float64).weight.dtype), F.embedding)": "(<class 'torch.nn.modules.sparse.Embedding'>, 'torch.float64', <function embedding at 0x>)",
    "torch.manual_seed(3)\nmodel = torch.nn.Sequential(torch.nn.Embedding(10, 4), torch.nn.Flatten(), torch.nn.Linear(8, 2))\nresult = (list(model.state_dict()), model(torch.tensor([[1, 2], [3, 9]])).shape, repr(model))": "(['0.weight', '2.weight', '2.bias'], (2, 2), 'Sequential(\\n  (0): Embedding(10, 4)\\n  (1): Flatten(start_dim=1, end_dim=-1)\\n  (2): Linear(in_features=8, out_features=2, bias=True)\\n)')",
    "torch.manual_seed(0)\nw = torch.empty(3, 4)\nr = torch.nn.init.normal_(w, 0.5, 2.0)\nresult = (r is w, w)": "(True, torch.float32 (3, 4) [[3.58199, -0.0868578, -3.85758, 1.63686], [-1.66904, -2.29719, 1.30669, 2.17605], [-0.938515, -0.306687, -0.693271, 0.864073]] rg=False)",
    "torch.manual_seed(0)\nw = torch.empty(4, 5, dtype=torch.float64)\nresult = (torch.nn.init.kaiming_normal_(w), torch.nn.init.kaiming_normal_(torch.empty(2, 3, 2), a=0.1, mode='fan_out', nonlinearity='relu'))": "(torch.float64 (4, 5) [[-1.46123, -0.236065, -0.670919, 0.632145, -0.0126268], [0.133005, 0.112064, -0.525261, 0.150979, 0.463924], [-0.836031, 0.83156, -0.434499, 0.941141, -0.283603], [-0.56352, 0.426817, 0.662096, 0.0975848, -0.474273]] rg=False, torch.float32 (2, 3, 2) [[[-0.728109, -0.35409], [0.1933, -0.649195], [-0.028582, 0.203729]], [[-0.00532968, -0.646646], [-0.769745, -0.188512], [0.133943, -0.154873]]] rg=False)",
    "torch.manual_seed(0)\nresult = (torch.nn.init.xavier_normal_(torch.empty(3, 4)), torch.nn.init.xavier_normal_(torch.empty(2, 2, 3), gain=2.0))": "(torch.float32 (3, 4) [[0.823697, -0.156844, -1.16461, 0.303839], [-0.579702, -0.747581, 0.215598, 0.447944], [-0.384459, -0.215596, -0.318915, 0.0973026]] rg=False, torch.float32 (2, 2, 3) [[[-0.699472, 0.89864, -0.874621], [0.100185, -0.462396, 0.304647]], [[-0.728311, -1.23218, 0.302425], [1.18923, 0.767352, 0.632661]]] rg=False)",
    "w = torch.nn.Parameter(torch.ones(2, 3))\ntorch.manual_seed(5)\ntorch.nn.init.normal_(w)\nresult = (w, w.requires_grad, w.is_leaf, w.grad_fn)": "(torch.float32 (2, 3) [[-0.486781, -0.603822, -0.558096], [0.667524, -0.197415, 1.94278]] rg=True, True, True, None)",
    "result = torch.nn.init.kaiming_normal_(torch.empty(0, 3))": "torch.float32 (0, 3) [] rg=False | warns: Initializing zero-element tensors is a no-op",
    "torch.nn.init.kaiming_normal_(torch.empty(3))": "ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions",
    "torch.nn.init.kaiming_normal_(torch.empty(3, 2), mode='fan_avg')": "ValueError: Mode fan_avg not supported, please use one of ['fan_in', 'fan_out']",
    "torch.nn.init.xavier_normal_(torch.empty(3))": "ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions",
    "torch.nn.init.normal_(torch.empty(3), std=-1.0)": "RuntimeError: normal expects std >= 0.0, but found std -1",
    "g = torch.Generator().manual_seed(7)\nresult = (torch.nn.init.normal_(torch.empty(4), generator=g), torch.nn.init.kaiming_normal_(torch.empty(2, 2), generator=g))": "(torch.float32 (4,) [-0.146795, 0.786141, 0.946822, -1.11434] rg=False, torch.float32 (2, 2) [[1.69079, -0.894828], [-0.355625, 1.23239]] rg=False)",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_embedding_and_init_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_embedding_and_init_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _embedding_run(
    module: ModuleType,
    weight: np.ndarray,
    indices: np.ndarray,
    grad: np.ndarray,
    padding_idx: int | None,
) -> list[bytes]:
    w = module.tensor(weight, requires_grad=True)
    out = module.nn.functional.embedding(module.tensor(indices), w, padding_idx=padding_idx)
    out.backward(module.tensor(grad))
    return [np.array(t.tolist(), weight.dtype).tobytes() for t in (out, w.grad)] + [
        out.grad_fn.name().encode()
    ]


@pytest.mark.torch
@settings(max_examples=40, deadline=None)
@given(
    rows=st.integers(1, 6),
    dim=st.integers(1, 4),
    index_shape=st.lists(st.integers(0, 4), max_size=3),
    padding=st.one_of(st.none(), st.integers(-6, 5)),
    dtype=st.sampled_from(["float32", "float64"]),
    seed=st.integers(0, 2**16),
)
def test_embedding_values_and_gradients_are_torchs(
    rows: int,
    dim: int,
    index_shape: list[int],
    padding: int | None,
    dtype: str,
    seed: int,
    real_torch: ModuleType,
) -> None:
    rng = np.random.default_rng(seed)
    weight = rng.standard_normal((rows, dim)).astype(dtype)
    indices = rng.integers(0, rows, index_shape)
    grad = rng.standard_normal((*index_shape, dim)).astype(dtype)
    padding = None if padding is None or not -rows <= padding < rows else padding
    expected = _embedding_run(real_torch, weight, indices, grad, padding)
    assert _embedding_run(engine, weight, indices, grad, padding) == expected


def _initialised(module: ModuleType, name: str, shape: list[int], dtype: str, seed: int) -> bytes:
    module.manual_seed(seed)
    tensor = module.empty(shape, dtype=getattr(module, dtype))
    getattr(module.nn.init, name)(tensor)
    return np.array(tensor.tolist(), dtype).tobytes()


@pytest.mark.torch_kernels("AVX2")
@pytest.mark.torch
@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["normal_", "kaiming_normal_", "xavier_normal_"]),
    shape=st.lists(st.integers(1, 20), min_size=2, max_size=4),
    dtype=st.sampled_from(["float32", "float64"]),
    seed=st.integers(0, 2**16),
)
def test_normal_initialisers_are_torchs_bit_for_bit(
    name: str, shape: list[int], dtype: str, seed: int, real_torch: ModuleType
) -> None:
    expected = _initialised(real_torch, name, shape, dtype, seed)
    assert _initialised(engine, name, shape, dtype, seed) == expected


@pytest.mark.torch_kernels("AVX2")
@pytest.mark.torch
@settings(max_examples=15, deadline=None)
@given(
    rows=st.integers(1, 40),
    dim=st.integers(1, 40),
    padding=st.integers(0, 39),
    seed=st.integers(0, 2**16),
)
def test_an_embedding_starts_from_torchs_weights(
    rows: int, dim: int, padding: int, seed: int, real_torch: ModuleType
) -> None:
    padding = padding % rows
    weights = []
    for module in (real_torch, engine):
        module.manual_seed(seed)
        weights.append(
            np.array(
                module.nn.Embedding(rows, dim, padding_idx=padding).weight.tolist(), "float32"
            ).tobytes()
        )
    assert weights[0] == weights[1]
