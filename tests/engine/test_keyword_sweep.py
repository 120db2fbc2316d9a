"""The keyword sweep (``keyword_sweep.py``): each call answers exactly as torch 2.13 does,
except those recorded with a reason in ``golden/keyword_sweep.json``, which must still answer
exactly as recorded (so a change shows, either way).

The golden file holds torch's answer to every call, so the engine is held to torch without
torch installed; with torch, the differential test also checks the golden file against it.
"""

from __future__ import annotations

import json

import pytest
from argument_sweep import outcome
from keyword_sweep import GOLDEN, REASONS, cases, reason_for

import gradekit.engine as engine

RECORDED = json.loads(GOLDEN.read_text())
CASES = cases()


@pytest.mark.parametrize("snippet", CASES)
def test_keyword_calls_answer_as_torch_recorded(snippet: str) -> None:
    entry = RECORDED[snippet]
    ours = outcome(engine, snippet)
    if "engine" in entry:
        assert entry["reason"] in REASONS
        assert ours == entry["engine"], "changed: rerun keyword_sweep.py --write"
        assert ours != entry["torch"]
    else:
        assert ours == entry["torch"]


@pytest.mark.torch
@pytest.mark.parametrize("snippet", CASES)
def test_keyword_calls_answer_as_live_torch(snippet: str, real_torch) -> None:
    theirs = outcome(real_torch, snippet)
    assert theirs == RECORDED[snippet]["torch"], "torch answers otherwise than recorded"
    ours = outcome(engine, snippet)
    if "engine" in RECORDED[snippet]:
        assert ours == RECORDED[snippet]["engine"]
    else:
        assert ours == theirs


def test_the_golden_file_holds_exactly_the_sweep() -> None:
    assert list(RECORDED) == CASES


def test_every_recorded_difference_has_its_reason() -> None:
    for snippet, entry in RECORDED.items():
        if "engine" in entry:
            assert entry["reason"] == reason_for(snippet, entry["engine"]), snippet


STUDENT_KEYWORD_CALLS = [
    "A.sum(dim=1, keepdim=True)",
    "A.mean(dim=1, keepdim=True)",
    "A.max(dim=1, keepdim=True)",
    "torch.argmax(A, dim=1)",
    "A.softmax(dim=1)",
    "torch.nn.functional.softmax(A, dim=-1)",
    "torch.nn.functional.cross_entropy(input=A, target=T)",
    "torch.flip(A, dims=(0,))",
    "A.flip(dims=(0,))",
    "A.permute(dims=(1, 0))",
    "A.transpose(dim0=0, dim1=1)",
    "A.view(size=(3, 2))",
    "A.repeat(repeats=(2, 1))",
    "A.expand(size=(2, 3))",
    "A.unsqueeze(dim=0)",
    "torch.cat(tensors=[A, A], dim=1)",
    "torch.stack(tensors=[A, A], dim=1)",
    "torch.matmul(input=A, other=B)",
    "torch.where(condition=M, input=A, other=A)",
    "A.clamp(min=0.0)",
    "torch.tensor(data=[1.0])",
    "torch.zeros(size=(2, 3))",
    "A.norm(p=2, dim=1)",
]


@pytest.mark.parametrize("snippet", STUDENT_KEYWORD_CALLS)
def test_the_keyword_calls_students_write_answer_as_torch(snippet: str) -> None:
    """What the brief names first (dim=, keepdim=, dims=, input=, other=, size=): these
    are in the sweep, and none may ever be recorded as a difference."""
    entry = RECORDED[snippet]
    assert "engine" not in entry
    assert not entry["torch"].startswith("TypeError")
    assert outcome(engine, snippet) == entry["torch"]


@pytest.mark.torch
def test_the_parameter_tables_hold_torchs_keyword_names(real_torch) -> None:
    """Every call with all its arguments by keyword binds in torch: the tables' names are
    torch's (a wrong name would make the sweep test mistakes where it means right calls)."""
    wrong = []
    for snippet in CASES:
        if "dimm=" in snippet or "inputs=" in snippet:
            continue
        answer = outcome(real_torch, snippet)
        if "unexpected keyword" in answer or "unrecognized keyword" in answer:
            wrong.append(snippet)
    # (torch.relu takes no inplace=, unlike F.relu)
    assert wrong == ["torch.relu(A, inplace=False)"]
