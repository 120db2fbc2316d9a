"""Canonical fingerprints of a student's observed answer, for clustering identical answers.

Two students whose answers to a case have the same fingerprint gave the same answer: the same
tensor values (bit for bit), shape and dtype; or the same exception type and message; or the
same failure of the sandbox run (timeout, crash, missing entry). The fingerprint is a short
string whose prefix names the kind, so it stays readable in SQL::

    tensor:float32:[4, 3]:9f2c61d0a4b7e355
    tensor:float32:[4, 3]:9f2c61d0a4b7e355:rg:MulBackward0:graph=1c0e…:grads=77a1…
    raised:IndexError:5d41402abc4b2a76
    timeout

Autograd state is part of the answer (fingerprint version 2): a tensor that requires grad
carries ``rg:<grad_fn>`` (``rg:leaf`` for a leaf), so a detached result and a result built by a
different graph are different clusters even with bit-identical values. When the call captured
the graph its node names and edges are hashed in, and when it captured the ``.grad`` of inputs
those are hashed in too.

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

from gradekit.grading.compare import IdentityMemo
from gradekit.sandbox.protocol import CallOutcome, GraphNode, Observed, graph_node_to_wire

REPRESENTATIVE_ELEMENTS = 8
MESSAGE_LIMIT = 300
# Object addresses differ between runs of the same code; they must not split a cluster.
_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
# Stored next to every fingerprint: version 1 fingerprints ignored autograd state, so they are
# never compared with version 2 ones (see gradekit/gradebook/schema.py, migration 3).
FINGERPRINT_VERSION = 2


def answer_kind(outcome: CallOutcome | None) -> str:
    """``value`` (the call returned), ``raised``, or the sandbox status (timeout, crashed, …)."""
    if outcome is None:
        return "missing"
    if outcome.status == "ok":
        return "value"
    return outcome.status


# Fingerprints and summaries read these fields of an outcome (not its duration or output): in
# a batch, identical answers are the same decoded objects, so each is worked out once.
_FACTS = IdentityMemo()


def answer_facts(outcome: CallOutcome | None) -> tuple[str, str, dict[str, Any]]:
    """``(answer_kind, answer_fingerprint, answer_summary)`` of ``outcome``, in one look-up
    (a batch stores all three for every case). Treat the summary as read-only."""
    if outcome is None:
        return answer_kind(None), _answer_fingerprint(None), _answer_summary(None)
    # An empty ``grads`` is keyed as None: the facts read it only when it holds something, and
    # outcomes made per call rather than decoded (a submission that did not load leaves every
    # call 'missing' with the one load error) each have their own empty dictionary.
    fields = (
        outcome.status, outcome.value, outcome.exception, outcome.graph, outcome.grads or None
    )  # fmt: skip
    facts = _FACTS.get(fields)
    if facts is _FACTS.MISSING:
        facts = (answer_kind(outcome), _answer_fingerprint(outcome), _answer_summary(outcome))
        _FACTS.put(fields, facts)
    return facts


def answer_fingerprint(outcome: CallOutcome | None) -> str:
    """The canonical fingerprint of one call's outcome (see the module docstring)."""
    return answer_facts(outcome)[1]


def _answer_fingerprint(outcome: CallOutcome | None) -> str:
    kind = answer_kind(outcome)
    if kind == "value":
        return _value_fingerprint(outcome.value) + _autograd_suffix(outcome)
    if kind == "raised" and outcome.exception is not None:
        message = _ADDRESS.sub("0x…", outcome.exception.message)
        return f"raised:{outcome.exception.type}:{_digest(message.encode())}"
    if outcome is not None and outcome.exception is not None:
        return f"{kind}:{outcome.exception.type}"
    return kind


def answer_summary(outcome: CallOutcome | None) -> dict[str, Any]:
    """A compact, JSON-ready representative of the answer (first elements, message).

    Treat it as read-only: the same answer may give the same dictionary again.
    """
    return answer_facts(outcome)[2]


def _answer_summary(outcome: CallOutcome | None) -> dict[str, Any]:
    kind = answer_kind(outcome)
    if kind == "value":
        summary = _value_summary(outcome.value)
        if outcome.graph is not None:
            summary["graph"] = graph_to_json(outcome.graph)
        if outcome.grads:
            summary["grads"] = {
                name: None if grad is None else grad_summary(grad)
                for name, grad in outcome.grads.items()
            }
        return summary
    if outcome is not None and outcome.exception is not None:
        return {
            "kind": kind,
            "type": outcome.exception.type,
            "message": outcome.exception.message[:MESSAGE_LIMIT],
        }
    return {"kind": kind}


def graph_to_json(graph: tuple[GraphNode, ...]) -> list[dict[str, Any]]:
    """The sandbox's wire form of a graph: ``[{"name": …, "next": [index | None, …]}, …]``,
    with ``"input"`` on the leaf of a named argument (a report labels it)."""
    return [graph_node_to_wire(node) for node in graph]


def _graph_shape(graph: tuple[GraphNode, ...]) -> list[dict[str, Any]]:
    """What a graph's fingerprint hashes: node names and edges. Not the inputs' names: ``x * a``
    and ``a * x`` are one answer, and gradebooks written before leaves carried names cluster
    with newer ones."""
    return [{"name": node.name, "next": list(node.next)} for node in graph]


def grad_summary(grad: Observed) -> dict[str, Any]:
    """The representative of one input's ``.grad``, with its own fingerprint."""
    return {"fingerprint": _value_fingerprint(grad), **_value_summary(grad)}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _autograd_suffix(outcome: CallOutcome) -> str:
    """``:graph=…`` and ``:grads=…`` when the call captured the graph or input gradients."""
    suffix = ""
    if outcome.graph is not None:
        graph = json.dumps(_graph_shape(outcome.graph), separators=(",", ":"))
        suffix += f":graph={_digest(graph.encode())}"
    if outcome.grads:
        grads = {
            name: None if grad is None else _value_fingerprint(grad)
            for name, grad in sorted(outcome.grads.items())
        }
        suffix += f":grads={_digest(json.dumps(grads).encode())}"
    return suffix


def _tensor_autograd(value: Observed) -> str:
    """``:rg:<grad_fn>`` (``:rg:leaf``) for a tensor that requires grad, else nothing."""
    if value.kind != "tensor" or not value.requires_grad:
        return ""
    return f":rg:{value.grad_fn or 'leaf'}"


def _value_fingerprint(value: Observed | None) -> str:
    if value is None:
        return "value:none"
    if value.kind in ("tensor", "ndarray") and value.data is not None:
        shape = list(value.shape or ())
        data = np.ascontiguousarray(value.data)
        return f"{value.kind}:{value.dtype}:{shape}:{_digest(data.tobytes())}" + _tensor_autograd(
            value
        )
    canonical = json.dumps(_canonical(value), sort_keys=True, default=str)
    return f"{value.kind}:{value.type}:{_digest(canonical.encode())}"


def _canonical(value: Observed) -> Any:
    """A JSON-able picture of an Observed value, exact enough to tell answers apart."""
    if value.kind in ("tensor", "ndarray") and value.data is not None:
        data = np.ascontiguousarray(value.data)
        picture = [value.kind, value.dtype, list(value.shape or ()), _digest(data.tobytes())]
        return picture + ([_tensor_autograd(value)] if _tensor_autograd(value) else [])
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
            summary["is_leaf"] = value.is_leaf
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
