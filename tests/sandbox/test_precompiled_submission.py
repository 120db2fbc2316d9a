"""The grader compiles each submission once and sends the marshalled code with the run's
configuration (``runner.precompiled_submission``); the worker runs it through the source
loader's own ``exec_module`` (``executor.load_submission(code=...)``) instead of compiling the
file. Loading that way must be indistinguishable from compiling in the worker: the same
namespace, output, errors and tracebacks; and wherever the grader cannot vouch for the code
(a syntax error, a compiler warning, another interpreter) the worker compiles it as before."""

from __future__ import annotations

import contextlib
import io
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from gradekit.sandbox import runner
from gradekit.sandbox.executor import load_submission, precompiled_code
from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import Call
from gradekit.sandbox.runner import precompiled_submission, run_submission

SOURCES = {
    "plain": "import math\n\ndef f(t):\n    return math.floor(t)\n",
    "raises at import": "def helper():\n    raise ValueError('boom')\n\nhelper()\n",
    "traceback limit": (
        "import sys\nsys.tracebacklimit = 2\n\ndef g():\n    raise KeyError(1)\n\ng()\n"
    ),
    "exits": "raise SystemExit(3)\n",
    "loader and frames": textwrap.dedent(
        """
        import inspect
        import sys

        def f(t):
            return t

        print(type(__loader__).__name__, sorted(vars(__loader__)), __file__, __cached__)
        print(inspect.getsource(f))
        print(sys._getframe().f_back.f_code.co_name)
        """
    ),
    "compiler warning": "x = 1\nif x is 1:\n    pass\n",
    "invalid escape": "s = '\\d'\n",
    "syntax error": "def broken(:\n    pass\n",
    "NUL byte": "x = 1\n\0\n",
    "coding cookie": "# -*- coding: latin-1 -*-\nname = 'caf\xe9'\n",
}


def _load(path: Path, code) -> tuple:
    """Load ``path`` in this process (the sources change nothing but sys.tracebacklimit,
    which is put back)."""
    out, err = io.StringIO(), io.StringIO()
    limit = getattr(sys, "tracebacklimit", None)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            with warnings.catch_warnings(record=True) as warned:
                warnings.simplefilter("always")
                namespace, error = load_submission(path, display_name=path.name, code=code)
    finally:
        sys.modules.pop("submission", None)
        if limit is None:
            vars(sys).pop("tracebacklimit", None)
        else:
            sys.tracebacklimit = limit
    names = None if namespace is None else sorted(n for n in namespace if n != "__builtins__")
    shown = [(w.category, str(w.message), w.lineno) for w in warned]
    return names, error, out.getvalue(), err.getvalue(), shown


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_loading_precompiled_code_is_loading_the_file(tmp_path: Path, name: str) -> None:
    path = tmp_path / "solution.py"
    data = SOURCES[name].encode("latin-1")
    path.write_bytes(data)
    sent = precompiled_submission(data, str(path))
    code = precompiled_code(sent)
    if name in ("compiler warning", "invalid escape", "syntax error", "NUL byte"):
        assert sent is None and code is None  # the worker compiles it, and reports as before
    else:
        assert code is not None and code.co_filename == str(path)
    assert _load(path, code) == _load(path, None)


def test_precompiled_code_made_elsewhere_or_garbled_is_not_used(tmp_path: Path) -> None:
    sent = precompiled_submission(b"x = 1\n", str(tmp_path / "solution.py"))
    assert sent is not None and precompiled_code(sent) is not None
    assert precompiled_code({**sent, "magic": "00000000"}) is None
    assert precompiled_code({**sent, "optimize": sys.flags.optimize + 1}) is None
    assert precompiled_code({**sent, "marshal": "!!"}) is None
    assert precompiled_code({**sent, "marshal": "YQ=="}) is None  # marshals no code object
    assert precompiled_code(None) is None and precompiled_code("code") is None


POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)
SUBMISSION = textwrap.dedent(
    """
    def where():
        return "compiled in the worker"

    def fails():
        return 1 / 0
    """
)
CALLS = [Call("a", "where"), Call("b", "fails")]


def test_the_worker_runs_the_code_the_grader_compiled(
    tmp_path: Path, backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "solution.py"
    path.write_text(SUBMISSION)
    marked = SUBMISSION.replace("compiled in the worker", "compiled by the grader").encode()

    def compile_marked(data: bytes, filename: str) -> dict | None:
        return precompiled_submission(marked, filename)

    monkeypatch.setattr(runner, "precompiled_submission", compile_marked)
    outcome = run_submission(path, CALLS, backend=backend, policy=POLICY)
    assert outcome.calls["a"].value.value == "compiled by the grader"


def test_a_run_with_precompiled_code_is_a_run_without(
    tmp_path: Path, backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "solution.py"
    path.write_text(SUBMISSION)
    precompiled = run_submission(path, CALLS, backend=backend, policy=POLICY)
    monkeypatch.setattr(runner, "precompiled_submission", lambda data, filename: None)
    compiled_there = run_submission(path, CALLS, backend=backend, policy=POLICY)
    for call_id in ("a", "b"):
        first, second = precompiled.calls[call_id], compiled_there.calls[call_id]
        assert (first.status, first.value, first.exception) == (
            second.status,
            second.value,
            second.exception,
        )
    assert precompiled.calls["b"].exception.traceback.count("solution.py") == 1
