"""The executor, in-process on real torch: what it observes, and that it cannot be fooled."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.sandbox.executor import BackendView, execute_calls, load_submission, observe
from gradekit.sandbox.protocol import ArgSpec, Call, Capture

torch = pytest.importorskip("torch", reason="executor tests observe real torch tensors")
pytestmark = pytest.mark.torch


def load(tmp_path: Path, source: str, name: str = "student_solution.py"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    view = BackendView(torch)  # captured before the module runs, as in the child
    namespace, error = load_submission(path, module_name=f"sub_{tmp_path.name}")
    return namespace, error, view, str(path)


def run(tmp_path, source, calls):
    namespace, error, view, path = load(tmp_path, source)
    assert error is None, error
    return execute_calls(namespace, calls, view, student_file=path)


def vector(*values, requires_grad=False, dtype=np.float32):
    return ArgSpec.tensor(np.array(values, dtype=dtype), requires_grad=requires_grad)


def test_tensor_return_is_observed_with_autograd_metadata(tmp_path):
    outcome = run(
        tmp_path,
        """
        def f(x, y):
            return (x * y).sum()
        """,
        [
            Call(
                "c",
                "f",
                args={"x": vector(1, 2, requires_grad=True), "y": vector(3, 4)},
                capture=Capture(
                    grads=("x", "y"), graph=True, backward=ArgSpec.tensor(np.array(1.0, np.float32))
                ),
            )
        ],
    )["c"]
    assert outcome.status == "ok"
    value = outcome.value
    assert (value.kind, value.type, value.exact_type, value.dtype) == (
        "tensor",
        "torch.Tensor",
        True,
        "float32",
    )
    assert value.shape == () and float(value.data) == 11.0
    assert value.requires_grad and not value.is_leaf and value.grad_fn == "SumBackward0"
    np.testing.assert_array_equal(outcome.grads["x"].data, [3, 4])
    assert outcome.grads["y"] is None  # y does not require grad
    assert [node.name for node in outcome.graph] == [
        "SumBackward0",
        "MulBackward0",
        "AccumulateGrad",
    ]
    assert outcome.graph[1].next == (2, None)


def test_in_place_changes_are_seen_in_inputs_after(tmp_path):
    outcome = run(
        tmp_path,
        """
        def clip(x):
            x.clamp_(min=0)
        """,
        [Call("c", "clip", args={"x": vector(-1, 2)}, capture=Capture(inputs_after=("x",)))],
    )["c"]
    assert outcome.value.kind == "python" and outcome.value.value is None
    np.testing.assert_array_equal(outcome.inputs_after["x"].data, [0, 2])


def test_python_values_sequences_sizes_and_arrays(tmp_path):
    outcomes = run(
        tmp_path,
        """
        import numpy as np
        import torch
        SHAPE = torch.zeros(2, 3).shape
        PAIR = (1, [2.5, "s", None, True])
        ARRAY = np.arange(3)
        BIG = 2 ** 100000
        D = {"a": 1}
        """,
        [
            Call(name, name, entry_kind="variable")
            for name in ("SHAPE", "PAIR", "ARRAY", "BIG", "D")
        ],
    )
    size = outcomes["SHAPE"].value
    assert size.kind == "sequence" and size.type == "torch.Size"
    assert [item.value for item in size.items] == [2, 3]
    pair = outcomes["PAIR"].value
    assert pair.type == "tuple" and pair.items[1].type == "list"
    assert [i.value for i in pair.items[1].items] == [2.5, "s", None, True]
    assert [i.type for i in pair.items[1].items] == ["float", "str", "NoneType", "bool"]
    array = outcomes["ARRAY"].value
    assert array.kind == "ndarray" and array.exact_type and list(array.data) == [0, 1, 2]
    assert outcomes["BIG"].value.kind == "object"
    assert outcomes["D"].value.kind == "object" and outcomes["D"].value.type == "dict"


def test_bfloat16_tensors_travel_as_float32_data(tmp_path):
    outcome = run(
        tmp_path,
        """
        def half(x):
            return x / 2
        """,
        [
            Call(
                "c",
                "half",
                args={"x": ArgSpec.tensor(np.array([3.0], np.float32), dtype="bfloat16")},
            )
        ],
    )["c"]
    assert outcome.value.dtype == "bfloat16" and outcome.value.data.dtype == np.float32
    assert outcome.value.data[0] == 1.5


def test_exceptions_are_reported_with_student_frames_only(tmp_path):
    outcome = run(
        tmp_path,
        """
        import torch

        def helper(x):
            return torch.cat([x, x.view(5, 5)])

        def f(x):
            return helper(x)
        """,
        [Call("c", "f", args={"x": vector(1, 2)})],
    )["c"]
    assert outcome.status == "raised" and outcome.exception.type == "RuntimeError"
    assert outcome.exception.line == 5
    trace = outcome.exception.traceback
    assert 'File "student_solution.py", line 8, in f' in trace
    assert "line 5, in helper" in trace and "torch/" not in trace and str(tmp_path) not in trace


def test_missing_entries_and_non_callables(tmp_path):
    outcomes = run(
        tmp_path,
        "VALUE = 3\n",
        [Call("a", "nope"), Call("b", "VALUE"), Call("c", "nope", entry_kind="variable")],
    )
    assert outcomes["a"].status == "missing" and "`nope`" in outcomes["a"].exception.message
    assert outcomes["b"].status == "raised" and outcomes["b"].exception.type == "TypeError"
    assert outcomes["c"].status == "missing" and "variable" in outcomes["c"].exception.message


def test_system_exit_and_keyboard_interrupt_only_fail_their_call(tmp_path):
    outcomes = run(
        tmp_path,
        """
        import sys
        def leave():
            sys.exit(0)
        def interrupt():
            raise KeyboardInterrupt
        def fine():
            return 1
        """,
        [Call("a", "leave"), Call("b", "interrupt"), Call("c", "fine")],
    )
    assert outcomes["a"].exception.type == "SystemExit"
    assert outcomes["b"].exception.type == "KeyboardInterrupt"
    assert outcomes["c"].status == "ok" and outcomes["c"].value.value == 1


def test_per_call_timeout_in_process(tmp_path):
    namespace, _, view, path = load(tmp_path, "def spin():\n    while True:\n        pass\n")
    outcome = execute_calls(
        namespace, [Call("c", "spin", timeout=0.3)], view, enforce_timeouts=True
    )["c"]
    assert outcome.status == "timeout" and "0.3 s" in outcome.exception.message


def test_output_is_captured_per_call(tmp_path):
    outcome = run(
        tmp_path,
        """
        import sys
        def talk():
            print("hello")
            print("oops", file=sys.stderr)
        """,
        [Call("c", "talk")],
    )["c"]
    assert (outcome.stdout, outcome.stderr) == ("hello\n", "oops\n")


def test_load_errors_carry_type_line_and_short_traceback(tmp_path):
    _, error, _, _ = load(tmp_path, "x = 1\ndef f(:\n    pass\n")
    assert error.type == "SyntaxError" and error.line == 2
    assert "student_solution.py" in error.traceback and str(tmp_path) not in error.traceback
    _, error, _, _ = load(tmp_path, "import no_such_module_for_gradekit\n", "other.py")
    assert error.type == "ModuleNotFoundError" and error.line == 1


# ---------------------------------------------------------------------------------------------
# Observation cannot be fooled
# ---------------------------------------------------------------------------------------------

LOOKALIKES = """
import numpy as np
import torch

class Cheater(torch.Tensor):
    def __eq__(self, other):
        return True
    def __repr__(self):
        raise AssertionError("observation must not call __repr__")

class Fake:
    __class__ = torch.Tensor          # isinstance(Fake(), torch.Tensor) is True
    shape = (3,)
    dtype = torch.float32
    def __eq__(self, other):
        return True
    def __array__(self, *args, **kwargs):
        raise AssertionError("observation must not call __array__")
    def __repr__(self):
        raise AssertionError("observation must not call __repr__")
    def numpy(self):
        return np.array([1.0, 2.0, 3.0], dtype=np.float32)

class FakeList(list):
    def __iter__(self):
        raise AssertionError("observation must not iterate a list subclass")

def subclass(x):
    return x.as_subclass(Cheater)

def lookalike(x):
    return Fake()

def fake_list(x):
    return FakeList([x])

def parameter(x):
    return torch.nn.Parameter(x)
"""


def test_tensor_subclasses_and_lookalikes_become_objects(tmp_path):
    calls = [
        Call(name, name, args={"x": vector(1, 2, 3)})
        for name in ("subclass", "lookalike", "fake_list", "parameter")
    ]
    outcomes = run(tmp_path, LOOKALIKES, calls)
    cheater = outcomes["subclass"].value
    assert cheater.kind == "object" and cheater.type.endswith(".Cheater")
    fake = outcomes["lookalike"].value
    assert fake.kind == "object" and fake.type.endswith(".Fake")
    assert outcomes["fake_list"].value.kind == "object"
    parameter = outcomes["parameter"].value
    assert parameter.kind == "tensor" and parameter.type == "torch.nn.Parameter"
    assert parameter.exact_type is False


def test_patching_the_backend_after_capture_does_not_change_observations(tmp_path):
    patched = ("numpy", "detach", "__eq__")
    saved = {name: torch.Tensor.__dict__.get(name) for name in patched}
    original_array = np.array
    call = Call("c", "f", args={"x": vector(1, 2, 3)})  # built before the student's patches
    try:
        namespace, error, view, path = load(
            tmp_path,
            """
            import numpy as np
            import torch

            torch.Tensor.numpy = lambda self: np.full(3, 42.0, dtype=np.float32)
            torch.Tensor.detach = lambda self: self
            torch.Tensor.__eq__ = lambda self, other: True
            np.array = lambda *args, **kwargs: np.full(3, 42.0)

            def f(x):
                return x * 2
            """,
        )
        assert error is None
        outcome = execute_calls(namespace, [call], view)
        np.testing.assert_array_equal(outcome["c"].value.data, [2, 4, 6])
    finally:
        np.array = original_array
        for name, value in saved.items():
            if value is None:
                delattr(torch.Tensor, name)
            else:
                setattr(torch.Tensor, name, value)


def test_observe_never_raises_on_broken_tensors():
    view = BackendView(torch)
    meta = torch.empty(3, device="meta")
    observed = observe(meta, view)
    assert observed.kind == "object" and "could not observe" in observed.repr


@pytest.mark.parametrize("enforce", [True, False])
def test_streams_and_the_alarm_handler_are_restored_after_every_kind_of_call(tmp_path, enforce):
    import signal
    import sys

    namespace, _, view, path = load(
        tmp_path,
        """
        import sys

        def fine():
            print("fine")
            return 1

        def raises():
            print("before the error")
            raise ValueError("no")

        def spin():
            print("spinning")
            while True:
                pass

        def swaps_stdout():
            import io
            sys.stdout = io.StringIO()
            sys.stderr = io.StringIO()
            return 2
        """,
    )
    handler_before = signal.getsignal(signal.SIGALRM)
    streams_before = sys.stdout, sys.stderr
    calls = [Call("fine", "fine"), Call("raises", "raises"), Call("swaps", "swaps_stdout")]
    if enforce:
        calls.append(Call("spin", "spin", timeout=0.2))
    outcomes = execute_calls(namespace, calls, view, student_file=path, enforce_timeouts=enforce)
    assert (sys.stdout, sys.stderr) == streams_before
    assert signal.getsignal(signal.SIGALRM) == handler_before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert outcomes["fine"].stdout == "fine\n" and outcomes["fine"].status == "ok"
    assert outcomes["raises"].status == "raised"
    assert outcomes["raises"].stdout == "before the error\n"
    assert outcomes["swaps"].status == "ok" and outcomes["swaps"].value.value == 2
    if enforce:
        assert outcomes["spin"].status == "timeout" and outcomes["spin"].stdout == "spinning\n"


def test_output_is_echoed_to_the_real_streams_when_asked(tmp_path, capsys):
    from gradekit.sandbox.executor import execute_call

    namespace, _, view, path = load(tmp_path, "def talk():\n    print('to both')\n")
    outcome = execute_call(namespace, Call("c", "talk"), view, echo_output=True)
    assert outcome.stdout == "to both\n"
    assert capsys.readouterr().out == "to both\n"


def test_dtype_names_are_found_by_identity_as_a_walk_over_the_dtypes_finds_them():
    view = BackendView(torch)

    def walked(tensor):
        dtype = tensor.dtype
        return next((name for candidate, name in view.dtypes if candidate is dtype), None)

    tensors = [torch.zeros(2, dtype=dtype) for dtype, _ in view.dtypes]
    tensors.append(torch.zeros(2, dtype=torch.complex32))  # no wire dtype: not transferable
    for tensor in tensors:
        assert view.dtype_name(tensor) == walked(tensor)
    assert view.dtype_name(torch.zeros(2, dtype=torch.complex32)) is None
    assert {view.dtype_name(t) for t in tensors[:-1]} == {name for _, name in view.dtypes}


def test_a_backend_stand_in_for_a_missing_attribute_is_not_an_accessor():
    """A backend may define a name it lacks as a class attribute that raises when read (the
    engine does for torch.Tensor attributes outside its subset): the view must not call it."""
    import types

    class StandIn:
        def __get__(self, instance, owner=None):
            raise AttributeError("not in this backend's subset")

    class FakeTensor:
        resolve_conj = StandIn()

        def detach(self):
            return self

    backend = types.ModuleType("fake_backend")
    backend.Tensor = FakeTensor
    backend.tensor = FakeTensor
    view = BackendView(backend)
    assert view.has_accessor("detach")
    assert not view.has_accessor("resolve_conj")


def test_engine_tensors_are_observed_as_tensors():
    import gradekit.engine as engine

    observed = observe(engine.tensor(np.array([1.5, 2.0], np.float32)), BackendView(engine))
    assert observed.kind == "tensor" and observed.dtype == "float32"
    np.testing.assert_array_equal(observed.data, np.array([1.5, 2.0], np.float32))


_ENGINE_DTYPES = [
    "float16",
    "float32",
    "float64",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "bool",
]


def _engine_tensor_picture(tensor) -> tuple:
    data = tensor._data
    return (
        type(tensor),
        tensor.dtype,
        data.dtype.str,
        data.shape,
        data.strides,
        data.tobytes(),
        data.flags.c_contiguous,
        data.flags.f_contiguous,
        data.flags.writeable,
        data.flags.owndata,
        tensor.requires_grad,
        tensor.is_leaf,
        tensor.grad_fn,
        tensor._version,
        tensor._base,
    )


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(_ENGINE_DTYPES),
    st.sampled_from(_ENGINE_DTYPES),
    st.lists(st.integers(0, 4), max_size=3),
    st.booleans(),
    st.sampled_from(["plain", "transposed", "strided", "read-only", "big-endian"]),
    st.integers(0, 2**32 - 1),
)
def test_engine_arguments_are_the_tensors_torch_tensor_makes(
    dtype: str, blob_dtype: str, shape: list[int], requires_grad: bool, layout: str, seed: int
) -> None:
    """BackendView.make_tensor builds an engine argument with tensor_of_array when the blob
    already has the dtype (and takes torch.tensor's general path otherwise): the very tensor
    the general path makes, or its very error."""
    import gradekit.engine as engine

    rng = np.random.default_rng(seed)
    blob = np.asarray(rng.standard_normal(shape) * 50).astype(np.dtype(blob_dtype))
    if layout == "transposed":
        blob = blob.T
    elif layout == "strided" and blob.ndim:
        blob = blob[::2]
    elif layout == "read-only":
        blob.flags.writeable = False
    elif layout == "big-endian" and blob.dtype.itemsize > 1:
        blob = blob.astype(blob.dtype.newbyteorder(">"))
    spec = ArgSpec("tensor", dtype=dtype, shape=blob.shape, blob=blob, requires_grad=requires_grad)
    view = BackendView(engine)
    general = None
    try:
        general = engine.tensor(
            blob.copy(), dtype=view.dtype_by_name[dtype], requires_grad=requires_grad
        )
    except Exception as error:  # noqa: BLE001 - the fast path must fail alike
        with pytest.raises(type(error), match=re.escape(str(error))):
            view.make_tensor(spec)
        return
    made = view.make_tensor(spec)
    assert _engine_tensor_picture(made) == _engine_tensor_picture(general)
    assert not np.shares_memory(made._data, blob)  # a copy: the call may change it in place
    if blob.dtype is view.dtype_by_name[dtype].np_dtype:  # (the fast path was taken)
        assert made._data.flags.writeable


def test_engine_arguments_take_the_fast_path_when_the_blob_has_the_dtype(monkeypatch) -> None:
    import gradekit.engine as engine
    from gradekit.engine.ops import creation

    view = BackendView(engine)
    taken = []
    monkeypatch.setattr(view, "_tensor_of_array", lambda *args: taken.append(args) or "fast")
    assert view.make_tensor(ArgSpec.tensor(np.zeros((2, 3), np.float32))) == "fast"
    assert view.make_tensor(ArgSpec.tensor(np.zeros(2, np.int64))) == "fast"
    made = view.make_tensor(ArgSpec.tensor(np.zeros(2, np.int64), requires_grad=False))
    assert made == "fast" and len(taken) == 3
    # an integer tensor that requires grad: torch.tensor's own error, from its own path
    with pytest.raises(RuntimeError, match="floating point"):
        view.make_tensor(
            ArgSpec("tensor", dtype="int64", blob=np.zeros(2, np.int64), requires_grad=True)
        )
    assert len(taken) == 3 and creation.tensor_of_array is not None
