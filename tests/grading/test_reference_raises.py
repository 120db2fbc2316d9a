"""A reference solution that raises where a case expects an answer is a spec error.

The reference's outcome is the expected answer of every case. Where the case has no ``raises``
check, an exception (or a missing entry) cannot be that answer: grading against it would fail
every correct student, so :func:`reference_answers` raises ``ReferenceSolutionError`` instead
(check and grade exit 2), and such answers are never cached. ``gradekit validate`` still sees
each case (:func:`unchecked_reference_answers`).
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradekit.grading import reference
from gradekit.grading.cases import build_plan
from gradekit.spec import load_assignment

SPEC = """\
assignment:
  id: raising
  title: A reference that raises
  solution: solution.py
  student_file: student.py

exercises:
  - id: halve
    title: Halve a tensor
    prompt: Return `t / 2`.
    cases:
      - id: seed
        args:
          t: {tensor: [2.0, 4.0]}
      - id: random
        repeat: 2
        args:
          t: {random: normal, shape: [3], seed: 4}
    mistakes:
      - function: halve_raises
        message: You raised instead of dividing.

  - id: negative_step
    title: Negative steps
    prompt: Return `t[::-1]` as written.
    cases:
      - id: raises
        args:
          t: {tensor: [1, 2, 3]}
        checks: [{raises: {type: ValueError, match: "step must be greater than zero"}}]
"""

GOOD_HALVE = """\
def halve(t):
    return t / 2
"""

# The raise is in a helper: the error names the helper's line, where the solution raised.
BAD_HALVE = """\
def _check(t):
    raise RuntimeError("instructor typo")


def halve(t):
    _check(t)
    return t / 2
"""

REST_OF_SOLUTION = """

def halve_raises(t):
    raise ZeroDivisionError("a known mistake may raise")


def negative_step(t):
    return t[::-1]
"""


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """A cache directory of this test's own, and no answers remembered from other tests."""
    monkeypatch.setenv(reference.CACHE_ENV, str(tmp_path / "cache"))
    reference._cache.clear()
    yield
    reference._cache.clear()


def _assignment(folder: Path, halve_source: str):
    (folder / "raising.yaml").write_text(SPEC)
    (folder / "solution.py").write_text(halve_source + REST_OF_SOLUTION)
    assignment = load_assignment(folder / "raising.yaml")
    return assignment, build_plan(assignment)


def _stored_files(folder: Path) -> list[Path]:
    return sorted((folder / "cache" / "reference").glob("*.gkf"))


def test_a_reference_raising_without_a_raises_check_is_a_reference_solution_error(tmp_path):
    assignment, plans = _assignment(tmp_path, BAD_HALVE)
    with pytest.raises(reference.ReferenceSolutionError) as raised:
        reference.reference_answers(assignment.solution_path, plans)
    message = str(raised.value)
    solution = str((tmp_path / "solution.py").resolve())
    assert f"{solution}, line 2, in _check: raised RuntimeError: instructor typo" in message
    assert "exercise halve, case seed:" in message
    assert "(also cases random#1, random#2)" in message
    assert "no `raises` check" in message
    assert "not of the submission" in message
    # Only the broken exercise is named; the solution's source lines are not shown (a CI
    # platform shows this message to the student).
    assert "negative_step" not in message
    assert 'raise RuntimeError("instructor typo")' not in message


def test_a_raise_the_case_declares_stays_the_expected_answer(tmp_path):
    assignment, plans = _assignment(tmp_path, GOOD_HALVE)
    answers = reference.reference_answers(assignment.solution_path, plans)
    expected = answers.outcomes["negative_step/raises"]
    assert expected.status == "raised"
    assert expected.exception.type == "ValueError"
    assert answers.outcomes["halve/seed"].value.data.tolist() == [1.0, 2.0]


def test_a_mistake_function_that_raises_is_a_wrong_answer_not_an_error(tmp_path):
    assignment, plans = _assignment(tmp_path, GOOD_HALVE)
    answers = reference.reference_answers(assignment.solution_path, plans)
    mistake = answers.mistakes["halve"]["halve_raises"]["halve/seed"]
    assert mistake.status == "raised"
    assert mistake.exception.type == "ZeroDivisionError"


def test_a_missing_entry_is_a_reference_solution_error(tmp_path):
    # Loading the spec checks the solution defines each entry; this one removes it at run time.
    assignment, plans = _assignment(tmp_path, GOOD_HALVE + "\n\ndel halve\n")
    with pytest.raises(reference.ReferenceSolutionError, match="does not define `halve`"):
        reference.reference_answers(assignment.solution_path, plans)


def test_only_the_exercises_asked_for_are_judged(tmp_path):
    # `gradekit check --only negative_step` grades nothing of the broken exercise.
    assignment, plans = _assignment(tmp_path, BAD_HALVE)
    others = [plan for plan in plans if plan.exercise.id != "halve"]
    answers = reference.reference_answers(assignment.solution_path, others)
    assert set(answers.outcomes) == {"negative_step/raises"}


def test_unchecked_answers_show_every_case_and_are_never_cached(tmp_path):
    assignment, plans = _assignment(tmp_path, BAD_HALVE)
    answers = reference.unchecked_reference_answers(assignment.solution_path, plans)
    failures = reference.unexpected_failures(plans, answers)
    assert [(f.exercise_id, f.case_id) for f in failures] == [
        ("halve", "seed"),
        ("halve", "random#1"),
        ("halve", "random#2"),
    ]
    assert all(f.outcome.exception.line == 2 for f in failures)
    assert reference._cache == {}
    assert _stored_files(tmp_path) == []
    with pytest.raises(reference.ReferenceSolutionError):
        reference.reference_answers(assignment.solution_path, plans)
    assert reference._cache == {}
    assert _stored_files(tmp_path) == []


def test_fixing_the_solution_is_seen_even_with_the_same_modification_time(tmp_path):
    assignment, plans = _assignment(tmp_path, BAD_HALVE)
    solution = tmp_path / "solution.py"
    with pytest.raises(reference.ReferenceSolutionError):
        reference.reference_answers(assignment.solution_path, plans)
    before = solution.stat()
    solution.write_text(GOOD_HALVE + REST_OF_SOLUTION)
    os.utime(solution, ns=(before.st_atime_ns, before.st_mtime_ns))
    answers = reference.reference_answers(assignment.solution_path, plans)
    assert answers.outcomes["halve/seed"].status == "ok"
    assert len(_stored_files(tmp_path)) == 1

    # And back: a good answer remembered (in memory, on disk) is not served for a broken file.
    solution.write_text(BAD_HALVE + REST_OF_SOLUTION)
    os.utime(solution, ns=(before.st_atime_ns, before.st_mtime_ns))
    with pytest.raises(reference.ReferenceSolutionError, match="instructor typo"):
        reference.reference_answers(assignment.solution_path, plans)


def test_a_stale_disk_file_with_a_raising_reference_is_refused(tmp_path, monkeypatch):
    # Files written before this rule existed might hold such answers: reading one must not
    # turn it into expected answers. Record where the cache file of the broken solution is...
    assignment, plans = _assignment(tmp_path, BAD_HALVE)
    paths: list[Path] = []
    real_disk_cache_file = reference._disk_cache_file

    def recording(key: tuple) -> Path | None:
        path = real_disk_cache_file(key)
        paths.append(path)
        return path

    monkeypatch.setattr(reference, "_disk_cache_file", recording)
    answers = reference.unchecked_reference_answers(assignment.solution_path, plans)
    # ... and write the broken answers there, as an old version did.
    reference._write_disk_cache(paths[-1], answers)
    with pytest.raises(reference.ReferenceSolutionError, match="instructor typo"):
        reference.reference_answers(assignment.solution_path, plans)
    assert reference._cache == {}


def test_an_unreadable_solution_is_a_reference_solution_error(tmp_path):
    assignment, plans = _assignment(tmp_path, GOOD_HALVE)
    (tmp_path / "solution.py").unlink()
    with pytest.raises(reference.ReferenceSolutionError, match="cannot be read"):
        reference.reference_answers(assignment.solution_path, plans)


def _with_negative_step_check(folder: Path, check: str):
    """The assignment with the case of ``negative_step`` checking ``check`` instead."""
    spec = SPEC.replace(
        '{raises: {type: ValueError, match: "step must be greater than zero"}}', check
    )
    (folder / "raising.yaml").write_text(spec)
    (folder / "solution.py").write_text(GOOD_HALVE + REST_OF_SOLUTION)
    assignment = load_assignment(folder / "raising.yaml")
    return assignment, build_plan(assignment)


@pytest.mark.parametrize(
    ("check", "expected"),
    [
        ("{raises: TypeError}", "expects TypeError (or a subclass)"),
        (
            '{raises: {type: ValueError, match: "^nothing like it$"}}',
            "expects ValueError (or a subclass) matching /^nothing like it$/",
        ),
    ],
)
def test_a_raises_check_the_reference_does_not_meet_is_an_error(tmp_path, check, expected):
    assignment, plans = _with_negative_step_check(tmp_path, check)
    with pytest.raises(reference.ReferenceSolutionError) as raised:
        reference.reference_answers(assignment.solution_path, plans)
    message = str(raised.value)
    assert "exercise negative_step, case raises:" in message
    assert "raised ValueError: step must be greater than zero" in message
    assert f"but the case's `raises` check {expected}" in message
    assert _stored_files(tmp_path) == []


def test_a_base_class_in_the_raises_check_is_met(tmp_path):
    # As for a student: a builtin subclass passes (the ValueError is an Exception).
    assignment, plans = _with_negative_step_check(tmp_path, "{raises: Exception}")
    answers = reference.reference_answers(assignment.solution_path, plans)
    assert answers.outcomes["negative_step/raises"].status == "raised"


def test_a_reference_that_returns_where_the_case_expects_a_raise_is_an_error(tmp_path):
    (tmp_path / "raising.yaml").write_text(SPEC)
    solution = GOOD_HALVE + REST_OF_SOLUTION.replace("return t[::-1]", "return t.flip(0)")
    (tmp_path / "solution.py").write_text(solution)
    assignment = load_assignment(tmp_path / "raising.yaml")
    with pytest.raises(reference.ReferenceSolutionError) as raised:
        reference.reference_answers(assignment.solution_path, build_plan(assignment))
    assert (
        "`negative_step` returned torch.Tensor int64 (3,), but the case's `raises` check "
        "expects ValueError (or a subclass) matching /step must be greater than zero/"
    ) in str(raised.value)


RAISES_CHECK = '[{raises: {type: ValueError, match: "negative"}}]'


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    cases=st.lists(
        st.tuples(st.integers(min_value=-3, max_value=3), st.booleans()), min_size=1, max_size=5
    )
)
def test_exactly_the_cases_whose_raises_check_disagrees_are_unexpected(tmp_path, cases):
    """Each case passes ``x`` to a reference that raises for negative ``x``; with or without a
    ``raises`` check. Unexpected are exactly the negative ``x`` without one and the others
    with one (a correct student could not pass them)."""
    lines = [
        "assignment: {id: varied, title: Varied, solution: solution.py}",
        "exercises:",
        "  - id: root",
        "    title: Root",
        "    prompt: Return x, or raise ValueError for a negative x.",
        "    cases:",
    ]
    for index, (x, declares_raises) in enumerate(cases):
        lines += [f"      - id: c{index}", f"        args: {{x: {x}}}"]
        if declares_raises:
            lines.append(f"        checks: {RAISES_CHECK}")
    (tmp_path / "varied.yaml").write_text("\n".join(lines) + "\n")
    (tmp_path / "solution.py").write_text(
        textwrap.dedent(
            """\
            def root(x):
                if x < 0:
                    raise ValueError("negative")
                return x
            """
        )
    )
    assignment = load_assignment(tmp_path / "varied.yaml")
    plans = build_plan(assignment)
    reference._cache.clear()
    answers = reference.unchecked_reference_answers(assignment.solution_path, plans)
    unexpected = [failure.case_id for failure in reference.unexpected_failures(plans, answers)]
    wanted = [f"c{i}" for i, (x, declares) in enumerate(cases) if (x < 0) != declares]
    assert unexpected == wanted
    if wanted:
        with pytest.raises(reference.ReferenceSolutionError, match=f"case {wanted[0]}:"):
            reference.reference_answers(assignment.solution_path, plans)
    else:
        strict = reference.reference_answers(assignment.solution_path, plans)
        assert strict.outcomes.keys() == answers.outcomes.keys()


def test_validate_lists_a_raises_check_the_reference_does_not_meet(tmp_path):
    from gradekit.grading.validation import validate_assignment

    assignment, _ = _with_negative_step_check(tmp_path, "{raises: TypeError}")
    report = validate_assignment(assignment, backends=["engine"])
    assert report.problems == [
        "negative_step/raises: the case expects TypeError (or a subclass), but the reference "
        "raised ValueError: step must be greater than zero (fix the raises check or the solution)"
    ]
    # The other exercise is still graded as a submission; the broken one is left out.
    assert any(
        note.startswith("reference scores 1/1 on engine") and "negative_step not graded" in note
        for note in report.notes
    )
