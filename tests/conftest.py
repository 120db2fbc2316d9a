"""Shared pytest configuration: hypothesis profiles used by every test package.

Two profiles are registered:

* ``ci`` (the default) — reproducible and bounded: examples are derived from the test
  source (``derandomize``), no example database is written, and there is no per-example
  deadline because the CI machine has only two cores and timing is not what we test.
* ``dev`` — more examples, a local example database, still no deadline.

Select one with ``HYPOTHESIS_PROFILE=dev python -m pytest ...``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
