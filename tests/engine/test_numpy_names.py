"""numpy's names for torch's parameters: ``axis`` for ``dim``, ``keepdims`` for ``keepdim``.

torch's argument parser (``numpy_compatibility_arg_names``) takes them as keywords for every
parser-bound function and Tensor method (``x.sum(axis=0, keepdims=True)``, ``torch.cat(ts,
axis=1)``); torch's Python-level functions do not (``x.norm(axis=0)``, ``F.softmax(x,
axis=0)``). The engine takes them through trailing positional parameters and
``ops/arguments.py: numpy_names`` (see docs/engine-internals.md).

The differential tests compare value, dtype, grad_fn and errors (type and message) with
torch; the others run without torch: a numpy name computes exactly what torch's name
computes, and a few golden values.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

# The parser-bound functions of the engine's subset with a dim (name -> the arguments of a
# right call, with {dim} where the dim goes, keepdim taken too?).
WITH_KEEPDIM = "sum mean max min argmax argmin amax amin all any".split()
FUNCTIONS = {
    **{name: "{dim}" for name in WITH_KEEPDIM},
    "count_nonzero": "{dim}",
    "softmax": "{dim}",
    "log_softmax": "{dim}",
    "unsqueeze": "{dim}",
    "squeeze": "{dim}",
    "gather": "{dim}, index=J",
    "index_select": "{dim}, index=I",
    "select": "{dim}, index=0",
    "narrow": "{dim}, start=0, length=1",
    "take_along_dim": "K, {dim}",
    "chunk": "2, {dim}",
    "unbind": "{dim}",
}
JOINING = "cat stack concat concatenate".split()  # (functions only: a list of tensors first)


def _calls(name: str, template: str) -> list[str]:
    """Right and wrong calls of ``name`` with numpy's names, as the function and the method."""
    with_dim, axis = template.format(dim="1"), template.format(dim="axis=1")
    wrong_type = template.format(dim="axis='a'")
    snippets = []
    for head, first in ((f"torch.{name}(", "A, "), (f"A.{name}(", "")):
        snippets += [
            f"{head}{first}{axis})",  # axis alone
            f"{head}{first}{template.format(dim='axis=-1')})",
            f"{head}{first}{template.format(dim='axis=5')})",  # out of range: the dim's error
            f"{head}{first}{wrong_type})",
            f"{head}{first}{with_dim}, axis=0)",  # positional + axis
            f"{head}{first}{template.format(dim='dim=1')}, axis=0)",  # both names
        ]
        if name in WITH_KEEPDIM:
            snippets += [
                f"{head}{first}{axis}, keepdims=True)",
                f"{head}{first}{with_dim}, keepdims=True)",
                f"{head}{first}{axis}, keepdim=True)",
                f"{head}{first}{axis}, keepdims=1)",  # keepdim takes a bool only
                f"{head}{first}{axis}, keepdim=True, keepdims=True)",
                f"{head}{first}{with_dim}, True, keepdims=True)",
                f"{head}{first}keepdims=True)",  # keepdim without a dim
            ]
    return snippets


def cases() -> list[str]:
    snippets = []
    for name, template in FUNCTIONS.items():
        snippets += _calls(name, template)
    for name in JOINING:
        snippets += [
            f"torch.{name}([A, A], axis=1)",
            f"torch.{name}((A, A), axis=-1)",
            f"torch.{name}([A, A], axis=5)",
            f"torch.{name}([A, A], axis='a')",
            f"torch.{name}([A, A], 1, axis=1)",
            f"torch.{name}([A, A], dim=1, axis=1)",
            f"torch.{name}(tensors=[A, A], axis=1)",
        ]
    return snippets + [
        # torch's Python-level functions take no numpy names
        "A.norm(axis=0)",
        "torch.norm(A, axis=0)",
        "A.split(1, axis=0)",
        "torch.split(A, 1, axis=0)",
        "torch.nn.functional.softmax(A, axis=0)",
        "torch.nn.functional.log_softmax(A, axis=0)",
        # a surplus positional argument is never taken for axis
        "A.unsqueeze(0, 1)",
        "torch.unsqueeze(A, 0, 1)",
        "torch.sum(A, 0, True, torch.float64)",
        "A.softmax(0, None, 1)",
        "A.squeeze(axis=0)",
        "A3.squeeze(axis=1)",
        "A3.squeeze(axis=(1, 2))",
        "A.squeeze(0, axis=1)",
        "A.squeeze(axis=None)",
        "A.sum(axis=(0, 1))",
        "A.sum(axis=0, dtype=torch.float64)",
        "torch.argmax(A, axis=None)",
    ]


def namespace(module: Any) -> dict[str, Any]:
    return {
        "torch": module,
        "A": module.tensor([[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]], requires_grad=True),
        "A3": module.ones(2, 1, 1),
        "I": module.tensor([1, 0]),
        "J": module.tensor([[1, 0, 2], [0, 0, 1]]),
        "K": module.tensor([[2], [0]]),
    }


def describe(value: Any) -> Any:
    """A comparable picture of a result: a tensor's values, dtype and grad_fn name."""
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, [describe(item) for item in value])
    if hasattr(value, "grad_fn"):
        grad_fn = None if value.grad_fn is None else type(value.grad_fn).__name__
        # (rounded: softmax's float32 sums may differ from torch's in the last place)
        rounded = np.round(value.detach().numpy().astype(np.float64), 5) + 0.0
        return (rounded.tolist(), str(value.dtype), grad_fn)
    return repr(value)


def outcome(module: Any, snippet: str) -> Any:
    try:
        return describe(eval(snippet, namespace(module)))
    except Exception as error:  # noqa: BLE001 - the exception is the outcome compared
        return f"{type(error).__name__}: {error}"


# Calls whose words the engine cannot know (docs/engine-internals.md, "numpy's names"): one
# parameter under both names, in a function with several overloads, whose message lists the
# call's arguments. torch saw the torch name by position or by keyword, and (four keywords
# and more) listed them in its hash map's order; the engine sees only the values.
AMBIGUOUS = {
    *(f"torch.{name}(A, 1, axis=0)" for name in "mean max min all any count_nonzero".split()),
    *(f"A.{name}(1, axis=0)" for name in "all any count_nonzero".split()),
    *(f"A.{name}(1, True, keepdims=True)" for name in "max min all any".split()),
    *(f"torch.{name}(A, 1, True, keepdims=True)" for name in "all any".split()),
    "torch.squeeze(A, 1, axis=0)",
    "torch.narrow(A, 1, start=0, length=1, axis=0)",
    "torch.narrow(A, dim=1, start=0, length=1, axis=0)",
    "A.narrow(1, start=0, length=1, axis=0)",
    "A.narrow(dim=1, start=0, length=1, axis=0)",
}


@pytest.mark.torch
@pytest.mark.parametrize("snippet", cases())
def test_numpy_names_answer_as_torch(snippet: str, real_torch) -> None:
    ours, theirs = outcome(engine, snippet), outcome(real_torch, snippet)
    if snippet in AMBIGUOUS:  # the same error, with the arguments listed another way
        name = snippet.split("(")[0].split(".")[-1]
        combination = f"TypeError: {name}() received an invalid combination of arguments - got ("
        assert ours.startswith(combination) and theirs.startswith(combination)
        listing = [line for line in ours.splitlines() if line.startswith(" * ")]
        assert listing == [line for line in theirs.splitlines() if line.startswith(" * ")]
        assert ours != theirs, "answers as torch now: remove it from AMBIGUOUS"
    else:
        assert ours == theirs


@pytest.mark.torch
@settings(max_examples=60, deadline=None)
@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=4),
    data=st.data(),
    name=st.sampled_from(WITH_KEEPDIM),
    keepdims=st.booleans(),
)
def test_reductions_with_axis_and_keepdims_as_torch(
    shape: list[int], data: st.DataObject, name: str, keepdims: bool, real_torch
) -> None:
    axis = data.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    values = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) % 5 - 2
    results = []
    for module in (engine, real_torch):
        x = module.tensor(values, requires_grad=name not in ("argmax", "argmin", "all", "any"))
        results.append(describe(getattr(x, name)(axis=axis, keepdims=keepdims)))
    assert results[0] == results[1]


def _same(first: Any, second: Any) -> None:
    """Bit-identical results: values, dtype, shape and grad_fn class."""
    if isinstance(first, tuple):
        assert type(first) is type(second) and len(first) == len(second)
        for a, b in zip(first, second, strict=True):
            _same(a, b)
        return
    assert first.dtype == second.dtype
    assert first._data.shape == second._data.shape
    assert first._data.tobytes() == second._data.tobytes()
    assert type(first.grad_fn) is type(second.grad_fn)


@settings(max_examples=80, deadline=None)
@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=4),
    data=st.data(),
    name=st.sampled_from([*WITH_KEEPDIM, "count_nonzero", "softmax", "log_softmax"]),
    keepdims=st.booleans(),
    as_method=st.booleans(),
)
def test_axis_computes_what_dim_computes(
    shape: list[int], data: st.DataObject, name: str, keepdims: bool, as_method: bool
) -> None:
    """The numpy names are another way into the same body: the results are identical."""
    dim = data.draw(st.integers(-len(shape), len(shape) - 1), label="dim")
    values = np.linspace(-3, 3, int(np.prod(shape)), dtype=np.float32).reshape(shape)
    x = engine.tensor(values, requires_grad=name not in ("argmax", "argmin", "all", "any"))
    call = getattr(x, name) if as_method else lambda **kw: getattr(engine, name)(x, **kw)
    if name in WITH_KEEPDIM:
        _same(call(axis=dim, keepdims=keepdims), call(dim=dim, keepdim=keepdims))
        _same(call(dim=dim, keepdims=keepdims), call(dim=dim, keepdim=keepdims))
    else:
        _same(call(axis=dim), call(dim=dim))


@settings(max_examples=40, deadline=None)
@given(
    shapes=st.integers(1, 3).flatmap(
        lambda ndim: st.lists(st.integers(1, 3), min_size=ndim, max_size=ndim)
    ),
    data=st.data(),
    name=st.sampled_from(["cat", "stack", "unsqueeze", "squeeze", "unbind", "chunk"]),
)
def test_axis_of_the_shape_ops_computes_what_dim_computes(
    shapes: list[int], data: st.DataObject, name: str
) -> None:
    extra = 1 if name in ("stack", "unsqueeze") else 0  # (a new dim may go at the end)
    dim = data.draw(st.integers(-len(shapes) - extra, len(shapes) - 1 + extra), label="dim")
    x = engine.ones(*shapes, requires_grad=True) * 2
    if name in ("cat", "stack"):
        _same(getattr(engine, name)([x, x], axis=dim), getattr(engine, name)([x, x], dim=dim))
    elif name == "chunk":
        _same(x.chunk(2, axis=dim), x.chunk(2, dim=dim))
    else:
        _same(getattr(x, name)(axis=dim), getattr(x, name)(dim=dim))


# --- golden values (no torch needed) ---------------------------------------------------------


def test_golden_values_of_numpy_names() -> None:
    x = engine.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert x.sum(axis=0).tolist() == [5.0, 7.0, 9.0]
    assert x.mean(axis=1, keepdims=True).tolist() == [[2.0], [5.0]]
    assert engine.max(x, axis=0).indices.tolist() == [1, 1, 1]
    assert x.argmax(axis=1).tolist() == [2, 2]
    assert engine.cat([x, x], axis=1).shape == (2, 6)
    assert engine.stack([x, x], axis=1).shape == (2, 2, 3)
    assert x.unsqueeze(axis=0).shape == (1, 2, 3)
    assert x.softmax(axis=0).sum(0).tolist() == pytest.approx([1.0, 1.0, 1.0])
    index = engine.tensor([[2, 0], [1, 1]])
    assert engine.gather(x, axis=1, index=index).tolist() == [[3.0, 1.0], [5.0, 5.0]]
    assert x.unsqueeze(1).squeeze(axis=1).shape == (2, 3)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda x: x.sum(0, axis=1), "sum() got an unexpected keyword argument 'axis'"),
        (lambda x: x.softmax(dim=0, axis=1), "softmax() got an unexpected keyword argument 'axis'"),
        (lambda x: x.sum(axis=0, keepdims=1), "sum(): argument 'keepdim' must be bool, not int"),
        (
            lambda x: x.unsqueeze(0, 1),
            "unsqueeze() takes 1 positional argument but 2 were given",
        ),
    ],
)
def test_golden_errors_of_numpy_names(call: Any, message: str) -> None:
    with pytest.raises(TypeError) as raised:
        call(engine.ones(2, 3))
    assert str(raised.value) == message
