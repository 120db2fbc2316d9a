"""torch.nn: ``torch.nn.functional``, ``torch.nn.Parameter`` and the modules of
``modules.py`` (Module, the losses, the activations, Sequential, Linear) and ``init``."""

from __future__ import annotations

from ..torch_names import namespace_hooks as _namespace_hooks
from . import functional, init
from .modules import (
    BCELoss,
    BCEWithLogitsLoss,
    CrossEntropyLoss,
    Dropout,
    Flatten,
    Identity,
    L1Loss,
    LeakyReLU,
    Linear,
    LogSoftmax,
    Module,
    MSELoss,
    NLLLoss,
    ReLU,
    Sequential,
    Sigmoid,
    Softmax,
    Tanh,
)
from .parameter import Parameter

__all__ = [
    "BCELoss",
    "BCEWithLogitsLoss",
    "CrossEntropyLoss",
    "Dropout",
    "Flatten",
    "Identity",
    "L1Loss",
    "LeakyReLU",
    "Linear",
    "LogSoftmax",
    "MSELoss",
    "Module",
    "NLLLoss",
    "Parameter",
    "ReLU",
    "Sequential",
    "Sigmoid",
    "Softmax",
    "Tanh",
    "functional",
    "init",
]


__getattr__, __dir__ = _namespace_hooks("torch.nn", globals())


# names torch's torch.nn does not have (the imports' helpers; see torch_names.py); the
# engine's ``modules`` is not torch's ``torch.nn.modules`` package: that stays unsupported
del annotations
del globals()["modules"]  # (bound by the import system, by name)
del globals()["dropout"]  # (F.dropout's module)
del globals()["smooth_activations"]  # (F.softplus's and F.logsigmoid's module, bound likewise)
