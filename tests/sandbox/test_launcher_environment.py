"""A launcher that serves several runs gives each run exactly the environment it was sent
(:func:`gradekit.sandbox.zygote._replace_environment` changes only what differs)."""

from __future__ import annotations

import ctypes
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.sandbox.zygote import _replace_environment

NAMES = st.sampled_from(["HOME", "TMPDIR", "PWD", "PATH", "LANG", "EXTRA", "X_1"])
VALUES = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=12)
ENVIRONMENTS = st.dictionaries(NAMES, VALUES)

_libc = ctypes.CDLL(None)
_libc.getenv.restype = ctypes.c_char_p


def _c_getenv(name: str) -> str | None:
    value = _libc.getenv(name.encode())
    return None if value is None else value.decode()


@settings(max_examples=200, deadline=None)
@given(environments=st.lists(ENVIRONMENTS, min_size=1, max_size=4))
def test_the_environment_is_exactly_the_last_one_sent(environments) -> None:
    saved = dict(os.environ)
    try:
        for environment in environments:
            _replace_environment(environment)
            assert dict(os.environ) == environment
            for name in ("HOME", "TMPDIR", "PWD", "PATH", "LANG", "EXTRA", "X_1"):
                assert _c_getenv(name) == environment.get(name)  # what a fork's exec sees
    finally:
        os.environ.clear()
        os.environ.update(saved)
