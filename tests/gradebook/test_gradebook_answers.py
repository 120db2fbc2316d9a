"""Answer fingerprints: equal exactly when the observed answers are identical."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from gradekit.gradebook.answers import answer_fingerprint, answer_kind, answer_summary
from gradekit.sandbox.protocol import CallOutcome, ExceptionInfo, Observed


def tensor(data: np.ndarray, **extra) -> CallOutcome:
    value = Observed(
        kind="tensor",
        type="torch.Tensor",
        exact_type=True,
        dtype=str(data.dtype),
        shape=tuple(data.shape),
        data=data,
        requires_grad=False,
        is_leaf=True,
        grad_fn=None,
        **extra,
    )
    return CallOutcome("ok", value=value)


def raised(kind: str, message: str) -> CallOutcome:
    return CallOutcome("raised", exception=ExceptionInfo(kind, message, "Traceback ..."))


arrays = hnp.arrays(
    dtype=st.sampled_from([np.float32, np.float64, np.int64]),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, max_side=4),
    elements={"allow_nan": False, "allow_infinity": False, "min_value": -1e6, "max_value": 1e6},
)


@given(arrays, arrays)
def test_tensor_fingerprints_are_equal_iff_the_answers_are(a: np.ndarray, b: np.ndarray) -> None:
    same = a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    assert (answer_fingerprint(tensor(a)) == answer_fingerprint(tensor(b))) == same


@given(arrays)
def test_the_fingerprint_names_kind_dtype_and_shape(a: np.ndarray) -> None:
    fingerprint = answer_fingerprint(tensor(a))
    assert fingerprint.startswith(f"tensor:{a.dtype}:{list(a.shape)}:")


@given(arrays)
def test_summaries_are_json_with_the_first_elements(a: np.ndarray) -> None:
    summary = answer_summary(tensor(a))
    assert json.loads(json.dumps(summary)) == summary
    assert summary["first"] == a.reshape(-1)[:8].tolist()
    assert summary["shape"] == list(a.shape)


def test_same_values_in_another_dtype_or_shape_are_different_answers() -> None:
    base = np.arange(6, dtype=np.float32)
    prints = {
        answer_fingerprint(tensor(base)),
        answer_fingerprint(tensor(base.astype(np.float64))),
        answer_fingerprint(tensor(base.reshape(2, 3))),
    }
    assert len(prints) == 3


def test_exceptions_cluster_by_type_and_message_not_by_address() -> None:
    first = raised("TypeError", "bad operand <object at 0x7f00aa>")
    second = raised("TypeError", "bad operand <object at 0x7f99bb>")
    assert answer_fingerprint(first) == answer_fingerprint(second)
    assert answer_fingerprint(first) != answer_fingerprint(raised("ValueError", "bad operand"))
    assert answer_fingerprint(first).startswith("raised:TypeError:")
    assert answer_summary(first)["message"].startswith("bad operand")


def test_sandbox_failures_have_their_own_kinds() -> None:
    timeout = CallOutcome("timeout", exception=ExceptionInfo("TimeoutError", "took 3 s"))
    assert answer_kind(timeout) == "timeout"
    assert answer_fingerprint(timeout) == "timeout:TimeoutError"
    assert answer_fingerprint(None) == "missing"


def test_python_values_and_sequences() -> None:
    as_python = CallOutcome("ok", value=Observed(kind="python", type="int", value=3))
    as_float = CallOutcome("ok", value=Observed(kind="python", type="float", value=3.0))
    assert answer_fingerprint(as_python) != answer_fingerprint(as_float)
    size = Observed(kind="sequence", type="torch.Size", items=(as_python.value, as_python.value))
    summary = answer_summary(CallOutcome("ok", value=size))
    assert summary["length"] == 2 and summary["items"][0]["value"] == 3
