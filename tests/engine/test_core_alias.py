"""install_torch_alias() and run_script(): ``import torch`` resolving to the engine."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = textwrap.dedent(
    """
    import sys
    import torch
    import torch.nn.functional as F
    from torch import autograd
    from torch.autograd import grad

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    loss = F.mse_loss(x * 3, torch.zeros(2))
    (g,) = grad(loss, x)
    print(type(torch).__name__, torch.__name__, autograd.grad is grad, g.tolist(), sys.argv[1:])
    import torch.optim
    from torch.optim import SGD
    print(SGD is torch.optim.SGD, repr(torch.nn.Sigmoid()))
    try:
        import torch.optim.lr_scheduler
    except NotImplementedError as error:
        print("optim:", error)
    """
)


def run_in_subprocess(code: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter, so the alias never leaks into this test process."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_run_script_resolves_torch_to_engine(tmp_path: Path) -> None:
    script = tmp_path / "student.py"
    script.write_text(SCRIPT, encoding="utf-8")
    result = run_in_subprocess(
        "from gradekit.engine.alias import run_script; "
        f"run_script({str(script)!r}, ['--lr', '0.1'])"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "module gradekit.engine True [9.0, 18.0] ['--lr', '0.1']"
    assert lines[1] == "True Sigmoid()"
    assert lines[2] == (
        "optim: gradekit engine does not support torch.optim.lr_scheduler; "
        "install torch and use --backend torch"
    )


def test_run_script_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    from gradekit.engine.alias import run_script

    with pytest.raises(FileNotFoundError, match="no such file"):
        run_script(tmp_path / "absent.py")


def test_install_and_uninstall_restore_sys_modules() -> None:
    result = run_in_subprocess(
        textwrap.dedent(
            """
            import sys
            from gradekit.engine import alias
            before = sys.modules.get("torch")
            engine = alias.install_torch_alias()
            import torch
            assert torch is engine and alias.is_torch_alias_installed()
            import torch.nn.functional as F
            assert F.relu(torch.tensor([-1.0, 2.0])).tolist() == [0.0, 2.0]
            alias.uninstall_torch_alias()
            assert sys.modules.get("torch") is before
            print("ok")
            """
        )
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
