"""The workers' zygotes started first thing by `gradekit grade` (BatchZygotes): each forked
worker takes one over; a batch that uses them stores exactly what one that does not stores,
counts their launchers' CPU, and leaves no process behind; zygotes nobody takes are killed."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import pytest
from batch_rows import submission_rows, write_class

from gradekit.grading import early_sandbox
from gradekit.grading.batch import PolicySettings, SubmissionEntry, WorkerPool, grade_batch
from gradekit.grading.early_sandbox import BatchZygotes
from gradekit.grading.submission import SUBMISSION_SUFFIXES
from gradekit.sandbox.environment import resolve_backend
from gradekit.sandbox.policy import SandboxPolicy
from gradekit.spec.discovery import assignment_header

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="batch grading needs Linux"
)

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "exercises" / "tensor-indexing.yaml"


def _bubblewrap() -> bool:
    return "bubblewrap" in SandboxPolicy().layers


def _rows(db: Path) -> dict:
    connection = sqlite3.connect(db)
    connection.row_factory = sqlite3.Row
    try:
        return submission_rows(connection)
    finally:
        connection.close()


def _reaped(pids: list[int]) -> bool:
    """Whether none of ``pids`` is still this process's child (running or a zombie)."""
    for pid in pids:
        try:
            if os.waitpid(pid, os.WNOHANG) == (0, 0):
                return False
        except ChildProcessError:
            continue
        return False  # it was a zombie nobody reaped
    return True


def test_a_batch_on_early_zygotes_stores_what_one_without_them_stores(tmp_path: Path) -> None:
    folder = write_class(tmp_path, copies=2)
    plain = grade_batch(folder, SPEC, db_path=tmp_path / "plain.sqlite", jobs=2)
    with BatchZygotes("engine", bubblewrap=_bubblewrap(), count=2) as zygotes:
        pids = [zygote.process.pid for zygote in zygotes._zygotes]
        early = grade_batch(
            folder, SPEC, db_path=tmp_path / "early.sqlite", jobs=2, zygotes=zygotes
        )
        assert zygotes._zygotes == []  # both workers took theirs
    assert early.graded == plain.graded == 8 and early.grader_errors == []
    assert _rows(tmp_path / "early.sqlite") == _rows(tmp_path / "plain.sqlite")
    assert _reaped(pids), "an adopted zygote was left for the grader to reap"
    # The parent reaped the zygotes: their launchers' CPU is still counted.
    assert early.cpu_seconds["launchers"]["grading"] > 0
    assert early.cpu_seconds["zygotes"]["start"] > 0


def test_a_batch_with_nothing_to_grade_stops_its_zygotes_at_once(tmp_path: Path) -> None:
    folder = write_class(tmp_path)
    db = tmp_path / "book.sqlite"
    assert grade_batch(folder, SPEC, db_path=db, jobs=1).graded == 4
    zygotes = BatchZygotes("engine", bubblewrap=_bubblewrap(), count=1)
    pid = zygotes._zygotes[0].process.pid
    again = grade_batch(folder, SPEC, db_path=db, jobs=1, zygotes=zygotes)
    assert again.skipped == 4 and again.graded == 0
    assert zygotes._zygotes == [] and _reaped([pid])  # before the caller closes them


def test_zygotes_for_another_sandbox_are_not_taken_but_killed(tmp_path: Path) -> None:
    folder = write_class(tmp_path)
    entries = [(SubmissionEntry(p.stem, p, p), "hash") for p in sorted(folder.iterdir())]
    zygotes = BatchZygotes("engine", bubblewrap=not _bubblewrap(), count=1)
    pid = zygotes._zygotes[0].process.pid
    assert zygotes.take("engine", bubblewrap=_bubblewrap()) is None
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=1, fork=True, zygotes=zygotes) as pool:
        answers = list(pool.grade(entries))
    assert all(answer.rows is not None for answer in answers) and len(answers) == 4
    assert zygotes._zygotes == [] and _reaped([pid])


def test_spawned_workers_start_their_own_zygotes(tmp_path: Path) -> None:
    folder = write_class(tmp_path)
    entries = [(SubmissionEntry(p.stem, p, p), "hash") for p in sorted(folder.iterdir())]
    zygotes = BatchZygotes("engine", bubblewrap=_bubblewrap(), count=1)
    pid = zygotes._zygotes[0].process.pid
    with WorkerPool(SPEC, "engine", PolicySettings(), jobs=1, fork=False, zygotes=zygotes) as pool:
        answers = list(pool.grade(entries))
    assert all(answer.rows is not None for answer in answers) and len(answers) == 4
    assert zygotes._zygotes == [] and _reaped([pid])


def test_a_worker_killed_outright_takes_its_adopted_zygote_with_it(tmp_path: Path) -> None:
    """The adopted zygote is the parent's child, not the worker's: it stops when its channel
    closes (its worker is the only one holding it) and the pool reaps it."""
    zygotes = BatchZygotes("engine", bubblewrap=_bubblewrap(), count=2)
    pids = [zygote.process.pid for zygote in zygotes._zygotes]
    pool = WorkerPool(SPEC, "engine", PolicySettings(), jobs=2, fork=True, zygotes=zygotes)
    pool.kill()
    assert _reaped(pids)


def test_early_zygotes_start_only_when_their_sandbox_is_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = write_class(tmp_path)  # 4 submissions
    (folder / "notes.txt").write_text("not a submission")
    (folder / "_template.py").write_text("")
    monkeypatch.setattr(early_sandbox, "cached_bubblewrap", lambda *_: None)
    assert BatchZygotes.start(folder, SPEC, backend="engine", jobs=2) is None  # no probe cached
    monkeypatch.setattr(early_sandbox, "cached_bubblewrap", lambda *_: _bubblewrap())
    assert BatchZygotes.start(tmp_path / "missing", SPEC, backend="engine", jobs=2) is None
    for jobs, started in ((2, 2), (9, 4), (1, 1)):
        with BatchZygotes.start(folder, SPEC, backend="engine", jobs=jobs) as zygotes:
            assert zygotes.backend == "engine" and len(zygotes._zygotes) == started
    with BatchZygotes.start(folder, SPEC, backend=None, jobs=1) as zygotes:  # the spec's
        assert zygotes.backend == resolve_backend(assignment_header(SPEC)["backend"])


def test_the_quick_count_knows_the_submission_suffixes() -> None:
    assert early_sandbox._SUBMISSION_SUFFIXES == SUBMISSION_SUFFIXES


def test_a_plain_grade_imports_nothing_of_the_check_command(tmp_path: Path) -> None:
    """`gradekit grade` loads neither the check server's client nor the check command, and its
    grader no longer imports the sandbox's executor (child-side code) for a constant."""
    import subprocess

    probe = (
        "import os, sys\n"
        "def exit_now(code):\n"
        "    raise SystemExit(code)\n"
        "os._exit = exit_now  # the grade ends without teardown: see what it imported\n"
        "from gradekit.__main__ import main\n"
        f"sys.argv = ['gradekit', 'grade', {str(tmp_path / 'missing')!r}, '-a', {str(SPEC)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exit:\n"
        "    assert exit.code == 2, exit.code\n"
        "import gradekit.grading.batch\n"
        "print(sorted(m for m in sys.modules if m.startswith(('gradekit.check_server', "
        "'gradekit.check_command', 'gradekit.sandbox.executor'))))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


@pytest.mark.parametrize("preset", [{}, {"OPENBLAS_NUM_THREADS": "4"}])
def test_a_plain_grade_imports_numpy_single_threaded(tmp_path: Path, preset: dict) -> None:
    """The batch parent imports numpy with one BLAS thread (a multi-threaded BLAS spins on the
    cores where the zygotes import; the forked workers inherit it), unless the user chose a
    count, and the environment is the user's again afterwards, as for `gradekit check`."""
    import json
    import subprocess

    names = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    empty = tmp_path / "class"
    empty.mkdir()
    probe = (
        "import json, os, sys\n"
        "def exit_now(code):\n"
        "    raise SystemExit(code)\n"
        "os._exit = exit_now\n"
        "seen = {}\n"
        "real_import = __builtins__.__import__\n"
        "def spy(name, *args, **kwargs):\n"
        "    if name == 'numpy' and 'numpy' not in sys.modules and not seen:\n"
        f"        seen.update({{v: os.environ.get(v) for v in {names!r}}})\n"
        "    return real_import(name, *args, **kwargs)\n"
        "__builtins__.__import__ = spy\n"
        "from gradekit.__main__ import main\n"
        f"sys.argv = ['gradekit', 'grade', {str(empty)!r}, '-a', {str(SPEC)!r}, '--db', "
        f"{str(tmp_path / 'g.sqlite')!r}, '--json']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exit:\n"
        # An empty class is refused (exit 2), after the start-up this test looks at.
        "    assert exit.code == 2, exit.code\n"
        f"after = {{v: os.environ.get(v) for v in {names!r}}}\n"
        "sys.stderr.write(json.dumps({'during': seen, 'after': after}))\n"
    )
    environment = {name: value for name, value in os.environ.items() if name not in names}
    environment.update(preset)
    completed = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=environment
    )
    assert completed.returncode == 0, completed.stderr
    report = json.loads(completed.stderr.strip().splitlines()[-1])
    assert report["during"] == {name: preset.get(name, "1") for name in names}
    assert report["after"] == {name: preset.get(name) for name in names}


def test_the_batch_parent_does_not_import_argparse() -> None:
    """Only a spawned worker parses a command line (worker_main): the batch's parent and its
    forked workers never need argparse (and gettext), about 5 M instructions of start-up."""
    import subprocess

    probe = (
        "import sys\n"
        "import gradekit.grading.batch\n"
        "print(sorted({'argparse', 'gettext'} & set(sys.modules)))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


def test_the_workers_get_their_tasks_before_the_callers_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The submissions are queued as soon as the workers are up, so they grade while the
    caller starts its progress bar (about 28 ms of rich) and the expected answers are
    written; the stored rows are those of a batch that queues them afterwards."""
    folder = write_class(tmp_path, copies=1)
    plain = grade_batch(folder, SPEC, db_path=tmp_path / "plain.sqlite", jobs=2)
    events: list[str] = []
    submit = WorkerPool.submit

    def recorded_submit(self: WorkerPool, entries: list) -> None:
        events.append(f"submit {len(entries)}")
        submit(self, entries)

    monkeypatch.setattr(WorkerPool, "submit", recorded_submit)
    early = grade_batch(
        folder,
        SPEC,
        db_path=tmp_path / "early.sqlite",
        jobs=2,
        on_start=lambda to_grade, skipped: events.append(f"start {to_grade}"),
    )
    assert events == [f"submit {plain.graded}", f"start {plain.graded}"]
    assert early.graded == plain.graded > 0
    assert _rows(tmp_path / "early.sqlite") == _rows(tmp_path / "plain.sqlite")
