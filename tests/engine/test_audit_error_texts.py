"""Error texts the #2 audit found differing from torch 2.13's: loss targets of other integer
dtypes, dot of two dtypes, eye of a negative size; and the Byte targets torch accepts."""

from __future__ import annotations

import pytest

import gradekit.engine as engine

CALLS = {
    "cross_entropy int32 target": "F.cross_entropy(T.ones(2, 3), T.tensor([0, 1], dtype=T.int32))",
    "nll_loss int32 target": "F.nll_loss(T.ones(2, 3), T.tensor([0, 1], dtype=T.int32))",
    "cross_entropy bool target": "F.cross_entropy(T.ones(2, 3), T.tensor([True, False]))",
    "nll_loss uint8 target": "F.nll_loss(T.ones(2, 3), T.tensor([0, 1], dtype=T.uint8))",
    "cross_entropy uint8 target": "F.cross_entropy(T.ones(2, 3), T.tensor([0, 2], dtype=T.uint8))",
    "dot float and double": "T.dot(T.ones(2), T.ones(2, dtype=T.float64))",
    "dot long and float": "T.dot(T.ones(2, dtype=T.int64), T.ones(2))",
    "eye(-1)": "T.eye(-1)",
    "eye(2, -3)": "T.eye(2, -3)",
}

TARGET_DTYPE = "RuntimeError: expected target dtype to be Long or Byte, but got {}"

# torch 2.13's answers (repr of the value, or the exception's type and text).
EXPECTED = {
    "cross_entropy int32 target": TARGET_DTYPE.format("Int"),
    "nll_loss int32 target": TARGET_DTYPE.format("Int"),
    "cross_entropy bool target": TARGET_DTYPE.format("Bool"),
    "nll_loss uint8 target": "tensor(-1.)",
    "cross_entropy uint8 target": "tensor(1.0986)",
    "dot float and double": (
        "RuntimeError: dot : expected both vectors to have same dtype, but found Float and Double"
    ),
    "dot long and float": (
        "RuntimeError: dot : expected both vectors to have same dtype, but found Long and Float"
    ),
    "eye(-1)": "RuntimeError: n must be greater or equal to 0, got -1",
    "eye(2, -3)": "RuntimeError: m must be greater or equal to 0, got -3",
}


def answers(torch) -> dict[str, str]:
    found = {}
    for label, source in CALLS.items():
        try:
            found[label] = repr(eval(source, {"T": torch, "F": torch.nn.functional}))
        except Exception as error:  # noqa: BLE001 - the error is the answer compared
            found[label] = f"{type(error).__name__}: {error}"
    return found


def test_engine_answers_as_torch_2_13():
    assert answers(engine) == EXPECTED


@pytest.mark.torch
def test_the_expected_answers_are_torch_s():
    torch = pytest.importorskip("torch", reason="compares with real torch")
    assert answers(torch) == EXPECTED
