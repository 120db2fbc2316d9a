"""Programs over a torch-like module ``T`` — the shared vocabulary of the engine's judge.

Every program is a small deterministic function ``prog(T) -> dict`` that runs unchanged on
real ``torch`` and on ``gradekit.engine``. It returns named raw values (tensors, python
values, strings such as reprs, ``Raised`` records of caught exceptions). ``run_program``
turns them into plain JSON-compatible *observations* and also records every warning the
program emitted. ``compare_observations`` diffs two observation trees and returns a list
of human-readable mismatches (empty means "indistinguishable").

The same machinery is used by ``tools/gen_golden.py`` (torch -> committed fixture), by
``test_golden.py`` (engine vs fixture, no torch needed) and by ``test_differential.py``
(engine vs live torch on hypothesis-generated data).

Design rule for programs: keep each one small and focused, so that one missing engine
feature fails one program, not twenty. Catch every *expected* exception with ``catch``;
an unexpected exception is recorded as ``__uncaught__`` and compared like any value.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

Program = Callable[[ModuleType], dict[str, Any]]

#: name -> program, in definition order (the fixture keeps this order too).
PROGRAMS: dict[str, Program] = {}

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_TRIGGERED_TAIL = re.compile(r"\s*\(Triggered internally at .*\)\s*$", re.DOTALL)

#: torch.testing.assert_close defaults (torch/testing/_comparison.py), keyed by dtype name.
TOLERANCES: dict[str, tuple[float, float]] = {
    "torch.float16": (1e-3, 1e-5),
    "torch.bfloat16": (1.6e-2, 1e-5),
    "torch.float32": (1.3e-6, 1e-5),
    "torch.float64": (1e-7, 1e-7),
}
#: Python floats usually come from float32 tensors (``item()``), so use float32 tolerances.
PYTHON_FLOAT_TOLERANCE = TOLERANCES["torch.float32"]


def program(fn: Program) -> Program:
    """Register ``fn`` under its function name (which must be unique)."""
    if fn.__name__ in PROGRAMS:
        raise ValueError(f"duplicate program name {fn.__name__!r}")
    PROGRAMS[fn.__name__] = fn
    return fn


# ----------------------------------------------------------------------------------------
# Helpers used inside programs
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Raised:
    """An exception a program caught on purpose: compared by type name and message."""

    type: str
    message: str


def catch(fn: Callable[[], Any]) -> Any:
    """Call ``fn``; return its result, or a ``Raised`` record if it raised."""
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - the whole point is to record any exception
        return Raised(type(exc).__name__, str(exc))


def mask_addresses(text: str) -> str:
    """Replace memory addresses (``0x7f…``) so reprs of objects compare across runs."""
    return _ADDRESS.sub("0x…", text)


def graph_desc(node: Any) -> str:
    """Render a grad_fn graph as ``Name(child, …)`` over ``next_functions`` (None kept)."""
    if node is None:
        return "None"
    children = node.next_functions
    name = type(node).__name__
    if not children:
        return name
    return name + "(" + ", ".join(graph_desc(child) for child, _ in children) + ")"


def grad_fn_name(tensor: Any) -> str | None:
    """``type(t.grad_fn).__name__`` or None for tensors without a grad_fn."""
    return None if tensor.grad_fn is None else type(tensor.grad_fn).__name__


# ----------------------------------------------------------------------------------------
# Observation: raw program values -> plain JSON-compatible data
# ----------------------------------------------------------------------------------------


def _encode_number(value: float | int | bool) -> float | int | bool | str:
    """JSON has no nan/inf: spell them as strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)  # 'nan', 'inf', '-inf'
    return value


def _decode_number(value: Any) -> Any:
    if isinstance(value, str):
        return float(value)
    return value


def encode_array(array: np.ndarray) -> dict[str, Any]:
    """A numpy array as {"dtype", "shape", "data"} with data widened to float64/int64/bool."""
    if array.dtype == np.bool_:
        wide = array.astype(np.bool_)
    elif np.issubdtype(array.dtype, np.integer):
        wide = array.astype(np.int64)
    else:
        wide = array.astype(np.float64)
    data = [_encode_number(v) for v in wide.reshape(-1).tolist()]
    return {"dtype": str(wide.dtype), "shape": list(array.shape), "data": data}


def decode_array(encoded: dict[str, Any]) -> np.ndarray:
    """Inverse of ``encode_array``."""
    data = [_decode_number(v) for v in encoded["data"]]
    return np.array(data, dtype=encoded["dtype"]).reshape(encoded["shape"])


def _is_tensor(value: Any, T: ModuleType) -> bool:
    return isinstance(value, T.Tensor)


def tensor_to_numpy(tensor: Any) -> np.ndarray:
    # torch returns lazily-materialised "ZeroTensor"s for some second derivatives (abs);
    # they refuse .numpy(), yet they are ordinary zeros to a user.
    is_zero_tensor = getattr(tensor, "_is_zerotensor", None)
    if is_zero_tensor is not None and is_zero_tensor():
        return np.zeros(tuple(tensor.shape), dtype=str(tensor.dtype).replace("torch.", ""))
    return np.asarray(tensor.detach().numpy())


def observe(value: Any, T: ModuleType) -> Any:
    """The plain-data picture of one raw program value."""
    if isinstance(value, Raised):
        return {"kind": "raised", "type": value.type, "message": mask_addresses(value.message)}
    if _is_tensor(value, T):
        return {
            "kind": "tensor",
            "dtype": str(value.dtype),
            "shape": list(value.shape),
            "values": encode_array(tensor_to_numpy(value)),
            "requires_grad": bool(value.requires_grad),
            "is_leaf": bool(value.is_leaf),
            "grad_fn": grad_fn_name(value),
        }
    if type(value).__name__ == "Size":
        return {"kind": "Size", "items": [int(v) for v in value]}
    if isinstance(value, T.dtype):
        return {"kind": "dtype", "value": str(value)}
    if isinstance(value, np.ndarray):
        return {"kind": "ndarray", "values": encode_array(value)}
    if isinstance(value, np.generic):
        return {"kind": "numpy_scalar", "values": encode_array(np.asarray(value))}
    if isinstance(value, (tuple, list)):
        kind = "list" if isinstance(value, list) else "tuple"
        return {
            "kind": kind,
            "type": type(value).__name__,
            "items": [observe(item, T) for item in value],
        }
    if value is None or isinstance(value, (bool, int, float)):
        return {"kind": "python", "type": type(value).__name__, "value": _encode_number(value)}
    if isinstance(value, str):
        return {"kind": "str", "value": mask_addresses(value)}
    if hasattr(value, "next_functions"):
        return {"kind": "node", "name": type(value).__name__}
    raise TypeError(
        f"program returned a value of unsupported type {type(value).__qualname__}: "
        "return tensors, python scalars, strings, tuples/lists, Size, dtype or Raised"
    )


def _clean_warning(message: str) -> str:
    return mask_addresses(_TRIGGERED_TAIL.sub("", message))


def run_program(name: str, T: ModuleType) -> dict[str, Any]:
    """Run one registered program on module ``T`` and return its observations.

    Warnings emitted while the program runs are recorded in order under ``__warnings__``;
    an exception the program did not catch is recorded under ``__uncaught__``.
    """
    if name in WARN_ONCE_PROGRAMS:
        return run_program_in_fresh_process(name, T.__name__)
    return run_callable(lambda: PROGRAMS[name](T), T)


#: Programs whose warnings torch emits only once per process (TORCH_WARN_ONCE). They are
#: observed in a fresh interpreter so that earlier code in the same process cannot
#: have used up the warning already.
WARN_ONCE_PROGRAMS = frozenset(
    {
        "shape_T_on_3d_warns",  # `x.T` on ndim != 2
        "backward_create_graph",  # backward(create_graph=True) reference-cycle warning
        "peer_accumulate_grad_tensor_reference",  # same warning
        "numpy_interop_memory",  # from_numpy of a read-only array
    }
)


def run_program_in_fresh_process(name: str, module_name: str) -> dict[str, Any]:
    """Run one program on ``module_name`` ("torch" or "gradekit.engine") in a new python."""
    script = (
        "import importlib, json, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
        "import programs\n"
        f"T = importlib.import_module({module_name!r})\n"
        f"body = lambda: programs.PROGRAMS[{name!r}](T)\n"
        "print(json.dumps(programs.run_callable(body, T)))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    if completed.returncode != 0:
        raise RuntimeError(
            f"program {name!r} on {module_name} crashed the interpreter "
            f"(exit {completed.returncode}):\n{completed.stderr[-3000:]}"
        )
    return json.loads(completed.stdout.strip().splitlines()[-1])


def _reset_global_state(T: ModuleType) -> None:
    """Undo what a program may have leaked (grad mode, print options).

    A program's own observations are already made; this only stops one divergence (say,
    grad mode not restored after an exception) from cascading into every later program.
    """
    for reset in (lambda: T.set_grad_enabled(True), lambda: T.set_printoptions(profile="default")):
        try:
            reset()
        except Exception:  # noqa: BLE001 - a module lacking the function has nothing to reset
            pass


def run_callable(body: Callable[[], dict[str, Any]], T: ModuleType) -> dict[str, Any]:
    """Run ``body`` (a program already bound to its module/data) and observe its result."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            raw = body()
            observations = {key: observe(value, T) for key, value in raw.items()}
        except Exception as exc:  # noqa: BLE001 - an uncaught exception is an observation
            observations = {"__uncaught__": observe(Raised(type(exc).__name__, str(exc)), T)}
        finally:
            _reset_global_state(T)
    observations["__warnings__"] = [
        {"category": w.category.__name__, "message": _clean_warning(str(w.message))} for w in caught
    ]
    return observations


# ----------------------------------------------------------------------------------------
# Comparison
# ----------------------------------------------------------------------------------------


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _compare_arrays(
    expected: dict[str, Any], got: dict[str, Any], tolerance: tuple[float, float] | None
) -> str | None:
    """None when equal; otherwise a one-line description of the difference."""
    if expected["shape"] != got["shape"]:
        return f"shape {expected['shape']} != {got['shape']}"
    want, have = decode_array(expected), decode_array(got)
    if tolerance is None or want.dtype == np.bool_ or want.dtype == np.int64:
        if want.dtype.kind == "f" or have.dtype.kind == "f":
            equal = np.array_equal(want.astype(float), have.astype(float), equal_nan=True)
        else:
            equal = np.array_equal(want, have)
        return None if equal else f"values {want.tolist()} != {have.tolist()}"
    rtol, atol = tolerance
    want_f, have_f = want.astype(np.float64), have.astype(np.float64)
    with np.errstate(invalid="ignore"):
        close = np.isclose(have_f, want_f, rtol=rtol, atol=atol, equal_nan=True)
        # isclose treats inf == inf but also needs matching signs; it already does.
    if close.all():
        return None
    bad = np.argwhere(~close.reshape(want_f.shape) if want_f.ndim else ~close)
    first = tuple(int(i) for i in bad[0]) if bad.size else ()
    return (
        f"values differ at {int((~close).sum())} element(s), first at {first}: "
        f"expected {want_f[first] if want_f.ndim else want_f.item()!r}, "
        f"got {have_f[first] if have_f.ndim else have_f.item()!r} (rtol={rtol}, atol={atol}); "
        f"expected {_short(want_f.tolist(), 160)} got {_short(have_f.tolist(), 160)}"
    )


def compare_observations(expected: Any, got: Any, path: str = "") -> list[str]:
    """Every difference between two observation trees, as ``path: description`` lines."""
    where = path or "<root>"
    if isinstance(expected, dict) and "kind" not in expected:
        problems: list[str] = []
        if "__uncaught__" in got and "__uncaught__" not in expected:
            # The program stopped early: report the cause, not every key it never reached.
            error = got["__uncaught__"]
            unreached = [key for key in expected if key not in got and key != "__warnings__"]
            return [
                f"{path}: program raised {error['type']}: {error['message']} "
                f"(so {len(unreached)} observation(s) were never made)"
            ]
        for key in expected:
            if key not in got:
                problems.append(f"{path}.{key}: missing (expected {_short(expected[key])})")
                continue
            problems += compare_observations(expected[key], got[key], f"{path}.{key}")
        for key in got:
            if key not in expected:
                problems.append(f"{path}.{key}: unexpected {_short(got[key])}")
        return problems
    if isinstance(expected, list):  # __warnings__
        if expected != got:
            return [f"{where}: expected {_short(expected)}, got {_short(got)}"]
        return []
    if not isinstance(got, dict) or expected.get("kind") != got.get("kind"):
        return [f"{where}: expected {_short(expected)}, got {_short(got)}"]
    kind = expected["kind"]
    if kind == "tensor":
        problems = []
        for field in ("dtype", "shape", "requires_grad", "is_leaf", "grad_fn"):
            if expected[field] != got[field]:
                problems.append(
                    f"{where}.{field}: expected {expected[field]!r}, got {got[field]!r}"
                )
        if expected["shape"] == got["shape"]:
            tolerance = TOLERANCES.get(expected["dtype"])
            difference = _compare_arrays(expected["values"], got["values"], tolerance)
            if difference:
                problems.append(f"{where}.values: {difference}")
        return problems
    if kind in ("ndarray", "numpy_scalar"):
        if expected["values"]["dtype"] != got["values"]["dtype"]:
            return [f"{where}: dtype {expected['values']['dtype']} != {got['values']['dtype']}"]
        difference = _compare_arrays(expected["values"], got["values"], TOLERANCES["torch.float32"])
        return [f"{where}: {difference}"] if difference else []
    if kind in ("tuple", "list"):
        problems = []
        if expected["type"] != got["type"]:
            problems.append(f"{where}: type {expected['type']!r} != {got['type']!r}")
        if len(expected["items"]) != len(got["items"]):
            return problems + [
                f"{where}: length {len(expected['items'])} != {len(got['items'])}: "
                f"expected {_short(expected)}, got {_short(got)}"
            ]
        for index, (want, have) in enumerate(zip(expected["items"], got["items"], strict=True)):
            problems += compare_observations(want, have, f"{where}[{index}]")
        return problems
    if kind == "python":
        if expected["type"] != got["type"]:
            return [f"{where}: python type {expected['type']} != {got['type']} ({_short(got)})"]
        if expected["type"] == "float":
            want, have = _decode_number(expected["value"]), _decode_number(got["value"])
            rtol, atol = PYTHON_FLOAT_TOLERANCE
            both_nan = math.isnan(want) and math.isnan(have)
            if not both_nan and not math.isclose(have, want, rel_tol=rtol, abs_tol=atol):
                return [f"{where}: expected {want!r}, got {have!r}"]
            return []
    if expected != got:
        return [f"{where}: expected {_short(expected)}, got {_short(got)}"]
    return []


# ========================================================================================
# The programs. Grouped by area of the engine scope (issue 2). Inputs are fixed literals:
# the engine has its own RNG, so random creation functions are observed by shape/dtype only.
# ========================================================================================


def _leaf(T: ModuleType, data: Any, dtype: Any = None) -> Any:
    """A float leaf requiring grad."""
    return T.tensor(data, dtype=dtype, requires_grad=True)


# --- dtypes and promotion -----------------------------------------------------------------


@program
def dtype_inference_from_python_data(T):
    return {
        "ints": T.tensor([1, 2]).dtype,
        "floats": T.tensor([1.0, 2]).dtype,
        "mixed": T.tensor([1, 2.5]).dtype,
        "bools": T.tensor([True, False]).dtype,
        "scalar_int": T.tensor(3),
        "scalar_float": T.tensor(3.5),
        "nested": T.tensor([[1, 2], [3, 4]]),
        "from_numpy_f64": T.tensor(np.array([1.0, 2.0])),
        "from_numpy_f32": T.from_numpy(np.array([1.0, 2.0], dtype=np.float32)),
        "from_numpy_i32": T.from_numpy(np.array([1, 2], dtype=np.int32)),
        "np_float64_scalar": T.tensor(np.float64(1.5)),
    }


@program
def dtype_explicit_and_names(T):
    out = {}
    for name in ("float16", "float32", "float64", "int32", "int64", "bool"):
        dtype = getattr(T, name)
        t = T.tensor([1, 0, 2], dtype=dtype)
        out[name] = t
        out[name + "_str"] = str(dtype)
        out[name + "_repr"] = repr(t)
        out[name + "_is_floating"] = t.is_floating_point()
    out["aliases"] = [str(T.float), str(T.double), str(T.half), str(T.long), str(T.int)]
    out["default_dtype"] = T.get_default_dtype()
    return out


@program
def dtype_promotion_python_scalars(T):
    i = T.tensor([1, 2, 3])
    f = T.tensor([1.0, 2.0, 3.0])
    b = T.tensor([True, False, True])
    return {
        "int_plus_float": i + 1.5,
        "int_truediv_int": i / 2,
        "int_floordiv": i // 2,
        "int_pow_int": i**2,
        "int_pow_float": i**0.5,
        "int_plus_bool": i + True,
        "bool_plus_int": b + 1,
        "bool_plus_bool": b + b,
        "bool_times_float": b * 2.5,
        "float_plus_int": f + 1,
        "float_plus_np_float64": f + np.float64(1.0),
        "int_mod": i % 2,
        "rsub_int": 1 - i,
        "rdiv_float": 1 / f,
    }


@program
def dtype_promotion_tensors(T):
    f16 = T.tensor([1.0, 2.0], dtype=T.float16)
    f32 = T.tensor([1.0, 2.0])
    f64 = T.tensor([1.0, 2.0], dtype=T.float64)
    i32 = T.tensor([1, 2], dtype=T.int32)
    i64 = T.tensor([1, 2])
    zero_d_f64 = T.tensor(2.0, dtype=T.float64)
    zero_d_i64 = T.tensor(2)
    return {
        "f16+f32": (f16 + f32).dtype,
        "f32+f64": (f32 + f64).dtype,
        "i32+i64": (i32 + i64).dtype,
        "i32+f16": (i32 + f16).dtype,
        "i64+f32": (i64 + f32).dtype,
        "f32+0d_f64": f32 + zero_d_f64,
        "i64+0d_f64": i64 + zero_d_f64,
        "i32+0d_i64": (i32 + zero_d_i64).dtype,
        "0d_f64+0d_i64": zero_d_f64 + zero_d_i64,
        "f16*f16": f16 * f16,
        "i32*2.5": i32 * 2.5,
        "result_type": T.result_type(i64, f32),
        "promote_types": T.promote_types(T.int32, T.float16),
    }


@program
def dtype_conversions(T):
    x = _leaf(T, [1.5, -2.7, 3.0])
    return {
        "float": x.float(),
        "double": x.double(),
        "half": x.half(),
        "long": x.long(),
        "int": x.int(),
        "bool": x.bool(),
        "to_f64": x.to(T.float64),
        "to_same": x.to(T.float32) is x,
        "type_str": x.type(),
        "double_type_str": x.double().type(),
        "long_type_str": x.long().type(),
        "double_grad_fn": graph_desc(x.double().grad_fn),
    }


# --- creation functions ---------------------------------------------------------------------


@program
def creation_constant_filled(T):
    return {
        "zeros": T.zeros(2, 3),
        "zeros_tuple": T.zeros((2, 3)),
        "ones_int": T.ones(3, dtype=T.int64),
        "full": T.full((2, 2), 7.0),
        "full_int": T.full((2,), 3),
        "eye": T.eye(3),
        "eye_rect": T.eye(2, 3),
        "zeros_like": T.zeros_like(T.tensor([[1, 2]])),
        "ones_like": T.ones_like(T.tensor([1.0, 2.0], dtype=T.float64)),
        "full_like": T.full_like(T.tensor([1.0, 2.0]), 4.0),
        "empty_shape": T.empty(2, 3).shape,
        "scalar_zeros": T.zeros(()),
        "requires_grad_kw": T.ones(2, requires_grad=True),
    }


@program
def creation_ranges(T):
    return {
        "arange_int": T.arange(5),
        "arange_start_stop": T.arange(2, 7),
        "arange_step": T.arange(0, 10, 3),
        "arange_float": T.arange(3.0),
        "arange_float_step": T.arange(0, 1, 0.25),
        "linspace": T.linspace(0, 1, 5),
        "linspace_one": T.linspace(2, 3, 1),
    }


@program
def creation_random_shapes_only(T):
    T.manual_seed(0)
    r = T.rand(2, 3)
    n = T.randn(4)
    i = T.randint(0, 10, (3,))
    return {
        "rand_shape": r.shape,
        "rand_dtype": r.dtype,
        "rand_in_unit": bool(((r >= 0) & (r < 1)).all()),
        "randn_shape": n.shape,
        "randint_dtype": i.dtype,
        "randint_in_range": bool(((i >= 0) & (i < 10)).all()),
        "randn_like_shape": T.randn_like(r).shape,
        "rand_requires_grad": T.rand(2, requires_grad=True).requires_grad,
    }


@program
def creation_legacy_constructors(T):
    return {
        "FloatTensor": T.FloatTensor([1.0, 2.0]),
        "DoubleTensor": T.DoubleTensor([1.0, 2.0]),
        "HalfTensor": T.HalfTensor([1.0, 2.0]),
        "LongTensor": T.LongTensor([1, 2]),
        "Tensor": T.Tensor([1, 2]),
        "Tensor_sizes": T.Tensor(2, 3).shape,
    }


@program
def creation_errors(T):
    return {
        "int_requires_grad": catch(lambda: T.tensor([1, 2], requires_grad=True)),
        "long_ones_requires_grad": catch(lambda: T.ones(2, dtype=T.long, requires_grad=True)),
        "bool_requires_grad": catch(lambda: T.tensor([True], requires_grad=True)),
        "ragged": catch(lambda: T.tensor([[1, 2], [3]])),
        "copy_construct": T.tensor(T.tensor([1.0, 2.0])),
        "as_tensor": T.as_tensor([1, 2]),
    }


# --- attributes and setters -----------------------------------------------------------------


@program
def attributes_basic(T):
    x = T.zeros(2, 3, 4)
    return {
        "shape": x.shape,
        "size": x.size(),
        "size_dim": x.size(1),
        "size_neg": x.size(-1),
        "dim": x.dim(),
        "ndim": x.ndim,
        "numel": x.numel(),
        "nelement": x.nelement(),
        "len": len(x),
        "device": str(x.device),
        "is_leaf": x.is_leaf,
        "requires_grad": x.requires_grad,
        "grad": x.grad,
        "grad_fn": x.grad_fn,
        "size_repr": repr(x.shape),
        "empty_size_repr": repr(T.tensor(1.0).shape),
        "size_is_tuple": isinstance(x.shape, tuple),
        "size_eq_tuple": x.shape == (2, 3, 4),
        "size_index": x.shape[1],
        "size_slice": repr(x.shape[1:]),
        "size_numel": x.shape.numel(),
    }


@program
def attributes_requires_grad_setters(T):
    x = T.tensor([1.0, 2.0])
    x.requires_grad = True
    y = x * 2
    i = T.tensor([1, 2])
    z = T.ones(2)
    returned = z.requires_grad_()
    return {
        "x_after_set": x,
        "nonleaf_set_false": catch(lambda: setattr(y, "requires_grad", False)),
        "nonleaf_set_true": catch(lambda: setattr(y, "requires_grad", True)),
        "nonleaf_requires_grad_false": catch(lambda: y.requires_grad_(False)),
        "int_requires_grad_": catch(lambda: i.requires_grad_()),
        "int_requires_grad_attr": catch(lambda: setattr(i, "requires_grad", True)),
        "requires_grad_returns_self": returned is z,
        "z": z,
    }


@program
def attributes_grad_setter(T):
    x = _leaf(T, [1.0, 2.0])
    wrong = catch(lambda: setattr(x, "grad", T.ones(3)))
    x.grad = T.tensor([5.0, 6.0])
    ok = x.grad
    x.grad = None
    return {"wrong_shape": wrong, "assigned": ok, "reset": x.grad}


@program
def attributes_nonleaf_grad_warning(T):
    x = _leaf(T, [1.0, 2.0])
    y = x * 2
    y.sum().backward()
    return {"nonleaf_grad": y.grad, "leaf_grad": x.grad, "y_retains_grad": y.retains_grad}


# --- item / tolist / numpy ------------------------------------------------------------------


@program
def conversions_item_tolist_numpy(T):
    s = T.tensor(2.5)
    v = T.tensor([[1.0, 2.0], [3.0, 4.0]])
    i = T.tensor([1, 2])
    g = _leaf(T, [1.0])
    return {
        "item_float": s.item(),
        "item_int": T.tensor(7).item(),
        "item_bool": T.tensor(True).item(),
        "item_one_elem": T.tensor([[3.0]]).item(),
        "item_many": catch(lambda: v.item()),
        "float_many": catch(lambda: float(v)),
        "int_many": catch(lambda: int(i)),
        "bool_many": catch(lambda: bool(i)),
        "float_scalar": float(s),
        "int_scalar": int(T.tensor(3.9)),
        "bool_scalar": bool(T.tensor(0.0)),
        "tolist": v.tolist(),
        "tolist_int": i.tolist(),
        "tolist_scalar": s.tolist(),
        "numpy": v.numpy(),
        "numpy_int": i.numpy(),
        "numpy_requires_grad": catch(lambda: g.numpy()),
        "detach_numpy": g.detach().numpy(),
        "item_requires_grad": g.item(),
        "format_2f": f"{T.tensor(4.5):.2f}",
        "format_many": catch(lambda: f"{v:.2f}"),
        "index_dunder": [10, 20, 30][T.tensor(1)],
    }


# --- clone / detach / memory sharing ----------------------------------------------------------


@program
def memory_detach_clone_sharing(T):
    x = _leaf(T, [1.0, 2.0, 3.0])
    d = x.detach()
    d[0] = 5.0
    c = x.detach().clone()
    c[1] = 9.0
    data = x.data
    data[2] = 7.0
    return {
        "x_after": x,
        "d": d,
        "c": c,
        "d_requires_grad": d.requires_grad,
        "data_is_leaf": data.is_leaf,
        "clone_grad_fn": graph_desc(x.clone().grad_fn),
        "x_version": x._version,
    }


@program
def memory_views_share_storage(T):
    base = T.arange(6.0)
    view = base.view(2, 3)
    view[0, 1] = 100.0
    sliced = base[2:5]
    sliced.mul_(2)
    return {
        "base": base,
        "view": view,
        "sliced": sliced,
        "base_version": base._version,
        "view_version": view._version,
        "is_view": view._is_view(),
        "clone_is_view": base.clone()._is_view(),
        "contiguous_same": base.contiguous() is base,
        "t_contiguous": view.t().is_contiguous(),
        "t_contiguous_copy": view.t().contiguous().is_contiguous(),
    }


@program
def memory_detach_in_place(T):
    x = _leaf(T, [1.0, 2.0])
    y = x * 3
    y.detach_()
    return {"y": y, "y_is_leaf": y.is_leaf, "y_requires_grad": y.requires_grad}


# --- in-place ops, leaf errors, version counter ----------------------------------------------


@program
def inplace_leaf_errors(T):
    x = _leaf(T, [1.0, 2.0])
    return {
        "add_": catch(lambda: x.add_(1)),
        "iadd": catch(lambda: x.__iadd__(1)),
        "setitem": catch(lambda: x.__setitem__(0, 5.0)),
        "view_mul_": catch(lambda: x[0].mul_(2)),
        "zero_": catch(lambda: x.zero_()),
        "x_unchanged": x,
        "version": x._version,
    }


@program
def inplace_under_no_grad_on_leaf(T):
    x = _leaf(T, [1.0, 2.0])
    with T.no_grad():
        x.add_(1)
        x[0] = 10.0
    return {"x": x, "version": x._version, "requires_grad": x.requires_grad}


@program
def inplace_ops_on_nonleaf(T):
    x = _leaf(T, [1.0, 2.0, 3.0])
    y = x * 1
    y.add_(1)
    after_add = (grad_fn_name(y), y._version)
    y.mul_(2)
    after_mul = (grad_fn_name(y), y._version)
    y += 1
    y -= 0.5
    y *= 3
    y /= 2
    y.sub_(1).div_(2)
    y.clamp_(min=2.0)
    y.pow_(2)
    y.sum().backward()
    return {"y": y, "after_add": after_add, "after_mul": after_mul, "x.grad": x.grad}


@program
def inplace_unary_nonleaf(T):
    x = _leaf(T, [-1.0, 0.5, 2.0])
    outs = {}
    for name in ("exp_", "relu_", "sigmoid_", "tanh_", "neg_", "abs_", "sqrt_"):
        y = x * 1
        if name == "sqrt_":
            y = x.abs() + 1
        getattr(y, name)()
        y.sum().backward()
        outs[name] = y
        outs[name + "_grad"] = x.grad.clone()
        x.grad = None
    return outs


@program
def inplace_version_error_output_saved(T):
    x = _leaf(T, [1.0, 2.0])
    y = x.exp()
    y.add_(1)
    return {"error": catch(lambda: y.sum().backward()), "version": y._version}


@program
def inplace_version_error_input_saved(T):
    x = _leaf(T, [1.0, 2.0])
    a = x * 1
    b = a * a
    a.mul_(2)
    a.add_(1)
    return {"error": catch(lambda: b.sum().backward())}


@program
def inplace_version_error_leaf_saved(T):
    w = T.tensor([[1.0, 2.0], [3.0, 4.0]])
    x = _leaf(T, [[1.0, 1.0], [1.0, 1.0]])
    y = x @ w
    w.add_(1)
    return {"error": catch(lambda: y.sum().backward())}


@program
def inplace_version_error_float64_names(T):
    x = _leaf(T, [1.0, 2.0, 3.0], dtype=T.float64)
    y = x.sigmoid()
    y.mul_(2)
    z = x.tanh()
    z[0] = 0.0
    return {
        "sigmoid": catch(lambda: y.sum().backward()),
        "tanh_copyslices": catch(lambda: z.sum().backward()),
    }


@program
def inplace_no_error_when_nothing_saved(T):
    x = _leaf(T, [1.0, 2.0])
    a = x.exp()
    b = a + 1
    a_input = x * 1
    e = a_input.exp()
    a_input.add_(5)  # exp saves its result, not its input: no error
    b.sum().backward()
    first = x.grad.clone()
    e.sum().backward()
    return {"first": first, "second": x.grad}


@program
def inplace_broadcast_errors(T):
    return {
        "bigger": catch(lambda: T.ones(2, 3).add_(T.ones(4, 2, 3))),
        "long_iadd_float": catch(lambda: T.tensor([1, 2]).__iadd__(T.tensor([0.5, 0.5]))),
        "float_iadd_long": T.ones(2).add_(T.tensor([1, 2])),
    }


# --- arithmetic, both operand orders ---------------------------------------------------------


@program
def arithmetic_tensor_tensor_grads(T):
    a = _leaf(T, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = _leaf(T, [0.5, -1.5, 2.0])
    outs = {
        "add": a + b,
        "sub": a - b,
        "mul": a * b,
        "div": a / b,
        "pow": a**b,
        "add_alpha": T.add(a, b, alpha=2),
        "sub_alpha": T.sub(a, b, alpha=3),
    }
    total = sum((v * (i + 1)).sum() for i, v in enumerate(outs.values()))
    total.backward()
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    return {**outs, **graphs, "a.grad": a.grad, "b.grad": b.grad}


@program
def arithmetic_scalar_both_orders(T):
    x = _leaf(T, [1.0, 2.0, 4.0])
    outs = {
        "x+2": x + 2,
        "2+x": 2 + x,
        "x-2": x - 2,
        "2-x": 2 - x,
        "x*2": x * 2,
        "2*x": 2 * x,
        "x/2": x / 2,
        "2/x": 2 / x,
        "x**2": x**2,
        "2**x": 2**x,
        "x**0.5": x**0.5,
        "x**0": x**0,
        "-x": -x,
        "x**tensor": x ** T.tensor(2.0),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    grads = {}
    for key, value in outs.items():
        (g,) = T.autograd.grad(value.sum(), x)
        grads[key + "_grad"] = g
    return {**outs, **graphs, **grads}


@program
def arithmetic_methods_and_functions(T):
    a = T.tensor([1.0, -2.0, 3.0])
    b = T.tensor([2.0, 2.0, -1.0])
    return {
        "add": a.add(b),
        "add_scalar": T.add(a, 1),
        "sub": a.sub(b),
        "mul": T.mul(a, b),
        "div": T.div(a, b),
        "true_divide": T.true_divide(a, b),
        "pow": T.pow(a, 2),
        "pow_tensor": a.pow(b),
        "neg": T.neg(a),
        "square": a.square(),
        "reciprocal": a.reciprocal(),
        "floor_divide": T.tensor([7, -7]) // 2,
        "remainder": T.tensor([7, -7]) % 3,
        "float_floordiv": T.tensor([7.5, -7.5]) // 2,
        "int_div_zero": catch(lambda: T.tensor([1]) // 0),
        "float_div_zero": T.tensor([1.0, -1.0, 0.0]) / 0,
    }


@program
def arithmetic_broadcasting(T):
    a = _leaf(T, [[1.0], [2.0], [3.0]])
    b = _leaf(T, [10.0, 20.0])
    c = _leaf(T, 2.0)
    y = a * b + c
    y.sum().backward()
    return {
        "y": y,
        "a.grad": a.grad,
        "b.grad": b.grad,
        "c.grad": c.grad,
        "error_1d": catch(lambda: T.ones(3) + T.ones(4)),
        "error_2d": catch(lambda: T.ones(2, 3) * T.ones(3, 2)),
        "error_3d": catch(lambda: T.ones(2, 3, 4) - T.ones(5, 1)),
        "broadcast_shapes": T.broadcast_shapes((2, 1), (3,)),
        "broadcast_to": T.ones(3).broadcast_to(2, 3),
    }


# --- elementwise math -------------------------------------------------------------------------


@program
def unary_values_grads_names(T):
    x = _leaf(T, [-2.0, -0.5, 0.0, 0.5, 2.0])
    p = _leaf(T, [0.25, 1.0, 4.0])
    funcs = {
        "neg": lambda: x.neg(),
        "abs": lambda: x.abs(),
        "exp": lambda: x.exp(),
        "log": lambda: p.log(),
        "sqrt": lambda: p.sqrt(),
        "sin": lambda: x.sin(),
        "cos": lambda: x.cos(),
        "tanh": lambda: x.tanh(),
        "sigmoid": lambda: x.sigmoid(),
        "relu": lambda: x.relu(),
        "torch_exp": lambda: T.exp(x),
        "torch_log": lambda: T.log(p),
        "torch_sigmoid": lambda: T.sigmoid(x),
        "torch_relu": lambda: T.relu(x),
        "torch_tanh": lambda: T.tanh(x),
        "torch_abs": lambda: T.abs(x),
        "torch_sqrt": lambda: T.sqrt(p),
        "torch_sin": lambda: T.sin(x),
        "torch_cos": lambda: T.cos(x),
    }
    out = {}
    for name, fn in funcs.items():
        y = fn()
        leaf = p if name.endswith(("log", "sqrt")) else x
        (g,) = T.autograd.grad(y.sum(), leaf)
        out[name] = y
        out[name + "_grad"] = g
    return out


@program
def unary_special_values(T):
    z = T.tensor([0.0, -1.0, float("inf"), float("nan")])
    return {
        "log": z.log(),
        "sqrt": z.sqrt(),
        "exp": z.exp(),
        "sigmoid": z.sigmoid(),
        "tanh": z.tanh(),
        "relu": z.relu(),
        "int_exp": T.tensor([0, 1]).exp(),
        "int_sqrt": T.tensor([4, 9]).sqrt(),
        "int_abs": T.tensor([-3, 3]).abs(),
        "int_neg": -T.tensor([1, 2]),
        "bool_neg": catch(lambda: -T.tensor([True])),
    }


@program
def unary_subgradients(T):
    x = _leaf(T, [0.0, 1.0, 2.0])
    out = {}
    cases = {
        "relu_at_0": lambda: x.relu(),
        "abs_at_0": lambda: x.abs(),
        "sqrt_at_0": lambda: x.sqrt(),
        "pow_half_at_0": lambda: x**0.5,
        "pow_zero_at_0": lambda: x**0,
        "clamp_bounds": lambda: x.clamp(0, 1),
        "norm_at_0": lambda: (x * 0).norm(),
    }
    for name, fn in cases.items():
        (g,) = T.autograd.grad(fn().sum(), x)
        out[name] = g
    y = _leaf(T, 2.0)
    (out["zero_pow_y"],) = T.autograd.grad(T.tensor(0.0) ** y, y)
    return out


@program
def clamp_variants(T):
    x = _leaf(T, [-2.0, -0.5, 0.5, 2.0])
    outs = {
        "clamp_both": x.clamp(-1, 1),
        "clamp_min": x.clamp(min=0),
        "clamp_max": x.clamp(max=0),
        "torch_clamp": T.clamp(x, -1.0, 1.0),
        "clip": x.clip(-1, 1),
        "clamp_min_fn": x.clamp_min(0.0),
        "clamp_tensor": x.clamp(min=T.tensor([0.0, 0.0, 1.0, 1.0])),
    }
    grads = {}
    for key, value in outs.items():
        (grads[key + "_grad"],) = T.autograd.grad(value.sum(), x)
    return {
        **outs,
        **grads,
        "no_bounds": catch(lambda: x.clamp()),
        "int_clamp": T.tensor([1, 5, 9]).clamp(2, 6),
    }


@program
def where_maximum_minimum(T):
    a = _leaf(T, [1.0, 5.0, 3.0, 2.0])
    b = _leaf(T, [4.0, 2.0, 3.0, 2.0])
    cond = a > b
    w = T.where(cond, a, b)
    mx = T.maximum(a, b)
    mn = T.minimum(a, b)
    ws = T.where(cond, a, 0.0)
    (w.sum() + 2 * mx.sum() + 3 * mn.sum() + 4 * ws.sum()).backward()
    return {
        "where": w,
        "maximum": mx,
        "minimum": mn,
        "where_scalar": ws,
        "where_graph": graph_desc(w.grad_fn),
        "a.grad": a.grad,
        "b.grad": b.grad,
        "where_one_arg": T.where(T.tensor([0, 3, 0, 7])),
        "method_where": a.detach().where(cond, T.tensor(-1.0)),
        "max_binary": T.max(a.detach(), b.detach()),
        "cond_not_bool": catch(lambda: T.where(T.tensor([1, 0]), a[:2], b[:2])),
    }


# --- matrix products --------------------------------------------------------------------------


@program
def matmul_shapes_and_graphs(T):
    m = _leaf(T, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    n = _leaf(T, [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    v3 = _leaf(T, [1.0, -1.0, 2.0])
    v2 = _leaf(T, [0.5, 2.0])
    b1 = _leaf(T, [[[1.0, 2.0], [3.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]])
    b2 = _leaf(T, [[[1.0], [2.0]], [[3.0], [4.0]]])
    products = {
        "mm": m @ n,
        "torch_mm": T.mm(m, n),
        "matmul": T.matmul(m, n),
        "mv": m @ v3,
        "torch_mv": T.mv(m, v3),
        "dot": v3 @ v3,
        "torch_dot": T.dot(v3, v3),
        "vm": v2 @ m,
        "bmm": T.bmm(b1, b2),
        "batched_matmul": b1 @ b2,
        "3d_at_2d": b1 @ m[:, :2].t(),
        "2d_at_3d": m[:, :2] @ b1,
        "1d_at_3d": v2 @ b1,
        "3d_at_1d": b1 @ v2,
        "outer": T.outer(v3, v2),
        "method_matmul": m.matmul(v3),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in products.items()}
    sum(p.sum() for p in products.values()).backward()
    return {
        **products,
        **graphs,
        "m.grad": m.grad,
        "n.grad": n.grad,
        "v3.grad": v3.grad,
        "v2.grad": v2.grad,
        "b1.grad": b1.grad,
        "b2.grad": b2.grad,
    }


@program
def matmul_errors(T):
    return {
        "mm_mismatch": catch(lambda: T.ones(2, 3) @ T.ones(2, 3)),
        "torch_mm_mismatch": catch(lambda: T.mm(T.ones(2, 3), T.ones(2, 3))),
        "vec_mat": catch(lambda: T.ones(3) @ T.ones(2, 3)),
        "mat_vec": catch(lambda: T.ones(2, 3) @ T.ones(4)),
        "vec_vec": catch(lambda: T.ones(3) @ T.ones(4)),
        "batch_mismatch": catch(lambda: T.ones(2, 2, 3) @ T.ones(3, 3, 2)),
        "bmm_inner": catch(lambda: T.bmm(T.ones(2, 2, 3), T.ones(2, 4, 4))),
        "zero_d": catch(lambda: T.tensor(1.0) @ T.ones(2)),
        "dtype_mismatch": catch(lambda: T.ones(2, 2) @ T.ones(2, 2, dtype=T.float64)),
        "int_matmul": T.tensor([[1, 2], [3, 4]]) @ T.tensor([[1], [1]]),
        "mm_1d": catch(lambda: T.mm(T.ones(3), T.ones(3, 2))),
        "dot_2d": catch(lambda: T.dot(T.ones(2, 2), T.ones(2, 2))),
    }


# --- reductions -------------------------------------------------------------------------------


@program
def reductions_sum_mean(T):
    x = _leaf(T, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    outs = {
        "sum": x.sum(),
        "sum0": x.sum(0),
        "sum1_keepdim": x.sum(dim=1, keepdim=True),
        "sum_neg": x.sum(-1),
        "sum_tuple": x.sum((0, 1)),
        "torch_sum": T.sum(x, dim=0),
        "mean": x.mean(),
        "mean0": x.mean(0),
        "mean1_keepdim": x.mean(1, keepdim=True),
        "torch_mean": T.mean(x),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    grads = {}
    for key, value in outs.items():
        (grads[key + "_grad"],) = T.autograd.grad(value.sum(), x)
    return {
        **outs,
        **graphs,
        **grads,
        "int_sum": T.tensor([1, 2, 3]).sum(),
        "bool_sum": T.tensor([True, False, True]).sum(),
        "int_mean": catch(lambda: T.tensor([1, 2]).mean()),
        "dim_out_of_range": catch(lambda: x.sum(dim=2)),
        "dim_out_of_range_neg": catch(lambda: x.mean(-3)),
        "empty_sum": _leaf(T, []).sum(),
        "empty_mean": T.tensor([]).mean(),
        "sum_dtype": T.tensor([1, 2]).sum(dtype=T.float32),
    }


@program
def reductions_max_min_arg(T):
    x = _leaf(T, [[1.0, 5.0, 5.0], [7.0, 2.0, 7.0]])
    mx = x.max()
    mn = x.min()
    mxd = x.max(dim=1)
    mnd = x.min(0)
    mxk = x.max(1, keepdim=True)
    (mx + 2 * mn + 3 * mxd.values.sum() + 4 * mnd[0].sum() + mxk.values.sum()).backward()
    return {
        "max": mx,
        "min": mn,
        "max_dim_values": mxd.values,
        "max_dim_indices": mxd.indices,
        "max_dim_type": type(mxd).__name__,
        "max_dim_repr": repr(mxd),
        "min_dim": mnd,
        "max_keepdim": mxk,
        "max_graph": graph_desc(mx.grad_fn),
        "max_dim_graph": graph_desc(mxd.values.grad_fn),
        "x.grad": x.grad,
        "argmax": x.argmax(),
        "argmax_dim": x.argmax(dim=1),
        "argmin": x.argmin(),
        "argmin_dim_keepdim": x.argmin(dim=0, keepdim=True),
        "torch_argmax": T.argmax(x, 1),
        "amax": x.amax(1),
        "amin": x.amin(0),
        "torch_max_dim": T.max(x, 1),
        "int_max": T.tensor([3, 1, 4]).max(),
        "empty_max": catch(lambda: T.tensor([]).max()),
    }


@program
def reductions_norm(T):
    x = _leaf(T, [[3.0, 4.0], [-1.0, 2.0]])
    outs = {
        "norm": x.norm(),
        "norm_dim": x.norm(dim=1),
        "norm_p1": x.norm(p=1),
        "norm_keepdim": x.norm(dim=0, keepdim=True),
        "torch_norm": T.norm(x),
        "linalg_norm": T.linalg.norm(x),
        "vector_norm": T.linalg.vector_norm(x, ord=3),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    grads = {}
    for key, value in outs.items():
        (grads[key + "_grad"],) = T.autograd.grad(value.sum(), x)
    return {**outs, **graphs, **grads}


@program
def softmax_log_softmax(T):
    x = _leaf(T, [[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
    F = T.nn.functional
    w = T.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
    outs = {
        "softmax1": x.softmax(dim=1),
        "softmax0": T.softmax(x, dim=0),
        "F_softmax": F.softmax(x, dim=-1),
        "log_softmax": x.log_softmax(1),
        "F_log_softmax": F.log_softmax(x, dim=0),
        "big_values": T.softmax(x * 1000, dim=1),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    grads = {}
    for key, value in outs.items():
        (grads[key + "_grad"],) = T.autograd.grad((value * w).sum(), x)
    return {**outs, **graphs, **grads}


# --- losses and nn.functional -----------------------------------------------------------------


@program
def losses_functional(T):
    F = T.nn.functional
    logits = _leaf(T, [[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
    probs = _leaf(T, [[0.2, 0.7, 0.9], [0.5, 0.1, 0.6]])
    target01 = T.tensor([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0]])
    classes = T.tensor([2, 0])
    outs = {
        "bce_logits": F.binary_cross_entropy_with_logits(logits, target01),
        "bce_logits_sum": F.binary_cross_entropy_with_logits(logits, target01, reduction="sum"),
        "bce_logits_none": F.binary_cross_entropy_with_logits(logits, target01, reduction="none"),
        "bce": F.binary_cross_entropy(probs, target01),
        "bce_none": F.binary_cross_entropy(probs, target01, reduction="none"),
        "mse": F.mse_loss(logits, target01),
        "mse_sum": F.mse_loss(logits, target01, reduction="sum"),
        "cross_entropy": F.cross_entropy(logits, classes),
        "cross_entropy_sum": F.cross_entropy(logits, classes, reduction="sum"),
        "cross_entropy_probs": F.cross_entropy(logits, T.softmax(target01, 1)),
        "relu": F.relu(logits),
        "sigmoid": F.sigmoid(logits),
        "F_softmax": F.softmax(logits, dim=1),
        "tanh": F.tanh(logits),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    grads = {}
    for key, value in outs.items():
        leaf = probs if key.startswith("bce") and "logits" not in key else logits
        (grads[key + "_grad"],) = T.autograd.grad(value.sum(), leaf)
    return {**outs, **graphs, **grads}


@program
def losses_errors(T):
    F = T.nn.functional
    return {
        "bce_logits_shape": catch(lambda: F.binary_cross_entropy_with_logits(T.ones(3), T.ones(2))),
        "bce_out_of_range": catch(lambda: F.binary_cross_entropy(T.tensor([1.5]), T.tensor([1.0]))),
        "cross_entropy_float_target_shape": catch(lambda: F.cross_entropy(T.ones(2, 3), T.ones(2))),
        "cross_entropy_target_oob": catch(lambda: F.cross_entropy(T.ones(2, 3), T.tensor([0, 5]))),
        "mse_broadcast": F.mse_loss(T.ones(2, 3), T.zeros(3)),
        "bad_reduction": catch(lambda: F.mse_loss(T.ones(2), T.ones(2), reduction="avg")),
    }


# --- shape ops --------------------------------------------------------------------------------


@program
def shape_views_and_graphs(T):
    x = _leaf(T, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    weights = T.arange(1.0, 7.0)
    outs = {
        "reshape": x.reshape(3, 2),
        "reshape_neg": x.reshape(-1),
        "torch_reshape": T.reshape(x, (6,)),
        "view": x.view(3, 2),
        "view_neg": x.view(-1, 2),
        "flatten": x.flatten(),
        "torch_flatten": T.flatten(x),
        "transpose": x.transpose(0, 1),
        "torch_transpose": T.transpose(x, 1, 0),
        "t": x.t(),
        "T": x.T,
        "mT": x.mT,
        "permute": x.permute(1, 0),
        "unsqueeze0": x.unsqueeze(0),
        "unsqueeze_neg": x.unsqueeze(-1),
        "squeeze_noop": x.squeeze(),
        "squeeze_dim": x.unsqueeze(1).squeeze(1),
        "squeeze_all": x.reshape(1, 2, 1, 3).squeeze(),
        "expand": x[:, :1].expand(2, 4),
        "expand_neg": x[:1].expand(3, -1),
        "expand_as": x[0].expand_as(x),
        "repeat": x.repeat(2, 1),
        "repeat_more_dims": x.repeat(2, 1, 2),
        "flip": x.flip(0),
        "flip_both": T.flip(x, (0, 1)),
        "contiguous_copy": x.t().contiguous(),
        "copying_reshape": x.t().reshape(6),
        "view_as": x.view_as(T.zeros(3, 2)),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    grads = {}
    for key, value in outs.items():
        flat_weights = T.arange(1.0, value.numel() + 1.0).reshape(value.shape)
        (grads[key + "_grad"],) = T.autograd.grad((value * flat_weights).sum(), x)
    return {**outs, **graphs, **grads, "weights": weights}


@program
def shape_errors(T):
    x = T.arange(6)
    return {
        "view_bad": catch(lambda: x.view(4, 2)),
        "reshape_bad": catch(lambda: x.reshape(4, 2)),
        "two_neg": catch(lambda: x.view(-1, -1)),
        "view_noncontig": catch(lambda: x.view(2, 3).t().view(6)),
        "transpose_oob": catch(lambda: x.view(2, 3).transpose(0, 2)),
        "permute_bad": catch(lambda: x.view(2, 3).permute(0, 0)),
        "permute_len": catch(lambda: x.view(2, 3).permute(0)),
        "expand_bad": catch(lambda: T.ones(2, 3).expand(4, 3)),
        "expand_fewer": catch(lambda: T.ones(2, 3).expand(3)),
        "repeat_fewer": catch(lambda: T.ones(2, 3).repeat(2)),
        "unsqueeze_oob": catch(lambda: x.unsqueeze(3)),
        "squeeze_non1": x.view(2, 3).squeeze(0).shape,
        "flatten_range": T.zeros(2, 3, 4).flatten(1).shape,
        "flatten_start_end": T.zeros(2, 3, 4, 5).flatten(1, 2).shape,
        "mT_1d": catch(lambda: T.zeros(3).mT),
        "t_3d": catch(lambda: T.zeros(2, 3, 4).t()),
    }


@program
def shape_T_on_3d_warns(T):
    # torch warns only once per process (TORCH_WARN_ONCE), for any ndim != 2 (1-d too):
    # this is the only program using such .T, and it runs in a fresh process.
    return {"T_3d": T.zeros(2, 3, 4).T, "T_1d": T.zeros(3).T.shape}


@program
def shape_cat_stack_split_chunk(T):
    a = _leaf(T, [[1.0, 2.0], [3.0, 4.0]])
    b = _leaf(T, [[5.0, 6.0]])
    c = _leaf(T, [7.0, 8.0])
    cat0 = T.cat([a, b])
    cat1 = T.cat((a, a), dim=1)
    stack0 = T.stack([c, c * 2])
    stack1 = T.stack([c, c], dim=1)
    split_sizes = cat0.split(2)
    split_list = T.split(cat0, [1, 2], dim=0)
    chunks = cat1.chunk(2, dim=1)
    unbound = a.unbind(0)
    total = (
        cat0.sum()
        + 2 * cat1.sum()
        + 3 * stack0.sum()
        + stack1.sum()
        + (split_sizes[1] * 5).sum()
        + (split_list[0] * 7).sum()
        + (chunks[1] * 11).sum()
        + (unbound[0] * 13).sum()
    )
    total.backward()
    return {
        "cat0": cat0,
        "cat1": cat1,
        "concat": T.concat([c, c]),
        "stack0": stack0,
        "stack1": stack1,
        "split_sizes": split_sizes,
        "split_list": split_list,
        "chunks": chunks,
        "chunk_uneven": T.arange(5.0).chunk(3),
        "unbound": unbound,
        "cat_graph": graph_desc(cat0.grad_fn),
        "stack_graph": graph_desc(stack0.grad_fn),
        "split_graph": graph_desc(split_sizes[0].grad_fn),
        "chunk_graph": graph_desc(chunks[0].grad_fn),
        "a.grad": a.grad,
        "b.grad": b.grad,
        "c.grad": c.grad,
        "cat_mismatch": catch(lambda: T.cat([T.ones(2, 3), T.ones(2, 4)])),
        "cat_zero_d": catch(lambda: T.cat([T.tensor(1.0), T.tensor(2.0)])),
        "stack_mismatch": catch(lambda: T.stack([T.ones(2), T.ones(3)])),
        "cat_promotes": T.cat([T.tensor([1]), T.tensor([2.5])]),
        "cat_empty_list": catch(lambda: T.cat([])),
    }


# --- comparisons and closeness ----------------------------------------------------------------


@program
def comparisons(T):
    a = _leaf(T, [1.0, 2.0, 3.0])
    b = T.tensor([3.0, 2.0, 1.0])
    return {
        "lt": a < b,
        "le": a <= b,
        "gt": a > 2,
        "ge": 2 >= a,
        "eq": a == b,
        "ne": a != b,
        "eq_method": a.eq(b),
        "torch_gt": T.gt(a, b),
        "int_vs_float": T.tensor([1, 2]) == T.tensor([1.0, 2.5]),
        "logical_and": (a > 1) & (a < 3),
        "logical_or": (a < 2) | (a > 2),
        "logical_not": ~(a > 1),
        "any": (a > 2).any(),
        "all": (a > 0).all(),
        "broadcast": a.detach().unsqueeze(1) < b,
        "count": (a > 1).sum(),
        "equal_true": T.equal(a.detach(), T.tensor([1.0, 2.0, 3.0])),
        "equal_shape": T.equal(a.detach(), T.tensor([1.0, 2.0])),
        "allclose": T.allclose(a.detach(), a.detach() + 1e-9),
        "allclose_false": T.allclose(a.detach(), b),
        "allclose_tol": T.allclose(T.tensor([1.0]), T.tensor([1.1]), atol=0.2),
        "isclose": T.isclose(a.detach(), T.tensor([1.0, 2.1, float("nan")])),
        "isclose_nan": T.isclose(
            T.tensor([float("nan")]), T.tensor([float("nan")]), equal_nan=True
        ),
        "nonzero": (a > 1).nonzero(),
        "comparison_is_leaf": (a > 1).is_leaf,
        "comparison_backward": catch(lambda: (a > 1).sum().backward()),
    }


# --- indexing ---------------------------------------------------------------------------------


@program
def indexing_basic(T):
    x = _leaf(
        T, [[[float(i * 12 + j * 4 + k) for k in range(4)] for j in range(3)] for i in range(2)]
    )
    keys = {
        "int": lambda: x[1],
        "neg_int": lambda: x[-1],
        "two_ints": lambda: x[0, 1],
        "three_ints": lambda: x[1, 2, 3],
        "slice": lambda: x[:, 1:],
        "slice_step": lambda: x[..., ::2],
        "ellipsis": lambda: x[..., 0],
        "none": lambda: x[None],
        "none_middle": lambda: x[:, None, 1],
        "full": lambda: x[:],
        "slice_past_end": lambda: x[:, 1:100],
        "empty_slice": lambda: x[:, 3:1],
        "int_slice_int": lambda: x[1, :, 2],
        "true": lambda: x[True],
        "false": lambda: x[False],
    }
    out = {}
    for name, fn in keys.items():
        y = fn()
        out[name] = y
        out[name + "_graph"] = graph_desc(y.grad_fn)
        out[name + "_is_view"] = y._is_view()
        weights = T.arange(1.0, y.numel() + 1.0).reshape(y.shape)
        (out[name + "_grad"],) = T.autograd.grad((y * weights).sum(), x)
    return out


@program
def indexing_advanced(T):
    x = _leaf(
        T, [[[float(i * 12 + j * 4 + k) for k in range(4)] for j in range(3)] for i in range(2)]
    )
    mask = T.tensor([[True, False, True], [False, False, True]])
    keys = {
        "list": lambda: x[[1, 0, 1]],
        "int_tensor": lambda: x[T.tensor([0, 0])],
        "two_lists": lambda: x[[0, 1], [1, 2]],
        "int_then_list": lambda: x[0, :, [1, 2]],
        "slice_then_list": lambda: x[1:, [0, 2]],
        "list_slice_list": lambda: x[[0, 1], :, [3, 0]],
        "list_of_lists": lambda: x[[[0, 1], [1, 1]]],
        "bool_mask": lambda: x[mask],
        "bool_mask_1d": lambda: x[T.tensor([False, True])],
        "bool_then_slice": lambda: x[:, T.tensor([True, False, True])],
        "ellipsis_list": lambda: x[..., [0, 3]],
        "none_list": lambda: x[None, [1]],
        "int_tensor_2d": lambda: x[T.tensor([[0], [1]]), T.tensor([[2, 1]])],
        "negative_indices": lambda: x[[-1, -2]],
        "duplicates": lambda: x[0, [0, 0, 2]],
        "zero_d_tensor": lambda: x[T.tensor(1)],
        "tuple_of_tuples": lambda: x[(0, 1, 1), (2, 0, 1)],
        "tuple_inside_tuple": lambda: x[1, (0, 2), 3],
        "range_index": lambda: x[range(2)],
    }
    out = {}
    for name, fn in keys.items():
        y = fn()
        out[name] = y
        out[name + "_graph"] = graph_desc(y.grad_fn)
        weights = T.arange(1.0, y.numel() + 1.0).reshape(y.shape)
        (out[name + "_grad"],) = T.autograd.grad((y * weights).sum(), x)
    return out


@program
def indexing_errors(T):
    x = T.arange(5)
    m = T.ones(2, 3)
    return {
        "negative_step": catch(lambda: x[::-1]),
        "negative_step_2": catch(lambda: x[::-2]),
        "zero_step": catch(lambda: x[::0]),
        "out_of_bounds": catch(lambda: x[7]),
        "out_of_bounds_neg": catch(lambda: x[-6]),
        "out_of_bounds_tensor": catch(lambda: x[T.tensor([0, 9])]),
        "out_of_bounds_list": catch(lambda: x[[0, 5]]),
        "out_of_bounds_dim1": catch(lambda: m[0, 5]),
        "too_many": catch(lambda: x[0, 0]),
        "mask_shape": catch(lambda: x[T.tensor([True, False])]),
        "float_index": catch(lambda: x[T.tensor([1.0])]),
        "float_python_index": catch(lambda: x[1.5]),
        "string_index": catch(lambda: x["a"]),
        "zero_d": catch(lambda: T.tensor(5.0)[0]),
        "zero_d_ellipsis": T.tensor(5.0)[...],
        "zero_d_none": T.tensor(5.0)[None],
    }


@program
def indexing_functions(T):
    x = _leaf(T, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    idx = T.tensor([2, 0, 2])
    gidx = T.tensor([[0, 0], [1, 0]])
    mask = T.tensor([[True, False, True], [False, True, False]])
    outs = {
        "index_select1": x.index_select(1, idx),
        "index_select0": T.index_select(x, 0, T.tensor([1])),
        "gather1": x.gather(1, gidx),
        "gather0": T.gather(x, 0, T.tensor([[1, 0, 1]])),
        "masked_fill": x.masked_fill(mask, -1.0),
        "masked_fill_bcast": x.masked_fill(T.tensor([True, False, False]), 0.0),
        "masked_select": x.masked_select(mask),
        "take_along_dim": T.take_along_dim(x, gidx, dim=1),
    }
    graphs = {k + "_graph": graph_desc(v.grad_fn) for k, v in outs.items()}
    grads = {}
    for key, value in outs.items():
        weights = T.arange(1.0, value.numel() + 1.0).reshape(value.shape)
        (grads[key + "_grad"],) = T.autograd.grad((value * weights).sum(), x)
    return {**outs, **graphs, **grads}


@program
def indexing_function_errors(T):
    x = T.ones(2, 3)
    return {
        "gather_float_index": catch(lambda: x.gather(1, T.tensor([[0.0]]))),
        "gather_oob": catch(lambda: x.gather(1, T.tensor([[5], [0]]))),
        "gather_bigger": catch(lambda: x.gather(1, T.tensor([[0], [0], [0]]))),
        "gather_ndim": catch(lambda: x.gather(1, T.tensor([0]))),
        "index_select_float": catch(lambda: x.index_select(0, T.tensor([0.0]))),
        "index_select_2d": catch(lambda: x.index_select(0, T.tensor([[0]]))),
        "index_select_oob": catch(lambda: x.index_select(1, T.tensor([3]))),
        "masked_fill_not_bool": catch(lambda: x.masked_fill(T.tensor([1, 0, 1]), 0.0)),
        "masked_fill_tensor_value": catch(
            lambda: x.masked_fill(T.tensor([True, False, True]), T.tensor([1.0, 2.0]))
        ),
    }


# --- setitem ----------------------------------------------------------------------------------


@program
def setitem_basic_copyslices(T):
    x = _leaf(T, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    v = _leaf(T, [10.0, 20.0])
    y = x * 1
    y[0, 1:] = v
    after_first = (graph_desc(y.grad_fn), y._version)
    y[1] = 0.0
    y[:, 0] = T.tensor([7.0, 8.0])
    weights = T.arange(1.0, 7.0).reshape(2, 3)
    (y * weights).sum().backward()
    return {
        "y": y,
        "after_first": after_first,
        "graph": graph_desc(y.grad_fn),
        "version": y._version,
        "x.grad": x.grad,
        "v.grad": v.grad,
    }


@program
def setitem_advanced_index_put(T):
    x = _leaf(T, [1.0, 2.0, 3.0, 4.0])
    v = _leaf(T, [10.0, 20.0])
    y = x * 1
    y[[0, 0]] = v
    graph_list = graph_desc(y.grad_fn)
    y[y > 15] = -1.0
    graph_mask = graph_desc(y.grad_fn)
    z = x * 1
    z[T.tensor([1, 3])] = 0.0
    (y * T.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
    acc = T.zeros(3).index_put_((T.tensor([0, 0, 2]),), T.tensor([1.0, 2.0, 3.0]), accumulate=True)
    no_acc = T.zeros(3).index_put_((T.tensor([0, 0, 2]),), T.tensor([1.0, 2.0, 3.0]))
    return {
        "y": y,
        "z": z,
        "graph_list": graph_list,
        "graph_mask": graph_mask,
        "x.grad": x.grad,
        "v.grad": v.grad,
        "index_put_accumulate": acc,
        "index_put": no_acc,
    }


@program
def setitem_type_handling_and_errors(T):
    longs = T.tensor([1, 2, 3])
    longs[0] = 7.9
    longs[1] = T.tensor(5.5)
    floats = T.zeros(3)
    floats[0] = 4
    floats[1:] = T.tensor([1, 2])
    grid = T.zeros(2, 3)
    grid[0] = T.tensor([1.0, 2.0, 3.0])
    grid[:, 1] = 9.0
    grid[grid > 2] = 5.0
    return {
        "longs": longs,
        "floats": floats,
        "grid": grid,
        "version": grid._version,
        "wrong_size": catch(lambda: grid.__setitem__(0, T.ones(4))),
        "broadcast_value": catch(lambda: grid.__setitem__(slice(None), T.ones(3))),
        "grid_after": grid,
        "view_of_leaf": catch(lambda: _leaf(T, [1.0, 2.0]).__setitem__(0, 5.0)),
        "negative_step": catch(lambda: grid.__setitem__(slice(None, None, -1), 0.0)),
    }


@program
def setitem_view_rebase(T):
    x = _leaf(T, [[1.0, 2.0], [3.0, 4.0]])
    y = x * 2
    view = y[0]
    view.mul_(3)
    view_graph = graph_desc(view.grad_fn)
    base_graph = graph_desc(y.grad_fn)
    y.sum().backward()
    return {
        "y": y,
        "view": view,
        "view_graph": view_graph,
        "base_graph": base_graph,
        "x.grad": x.grad,
        "versions": (y._version, view._version),
    }


# --- backward and autograd.grad -------------------------------------------------------------


@program
def backward_gradient_argument(T):
    x = _leaf(T, [1.0, 2.0, 3.0])
    y = x * x
    y.backward(T.tensor([1.0, 0.1, 0.01]))
    first = x.grad.clone()
    z = x * 2
    z.backward(gradient=T.tensor([1, 2, 3]))
    one = _leaf(T, [2.0])
    (one * 3).backward()
    return {
        "first": first,
        "accumulated_with_long_gradient": x.grad,
        "shape_one_implicit": one.grad,
        "implicit_error": catch(lambda: (x * 2).backward()),
        "wrong_shape": catch(lambda: (x * 2).backward(T.ones(2))),
        "wrong_shape_0d": catch(lambda: (x * 2).sum().backward(T.ones(2))),
        "no_grad_fn": catch(lambda: T.ones(2).sum().backward()),
        "leaf_backward": catch(lambda: x.backward(T.ones(3))),
        "x.grad_after_leaf_backward": x.grad,
    }


@program
def backward_twice(T):
    x = _leaf(T, [1.0, 2.0])
    saved = (x * x).sum()
    saved.backward()
    second = catch(lambda: saved.backward())
    unsaved = (x + 1).sum()
    unsaved.backward()
    unsaved.backward()
    retained = (x.exp()).sum()
    retained.backward(retain_graph=True)
    retained.backward()
    grad_twice_out = (x * x).sum()
    T.autograd.grad(grad_twice_out, x)
    return {
        "second": second,
        "x.grad": x.grad,
        "grad_twice": catch(lambda: T.autograd.grad(grad_twice_out, x)),
    }


@program
def backward_accumulation_in_place(T):
    x = _leaf(T, [1.0, 2.0])
    (x * 2).sum().backward()
    reference = x.grad
    (x * 3).sum().backward()
    same_object = reference is x.grad
    x.grad.zero_()
    after_zero = x.grad.clone()
    (x**2).sum().backward()
    return {
        "reference_sees_update": reference,
        "same_object": same_object,
        "after_zero": after_zero,
        "final": x.grad,
        "grad_is_leaf": x.grad.is_leaf,
        "grad_requires_grad": x.grad.requires_grad,
    }


@program
def backward_inputs_argument(T):
    x = _leaf(T, [1.0, 2.0])
    w = _leaf(T, [3.0, 4.0])
    y = x * w
    z = (y * y).sum()
    z.backward(inputs=[w], retain_graph=True)
    w_only = (x.grad, w.grad.clone())
    z.backward(inputs=[y])
    return {"w_only": w_only, "y.grad": y.grad, "w.grad": w.grad, "x.grad": x.grad}


@program
def backward_create_graph(T):
    x = _leaf(T, [1.0, 2.0])
    y = (x**3).sum()
    y.backward(create_graph=True)
    first = x.grad
    first_graph = graph_desc(x.grad.grad_fn)
    (x**2).sum().backward(create_graph=True)
    second_graph = graph_desc(x.grad.grad_fn)
    return {
        "first": first,
        "first_graph": first_graph,
        "second_graph": second_graph,
        "x.grad": x.grad,
    }


@program
def autograd_grad_api(T):
    x = _leaf(T, [1.0, 2.0, 3.0])
    w = _leaf(T, [0.5, 0.5, 0.5])
    unused = _leaf(T, [1.0])
    constant = T.ones(3)
    out = (x * w).sum()
    grads = T.autograd.grad(out, [x, w], retain_graph=True)
    vjp = T.autograd.grad(x * 2, x, grad_outputs=T.tensor([1.0, 10.0, 100.0]))
    return {
        "grads": grads,
        "grads_type": type(grads).__name__,
        "x.grad_untouched": x.grad,
        "vjp": vjp,
        "unused_error": catch(lambda: T.autograd.grad(out, [x, unused], retain_graph=True)),
        "allow_unused": T.autograd.grad(out, [x, unused], retain_graph=True, allow_unused=True),
        "materialize": T.autograd.grad(
            out, [unused], retain_graph=True, allow_unused=True, materialize_grads=True
        ),
        "no_requires_grad": catch(lambda: T.autograd.grad(out, [constant], retain_graph=True)),
        "implicit": catch(lambda: T.autograd.grad(x * 2, x)),
        "output_no_grad": catch(lambda: T.autograd.grad(T.ones(1).sum(), x)),
        "grad_outputs_shape": catch(lambda: T.autograd.grad(x * 2, x, grad_outputs=T.ones(2))),
        "autograd_backward": catch(lambda: T.autograd.backward([(x * 3).sum()])),
        "x.grad_after_autograd_backward": x.grad,
    }


@program
def autograd_higher_order(T):
    x = _leaf(T, [0.5, 1.5])
    y = (x**3).sum()
    (g,) = T.autograd.grad(y, x, create_graph=True)
    (gg,) = T.autograd.grad(g.sum(), x, create_graph=True)
    (ggg,) = T.autograd.grad(gg.sum(), x)
    out = {"g": g, "gg": gg, "ggg": ggg, "g_graph": graph_desc(g.grad_fn)}
    funcs = {
        "x*x": lambda: x * x,
        "exp": lambda: x.exp(),
        "sin": lambda: x.sin(),
        "log": lambda: x.log(),
        "sqrt": lambda: x.sqrt(),
        "sigmoid": lambda: x.sigmoid(),
        "tanh": lambda: x.tanh(),
        "relu": lambda: x.relu(),
        "mean": lambda: x.mean(),
        "neg": lambda: -x,
        "norm": lambda: x.norm(),
        "abs": lambda: x.abs(),
        "div": lambda: x / (x + 1),
    }
    for name, fn in funcs.items():
        (first,) = T.autograd.grad(fn().sum(), x, create_graph=True)
        out[name + "_first"] = first
        out[name + "_first_grad_fn"] = grad_fn_name(first)
        if first.requires_grad:
            (out[name + "_second"],) = T.autograd.grad(first.sum(), x)
    return out


# --- hooks ------------------------------------------------------------------------------------


@program
def hooks_leaf(T):
    x = _leaf(T, [1.0, 2.0])
    seen = []

    def times_ten(grad):
        seen.append(grad.clone())
        return grad * 10

    handle = x.register_hook(times_ten)
    (x * 3).sum().backward()
    after_first = x.grad.clone()
    handle.remove()
    handle.remove()
    (x * 3).sum().backward()
    y = _leaf(T, 1.0)
    calls = []
    y.register_hook(lambda g: calls.append(g.item()))
    (y * 2 + y * 3).backward()
    z = _leaf(T, [1.0, 2.0])
    z.register_hook(lambda g: g * 2)
    grad_result = T.autograd.grad((z * z).sum(), z)
    return {
        "seen": seen,
        "after_first": after_first,
        "after_remove": x.grad,
        "handle_type": type(handle).__name__,
        "summed_once": calls,
        "autograd_grad_with_hook": grad_result,
        "z.grad": z.grad,
        "no_grad_hook": catch(lambda: T.ones(2).register_hook(lambda g: g)),
    }


@program
def hooks_nonleaf_and_retain_grad_order(T):
    x = _leaf(T, [1.0, 2.0])
    order = []
    y = x * 3
    y.retain_grad()
    y.register_hook(lambda g: order.append(("first", g.tolist())) or g * 100)
    y.register_hook(lambda g: order.append(("second", g.tolist())) or g + 1)
    y.sum().backward()
    w = _leaf(T, [1.0, 1.0])
    u = w * 2
    u.register_hook(lambda g: g * 100)
    u.retain_grad()
    u.sum().backward()
    return {
        "order": order,
        "y.grad": y.grad,
        "x.grad": x.grad,
        "y_retains_grad": y.retains_grad,
        "u.grad_retain_after_hook": u.grad,
        "w.grad": w.grad,
    }


@program
def hooks_retain_grad_semantics(T):
    x = _leaf(T, [1.0, 2.0])
    y = x * x
    y.retain_grad()
    y.retain_grad()
    before = y.grad
    y.sum().backward(retain_graph=True)
    first = y.grad.clone()
    y.sum().backward()
    x.retain_grad()
    c = T.ones(2)
    return {
        "before": before,
        "first": first,
        "accumulated": y.grad,
        "leaf_retains_grad": x.retains_grad,
        "no_grad_retain": catch(lambda: c.retain_grad()),
    }


@program
def hooks_errors_and_inplace(T):
    x = _leaf(T, [1.0, 2.0])
    bad_shape = x * 1
    bad_shape.register_hook(lambda g: T.ones(3))
    bad_dtype = x * 1
    bad_dtype.register_hook(lambda g: g.double())
    in_place_hook = _leaf(T, [1.0, 2.0])

    def mutate(grad):
        grad.mul_(2)

    in_place_hook.register_hook(mutate)
    (in_place_hook * 1).sum().backward()
    a = _leaf(T, [1.0, 1.0])
    b = a * 1
    before_inplace = []
    b.register_hook(lambda g: before_inplace.append(g.tolist()))
    b.mul_(3)
    after_inplace = []
    b.register_hook(lambda g: after_inplace.append(g.tolist()))
    (b * T.tensor([10.0, 100.0])).sum().backward()
    return {
        "bad_shape": catch(lambda: bad_shape.sum().backward()),
        "bad_dtype": catch(lambda: bad_dtype.sum().backward()),
        "mutating_hook": in_place_hook.grad,
        "hook_before_inplace": before_inplace,
        "hook_after_inplace": after_inplace,
        "a.grad": a.grad,
    }


@program
def hooks_grad_fn_and_post_accumulate(T):
    x = _leaf(T, [1.0, 2.0])
    events = []
    y = x * 2
    y.register_hook(lambda g: events.append("tensor_hook"))
    y.grad_fn.register_prehook(lambda gO: events.append("node_prehook"))
    y.grad_fn.register_hook(lambda gI, gO: events.append("node_posthook"))
    x.register_hook(lambda g: events.append("leaf_hook") or g * 2)
    x.register_post_accumulate_grad_hook(lambda t: events.append(("post_acc", t.grad.tolist())))
    y.sum().backward()
    return {"events": events, "x.grad": x.grad}


# --- grad modes -------------------------------------------------------------------------------


@program
def grad_modes(T):
    x = _leaf(T, [1.0, 2.0])
    with T.no_grad():
        a = x * 2
        with T.enable_grad():
            b = x * 2
        enabled_inside = T.is_grad_enabled()
    with T.set_grad_enabled(False):
        c = x * 2
    with T.set_grad_enabled(True):
        d = x * 2

    @T.no_grad()
    def decorated(t):
        return t * 2

    @T.enable_grad()
    def decorated_enable(t):
        return t * 2

    with T.no_grad():
        e = decorated_enable(x)
    T.set_grad_enabled(False)
    f = x * 2
    T.set_grad_enabled(True)
    with T.inference_mode():
        g = x * 2
    return {
        "no_grad": a,
        "enable_inside_no_grad": b,
        "enabled_flag_inside": enabled_inside,
        "set_false": c,
        "set_true": d,
        "decorated": decorated(x),
        "decorated_enable": e,
        "function_form": f,
        "restored": T.is_grad_enabled(),
        "inference": g,
        "inference_flag": g.is_inference(),
    }


@program
def grad_mode_inplace_nonleaf_not_recorded(T):
    x = _leaf(T, [1.0, 2.0])
    y = x * 2
    with T.no_grad():
        y.mul_(3)
    y.sum().backward()
    return {"y": y, "x.grad": x.grad, "graph": graph_desc(y.grad_fn)}


# --- reprs ------------------------------------------------------------------------------------


@program
def reprs_tensors(T):
    x = _leaf(T, [1.0, 2.0])
    cases = {
        "scalar_float": T.tensor(4.0),
        "scalar_int": T.tensor(4),
        "scalar_bool": T.tensor(True),
        "requires_grad": _leaf(T, 4.0),
        "grad_fn": _leaf(T, 4.0) * 2,
        "fractions": T.tensor([1.5, 2.25]),
        "thirds": T.tensor([1.0, 2.0]) / 3,
        "sci_small": T.tensor([1e-5, 1.0]),
        "sci_large": T.tensor([1e7, 1.0]),
        "ratio_1000": T.tensor([0.1, 100.0]),
        "int_mode_big": T.tensor([1e8]),
        "sci_big": T.tensor([123456789.0]),
        "float32_rounding": T.tensor([12345.678]),
        "nan_inf": T.tensor([float("nan"), float("inf"), -float("inf"), 1.5]),
        "nan_inf_int": T.tensor([float("nan"), float("inf"), 1.0]),
        "neg_zero": T.tensor([0.0, -0.0]),
        "negatives": T.tensor([-1.0, 2.5, -3.25]),
        "ints": T.tensor([-10, 5, 100]),
        "bools": T.tensor([True, False]),
        "float64": T.tensor([1.0, 2.0], dtype=T.float64),
        "float64_scalar": T.tensor(1.5, dtype=T.float64),
        "float64_grad_fn": T.tensor([1.0, 2.0], dtype=T.float64, requires_grad=True) * 2,
        "int32": T.tensor([1, 2], dtype=T.int32),
        "float16": T.tensor([1.0, 2.5], dtype=T.float16),
        "empty": T.tensor([]),
        "empty_int": T.tensor([], dtype=T.int64),
        "empty_2d": T.zeros(2, 0),
        "empty_requires_grad": T.zeros(0, 3, requires_grad=True),
        "summarized": T.arange(1001.0),
        "matrix_summarized": T.ones(40, 40),
        "3d": T.arange(24.0).reshape(2, 3, 4),
        "wrapping": T.tensor(
            [1.5410, -0.2934, -2.1788, 0.5684, -1.0845, -1.3986, 0.4033], requires_grad=True
        ),
        "wrap_suffix": T.tensor(
            [[0.6848, -0.6164, -0.3828, -0.5347, 0.1801, -0.6945, 0.8007]],
            dtype=T.float64,
            requires_grad=True,
        ).tanh(),
        "long_line": T.arange(30.0) / 7,
        "bce": T.nn.functional.binary_cross_entropy_with_logits(x, T.tensor([0.0, 1.0])),
    }
    out = {name: repr(value) for name, value in cases.items()}
    out["str_equals_repr"] = str(cases["grad_fn"]) == repr(cases["grad_fn"])
    return out


@program
def reprs_objects(T):
    x = _leaf(T, [1.0, 2.0])
    y = x + 1
    return {
        "size": repr(T.Size([2, 3])),
        "size_empty": repr(T.Size([])),
        "size_str": str(x.shape),
        "dtype_repr": repr(T.float32),
        "dtype_int": repr(T.int64),
        "dtype_bool": str(T.bool),
        "grad_fn_repr": repr(y.grad_fn),
        "grad_fn_name": y.grad_fn.name(),
        "next_functions_repr": repr(y.grad_fn.next_functions),
        "accumulate_variable_is_x": y.grad_fn.next_functions[0][0].variable is x,
        "handle_repr_type": type(x.register_hook(lambda g: g)).__name__,
        "format_scalar": f"{T.tensor(4.5):.2f}",
        "format_int": f"{T.tensor(3)}",
        "format_plain": f"{T.tensor([1.0, 2.0])}",
        "max_dim_repr": repr(T.tensor([[1.0, 3.0], [4.0, 2.0]]).max(dim=1)),
        "parameter_repr": repr(T.nn.Parameter(T.tensor([1.0, 2.0]))),
    }


@program
def reprs_print_options(T):
    x = T.tensor([1.123456789, 2.0, 3.5])
    T.set_printoptions(precision=2)
    two = repr(x)
    T.set_printoptions(sci_mode=True)
    sci = repr(x)
    T.set_printoptions(profile="default")
    T.set_printoptions(threshold=5, edgeitems=2)
    short = repr(T.arange(10))
    T.set_printoptions(profile="default")
    return {"precision_2": two, "sci_mode": sci, "threshold": short, "restored": repr(x)}


# ========================================================================================
# Differentiable-op table, shared by the gradchecks and the live differential tests.
# Each op is ``fn(T, *inputs)`` returning a tensor or a tuple of tensors; integer and
# boolean arguments (indices, masks, class targets) are constants built inside ``fn``.
# ========================================================================================


@dataclass(frozen=True)
class DifferentiableOp:
    """One op of the scope, with input shapes and the domain its inputs are drawn from.

    Domains: ``real`` (-2, 2); ``positive`` (0.5, 2); ``unit`` (0.1, 0.9);
    ``nonzero`` ±(0.2, 2) — for ops with a kink at 0 (relu, abs), so finite differences
    never straddle it.
    """

    name: str
    fn: Callable[..., Any]
    shapes: tuple[tuple[int, ...], ...]
    domain: str = "real"


def sample_inputs(op: DifferentiableOp, rng: np.random.Generator) -> list[np.ndarray]:
    """float64 input arrays for ``op`` drawn from its domain."""
    arrays = []
    for shape in op.shapes:
        if op.domain == "positive":
            arrays.append(rng.uniform(0.5, 2.0, size=shape))
        elif op.domain == "unit":
            arrays.append(rng.uniform(0.1, 0.9, size=shape))
        elif op.domain == "nonzero":
            magnitude = rng.uniform(0.2, 2.0, size=shape)
            arrays.append(np.where(rng.random(size=shape) < 0.5, -magnitude, magnitude))
        elif op.domain == "real":
            arrays.append(rng.uniform(-2.0, 2.0, size=shape))
        else:
            raise ValueError(f"op {op.name!r}: unknown domain {op.domain!r}")
    return arrays


def _setitem_basic(T, x, v):
    y = x.clone()
    y[0, 1:] = v
    return y


def _setitem_advanced(T, x, v):
    y = x * 1
    y[T.tensor([2, 0])] = v
    return y


def _in_place(x, mutate):
    y = x * 1  # a non-leaf copy: in-place ops on leaves requiring grad are errors
    mutate(y)
    return y


def _in_place_on_view(x):
    y = x * 1
    y[1].mul_(3)
    y[:, 0].add_(y[:, 1])
    return y


def _setitem_mask(T, x):
    y = x.clone()
    y[y > 0] = 0.0
    return y


def _functional(T):
    return T.nn.functional


DIFFERENTIABLE_OPS: list[DifferentiableOp] = [
    # arithmetic (tensor-tensor with broadcasting, scalars on both sides)
    DifferentiableOp("add", lambda T, a, b: a + b, ((3, 1), (4,))),
    DifferentiableOp("add_alpha", lambda T, a, b: T.add(a, b, alpha=2.5), ((2, 3), (3,))),
    DifferentiableOp("sub", lambda T, a, b: a - b, ((2, 3), (2, 1))),
    DifferentiableOp("mul", lambda T, a, b: a * b, ((2, 3), (3,))),
    DifferentiableOp("div", lambda T, a, b: a / b, ((2, 3), (3,)), "positive"),
    DifferentiableOp("pow_tensor", lambda T, a, b: a**b, ((2, 3), (2, 3)), "positive"),
    DifferentiableOp("pow_scalar", lambda T, a: a**3, ((2, 3),)),
    DifferentiableOp("pow_fraction", lambda T, a: a**1.5, ((4,),), "positive"),
    DifferentiableOp("rpow", lambda T, a: 2**a, ((4,),)),
    DifferentiableOp("radd", lambda T, a: 1.5 + a, ((4,),)),
    DifferentiableOp("rsub", lambda T, a: 1 - a, ((4,),)),
    DifferentiableOp("rmul", lambda T, a: 3 * a, ((4,),)),
    DifferentiableOp("rdiv", lambda T, a: 2 / a, ((4,),), "positive"),
    DifferentiableOp("neg", lambda T, a: -a, ((2, 2),)),
    DifferentiableOp("square", lambda T, a: a.square(), ((3,),)),
    DifferentiableOp("reciprocal", lambda T, a: a.reciprocal(), ((3,),), "positive"),
    # elementwise math
    DifferentiableOp("abs", lambda T, a: a.abs(), ((2, 3),), "nonzero"),
    DifferentiableOp("exp", lambda T, a: T.exp(a), ((2, 3),)),
    DifferentiableOp("log", lambda T, a: T.log(a), ((2, 3),), "positive"),
    DifferentiableOp("sqrt", lambda T, a: a.sqrt(), ((2, 3),), "positive"),
    DifferentiableOp("sin", lambda T, a: a.sin(), ((2, 3),)),
    DifferentiableOp("cos", lambda T, a: T.cos(a), ((2, 3),)),
    DifferentiableOp("tanh", lambda T, a: a.tanh(), ((2, 3),)),
    # trigonometric and hyperbolic (ops/trigonometric.py)
    DifferentiableOp("tan", lambda T, a: T.tan(a), ((2, 3),), "unit"),
    DifferentiableOp("asin", lambda T, a: a.asin(), ((2, 3),), "unit"),
    DifferentiableOp("arccos", lambda T, a: T.arccos(a), ((2, 3),), "unit"),
    DifferentiableOp("atan", lambda T, a: T.atan(a), ((2, 3),)),
    DifferentiableOp("sinh", lambda T, a: a.sinh(), ((2, 3),)),
    DifferentiableOp("cosh", lambda T, a: T.cosh(a), ((2, 3),)),
    DifferentiableOp("asinh", lambda T, a: T.asinh(a), ((2, 3),)),
    DifferentiableOp("acosh", lambda T, a: (a + 1.5).acosh(), ((2, 3),), "positive"),
    DifferentiableOp("atanh", lambda T, a: T.arctanh(a), ((2, 3),), "unit"),
    DifferentiableOp("sigmoid", lambda T, a: T.sigmoid(a), ((2, 3),)),
    DifferentiableOp("relu", lambda T, a: a.relu(), ((2, 3),), "nonzero"),
    DifferentiableOp("clamp", lambda T, a: a.clamp(-1.0, 1.0), ((3, 3),)),
    DifferentiableOp("clamp_min", lambda T, a: a.clamp(min=0.5), ((3, 3),)),
    DifferentiableOp("clamp_min_tensor", lambda T, a, b: a.clamp_min(b), ((2, 3), (3,))),
    DifferentiableOp("clamp_max_tensor", lambda T, a, b: T.clamp_max(a, b), ((2, 3), (2, 1))),
    DifferentiableOp("where", lambda T, a, b: T.where(a > b, a * 2, b), ((2, 3), (2, 3))),
    DifferentiableOp("maximum", lambda T, a, b: T.maximum(a, b), ((2, 3), (3,))),
    DifferentiableOp("minimum", lambda T, a, b: T.minimum(a, b), ((2, 3), (2, 3))),
    # matrix products
    DifferentiableOp("mm", lambda T, a, b: a @ b, ((2, 3), (3, 4))),
    DifferentiableOp("torch_mm", lambda T, a, b: T.mm(a, b), ((3, 2), (2, 2))),
    DifferentiableOp("mv", lambda T, a, b: a @ b, ((2, 3), (3,))),
    DifferentiableOp(
        "addmv", lambda T, s, a, b: T.addmv(s, a, b, beta=0.5, alpha=-2), ((2,), (2, 3), (3,))
    ),
    DifferentiableOp(
        "addmv_method_broadcast", lambda T, s, a, b: s.addmv(a, b), ((1,), (3, 2), (2,))
    ),
    DifferentiableOp(
        "addmm",
        lambda T, s, a, b: T.addmm(s, a, b, beta=-1.5, alpha=0.5),
        ((2, 2), (2, 3), (3, 2)),
    ),
    DifferentiableOp(
        "addmm_method_broadcast", lambda T, s, a, b: s.addmm(a, b), ((3,), (2, 2), (2, 3))
    ),
    DifferentiableOp("dot", lambda T, a, b: T.dot(a, b), ((4,), (4,))),
    DifferentiableOp(
        "softplus", lambda T, a: T.nn.functional.softplus(a, beta=1.5, threshold=2), ((2, 3),)
    ),
    DifferentiableOp("logsigmoid", lambda T, a: T.nn.functional.logsigmoid(a), ((2, 3),)),
    DifferentiableOp("gelu", lambda T, a: T.nn.functional.gelu(a), ((2, 3),)),
    DifferentiableOp(
        "gelu_tanh", lambda T, a: T.nn.functional.gelu(a, approximate="tanh"), ((2, 3),)
    ),
    DifferentiableOp("silu", lambda T, a: T.nn.functional.silu(a), ((2, 3),)),
    DifferentiableOp("elu", lambda T, a: T.nn.functional.elu(a, alpha=1.5), ((2, 3),)),
    DifferentiableOp(
        "elu_inplace", lambda T, a: T.nn.functional.elu(a * 1, alpha=0.5, inplace=True), ((2, 3),)
    ),
    DifferentiableOp("hardtanh", lambda T, a: T.nn.functional.hardtanh(a, -0.3, 0.4), ((2, 3),)),
    DifferentiableOp("softmin", lambda T, a: T.nn.functional.softmin(a, 1), ((2, 3),)),
    DifferentiableOp("selu", lambda T, a: T.nn.functional.selu(a), ((2, 3),)),
    DifferentiableOp("celu", lambda T, a: T.nn.functional.celu(a, 0.7), ((2, 3),)),
    DifferentiableOp(
        "celu_inplace", lambda T, a: T.nn.functional.celu(a * 1, 1.5, inplace=True), ((2, 3),)
    ),
    DifferentiableOp("softsign", lambda T, a: T.nn.functional.softsign(a), ((2, 3),)),
    DifferentiableOp("mish", lambda T, a: T.nn.functional.mish(a), ((2, 3),)),
    DifferentiableOp("glu", lambda T, a: T.nn.functional.glu(a, 0), ((2, 3),)),
    DifferentiableOp(
        "pad_reflect", lambda T, a: T.nn.functional.pad(a, (2, 1), mode="reflect"), ((2, 3),)
    ),
    DifferentiableOp(
        "pad_replicate",
        lambda T, a: T.nn.functional.pad(a, (1, 2, 0, 1), mode="replicate"),
        ((1, 2, 3),),
    ),
    DifferentiableOp(
        "pad_constant", lambda T, a: T.nn.functional.pad(a, (1, -1, 2, 0), value=0.5), ((2, 3),)
    ),
    DifferentiableOp("hardswish", lambda T, a: T.nn.functional.hardswish(a * 2), ((2, 3),)),
    DifferentiableOp("softshrink", lambda T, a: T.nn.functional.softshrink(a, 0.05), ((2, 3),)),
    DifferentiableOp("tanhshrink", lambda T, a: T.nn.functional.tanhshrink(a), ((2, 3),)),
    DifferentiableOp(
        "layer_norm_affine",
        lambda T, a, w, b: T.nn.functional.layer_norm(a, (3,), w, b),
        ((2, 3), (3,), (3,)),
    ),
    DifferentiableOp(
        "layer_norm_2d", lambda T, a: T.nn.functional.layer_norm(a, (2, 3), eps=0.1), ((2, 2, 3),)
    ),
    DifferentiableOp(
        "conv2d",
        lambda T, a, w, b: T.nn.functional.conv2d(a, w, b, stride=(2, 1), padding=1, groups=2),
        ((1, 4, 4, 3), (2, 2, 2, 2), (2,)),
    ),
    DifferentiableOp(
        "conv1d_same",
        lambda T, a, w: T.nn.functional.conv1d(a, w, padding="same", dilation=2),
        ((2, 5), (3, 2, 2)),
    ),
    DifferentiableOp(
        "max_pool2d",
        lambda T, a: T.nn.functional.max_pool2d(a, 2, stride=1, padding=1),
        ((1, 2, 3, 3),),
    ),
    DifferentiableOp(
        "avg_pool1d",
        lambda T, a: T.nn.functional.avg_pool1d(a, 3, 2, 1, ceil_mode=True),
        ((2, 6),),
    ),
    DifferentiableOp(
        "adaptive_max_pool2d",
        lambda T, a: T.nn.functional.adaptive_max_pool2d(a, (2, 3)),
        ((2, 3, 4),),
    ),
    DifferentiableOp(
        "adaptive_avg_pool2d",
        lambda T, a: T.nn.functional.adaptive_avg_pool2d(a, (2, 3)),
        ((2, 3, 4),),
    ),
    DifferentiableOp(
        "smooth_l1_loss",
        lambda T, a, b: T.nn.functional.smooth_l1_loss(a, b, reduction="sum", beta=5.0),
        ((2, 3), (2, 3)),
    ),
    DifferentiableOp(
        "huber_loss", lambda T, a, b: T.nn.functional.huber_loss(a, b, delta=5.0), ((2, 3), (2, 3))
    ),
    DifferentiableOp(
        "soft_margin_loss",
        lambda T, a: T.nn.functional.soft_margin_loss(a, T.tensor([[1.0, -1, 1], [-1, -1, 1]])),
        ((2, 3),),
    ),
    DifferentiableOp(
        "kl_div_log_target",
        lambda T, a, b: T.nn.functional.kl_div(a, b, reduction="batchmean", log_target=True),
        ((2, 3), (2, 3)),
    ),
    DifferentiableOp(
        "addcmul", lambda T, s, a, b: T.addcmul(s, a, b, value=-0.5), ((2, 3), (3,), (2, 1))
    ),
    DifferentiableOp("addcmul_method", lambda T, s, a, b: s.addcmul(a, b), ((3,), (3,), (3,))),
    DifferentiableOp("matrix_power", lambda T, a: T.linalg.matrix_power(a, 5), ((3, 3),)),
    DifferentiableOp("matrix_power_batched", lambda T, a: a.matrix_power(2), ((2, 2, 2),)),
    DifferentiableOp("matrix_power_one", lambda T, a: T.matrix_power(a, 1), ((2, 2),)),
    # ops/elementwise.py
    DifferentiableOp("log1p", lambda T, a: T.log1p(a), ((2, 3),), "positive"),
    DifferentiableOp("expm1", lambda T, a: a.expm1(), ((2, 3),)),
    DifferentiableOp("log10", lambda T, a: T.log10(a), ((2, 3),), "positive"),
    DifferentiableOp("exp2", lambda T, a: T.exp2(a), ((2, 3),)),
    DifferentiableOp("rsqrt", lambda T, a: a.rsqrt(), ((2, 3),), "positive"),
    DifferentiableOp("frac", lambda T, a: T.frac(a), ((2, 3),), "nonzero"),
    DifferentiableOp("fmod", lambda T, a, b: T.fmod(a, b), ((2, 3), (3,)), "positive"),
    DifferentiableOp("fmod_scalar", lambda T, a: a.fmod(0.7), ((2, 3),), "positive"),
    DifferentiableOp("atan2", lambda T, a, b: T.atan2(a, b), ((2, 3), (2, 1)), "nonzero"),
    DifferentiableOp("hypot", lambda T, a, b: T.hypot(a, b), ((3,), (2, 3)), "nonzero"),
    DifferentiableOp("logaddexp", lambda T, a, b: T.logaddexp(a, b), ((2, 3), (3,))),
    DifferentiableOp("xlogy", lambda T, a, b: T.xlogy(a, b), ((2, 3), (3,)), "positive"),
    DifferentiableOp("xlogy_scalar_self", lambda T, b: T.xlogy(2.5, b), ((2, 3),), "positive"),
    DifferentiableOp("xlogy_scalar_other", lambda T, a: a.xlogy(1.5), ((2, 3),)),
    DifferentiableOp("lerp", lambda T, a, b: T.lerp(a, b, 0.3), ((2, 3), (3,))),
    DifferentiableOp("lerp_tensor", lambda T, a, b, w: a.lerp(b, w), ((2, 3), (3,), (2, 1))),
    DifferentiableOp("nan_to_num", lambda T, a: T.nan_to_num(a), ((2, 3),)),
    DifferentiableOp("erf", lambda T, a: T.erf(a), ((2, 3),)),
    DifferentiableOp("erfc", lambda T, a: a.erfc(), ((2, 3),)),
    DifferentiableOp("erfinv", lambda T, a: T.erfinv(a), ((2, 3),), "unit"),
    DifferentiableOp("deg2rad", lambda T, a: T.deg2rad(a), ((2, 3),)),
    DifferentiableOp("rad2deg", lambda T, a: a.rad2deg(), ((2, 3),)),
    DifferentiableOp("sinc", lambda T, a: T.sinc(a), ((2, 3),)),
    DifferentiableOp("copysign", lambda T, a, b: T.copysign(a, b), ((2, 3), (3,)), "nonzero"),
    DifferentiableOp(
        "float_power", lambda T, a, b: T.float_power(a, b), ((2, 3), (3,)), "positive"
    ),
    # ops/misc_pointwise.py
    DifferentiableOp("logit", lambda T, a: T.logit(a), ((2, 3),), "unit"),
    DifferentiableOp("logit_eps", lambda T, a: a.logit(eps=0.01), ((2, 3),), "unit"),
    DifferentiableOp("nansum", lambda T, a: T.nansum(a, 1), ((2, 3),)),
    DifferentiableOp(
        "addcdiv",
        lambda T, a, b, c: T.addcdiv(a, b, c, value=0.7),
        ((2, 3), (3,), (2, 1)),
        "nonzero",
    ),
    DifferentiableOp("ldexp", lambda T, a, b: T.ldexp(a, b), ((2, 3), (3,))),
    DifferentiableOp("einsum_mm", lambda T, a, b: T.einsum("ij,jk->ik", a, b), ((2, 3), (3, 2))),
    DifferentiableOp(
        "einsum_batched", lambda T, a, b: T.einsum("...ij,...kj", a, b), ((2, 2, 3), (3, 3))
    ),
    DifferentiableOp("einsum_diagonal", lambda T, a: T.einsum("ii->i", a), ((3, 3),)),
    DifferentiableOp(
        "einsum_three", lambda T, a, b, c: T.einsum("i,ij,j", a, b, c), ((2,), (2, 3), (3,))
    ),
    DifferentiableOp("tensordot", lambda T, a, b: T.tensordot(a, b, 1), ((2, 3), (3, 2))),
    DifferentiableOp("trace", lambda T, a: T.trace(a), ((3, 2),)),
    DifferentiableOp("cdist_mm", lambda T, a, b: T.cdist(a, b), ((26, 2), (3, 2))),
    DifferentiableOp(
        "cosine_similarity",
        lambda T, a, b: T.nn.functional.cosine_similarity(a, b),
        ((2, 3), (3,)),
        "nonzero",
    ),
    DifferentiableOp("normalize", lambda T, a: T.nn.functional.normalize(a), ((2, 3),), "nonzero"),
    DifferentiableOp(
        "pairwise_distance",
        lambda T, a, b: T.nn.functional.pairwise_distance(a, b, p=3),
        ((2, 3), (2, 3)),
        "nonzero",
    ),
    DifferentiableOp(
        "linalg_inv", lambda T, a: T.linalg.inv(a + 3 * T.eye(3, dtype=a.dtype)), ((3, 3),)
    ),
    DifferentiableOp(
        "linalg_det", lambda T, a: T.linalg.det(a + 3 * T.eye(3, dtype=a.dtype)), ((3, 3),)
    ),
    DifferentiableOp(
        "linalg_slogdet",
        lambda T, a: T.linalg.slogdet(a + 3 * T.eye(3, dtype=a.dtype)).logabsdet,
        ((3, 3),),
    ),
    DifferentiableOp("logdet", lambda T, a: T.logdet(a + 3 * T.eye(3, dtype=a.dtype)), ((3, 3),)),
    DifferentiableOp("linalg_svdvals", lambda T, a: T.linalg.svdvals(a), ((3, 2),)),
    DifferentiableOp("linalg_svdvals_wide", lambda T, a: T.linalg.svdvals(a), ((2, 2, 4),)),
    DifferentiableOp(
        "linalg_svd_invariant",  # (a loss the vectors' signs do not change)
        lambda T, a: (lambda u, s, vh: (u[:, :2] ** 2).sum(0) + s + (vh**2).sum(1))(
            *T.linalg.svd(a)
        ),
        ((3, 2),),
    ),
    DifferentiableOp(
        "svd_wide_invariant",
        lambda T, a: (lambda u, s, v: (u * u)[0] + 2 * s + (v * v)[1])(*T.svd(a)),
        ((2, 4),),
    ),
    DifferentiableOp(
        "linalg_eigh_invariant",  # (symmetric input; a loss the vectors' signs do not change)
        lambda T, a: (lambda w, v: w + (v * v)[0])(*T.linalg.eigh(a + a.mT)),
        ((3, 3),),
    ),
    DifferentiableOp("linalg_eigvalsh", lambda T, a: T.linalg.eigvalsh(a + a.mT), ((3, 3),)),
    DifferentiableOp(
        "linalg_cholesky",
        lambda T, a: T.linalg.cholesky(a @ a.mT + 3 * T.eye(3, dtype=a.dtype)),
        ((3, 3),),
    ),
    DifferentiableOp(
        "linalg_cholesky_upper",
        lambda T, a: T.linalg.cholesky(a @ a.mT + 3 * T.eye(3, dtype=a.dtype), upper=True),
        ((3, 3),),
    ),
    DifferentiableOp(
        "linalg_qr", lambda T, a: T.linalg.qr(a).Q.sum(0) + T.linalg.qr(a).R[0], ((3, 2),)
    ),
    DifferentiableOp(
        "linalg_qr_wide",
        lambda T, a: (lambda q, r: q.sum(1) + r.sum(1))(*T.linalg.qr(a, "complete")),
        ((2, 4),),
    ),
    DifferentiableOp(
        "linalg_matrix_norm_nuc", lambda T, a: T.linalg.matrix_norm(a, "nuc"), ((3, 2),)
    ),
    DifferentiableOp("linalg_matrix_norm_2", lambda T, a: T.linalg.matrix_norm(a, 2), ((2, 3),)),
    DifferentiableOp(
        "linalg_matrix_norm_inf",
        lambda T, a: T.linalg.matrix_norm(a, float("inf"), dim=(0, 2), keepdim=True),
        ((2, 3, 4),),
    ),
    DifferentiableOp("linalg_pinv", lambda T, a: T.linalg.pinv(a), ((3, 2),)),
    DifferentiableOp("linalg_pinv_wide", lambda T, a: T.linalg.pinv(a), ((2, 2, 3),)),
    DifferentiableOp("linalg_vecdot", lambda T, a, b: T.linalg.vecdot(a, b), ((2, 3), (3,))),
    DifferentiableOp(
        "linalg_multi_dot",
        lambda T, a, b, c: T.linalg.multi_dot([a, b, c]),
        ((3,), (3, 4), (4, 2)),
    ),
    DifferentiableOp("trapezoid", lambda T, a: T.trapezoid(a, dx=0.5), ((3, 4),)),
    DifferentiableOp("trapezoid_x", lambda T, a, x: T.trapezoid(a, x, dim=0), ((3, 4), (3,))),
    DifferentiableOp(
        "cumulative_trapezoid_x", lambda T, a, x: T.cumulative_trapezoid(a, x), ((3, 4), (4,))
    ),
    DifferentiableOp("cov", lambda T, a: T.cov(a), ((3, 5),)),
    DifferentiableOp(
        "cov_weights",
        lambda T, a, w: T.cov(a, fweights=T.tensor([1, 2, 1, 3]), aweights=w.abs() + 0.5),
        ((2, 4), (4,)),
    ),
    DifferentiableOp("corrcoef", lambda T, a: T.corrcoef(a), ((3, 5),)),
    DifferentiableOp(
        "linalg_solve",
        lambda T, a, b: T.linalg.solve(a + 3 * T.eye(2, dtype=a.dtype), b),
        ((2, 2), (2, 3)),
    ),
    DifferentiableOp(
        "linalg_solve_right",
        lambda T, a, b: T.linalg.solve(a + 3 * T.eye(2, dtype=a.dtype), b, left=False),
        ((2, 2), (3, 2)),
    ),
    DifferentiableOp(
        "linalg_solve_vector",
        lambda T, a, b: T.linalg.solve(a + 3 * T.eye(2, dtype=a.dtype), b),
        ((2, 2), (2,)),
    ),
    DifferentiableOp(
        "matrix_power_negative",
        lambda T, a: T.linalg.matrix_power(a + 3 * T.eye(2, dtype=a.dtype), -2),
        ((2, 2),),
    ),
    DifferentiableOp(
        "baddbmm",
        lambda T, s, a, b: T.baddbmm(s, a, b, beta=0.5, alpha=-2),
        ((2, 1, 2), (2, 2, 3), (2, 3, 2)),
    ),
    DifferentiableOp(
        "addbmm", lambda T, s, a, b: T.addbmm(s, a, b, alpha=3), ((2,), (3, 2, 3), (3, 3, 2))
    ),
    DifferentiableOp("vdot", lambda T, a, b: T.vdot(a, b), ((3,), (3,))),
    DifferentiableOp("inner", lambda T, a, b: T.inner(a, b), ((2, 3), (4, 3))),
    DifferentiableOp("kron", lambda T, a, b: T.kron(a, b), ((2, 2), (3,))),
    DifferentiableOp("linalg_cross", lambda T, a, b: T.linalg.cross(a, b), ((2, 3), (1, 3))),
    DifferentiableOp("cross_dim", lambda T, a, b: T.cross(a, b, dim=0), ((3, 2), (3, 2))),
    DifferentiableOp("dist", lambda T, a, b: T.dist(a, b), ((2, 3), (3,)), "nonzero"),
    DifferentiableOp("dist_p3", lambda T, a, b: T.dist(a, b, 3), ((3,), (3,)), "nonzero"),
    DifferentiableOp(
        "tensordot_full", lambda T, a, b: T.tensordot(a, b, ([0, 1], [1, 0])), ((2, 3), (3, 2))
    ),
    DifferentiableOp("std", lambda T, a: a.std(), ((2, 3),)),
    DifferentiableOp("prod", lambda T, a: a.prod(), ((2, 3),)),
    DifferentiableOp("quantile", lambda T, a: T.quantile(a, 0.3, dim=1), ((2, 5),)),
    DifferentiableOp(
        "nanquantile_q", lambda T, a: a.nanquantile(T.tensor([0.2, 0.7], dtype=a.dtype)), ((7,),)
    ),
    DifferentiableOp("median_dim", lambda T, a: a.median(1).values, ((2, 3),)),
    DifferentiableOp("nanmedian", lambda T, a: a.nanmedian(), ((2, 3),)),
    DifferentiableOp("kthvalue", lambda T, a: T.kthvalue(a, 2, 0).values, ((3, 2),)),
    DifferentiableOp("aminmax", lambda T, a: sum(T.aminmax(a, dim=1)) * 1.0, ((2, 3),)),
    DifferentiableOp("logsumexp", lambda T, a: T.logsumexp(a, 1), ((2, 3),)),
    DifferentiableOp("logsumexp_all", lambda T, a: a.logsumexp((0, 1), keepdim=True), ((2, 3),)),
    DifferentiableOp("prod_dim", lambda T, a: T.prod(a, 1, keepdim=True), ((2, 3),)),
    DifferentiableOp("cumsum", lambda T, a: a.cumsum(1), ((2, 3),)),
    DifferentiableOp("cumprod", lambda T, a: T.cumprod(a, 0), ((3, 2),)),
    DifferentiableOp("cummax", lambda T, a: a.cummax(1).values, ((2, 4),)),
    DifferentiableOp("cummin", lambda T, a: T.cummin(a, 0).values, ((4, 2),)),
    DifferentiableOp("var_dims", lambda T, a: T.var(a, (0, 2), correction=0.5), ((2, 3, 2),)),
    DifferentiableOp("std_dim_keepdim", lambda T, a: a.std(1, keepdim=True), ((2, 3),)),
    DifferentiableOp("std_mean", lambda T, a: sum(T.std_mean(a, 0)) * 1.0, ((3, 2),)),
    DifferentiableOp(
        "var_mean", lambda T, a: T.var_mean(a, unbiased=False)[0] * 2 + T.var_mean(a)[1], ((4,),)
    ),
    # shape, layout and creation ops (ops/shapes.py)
    DifferentiableOp("tril", lambda T, a: T.tril(a, -1), ((3, 4),)),
    DifferentiableOp("triu_batched", lambda T, a: a.triu(1), ((2, 3, 3),)),
    DifferentiableOp("tril_inplace_view", lambda T, a: (a * 1)[:, 1:].tril_(), ((3, 4),)),
    DifferentiableOp("roll", lambda T, a: T.roll(a, (1, -2), (0, 1)), ((3, 4),)),
    DifferentiableOp("roll_flat", lambda T, a: a.roll(5), ((3, 4),)),
    # views by geometry and in-place view ops (ops/strided.py)
    DifferentiableOp("as_strided", lambda T, a: a.as_strided((2, 3), (1, 4), 1), ((3, 4),)),
    DifferentiableOp("as_strided_overlap", lambda T, a: T.as_strided(a, (3, 3), (1, 1)), ((6,),)),
    DifferentiableOp("as_strided_of_t", lambda T, a: a.t().as_strided((2, 2), (3, 1)), ((2, 3),)),
    DifferentiableOp("unfold", lambda T, a: a.unfold(1, 2, 1), ((3, 4),)),
    DifferentiableOp("sum_to_size", lambda T, a: a.sum_to_size(1, 4), ((3, 4),)),
    DifferentiableOp(
        "inplace_view_ops", lambda T, a: (a * 1).unsqueeze_(0).t_().squeeze_(), ((4,),)
    ),
    DifferentiableOp("diag_embed_dims", lambda T, a: T.diag_embed(a, 1, 0, 2), ((2, 3),)),
    DifferentiableOp("diagflat", lambda T, a: a.t().diagflat(-1), ((2, 3),)),
    DifferentiableOp("fill_diagonal_", lambda T, a: (a * 1).fill_diagonal_(0.5, True), ((5, 2),)),
    DifferentiableOp("split_with_sizes", lambda T, a: a.split_with_sizes([1, 3], 1)[1], ((2, 4),)),
    DifferentiableOp("hsplit", lambda T, a: T.hsplit(a, [1])[1], ((2, 4),)),
    DifferentiableOp("tile", lambda T, a: T.tile(a, (2, 1, 3)), ((2, 3),)),
    DifferentiableOp("repeat_interleave", lambda T, a: a.repeat_interleave(3, dim=1), ((2, 3),)),
    DifferentiableOp(
        "repeat_interleave_tensor",
        lambda T, a: T.repeat_interleave(a, T.tensor([2, 0, 1]), dim=0),
        ((3, 2),),
    ),
    DifferentiableOp("moveaxis", lambda T, a: T.moveaxis(a, 0, -1), ((2, 3, 4),)),
    DifferentiableOp(
        "meshgrid", lambda T, a, b: T.meshgrid(a, b, indexing="xy")[0] * 2, ((3,), (2,))
    ),
    DifferentiableOp("cartesian_prod", lambda T, a, b: T.cartesian_prod(a, b), ((3,), (2,))),
    DifferentiableOp("combinations", lambda T, a: T.combinations(a, 3), ((4,),)),
    DifferentiableOp("column_stack", lambda T, a, b: T.column_stack((a, b)), ((3,), (3, 2))),
    DifferentiableOp("dstack", lambda T, a, b: T.dstack((a, b)), ((2, 3), (2, 3))),
    DifferentiableOp("atleast_3d", lambda T, a: T.atleast_3d(a) * 1, ((3,),)),
    DifferentiableOp("block_diag", lambda T, a, b, c: T.block_diag(a, b, c), ((2, 2), (3,), ())),
    DifferentiableOp("diff", lambda T, a: T.diff(a, n=2, dim=0), ((4, 3),)),
    DifferentiableOp("diff_prepend", lambda T, a, b: T.diff(a, prepend=b), ((2, 3), (2, 1))),
    DifferentiableOp("vec_mat", lambda T, a, b: a @ b, ((3,), (3, 2))),
    DifferentiableOp("bmm", lambda T, a, b: T.bmm(a, b), ((2, 2, 3), (2, 3, 2))),
    DifferentiableOp("batched_matmul", lambda T, a, b: a @ b, ((2, 1, 2, 3), (3, 3, 2))),
    DifferentiableOp("matmul_3d_2d", lambda T, a, b: T.matmul(a, b), ((2, 2, 3), (3, 2))),
    DifferentiableOp("outer", lambda T, a, b: T.outer(a, b), ((3,), (2,))),
    # reductions
    DifferentiableOp("sum", lambda T, a: a.sum(), ((2, 3),)),
    DifferentiableOp("sum_dim", lambda T, a: a.sum(dim=1), ((2, 3),)),
    DifferentiableOp("sum_keepdim", lambda T, a: a.sum(0, keepdim=True), ((2, 3),)),
    DifferentiableOp("mean", lambda T, a: a.mean(), ((2, 3),)),
    DifferentiableOp("mean_dim", lambda T, a: a.mean(dim=-1, keepdim=True), ((2, 3),)),
    DifferentiableOp("max_all", lambda T, a: a.max(), ((2, 3),)),
    DifferentiableOp("max_dim", lambda T, a: a.max(dim=1).values, ((2, 3),)),
    DifferentiableOp("min_all", lambda T, a: a.min(), ((2, 3),)),
    DifferentiableOp("min_dim", lambda T, a: a.min(0, keepdim=True)[0], ((2, 3),)),
    DifferentiableOp("amax", lambda T, a: a.amax(1), ((2, 3),)),
    DifferentiableOp("norm", lambda T, a: a.norm(), ((2, 3),)),
    DifferentiableOp("norm_dim", lambda T, a: a.norm(dim=1), ((2, 3),)),
    DifferentiableOp("norm_p1", lambda T, a: a.norm(p=1), ((2, 3),), "nonzero"),
    DifferentiableOp("softmax", lambda T, a: a.softmax(dim=1), ((2, 3),)),
    DifferentiableOp("log_softmax", lambda T, a: T.log_softmax(a, dim=0), ((2, 3),)),
    # losses and nn.functional
    DifferentiableOp(
        "bce_with_logits",
        lambda T, a: _functional(T).binary_cross_entropy_with_logits(
            a, T.tensor([[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]], dtype=a.dtype)
        ),
        ((2, 3),),
    ),
    DifferentiableOp(
        "bce",
        lambda T, a: _functional(T).binary_cross_entropy(
            a, T.tensor([[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]], dtype=a.dtype)
        ),
        ((2, 3),),
        "unit",
    ),
    DifferentiableOp("mse_loss", lambda T, a, b: _functional(T).mse_loss(a, b), ((2, 3), (2, 3))),
    DifferentiableOp(
        "cross_entropy",
        lambda T, a: _functional(T).cross_entropy(a, T.tensor([2, 0])),
        ((2, 3),),
    ),
    DifferentiableOp(
        "cross_entropy_sum",
        lambda T, a: _functional(T).cross_entropy(a, T.tensor([1, 1, 0]), reduction="sum"),
        ((3, 2),),
    ),
    DifferentiableOp(  # (the mean over the counted targets, weighted; one ignored)
        "cross_entropy_weight_ignore",
        lambda T, a: _functional(T).cross_entropy(
            a, T.tensor([2, 1, 0]), weight=T.tensor([0.5, 2.0, 1.5], dtype=a.dtype), ignore_index=1
        ),
        ((3, 3),),
    ),
    DifferentiableOp(
        "nll_loss_none_ignore",
        lambda T, a: _functional(T).nll_loss(a, T.tensor([0, -100]), reduction="none"),
        ((2, 3),),
    ),
    DifferentiableOp(  # 1-d input with a bias: torch's addmm on a row, viewed back
        "linear_1d_bias",
        lambda T, x, w, b: _functional(T).linear(x, w, b),
        ((3,), (2, 3), (2,)),
    ),
    DifferentiableOp(
        "linear_3d_bias",
        lambda T, x, w, b: _functional(T).linear(x, w, b),
        ((2, 2, 3), (4, 3), (4,)),
    ),
    DifferentiableOp("F_relu", lambda T, a: _functional(T).relu(a), ((4,),), "nonzero"),
    DifferentiableOp("F_sigmoid", lambda T, a: _functional(T).sigmoid(a), ((4,),)),
    DifferentiableOp("F_softmax", lambda T, a: _functional(T).softmax(a, dim=-1), ((2, 3),)),
    # shape ops
    DifferentiableOp("reshape", lambda T, a: a.reshape(3, 2), ((2, 3),)),
    DifferentiableOp("view", lambda T, a: a.view(-1), ((2, 3),)),
    DifferentiableOp("flatten", lambda T, a: a.flatten(), ((2, 3),)),
    DifferentiableOp("transpose", lambda T, a: a.transpose(0, 1), ((2, 3),)),
    DifferentiableOp("t", lambda T, a: a.t(), ((2, 3),)),
    DifferentiableOp("T_attr", lambda T, a: a.T, ((2, 3),)),
    DifferentiableOp("mT", lambda T, a: a.mT, ((2, 2, 3),)),
    DifferentiableOp("permute", lambda T, a: a.permute(2, 0, 1), ((2, 2, 3),)),
    DifferentiableOp("squeeze", lambda T, a: a.squeeze(), ((2, 1, 3),)),
    DifferentiableOp("unsqueeze", lambda T, a: a.unsqueeze(1), ((2, 3),)),
    DifferentiableOp("expand", lambda T, a: a.expand(2, 3, 3), ((3, 1),)),
    DifferentiableOp("expand_as", lambda T, a, b: a.expand_as(b), ((3,), (2, 3))),
    DifferentiableOp("repeat", lambda T, a: a.repeat(2, 2), ((2, 3),)),
    DifferentiableOp("flip", lambda T, a: a.flip(1), ((2, 3),)),
    DifferentiableOp("contiguous", lambda T, a: a.t().contiguous(), ((2, 3),)),
    DifferentiableOp("copying_reshape", lambda T, a: a.t().reshape(6), ((2, 3),)),
    DifferentiableOp("cat", lambda T, a, b: T.cat([a, b], dim=0), ((2, 3), (1, 3))),
    DifferentiableOp("stack", lambda T, a, b: T.stack([a, b], dim=1), ((2, 3), (2, 3))),
    DifferentiableOp("split", lambda T, a: a.split(2, dim=1), ((2, 5),)),
    DifferentiableOp("chunk", lambda T, a: T.chunk(a, 2, dim=0), ((4, 2),)),
    # indexing
    DifferentiableOp("index_int_slice", lambda T, a: a[1, 1:], ((3, 4),)),
    DifferentiableOp("index_ellipsis_none", lambda T, a: a[..., None, 0], ((2, 3),)),
    DifferentiableOp("index_list_duplicates", lambda T, a: a[[0, 0, 2]], ((3, 2),)),
    DifferentiableOp("index_mixed", lambda T, a: a[0, :, [1, 2]], ((2, 3, 4),)),
    DifferentiableOp("index_two_lists", lambda T, a: a[[0, 1], [2, 2]], ((2, 3),)),
    DifferentiableOp(
        "index_bool_mask",
        lambda T, a: a[T.tensor([[True, False, True], [False, True, True]])],
        ((2, 3),),
    ),
    DifferentiableOp(
        "index_select", lambda T, a: a.index_select(1, T.tensor([2, 0, 2])), ((2, 3),)
    ),
    DifferentiableOp("gather", lambda T, a: a.gather(1, T.tensor([[0, 0], [2, 1]])), ((2, 3),)),
    DifferentiableOp("take", lambda T, a: T.take(a, T.tensor([[5, 0], [5, -1]])), ((2, 3),)),
    DifferentiableOp(
        "masked_fill",
        lambda T, a: a.masked_fill(T.tensor([True, False, True]), 0.5),
        ((2, 3),),
    ),
    DifferentiableOp(
        "index_fill_tensor",
        lambda T, a, v: a.index_fill(1, T.tensor([2, 0, 2]), v.sum()),
        ((2, 3), (2,)),
    ),
    DifferentiableOp(
        "index_fill_",
        lambda T, a: _in_place(a, lambda y: y.index_fill_(0, T.tensor([1]), -1.0)),
        ((2, 3),),
    ),
    DifferentiableOp(
        "index_copy", lambda T, a, s: a.index_copy(1, T.tensor([2, 0]), s), ((2, 3), (2, 2))
    ),
    DifferentiableOp(
        "index_copy_",
        lambda T, a, s: _in_place(a, lambda y: y.index_copy_(0, T.tensor([1]), s)),
        ((2, 3), (1, 3)),
    ),
    DifferentiableOp(
        "scatter", lambda T, a, s: a.scatter(1, T.tensor([[2, 0], [1, 0]]), s), ((2, 3), (2, 2))
    ),
    DifferentiableOp(
        "scatter_value_",
        lambda T, a: _in_place(a, lambda y: y.scatter_(0, T.tensor([[1, 0, 1]]), 2.0)),
        ((2, 3),),
    ),
    DifferentiableOp("diagonal", lambda T, a: a.diagonal(-1), ((3, 2),)),
    DifferentiableOp("diagonal_3d", lambda T, a: T.diagonal(a, 1, 2, 0), ((2, 3, 4),)),
    DifferentiableOp("diag_embed", lambda T, a: T.diag(a, 1), ((3,),)),
    DifferentiableOp("diag_copy", lambda T, a: T.diag(a, -1), ((3, 3),)),
    DifferentiableOp("rot90", lambda T, a: T.rot90(a, 3, [1, 0]), ((2, 3),)),
    DifferentiableOp("nanmean", lambda T, a: a.nanmean(1, keepdim=True), ((2, 3),)),
    DifferentiableOp("tensor_split", lambda T, a: a.tensor_split([1, 2], dim=1), ((2, 4),)),
    DifferentiableOp("sort", lambda T, a: a.sort(0, descending=True).values, ((3, 2),)),
    DifferentiableOp("topk", lambda T, a: a.topk(2, largest=False).values, ((2, 4),)),
    DifferentiableOp("setitem_basic", lambda T, a, v: _setitem_basic(T, a, v), ((2, 3), (2,))),
    DifferentiableOp(
        "setitem_advanced", lambda T, a, v: _setitem_advanced(T, a, v), ((3, 2), (2, 2))
    ),
    DifferentiableOp("setitem_mask", lambda T, a: _setitem_mask(T, a), ((2, 3),)),
    # in-place ops on non-leaves (their grads go through the rewritten graph)
    DifferentiableOp(
        "inplace_mul_", lambda T, a, b: _in_place(a, lambda y: y.mul_(b)), ((2, 3), (3,))
    ),
    DifferentiableOp(
        "inplace_add_", lambda T, a, b: _in_place(a, lambda y: y.add_(b, alpha=2)), ((2, 3), (2, 3))
    ),
    DifferentiableOp(
        "inplace_div_", lambda T, a, b: _in_place(a, lambda y: y.div_(b)), ((3,), (3,)), "positive"
    ),
    DifferentiableOp("inplace_exp_", lambda T, a: _in_place(a, lambda y: y.exp_()), ((2, 3),)),
    DifferentiableOp(
        "inplace_sigmoid_", lambda T, a: _in_place(a, lambda y: y.sigmoid_()), ((4,),)
    ),
    DifferentiableOp(
        "inplace_clamp_", lambda T, a: _in_place(a, lambda y: y.clamp_(-1, 1)), ((4,),)
    ),
    DifferentiableOp("inplace_on_view", lambda T, a: _in_place_on_view(a), ((3, 2),)),
    DifferentiableOp("squeeze_dim", lambda T, a: a.squeeze(1), ((3, 1),)),
    DifferentiableOp("clamp_max", lambda T, a: a.clamp(max=0.25), ((2, 3),)),
    DifferentiableOp("amin", lambda T, a: a.amin(0), ((3, 2),)),
    DifferentiableOp("F_log_softmax", lambda T, a: _functional(T).log_softmax(a, dim=1), ((2, 3),)),
    # composites
    DifferentiableOp(
        "mlp_layer",
        lambda T, x, w, b: T.tanh(x @ w + b).sum(dim=1),
        ((2, 3), (3, 4), (4,)),
    ),  # index_add / scatter_add / scatter_reduce (ops/scatter_reduce.py)
    DifferentiableOp(
        "index_add",
        lambda T, a, s: a.index_add(1, T.tensor([2, 0, 2]), s, alpha=-1.5),
        ((2, 3), (2, 3)),
    ),
    DifferentiableOp(
        "index_add_",
        lambda T, a, s: _in_place(a, lambda y: y.index_add_(0, T.tensor([1, 1]), s)),
        ((2, 3), (2, 3)),
    ),
    DifferentiableOp(
        "scatter_add",
        lambda T, a, s: T.scatter_add(a, 1, T.tensor([[2, 0], [1, 1]]), s),
        ((2, 3), (2, 2)),
    ),
    DifferentiableOp(
        "scatter_reduce_sum_exclude",
        lambda T, a, s: a.scatter_reduce(0, T.tensor([[1, 1, 0]]), s, "sum", include_self=False),
        ((2, 3), (1, 3)),
    ),
    DifferentiableOp(
        "scatter_reduce_mean",
        lambda T, a, s: a.scatter_reduce(1, T.tensor([[0, 0, 2], [1, 1, 1]]), s, "mean"),
        ((2, 3), (2, 3)),
    ),
    DifferentiableOp(
        "scatter_reduce_prod",
        lambda T, a, s: a.scatter_reduce(0, T.tensor([[1, 0, 1], [1, 1, 0]]), s, "prod"),
        ((2, 3), (2, 3)),
        "nonzero",
    ),
    DifferentiableOp(
        "scatter_reduce_prod_exclude_",
        lambda T, a, s: _in_place(
            a,
            lambda y: y.scatter_reduce_(
                1, T.tensor([[2, 2], [0, 1]]), s, "prod", include_self=False
            ),
        ),
        ((2, 3), (2, 2)),
        "nonzero",
    ),
    DifferentiableOp(
        "scatter_reduce_amax",
        lambda T, a, s: a.scatter_reduce(0, T.tensor([[1, 0, 1]]), s, "amax"),
        ((2, 3), (1, 3)),
    ),
    DifferentiableOp(
        "index_reduce_prod",
        lambda T, a, s: a.index_reduce(0, T.tensor([1, 0, 1]), s, "prod"),
        ((2, 3), (3, 3)),
        "nonzero",
    ),
    DifferentiableOp(
        "index_reduce_mean_exclude_",
        lambda T, a, s: _in_place(
            a, lambda y: y.index_reduce_(1, T.tensor([2, 2]), s, "mean", include_self=False)
        ),
        ((2, 3), (2, 2)),
    ),
    DifferentiableOp(
        "index_reduce_amin",
        lambda T, a, s: a.index_reduce(1, T.tensor([0, 2]), s, "amin"),
        ((2, 3), (2, 2)),
    ),
    DifferentiableOp(
        "masked_scatter",
        lambda T, a, s: a.masked_scatter(T.tensor([[True, False, True], [False, True, True]]), s),
        ((3,), (5,)),
    ),
    DifferentiableOp(
        "masked_scatter_",
        lambda T, a, s: _in_place(a, lambda y: y.masked_scatter_(T.tensor([False, True]), s)),
        ((2, 2), (3,)),
    ),
    DifferentiableOp(
        "scatter_reduce_amin_exclude",
        lambda T, a, s: a.scatter_reduce(0, T.tensor([[1, 1, 1]]), s, "amin", include_self=False),
        ((2, 3), (1, 3)),
    ),
]


# --- peer suite: cases modelled on pytorch's test/test_autograd.py -----------------------------


@program
def module_surface(T):
    return {
        "hasattr_missing": hasattr(T, "definitely_not_an_attribute"),
        "getattr_default": getattr(T, "definitely_not_an_attribute", "default"),
        "hasattr_tensor": hasattr(T, "tensor"),
        "tensor_hasattr_missing": hasattr(T.ones(1), "definitely_not_an_attribute"),
        "is_tensor": (T.is_tensor(T.ones(1)), T.is_tensor([1.0])),
        "isinstance_tensor": isinstance(T.ones(1), T.Tensor),
        "type_name": type(T.ones(1)).__name__,
        "parameter_is_tensor": isinstance(T.nn.Parameter(T.ones(1)), T.Tensor),
    }


@program
def peer_accumulate_grad_tensor_reference(T):
    x = _leaf(T, [1.0, 2.0])
    (x * 2).sum().backward()
    ref = x.grad
    (x * 2).sum().backward()
    same_after_plain = ref is x.grad
    y = _leaf(T, [1.0, 2.0])
    (y * 2).sum().backward(create_graph=True)
    ref_y = y.grad
    (y * 2).sum().backward(create_graph=True)
    return {
        "same_after_plain": same_after_plain,
        "ref": ref,
        "same_after_create_graph": ref_y is y.grad,
        "ref_y": ref_y,
        "y.grad": y.grad,
        "y.grad_graph": graph_desc(y.grad.grad_fn),
    }


@program
def peer_grad_nonleaf_and_many_outputs(T):
    x = _leaf(T, [1.0, 2.0, 3.0])
    y = x * 2
    z = y * y
    (gy,) = T.autograd.grad(z.sum(), y, retain_graph=True)
    gx, gy2 = T.autograd.grad(z.sum(), [x, y])
    a = _leaf(T, [1.0, 2.0])
    out1, out2 = a * 2, a * 3
    many = T.autograd.grad([out1.sum(), out2.sum()], a, retain_graph=True)
    with_grad_outputs = T.autograd.grad(
        [out1, out2], a, grad_outputs=[T.ones(2), T.tensor([2.0, 4.0])], allow_unused=True
    )
    return {
        "gy": gy,
        "gx": gx,
        "gy2": gy2,
        "many": many,
        "with_grad_outputs": with_grad_outputs,
        "y.grad": y.grad,
        "x.grad": x.grad,
    }


@program
def peer_duplicate_backward_root_and_next_functions(T):
    x = _leaf(T, [1.0, 2.0])
    y = x * 2
    T.autograd.backward([y.sum(), y.sum()])
    w = _leaf(T, [3.0, 4.0])
    c = T.ones(2)
    out = x * w + c
    nf = out.grad_fn.next_functions
    mul_node = nf[0][0]
    return {
        "x.grad": x.grad,
        "graph": graph_desc(out.grad_fn),
        "next_len": len(nf),
        "next_names": [None if n is None else type(n).__name__ for n, _ in nf],
        "next_output_nrs": [nr for _, nr in nf],
        "mul_next": [type(n).__name__ for n, _ in mul_node.next_functions],
        "leaf_variable_is_x": mul_node.next_functions[0][0].variable is x,
        "leaf_grad_fn": x.grad_fn,
        "split_output_nr": [t.output_nr for t in x.split(1)],
    }


@program
def peer_requires_grad_propagation(T):
    a = T.ones(2)
    b = _leaf(T, [1.0, 2.0])
    c = a + b
    d = a * 2
    e = T.cat([a, b])
    f = T.where(a > 0, a, b)
    g = b.detach() + a
    h = b.clone()
    i = b.float()
    return {
        "c": (c.requires_grad, c.is_leaf),
        "d": (d.requires_grad, d.is_leaf),
        "e": (e.requires_grad, grad_fn_name(e)),
        "f": (f.requires_grad, grad_fn_name(f)),
        "g": (g.requires_grad, g.is_leaf),
        "h": (h.requires_grad, grad_fn_name(h)),
        "float_same_object": i is b,
        "int_result_no_grad": (b > 1).requires_grad,
        "argmax_no_grad": b.argmax().requires_grad,
        "long_cast": (b.long().requires_grad, grad_fn_name(b.long())),
    }


@program
def peer_views_under_no_grad(T):
    x = _leaf(T, [1.0, 2.0, 3.0, 4.0])
    with T.no_grad():
        view = x[1:]
        expanded = x.expand(2, 4)
        reshaped = x.view(2, 2)
        computed = x * 2
    return {
        "view": (view.requires_grad, view.is_leaf, grad_fn_name(view)),
        "expanded": (expanded.requires_grad, expanded.is_leaf),
        "reshaped": (reshaped.requires_grad, reshaped.is_leaf),
        "computed": (computed.requires_grad, computed.is_leaf),
        "inplace_on_no_grad_view": catch(lambda: view.mul_(2)),
        "x_after": x,
    }


@program
def peer_inplace_saved_tensor_matrix(T):
    """Which in-place mutations of which saved tensors raise (derivatives.yaml)."""
    out = {}
    cases = {
        "mul_input": lambda x: (x * 1, lambda a: a * a),
        "add_input": lambda x: (x * 1, lambda a: a + 1),
        "exp_input": lambda x: (x * 1, lambda a: a.exp()),
        "sigmoid_input": lambda x: (x * 1, lambda a: a.sigmoid()),
        "pow_input": lambda x: (x * 1, lambda a: a**2),
        "div_input": lambda x: (x * 1, lambda a: 1 / a),
        "relu_input": lambda x: (x * 1, lambda a: a.relu()),
        "sum_input": lambda x: (x * 1, lambda a: a.sum()),
        "matmul_input": lambda x: (x * 1, lambda a: a @ a),
    }
    for name, make in cases.items():
        x = _leaf(T, [1.0, 2.0])
        a, fn = make(x)
        result = fn(a)
        a.add_(1)
        out[name] = catch(lambda result=result: result.sum().backward())
        out[name + "_grad"] = x.grad
    for name, fn in {
        "exp_output": lambda a: a.exp(),
        "tanh_output": lambda a: a.tanh(),
        "mul_output": lambda a: a * 2,
        "sqrt_output": lambda a: a.sqrt(),
    }.items():
        x = _leaf(T, [1.0, 2.0])
        result = fn(x)
        result.mul_(3)
        out[name] = catch(lambda result=result: result.sum().backward())
    return out


@program
def peer_inplace_on_view(T):
    x = _leaf(T, [[1.0, 2.0], [3.0, 4.0]])
    base = x * 1
    row = base[1]
    row.add_(10)
    row_graph = graph_desc(row.grad_fn)
    base_graph = graph_desc(base.grad_fn)
    col = base[:, 0]
    col.mul_(T.tensor([2.0, 3.0]))
    (base * T.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
    v = _leaf(T, [1.0, 2.0, 3.0])
    b2 = v.clone()
    b2.view(3)[0] = 100.0
    b2.sum().backward()
    return {
        "base": base,
        "row_graph": row_graph,
        "base_graph": base_graph,
        "final_graph": graph_desc(base.grad_fn),
        "x.grad": x.grad,
        "versions": (base._version, row._version, col._version),
        "b2": b2,
        "v.grad": v.grad,
    }


@program
def peer_fill_zero_copy(T):
    x = _leaf(T, [1.0, 2.0, 3.0])
    src = _leaf(T, [7.0, 8.0, 9.0])
    a = x * 2
    a.zero_()
    b = x * 2
    b.fill_(5.0)
    c = x * 2
    c.copy_(src * 3)
    d = x * 2
    d[1:].fill_(0.0)
    total = a.sum() + b.sum() + c.sum() + d.sum()
    total.backward()
    return {
        "a": a,
        "b": b,
        "c": c,
        "d": d,
        "a_graph": graph_desc(a.grad_fn),
        "b_graph": graph_desc(b.grad_fn),
        "c_graph": graph_desc(c.grad_fn),
        "d_graph": graph_desc(d.grad_fn),
        "x.grad": x.grad,
        "src.grad": src.grad,
        "leaf_copy_": catch(lambda: x.copy_(src)),
        "plain_copy_broadcast": T.zeros(2, 3).copy_(T.tensor([1.0, 2.0, 3.0])),
    }


@program
def peer_unbind_and_unused_outputs(T):
    x = _leaf(T, [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    rows = x.unbind()
    (rows[0] * 2).sum().backward()
    first = x.grad.clone()
    x.grad = None
    parts = x.chunk(3)
    (parts[2] * 3).sum().backward()
    return {
        "rows": rows,
        "rows_graph": graph_desc(rows[1].grad_fn),
        "first": first,
        "chunk_grad": x.grad,
        "torch_unbind_dim1": T.unbind(x.detach(), dim=1),
    }


@program
def peer_hooks_counter_and_none(T):
    x = _leaf(T, [1.0, 1.0])
    y = x * 2
    counter = [0]

    def count(grad):
        counter[0] += 1

    handles = [y.register_hook(count) for _ in range(3)]
    y.sum().backward(retain_graph=True)
    after_three = counter[0]
    handles[0].remove()
    y.sum().backward(retain_graph=True)
    after_remove = counter[0]
    z = x * 3
    z.register_hook(lambda g: None)
    z.register_hook(lambda g: g * 0 + 7)
    z.sum().backward()
    return {"after_three": after_three, "after_remove": after_remove, "x.grad": x.grad}


@program
def peer_retain_grad_inplace_and_cycle(T):
    x = _leaf(T, [1.0, 2.0])
    y = x * 1
    y.retain_grad()
    y.mul_(2)
    y.sum().backward()
    a = _leaf(T, [1.0, 2.0])
    b = a * 3
    b.retain_grad()
    b = b * 1  # the retained tensor is now only reachable through the graph
    b.sum().backward()
    return {"y.grad": y.grad, "x.grad": x.grad, "a.grad": a.grad}


@program
def peer_backward_no_grad_and_leaf_inputs(T):
    x = _leaf(T, [1.0, 2.0])
    with T.no_grad():
        y = x * 2
    w = _leaf(T, [3.0])
    return {
        "no_grad_backward": catch(lambda: y.sum().backward()),
        "backward_inputs_leaf": catch(lambda: (x * w).sum().backward(inputs=[x])),
        "x.grad": x.grad,
        "w.grad": w.grad,
        "inputs_not_requiring": catch(lambda: (x * 2).sum().backward(inputs=[T.ones(1)])),
        "empty_inputs": catch(lambda: (x * 2).sum().backward(inputs=[])),
    }


@program
def peer_set_grad_enabled_generator_and_nested(T):
    x = _leaf(T, [1.0])

    @T.no_grad()
    def gen():
        yield (x * 2).requires_grad
        yield (x * 3).requires_grad

    flags = list(gen())
    with T.no_grad():
        with T.no_grad():
            inner = (x * 2).requires_grad
        still_off = T.is_grad_enabled()
    mode = T.set_grad_enabled(False)
    off = T.is_grad_enabled()
    T.set_grad_enabled(True)
    return {
        "generator_flags": flags,
        "inner": inner,
        "still_off": still_off,
        "after": T.is_grad_enabled(),
        "function_form_off": off,
        "set_grad_enabled_type": type(mode).__name__,
        "no_grad_class_name": type(T.no_grad()).__name__,
    }


@program
def nn_parameter_basics(T):
    p = T.nn.Parameter(T.tensor([1.0, 2.0]))
    q = T.nn.Parameter(T.tensor([1.0]), requires_grad=False)
    y = (p * 2).sum()
    y.backward()
    return {
        "requires_grad": p.requires_grad,
        "is_leaf": p.is_leaf,
        "grad": p.grad,
        "type": type(p).__name__,
        "no_grad_param": q.requires_grad,
        "result_type": type(p * 2).__name__,
        "repr": repr(p),
        "str": str(p),
        "data_type": type(p.data).__name__,
    }


@program
def float16_arithmetic(T):
    a = T.tensor([1.0, 2.5, 1000.0, 0.1], dtype=T.float16)
    b = T.tensor([3.0, 0.5, 70.0, 0.2], dtype=T.float16)
    x16 = T.tensor([1.5, 2.0], dtype=T.float16, requires_grad=True)
    return {
        "add": a + b,
        "mul": a * b,
        "div": a / b,
        "overflow": a * 100,
        "sum": a.sum(),
        "mean": a.mean(),
        "exp": b.exp(),
        "repr": repr(a * b),
        "to_f32": (a + b).float(),
        "grad": T.autograd.grad((x16**2).sum(), x16)[0],
    }


@program
def inplace_on_base_rebases_views(T):
    a = _leaf(T, [1.0, 2.0])
    base = a * 1
    expanded = base.expand(2, 2)
    row = base[0]
    before = (graph_desc(expanded.grad_fn), graph_desc(row.grad_fn))
    base.add_(1)
    after = (graph_desc(expanded.grad_fn), graph_desc(row.grad_fn))
    (expanded.sum() + row * 3).backward()
    return {
        "before": before,
        "after": after,
        "expanded": expanded,
        "row": row,
        "a.grad": a.grad,
        "versions": (base._version, expanded._version, row._version),
    }


@program
def inplace_on_overlapping_memory(T):
    # Tensors are observed when the program returns, so intermediate states are clones.
    x = T.tensor([1.0, 2.0])
    expanded = x.expand(3, 2)
    add_ = catch(lambda: expanded.add_(1))
    after_add = x.clone()
    setitem = catch(lambda: expanded.__setitem__(0, 5.0))
    after_setitem = x.clone()
    mask_setitem = catch(lambda: expanded.__setitem__(expanded > 4, 0.5))
    after_mask_setitem = x.clone()
    index_put_ = catch(lambda: expanded.index_put_((T.tensor([0]),), T.tensor(9.0)))
    return {
        "add_": add_,
        "x_after_add_": after_add,
        "setitem": setitem,
        "x_after_setitem": after_setitem,
        "mask_setitem": mask_setitem,
        "x_after_mask_setitem": after_mask_setitem,
        "index_put_": index_put_,
        "x_final": x,
        "clone_ok": x.expand(3, 2).clone().add_(1),
        "zero_": catch(lambda: T.ones(2).expand(3, 2).zero_()),
        "fill_": catch(lambda: T.ones(2).expand(3, 2).fill_(7.0)),
    }


@program
def autograd_grad_error_order(T):
    plain = T.ones(2)
    leaf = _leaf(T, [1.0, 2.0])
    return {
        "output_and_input_without_grad": catch(lambda: T.autograd.grad(plain.sum(), plain)),
        "input_without_grad": catch(lambda: T.autograd.grad((leaf * 2).sum(), plain)),
        "output_without_grad": catch(lambda: T.autograd.grad(plain.sum(), leaf)),
        "non_scalar_and_no_grad": catch(lambda: T.autograd.grad(plain, leaf)),
        "backward_plain_non_scalar": catch(lambda: plain.backward()),
    }


@program
def peer_misc_autograd_cases(T):
    # test_sum_to_with_empty_dim_grad
    a = T.zeros(4, 0, requires_grad=True)
    b = _leaf(T, [[1.0], [2.0], [3.0], [4.0]])
    (a + b).sum().backward()
    # test_index_backward_does_not_save_tensor: in torch 2.13 the index *is* saved
    x = _leaf(T, [1.0, 2.0, 3.0])
    index = T.tensor([0, 2])
    picked = x[index]
    index[0] = 1
    index_mutated = catch(lambda: picked.sum().backward())
    # test_requires_grad_inplace
    c = T.zeros(2)
    d = _leaf(T, [1.0, 2.0])
    c += d
    # test_no_requires_grad_inplace
    e = T.ones(2)
    e.add_(5)
    e.requires_grad = True
    (e * e).sum().backward()
    # test_select_expanded_v
    base = _leaf(T, [1.0, 2.0, 3.0])
    expanded = base.expand(2, 3)
    expanded[1].sum().backward()
    return {
        "empty_dim_a.grad": a.grad,
        "empty_dim_b.grad": b.grad,
        "index_mutated": index_mutated,
        "index_not_saved_grad": x.grad,
        "inplace_requires_grad": (c.requires_grad, c.is_leaf, grad_fn_name(c)),
        "no_requires_grad_inplace": e.grad,
        "select_expanded_grad": base.grad,
    }


@program
def peer_hooks_and_attribute_edge_cases(T):
    class ShapeBreaker:
        def __call__(self, grad):
            return T.ones(5)

    x = _leaf(T, [1.0, 2.0])
    y = x * 2
    y.register_hook(ShapeBreaker())
    no_name = catch(lambda: y.sum().backward())
    z = _leaf(T, [1.0, 2.0])
    (z * 2).sum().backward()

    def delete_grad():
        del z.grad
        return z.grad

    def delete_requires_grad():
        del z.requires_grad

    return {
        "hook_without_name": no_name,
        "del_grad": catch(delete_grad),
        "del_requires_grad": catch(delete_requires_grad),
        "grad_wrong_type": catch(lambda: setattr(z, "grad", [1.0, 2.0])),
        "grad_wrong_dtype": catch(lambda: setattr(z, "grad", T.ones(2, dtype=T.float64))),
        "requires_grad_non_bool": catch(lambda: setattr(z, "requires_grad", "yes")),
    }


@program
def peer_setitem_mask_and_tensor_values(T):
    x = _leaf(T, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    value = _leaf(T, [10.0, 20.0, 30.0])
    y = x * 1
    y[T.tensor([[True, False, True], [False, True, False]])] = value
    scalar_value = _leaf(T, 7.0)
    z = x * 1
    z[z > 3] = scalar_value
    broadcast_row = _leaf(T, [0.5, 0.25, 0.125])
    w = x * 1
    w[:] = broadcast_row
    total = (y * 2).sum() + (z * 3).sum() + (w * 5).sum()
    total.backward()
    return {
        "y": y,
        "z": z,
        "w": w,
        "graphs": [graph_desc(t.grad_fn) for t in (y, z, w)],
        "x.grad": x.grad,
        "value.grad": value.grad,
        "scalar_value.grad": scalar_value.grad,
        "broadcast_row.grad": broadcast_row.grad,
        "mask_value_count_mismatch": catch(
            lambda: (x * 1).__setitem__(T.tensor([True, False]), T.ones(2))
        ),
    }


@program
def grad_mode_decorators_and_restoration(T):
    x = _leaf(T, [1.0, 2.0])

    @T.set_grad_enabled(False)
    def off(t):
        return t * 2

    @T.inference_mode()
    def inference(t):
        return t * 2

    @T.no_grad
    def bare_decorator(t):
        return t * 2

    def raises_inside():
        with T.no_grad():
            raise ValueError("inside no_grad")

    error = catch(raises_inside)
    return {
        "set_grad_enabled_decorator": off(x).requires_grad,
        "inference_decorator": inference(x).requires_grad,
        "bare_no_grad_decorator": catch(lambda: bare_decorator(x).requires_grad),
        "restored_after_exception": (error, T.is_grad_enabled()),
        "is_inference_mode_enabled": T.is_inference_mode_enabled(),
        "autograd_namespace": T.autograd.no_grad is T.no_grad,
        "functions_keep_names": off.__name__,
    }


# --- python protocols, 0-d shapes, nan semantics, numpy interop --------------------------------


@program
def python_protocol_edge_cases(T):
    v = T.tensor([1.0, 2.0])
    s = T.tensor(3.0)

    def iterate_scalar():
        return list(s)

    return {
        "iterate": list(v),
        "iterate_scalar": catch(iterate_scalar),
        "len_scalar": catch(lambda: len(s)),
        "bool_empty": catch(lambda: bool(T.tensor([]))),
        "bool_one": bool(T.tensor([2.0])),
        "eq_none": v == None,  # noqa: E711 - torch defines tensor == None
        "contains": (2 in v, 5 in v),
        "size_oob": catch(lambda: T.zeros(2, 3).size(5)),
        "tolist_float32_repr": repr(T.tensor([0.1, 1 / 3]).tolist()),
        "item_float32_repr": repr(T.tensor(0.1).item()),
        "item_float64_repr": repr(T.tensor(0.1, dtype=T.float64).item()),
        "str_of_item": str(T.tensor(2.5).item()),
        "index_op": T.tensor(2).__index__(),
        "float_index_op": catch(lambda: [1, 2, 3][T.tensor(1.0)]),
        "abs_builtin": abs(T.tensor([-1.0, 2.0])),
        "round_builtin": catch(lambda: round(T.tensor(2.567), 2)),
        "neg_zero_d_int": -T.tensor(3),
        "bool_to_int_sum": sum(T.tensor([True, True, False])),
    }


@program
def zero_dim_shape_ops(T):
    s = _leaf(T, 2.0)
    ops = {
        "view_neg": lambda: s.view(-1),
        "reshape_round_trip": lambda: s.reshape(1).reshape(()),
        "flatten": lambda: s.flatten(),
        "squeeze": lambda: s.squeeze(),
        "unsqueeze": lambda: s.unsqueeze(0),
        "expand": lambda: s.expand(3),
        "repeat": lambda: s.repeat(2, 2),
        "t": lambda: s.t(),
        "sum_dim0": lambda: s.sum(0),
        "mean_neg": lambda: s.mean(-1),
        "max_dim0": lambda: s.max(0).values,
        "softmax": lambda: s.softmax(0),
        "cat_after_unsqueeze": lambda: T.cat([s.unsqueeze(0), s.unsqueeze(0)]),
        "stack": lambda: T.stack([s, s]),
        "index_none": lambda: s[None],
        "index_ellipsis": lambda: s[...],
        "transpose": lambda: s.transpose(0, 1),
        "permute": lambda: s.permute(),
        "squeeze_dim_oob": lambda: s.squeeze(1),
    }
    out = {"dim": (s.dim(), s.numel(), s.shape)}
    # Each op on its own: one failing op must not hide the others.
    for key, op in ops.items():
        value = catch(op)
        out[key] = value
        if isinstance(value, Raised):
            continue
        out[key + "_graph"] = graph_desc(value.grad_fn)
        out[key + "_grad"] = catch(lambda value=value: T.autograd.grad(value.sum(), s)[0])
    return out


@program
def nan_semantics(T):
    x = T.tensor([1.0, float("nan"), 3.0, -1.0])
    y = T.tensor([2.0, 0.0, float("nan"), -2.0])
    return {
        "max": x.max(),
        "min": x.min(),
        "argmax": x.argmax(),
        "argmin": x.argmin(),
        "max_dim": x.max(0),
        "maximum": T.maximum(x, y),
        "minimum": T.minimum(x, y),
        "clamp": x.clamp(0, 2),
        "relu": x.relu(),
        "sigmoid": x.sigmoid(),
        "softmax": x.softmax(0),
        "softmax_inf": T.tensor([float("inf"), 1.0]).softmax(0),
        "log_softmax_neg_inf": T.tensor([float("-inf"), 0.0]).log_softmax(0),
        "where": T.where(x > y, x, y),
        "eq": x == x,
        "ne": x != x,
        "sum": x.sum(),
        "mean": x.mean(),
        "norm": x.norm(),
        "isnan": T.isnan(x),
        "isinf": T.isinf(T.tensor([float("inf"), 1.0])),
    }


@program
def float16_accumulation(T):
    tenths = T.full((1000,), 0.1, dtype=T.float16)
    big = T.full((3000,), 33.0, dtype=T.float16)
    return {
        "sum_tenths": tenths.sum(),
        "mean_tenths": tenths.mean(),
        "sum_big": big.sum(),
        "cumulative_add": (tenths[:10] + tenths[:10]).sum(),
        "matmul": T.ones(1, 300, dtype=T.float16) @ T.full((300, 1), 0.1, dtype=T.float16),
        "softmax": T.tensor([1.0, 2.0, 3.0], dtype=T.float16).softmax(0),
        "norm": T.full((100,), 0.5, dtype=T.float16).norm(),
    }


@program
def numpy_interop_memory(T):
    array = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    shared = T.from_numpy(array)
    copied = T.tensor(array)
    as_tensor = T.as_tensor(array)
    array[0] = 100.0
    t = T.tensor([4.0, 5.0])
    exported = t.numpy()
    exported[1] = 50.0
    readonly = np.arange(3.0)
    readonly.flags.writeable = False
    return {
        "from_numpy_shares": shared,
        "tensor_copies": copied,
        "as_tensor_shares": as_tensor,
        "numpy_shares": t,
        "from_numpy_readonly": catch(lambda: T.from_numpy(readonly).tolist()),
        "from_numpy_int64": T.from_numpy(np.array([1, 2])).dtype,
        "from_numpy_bool": T.from_numpy(np.array([True])).dtype,
        "from_numpy_noncontiguous": T.from_numpy(np.arange(6.0).reshape(2, 3)[:, ::2]),
        "numpy_dtype_of_int": str(T.tensor([1, 2]).numpy().dtype),
        "np_asarray": np.asarray(T.tensor([1.0, 2.0])),
        "np_sum_of_tensor": float(np.sum(T.tensor([1.0, 2.0]).numpy())),
        "tensor_of_numpy_scalar_list": T.tensor([np.float32(1.5), np.float32(2.5)]),
    }


@program
def cat_legacy_empty_and_arange_float(T):
    return {
        "cat_with_legacy_empty": T.cat([T.ones(2, 3), T.tensor([])]),
        "cat_empty_first": T.cat([T.tensor([]), T.ones(2)]),
        "arange_tenth": T.arange(0, 1, 0.1),
        "arange_neg_step": T.arange(5, 0, -1.5),
        "arange_bad_step": catch(lambda: T.arange(0, 5, -1)),
        "arange_zero_step": catch(lambda: T.arange(0, 5, 0)),
        "linspace_many": T.linspace(-1, 1, 7),
        "linspace_int_dtype": T.linspace(0, 10, 4, dtype=T.int64),
    }


@program
def training_loop_manual_sgd(T):
    """The loop every tutorial writes: forward, loss, backward, no_grad update, zero grads."""
    F = T.nn.functional
    x = T.tensor([[0.5, -1.0], [1.5, 2.0], [-0.5, 0.25], [2.0, -1.5]])
    y = T.tensor([[1.0], [0.0], [1.0], [0.0]])
    w = T.tensor([[0.1], [-0.2]], requires_grad=True)
    b = T.zeros(1, requires_grad=True)
    history = []
    for step in range(4):
        logits = x @ w + b
        loss = F.binary_cross_entropy_with_logits(logits, y)
        loss.backward()
        with T.no_grad():
            w -= 0.5 * w.grad
            b.sub_(0.5 * b.grad)
        history.append((loss.item(), w.grad.clone(), b.grad.clone(), w._version))
        if step % 2 == 0:
            w.grad.zero_()
            b.grad.zero_()
        else:
            w.grad = None
            b.grad = None
    mse_w = T.tensor([0.0, 0.0], requires_grad=True)
    for _ in range(3):
        prediction = x @ mse_w
        mse = ((prediction - y.squeeze(1)) ** 2).mean()
        mse.backward()
        with T.no_grad():
            mse_w.add_(mse_w.grad, alpha=-0.1)
            mse_w.grad.zero_()
    return {
        "history": history,
        "w": w,
        "b": b,
        "w_is_leaf": w.is_leaf,
        "final_loss_repr": repr(F.binary_cross_entropy_with_logits(x @ w + b, y)),
        "mse_w": mse_w,
        "mse_repr": repr(mse),
    }


@program
def no_grad_view_then_base_modified(T):
    x = _leaf(T, [1.0, 2.0, 3.0])
    base = x * 1
    with T.no_grad():
        view = base[1:]
    base.add_(1)
    grad_fn_access = catch(lambda: view.grad_fn)
    leaf_view_base = _leaf(T, [1.0, 2.0])
    with T.no_grad():
        leaf_view = leaf_view_base[0]
        leaf_view_base.mul_(2)
    return {
        "view_grad_fn": grad_fn_access,
        "view_requires_grad": view.requires_grad,
        "base": base,
        "leaf_view_grad_fn": catch(lambda: leaf_view.grad_fn),
        "leaf_view_is_leaf": catch(lambda: leaf_view.is_leaf),
        "leaf_view_requires_grad": catch(lambda: leaf_view.requires_grad),
        "leaf_view": catch(lambda: leaf_view * 1),
    }


@program
def reduction_edge_cases(T):
    s = T.tensor(1.5)
    empty_rows = T.zeros(2, 0)
    return {
        "softmax_0d_dim1": catch(lambda: s.softmax(1)),
        "log_softmax_0d_dim_neg2": catch(lambda: s.log_softmax(-2)),
        "sum_0d_dim1": catch(lambda: s.sum(1)),
        "mean_empty_dim": empty_rows.mean(-1),
        "sum_empty_dim": empty_rows.sum(-1),
        "max_empty_dim": catch(lambda: empty_rows.max(-1)),
        "argmax_empty_dim": catch(lambda: empty_rows.argmax(-1)),
        "softmax_empty": T.zeros(0).softmax(0),
        "log_softmax_empty": T.zeros(0).log_softmax(0),
        "norm_empty": T.zeros(0).norm(),
    }
