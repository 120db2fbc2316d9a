"""Tests for gradekit.engine.printing: torch-identical tensor reprs.

* Golden cases (no torch needed): tests/engine/golden/printing.json, generated from torch 2.13 by
  tools/gen_printing_golden.py.
* Unit tests of the print-option API and ``format_item``.
* Differential hypothesis tests against real torch (marked ``torch``, skipped without it).
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradekit.engine.printing import (
    format_item,
    format_tensor,
    get_printoptions,
    printoptions,
    set_printoptions,
)

GOLDEN_PATH = Path(__file__).parent / "golden" / "printing.json"
GOLDEN_CASES: list[dict[str, Any]] = json.loads(GOLDEN_PATH.read_text())["cases"]

DEFAULT_OPTIONS = {
    "precision": 4,
    "threshold": 1000,
    "edgeitems": 3,
    "linewidth": 80,
    "sci_mode": None,
}


@pytest.fixture(autouse=True)
def _restore_default_printoptions() -> Iterator[None]:
    """Print options are global; make every test start and end with torch's defaults."""
    set_printoptions(profile="default")
    yield
    set_printoptions(profile="default")


def _golden_array(case: dict[str, Any]) -> np.ndarray:
    # Non-finite floats are stored as "nan" / "inf" / "-inf" because JSON cannot spell them.
    values = [float(v) if isinstance(v, str) else v for v in case["values"]]
    return np.array(values, dtype=case["dtype"]).reshape(case["shape"])


# --------------------------------------------------------------------------- golden


def test_golden_table_is_substantial() -> None:
    labels = [case["label"] for case in GOLDEN_CASES]
    assert len(labels) == len(set(labels)), "golden labels must be unique"
    assert len(labels) >= 100
    dtypes = {case["dtype"] for case in GOLDEN_CASES}
    assert {"float16", "float32", "float64", "int32", "int64", "bool"} <= dtypes


@pytest.mark.parametrize("case", GOLDEN_CASES, ids=[case["label"] for case in GOLDEN_CASES])
def test_golden(case: dict[str, Any]) -> None:
    with printoptions(**(case["printoptions"] or {})):
        text = format_tensor(
            _golden_array(case),
            dtype_name=case["dtype"],
            requires_grad=case["requires_grad"],
            grad_fn_name=case["grad_fn"],
        )
    assert text == case["expected"]


# --------------------------------------------------------------------------- print options


def test_default_printoptions_match_torch() -> None:
    assert get_printoptions() == DEFAULT_OPTIONS


def test_profiles() -> None:
    set_printoptions(profile="short")
    assert get_printoptions() == {**DEFAULT_OPTIONS, "precision": 2, "edgeitems": 2}
    set_printoptions(profile="full")
    assert get_printoptions() == {**DEFAULT_OPTIONS, "threshold": math.inf}
    set_printoptions(profile="default")
    assert get_printoptions() == DEFAULT_OPTIONS


def test_explicit_options_override_profile() -> None:
    set_printoptions(profile="short", precision=6, linewidth=100)
    assert get_printoptions()["precision"] == 6
    assert get_printoptions()["edgeitems"] == 2
    assert get_printoptions()["linewidth"] == 100


def test_set_printoptions_without_sci_mode_resets_it() -> None:
    # torch assigns sci_mode on every call, so an unrelated change turns it back to automatic.
    set_printoptions(sci_mode=True)
    assert (
        format_tensor(np.array([0.5], np.float32), dtype_name="float32") == "tensor([5.0000e-01])"
    )
    set_printoptions(precision=4)
    assert get_printoptions()["sci_mode"] is None
    assert format_tensor(np.array([0.5], np.float32), dtype_name="float32") == "tensor([0.5000])"


def test_printoptions_context_restores_even_on_error() -> None:
    set_printoptions(precision=7, sci_mode=False)
    before = get_printoptions()
    with pytest.raises(RuntimeError), printoptions(precision=1, threshold=3, edgeitems=1):
        assert get_printoptions()["precision"] == 1
        raise RuntimeError("boom")
    assert get_printoptions() == before


def test_printoptions_context_changes_output() -> None:
    data = np.array([1 / 3], np.float32)
    with printoptions(precision=2):
        assert format_tensor(data, dtype_name="float32") == "tensor([0.33])"
    assert format_tensor(data, dtype_name="float32") == "tensor([0.3333])"


def test_unknown_profile_is_ignored_like_torch() -> None:
    set_printoptions(precision=3)
    set_printoptions(profile="no-such-profile")
    assert get_printoptions()["precision"] == 3


# --------------------------------------------------------------------------- format_item


@pytest.mark.parametrize(
    ("value", "spec", "expected"),
    [
        (4.5, ".2f", "4.50"),
        (3.0, "", "3.0"),
        (3, ".2f", "3.00"),
        (True, "d", "1"),
        (True, "", "True"),
        (np.float32(0.1), "", "0.10000000149011612"),  # item() widens float32 to double
        (np.array(2.5, dtype=np.float16), "", "2.5"),
        (np.int64(7), ">4", "   7"),
        (np.bool_(False), "", "False"),
        (1e-5, ".3e", "1.000e-05"),
    ],
)
def test_format_item(value: Any, spec: str, expected: str) -> None:
    assert format_item(value, spec) == expected


def test_format_item_propagates_python_errors() -> None:
    with pytest.raises(ValueError, match="Unknown format code 'd' for object of type 'float'"):
        format_item(3.5, "d")


def test_format_item_rejects_spec_on_tensor_with_dimensions() -> None:
    with pytest.raises(TypeError, match="unsupported format string passed to Tensor.__format__"):
        format_item(np.array([1.0, 2.0], np.float32), ".2f")


def test_format_item_with_empty_spec_on_tensor_with_dimensions_is_its_str() -> None:
    assert format_item(np.array([1.0, 2.0], np.float32), "") == "tensor([1., 2.])"


# --------------------------------------------------------------------------- input handling


def test_unknown_dtype_name_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unsupported dtype_name 'complex64'.*float32"):
        format_tensor(np.zeros(2), dtype_name="complex64")


def test_data_is_converted_to_the_named_dtype() -> None:
    # float64 data shown as a float32 tensor prints the float32-rounded value, like torch would.
    assert format_tensor([12345.678], dtype_name="float32") == "tensor([12345.6777])"
    assert format_tensor([1, 0], dtype_name="bool") == "tensor([ True, False])"


def test_unconvertible_data_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="cannot hold the given data as int64"):
        format_tensor(np.array(["a"]), dtype_name="int64")


def test_grad_fn_takes_precedence_over_requires_grad() -> None:
    text = format_tensor(
        np.array(8.0, np.float32),
        dtype_name="float32",
        requires_grad=True,
        grad_fn_name="MulBackward0",
    )
    assert text == "tensor(8., grad_fn=<MulBackward0>)"


# --------------------------------------------------------------------------- properties (no torch)


NUMBER_TOKEN = re.compile(r"-?(?:nan|inf|\d+\.?\d*(?:e[+-]\d+)?)")


@settings(deadline=None, max_examples=200, derandomize=True)
@given(
    shape=st.lists(st.integers(1, 6), min_size=0, max_size=3),
    exponent=st.integers(-8, 8),
    precision=st.integers(1, 8),
    linewidth=st.integers(10, 200),
    seed=st.integers(0, 2**32 - 1),
)
def test_printed_numbers_read_back_as_the_data(
    shape: list[int], exponent: int, precision: int, linewidth: int, seed: int
) -> None:
    """Whatever the mode and layout, every element is printed once, in order, and reads back
    as its value up to the printed precision."""
    rng = np.random.default_rng(seed)
    data = (rng.standard_normal(shape) * 10.0**exponent).astype(np.float64)
    with printoptions(precision=precision, linewidth=linewidth):
        text = format_tensor(data, dtype_name="float64")
    body = text.removeprefix("tensor(").split(", dtype=")[0].split(",\n       dtype=")[0]
    printed = np.array([float(token) for token in NUMBER_TOKEN.findall(body)])
    assert printed.shape == (data.size,)
    scale = np.maximum(np.abs(data.reshape(-1)), np.abs(data).min())
    assert np.all(
        np.abs(printed - data.reshape(-1)) <= scale * 10.0 ** (-precision) + 10.0 ** (-precision)
    )


# --------------------------------------------------------------------------- differential vs torch

SPECIAL_FLOATS = [
    *(math.nan, math.inf, -math.inf, 0.0, -0.0),
    *(1e-5, 1e-9, 1e-300, 1e8, 1e10, 65504.0, 1e30, 1e300),
]
DTYPES = ["float16", "float32", "float64", "uint8", "int8", "int16", "int32", "int64", "bool"]
DIFFERENTIAL_EXAMPLES = int(os.environ.get("GRADEKIT_PRINTING_EXAMPLES", "300"))


@st.composite
def random_arrays(draw: st.DrawFn) -> np.ndarray:
    """Arrays up to 3-d (sides 0..12) whose values stress every formatter mode.

    Hypothesis picks the shape, dtype and the *kind* of values; numpy fills in up to 1,728 values
    from a drawn seed, which keeps examples fast while still reaching summarization.
    """
    dtype = draw(st.sampled_from(DTYPES))
    ndim = draw(st.integers(0, 3))
    # Sides of 10..12 on a 3-d tensor exceed the default threshold of 1000 (summarization).
    side = st.integers(10, 12) if ndim == 3 and draw(st.booleans()) else st.integers(0, 12)
    shape = draw(st.lists(side, min_size=ndim, max_size=ndim))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    size = int(np.prod(shape))

    if dtype == "bool":
        return (rng.random(size) < draw(st.floats(0, 1))).reshape(shape)
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        magnitude = draw(st.sampled_from([10, 1000, 10**6, int(info.max)]))
        low, high = max(-magnitude, int(info.min)), min(magnitude, int(info.max))
        return rng.integers(low, high, size=size, endpoint=True, dtype=dtype).reshape(shape)

    # Magnitudes spread over `decades` powers of ten: narrow spreads print in fixed or int mode,
    # wide ones (or ones reaching past 1e8 / below 1e-4) in scientific notation.
    lowest_exponent = draw(st.integers(-7, 9))
    decades = draw(st.sampled_from([0, 1, 2, 3, 6, 12, 24]))
    magnitudes = 10.0 ** rng.uniform(lowest_exponent, lowest_exponent + decades, size=size)
    values = magnitudes * rng.choice([-1.0, 1.0], size=size)
    if draw(st.booleans()):
        values = np.round(values)  # integer-valued floats exercise int_mode
    special_share = draw(st.sampled_from([0.0, 0.05, 0.3]))
    is_special = rng.random(size) < special_share
    values[is_special] = rng.choice(SPECIAL_FLOATS, size=int(is_special.sum()))
    with np.errstate(over="ignore"):
        return values.astype(dtype).reshape(shape)


def _torch_repr_and_state(
    torch: Any, array: np.ndarray, autograd: str
) -> tuple[str, dict[str, Any]]:
    """Build the torch tensor for ``array`` with the requested autograd state; return its repr."""
    tensor = torch.from_numpy(array.copy())
    if autograd == "leaf":
        tensor.requires_grad_()
    elif autograd == "mul":
        tensor = tensor.requires_grad_() * 1  # grad_fn=<MulBackward0>, same values
    elif autograd == "long-name":
        tensor = _long_name_identity(torch).apply(tensor.requires_grad_())
    grad_fn = tensor.grad_fn
    state = {
        "data": tensor.detach().numpy(),
        "dtype_name": str(tensor.dtype).removeprefix("torch."),
        "requires_grad": tensor.requires_grad,
        "grad_fn_name": None if grad_fn is None else type(grad_fn).__name__,
    }
    return repr(tensor), state


def _long_name_identity(torch: Any) -> Any:
    class RenamedIdentityForSuffixWrapping(torch.autograd.Function):
        @staticmethod
        def forward(ctx: Any, x: Any) -> Any:
            return x.clone()

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            return grad

    return RenamedIdentityForSuffixWrapping


def _autograd_modes(array: np.ndarray) -> st.SearchStrategy[str]:
    # Only floating tensors can require grad.
    if array.dtype.kind == "f":
        return st.sampled_from(["none", "leaf", "mul", "long-name"])
    return st.just("none")


@pytest.mark.torch
@settings(
    deadline=None,
    max_examples=DIFFERENTIAL_EXAMPLES,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), array=random_arrays())
def test_repr_matches_torch(data: st.DataObject, array: np.ndarray) -> None:
    torch = pytest.importorskip("torch", reason="differential printing tests need real torch")
    autograd = data.draw(_autograd_modes(array), label="autograd")
    expected, state = _torch_repr_and_state(torch, array, autograd)
    assert format_tensor(**state) == expected


@st.composite
def print_option_sets(draw: st.DrawFn) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["profile"] = draw(st.sampled_from(["default", "short", "full"]))
    if draw(st.booleans()):
        options["precision"] = draw(st.integers(0, 10))
    if draw(st.booleans()):
        options["threshold"] = draw(st.integers(0, 200))
    if draw(st.booleans()):
        options["edgeitems"] = draw(st.integers(0, 5))
    if draw(st.booleans()):
        options["linewidth"] = draw(st.integers(5, 160))
    options["sci_mode"] = draw(st.sampled_from([None, True, False]))
    return options


@pytest.mark.torch
@settings(
    deadline=None,
    max_examples=DIFFERENTIAL_EXAMPLES,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), array=random_arrays(), options=print_option_sets())
def test_repr_matches_torch_under_printoptions(
    data: st.DataObject, array: np.ndarray, options: dict[str, Any]
) -> None:
    torch = pytest.importorskip("torch", reason="differential printing tests need real torch")
    autograd = data.draw(_autograd_modes(array), label="autograd")
    with torch._tensor_str.printoptions(**options):
        expected, state = _torch_repr_and_state(torch, array, autograd)
    with printoptions(**options):
        assert format_tensor(**state) == expected


@pytest.mark.torch
@settings(deadline=None, max_examples=DIFFERENTIAL_EXAMPLES, derandomize=True)
@given(
    value=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True, width=32),
        st.integers(-(2**63), 2**63 - 1),
        st.booleans(),
    ),
    spec=st.sampled_from(["", ".2f", ".0f", "e", ".3e", "g", ">12", "+.1%", "d", "x", "s"]),
)
def test_format_item_matches_torch(value: float | int | bool, spec: str) -> None:
    torch = pytest.importorskip("torch", reason="differential printing tests need real torch")
    tensor = torch.tensor(value)
    try:
        expected: str | None = format(tensor, spec)
    except (TypeError, ValueError) as error:
        with pytest.raises(type(error), match=None):
            format_item(tensor.item(), spec)
        return
    assert format_item(tensor.numpy(), spec) == expected


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"precision": "3"}, TypeError, "precision must be an int or None, got '3' \\(str\\)"),
        ({"precision": -1}, ValueError, "precision must be >= 0, got -1"),
        ({"edgeitems": 2.0}, TypeError, "edgeitems must be an int"),
        ({"threshold": True}, TypeError, "threshold must be a number"),
        ({"linewidth": None, "sci_mode": 1}, TypeError, "sci_mode must be True, False or None"),
        ({"profile": 3}, TypeError, "profile must be"),
    ],
)
def test_bad_printoptions_are_rejected_without_side_effects(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    set_printoptions(precision=6)
    before = get_printoptions()
    with pytest.raises(error, match=message):
        set_printoptions(**options)
    assert get_printoptions() == before


def test_numpy_integers_are_accepted_as_options() -> None:
    set_printoptions(precision=np.int64(2), threshold=np.float64(5.0))
    assert get_printoptions()["precision"] == 2
    assert type(get_printoptions()["precision"]) is int
    assert format_tensor(np.arange(10.0), dtype_name="float64") == (
        "tensor([0., 1., 2.,  ..., 7., 8., 9.], dtype=torch.float64)"
    )


@pytest.mark.parametrize(
    ("data", "dtype_name", "expected"),
    [
        ([1.0, 2.0], "float64", "tensor([1., 2.])"),
        ([1.0, 2.0], "float32", "tensor([1., 2.], dtype=torch.float32)"),
        ([], "float64", "tensor([])"),
        ([], "float32", "tensor([], dtype=torch.float32)"),
        ([], "int64", "tensor([], dtype=torch.int64)"),
        ([1, 2], "int64", "tensor([1, 2])"),
    ],
)
def test_default_dtype_float64_is_implied(data: list, dtype_name: str, expected: str) -> None:
    # Captured from torch 2.13 after torch.set_default_dtype(torch.float64).
    text = format_tensor(np.array(data), dtype_name=dtype_name, default_dtype_name="float64")
    assert text == expected


def test_default_dtype_must_be_floating() -> None:
    with pytest.raises(ValueError, match="default_dtype_name must be one of float16, float32"):
        format_tensor(np.zeros(2), dtype_name="float32", default_dtype_name="int64")


@pytest.mark.torch
@pytest.mark.parametrize("default_dtype_name", ["float16", "float64"])
@settings(
    deadline=None,
    max_examples=max(DIFFERENTIAL_EXAMPLES // 3, 1),
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), array=random_arrays())
def test_repr_matches_torch_under_other_default_dtype(
    default_dtype_name: str, data: st.DataObject, array: np.ndarray
) -> None:
    torch = pytest.importorskip("torch", reason="differential printing tests need real torch")
    autograd = data.draw(_autograd_modes(array), label="autograd")
    saved_default = torch.get_default_dtype()
    torch.set_default_dtype(getattr(torch, default_dtype_name))
    try:
        expected, state = _torch_repr_and_state(torch, array, autograd)
    finally:
        torch.set_default_dtype(saved_default)
    assert format_tensor(**state, default_dtype_name=default_dtype_name) == expected


def test_memory_layout_and_byte_order_do_not_matter() -> None:
    data = np.arange(12.0, dtype=np.float32).reshape(3, 4) / 7
    expected = format_tensor(np.ascontiguousarray(data.T), dtype_name="float32")
    assert format_tensor(data.T, dtype_name="float32") == expected
    assert format_tensor(data.T.astype(">f4"), dtype_name="float32") == expected


@pytest.mark.torch_kernels("AVX512")
@pytest.mark.torch
def test_golden_table_is_up_to_date_with_torch() -> None:
    torch = pytest.importorskip("torch", reason="regenerating the golden table needs real torch")
    if not torch.__version__.startswith("2.13."):
        pytest.skip(f"golden strings are pinned to torch 2.13, found {torch.__version__}")
    generator_path = Path(__file__).parents[2] / "tools" / "gen_printing_golden.py"
    spec = importlib.util.spec_from_file_location("gen_printing_golden", generator_path)
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    regenerated = generator.build_golden()
    assert [case["label"] for case in regenerated] == [case["label"] for case in GOLDEN_CASES]
    for fresh, stored in zip(regenerated, GOLDEN_CASES, strict=True):
        # A JSON round trip turns tuples into lists and keeps nan spelled as a string.
        assert json.loads(json.dumps(fresh)) == stored, fresh["label"]


# --------------------------------------------------------------------------- through the engine


def test_engine_namespace_shares_these_print_options() -> None:
    import gradekit.engine as engine

    assert engine.set_printoptions is set_printoptions
    with printoptions(precision=1):  # (gradekit's own helper: torch has no torch.printoptions)
        assert repr(engine.tensor([1 / 3])) == "tensor([0.3])"


def test_names_torch_lacks_are_not_torch_api() -> None:
    """torch 2.13 has no torch.printoptions, get_printoptions, Any, dtypes or errors: they
    raise torch's own AttributeError, as any name torch lacks (tests/engine/test_namespaces.py)."""
    import gradekit.engine as engine

    for name in ("printoptions", "get_printoptions", "Any", "dtypes", "errors"):
        assert name not in engine.__all__
        with pytest.raises(AttributeError, match=f"^module 'torch' has no attribute '{name}'$"):
            getattr(engine, name)
    from gradekit.engine import dtypes, errors  # still importable as modules

    assert dtypes.float32 is engine.float32 and errors.TORCH_VERSION == engine.__version__


@pytest.mark.torch
@settings(
    deadline=None,
    max_examples=max(DIFFERENTIAL_EXAMPLES // 3, 1),
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), array=random_arrays())
def test_engine_tensor_repr_matches_torch(data: st.DataObject, array: np.ndarray) -> None:
    """End to end: the engine's Tensor.__repr__/__str__ wired to this module, vs torch."""
    torch = pytest.importorskip("torch", reason="differential printing tests need real torch")
    import gradekit.engine as engine

    modes = ["none", "leaf", "mul"] if array.dtype.kind == "f" else ["none"]
    autograd = data.draw(st.sampled_from(modes), label="autograd")
    expected, _ = _torch_repr_and_state(torch, array, autograd)
    tensor = engine.from_numpy(array.copy())
    if autograd == "leaf":
        tensor.requires_grad_()
    elif autograd == "mul":
        tensor = tensor.requires_grad_() * 1
    assert repr(tensor) == expected
    assert str(tensor) == expected


@pytest.mark.torch
@pytest.mark.parametrize("spec", ["", ".2f", ".1e", "d", ">8"])
@pytest.mark.parametrize("value", [4.5, -0.0, 7, True])
def test_engine_tensor_format_matches_torch(value: float | int | bool, spec: str) -> None:
    torch = pytest.importorskip("torch", reason="differential printing tests need real torch")
    import gradekit.engine as engine

    for shape in [(), (2,)]:
        expected_tensor = torch.full(shape, value)
        engine_tensor = engine.full(shape, value)
        try:
            expected = format(expected_tensor, spec)
        except (TypeError, ValueError) as error:
            with pytest.raises(type(error), match=re.escape(str(error))):
                format(engine_tensor, spec)
            continue
        assert format(engine_tensor, spec) == expected
