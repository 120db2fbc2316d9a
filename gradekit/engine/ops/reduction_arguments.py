"""What the newer reduction and scan modules (variance, scans, logsumexp, order_statistics,
quantile; ``parsed`` also bucketing, counting and shapes) share: a marker for an argument
left out, torch's parser wrapping, the int and bool checks of torch's parser, numpy's
``axis`` alias and the C-contiguous results torch allocates."""

from __future__ import annotations

import builtins
import operator
from typing import Any

import numpy as np

from . import arguments, overloads

#: An argument the caller left out (where None is a value torch's parser reads).
UNSET: Any = type("_Unset", (), {"__repr__": lambda self: "<unset>"})()


def parsed(function: Any, name: str, *, method: bool = False) -> Any:
    """``function`` as torch.``name`` (or the Tensor method): a call torch's parser rejects
    raises torch's TypeError for the listed overloads (``overloads.FUNCTIONS``)."""
    listing = overloads.method_listing(name) if method else overloads.FUNCTIONS[name]
    wrapped = arguments.parsed_like_torch(function, name, listing, method=method)
    wrapped.__name__ = wrapped.__qualname__ = name
    return wrapped


def parsed_as(function: Any, name: str, *, method: bool = False) -> Any:
    """:func:`parsed` of ``function`` renamed ``name`` (Python's own binding errors then
    name torch's function)."""
    function.__name__ = function.__qualname__ = name
    return parsed(function, name, method=method)


def int_argument(value: Any) -> int:
    """An ``int`` parameter as torch's parser reads it (``arguments.is_index``: a bool or a
    float is refused, a TypeError the parser words; an integer tensor of one element is its
    value)."""
    if not arguments.is_index(value):
        raise TypeError("int")
    return operator.index(value)


def bool_argument(value: Any) -> bool:
    """A ``bool`` parameter: torch's parser takes a Python bool only."""
    if type(value) is not builtins.bool:
        raise TypeError("bool")
    return value


def dim_alias(dim: Any, axis: Any, left_out: Any = UNSET) -> Any:
    """torch's parser takes numpy's ``axis`` for ``dim`` (not both)."""
    if axis is UNSET:
        return dim
    if dim is not left_out and dim is not UNSET:
        raise TypeError("axis")
    return axis


def c_contiguous(array: Any) -> np.ndarray:
    """A result laid out as torch allocates it, C-contiguous (a 0-d array stays 0-d, which
    ``np.ascontiguousarray`` would make 1-d)."""
    array = np.asarray(array)
    return array if array.flags.c_contiguous else np.ascontiguousarray(array)
