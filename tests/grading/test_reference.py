"""Expected answers: in-process reference runs and their on-disk cache."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from gradekit.grading import reference
from gradekit.grading.cases import build_plan
from gradekit.spec import load_assignment

TINY = Path(__file__).resolve().parents[1] / "cli" / "specs" / "tiny.yaml"


def _engine_ready() -> bool:
    try:
        import gradekit.engine as engine

        return callable(engine.install_torch_alias)
    except (ImportError, AttributeError, NotImplementedError):
        return False


pytestmark = pytest.mark.skipif(
    not _engine_ready(), reason="gradekit.engine has no install_torch_alias() yet"
)


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
