"""The plan cache: a compiled assignment read back from disk is the one compiling gives, it is
used only for the very same spec and options, and grading from it gives the same result."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.grading import plan_cache
from gradekit.grading.cases import compile_assignment
from gradekit.grading.plans import CompiledAssignment
from gradekit.grading.reference import _call_key
from gradekit.sandbox.protocol import encode_calls
from gradekit.spec import load_assignment

ROOT = Path(__file__).resolve().parents[2]
SPECS = [
    ROOT / "exercises" / "tensor-indexing.yaml",
    ROOT / "exercises" / "autograd.yaml",
    ROOT / "tests" / "cli" / "specs" / "tiny.yaml",
]
ASSIGNMENTS = {spec: load_assignment(spec) for spec in SPECS}


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(directory))
    return directory


def _calls(compiled: CompiledAssignment) -> list:
    return [case.call for plan in compiled.plans for case in plan.cases]


def assert_same(compiled: CompiledAssignment, cached: CompiledAssignment) -> None:
    """Equal in everything grading uses: the wire bytes and identity of every call (python
    values' exact types included), checks, weights, feedback texts, rules and summaries."""
    assert (cached.id, cached.title, cached.backend, cached.solution_path) == (
        compiled.id,
        compiled.title,
        compiled.backend,
        compiled.solution_path,
    )
    assert cached.include_hidden == compiled.include_hidden
    assert encode_calls(_calls(cached)) == encode_calls(_calls(compiled))
    assert [_call_key(call) for call in _calls(cached)] == [
        _call_key(call) for call in _calls(compiled)
    ]
    assert len(cached.plans) == len(compiled.plans)
    for mine, theirs in zip(compiled.plans, cached.plans, strict=True):
        assert theirs.exercise == mine.exercise and theirs.rules == mine.rules
        assert [
            (c.case_id, c.checks, c.weight, c.hidden, c.description, c.inputs) for c in theirs.cases
        ] == [
            (c.case_id, c.checks, c.weight, c.hidden, c.description, c.inputs) for c in mine.cases
        ]


@settings(max_examples=25)
@given(data=st.data())
def test_a_cached_compiled_assignment_is_the_compiled_one(data):
    spec = data.draw(st.sampled_from(SPECS))
    assignment = ASSIGNMENTS[spec]
    ids = [exercise.id for exercise in assignment.exercises]
    only = tuple(data.draw(st.lists(st.sampled_from(ids), unique=True, max_size=3)))
    include_hidden = data.draw(st.booleans())
    compiled = compile_assignment(assignment, only=only, include_hidden=include_hidden)
    plan_cache.write_compiled(spec, compiled, only=only)
    cached = plan_cache.read_compiled(spec, only=only, include_hidden=include_hidden)
    assert cached is not None
    assert_same(compiled, cached)


def _copy_of_tiny(tmp_path: Path) -> Path:
    for name in ("tiny.yaml", "tiny_solution.py"):
        shutil.copy(ROOT / "tests" / "cli" / "specs" / name, tmp_path / name)
    return tmp_path / "tiny.yaml"


def test_an_entry_is_used_only_for_the_same_spec_and_options(tmp_path):
    spec = _copy_of_tiny(tmp_path)
    compiled = compile_assignment(load_assignment(spec))
    plan_cache.write_compiled(spec, compiled)
    assert plan_cache.read_compiled(spec) is not None
    assert plan_cache.read_compiled(spec, only=("double",)) is None
    assert plan_cache.read_compiled(spec, include_hidden=False) is None

    solution = tmp_path / "tiny_solution.py"
    solution.write_text(solution.read_text() + "\n# edited\n")
    assert plan_cache.read_compiled(spec) is None  # the solution changed

    plan_cache.write_compiled(spec, compile_assignment(load_assignment(spec)))
    assert plan_cache.read_compiled(spec) is not None
    spec.write_text(spec.read_text().replace("Double a tensor", "Double a tensor!"))
    assert plan_cache.read_compiled(spec) is None  # the spec changed


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty"])
def test_a_damaged_entry_is_ignored(tmp_path, own_cache, damage):
    spec = _copy_of_tiny(tmp_path)
    plan_cache.write_compiled(spec, compile_assignment(load_assignment(spec)))
    (entry,) = (own_cache / "plans").glob("*.gkf")
    data = entry.read_bytes()
    entry.write_bytes({"truncated": data[:-7], "garbage": b"\x00" * 64, "empty": b""}[damage])
    assert plan_cache.read_compiled(spec) is None


def test_no_cache_when_caches_are_off(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", "off")
    spec = _copy_of_tiny(tmp_path)
    plan_cache.write_compiled(spec, compile_assignment(load_assignment(spec)))
    assert plan_cache.read_compiled(spec) is None


# --- whole checks: the second run (from the cache) reports exactly what the first did --------


def _check(submission: Path, spec: Path, cache: Path, *extra: str) -> tuple[int, dict, str]:
    completed = subprocess.run(
        [sys.executable, "-m", "gradekit", "check", str(submission), "-a", str(spec),
         "--backend", "engine", "--format", "json", *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env=dict(os.environ, GRADEKIT_CACHE_DIR=str(cache)),
    )  # fmt: skip
    document = json.loads(completed.stdout) if completed.stdout else {}
    return completed.returncode, _without_timings(document), completed.stderr


def _without_timings(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_timings(v) for k, v in value.items() if "duration" not in k}
    if isinstance(value, list):
        return [_without_timings(item) for item in value]
    return value


@pytest.mark.parametrize(
    "submission, extra",
    [
        (ROOT / "examples" / "student" / "exercise.py", ()),
        (ROOT / "tests" / "cli" / "submissions" / "all_wrong.py", ("--only", "corners,even_rows")),
        (ROOT / "tests" / "cli" / "submissions" / "all_wrong.py", ("--no-hidden",)),
    ],
)
def test_grading_from_the_cache_gives_the_same_result(own_cache, submission, extra):
    spec = ROOT / "exercises" / "tensor-indexing.yaml"
    first = _check(submission, spec, own_cache, *extra)
    assert list((own_cache / "plans").glob("*.gkf")), "the first check stores its plans"
    second = _check(submission, spec, own_cache, *extra)
    assert first[0] in (0, 1), first[2]
    assert second == first


def test_a_spec_broken_after_a_cached_check_is_still_reported_with_its_line(tmp_path, own_cache):
    spec = _copy_of_tiny(tmp_path)
    submission = ROOT / "tests" / "cli" / "submissions" / "tiny_mistakes.py"
    assert _check(submission, spec, own_cache)[0] in (0, 1)
    spec.write_text(spec.read_text().replace("title: Double a tensor", "titel: Double a tensor"))
    exit_code, _, stderr = _check(submission, spec, own_cache)
    assert exit_code == 2
    assert "tiny.yaml:" in stderr and "titel" in stderr


def test_an_entry_read_once_is_kept_in_memory_while_its_files_are_unchanged(tmp_path):
    """A long-lived process (the check server) reads an entry once; its forks reuse it."""
    spec = _copy_of_tiny(tmp_path)
    plan_cache.write_compiled(spec, compile_assignment(load_assignment(spec)))
    first = plan_cache.read_compiled(spec)
    assert first is not None and plan_cache.read_compiled(spec) is first
    # The entry rewritten (another process compiled the spec again): read afresh.
    plan_cache.write_compiled(spec, compile_assignment(load_assignment(spec)))
    second = plan_cache.read_compiled(spec)
    assert second is not None and second is not first
    assert_same(first, second)
    # The solution edited: the kept entry is not used (nor the file's).
    solution = tmp_path / "tiny_solution.py"
    solution.write_text(solution.read_text() + "\n# edited\n")
    assert plan_cache.read_compiled(spec) is None
