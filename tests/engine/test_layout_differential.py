"""The memory layout of elementwise results against live torch: strides and contiguity of every
binary op over pairs of differently laid-out operands (contiguous, transposed, permuted,
broadcast rows and columns). The layout decides whether reshape/view copy or alias."""

from __future__ import annotations

import itertools
from types import ModuleType

import pytest

pytestmark = pytest.mark.torch

OPS = {
    "add": lambda T, a, b: a + b,
    "sub_alpha": lambda T, a, b: T.sub(a, b, alpha=3),
    "mul": lambda T, a, b: a * b,
    "div": lambda T, a, b: a / b,
    "lt": lambda T, a, b: a < b,
    "pow": lambda T, a, b: a**b,
    "maximum": lambda T, a, b: T.maximum(a, b),
    "where": lambda T, a, b: T.where(a > 1, a, b),
    "remainder": lambda T, a, b: T.remainder(a, b + 1),
    "floor_divide": lambda T, a, b: T.floor_divide(a, b + 1),
    "int_add": lambda T, a, b: a.int() + b.int(),
}
LAYOUTS = {
    "contiguous": lambda x: x,
    "transposed": lambda x: x.transpose(0, 1),
    "permuted": lambda x: x.permute(1, 0, 2),
    "row": lambda x: x[0],
    "column": lambda x: x[:, :1],
}


@pytest.mark.parametrize("op", sorted(OPS))
def test_elementwise_layout_matches_torch(op: str, real_torch: ModuleType, engine: ModuleType):
    checked = 0
    for (left, to_left), (right, to_right) in itertools.product(LAYOUTS.items(), repeat=2):

        def run(T: ModuleType, to_left=to_left, to_right=to_right):
            data = T.arange(18.0).reshape(3, 3, 2)
            return OPS[op](T, to_left(data), to_right(data))

        try:
            expected = run(real_torch)
        except RuntimeError:
            continue  # shapes that do not broadcast
        got = run(engine)
        itemsize = got._data.itemsize
        got_strides = tuple(stride // itemsize for stride in got._data.strides)
        assert (got_strides, got.is_contiguous()) == (
            expected.stride(),
            expected.is_contiguous(),
        ), f"{op}({left}, {right})"
        checked += 1
    assert checked >= 15
