# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Reprs and equality of the second audit's F29: ``print(torch.manual_seed(0))`` is
``<torch._C.Generator object at 0x…>``, ``torch.set_grad_enabled(True)`` prints as
``torch.autograd.grad_mode.set_grad_enabled(mode=True)``, and a device equals devices only
(``x.device == 'cpu'`` is False in torch; ``cpu`` is not ``cpu:0``).  The goldens were
captured from torch 2.13 with ``audit_outcomes.outcome``; the differential test compares
devices and strings pairwise."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

REPRS = {
    "result = torch.manual_seed(0)": "<torch._C.Generator object at 0x>",
    "result = torch.Generator()": "<torch._C.Generator object at 0x>",
    "result = repr(type(torch.manual_seed(0)))": "\"<class 'torch._C.Generator'>\"",
    "result = torch.set_grad_enabled(True)": "torch.autograd.grad_mode.set_grad_enabled(mode=True)",
    "result = str(torch.set_grad_enabled(False))\ntorch.set_grad_enabled(True)": "'torch.autograd.grad_mode.set_grad_enabled(mode=False)'",
    "with torch.set_grad_enabled(False) as s:\n    result = (s, torch.is_grad_enabled())": "(None, False)",
    "result = (torch.ones(1).device == 'cpu', 'cpu' == torch.ones(1).device, torch.ones(1).device != 'cpu')": "(False, False, True)",
    "result = (torch.device('cpu') == torch.device('cpu', 0), torch.device('cpu', 0) == torch.device('cpu', 0), torch.ones(1).device == torch.device('cpu'))": "(False, True, True)",
    "result = (torch.ones(1).device.type == 'cpu', str(torch.ones(1).device) == 'cpu', torch.ones(1).device in ['cpu'])": "(True, True, False)",
    "result = {torch.device('cpu'): 1}.get(torch.ones(1).device)": "1",
}


@pytest.mark.parametrize("code", list(REPRS))
def test_reprs_match_the_golden(code: str) -> None:
    assert outcome(engine, code) == REPRS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(REPRS))
def test_repr_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code) == REPRS[code]


_DEVICES = [
    "'cpu'",
    "'cpu:0'",
    "torch.device('cpu')",
    "torch.device('cpu', 0)",
    "torch.device('cpu:0')",
    "torch.ones(1).device",
    "torch.zeros(2, dtype=torch.int64).device",
    "None",
    "0",
]


def _compare(torch: ModuleType, left: str, right: str) -> str:
    code = (
        f"a, b = {left}, {right}\n"
        "result = (a == b, b == a, a != b, len({a, b}) if a.__hash__ and b.__hash__ else None)"
    )
    return outcome(torch, code)


@pytest.mark.torch
@settings(max_examples=80, deadline=None)
@given(left=st.sampled_from(_DEVICES), right=st.sampled_from(_DEVICES))
def test_device_comparisons_as_torch(left: str, right: str, real_torch: ModuleType) -> None:
    assert _compare(engine, left, right) == _compare(real_torch, left, right)
