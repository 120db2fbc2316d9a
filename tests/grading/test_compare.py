"""Comparisons on plain observed data: tolerances, shapes, dtypes, grads, exceptions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.grading.compare import (
    Checks,
    broadcasts_to,
    compare_arrays,
    compare_observed,
    compare_outcomes,
    exception_type_matches,
    explain_shapes,
    tolerances_for,
)
from gradekit.sandbox.protocol import CallOutcome, ExceptionInfo, Observed


def tensor(data, *, dtype=None, **fields):
    array = np.asarray(data, dtype=dtype)
    picture = {
        "exact_type": True,
        "dtype": str(array.dtype),
        "shape": tuple(array.shape),
        "data": array,
        "requires_grad": False,
        "is_leaf": True,
        "grad_fn": None,
        "retains_grad": False,
    }
    picture.update(fields)
    return Observed("tensor", picture.pop("type", "torch.Tensor"), **picture)


def python(value):
    return Observed("python", type(value).__name__, value=value)


def sequence(kind, *items):
    return Observed("sequence", kind, items=tuple(items))


def ok(value, **extra):
    return CallOutcome("ok", value=value, **extra)


def raised(type_name, message):
    return CallOutcome("raised", exception=ExceptionInfo(type_name, message))


# --- tolerances ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dtype", "expected"),
    [
        ("float16", (1e-3, 1e-5)),
        ("float32", (1.3e-6, 1e-5)),
        ("torch.float64", (1e-7, 1e-7)),
        ("int64", (0.0, 0.0)),
        ("bool", (0.0, 0.0)),
    ],
)
def test_default_tolerances_follow_assert_close(dtype, expected):
    assert tolerances_for(dtype) == expected


@settings(max_examples=200, deadline=None)
@given(
    dtype=st.sampled_from(["float16", "float32", "float64"]),
    base=st.floats(-1e3, 1e3, allow_nan=False),
    scale=st.floats(0.0, 3.0),
)
def test_float_tolerance_boundary(dtype, base, scale):
    """An error of ``scale`` × the allowed amount passes iff it is within the allowance."""
    rtol, atol = tolerances_for(dtype)
    expected = np.array([base]).astype(dtype)
    allowed = atol + rtol * abs(float(expected[0]))
    got = expected.astype(np.float64) + scale * allowed
    difference = compare_arrays(expected, got)
    if scale < 0.99:
        assert difference is None
    if scale > 1.01:
        assert difference is not None
        assert difference.max_abs_error == pytest.approx(scale * allowed, rel=1e-6)
        assert (difference.rtol, difference.atol) == (rtol, atol)


@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(st.integers(-100, 100), min_size=1, max_size=20),
    flip=st.integers(0, 19),
)
def test_integers_compare_exactly(values, flip):
    expected = np.array(values, dtype=np.int64)
    assert compare_arrays(expected, expected.copy()) is None
    got = expected.copy()
    index = flip % len(values)
    got[index] += 1
    difference = compare_arrays(expected, got)
    assert difference is not None
    assert difference.mismatched == 1
    assert difference.indices == [[index]]
    assert difference.max_abs_error == 1.0


def test_value_difference_reports_statistics_and_indices():
    expected = np.zeros((3, 4), dtype=np.float32)
    got = expected.copy()
    got[1, 2] = 0.5
    got[2, 0] = -2.0
    difference = compare_arrays(expected, got)
    assert difference.mismatched == 2
    assert difference.total == 12
    assert difference.indices == [[1, 2], [2, 0]]
    assert difference.max_abs_error == 2.0
    assert difference.message == "2 of 12 elements of result differ, the first at index (1, 2)"
    got[2, 0] = 0.0
    assert compare_arrays(expected, got).message == (
        "1 of 12 elements of result differs, at index (1, 2)"
    )


def test_nan_matches_nan_but_not_numbers():
    expected = np.array([np.nan, 1.0])
    assert compare_arrays(expected, np.array([np.nan, 1.0])) is None
    assert compare_arrays(expected, np.array([0.0, 1.0])) is not None
    assert compare_arrays(np.array([np.inf]), np.array([-np.inf])) is not None


def test_override_tolerances():
    assert compare_arrays(np.array([1.0]), np.array([1.05]), rtol=0.1, atol=0) is None
    assert compare_arrays(np.array([1.0]), np.array([1.05])) is not None


# --- shapes and broadcasting -------------------------------------------------------------

shapes = st.lists(st.integers(1, 4), min_size=0, max_size=4).map(tuple)


@settings(max_examples=200, deadline=None)
@given(shape=shapes, target=shapes)
def test_broadcasts_to_agrees_with_numpy(shape, target):
    try:
        numpy_says = np.broadcast_shapes(shape, target) == target
    except ValueError:
        numpy_says = False
    assert broadcasts_to(shape, target) == numpy_says


@settings(max_examples=200, deadline=None)
@given(expected=shapes, got=shapes)
def test_shape_explanation_names_every_differing_dim(expected, got):
    text = explain_shapes(expected, got)
    if expected == got:
        assert "both shapes" in text
        return
    ndim = max(len(expected), len(got))
    padded_e = (None,) * (ndim - len(expected)) + expected
    padded_g = (None,) * (ndim - len(got)) + got
    for dim, (e, g) in enumerate(zip(padded_e, padded_g, strict=True)):
        mention = f"dim {dim - ndim} "
        assert (mention in text) == (e != g)
    assert ("broadcast to" in text or "broadcasts to" in text) == (
        broadcasts_to(got, expected) or broadcasts_to(expected, got)
    )


def test_shape_explanation_missing_broadcast():
    text = explain_shapes((2, 3), (1, 3))
    assert "(1, 3) would broadcast to (2, 3)" in text
    assert "dim -2 (expected 2, got 1)" in text


def test_tensor_shape_mismatch_carries_explanation():
    differences = compare_observed(tensor(np.zeros((2, 3))), tensor(np.zeros((3, 2))), Checks())
    assert [d.check for d in differences] == ["shape"]
    assert "Both hold 6 elements" in differences[0].explanation


def test_reshape_ok_compares_flat_values():
    expected = tensor(np.arange(6.0).reshape(2, 3))
    assert compare_observed(expected, tensor(np.arange(6.0)), Checks(reshape_ok=True)) == []
    differences = compare_observed(expected, tensor(np.arange(6.0)[::-1]), Checks(reshape_ok=True))
    assert [d.check for d in differences] == ["value"]


# --- other tensor properties ---------------------------------------------------------------


def test_dtype_difference_explains_int_vs_float():
    differences = compare_observed(
        tensor([1.0, 2.0], dtype=np.float32), tensor([1, 2], dtype=np.int64), Checks()
    )
    assert [d.check for d in differences] == ["dtype"]
    assert "Integer result where a float was expected" in differences[0].explanation


def test_subclass_is_rejected_when_exact_type_checked():
    got = tensor([1.0], exact_type=False, type="cheat.AlwaysEqual")
    differences = compare_observed(tensor([1.0]), got, Checks())
    assert [d.check for d in differences] == ["type"]
    assert compare_observed(tensor([1.0]), got, Checks(exact_type=False)) == []


def test_grad_fn_requires_grad_and_is_leaf():
    expected = tensor([1.0], requires_grad=True, is_leaf=False, grad_fn="MulBackward0")
    got = tensor([1.0], requires_grad=False, is_leaf=True, grad_fn=None)
    checks = Checks(requires_grad=True, is_leaf=True, grad_fn=True)
    assert {d.check for d in compare_observed(expected, got, checks)} == {
        "requires_grad",
        "is_leaf",
        "grad_fn",
    }
    assert compare_observed(expected, got, Checks()) == []


def test_non_tensor_result():
    differences = compare_observed(tensor([1.0]), sequence("list", python(1.0)), Checks())
    assert differences[0].check == "type"
    assert "torch.Tensor float64 (1,)" in differences[0].message


def test_python_values():
    assert compare_observed(python(True), python(True), Checks()) == []
    assert compare_observed(python(True), python(1), Checks())[0].check == "type"
    assert compare_observed(python(2.5), python(2.5 + 1e-12), Checks()) == []
    assert compare_observed(python(2.5), python(2.6), Checks())[0].max_abs_error == pytest.approx(
        0.1
    )


def test_torch_size_and_tuple_are_interchangeable():
    size = sequence("torch.Size", python(2))
    assert compare_observed(size, sequence("tuple", python(2)), Checks()) == []
    assert compare_observed(size, sequence("list", python(2)), Checks())[0].check == "type"
    [difference] = compare_observed(size, sequence("tuple", python(3)), Checks())
    assert difference.subject == "result[0]"


# --- whole outcomes ------------------------------------------------------------------------


def test_grads_compared_by_name():
    expected = ok(tensor([1.0]), grads={"x": tensor([2.0, 4.0])})
    good = ok(tensor([1.0]), grads={"x": tensor([2.0, 4.0])})
    wrong = ok(tensor([1.0]), grads={"x": tensor([2.0, 5.0])})
    missing = ok(tensor([1.0]), grads={"x": None})
    checks = Checks(grads=("x",))
    assert compare_outcomes(expected, good, checks) == []
    [difference] = compare_outcomes(expected, wrong, checks)
    assert (difference.check, difference.subject, difference.indices) == ("grad", "x.grad", [[1]])
    [difference] = compare_outcomes(expected, missing, checks)
    assert "no gradient reached x" in difference.message


def test_unchanged_and_mutated_inputs():
    expected = ok(None, inputs_after={"t": tensor([1.0, 2.0])})
    modified = ok(None, inputs_after={"t": tensor([1.0, 9.0])})
    assert compare_outcomes(expected, modified, Checks(unchanged=("t",)))[0].check == "unchanged"
    assert compare_outcomes(expected, modified, Checks(mutated=("t",)))[0].check == "mutated"
    assert compare_outcomes(expected, expected, Checks(unchanged=("t",))) == []


def test_raises_type_and_message():
    expected = raised("RuntimeError", "size mismatch")
    right = raised("RuntimeError", "size mismatch at 1")
    assert compare_outcomes(expected, right, Checks(raises_match="size mismatch")) == []
    assert compare_outcomes(expected, right, Checks(raises_match="^nope")) != []
    assert (
        "ValueError" in compare_outcomes(expected, raised("ValueError", "x"), Checks())[0].message
    )
    returned = ok(tensor([1.0]))
    assert "but it returned" in compare_outcomes(expected, returned, Checks())[0].message
    # The spec can demand an exception the reference need not be asked about.
    assert compare_outcomes(ok(None), right, Checks(raises="RuntimeError")) == []


def test_student_exception_when_reference_returns():
    got = raised("IndexError", "index 8 is out of bounds")
    [difference] = compare_outcomes(ok(tensor([1.0])), got, Checks())
    assert difference.check == "raises"
    assert "IndexError: index 8 is out of bounds" in difference.message


@pytest.mark.parametrize("status", ["timeout", "crashed", "missing", "invalid"])
def test_error_statuses(status):
    [difference] = compare_outcomes(ok(tensor([1.0])), CallOutcome(status), Checks())
    assert difference.check == "status"
    assert difference.got == status


def test_grad_fn_name_from_the_spec_overrides_the_reference():
    expected = tensor([1.0], grad_fn="MulBackward0")
    got = tensor([1.0], grad_fn="AddBackward0")
    assert compare_observed(expected, got, Checks(grad_fn=True, grad_fn_name="AddBackward0")) == []


# --- raises on subclasses -------------------------------------------------------------------


def _builtin_exception_classes() -> list[type[BaseException]]:
    import builtins

    return [
        value
        for value in vars(builtins).values()
        if isinstance(value, type) and issubclass(value, BaseException)
    ]


@pytest.mark.parametrize(
    ("got", "wanted"),
    [
        ("IndexError", "LookupError"),
        ("KeyError", "builtins.LookupError"),
        ("ZeroDivisionError", "ArithmeticError"),
        ("FileNotFoundError", "OSError"),
        ("NotImplementedError", "RuntimeError"),
        ("ValueError", "Exception"),
        ("builtins.UnicodeDecodeError", "ValueError"),
    ],
)
def test_a_raises_check_accepts_a_builtin_subclass(got, wanted):
    assert compare_outcomes(ok(None), raised(got, "boom"), Checks(raises=wanted)) == []


@pytest.mark.parametrize(
    ("got", "wanted"),
    [
        ("LookupError", "IndexError"),  # a base class is not a subclass
        ("KeyboardInterrupt", "Exception"),  # BaseException only
        ("TypeError", "ValueError"),
        ("exercise.MyError", "ValueError"),  # its bases are unknown outside the sandbox
    ],
)
def test_a_raises_check_rejects_what_is_not_a_subclass(got, wanted):
    (difference,) = compare_outcomes(ok(None), raised(got, "boom"), Checks(raises=wanted))
    assert difference.check == "raises"
    assert f"expected {wanted} (or a subclass)" in difference.message


def test_an_exception_the_reference_raised_must_match_by_name():
    """Without a `raises` check the student must raise what torch raises, not a subclass."""
    expected = raised("LookupError", "nope")
    differences = compare_outcomes(expected, raised("IndexError", "nope"), Checks())
    assert [difference.check for difference in differences] == ["raises"]


@given(st.sampled_from(_builtin_exception_classes()), st.sampled_from(_builtin_exception_classes()))
def test_subclass_rule_agrees_with_issubclass_for_every_builtin(got, wanted):
    assert exception_type_matches(got.__name__, wanted.__name__) == issubclass(got, wanted)
    assert exception_type_matches(got.__name__, wanted.__name__, subclasses=False) == (
        got is wanted
    )


def test_a_subclass_with_the_wrong_message_is_not_called_the_expected_exception():
    """The starter's bare NotImplementedError, where a RuntimeError with a message is wanted."""
    checks = Checks(raises="RuntimeError", raises_match="only change requires_grad")
    (difference,) = compare_outcomes(ok(None), raised("NotImplementedError", ""), checks)
    assert difference.message == (
        "raised NotImplementedError (a kind of RuntimeError), but its message does not match "
        "/only change requires_grad/"
    )
    (exact,) = compare_outcomes(ok(None), raised("RuntimeError", "other"), checks)
    assert exact.message.startswith("raised RuntimeError as expected, but its message")


@pytest.mark.parametrize(
    ("expected", "got", "says"),
    [
        (
            tensor([1.0]),
            Observed("ndarray", "numpy.ndarray", dtype="float32", shape=(1,)),
            "torch.from_numpy",
        ),
        (tensor([1.0, 2.0]), sequence("list", python(1.0), python(2.0)), "not a tensor"),
        (tensor(1.0), python(1.0), "without `.item()`"),
        (python(True), tensor(True), "`.item()` gives the number or bool"),
    ],
)
def test_a_result_of_another_kind_says_how_to_convert_it(expected, got, says):
    (difference,) = compare_observed(expected, got, Checks())
    assert difference.check == "type"
    assert says in difference.explanation
