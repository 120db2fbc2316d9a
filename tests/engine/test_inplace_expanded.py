"""In-place writes into an expanded view, then backward: torch's error, where torch raises it.

``zero_()`` and ``fill_(number)`` may write into an expanded (overlapping) view, and the
base records ``CopySlices``.  Its backward writes the in-place op's gradient back into
the base's gradient through the view's geometry (``grad_slice.copy_(...)``); for an
expanded view that copy refuses ("unsupported operation: more than one element of the
written-to tensor refers to a single memory location ...").  Reduced from the stateful
differential test's ``dev`` profile: ``b = a * 1; b.expand(2, 4).zero_(); backward``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import gradekit.engine as engine

OVERLAP_MESSAGE = (
    "unsupported operation: more than one element of the written-to tensor refers to a "
    "single memory location. Please clone() the tensor before performing the operation."
)


def _base(T: ModuleType) -> tuple[Any, Any]:
    a = T.arange(1.0, 5.0, requires_grad=True)
    return a, a * 1


def _zero_expanded(T: ModuleType) -> Any:
    a, b = _base(T)
    b.expand(2, 4).zero_()
    b.sum().backward()
    return a.grad


def _fill_expanded_then_backward_through_view(T: ModuleType) -> Any:
    a, b = _base(T)
    e = b.expand(2, 4)
    e.fill_(2.0)
    e.sum().backward()
    return a.grad


def _zero_expanded_twice(T: ModuleType) -> Any:
    a, b = _base(T)
    e = b.expand(2, 4)
    e.zero_()
    e.zero_()
    (b * b).sum().backward()
    return a.grad


def _expand_of_expand(T: ModuleType) -> Any:
    a, b = _base(T)
    b.expand(2, 4).expand(3, 2, 4).zero_()
    b.sum().backward()
    return a.grad


def _fill_expanded_slice(T: ModuleType) -> Any:
    a, b = _base(T)
    b[1:].expand(3, 3).fill_(2.0)
    (b * b).sum().backward()
    return a.grad


def _masked_fill_expanded(T: ModuleType) -> Any:
    a, b = _base(T)
    e = b.expand(2, 4)
    e.masked_fill_(e > 2, 0.0)  # torch warns that this writes into an expanded tensor
    b.sum().backward()
    return a.grad


def _autograd_grad(T: ModuleType) -> Any:
    a, b = _base(T)
    e = b.expand(2, 4)
    e.zero_()
    return T.autograd.grad(e.sum(), a)


# Writes that do not overlap: no error.
def _zero_one_row_of_expanded(T: ModuleType) -> Any:
    a, b = _base(T)
    b.expand(2, 4)[0].zero_()
    b.sum().backward()
    return a.grad


def _setitem_one_row_of_expanded(T: ModuleType) -> Any:
    a, b = _base(T)
    b.expand(2, 4)[0] = 3.0
    b.sum().backward()
    return a.grad


def _expand_over_size_one(T: ModuleType) -> Any:
    a, b = _base(T)
    b.unsqueeze(0).expand(1, 4).zero_()
    b.sum().backward()
    return a.grad


def _zero_expanded_without_grad_mode(T: ModuleType) -> Any:
    a, b = _base(T)
    with T.no_grad():
        b.expand(2, 4).zero_()
    return T.autograd.grad(b.sum(), a)


RAISING: dict[str, Callable[[ModuleType], Any]] = {
    "zero_ expanded": _zero_expanded,
    "fill_ expanded, backward through the view": _fill_expanded_then_backward_through_view,
    "zero_ expanded twice": _zero_expanded_twice,
    "expand of expand": _expand_of_expand,
    "fill_ expanded slice": _fill_expanded_slice,
    "masked_fill_ expanded": _masked_fill_expanded,
    "autograd.grad": _autograd_grad,
}
PASSING: dict[str, Callable[[ModuleType], Any]] = {
    "zero_ one row of expanded": _zero_one_row_of_expanded,
    "setitem one row of expanded": _setitem_one_row_of_expanded,
    "expand over a size-1 dim": _expand_over_size_one,
    "zero_ expanded under no_grad": _zero_expanded_without_grad_mode,
}


def _outcome(T: ModuleType, case: Callable[[ModuleType], Any]) -> tuple[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # masked_fill_'s expanded-write warning
        try:
            result = case(T)
        except RuntimeError as exc:
            return "raised", str(exc)
    grads = result if isinstance(result, tuple) else (result,)
    return "ok", [g.tolist() for g in grads]


@pytest.mark.parametrize("name", sorted(RAISING))
def test_backward_through_an_expanded_write_raises_torchs_error(name: str) -> None:
    assert _outcome(engine, RAISING[name]) == ("raised", OVERLAP_MESSAGE)


@pytest.mark.parametrize("name", sorted(PASSING))
def test_writes_that_do_not_overlap_still_pass(name: str) -> None:
    status, _ = _outcome(engine, PASSING[name])
    assert status == "ok"


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(RAISING | PASSING))
def test_outcome_matches_torch(name: str, real_torch: ModuleType) -> None:
    case = (RAISING | PASSING)[name]
    assert _outcome(engine, case) == _outcome(real_torch, case)


def _hooks_on_a_stale_no_grad_view(T: ModuleType) -> list[str]:
    """Also from the stateful ``dev`` profile: a view made under no_grad whose base was then
    modified.  torch's ``register_hook`` reads ``grad_fn`` (which raises) only while the
    tensor has no hook dict yet, and makes the dict first: the second call succeeds."""
    outcomes = []
    with T.no_grad():
        leaf = T.tensor([-2.0] * 4, requires_grad=True)
        view = leaf.expand(2, 4)
        leaf.add_(1)
        for _ in range(2):
            try:
                view.register_hook(lambda grad: None)
                outcomes.append("registered")
            except RuntimeError as exc:
                outcomes.append(str(exc)[:60])
    return outcomes


def test_hooks_on_a_stale_no_grad_view() -> None:
    first, second = _hooks_on_a_stale_no_grad_view(engine)
    assert first.startswith("A view was created in no_grad mode") and second == "registered"


@pytest.mark.torch
def test_hooks_on_a_stale_no_grad_view_match_torch(real_torch: ModuleType) -> None:
    assert _hooks_on_a_stale_no_grad_view(engine) == _hooks_on_a_stale_no_grad_view(real_torch)
