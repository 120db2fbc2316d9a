"""Remembered comparisons, fingerprints and summaries equal freshly computed ones.

In a batch, identical answers decode to the same objects, and the comparison with the
reference, the answer fingerprint and the answer summary are remembered by the identity of
what they read. For any outcomes, the remembered result must equal a fresh computation, the
duration and output (which they do not read) must not matter, and a caller changing the
Differences it got must not change what the next caller gets.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.gradebook import answers
from gradekit.grading import compare
from gradekit.grading.compare import Checks, IdentityMemo
from gradekit.sandbox.protocol import CallOutcome, ExceptionInfo, Observed


@st.composite
def observed_values(draw) -> Observed:
    if draw(st.booleans()):
        return Observed("python", "int", value=draw(st.integers(-3, 3)))
    values = draw(st.lists(st.sampled_from([0.0, 1.0, 1.0000001, -2.5, np.nan]), max_size=4))
    data = np.array(values, dtype=draw(st.sampled_from(["float32", "float64"])))
    return Observed(
        "tensor",
        "torch.Tensor",
        exact_type=True,
        dtype=str(data.dtype),
        shape=data.shape,
        data=data,
        requires_grad=draw(st.booleans()),
        is_leaf=True,
        grad_fn=None,
        retains_grad=False,
    )


@st.composite
def outcomes(draw) -> CallOutcome:
    status = draw(st.sampled_from(["ok", "ok", "raised", "timeout"]))
    return CallOutcome(
        status=status,
        value=draw(observed_values()) if status == "ok" else None,
        inputs_after={"t": draw(observed_values())},
        exception=None
        if status == "ok"
        else ExceptionInfo(draw(st.sampled_from(["ValueError", "IndexError"])), "at 0x1f"),
        duration=draw(st.floats(0, 10)),
        stdout=draw(st.text(max_size=5)),
    )


checks_choices = st.sampled_from(
    [Checks(), Checks(unchanged=("t",)), Checks(raises="LookupError"), Checks(value=False)]
)


def differences_picture(differences) -> list:
    return [
        {
            key: (value.tobytes(), str(value.dtype)) if isinstance(value, np.ndarray) else value
            for key, value in vars(difference).items()
        }
        for difference in differences
    ]


@settings(max_examples=120, deadline=None)
@given(expected=outcomes(), got=outcomes(), checks=checks_choices, duration=st.floats(0, 5))
def test_remembered_comparisons_equal_fresh_ones(expected, got, checks, duration) -> None:
    fresh = differences_picture(compare._compare_outcomes(expected, got, checks))
    first = compare.compare_outcomes(expected, got, checks)
    assert differences_picture(first) == fresh
    for difference in first:  # a caller may change what it got...
        difference.message = "changed by a caller"
    # ...the same answer again, in another outcome object with another duration and output
    same_answer = replace(got, duration=duration, stdout="other")
    assert differences_picture(compare.compare_outcomes(expected, same_answer, checks)) == fresh


@settings(max_examples=120, deadline=None)
@given(got=outcomes(), duration=st.floats(0, 5))
def test_remembered_fingerprints_and_summaries_equal_fresh_ones(got, duration) -> None:
    fingerprint = answers._answer_fingerprint(got)
    summary = answers._answer_summary(got)
    for outcome in (got, replace(got, duration=duration, stdout="x"), got):
        assert answers.answer_fingerprint(outcome) == fingerprint
        assert answers.answer_summary(outcome) == summary


def test_an_identity_memo_never_answers_for_other_objects() -> None:
    memo = IdentityMemo(kept=2)
    first, second = [1], [1]  # equal, not identical
    memo.put((first,), "first")
    assert memo.get((first,)) == "first"
    assert memo.get((second,)) is IdentityMemo.MISSING
    memo.put((second,), "second")
    memo.put(([2],), "third")  # full: cleared, then stored
    assert memo.get((first,)) is IdentityMemo.MISSING


def test_a_one_argument_entry_answers_for_that_very_object_only() -> None:
    """get_one/put_one key an entry by one object's id: never for an equal object, never
    for the tuple-keyed entry of the same object, and bounded like the rest."""
    memo = IdentityMemo(kept=2)
    first, second = [1], [1]
    memo.put_one(first, "first")
    assert memo.get_one(first) == "first"
    assert memo.get_one(second) is IdentityMemo.MISSING
    assert memo.get((first,)) is IdentityMemo.MISSING  # (id,) is not id
    memo.put((first,), "tuple")
    assert memo.get_one(first) == "first" and memo.get((first,)) == "tuple"
    memo.put_one(second, "second")  # full: cleared, then stored
    assert memo.get_one(first) is IdentityMemo.MISSING
    assert memo.get_one(second) == "second"


def test_remember_computes_once_per_identical_arguments():
    memo = IdentityMemo()
    first, calls = [1], []

    def compute():
        calls.append(1)
        return "result"

    assert memo.remember((first,), compute) == "result"
    assert memo.remember((first,), compute) == "result"
    assert len(calls) == 1
    assert memo.remember(([1],), compute) == "result"  # equal but not the same object
    assert len(calls) == 2
