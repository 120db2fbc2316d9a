"""Corners of torch's behaviour found by issue 2's audit (items 6 to 10): allclose's dtype
check, the losses' legacy arguments and mse_loss's weight, leaky_relu in place, a loss weight
of another dtype, the sign of a zero remainder, detach_ of a view, a hook's return type.

Each case is an expression over ``m`` (the module: torch or the engine) whose outcome
(value, dtype, grad_fn name, warnings, or exception type and message) is compared with
torch under ``-m torch``; the cases' expected outcomes are also spelled out, for runs
without torch.
"""

from __future__ import annotations

import warnings
from types import ModuleType
from typing import Any

import pytest

import gradekit.engine as engine

LEGACY = "size_average and reduce args will be deprecated, please use reduction='{}' instead."

SETUP = """
F = m.nn.functional
a = m.tensor([[0.2, 0.7], [0.9, 0.4]])
b = m.tensor([[0.0, 1.0], [1.0, 0.0]])
w = m.tensor([[1.0, 2.0], [0.5, 3.0]])
logits = m.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
labels = m.tensor([1, 2])
leaf = m.tensor([-1.0, 2.0, -3.0], requires_grad=True)


def leaky_in_place(x):
    return F.leaky_relu(x, 0.2, inplace=True)


def grad_through_leaky_in_place():
    x = m.tensor([-1.0, 2.0, -3.0], requires_grad=True)
    (leaky_in_place(x * 1) * 2).sum().backward()
    return x.grad


def backward_with_hook(hook):
    z = leaf * 2
    z.register_hook(hook)
    z.sum().backward()
"""
DETACH_VIEW = (
    "Can't detach views in-place. Use detach() instead. If you are using "
    "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, "
    "gradients are views of DDP buckets, and hence detach_() cannot be called on these "
    "gradients. To fix this error, please refer to the Optimizer.zero_grad() function in "
    "torch/optim/optimizer.py as the solution."
)

# (expression, expected outcome): a value as a nested list, ("raises", type, message), or
# ("warns", value, [warning messages])
CASES: list[tuple[str, Any]] = [
    # 6: allclose / isclose do not promote
    (
        "m.allclose(m.tensor([1.0, 2.0]), m.tensor([1, 2]))",
        ("raises", "RuntimeError", "Float did not match Long"),
    ),
    (
        "m.isclose(m.tensor([1.0, 2.0]), m.tensor([1, 2]))",
        ("raises", "RuntimeError", "Float did not match Long"),
    ),
    (
        "m.tensor([1, 2]).allclose(m.tensor([1.0, 2.0]))",
        ("raises", "RuntimeError", "Long did not match Float"),
    ),
    (
        "m.allclose(m.tensor([1.0]), m.tensor([1.0], dtype=m.float64))",
        ("raises", "RuntimeError", "Float did not match Double"),
    ),
    ("m.allclose(m.tensor([1, 2]), m.tensor([1, 2]))", True),
    # 7: legacy loss arguments
    (
        "F.mse_loss(a, b, size_average=False)",
        ("warns", 0.30000001192092896, [LEGACY.format("sum")]),
    ),
    (
        "F.mse_loss(a, b, reduce=False)",
        (
            "warns",
            [
                [0.04000000283122063, 0.09000000357627869],
                [0.010000004433095455, 0.1600000113248825],
            ],
            [LEGACY.format("none")],
        ),
    ),
    (
        "F.mse_loss(a, b, size_average=True, reduction='sum')",
        ("warns", 0.07500000298023224, [LEGACY.format("mean")]),
    ),
    ("F.mse_loss(a, b, weight=w)", 0.10846154391765594),
    ("F.mse_loss(a, b, weight=w, reduction='sum')", 0.7050000429153442),
    (
        "F.mse_loss(a, b, weight=m.tensor([1.0, 2.0]))",
        ("raises", "ValueError", "Weights and input must have the same size."),
    ),
    (
        "F.cross_entropy(logits, labels, size_average=False)",
        ("warns", 0.5739702582359314, [LEGACY.format("sum")]),
    ),
    (
        "F.cross_entropy(logits, labels, reduce=False)",
        ("warns", [0.4643687903881073, 0.1096014678478241], [LEGACY.format("none")]),
    ),
    ("F.nll_loss(logits, labels, size_average=False)", ("warns", -5.0, [LEGACY.format("sum")])),
    ("F.nll_loss(logits, labels, reduce=False)", ("warns", [-2.0, -3.0], [LEGACY.format("none")])),
    (
        "F.binary_cross_entropy_with_logits(a, b, size_average=False)",
        ("warns", 2.455493927001953, [LEGACY.format("sum")]),
    ),
    (
        "F.binary_cross_entropy(a, b, reduce=False, size_average=False).shape",
        ("warns", [2, 2], [LEGACY.format("none")]),
    ),
    # 8: leaky_relu in place
    (
        "(lambda x: (leaky_in_place(x) is x, x.tolist()))(m.tensor([-1.0, 2.0]))",
        [True, [-0.20000000298023224, 2.0]],
    ),
    ("type(leaky_in_place(leaf * 1).grad_fn).__name__", "LeakyReluBackward1"),
    ("grad_through_leaky_in_place()", [0.4000000059604645, 2.0, 0.4000000059604645]),
    (
        "leaky_in_place(leaf)",
        (
            "raises",
            "RuntimeError",
            "a leaf Variable that requires grad is being used in an in-place operation.",
        ),
    ),
    # 9: a weight of another dtype
    (
        "F.cross_entropy(logits.double(), labels, weight=m.ones(3))",
        ("raises", "RuntimeError", "expected scalar type Double but found Float"),
    ),
    (
        "F.nll_loss(logits, labels, weight=m.ones(3, dtype=m.float64))",
        ("raises", "RuntimeError", "expected scalar type Float but found Double"),
    ),
    # 10: the sign of a zero remainder, detach_ of a view, a hook returning a number
    ("repr(m.tensor([3.0, 0.0]) % -1)", "tensor([0., 0.])"),
    ("repr(m.remainder(m.tensor([-0.0, -3.0, 3.0]), 3))", "tensor([-0., -0., 0.])"),
    ("repr(m.tensor([-1.5, 1.5]) % m.tensor([1.0, -1.0]))", "tensor([ 0.5000, -0.5000])"),
    ("(a * 1)[0].detach_()", ("raises", "RuntimeError", DETACH_VIEW)),
    ("a.t().detach_()", ("raises", "RuntimeError", DETACH_VIEW)),
    ("(a * 1).detach_().requires_grad", False),
    (
        "backward_with_hook(lambda g: 3)",
        ("raises", "TypeError", "expected Variable, but hook returned 'int'"),
    ),
    (
        "backward_with_hook(lambda g: [1.0])",
        ("raises", "TypeError", "expected Variable, but hook returned 'list'"),
    ),
]


def outcome(module: ModuleType, expression: str) -> Any:
    namespace: dict[str, Any] = {"m": module}
    exec(SETUP, namespace)  # noqa: S102 - fixed test text
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = eval(expression, namespace)  # noqa: S307 - fixed test text
        except Exception as error:  # noqa: BLE001 - the outcome under test
            return ("raises", type(error).__name__, str(error))
    if hasattr(value, "tolist"):
        value = value.tolist()
    elif isinstance(value, tuple):  # torch.Size
        value = list(value)
    messages = [str(w.message) for w in caught if w.category is UserWarning]
    return ("warns", value, messages) if messages else value


@pytest.mark.parametrize(("expression", "expected"), CASES)
def test_outcomes(expression: str, expected: Any) -> None:
    assert outcome(engine, expression) == expected


@pytest.mark.torch
@pytest.mark.parametrize("expression", [expression for expression, _ in CASES])
def test_outcomes_match_torch(real_torch: ModuleType, expression: str) -> None:
    assert outcome(engine, expression) == outcome(real_torch, expression)
