"""run_submission end to end: tiny submissions run in the real sandboxed child."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

from gradekit.sandbox.policy import SandboxPolicy, SandboxUnavailable, probe_policy
from gradekit.sandbox.protocol import ArgSpec, Call, Capture
from gradekit.sandbox.runner import SubmissionFileError, resolve_backend, run_submission

X = ArgSpec.tensor(np.array([1.0, -2.0, 3.0], np.float32), requires_grad=True)


def test_values_grads_output_and_isolation_are_reported(submission, backend):
    path = submission(
        """
        import torch
        print("module loaded")

        def square_sum(x):
            print("computing")
            return (x * x).sum()

        def relu(x):
            return torch.relu(x)
        """
    )
    seed = ArgSpec.tensor(np.array(1.0, np.float32))
    calls = [
        Call("a", "square_sum", args={"x": X}, capture=Capture(grads=("x",), backward=seed)),
        Call("b", "relu", args={"x": X}),
    ]
    outcome = run_submission(path, calls, backend=backend)
    assert outcome.load_error is None and outcome.failure is None
    first = outcome.calls["a"]
    assert first.status == "ok" and float(first.value.data) == 14.0
    np.testing.assert_allclose(first.grads["x"].data, [2.0, -4.0, 6.0])
    assert first.stdout == "computing\n"
    np.testing.assert_array_equal(outcome.calls["b"].value.data, [1.0, 0.0, 3.0])
    assert "module loaded" in outcome.stdout
    assert outcome.isolation.tier == probe_policy().tier
    assert "process" in outcome.isolation.layers


def test_load_errors_fail_every_call_with_the_reason(submission, backend):
    path = submission("def f(x):\n    return x +\n")
    outcome = run_submission(path, [Call("a", "f"), Call("b", "g")], backend=backend)
    assert outcome.load_error.type == "SyntaxError" and outcome.load_error.line == 2
    assert "solution.py" in outcome.load_error.traceback
    assert {c.status for c in outcome.calls.values()} == {"missing"}


# A submission whose second call kills its process (no reply), between two calls that answer.
FINE_CRASH_SOURCE = """
import os

def fine(x):
    return x * 2

def crash(x):
    os._exit(3)
"""


def fine_crash_fine_calls() -> list[Call]:
    return [
        Call("a", "fine", args={"x": X}),
        Call("b", "crash", args={"x": X}),
        Call("c", "fine", args={"x": X}),
    ]


def test_a_crashing_call_does_not_take_the_others_down(submission, backend):
    path = submission(FINE_CRASH_SOURCE)
    calls = fine_crash_fine_calls()
    outcome = run_submission(path, calls, backend=backend)
    assert outcome.calls["a"].status == "ok" and outcome.calls["c"].status == "ok"
    crashed = outcome.calls["b"]
    assert crashed.status == "crashed" and "exited with code 3" in crashed.exception.message


def test_timeouts_are_per_call(submission, backend):
    path = submission(
        """
        import time

        def slow():
            time.sleep(30)

        def quick():
            return 1
        """
    )
    outcome = run_submission(
        path, [Call("a", "slow", timeout=0.5), Call("b", "quick")], backend=backend
    )
    assert outcome.calls["a"].status == "timeout"
    assert outcome.calls["b"].status == "ok" and outcome.calls["b"].value.value == 1
    assert outcome.duration < 30


def test_total_timeout_bounds_the_whole_run(submission, backend):
    path = submission("import time\ndef slow():\n    time.sleep(30)\n")
    calls = [Call(f"c{i}", "slow", timeout=20) for i in range(3)]
    outcome = run_submission(path, calls, backend=backend, total_timeout=6)
    assert {c.status for c in outcome.calls.values()} == {"timeout"}
    assert outcome.duration < 20


def test_bad_arguments_get_clear_errors(tmp_path, submission):
    with pytest.raises(SubmissionFileError, match="not found"):
        run_submission(tmp_path / "missing.py", [], backend="torch")
    with pytest.raises(SubmissionFileError, match=r"\.py"):
        (tmp_path / "notes.txt").write_text("x")
        run_submission(tmp_path / "notes.txt", [], backend="torch")
    path = submission("x = 1\n")
    with pytest.raises(ValueError, match="duplicate call_id"):
        run_submission(path, [Call("a", "x"), Call("a", "x")], backend="torch")
    with pytest.raises(ValueError, match="unknown backend"):
        resolve_backend("tensorflow")


def test_require_tier_fails_closed_unless_weak_isolation_is_allowed(submission):
    weak = SandboxPolicy(require_tier=1, disabled_layers=frozenset({"landlock"}))
    with pytest.raises(SandboxUnavailable, match="--allow-weak-sandbox"):
        run_submission(submission("x = 1\n"), [], backend="torch", policy=weak)
    SandboxPolicy(
        require_tier=1, allow_weak=True, disabled_layers=frozenset({"landlock"})
    ).ensure_allowed()


@pytest.mark.torch
def test_torch_backend_sees_real_torch(submission):
    pytest.importorskip("torch", reason="needs real torch")
    path = submission("import torch\nVERSION = str(torch.__version__)\n")
    outcome = run_submission(path, [Call("v", "VERSION", entry_kind="variable")], backend="torch")
    assert outcome.calls["v"].value.value.startswith("2.")


def test_engine_backend_makes_import_torch_resolve_to_the_engine(submission):
    path = submission("import torch\nWHERE = torch.__file__\n")
    outcome = run_submission(path, [Call("w", "WHERE", entry_kind="variable")], backend="engine")
    assert "gradekit/engine" in outcome.calls["w"].value.value


def test_a_sandbox_that_cannot_start_in_time_fails_every_call_with_the_reason(submission, backend):
    policy = SandboxPolicy(startup_timeout=0.05)
    outcome = run_submission(
        submission("x = 1\n"), [Call("a", "x")], backend=backend, policy=policy
    )
    assert "did not start within 0.05 s" in outcome.failure
    assert outcome.calls["a"].status == "crashed"
    assert outcome.duration < 5  # the launcher was stopped, not waited for


def test_concurrent_runs_from_threads_do_not_interfere(tmp_path, backend):
    """Batch grading may run several submissions at once from a thread pool."""
    from concurrent.futures import ThreadPoolExecutor

    paths = []
    for index in range(3):
        path = tmp_path / f"student{index}.py"
        path.write_text(
            f"import os\n\ndef who():\n    return {index}\n\ndef die():\n    os._exit(1)\n"
        )
        paths.append(path)
    calls = [Call("a", "who"), Call("b", "die"), Call("c", "who")]
    with ThreadPoolExecutor(3) as pool:
        outcomes = list(pool.map(lambda p: run_submission(p, calls, backend=backend), paths))
    for index, outcome in enumerate(outcomes):
        assert outcome.calls["a"].value.value == index and outcome.calls["c"].value.value == index
        assert outcome.calls["b"].status == "crashed"


def test_after_a_crash_the_same_warm_launcher_forks_the_next_worker(submission, backend):
    path = submission(
        """
        import os

        def parent():
            return os.getppid()

        def worker():
            return os.getpid()

        def crash():
            os._exit(1)
        """
    )
    names = ["parent", "worker", "crash", "parent", "worker"]
    calls = [Call(f"{i}", name) for i, name in enumerate(names)]
    outcome = run_submission(path, calls, backend=backend)
    values = [outcome.calls[str(i)].value for i in (0, 1, 3, 4)]
    assert outcome.calls["2"].status == "crashed"
    assert values[0].value == values[2].value  # same launcher: no second Python start-up
    assert values[1].value != values[3].value  # but a fresh worker process


def test_on_outcome_is_told_each_reply_in_order_as_the_same_object_returned(submission, backend):
    path = submission(FINE_CRASH_SOURCE)
    calls = fine_crash_fine_calls()
    told = []
    outcome = run_submission(
        path, calls, backend=backend, on_outcome=lambda call_id, got: told.append((call_id, got))
    )
    # The crashed call sent no reply, so it is not announced; the others are, in order, as
    # the very objects the returned outcome holds.
    assert [call_id for call_id, _ in told] == ["a", "c"]
    assert all(outcome.calls[call_id] is got for call_id, got in told)
    assert outcome.calls["b"].status == "crashed"


def test_on_outcome_may_hear_a_forged_reply_the_returned_outcome_overrules(tmp_path, backend):
    """A call that writes its own "outcome" frame is announced with it, then found out when
    the real reply follows: the returned outcome fails the call, as a caller must check."""
    path = tmp_path / "student" / "solution.py"
    path.parent.mkdir()
    path.write_text(
        textwrap.dedent(
            """
            import json, os, struct, sys

            def forge():
                fd = int(sys.argv[sys.argv.index("--result-fd") + 1])
                forged = {"call_id": "a", "status": "ok", "value": None, "grads": {},
                          "inputs_after": {}, "exception": None, "duration": 0.0,
                          "stdout": "", "stderr": "", "graph": None}
                header = json.dumps(
                    {"v": 1, "body": {"event": "outcome", "outcome": forged}, "buffers": []}
                ).encode()
                os.write(fd, struct.pack(">4sIQ", b"GKF1", len(header), 0) + header)
                return 1
            """
        )
    )
    told = []
    outcome = run_submission(
        path, [Call("a", "forge")], backend=backend, on_outcome=lambda *args: told.append(args)
    )
    assert outcome.calls["a"].status == "invalid"
    assert [call_id for call_id, _ in told] == ["a"]
    assert told[0][1] is not outcome.calls["a"]
