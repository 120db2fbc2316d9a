"""``torch.cuda`` answers as torch does on a machine without a GPU (course code asks it on
every start: ``device = "cuda" if torch.cuda.is_available() else "cpu"``), and torch's float
constants are there."""

from __future__ import annotations

import math
import subprocess
import sys
import textwrap

import pytest

import gradekit.engine as engine

CALLS = [
    ("is_available", ()),
    ("device_count", ()),
    ("is_initialized", ()),
    ("manual_seed", (0,)),
    ("manual_seed", (1.5,)),
    ("manual_seed", ("3",)),
    ("manual_seed", ("abc",)),
    ("manual_seed", (None,)),
    ("manual_seed_all", (7,)),
    ("manual_seed_all", ("x",)),
]


def answer(module, name: str, args: tuple) -> tuple[str, object]:
    try:
        return "value", getattr(module.cuda, name)(*args)
    except Exception as error:  # the call's error, as data
        return type(error).__name__, str(error)


def test_the_engine_has_no_cuda_device() -> None:
    assert engine.cuda.is_available() is False
    assert engine.cuda.device_count() == 0
    assert engine.cuda.manual_seed(0) is None
    with pytest.raises(ValueError):
        engine.cuda.manual_seed("abc")


@pytest.mark.torch
@pytest.mark.parametrize(("name", "args"), CALLS)
def test_answers_as_torch_without_a_gpu(name: str, args: tuple, real_torch) -> None:
    if real_torch.cuda.is_available():
        pytest.skip("this machine has a GPU: torch's answers are not the CPU-only ones")
    assert answer(engine, name, args) == answer(real_torch, name, args)


def test_constants_are_pythons_floats() -> None:
    assert (engine.pi, engine.e, engine.inf) == (math.pi, math.e, math.inf)
    assert math.isnan(engine.nan)
    assert all(type(value) is float for value in (engine.pi, engine.e, engine.inf, engine.nan))


@pytest.mark.torch
def test_constants_match_torch(real_torch) -> None:
    for name in ("pi", "e", "inf"):
        assert getattr(engine, name) == getattr(real_torch, name)
        assert type(getattr(engine, name)) is type(getattr(real_torch, name))
    assert math.isnan(real_torch.nan)


def test_the_usual_device_line_runs_under_gradekit_run(tmp_path) -> None:
    script = tmp_path / "train.py"
    script.write_text(
        textwrap.dedent(
            """
            import torch
            import torch.cuda
            from torch.cuda import is_available
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            x = torch.ones(2, device=device) * torch.pi
            print(device, is_available(), x)
            """
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "gradekit", "run", "--backend", "engine", str(script)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "cpu False tensor([3.1416, 3.1416])\n"
