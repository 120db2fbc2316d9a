"""Expected answers: in-process reference runs and their on-disk cache."""

from __future__ import annotations

import dataclasses
import queue
from pathlib import Path

import pytest

from gradekit.grading import reference
from gradekit.grading.cases import build_plan
from gradekit.spec import load_assignment

TINY = Path(__file__).resolve().parents[1] / "cli" / "specs" / "tiny.yaml"


def without_durations(outcomes):
    return {key: dataclasses.replace(value, duration=0.0) for key, value in outcomes.items()}


def test_engine_answers_round_trip_through_the_disk_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(reference.CACHE_ENV, str(tmp_path))
    assignment = load_assignment(TINY)
    plans = build_plan(assignment)
    reference._cache.clear()
    computed = reference.reference_answers(assignment.solution_path, plans)
    [stored] = (tmp_path / "reference").glob("*.gkf")
    reference._cache.clear()
    loaded = reference.reference_answers(assignment.solution_path, plans)
    assert loaded is not computed
    assert without_durations(loaded.outcomes) == without_durations(computed.outcomes)
    assert loaded.mistakes.keys() == computed.mistakes.keys() == {"double", "square_grad"}
    doubled = computed.outcomes["double/literal"].value
    assert doubled.data.tolist() == [2.0, 4.0, 6.0]

    stored.write_bytes(b"GKF1 damaged")  # a broken cache file is recomputed, not trusted
    reference._cache.clear()
    again = reference.reference_answers(assignment.solution_path, plans)
    assert without_durations(again.outcomes) == without_durations(computed.outcomes)


def test_cache_can_be_switched_off(tmp_path, monkeypatch):
    monkeypatch.setenv(reference.CACHE_ENV, "off")
    assert reference.cache_directory() is None


def test_broken_solution_is_a_reference_error(tmp_path, monkeypatch):
    monkeypatch.setenv(reference.CACHE_ENV, "off")
    solution = tmp_path / "solution.py"
    solution.write_text("import torch\nraise RuntimeError('instructor typo')\n")
    assignment = load_assignment(TINY)
    reference._cache.clear()
    with pytest.raises(reference.ReferenceSolutionError, match="instructor typo"):
        reference.reference_answers(solution, build_plan(assignment))


@pytest.mark.torch
def test_real_torch_stays_importable_after_an_engine_reference_run(monkeypatch):
    monkeypatch.setenv(reference.CACHE_ENV, "off")
    assignment = load_assignment(TINY)
    reference._cache.clear()
    reference.reference_answers(assignment.solution_path, build_plan(assignment))
    torch = pytest.importorskip("torch", reason="checks that real torch is not shadowed")
    assert type(torch.tensor([1.0])).__module__ == "torch"
    import torch.nn.functional  # noqa: F401  (a submodule import must not hit the alias hook)


def _mistakes_without_durations(mistakes):
    return {
        exercise_id: {
            function: without_durations(outcomes) for function, outcomes in by_function.items()
        }
        for exercise_id, by_function in mistakes.items()
    }


def _cached_and_computed(tmp_path, monkeypatch, spec=TINY):
    monkeypatch.setenv(reference.CACHE_ENV, str(tmp_path))
    assignment = load_assignment(spec)
    plans = build_plan(assignment)
    reference._cache.clear()
    computed = reference.reference_answers(assignment.solution_path, plans)
    reference._cache.clear()
    loaded = reference.reference_answers(assignment.solution_path, plans)
    return assignment, plans, computed, loaded


AUTOGRAD = Path(__file__).resolve().parents[2] / "exercises" / "autograd.yaml"


@pytest.mark.parametrize("spec", [TINY, AUTOGRAD], ids=["tiny", "autograd"])
def test_mistakes_read_back_lazily_are_the_computed_ones(tmp_path, monkeypatch, spec):
    _, _, computed, loaded = _cached_and_computed(tmp_path, monkeypatch, spec)
    assert isinstance(loaded.mistakes, reference._StoredMistakes)
    # Every exercise is listed, those without mistakes too, in the computed order.
    assert list(loaded.mistakes) == list(computed.mistakes)
    assert _mistakes_without_durations(loaded.mistakes) == _mistakes_without_durations(
        computed.mistakes
    )
    decoded = loaded.fully_decoded()
    assert isinstance(decoded.mistakes, dict) and decoded.outcomes is loaded.outcomes
    assert _mistakes_without_durations(decoded.mistakes) == _mistakes_without_durations(
        computed.mistakes
    )
    assert computed.fully_decoded() is computed  # nothing lazy in computed answers


def test_mistakes_are_decoded_only_when_looked_up_and_once(tmp_path, monkeypatch):
    _, _, _, loaded = _cached_and_computed(tmp_path, monkeypatch)
    assert loaded.mistakes._decoded == {}
    first = loaded.mistakes["double"]
    assert list(loaded.mistakes._decoded) == ["double"]
    assert loaded.mistakes["double"] is first  # the same objects: identity memos keep working
    with pytest.raises(KeyError):
        loaded.mistakes["no such exercise"]
    assert loaded.mistakes.get("no such exercise", {}) == {}


def test_decode_mistakes_decodes_every_exercise_in_place(tmp_path, monkeypatch):
    _, _, computed, loaded = _cached_and_computed(tmp_path, monkeypatch)
    loaded.decode_mistakes()
    assert list(loaded.mistakes._decoded) == list(computed.mistakes)
    assert _mistakes_without_durations(loaded.mistakes) == _mistakes_without_durations(
        computed.mistakes
    )
    computed.decode_mistakes()  # nothing lazy: nothing to do


def test_a_damaged_mistake_section_is_recomputed_when_looked_up(tmp_path, monkeypatch):
    assignment, plans, computed, _ = _cached_and_computed(tmp_path, monkeypatch)
    [stored] = (tmp_path / "reference").glob("*.gkf")
    data = stored.read_bytes()
    # The last frame belongs to the last exercise's mistakes: spoil its magic bytes.
    last_frame = data.rindex(b"GKF1")
    stored.write_bytes(data[:last_frame] + b"XXXX" + data[last_frame + 4 :])
    reference._cache.clear()
    loaded = reference.reference_answers(assignment.solution_path, plans)
    assert without_durations(loaded.outcomes) == without_durations(computed.outcomes)
    assert _mistakes_without_durations(loaded.mistakes) == _mistakes_without_durations(
        computed.mistakes
    )
    # The recomputation rewrote the file: it reads back whole again.
    reference._cache.clear()
    again = reference.reference_answers(assignment.solution_path, plans)
    assert _mistakes_without_durations(again.mistakes) == _mistakes_without_durations(
        computed.mistakes
    )


@pytest.mark.parametrize("cut", [1, 17, 100])
def test_a_truncated_cache_file_is_recomputed(tmp_path, monkeypatch, cut):
    assignment, plans, computed, _ = _cached_and_computed(tmp_path, monkeypatch)
    [stored] = (tmp_path / "reference").glob("*.gkf")
    stored.write_bytes(stored.read_bytes()[:-cut])
    reference._cache.clear()
    loaded = reference.reference_answers(assignment.solution_path, plans)
    assert not isinstance(loaded.mistakes, reference._StoredMistakes)  # recomputed at once
    assert without_durations(loaded.outcomes) == without_durations(computed.outcomes)


class _RunEndingAfter:
    """A stand-in for the student's run: no reply for ``looks`` looks, then the run's end."""

    def __init__(self, looks: int) -> None:
        self.looks = looks
        self.replies = self  # the run's reply queue is itself

    def get_nowait(self) -> None:
        self.looks -= 1
        if self.looks >= 0:
            raise queue.Empty
        return None

    def get(self) -> None:
        return None


@pytest.mark.parametrize("checks", [0, 1, 2, 100])
def test_mistakes_decoded_during_the_run_stop_when_it_ends(tmp_path, monkeypatch, checks):
    from gradekit.grading.pipeline import _grade_while_running

    _, plans, computed, loaded = _cached_and_computed(tmp_path, monkeypatch, AUTOGRAD)
    _grade_while_running(_RunEndingAfter(checks), plans, None, None, loaded)
    assert list(loaded.mistakes._decoded) == list(loaded.mistakes)[:checks]
    # What a verdict then looks up is what it would have decoded itself.
    assert _mistakes_without_durations(loaded.mistakes) == _mistakes_without_durations(
        computed.mistakes
    )


def test_the_torch_alias_is_installed_while_another_thread_imports() -> None:
    """A check imports its report's modules in a thread while the main thread computes the
    expected answers: swapping ``torch`` in sys.modules must not iterate the live dict (it
    failed with "dictionary changed size during iteration")."""
    import sys
    import threading

    from gradekit.grading.reference import torch_backend

    stop = threading.Event()

    def churn() -> None:  # what concurrent imports do to sys.modules
        names = [f"_gradekit_test_churn_{index}" for index in range(50)]
        while not stop.is_set():
            for name in names:
                sys.modules[name] = sys
            for name in names:
                sys.modules.pop(name, None)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: the race shows at once
    thread = threading.Thread(target=churn)
    thread.start()
    try:
        for _ in range(300):
            with torch_backend("engine") as backend:
                assert sys.modules["torch"] is backend
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)


def test_answers_do_not_depend_on_this_process_warning_filters(tmp_path, monkeypatch):
    """`python -W error`, PYTHONWARNINGS=error or a test's filter must not turn a warning into
    the expected answer: autograd's intermediate_grads_no_retain mistake reads a non-leaf's
    .grad (torch warns), and its answer, computed under 'error' and cached on disk, used to be
    'raised UserWarning' for every later run, so students making that mistake were no longer
    told so. The sandbox runs students under Python's default filters; so does the reference."""
    import warnings

    monkeypatch.setenv(reference.CACHE_ENV, str(tmp_path))
    spec = Path(__file__).resolve().parents[2] / "exercises" / "autograd.yaml"
    assignment = load_assignment(spec)
    plans = [plan for plan in build_plan(assignment) if plan.exercise.id == "intermediate_grads"]
    reference._cache.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        callers_filters = list(warnings.filters)
        under_error = reference.reference_answers(assignment.solution_path, plans)
        assert warnings.filters == callers_filters  # put back as they were
    mistake = under_error.mistakes["intermediate_grads"]["intermediate_grads_no_retain"]
    assert {outcome.status for outcome in mistake.values()} == {"ok"}
    reference._cache.clear()  # what a later run reads back from the disk cache
    read_back = reference.reference_answers(assignment.solution_path, plans)
    again = read_back.mistakes["intermediate_grads"]["intermediate_grads_no_retain"]
    assert without_durations(again) == without_durations(mistake)
