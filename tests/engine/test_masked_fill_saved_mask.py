"""``masked_fill`` / ``masked_fill_`` save the caller's mask, as torch does (derivatives.yaml:
both overloads save ``mask``; issue 2).

The engine used to save a private copy of the (broadcast) mask, so a mask changed in place
between forward and backward went unnoticed (torch raises "one of the variables needed for
gradient computation has been modified by an inplace operation"), and a second backward
without ``retain_graph`` ran where torch raises "Trying to backward through the graph a
second time".
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

# Each program ends with ``result``: what is compared (values as lists, or the error).
PROGRAMS = {
    "scalar value, mask changed": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
m = torch.tensor([True, False, True])
y = x.masked_fill(m, 0.0)
m[0] = False
y.sum().backward()
result = x.grad
""",
    "tensor value, mask changed": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = torch.tensor(5.0, requires_grad=True)
m = torch.tensor([True, False, True])
y = x.masked_fill(m, v)
m.copy_(m.logical_not())
y.sum().backward()
result = v.grad
""",
    "only the value needs a gradient, mask changed": """
x = torch.tensor([1.0, 2.0, 3.0])
v = torch.tensor(5.0, requires_grad=True)
m = torch.tensor([True, False, True])
y = x.masked_fill(m, v)
m[1] = True
y.sum().backward()
result = v.grad
""",
    "in place, mask changed": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
m = torch.tensor([True, False, True])
z = x.clone()
z.masked_fill_(m, 1.0)
m[1] = True
z.sum().backward()
result = x.grad
""",
    "in place with a tensor value, mask changed": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = torch.tensor(5.0, requires_grad=True)
m = torch.tensor([True, False, True])
z = x * 2
z.masked_fill_(m, v)
m.zero_()
z.sum().backward()
result = v.grad
""",
    "broadcast mask, changed": """
x = torch.ones(2, 3, requires_grad=True)
m = torch.tensor([True, False, True])
y = x.masked_fill(m, 0.0)
m[2] = False
y.sum().backward()
result = x.grad
""",
    "broadcast mask, unchanged": """
x = torch.ones(2, 3, requires_grad=True)
m = torch.tensor([True, False, True])
y = x.masked_fill(m, 0.0) * torch.tensor([[1.0], [2.0]])
y.sum().backward()
result = x.grad
""",
    "mask changed before the forward pass": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
m = torch.tensor([True, False, True])
m[0] = False
y = x.masked_fill(m, 0.0)
y.sum().backward()
result = x.grad
""",
    "mask a view of a changed base": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
base = torch.tensor([[True, False, True], [False, False, False]])
y = x.masked_fill(base[0], 0.0)
base[1, 0] = True
y.sum().backward()
result = x.grad
""",
    "a second backward": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.masked_fill(torch.tensor([True, False, True]), 0.0)
y.sum().backward()
y.sum().backward()
result = x.grad
""",
    "a second backward with retain_graph": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.masked_fill(torch.tensor([True, False, True]), 0.0)
y.sum().backward(retain_graph=True)
y.sum().backward()
result = x.grad
""",
    "nothing needs a gradient, mask changed": """
x = torch.tensor([1.0, 2.0, 3.0])
m = torch.tensor([True, False, True])
y = x.masked_fill(m, 0.0)
m[0] = False
result = (y, y.requires_grad)
""",
    "double backward, mask changed after the first": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
m = torch.tensor([True, False, True])
y = (x * x).masked_fill(m, 0.0)
(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
names = (g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())
m[1] = True
g.sum().backward()
result = (names, x.grad)
""",
    "double backward, mask unchanged": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = torch.tensor(2.0, requires_grad=True)
m = torch.tensor([False, True, True])
y = (x * x).masked_fill(m, v * v)
(gx, gv) = torch.autograd.grad(y.sum(), (x, v), create_graph=True)
(gx.sum() + gv).backward()
result = (x.grad, v.grad, gv)
""",
}

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def run(module: Any, program: str) -> str:
    """The program's ``result`` (tensors as lists), or its error as ``Type: message``."""
    namespace = {"torch": module}
    try:
        exec(program, namespace)
    except Exception as error:  # noqa: BLE001 - the error is the outcome compared
        return _ADDRESS.sub("0x…", f"{type(error).__name__}: {error}")
    return repr(_plain(namespace["result"]))


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if hasattr(value, "tolist") and hasattr(value, "dtype"):
        return (value.tolist(), str(value.dtype))
    return value


GOLDEN = {
    "scalar value, mask changed": (
        "RuntimeError: one of the variables needed for gradient computation has been modified "
        "by an inplace operation: [CPUBoolType [3]] is at version 1; expected version 0 "
        "instead. Hint: enable anomaly detection to find the operation that failed to compute "
        "its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False)."
    ),
    "a second backward with retain_graph": "([0.0, 2.0, 0.0], 'torch.float32')",
    "broadcast mask, unchanged": "([[0.0, 1.0, 0.0], [0.0, 2.0, 0.0]], 'torch.float32')",
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_engine_answers_as_recorded(name: str) -> None:
    assert run(engine, PROGRAMS[name]) == GOLDEN[name]


@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_saved_mask_behaves_as_torch(name: str, real_torch) -> None:
    ours, theirs = run(engine, PROGRAMS[name]), run(real_torch, PROGRAMS[name])
    assert ours == theirs


def test_the_saved_mask_is_the_callers_tensor() -> None:
    x = engine.ones(2, 3, requires_grad=True)
    mask = engine.tensor([True, False, True])
    for y in (x.masked_fill(mask, 0.0), x.masked_fill(mask, engine.tensor(1.0))):
        (saved,) = y.grad_fn.saved_tensors
        assert saved is mask
    z = x * 1
    z.masked_fill_(engine.tensor([[True], [False]]).expand(2, 3), 2.0)
    (saved,) = z.grad_fn.saved_tensors
    assert saved.shape == (2, 3) and saved._base is not None


def test_nothing_is_saved_when_nothing_is_recorded() -> None:
    x = engine.ones(3)
    assert x.masked_fill(engine.tensor([True, False, True]), 0.0).grad_fn is None


@st.composite
def _mask_case(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], list[bool], bool]:
    """A tensor shape, a mask shape that broadcasts to it, the mask's values, and whether
    the fill value is a tensor."""
    shape = tuple(draw(st.lists(st.integers(1, 3), min_size=1, max_size=3)))
    trailing = draw(st.integers(0, len(shape)))
    kept = shape[len(shape) - trailing :]
    mask_shape = tuple(1 if draw(st.booleans()) else size for size in kept)
    count = int(np.prod(mask_shape)) if mask_shape else 1
    values = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    return shape, mask_shape, values, draw(st.booleans())


@pytest.mark.torch
@settings(max_examples=60, deadline=None)
@given(case=_mask_case(), change=st.booleans(), inplace=st.booleans())
def test_broadcast_masks_against_torch(case, change: bool, inplace: bool, real_torch) -> None:
    shape, mask_shape, values, tensor_value = case
    program = f"""
x = torch.arange(1.0, {int(np.prod(shape))} + 1.0).reshape({shape}).requires_grad_()
v = torch.tensor(3.0, requires_grad=True)
m = torch.tensor({values}).reshape({mask_shape})
value = v if {tensor_value} else 3.0
if {inplace}:
    y = x * 1
    y.masked_fill_(m, value)
else:
    y = x.masked_fill(m, value)
if {change}:
    m.copy_(m.logical_not())
(y * y).sum().backward()
result = (y, x.grad, v.grad)
"""
    ours, theirs = run(engine, program), run(real_torch, program)
    assert ours == theirs
