"""torch.nn.Parameter: a leaf Tensor that requires grad and prints "Parameter containing:"."""

from __future__ import annotations

from typing import Any

from .. import errors as _errors
from ..dtypes import FLOATING as _FLOATING
from ..tensor import Tensor


class Parameter(Tensor):
    """Shares memory and the version counter with ``data``; ops on it give plain Tensors."""

    __slots__ = ()

    def __new__(cls, data: Tensor | None = None, requires_grad: bool = True) -> Parameter:
        if data is None:
            from ..ops.creation import empty

            data = empty(0)
        if requires_grad and data.dtype.category != _FLOATING:
            raise _errors.error("factory_requires_grad_dtype")
        parameter = object.__new__(cls)
        source = data.detach()
        for slot in Tensor.__slots__:
            if slot not in ("__weakref__", "__dict__"):
                setattr(parameter, slot, getattr(source, slot))
        parameter.__dict__.update(source.__dict__)
        parameter._requires_grad = bool(requires_grad)
        return parameter

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__

    def __deepcopy__(self, memo: dict) -> Parameter:
        copy = Parameter(Tensor.__deepcopy__(self, memo), self._requires_grad)
        memo[id(self)] = copy
        return copy

    def __reduce_ex__(self, protocol: int) -> Any:
        return (Parameter, (Tensor._make(self._data.copy(), self.dtype), self._requires_grad))


Parameter.__module__ = "torch.nn.parameter"
