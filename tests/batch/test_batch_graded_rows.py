"""A batch worker's rows (records.graded_rows) are the rows of the submission's records.

``graded_rows`` skips the case records that ``submission_rows(submission_record(...))`` goes
through; whatever the outcome of each call (correct, wrong, raising, timing out, crashing,
missing, invalid, printing a lot), both must give the same values, and both the same values
after the JSON trip to the parent (answer summaries numbered once per worker).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradekit.gradebook.records import (
    SummaryReceiver,
    SummarySender,
    graded_rows,
    submission_record,
    submission_rows,
)
from gradekit.grading import batch, pipeline
from gradekit.grading.submission import SubmissionSource
from gradekit.sandbox.protocol import (
    CallOutcome,
    ExceptionInfo,
    IsolationReport,
    Observed,
    SubmissionOutcome,
)

SPEC = Path(__file__).resolve().parent / "specs" / "pair.yaml"


@pytest.fixture(scope="module")
def prepared() -> batch._Prepared:
    return batch._Prepared.load(SPEC)


def _tensor(values: list[float]) -> Observed:
    data = np.asarray(values, dtype=np.float32)
    return Observed(
        "tensor", "torch.Tensor", exact_type=True, dtype="float32", shape=data.shape,
        data=data, requires_grad=False, is_leaf=True, grad_fn=None, retains_grad=False,
    )  # fmt: skip


texts = st.text(max_size=20) | st.sampled_from(["x" * 2500, "0x7f3a boom"])


@st.composite
def call_outcomes(draw: st.DrawFn, expected: CallOutcome) -> CallOutcome:
    status = draw(
        st.sampled_from(["ok", "ok", "raised", "timeout", "crashed", "missing", "invalid"])
    )
    printed = {"stdout": draw(texts), "stderr": draw(texts)}
    duration = draw(st.floats(0, 3))
    if status != "ok":
        exception = ExceptionInfo(draw(st.sampled_from(["ValueError", "NotRun"])), draw(texts))
        return CallOutcome(status, exception=exception, duration=duration, **printed)
    value = draw(
        st.sampled_from([expected.value, _tensor([1.0, 2.0]), Observed("python", "int", value=3)])
    )
    return CallOutcome("ok", value=value, duration=duration, **printed)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), load_error=st.booleans())
def test_graded_rows_are_the_records_rows(
    prepared: batch._Prepared, tmp_path: Path, data: st.DataObject, load_error: bool
) -> None:
    calls = {
        case.call.call_id: data.draw(call_outcomes(prepared.reference.outcomes[case.call.call_id]))
        for plan in prepared.plans
        for case in plan.cases
    }
    outcome = SubmissionOutcome(
        load_error=ExceptionInfo("SyntaxError", "bad", line=2) if load_error else None,
        calls=calls,
        stdout=data.draw(texts),
        stderr="",
        isolation=IsolationReport(tier=1, layers=("process",), degraded={}),
        duration=0.5,
    )
    path = tmp_path / "exercise.py"
    path.write_text("def double(t):\n    return t * 2\n")
    source = SubmissionSource(path=path, kind="py", text=path.read_text())
    arguments = {"student": "s", "path": str(path), "content_hash": "h", "plans": prepared.plans}
    results = [
        pipeline.grade_outcome(
            prepared.compiled,
            prepared.plans,
            prepared.reference,
            source,
            outcome,
            submission=str(path),
            backend="engine",
        )  # fmt: skip
        for _ in range(2)  # each caller gets its own verdicts
    ]
    fast = graded_rows(result=results[0], outcome=outcome, **arguments)
    assert fast == submission_rows(
        submission_record(result=results[1], outcome=outcome, **arguments)
    )
    sender, receiver = SummarySender(), SummaryReceiver()
    for _ in range(2):  # the second time, every summary goes as its number
        rows = graded_rows(result=results[0], outcome=outcome, **arguments)
        answer = json.loads(json.dumps({"rows": rows, "summaries": sender.compact(rows)}))
        receiver.expand(answer["rows"], answer["summaries"])
        assert answer["rows"] == json.loads(json.dumps(fast))
