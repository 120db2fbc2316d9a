"""torch.autograd: ``backward``, ``grad``, grad-mode switches and the graph node types."""

from __future__ import annotations

from ..torch_names import namespace_hooks as _namespace_hooks
from . import graph
from .api import backward, grad
from .function import Function
from .grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled
from .variable import Variable

__all__ = [
    "Function",
    "backward",
    "enable_grad",
    "grad",
    "graph",
    "inference_mode",
    "no_grad",
    "set_grad_enabled",
    "Variable",
]


__getattr__, __dir__ = _namespace_hooks("torch.autograd", globals())


# names torch's torch.autograd does not have (the imports' helpers; see torch_names.py)
for _name in ("annotations", "api", "engine"):
    del globals()[_name]  # (api and engine were bound by the import system: by name)
del _name
