"""torch.nn: ``torch.nn.functional`` and ``torch.nn.Parameter`` (no modules)."""

from __future__ import annotations

from ..torch_names import namespace_hooks as _namespace_hooks
from . import functional
from .parameter import Parameter

__all__ = ["Parameter", "functional"]


__getattr__, __dir__ = _namespace_hooks("torch.nn", globals())


# names torch's torch.nn does not have (the imports' helpers; see torch_names.py)
del annotations
