"""A field-by-field diff of a student's answer against the expected one, for display.

Both sides are the gradebook's compact answer summaries (``answer_summary`` JSON: kind, type,
dtype, shape, the first elements, requires_grad, grad_fn, is_leaf, and under ``grads`` the
summaries of captured inputs' ``.grad``; or an exception's type and message).
The diff is a list of rows; a row marks which side differs, and for tensor values each shown
element says whether it is close to the expected one (torch.testing.assert_close tolerances).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

# (rtol, atol) by dtype, as in torch.testing.assert_close; anything else compares exactly.
TOLERANCES = {
    "float16": (1e-3, 1e-5),
    "bfloat16": (1.6e-2, 1e-5),
    "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7),
}


@dataclass(frozen=True)
class Element:
    text: str
    differs: bool


@dataclass
class DiffRow:
    field: str
    expected: str
    got: str
    differs: bool
    expected_elements: list[Element] = field(default_factory=list)
    got_elements: list[Element] = field(default_factory=list)


def _show(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return "(" + ", ".join(str(item) for item in value) + ("," if len(value) == 1 else "") + ")"
    return str(value)


def _close(expected: Any, got: Any, dtype: str | None) -> bool:
    if isinstance(expected, int | float) and isinstance(got, int | float):
        if isinstance(expected, float) and isinstance(got, float):
            if math.isnan(expected) and math.isnan(got):
                return True
        rtol, atol = TOLERANCES.get(dtype or "", (0.0, 0.0))
        return abs(expected - got) <= atol + rtol * abs(expected)
    return expected == got


def _number_text(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def _elements(summary: dict[str, Any], other: dict[str, Any] | None) -> list[Element]:
    first = summary.get("first") or []
    other_first = (other or {}).get("first") or []
    dtype = summary.get("dtype")
    shown = []
    for position, value in enumerate(first):
        differs = other is not None and (
            position >= len(other_first) or not _close(other_first[position], value, dtype)
        )
        shown.append(Element(_number_text(value), differs))
    return shown


FIELDS = (
    ("kind", "kind"),
    ("type", "type"),
    ("dtype", "dtype"),
    ("shape", "shape"),
    ("requires_grad", "requires_grad"),
    ("grad_fn", "grad_fn"),
    ("is_leaf", "is_leaf"),
    ("length", "length"),
    ("value", "value"),
    ("repr", "repr"),
    ("exception", "message"),
)


def answer_diff(
    expected: dict[str, Any] | None, got: dict[str, Any], *, prefix: str = ""
) -> list[DiffRow]:
    """Rows comparing ``got`` with ``expected`` (None: no expected answer known, rows unmarked).

    Sequences (tuples, lists) are compared item by item: the rows of item 1 are labelled
    ``[1] shape``, ``[1] values`` and so on (the summary keeps the first items only).
    """
    rows = []
    reference = expected or {}
    for label, key in FIELDS:
        if key not in got and key not in reference:
            continue
        if label == "exception":
            shown_got = f"{got.get('type')}: {got.get('message')}" if "message" in got else None
            shown_expected = (
                f"{reference.get('type')}: {reference.get('message')}"
                if "message" in reference
                else None
            )
        else:
            shown_got, shown_expected = got.get(key), reference.get(key)
        rows.append(
            DiffRow(
                field=prefix + label,
                expected=_show(shown_expected) if expected is not None else "(unknown)",
                got=_show(shown_got),
                differs=expected is not None and shown_expected != shown_got,
            )
        )
    if "first" in got or "first" in reference:
        got_elements = _elements(got, expected)
        expected_elements = _elements(reference, None) if expected is not None else []
        differs = expected is not None and (
            reference.get("shape") != got.get("shape")
            or any(element.differs for element in got_elements)
            or len(reference.get("first") or []) != len(got.get("first") or [])
        )
        rows.append(
            DiffRow(
                field=f"{prefix}values (first {max(len(got_elements), len(expected_elements))})",
                expected="",
                got="",
                differs=differs,
                expected_elements=expected_elements,
                got_elements=got_elements,
            )
        )
    got_items, expected_items = got.get("items") or [], reference.get("items") or []
    for index in range(max(len(got_items), len(expected_items))):
        item_got = got_items[index] if index < len(got_items) else {}
        item_expected = expected_items[index] if index < len(expected_items) else {}
        rows.extend(
            answer_diff(
                item_expected if expected is not None else None,
                item_got,
                prefix=f"{prefix}[{index}] ",
            )
        )
    rows.extend(_gradient_rows(expected, got, prefix))
    return rows


def _gradient_rows(
    expected: dict[str, Any] | None, got: dict[str, Any], prefix: str
) -> list[DiffRow]:
    """Rows for each captured input's ``.grad`` (``x.grad shape``, ``x.grad values`` …).

    When either side has no gradient (``.grad`` is None) the input gets one row saying so.
    """
    got_grads = got.get("grads") or {}
    expected_grads = (expected or {}).get("grads") or {}
    rows = []
    for name in sorted(set(got_grads) | set(expected_grads)):
        label = f"{prefix}{name}.grad"
        got_grad, expected_grad = got_grads.get(name), expected_grads.get(name)
        if expected is None and got_grad is not None:
            rows.extend(answer_diff(None, got_grad, prefix=label + " "))
        elif got_grad is None or expected_grad is None:
            rows.append(
                DiffRow(
                    field=label,
                    expected="(unknown)" if expected is None else _grad_text(expected_grad),
                    got=_grad_text(got_grad),
                    differs=expected is not None and got_grad != expected_grad,
                )
            )
        else:
            rows.extend(answer_diff(expected_grad, got_grad, prefix=label + " "))
    return rows


def _grad_text(grad: dict[str, Any] | None) -> str:
    return "None (no gradient reached it)" if grad is None else "a tensor"
