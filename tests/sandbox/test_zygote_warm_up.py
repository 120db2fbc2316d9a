"""A zygote warmed up with a batch's calls (``Zygote.warm_up``) answers exactly like one that
was not: same outcomes, same output, same warnings, nothing left behind by the stand-in or by
the engine tour that follows it (``child.tour_engine``: node numbers, random numbers, warn-once
warnings, options and modules are what a plain zygote's submission sees)."""

from __future__ import annotations

import re
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from gradekit.sandbox import child, zygote
from gradekit.sandbox.executor import BackendView
from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import ArgSpec, Call, Capture, SubmissionOutcome
from gradekit.sandbox.runner import encoded_calls
from gradekit.sandbox.warm import Zygote, run_submission_warm

POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)
X = ArgSpec.tensor(np.array([[1.0, -2.0], [3.0, 4.0]], np.float32))
LEAF = ArgSpec.tensor(np.array([1.0, 2.0, 3.0], np.float32), requires_grad=True)
CUBE = ArgSpec.tensor(np.arange(24, dtype=np.int64).reshape(2, 3, 4))
CALLS = [
    Call("first-row", "first_row", args={"t": X}),
    Call("doubled", "doubled", args={"t": LEAF}, capture=Capture(grads=("t",), graph=True)),
    Call(
        "summed",
        "summed",
        args={"t": LEAF},
        capture=Capture(grads=("t",), backward=ArgSpec.tensor(np.float32(1.0))),
    ),
    Call(
        "failing-backward",
        "doubled",
        args={"t": LEAF},
        capture=Capture(backward=ArgSpec.tensor(np.float32(1.0))),  # a scalar for 3 values
    ),
    Call("in-place", "zero_first", args={"t": X}, capture=Capture(inputs_after=("t",))),
    Call("warns", "warns", args={"t": X}),
    Call("raises", "raises", args={"t": X}),
    Call("constant", "LIMIT", entry_kind="variable"),
    Call("odd-name", "it's not an identifier", args={"t": X}),
    Call("engine-state", "engine_state", args={"t": X, "cube": CUBE}),
    Call("engine-state-again", "engine_state", args={"t": X, "cube": CUBE}),
]
SUBMISSIONS = {
    "correct": """
        import warnings

        import torch

        LIMIT = 3

        def first_row(t):
            print("row", t.shape)
            return t[0]

        def doubled(t):
            return t * 2

        def summed(t):
            return (t * t).sum()

        def zero_first(t):
            t[0, 0] = 0.0
            return t

        def warns(t):
            warnings.warn("careful with views")
            return t.sum()

        def raises(t):
            return t[5]

        def engine_state(t, cube):
            import sys

            leaf = t.clone().requires_grad_()
            number = (leaf * 2).grad_fn._sequence_nr  # autograd's node numbering
            number = number() if callable(number) else number  # (a method in torch)
            cube.T  # warns once per process (torch's TORCH_WARN_ONCE)
            torch.tensor(t)  # warns each time
            cube[[0, slice(None)]]  # the legacy index warning
            warnings.warn("careful with state")  # shown once per line
            packages = ("gradekit", "numpy", "torch")
            modules = [m for m in sorted(sys.modules) if m.split(".")[0] in packages]
            registry = globals().get("__warningregistry__", {})
            return (
                number,
                torch.rand(3).tolist(),  # the default generator's stream
                torch.randint(0, 100, (2,)).tolist(),
                torch.initial_seed(),
                torch.is_grad_enabled(),
                str(torch.get_default_dtype()),
                repr(t / 3),  # print options
                modules,
                # (not its "version": the warm-up's catch_warnings advanced the filters' version)
                sorted(key[0] for key in registry if isinstance(key, tuple)),
            )
    """,
    "wrong": """
        import sys

        LIMIT = "three"

        def first_row(t):
            print("to stderr", file=sys.stderr)
            return t[1]

        def doubled(t):
            return t.detach() + t.detach()

        def summed(t):
            return t.sum()

        def zero_first(t):
            return t.clone()

        def warns(t):
            import warnings
            warnings.warn("careful with views")
            warnings.warn("careful with views")  # shown once: the default filter
            return None

        def raises(t):
            raise ValueError(f"no {t.shape}")

        def engine_state(t, cube):
            import torch

            torch.manual_seed(7)
            cube.mT  # no warning
            return (t * t).sum().item(), torch.randn(2).tolist(), (t + 1).grad_fn
    """,
    "syntax error": "def first_row(t:\n    return t\n",
}


def picture(outcome: SubmissionOutcome) -> dict:
    """Everything but durations (and the tracebacks' line numbers stay: same file)."""
    calls = {}
    for call_id, call in outcome.calls.items():
        value = call.value
        calls[call_id] = (
            call.status,
            None if value is None else _observed(value),
            {name: None if g is None else _observed(g) for name, g in call.grads.items()},
            {name: _observed(v) for name, v in call.inputs_after.items()},
            call.exception,
            call.stdout,
            call.stderr,
            call.graph,
        )
    return {
        "calls": calls,
        "load_error": outcome.load_error,
        "stdout": outcome.stdout,
        "stderr": outcome.stderr,
        "failure": outcome.failure,
        "isolation": outcome.isolation,
    }


def same_paths(text: str) -> str:
    """Each run has its own scratch directory (inside its own zygote's): name them alike."""
    return re.sub(r"/[^'\"\s]*gradekit-zygote-[^/]+/gradekit-run-[^/]+/", "<scratch>/", text)


def _observed(observed) -> tuple:
    data = None if observed.data is None else (observed.data.dtype.str, observed.data.tolist())
    items = None if observed.items is None else tuple(_observed(i) for i in observed.items)
    plain = {key: observed[key] for key in observed if key not in ("data", "items")}
    return (sorted(plain.items(), key=repr), data, items)


@pytest.fixture(scope="module")
def zygotes() -> Iterator[tuple[Zygote, Zygote]]:
    bubblewrap = "bubblewrap" in POLICY.layers
    with (
        Zygote("engine", bubblewrap=bubblewrap) as plain,
        Zygote("engine", bubblewrap=bubblewrap) as warmed,
    ):
        assert warmed.warm_up(encoded_calls(CALLS)) is True
        yield plain, warmed


@pytest.mark.parametrize("kind", sorted(SUBMISSIONS))
def test_a_warmed_up_zygote_answers_like_a_plain_one(tmp_path: Path, zygotes, kind: str):
    plain, warmed = zygotes
    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(SUBMISSIONS[kind]))
    before = run_submission_warm(path, CALLS, zygote=plain, policy=POLICY)
    after = run_submission_warm(path, CALLS, zygote=warmed, policy=POLICY)
    assert same_paths(repr(picture(after))) == same_paths(repr(picture(before)))
    if kind == "correct":  # the comparison covers what the warm-up could have disturbed
        assert after.calls["first-row"].status == "ok"
        assert after.calls["warns"].stderr.count("UserWarning: careful with views") == 1
        assert after.calls["raises"].status == "raised"
        assert after.calls["summed"].grads["t"] is not None
        assert after.calls["odd-name"].status == "missing"
        assert after.calls["failing-backward"].status == "raised"
        first, again = after.calls["engine-state"], after.calls["engine-state-again"]
        assert first.status == again.status == "ok"
        assert first.stderr.count("UserWarning") == 4  # .T, torch.tensor(t), index, own
        assert "UserWarning" not in again.stderr  # each was shown once (per process or line)


@pytest.mark.torch
def test_a_warmed_up_torch_zygote_answers_like_a_plain_one(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="real torch is not installed")
    # (not the engine-state calls: real torch seeds its generator anew in every process)
    calls = [call for call in CALLS if call.entry != "engine_state"]
    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(SUBMISSIONS["correct"]))
    bubblewrap = "bubblewrap" in POLICY.layers
    pictures = []
    for warm in (False, True):
        with Zygote("torch", bubblewrap=bubblewrap) as zygote:
            if warm:
                assert zygote.warm_up(encoded_calls(calls)) is True
            outcome = run_submission_warm(path, calls, zygote=zygote, policy=POLICY)
            pictures.append(same_paths(repr(picture(outcome))))
    assert pictures[1] == pictures[0]
    assert "Mismatch in shape" in pictures[1]  # the failing backward() was reported


def test_only_autograd_calls_warm_up_the_failing_backward() -> None:
    plain = [call for call in CALLS if not call.capture.grads and call.capture.backward is None]
    assert child.warm_up_calls(plain) == plain  # no extra memory in the zygote for nothing
    extra = child.warm_up_calls(CALLS)[len(CALLS) :]
    assert [call.call_id for call in extra] == ["gradekit-warm-up-failing-backward"]


def test_warming_up_twice_asks_the_zygote_once(zygotes) -> None:
    _, warmed = zygotes
    assert warmed.warm_up(encoded_calls(CALLS)) is True
    assert warmed.alive


def test_a_warm_up_asked_for_while_starting_is_collected_later(tmp_path: Path, zygotes) -> None:
    """A batch's grader asks its zygotes to warm up before they are ready (queue_warm_up);
    the worker's warm_up then only collects the answer, and the zygote answers like a plain
    one."""
    plain, _ = zygotes
    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(SUBMISSIONS["correct"]))
    with Zygote("engine", bubblewrap=plain.bubblewrap, wait=False) as early:
        early.queue_warm_up(encoded_calls(CALLS))
        early.queue_warm_up(encoded_calls(CALLS))  # asked for once
        assert len(early._warming) == 1 and early._tickets_sent == 2  # preload, warm-up
        assert early.warm_up(encoded_calls(CALLS)) is True
        assert early._warming == {} and early._tickets_sent == 2
        after = run_submission_warm(path, CALLS, zygote=early, policy=POLICY)
    before = run_submission_warm(path, CALLS, zygote=plain, policy=POLICY)
    assert same_paths(repr(picture(after))) == same_paths(repr(picture(before)))


def test_the_zygote_declines_to_warm_up_with_calls_it_does_not_hold() -> None:
    assert zygote._warm_up("0" * 64, "engine") is False
    assert zygote._warm_up(None, "engine") is False


def test_the_stand_in_leaves_nothing_behind(tmp_path: Path) -> None:
    view = BackendView(child.import_backend("engine"))
    sys.modules.pop("submission", None)
    child.warm_up(CALLS, view, str(tmp_path))
    assert list(tmp_path.iterdir()) == []  # the stand-in's file is gone
    assert "submission" not in sys.modules  # a worker's submission module starts afresh


def test_a_warm_up_that_leaves_a_thread_stops_the_zygote(tmp_path: Path, monkeypatch) -> None:
    """A zygote forks only while it is the process's one thread: if anything the warm-up ran
    had started a thread, it stops (the grader then starts a plain zygote). The zygotes above
    show the other side: alone, they warm up and go on serving."""
    monkeypatch.chdir(tmp_path)  # the stand-in is written in the zygote's working directory
    digest = "warm-up-with-a-thread"
    monkeypatch.setitem(child.PRELOADED_CALLS, digest, CALLS)
    monkeypatch.setitem(child.PREBUILT_VIEWS, "engine", BackendView(child.import_backend("engine")))
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        with pytest.raises(zygote.WarmWorkerError, match="threads"):
            zygote._warm_up(digest, "engine")
    finally:
        stop.set()
        thread.join()
