"""Canonical fingerprints of a student's observed answer, for clustering identical answers.

Two students whose answers to a case have the same fingerprint gave the same answer: the same
tensor values (bit for bit), shape and dtype; or the same exception type and message; or the
same failure of the sandbox run (timeout, crash, missing entry). The fingerprint is a short
string whose prefix names the kind, so it stays readable in SQL::

    tensor:float32:[4, 3]:9f2c61d0a4b7e355
    raised:IndexError:5d41402abc4b2a76
    timeout

Next to it :func:`answer_summary` keeps a compact JSON representative (the first few elements,
the exception message) so a report can show one example per cluster without storing every
array.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import numpy as np

from gradekit.sandbox.protocol import CallOutcome, Observed

REPRESENTATIVE_ELEMENTS = 8
MESSAGE_LIMIT = 300
# Object addresses differ between runs of the same code; they must not split a cluster.
_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def answer_kind(outcome: CallOutcome | None) -> str:
    """``value`` (the call returned), ``raised``, or the sandbox status (timeout, crashed, …)."""
    if outcome is None:
        return "missing"
    if outcome.status == "ok":
        return "value"
    return outcome.status


def answer_fingerprint(outcome: CallOutcome | None) -> str:
    """The canonical fingerprint of one call's outcome (see the module docstring)."""
    kind = answer_kind(outcome)
    if kind == "value":
        return _value_fingerprint(outcome.value)
    if kind == "raised" and outcome.exception is not None:
        message = _ADDRESS.sub("0x…", outcome.exception.message)
        return f"raised:{outcome.exception.type}:{_digest(message.encode())}"
    if outcome is not None and outcome.exception is not None:
        return f"{kind}:{outcome.exception.type}"
    return kind


def answer_summary(outcome: CallOutcome | None) -> dict[str, Any]:
    """A compact, JSON-ready representative of the answer (first elements, message)."""
    kind = answer_kind(outcome)
    if kind == "value":
        return _value_summary(outcome.value)
    if outcome is not None and outcome.exception is not None:
        return {
            "kind": kind,
            "type": outcome.exception.type,
            "message": outcome.exception.message[:MESSAGE_LIMIT],
        }
    return {"kind": kind}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _value_fingerprint(value: Observed | None) -> str:
    if value is None:
        return "value:none"
    if value.kind in ("tensor", "ndarray") and value.data is not None:
        shape = list(value.shape or ())
        data = np.ascontiguousarray(value.data)
        return f"{value.kind}:{value.dtype}:{shape}:{_digest(data.tobytes())}"
    canonical = json.dumps(_canonical(value), sort_keys=True, default=str)
    return f"{value.kind}:{value.type}:{_digest(canonical.encode())}"


def _canonical(value: Observed) -> Any:
    """A JSON-able picture of an Observed value, exact enough to tell answers apart."""
    if value.kind in ("tensor", "ndarray") and value.data is not None:
        data = np.ascontiguousarray(value.data)
        return [value.kind, value.dtype, list(value.shape or ()), _digest(data.tobytes())]
    if value.kind == "sequence":
        return [value.type, [_canonical(item) for item in value.items or ()]]
    if value.kind == "python":
        return ["python", type(value.value).__name__, value.value]
    return [value.kind, value.type, _ADDRESS.sub("0x…", value.repr or "")]


def _value_summary(value: Observed | None) -> dict[str, Any]:
    if value is None:
        return {"kind": "value", "type": "None"}
    if value.kind in ("tensor", "ndarray") and value.data is not None:
        flat = np.asarray(value.data).reshape(-1)
        summary: dict[str, Any] = {
            "kind": value.kind,
            "type": value.type,
            "dtype": value.dtype,
            "shape": list(value.shape or ()),
            "first": [_plain_number(x) for x in flat[:REPRESENTATIVE_ELEMENTS]],
            "elements": int(flat.size),
        }
        if value.kind == "tensor":
            summary["requires_grad"] = value.requires_grad
            summary["grad_fn"] = value.grad_fn
        return summary
    if value.kind == "sequence":
        items = value.items or ()
        return {
            "kind": "sequence",
            "type": value.type,
            "length": len(items),
            "items": [_value_summary(item) for item in items[:REPRESENTATIVE_ELEMENTS]],
        }
    if value.kind == "python":
        text = json.dumps(value.value, default=str)
        shown = value.value if len(text) <= MESSAGE_LIMIT else text[:MESSAGE_LIMIT] + "…"
        return {"kind": "python", "type": value.type, "value": shown}
    return {"kind": value.kind, "type": value.type, "repr": (value.repr or "")[:MESSAGE_LIMIT]}


def _plain_number(element: Any) -> Any:
    """numpy scalar -> JSON value (non-finite floats as strings, complex as [re, im])."""
    item = element.item()
    if isinstance(item, float) and not np.isfinite(item):
        return str(item)
    if isinstance(item, complex):
        return [item.real, item.imag]
    return item
