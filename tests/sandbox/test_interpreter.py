"""The sandbox interpreter: `python -I -S` with only the import path the sandbox needs.

Student code must see what it saw under `python -I` (the standard library, site-packages,
gradekit), or less, never more, and the same cold and warm.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import gradekit
from gradekit.sandbox.environment import sandbox_import_path, sandbox_interpreter
from gradekit.sandbox.policy import probe_policy
from gradekit.sandbox.protocol import Call
from gradekit.sandbox.runner import run_submission
from gradekit.sandbox.warm import Zygote, run_submission_warm


def _python_i_path() -> list[str]:
    """sys.path of a plain `python -I`, without entries that are not paths (the path hooks
    editable installs add)."""
    shown = subprocess.run(
        [sys.executable, "-I", "-c", "import json, sys; print(json.dumps(sys.path))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return [entry for entry in json.loads(shown.stdout) if os.path.isabs(entry)]


def _sandbox_path() -> list[str]:
    """sys.path in a sandbox interpreter, as ``python -m site`` prints it there."""
    shown = subprocess.run(sandbox_interpreter("site"), capture_output=True, text=True, check=True)
    listing = shown.stdout.split("sys.path = [", 1)[1].split("]", 1)[0]
    return [line.strip().rstrip(",").strip("'") for line in listing.splitlines() if line.strip()]


def test_the_import_path_is_that_of_python_i_or_less():
    path = _sandbox_path()
    assert set(path) <= set(_python_i_path()) | set(sandbox_import_path())
    assert set(sandbox_import_path()) <= set(path)
    # gradekit is loaded from its own directory: its parent (a checkout holding tests,
    # exercises and reference solutions) is never put on the path.
    assert str(Path(gradekit.__file__).resolve().parent.parent) not in path


def test_arguments_reach_the_module():
    shown = subprocess.run(
        [*sandbox_interpreter("gradekit.sandbox.child"), "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--config-fd" in shown.stdout and "python -m gradekit.sandbox.child" in shown.stdout


def test_numpy_comes_from_the_import_path():
    numpy_home = subprocess.run(
        [sys.executable, "-I", "-c", "import numpy, os; print(os.path.dirname(numpy.__file__))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert os.path.dirname(os.path.realpath(numpy_home)) in map(
        os.path.realpath, sandbox_import_path()
    )


def test_student_code_sees_the_same_interpreter_cold_and_warm(submission, backend):
    path = submission(
        """
        import builtins
        import sys

        import gradekit.sandbox.sanitize

        def path():
            return list(sys.path)

        def flags():
            return [__name__, sys.flags.isolated, sys.flags.no_site]

        def site_builtins():
            return [callable(getattr(builtins, name, None)) for name in ("exit", "quit", "help")]

        def gradekit_home():
            return gradekit.sandbox.sanitize.__file__
        """
    )
    calls = [
        Call("path", "path"),
        Call("flags", "flags"),
        Call("builtins", "site_builtins"),
        Call("home", "gradekit_home"),
    ]
    policy = probe_policy()
    cold = run_submission(path, calls, backend=backend, policy=policy)
    with Zygote(backend, bubblewrap="bubblewrap" in policy.layers) as zygote:
        warm = run_submission_warm(path, calls, zygote=zygote, policy=policy)
    seen = [item.value for item in cold.calls["path"].value.items]
    assert seen == [item.value for item in warm.calls["path"].value.items]
    assert set(seen) <= set(_python_i_path()) | set(sandbox_import_path())
    for outcome in (cold, warm):
        flags = [item.value for item in outcome.calls["flags"].value.items]
        assert flags == ["submission", 1, 1]
        assert [item.value for item in outcome.calls["builtins"].value.items] == [True] * 3
        home = outcome.calls["home"].value.value
        assert home == str(Path(gradekit.__file__).resolve().parent / "sandbox" / "sanitize.py")


def test_the_zygote_imports_none_of_the_grader_side(submission, backend):
    # Whatever the zygote imports, it pays for before its first fork (a check waits for that)
    # and, for modules with fork hooks, in every launcher and worker again.
    path = submission(
        """
        import sys

        def modules():
            return sorted(sys.modules)
        """
    )
    policy = probe_policy()
    with Zygote(backend, bubblewrap="bubblewrap" in policy.layers) as zygote:
        outcome = run_submission_warm(path, [Call("m", "modules")], zygote=zygote, policy=policy)
    loaded = {item.value for item in outcome.calls["m"].value.items}
    assert "gradekit.sandbox.child" in loaded  # (the zygote itself runs as __main__)
    grader_side = {"gradekit.sandbox.warm", "gradekit.sandbox.runner", "gradekit.sandbox.policy"}
    assert not loaded & (grader_side | {"subprocess"})
