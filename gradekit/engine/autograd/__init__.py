"""torch.autograd: ``backward``, ``grad``, grad-mode switches and the graph node types."""

from __future__ import annotations

from .. import errors
from . import graph
from .api import backward, grad
from .function import Function, FunctionCtx, once_differentiable
from .grad_mode import enable_grad, inference_mode, is_grad_enabled, no_grad, set_grad_enabled

__all__ = [
    "Function",
    "FunctionCtx",
    "backward",
    "enable_grad",
    "grad",
    "graph",
    "inference_mode",
    "is_grad_enabled",
    "no_grad",
    "once_differentiable",
    "set_grad_enabled",
]


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    raise errors.unsupported(f"torch.autograd.{name}")
