"""torch's Tensor methods without parameters (C's METH_NOARGS), captured from torch by
``tools/gen_no_arguments.py`` into ``gradekit/engine/ops/no_arguments.py``: the list is
torch's, and the engine's methods that refuse arguments word it as torch does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import gradekit.engine as engine
from gradekit.engine.ops import overloads
from gradekit.engine.ops.no_arguments import NO_ARGUMENTS

TOOLS = Path(__file__).resolve().parents[2] / "tools"


@pytest.mark.torch
def test_the_captured_methods_without_parameters_are_torchs(real_torch) -> None:
    sys.path.insert(0, str(TOOLS))
    try:
        from gen_no_arguments import no_argument_methods
    finally:
        sys.path.remove(str(TOOLS))
    assert NO_ARGUMENTS == frozenset(no_argument_methods(real_torch))


def test_a_method_without_parameters_refuses_arguments_in_torchs_words() -> None:
    # (``x.log1p`` and the other methods made by elementwise's wrapper take ``*args``; the
    # captured list is torch's, so "signbit_", which torch lacks, is not in it)
    assert "log1p" in NO_ARGUMENTS and "signbit_" not in NO_ARGUMENTS
    with pytest.raises(TypeError, match=r"^TensorBase\.log1p\(\) takes no arguments \(1 given\)$"):
        engine.ones(2).log1p(1)


def test_methods_without_parameters_have_no_listing() -> None:
    # (torch's C methods: the parser never sees their arguments, CPython refuses them)
    for name in ("trace", "det", "inverse", "fliplr", "t_"):
        assert overloads.method_listing(name) == ()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("x.trace(1)", "TensorBase.trace() takes no arguments (1 given)"),
        ("x.trace(foo=1)", "TensorBase.trace() takes no keyword arguments"),
        ("x.msort(1, 2)", "TensorBase.msort() takes no arguments (2 given)"),
    ],
)
def test_methods_taking_surplus_arguments_refuse_them_as_torch(call: str, message: str) -> None:
    # (goldens: torch 2.13's messages for these calls; the twin below runs them on torch)
    x = engine.ones(2, 2)
    with pytest.raises(TypeError) as raised:
        eval(call, {"x": x})
    assert str(raised.value) == message


@pytest.mark.torch
@pytest.mark.parametrize(
    "call", ["x.trace(1)", "x.trace(foo=1)", "x.msort(1, 2)", "x.log1p(1)", "x.expm1_(1, 2)"]
)
def test_methods_taking_surplus_arguments_as_live_torch(call: str, real_torch) -> None:
    outcomes = []
    for module in (engine, real_torch):
        with pytest.raises(TypeError) as raised:
            eval(call, {"x": module.ones(2, 2)})
        outcomes.append(str(raised.value))
    assert outcomes[0] == outcomes[1]
