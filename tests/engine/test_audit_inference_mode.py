# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Inference tensors (the second audit's F05): a tensor made in ``torch.inference_mode()``
is an inference tensor, and so are its views and ``detach()`` (a view made there of a
normal tensor is not); outside the mode torch refuses to save one for backward, to modify
one in place (after the write: the values have changed), to make one require grad, and to
read its ``_version``.  ``inference_mode`` as a context manager, a decorator (with and
without parentheses) and ``inference_mode(False)``.  The goldens were captured from torch
2.13 with ``audit_outcomes.outcome``; the differential tests vary the op and the operands.

Left: torch lets ``x.detach()`` of an inference tensor be modified in place and read its
``_version`` (an inference tensor with a version counter), the engine refuses both;
``x.data`` of one is a normal tensor in the engine (torch's is an inference tensor: it
refuses to be saved for backward)."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

PRELUDE = "with torch.inference_mode():\n    x = torch.tensor([1., 2.])\nn = torch.tensor([3., 4.])\nw = torch.tensor([5., 6.], requires_grad=True)\n"

FLAGS = {
    "result = (x.is_inference(), x.detach().is_inference(), x[0].is_inference(), x.view(1, 2).is_inference(), x.t().is_inference())": "(True, True, True, True, True)",
    "result = ((x * 2).is_inference(), x.clone().is_inference(), torch.tensor([1.]).is_inference(), x.requires_grad, x.is_leaf, x.grad_fn)": "(False, False, False, False, True, None)",
    "with torch.inference_mode():\n    result = (n[0].is_inference(), n.detach().is_inference(), (n * 2).is_inference(), x[0].is_inference(), torch.is_grad_enabled(), torch.is_inference_mode_enabled())": "(False, False, True, True, False, True)",
    "with torch.inference_mode():\n    r = w * 2\nresult = (r.requires_grad, r.is_inference(), r.grad_fn, r.is_leaf)": "(False, True, None, True)",
    "with torch.inference_mode():\n    with torch.inference_mode(False):\n        result = (torch.is_inference_mode_enabled(), torch.is_grad_enabled(), torch.ones(1).is_inference(), (w * 2).grad_fn is not None)": "(False, True, False, True)",
    "with torch.no_grad():\n    with torch.inference_mode(False):\n        result = (torch.is_grad_enabled(), torch.is_inference_mode_enabled())": "(True, False)",
    # enable_grad / set_grad_enabled(True) in the mode report grad mode on but record nothing
    "with torch.inference_mode():\n    with torch.enable_grad():\n        r = w * 2\n        result = (torch.is_grad_enabled(), r.requires_grad, r.grad_fn, r.is_inference())": "(True, False, None, True)",
    "with torch.no_grad():\n    with torch.inference_mode():\n        with torch.enable_grad():\n            r = w * 2\nresult = (r.requires_grad, torch.is_grad_enabled())": "(False, True)",
    "with torch.inference_mode():\n    with torch.set_grad_enabled(True):\n        r = w * 2\n    result = (r.requires_grad, torch.is_grad_enabled())": "(False, False)",
    "with torch.inference_mode():\n    torch.set_grad_enabled(True)\n    r = w * 2\nresult = (r.requires_grad, torch.is_grad_enabled(), (w * 2).requires_grad)": "(False, True, True)",
    "with torch.inference_mode():\n    with torch.enable_grad():\n        with torch.inference_mode(False):\n            result = ((w * 2).grad_fn is not None, torch.is_grad_enabled())": "(True, True)",
    "with torch.inference_mode():\n    pass\nresult = (torch.is_grad_enabled(), torch.is_inference_mode_enabled())": "(True, False)",
    "with torch.inference_mode(False):\n    result = (torch.is_grad_enabled(), torch.ones(1).is_inference())": "(True, False)",
    "@torch.inference_mode()\ndef f():\n    return (torch.ones(1).is_inference(), torch.is_grad_enabled())\nresult = f()": "(True, False)",
    "@torch.inference_mode\ndef f():\n    return (torch.ones(1).is_inference(), torch.is_grad_enabled())\nresult = f()": "(True, False)",
    "@torch.inference_mode(False)\ndef f():\n    return torch.ones(1).is_inference()\nresult = f()": "False",
    "@torch.inference_mode()\ndef f(t):\n    return t * 2\nresult = (f(w).requires_grad, f(w).is_inference())": "(False, True)",
    "result = x._version": "RuntimeError: Inference tensors do not track version counter.",
    "result = x[0]._version": "RuntimeError: Inference tensors do not track version counter.",
    "result = n._version": "0",
    "with torch.inference_mode():\n    x.add_(1)\n    n.add_(1)\nresult = (x, n._version)": "(torch.float32 (2,) [2.0, 3.0] rg=False, 1)",
    "with torch.inference_mode():\n    y = x.view(2)\n    y.mul_(3)\nresult = x": "torch.float32 (2,) [3.0, 6.0] rg=False",
}

REQUIRES_GRAD = {
    "result = x.requires_grad_()": "RuntimeError: Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.",
    "result = x.requires_grad_(False)": "torch.float32 (2,) [1.0, 2.0] rg=False",
    "x.requires_grad = True": "RuntimeError: Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.",
    "x.requires_grad = False\nresult = x.requires_grad": "False",
    "result = x[0].requires_grad_()": "RuntimeError: Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.",
    "result = x.detach().requires_grad_()": "RuntimeError: Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.",
    "with torch.inference_mode():\n    result = x.requires_grad_()": "torch.float32 (2,) [1.0, 2.0] rg=True",
    "with torch.inference_mode():\n    y = torch.ones(2).requires_grad_()\nresult = (y.requires_grad, y.is_inference())": "(True, True)",
    "result = x.clone().requires_grad_()": "torch.float32 (2,) [1.0, 2.0] rg=True",
}

INPLACE = {
    "try:\n    x.add_(1)\nexcept RuntimeError as e:\n    result = (str(e), x)": "('Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.', torch.float32 (2,) [2.0, 3.0] rg=False)",
    "try:\n    x[0] = 5\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [5.0, 2.0] rg=False)",
    "try:\n    with torch.no_grad():\n        x.mul_(3)\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [3.0, 6.0] rg=False)",
    "try:\n    x.zero_()\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [0.0, 0.0] rg=False)",
    "try:\n    x.fill_(7)\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [7.0, 7.0] rg=False)",
    "try:\n    x.copy_(n)\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [3.0, 4.0] rg=False)",
    "try:\n    x.view(1, 2).add_(1)\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [2.0, 3.0] rg=False)",
    "try:\n    x += 1\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [2.0, 3.0] rg=False)",
    "try:\n    x.clamp_(0, 1)\nexcept RuntimeError as e:\n    result = (str(e)[:40], x)": "('Inplace update to inference tensor outsi', torch.float32 (2,) [1.0, 1.0] rg=False)",
    "n.copy_(x)\nresult = (n, n.is_inference())": "(torch.float32 (2,) [1.0, 2.0] rg=False, False)",
    "n.add_(x)\nresult = n": "torch.float32 (2,) [4.0, 6.0] rg=False",
    "y = x.clone()\ny.add_(1)\nresult = (y, y.is_inference())": "(torch.float32 (2,) [2.0, 3.0] rg=False, False)",
}

SAVED = {
    "(w * x).sum().backward()\nresult = w.grad": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = x * w": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = (w + x).grad_fn": "<AddBackward0 object at 0x>",
    "result = (w - x).grad_fn": "<SubBackward0 object at 0x>",
    "result = w.exp() * x": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = x.exp() * w": "torch.float32 (2,) [13.5914, 44.3343] rg=True",
    "result = w @ x": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = w / x": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = x / w": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = torch.cat([w, x]).grad_fn": "<CatBackward0 object at 0x>",
    "result = w.pow(x)": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = x.pow(w)": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = x.detach() * w": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = (x.clone() * w).grad_fn": "<MulBackward0 object at 0x>",
    "result = torch.maximum(w, x)": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = torch.where(x > 1, w, x)": "torch.float32 (2,) [1.0, 6.0] rg=True",
    "with torch.no_grad():\n    result = w * x": "torch.float32 (2,) [5.0, 12.0] rg=False",
    "result = F.linear(x, w.reshape(1, 2))": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = F.linear(w, x.reshape(1, 2))": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "result = F.linear(x.reshape(1, 2), w.reshape(1, 2), torch.ones(1))": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
    "with torch.inference_mode():\n    out = F.linear(n, w.reshape(1, 2))\nresult = (out.is_inference(), out.requires_grad)": "(True, False)",
    "class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, a, b):\n        ctx.save_for_backward(b)\n        return a * b\n    @staticmethod\n    def backward(ctx, g):\n        b, = ctx.saved_tensors\n        return g * b, None\nresult = F.apply(w, x)": "RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.",
}

GOLDENS = {**FLAGS, **REQUIRES_GRAD, **INPLACE, **SAVED}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_inference_tensors_match_the_golden(code: str) -> None:
    assert outcome(engine, PRELUDE + code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_inference_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, PRELUDE + code) == GOLDENS[code]


_BINARY = [
    "a + b",
    "a - b",
    "a * b",
    "a / b",
    "a ** b",
    "a @ b",
    "torch.maximum(a, b)",
    "torch.cat([a, b])",
    "torch.stack([a, b])",
    "a.exp() * b",
    "a * b.exp()",
    "a.mul(b)",
    "torch.where(a > b, a, b)",
    "(a * 2).sum() + b.sum()",
    "a.sin() + b.cos()",
    "a[0] * b",
    "a.view(2, 1) * b",
    "torch.dot(a, b)",
    "a.clamp(min=b)",
    "a.sum() * b.mean()",
]
_INPLACE = [
    "t.add_(1)",
    "t.mul_(u)",
    "t[0] = 3",
    "t.zero_()",
    "t.clamp_(0, 1)",
    "t.view(2, 1).sub_(1)",
    "t.copy_(u)",
    "t.fill_(2)",
    "t.div_(2)",
    "t[1:].neg_()",
    "t.masked_fill_(t > 1, 0)",
]


def _binary(torch: ModuleType, op: str, inference: str, grad: str, values: list) -> str:
    """``op`` on ``a`` and ``b``, the one named by ``inference`` made in inference_mode, the
    one named by ``grad`` requiring grad (outside the mode)."""
    made = {name: f"torch.tensor({values[i]})" for i, name in enumerate("ab")}
    lines = ["with torch.inference_mode():"]
    lines += [f"    {name} = {made[name]}" for name in "ab" if name in inference] or ["    pass"]
    lines += [f"{name} = {made[name]}" for name in "ab" if name not in inference]
    lines += [f"{name}.requires_grad_()" for name in "ab" if name in grad]
    lines += [f"out = {op}", "if out.requires_grad:", "    out.sum().backward()"]
    lines += ["result = (out, out.is_inference())"]
    return outcome(torch, "\n".join(lines))


def _inplace(torch: ModuleType, op: str, mode: str, values: list) -> str:
    """``op`` on ``t`` made in inference_mode, run outside it, under no_grad or inside it."""
    run = {"outside": op, "no_grad": f"with torch.no_grad():\n    {op}"}.get(
        mode, f"with torch.inference_mode():\n    {op}"
    )
    code = (
        f"with torch.inference_mode():\n    t = torch.tensor({values[0]})\n"
        f"u = torch.tensor({values[1]})\n"
        f"error = ''\ntry:\n    {run.replace(chr(10), chr(10) + '    ')}\n"
        "except RuntimeError as e:\n    error = str(e)\n"
        "result = (t, t.is_inference(), error)"
    )
    return outcome(torch, code)


_VALUES = st.lists(
    st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.0, -1.5]), min_size=2, max_size=2),
    min_size=2,
    max_size=2,
)
_BINARY_CASES = given(
    op=st.sampled_from(_BINARY),
    inference=st.sampled_from(["a", "b", "ab"]),
    grad=st.sampled_from(["a", "b", ""]),
    values=_VALUES,
)


@settings(max_examples=150, deadline=None)
@_BINARY_CASES
def test_an_inference_operand_is_never_saved(
    op: str, inference: str, grad: str, values: list
) -> None:
    # made outside the mode, every result is a normal tensor (none of these ops is a view)
    text = _binary(engine, op, inference, grad, values)
    assert not text.endswith(", True)")


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@_BINARY_CASES
def test_inference_operands_as_torch(
    op: str, inference: str, grad: str, values: list, real_torch: ModuleType
) -> None:
    assert _binary(engine, op, inference, grad, values) == _binary(
        real_torch, op, inference, grad, values
    )


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(
    op=st.sampled_from(_INPLACE),
    mode=st.sampled_from(["outside", "no_grad", "inside"]),
    values=_VALUES,
)
def test_inplace_on_inference_tensors_as_torch(
    op: str, mode: str, values: list, real_torch: ModuleType
) -> None:
    assert _inplace(engine, op, mode, values) == _inplace(real_torch, op, mode, values)
