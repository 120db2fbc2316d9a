"""``torch.autograd.Variable``: merged into Tensor since torch 0.4, still accepted by torch
2.13 for old tutorials' ``Variable(x, requires_grad=True)``."""

from __future__ import annotations

import operator
from typing import Any

from .. import errors
from ..dtypes import FLOATING
from ..tensor import Tensor


class _VariableMeta(type):
    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, Tensor)  # every tensor is a Variable, as in torch


class Variable(metaclass=_VariableMeta):
    """``Variable(data, requires_grad=False, volatile=False)`` is ``data.detach()`` (a new leaf
    sharing data's memory) that requires grad when asked; ``Variable()`` an empty tensor."""

    def __new__(  # type: ignore[misc]
        cls, data: Any = None, requires_grad: Any = False, volatile: Any = False, **unknown: Any
    ) -> Tensor:
        if unknown:  # torch's legacy constructor words it so
            raise TypeError(
                f"'{next(iter(unknown))}' is an invalid keyword argument for this function"
            )
        if volatile:
            errors.warn("variable_volatile", stacklevel=3)  # (the caller's line)
        if data is None:
            from ..ops.creation import empty

            return empty(0)
        if not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        result = data.detach()
        if operator.index(requires_grad):  # (torch reads it as an int: True, 1; 'a' raises)
            if result.dtype.category != FLOATING:
                raise errors.error("factory_requires_grad_dtype")
            result.requires_grad_(True)
        return result


Variable.__module__ = "torch.autograd.variable"  # prints as torch's class
