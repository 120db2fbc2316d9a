"""Answer fingerprints: equal exactly when the observed answers are identical."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from gradekit.gradebook.answers import (
    FINGERPRINT_VERSION,
    answer_fingerprint,
    answer_kind,
    answer_summary,
)
from gradekit.sandbox.protocol import CallOutcome, ExceptionInfo, GraphNode, Observed


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


# -- autograd state (fingerprint version 2) ----------------------------------------------------


def autograd_tensor(
    data: np.ndarray, *, requires_grad: bool, grad_fn: str | None, **outcome_fields
) -> CallOutcome:
    value = Observed(
        kind="tensor",
        type="torch.Tensor",
        exact_type=True,
        dtype=str(data.dtype),
        shape=tuple(data.shape),
        data=data,
        requires_grad=requires_grad,
        is_leaf=grad_fn is None,
        grad_fn=grad_fn,
    )
    return CallOutcome("ok", value=value, **outcome_fields)


VALUES = np.array([1.0, 2.0, 3.0], dtype=np.float32)


def test_detached_and_graph_results_with_identical_values_are_different_answers() -> None:
    detached = autograd_tensor(VALUES, requires_grad=False, grad_fn=None)
    leaf = autograd_tensor(VALUES, requires_grad=True, grad_fn=None)
    product = autograd_tensor(VALUES, requires_grad=True, grad_fn="MulBackward0")
    total = autograd_tensor(VALUES, requires_grad=True, grad_fn="AddBackward0")
    prints = [answer_fingerprint(outcome) for outcome in (detached, leaf, product, total)]
    assert len(set(prints)) == 4
    assert prints[1].endswith(":rg:leaf") and prints[2].endswith(":rg:MulBackward0")
    # A plain tensor keeps the version 1 form: nothing about autograd to add.
    assert ":rg" not in prints[0]


def test_the_captured_graph_is_part_of_the_fingerprint_and_the_summary() -> None:
    def graph(*names: str) -> tuple[GraphNode, ...]:
        return (GraphNode(names[0], (1,)), *(GraphNode(name) for name in names[1:]))

    mul = graph("MulBackward0", "AccumulateGrad")
    mul_again = graph("MulBackward0", "AccumulateGrad")
    other = (GraphNode("MulBackward0", (1, None)), GraphNode("AccumulateGrad"))
    outcomes = [
        autograd_tensor(VALUES, requires_grad=True, grad_fn="MulBackward0", graph=g)
        for g in (mul, mul_again, other)
    ]
    prints = [answer_fingerprint(outcome) for outcome in outcomes]
    assert prints[0] == prints[1] != prints[2]
    summary = answer_summary(outcomes[0])
    assert summary["graph"] == [
        {"name": "MulBackward0", "next": [1]},
        {"name": "AccumulateGrad", "next": []},
    ]
    assert json.loads(json.dumps(summary)) == summary


@given(arrays, arrays)
def test_input_gradients_split_clusters_and_are_summarised(a: np.ndarray, b: np.ndarray) -> None:
    def with_grad(grad: np.ndarray) -> CallOutcome:
        return autograd_tensor(
            VALUES,
            requires_grad=True,
            grad_fn="SumBackward0",
            grads={"x": tensor(grad).value, "missing": None},
        )

    same = a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    assert (answer_fingerprint(with_grad(a)) == answer_fingerprint(with_grad(b))) == same
    summary = answer_summary(with_grad(a))
    assert summary["grads"]["missing"] is None
    grad = summary["grads"]["x"]
    assert grad["fingerprint"] == answer_fingerprint(tensor(a))
    assert grad["first"] == a.reshape(-1)[:8].tolist() and grad["shape"] == list(a.shape)


def test_the_store_writes_the_fingerprint_version_of_this_module() -> None:
    from gradekit.gradebook import store

    assert store.FINGERPRINT_VERSION == FINGERPRINT_VERSION
