"""bool flags (``keepdim``, ``equal_nan``) given anything but a bool, and ``x.sum(keepdim=True)``
without a dim: torch's parser refuses them; the engine ran most of them (``x.max(1,
keepdim='a')`` kept the dim, ``x.argmax(1, keepdim=0)`` dropped it, ``torch.isclose(A, A,
equal_nan=1)`` compared, ``x.sum(keepdim=True)`` summed every dim and kept them).

The engine checks a flag with ``is`` where it branches on it anyway, and words the refusal
on the error path, where the caller's call instruction tells a keyword from a position
(``arguments.call_shape``): ``x.sum(1, keepdim='a')`` is ``argument 'keepdim' must be
bool``, ``x.sum(1, 'a')`` ``argument 'keepdim' (position 2) must be bool``, as in torch.

The differential tests compare type and message (or the value's repr) with torch; the
others hold the engine to torch's answers recorded here, without torch.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from argument_sweep import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.engine.ops import arguments

NOT_BOOLS = ["'a'", "1", "0", "None", "np.True_", "1.0"]
TEMPLATES = [
    "A.sum(1, keepdim={v})",
    "torch.sum(A, 1, {v})",
    "A.sum(dim=1, keepdim={v})",
    "A.sum(None, {v})",
    "A.mean(1, keepdim={v})",
    "torch.mean(A, 1, {v})",
    "A.mean(dim=(0, 1), keepdim={v})",
    "A.mean((), {v})",
    "A.max(1, keepdim={v})",
    "A.max(1, {v})",
    "torch.max(A, 1, {v})",
    "A.min(1, keepdim={v})",
    "A.argmax(1, keepdim={v})",
    "torch.argmax(A, 1, {v})",
    "A.argmin(None, {v})",
    "A.argmin(1, keepdim={v})",
    "A.amax(1, keepdim={v})",
    "torch.amin(A, 1, {v})",
    "A.all(1, keepdim={v})",
    "A.any(1, keepdim={v})",
    "torch.any(A, 1, {v})",
    "torch.norm(A, 2, 1, keepdim={v})",
    "A.norm(2, 1, {v})",
    "torch.linalg.vector_norm(A, 2, 1, {v})",
    "torch.linalg.vector_norm(A, 2, 1, keepdim={v})",
    "torch.linalg.norm(A, 2, 1, {v})",
    "torch.linalg.norm(A, 2, 1, keepdim={v})",
    "torch.isclose(A, A, 1e-05, 1e-08, equal_nan={v})",
    "torch.allclose(A, A, equal_nan={v})",
    "A.isclose(A, equal_nan={v})",
]
CALLS = [template.format(v=value) for template in TEMPLATES for value in NOT_BOOLS]
# The calls without a dim, and the right calls beside them.
DIM_ABSENT = [
    "A.sum(keepdim=True)",
    "torch.sum(A, keepdim=True)",
    "A.mean(keepdim=True)",
    "torch.mean(A, keepdim=True)",
    "torch.mean(input=A, keepdim=True)",
    "A.max(keepdim=True)",
    "A.max(None, True)",
    "A.sum(None, True)",
    "A.sum(dim=None, keepdim=True)",
    "torch.sum(A, None, keepdim=True)",
    "A.mean(None, True)",
    "A.mean((), True)",
    "A.argmax(keepdim=True)",
    "A.argmax(None, True)",
    "A.sum(1, keepdim=True)",
    "A.mean(dim=1, keepdim=True)",
    "A.max(1, keepdim=True)",
    "A.argmin(dim=1, keepdim=False)",
    "torch.isclose(A, A, equal_nan=True)",
]


# A falsy keepdim that is not False (an int 0, None), which numpy takes: sum and mean ran
# them as False until their ``if keepdim:`` became ``if keepdim is not False:`` (the branch
# that checks ``keepdim is not True``): measured in docs/engine-internals.md.
FALSY_NOT_BOOL = {
    "A.sum(1, keepdim=0)": "TypeError: sum(): argument 'keepdim' must be bool, not int",
    "torch.sum(A, 1, 0)": "TypeError: sum(): argument 'keepdim' (position 3) must be bool, not int",
    "A.sum(dim=1, keepdim=0)": "TypeError: sum(): argument 'keepdim' must be bool, not int",
    "A.sum(None, 0)": "TypeError: sum(): argument 'keepdim' (position 2) must be bool, not int",
    "A.sum(None, None)": (
        "TypeError: sum(): argument 'keepdim' (position 2) must be bool, not NoneType"
    ),
    "A.mean(1, keepdim=0)": "TypeError: mean(): argument 'keepdim' must be bool, not int",
    "torch.mean(A, 1, 0)": (
        "TypeError: mean() received an invalid combination of arguments - got (Tensor, int, "
        "int), but expected one of:\n * (Tensor input, *, torch.dtype dtype = None, Tensor out "
        "= None)\n * (Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype "
        "dtype = None, Tensor out = None)\n"
    ),
    "A.mean(dim=(0, 1), keepdim=0)": "TypeError: mean(): argument 'keepdim' must be bool, not int",
    "A.mean(dim=(0, 1), keepdim=None)": (
        "TypeError: mean(): argument 'keepdim' must be bool, not NoneType"
    ),
    "A.mean((), 0)": "TypeError: mean(): argument 'keepdim' (position 2) must be bool, not int",
    "A.mean((), None)": (
        "TypeError: mean(): argument 'keepdim' (position 2) must be bool, not NoneType"
    ),
}


@pytest.mark.torch
@pytest.mark.parametrize("snippet", CALLS + DIM_ABSENT)
def test_flags_answer_as_torch(snippet: str, real_torch) -> None:
    assert outcome(engine, snippet) == outcome(real_torch, snippet)


def test_the_falsy_flags_are_in_the_sweep() -> None:
    assert set(FALSY_NOT_BOOL) <= set(CALLS)


@pytest.mark.parametrize("snippet", sorted(FALSY_NOT_BOOL))
def test_a_falsy_keepdim_is_refused_as_recorded(snippet: str) -> None:
    assert outcome(engine, snippet) == FALSY_NOT_BOOL[snippet]


# torch 2.13's answers (the differential test above checks the same calls against torch)
RECORDED = {
    "A.max(1, keepdim='a')": "TypeError: max(): argument 'keepdim' must be bool, not str",
    "A.max(1, 'a')": "TypeError: max(): argument 'keepdim' (position 2) must be bool, not str",
    "A.argmax(1, keepdim=0)": "TypeError: argmax(): argument 'keepdim' must be bool, not int",
    "torch.argmax(A, 1, None)": (
        "TypeError: argmax(): argument 'keepdim' (position 3) must be bool, not NoneType"
    ),
    "A.sum(1, keepdim=1)": "TypeError: sum(): argument 'keepdim' must be bool, not int",
    "A.mean((), np.True_)": (
        "TypeError: mean(): argument 'keepdim' (position 2) must be bool, not numpy.bool"
    ),
    "torch.norm(A, 2, 1, keepdim='a')": (
        "TypeError: linalg_vector_norm(): argument 'keepdim' (position 4) must be bool, not str"
    ),
    "torch.linalg.vector_norm(A, 2, 1, keepdim=1.0)": (
        "TypeError: linalg_vector_norm(): argument 'keepdim' must be bool, not float"
    ),
    "torch.isclose(A, A, 1e-05, 1e-08, equal_nan='a')": (
        "TypeError: isclose(): argument 'equal_nan' must be bool, not str"
    ),
    "torch.allclose(A, A, equal_nan=1)": (
        "TypeError: allclose(): argument 'equal_nan' must be bool, not int"
    ),
    "A.max(None, True)": "TypeError: max(): argument 'dim' (position 1) must be int, not NoneType",
    "A.sum(None, True)": "tensor([[1.7500]])",
    "A.mean(None, True)": "tensor([[0.2917]])",
    "A.argmax(keepdim=True)": "tensor([[2]])",
}


@pytest.mark.parametrize("snippet", sorted(RECORDED))
def test_flags_answer_as_recorded(snippet: str) -> None:
    assert outcome(engine, snippet) == RECORDED[snippet]


@pytest.mark.parametrize(
    ("snippet", "given"),
    [
        ("A.sum(keepdim=True)", "keepdim=bool, "),
        ("torch.sum(A, keepdim=True)", "Tensor, keepdim=bool"),
        ("A.mean(keepdim=True)", "keepdim=bool, "),
        ("torch.mean(A, keepdim=True)", "Tensor, keepdim=bool"),
    ],
)
def test_keepdim_without_dim_is_refused_as_torch_refuses_it(snippet: str, given: str) -> None:
    name = "sum" if "sum" in snippet else "mean"
    answer = outcome(engine, snippet)
    assert answer.startswith(
        f"TypeError: {name}() received an invalid combination of arguments - got ({given}), "
        "but expected one of:"
    ), answer


def test_a_call_whose_keywords_cannot_be_read_keeps_the_old_answer() -> None:
    """``**keywords`` and ``functools.partial`` hide how the call was made (the caller's
    instruction is CALL_FUNCTION_EX, or the caller is C): where the instruction does not
    show keepdim, or does not fit the body (no input among its arguments), the engine takes
    the call as ``x.sum(None, True)``, as before (torch refuses some of these)."""
    A = engine.tensor([[1.0, 2.0], [3.0, 4.0]])
    assert A.sum(**{"keepdim": True}).shape == (1, 1)
    assert functools.partial(engine.sum, A, None)(keepdim=True).shape == (1, 1)
    assert functools.partial(engine.sum, A)(keepdim=True).shape == (1, 1)
    assert functools.partial(engine.sum, keepdim=True)(A).shape == (1, 1)
    with pytest.raises(TypeError, match="must be bool, not int"):
        functools.partial(engine.sum, keepdim=1)(A, 1)  # (refused all the same: worded by position)


@settings(max_examples=60, deadline=None)
@given(
    flag=st.one_of(
        st.integers(-3, 3),
        st.floats(allow_nan=False),
        st.text(max_size=3),
        st.none(),
        st.sampled_from([np.True_, np.False_, np.int64(1)]),
    ),
    keyword=st.booleans(),
    name=st.sampled_from("sum mean max min argmax argmin amax amin all any".split()),
)
def test_no_flag_but_a_bool_runs(flag: object, keyword: bool, name: str) -> None:
    A = engine.tensor([[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]])
    method = getattr(A, name)
    with pytest.raises(TypeError) as raised:
        method(1, keepdim=flag) if keyword else method(1, flag)
    where = "" if keyword else " (position 2)"
    expected = f"{name}(): argument 'keepdim'{where} must be bool, not {arguments.type_name(flag)}"
    assert str(raised.value) == expected or str(raised.value).startswith(
        f"{name}() received an invalid combination of arguments"  # (all/any: two overloads)
    )


def test_call_shape_reads_positions_and_keywords() -> None:
    seen = []

    def body(input, dim=None, keepdim=False):  # noqa: A002 - torch's names
        import sys

        seen.append(arguments.call_shape(sys._getframe()))

    body(1, keepdim=True)
    body(1, 2, 3)
    body(keepdim=1, dim=2, input=3)
    body(*(1, 2))
    assert seen == [
        (("input",), ("keepdim",)),
        (("input", "dim", "keepdim"), ()),
        ((), ("keepdim", "dim", "input")),
        None,
    ]
