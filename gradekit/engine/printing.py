"""Torch-identical tensor printing for the reference engine.

This is a numpy re-implementation of ``torch/_tensor_str.py`` (torch 2.13, CPU, strided, real
dtypes only). ``format_tensor`` returns exactly what ``repr(t)`` / ``str(t)`` returns for a torch
tensor holding the same values, dtype and autograd state, under the same print options.

The algorithm, in the order torch applies it:

1. A single value formatter is built from the data (the *summarized* data when the tensor has more
   than ``threshold`` elements). Integer and bool values are right-aligned to the widest ``str(v)``.
   Floating values look only at the finite non-zero values and choose between three modes:
   ``int_mode`` (all of them are integers: ``"3."``), ``sci_mode`` (``"1.0000e-05"``) or fixed
   (``"0.3333"``), and a common width.
2. The values are laid out: 0-d is one value, 1-d is a bracketed row wrapped to ``linewidth``,
   n-d nests rows with blank lines between higher-dimensional blocks. Summarized dimensions show
   ``edgeitems`` entries at each end around ``...``.
3. Suffixes (``size=``, ``dtype=``, ``grad_fn=`` / ``requires_grad=``) are appended after the data,
   each moving to its own line when it would overflow ``linewidth``.

This module depends on numpy only; the engine's ``Tensor`` calls into it from ``__repr__``,
``__str__`` and ``__format__``.
"""

from __future__ import annotations

import contextlib
import math
import numbers
from collections.abc import Iterator
from typing import Any

import numpy as np

__all__ = [
    "format_item",
    "format_tensor",
    "get_printoptions",
    "printoptions",
    "set_printoptions",
]

# torch's short dtype names and the numpy dtype holding the same values.
_NUMPY_DTYPES: dict[str, np.dtype] = {
    name: np.dtype(name)
    for name in (
        "float16",
        "float32",
        "float64",
        "uint8",
        "int8",
        "int16",
        "int32",
        "int64",
        "bool",
    )
}

# Besides the default float dtype, torch leaves these out of a non-empty tensor's repr (an empty
# tensor has no values to hint at its dtype, so there only the default float dtype is implied).
_ALWAYS_IMPLIED_DTYPES = frozenset({"int64", "bool"})
_FLOATING_DTYPES = frozenset({"float16", "float32", "float64"})

_PREFIX = "tensor("


class _PrintOptions:
    """The current print options (a plain class: a dataclass costs ~1 ms of import time)."""

    __slots__ = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")

    def __init__(self) -> None:
        self.precision: int = 4
        self.threshold: float = 1000
        self.edgeitems: int = 3
        self.linewidth: int = 80
        self.sci_mode: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


_OPTIONS = _PrintOptions()

_PROFILES: dict[str, dict[str, Any]] = {
    "default": {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80},
    "short": {"precision": 2, "threshold": 1000, "edgeitems": 2, "linewidth": 80},
    "full": {"precision": 4, "threshold": math.inf, "edgeitems": 3, "linewidth": 80},
}


def set_printoptions(
    precision: int | None = None,
    threshold: float | None = None,
    edgeitems: int | None = None,
    linewidth: int | None = None,
    profile: str | None = None,
    sci_mode: bool | None = None,
) -> None:
    """Set global print options, exactly like ``torch.set_printoptions``.

    ``profile`` ("default", "short" or "full") is applied first, then any explicit option.
    As in torch, ``sci_mode`` is always assigned: calling this without ``sci_mode`` resets it to
    ``None`` (automatic choice). torch silently ignores an unknown profile name; so do we.
    Values of the wrong type are rejected here, before any option changes (torch would accept them
    and fail later, while printing).
    """
    _check_option("precision", precision, numbers.Integral, "an int", minimum=0)
    _check_option("threshold", threshold, numbers.Real, "a number")
    _check_option("edgeitems", edgeitems, numbers.Integral, "an int", minimum=0)
    _check_option("linewidth", linewidth, numbers.Integral, "an int")
    _check_option("profile", profile, str, '"default", "short" or "full"')
    _check_option("sci_mode", sci_mode, bool, "True, False")
    if profile is not None and profile in _PROFILES:
        for name, value in _PROFILES[profile].items():
            setattr(_OPTIONS, name, value)
    if precision is not None:
        _OPTIONS.precision = int(precision)
    if threshold is not None:
        _OPTIONS.threshold = threshold
    if edgeitems is not None:
        _OPTIONS.edgeitems = int(edgeitems)
    if linewidth is not None:
        _OPTIONS.linewidth = int(linewidth)
    _OPTIONS.sci_mode = sci_mode


def _check_option(
    name: str, value: object, expected: type, description: str, minimum: int | None = None
) -> None:
    if value is None:
        return
    # bool is an int in Python, but precision=True is certainly a mistake.
    is_bool_for_number = isinstance(value, bool) and expected is not bool
    if is_bool_for_number or not isinstance(value, expected):
        raise TypeError(
            f"set_printoptions: {name} must be {description} or None, "
            f"got {value!r} ({type(value).__name__})"
        )
    if minimum is not None and value < minimum:  # type: ignore[operator]
        raise ValueError(f"set_printoptions: {name} must be >= {minimum}, got {value!r}")


def get_printoptions() -> dict[str, Any]:
    """Current print options, as keyword arguments accepted by ``set_printoptions``."""
    return _OPTIONS.as_dict()


@contextlib.contextmanager
def printoptions(**kwargs: Any) -> Iterator[None]:
    """Temporarily change print options (same arguments as ``set_printoptions``)."""
    saved = get_printoptions()
    set_printoptions(**kwargs)
    try:
        yield
    finally:
        set_printoptions(**saved)


def format_item(value: float | int | bool | np.generic | np.ndarray, format_spec: str) -> str:
    """``format(t, format_spec)`` for a tensor ``t`` whose ``item()`` is ``value``.

    torch formats a 0-d tensor by formatting the Python number ``t.item()``, so
    ``f"{torch.tensor(4.5):.2f}" == "4.50"`` and ``format(torch.tensor(0.1), "")`` shows the
    float32 value in full (``"0.10000000149011612"``). numpy scalars and 0-d arrays are converted
    to the Python number first for the same reason.

    For a tensor with dimensions torch falls back to ``object.__format__``, which raises
    ``TypeError`` for any non-empty spec; passing such an array here raises the same error. (With an
    empty spec torch returns ``str(t)``; the Tensor class should return its own ``str()`` there,
    since only it knows the autograd suffixes.)
    """
    if isinstance(value, np.ndarray) and value.ndim > 0:
        if format_spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return format_tensor(value, dtype_name=value.dtype.name)
    if isinstance(value, (np.generic, np.ndarray)):
        value = value.item()
    return format(value, format_spec)


def format_tensor(
    data: np.ndarray,
    *,
    dtype_name: str,
    requires_grad: bool = False,
    grad_fn_name: str | None = None,
    default_dtype_name: str = "float32",
) -> str:
    """``repr(t)`` (== ``str(t)``) of a torch tensor holding ``data``.

    ``data`` holds the tensor's values (it is converted to ``dtype_name`` if it is not already),
    ``dtype_name`` is torch's short dtype name ("float32", "int64", "bool", ...). A ``grad_fn_name``
    such as ``"MulBackward0"`` prints as ``grad_fn=<MulBackward0>``; otherwise ``requires_grad``
    prints ``requires_grad=True``. ``default_dtype_name`` is the current
    ``torch.get_default_dtype()``: that dtype, rather than float32, goes unmentioned.
    """
    array = _as_array(data, dtype_name)
    if default_dtype_name not in _FLOATING_DTYPES:
        raise ValueError(
            f"format_tensor: default_dtype_name must be one of "
            f"{', '.join(sorted(_FLOATING_DTYPES))}, got {default_dtype_name!r}"
        )
    options = _OPTIONS
    indent = len(_PREFIX)
    shape_text = str(tuple(array.shape))
    suffixes: list[str] = []

    if array.size == 0:
        # torch prints the shape of an empty tensor unless it is (0,), like numpy does.
        if array.ndim != 1:
            suffixes.append(f"size={shape_text}")
        if dtype_name != default_dtype_name:
            suffixes.append(f"dtype=torch.{dtype_name}")
        body = "[]"
    else:
        # With edgeitems=0 nothing of the summarized data is visible, so torch shows the size.
        if not options.edgeitems:
            suffixes.append(f"size={shape_text}")
        if dtype_name != default_dtype_name and dtype_name not in _ALWAYS_IMPLIED_DTYPES:
            suffixes.append(f"dtype=torch.{dtype_name}")
        body = _data_str(array, indent, options)

    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")

    return _add_suffixes(_PREFIX + body, suffixes, indent, options.linewidth)


def _as_array(data: Any, dtype_name: str) -> np.ndarray:
    if dtype_name not in _NUMPY_DTYPES:
        known = ", ".join(sorted(_NUMPY_DTYPES))
        raise ValueError(
            f"format_tensor: unsupported dtype_name {dtype_name!r}; expected one of: {known}"
        )
    try:
        return np.asarray(data).astype(_NUMPY_DTYPES[dtype_name], copy=False)
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"format_tensor: cannot hold the given data as {dtype_name}: {error}"
        ) from error


class _ValueFormatter:
    """One formatter per tensor, so that every printed value shares mode and width."""

    def __init__(self, values: np.ndarray, precision: int, sci_mode_option: bool | None) -> None:
        self.precision = precision
        self.is_floating = values.dtype.kind == "f"
        self.int_mode = True
        self.sci_mode = False
        self.width = 1

        flat = values.reshape(-1)
        if not self.is_floating:
            for value in flat.tolist():
                self.width = max(self.width, len(str(value)))
            return

        visible = flat[np.isfinite(flat) & (flat != 0)]
        if visible.size == 0:
            # Only zeros, nan and inf: keep the defaults (int_mode, width 1).
            return

        # The integer test runs in the tensor's own dtype, the range test in double precision
        # (float16 would overflow at 1e8, and float32 division rounds differently).
        self.int_mode = bool(np.all(visible == np.ceil(visible)))
        magnitudes = np.abs(visible).astype(np.float64)
        largest = float(magnitudes.max())
        smallest = float(magnitudes.min())
        if sci_mode_option is None:
            self.sci_mode = largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4
        else:
            self.sci_mode = sci_mode_option

        # Widths come from the Python floats (float32 values widened to double), like torch's
        # ``f"{value:...}"`` on 0-d tensors, which formats ``value.item()``.
        numbers = np.unique(visible).tolist()
        if self.sci_mode:
            texts = (f"{number:.{precision}e}" for number in numbers)
            self.width = max(len(text) for text in texts)
        elif self.int_mode:
            # One extra column for the "." that marks integer-valued floats.
            self.width = max(len(f"{number:.0f}") + 1 for number in numbers)
        else:
            self.width = max(len(f"{number:.{precision}f}") for number in numbers)

    def format(self, value: float | int | bool) -> str:
        if not self.is_floating:
            text = str(value)
        elif self.sci_mode:
            text = f"{value:{self.width}.{self.precision}e}"
        elif self.int_mode:
            text = f"{value:.0f}"
            if not (math.isinf(value) or math.isnan(value)):
                text += "."
        else:
            text = f"{value:.{self.precision}f}"
        # nan/inf may be wider than ``width`` (it ignores them); torch then pads nothing.
        return text.rjust(self.width)


def _data_str(array: np.ndarray, indent: int, options: _PrintOptions) -> str:
    summarize = array.size > options.threshold
    formatter_input = _summarized_data(array, options.edgeitems) if summarize else array
    formatter = _ValueFormatter(formatter_input, options.precision, options.sci_mode)
    return _nested_str(array, indent, summarize, formatter, options)


def _summarized_data(array: np.ndarray, edgeitems: int) -> np.ndarray:
    """The values that remain visible after summarization, as a flat array.

    Mirrors torch's ``get_summarized_data`` including its edge cases: for a 1-d tensor with
    ``edgeitems=0`` it keeps everything (``t[-0:]`` is the whole tensor), while for n-d it keeps
    nothing.
    """
    if array.ndim == 0:
        return array.reshape(-1)
    if array.ndim == 1:
        if array.shape[0] > 2 * edgeitems:
            return np.concatenate((array[:edgeitems], array[-edgeitems:]))
        return array
    if not edgeitems:
        return array[:0].reshape(-1)
    if array.shape[0] > 2 * edgeitems:
        kept = list(range(edgeitems)) + list(range(len(array) - edgeitems, len(array)))
    else:
        kept = list(range(len(array)))
    return np.concatenate([_summarized_data(array[i], edgeitems).reshape(-1) for i in kept])


def _nested_str(
    array: np.ndarray,
    indent: int,
    summarize: bool,
    formatter: _ValueFormatter,
    options: _PrintOptions,
) -> str:
    if array.ndim == 0:
        return formatter.format(array.item())
    if array.ndim == 1:
        return _vector_str(array, indent, summarize, formatter, options)

    edgeitems = options.edgeitems
    count = array.shape[0]
    if summarize and count > 2 * edgeitems:
        head = [
            _nested_str(array[i], indent + 1, summarize, formatter, options)
            for i in range(edgeitems)
        ]
        tail = [
            _nested_str(array[i], indent + 1, summarize, formatter, options)
            for i in range(count - edgeitems, count)
        ]
        slices = head + ["..."] + tail
    else:
        slices = [
            _nested_str(array[i], indent + 1, summarize, formatter, options) for i in range(count)
        ]
    # Blocks of a d-dimensional tensor are separated by d-2 blank lines.
    separator = "," + "\n" * (array.ndim - 1) + " " * (indent + 1)
    return "[" + separator.join(slices) + "]"


def _vector_str(
    row: np.ndarray,
    indent: int,
    summarize: bool,
    formatter: _ValueFormatter,
    options: _PrintOptions,
) -> str:
    # Each element takes its width plus ", ".
    element_length = formatter.width + 2
    elements_per_line = max(1, math.floor((options.linewidth - indent) / element_length))

    edgeitems = options.edgeitems
    if summarize and not edgeitems:
        items = ["..."]
    elif summarize and row.shape[0] > 2 * edgeitems:
        head = [formatter.format(value) for value in row[:edgeitems].tolist()]
        tail = [formatter.format(value) for value in row[-edgeitems:].tolist()]
        items = head + [" ..."] + tail
    else:
        items = [formatter.format(value) for value in row.tolist()]

    lines = [
        ", ".join(items[start : start + elements_per_line])
        for start in range(0, len(items), elements_per_line)
    ]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _add_suffixes(text: str, suffixes: list[str], indent: int, linewidth: int) -> str:
    parts = [text]
    # torch's own arithmetic: two more than the characters after the last newline.
    last_line_length = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line_length + len(suffix) + 2 > linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_length = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_length += len(suffix) + 2
    parts.append(")")
    return "".join(parts)
