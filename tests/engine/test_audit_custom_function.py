# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""Custom ``autograd.Function`` and node hooks as torch checks them (the second audit's F03,
F04 and hook items): the gradients a ``backward`` returns (number, type, a gradient for an
input that is no tensor, a shape that cannot be summed to the input's: torch's
validate_outputs), what a node's hooks return (``grad_fn.register_hook`` /
``register_prehook``: torch's check_result), integer outputs, ``save_for_backward`` of a
non-tensor, the version error of a saved output, an input returned as it is, keywords to
``apply`` and an instantiated Function.  The goldens were captured from torch 2.13 with
``audit_outcomes.outcome`` (warnings included); the differential tests vary the shapes."""

from __future__ import annotations

from types import ModuleType

import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

FN = "def fn(backward, forward=lambda ctx, x: x * 2, name='F'):\n    return type(name, (torch.autograd.Function,), {'forward': staticmethod(forward), 'backward': staticmethod(backward)})\nx = torch.tensor([1., 2.], requires_grad=True)\nw = torch.tensor([3., 4.], requires_grad=True)\nc = torch.tensor([5., 6.])\n"

VALIDATION = {
    "fn(lambda ctx, g: g, lambda ctx, x: x.sum(), 'Sum').apply(x).backward(); result = x.grad": "RuntimeError: Function SumBackward returned an invalid gradient at index 0 - got [] but expected shape compatible with [2]",
    "fn(lambda ctx, g: g[:1]).apply(x).sum().backward(); result = x.grad": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [1] but expected shape compatible with [2]",
    "fn(lambda ctx, g: g.sum()).apply(x).sum().backward(); result = x.grad": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [] but expected shape compatible with [2]",
    "fn(lambda ctx, g: g.reshape(2, 1)).apply(x).sum().backward(); result = x.grad": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [2, 1] but expected shape compatible with [2]",
    "fn(lambda ctx, g: g.reshape(1, 2)).apply(x).sum().backward(); result = x.grad": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "fn(lambda ctx, g: g.expand(3, 2)).apply(x).sum().backward(); result = x.grad": "torch.float32 (2,) [3.0, 3.0] rg=False",
    "fn(lambda ctx, g: g.reshape(1, 1), lambda ctx, x: x.sum()).apply(x).backward(); result = x.grad": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [1, 1] but expected shape compatible with [2]",
    "s = torch.tensor(2., requires_grad=True); fn(lambda ctx, g: g.expand(3)).apply(s).backward(); result = s.grad": "torch.float32 () 3.0 rg=False",
    "fn(lambda ctx, g: g.double()).apply(x).sum().backward(); result = x.grad": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "fn(lambda ctx, g: g.long()).apply(x).sum().backward(); result = x.grad": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "fn(lambda ctx, g: g > 0).apply(x).sum().backward(); result = x.grad": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "fn(lambda ctx, g: None).apply(x).sum().backward(); result = x.grad": "None",
    "fn(lambda ctx, g: 3.0).apply(x).sum().backward(); result = x.grad": "RuntimeError: expected Variable or None (got float)",
    "fn(lambda ctx, g: 3).apply(x).sum().backward(); result = x.grad": "RuntimeError: expected Variable or None (got int)",
    "fn(lambda ctx, g: [g]).apply(x).sum().backward(); result = x.grad": "RuntimeError: expected Variable or None (got list)",
    "fn(lambda ctx, g: (g, g)).apply(x).sum().backward(); result = x.grad": "RuntimeError: function FBackward returned an incorrect number of gradients (expected 1, got 2)",
    "fn(lambda ctx, g: (g, None, None)).apply(x).sum().backward(); result = x.grad": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "fn(lambda ctx, g: (g, None, g)).apply(x).sum().backward(); result = x.grad": "RuntimeError: function FBackward returned an incorrect number of gradients (expected 1, got 3)",
    "fn(lambda ctx, g: ()).apply(x).sum().backward(); result = x.grad": "RuntimeError: function FBackward returned an incorrect number of gradients (expected 1, got 0)",
    "fn(lambda ctx, g: g, lambda ctx, x, n: x * n).apply(x, 3).sum().backward(); result = x.grad": "RuntimeError: function FBackward returned an incorrect number of gradients (expected 2, got 1)",
    "fn(lambda ctx, g: (g, g), lambda ctx, x, n: x * n).apply(x, 3).sum().backward(); result = x.grad": "RuntimeError: function FBackward returned a gradient different than None at position 2, but the corresponding forward input was not a Variable",
    "fn(lambda ctx, g: (g, g[:1]), lambda ctx, x, c: x * c).apply(x, c).sum().backward(); result = x.grad": "torch.float32 (2,) [1.0, 1.0] rg=False",
    "fn(lambda ctx, g: (g, 'a'), lambda ctx, x, c: x * c).apply(x, c).sum().backward(); result = x.grad": "RuntimeError: expected Variable or None (got str)",
    "fn(lambda ctx, g: (g, g[:1]), lambda ctx, x, w: x * w).apply(x, w).sum().backward(); result = x.grad": "RuntimeError: Function FBackward returned an invalid gradient at index 1 - got [1] but expected shape compatible with [2]",
    "fn(lambda ctx, g: (g[:1], g[:1]), lambda ctx, x, w: x * w).apply(x, w).sum().backward(); result = x.grad": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [1] but expected shape compatible with [2]",
    "result = torch.autograd.grad(fn(lambda ctx, g: g.sum()).apply(x).sum(), x)": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [] but expected shape compatible with [2]",
    "result = torch.autograd.grad(fn(lambda ctx, g: g.sum()).apply(x).sum(), x, create_graph=True)": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [] but expected shape compatible with [2]",
    "y = fn(lambda ctx, g: g[:1]).apply(x); y.retain_grad(); y.sum().backward(); result = x.grad": "RuntimeError: Function FBackward returned an invalid gradient at index 0 - got [1] but expected shape compatible with [2]",
}

HOOKS = {
    "y = x * w; y.register_hook(lambda g: g[:1].double()); y.sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has changed the type of value (was torch.FloatTensor got torch.DoubleTensor)",
    "x.register_hook(lambda g: g[:1].double()); (x * w).sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has changed the type of value (was torch.FloatTensor got torch.DoubleTensor)",
    "y = x * w; y.grad_fn.register_hook(lambda gi, go: (gi[0], gi[1][:1])); y.sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has changed the size of value",
    "def named(gi, go):\n    return (gi[0][:1], gi[1])\ny = x * w; y.grad_fn.register_hook(named); y.sum().backward(); result = x.grad": "RuntimeError: hook 'named' has changed the size of value",
    "y = x * w; y.grad_fn.register_hook(lambda gi, go: (gi[0], gi[1].double())); y.sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has changed the type of value (was torch.FloatTensor got torch.DoubleTensor)",
    "y = x * w; y.grad_fn.register_hook(lambda gi, go: [gi[0], gi[1]]); y.sum().backward(); result = x.grad": "TypeError: expected tuple, but hook returned 'list'",
    "y = x * w; y.grad_fn.register_hook(lambda gi, go: (gi[0], 3.0)); y.sum().backward(); result = x.grad": "TypeError: expected Variable, but hook returned 'float'",
    "y = x * w; y.grad_fn.register_hook(lambda gi, go: (gi[0],)); y.sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has returned an incorrect number of values (got 1, but expected 2)",
    "y = x * w; y.grad_fn.register_hook(lambda gi, go: (gi[0] * 5, None)); y.sum().backward(); result = (x.grad, w.grad)": "(torch.float32 (2,) [15.0, 20.0] rg=False, None)",
    "y = x * w; y.grad_fn.register_hook(lambda gi, go: gi[0]); y.sum().backward(); result = x.grad": "TypeError: expected tuple, but hook returned 'Tensor'",
    "y = x * 2; y.grad_fn.register_hook(lambda gi, go: (gi[0], torch.ones(2))); y.sum().backward(); result = x.grad": "RuntimeError: can't replace a None gradient with a non-None value",
    "y = x * w; y.grad_fn.register_prehook(lambda go: (go[0][:1],)); y.sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has changed the size of value",
    "y = x * w; y.grad_fn.register_prehook(lambda go: [go[0]]); y.sum().backward(); result = x.grad": "TypeError: expected tuple, but hook returned 'list'",
    "y = x * w; y.grad_fn.register_prehook(lambda go: (go[0], go[0])); y.sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has returned an incorrect number of values (got 2, but expected 1)",
    "y = x * w; y.grad_fn.register_prehook(lambda go: (go[0].double(),)); y.sum().backward(); result = x.grad": "RuntimeError: hook '<lambda>' has changed the type of value (was torch.FloatTensor got torch.DoubleTensor)",
    "y = x * w; y.grad_fn.register_prehook(lambda go: (None,)); y.sum().backward(); result = (x.grad, w.grad)": "(None, None)",
    "y = x * w; y.grad_fn.register_prehook(lambda go: (go[0] * 3,)); y.sum().backward(); result = (x.grad, w.grad)": "(torch.float32 (2,) [9.0, 12.0] rg=False, torch.float32 (2,) [3.0, 6.0] rg=False)",
}

MISC = {
    "a, i = fn(lambda ctx, g, gi: g, lambda ctx, x: (x.clone(), x.argmax())).apply(x); result = (i.requires_grad, i.grad_fn, i.is_leaf, a.grad_fn is not None)": "(False, None, True, True)",
    "a, b, l = fn(lambda ctx, g, gb, gl: g, lambda ctx, x: (x.clone(), x > 1, x.long())).apply(x); result = (b.requires_grad, l.requires_grad, b.grad_fn, a.output_nr)": "(False, False, None, 0)",
    "F = fn(lambda ctx, g, gi: g * gi.float(), lambda ctx, x: (x.clone(), x.long())); a, i = F.apply(x); a.sum().backward(); result = x.grad": "torch.float32 (2,) [0.0, 0.0] rg=False",
    "def fw(ctx, x):\n    ctx.save_for_backward(x, 3)\n    return x * 2\nresult = fn(lambda ctx, g: g, fw).apply(x)": "TypeError: save_for_backward can only save variables, but argument 1 is of type int",
    "def fw(ctx, x):\n    ctx.save_for_backward(None, x, 'a')\n    return x * 2\nresult = fn(lambda ctx, g: g, fw).apply(x)": "TypeError: save_for_backward can only save variables, but argument 2 is of type str",
    "def fw(ctx, x):\n    ctx.save_for_backward(x, 3)\n    return x * 2\nresult = fn(lambda ctx, g: g, fw).apply(c)": "torch.float32 (2,) [10.0, 12.0] rg=False",
    "def fw(ctx, x):\n    out = x.exp()\n    ctx.save_for_backward(out)\n    return out\ndef bw(ctx, g):\n    out, = ctx.saved_tensors\n    return g * out\ny = fn(bw, fw, 'Ex').apply(x); y.mul_(2); y.sum().backward(); result = x.grad": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Ex, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "def fw(ctx, x):\n    out = x.exp()\n    ctx.save_for_backward(out)\n    return out\ndef bw(ctx, g):\n    out, = ctx.saved_tensors\n    return g * out\ny = fn(bw, fw, 'Ex').apply(x); y.sum().backward(); result = x.grad": "torch.float32 (2,) [2.71828, 7.38906] rg=False",
    "def fw(ctx, x):\n    out = x.exp()\n    ctx.save_for_backward(out)\n    return out\ndef bw(ctx, g):\n    out, = ctx.saved_tensors\n    return g * out\ny = fn(bw, fw, 'Ex').apply(x); result = torch.autograd.grad(y.sum(), x, create_graph=True)": "(torch.float32 (2,) [2.71828, 7.38906] rg=True)",
    "def fw(ctx, x):\n    out = x.exp()\n    ctx.save_for_backward(out)\n    return out\ndef bw(ctx, g):\n    out, = ctx.saved_tensors\n    return g * out\ny = fn(bw, fw, 'Ex').apply(x); y.sum().backward(retain_graph=True); y.add_(1); y.sum().backward()": "RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Ex, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).",
    "F = fn(lambda ctx, g: g, lambda ctx, x: x); y = F.apply(c); result = (y is c, y._base is c, y.is_leaf, y.requires_grad, y._is_view())": "(False, True, True, False, True)",
    "F = fn(lambda ctx, g: g, lambda ctx, x: x); y = F.apply(c); y.mul_(2); result = (c, c._version)": "(torch.float32 (2,) [10.0, 12.0] rg=False, 1)",
    "F = fn(lambda ctx, g: g, lambda ctx, x: x)\nwith torch.no_grad():\n    y = F.apply(x)\nresult = (y is x, y._base is x, y.is_leaf, y.requires_grad, y._is_view())": "(False, False, True, False, False)",
    "F = fn(lambda ctx, g: g, lambda ctx, x: x); y = F.apply(x); result = (y is x, y.requires_grad, y.is_leaf)": "(False, True, False)",
    "F = fn(lambda ctx, g: (g * 2, None), lambda ctx, x, n=2: x * n); y = F.apply(x, n=3); y.sum().backward(); result = (y, x.grad)": "(torch.float32 (2,) [3.0, 6.0] rg=True, torch.float32 (2,) [2.0, 2.0] rg=False)",
    "F = fn(lambda ctx, g: g * 2, lambda ctx, x, n=2: x * n); y = F.apply(x, n=3); y.sum().backward(); result = (y, x.grad)": "RuntimeError: function FBackward returned an incorrect number of gradients (expected 2, got 1)",
    "F = fn(lambda ctx, g: (g * 2, None), lambda ctx, x, n=2: x * n); result = F.apply(x=x, n=3)": "torch.float32 (2,) [3.0, 6.0] rg=True",
    "F = fn(lambda ctx, g: g * 2, lambda ctx, x, n=2: x * n); result = F.apply(x, m=3)": "TypeError: forward() got an unexpected keyword argument 'm'",
    "F = fn(lambda ctx, g: g, lambda ctx, x, a=1, b=2: x * a); result = F.apply(x, b=5)": "TypeError: forward() missing required argument: 'a' (position 1)",
    "F = fn(lambda ctx, g: (g, None, None), lambda ctx, x, a=1, b=2: x * a * b); result = F.apply(x, 3, b=5)": "torch.float32 (2,) [15.0, 30.0] rg=True",
    "def fw(ctx, x, *, k=1):\n    return x * k\nresult = fn(lambda ctx, g: g, fw).apply(x, k=3)": "TypeError: forward() got an unexpected keyword argument 'k'",
    "def fw(ctx, x, **kw):\n    return x * 2\nresult = fn(lambda ctx, g: g, fw).apply(x, z=3)": "TypeError: forward() got an unexpected keyword argument 'z'",
    "def fw(ctx, x, n=2):\n    return x * n\nresult = fn(lambda ctx, g: (g, None), fw).apply(c, n=x)": "torch.float32 (2,) [5.0, 12.0] rg=True",
    "F = fn(lambda ctx, g: g); f = F(); result = type(f).__name__": "'F' | warns: <class 'F'> should not be instantiated. Methods on autograd ",
    "F = fn(lambda ctx, g: g); result = F()(x)": "RuntimeError: Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function) | warns: <class 'F'> should not be instantiated. Methods on autograd ",
}

GOLDENS = {**VALIDATION, **HOOKS, **MISC}


@pytest.mark.parametrize("code", list(GOLDENS))
def test_custom_function_and_hooks_match_the_golden(code: str) -> None:
    assert outcome(engine, FN + code) == GOLDENS[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", list(GOLDENS))
def test_custom_function_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, FN + code) == GOLDENS[code]


_SHAPES = st.lists(st.integers(1, 3), min_size=0, max_size=3).map(tuple)
_DTYPES = st.sampled_from(["float32", "float64", "int64"])


def _returned_gradient(torch: ModuleType, input_shape: tuple, grad_shape: tuple, dtype: str) -> str:
    """A Function whose backward returns a gradient of ``grad_shape``."""
    code = (
        f"def bw(ctx, g):\n    return torch.ones({grad_shape}, dtype=torch.{dtype})\n"
        f"x = torch.ones({input_shape}, requires_grad=True)\n"
        "fn(bw, lambda ctx, x: x * 2).apply(x).sum().backward()\n"
        "result = x.grad"
    )
    return outcome(torch, FN + code)


def _hook_gradient(torch: ModuleType, kind: str, input_shape: tuple, grad_shape: tuple) -> str:
    """A hook of ``kind`` that replaces the gradient by one of ``grad_shape``."""
    new = f"torch.ones({grad_shape})"
    hook = {
        "tensor": f"y.register_hook(lambda g: {new})",
        "post": f"y.grad_fn.register_hook(lambda gi, go: ({new}, gi[1]))",
        "pre": f"y.grad_fn.register_prehook(lambda go: ({new},))",
    }[kind]
    code = (
        f"x = torch.ones({input_shape}, requires_grad=True)\n"
        f"y = x * torch.ones({input_shape}, requires_grad=True)\n"
        f"{hook}\n"
        "y.sum().backward()\n"
        "result = x.grad"
    )
    return outcome(torch, FN + code)


@settings(max_examples=120, deadline=None)
@given(input_shape=_SHAPES, grad_shape=_SHAPES, dtype=_DTYPES)
def test_a_wrongly_shaped_gradient_never_lands_in_grad(
    input_shape: tuple, grad_shape: tuple, dtype: str
) -> None:
    text = _returned_gradient(engine, input_shape, grad_shape, dtype)
    assert "invalid gradient" in text or f"{input_shape} " in text


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(input_shape=_SHAPES, grad_shape=_SHAPES, dtype=_DTYPES)
def test_returned_gradients_as_torch(
    input_shape: tuple, grad_shape: tuple, dtype: str, real_torch: ModuleType
) -> None:
    assert _returned_gradient(engine, input_shape, grad_shape, dtype) == _returned_gradient(
        real_torch, input_shape, grad_shape, dtype
    )


@pytest.mark.torch
@settings(max_examples=120, deadline=None)
@given(kind=st.sampled_from(["tensor", "post", "pre"]), input_shape=_SHAPES, grad_shape=_SHAPES)
def test_hook_gradients_as_torch(
    kind: str, input_shape: tuple, grad_shape: tuple, real_torch: ModuleType
) -> None:
    assert _hook_gradient(engine, kind, input_shape, grad_shape) == _hook_gradient(
        real_torch, kind, input_shape, grad_shape
    )
