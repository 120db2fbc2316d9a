"""`gradekit run SCRIPT`: a PyTorch script run as `python SCRIPT` would run it, on the engine.

What a student sees when the script fails must look like what Python prints with real torch:
the script's frames only, and the engine's clear error for torch API it lacks, whichever way
the script imports it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


def run(*arguments: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gradekit", "run", *map(str, arguments)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def script(folder: Path, source: str, name: str = "script.py") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(source))
    return path


UNSUPPORTED = (
    "NotImplementedError: gradekit engine does not support {}; "
    "install torch and use --backend torch"
)


@pytest.mark.parametrize(
    ("statement", "missing"),
    [
        ("from torch.autograd import gradcheck", "torch.autograd.gradcheck"),
        ("from torch.optim import LBFGS", "torch.optim.LBFGS"),
        ("from torch.nn import Bilinear", "torch.nn.Bilinear"),
        (
            "from torch.nn.functional import relu, conv_transpose2d",
            "torch.nn.functional.conv_transpose2d",
        ),
        ("from torch.linalg import lu_factor", "torch.linalg.lu_factor"),
        ("import torch.optim.lr_scheduler", "torch.optim.lr_scheduler"),
        ("import torch\ntorch.nn.LSTM", "torch.nn.LSTM"),
    ],
)
def test_unsupported_api_gives_the_clear_error_however_it_is_imported(tmp_path, statement, missing):
    path = script(tmp_path, statement + "\n")
    done = run(path, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.endswith(UNSUPPORTED.format(missing) + "\n"), done.stderr
    assert "cannot import name" not in done.stderr and "gradekit.engine" not in done.stderr


def test_supported_names_still_import_every_way(tmp_path):
    path = script(
        tmp_path,
        """
        from torch import tensor, no_grad
        from torch.autograd import grad
        from torch.nn.functional import relu
        from torch.nn import functional as F
        import torch.nn.functional
        import torch.optim as optim
        from torch.optim import SGD
        from torch import nn
        x = tensor([-1.0, 2.0], requires_grad=True)
        print(relu(x), F.relu is relu, grad(x.sum(), x), SGD is optim.SGD, nn.ReLU()(x))
        """,
    )
    done = run(path, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "tensor([0., 2.], grad_fn=<ReluBackward0>) True (tensor([1., 1.]),) True "
        "tensor([0., 2.], grad_fn=<ReluBackward0>)\n"
    )


def test_a_failing_script_shows_only_its_own_frames(tmp_path):
    path = script(
        tmp_path,
        """
        import torch

        def shapes(a, b):
            return a + b

        try:
            shapes(torch.ones(2), torch.ones(3))
        except RuntimeError as error:
            raise ValueError("the shapes do not match") from error
        """,
    )
    done = run(path.name, cwd=tmp_path)
    assert done.returncode == 1
    mismatch = (
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
    )
    expected = f"""\
Traceback (most recent call last):
  File "{path}", line 8, in <module>
    shapes(torch.ones(2), torch.ones(3))
  File "{path}", line 5, in shapes
    return a + b
           ~~^~~
RuntimeError: {mismatch}

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "{path}", line 10, in <module>
    raise ValueError("the shapes do not match") from error
ValueError: the shapes do not match
"""
    assert done.stderr == expected


def test_the_script_sees_what_python_gives_it(tmp_path):
    # An absolute __file__ (as Python 3.9+ gives the main script), argv as typed, and every
    # argument after the script is the script's, options of gradekit's own names included.
    path = script(tmp_path, "import sys\nprint(__file__)\nprint(sys.argv)\nsys.exit(3)\n")
    done = run(path.name, "--backend", "torch", "-x", cwd=tmp_path)
    assert done.returncode == 3
    assert done.stdout == f"{path}\n['script.py', '--backend', 'torch', '-x']\n"


def test_backend_torch_runs_the_script_on_real_torch(tmp_path):
    path = script(tmp_path, "import torch\nprint(torch.__file__)\n")
    done = run("--backend", "torch", path, cwd=tmp_path)
    if importlib.util.find_spec("torch") is None:
        assert done.returncode == 2
        assert "torch is not installed" in done.stderr
        return
    assert done.returncode == 0, done.stderr
    assert "gradekit" not in done.stdout and done.stdout.strip().endswith("__init__.py")
    on_engine = run(path, cwd=tmp_path)
    assert "gradekit/engine" in on_engine.stdout
