# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Post-accumulate-grad hooks that return a value (the second audit's F25): torch checks
the value as a tensor hook's (``expected Variable``, type, size) against the leaf, then
refuses anything but None or the leaf itself: "Tensor post accumulate grad hooks should
return None." (after ``.grad`` was accumulated).  The goldens were captured from torch 2.13
with ``audit_outcomes.outcome``; the differential test varies the hook and the call."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

PRELUDE = "x = torch.tensor([1., 2.], requires_grad=True)\n"

POST_ACCUMULATE = {
    "x.register_post_accumulate_grad_hook(lambda t: t.grad.mul_(0.5))\n(x * 4).sum().backward()\nresult = x.grad": "RuntimeError: Tensor post accumulate grad hooks should return None.",
    "x.register_post_accumulate_grad_hook(lambda t: t.grad.mul_(0.5))\ntry:\n    (x * 4).sum().backward()\nexcept RuntimeError:\n    pass\nresult = x.grad": "torch.float32 (2,) [2.0, 2.0] rg=False",
    "def hook(t):\n    t.grad.mul_(0.5)\nx.register_post_accumulate_grad_hook(hook)\n(x * 4).sum().backward()\nresult = x.grad": "torch.float32 (2,) [2.0, 2.0] rg=False",
    "x.register_post_accumulate_grad_hook(lambda t: 0)\n(x * 4).sum().backward()\nresult = x.grad": "TypeError: expected Variable, but hook returned 'int'",
    "x.register_post_accumulate_grad_hook(lambda t: None)\n(x * 4).sum().backward()\nresult = x.grad": "torch.float32 (2,) [4.0, 4.0] rg=False",
    "seen = []\nx.register_post_accumulate_grad_hook(lambda t: seen.append(1))\nx.register_post_accumulate_grad_hook(lambda t: t)\ntry:\n    (x * 4).sum().backward()\nexcept RuntimeError:\n    pass\nresult = (len(seen), x.grad)": "(1, torch.float32 (2,) [4.0, 4.0] rg=False)",
    "x.register_post_accumulate_grad_hook(lambda t: t)\nresult = torch.autograd.grad((x * 4).sum(), x)": "(torch.float32 (2,) [4.0, 4.0] rg=False)",
    "import warnings\nx.register_post_accumulate_grad_hook(lambda t: t)\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')  # (torch warns once per process)\n    (x * 4).sum().backward(create_graph=True)\nresult = x.grad": "torch.float32 (2,) [4.0, 4.0] rg=False",
    "x.register_post_accumulate_grad_hook(lambda t: t.grad)\n(x * 4).sum().backward()\nresult = x.grad": "RuntimeError: Tensor post accumulate grad hooks should return None.",
    "x.register_post_accumulate_grad_hook(lambda t: torch.ones(5))\n(x * 4).sum().backward()\nresult = x.grad": "RuntimeError: hook '<lambda>' has changed the size of value",
    "x.register_post_accumulate_grad_hook(lambda t: t.grad.double())\n(x * 4).sum().backward()\nresult = x.grad": "RuntimeError: hook '<lambda>' has changed the type of value (was torch.FloatTensor got torch.DoubleTensor)",
    "import warnings\nx.register_post_accumulate_grad_hook(lambda t: t.grad)\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n    (x * 4).sum().backward(create_graph=True)\nresult = x.grad": "RuntimeError: Tensor post accumulate grad hooks should return None.",
    "import warnings\nx.register_post_accumulate_grad_hook(lambda t: 0)\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n    (x * 4).sum().backward(create_graph=True)\nresult = x.grad": "TypeError: expected Variable, but hook returned 'int'",
}


@pytest.fixture(autouse=True)
def fresh_warn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """backward(create_graph=True) warns once per process: these tests leave it unwarned."""
    from gradekit.engine import errors

    monkeypatch.setattr(errors, "_warned_once", set())


@pytest.mark.parametrize("code", list(POST_ACCUMULATE))
def test_post_accumulate_hooks_match_the_golden(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == POST_ACCUMULATE[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(POST_ACCUMULATE))
def test_post_accumulate_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == POST_ACCUMULATE[code]


_RETURNS = [
    "None",
    "t",
    "t.grad",
    "t.grad * 2",
    "t.grad.mul_(0.5)",
    "t.detach()",
    "torch.ones(3)",
    "t.grad.double()",
    "0",
    "t.grad.sum()",
    "[t]",
]
_CALLS = [
    "(x * 4).sum().backward()",
    "(x * 4).sum().backward(create_graph=True)",
    "(x * x).sum().backward(inputs=[x])",
    "torch.autograd.grad((x * 4).sum(), x)",
]


def _hooked(torch: ModuleType, returned: str, call: str, values: list) -> str:
    code = (
        f"x = torch.tensor({values}, requires_grad=True)\n"
        f"x.register_post_accumulate_grad_hook(lambda t: {returned})\n"
        f"try:\n    {call}\nexcept (RuntimeError, TypeError) as e:\n    error = str(e)\n"
        "else:\n    error = ''\n"
        "result = (x.grad, error)"
    )
    return outcome(torch, code, with_warnings=False)


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(
    returned=st.sampled_from(_RETURNS),
    call=st.sampled_from(_CALLS),
    values=st.lists(st.sampled_from([0.5, 1.0, -2.0]), min_size=2, max_size=2),
)
def test_post_accumulate_hook_values_as_torch(
    returned: str, call: str, values: list, real_torch: ModuleType
) -> None:
    assert _hooked(engine, returned, call, values) == _hooked(real_torch, returned, call, values)
