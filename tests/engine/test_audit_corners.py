"""Corners of torch's behaviour found by issue 2's audit (items 6 to 10).

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
"""

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
