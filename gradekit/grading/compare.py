"""Compare what the student's code produced with what the reference produced.

Both sides arrive as plain data (the sandbox's ``Observed`` mappings and ``CallOutcome`` fields),
never as live objects, so nothing the student returned can run code in the grader. Every mismatch
becomes one :class:`Difference` that says what differs, the expected and observed values, and for
numbers how far off they are and where.
"""

from __future__ import annotations

import builtins
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from gradekit.sandbox.protocol import CallOutcome, ExceptionInfo, Observed

# The child reports an exception's type by name only (``ValueError``, ``mymodule.MyError``). For
# builtin exceptions the grader knows the hierarchy itself: name -> names of every class in its
# MRO, read from this interpreter's builtins, so `{raises: LookupError}` accepts an IndexError.
BUILTIN_EXCEPTION_BASES: dict[str, frozenset[str]] = {
    name: frozenset(base.__name__ for base in value.__mro__)
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}

# torch.testing.assert_close defaults (torch/testing/_comparison.py), as (rtol, atol).
DEFAULT_TOLERANCES: dict[str, tuple[float, float]] = {
    "float16": (1e-3, 1e-5),
    "bfloat16": (1.6e-2, 1e-5),
    "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7),
    "complex64": (1.3e-6, 1e-5),
    "complex128": (1e-7, 1e-7),
}
MAX_REPORTED_INDICES = 10


class IdentityMemo:
    """Results of a pure function remembered by the identity of its arguments.

    In a batch, identical answers decode to the very same objects (see
    ``gradekit.sandbox.protocol.decode_event_bytes``), so work on them is done once. Entries
    hold their arguments, so an id cannot be reused while its entry lives; the memo is
    cleared when full. Callers must treat the results as read-only.
    """

    MISSING = object()

    def __init__(self, kept: int = 4096) -> None:
        self.kept = kept
        self._entries: dict[tuple[int, ...] | int, tuple[tuple[Any, ...], Any]] = {}

    def get(self, arguments: tuple[Any, ...]) -> Any:
        # No identity check is needed: an entry holds its arguments, so while it lives no
        # other object can have their ids, and equal ids mean the very same objects.
        entry = self._entries.get(tuple(map(id, arguments)))
        return self.MISSING if entry is None else entry[1]

    def put(self, arguments: tuple[Any, ...], result: Any) -> None:
        if len(self._entries) >= self.kept:
            self._entries.clear()
        self._entries[tuple(map(id, arguments))] = (arguments, result)

    def get_one(self, argument: Any) -> Any:
        """:meth:`get` for a single argument, keyed by its id alone (no tuple of ids: for
        callers asking many times per submission). An int key never equals a tuple key."""
        entry = self._entries.get(id(argument))
        return self.MISSING if entry is None else entry[1]

    def put_one(self, argument: Any, result: Any) -> None:
        """:meth:`put` for a single argument (see :meth:`get_one`)."""
        if len(self._entries) >= self.kept:
            self._entries.clear()
        self._entries[id(argument)] = ((argument,), result)

    def remember(self, arguments: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
        """The remembered result for ``arguments``, else ``compute()`` (then remembered)."""
        result = self.get(arguments)
        if result is self.MISSING:
            result = compute()
            self.put(arguments, result)
        return result


def tolerances_for(dtype: str) -> tuple[float, float]:
    """``(rtol, atol)`` used for ``dtype``; integers and bool compare exactly, i.e. ``(0, 0)``."""
    return DEFAULT_TOLERANCES.get(dtype.removeprefix("torch."), (0.0, 0.0))


@dataclass(frozen=True)
class Checks:
    """Which properties of a call's outcome are compared, built from the exercise's checks.

    ``grads`` names inputs whose ``.grad`` must match; ``unchanged`` inputs must be left as they
    were; ``mutated`` inputs must end up equal to the reference's inputs after the call.
    ``raises`` / ``raises_match`` demand an exception of that type whose message matches the regex.
    """

    value: bool = True
    exact_type: bool = True
    shape: bool = True
    dtype: bool = True
    requires_grad: bool = False
    is_leaf: bool = False
    grad_fn: bool = False
    grads: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()
    mutated: tuple[str, ...] = ()
    raises: str | None = None
    raises_match: str | None = None
    grad_fn_name: str | None = None  # expected grad_fn name; None: the reference's
    reshape_ok: bool = False
    rtol: float | None = None
    atol: float | None = None

    @property
    def reads_result(self) -> bool:
        """Whether any check looks at the returned value. Without one (only ``grad``,
        ``unchanged`` or ``mutated``: an in-place exercise whose return value is ignored)
        whatever the entry returns is not compared."""
        return (
            self.value
            or self.exact_type
            or self.shape
            or self.dtype
            or self.requires_grad
            or self.is_leaf
            or self.grad_fn
        )


@dataclass
class Difference:
    """One way in which the student's outcome differs from the expected one.

    ``check`` is the machine name of the failed check (``value``, ``shape``, ``dtype``, ``type``,
    ``requires_grad``, ``is_leaf``, ``grad_fn``, ``grad``, ``unchanged``, ``mutated``, ``raises``,
    ``status``); ``subject`` says what was compared (``result``, ``x.grad``, ``x after the call``).
    ``expected`` / ``got`` are plain values (numpy arrays for tensor data). For numeric values the
    error statistics and the first differing indices are filled in.
    """

    check: str
    subject: str
    message: str
    expected: Any = None
    got: Any = None
    max_abs_error: float | None = None
    max_rel_error: float | None = None
    mismatched: int | None = None
    total: int | None = None
    indices: list[list[int]] = field(default_factory=list)
    explanation: str | None = None
    rtol: float | None = None
    atol: float | None = None


# ---------------------------------------------------------------------------------------------
# Numbers


def compare_arrays(
    expected: np.ndarray,
    got: np.ndarray,
    *,
    subject: str = "result",
    rtol: float | None = None,
    atol: float | None = None,
) -> Difference | None:
    """Element-wise closeness of two same-shaped arrays, the way ``assert_close`` judges it.

    An element passes when ``|got - expected| <= atol + rtol * |expected|``; infinities must match
    exactly and NaN matches NaN. Tolerances default to those of the expected dtype.
    """
    expected = np.asarray(expected)
    got = np.asarray(got)
    if (
        expected.dtype == got.dtype
        and expected.shape == got.shape
        and expected.tobytes() == got.tobytes()
    ):
        # Bit-identical (the usual right answer): close under any tolerance, NaN included.
        return None
    default_rtol, default_atol = tolerances_for(str(expected.dtype))
    rtol = default_rtol if rtol is None else rtol
    atol = default_atol if atol is None else atol

    if expected.dtype == bool or got.dtype == bool:
        close = expected.astype(bool) == got.astype(bool)
        abs_error = (expected != got).astype(np.float64)
    else:
        wide_expected = expected.astype(np.complex128 if expected.dtype.kind == "c" else np.float64)
        wide_got = got.astype(np.complex128 if got.dtype.kind == "c" else np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            abs_error = np.abs(wide_got - wide_expected)
            close = np.isclose(wide_got, wide_expected, rtol=rtol, atol=atol, equal_nan=True)
        abs_error = np.where(np.isnan(abs_error) & close, 0.0, abs_error)
    if bool(np.all(close)):
        return None

    mismatch = ~close
    with np.errstate(divide="ignore", invalid="ignore"):
        rel_error = (
            abs_error / np.abs(expected.astype(np.float64))
            if expected.dtype.kind != "c"
            else (abs_error / np.abs(expected))
        )
    indices = [list(map(int, index)) for index in np.argwhere(mismatch)[:MAX_REPORTED_INDICES]]
    mismatched = int(mismatch.sum())
    max_abs = _finite_max(abs_error[mismatch])
    max_rel = _finite_max(rel_error[mismatch])
    first = indices[0] if indices else []
    # "differ at index (0, 0)" read as if only that element did: say it is the first one.
    if not first:
        where = ""
    elif mismatched == 1:
        where = f", at index {tuple(first)}"
    else:
        where = f", the first at index {tuple(first)}"
    return Difference(
        check="value",
        subject=subject,
        message=(
            f"{mismatched} of {expected.size} element{'s' if expected.size != 1 else ''} of "
            f"{subject} differ{'s' if mismatched == 1 else ''}{where}"
        ),
        expected=expected,
        got=got,
        max_abs_error=max_abs,
        max_rel_error=max_rel,
        mismatched=mismatched,
        total=int(expected.size),
        indices=indices,
        rtol=rtol,
        atol=atol,
    )


def _finite_max(values: np.ndarray) -> float | None:
    values = np.asarray(values, dtype=np.float64).ravel()
    if values.size == 0:
        return None
    if np.all(np.isnan(values)):
        return math.nan
    return float(np.nanmax(values))


# ---------------------------------------------------------------------------------------------
# Shapes


def explain_shapes(expected: Sequence[int], got: Sequence[int]) -> str:
    """Explain how two shapes differ, in broadcasting terms (dimensions aligned from the right)."""
    expected, got = tuple(expected), tuple(got)
    if expected == got:
        return f"both shapes are {_shape_text(expected)}"
    parts = [f"expected shape {_shape_text(expected)}, got {_shape_text(got)}."]
    if len(expected) != len(got):
        parts.append(
            f"Your result has {len(got)} dimension{'s' if len(got) != 1 else ''}, "
            f"the expected one has {len(expected)}."
        )
    ndim = max(len(expected), len(got))
    padded_expected = (None,) * (ndim - len(expected)) + expected
    padded_got = (None,) * (ndim - len(got)) + got
    mismatched_dims = [
        f"dim {dim - ndim} (expected {_dim_text(e)}, got {_dim_text(g)})"
        for dim, (e, g) in enumerate(zip(padded_expected, padded_got, strict=True))
        if e != g
    ]
    parts.append(
        "Aligned from the right, as broadcasting aligns them, these dimensions differ: "
        + ", ".join(mismatched_dims)
        + "."
    )
    if broadcasts_to(got, expected):
        parts.append(
            f"{_shape_text(got)} would broadcast to {_shape_text(expected)}, but the result "
            "itself must have the expected shape: some dimension is too small (too few items "
            "selected, a size-1 dimension kept, or a missing expand)."
        )
    elif broadcasts_to(expected, got):
        parts.append(
            f"Your {_shape_text(got)} is what {_shape_text(expected)} broadcasts to: something "
            "was broadcast that should not have been (a missing reduction, or a dimension that "
            "should have been kept with keepdim)."
        )
    elif _broadcast_shape(expected, got) is None:
        parts.append("The two shapes are not broadcast-compatible with each other.")
    if math.prod(expected) == math.prod(got):
        parts.append(
            f"Both hold {math.prod(expected)} elements: the data may be right but laid out "
            "differently (view/reshape vs transpose/permute, or a squeezed dimension)."
        )
    return " ".join(parts)


def broadcasts_to(shape: Sequence[int], target: Sequence[int]) -> bool:
    """True when ``shape`` can be broadcast to exactly ``target`` (like ``expand``)."""
    if len(shape) > len(target):
        return False
    return all(s in (1, t) for s, t in zip(reversed(shape), reversed(target), strict=False))


def _broadcast_shape(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...] | None:
    try:
        return tuple(np.broadcast_shapes(tuple(a), tuple(b)))
    except ValueError:
        return None


def _shape_text(shape: Sequence[int]) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def _dim_text(size: int | None) -> str:
    return "absent" if size is None else str(size)


# ---------------------------------------------------------------------------------------------
# Observed values


def compare_observed(
    expected: Mapping[str, Any] | None,
    got: Mapping[str, Any] | None,
    checks: Checks,
    *,
    subject: str = "result",
) -> list[Difference]:
    """Compare two ``Observed`` pictures of a value according to ``checks``."""
    if expected is None and got is None:
        return []
    if expected is None or got is None:
        return [
            Difference(
                "value",
                subject,
                f"expected {describe(expected)} for {subject}, got {describe(got)}",
                expected=describe(expected),
                got=describe(got),
            )
        ]
    kind = expected.get("kind")
    if kind == "tensor":
        return _compare_tensor(expected, got, checks, subject)
    if kind == "ndarray":
        return _compare_ndarray(expected, got, checks, subject)
    if kind == "sequence":
        return _compare_sequence(expected, got, checks, subject)
    if kind == "python":
        return _compare_python(expected, got, checks, subject)
    # Opaque objects: the best we can do is type and repr.
    if got.get("kind") != kind or got.get("type") != expected.get("type"):
        return [_kind_difference(expected, got, subject)]
    if got.get("repr") != expected.get("repr"):
        return [
            Difference(
                "value",
                subject,
                f"{subject} differs",
                expected=expected.get("repr"),
                got=got.get("repr"),
            )
        ]
    return []


def describe(observed: Mapping[str, Any] | None) -> str:
    """Short human description of an observed value: ``torch.Tensor float32 (8, 3)``, ``int 3``."""
    if observed is None:
        return "nothing"
    kind = observed.get("kind")
    if kind == "tensor":
        return f"{observed.get('type', 'torch.Tensor')} {observed.get('dtype')} " + _shape_text(
            observed.get("shape", ())
        )
    if kind == "ndarray":
        return f"numpy.ndarray {observed.get('dtype')} {_shape_text(observed.get('shape', ()))}"
    if kind == "python":
        value = observed.get("value")
        return f"{type(value).__name__} {value!r}"[:120]
    if kind == "sequence":
        return f"{observed.get('type')} of {len(observed.get('items', []))} items"
    return str(observed.get("type", kind))


def _kind_difference(
    expected: Mapping[str, Any], got: Mapping[str, Any], subject: str
) -> Difference:
    return Difference(
        "type",
        subject,
        f"expected {subject} to be {describe(expected)}, got {describe(got)}",
        expected=describe(expected),
        got=describe(got),
        explanation=_kind_explanation(expected, got, subject),
    )


def _kind_explanation(
    expected: Mapping[str, Any], got: Mapping[str, Any], subject: str
) -> str | None:
    """How to turn what the student returned into what was expected, for the usual slips."""
    wanted, kind = expected.get("kind"), got.get("kind")
    if wanted != "tensor":
        if kind == "tensor" and wanted == "python" and not got.get("shape"):
            return "A 0-d tensor is not a Python value: `.item()` gives the number or bool in it."
        return None
    if kind == "ndarray":
        return "A numpy array is not a tensor: `torch.from_numpy(a)` makes one (or stay in torch)."
    if kind == "sequence":
        return "A Python list or tuple is not a tensor: return the tensor itself (torch.stack)."
    if kind == "python" and isinstance(got.get("value"), int | float | bool):
        return "A Python number is not a tensor: return the tensor, without `.item()`/`float()`."
    return None


def _compare_tensor(
    expected: Mapping[str, Any], got: Mapping[str, Any], checks: Checks, subject: str
) -> list[Difference]:
    if got.get("kind") != "tensor":
        return [_kind_difference(expected, got, subject)]
    differences: list[Difference] = []
    if checks.exact_type and not got.get("exact_type", True):
        differences.append(
            Difference(
                "type",
                subject,
                f"{subject} must be exactly torch.Tensor, not the subclass {got.get('type')}",
                expected="torch.Tensor",
                got=got.get("type"),
            )
        )
    differences += _compare_array_fields(expected, got, checks, subject)
    for flag in ("requires_grad", "is_leaf"):
        if getattr(checks, flag) and expected.get(flag) != got.get(flag):
            differences.append(
                Difference(
                    flag,
                    subject,
                    f"expected {subject}.{flag} == {expected.get(flag)}, got {got.get(flag)}",
                    expected=expected.get(flag),
                    got=got.get(flag),
                    explanation=_flag_hint(flag, expected.get(flag)),
                )
            )
    expected_grad_fn = checks.grad_fn_name or expected.get("grad_fn")
    if checks.grad_fn and expected_grad_fn != got.get("grad_fn"):
        differences.append(
            Difference(
                "grad_fn",
                subject,
                f"expected {subject}.grad_fn to be {_grad_fn_text(expected_grad_fn)}, "
                f"got {_grad_fn_text(got.get('grad_fn'))}",
                expected=expected_grad_fn,
                got=got.get("grad_fn"),
                explanation="grad_fn names the operation that produced the tensor last.",
            )
        )
    return differences


def _grad_fn_text(name: str | None) -> str:
    return "None" if name is None else f"<{name}>"


def _flag_hint(flag: str, expected_value: Any) -> str:
    if flag == "requires_grad" and expected_value:
        return (
            "A result computed from a tensor that requires grad stays in the graph unless it is "
            "detached (.detach(), .data, torch.no_grad())."
        )
    if flag == "requires_grad":
        return "Detach the result (or compute it under torch.no_grad()) when no graph is wanted."
    return "Leaf tensors are created directly by the user; results of operations are not leaves."


def _compare_ndarray(
    expected: Mapping[str, Any], got: Mapping[str, Any], checks: Checks, subject: str
) -> list[Difference]:
    if got.get("kind") != "ndarray":
        return [_kind_difference(expected, got, subject)]
    return _compare_array_fields(expected, got, checks, subject)


def _compare_array_fields(
    expected: Mapping[str, Any], got: Mapping[str, Any], checks: Checks, subject: str
) -> list[Difference]:
    """Shape, dtype and values of a tensor or ndarray picture."""
    differences: list[Difference] = []
    expected_shape = tuple(expected.get("shape", ()))
    got_shape = tuple(got.get("shape", ()))
    expected_data = np.asarray(expected.get("data"))
    got_data = np.asarray(got.get("data"))
    same_count = math.prod(expected_shape) == math.prod(got_shape)
    if expected_shape != got_shape and not (checks.reshape_ok and same_count):
        if checks.shape or checks.value:
            differences.append(
                Difference(
                    "shape",
                    subject,
                    f"{subject} has shape {_shape_text(got_shape)}, "
                    f"expected {_shape_text(expected_shape)}",
                    expected=list(expected_shape),
                    got=list(got_shape),
                    explanation=explain_shapes(expected_shape, got_shape),
                )
            )
        return differences  # values cannot be lined up
    if checks.dtype and expected.get("dtype") != got.get("dtype"):
        differences.append(
            Difference(
                "dtype",
                subject,
                f"{subject} has dtype {got.get('dtype')}, expected {expected.get('dtype')}",
                expected=expected.get("dtype"),
                got=got.get("dtype"),
                explanation=_dtype_explanation(str(expected.get("dtype")), str(got.get("dtype"))),
            )
        )
    if checks.value:
        if expected_shape != got_shape:  # reshape_ok: compare in row-major order
            expected_data, got_data = expected_data.reshape(-1), got_data.reshape(-1)
        if not _comparable_dtypes(expected_data, got_data):
            differences.append(
                Difference(
                    "value",
                    subject,
                    f"{subject} holds {got_data.dtype} values that cannot be compared with "
                    f"{expected_data.dtype}",
                    expected=expected_data,
                    got=got_data,
                )
            )
        else:
            value_difference = compare_arrays(
                expected_data, got_data, subject=subject, rtol=checks.rtol, atol=checks.atol
            )
            if value_difference is not None:
                differences.append(value_difference)
    return differences


def _comparable_dtypes(a: np.ndarray, b: np.ndarray) -> bool:
    numeric = "biufc"
    return a.dtype.kind in numeric and b.dtype.kind in numeric


def _dtype_explanation(expected: str, got: str) -> str:
    def family(dtype: str) -> str:
        if dtype.startswith(("float", "bfloat")):
            return "floating point"
        if dtype.startswith(("int", "uint")):
            return "integer"
        return dtype

    if family(expected) == family(got):
        return f"Same kind of number, different precision: convert with .to(torch.{expected})."
    if family(expected) == "floating point" and family(got) == "integer":
        return (
            "Integer result where a float was expected: torch.tensor([1, 2]) makes int64; use "
            "float literals (1.) or dtype=torch.float32."
        )
    if family(got) == "floating point" and family(expected) == "integer":
        return "Float result where integers were expected (indices and counts are int64)."
    return f"Convert with .to(torch.{expected})."


def _compare_sequence(
    expected: Mapping[str, Any], got: Mapping[str, Any], checks: Checks, subject: str
) -> list[Difference]:
    tuple_like = {"tuple", "torch.Size"}
    if got.get("kind") != "sequence" or not (
        got.get("type") == expected.get("type")
        or {got.get("type"), expected.get("type")} <= tuple_like
    ):
        return [_kind_difference(expected, got, subject)]
    expected_items = expected.get("items", [])
    got_items = got.get("items", [])
    if len(expected_items) != len(got_items):
        return [
            Difference(
                "value",
                subject,
                f"{subject} has {len(got_items)} items, expected {len(expected_items)}",
                expected=len(expected_items),
                got=len(got_items),
            )
        ]
    differences: list[Difference] = []
    for index, (e, g) in enumerate(zip(expected_items, got_items, strict=True)):
        differences += compare_observed(e, g, checks, subject=f"{subject}[{index}]")
    return differences


def _compare_python(
    expected: Mapping[str, Any], got: Mapping[str, Any], checks: Checks, subject: str
) -> list[Difference]:
    if got.get("kind") != "python":
        return [_kind_difference(expected, got, subject)]
    expected_value, got_value = expected.get("value"), got.get("value")
    same_type = type(expected_value) is type(got_value) or (
        # 3 and 3.0 are the same answer for a float question; bool is never a number here.
        isinstance(expected_value, float)
        and isinstance(got_value, int)
        and not isinstance(got_value, bool)
    )
    if not same_type:
        return [_kind_difference(expected, got, subject)]
    if isinstance(expected_value, float):
        rtol = 1e-7 if checks.rtol is None else checks.rtol
        atol = 1e-7 if checks.atol is None else checks.atol
        equal = math.isclose(expected_value, got_value, rel_tol=rtol, abs_tol=atol) or (
            math.isnan(expected_value) and math.isnan(got_value)
        )
    else:
        equal = expected_value == got_value
    if equal:
        return []
    difference = Difference(
        "value",
        subject,
        f"expected {subject} = {expected_value!r}, got {got_value!r}",
        expected=expected_value,
        got=got_value,
    )
    if isinstance(expected_value, float):
        difference.max_abs_error = abs(got_value - expected_value)
        if expected_value:
            difference.max_rel_error = difference.max_abs_error / abs(expected_value)
    return [difference]


# ---------------------------------------------------------------------------------------------
# Whole call outcomes


_COMPARISONS = IdentityMemo()


def compare_outcomes(expected: CallOutcome, got: CallOutcome, checks: Checks) -> list[Difference]:
    """Compare a student's ``CallOutcome`` with the reference's.

    Statuses other than ``ok`` / ``raised`` on the student side (timeout, crash, missing entry,
    garbage reply) are reported as one ``status`` difference; the verdict turns it into an error.
    The same comparison of the same objects is made once (every field it reads is part of the
    key; the duration and the output are not read); each caller gets its own Differences.
    """
    arguments = (
        expected,
        checks,
        got.status,
        got.value,
        got.grads,
        got.inputs_after,
        got.exception,
    )
    differences = _COMPARISONS.remember(arguments, lambda: _compare_outcomes(expected, got, checks))
    return [replace(difference) for difference in differences]


def _compare_outcomes(expected: CallOutcome, got: CallOutcome, checks: Checks) -> list[Difference]:
    if got.status not in ("ok", "raised"):
        return [Difference("status", "call", status_message(got), expected="ok", got=got.status)]

    wanted_type = checks.raises or (
        expected.exception.type if expected.status == "raised" and expected.exception else None
    )
    differences: list[Difference] = []
    if wanted_type is not None:
        # A `raises` check accepts subclasses; an exception the reference happened to raise
        # must be matched by name, as torch would raise it.
        differences += _compare_raised(
            got, wanted_type, checks.raises_match, subclasses=checks.raises is not None
        )
    elif got.status == "raised":
        return [
            Difference(
                "raises",
                "call",
                f"your code raised {_exception_text(got.exception)}",
                expected="no exception",
                got=_exception_text(got.exception),
            )
        ]
    elif checks.reads_result:
        differences += compare_observed(expected.value, got.value, checks)

    for name in checks.grads:
        differences += _compare_grad(name, expected.grads.get(name), got.grads.get(name), checks)
    for name in checks.unchanged:
        for difference in compare_observed(
            expected.inputs_after.get(name),
            got.inputs_after.get(name),
            Checks(),
            subject=f"{name} after the call",
        ):
            difference.check = "unchanged"
            difference.message = f"your code modified its input {name}: {difference.message}"
            differences.append(difference)
    for name in checks.mutated:
        for difference in compare_observed(
            expected.inputs_after.get(name),
            got.inputs_after.get(name),
            Checks(),
            subject=f"{name} after the call",
        ):
            difference.check = "mutated"
            difference.message = (
                f"{name} was not modified in place as expected: {difference.message}"
            )
            differences.append(difference)
    return differences


def _compare_grad(
    name: str, expected: Observed | None, got: Observed | None, checks: Checks
) -> list[Difference]:
    if expected is not None and got is None:
        return [
            Difference(
                "grad",
                f"{name}.grad",
                f"{name}.grad is None: no gradient reached {name}",
                expected=describe(expected),
                got="None",
                explanation=(
                    "Did you call backward()? Is the input a leaf with requires_grad=True, "
                    "and was the graph kept (no .detach(), .data or torch.no_grad())?"
                ),
            )
        ]
    grad_checks = Checks(rtol=checks.rtol, atol=checks.atol)
    differences = compare_observed(expected, got, grad_checks, subject=f"{name}.grad")
    for difference in differences:
        difference.check = "grad"
    return differences


def _exception_text(exception: ExceptionInfo | None) -> str:
    if exception is None:
        return "an exception"
    return f"{exception.type}: {exception.message}" if exception.message else exception.type


def exception_type_matches(got_type: str, wanted_type: str, *, subclasses: bool = True) -> bool:
    """Whether an exception of type ``got_type`` (as the sandbox names it) is a ``wanted_type``.

    Only the last dotted part of each name is compared (``builtins.ValueError`` is
    ``ValueError``). With ``subclasses``, a builtin exception also matches the name of any of its
    builtin base classes (``IndexError`` is a ``LookupError``); the bases of other classes are
    not known outside the sandbox, so those match by name only.
    """
    wanted = wanted_type.rsplit(".", 1)[-1]
    if got_type.rsplit(".", 1)[-1] == wanted:
        return True
    if not subclasses:
        return False
    return wanted in BUILTIN_EXCEPTION_BASES.get(got_type.removeprefix("builtins."), ())


def _compare_raised(
    got: CallOutcome, wanted_type: str, pattern: str | None, *, subclasses: bool
) -> list[Difference]:
    expected_text = (
        wanted_type
        + (" (or a subclass)" if subclasses else "")
        + (f" matching /{pattern}/" if pattern else "")
    )
    if got.status != "raised" or got.exception is None:
        return [
            Difference(
                "raises",
                "call",
                f"expected your code to raise {expected_text}, but it returned "
                f"{describe(got.value)}",
                expected=expected_text,
                got=describe(got.value),
            )
        ]
    got_text = _exception_text(got.exception)
    if not exception_type_matches(got.exception.type, wanted_type, subclasses=subclasses):
        return [
            Difference(
                "raises",
                "call",
                f"expected {expected_text}, but your code raised {got_text}",
                expected=expected_text,
                got=got_text,
            )
        ]
    if pattern and not re.search(pattern, got.exception.message):
        # A subclass was accepted, but it is not what was asked for by name: say which it is
        # (the starter's NotImplementedError is a RuntimeError, not the one expected).
        same_name = got.exception.type.rsplit(".", 1)[-1] == wanted_type.rsplit(".", 1)[-1]
        raised_what = (
            f"{got.exception.type} as expected"
            if same_name
            else f"{got.exception.type} (a kind of {wanted_type})"
        )
        return [
            Difference(
                "raises",
                "call",
                f"raised {raised_what}, but its message does not match /{pattern}/",
                expected=expected_text,
                got=got_text,
            )
        ]
    return []


def status_message(outcome: CallOutcome) -> str:
    """Plain-language explanation of a non-ok call status."""
    message = outcome.exception.message if outcome.exception else ""
    if outcome.status == "missing":
        return message or "your submission does not define this exercise's entry"
    detail = f": {message}" if message else ""
    return {
        "timeout": "your code did not finish within the time limit (an endless loop?)",
        "crashed": f"the process running your code crashed{detail}",
        "invalid": f"your code returned something gradekit could not read back{detail}",
        "skipped": message or "not run: an earlier case of this exercise timed out",
    }.get(outcome.status, f"the call ended with status {outcome.status}{detail}")
