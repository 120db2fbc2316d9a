"""torch.nn: ``torch.nn.functional`` and ``torch.nn.Parameter`` (no modules)."""

from __future__ import annotations

from ..torch_names import missing_attribute as _missing_attribute
from ..torch_names import torch_dir as _torch_dir
from . import functional
from .parameter import Parameter

__all__ = ["Parameter", "functional"]


def __getattr__(name: str) -> object:
    """torch API outside the subset: the engine's clear error; a name torch lacks too:
    torch's own AttributeError."""
    raise _missing_attribute("torch.nn", name)


def __dir__() -> list[str]:
    return _torch_dir("torch.nn", globals())


# names torch's torch.nn does not have (the imports' helpers; see torch_names.py)
del annotations
