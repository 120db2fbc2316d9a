"""What a small program does under torch or the engine, as a comparable string: the
``result`` it leaves (a tensor's dtype, shape, values and requires_grad) or the exception it
raises, and the warnings it issues.  Used by the audit regression tests (issue 2), whose
golden values were captured from torch 2.13 with :func:`goldens`."""

from __future__ import annotations

import math
import re
import warnings
from types import ModuleType
from typing import Any

import numpy as np


def describe(value: Any, torch: ModuleType) -> str:
    if isinstance(value, torch.Tensor):
        values = value.detach().tolist()
        return f"{value.dtype} {tuple(value.shape)} {_rounded(values)} rg={value.requires_grad}"
    if isinstance(value, tuple):
        return "(" + ", ".join(describe(item, torch) for item in value) + ")"
    return re.sub("0x[0-9a-f]+", "0x", repr(value))


def _rounded(values: Any) -> Any:
    if isinstance(values, list):
        return [_rounded(item) for item in values]
    if isinstance(values, float) and math.isfinite(values):
        return float(f"{values:.6g}")
    return values


def outcome(torch: ModuleType, code: str, *, with_warnings: bool = True) -> str:
    namespace = {"torch": torch, "np": np, "F": torch.nn.functional}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            exec(compile(code, "<case>", "exec"), namespace)
            text = describe(namespace.get("result"), torch)
        except Exception as failure:  # noqa: BLE001 - the outcome is the exception
            text = f"{type(failure).__name__}: {failure}"
    if with_warnings and caught:
        text += " | warns: " + " / ".join(str(w.message).split("\n")[0][:60] for w in caught)
    return text


def grad_fn_chain(tensor: Any) -> list[str]:
    """The names of the nodes from ``tensor.grad_fn`` along each node's first edge that is
    not a leaf's AccumulateGrad."""
    names, node = [], tensor.grad_fn
    while node is not None:
        names.append(node.name())
        following = [n for n, _ in node.next_functions if n is not None]
        following = [n for n in following if "AccumulateGrad" not in n.name()]
        node = following[0] if following else None
    return names


def goldens(torch: ModuleType, cases: list[str]) -> dict[str, str]:
    """``python -c 'import torch, audit_outcomes as a, test_x as t; print(a.goldens(...))'``"""
    return {code: outcome(torch, code, with_warnings=False) for code in cases}
