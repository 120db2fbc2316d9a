# ruff: noqa: E501 - goldens: each case and its outcome on one line
"""torch.Size (the differential audit 2's F10): ``(1,) + x.shape``, ``x.shape * 2`` and
``2 * x.shape`` gave plain tuples (torch: a Size), ``x.shape + [4]`` ran (torch: "can only
concatenate tuple (not list) to torch.Size"), ``torch.Size([2.5])`` kept the float and
``torch.Size([torch.tensor(2), 3])`` the tensor (torch converts each item with ``__index__``
or refuses it: left, as a Python ``__new__`` cost ``x.shape`` 23%), and messages named a
'Size' object (torch: 'torch.Size').  The goldens were captured from torch 2.13 with
``audit_outcomes.goldens``: ``python tests/engine/test_audit_sizes.py`` prints them again
(needs torch)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest
from audit_outcomes import goldens, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine

SIZES = {
    "s = torch.zeros(2, 3).shape; result = repr(((1,) + s, s * 2, 2 * s, s + (4,), s + s))": "'(torch.Size([1, 2, 3]), torch.Size([2, 3, 2, 3]), torch.Size([2, 3, 2, 3]), torch.Size([2, 3, 4]), torch.Size([2, 3, 2, 3]))'",
    "s = torch.zeros(2, 3).shape; result = [type(v).__name__ for v in ((1,) + s, s * 2, 2 * s, s + (4,), s + s, s[1:], s * 0, s * True)]": "['Size', 'Size', 'Size', 'Size', 'Size', 'Size', 'Size', 'Size']",
    "s = torch.zeros(2, 3).shape; result = s + [4]": "TypeError: can only concatenate tuple (not list) to torch.Size",
    "s = torch.zeros(2, 3).shape; result = [4] + s": 'TypeError: can only concatenate list (not "torch.Size") to list',
    "s = torch.zeros(2, 3).shape; result = s + 4": "TypeError: can only concatenate tuple (not int) to torch.Size",
    "s = torch.zeros(2, 3).shape; result = s * 2.0": "TypeError: can't multiply sequence by non-int of type 'float'",
    "s = torch.zeros(2, 3).shape; s[0] = 4": "TypeError: 'torch.Size' object does not support item assignment",
    "s = torch.zeros(2, 3).shape; result = repr(torch.Size())": "'torch.Size([])'",
    "s = torch.zeros(2, 3).shape; result = repr(torch.Size(3))": "TypeError: 'int' object is not iterable",
    "s = torch.zeros(2, 3).shape; result = repr(torch.Size([-1, 2]))": "'torch.Size([-1, 2])'",
    "s = torch.zeros(2, 3).shape; result = repr(torch.Size(x for x in (1, 2)))": "'torch.Size([1, 2])'",
    "s = torch.zeros(2, 3).shape; result = (s == (2, 3), s == [2, 3], hash(s) == hash((2, 3)))": "(True, False, True)",
    "s = torch.zeros(2, 3).shape; del s[0]": "TypeError: 'torch.Size' object doesn't support item deletion",
    "s = torch.zeros(2, 3).shape; result = repr((s.count(2), s.index(3), len(s), s.numel(), list(reversed(s))))": "'(1, 1, 2, 6, [3, 2])'",
    "s = torch.zeros(2, 3).shape; result = repr(s[::-1])": "'torch.Size([3, 2])'",
    "s = torch.zeros(2, 3).shape; s += (5,); result = (repr(s), type(s).__name__)": "('torch.Size([2, 3, 5])', 'Size')",
    "s = torch.zeros(2, 3).shape; s *= 2; result = (repr(s), type(s).__name__)": "('torch.Size([2, 3, 2, 3])', 'Size')",
    "s = torch.zeros(2, 3).shape; result = repr(s + torch.Size([4]))": "'torch.Size([2, 3, 4])'",
    "s = torch.Size([2, 3]); result = 4 + s": "TypeError: unsupported operand type(s) for +: 'int' and 'torch.Size'",
    "s = torch.Size([2, 3]); result = 'ab' + s": 'TypeError: can only concatenate str (not "torch.Size") to str',
    "s = torch.Size([2, 3]); result = s + np.array([1])": "array([3, 4])",
    "s = torch.Size([2, 3]); result = repr(s * np.int64(2))": "'torch.Size([2, 3, 2, 3])'",
    "s = torch.Size([2, 3]); result = repr(torch.zeros(s + (1,)).shape)": "'torch.Size([2, 3, 1])'",
    "x = torch.zeros(2, 3); result = repr(torch.zeros((1,) + x.shape[1:]).shape)": "'torch.Size([1, 3])'",
    "x = torch.zeros(2, 3); result = (x.view(x.shape * 1).shape, x.reshape(torch.Size([3, 2])).shape, x.size() == (2, 3))": "((2, 3), (3, 2), True)",
}


@pytest.mark.parametrize("code", sorted(SIZES))
def test_engine_answers_as_the_golden(code: str) -> None:
    assert outcome(engine, code, with_warnings=False) == SIZES[code]


@pytest.mark.torch
@pytest.mark.parametrize("code", sorted(SIZES))
def test_goldens_are_torchs(code: str, real_torch: ModuleType) -> None:
    assert outcome(real_torch, code, with_warnings=False) == SIZES[code]


_ITEMS = st.sampled_from(["2", "0", "1", "3"])  # (items are not converted: a known difference)
_OTHERS = st.sampled_from(["(1,)", "()", "[4]", "4", "2.0", "'ab'", "torch.Size([5])", "True"])


def _run(torch: ModuleType, code: str) -> Any:
    namespace = {"torch": torch, "np": np}
    try:
        value = eval(code, namespace)  # noqa: S307 - the test's own expressions
    except (TypeError, ValueError) as failure:
        return f"{type(failure).__name__}: {failure}"
    return f"{type(value).__name__} {value!r}"


@pytest.mark.torch
@settings(max_examples=200, deadline=None)
@given(
    items=st.lists(_ITEMS, max_size=3),
    other=_OTHERS,
    op=st.sampled_from(["{s} + {o}", "{o} + {s}", "{s} * {o}", "{o} * {s}", "{s}"]),
)
def test_sizes_built_and_combined_as_torch(
    items: list[str], other: str, op: str, real_torch: ModuleType
) -> None:
    code = op.format(s=f"torch.Size([{', '.join(items)}])", o=other)
    assert _run(engine, code) == _run(real_torch, code)


if __name__ == "__main__":  # print the goldens as torch gives them
    import torch

    print("SIZES = {")
    for code, answer in goldens(torch, list(SIZES)).items():
        print(f"    {code!r}: {answer!r},")
    print("}")
