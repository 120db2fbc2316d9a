"""`gradekit grade` start-up from the caches `gradekit check` uses: the compiled assignment from
the plan cache (no pydantic spec models) and the layer probe from the probe cache (no probe
interpreter). Cached and uncached batches store the same rows; a stale cached probe is
corrected, never claimed."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import asdict
from pathlib import Path

import pytest
from batch_rows import connect, submission_rows, write_class

from gradekit.grading.batch import PolicySettings, grade_batch
from gradekit.sandbox import probe_cache
from gradekit.sandbox.policy import PROBED_LAYERS, ProbeResult, forget_contradicted_probe

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "exercises" / "tensor-indexing.yaml"

# One batch in a fresh interpreter: what it imported, how often it probed, its summary.
BATCH_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from gradekit.grading.batch import grade_batch
    from gradekit.sandbox import policy

    probes = []
    run_probe = policy._run_probe
    policy._run_probe = lambda: probes.append(1) or run_probe()
    folder, spec, db = map(Path, sys.argv[1:4])
    summary = grade_batch(folder, spec, db_path=db, jobs=1)
    print(json.dumps({
        "spec_models": "gradekit.spec.models" in sys.modules,
        "yaml": "yaml" in sys.modules,
        "probes": len(probes),
        "graded": summary.graded,
        "tier": summary.sandbox_tier,
        "errors": summary.grader_errors,
    }))
    """
)


def _rows(db: Path) -> dict[str, tuple]:
    """Every stored row of every submission, without ids, times and durations."""
    connection = connect(db)
    found = submission_rows(connection)
    expected = connection.execute(
        "SELECT exercise_id, case_id, answer_kind, answer_fingerprint, answer_summary "
        "FROM expected_answers ORDER BY exercise_id, case_id"
    ).fetchall()
    runs = connection.execute("SELECT spec_hash, backend, sandbox_tier FROM runs").fetchall()
    connection.close()
    return {"submissions": found, "expected": [tuple(row) for row in expected], "runs": runs}


def _batch_in_fresh_process(folder: Path, db: Path, cache: str) -> dict:
    environment = {**os.environ, "GRADEKIT_CACHE_DIR": cache}
    completed = subprocess.run(
        [sys.executable, "-c", BATCH_SCRIPT, str(folder), str(SPEC), str(db)],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="batch grading needs Linux")
def test_a_batch_with_warm_caches_loads_no_spec_models_runs_no_probe_and_stores_the_same(
    tmp_path: Path,
) -> None:
    folder = write_class(tmp_path)
    cache = tmp_path / "cache"
    uncached = _batch_in_fresh_process(folder, tmp_path / "uncached.sqlite", "off")
    cold = _batch_in_fresh_process(folder, tmp_path / "cold.sqlite", str(cache))
    warm = _batch_in_fresh_process(folder, tmp_path / "warm.sqlite", str(cache))

    assert uncached["spec_models"] and uncached["probes"] == 1
    assert cold["spec_models"] and cold["probes"] == 1  # fills both caches
    assert not warm["spec_models"] and not warm["yaml"] and warm["probes"] == 0
    for summary in (uncached, cold, warm):
        assert summary["graded"] == 4 and summary["errors"] == []
    assert uncached["tier"] == cold["tier"] == warm["tier"]
    rows = _rows(tmp_path / "uncached.sqlite")
    assert rows["submissions"] and rows["expected"]
    assert _rows(tmp_path / "cold.sqlite") == rows
    assert _rows(tmp_path / "warm.sqlite") == rows


def test_workers_know_their_probe_answer_came_from_the_cache() -> None:
    """A worker deletes a contradicted cache entry only if it knows the answer came from it;
    spawned workers get the settings as JSON."""
    for from_cache in (True, False):
        probe = ProbeResult(("rlimits", "seccomp"), {"landlock": "no"}, 3, from_cache)
        settings = PolicySettings(require_tier=1).with_probe(probe)
        spawned = PolicySettings(**json.loads(json.dumps(asdict(settings))))
        for received in (settings, spawned):
            assert received.build().probe == probe


def test_an_outcome_with_nothing_degraded_forgets_no_probe_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch worker asks forget_contradicted_probe only about outcomes with degraded layers:
    with none, it forgets nothing and says so, whatever the probe and its cache."""
    forgotten: list[Path] = []
    monkeypatch.setattr(probe_cache, "forget_cached_reports", forgotten.append)
    for from_cache in (True, False):
        probe = ProbeResult(PROBED_LAYERS, {}, 3, from_cache)
        policy = PolicySettings(require_tier=1).with_probe(probe).build()
        for cache in (tmp_path, None):
            assert not forget_contradicted_probe(policy, {}, cache)
    assert forgotten == []
    # ...and with a degraded layer the probe promised, a cached answer is forgotten.
    probe = ProbeResult(PROBED_LAYERS, {}, 3, True)
    policy = PolicySettings(require_tier=1).with_probe(probe).build()
    assert forget_contradicted_probe(policy, {PROBED_LAYERS[0]: "failed"}, tmp_path)
    assert forgotten == [tmp_path]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is Linux only")
def test_a_batch_whose_cached_probe_is_stale_probes_afresh_and_records_the_real_tier(
    tmp_path: Path, stale_bubblewrap_probe
) -> None:
    """The cache says bubblewrap works, but it no longer starts: the workers cannot start,
    the batch probes this machine afresh, grades everything with its answer, records the
    tier it really got, and stores the corrected answer."""
    if not {"subreaper", "landlock", "seccomp"} <= set(stale_bubblewrap_probe.real.available):
        pytest.skip("this machine has no sandbox tier 1")
    cache, key = stale_bubblewrap_probe.cache, stale_bubblewrap_probe.key

    folder = write_class(tmp_path)
    db = tmp_path / "book.sqlite"
    summary = grade_batch(folder, SPEC, db_path=db, jobs=1, policy=PolicySettings(require_tier=1))

    assert summary.graded == 4 and summary.grader_errors == []
    assert summary.sandbox_tier == 1
    connection = sqlite3.connect(db)
    [(run_tier,)] = connection.execute("SELECT sandbox_tier FROM runs").fetchall()
    tiers = {tier for (tier,) in connection.execute("SELECT sandbox_tier FROM submissions")}
    connection.close()
    assert run_tier == 1 and tiers == {1}
    fresh = probe_cache.read_cached_report(cache, key, PROBED_LAYERS)
    assert fresh is not None and "bubblewrap" not in fresh["available"]
