"""The judge's own machinery can fail: observation encoding and comparison (no torch needed).

These tests use plain numpy/python values and a tiny stand-in module namespace, so they pin
down what ``compare_observations`` treats as equal (torch's assert_close tolerances, nan
equal to nan, address-masked strings) and what it reports (dtype, shape, flags, values
beyond tolerance, missing keys, uncaught exceptions, warnings).
"""

from __future__ import annotations

import math
import warnings
from types import SimpleNamespace

import numpy as np
import programs
from hypothesis import given
from hypothesis import strategies as st


def tensor_observation(values, dtype="torch.float32", **flags):
    array = np.asarray(values)
    observation = {
        "kind": "tensor",
        "dtype": dtype,
        "shape": list(array.shape),
        "values": programs.encode_array(array),
        "requires_grad": False,
        "is_leaf": True,
        "grad_fn": None,
    }
    observation.update(flags)
    return observation


# A namespace standing in for a module: observe() only needs T.Tensor and T.dtype.
class _NoTensor:
    pass


PLAIN = SimpleNamespace(Tensor=_NoTensor, dtype=_NoTensor)


@given(
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=8),
    st.sampled_from(sorted(programs.TOLERANCES)),
)
def test_values_within_half_tolerance_are_equal(values, dtype) -> None:
    rtol, atol = programs.TOLERANCES[dtype]
    nudged = [v + 0.5 * (atol + rtol * abs(v)) for v in values]
    problems = programs.compare_observations(
        tensor_observation(values, dtype), tensor_observation(nudged, dtype)
    )
    assert problems == []


@given(st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=1, max_size=8), st.data())
def test_values_beyond_tolerance_are_reported(values, data) -> None:
    rtol, atol = programs.TOLERANCES["torch.float32"]
    index = data.draw(st.integers(0, len(values) - 1))
    moved = list(values)
    moved[index] += 10 * (atol + rtol * abs(values[index]))
    problems = programs.compare_observations(tensor_observation(values), tensor_observation(moved))
    assert len(problems) == 1 and "values differ" in problems[0]


def test_nan_and_inf_compare_equal_to_themselves_only() -> None:
    special = [math.nan, math.inf, -math.inf, 1.0]
    assert (
        programs.compare_observations(tensor_observation(special), tensor_observation(special))
        == []
    )
    assert programs.compare_observations(
        tensor_observation(special), tensor_observation([math.nan, -math.inf, math.inf, 1.0])
    )


def test_integers_compare_exactly() -> None:
    want = tensor_observation(np.array([1, 2, 3]), "torch.int64")
    assert programs.compare_observations(want, want) == []
    assert programs.compare_observations(
        want, tensor_observation(np.array([1, 2, 4]), "torch.int64")
    )


def test_dtype_shape_and_flags_are_exact() -> None:
    base = tensor_observation([1.0, 2.0])
    assert programs.compare_observations(base, tensor_observation([1.0, 2.0], "torch.float64"))
    assert programs.compare_observations(base, tensor_observation([[1.0, 2.0]]))
    assert programs.compare_observations(base, tensor_observation([1.0, 2.0], is_leaf=False))
    assert programs.compare_observations(
        base, tensor_observation([1.0, 2.0], grad_fn="MulBackward0")
    )


def test_strings_are_exact_after_address_masking() -> None:
    first = programs.observe("<AddBackward0 object at 0x7f00aa>", PLAIN)
    second = programs.observe("<AddBackward0 object at 0x55bb01>", PLAIN)
    assert programs.compare_observations(first, second) == []
    other = programs.observe("<MulBackward0 object at 0x55bb01>", PLAIN)
    assert programs.compare_observations(first, other)


def test_python_types_matter() -> None:
    as_int = programs.observe(3, PLAIN)
    as_float = programs.observe(3.0, PLAIN)
    as_bool = programs.observe(True, PLAIN)
    assert programs.compare_observations(as_int, as_float)
    assert programs.compare_observations(as_int, as_bool)
    assert programs.compare_observations(as_float, programs.observe(3.0 + 1e-9, PLAIN)) == []


def test_raised_exceptions_compare_type_and_message() -> None:
    raised = programs.observe(programs.Raised("RuntimeError", "boom"), PLAIN)
    assert programs.compare_observations(raised, raised) == []
    assert programs.compare_observations(
        raised, programs.observe(programs.Raised("ValueError", "boom"), PLAIN)
    )
    assert programs.compare_observations(
        raised, programs.observe(programs.Raised("RuntimeError", "boom!"), PLAIN)
    )


def test_catch_returns_value_or_raised() -> None:
    assert programs.catch(lambda: 5) == 5
    assert programs.catch(lambda: int("x")) == programs.Raised(
        "ValueError", "invalid literal for int() with base 10: 'x'"
    )


def test_missing_unexpected_and_uncaught_keys_are_reported() -> None:
    expected = {"a": programs.observe(1, PLAIN), "b": programs.observe(2, PLAIN)}
    assert programs.compare_observations(expected, {"a": expected["a"]}) == [
        ".b: missing (expected {'kind': 'python', 'type': 'int', 'value': 2})"
    ]
    extra = {**expected, "c": programs.observe(3, PLAIN)}
    assert programs.compare_observations(expected, extra)
    crashed = {"__uncaught__": programs.observe(programs.Raised("AttributeError", "no"), PLAIN)}
    problems = programs.compare_observations(expected, crashed)
    assert len(problems) == 1 and "AttributeError: no" in problems[0]


def test_run_callable_records_warnings_without_triggered_tail() -> None:
    def body():
        warnings.warn("first (Triggered internally at /x/y.cpp:12.)", UserWarning, stacklevel=1)
        return {"value": 1}

    observed = programs.run_callable(body, PLAIN)
    assert observed["__warnings__"] == [{"category": "UserWarning", "message": "first"}]
    assert observed["value"] == {"kind": "python", "type": "int", "value": 1}


def test_encode_array_round_trips() -> None:
    for array in (
        np.array([[1.5, math.nan], [math.inf, -0.0]], dtype=np.float32),
        np.array([1, -2], dtype=np.int32),
        np.array([True, False]),
        np.array(2.5),
        np.zeros((0, 3)),
    ):
        decoded = programs.decode_array(programs.encode_array(array))
        assert decoded.shape == array.shape
        np.testing.assert_array_equal(decoded, array)


def test_graph_desc_renders_nested_nodes() -> None:
    leaf = SimpleNamespace(next_functions=())
    inner = type("MulBackward0", (), {"next_functions": ((leaf, 0), (None, 0))})()
    outer = type("SumBackward0", (), {"next_functions": ((inner, 0),)})()
    assert programs.graph_desc(outer) == "SumBackward0(MulBackward0(SimpleNamespace, None))"
