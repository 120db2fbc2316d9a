"""The throughput shortcuts of batch grading change nothing but the cost.

Each shortcut is checked against the slow path it replaces: the seccomp program compiled once
per zygote (and made ready by each launcher for its own pid) against libseccomp's own program
for the same pid, the launcher's objects frozen in each worker, the layers report a zygote
encodes once against what a worker's layers report, the cached encoding of a batch's calls
against a fresh encoding, static checks on a shared parse against checks on the text, the
bit-identical shortcut of array comparison against the tolerance rule, and the /proc-free
``kill_descendants`` against a real orphaned grandchild. The warm path's isolation itself is
covered by test_batch_warm.py.
"""

from __future__ import annotations

import ast
import os
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.grading.cases import build_plan
from gradekit.grading.compare import compare_arrays
from gradekit.grading.static import check_static, parse_source
from gradekit.sandbox import layers, runner
from gradekit.sandbox.protocol import ArgSpec, Call, encode_calls
from gradekit.spec import load_assignment

ROOT = Path(__file__).resolve().parents[2]


def libseccomp_available() -> bool:
    try:
        layers._load_libseccomp()
    except OSError:
        return False
    return True


needs_libseccomp = pytest.mark.skipif(
    not libseccomp_available(), reason="compiling seccomp programs needs libseccomp"
)


@pytest.fixture(scope="module")
def template() -> layers.SeccompTemplate:
    return layers.build_seccomp_template()


@needs_libseccomp
@settings(max_examples=25, deadline=None)
@given(pid=st.integers(min_value=1, max_value=2**22))
def test_the_seccomp_template_is_libseccomps_program_for_every_pid(template, pid: int) -> None:
    assert template.program_for(pid) == layers.compile_seccomp(pid)
    # And so is the zygote's program in C memory once a launcher wrote its pid into it.
    program = layers.LoadableProgram(template)
    program.protect(pid)
    assert program._instructions.raw == layers.compile_seccomp(pid)


def _in_a_fork(action) -> str:
    """Run ``action()`` in a forked child and return what it wrote (its str), or the type of
    what it raised."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            try:
                answer = str(action())
            except BaseException as error:
                answer = type(error).__name__
            os.write(write_end, answer.encode())
        finally:
            os._exit(0)
    os.close(write_end)
    os.waitpid(pid, 0)
    answer = os.read(read_end, 1 << 16).decode()
    os.close(read_end)
    return answer


def _refusals(*attempts) -> str:
    """For each attempt, "denied" (it raised PermissionError) or "allowed", comma-separated."""
    results = []
    for attempt in attempts:
        try:
            attempt()
            results.append("allowed")
        except PermissionError:
            results.append("denied")
    return ",".join(results)


@needs_libseccomp
def test_a_worker_under_the_prepared_filter_cannot_signal_its_launcher() -> None:
    """Load the prepared program in a forked child: the protected pid and the network are
    refused, as with libseccomp's own seccomp_load."""
    import socket

    def worker() -> str:
        layers.prepare_seccomp()
        layers.apply_seccomp(os.getppid())
        return _refusals(
            lambda: os.kill(os.getppid(), 0),
            lambda: socket.socket(socket.AF_INET),
            lambda: os.kill(os.getpid(), 0),
        )

    assert _in_a_fork(worker) == "denied,denied,allowed"


@needs_libseccomp
def test_a_launcher_prepared_seccomp_program_is_libseccomps_and_still_protects_it() -> None:
    """A launcher prepares its workers' seccomp program for its own pid before forking them
    (prepare_for_workers): the program is libseccomp's for that pid, and a worker that loads
    it still cannot signal the launcher, open a network socket or signal a process group."""
    import socket

    def launcher() -> str:
        layers.prepare_seccomp()  # as a warm zygote does
        layers.prepare_for_workers(["seccomp"], os.getpid())
        prepared = layers.loadable_seccomp_program(os.getpid())
        same = prepared._instructions.raw == layers.compile_seccomp(os.getpid())

        def worker() -> str:
            # The program the launcher prepared, already for this pid: nothing to rewrite.
            ready = prepared.protected_pid == os.getppid()
            layers.apply_seccomp(os.getppid())
            return f"ready={ready}," + _refusals(
                lambda: os.kill(os.getppid(), 0),
                lambda: os.kill(-os.getppid(), 0),
                lambda: socket.socket(socket.AF_INET),
                lambda: os.kill(os.getpid(), 0),
            )

        return f"same={same} " + _in_a_fork(worker)

    assert _in_a_fork(launcher) == "same=True ready=True,denied,denied,denied,allowed"


@needs_libseccomp
def test_a_worker_whose_launcher_is_gone_protects_its_new_parent() -> None:
    """The prepared program protects the pid it was made for: a worker whose getppid() is
    another pid (its launcher died) gets the program for that pid, as before."""

    def launcher() -> str:
        layers.prepare_seccomp()
        layers.prepare_for_workers(["seccomp"], os.getpid())
        other = os.getpid() + 1
        program = layers.loadable_seccomp_program(other)
        return str(program._instructions.raw == layers.compile_seccomp(other))

    assert _in_a_fork(launcher) == "True"


def test_a_worker_starts_with_its_launchers_objects_out_of_its_collector(monkeypatch) -> None:
    """_fork_worker freezes what the launcher left in the collector's young generations: the
    worker's collector neither traverses nor finalizes it (and so does not copy its pages)."""
    import gc
    import types

    from gradekit.sandbox import child

    class LauncherObject:
        pass

    def run_worker(config, calls, view, result_fd) -> None:
        young = [item for item in gc.get_objects() if isinstance(item, LauncherObject)]
        os.write(result_fd, f"{len(young)} {gc.get_count()[0] < 50}".encode())
        os._exit(0)

    monkeypatch.setattr(child, "run_worker", run_worker)
    read_end, write_end = os.pipe()
    launcher_object = LauncherObject()
    launcher_object.cycle = launcher_object  # tracked by the collector, in a young generation
    assert any(item is launcher_object for item in gc.get_objects())
    pid = child._fork_worker({}, [], None, types.SimpleNamespace(result_fd=write_end))
    os.close(write_end)
    os.waitpid(pid, 0)
    answer = os.read(read_end, 100).decode()
    os.close(read_end)
    assert answer == "0 True"


@pytest.mark.parametrize(
    "enabled",
    [layers.ALL_CHILD_LAYERS, ("rlimits", "seccomp"), ("landlock",), ()],
    ids=["all", "rlimits+seccomp", "landlock", "none"],
)
def test_the_layers_a_zygote_expects_are_those_a_worker_reports(tmp_path, enabled) -> None:
    """layers_in_force (the report a zygote encodes once for its workers) is what
    apply_layers reports in a fork where every enabled layer applies, in the same order; and
    the remembered frames are the ones the encoder writes."""
    from gradekit.sandbox.protocol import encode_frame, encode_layers_event, encode_loaded_event

    def worker() -> str:
        applied, failed = layers.apply_layers(
            enabled,
            layers.Limits(),
            layers.FilesystemView(runner.readable_paths(), (str(tmp_path), "/dev/null")),
            protected_pid=os.getppid(),
        )
        return f"{applied} {failed}"

    reported = _in_a_fork(worker)
    if not reported.endswith(" {}"):
        pytest.skip(f"a layer does not apply on this machine: {reported}")
    assert reported == f"{layers.layers_in_force(enabled)} {{}}"
    applied = layers.layers_in_force(enabled)
    for failed in ({}, {"seccomp": "OSError: [Errno 22] refused"}):
        body = {"event": "layers", "applied": applied, "failed": failed}
        assert encode_layers_event(applied, failed) == encode_frame(body)
        assert encode_layers_event(list(applied), dict(failed)) == encode_frame(body)
    assert encode_loaded_event(None) == encode_frame({"event": "loaded", "error": None})


def _calls(count: int) -> list[Call]:
    data = np.arange(12, dtype=np.float32).reshape(3, 4)
    return [Call(f"c{i}", "f", args={"t": ArgSpec.tensor(data + i)}) for i in range(count)]


def test_the_encoded_calls_of_a_batch_are_reused_only_for_the_same_calls() -> None:
    calls = _calls(5)
    first = runner.encoded_calls(calls)
    assert first == encode_calls(calls)
    assert runner.encoded_calls(list(calls)) is first  # same Call objects: reused
    different = _calls(5)  # equal ids, other objects (other arrays): encoded again
    different[2] = Call("c2", "f", args={"t": ArgSpec.tensor(np.zeros(2, np.float32))})
    assert runner.encoded_calls(different) == encode_calls(different) != first
    assert runner.encoded_calls(calls[1:]) == encode_calls(calls[1:])  # resumed after a crash


def _submissions() -> list[str]:
    """The solution and some students' variations of it, as the benchmark writes them."""
    solution = (ROOT / "solutions" / "tensor_indexing.py").read_text()
    return [
        solution,
        solution.replace("return t[::2]", "for row in t:\n        pass\n    return t[::2]"),
        solution + "\nimport numpy as np\nfrom torch import broadcast_shapes as bs\n",
        solution + "\ndef broken(:\n",
    ]


@pytest.mark.parametrize(
    "source", _submissions(), ids=["solution", "a_loop", "forbidden_import", "syntax_error"]
)
def test_static_checks_on_a_shared_parse_equal_checks_on_the_text(source: str) -> None:
    plans = build_plan(load_assignment(ROOT / "exercises" / "tensor-indexing.yaml"))
    parsed = parse_source(source)
    assert any(plan.rules.forbid or plan.rules.max_statements for plan in plans)
    for plan in plans:
        entry = plan.exercise.entry_name
        assert check_static(parsed, entry, plan.rules) == check_static(source, entry, plan.rules)


def test_the_shared_parse_keeps_the_imports_and_survives_syntax_errors() -> None:
    parsed = parse_source("import torch as T\nfrom torch import nn\n")
    assert isinstance(parsed.module, ast.Module)
    assert parsed.aliases == {"T": "torch", "nn": "torch.nn"}
    assert parse_source("def f(:\n").module is None


floats = st.floats(allow_nan=True, allow_infinity=True, width=32)


@given(st.lists(floats, min_size=1, max_size=6), st.lists(floats, min_size=1, max_size=6))
def test_the_bit_identical_shortcut_agrees_with_the_tolerance_rule(a, b) -> None:
    expected = np.array(a, dtype=np.float32)
    got = np.array(b[: len(a)] + a[len(b) :], dtype=np.float32)
    close = bool(np.all(np.isclose(got, expected, rtol=1.3e-6, atol=1e-5, equal_nan=True)))
    assert (compare_arrays(expected, got) is None) == close
    assert compare_arrays(expected, expected.copy()) is None


def test_kill_descendants_without_children_still_kills_an_orphaned_grandchild() -> None:
    read_end, write_end = os.pipe()
    launcher = os.fork()
    if launcher == 0:  # a launcher: subreaper, whose worker leaves a daemon behind
        try:
            layers.set_child_subreaper()
            worker = os.fork()
            if worker == 0:
                if os.fork() == 0:
                    time.sleep(60)
                os._exit(0)
            os.waitpid(worker, 0)
            first = layers.kill_descendants()  # the daemon is now our child: killed
            second = layers.kill_descendants()  # nothing left: the fast path
            os.write(write_end, f"{first},{second}".encode())
        finally:
            os._exit(0)
    os.close(write_end)
    os.waitpid(launcher, 0)
    answer = os.read(read_end, 100).decode()
    os.close(read_end)
    assert answer == "1,0"


def test_the_warm_path_uses_only_the_runners_public_names() -> None:
    tree = ast.parse((ROOT / "gradekit" / "sandbox" / "warm.py").read_text())
    imported = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "gradekit.sandbox.runner"
        for alias in node.names
    ]
    assert imported and not [name for name in imported if name.startswith("_")]
    batch = (ROOT / "gradekit" / "grading" / "batch.py").read_text()
    assert "pipeline._" not in batch


def test_workers_reuse_the_parents_probe_of_the_machine() -> None:
    import json
    from dataclasses import asdict

    from gradekit.grading.batch import PolicySettings
    from gradekit.sandbox.policy import ProbeResult, SandboxPolicy, probe_policy

    parent = PolicySettings(disabled_layers=("capabilities",)).with_probe(probe_policy().probe)
    # What a worker receives on its command line.
    worker = PolicySettings(**json.loads(json.dumps(asdict(parent)))).build()
    local = SandboxPolicy(require_tier=1, disabled_layers=frozenset({"capabilities"}))
    assert (worker.layers, worker.degraded, worker.tier) == (
        local.layers,
        local.degraded,
        local.tier,
    )
    # The probe result is really the one passed, not a new probe.
    weak = PolicySettings().with_probe(ProbeResult(("rlimits",), {"seccomp": "no libseccomp"}))
    policy = weak.build()
    assert policy.layers == ("process", "rlimits") and policy.tier == 0
    assert policy.degraded["seccomp"] == "no libseccomp"
