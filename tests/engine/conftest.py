"""Fixtures for the engine's judge: the two modules a program can run on.

``engine`` is ``gradekit.engine`` (always required: these tests exist to judge it).
``real_torch`` is PyTorch itself, skipped cleanly when it is not installed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

# programs.py is a plain module next to the tests (tests/ is not a package).
ENGINE_TESTS = Path(__file__).resolve().parent
if str(ENGINE_TESTS) not in sys.path:
    sys.path.insert(0, str(ENGINE_TESTS))


@pytest.fixture(scope="session")
def engine() -> ModuleType:
    import gradekit.engine

    return gradekit.engine


@pytest.fixture(scope="session")
def real_torch() -> ModuleType:
    torch = pytest.importorskip("torch", reason="real PyTorch is not installed")
    # If something in this process called install_torch_alias(), "torch" is the engine and
    # a differential test would compare the engine with itself and always pass.
    if "gradekit" in (getattr(torch, "__file__", None) or "") or torch.__name__ != "torch":
        pytest.fail(
            "`import torch` resolves to gradekit's engine alias in this process; "
            "the differential tests need real PyTorch (run them in a fresh process)"
        )
    return torch


@pytest.fixture(autouse=True)
def as_in_a_fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts as a fresh process does: with no hook, retain_grad or custom
    Function registered yet (``graph.user_code_in_graphs``), so ``loss.backward()`` runs
    the newest-first pass unless the test itself registers user code, whatever ran before;
    and with none of torch's once-per-process warnings given yet (``errors.warn_once``), so a
    test that expects one sees it whichever test gave it first."""
    from gradekit.engine import errors
    from gradekit.engine.autograd import graph

    monkeypatch.setattr(graph, "user_code_in_graphs", False)
    monkeypatch.setattr(errors, "_warned_once", set())


# torch's CPU kernels are chosen per machine (ATen's vectorised loops at AVX512, AVX2 or
# plain width, MKL's code paths likewise), and the last bits of some results depend on it:
# a value captured from torch on one kind of CPU is not torch's on another. Such a test is
# marked ``torch_kernels("AVX512")`` with the width its torch values were captured at and
# ``params``, substrings of the parametrized ids concerned (all of them when omitted; in
# brackets, "[softmax]", one whole id). It
# runs where torch runs those kernels and skips, saying why, elsewhere: neither the engine
# nor torch is wrong there, the reference is another machine's (docs/engine-internals.md,
# "CPU kernels").
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "torch_kernels(capability, params=()): torch values captured with torch's "
        "<capability> CPU kernels; skipped where torch runs others",
    )


def torch_cpu_capability() -> str | None:
    """What ``torch.backends.cpu.get_cpu_capability()`` says here (None without torch)."""
    try:
        import torch
    except ImportError:
        return None
    return str(torch.backends.cpu.get_cpu_capability())


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in item.iter_markers("torch_kernels"):
        (captured,) = marker.args
        params = marker.kwargs.get("params", ())
        callspec = getattr(item, "callspec", None)
        ids = f"[{callspec.id}]" if callspec else ""  # "[softmax]" names one id whole
        if params and not any(part in ids for part in params):
            continue
        running = torch_cpu_capability()
        if running is not None and running != captured:
            pytest.skip(
                f"torch's values here were captured with its {captured} CPU kernels; this "
                f"machine's torch runs its {running} kernels, whose last bits differ "
                "(docs/engine-internals.md, CPU kernels)"
            )
