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


LOAD_ERROR = ExceptionInfo("ModuleNotFoundError", "No module named 'nmpy'", "Traceback …", line=1)
UNRUN = [
    # (the run's load error, its failure): what the runner fills the unrun calls with
    (LOAD_ERROR, None, ("missing", "missing:ModuleNotFoundError",
     {"kind": "missing", "type": "ModuleNotFoundError", "message": "No module named 'nmpy'"})),
    (None, None, ("timeout", "timeout:NotRun", {"kind": "timeout", "type": "NotRun",
     "message": "the total time allowed for this submission ran out first"})),
    (None, "the worker crashed", ("crashed", "crashed:NotRun",
     {"kind": "crashed", "type": "NotRun", "message": "the worker crashed"})),
]  # fmt: skip


@pytest.mark.parametrize(("load_error", "failure", "expected"), UNRUN)
def test_the_calls_a_run_left_unrun_share_one_answer(
    prepared: batch._Prepared,
    tmp_path: Path,
    load_error: ExceptionInfo | None,
    failure: str | None,
    expected: tuple[str, str, dict],
) -> None:
    """A submission whose import failed leaves every call 'missing' with the load error, one
    whose run ran out of time or crashed leaves its remaining calls 'timeout' or 'crashed'
    (the runner makes one outcome per call, each with its own empty ``grads``): their kind,
    fingerprint and summary are worked out once and the rows encode one summary text, not one
    per case (each a memo entry: enough of them clear the memos of every real answer)."""
    from gradekit.gradebook import records
    from gradekit.gradebook.answers import answer_facts
    from gradekit.sandbox import runner
    from gradekit.sandbox.policy import SandboxPolicy

    calls = [case.call for plan in prepared.plans for case in plan.cases]
    state = runner.RunState(calls, SandboxPolicy(), deadline=0.0)
    state.load_error, state.failure = load_error, failure
    outcome = runner.submission_outcome(state, started=0.0)
    assert len(outcome.calls) == len(calls) > 1
    facts = [answer_facts(call) for call in outcome.calls.values()]
    assert all(fact is facts[0] for fact in facts)
    assert facts[0] == expected
    path = tmp_path / "exercise.py"
    path.write_text("import nmpy\n")
    source = SubmissionSource(path=path, kind="py", text=path.read_text())
    result = pipeline.grade_outcome(
        prepared.compiled, prepared.plans, prepared.reference, source, outcome,
        submission=str(path), backend="engine",
    )  # fmt: skip
    texts_before = len(records._SUMMARY_TEXTS._entries)
    rows = graded_rows(
        student="s", path=str(path), content_hash="h", result=result, outcome=outcome,
        plans=prepared.plans,
    )  # fmt: skip
    assert len(records._SUMMARY_TEXTS._entries) <= texts_before + 1
    assert {row[-1] for row in rows["cases"]} == {json.dumps(expected[2], sort_keys=True)}
