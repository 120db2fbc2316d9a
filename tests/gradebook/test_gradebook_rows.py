"""The rows batch workers send to the writer (records.submission_rows) store exactly the record.

Workers turn each record into the values of its rows, JSON columns already encoded, and the
writer inserts those (Gradebook.record_rows). Every column read back must be the record's own
value, whatever the record holds, and after the JSON trip between processes too.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.gradebook import store
from gradekit.gradebook.records import (
    CaseRecord,
    ExerciseRecord,
    SubmissionRecord,
    SummaryReceiver,
    SummarySender,
    rows_outline,
    submission_rows,
)
from gradekit.gradebook.store import Gradebook

texts = st.text(max_size=12)
maybe_texts = st.none() | texts
numbers = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
summaries = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | numbers | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
).map(lambda value: {"kind": "tensor", "value": value})
statuses = st.sampled_from(["pass", "fail", "error"])


@st.composite
def case_records(draw: st.DrawFn, exercise_id: str, case_id: str) -> CaseRecord:
    return CaseRecord(
        exercise_id=exercise_id,
        case_id=case_id,
        label=draw(texts),
        hidden=draw(st.booleans()),
        weight=draw(numbers),
        status=draw(statuses),
        call_status=draw(st.sampled_from(["ok", "raised", "timeout", "crashed"])),
        score=draw(numbers),
        message=draw(maybe_texts),
        output=draw(texts),
        duration=draw(numbers),
        answer_kind=draw(texts),
        answer_fingerprint=draw(texts),
        answer_summary=draw(summaries),
    )


@st.composite
def submission_records(draw: st.DrawFn) -> SubmissionRecord:
    exercises = []
    for index in range(draw(st.integers(0, 3))):
        exercise_id = f"ex{index}"
        cases = [
            draw(case_records(exercise_id, f"case{number}"))
            for number in range(draw(st.integers(0, 3)))
        ]
        if len(cases) > 1 and draw(st.booleans()):  # identical answers share one summary
            cases[1].answer_summary = cases[0].answer_summary
        exercises.append(
            ExerciseRecord(
                exercise_id=exercise_id,
                title=draw(texts),
                status=draw(statuses),
                points=draw(numbers),
                max_points=draw(numbers),
                passed_cases=draw(st.integers(0, 9)),
                total_cases=len(cases),
                mistake=draw(maybe_texts),
                error=draw(maybe_texts),
                violations=draw(st.lists(texts, max_size=2)),
                duration=draw(numbers),
                cases=cases,
            )
        )
    return SubmissionRecord(
        student=draw(texts.filter(bool)),
        path=draw(texts),
        content_hash=draw(texts),
        status=draw(statuses),
        score=draw(numbers),
        max_score=draw(numbers),
        load_error=draw(maybe_texts),
        stdout=draw(texts),
        stderr=draw(texts),
        sandbox_tier=draw(st.none() | st.integers(0, 2)),
        isolation={"tier": 1, "layers": draw(st.lists(texts, max_size=2)), "degraded": {}},
        duration=draw(numbers),
        exercises=exercises,
    )


JSON_COLUMNS = {"isolation", "violations", "answer_summary"}
WRITER_COLUMNS = {
    "id", "run_id", "submission_id", "assignment_id", "spec_hash", "graded_at",
    "fingerprint_version", "position",
}  # fmt: skip


def _stored_as(row: sqlite3.Row, item: object) -> None:
    """Every column of ``row`` the record holds equals the record's value."""
    for column in row.keys():
        if column in WRITER_COLUMNS:
            continue
        value = row[column]
        if column in JSON_COLUMNS:
            value = json.loads(value)
        expected = getattr(item, column)
        if column == "hidden":
            expected = int(expected)
        assert value == expected, column


@settings(max_examples=60, deadline=None)
@given(record=submission_records())
def test_rows_store_exactly_the_record_after_the_trip_between_processes(
    tmp_path_factory, record: SubmissionRecord
) -> None:
    path = Path(tmp_path_factory.mktemp("rows")) / "gradebook.sqlite"
    rows = json.loads(json.dumps(submission_rows(record)))
    with Gradebook(path) as book:
        run_id = book.start_run(
            assignment_id="a", assignment_title="A", spec_path="a.yaml", spec_hash="s",
            backend="engine", sandbox_tier=1, jobs=1, gradekit_version="test",
        )  # fmt: skip
        submission_id = book.record_rows(run_id=run_id, assignment_id="a", spec_hash="s", rows=rows)
        connection = book.connection
        submission = connection.execute(
            "SELECT * FROM submissions WHERE id = ?", (submission_id,)
        ).fetchone()
        _stored_as(submission, record)
        exercises = connection.execute(
            "SELECT * FROM exercise_results WHERE submission_id = ? ORDER BY position",
            (submission_id,),
        ).fetchall()
        assert len(exercises) == len(record.exercises)
        for row, exercise in zip(exercises, record.exercises, strict=True):
            _stored_as(row, exercise)
            cases = connection.execute(
                "SELECT * FROM case_results WHERE submission_id = ? AND exercise_id = ?"
                " ORDER BY position",
                (submission_id, exercise.exercise_id),
            ).fetchall()
            assert [row["position"] for row in cases] == list(range(len(exercise.cases)))
            for case_row, case in zip(cases, exercise.cases, strict=True):
                _stored_as(case_row, case)
                assert case_row["fingerprint_version"] == 2
    assert rows_outline(rows)["student"] == record.student
    assert rows_outline(rows)["status"] == record.status


def _one_row_at_a_time(book: Gradebook, run_id: int, rows: dict) -> None:
    """The writer as it was: ``executemany`` of one-row statements."""
    connection = book.connection
    columns = {
        "exercise_results": ("submission_id", *store.EXERCISE_COLUMNS),
        "case_results": ("submission_id", "fingerprint_version", *store.CASE_COLUMNS),
    }
    connection.execute("BEGIN IMMEDIATE")
    submission_id = connection.execute(
        store._INSERT_SUBMISSION, (run_id, "a", "s", store.utc_now(), *rows["submission"])
    ).lastrowid
    connection.executemany(
        store._insert("exercise_results", columns["exercise_results"]),
        [(submission_id, *row) for row in rows["exercises"]],
    )
    connection.executemany(
        store._insert("case_results", columns["case_results"]),
        [(submission_id, 2, *row) for row in rows["cases"]],
    )
    connection.execute("COMMIT")


def _tables(book: Gradebook) -> dict[str, list[tuple]]:
    return {
        table: [
            tuple(row)
            for row in book.connection.execute(f"SELECT * FROM {table} ORDER BY rowid")  # noqa: S608
        ]
        for table in ("exercise_results", "case_results")
    }


@settings(max_examples=25, deadline=None)
@given(
    records=st.lists(submission_records(), min_size=1, max_size=3),
    copies=st.integers(1, 40),
)
def test_multi_row_inserts_store_the_rows_one_row_statements_store(
    tmp_path_factory, records: list[SubmissionRecord], copies: int
) -> None:
    # Many cases per exercise, so that some submissions take several INSERT statements.
    for record in records:
        for exercise in record.exercises:
            exercise.cases = [
                replace(case, case_id=f"case{number}")
                for number, case in enumerate(exercise.cases * copies)
            ]
    folder = Path(tmp_path_factory.mktemp("inserts"))
    tables = []
    for name, write in (("multi", None), ("single", _one_row_at_a_time)):
        with Gradebook(folder / f"{name}.sqlite") as book:
            run_id = book.start_run(
                assignment_id="a", assignment_title="A", spec_path="a.yaml", spec_hash="s",
                backend="engine", sandbox_tier=1, jobs=1, gradekit_version="test",
            )  # fmt: skip
            for record in records:
                rows = json.loads(json.dumps(submission_rows(record)))
                if write is None:
                    book.record_rows(run_id=run_id, assignment_id="a", spec_hash="s", rows=rows)
                else:
                    write(book, run_id, rows)
            tables.append(_tables(book))
    assert tables[0] == tables[1]
    assert sum(len(exercise.cases) for exercise in records[0].exercises) == sum(
        1 for row in tables[0]["case_results"] if row[0] == 1
    )


def test_a_case_row_of_the_wrong_length_writes_nothing(tmp_path: Path) -> None:
    record = SubmissionRecord(
        student="s", path="s.py", content_hash="h", status="pass", score=1.0, max_score=1.0,
        load_error=None, stdout="", stderr="", sandbox_tier=1,
        isolation={"tier": 1, "layers": [], "degraded": {}}, duration=0.0,
    )  # fmt: skip
    rows = submission_rows(record)
    rows["cases"] = [["ex0", 0, "case0"]]  # far fewer values than columns
    with Gradebook(tmp_path / "g.sqlite") as book:
        run_id = book.start_run(
            assignment_id="a", assignment_title="A", spec_path="a.yaml", spec_hash="s",
            backend="engine", sandbox_tier=1, jobs=1, gradekit_version="test",
        )  # fmt: skip
        try:
            book.record_rows(run_id=run_id, assignment_id="a", spec_hash="s", rows=rows)
        except sqlite3.ProgrammingError:
            pass
        else:
            raise AssertionError("a short row was written")
        assert book.connection.execute("SELECT COUNT(*) FROM submissions").fetchone()[0] == 0


@settings(max_examples=40, deadline=None)
@given(
    records=st.lists(submission_records(), min_size=1, max_size=6),
    kept=st.integers(0, 4),
    ignored=st.sets(st.integers(0, 5)),
)
def test_summaries_sent_once_arrive_as_the_rows_carried_them(
    records: list[SubmissionRecord], kept: int, ignored: set[int]
) -> None:
    """A worker's summaries numbered once (batch._answer_channel) arrive as full texts, line
    after line, also once its table is full (``kept``) and when the parent ignores an answer
    (a task no longer in flight: WorkerPool._read still learns its texts)."""
    sender, receiver = SummarySender(kept=kept), SummaryReceiver()
    for index, record in enumerate(records):
        rows = submission_rows(record)
        line = json.dumps({"rows": rows, "summaries": sender.compact(rows)})
        answer = json.loads(line)
        receiver.expand(answer["rows"], answer.pop("summaries"))
        if index not in ignored:
            assert answer["rows"] == json.loads(json.dumps(submission_rows(record)))


def test_a_summary_sent_before_goes_as_its_number() -> None:
    summary = {"kind": "python", "value": 1}
    case = CaseRecord("ex", "c", "c", False, 1.0, "pass", "ok", 1.0, None, "", 0.0, "value",
                      "python:int:1", summary)  # fmt: skip
    exercise = ExerciseRecord("ex", "Ex", "pass", 1.0, 1.0, 1, 1, None, None, [], 0.0, [case])
    record = SubmissionRecord("s", "s.py", "h", "pass", 1.0, 1.0, None, "", "", 1, {}, 0.0,
                              [exercise])  # fmt: skip
    sender = SummarySender()
    first, second = submission_rows(record), submission_rows(record)
    assert sender.compact(first) == [json.dumps(summary, sort_keys=True)]
    assert sender.compact(second) == []
    assert first["cases"][0][-1] == second["cases"][0][-1] == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(summaries, min_size=1, max_size=12), st.integers(1, 5))
def test_a_summary_s_text_is_its_json_however_often_it_is_asked_for(
    answers: list[dict], kept: int
) -> None:
    """A case's summary text is remembered by the identity of its (read-only) dictionary:
    asked again, also after the memo filled up and was cleared, it is json.dumps's text."""
    from gradekit.gradebook import records
    from gradekit.grading.compare import IdentityMemo

    saved = records._SUMMARY_TEXTS
    records._SUMMARY_TEXTS = IdentityMemo(kept=kept)
    try:
        for _ in range(2):
            for summary in answers:
                expected = json.dumps(summary, sort_keys=True)
                assert records._summary_text(summary) == expected
        assert len(records._SUMMARY_TEXTS._entries) <= kept
    finally:
        records._SUMMARY_TEXTS = saved
