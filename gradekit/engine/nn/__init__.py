"""torch.nn: ``torch.nn.functional``, ``torch.nn.Parameter`` and the modules of
``modules.py`` (Module, the losses, the activations, Sequential, Linear), ``containers.py``
(ModuleList, ModuleDict, ParameterList, ParameterDict) and ``init``."""

from __future__ import annotations

from ..torch_names import namespace_hooks as _namespace_hooks
from . import functional, init
from .containers import ModuleDict, ModuleList, ParameterDict, ParameterList
from .modules import (
    CELU,
    ELU,
    GELU,
    GLU,
    SELU,
    BCELoss,
    BCEWithLogitsLoss,
    CrossEntropyLoss,
    Dropout,
    Embedding,
    Flatten,
    Hardshrink,
    Hardsigmoid,
    Hardswish,
    Hardtanh,
    HuberLoss,
    Identity,
    KLDivLoss,
    L1Loss,
    LayerNorm,
    LeakyReLU,
    Linear,
    LogSoftmax,
    Mish,
    Module,
    MSELoss,
    NLLLoss,
    ReLU,
    ReLU6,
    Sequential,
    Sigmoid,
    SiLU,
    SmoothL1Loss,
    SoftMarginLoss,
    Softmax,
    Softmin,
    Softplus,
    Softshrink,
    Softsign,
    Tanh,
    Tanhshrink,
    Threshold,
)
from .parameter import Parameter

__all__ = [
    "BCELoss",
    "BCEWithLogitsLoss",
    "CELU",
    "CrossEntropyLoss",
    "ELU",
    "Dropout",
    "Embedding",
    "Flatten",
    "GELU",
    "GLU",
    "Hardshrink",
    "Hardsigmoid",
    "Hardswish",
    "Hardtanh",
    "HuberLoss",
    "Identity",
    "KLDivLoss",
    "L1Loss",
    "LayerNorm",
    "LeakyReLU",
    "Linear",
    "LogSoftmax",
    "MSELoss",
    "Mish",
    "Module",
    "ModuleDict",
    "ModuleList",
    "NLLLoss",
    "Parameter",
    "ParameterDict",
    "ParameterList",
    "ReLU",
    "ReLU6",
    "SELU",
    "Sequential",
    "SiLU",
    "Sigmoid",
    "SmoothL1Loss",
    "SoftMarginLoss",
    "Softmax",
    "Softmin",
    "Softplus",
    "Softshrink",
    "Softsign",
    "Tanh",
    "Tanhshrink",
    "Threshold",
    "functional",
    "init",
]


__getattr__, __dir__ = _namespace_hooks("torch.nn", globals())


# names torch's torch.nn does not have (the imports' helpers; see torch_names.py); the
# engine's ``modules`` is not torch's ``torch.nn.modules`` package: that stays unsupported
del annotations
del globals()["modules"]  # (bound by the import system, by name)
del globals()["containers"]
del globals()["dropout"]  # (F.dropout's module)
del globals()["smooth_activations"]  # (F.softplus's and F.logsigmoid's module, bound likewise)
# (nn/activations.py, similarity.py, normalization.py, padding.py, losses.py and sparse.py load on
# first use, and ops/deferred.py leaves them unbound here too)
