"""The read API the web report builds on: current grades, statistics, clusters, history."""

from __future__ import annotations

from pathlib import Path

import pytest
from gradebook_builders import make_record

from gradekit.gradebook import queries
from gradekit.gradebook.store import connect


@pytest.fixture
def class_of_four(gradebook_path: Path, fill):
    # alice improves between two runs; bob and carol make the same wrong answer on `double`;
    # dave makes a different one.
    fill(
        [
            make_record("alice", passed={"double": False}, content_hash="a1", wrong_answer="w9"),
            make_record("bob", passed={"double": False}, wrong_answer="w1"),
            make_record("carol", passed={"double": False, "total": False}, wrong_answer="w1"),
            make_record("dave", passed={"double": False}, wrong_answer="w2"),
        ]
    )
    fill([make_record("alice", content_hash="a2")])
    return connect(gradebook_path, readonly=True)


def test_latest_grades_take_each_students_newest_submission(class_of_four) -> None:
    grades = queries.latest_grades(class_of_four)
    assert [(g.student, g.score, g.content_hash) for g in grades] == [
        ("alice", 3.0, "a2"),
        ("bob", 2.0, "hash-bob"),
        ("carol", 0.0, "hash-carol"),
        ("dave", 2.0, "hash-dave"),
    ]
    assert [e.exercise_id for e in grades[0].exercises] == ["double", "total"]


def test_class_overview(class_of_four) -> None:
    overview = queries.class_overview(class_of_four, "pair")
    assert overview.students == 4
    assert overview.max_score == 3.0
    assert overview.mean_score == pytest.approx(7 / 4)
    assert overview.median_score == 2.0
    assert (overview.min_score, overview.max_observed_score) == (0.0, 3.0)
    assert overview.status_counts == {"pass": 1, "fail": 3, "error": 0}
    assert sum(bin["count"] for bin in overview.histogram) == 4
    assert overview.histogram[-1]["count"] == 1  # the full score lands in the last bin
    assert overview.histogram[0]["count"] == 1
    assert overview.last_run["status"] == "finished"
    assert overview.to_json()["students"] == 4


def test_exercise_stats_count_current_submissions_only(class_of_four) -> None:
    stats = {s.exercise_id: s for s in queries.exercise_stats(class_of_four)}
    assert (stats["double"].passed, stats["double"].failed, stats["double"].errored) == (1, 3, 0)
    assert stats["double"].pass_rate == 0.25
    assert stats["double"].top_mistakes == [
        {"message": "You added two instead of multiplying by two.", "count": 3}
    ]
    assert stats["total"].passed == 3
    assert stats["total"].mean_points == pytest.approx(1.5)


def test_wrong_answer_clusters_group_identical_answers(class_of_four) -> None:
    clusters = queries.wrong_answer_clusters(class_of_four, exercise_id="double")
    # alice's old wrong answer (w9) is history: only current submissions cluster.
    shapes = [(c.case_id, c.fingerprint, c.students) for c in clusters]
    assert shapes[:2] == [
        ("literal", "wrong:w1", ["bob", "carol"]),
        ("secret", "wrong:w1", ["bob", "carol"]),
    ]
    assert ("literal", "wrong:w2", ["dave"]) in shapes
    assert all("w9" not in c.fingerprint for c in clusters)
    assert clusters[0].representative == {"kind": "tensor", "first": [1.0, 2.0]}
    assert clusters[0].message == "the values differ"


def test_cluster_filters(class_of_four) -> None:
    visible = queries.wrong_answer_clusters(class_of_four, include_hidden=False)
    assert visible and all(not c.hidden for c in visible)
    big = queries.wrong_answer_clusters(class_of_four, min_size=2)
    assert big and all(c.size >= 2 for c in big)
    only = queries.wrong_answer_clusters(class_of_four, exercise_id="total", case_id="literal")
    assert [c.students for c in only] == [["carol"]]


def test_student_history_is_oldest_first(class_of_four) -> None:
    history = queries.student_history(class_of_four, "alice")
    assert [h.content_hash for h in history] == ["a1", "a2"]
    assert [h.score for h in history] == [2.0, 3.0]
    assert history[0].exercises[0].grade.status == "fail"


def test_submission_detail_has_cases(class_of_four) -> None:
    newest = queries.latest_grades(class_of_four)[1]
    detail = queries.submission_detail(class_of_four, newest.submission_id)
    assert detail.student == "bob"
    cases = detail.exercises[0].cases
    assert [c.case_id for c in cases] == ["literal", "secret"]
    assert cases[1].hidden
    assert cases[0].answer_summary == {"kind": "tensor", "first": [1.0, 2.0]}
    assert detail.isolation["tier"] == 1


def test_unknown_names_are_clear_errors(class_of_four, gradebook_path: Path, fill) -> None:
    with pytest.raises(queries.GradebookQueryError, match="no assignment 'nope'.*pair"):
        queries.class_overview(class_of_four, "nope")
    with pytest.raises(queries.GradebookQueryError, match="student 'zoe'"):
        queries.student_history(class_of_four, "zoe")
    with pytest.raises(queries.GradebookQueryError, match="id 999"):
        queries.submission_detail(class_of_four, 999)
    fill([make_record("alice")], assignment_id="second")
    with pytest.raises(queries.GradebookQueryError, match="several assignments"):
        queries.latest_grades(connect(gradebook_path, readonly=True))


def test_list_assignments(class_of_four) -> None:
    [summary] = queries.list_assignments(class_of_four)
    assert (summary.assignment_id, summary.students, summary.submissions, summary.runs) == (
        "pair",
        4,
        5,
        2,
    )


def test_empty_gradebook(gradebook_path: Path) -> None:
    connect(gradebook_path).close()
    with pytest.raises(queries.GradebookQueryError, match="empty"):
        queries.class_overview(connect(gradebook_path, readonly=True))


def test_clusters_carry_the_expected_answer(gradebook_path: Path, fill) -> None:
    from gradekit.gradebook.store import Gradebook

    fill([make_record("bob", passed={"double": False})])
    expected = {"kind": "tensor", "first": [2.0, 4.0]}
    answer = {
        "exercise_id": "double",
        "case_id": "literal",
        "position": 0,
        "answer_kind": "value",
        "answer_fingerprint": "tensor:float32:[3]:right",
        "answer_summary": expected,
    }
    with Gradebook(gradebook_path) as book:
        book.record_expected("spec-1", [answer])
        book.record_expected("spec-1", [{**answer, "answer_summary": {"changed": True}}])
    clusters = queries.wrong_answer_clusters(
        connect(gradebook_path, readonly=True), exercise_id="double"
    )
    by_case = {c.case_id: c for c in clusters}
    assert by_case["literal"].expected == expected  # stored once per spec: not overwritten
    assert by_case["secret"].expected is None  # no reference answer recorded for it


def test_list_runs_newest_first_with_counts(class_of_four) -> None:
    newest, oldest = queries.list_runs(class_of_four)
    assert (newest.graded, newest.passed, newest.status) == (1, 1, "finished")
    assert (oldest.graded, oldest.passed, oldest.failed, oldest.errored) == (4, 0, 4, 0)
    assert newest.run_id > oldest.run_id


# --------------------------------------------------------------------------------------------
# Entries a run could not grade
# --------------------------------------------------------------------------------------------


def _run_with_ungradable(path: Path, ungradable: dict[str, str], graded: list[str]) -> int:
    """One run of ``pair``: ``graded`` students' submissions and ``ungradable`` entries
    (student -> reason); returns the run id."""
    from gradekit.gradebook.store import Gradebook

    with Gradebook(path) as book:
        run = book.start_run(
            assignment_id="pair", assignment_title="Pair", spec_path="pair.yaml",
            spec_hash="spec-1", backend="engine", sandbox_tier=1, jobs=1,
            gradekit_version="test",
        )  # fmt: skip
        for student, reason in ungradable.items():
            book.record_ungradable(
                run_id=run, assignment_id="pair", student=student, entry=f"subs/{student}",
                reason=reason,
            )  # fmt: skip
        for student in graded:
            book.record_submission(
                run_id=run, assignment_id="pair", spec_hash="spec-1", record=make_record(student)
            )
        book.finish_run(run)
    return run


def test_ungradable_entries_are_the_latest_runs(gradebook_path: Path) -> None:
    first = _run_with_ungradable(
        gradebook_path, {"erin": "erin.py is a symbolic link", "hank": "no .py"}, ["alice"]
    )
    reader = connect(gradebook_path, readonly=True)
    entries = queries.ungradable_entries(reader)
    assert [(e.student, e.reason, e.run_id) for e in entries] == [
        ("erin", "erin.py is a symbolic link", first),
        ("hank", "no .py", first),
    ]
    assert entries[0].entry == "subs/erin" and entries[0].to_json()["student"] == "erin"
    # The next run: erin fixed her entry (graded), hank still has nothing, alice now does not.
    second = _run_with_ungradable(
        gradebook_path, {"hank": "still no .py", "alice": "2 Python files"}, ["erin"]
    )
    entries = queries.ungradable_entries(reader)
    assert [(e.student, e.reason, e.run_id) for e in entries] == [
        ("alice", "2 Python files", second),
        ("hank", "still no .py", second),
    ]


def test_a_gradebook_older_than_version_6_has_no_ungradable_entries(tmp_path: Path) -> None:
    import sqlite3

    from gradekit.gradebook.schema import MIGRATIONS, migrate

    path = tmp_path / "v5.sqlite"
    raw = sqlite3.connect(path, isolation_level=None)
    migrate(raw, MIGRATIONS[:5])
    raw.execute(
        "INSERT INTO runs (assignment_id, assignment_title, spec_path, spec_hash, backend,"
        " sandbox_tier, jobs, gradekit_version, started_at, status)"
        " VALUES ('pair', 'Pair', 'p.yaml', 'h', 'engine', 1, 1, 'old', 'now', 'finished')"
    )
    raw.close()
    reader = connect(path, readonly=True)  # read-only: never migrated
    assert queries.ungradable_entries(reader, "pair") == []
