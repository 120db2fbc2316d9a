"""The sweep of argument mistakes (``argument_sweep.py``) against torch: every call answers
exactly as torch does, except the calls recorded in ``golden/argument_sweep_differences.json``,
which must still answer exactly as recorded there (so a change shows, either way)."""

from __future__ import annotations

import json

import pytest
from argument_sweep import DIFFERENCES, REASONS, cases, outcome

import gradekit.engine as engine

pytestmark = pytest.mark.torch

RECORDED = json.loads(DIFFERENCES.read_text())


@pytest.mark.parametrize("snippet", cases())
def test_argument_mistakes_answer_as_torch_or_as_recorded(snippet: str, real_torch) -> None:
    ours, theirs = outcome(engine, snippet), outcome(real_torch, snippet)
    if snippet in RECORDED:
        assert RECORDED[snippet]["reason"] in REASONS
        assert ours == RECORDED[snippet]["engine"]
        assert ours != theirs, "fixed: remove it from argument_sweep_differences.json"
    else:
        assert ours == theirs


def test_every_recorded_difference_is_a_case_of_the_sweep() -> None:
    assert set(RECORDED) <= set(cases())
