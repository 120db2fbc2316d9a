"""Operators with operands that are not tensors, against real torch.

Python numbers, numpy scalars and arrays, None, strings, lists, tuples and dicts on either
side of every operator: the same result (type, dtype, values) or the same exception (type
and message) and the same warnings as torch.  Complex numbers are out of scope (the engine
has no complex dtype).
"""

from __future__ import annotations

import operator
import warnings
from types import ModuleType
from typing import Any

import numpy as np
import programs
import pytest

pytestmark = pytest.mark.torch

OPERATORS = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
    "**": operator.pow,
    "@": operator.matmul,
    "<": operator.lt,
    "==": operator.eq,
    "&": operator.and_,
}

OPERANDS = {
    "None": lambda: None,
    "str": lambda: "a",
    "list": lambda: [1, 2],
    "tuple": lambda: (1, 2),
    "dict": lambda: {},
    "int": lambda: 3,
    "float": lambda: 2.5,
    "bool": lambda: True,
    "np.float64": lambda: np.float64(2.0),
    "np.float32": lambda: np.float32(2.0),
    "np.int64": lambda: np.int64(2),
    "np.bool_": lambda: np.bool_(True),
    "float64 array": lambda: np.array([1.0, 2.0]),
    "int32 array": lambda: np.array([1, 2], dtype=np.int32),
    "0-d array": lambda: np.array(2.0),
    "bool array": lambda: np.array([True, False]),
}


def observe(f: Any) -> tuple:
    """What a user sees: the value's type, dtype and items, or the exception; the warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = f()
            seen: tuple = (
                type(value).__name__,
                str(getattr(value, "dtype", "")),
                repr(value.tolist()) if hasattr(value, "tolist") else repr(value),
            )
        except Exception as error:  # noqa: BLE001 - the exception is the observation
            seen = (type(error).__name__, str(error).split("\n")[0])
    return seen, sorted({w.category.__name__ for w in caught})


@pytest.mark.parametrize("tensor_dtype", ["int32", "float32"])
@pytest.mark.parametrize("swap", [False, True], ids=["tensor-first", "operand-first"])
@pytest.mark.parametrize("operand", OPERANDS)
@pytest.mark.parametrize("symbol", OPERATORS)
def test_operator_with_foreign_operand(
    real_torch: ModuleType,
    engine: ModuleType,
    symbol: str,
    operand: str,
    swap: bool,
    tensor_dtype: str,
) -> None:
    op = OPERATORS[symbol]

    def run(T: ModuleType) -> Any:
        t = T.tensor([1, 2], dtype=getattr(T, tensor_dtype))
        other = OPERANDS[operand]()
        return op(other, t) if swap else op(t, other)

    assert observe(lambda: run(engine)) == observe(lambda: run(real_torch))


FUNCTION_FORMS = {
    "torch.add(t, None)": lambda T: T.add(T.tensor([1.0]), None),
    "torch.add(None, t)": lambda T: T.add(None, T.tensor([1.0])),
    "t.add(None)": lambda T: T.tensor([1.0]).add(None),
    "torch.mul(t, [1])": lambda T: T.mul(T.tensor([1.0]), [1]),
    "t.mul('a')": lambda T: T.tensor([1.0]).mul("a"),
    "torch.add(t, ndarray)": lambda T: T.add(T.tensor([1.0]), np.array([1.0])),
    "torch.add(t, 2, alpha=3)": lambda T: T.add(T.tensor([1.0]), 2, alpha=3),
    "5 // int32 0-d": lambda T: 5 // T.tensor(7, dtype=T.int32),
    "5 % int32 0-d": lambda T: 5 % T.tensor(7, dtype=T.int32),
    "-5 // int16": lambda T: -5 // T.tensor([7], dtype=T.int16),
    "5.5 % int32": lambda T: 5.5 % T.tensor([2, -3], dtype=T.int32),
    "True - float tensor": lambda T: True - T.tensor([1.0]),
    "float tensor - True": lambda T: T.tensor([1.0]) - True,
    "bool tensor - True": lambda T: T.tensor([True]) - True,
    "np.exp(t)": lambda T: np.exp(T.tensor([1.0, 2.0])),
    "np.sqrt(0-d t)": lambda T: np.sqrt(T.tensor(4.0)),
    "np.greater(t, 1.5)": lambda T: np.greater(T.tensor([1.0, 2.0]), 1.5),
    "np.maximum(t, 0)": lambda T: np.maximum(T.tensor([-1.0, 2.0]), 0),
    "np.sqrt(2) * t": lambda T: np.sqrt(2.0) * T.tensor([1.0, 2.0]),
    "t / np.float64": lambda T: T.tensor([1.0, 2.0]) / np.float64(4.0),
    "ndarray / t": lambda T: np.array([1.0, 2.0]) / T.tensor([1.0, 4.0]),
    "t @ ndarray": lambda T: T.tensor([1.0, 2.0]) @ np.array([1.0, 1.0]),
}


@pytest.mark.parametrize("case", FUNCTION_FORMS)
def test_function_forms_and_numpy_interplay(
    real_torch: ModuleType, engine: ModuleType, case: str
) -> None:
    make = FUNCTION_FORMS[case]
    assert observe(lambda: make(engine)) == observe(lambda: make(real_torch))


# Rounding division and remainder on tensors that require grad: torch records
# NotImplemented (floor_divide, number % tensor), RemainderBackward0/1 and DivBackward2.
ROUNDING_OPS = {
    "x // 2": lambda T, x, y: x // 2,
    "x // y": lambda T, x, y: x // y,
    "2 // x": lambda T, x, y: 2 // x,
    "torch.floor_divide(x, 2)": lambda T, x, y: T.floor_divide(x, 2),
    "x % 2": lambda T, x, y: x % 2,
    "x % y": lambda T, x, y: x % y,
    "x % y, broadcast": lambda T, x, y: x.reshape(2, 1) % y,
    "2 % x": lambda T, x, y: 2 % x,
    "div(x, 2, floor)": lambda T, x, y: T.div(x, 2, rounding_mode="floor"),
    "div(x, y, trunc)": lambda T, x, y: T.div(x, y, rounding_mode="trunc"),
    "int tensor // 2": lambda T, x, y: T.tensor([5, 7]) // 2,
}


@pytest.mark.parametrize("case", ROUNDING_OPS)
def test_rounding_ops_record_torch_nodes(real_torch: ModuleType, engine: ModuleType, case: str):
    def body(T: ModuleType) -> dict:
        x = T.tensor([2.5, -1.5], requires_grad=True)
        y = T.tensor([2.0, 0.7], requires_grad=True)
        out = ROUNDING_OPS[case](T, x, y)
        backward = programs.catch(lambda: out.sum().backward())
        return {
            "repr": repr(out),
            "graph": programs.graph_desc(out.grad_fn),
            "name": None if out.grad_fn is None else out.grad_fn.name(),
            "backward": backward,
            "grads": [x.grad, y.grad],
        }

    expected = programs.run_callable(lambda: body(real_torch), real_torch)
    got = programs.run_callable(lambda: body(engine), engine)
    problems = programs.compare_observations(expected, got)
    assert not problems, "\n".join(problems)


def test_copy_slices_prints_its_class_name(real_torch: ModuleType, engine: ModuleType) -> None:
    def printed(T: ModuleType) -> str:
        x = T.zeros(3, requires_grad=True).clone()
        x[0] = 1
        return repr(x)

    assert printed(engine) == printed(real_torch) == "tensor([1., 0., 0.], grad_fn=<CopySlices>)"
