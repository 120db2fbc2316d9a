"""Finite-difference gradient checks of gradekit.engine (no torch needed).

For every op in ``programs.DIFFERENTIABLE_OPS``, in float64:

* **gradcheck** — the analytic gradient of ``L(x) = Σ_k <out_k(x), w_k>`` (fixed random
  weights ``w_k``, so every output element matters) equals the central difference
  ``(L(x + εe_i) - L(x - εe_i)) / 2ε`` for *every* input element ``i``.
* **gradgradcheck** — differentiate ``S(x) = Σ_j <∂L/∂x_j, v_j>`` (the gradient, built
  with ``create_graph=True``, against fixed random ``v_j``) and compare with central
  differences of ``S`` computed from first-order analytic gradients.

Tolerances are torch.autograd.gradcheck's defaults (eps=1e-6, atol=1e-5, rtol=1e-3).
The checks are written over a module ``T`` so the harness itself is validated on torch.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import programs
import pytest
from programs import DIFFERENTIABLE_OPS, DifferentiableOp

EPS = 1e-6
ATOL = 1e-5
RTOL = 1e-3


def _as_tuple(result):
    return tuple(result) if isinstance(result, (tuple, list)) else (result,)


class _Objective:
    """``L`` and ``S`` for one op, with weights fixed from a seeded generator."""

    def __init__(self, T: ModuleType, op: DifferentiableOp, seed: int = 0) -> None:
        self.T = T
        self.op = op
        rng = np.random.default_rng(seed)
        self.inputs = programs.sample_inputs(op, rng)
        outputs = _as_tuple(op.fn(T, *self._tensors(self.inputs, requires_grad=False)))
        self.output_weights = [rng.uniform(0.5, 1.5, size=tuple(o.shape)) for o in outputs]
        self.grad_weights = [rng.uniform(0.5, 1.5, size=a.shape) for a in self.inputs]

    def _tensors(self, arrays, requires_grad: bool):
        T = self.T
        return [T.tensor(a.copy(), dtype=T.float64, requires_grad=requires_grad) for a in arrays]

    def _weighted_sum(self, tensors, weights):
        T = self.T
        total = None
        for tensor, weight in zip(tensors, weights, strict=True):
            term = (tensor * T.tensor(weight, dtype=T.float64)).sum()
            total = term if total is None else total + term
        return total

    def loss(self, tensors):
        outputs = _as_tuple(self.op.fn(self.T, *tensors))
        return self._weighted_sum(outputs, self.output_weights)

    def loss_value(self, arrays) -> float:
        with self.T.no_grad():
            return float(self.loss(self._tensors(arrays, requires_grad=False)).item())

    def gradients(self, arrays, create_graph: bool):
        """(input tensors, ∂L/∂inputs) — zeros for inputs L does not depend on."""
        tensors = self._tensors(arrays, requires_grad=True)
        grads = self.T.autograd.grad(
            self.loss(tensors), tensors, create_graph=create_graph, allow_unused=True
        )
        return tensors, [
            self.T.zeros_like(t) if g is None else g for t, g in zip(tensors, grads, strict=True)
        ]

    def grad_dot_value(self, arrays) -> float:
        _, grads = self.gradients(arrays, create_graph=False)
        with self.T.no_grad():
            return float(self._weighted_sum(grads, self.grad_weights).item())

    def second_order(self, arrays) -> list[np.ndarray]:
        """∂S/∂x analytically (double backward)."""
        tensors, grads = self.gradients(arrays, create_graph=True)
        s = self._weighted_sum(grads, self.grad_weights)
        if not s.requires_grad:  # the gradient does not depend on x (linear op)
            return [np.zeros(a.shape) for a in arrays]
        second = self.T.autograd.grad(s, tensors, allow_unused=True)
        return [
            np.zeros(a.shape) if g is None else programs.tensor_to_numpy(g)
            for a, g in zip(arrays, second, strict=True)
        ]


def central_differences(function, arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Numerical gradient of a scalar function of several arrays, element by element."""
    gradients = []
    for which, array in enumerate(arrays):
        gradient = np.zeros_like(array)
        for index in np.ndindex(array.shape):
            plus = [a.copy() for a in arrays]
            minus = [a.copy() for a in arrays]
            plus[which][index] += EPS
            minus[which][index] -= EPS
            gradient[index] = (function(plus) - function(minus)) / (2 * EPS)
        gradients.append(gradient)
    return gradients


def _mismatches(label: str, analytic: list[np.ndarray], numeric: list[np.ndarray]) -> list[str]:
    problems = []
    for which, (a, n) in enumerate(zip(analytic, numeric, strict=True)):
        if a.shape != n.shape:
            problems.append(f"{label} input {which}: gradient shape {a.shape} != {n.shape}")
        elif not np.allclose(a, n, rtol=RTOL, atol=ATOL):
            worst = np.unravel_index(np.argmax(np.abs(a - n)), a.shape) if a.size else ()
            problems.append(
                f"{label} input {which} (shape {a.shape}): analytic {a.tolist()} vs "
                f"numeric {np.round(n, 6).tolist()}; worst at {worst}"
            )
    return problems


def gradcheck(T: ModuleType, op: DifferentiableOp) -> list[str]:
    objective = _Objective(T, op)
    _, grads = objective.gradients(objective.inputs, create_graph=False)
    analytic = [np.asarray(programs.tensor_to_numpy(g), dtype=np.float64) for g in grads]
    for g in grads:
        if str(g.dtype) != "torch.float64":
            return [f"gradient dtype {g.dtype}, expected torch.float64"]
    numeric = central_differences(objective.loss_value, objective.inputs)
    return _mismatches(f"{op.name} gradcheck", analytic, numeric)


def gradgradcheck(T: ModuleType, op: DifferentiableOp) -> list[str]:
    objective = _Objective(T, op)
    analytic = objective.second_order(objective.inputs)
    numeric = central_differences(objective.grad_dot_value, objective.inputs)
    return _mismatches(f"{op.name} gradgradcheck", analytic, numeric)


OP_IDS = [op.name for op in DIFFERENTIABLE_OPS]


def test_op_names_are_unique() -> None:
    assert len(OP_IDS) == len(set(OP_IDS))


@pytest.mark.parametrize("op", DIFFERENTIABLE_OPS, ids=OP_IDS)
def test_gradcheck(op: DifferentiableOp, engine: ModuleType) -> None:
    problems = gradcheck(engine, op)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("op", DIFFERENTIABLE_OPS, ids=OP_IDS)
def test_gradgradcheck(op: DifferentiableOp, engine: ModuleType) -> None:
    problems = gradgradcheck(engine, op)
    assert not problems, "\n".join(problems)


@pytest.mark.torch
def test_harness_passes_on_real_torch(real_torch: ModuleType) -> None:
    """The checks themselves are sound: real torch passes all of them."""
    problems = []
    for op in DIFFERENTIABLE_OPS:
        problems += gradcheck(real_torch, op) + gradgradcheck(real_torch, op)
    assert not problems, "\n".join(problems)


def test_central_differences_detects_a_wrong_gradient() -> None:
    """A deliberately wrong analytic gradient is reported (the check can fail)."""
    arrays = [np.array([0.3, -1.2, 2.0])]
    numeric = central_differences(lambda xs: float(np.sum(xs[0] ** 3)), arrays)
    assert _mismatches("cube", [3 * arrays[0] ** 2], numeric) == []
    assert _mismatches("cube", [2 * arrays[0] ** 2], numeric) != []


def hygiene_problems(T: ModuleType, op: DifferentiableOp) -> list[str]:
    """MyGrad-style hygiene: backward mutates neither inputs nor the incoming gradient, and
    the gradients of different inputs do not overlap in memory. (Unlike MyGrad, a gradient
    *may* alias the incoming gradient: torch's view backwards return views of it.)"""
    rng = np.random.default_rng(1)
    arrays = programs.sample_inputs(op, rng)
    tensors = [T.tensor(a.copy(), dtype=T.float64, requires_grad=True) for a in arrays]
    outputs = _as_tuple(op.fn(T, *tensors))
    upstream = [T.tensor(rng.uniform(0.5, 1.5, size=tuple(o.shape))) for o in outputs]
    upstream_before = [u.detach().numpy().copy() for u in upstream]
    grads = T.autograd.grad(outputs, tensors, grad_outputs=upstream, allow_unused=True)
    problems = []
    for which, (tensor, array) in enumerate(zip(tensors, arrays, strict=True)):
        if not np.array_equal(tensor.detach().numpy(), array):
            problems.append(f"{op.name}: input {which} was mutated")
    for which, (u, before) in enumerate(zip(upstream, upstream_before, strict=True)):
        if not np.array_equal(u.detach().numpy(), before):
            problems.append(f"{op.name}: incoming gradient {which} was mutated")
    grad_arrays = [programs.tensor_to_numpy(g) for g in grads if g is not None]
    for i, g in enumerate(grad_arrays):
        for j in range(i + 1, len(grad_arrays)):
            if np.shares_memory(g, grad_arrays[j]):
                problems.append(f"{op.name}: gradients {i} and {j} share memory")
    return problems


@pytest.mark.parametrize("op", DIFFERENTIABLE_OPS, ids=OP_IDS)
def test_backward_hygiene(op: DifferentiableOp, engine: ModuleType) -> None:
    problems = hygiene_problems(engine, op)
    assert not problems, "\n".join(problems)


@pytest.mark.torch
def test_hygiene_harness_passes_on_real_torch(real_torch: ModuleType) -> None:
    problems = []
    for op in DIFFERENTIABLE_OPS:
        problems += hygiene_problems(real_torch, op)
    assert not problems, "\n".join(problems)
