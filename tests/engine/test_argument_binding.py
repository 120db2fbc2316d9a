"""Argument binding as torch's parser words it, before any op runs.

* Left-out arguments (``x.sub()``, ``torch.sum()``): each method copy made by
  ``arguments.as_method``, and each torch function with several overloads, defaults its
  parameters (after ``self``) to ``errors.REQUIRED`` (``arguments.required_defaults``), so
  the body's handler words torch's "missing ... arguments" or "invalid combination" error.
  ``golden/left_out_arguments.json`` holds torch's answer to ``A.<method>()`` and
  ``torch.<function>()`` for every such one (rewrite it with ``python
  tests/engine/test_argument_binding.py --write``, torch needed); a new method or function
  must join it, so a body that words the call otherwise shows.
"""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from argument_sweep import outcome

import gradekit.engine as engine
from gradekit.engine import errors
from gradekit.engine.ops import arguments
from gradekit.engine.tensor import Tensor

GOLDEN = Path(__file__).resolve().parent / "golden" / "left_out_arguments.json"


def defaulted_methods() -> list[str]:
    """The Tensor methods whose left-out parameters bind to ``errors.REQUIRED``."""
    return sorted(
        name
        for name, method in vars(Tensor).items()
        if type(method) is types.FunctionType
        and not name.startswith("_")
        and errors.REQUIRED in (method.__defaults__ or ())
    )


def defaulted_functions() -> list[str]:
    """The torch functions whose every parameter, the input first, binds to
    ``errors.REQUIRED`` when left out (``arguments.overloaded_functions_required``)."""
    return sorted(
        name
        for name, function in vars(engine).items()
        if type(function) is types.FunctionType
        and not name.startswith("_")
        and len(function.__defaults__ or ()) == function.__code__.co_argcount > 0
        and function.__defaults__[0] is errors.REQUIRED
    )


def calls() -> list[str]:
    methods = [f"A.{name}()" for name in defaulted_methods()]
    return methods + [f"torch.{name}()" for name in defaulted_functions()]


RECORDED = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}


def test_every_defaulted_method_is_recorded() -> None:
    assert set(calls()) <= set(RECORDED), "a new method: rerun test_argument_binding.py --write"


@pytest.mark.parametrize("call", sorted(RECORDED))
def test_a_left_out_argument_is_worded_as_torch_words_it(call: str) -> None:
    assert outcome(engine, call) == RECORDED[call]


@pytest.mark.torch
@pytest.mark.parametrize("call", sorted(RECORDED))
def test_left_out_arguments_as_live_torch(call: str, real_torch) -> None:
    assert outcome(real_torch, call) == RECORDED[call]
    assert outcome(engine, call) == outcome(real_torch, call)


def test_methods_left_to_python_binding_keep_it() -> None:
    for name in arguments.BINDING_LEFT_TO_PYTHON:
        for function in (getattr(Tensor, name, None), getattr(engine, name, None)):
            defaults = getattr(function, "__defaults__", None) or ()
            assert not defaults or defaults[0] is not errors.REQUIRED, name


if __name__ == "__main__" and "--write" in sys.argv:
    import torch

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    recorded = {call: outcome(torch, call) for call in calls()}
    GOLDEN.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(recorded)} calls to {GOLDEN}")


def test_the_stored_invalid_combination_functions_are_the_computed_ones() -> None:
    """The engine's import applies the stored list; a new overloaded function, or a changed
    listing or signature, must be stored again (the list printed by this failure)."""
    computed = arguments.worded_as_invalid_combination(vars(engine))
    assert sorted(arguments.INVALID_COMBINATION_FUNCTIONS) == sorted(computed), " ".join(computed)
