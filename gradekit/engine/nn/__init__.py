"""torch.nn: ``torch.nn.functional`` and ``torch.nn.Parameter`` (no modules)."""

from __future__ import annotations

from .. import errors
from . import functional
from .parameter import Parameter

__all__ = ["Parameter", "functional"]


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    raise errors.unsupported(f"torch.nn.{name}")
