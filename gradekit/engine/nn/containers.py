"""torch.nn's containers besides Sequential: ``ModuleList``, ``ModuleDict``,
``ParameterList`` and ``ParameterDict``, as torch 2.13's ``torch/nn/modules/container.py``
writes them (registration through the Module base, so ``parameters()``, ``state_dict()``
and ``to()`` see what they hold; indexing, iteration, the list and dict methods, the
reprs with ModuleList's ``(0-2): 3 x Linear(...)`` runs, and torch's errors)."""

from __future__ import annotations

import operator
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from itertools import chain
from typing import Any

from .. import errors
from ..tensor import Tensor
from .modules import Module, _add_indent
from .parameter import Parameter


def _absolute_index(container: Module, index: Any) -> str:
    """torch's ``_get_abs_string_index``: an int in range, as the registry's key."""
    index = operator.index(index)
    if not -len(container) <= index < len(container):
        raise errors.error("sequential_index", index=index)
    return str(index + len(container) if index < 0 else index)


def _check_iterable(values: Any, what: str) -> None:
    if not isinstance(values, Iterable) or isinstance(values, Tensor):
        raise errors.error("container_iterable", what=what, got=type(values).__name__)


def _pairs(values: Any, what: str) -> Iterator[tuple[Any, Any]]:
    """The ``(key, value)`` pairs of an ``update`` given a sequence of pairs."""
    for index, pair in enumerate(values):
        if not isinstance(pair, Iterable):
            raise errors.error("container_element", what=what, index=index, got=type(pair).__name__)
        if len(pair) != 2:
            raise errors.error("container_element_length", what=what, index=index, length=len(pair))
        yield pair[0], pair[1]


class ModuleList(Module):
    """Holds modules in a list, registered as ``"0"``, ``"1"``, …; no ``forward``."""

    def __init__(self, modules: Iterable[Module] | None = None) -> None:
        super().__init__()
        if modules is not None:
            self += modules

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return type(self)(list(self._modules.values())[index])
        return self._modules[_absolute_index(self, index)]

    def __setitem__(self, index: int, module: Module) -> None:
        setattr(self, _absolute_index(self, index), module)

    def __delitem__(self, index: int | slice) -> None:
        if isinstance(index, slice):
            for key in range(len(self._modules))[index]:
                delattr(self, str(key))
        else:
            delattr(self, _absolute_index(self, index))
        # renumbered, as torch's: the modules after the deleted ones move up
        self._modules = OrderedDict(
            (str(key), module) for key, module in enumerate(self._modules.values())
        )

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def __iadd__(self, modules: Iterable[Module]) -> ModuleList:
        return self.extend(modules)

    def __add__(self, other: Iterable[Module]) -> ModuleList:
        combined = ModuleList()
        for index, module in enumerate(chain(self, other)):
            combined.add_module(str(index), module)
        return combined

    def __dir__(self) -> list[str]:
        return [key for key in super().__dir__() if not key.isdigit()]

    def __repr__(self) -> str:
        """torch's: runs of equal reprs are shown once, as ``(0-2): 3 x Linear(...)``."""
        reprs = [repr(module) for module in self]
        if not reprs:
            return self._get_name() + "()"
        runs: list[list[Any]] = []  # [first index, last index, repr]
        for index, text in enumerate(reprs):
            if runs and runs[-1][2] == text:
                runs[-1][1] = index
            else:
                runs.append([index, index, text])
        lines = []
        for first, last, text in runs:
            if first == last:
                line = f"({first}): {text}"
            else:
                line = f"({first}-{last}): {last - first + 1} x {text}"
            lines.append(_add_indent(line, 2))
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"

    def insert(self, index: int, module: Module) -> None:
        for key in range(len(self._modules), index, -1):
            self._modules[str(key)] = self._modules[str(key - 1)]
        self._modules[str(index)] = module

    def append(self, module: Module) -> ModuleList:
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key: int | slice) -> Module:
        value = self[key]
        del self[key]
        return value

    def extend(self, modules: Iterable[Module]) -> ModuleList:
        if not isinstance(modules, Iterable):
            raise errors.error(
                "container_iterable", what="ModuleList.extend", got=type(modules).__name__
            )
        offset = len(self)
        for index, module in enumerate(modules):
            self.add_module(str(offset + index), module)
        return self


class ModuleDict(Module):
    """Holds modules by name, in insertion order; no ``forward``."""

    def __init__(self, modules: Mapping[str, Module] | None = None) -> None:
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key: str) -> Module:
        return self._modules[key]

    def __setitem__(self, key: str, module: Module) -> None:
        self.add_module(key, module)

    def __delitem__(self, key: str) -> None:
        del self._modules[key]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __contains__(self, key: str) -> bool:
        return key in self._modules

    def clear(self) -> None:
        self._modules.clear()

    def pop(self, key: str) -> Module:
        value = self[key]
        del self[key]
        return value

    def keys(self) -> Any:
        return self._modules.keys()

    def items(self) -> Any:
        return self._modules.items()

    def values(self) -> Any:
        return self._modules.values()

    def update(self, modules: Any) -> None:
        if not isinstance(modules, Iterable):
            raise errors.error(
                "container_pairs", what="ModuleDict.update", got=type(modules).__name__
            )
        if isinstance(modules, (Mapping, ModuleDict)):
            pairs: Iterable[tuple[Any, Any]] = modules.items()
        else:
            pairs = _pairs(modules, "ModuleDict")
        for key, module in pairs:
            self[key] = module


class ParameterList(Module):
    """Holds parameters in a list (a tensor given is made a Parameter); no ``forward``."""

    def __init__(self, values: Iterable[Any] | None = None) -> None:
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            out = type(self)()
            for position in range(*index.indices(len(self))):
                out.append(self[position])
            return out
        return getattr(self, _absolute_index(self, index))

    def __setitem__(self, index: int, param: Any) -> None:
        key = _absolute_index(self, index)
        if isinstance(param, Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        setattr(self, key, param)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Any]:
        return iter(self[index] for index in range(len(self)))

    def __iadd__(self, parameters: Iterable[Any]) -> ParameterList:
        return self.extend(parameters)

    def __dir__(self) -> list[str]:
        return [key for key in super().__dir__() if not key.isdigit()]

    def append(self, value: Any) -> ParameterList:
        index = len(self)
        self._size += 1
        self[index] = value
        return self

    def extend(self, values: Iterable[Any]) -> ParameterList:
        _check_iterable(values, "ParameterList.extend")
        for value in values:
            self.append(value)
        return self

    def extra_repr(self) -> str:
        return "\n".join(_entry_line(str(key), value, False) for key, value in enumerate(self))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise errors.error("container_called", name="ParameterList")


class ParameterDict(Module):
    """Holds parameters by name (a tensor given is made a Parameter); no ``forward``."""

    def __init__(self, parameters: Any = None) -> None:
        super().__init__()
        self._keys: dict[str, None] = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key: Any) -> str:
        if not isinstance(key, str):
            raise errors.error("parameter_dict_key", got=type(key).__name__)
        return key

    def __getitem__(self, key: str) -> Any:
        return getattr(self, self._key_to_attr(key))

    def __setitem__(self, key: str, value: Any) -> None:
        self._keys[key] = None
        attr = self._key_to_attr(key)
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, attr, value)

    def __delitem__(self, key: str) -> None:
        del self._keys[key]
        delattr(self, self._key_to_attr(key))

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __reversed__(self) -> Iterator[str]:
        return reversed(self._keys)

    def __contains__(self, key: str) -> bool:
        return key in self._keys

    def copy(self) -> ParameterDict:
        return ParameterDict(OrderedDict((key, self[key]) for key in self._keys))

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self) -> None:
        for key in self._keys.copy():
            del self[key]

    def pop(self, key: str) -> Any:
        value = self[key]
        del self[key]
        return value

    def popitem(self) -> tuple[str, Any]:
        key, _ = self._keys.popitem()
        self._keys[key] = None  # (back, so that the deletion below finds it)
        value = self[key]
        del self[key]
        return key, value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def fromkeys(self, keys: Iterable[str], default: Any = None) -> ParameterDict:
        return ParameterDict((key, default) for key in keys)

    def keys(self) -> Any:
        return self._keys.keys()

    def items(self) -> Iterator[tuple[str, Any]]:
        return ((key, self[key]) for key in self._keys)

    def values(self) -> Iterator[Any]:
        return (self[key] for key in self._keys)

    def update(self, parameters: Any) -> None:
        """An OrderedDict or ParameterDict in its order, another mapping in sorted key order
        (torch's), or a sequence of pairs."""
        if not isinstance(parameters, Iterable):
            raise errors.error(
                "container_pairs", what="ParametersDict.update", got=type(parameters).__name__
            )
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            pairs: Iterable[tuple[Any, Any]] = parameters.items()
        elif isinstance(parameters, Mapping):
            pairs = sorted(parameters.items())
        else:
            pairs = _pairs(parameters, "ParameterDict")
        for key, parameter in pairs:
            self[key] = parameter

    def extra_repr(self) -> str:
        return "\n".join(_entry_line(key, value, True) for key, value in self.items())

    def __call__(self, input: Any) -> Any:
        raise errors.error("container_called", name="ParameterDict")

    def __or__(self, other: ParameterDict) -> ParameterDict:
        copy = self.copy()
        copy.update(other)
        return copy

    def __ror__(self, other: ParameterDict) -> ParameterDict:
        copy = other.copy()
        copy.update(self)
        return copy

    def __ior__(self, other: ParameterDict) -> ParameterDict:
        self.update(other)
        return self


def _entry_line(key: str, value: Any, legacy_type: bool) -> str:
    """One line of ParameterList's and ParameterDict's extra repr: the dtype (the Dict's
    the legacy type name, ``torch.FloatTensor``) and the sizes joined by ``x``."""
    if not isinstance(value, Tensor):
        return f"  ({key}): Object of type: {type(value).__name__}"
    kind = "Parameter" if isinstance(value, Parameter) else "Tensor"
    type_name = value.dtype.legacy_name if legacy_type else str(value.dtype)
    sizes = "x".join(str(size) for size in value.shape)
    return f"  ({key}): {kind} containing: [{type_name} of size {sizes}]"


for _cls in (ModuleList, ModuleDict, ParameterList, ParameterDict):
    _cls.__module__ = "torch.nn.modules.container"
del _cls
