"""In-place exercises: a case whose checks do not look at the returned value (only ``grad``,
``unchanged``, ``mutated``) ignores whatever the entry returns."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from gradekit.grading.compare import Checks, compare_outcomes
from gradekit.sandbox.protocol import CallOutcome, ExceptionInfo, Observed


def tensor(values: list[float]) -> Observed:
    array = np.asarray(values, dtype=np.float32)
    return Observed(
        "tensor",
        "torch.Tensor",
        exact_type=True,
        dtype="float32",
        shape=tuple(array.shape),
        data=array,
        requires_grad=False,
        is_leaf=True,
        grad_fn=None,
        retains_grad=False,
    )


def python(value: object) -> Observed:
    return Observed("python", type(value).__name__, value=value)


MUTATED_ONLY = Checks(value=False, exact_type=False, shape=False, dtype=False, mutated=("t",))
AFTER = {"t": tensor([1.0, 2.0, 3.0])}

returned_values = st.one_of(
    st.none(),
    st.integers(-5, 5).map(python),
    st.text(max_size=5).map(python),
    st.lists(st.floats(-10, 10, width=32), min_size=1, max_size=4).map(tensor),
)


@given(returned_values)
def test_mutated_only_checks_ignore_the_returned_value(returned: Observed | None) -> None:
    expected = CallOutcome("ok", value=python(None), inputs_after=AFTER)
    got = CallOutcome("ok", value=returned, inputs_after=AFTER)
    assert compare_outcomes(expected, got, MUTATED_ONLY) == []


@given(returned_values)
def test_mutated_only_checks_still_see_an_unchanged_input(returned: Observed | None) -> None:
    expected = CallOutcome("ok", value=python(None), inputs_after=AFTER)
    got = CallOutcome("ok", value=returned, inputs_after={"t": tensor([1.0, 9.0, 3.0])})
    [difference] = compare_outcomes(expected, got, MUTATED_ONLY)
    assert difference.check == "mutated"


def test_a_check_of_the_result_still_compares_the_returned_value() -> None:
    expected = CallOutcome("ok", value=python(None), inputs_after=AFTER)
    got = CallOutcome("ok", value=tensor([2.0]), inputs_after=AFTER)
    for checks in (Checks(mutated=("t",)), Checks(value=False, exact_type=True, mutated=("t",))):
        [difference] = compare_outcomes(expected, got, checks)
        assert "expected result to be NoneType None" in difference.message


def test_an_exception_fails_an_in_place_case_even_without_result_checks() -> None:
    expected = CallOutcome("ok", value=python(None), inputs_after=AFTER)
    got = CallOutcome(
        "raised",
        exception=ExceptionInfo("IndexError", "index 9 is out of bounds"),
        inputs_after=AFTER,
    )
    [difference] = compare_outcomes(expected, got, MUTATED_ONLY)
    assert difference.check == "raises"


def test_reads_result_names_every_check_of_the_returned_value() -> None:
    nothing = dict(value=False, exact_type=False, shape=False, dtype=False)
    assert not Checks(**nothing, grads=("x",), unchanged=("t",), mutated=("t",)).reads_result
    for flag in ("value", "exact_type", "shape", "dtype", "requires_grad", "is_leaf", "grad_fn"):
        assert Checks(**{**nothing, flag: True}).reads_result, flag
