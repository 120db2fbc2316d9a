"""torch.nn: ``torch.nn.functional``, ``torch.nn.Parameter``, the modules of
``modules.py`` (Module, the losses, the activations, Sequential, Linear), ``containers.py``
(ModuleList, ModuleDict, ParameterList, ParameterDict), ``conv_modules.py`` (Conv1d/2d and
the pools) and ``init``."""

from __future__ import annotations

from ..torch_names import namespace_hooks as _namespace_hooks
from . import functional, init
from .containers import ModuleDict, ModuleList, ParameterDict, ParameterList
from .conv_modules import (
    AdaptiveAvgPool1d,
    AdaptiveAvgPool2d,
    AdaptiveMaxPool2d,
    AvgPool1d,
    AvgPool2d,
    Conv1d,
    Conv2d,
    MaxPool1d,
    MaxPool2d,
)
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
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d",
    "AdaptiveMaxPool2d",
    "AvgPool1d",
    "AvgPool2d",
    "BCELoss",
    "BCEWithLogitsLoss",
    "CELU",
    "Conv1d",
    "Conv2d",
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
    "MaxPool1d",
    "MaxPool2d",
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
del globals()["conv_modules"]  # (the convolution and pooling modules' classes)
del globals()["containers"]
del globals()["dropout"]  # (F.dropout's module)
del globals()["smooth_activations"]  # (F.softplus's and F.logsigmoid's module, bound likewise)
# (nn/activations.py, similarity.py, normalization.py, padding.py, losses.py and sparse.py load on
# first use, and ops/deferred.py leaves them unbound here too)
