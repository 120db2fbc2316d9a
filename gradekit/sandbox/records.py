"""``@frozen_record``: ``@dataclass(frozen=True)`` for the sandbox's plain-data types, without
its code generation.

``dataclass`` writes the source of ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` for every class and compiles it with ``exec``: about 1.3 ms
per frozen class on the development machine, 13 ms of importing :mod:`gradekit.sandbox.protocol`
alone. A warm zygote imports these modules before a `gradekit check` can run anything, so that
is on every check's critical path. ``frozen_record`` keeps ``dataclass``'s field handling
(``dataclasses.fields``, ``replace`` and ``asdict`` work as before) and gives the class the same
behaviour through methods written once, here:

* ``__init__`` takes the fields by position or name, with their defaults and default factories
  (a class may define its own ``__init__`` instead, setting its fields with
  ``object.__setattr__``);
* instances are frozen: assigning or deleting an attribute raises
  ``dataclasses.FrozenInstanceError``;
* ``==`` compares the fields with ``compare=True``, in order, between instances of the very same
  class, and ``hash`` hashes them (unless the class sets ``__hash__`` itself);
* ``repr`` is ``Name(field=value, ...)``, as a dataclass prints.

Numpy-free and standard library only: the zygote and the layers import it.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from typing import Any, TypeVar

Record = TypeVar("Record", bound=type)
_MISSING = dataclasses.MISSING


def frozen_record(cls: Record) -> Record:
    """Make ``cls`` a frozen dataclass-like record (see the module docstring)."""
    own_init = "__init__" in cls.__dict__
    own_eq = "__eq__" in cls.__dict__
    own_hash = "__hash__" in cls.__dict__
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)  # fields only: no exec
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields)
    positions = {name: index for index, name in enumerate(names)}
    compared = tuple(f.name for f in fields if f.compare)
    shown = tuple(f.name for f in fields if f.repr)
    defaults = [(f.default, f.default_factory) for f in fields]
    # The compared fields' values as a tuple (itemgetter of one name returns the bare value).
    compared_values = (
        operator.itemgetter(*compared)
        if len(compared) > 1
        else (lambda values: tuple(values[name] for name in compared))
    )

    def bind(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
        """Every field's value, in order: ``args``, then ``kwargs``, then the defaults."""
        if len(args) > len(names):
            raise TypeError(
                f"{cls.__name__}() takes {len(names)} positional arguments, got {len(args)}"
            )
        values = [*args, *[_MISSING] * (len(names) - len(args))]
        for name, value in kwargs.items():
            index = positions.get(name)
            if index is None:
                raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
            if index < len(args):
                raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
            values[index] = value
        for index in range(len(args), len(names)):
            if values[index] is _MISSING:
                default, factory = defaults[index]
                if default is _MISSING and factory is _MISSING:
                    raise TypeError(f"{cls.__name__}() missing required argument: {names[index]!r}")
                values[index] = factory() if factory is not _MISSING else default
        return values

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if kwargs or len(args) != len(names):
            args = bind(args, kwargs)
        object.__setattr__(self, "__dict__", dict(zip(names, args, strict=True)))

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        # Tuples, as a dataclass compares: an element is equal to itself (a NaN, an array).
        return compared_values(self.__dict__) == compared_values(other.__dict__)

    def __hash__(self: Any) -> int:
        return hash(compared_values(self.__dict__))

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        shown_fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{cls.__qualname__}({shown_fields})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    methods = {"__repr__": __repr__, "__setattr__": __setattr__, "__delattr__": __delattr__}
    if not own_init:
        methods["__init__"] = __init__
    if not own_eq:
        methods["__eq__"] = __eq__
        if not own_hash:
            methods["__hash__"] = __hash__
    for name, method in methods.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls
