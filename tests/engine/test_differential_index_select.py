"""index_select against real torch: every input shape, dim, index dtype and index rank,
valid or not, gives the same values, gradients and exception (type and message).

torch's CPU kernel reports an out-of-range index in two different ways depending on the
path it takes (see ``gradekit.engine.ops.views.index_select``); these tests pin each path.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import hypothesis.extra.numpy as hnp
import numpy as np
import programs
import pytest
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.torch


def assert_same_on_both(real_torch: ModuleType, engine: ModuleType, body: Any) -> None:
    expected = programs.run_callable(lambda: body(real_torch), real_torch)
    got = programs.run_callable(lambda: body(engine), engine)
    problems = programs.compare_observations(expected, got)
    assert not problems, "engine diverges from torch:\n" + "\n".join(problems)


def select_body(
    source: np.ndarray, transpose: bool, dim: int, index: Any, index_dtype: str, method: bool
) -> Any:
    """A body selecting ``index`` along ``dim`` of ``source`` (optionally transposed)."""

    def body(T: ModuleType) -> dict[str, Any]:
        x = T.from_numpy(source.copy()).requires_grad_()
        viewed = x.transpose(0, 1) if transpose else x
        index_tensor = T.tensor(index, dtype=getattr(T, index_dtype))
        if method:
            out = programs.catch(lambda: viewed.index_select(dim, index_tensor))
        else:
            out = programs.catch(lambda: T.index_select(viewed, dim, index_tensor))
        result: dict[str, Any] = {"out": out}
        if not isinstance(out, programs.Raised):
            result["graph"] = programs.graph_desc(out.grad_fn)
            if out.numel():
                (
                    out * T.arange(1.0, out.numel() + 1, dtype=out.dtype).reshape(out.shape)
                ).sum().backward()
            result["grad"] = x.grad
        return result

    return body


@given(
    shape=hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=3),
    data=st.data(),
)
def test_index_select_values_and_errors(real_torch, engine, shape, data) -> None:
    ndim = len(shape)
    transpose = ndim >= 2 and data.draw(st.booleans(), label="transpose")
    dim = data.draw(st.integers(-max(ndim, 1), max(ndim, 1) - 1), label="dim")
    size = (shape[dim] if ndim else 1) if not transpose or dim % ndim > 1 else shape[1 - dim % ndim]
    values = st.integers(-size - 2, size + 2)
    if data.draw(st.booleans(), label="0-d index"):
        index: Any = data.draw(values, label="index")
    else:
        index = data.draw(st.lists(values, max_size=4), label="index")
    index_dtype = data.draw(st.sampled_from(["int64", "int32"]), label="index dtype")
    method = data.draw(st.booleans(), label="method")
    source = np.arange(float(np.prod(shape)), dtype=np.float32).reshape(shape)
    assert_same_on_both(
        real_torch, engine, select_body(source, transpose, dim, index, index_dtype, method)
    )


# Each row: shape, dim, index — one per path through torch's kernel, all out of range.
KERNEL_PATHS = [
    ((), 0, [1]),  # 0-d input: "index out of range in self"
    ((3,), 0, [-1]),  # 1-d input
    ((0,), 0, [0]),  # empty 1-d input
    ((2, 3), 0, [2]),  # dim 0 of a 2-d input
    ((2, 3), 1, [3]),  # dim 1 fast path: "INDICES element is out of DATA bounds"
    ((2, 3, 4), 1, [0, -1]),  # dim 1 of a 3-d input names the first bad index
    ((2, 3, 4), 2, [4]),  # dim >= 2: the general path again says "index out of range in self"
    ((2, 3, 4, 5), 3, [-5]),
    ((2, 0, 4), 2, [4]),  # an empty input checks every dim with the DATA-bounds message
    ((0, 3), 0, [0]),  # ... unless the indexed dim itself is empty
]


@pytest.mark.parametrize(("shape", "dim", "index"), KERNEL_PATHS)
@pytest.mark.parametrize("index_dtype", ["int64", "int32"])
def test_index_select_out_of_range_paths(real_torch, engine, shape, dim, index, index_dtype):
    source = np.zeros(shape, dtype=np.float32)
    body = select_body(source, False, dim, index, index_dtype, method=True)
    assert_same_on_both(real_torch, engine, body)


ARGUMENT_ERRORS = {
    "2-d float index: rank before dtype": lambda T: T.zeros(3).index_select(0, T.zeros(2, 2)),
    "two float indices into a 0-d input: count before dtype": (
        lambda T: T.tensor(1.0).index_select(0, T.zeros(2))
    ),
    "list index, method": lambda T: T.zeros(2).index_select(0, [0]),
    "list index, function": lambda T: T.index_select(T.zeros(2), 0, [0]),
    "int index, function": lambda T: T.index_select(T.zeros(2), 0, 1),
    "index missing": lambda T: T.zeros(2).index_select(0),
    "dim and index missing": lambda T: T.zeros(2).index_select(),
    "bool index": lambda T: T.zeros(2).index_select(0, T.tensor([True])),
    "dim out of range": lambda T: T.zeros(2, 3).index_select(2, T.tensor([0])),
    "keyword arguments": lambda T: (
        T.arange(6.0).reshape(2, 3).index_select(dim=1, index=T.tensor([2]))
    ),
}


@pytest.mark.parametrize("case", ARGUMENT_ERRORS)
def test_index_select_argument_checks(real_torch, engine, case) -> None:
    make = ARGUMENT_ERRORS[case]
    assert_same_on_both(real_torch, engine, lambda T: {"out": programs.catch(lambda: make(T))})
