"""gradekit.engine against the committed torch 2.13 fixture (no torch needed).

Each program in ``programs.py`` was run on real torch by ``tools/gen_golden.py``; here the
same program runs on the engine and every observation must match: strings, names, dtypes
and shapes exactly, values within torch's ``assert_close`` defaults for their dtype.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import programs
import pytest

GOLDEN_FILE = Path(__file__).resolve().parent / "golden" / "programs.json"


def _read_fixture() -> tuple[dict, str | None]:
    """The fixture, or an empty one plus an actionable error (reported by a test, not at
    collection time, so a broken file never hides the other tests)."""
    try:
        return json.loads(GOLDEN_FILE.read_text()), None
    except FileNotFoundError:
        error = f"{GOLDEN_FILE} is missing: run `python tools/gen_golden.py programs`"
    except json.JSONDecodeError as exc:
        error = f"{GOLDEN_FILE}:{exc.lineno}: not valid JSON ({exc.msg}); regenerate it"
    return {"torch_version": None, "programs": {}}, error


FIXTURE, FIXTURE_ERROR = _read_fixture()


def _load_fixture() -> dict:
    if FIXTURE_ERROR:
        pytest.fail(FIXTURE_ERROR)
    return FIXTURE


def test_fixture_covers_every_program() -> None:
    fixture = _load_fixture()
    missing = sorted(set(programs.PROGRAMS) - set(fixture["programs"]))
    stale = sorted(set(fixture["programs"]) - set(programs.PROGRAMS))
    assert not missing and not stale, (
        f"golden fixture out of sync with programs.py (missing {missing}, stale {stale}); "
        "run `python tools/gen_golden.py programs`"
    )


@pytest.mark.torch
def test_fixture_matches_installed_torch_version() -> None:
    torch = pytest.importorskip("torch", reason="drift guard needs real PyTorch")
    fixture = _load_fixture()
    assert fixture["torch_version"] == torch.__version__, (
        f"fixture generated with torch {fixture['torch_version']} but torch "
        f"{torch.__version__} is installed: regenerate with tools/gen_golden.py"
    )


def test_programs_match_torch_on_torch(real_torch: ModuleType) -> None:
    """Sanity of the harness itself: live torch reproduces its own fixture."""
    fixture = _load_fixture()
    problems = []
    for name in programs.PROGRAMS:
        got = programs.run_program(name, real_torch)
        problems += [
            f"{name}{p}" for p in programs.compare_observations(fixture["programs"][name], got)
        ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", list(FIXTURE["programs"]))
def test_engine_matches_golden(name: str, engine: ModuleType) -> None:
    expected = FIXTURE["programs"][name]
    if name not in programs.PROGRAMS:
        pytest.fail(f"program {name!r} is in the fixture but not in programs.py; regenerate")
    got = programs.run_program(name, engine)
    problems = programs.compare_observations(expected, got)
    assert not problems, f"{len(problems)} divergence(s) in program {name}:\n" + "\n".join(problems)
