# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch.tensor, the legacy constructors and ``dtype=`` arguments as torch 2.13 reads them
(issue 2, the differential audit's R02-R05): lists holding numpy scalars, 0-d tensors or
numpy arrays take torch's dtype (each element's own, promoted), a list of multi-element
tensors is torch's ValueError, ``torch.Tensor(2.5)`` torch's TypeError, and the Python types
``float``/``int``/``bool`` are dtypes wherever a dtype is taken.  The goldens were captured
from torch 2.13 with ``audit_outcomes.goldens``."""

from __future__ import annotations

import functools
from types import ModuleType

import numpy as np
import pytest
from audit_outcomes import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine import dtypes, errors

GOLDEN = {
    "a = np.array([0.1, 0.2]); result = torch.tensor([a.mean(), a.std()])": "torch.float64 (2,) "
    "[0.15, 0.05] rg=False",
    "a = np.array([0.1, 0.2]); result = torch.tensor([a[0], a[1]])": "torch.float64 (2,) [0.1, 0.2] "
    "rg=False",
    "result = torch.DoubleTensor(2.5)": "TypeError: new(): data must be a sequence (got float)",
    "result = torch.FloatTensor(2.5)": "TypeError: new(): data must be a sequence (got float)",
    "result = torch.LongTensor(2.5)": "TypeError: new(): data must be a sequence (got float)",
    "result = torch.LongTensor([np.float64(2.5)])": "torch.int64 (1,) [2] rg=False",
    "result = torch.Tensor('a')": "TypeError: new(): invalid data type 'str'",
    "result = torch.Tensor((2.5, np.float64(1)))": "torch.float32 (2,) [2.5, 1.0] rg=False",
    "result = torch.Tensor(-22.7)": "TypeError: new(): data must be a sequence (got float)",
    "result = torch.Tensor(3).shape": "(3)",
    "result = torch.Tensor(None)": "TypeError: new(): data must be a sequence (got NoneType)",
    "result = torch.Tensor(True)": "TypeError: new(): data must be a sequence (got bool)",
    "result = torch.Tensor([2.5])": "torch.float32 (1,) [2.5] rg=False",
    "result = torch.Tensor(np.array(2.0))": "torch.float32 () 2.0 rg=False",
    "result = torch.Tensor(np.float64(2.5))": "TypeError: new(): data must be a sequence (got "
    "numpy.float64)",
    "result = torch.Tensor(np.int64(2)).shape": "(2)",
    "result = torch.arange(0, np.int64(4), 1)": "torch.int64 (4,) [0, 1, 2, 3] rg=False",
    "result = torch.arange(np.float64(4))": "torch.float32 (4,) [0.0, 1.0, 2.0, 3.0] rg=False",
    "result = torch.arange(np.int32(4))": "torch.int64 (4,) [0, 1, 2, 3] rg=False",
    "result = torch.arange(np.int64(4))": "torch.int64 (4,) [0, 1, 2, 3] rg=False",
    "result = torch.arange(torch.tensor(4))": "torch.int64 (4,) [0, 1, 2, 3] rg=False",
    "result = torch.tensor([(np.float64(1), 2.0)])": "torch.float64 (1, 2) [[1.0, 2.0]] rg=False",
    "result = torch.tensor([1, 2.5, True])": "torch.float32 (3,) [1.0, 2.5, 1.0] rg=False",
    "result = torch.tensor([1.0, np.float64(2)])": "torch.float64 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([True, False])": "torch.bool (2,) [True, False] rg=False",
    "result = torch.tensor([[1, 2], [3, 4]])": "torch.int64 (2, 2) [[1, 2], [3, 4]] rg=False",
    "result = torch.tensor([[1.0, 2.0], [3.0, 4.0]])": "torch.float32 (2, 2) [[1.0, 2.0], [3.0, 4.0]] "
    "rg=False",
    "result = torch.tensor([[1.0, 2.0], [np.float64(3)]])": "ValueError: expected sequence of length "
    "2 at dim 1 (got 1)",
    "result = torch.tensor([[1.0, 2.0], np.array([1.0, 2.0])])": "torch.float64 (2, 2) [[1.0, 2.0], "
    "[1.0, 2.0]] rg=False",
    "result = torch.tensor([[], []])": "torch.float32 (2, 0) [[], []] rg=False",
    "result = torch.tensor([[np.float32(1)], [2]])": "torch.float32 (2, 1) [[1.0], [2.0]] rg=False",
    "result = torch.tensor([[np.float64(1)], []])": "ValueError: expected sequence of length 1 at dim "
    "1 (got 0)",
    "result = torch.tensor([[torch.tensor(1.0)], [torch.tensor(2.0)]])": "torch.float32 (2, 1) "
    "[[1.0], [2.0]] rg=False",
    "result = torch.tensor([])": "torch.float32 (0,) [] rg=False",
    "result = torch.tensor([np.array(1.0), np.array(2.0)])": "TypeError: len() of unsized object",
    "result = torch.tensor([np.array([1, 2], dtype=np.int32), np.array([3, 4], dtype=np.int32)])": "torch.int32 "
    "(2, "
    "2) "
    "[[1, "
    "2], "
    "[3, "
    "4]] "
    "rg=False",
    "result = torch.tensor([np.array([1.0, 2.0]), 3])": "TypeError: not a sequence",
    "result = torch.tensor([np.array([1.0, 2.0]), np.array([3.0, 4.0])])": "torch.float64 (2, 2) "
    "[[1.0, 2.0], [3.0, 4.0]] "
    "rg=False",
    "result = torch.tensor([np.array([1.0, 2.0]), np.array([3.0])])": "ValueError: expected sequence "
    "of length 2 at dim 1 (got 1)",
    "result = torch.tensor([np.array([1.0, 2.0])], dtype=torch.float32)": "torch.float32 (1, 2) "
    "[[1.0, 2.0]] rg=False",
    "result = torch.tensor([np.array([1.0, 2.0], dtype=np.float32), [3.0, 4.0]])": "torch.float32 (2, "
    "2) [[1.0, 2.0], "
    "[3.0, 4.0]] "
    "rg=False",
    "result = torch.tensor([np.array([1.0]), np.array([2.0])])": "torch.float64 (2, 1) [[1.0], [2.0]] "
    "rg=False",
    "result = torch.tensor([np.bool_(True), 2])": "TypeError: 'numpy.bool' object cannot be "
    "interpreted as an integer",
    "result = torch.tensor([np.bool_(True), True])": "torch.bool (2,) [True, True] rg=False",
    "result = torch.tensor([np.float16(1), 2.0])": "torch.float32 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([np.float16(1), 2])": "torch.float16 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([np.float16(1)])": "torch.float16 (1,) [1.0] rg=False",
    "result = torch.tensor([np.float32(1), 2.0])": "torch.float32 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([np.float64(0.1)], dtype=torch.float16)": "torch.float16 (1,) [0.0999756] "
    "rg=False",
    "result = torch.tensor([np.float64(1), 'a'])": "TypeError: new(): invalid data type 'str'",
    "result = torch.tensor([np.float64(1), None])": "RuntimeError: Could not infer dtype of NoneType",
    "result = torch.tensor([np.float64(2.5), 1], dtype=torch.int64)": "torch.int64 (2,) [2, 1] "
    "rg=False",
    "result = torch.tensor([np.float64(3), [1.0]])": "TypeError: must be real number, not list",
    "result = torch.tensor([np.int16(1), np.float16(1)])": "torch.float16 (2,) [1.0, 1.0] rg=False",
    "result = torch.tensor([np.int32(1), 2.5])": "torch.float32 (2,) [1.0, 2.5] rg=False",
    "result = torch.tensor([np.int32(1), 2])": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.tensor([np.int32(1), np.int32(2)])": "torch.int32 (2,) [1, 2] rg=False",
    "result = torch.tensor([np.uint8(1), True])": "torch.uint8 (2,) [1, 1] rg=False",
    "result = torch.tensor([np.uint8(1), np.int8(-2)])": "torch.int16 (2,) [1, -2] rg=False",
    "result = torch.tensor([torch.tensor(1), 2.0])": "torch.float32 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([torch.tensor(1, dtype=torch.int32), 2])": "torch.int64 (2,) [1, 2] "
    "rg=False",
    "result = torch.tensor([torch.tensor(1.0, requires_grad=True), 2])": "torch.float32 (2,) [1.0, "
    "2.0] rg=False",
    "result = torch.tensor([torch.tensor(1.5, dtype=torch.float64), 2.0])": "torch.float64 (2,) [1.5, "
    "2.0] rg=False",
    "result = torch.tensor([torch.tensor(2), 1], dtype=torch.float32)": "torch.float32 (2,) [2.0, "
    "1.0] rg=False",
    "result = torch.tensor([torch.tensor(2, dtype=torch.int32), torch.tensor(3, dtype=torch.int16)])": "torch.int32 "
    "(2,) "
    "[2, "
    "3] "
    "rg=False",
    "result = torch.tensor([torch.tensor(2.5), 1], dtype=torch.int64)": "TypeError: only integer "
    "tensors of a single element "
    "can be converted to an index",
    "result = torch.tensor([torch.tensor([1.0, 2.0]), 3])": "ValueError: only one element tensors can "
    "be converted to Python scalars",
    "result = torch.tensor([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])])": "ValueError: only "
    "one element "
    "tensors can be "
    "converted to "
    "Python scalars",
    "result = torch.tensor([torch.tensor([1.0, 2.0])], dtype=torch.float64)": "ValueError: only one "
    "element tensors can be "
    "converted to Python "
    "scalars",
    "result = torch.tensor([torch.tensor([1.0]), torch.tensor([2.0])])": "torch.float32 (2,) [1.0, "
    "2.0] rg=False",
    "result = torch.tensor([torch.tensor([[1.0]]), torch.tensor([[2.0]])])": "torch.float32 (2,) "
    "[1.0, 2.0] rg=False",
    "result = torch.tensor([torch.zeros(0)])": "ValueError: only one element tensors can be converted "
    "to Python scalars",
    "result = torch.tensor(np.float64(1.5))": "torch.float64 () 1.5 rg=False",
    "t = torch.zeros(2, 2); t[0, 1] = torch.Tensor(-22.7); result = t": "TypeError: new(): data must "
    "be a sequence (got float)",
}
DTYPE_GOLDEN = {
    "result = F.softmax(torch.tensor([1.0, 2.0]), 0, dtype=float)": "torch.float64 (2,) [0.268941, "
    "0.731059] rg=False",
    "result = torch.arange(3, dtype=float)": "torch.float64 (3,) [0.0, 1.0, 2.0] rg=False",
    "result = torch.arange(3, dtype=int)": "torch.int64 (3,) [0, 1, 2] rg=False",
    "result = torch.as_tensor([1, 2], dtype='float32')": "TypeError: as_tensor(): argument 'dtype' "
    "must be torch.dtype, not str",
    "result = torch.as_tensor([1, 2], dtype=float)": "torch.float64 (2,) [1.0, 2.0] rg=False",
    "result = torch.empty(2, dtype=bool).dtype": "torch.bool",
    "result = torch.eye(2, dtype=int)": "torch.int64 (2, 2) [[1, 0], [0, 1]] rg=False",
    "result = torch.full((2,), 1, dtype='float32')": "TypeError: full(): argument 'dtype' must be "
    "torch.dtype, not str",
    "result = torch.full((2,), 1, dtype=float)": "torch.float64 (2,) [1.0, 1.0] rg=False",
    "result = torch.full_like(torch.ones(2), 2, dtype=int)": "torch.int64 (2,) [2, 2] rg=False",
    "result = torch.linalg.vector_norm(torch.tensor([3.0, 4.0]), dtype=float)": "torch.float64 () 5.0 "
    "rg=False",
    "result = torch.linspace(0, 1, 3, dtype=float)": "torch.float64 (3,) [0.0, 0.5, 1.0] rg=False",
    "result = torch.ones(2, dtype=int)": "torch.int64 (2,) [1, 1] rg=False",
    "result = torch.ones_like(torch.ones(2), dtype=float)": "torch.float64 (2,) [1.0, 1.0] rg=False",
    "result = torch.rand(2, dtype=float).dtype": "torch.float64",
    "result = torch.randint(0, 3, (2,), dtype=int).dtype": "torch.int64",
    "result = torch.randn(2, dtype=float).dtype": "torch.float64",
    "result = torch.randperm(3, dtype=float).dtype": "torch.float64",
    "result = torch.sum(torch.tensor([1.0, 2.0]), dtype=float)": "torch.float64 () 3.0 rg=False",
    "result = torch.tensor([1, 2]).sum(dtype=float)": "torch.float64 () 3.0 rg=False",
    "result = torch.tensor([1, 2], dtype='float32')": "TypeError: tensor(): argument 'dtype' must be "
    "torch.dtype, not str",
    "result = torch.tensor([1, 2], dtype=bool)": "torch.bool (2,) [True, True] rg=False",
    "result = torch.tensor([1, 2], dtype=float)": "torch.float64 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([1, 2], dtype=int)": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.tensor([1, 2], dtype=np.float32)": "TypeError: tensor(): argument 'dtype' must be "
    "torch.dtype, not type",
    "result = torch.tensor([1.0, 0.0]).to(bool)": "torch.bool (2,) [True, False] rg=False",
    "result = torch.tensor([1.0, 2.0]).log_softmax(0, dtype=float)": "torch.float64 (2,) [-1.31326, "
    "-0.313262] rg=False",
    "result = torch.tensor([1.0, 2.0]).mean(dtype=float)": "torch.float64 () 1.5 rg=False",
    "result = torch.tensor([1.0, 2.0]).new_tensor([1], dtype=float)": "torch.float64 (1,) [1.0] "
    "rg=False",
    "result = torch.tensor([1.0, 2.0]).new_zeros(2, dtype=float)": "torch.float64 (2,) [0.0, 0.0] "
    "rg=False",
    "result = torch.tensor([1.0, 2.0]).to(dtype=float)": "torch.float64 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([1.0, 2.0]).to(float)": "torch.float64 (2,) [1.0, 2.0] rg=False",
    "result = torch.tensor([1.0, 2.0]).to(int)": "torch.int64 (2,) [1, 2] rg=False",
    "result = torch.tensor([3.0, 4.0]).norm(dtype=float)": "torch.float64 () 5.0 rg=False",
    "result = torch.zeros(2, dtype='float32')": "TypeError: zeros(): argument 'dtype' must be "
    "torch.dtype, not str",
    "result = torch.zeros(2, dtype=float)": "torch.float64 (2,) [0.0, 0.0] rg=False",
    "result = torch.zeros(2, dtype=np.float32)": "TypeError: zeros(): argument 'dtype' must be "
    "torch.dtype, not type",
    "result = torch.zeros_like(torch.ones(2), dtype=int)": "torch.int64 (2,) [0, 0] rg=False",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_constructor_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == GOLDEN[code]


@pytest.mark.parametrize("code", sorted(DTYPE_GOLDEN))
def test_python_type_dtype_matches_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == DTYPE_GOLDEN[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(GOLDEN) + sorted(DTYPE_GOLDEN))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    want = GOLDEN.get(code) or DTYPE_GOLDEN[code]
    assert outcome(real_torch, code, with_warnings=False) == want


@pytest.mark.parametrize(
    "code",
    [
        "torch.arange(3, dtype='float32')",
        "torch.tensor([1.0]).sum(dtype=np.float32)",
        "torch.tensor([1.0]).mean(dtype='float32')",
    ],
)
def test_a_dtype_that_is_no_dtype_is_a_type_error(code: str) -> None:
    # (torch lists these functions' overloads; the engine names the argument: a known
    # difference of wording, but never an internal AttributeError)
    with pytest.raises(TypeError, match="dtype"):
        eval(code, {"torch": engine, "np": np})


@pytest.mark.parametrize(
    ("code", "key"),
    [
        ("torch.tensor([np.array([1.0, 2.0]), np.array([3.0, 4.0])])", "tensor_from_ndarray_list"),
        ("torch.tensor([[1.0, 2.0], np.array([1.0, 2.0])])", "tensor_from_ndarray_list"),
        ("torch.tensor([torch.tensor(1.0, requires_grad=True), 2])", "float_of_requires_grad"),
    ],
)
def test_the_warnings_are_torchs_once_per_process(
    code: str, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(errors, "_warned_once", set())
    with pytest.warns(UserWarning) as caught:
        eval(code, {"torch": engine, "np": np})
        eval(code, {"torch": engine, "np": np})
    assert [str(w.message) for w in caught] == [errors.WARNINGS[key]]


@pytest.mark.torch
def test_the_warning_texts_are_torchs(real_torch: ModuleType) -> None:
    import subprocess
    import sys

    program = (
        "import warnings, numpy as np, torch\n"
        "warnings.simplefilter('always')\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    torch.tensor([np.array([1.0]), np.array([2.0])])\n"
        "    torch.tensor([torch.tensor(1.0, requires_grad=True)])\n"
        "print(repr([str(x.message) for x in w]))\n"
    )
    printed = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    ).stdout
    want = [errors.WARNINGS["tensor_from_ndarray_list"], errors.WARNINGS["float_of_requires_grad"]]
    assert eval(printed) == want


_NUMPY_TYPES = [np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64]
_NUMPY_TYPES += [np.float16, np.float32, np.float64]
_ELEMENTS = st.one_of(
    st.sampled_from(_NUMPY_TYPES).map(lambda kind: kind(1)),
    st.sampled_from([1, 2.5, True]),
    st.sampled_from(["float64", "int32", "float16", "int64"]).map(lambda name: ("tensor", name)),
)


def _build(torch: ModuleType, elements: list) -> list:
    return [
        torch.tensor(1, dtype=getattr(torch, item[1])) if isinstance(item, tuple) else item
        for item in elements
    ]


def _dtype_outcome(torch: ModuleType, elements: list) -> str:
    try:
        return str(torch.tensor(_build(torch, elements)).dtype)
    except TypeError as failure:
        return f"TypeError: {failure}"


def _expected(elements: list) -> str:
    """torch's rule: every element's dtype (a Python float the default dtype), promoted."""
    kinds = []
    for item in elements:
        if isinstance(item, tuple):
            kinds.append(getattr(engine, item[1]))
        elif isinstance(item, np.generic):
            kinds.append(dtypes.from_numpy_dtype(item.dtype))
        else:
            kinds.append(dtypes.scalar_dtype(item))
    found = functools.reduce(engine.promote_types, kinds)
    if found.category == dtypes.INTEGRAL and any(isinstance(item, np.bool_) for item in elements):
        return "TypeError: 'numpy.bool' object cannot be interpreted as an integer"
    return str(found)


@settings(max_examples=150, deadline=None)
@given(elements=st.lists(_ELEMENTS, min_size=1, max_size=4))
def test_a_list_of_mixed_scalars_promotes_each_elements_dtype(elements: list) -> None:
    assert _dtype_outcome(engine, elements) == _expected(elements)


@pytest.mark.torch
@settings(max_examples=150, deadline=None)
@given(elements=st.lists(_ELEMENTS, min_size=1, max_size=4))
def test_a_list_of_mixed_scalars_as_torch(elements: list, real_torch: ModuleType) -> None:
    assert _dtype_outcome(engine, elements) == _dtype_outcome(real_torch, elements)
