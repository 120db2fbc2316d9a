"""The seed tutorials, re-created as scripts, print byte-for-byte what torch 2.13 prints.

Each ``seed_scripts/*.py`` has a ``*.expected`` next to it: its stdout under real torch,
captured by ``tools/gen_golden.py seeds`` with memory addresses masked. Here each script
runs on gradekit's engine through the real command line, ``python -m gradekit run
SCRIPT`` (which makes ``import torch`` resolve to ``gradekit.engine``), and its stdout must
match exactly after the same masking.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path

import programs
import pytest

SEED_SCRIPTS = Path(__file__).resolve().parent / "seed_scripts"
SCRIPTS = sorted(SEED_SCRIPTS.glob("*.py"))
TIMEOUT_SECONDS = 300


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        command, capture_output=True, text=True, cwd=cwd, timeout=TIMEOUT_SECONDS, env=env
    )


def _expected_output(script: Path) -> str:
    expected_file = script.with_suffix(".expected")
    if not expected_file.exists():
        pytest.fail(f"{expected_file.name} is missing: run `python tools/gen_golden.py seeds`")
    return expected_file.read_text()


def _tail(text: str, lines: int = 12) -> str:
    """The end of a traceback: where the script stopped and why."""
    return "\n".join(text.rstrip().splitlines()[-lines:])


def _diff(expected: str, got: str, script: Path) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(keepends=True),
        got.splitlines(keepends=True),
        fromfile=f"{script.name} under torch 2.13",
        tofile=f"{script.name} under gradekit.engine",
        n=2,
    )
    return "".join(lines)


def test_every_script_has_expected_output() -> None:
    assert SCRIPTS, f"no seed scripts found in {SEED_SCRIPTS}"
    missing = [s.name for s in SCRIPTS if not s.with_suffix(".expected").exists()]
    assert not missing, (
        f"run `python tools/gen_golden.py seeds` to create expectations for {missing}"
    )


def test_gradekit_run_really_uses_the_engine(tmp_path: Path) -> None:
    """Guard: if `gradekit run` fell back to real torch, every seed test would pass vacuously."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import sys\n"
        "import torch\n"
        "print('engine loaded:', 'gradekit.engine' in sys.modules)\n"
        "print('real torch loaded:', 'torch._C' in sys.modules)\n"
    )
    completed = _run([sys.executable, "-m", "gradekit", "run", str(probe)], tmp_path)
    assert completed.returncode == 0, _tail(completed.stderr)
    assert completed.stdout == "engine loaded: True\nreal torch loaded: False\n"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_seed_script_on_engine(script: Path) -> None:
    expected = _expected_output(script)
    completed = _run([sys.executable, "-m", "gradekit", "run", str(script)], script.parent)
    got = programs.mask_addresses(completed.stdout)
    assert completed.returncode == 0, (
        f"`gradekit run {script.name}` exited {completed.returncode}\n"
        f"--- stderr (last lines) ---\n{_tail(completed.stderr)}\n--- stdout diff ---\n"
        + _diff(expected, got, script)
    )
    assert got == expected, "stdout differs from torch 2.13:\n" + _diff(expected, got, script)


@pytest.mark.torch
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_expected_output_is_current_for_torch(script: Path) -> None:
    """Drift guard: the committed expectation is what the installed torch prints."""
    pytest.importorskip("torch", reason="needs real PyTorch to re-run the seed scripts")
    completed = _run([sys.executable, str(script)], script.parent)
    assert completed.returncode == 0, _tail(completed.stderr)
    got = programs.mask_addresses(completed.stdout)
    expected = _expected_output(script)
    assert got == expected, "regenerate with tools/gen_golden.py seeds:\n" + _diff(
        expected, got, script
    )
