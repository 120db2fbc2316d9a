"""A captured graph names the leaves that are the call's own arguments (``x (AccumulateGrad)``
in the report's picture), on the engine and on torch alike, and the name travels through both
encoders and both decoders of the protocol; it is not part of an answer's fingerprint."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import gradekit.engine as engine
from gradekit.gradebook.answers import answer_fingerprint, answer_summary
from gradekit.report.web.graph import node_label, parse_graph
from gradekit.sandbox.executor import BackendView, execute_calls, load_submission
from gradekit.sandbox.protocol import (
    ArgSpec,
    Call,
    CallOutcome,
    Capture,
    GraphNode,
    Observed,
    ProtocolError,
    decode_event,
    decode_event_checking,
    decode_frame,
    encode_frame,
    encode_outcome_event,
    encode_outcome_event_generally,
)

SOURCE = """
    import torch

    def f(x, a, b):
        inner = torch.ones(2, requires_grad=True)  # a leaf that is no argument: no name
        return (x * a).exp() + b * b - x + inner
"""


def run_graph(tmp_path: Path, backend) -> tuple[GraphNode, ...]:
    path = tmp_path / "student.py"
    path.write_text(textwrap.dedent(SOURCE))
    view = BackendView(backend)
    namespace, error = load_submission(path, module_name=f"sub_{tmp_path.name}")
    assert error is None, error
    vector = ArgSpec.tensor(np.array([0.5, 1.5], np.float32), requires_grad=True)
    call = Call("c", "f", args={"x": vector, "a": vector, "b": vector}, capture=Capture(graph=True))
    outcome = execute_calls(namespace, [call], view, student_file=str(path))["c"]
    assert outcome.status == "ok", outcome.exception
    return outcome.graph


def leaves(graph: tuple[GraphNode, ...]) -> list[str | None]:
    return sorted((node.input or "") for node in graph if node.name == "AccumulateGrad")


def test_the_arguments_leaves_carry_their_names_on_the_engine(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", engine)
    graph = run_graph(tmp_path, engine)
    assert leaves(graph) == ["", "a", "b", "x"]  # x once, though two nodes use it
    assert all(node.input is None for node in graph if node.name != "AccumulateGrad")


@pytest.mark.torch
def test_torch_names_the_same_leaves_in_the_same_graph(tmp_path, tmp_path_factory, monkeypatch):
    torch = pytest.importorskip("torch", reason="the same graph observed on real torch")
    on_torch = run_graph(tmp_path, torch)
    monkeypatch.setitem(sys.modules, "torch", engine)
    on_engine = run_graph(tmp_path_factory.mktemp("engine"), engine)
    assert on_torch == on_engine


def outcome_with(graph: tuple[GraphNode, ...]) -> CallOutcome:
    value = Observed(
        "tensor",
        "torch.Tensor",
        exact_type=True,
        dtype="float32",
        shape=(2,),
        data=np.zeros(2, np.float32),
        requires_grad=True,
        is_leaf=False,
        grad_fn="MulBackward0",
        retains_grad=False,
    )
    return CallOutcome("ok", value=value, graph=graph)


NAMED = (
    GraphNode("MulBackward0", (1, 2)),
    GraphNode("AccumulateGrad", (), "x"),
    GraphNode("AccumulateGrad", (), "a"),
)


def test_names_travel_through_both_encoders_and_both_decoders():
    outcome = outcome_with(NAMED)
    fast, general = encode_outcome_event("c", outcome), encode_outcome_event_generally("c", outcome)
    assert fast == general
    frame = decode_frame(fast)
    for decoded in (decode_event(frame), decode_event_checking(frame)):
        assert decoded["outcome"].graph == NAMED


@pytest.mark.parametrize("name", [3, None, ["x"], {"x": 1}])
def test_a_leaf_name_that_is_not_text_is_refused(name):
    body = {
        "event": "outcome",
        "outcome": {
            "call_id": "c",
            "status": "ok",
            "value": None,
            "grads": {},
            "inputs_after": {},
            "exception": None,
            "duration": 0.0,
            "stdout": "",
            "stderr": "",
            "graph": [{"name": "AccumulateGrad", "next": [], "input": name}],
        },
    }
    with pytest.raises(ProtocolError, match="input"):
        decode_event(decode_frame(encode_frame(body)))


def test_names_are_shown_but_not_part_of_the_fingerprint():
    unnamed = tuple(GraphNode(node.name, node.next) for node in NAMED)
    swapped = (NAMED[0], GraphNode("AccumulateGrad", (), "a"), GraphNode("AccumulateGrad", (), "x"))
    prints = {answer_fingerprint(outcome_with(g)) for g in (NAMED, unnamed, swapped)}
    assert len(prints) == 1  # x * a and a * x are one answer; older gradebooks cluster too
    stored = answer_summary(outcome_with(NAMED))["graph"]
    assert stored[1] == {"name": "AccumulateGrad", "next": [], "input": "x"}
    assert [node_label(node) for node in parse_graph(stored)] == [
        "MulBackward0",
        "x (AccumulateGrad)",
        "a (AccumulateGrad)",
    ]
