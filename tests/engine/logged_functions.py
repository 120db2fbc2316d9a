"""A custom autograd Function that logs when its backward runs (for tests of the backward order)."""

from __future__ import annotations

from typing import Any

import gradekit.engine as engine


def logged_function(order: list[str], label: str) -> type:
    """An identity Function whose backward appends ``label`` to ``order``."""

    class Logged(engine.autograd.Function):
        @staticmethod
        def forward(ctx: Any, value: Any) -> Any:
            return value * 1

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            order.append(label)
            return grad

    return Logged
