# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""F.layer_norm and nn.LayerNorm (weight 1 and bias 0 at first: no random numbers), which
students' PyTorch code calls and the engine lacked.  The goldens were captured from torch
2.13 with ``audit_outcomes.outcome`` (grad_fn names, errors, reprs, parameters, and values
where the engine's mean and variance round as torch's); the torch-marked twin checks they
are still torch's, a torch-marked differential bounds the values and gradients over random
rows (the last-place rates are in docs/engine-internals.md)."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome

import gradekit.engine as engine

GOLDENS = {
    "result = F.layer_norm(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]), (4,))": "torch.float32 (2, 3, 4) [[[-0.27735, 0.27735, 1.38675, -1.38675], [-0.424093, -1.10264, 1.61156, -0.0848187], [0.0, 0.0, 0.0, 0.0]], [[-1.33912, -0.197576, 0.0658585, 1.47084], [0.973327, -1.62221, 0.0, 0.648884], [-1.3411, -0.447035, 0.447035, 1.3411]]] rg=False",
    "result = F.layer_norm(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]), [3, 4])": "torch.float32 (2, 3, 4) [[[-0.256933, 0.428221, 1.79853, -1.62724], [-0.942086, -1.62724, 1.11337, -0.599509], [0.428221, 0.428221, 0.428221, 0.428221]], [[-1.76459, -0.0548009, 0.339766, 2.44412], [0.60281, -1.50154, -0.186323, 0.339766], [-0.133714, -0.0811053, -0.0284965, 0.0241124]]] rg=False",
    "result = F.layer_norm(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]), (4,), torch.tensor([1.5, -0.5, 2.0, 1.0]), torch.tensor([0.1, 0.0, -0.3, 2.0]))": "torch.float32 (2, 3, 4) [[[-0.316025, -0.138675, 2.4735, 0.613252], [-0.53614, 0.551322, 2.92311, 1.91518], [0.1, 0.0, -0.3, 2.0]], [[-1.90868, 0.0987878, -0.168283, 3.47084], [1.55999, 0.811105, -0.3, 2.64888], [-1.91166, 0.223517, 0.59407, 3.3411]]] rg=False",
    "result = F.layer_norm(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]), (4,), weight=torch.tensor([1.5, -0.5, 2.0, 1.0]))": "torch.float32 (2, 3, 4) [[[-0.416025, -0.138675, 2.7735, -1.38675], [-0.63614, 0.551322, 3.22311, -0.0848187], [0.0, 0.0, 0.0, 0.0]], [[-2.00868, 0.0987878, 0.131717, 1.47084], [1.45999, 0.811105, 0.0, 0.648884], [-2.01166, 0.223517, 0.89407, 1.3411]]] rg=False",
    "result = F.layer_norm(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]).double(), (4,), torch.tensor([1.5, -0.5, 2.0, 1.0]).double(), torch.tensor([0.1, 0.0, -0.3, 2.0]).double())": "torch.float64 (2, 3, 4) [[[-0.316025, -0.138675, 2.4735, 0.613252], [-0.53614, 0.551322, 2.92311, 1.91518], [0.1, 0.0, -0.3, 2.0]], [[-1.90868, 0.0987878, -0.168283, 3.47084], [1.55999, 0.811105, -0.3, 2.64888], [-1.91166, 0.223517, 0.59407, 3.3411]]] rg=False",
    "result = F.layer_norm(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]).half(), (4,), torch.tensor([1.5, -0.5, 2.0, 1.0]).half(), torch.tensor([0.1, 0.0, -0.3, 2.0]).half())": "torch.float16 (2, 3, 4) [[[-0.316162, -0.138672, 2.47266, 0.613281], [-0.536133, 0.55127, 2.92383, 1.91504], [0.0999756, 0.0, -0.300049, 2.0]], [[-1.90918, 0.0988159, -0.168335, 3.4707], [1.55957, 0.811035, -0.300049, 2.64844], [-1.91211, 0.223633, 0.595703, 3.33984]]] rg=False",
    "result = F.layer_norm(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]), torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]).shape[1:])": "torch.float32 (2, 3, 4) [[[-0.256933, 0.428221, 1.79853, -1.62724], [-0.942086, -1.62724, 1.11337, -0.599509], [0.428221, 0.428221, 0.428221, 0.428221]], [[-1.76459, -0.0548009, 0.339766, 2.44412], [0.60281, -1.50154, -0.186323, 0.339766], [-0.133714, -0.0811053, -0.0284965, 0.0241124]]] rg=False",
    "x = torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]).requires_grad_()\nw = torch.tensor([1.5, -0.5, 2.0, 1.0]).requires_grad_()\nb = torch.tensor([0.1, 0.0, -0.3, 2.0]).requires_grad_()\ny = F.layer_norm(x, (4,), w, b)\n(y * y * torch.tensor([1.0, 2.0, 3.0, -1.0])).sum().backward()\nresult = (y.grad_fn.name(), [type(n).__name__ for n, _ in y.grad_fn.next_functions], x.grad, w.grad, b.grad)": "('NativeLayerNormBackward0', ['AccumulateGrad', 'AccumulateGrad', 'AccumulateGrad'], torch.float32 (2, 3, 4) [[[-2.71732, -5.36081, 4.30344, 3.77469], [-1.70541, 5.40056, 2.89936, -6.5945], [671.984, 577.116, -561.304, -687.795]], [[-1.01419, 1.19191, 0.612988, -0.790709], [3.39218, 0.881338, -1.38861, -2.8849], [-32.1111, 10.9374, 74.4417, -53.268]]] rg=False, torch.float32 (4,) [13.9062, -8.32638, 50.3722, -20.5835] rg=False, torch.float32 (4,) [-6.02503, 6.18423, 31.3344, -27.9785] rg=False)",
    "result = F.layer_norm(torch.ones(2, 3), (4,))": "RuntimeError: Given normalized_shape=[4], expected input with shape [*, 4], but got input of size[2, 3]",
    "result = F.layer_norm(torch.ones(2, 3), (2, 3, 3))": "RuntimeError: Given normalized_shape=[2, 3, 3], expected input with shape [*, 2, 3, 3], but got input of size[2, 3]",
    "result = F.layer_norm(torch.ones(2, 3), (3,), torch.ones(2))": "RuntimeError: Expected weight to be of same shape as normalized_shape, but got weight of shape [2] and normalized_shape = [3]",
    "result = F.layer_norm(torch.ones(2, 3), (3,), None, torch.ones(3, 1))": "RuntimeError: Expected bias to be of same shape as normalized_shape, but got bias of shape [3, 1] and normalized_shape = [3]",
    "result = F.layer_norm(torch.arange(6).reshape(2, 3), (3,))": "NotImplementedError: \"LayerNormKernelImpl\" not implemented for 'Long'",
    "result = F.layer_norm(torch.ones(2, 3), 3)": "TypeError: layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not int",
    "result = F.layer_norm([1.0], (1,))": "TypeError: layer_norm(): argument 'input' (position 1) must be Tensor, not list",
    "result = F.layer_norm(torch.ones(2, 3), (3,), eps='a')": "TypeError: layer_norm(): argument 'eps' (position 5) must be float, not str",
    "result = F.layer_norm(torch.ones(2, 3).double(), (3,), torch.ones(3))": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
    "result = F.layer_norm(torch.ones(2, 3), (3,))": "torch.float32 (2, 3) [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] rg=False",
    "result = F.layer_norm(torch.ones(0, 3), (3,)).shape": "(0, 3)",
    "m = torch.nn.LayerNorm(4)\nresult = (repr(m), [n for n, _ in m.named_parameters()], m.weight, m.bias, m.normalized_shape, m.eps)": "('LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)', ['weight', 'bias'], torch.float32 (4,) [1.0, 1.0, 1.0, 1.0] rg=True, torch.float32 (4,) [0.0, 0.0, 0.0, 0.0] rg=True, (4), 1e-05)",
    "m = torch.nn.LayerNorm((3, 4), eps=1e-6, elementwise_affine=False)\nresult = (repr(m), [n for n, _ in m.named_parameters()], m.weight, m.bias, m.normalized_shape)": "('LayerNorm((3, 4), eps=1e-06, elementwise_affine=False, bias=False)', [], None, None, (3, 4))",
    "m = torch.nn.LayerNorm([4], bias=False)\nresult = (repr(m), [n for n, _ in m.named_parameters()], m.bias)": "('LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=False)', ['weight'], None)",
    "m = torch.nn.LayerNorm(3, dtype=torch.float64)\nresult = m.weight.dtype": "torch.float64",
    "m = torch.nn.LayerNorm(4)\ny = m(torch.tensor([[[1.0, 2.0, 4.0, -1.0], [0.0, -1.0, 3.0, 0.5], [2.0, 2.0, 2.0, 2.0]], [[-3.0, 0.25, 1.0, 5.0], [1.5, -2.5, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]]))\ny.sum().backward()\nresult = (y, m.weight.grad, m.bias.grad)": "(torch.float32 (2, 3, 4) [[[-0.27735, 0.27735, 1.38675, -1.38675], [-0.424093, -1.10264, 1.61156, -0.0848187], [0.0, 0.0, 0.0, 0.0]], [[-1.33912, -0.197576, 0.0658585, 1.47084], [0.973327, -1.62221, 0.0, 0.648884], [-1.3411, -0.447035, 0.447035, 1.3411]]] rg=True, torch.float32 (4,) [-2.40834, -3.09211, 3.5112, 1.98926] rg=False, torch.float32 (4,) [6.0, 6.0, 6.0, 6.0] rg=False)",
    "result = torch.nn.LayerNorm(4)(torch.ones(2, 3))": "RuntimeError: Given normalized_shape=[4], expected input with shape [*, 4], but got input of size[2, 3]",
    "result = repr(torch.nn.Sequential(torch.nn.LayerNorm(4), torch.nn.GELU()))": "\"Sequential(\\n  (0): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)\\n  (1): GELU(approximate='none')\\n)\"",
}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_layer_norm_matches_the_golden(code: str) -> None:
    assert outcome(engine, code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_layer_norm_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == GOLDENS[code]


def _layer_norm_values(module, dtype, grads=True):
    rng = np.random.default_rng(3)
    F = module.nn.functional
    out = []
    for trial in range(100):
        n = int(rng.integers(1, 6))
        c = int(rng.integers(1, 70))
        x = (
            rng.standard_normal((n, c)) * float(rng.choice([0.1, 1, 10]))
            + float(rng.choice([0, 3]))
        ).astype(dtype)
        w = rng.standard_normal(c).astype(dtype)
        b = rng.standard_normal(c).astype(dtype)
        xt = module.tensor(x, requires_grad=True)
        wt = module.tensor(w, requires_grad=True)
        bt = module.tensor(b, requires_grad=True)
        affine = trial % 2 == 0
        y = F.layer_norm(xt, (c,), wt if affine else None, bt if affine else None)
        out.append(y.detach().numpy().copy())
        if grads:
            g = module.tensor(rng.standard_normal((n, c)).astype(dtype))
            y.backward(g)
            out += [xt.grad.numpy().copy()] + (
                [wt.grad.numpy().copy(), bt.grad.numpy().copy()] if affine else []
            )
    return out


@pytest.mark.torch
@pytest.mark.parametrize(
    ("dtype", "tolerance"), [("float32", 1e-4), ("float64", 1e-10), ("float16", 5e-2)]
)
def test_layer_norm_values_and_gradients_close_to_torch(
    dtype: str, tolerance: float, real_torch: ModuleType
) -> None:
    # torch's mean and variance (RowwiseMoments, a Welford cascade) are not reproduced: the
    # values differ in the last place for about half of the float32 elements (the internals
    # doc), and float16's gradients by up to a few percent
    ours, theirs = _layer_norm_values(engine, dtype), _layer_norm_values(real_torch, dtype)
    assert all(
        np.allclose(a, b, rtol=tolerance, atol=tolerance) for a, b in zip(ours, theirs, strict=True)
    )


@pytest.mark.torch
def test_layer_norm_given_torchs_moments_is_torchs_arithmetic(real_torch: ModuleType) -> None:
    # (x - mean) * rstd, then one fused multiply-add with weight and bias: with torch's own
    # mean and rstd (native_layer_norm's second and third results) the bits are torch's
    from gradekit.engine.nn.normalization import _fma

    rng = np.random.default_rng(4)
    for _ in range(50):
        n, c = int(rng.integers(1, 6)), int(rng.integers(1, 70))
        x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((n, c), (c,), (c,)))
        y, mean, rstd = real_torch.native_layer_norm(
            real_torch.tensor(x), (c,), real_torch.tensor(w), real_torch.tensor(b), 1e-5
        )
        ours = _fma((x - mean.numpy()) * rstd.numpy(), w, b)
        assert ours.tobytes() == y.numpy().tobytes()
