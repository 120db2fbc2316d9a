"""Batch grading: find every student's submission in a folder and grade them all in parallel.

Student ids (docs/batch.md): every visible entry of the SUBMISSIONS folder is one student.

* a file ``alice.py`` or ``bob.ipynb`` is graded as is; the student id is the file name
  without its extension (``alice``, ``bob``);
* a folder ``carol/`` (a copied folder or a cloned repository) is student ``carol``; inside it
  the graded file is the assignment's ``student_file`` (e.g. ``exercise.py``, or a notebook of
  the same stem), looked for at the top first and then in sub-folders, shallowest first;
  failing that, the only ``.py``/``.ipynb`` file of the folder;
* entries starting with ``.`` or ``_`` (``.git``, ``__pycache__``) and files that are neither
  ``.py`` nor ``.ipynb`` are ignored and listed as such; two entries with the same id
  (``alice.py`` and ``alice/``) are an error;
* a symbolic link is never graded (it could point at the reference solution): the entry is
  reported as not graded.

Parallelism: ``jobs`` worker processes (``python -m gradekit.grading.batch``), each of which
loads the spec, computes the reference answers once and keeps a warm
:class:`~gradekit.sandbox.warm.Zygote`. Each grading slot (``slots`` per worker) keeps one
launcher forked by the zygote across its submissions
(:class:`~gradekit.sandbox.warm.PersistentLaunch`), so a submission costs one fork (its
sandboxed worker) rather than a fresh interpreter with numpy. Workers read tasks as JSON lines
on stdin and answer with JSON lines on stdout; when the grader dies their stdin closes and they
exit, taking their zygote with them.
The parent alone writes the gradebook, one transaction per submission, in completion order.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import os
import queue
import resource
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import gradekit
from gradekit.gradebook.records import (
    SummaryReceiver,
    SummarySender,
    expected_answers,
    graded_rows,
    rows_outline,
)
from gradekit.gradebook.store import Gradebook
from gradekit.grading import pipeline
from gradekit.grading.batch_shape import SUBMISSIONS_PER_WORKER, worker_count
from gradekit.grading.plan_cache import load_compiled
from gradekit.grading.plans import CompiledAssignment, ExercisePlan, plan_calls
from gradekit.grading.reference import (
    ReferenceAnswers,
    ReferenceSolutionError,
    reference_answers,
)
from gradekit.grading.submission import (
    SUBMISSION_SUFFIXES,
    SubmissionError,
    SubmissionSource,
    load_submission,
)
from gradekit.grading.verdicts import AssignmentResult
from gradekit.sandbox.layers import descendants_of
from gradekit.sandbox.policy import (
    ProbeResult,
    SandboxPolicy,
    forget_contradicted_probe,
    known_probe,
    probe_layers,
)
from gradekit.sandbox.protocol import (
    CallOutcome,
    ExceptionInfo,
    IsolationReport,
    SubmissionOutcome,
)
from gradekit.sandbox.runner import RunCancelled, encoded_calls
from gradekit.sandbox.warm import PersistentLaunch, WarmWorkerError, Zygote, run_submission_warm
from gradekit.spec.cache import cache_directory

if TYPE_CHECKING:
    from gradekit.grading.early_sandbox import BatchZygotes

WORKER_DIED = "the grading worker process died (see the messages above); run again to retry"
WORKER_FINISH_TIMEOUT = 60.0
# After Ctrl-C the runs in flight are cancelled (the runner stops one within a quarter of a
# second, its processes gone) and the workers exit; one that takes longer than this is killed.
WORKER_CANCEL_TIMEOUT = 10.0
# How long killing a worker's process tree may keep finding new processes (a fork bomb).
KILL_TREE_TIMEOUT = 5.0


class BatchError(RuntimeError):
    """The batch cannot start: unreadable folder, clashing student ids, dead workers."""


# --------------------------------------------------------------------------------------------
# Discovery
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SubmissionEntry:
    """One student's entry of the SUBMISSIONS folder and the file that will be graded."""

    student: str
    entry: Path  # the file or folder in SUBMISSIONS
    path: Path | None  # the graded .py / .ipynb (None when the folder has no usable file)
    problem: str | None = None  # why ``path`` is None

    def content_hash(self) -> str:
        """sha256 of the graded file's name (within the entry) and bytes."""
        digest = hashlib.sha256()
        if self.path is None:
            digest.update(f"no-file:{self.problem}".encode())
            return digest.hexdigest()
        relative = self.path.name if self.path == self.entry else self.path.relative_to(self.entry)
        digest.update(str(relative).encode() + b"\0")
        digest.update(self.path.read_bytes())
        return digest.hexdigest()


@dataclass
class Discovery:
    entries: list[SubmissionEntry] = field(default_factory=list)
    ignored: list[Path] = field(default_factory=list)


def _hashed(entry: SubmissionEntry) -> tuple[SubmissionEntry, str]:
    """``(entry, content hash)``; an unreadable file makes the entry one that is not graded."""
    try:
        return entry, entry.content_hash()
    except OSError as error:
        unreadable = replace(entry, path=None, problem=f"{entry.path}: {error.strerror}")
        return unreadable, unreadable.content_hash()


def _no_entries_message(folder: Path, ignored: list[Path]) -> str:
    """Why a SUBMISSIONS folder without one student entry grades nothing, and what to do."""
    message = (
        f"{folder}: no student entries (expected one .py or .ipynb file, or one folder, per "
        "student); nothing was graded"
    )
    if ignored:
        names = ", ".join(shown_name(path.name) for path in ignored[:5])
        more = f" and {len(ignored) - 5} more" if len(ignored) > 5 else ""
        message += f"; ignored: {names}{more}"
        if any(path.suffix.lower() in ARCHIVE_SUFFIXES for path in ignored):
            message += " (extract the archives first, one folder or file per student)"
    return message


ARCHIVE_SUFFIXES = frozenset({".zip", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar"})


def student_id(entry: Path) -> str:
    """The student id of a SUBMISSIONS entry: a file's name without extension, a folder's name."""
    return entry.stem if entry.is_file() else entry.name


def discover_submissions(folder: Path, student_file: str | None = None) -> Discovery:
    """Every student entry of ``folder`` (rules in the module docstring), sorted by id."""
    folder = Path(folder)
    if not folder.is_dir():
        raise BatchError(f"{folder}: expected a folder with one entry per student")
    found = Discovery()
    owners: dict[str, Path] = {}
    try:
        listing = sorted(folder.iterdir())
    except OSError as error:
        raise BatchError(
            f"{folder}: cannot read the folder ({error.strerror}); make it readable "
            f"(chmod u+rx {folder}) and grade again"
        ) from error
    for entry in listing:
        if entry.name.startswith((".", "_")):
            found.ignored.append(entry)
            continue
        if entry.is_file() and entry.suffix not in SUBMISSION_SUFFIXES:
            found.ignored.append(entry)
            continue
        if not entry.is_file() and not entry.is_dir():
            found.ignored.append(entry)
            continue
        student = student_id(entry)
        if student in owners:
            raise BatchError(
                f"{folder}: both {owners[student].name!r} and {entry.name!r} belong to student "
                f"{student!r}; keep one entry per student"
            )
        owners[student] = entry
        if entry.is_symlink():
            path, problem = None, _LINK_PROBLEM % entry.name
        elif entry.is_file():
            path, problem = entry, None
        else:
            path, problem = _file_in_folder(entry, student_file)
        graded = entry.name if path is None else str(path.relative_to(folder))
        if not is_text(graded):
            path, problem = None, _NOT_TEXT_PROBLEM % shown_name(graded)
        found.entries.append(
            SubmissionEntry(shown_name(student), entry, path, problem and shown_name(problem))
        )
    if len(found.entries) == 1:  # perhaps the class's folder, one level too high
        found.entries[0] = _maybe_the_class_itself(folder, found.entries[0])
    return found


def _maybe_the_class_itself(folder: Path, only: SubmissionEntry) -> SubmissionEntry:
    """The only entry of ``folder``, its reason extended when it is a folder of several
    student-like files (an LMS download unpacked into a folder of its own): the instructor
    most likely meant that folder as SUBMISSIONS."""
    if only.path is not None or only.problem is None or only.entry.is_symlink():
        return only
    try:
        files = [p for p in only.entry.iterdir() if p.suffix in SUBMISSION_SUFFIXES]
    except OSError:
        return only
    if len(files) < 2:
        return only
    inner = shown_name(str(folder / only.entry.name))
    hint = (
        f"; if {only.entry.name}/ holds the whole class (one file per student), grade that "
        f"folder: gradekit grade {inner}/"
    )
    return replace(only, problem=only.problem + hint)


# A name that is not UTF-8 (a zip made with another code page) cannot be stored as text.
_NOT_TEXT_PROBLEM = (
    "%s: the name is not valid UTF-8 (its other bytes are shown as \\xNN); rename it and "
    "grade again"
)


def is_text(name: str) -> bool:
    """Whether a file name is UTF-8 text (os.fsdecode keeps other bytes as surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown_name(name: str) -> str:
    """``name`` as text that can be stored and printed: the bytes of a file name that is not
    UTF-8 written as ``\\xNN``."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


# A link could point anywhere the grader can read, e.g. at the reference solution.
_LINK_PROBLEM = "%s is a symbolic link; put the submitted file itself in the folder"


def _file_in_folder(folder: Path, student_file: str | None) -> tuple[Path | None, str | None]:
    unreadable: list[OSError] = []
    candidates = sorted(
        (
            path
            for path in _visible_files(folder, unreadable.append)
            if path.suffix in SUBMISSION_SUFFIXES
        ),
        key=lambda path: (len(path.relative_to(folder).parts), str(path)),
    )
    wanted = [student_file, f"{Path(student_file).stem}.ipynb"] if student_file else []
    named = [path for path in candidates if path.name in wanted]
    if named:  # the shallowest, and at one depth student_file before the notebook

        def rank(path: Path) -> tuple[int, int]:
            return len(path.relative_to(folder).parts), wanted.index(path.name)

        first = [path for path in named if rank(path) == rank(min(named, key=rank))]
        if len(first) > 1:  # side by side in two sub-folders: which one is not guessed
            places = ", ".join(str(path.relative_to(folder)) for path in first)
            return None, (
                f"{folder.name}/ has {first[0].name} in {len(first)} folders at the same depth "
                f"({places}); keep only the one to grade"
            )
        return _unless_link(folder, first[0])
    if unreadable:  # what it holds may be the file to grade: not guessed around
        error = unreadable[0]
        where = Path(error.filename or folder)
        shown = where.relative_to(folder.parent) if where.is_relative_to(folder.parent) else where
        return None, (
            f"cannot read {shown}/ ({error.strerror}); make {folder.name}/ and what it holds "
            "readable, then grade again"
        )
    if len(candidates) == 1:
        return _unless_link(folder, candidates[0])
    if not candidates:
        named = f"{' or '.join(wanted)}, or any other Python file" if wanted else "a Python file"
        return None, (
            f"no .py or .ipynb file in {folder.name}/ (looked for {named}, "
            "there and in its sub-folders)"
        )
    if student_file:
        return None, (
            f"{folder.name}/ has {len(candidates)} Python files and none is named "
            f"{' or '.join(wanted)}; rename the one to grade"
        )
    return None, f"{folder.name}/ has {len(candidates)} Python files; keep only the one to grade"


def _unless_link(folder: Path, path: Path) -> tuple[Path | None, str | None]:
    if path.is_symlink():
        return None, _LINK_PROBLEM % path.relative_to(folder.parent)
    return path, None


def _visible_files(folder: Path, on_error: Callable[[OSError], object]) -> Iterator[Path]:
    for root, directories, files in os.walk(folder, onerror=on_error):
        directories[:] = sorted(d for d in directories if not d.startswith((".", "_")))
        for name in sorted(files):
            if not name.startswith("."):
                yield Path(root) / name


# --------------------------------------------------------------------------------------------
# Spec identity
# --------------------------------------------------------------------------------------------


def spec_hash(spec_path: Path, solution_path: Path | None, backend: str) -> str:
    """What a stored grade depends on besides the submission: the spec file, the reference
    solution, the resolved backend and the gradekit version. A change to any regrades."""
    digest = hashlib.sha256()
    for path in (spec_path, solution_path):
        digest.update(Path(path).read_bytes() if path else b"<none>")
        digest.update(b"\0")
    digest.update(f"{backend}\0{gradekit.__version__}".encode())
    return digest.hexdigest()


# --------------------------------------------------------------------------------------------
# The worker process (python -m gradekit.grading.batch --spec … --backend …)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _ProbedPolicy(SandboxPolicy):
    """A policy whose layer probe was run by the parent on this same machine (a probe costs
    a subprocess per worker otherwise)."""

    probed: ProbeResult = field(default_factory=lambda: ProbeResult((), {}))

    @property
    def probe(self) -> ProbeResult:
        return self.probed


@dataclass(frozen=True)
class PolicySettings:
    """The parts of the sandbox policy a batch passes to its workers.

    ``probe`` is the parent's probe result (``available``, ``reasons``, ``landlock_abi``);
    without it the worker probes the machine itself.
    """

    require_tier: int = 1
    allow_weak: bool = False
    disabled_layers: tuple[str, ...] = ()
    probe: dict[str, Any] | None = None

    def build(self) -> SandboxPolicy:
        options = dict(
            require_tier=self.require_tier,
            allow_weak=self.allow_weak,
            disabled_layers=frozenset(self.disabled_layers),
        )
        if self.probe is None:
            return SandboxPolicy(**options)
        probed = ProbeResult(
            available=tuple(self.probe["available"]),
            reasons=dict(self.probe["reasons"]),
            landlock_abi=int(self.probe["landlock_abi"]),
            # From the disk cache: a layer that then fails in a worker deletes the entry.
            from_cache=bool(self.probe.get("from_cache", False)),
        )
        return _ProbedPolicy(**options, probed=probed)

    def with_probe(self, probe: ProbeResult) -> PolicySettings:
        """These settings carrying ``probe``, for workers on this machine."""
        return replace(self, probe=asdict(probe))


@dataclass
class _Prepared:
    """What every worker of a batch needs and that depends only on the spec: computed once,
    by the parent before it forks its workers (or by a spawned worker itself).

    The compiled assignment comes from the plan cache when the spec is unchanged (no pydantic,
    no spec models: gradekit/grading/plan_cache.py), the reference answers from their disk
    cache, all decoded here, once, rather than in each forked worker."""

    spec_path: Path
    compiled: CompiledAssignment
    reference: ReferenceAnswers

    @property
    def plans(self) -> list[ExercisePlan]:
        return self.compiled.plans

    @classmethod
    def load(cls, spec_path: Path) -> _Prepared:
        compiled = load_compiled(spec_path)
        reference = reference_answers(compiled.solution_path, compiled.plans)
        return cls(Path(spec_path), compiled, reference.fully_decoded())


class _Grader:
    """Everything a worker computes once: spec, plans, reference answers, warm zygote."""

    def __init__(
        self,
        spec_path: Path,
        backend: str,
        policy: PolicySettings,
        prepared: _Prepared | None = None,
        zygote: Zygote | None = None,
    ) -> None:
        self._restart_lock = threading.Lock()  # several submissions may find the zygote dead
        # Grading code that parses Python runs one submission at a time: CPython 3.11's
        # parser is not thread-safe ("AST constructor recursion depth mismatch"), and this
        # work holds the GIL anyway. Only the sandbox runs of submissions in flight overlap.
        self._python_lock = threading.Lock()
        self.backend = backend
        self._closed = False
        # Each grading slot (a thread of _serve_tasks's pool) keeps one launcher across its
        # runs: the slot's PersistentLaunch, kept per thread, all of them listed to be closed.
        self._slot = threading.local()
        self._launches: list[PersistentLaunch] = []
        self._launches_lock = threading.Lock()
        # Set when the parent asks to stop (Ctrl-C): the runs in flight end at once.
        self.cancel = threading.Event()
        self.policy = policy.build()
        self.policy.ensure_allowed()
        # The zygote imports its backend while this process computes the reference answers;
        # one the parent started for us (``zygote``, see BatchZygotes) may be ready already.
        self.zygote = zygote if zygote is not None else self._start_zygote(wait=False)
        # That one is the parent's child, not ours (its CPU is the parent's to collect).
        self.adopted_zygote = zygote
        try:
            prepared = prepared or _Prepared.load(spec_path)
            self.compiled = prepared.compiled
            self.plans = prepared.plans
            self.calls = plan_calls(self.plans)
            self.reference = prepared.reference
            self.zygote.wait_ready()
            self.zygote = self._warmed_up(self.zygote)
        except BaseException:
            self.zygote.close()
            raise

    def _start_zygote(self, *, wait: bool = True) -> Zygote:
        """A zygote for this worker's launchers; once ready (``wait``), warmed up with the
        batch's calls (a trusted stand-in, see :meth:`Zygote.warm_up`), so that each
        submission's worker does not redo that work."""
        zygote = Zygote(self.backend, bubblewrap="bubblewrap" in self.policy.layers, wait=wait)
        return self._warmed_up(zygote) if wait else zygote

    def _warmed_up(self, zygote: Zygote) -> Zygote:
        """``zygote`` warmed up with the batch's calls; or, when the warm-up stopped it (it
        left a thread behind, or the zygote died), a fresh one that is not warmed up."""
        try:
            zygote.warm_up(encoded_calls(self.calls))
            return zygote
        except WarmWorkerError:
            zygote.close()
            return Zygote(self.backend, bubblewrap="bubblewrap" in self.policy.layers)

    def close(self) -> None:
        """Stop the zygote (and what it started); again is a no-op."""
        if not self._closed:
            self._closed = True
            with self._launches_lock:
                for launch in self._launches:
                    launch.close()  # the launchers exit; the zygote reaps them (their CPU)
            self.zygote.close()

    def grade(self, student: str, path: str, content_hash: str) -> dict[str, Any]:
        """Grade one file; returns its gradebook rows as JSON data
        (:func:`~gradekit.gradebook.records.graded_rows`)."""
        started = time.perf_counter()
        with self._python_lock:
            try:
                source = load_submission(path)
            except (SubmissionError, OSError) as error:
                source, error_text = None, str(error)
        if source is None:
            outcome, result = self._unreadable(path, error_text)
        else:
            outcome = self._run(source)  # the sandbox: submissions in flight overlap here
            with self._python_lock:
                result = self._verdicts(path, source, outcome)
        result.duration = time.perf_counter() - started
        with self._python_lock:
            return graded_rows(
                student=student,
                path=path,
                content_hash=content_hash,
                result=result,
                outcome=outcome,
                plans=self.plans,
            )

    def _slot_launch(self, zygote: Zygote) -> PersistentLaunch:
        """This grading slot's launch strategy for ``zygote`` (a new one after a restart)."""
        launch = getattr(self._slot, "launch", None)
        if launch is None or launch.zygote is not zygote:
            if launch is not None:
                launch.close()  # its zygote was replaced: let its launcher exit now
            launch = self._slot.launch = PersistentLaunch(zygote)
            with self._launches_lock:
                self._launches.append(launch)
        return launch

    def _run(self, source: SubmissionSource) -> SubmissionOutcome:
        def run(zygote: Zygote) -> SubmissionOutcome:
            launch = self._slot_launch(zygote)
            if source.kind == "py":
                return run_submission_warm(
                    source.path.resolve(),
                    self.calls,
                    zygote=zygote,
                    policy=self.policy,
                    cancel=self.cancel,
                    launch=launch,
                )
            # A notebook runs as the generated .py, named like the notebook (as `check` does).
            with tempfile.TemporaryDirectory(prefix="gradekit-notebook-") as folder:
                generated = Path(folder) / f"{source.path.stem}.py"
                generated.write_text(source.text, encoding="utf-8")
                return run_submission_warm(
                    generated,
                    self.calls,
                    zygote=zygote,
                    policy=self.policy,
                    cancel=self.cancel,
                    launch=launch,
                )

        zygote = self.zygote
        try:
            outcome = run(zygote)
        except WarmWorkerError:
            # The zygote died (e.g. the OOM killer): start a fresh one (once, however many
            # submissions in flight noticed) and retry once.
            with self._restart_lock:
                if self.zygote is zygote:
                    zygote.close()
                    self.zygote = self._start_zygote()
            outcome = run(self.zygote)
        # A layer the cached probe promised failed: the outcome says so (and the runner failed
        # it closed below tier 1); the next batch probes the machine afresh. Nothing to forget
        # when nothing degraded (the usual case: no cache_directory(), whose Path.home() cost
        # more than the rest of this).
        if outcome.isolation.degraded:
            forget_contradicted_probe(self.policy, outcome.isolation.degraded, cache_directory())
        return outcome

    def _verdicts(
        self, path: str, source: SubmissionSource, outcome: SubmissionOutcome
    ) -> AssignmentResult:
        return pipeline.grade_outcome(
            self.compiled,
            self.plans,
            self.reference,
            source,
            outcome,
            submission=path,
            backend=self.backend,
        )

    def _unreadable(self, path: str, message: str) -> tuple[SubmissionOutcome, AssignmentResult]:
        """A file that is not Python at all: every exercise errors with the reason."""
        error = ExceptionInfo("SubmissionError", message)
        outcome = SubmissionOutcome(
            load_error=error,
            calls={call.call_id: CallOutcome("missing", exception=error) for call in self.calls},
            stdout="",
            stderr="",
            isolation=IsolationReport(tier=0, layers=()),
            duration=0.0,
        )
        result = pipeline.unreadable_result(self.compiled, path, self.backend, message)
        return outcome, result


def _answer_channel(stream: Any) -> Callable[[dict[str, Any]], None]:
    """A thread-safe writer of JSON lines to ``stream`` (the worker's answers). A graded
    submission's answer summaries that an earlier line carried go as numbers (see
    :class:`~gradekit.gradebook.records.SummarySender`), numbered in the order the lines are
    written."""
    lock = threading.Lock()
    summaries = SummarySender()

    def answer(message: dict[str, Any]) -> None:
        with lock:
            if "rows" in message:
                message["summaries"] = summaries.compact(message["rows"])
            line = json.dumps(message) + "\n"
            stream.write(line)
            stream.flush()

    return answer


def _serve_tasks(
    grader: _Grader, tasks: Iterator[str], answer: Callable[[dict[str, Any]], None], slots: int
) -> None:
    """Announce readiness, then grade task lines until ``tasks`` ends, ``slots`` at a time.

    Each submission is graded in its own thread with its own sandbox launcher, so one that
    sleeps (or waits for its deadline) does not hold up the others; answers go out in
    completion order, each naming its task id. A ``{"cancel": true}`` line (the parent's
    Ctrl-C) cancels the runs in flight and any sent after it: they answer ``cancelled``.
    """

    def grade_task(task: dict[str, Any]) -> None:
        try:
            message = {"id": task["id"], "rows": grader.grade(**task["submission"])}
        except RunCancelled:
            message = {"id": task["id"], "cancelled": True}
        except Exception as error:  # a grader-side bug: this submission is not recorded
            message = {"id": task["id"], "error": f"{type(error).__name__}: {error}"}
        try:
            answer(message)
        except (BrokenPipeError, ValueError):
            pass  # the parent is gone: nobody is waiting for this answer

    expected = expected_answers(grader.plans, grader.reference.outcomes)
    # What is alive now (imports, spec, plans, reference answers; a forked worker's whole
    # inherited heap) lives as long as this worker: the collector leaves it alone from here
    # on. Otherwise a full collection walked all of it every hundred or so submissions, 20 to
    # 55 ms each (and, in a forked worker, wrote to every inherited page it touched).
    gc.freeze()
    at_ready = {"worker": _own_cpu(), "zygote": _process_cpu(grader.zygote.process.pid)[0]}
    # The zygote's scratch root (every run's directory, with its copy of the submission, is
    # made in there): the parent removes it should it have to kill this worker's tree.
    scratch = str(grader.zygote.scratch_root)
    answer({"ready": True, "tier": grader.policy.tier, "expected": expected, "scratch": scratch})
    with ThreadPoolExecutor(max_workers=max(1, slots)) as pool:
        for line in tasks:  # the parent never sends more than `slots` at once
            task = json.loads(line)
            if task.get("cancel"):
                grader.cancel.set()
                continue
            pool.submit(grade_task, task)
        # The task channel has ended. The parent closes it only once it has every answer it
        # waits for (or after a cancel line), so a run still in flight now has nobody to
        # answer to: the parent was killed (SIGKILL, a SIGTERM it could not handle, a crash).
        # Cancel it rather than let it, its launcher and the student's code run on to their
        # deadlines (minutes) after the command is gone, beside the next `gradekit grade`.
        grader.cancel.set()
    # Where the CPU went (the batch summary adds it up; benchmarks/grade.py prints it). The
    # zygote's own time is read while it lives; once it is closed, everything it started has
    # been reaped and counts among this process's children.
    zygote = _process_cpu(grader.zygote.process.pid)[0]
    adopted = grader.zygote is grader.adopted_zygote
    grader.close()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    # An adopted zygote (started by the parent) is reaped by the parent, which adds its
    # launchers (its total less ``adopted_zygote``, its own time) to this report.
    launchers = max(0.0, children.ru_utime + children.ru_stime - (0.0 if adopted else zygote))
    at_end = {"worker": _own_cpu(), "zygote": zygote, "launchers": launchers}
    with contextlib.suppress(BrokenPipeError, ValueError):
        report = {"cpu": {"ready": at_ready, "end": at_end}}
        if grader.adopted_zygote is not None:
            # None: it died and was replaced; all of its time then counts as launchers'.
            report["adopted_zygote"] = zygote if adopted else None
        answer(report)


# --------------------------------------------------------------------------------------------
# CPU accounting: where a batch's CPU goes, per kind of process
# --------------------------------------------------------------------------------------------


def _own_cpu() -> float:
    """CPU seconds (user + system) this process has used."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _process_cpu(pid: int) -> tuple[float, float]:
    """``(own, reaped children)`` CPU seconds of the process ``pid`` started, looking through
    bubblewrap (its one child is the real process); zeros when /proc cannot tell."""
    try:
        for _ in range(4):  # bwrap, maybe a second bwrap (pid namespace), then python
            if Path(f"/proc/{pid}/comm").read_text().strip() != "bwrap":
                break
            pid = int(Path(f"/proc/{pid}/task/{pid}/children").read_text().split()[0])
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (OSError, IndexError, ValueError):
        return 0.0, 0.0
    # Fields 14-17 (utime, stime, cutime, cstime), in clock ticks, after the "(comm)" field.
    utime, stime, cutime, cstime = map(int, stat[stat.rindex(")") + 2 :].split()[11:15])
    tick = os.sysconf("SC_CLK_TCK")
    return (utime + stime) / tick, (cutime + cstime) / tick


def add_cpu_reports(
    reports: list[dict[str, dict[str, float]]], parent_start: float, parent_end: float
) -> dict[str, dict[str, float]]:
    """Each kind of process's CPU seconds before its workers were ready (``start``) and
    after (``grading``): the parent's, and the sum over the workers' ``reports``."""
    total: dict[str, dict[str, float]] = {
        "parent": {"start": parent_start, "grading": parent_end - parent_start}
    }
    for report in reports:
        for process, end in report["end"].items():
            ready = report["ready"].get(process, 0.0)
            kind = {"worker": "workers", "zygote": "zygotes"}.get(process, process)
            sums = total.setdefault(kind, {"start": 0.0, "grading": 0.0})
            sums["start"] += ready
            sums["grading"] += end - ready
    return {
        kind: {name: round(value, 3) for name, value in sums.items()}
        for kind, sums in total.items()
    }


def _parent_decides_on_sigterm() -> None:
    """A SIGTERM sent to the batch's whole process group is the parent's to act on (as
    Ctrl-C is): a worker killed by it would leave its launchers running. A handler that does
    nothing, not SIG_IGN, which the zygote, its launchers and the student's code would
    inherit through exec (a caught signal is reset to its default there)."""
    signal.signal(signal.SIGTERM, _ignore)


def worker_main(argv: list[str] | None = None) -> int:
    """Grade tasks from stdin (JSON lines) and answer on stdout (JSON lines)."""
    import argparse  # only a spawned worker parses a command line (not a batch's parent)

    parser = argparse.ArgumentParser(prog="python -m gradekit.grading.batch")
    parser.add_argument("--spec", type=Path, required=True)
    parser.add_argument("--backend", choices=("engine", "torch"), required=True)
    parser.add_argument("--policy", required=True, help="PolicySettings as JSON")
    parser.add_argument("--slots", type=int, default=1, help="submissions graded at once")
    args = parser.parse_args(argv)
    # Ctrl-C reaches the whole process group: the parent decides, then closes our stdin.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _parent_decides_on_sigterm()
    # Our stdout is the answer channel: anything else printed goes to stderr.
    answer = _answer_channel(os.fdopen(os.dup(1), "w", encoding="utf-8"))
    os.dup2(2, 1)  # fd 1 too, so nothing we start (the zygote) holds the answer pipe
    sys.stdout = sys.stderr
    try:
        settings = PolicySettings(**json.loads(args.policy))
        grader = _Grader(args.spec, args.backend, settings)
    except Exception as error:  # reported to the parent, which prints it and stops
        answer({"fatal": f"{type(error).__name__}: {error}"})
        return 1
    try:
        _serve_tasks(grader, sys.stdin, answer, args.slots)
    except BrokenPipeError:
        pass  # the parent is gone
    finally:
        grader.close()
    return 0


def _forked_worker_main(
    task_fd: int,
    answer_fd: int,
    backend: str,
    policy: PolicySettings,
    prepared: _Prepared,
    slots: int,
    zygote: Zygote | None = None,
) -> int:
    """The body of a worker forked by the parent: :func:`worker_main` without the start-up
    (interpreter, imports, spec, reference answers), which it inherited; ``zygote``, when
    given, is the one the parent started for it (see BatchZygotes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as in worker_main: the parent decides
    _parent_decides_on_sigterm()
    os.dup2(2, 1)  # the parent's stdout may be the --json summary: never write to it
    sys.stdout = sys.stderr
    answer = _answer_channel(os.fdopen(answer_fd, "w", encoding="utf-8"))
    try:
        grader = _Grader(prepared.spec_path, backend, policy, prepared, zygote)
    except Exception as error:
        answer({"fatal": f"{type(error).__name__}: {error}"})
        return 1
    try:
        _serve_tasks(grader, os.fdopen(task_fd, "r", encoding="utf-8"), answer, slots)
    except BrokenPipeError:
        pass
    finally:
        grader.close()
    return 0


# --------------------------------------------------------------------------------------------
# The parent: a pool of worker processes
# --------------------------------------------------------------------------------------------


@dataclass
class GradedSubmission:
    """What the pool hands back for one entry: its gradebook rows (JSON data, see
    :func:`~gradekit.gradebook.records.graded_rows`) or a grader error."""

    entry: SubmissionEntry
    content_hash: str
    rows: dict[str, Any] | None
    error: str | None = None

    @property
    def outline(self) -> dict[str, Any] | None:
        """The submission row by column name (student, status, score, stdout…)."""
        return None if self.rows is None else rows_outline(self.rows)


class _ForkedProcess:
    """A worker forked by the parent, with the ``subprocess.Popen`` surface the pool uses
    (``stdin``/``stdout`` text pipes, ``poll``, ``wait``, ``kill``). It is our child and is
    reaped only here, so its pid cannot be reused while we may still signal it."""

    def __init__(self, pid: int, task_fd: int, answer_fd: int) -> None:
        self.pid = pid
        self.fds = (task_fd, answer_fd)
        self.stdin = os.fdopen(task_fd, "w", encoding="utf-8")
        self.stdout = os.fdopen(answer_fd, "r", encoding="utf-8")
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Its exit code, once it has exited (``subprocess.TimeoutExpired`` after ``timeout``
        seconds). Woken by the exit itself (a pidfd), not by polling: a batch waits for its
        workers at its end, and a 10 ms poll cost a batch of one 5 ms of wall time on
        average; without pidfds (before Linux 5.3), it polls."""
        if self.poll() is not None:
            return self.returncode
        try:
            pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):  # no pidfd here: poll
            pidfd = -1
        if pidfd < 0:
            deadline = None if timeout is None else time.monotonic() + timeout
            while self.poll() is None:
                if deadline is not None and time.monotonic() > deadline:
                    raise subprocess.TimeoutExpired(f"grading worker {self.pid}", timeout or 0)
                time.sleep(0.01)
            return self.returncode
        try:
            # poll, not select: select refuses a descriptor numbered 1024 or more, which a
            # caller holding many files open would give this pidfd.
            waiter = select.poll()
            waiter.register(pidfd, select.POLLIN)
            exited = waiter.poll(None if timeout is None else max(0.0, timeout) * 1000)
        finally:
            os.close(pidfd)
        if not exited and self.poll() is None:
            raise subprocess.TimeoutExpired(f"grading worker {self.pid}", timeout or 0)
        while self.poll() is None:  # readable: it has exited, so waitpid finds it at once
            time.sleep(0.001)
        return self.returncode

    def kill(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)


class _Worker:
    """The parent's view of one worker process: its in-flight tasks and free slots."""

    def __init__(self, process: subprocess.Popen, slots: int) -> None:
        self.process = process
        self.free_slots = threading.Semaphore(slots)
        self.in_flight: set[int] = set()
        self.cpu_report: dict[str, Any] | None = None
        self.dead = False
        # From its last words: the own CPU seconds of the zygote the parent started for it
        # (None: it has none, or that one died and was replaced).
        self.adopted_zygote_cpu: float | None = None
        self.summaries = SummaryReceiver()  # the texts its answers number (in line order)
        self.lock = threading.Lock()
        self.write_lock = threading.Lock()  # the feeder and a Ctrl-C both write task lines

    def send(self, message: dict[str, Any]) -> bool:
        """Write one task line; False when the worker's stdin is closed or broken."""
        with self.write_lock:
            try:
                self.process.stdin.write(json.dumps(message) + "\n")
                self.process.stdin.flush()
                return True
            except (OSError, ValueError):  # the worker died, or its stdin is closed
                return False

    def end_input(self) -> None:
        """Close the worker's stdin: EOF tells it to finish and exit."""
        with self.write_lock:
            with contextlib.suppress(OSError, ValueError):
                self.process.stdin.close()


def _kill_process_tree(root: int) -> None:
    """SIGKILL the process ``root`` and every process below it (zygote, launchers, sandboxed
    processes), leaving none behind.

    Everything is stopped first (SIGSTOP), from the top down: a stopped process neither forks
    nor reaps, so the tree holds still and nothing is re-parented out of reach (killing a
    worker outright would kill its zygote, bubblewrap's --die-with-parent, and orphan the
    launchers, which then ran until their own deadlines). Then all of them are killed.
    """
    with contextlib.suppress(ProcessLookupError):
        os.kill(root, signal.SIGSTOP)
    stopped: set[int] = set()
    deadline = time.monotonic() + KILL_TREE_TIMEOUT
    while time.monotonic() < deadline:
        found = set(descendants_of(root)) - stopped
        if not found:
            break
        for pid in found:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)
        stopped |= found
    for pid in [root, *stopped]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


class WorkerPool:
    """``jobs`` worker processes fed from one task queue. Use as a context manager.

    Each worker grades up to ``slots`` submissions at once (see :func:`worker_main`). Per
    worker, a feeder thread sends it a task whenever it has a free slot and a reader thread
    takes its answers, so a worker that sleeps on one submission keeps grading the others.
    """

    def __init__(
        self,
        spec_path: Path,
        backend: str,
        policy: PolicySettings,
        jobs: int,
        slots: int = 1,
        *,
        fork: bool | None = None,
        zygotes: BatchZygotes | None = None,
    ) -> None:
        self.jobs = max(1, jobs)
        self.slots = max(1, slots)
        self._tasks: queue.Queue[tuple[int, dict[str, Any]] | None] = queue.Queue()
        self._results: queue.Queue[tuple[int, dict[str, Any]]] = queue.Queue()
        # Forking this process gives each worker the interpreter, the imports, the spec and
        # the reference answers for free; it is only safe while no other thread runs here.
        self.forked = fork if fork is not None else threading.active_count() == 1
        # The zygotes forked workers took over from ``zygotes``: this process's children,
        # reaped here (by index of the worker).
        self._adopted: list[subprocess.Popen | None] = []
        # The zygotes' scratch roots, which hold every run's directory and its copy of the
        # submission: removed here when the pool kills the trees (nobody else is left to).
        self._scratch_roots: set[str] = set()
        if self.forked:
            self.processes = self._fork_workers(spec_path, backend, policy, zygotes)
        else:
            if zygotes is not None:  # a spawned worker starts its own
                zygotes.close()
            self.processes = self._spawn_workers(spec_path, backend, policy)
        self.tier: int | None = None
        self.expected: list[dict[str, Any]] = []  # the reference answers, per case
        self.cpu_reports: list[dict[str, Any]] = []  # per worker, once it has ended
        self._threads: list[threading.Thread] = []
        self._feeders: list[threading.Thread] = []
        self.workers: list[_Worker] = []
        self._lock = threading.Lock()
        self._alive = len(self.processes)
        self._stopped = False  # close(), cancel() or kill() has run
        self._submitted: list[tuple[SubmissionEntry, str]] | None = None  # see submit()
        try:
            for process in self.processes:
                ready = self._handshake(process)
                self.tier, self.expected = ready.get("tier"), ready.get("expected", [])
                if ready.get("scratch"):
                    self._scratch_roots.add(ready["scratch"])
        except KeyboardInterrupt:  # nothing in flight yet: stop everything now
            self.kill()
            raise
        except BaseException:
            self.close()
            raise
        for process in self.processes:
            worker = _Worker(process, self.slots)
            self.workers.append(worker)
            feeder = threading.Thread(target=self._feed, args=(worker,), daemon=True)
            reader = threading.Thread(target=self._read, args=(worker,), daemon=True)
            for thread in (feeder, reader):
                thread.start()
                self._threads.append(thread)
            self._feeders.append(feeder)

    def _spawn_workers(
        self, spec_path: Path, backend: str, policy: PolicySettings
    ) -> list[subprocess.Popen]:
        """``jobs`` fresh ``python -m gradekit.grading.batch`` processes."""
        command = [
            sys.executable,
            "-m",
            "gradekit.grading.batch",
            "--spec",
            str(Path(spec_path).resolve()),
            "--backend",
            backend,
            "--policy",
            json.dumps(asdict(policy)),
            "--slots",
            str(self.slots),
        ]
        environment = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
        return [
            subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None,  # grader-side warnings reach the terminal
                text=True,
                env=environment,
            )
            for _ in range(self.jobs)
        ]

    def _fork_workers(
        self,
        spec_path: Path,
        backend: str,
        policy: PolicySettings,
        zygotes: BatchZygotes | None = None,
    ) -> list[_ForkedProcess]:
        """``jobs`` copies of this process, each running :func:`_forked_worker_main`, each
        with one of ``zygotes`` when they fit this policy (the others are killed)."""
        try:
            prepared = _Prepared.load(spec_path)
        except ReferenceSolutionError:
            raise  # the assignment's problem, reported as such (exit 2)
        except Exception as error:  # what a spawned worker would have reported
            raise BatchError(f"{type(error).__name__}: {error}") from error
        adopted: list[Zygote | None] = [None] * self.jobs
        if zygotes is not None:
            bubblewrap = "bubblewrap" in policy.build().layers
            adopted = [zygotes.take(backend, bubblewrap=bubblewrap) for _ in range(self.jobs)]
            zygotes.close()  # those left over: no worker forked after this holds a copy
        sys.stdout.flush()
        sys.stderr.flush()  # nothing buffered may be written twice
        processes: list[_ForkedProcess] = []
        for index in range(self.jobs):
            task_r, task_w = os.pipe()
            answer_r, answer_w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                code = 70
                try:
                    # Only the parent may hold the other workers' pipes (their EOF is their
                    # signal to stop), and our own parent ends.
                    for fd in [task_w, answer_r, *(p.fds for p in processes)]:
                        for number in fd if isinstance(fd, tuple) else (fd,):
                            os.close(number)
                    # Nor the other workers' zygotes: their worker's exit (EOF on its
                    # channel) is their signal to stop.
                    for other, zygote in enumerate(adopted):
                        if zygote is not None and other != index:
                            zygote.release()
                    code = _forked_worker_main(
                        task_r, answer_w, backend, policy, prepared, self.slots, adopted[index]
                    )
                except BaseException:
                    traceback.print_exc()
                finally:
                    with contextlib.suppress(Exception):
                        sys.stderr.flush()
                    os._exit(code)
            os.close(task_r)
            os.close(answer_w)
            processes.append(_ForkedProcess(pid, task_w, answer_r))
            zygote = adopted[index]
            if zygote is not None:
                self._scratch_roots.add(str(zygote.scratch_root))
            self._adopted.append(None if zygote is None else zygote.release())
        return processes

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, *_: object) -> None:
        if exc_type is not None and issubclass(exc_type, KeyboardInterrupt):
            self.cancel()  # a Ctrl-C the batch did not catch itself: do not wait for the runs
        else:
            self.close()

    @staticmethod
    def _handshake(process: subprocess.Popen) -> dict[str, Any]:
        line = process.stdout.readline()
        if not line:
            raise BatchError("a grading worker exited while starting (see the messages above)")
        message = json.loads(line)
        if "fatal" in message:
            raise BatchError(message["fatal"])
        return message

    def _feed(self, worker: _Worker) -> None:
        """Send the worker a task whenever one of its slots is free."""
        while True:
            worker.free_slots.acquire()
            if worker.dead:
                return
            task = self._tasks.get()
            if task is None:
                return
            task_id, submission = task
            with worker.lock:
                if worker.dead:  # died while we waited for a task: someone else grades it
                    self._requeue_or_fail(task)
                    return
                worker.in_flight.add(task_id)
            if not worker.send({"id": task_id, "submission": submission}):
                # The worker died, or close()/cancel() closed its stdin: the reader sees its
                # output end and fails what was in flight.
                return

    def _read(self, worker: _Worker) -> None:
        """Report the worker's answers as they come; when it dies, fail what it had."""
        while True:
            try:
                line = worker.process.stdout.readline()
            except (OSError, ValueError):
                line = ""
            if not line:
                break
            answer = json.loads(line)
            if "cpu" in answer:  # the worker's last words: where its CPU went
                self.cpu_reports.append(answer["cpu"])
                worker.cpu_report = answer["cpu"]
                worker.adopted_zygote_cpu = answer.get("adopted_zygote")
                continue
            if "rows" in answer:  # even an answer ignored below may number new texts
                worker.summaries.expand(answer["rows"], answer.pop("summaries"))
            task_id = answer.get("id")
            with worker.lock:
                if task_id not in worker.in_flight:
                    continue  # not a task of ours (cannot happen with a sane worker)
                worker.in_flight.discard(task_id)
            self._results.put((task_id, answer))
            worker.free_slots.release()
        with worker.lock:
            worker.dead = True
            lost, worker.in_flight = worker.in_flight, set()
        for task_id in sorted(lost):
            self._results.put((task_id, {"error": WORKER_DIED}))
        worker.free_slots.release()  # wake the feeder, which sees the worker is dead
        self._retire()

    def _requeue_or_fail(self, task: tuple[int, dict[str, Any]]) -> None:
        with self._lock:
            if self._alive:
                self._tasks.put(task)
                return
        self._results.put((task[0], {"error": WORKER_DIED}))

    def _retire(self) -> None:
        """A worker died. When it was the last one, fail the tasks nobody will take."""
        with self._lock:
            self._alive -= 1
        self._fail_queued_if_no_worker()

    def _fail_queued_if_no_worker(self) -> None:
        with self._lock:
            if self._alive:
                return
        while True:
            try:
                task = self._tasks.get_nowait()
            except queue.Empty:
                return
            if task is not None:
                self._results.put((task[0], {"error": WORKER_DIED}))

    def submit(self, entries: list[tuple[SubmissionEntry, str]]) -> None:
        """Queue ``(entry, content hash)`` pairs: the workers start grading them now, while
        the caller does the rest of its start (a progress bar, the gradebook's expected
        answers); :meth:`grade` with the same list then yields them."""
        self._submitted = entries
        for task_id, (entry, content_hash) in enumerate(entries):
            submission = {
                "student": entry.student,
                "path": str(entry.path),
                "content_hash": content_hash,
            }
            self._tasks.put((task_id, submission))
        self._fail_queued_if_no_worker()  # every worker may have died before we queued

    def grade(
        self, entries: list[tuple[SubmissionEntry, str]], *, stop: threading.Event | None = None
    ) -> Iterator[GradedSubmission]:
        """Grade ``(entry, content hash)`` pairs (queued now unless :meth:`submit` queued this
        very list); yields them in completion order. Once ``stop`` is set (Ctrl-C), yields no
        more: what is in flight is :meth:`cancel`'s."""
        if self._submitted is not entries:
            self.submit(entries)
        for _ in entries:
            answer = None
            while answer is None:
                if stop is not None and stop.is_set():
                    return
                with contextlib.suppress(queue.Empty):  # look at `stop` 10 times a second
                    task_id, answer = self._results.get(timeout=None if stop is None else 0.1)
            entry, content_hash = entries[task_id]
            yield GradedSubmission(entry, content_hash, answer.get("rows"), answer.get("error"))

    def in_progress(self) -> int:
        """How many submissions the workers are grading now."""
        total = 0
        for worker in self.workers:
            with worker.lock:
                total += len(worker.in_flight)
        return total

    def _drop_queued_tasks(self) -> None:
        """Tasks not sent to a worker yet are dropped, and every feeder is told to stop."""
        while True:
            try:
                self._tasks.get_nowait()
            except queue.Empty:
                break
        for _ in self._feeders:
            self._tasks.put(None)

    def cancel(self, *, now: threading.Event | None = None) -> None:
        """Stop after Ctrl-C: queued tasks are dropped, the runs in flight cancelled (their
        submissions are not recorded; the next run grades them) and the workers exit. A
        worker that has not exited within :data:`WORKER_CANCEL_TIMEOUT`, or every worker as
        soon as ``now`` is set (a second Ctrl-C), is killed with all it started."""
        if self._stopped:
            return
        self._stopped = True
        self._drop_queued_tasks()
        for worker in self.workers:
            worker.send({"cancel": True})
            worker.end_input()
        deadline = time.monotonic() + WORKER_CANCEL_TIMEOUT
        while any(process.poll() is None for process in self.processes):
            if (now is not None and now.is_set()) or time.monotonic() > deadline:
                self._kill_all()
                break
            time.sleep(0.02)
        self._reap_adopted(deadline - time.monotonic(), now=now)
        self._release()

    def kill(self) -> None:
        """Stop at once: kill every worker with its zygote, launchers and sandboxed
        processes."""
        if self._stopped:
            return
        self._stopped = True
        self._drop_queued_tasks()
        self._kill_all()
        self._release()

    def _kill_all(self) -> None:
        # An adopted zygote is no worker's descendant: its tree is killed too, first (it is
        # what forks the launchers).
        for zygote in self._adopted:
            if zygote is not None and zygote.returncode is None:
                _kill_process_tree(zygote.pid)
        for process in self.processes:
            if process.poll() is None:
                _kill_process_tree(process.pid)
        for process in self.processes:
            process.wait()
        self._reap_adopted(0.0)
        # Killed, their zygotes could not remove their scratch roots: the runs' directories
        # with the students' files would stay in the temporary folder for good.
        for root in self._scratch_roots:
            shutil.rmtree(root, ignore_errors=True)

    def _reap_adopted(self, timeout: float, *, now: threading.Event | None = None) -> None:
        """Wait for the zygotes the workers adopted (this process's children), which exit
        with their worker (EOF on their channel); one still there after ``timeout`` seconds,
        or once ``now`` is set, is killed with everything it started. What each used, with
        the launchers it reaped, goes into its worker's CPU report."""
        deadline = time.monotonic() + max(0.0, timeout)
        for index, zygote in enumerate(self._adopted):
            if zygote is None or zygote.returncode is not None:
                continue
            try:
                while True:
                    pid, status, usage = os.wait4(zygote.pid, os.WNOHANG)
                    if pid:
                        break
                    if (now is not None and now.is_set()) or time.monotonic() > deadline:
                        _kill_process_tree(zygote.pid)
                        pid, status, usage = os.wait4(zygote.pid, 0)
                        break
                    time.sleep(0.01)
            except ChildProcessError:  # reaped elsewhere already: nothing left to count
                zygote.returncode = 0
                continue
            zygote.returncode = os.waitstatus_to_exitcode(status)
            worker = self.workers[index] if index < len(self.workers) else None
            if worker is not None and worker.cpu_report is not None:
                # Its launchers' time: all of it but the zygote's own (when its worker knew).
                total = usage.ru_utime + usage.ru_stime
                worker.cpu_report["end"]["launchers"] += max(
                    0.0, total - (worker.adopted_zygote_cpu or 0.0)
                )

    def _release(self) -> None:
        """Close what the pool holds once its workers have ended."""
        for thread in self._threads:
            thread.join(timeout=1.0)  # the readers end with the workers' output
        for process in self.processes:
            with contextlib.suppress(OSError, ValueError):
                process.stdout.close()

    def close(self) -> None:
        """Let every worker finish its submissions in progress, then stop it."""
        if self._stopped:
            return
        self._stopped = True
        self._drop_queued_tasks()
        for feeder in self._feeders:
            feeder.join(timeout=WORKER_FINISH_TIMEOUT)
        for process in self.processes:
            # EOF: the worker finishes, stops its zygote and exits.
            with contextlib.suppress(OSError, ValueError):
                process.stdin.close()
        for process in self.processes:
            try:
                process.wait(timeout=WORKER_FINISH_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for thread in self._threads:
            thread.join(timeout=WORKER_FINISH_TIMEOUT)
        self._reap_adopted(WORKER_FINISH_TIMEOUT)  # the CPU reports are in: complete them
        for process in self.processes:
            process.stdout.close()


# --------------------------------------------------------------------------------------------
# The batch
# --------------------------------------------------------------------------------------------


@dataclass
class BatchSummary:
    """Counts and per-student outcomes of one ``gradekit grade`` run."""

    run_id: int
    assignment_id: str
    total: int
    graded: int = 0
    skipped: int = 0
    passed: int = 0
    failed: int = 0
    errored: int = 0
    grader_errors: list[dict[str, str]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    students: list[dict[str, Any]] = field(default_factory=list)
    sandbox_tier: int | None = None
    duration: float = 0.0
    # Earlier runs found still `running` with their grader gone (killed), now `interrupted`.
    interrupted_runs: list[int] = field(default_factory=list)
    # CPU seconds per kind of process (parent, workers, zygotes, launchers with their
    # sandboxed processes), before grading (`start`) and during it (`grading`).
    cpu_seconds: dict[str, dict[str, float]] = field(default_factory=dict)
    # Stopped by Ctrl-C (or SIGTERM): the counts are what was recorded before it.
    interrupted: bool = False
    # Of the submissions to grade, those whose file was graded before, unchanged, against
    # another version of the spec (YAML, solution, backend or gradekit): regraded for that.
    regraded_after_spec_change: int = 0
    stop_signal: int | None = None  # the signal that stopped it: 2 (Ctrl-C) or 15 (SIGTERM)
    # Each student's score before this run (their current grade then): shown beside the new
    # one, as each student's ``previous_score``.
    previous_scores: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON data, students in id order as the table shows them (they are
        recorded in the order they finish)."""
        data = {
            **asdict(self),
            "students": self.by_student(self.students),
            "grader_errors": self.by_student(self.grader_errors),
        }
        del data["previous_scores"]  # each student's entry has its own
        return data

    @staticmethod
    def by_student(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``items`` (the ``students`` or ``grader_errors`` entries) sorted by student id."""
        return sorted(items, key=lambda item: item["student"])

    def count(self, graded: dict[str, Any]) -> None:
        """Add one graded submission (its submission row by column name)."""
        self.graded += 1
        if graded["status"] == "pass":
            self.passed += 1
        elif graded["status"] == "fail":
            self.failed += 1
        else:
            self.errored += 1
        self.students.append(
            {
                "student": graded["student"],
                "status": graded["status"],
                "score": graded["score"],
                "max_score": graded["max_score"],
                "previous_score": self.previous_scores.get(graded["student"]),
            }
        )

    def not_graded(self, entry: SubmissionEntry, reason: str) -> None:
        self.grader_errors.append({"student": entry.student, "error": reason})


# (kind, entry, the submission row by column name or {"error": reason} or None)
ProgressCallback = Callable[[str, SubmissionEntry, dict[str, Any] | None], None]


def _record_all(
    graded_submissions: Iterator[GradedSubmission],
    book: Gradebook,
    summary: BatchSummary,
    run_id: int,
    identity: str,
    on_result: ProgressCallback,
) -> None:
    """Write each graded submission to the gradebook (one transaction each) as it comes."""
    for graded in graded_submissions:
        if graded.rows is None:
            summary.not_graded(graded.entry, graded.error or "grader error")
            on_result("error", graded.entry, {"error": graded.error})
            continue
        book.record_rows(
            run_id=run_id, assignment_id=summary.assignment_id, spec_hash=identity, rows=graded.rows
        )
        outline = rows_outline(graded.rows)
        summary.count(outline)
        on_result("graded", graded.entry, outline)


def _ignore(*_: object) -> None:
    """Does nothing: the default progress callback, and the workers' SIGTERM handler."""


class _InterruptRequests:
    """Ctrl-C (SIGINT) or SIGTERM while a batch grades, turned into requests the batch acts on
    in its own time: the first sets :attr:`first` (stop: cancel what is in flight, keep what
    is recorded) and :attr:`signal` (which one it was), any further one :attr:`again` (stop
    now). A context manager; it takes over each signal only in the main thread and only from
    Python's default handling (a signal the caller ignores or handles stays so, and a SIGINT
    raised elsewhere stays KeyboardInterrupt)."""

    def __init__(self) -> None:
        self.first = threading.Event()
        self.again = threading.Event()
        self.signal: int | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _InterruptRequests:
        if threading.current_thread() is threading.main_thread():
            for signum, default in (
                (signal.SIGINT, signal.default_int_handler),
                (signal.SIGTERM, signal.SIG_DFL),  # `kill`, `timeout`, a CI job's cancel
            ):
                if signal.getsignal(signum) is default:
                    self._previous[signum] = signal.signal(signum, self._request)
        return self

    def _request(self, signum: int, _frame: object) -> None:
        if self.first.is_set():
            self.again.set()
        else:
            self.signal = signum
            self.first.set()

    def __exit__(self, *_: object) -> None:
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)
        self._previous.clear()


def _with_machine_probe(policy: PolicySettings) -> PolicySettings:
    """``policy`` carrying this machine's layer probe for the workers: as given, else the probe
    cache's answer (as `gradekit check` uses it, docs/security.md), else a probe run now (its
    answer stored for the next batch)."""
    if policy.probe is not None:
        return policy
    cache_dir = cache_directory()
    return policy.with_probe(known_probe(cache_dir) or probe_layers(cache_dir))


def _start_pool(
    spec_path: Path,
    backend: str,
    policy: PolicySettings,
    jobs: int,
    slots: int,
    zygotes: BatchZygotes | None = None,
) -> WorkerPool:
    """The batch's workers (forked ones take over ``zygotes``). If they cannot start while
    the layers come from the probe cache (bubblewrap no longer starts, say), the cached
    answer may be stale: this machine is probed afresh (the cache corrected) and the workers
    start once more with its answer, failing closed below tier 1 as before."""
    try:
        return WorkerPool(spec_path, backend, policy, jobs, slots, zygotes=zygotes)
    except BatchError:
        if not policy.build().probe.from_cache:
            raise
    fresh = policy.with_probe(probe_layers(cache_directory(), refresh=True))
    fresh.build().ensure_allowed()
    return WorkerPool(spec_path, backend, fresh, jobs, slots)


def grade_batch(
    submissions: Path,
    spec_path: Path,
    *,
    db_path: Path,
    jobs: int = 0,
    slots: int = SUBMISSIONS_PER_WORKER,
    force: bool = False,
    backend: str | None = None,
    policy: PolicySettings | None = None,
    on_start: Callable[[int, int], None] = _ignore,
    on_result: ProgressCallback = _ignore,
    on_interrupt: Callable[[int], None] = _ignore,
    zygotes: BatchZygotes | None = None,
) -> BatchSummary:
    """Grade every submission in ``submissions`` against the spec into the gradebook.

    ``jobs=0`` means one worker per usable core (:func:`~gradekit.grading.batch_shape.
    worker_count`); each worker grades up to ``slots`` submissions at once (a submission that
    sleeps or waits on a deadline costs no CPU). Submissions whose
    content and spec hashes are already in the gradebook are skipped unless ``force``.
    ``on_start(to_grade, skipped)`` is called once before grading; ``on_result(kind, entry,
    record)`` after each entry with ``kind`` one of ``graded``, ``skipped``, ``error``.
    Raises :class:`BatchError` and :class:`~gradekit.sandbox.policy.SandboxUnavailable`
    (below tier 1 without ``allow_weak``) before grading anything.

    Ctrl-C once the run has started stops it: ``on_interrupt(in_progress)`` is called at once
    with the number of submissions in flight, whose runs are then cancelled (not recorded;
    the next run grades them), and the summary comes back with ``interrupted`` set. A second
    Ctrl-C kills the workers and everything they started, without waiting.

    ``zygotes``, started by the caller before its imports (:class:`~gradekit.grading.
    early_sandbox.BatchZygotes`), are handed to the workers that fit them; the caller closes
    it, which kills those nobody took.
    """
    started = time.perf_counter()
    policy = _with_machine_probe(policy or PolicySettings())
    sandbox = policy.build()
    sandbox.ensure_allowed()  # fail closed before any file is touched
    compiled = load_compiled(spec_path)  # the plan cache: no pydantic for an unchanged spec
    backend = pipeline.resolve_backend(backend or compiled.backend)
    if zygotes is not None:  # they warm up while this process prepares the rest
        zygotes.queue_warm_up(encoded_calls(plan_calls(compiled.plans)))
    found = discover_submissions(submissions, compiled.student_file)
    if not found.entries:  # nothing to grade is a wrong folder, not a class that did well
        raise BatchError(_no_entries_message(Path(submissions), found.ignored))
    identity = spec_hash(spec_path, compiled.solution_path, backend)
    jobs = worker_count(jobs)
    # A reference solution that cannot give the expected answers is the assignment's problem:
    # refused (ReferenceSolutionError) before the gradebook records a run. Forked workers then
    # take these very answers from memory.
    reference_answers(compiled.solution_path, compiled.plans)

    with Gradebook(db_path) as book:
        already = set() if force else book.graded_versions(compiled.id, identity)
        hashed = [_hashed(entry) for entry in found.entries]
        skipped = [entry for entry, digest in hashed if (entry.student, digest) in already]
        to_grade = [(e, digest) for e, digest in hashed if (e.student, digest) not in already]
        earlier = set() if force else book.graded_under_other_specs(compiled.id, identity)
        spec_changed = sum((e.student, digest) in earlier for e, digest in to_grade if e.path)
        run_id = book.start_run(
            assignment_id=compiled.id,
            assignment_title=compiled.title,
            spec_path=str(Path(spec_path).resolve()),
            spec_hash=identity,
            backend=backend,
            sandbox_tier=sandbox.tier,
            jobs=jobs,
            gradekit_version=gradekit.__version__,
        )
        summary = BatchSummary(
            run_id=run_id,
            assignment_id=compiled.id,
            total=len(found.entries),
            skipped=len(skipped),
            ignored=[shown_name(str(path)) for path in found.ignored],
            sandbox_tier=sandbox.tier,
            interrupted_runs=list(book.interrupted_runs),
            regraded_after_spec_change=spec_changed,
            previous_scores=book.current_scores(compiled.id),
        )
        for entry, _ in to_grade:
            if entry.path is None:  # the student submitted something we cannot grade
                book.record_ungradable(
                    run_id=run_id,
                    assignment_id=compiled.id,
                    student=entry.student,
                    entry=shown_name(str(entry.entry)),
                    reason=entry.problem or "no file to grade",
                )
        runnable = [(entry, digest) for entry, digest in to_grade if entry.path is not None]
        if zygotes is not None and not runnable:
            zygotes.close()  # nothing to grade: they stop now, not when the caller closes them
        status = "interrupted"  # unless the loop below completes
        # Ctrl-C from here on is a request the loop below acts on (see _InterruptRequests),
        # up to the run's final status.
        with _InterruptRequests() as interrupts:
            try:
                # The workers start before on_start: a caller that starts a thread there (a
                # progress bar) would stop the pool from forking them.
                pool_size = min(jobs, len(runnable))
                with (
                    _start_pool(spec_path, backend, policy, pool_size, slots, zygotes)
                    if runnable
                    else contextlib.nullcontext()
                ) as pool:
                    if pool is not None:  # they grade while the rest of the start happens
                        pool.submit(runnable)
                    on_start(len(to_grade), len(skipped))
                    for entry in skipped:
                        on_result("skipped", entry, None)
                    for entry, _ in to_grade:
                        if entry.path is None:  # nothing to grade in this entry: say why
                            summary.not_graded(entry, entry.problem or "no file to grade")
                            on_result("error", entry, {"error": entry.problem})
                    parent_start = _own_cpu()
                    if pool is not None:
                        summary.sandbox_tier = pool.tier
                        if pool.tier != sandbox.tier:  # the cached probe answer was stale
                            book.correct_run_tier(run_id, pool.tier)
                        book.record_expected(identity, pool.expected)
                        graded = pool.grade(runnable, stop=interrupts.first)
                        _record_all(graded, book, summary, run_id, identity, on_result)
                    if interrupts.first.is_set():
                        summary.interrupted = True
                        summary.stop_signal = interrupts.signal
                        on_interrupt(0 if pool is None else pool.in_progress())
                        if pool is not None:
                            pool.cancel(now=interrupts.again)
                if not summary.interrupted:
                    status = "finished"
                    if pool is not None:  # the workers have ended: their CPU reports are in
                        summary.cpu_seconds = add_cpu_reports(
                            pool.cpu_reports, parent_start, _own_cpu()
                        )
            finally:
                book.finish_run(run_id, status=status)
    summary.duration = time.perf_counter() - started
    return summary


if __name__ == "__main__":
    sys.exit(worker_main())
