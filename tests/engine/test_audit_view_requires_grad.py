# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""A view taken before its base's ``requires_grad_()`` (the second audit's F30): torch's
view requires grad when its base does, so it reports True, ops on it record, yet it has
no grad_fn and no grad accumulator of its own (backward leaves both .grad None), and an
in-place op on it is "a view of a leaf Variable that requires grad ...".  The goldens were
captured from torch 2.13 with ``audit_outcomes.outcome``; the differential test varies the
view, the switch and what follows."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

PRELUDE = "x = torch.tensor([1., 2., 3.])\n"

VIEWS = {
    "v = x[1:]\nx.requires_grad_()\nresult = (v.requires_grad, v.is_leaf, v.grad_fn, v._base is x)": "(True, True, None, True)",
    "v = x.view(3)\nx.requires_grad = True\nresult = (v.requires_grad, v.grad_fn)": "(True, None)",
    "v = x[1:]\nx.requires_grad_()\ny = (v * 2).sum()\nresult = (y.requires_grad, y.grad_fn is not None)": "(True, True)",
    "v = x[1:]\nx.requires_grad_()\n(v * 2).sum().backward()\nresult = (x.grad, v.grad)": "(None, None)",
    "v = x[1:]\nx.requires_grad_()\n(v * 2).sum().backward()\n(x * 3).sum().backward()\nresult = x.grad": "torch.float32 (3,) [3.0, 3.0, 3.0] rg=False",
    "v = x[1:]\nx.requires_grad_()\nv.mul_(2)": "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.",
    "d = x.detach()\nx.requires_grad_()\nresult = d.requires_grad": "False",
    "v = x[1:]\nw = v[1:]\nx.requires_grad_()\nresult = (v.requires_grad, w.requires_grad)": "(True, True)",
    "v = x[1:]\nx.requires_grad_()\nx.requires_grad_(False)\nresult = v.requires_grad": "False",
    "v = x[1:]\nx.requires_grad_()\nresult = v.requires_grad_()": "torch.float32 (2,) [2.0, 3.0] rg=True",
    "v = x[1:]\nx.requires_grad_()\nv.retain_grad()\nresult = v.retains_grad": "False",
    "v = x[1:]\nx.requires_grad_()\nresult = v.detach().requires_grad": "False",
    "v = x[1:]\nx.requires_grad_()\nresult = x[1:].grad_fn": "<SliceBackward0 object at 0x>",
    "v = x[1:]\nx.requires_grad_()\nresult = torch.autograd.grad((v * 2).sum(), x, allow_unused=True)": "(None)",
    "v = x[1:]\nx.requires_grad_()\nresult = v": "torch.float32 (2,) [2.0, 3.0] rg=True",
}


@pytest.mark.parametrize("code", list(VIEWS))
def test_views_before_requires_grad_match_the_golden(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == VIEWS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(VIEWS))
def test_views_before_requires_grad_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == VIEWS[code]


_VIEW_OPS = ["x[1:]", "x[0]", "x.view(3, 1)", "x.t()", "x.unsqueeze(0)", "x.expand(2, 3)", "x[::2]"]
_SWITCHES = [
    "x.requires_grad_()",
    "x.requires_grad = True",
    "x.requires_grad_()\nx.requires_grad_(False)",
    "pass",
]
_THEN = [
    "result = (v.requires_grad, v.is_leaf, v.grad_fn)",
    "(v * 2).sum().backward()\nresult = (x.grad, v.grad)",
    "v.mul_(2)\nresult = (v, x)",
    "result = (v + x.sum()).grad_fn",
    "result = v.exp().requires_grad",
]


def _view_then(torch: ModuleType, view: str, switch: str, then: str) -> str:
    code = f"x = torch.tensor([1., 2., 3.])\nv = {view}\n{switch}\n{then}"
    return outcome(torch, code)


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(
    view=st.sampled_from(_VIEW_OPS),
    switch=st.sampled_from(_SWITCHES),
    then=st.sampled_from(_THEN),
)
def test_views_before_requires_grad_as_torch(
    view: str, switch: str, then: str, real_torch: ModuleType
) -> None:
    assert _view_then(engine, view, switch, then) == _view_then(real_torch, view, switch, then)
