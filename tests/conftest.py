"""Shared pytest configuration: hypothesis profiles used by every test package, and the
``stale_bubblewrap_probe`` fixture the batch and check tests of the probe cache share.

Two profiles are registered:

* ``ci`` (the default) — reproducible and bounded: examples are derived from the test
  source (``derandomize``), no example database is written, and there is no per-example
  deadline because the CI machine has only two cores and timing is not what we test.
* ``dev`` — more examples, a local example database, still no deadline.

Select one with ``HYPOTHESIS_PROFILE=dev python -m pytest ...``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from gradekit.sandbox import policy as policy_module
from gradekit.sandbox import probe_cache
from gradekit.sandbox.policy import ProbeResult, probe_layers

# Checks run without the check server (gradekit/check_server) unless a test asks for one:
# tests/cli/test_check_server.py starts its own, in private directories.
os.environ["GRADEKIT_CHECK_SERVER"] = "off"

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    database=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "dev",
    deadline=None,
    max_examples=300,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@dataclass(frozen=True)
class StaleProbe:
    """A probe cache whose entry claims bubblewrap works on a machine where it fails."""

    cache: Path  # GRADEKIT_CACHE_DIR
    key: dict  # the machine key the entry is stored under
    real: ProbeResult  # what probing this machine really finds (no bubblewrap)


@pytest.fixture
def stale_bubblewrap_probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> StaleProbe:
    """Put a bwrap that always fails first on PATH, probe the machine afresh with it, and
    store a cache entry that says bubblewrap works: what a stale cache looks like after
    bubblewrap broke (a kernel or sysctl change the key does not see)."""
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    cache = tmp_path / "cache"
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(cache))
    monkeypatch.setattr(policy_module, "_probed", None)
    real = probe_layers()  # with the broken bwrap on PATH: no bubblewrap
    monkeypatch.setattr(policy_module, "_probed", None)  # a new process, as far as probing goes
    key = probe_cache.machine_key()
    stale = real.to_report()
    stale["available"] = [name for name in stale["available"] if name != "bubblewrap"]
    stale["available"].append("bubblewrap")
    stale["reasons"].pop("bubblewrap", None)
    probe_cache.write_cached_report(cache, key, stale)
    return StaleProbe(cache=cache, key=key, real=real)
