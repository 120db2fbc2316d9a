"""torch's argument parser as ``ops/arguments.py`` reproduces it, against torch itself:
sizes spelled every way a student might (hypothesis), and calls that no overload takes."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gradekit.engine as engine

pytestmark = pytest.mark.torch

# An element of a size, by a name both modules can build it from.
ELEMENTS = st.sampled_from(
    [
        "2",
        "0",
        "-1",
        "True",
        "2.0",
        "None",
        "'a'",
        "(2,)",
        "np.int64(3)",
        "np.float64(2)",
        "torch.tensor(3)",
        "torch.tensor(3.0)",
        "torch.tensor([2])",
        "torch.tensor(True)",
    ]
)
FACTORIES = st.sampled_from(
    ["torch.ones", "torch.zeros", "torch.empty", "torch.rand", "torch.ones(1).new_zeros"]
)


@st.composite
def size_calls(draw: st.DrawFn) -> str:
    factory = draw(FACTORIES)
    elements = draw(st.lists(ELEMENTS, max_size=3))
    spelling = draw(st.sampled_from(["varargs", "tuple", "list", "keyword"]))
    if spelling == "varargs":
        arguments = ", ".join(elements)
    elif spelling == "keyword":
        arguments = f"size=({', '.join(elements)}{',' if len(elements) == 1 else ''})"
    elif spelling == "tuple":
        arguments = f"({', '.join(elements)}{',' if len(elements) == 1 else ''})"
    else:
        arguments = f"[{', '.join(elements)}]"
    return f"{factory}({arguments}).shape"


def _outcome(module: Any, snippet: str) -> str:
    try:
        return repr(eval(snippet, {"torch": module, "np": np}))
    except Exception as error:  # the exception is the outcome compared
        return f"{type(error).__name__}: {error}"


@given(size_calls())
def test_a_size_spelled_any_way_answers_as_torch(snippet: str) -> None:
    real_torch = pytest.importorskip("torch", reason="the differential tests need torch")
    if "tensor(True)" in snippet:
        # A bool tensor as a size trips an internal assertion of torch's ("Expected
        # scalar.isIntegral( false) to be true"); the engine reads it as 1 (documented).
        return
    assert _outcome(engine, snippet) == _outcome(real_torch, snippet)


CALLS = [
    "torch.add(X, 'a')",
    "torch.add(X, X, X)",
    "torch.add(X, other=None)",
    "torch.add(X, X, alpha='a')",
    "torch.mul(X, None)",
    "torch.multiply(X, [1])",
    "X.add(None)",
    "X.mul('a')",
    "X.multiply(None)",
    "torch.eq(X, None)",
    "torch.eq(None, X)",
    "torch.eq()",
    "X.eq()",
    "X.ge('a')",
    "torch.cat([X, None])",
    "torch.cat((X, 1), 0)",
    "torch.stack([X, 'a'])",
    "torch.cat(X, 'a')",
    "torch.sum(None)",
    "torch.mean('a', 0)",
    "torch.transpose(X.reshape(1, 2), 'a', 1)",
    "torch.softmax(X, None)",
    "torch.softmax(X, 0, 1)",
    "X.softmax('a')",
    "torch.clamp(X, 'a')",
    "torch.narrow(X, 0, 'a', 1)",
    "torch.gather(X, 0, None)",
    "torch.mm(X.reshape(1, 2), None)",
    "torch.matmul(None, X)",
    "torch.masked_fill(X, X > 1, None)",
    "torch.amax(X, 0, 1)",
    "torch.amin(X, 0, True)",
    # found by the dev profile: rand/randn have two overloads, so torch lists them
    "torch.rand(True, 2)",
    "torch.randn(True, 2)",
    "torch.rand((2,), 3)",
]


@pytest.mark.parametrize("snippet", CALLS)
def test_rejected_calls_answer_as_torch(snippet: str, real_torch) -> None:
    def outcome(module: Any) -> str:
        names = {"torch": module, "X": module.tensor([1.0, 2.0])}
        try:
            return repr(eval(snippet, names))
        except Exception as error:  # the exception is the outcome compared
            return f"{type(error).__name__}: {error}"

    assert outcome(engine) == outcome(real_torch)
