"""The engine tour a warm zygote runs after its warm-up (``child.tour_engine``) leaves nothing
a submission could see: no option, no random number drawn, no node numbers used, no warning
(Python's registries, the engine's warn-once keys), no module imported, no cache entry. That
a toured zygote's runs equal a plain zygote's is checked in test_zygote_warm_up.py."""

from __future__ import annotations

import sys
import warnings
from typing import Any

import numpy as np
import pytest

import gradekit.engine as torch  # (not installed as `torch`: other tests import real torch)
from gradekit.sandbox import child
from gradekit.sandbox.protocol import ArgSpec, Call, Capture


def engine_state() -> dict[str, Any]:
    """What of the engine's (and Python's warning machinery's) process-wide state student
    code can read or be affected by."""
    from gradekit.engine import errors, indexing, printing
    from gradekit.engine.autograd import grad_mode, graph
    from gradekit.engine.ops import creation, pointwise

    generator = creation.default_generator
    return {
        "grad": (grad_mode.enabled, grad_mode.inference),
        "default dtype": torch.get_default_dtype(),
        "print options": printing._OPTIONS.as_dict(),
        "seed": generator._seed,
        "random stream": (
            None
            if generator._twister is None
            else (
                generator._twister.state["state"]["key"].tobytes(),
                generator._twister.state["state"]["pos"],
            )
        ),
        "cached normal": dict(generator._next_normal),
        "next node number": repr(graph._sequence),
        "next hook id": repr(graph.RemovableHandle._next_id),
        "user code in graphs": graph.user_code_in_graphs,
        "warned once": set(errors._warned_once),
        "constant caches": (dict(pointwise._FLOAT32_ARRAYS), dict(pointwise._FLOAT64_ARRAYS)),
        "index plans": dict(indexing._BASIC_PLANS),
        "modules": set(sys.modules),
        "warning registries": {
            name: dict(vars(module).get("__warningregistry__") or {})
            for name, module in list(sys.modules.items())
            if module is not None and "__warningregistry__" in getattr(module, "__dict__", {})
        },
        "warning filters": list(warnings.filters),
        "once registry": dict(warnings.onceregistry),
        "numpy errors": np.geterr(),
    }


@pytest.mark.parametrize("autograd", [False, True])
def test_the_tour_leaves_no_trace(autograd: bool) -> None:
    torch.tensor([1.0, 2.0]) * 3  # (a first use of the engine, not the tour's)
    before = engine_state()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        child.tour_engine(list(child.TOUR_DTYPES), autograd=autograd)
    assert [str(warning.message) for warning in caught] == []
    assert engine_state() == before


@pytest.mark.parametrize("name", child.TOUR_DTYPES)
def test_every_dtype_tours_without_an_error(name: str) -> None:
    """tour_engine skips a dtype whose tour fails (it is only a saving): none does."""
    for autograd in (False, True):
        child._tour_tensors(torch, getattr(torch, name), autograd=autograd)


def test_the_tour_takes_its_dtypes_from_the_calls() -> None:
    int_matrix = ArgSpec.tensor(np.arange(6, dtype=np.int64).reshape(2, 3))
    calls = [
        Call("a", "f", args={"t": ArgSpec.tensor(np.zeros(3, np.float64)), "k": ArgSpec.python(2)}),
        Call("b", "f", args={"pair": ArgSpec.tuple_of([int_matrix, ArgSpec.python(1.5)])}),
        Call("c", "f", args={"t": ArgSpec.tensor(np.zeros(2, np.bool_))}),  # no tour for bools
    ]
    assert child.tour_dtypes(calls) == (["float64", "int64"], False)
    leaf = ArgSpec.tensor(np.zeros(2, np.float32), requires_grad=True)
    assert child.tour_dtypes([*calls, Call("d", "f", args={"t": leaf})]) == (
        ["float64", "int64", "float32"],
        True,
    )
    seeded = Call("e", "f", capture=Capture(backward=ArgSpec.tensor(np.float32(1.0))))
    assert child.tour_dtypes([seeded]) == ([], True)
