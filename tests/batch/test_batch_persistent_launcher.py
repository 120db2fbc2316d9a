"""A grading slot's launcher serves several runs (:class:`PersistentLaunch`): same outcomes as a
fresh launcher per run, nothing of a run survives into the next, and a launcher is replaced
whenever a run did not end cleanly or its tree cannot be confirmed empty.

Each scenario compares runs through one persistent launcher with runs through fresh launchers
(:class:`ZygoteLaunch`), and looks at which launcher served each run (its pid).
"""

from __future__ import annotations

import ast
import hashlib
import os
import signal
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_batch_warm import picture

from gradekit.sandbox import child, layers
from gradekit.sandbox import zygote as zygote_module
from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import ArgSpec, Call
from gradekit.sandbox.runner import RunCancelled, encoded_calls
from gradekit.sandbox.warm import (
    PersistentLaunch,
    ResidentLauncher,
    WarmWorkerError,
    Zygote,
    ZygoteLaunch,
    run_submission_warm,
)

POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)

# Every kind of ending a submission can have, each printing something on the way.
SCENARIOS = {
    "correct": """
        print("loaded")

        def answer(n):
            print("answering", n)
            return n + 1
        """,
    "failing": """
        def answer(n):
            print("about to fail")
            raise ValueError(f"no answer for {n}")
        """,
    "crashing": """
        import os, sys

        def answer(n):
            print("crashing", flush=True)
            sys.stderr.write("bye\\n")
            os._exit(3)
        """,
    "timing out": """
        import time

        def answer(n):
            print("sleeping")
            time.sleep(30)
        """,
    "hanging": """
        import signal, time

        def answer(n):
            print("not stopping")
            signal.signal(signal.SIGALRM, signal.SIG_IGN)  # the worker's own timeout
            time.sleep(30)  # until the grader's deadline kills it
        """,
    "not loading": """
        raise ImportError("nothing to see")
        """,
}
CALLS = [
    Call(f"answer-{n}", "answer", args={"n": ArgSpec.python(n)}, timeout=1.0) for n in range(3)
]


@pytest.fixture(scope="module")
def zygote() -> Iterator[Zygote]:
    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as warm:
        yield warm


@pytest.fixture
def launch(zygote: Zygote) -> Iterator[PersistentLaunch]:
    persistent = PersistentLaunch(zygote)
    yield persistent
    persistent.close()


def write(folder: Path, source: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "solution.py"
    path.write_text(textwrap.dedent(source))
    return path


def run(path: Path, calls: list[Call], zygote: Zygote, launch: ZygoteLaunch, **options):
    return run_submission_warm(path, calls, zygote=zygote, policy=POLICY, launch=launch, **options)


def served_by(launch: PersistentLaunch) -> int | None:
    """The pid of the launcher the slot keeps for its next run (None: it has none)."""
    launcher = launch._launcher
    return launcher.pid if launcher is not None and launcher.reusable else None


def full_picture(outcome) -> dict:
    return {**picture(outcome), "stdout": outcome.stdout, "stderr": outcome.stderr}


def test_runs_through_one_launcher_match_fresh_launchers(tmp_path, zygote, launch):
    paths = {name: write(tmp_path / name.replace(" ", "-"), source) for name, source in
             SCENARIOS.items()}  # fmt: skip
    fresh = {name: full_picture(run(path, CALLS, zygote, ZygoteLaunch(zygote)))
             for name, path in paths.items()}  # fmt: skip
    assert fresh["correct"]["calls"]["answer-2"][:2] == ("ok", 3)
    assert fresh["timing out"]["calls"]["answer-0"][0] == "timeout"
    assert fresh["hanging"]["calls"]["answer-0"][0] == "timeout"
    assert fresh["crashing"]["calls"]["answer-0"][0] == "crashed"
    for name in [*SCENARIOS, *reversed(SCENARIOS)]:  # each kind after every other kind
        before = served_by(launch)
        assert full_picture(run(paths[name], CALLS, zygote, launch)) == fresh[name], name
        after = served_by(launch)
        if name == "hanging":
            assert after is None  # the grader killed a worker: the launcher is retired
        else:
            assert after is not None and after == (before or after)  # kept, or a fresh one


def test_the_same_launcher_serves_runs_after_crashes_and_timeouts_in_the_worker(
    tmp_path, zygote, launch
):
    correct = write(tmp_path / "a", SCENARIOS["correct"])
    crashing = write(tmp_path / "b", SCENARIOS["crashing"])
    pids = []
    slow = write(tmp_path / "c", SCENARIOS["timing out"])  # the worker's own timeout
    for path in (correct, crashing, slow, correct):
        run(path, CALLS, zygote, launch)
        pids.append(served_by(launch))
    assert pids[0] is not None and pids == [pids[0]] * 4


def test_a_run_after_a_killed_or_cancelled_run_gets_a_fresh_launcher(tmp_path, zygote, launch):
    correct = write(tmp_path / "a", SCENARIOS["correct"])
    slow = write(tmp_path / "b", SCENARIOS["hanging"])
    run(correct, CALLS, zygote, launch)
    first = served_by(launch)
    assert run(slow, CALLS, zygote, launch).calls["answer-0"].status == "timeout"
    assert run(correct, CALLS, zygote, launch).calls["answer-2"].status == "ok"
    second = served_by(launch)
    assert second not in (None, first)
    cancel = threading.Event()
    threading.Timer(0.5, cancel.set).start()
    with pytest.raises(RunCancelled):
        run(slow, CALLS, zygote, launch, cancel=cancel)
    assert served_by(launch) is None
    assert run(correct, CALLS, zygote, launch).calls["answer-2"].status == "ok"
    assert served_by(launch) not in (None, first, second)


# A call that leaves a daemon behind (double fork, new session, every descriptor closed) and
# returns its pid, and a call that tells what a later run's worker sees.
DAEMON = """
    import os, time

    def leave_daemon():
        read, write = os.pipe()
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.write(write, str(os.getpid()).encode())
                os.closerange(0, 1024)
                time.sleep(60)
            os._exit(0)
        os.close(write)
        pid = int(os.read(read, 32))
        os.wait()
        os.environ["LEFT_BY_RUN_A"] = "yes"
        with open("scratch-of-run-a.txt", "w") as file:
            file.write("secret")
        return f"{pid} {os.path.abspath('scratch-of-run-a.txt')}"
    """
INSPECT = """
    import os

    def inspect(pid, scratch_file):
        fds = []
        for fd in sorted(os.listdir("/proc/self/fd"), key=int):
            try:
                target = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                continue  # the listing's own descriptor, closed by now
            fds.append(target.split(":")[0] if ":" in target else target)
        return "|".join([
            str(os.path.exists(f"/proc/{pid}")),
            str(os.environ.get("LEFT_BY_RUN_A")),
            str(os.path.exists(scratch_file)),
            os.getcwd(),
            ",".join(fds),
        ])
    """


def inspect_calls(pid: int, scratch_file: str) -> list[Call]:
    args = {"pid": ArgSpec.python(pid), "scratch_file": ArgSpec.python(scratch_file)}
    return [Call("inspect", "inspect", args=args, timeout=5.0)]


def test_run_b_sees_nothing_of_run_a(tmp_path, zygote, launch):
    daemon = write(tmp_path / "a", DAEMON)
    inspector = write(tmp_path / "b", INSPECT)
    outcome = run(daemon, [Call("daemon", "leave_daemon", timeout=5.0)], zygote, launch)
    pid_text, scratch_file = outcome.calls["daemon"].value.value.split(" ")
    pid = int(pid_text)
    launcher = served_by(launch)
    assert launcher is not None
    assert not os.path.exists(f"/proc/{pid}")  # killed and reaped before the run was over
    seen = run(inspector, inspect_calls(pid, scratch_file), zygote, launch)
    assert served_by(launch) == launcher  # the same launcher served run B (other calls, too)
    alive, environment, scratch_seen, cwd, fds = seen.calls["inspect"].value.value.split("|")
    assert (alive, environment, scratch_seen) == ("False", "None", "False")
    assert cwd != os.path.dirname(scratch_file)
    # Exactly the descriptors of a fresh launcher's worker: stdin, stdout, stderr, the result
    # pipe (and the listing's own), never the launcher's control socket or run A's pipes.
    fresh = run(inspector, inspect_calls(pid, scratch_file), zygote, ZygoteLaunch(zygote))
    assert fds == fresh.calls["inspect"].value.value.split("|")[4]
    assert "socket" not in fds and fds.count("pipe") == 3


class UncheckedLaunch(PersistentLaunch):
    """Launchers forked from this process, whose run leaves its descendants alive (no
    kill_descendants), so the launcher's own check finds a child left after the run."""

    def __init__(self, zygote: Zygote, calls: list[Call], monkeypatch) -> None:
        super().__init__(zygote)
        self.digest = hashlib.sha256(encoded_calls(calls)).hexdigest()
        self.calls = calls
        self.monkeypatch = monkeypatch
        self.forked: list[int] = []

    def _new_launcher(self) -> ResidentLauncher:
        import socket

        grader_end, launcher_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.monkeypatch.setattr(layers, "kill_descendants", lambda *_, **__: 0)
        self.monkeypatch.setitem(child.PRELOADED_CALLS, self.digest, self.calls)
        pid = os.fork()
        if pid == 0:
            try:
                # Only the control socket, as in a launcher forked by the zygote (this process
                # holds the grader's ends of the run's pipes).
                child.close_inherited_fds(launcher_end.fileno())
                os.setsid()
                os._exit(zygote_module._serve_runs([launcher_end.fileno()]))
            finally:
                os._exit(70)
        self.monkeypatch.undo()
        launcher_end.close()
        self.forked.append(pid)
        launcher = ResidentLauncher(grader_end, -1, frozenset({self.digest}))
        launcher.attach(pid, os.pidfd_open(pid))
        return launcher


def test_a_launcher_that_cannot_confirm_its_tree_is_empty_is_not_reused(
    tmp_path, zygote, monkeypatch
):
    daemon = write(tmp_path / "a", DAEMON)
    calls = [Call("daemon", "leave_daemon", timeout=5.0)]
    launch = UncheckedLaunch(zygote, calls, monkeypatch)
    daemons = []
    try:
        for _ in range(2):
            outcome = run(daemon, calls, zygote, launch)
            assert outcome.calls["daemon"].status == "ok"
            daemons.append(int(outcome.calls["daemon"].value.value.split(" ")[0]))
            assert served_by(launch) is None  # it found the daemon: not reused
        assert len(set(launch.forked)) == 2
        for pid in launch.forked:
            _, status = os.waitpid(pid, 0)
            assert os.waitstatus_to_exitcode(status) == zygote_module.EXIT_INTERNAL_ERROR
    finally:
        launch.close()
        for pid in daemons:
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass


def test_launchers_exit_when_the_zygote_closes(tmp_path):
    correct = write(tmp_path / "a", SCENARIOS["correct"])
    with Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers) as warm:
        launch = PersistentLaunch(warm)
        for _ in range(3):
            run(correct, CALLS, warm, launch)
        launcher = served_by(launch)
        assert launcher is not None and os.path.exists(f"/proc/{launcher}")
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{launcher}") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{launcher}")
    launch.close()


def test_a_slot_without_a_live_zygote_gets_a_clear_error(tmp_path):
    correct = write(tmp_path / "a", SCENARIOS["correct"])
    warm = Zygote("engine", bubblewrap="bubblewrap" in POLICY.layers)
    launch = PersistentLaunch(warm)
    try:
        os.killpg(warm.process.pid, signal.SIGKILL)
        warm.process.wait()
        with pytest.raises(WarmWorkerError):
            run(correct, CALLS, warm, launch)
    finally:
        launch.close()
        warm.close()


ENVIRONMENT = """
    import os

    def environment():
        return repr(sorted(os.environ.items())) + "|" + os.getcwd()
    """


def test_each_run_sees_exactly_the_environment_of_a_fresh_launchers_run(tmp_path, zygote, launch):
    """The launcher changes only the variables that differ between runs (HOME, TMPDIR...): each
    run's worker still sees exactly what a fresh launcher's worker sees, its own scratch
    directory in every variable that names one."""
    reader = write(tmp_path / "a", ENVIRONMENT)
    calls = [Call("environment", "environment", timeout=5.0)]

    def seen(strategy) -> tuple[list, str]:
        outcome = run(reader, calls, zygote, strategy)
        items, cwd = outcome.calls["environment"].value.value.split("|")
        # Each run has its own scratch directory: compare with it replaced by a placeholder.
        pairs = ast.literal_eval(items)
        return [(name, value.replace(cwd, "<scratch>")) for name, value in pairs], cwd

    fresh, fresh_cwd = seen(ZygoteLaunch(zygote))
    assert ("HOME", "<scratch>") in fresh and ("TMPDIR", "<scratch>") in fresh
    directories = {fresh_cwd}
    pids = set()
    for _ in range(3):
        environment, cwd = seen(launch)
        assert environment == fresh
        directories.add(cwd)
        pids.add(served_by(launch))
    assert len(directories) == 4 and len(pids) == 1 and None not in pids
