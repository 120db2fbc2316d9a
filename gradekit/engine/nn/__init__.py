"""torch.nn: only ``torch.nn.functional`` is supported."""

from __future__ import annotations

from .. import errors
from . import functional

__all__ = ["functional"]


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    raise errors.unsupported(f"torch.nn.{name}")
