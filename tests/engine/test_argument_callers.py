"""How an op's error path knows who called its body (``ops/arguments.py: renamed``).

Aliases (``torch.negative``) and Tensor methods are copies of the function over a copy of
its code object: the same bytecode, so a right call computes exactly what the original
computes, and the error path words a mistake as torch words that alias or method.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
import gradekit.engine.nn.functional as F
from gradekit.engine.ops import arguments, pointwise, views

# Tensor methods whose copy must compute what the function computes (one tensor argument).
UNARY_METHODS = "abs neg negative exp sqrt sin cos tanh sigmoid relu sign square clone t".split()


def test_a_copy_runs_the_same_bytecode_under_its_own_code_object() -> None:
    for copy, original in [
        (engine.negative, pointwise.neg),
        (engine.Tensor.abs, pointwise.abs),
        (engine.swapaxes, views.transpose),
    ]:
        assert copy is not original
        assert copy.__code__ is not original.__code__
        assert copy.__code__.co_code == original.__code__.co_code
        assert copy.__defaults__ == original.__defaults__


def test_copies_are_known_by_their_torch_name_and_kind() -> None:
    try:
        engine.negative(None)
    except TypeError as failure:
        assert str(failure).startswith("negative()")
    try:
        engine.ones(2, 2).mm(None)  # a method numbers its arguments without self
    except TypeError as failure:
        assert str(failure) == "mm(): argument 'mat2' (position 1) must be Tensor, not NoneType"


def test_the_original_function_is_not_registered() -> None:
    try:
        raise TypeError("x")
    except TypeError as failure:
        assert arguments.called_as(failure) is None  # this test's own frame


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(UNARY_METHODS),
    values=st.lists(st.floats(0.125, 10.0, width=32), min_size=1, max_size=6),
    requires_grad=st.booleans(),
)
def test_a_method_copy_computes_what_the_function_computes(
    name: str, values: list[float], requires_grad: bool
) -> None:
    function = getattr(engine, name)
    x = engine.tensor(values, requires_grad=requires_grad)
    by_method, by_function = getattr(x, name)(), function(x)
    assert by_method.dtype == by_function.dtype
    assert np.array_equal(
        by_method.numpy() if not requires_grad else by_method.detach().numpy(),
        by_function.detach().numpy(),
    )
    assert type(by_method.grad_fn) is type(by_function.grad_fn)


@settings(max_examples=60, deadline=None)
@given(
    start=st.integers(-5, 5),
    end=st.one_of(st.none(), st.integers(-5, 5)),
    step=st.one_of(st.none(), st.sampled_from([1, 2, -1, 3, 0.5])),
)
def test_arange_with_its_arguments_left_out_or_given(start: int, end: int | None, step) -> None:
    """arange's left-out arguments are sentinels now (an explicit None is torch's TypeError):
    every way of calling it gives what the one-, two- and three-argument forms give."""
    torch = pytest.importorskip("torch", reason="compares with real torch")
    args = (
        [start] + ([] if end is None else [end]) + ([] if end is None or step is None else [step])
    )
    try:
        expected = torch.arange(*args)
    except Exception as error:  # noqa: BLE001 - the error is compared
        with pytest.raises(type(error)) as raised:
            engine.arange(*args)
        assert str(raised.value) == str(error)
        return
    got = engine.arange(*args)
    assert str(got.dtype) == str(expected.dtype)
    assert got.tolist() == expected.tolist()


@pytest.mark.torch
@pytest.mark.parametrize(
    "snippet",
    [
        "torch.squeeze(A)",
        "torch.squeeze(A, 0)",
        "torch.squeeze(A, (0, 1))",
        "A.squeeze()",
        "A.squeeze(0)",
        "A.squeeze(0, 1)",
        "A.squeeze(dim=0)",
        "torch.squeeze(A, None)",
        "A.squeeze(None)",
        "torch.nn.functional.relu(A, True)",
        "torch.nn.functional.relu(A, inplace=False)",
        "torch.nn.functional.sigmoid(A)",
        "torch.nn.functional.softmax(A, 0)",
        "torch.nn.functional.softmax(A, None)",
        "torch.full_like(A, 2)",
        "torch.full_like(A, None)",
        "torch.eye(None)",
        "torch.eye(2, None)",
        "torch.arange(None)",
        "torch.tensor([1.0, None])",
        "torch.split(A, [1, 0])",
        "torch.index_put(A, (torch.tensor([0]),), torch.tensor(5.0), True)",
    ],
)
def test_reworked_calls_answer_as_torch(snippet: str, real_torch) -> None:
    def run(module):
        names = {"torch": module, "A": module.tensor([[1.0, -2.0]]).reshape(1, 2, 1)}
        try:
            return repr(eval(snippet, names))
        except Exception as error:  # noqa: BLE001 - the error is compared
            return f"{type(error).__name__}: {error}"

    assert run(engine) == run(real_torch)


def test_functional_relu_in_place() -> None:
    x = engine.tensor([-1.0, 2.0])
    assert F.relu(x, inplace=True) is x
    assert x.tolist() == [0.0, 2.0]
