"""Expected answers: the reference solution, and its known-mistake functions, run in-process.

The solution module is trusted instructor code, so it runs in the grader process (no sandbox),
through the sandbox's own ``execute_calls`` so that expected and observed values are pictured by
the same code. The product always uses the engine backend (``import torch`` inside the solution
resolves to :mod:`gradekit.engine`); the torch backend exists for differential tests.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import sys
import threading
import types
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import gradekit
from gradekit.grading.compare import Checks, describe, exception_type_matches
from gradekit.grading.plans import ExercisePlan, plan_calls
from gradekit.sandbox.protocol import (
    PREFIX_SIZE,
    ArgSpec,
    Call,
    CallOutcome,
    ProtocolError,
    decode_event,
    decode_frame,
    encode_frame,
    encode_outcome_event,
    parse_prefix,
)

# The cache directory is shared with the spec cache; re-exported here for existing callers.
from gradekit.spec.cache import CACHE_ENV as CACHE_ENV
from gradekit.spec.cache import cache_directory as cache_directory
from gradekit.spec.cache import write_cache_file

REFERENCE_BACKENDS = ("engine", "torch")
# The layout of the disk cache's files (part of their key: files of another layout are never
# read). An index frame, then the reference outcomes, then each exercise's mistake outcomes.
# (3: graph leaves carry the names of the arguments they are; 4: computed under Python's default
# warning filters, whatever this process's are: a file of 3 may hold a warning as an exception.)
DISK_CACHE_FORMAT = "gradekit.reference/4"

# exercise id -> mistake function name -> call id -> outcome
MistakeOutcomes = dict[str, dict[str, CallOutcome]]


class ReferenceSolutionError(RuntimeError):
    """The reference solution cannot give the expected answers (it fails to import, or a call
    that must return raises): a problem of the assignment, not of the student."""


@dataclass
class ReferenceAnswers:
    """Outcomes of the reference entry and of every mistake function, by call id."""

    backend: str
    outcomes: dict[str, CallOutcome] = field(default_factory=dict)
    # exercise id -> its MistakeOutcomes; read from the disk cache, decoded per exercise when
    # first looked up (only exercises that do not pass need them)
    mistakes: Mapping[str, MistakeOutcomes] = field(default_factory=dict)

    def decode_mistakes(self) -> None:
        """Decode every exercise's mistake outcomes now, in place (a check server does, so
        that the checks it forks start with them decoded)."""
        for exercise_id in self.mistakes:
            self.mistakes[exercise_id]

    def fully_decoded(self) -> ReferenceAnswers:
        """These answers with every exercise's mistakes decoded now (a batch decodes them once,
        before its workers are forked, rather than once per worker)."""
        if isinstance(self.mistakes, dict):
            return self
        return replace(self, mistakes=dict(self.mistakes.items()))


_cache: dict[tuple, ReferenceAnswers] = {}


def reference_answers(
    solution_path: Path, plans: list[ExercisePlan], *, backend: str = "engine"
) -> ReferenceAnswers:
    """Run the solution's entries and mistakes on every call of ``plans``; cached per spec.

    Raises :class:`ReferenceSolutionError` when the solution cannot give the expected answers:
    it fails to import, or on some case (:func:`unexpected_failures`) its entry raises where
    the case has no ``raises`` check, does not raise as the case's ``raises`` check asks, or
    is missing. Grading a student against such answers would fail correct students, so the
    grader must stop with a spec error instead. (Mistake functions may raise: their exception
    is the wrong answer they stand for.)
    """
    answers, failures = _answers_and_failures(solution_path, plans, backend)
    if failures:
        raise ReferenceSolutionError(_failures_message(Path(solution_path).resolve(), failures))
    return answers


def unchecked_reference_answers(
    solution_path: Path, plans: list[ExercisePlan], *, backend: str = "engine"
) -> ReferenceAnswers:
    """The answers of :func:`reference_answers`, also when they have
    :func:`unexpected_failures` (``gradekit validate`` lists each such case). Raises
    :class:`ReferenceSolutionError` only when the solution cannot be read or imported.

    The cache key is the solution file (path and a digest of its content), the backend, the
    exact calls and the mistake functions, so editing the solution or the spec recomputes.
    Engine answers are also kept on disk (see :func:`cache_directory`), keyed additionally by
    the engine's source files, so a student's repeated ``gradekit check`` skips the reference
    run. Answers with :func:`unexpected_failures` are never cached, in memory or on disk: the
    solution is recomputed until it is fixed.
    """
    return _answers_and_failures(solution_path, plans, backend)[0]


def _answers_and_failures(
    solution_path: Path, plans: list[ExercisePlan], backend: str
) -> tuple[ReferenceAnswers, list[UnexpectedFailure]]:
    """The answers (cached as :func:`unchecked_reference_answers` says) and their
    :func:`unexpected_failures`, found once per answers read or computed."""
    if backend not in REFERENCE_BACKENDS:
        raise ValueError(f"reference backend must be one of {REFERENCE_BACKENDS}, not {backend!r}")
    solution_path = Path(solution_path).resolve()
    key = (
        str(solution_path),
        # By content, not modification time: an edit within the file system's timestamp
        # resolution (or a restored old time) still recomputes.
        hashlib.sha256(_solution_bytes(solution_path)).hexdigest(),
        backend,
        tuple(_call_key(case.call) for plan in plans for case in plan.cases),
        tuple(mistake.function for plan in plans for mistake in plan.exercise.mistakes),
    )
    if key in _cache:
        return _cache[key], []  # only answers without failures are kept
    disk_file = _disk_cache_file(key) if backend == "engine" else None

    def compute() -> ReferenceAnswers:
        answers = _compute(solution_path, plans, backend)
        if disk_file is not None and not unexpected_failures(plans, answers):
            _write_disk_cache(disk_file, answers)
        return answers

    answers = _read_disk_cache(disk_file, backend, compute) if disk_file is not None else None
    if answers is None:
        answers = compute()
    # Also for answers read from disk: a file written before this rule may hold failures.
    failures = unexpected_failures(plans, answers)
    if not failures:
        _cache[key] = answers
    return answers, failures


@dataclass(frozen=True)
class UnexpectedFailure:
    """A case on which the reference did not give an answer the case can expect."""

    exercise_id: str
    case_id: str
    entry: str
    outcome: CallOutcome
    # The case's `raises` check, described, when the reference does not meet it (else None)
    unmet_raises: str | None = None


def unexpected_failures(
    plans: list[ExercisePlan], answers: ReferenceAnswers
) -> list[UnexpectedFailure]:
    """The cases whose reference outcome cannot be an expected answer, in plan order: a raise
    where the case has no ``raises`` check; no raise, or another one, where it has one; any
    status other than ``ok`` and ``raised`` (a missing entry, a timeout, a value that could
    not be observed)."""
    failures = []
    for plan in plans:
        for case in plan.cases:
            outcome = answers.outcomes[case.call.call_id]
            unmet = unmet_raises_check(case.checks, outcome)
            if unmet is None and (
                outcome.status == "ok"
                or (outcome.status == "raised" and case.checks.raises is not None)
            ):
                continue
            failures.append(
                UnexpectedFailure(
                    plan.exercise.id, case.case_id, case.call.entry, outcome, unmet_raises=unmet
                )
            )
    return failures


def unmet_raises_check(checks: Checks, outcome: CallOutcome) -> str | None:
    """The case's ``raises`` check, described as the student is told it (``ValueError (or a
    subclass) matching /regex/``), when the reference's ``outcome`` does not meet it: a correct
    student could not pass it either. None when there is no such check or it is met (also
    when the call ended otherwise: that is reported as its status)."""
    if checks.raises is None or outcome.status not in ("ok", "raised"):
        return None
    exception = outcome.exception
    if (
        outcome.status == "raised"
        and exception is not None
        and exception_type_matches(exception.type, checks.raises)
        and not (checks.raises_match and not re.search(checks.raises_match, exception.message))
    ):
        return None
    pattern = f" matching /{checks.raises_match}/" if checks.raises_match else ""
    return f"{checks.raises} (or a subclass){pattern}"


def _failures_message(solution_path: Path, failures: list[UnexpectedFailure]) -> str:
    """What a check or a batch says when the reference cannot answer: per exercise, its first
    failing case with the solution's file, line and exception, then the other cases."""
    by_exercise: dict[str, list[UnexpectedFailure]] = {}
    for failure in failures:
        by_exercise.setdefault(failure.exercise_id, []).append(failure)
    lines = [
        f"the reference solution {solution_path} cannot give the expected answers (a problem "
        "of the assignment, not of the submission):"
    ]
    for exercise_id, exercise_failures in by_exercise.items():
        first, *others = exercise_failures
        problem = _describe_failure(solution_path, first)
        lines.append(f"  exercise {exercise_id}, case {first.case_id}: {problem}")
        if others:
            lines.append(
                f"    (also case{'s' if len(others) > 1 else ''} "
                + ", ".join(other.case_id for other in others)
                + ")"
            )
    lines.append(
        "Fix the solution, or the case's `raises` check (a case whose answer is an exception "
        "needs one, with the exception's type); `gradekit validate` lists every problem of the "
        "assignment."
    )
    return "\n".join(lines)


def _describe_failure(solution_path: Path, failure: UnexpectedFailure) -> str:
    outcome, exception = failure.outcome, failure.outcome.exception
    if outcome.status == "missing":
        return f"{solution_path} does not define `{failure.entry}`"
    if outcome.status == "ok":  # only a case with a `raises` check gets here
        returned = describe(outcome.value)
        return (
            f"{solution_path}: `{failure.entry}` returned {returned}, but the case's `raises` "
            f"check expects {failure.unmet_raises}"
        )
    detail = ""
    if exception is not None:
        detail = f"{exception.type}: {exception.message}" if exception.message else exception.type
    if outcome.status != "raised":
        ended = f"`{failure.entry}` ended with status {outcome.status}"
        return f"{solution_path}: {ended}" + (f" ({detail})" if detail else "")
    # Where the solution raised: its innermost frame (the entry, or a helper it calls). Only
    # file, line and function: the solution's source lines are not repeated, because a CI
    # platform shows this message to the student.
    where = f"{solution_path}"
    if exception is not None and exception.line:
        function = _innermost_function(exception.traceback) or failure.entry
        where += f", line {exception.line}, in {function}"
    if failure.unmet_raises is not None:
        expected = f"the case's `raises` check expects {failure.unmet_raises}"
    else:
        expected = "the case has no `raises` check"
    return f"{where}: raised {detail}, but {expected}"


def _innermost_function(traceback: str) -> str | None:
    """The function of the last ``File "…", line N, in FUNCTION`` line of a traceback."""
    frames = _FRAME_LINE.findall(traceback)
    return frames[-1] if frames else None


_FRAME_LINE = re.compile(r'^  File ".*", line \d+, in (.+)$', re.MULTILINE)


def _solution_bytes(solution_path: Path) -> bytes:
    try:
        return solution_path.read_bytes()
    except OSError as error:
        raise ReferenceSolutionError(
            f"the reference solution {solution_path} cannot be read: {error.strerror or error}"
        ) from error


def _disk_cache_file(key: tuple) -> Path | None:
    directory = cache_directory()
    if directory is None:
        return None
    # The engine computes the answers, so any change to its source invalidates them.
    engine_dir = Path(__file__).resolve().parents[1] / "engine"
    engine_stamp = max((path.stat().st_mtime_ns for path in engine_dir.rglob("*.py")), default=0)
    stamp = (DISK_CACHE_FORMAT, gradekit.__version__, engine_stamp, key)
    digest = hashlib.sha256(repr(stamp).encode())
    return directory / "reference" / f"{digest.hexdigest()}.gkf"


def _read_disk_cache(
    path: Path, backend: str, recompute: Callable[[], ReferenceAnswers]
) -> ReferenceAnswers | None:
    """Answers stored by :func:`_write_disk_cache`, or None if absent or unreadable.

    The reference outcomes are decoded now; each exercise's mistake outcomes when first looked
    up (a damaged section found then costs a ``recompute()``, like a damaged file now).
    """
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        index_end = _frame_end(data, 0)
        index = decode_frame(data[:index_end]).body
        sections = _section_bounds(index, start=index_end, end=len(data))
        reference_start, reference_end = sections.pop(None)
        outcomes = {
            call_id: outcome
            for (kind, call_id), outcome in _decode_outcomes(data[reference_start:reference_end])
            if kind == "reference"
        }
        if len(outcomes) != index["reference"]:
            return None
    except (ProtocolError, ValueError, KeyError, TypeError):
        return None  # a damaged cache file only costs a recomputation
    mistake_sections = {exercise_id: data[a:b] for exercise_id, (a, b) in sections.items()}
    return ReferenceAnswers(
        backend=backend, outcomes=outcomes, mistakes=_StoredMistakes(mistake_sections, recompute)
    )


def _frame_end(data: bytes, offset: int) -> int:
    header_len, payload_len = parse_prefix(data[offset : offset + PREFIX_SIZE])
    end = offset + PREFIX_SIZE + header_len + payload_len
    if end > len(data):
        raise ProtocolError("the cache file ends inside a frame")
    return end


def _section_bounds(index: object, *, start: int, end: int) -> dict[str | None, tuple[int, int]]:
    """Byte ranges of the sections the index frame lists: None for the reference outcomes,
    else an exercise id for its mistakes; they must tile the rest of the file exactly."""
    if not isinstance(index, dict) or index.get("format") != DISK_CACHE_FORMAT:
        raise ProtocolError("not a reference cache file of this format")
    sizes = [(None, index["reference_bytes"])] + list(index["mistake_bytes"].items())
    bounds: dict[str | None, tuple[int, int]] = {}
    for name, size in sizes:
        if type(size) is not int or size < 0:
            raise ProtocolError(f"section size {size!r} is not a byte count")
        bounds[name] = (start, start + size)
        start += size
    if start != end:
        raise ProtocolError("the index does not describe the whole file")
    return bounds


def _decode_outcomes(data: bytes) -> Iterator[tuple[tuple[str, ...], CallOutcome]]:
    """The outcome frames in ``data``: (call id split at tabs, outcome) pairs."""
    offset = 0
    while offset < len(data):
        end = _frame_end(data, offset)
        event = decode_event(decode_frame(data[offset:end]))
        offset = end
        yield tuple(event["call_id"].split("\t")), event["outcome"]


def _decode_mistakes(data: bytes, exercise_id: str) -> MistakeOutcomes:
    by_function: MistakeOutcomes = {}
    for (kind, stored_exercise, function, call_id), outcome in _decode_outcomes(data):
        if kind != "mistake" or stored_exercise != exercise_id:
            raise ProtocolError(f"a frame of {stored_exercise!r} in the section of {exercise_id!r}")
        by_function.setdefault(function, {})[call_id] = outcome
    return by_function


class _StoredMistakes(Mapping[str, MistakeOutcomes]):
    """The mistake outcomes of a disk-cached file, each exercise's decoded when first looked
    up: a check whose exercises all pass never decodes them (most of the file)."""

    def __init__(
        self, sections: dict[str, bytes], recompute: Callable[[], ReferenceAnswers]
    ) -> None:
        self._sections = sections
        self._recompute = recompute
        self._decoded: dict[str, MistakeOutcomes] = {}

    def __getitem__(self, exercise_id: str) -> MistakeOutcomes:
        decoded = self._decoded.get(exercise_id)
        if decoded is None:
            section = self._sections[exercise_id]  # KeyError for an unknown id, like a dict
            try:
                decoded = _decode_mistakes(section, exercise_id)
            except (ProtocolError, ValueError, KeyError, TypeError):
                decoded = dict(self._recompute().mistakes[exercise_id])
            self._decoded[exercise_id] = decoded
        return decoded

    def __iter__(self) -> Iterator[str]:
        return iter(self._sections)

    def __len__(self) -> int:
        return len(self._sections)


def _write_disk_cache(path: Path, answers: ReferenceAnswers) -> None:
    """Store answers as protocol frames (plain data, no pickle); failures are ignored."""
    reference = b"".join(
        encode_outcome_event(f"reference\t{call_id}", outcome)
        for call_id, outcome in answers.outcomes.items()
    )
    mistakes = {
        exercise_id: b"".join(
            encode_outcome_event(f"mistake\t{exercise_id}\t{function}\t{call_id}", outcome)
            for function, outcomes in by_function.items()
            for call_id, outcome in outcomes.items()
        )
        for exercise_id, by_function in answers.mistakes.items()
    }
    index = encode_frame(
        {
            "format": DISK_CACHE_FORMAT,
            "reference": len(answers.outcomes),
            "reference_bytes": len(reference),
            "mistake_bytes": {
                exercise_id: len(section) for exercise_id, section in mistakes.items()
            },
        }
    )
    write_cache_file(path, b"".join([index, reference, *mistakes.values()]))


def _call_key(call: Call) -> tuple:
    """Hashable identity of a call: id, entry, captures and a digest of every argument."""
    capture = (call.capture.grads, call.capture.inputs_after, call.capture.graph)
    arguments = tuple((name, _arg_key(spec)) for name, spec in call.args.items())
    return (call.call_id, call.entry, call.entry_kind, call.timeout, capture, arguments)


def _arg_key(spec: ArgSpec) -> tuple:
    if spec.kind == "tensor":
        digest = hashlib.sha1(spec.blob.tobytes()).hexdigest() if spec.blob is not None else ""
        return ("tensor", spec.dtype, spec.shape, spec.requires_grad, digest)
    if spec.kind == "tuple":
        return ("tuple", tuple(_arg_key(item) for item in spec.items or ()))
    return ("python", repr(spec.value))


# How long the reference solution may take to import (its calls have their cases' timeouts).
SOLUTION_LOAD_TIMEOUT = 10.0


def _compute(solution_path: Path, plans: list[ExercisePlan], backend: str) -> ReferenceAnswers:
    from gradekit.sandbox.executor import execute_calls

    # The solution is the instructor's, trusted but perhaps wrong: an endless loop in it must
    # end as a timeout (a ReferenceSolutionError for the caller), not hang the grader. The
    # alarm that enforces the cases' timeouts works only in the main thread, which is where
    # check, grade and validate compute the answers; elsewhere (a check server preparing in
    # the background) they are computed without one.
    timed = threading.current_thread() is threading.main_thread()
    answers = ReferenceAnswers(backend=backend)
    with torch_backend(backend) as backend_module, _default_warning_filters():
        namespace = _load_solution(solution_path, SOLUTION_LOAD_TIMEOUT if timed else None)
        reference_calls = plan_calls(plans)
        answers.outcomes = execute_calls(
            namespace, reference_calls, backend_module, enforce_timeouts=timed
        )
        for plan in plans:
            per_mistake: dict[str, dict[str, CallOutcome]] = {}
            for mistake in plan.exercise.mistakes:
                calls = [replace(case.call, entry=mistake.function) for case in plan.cases]
                per_mistake[mistake.function] = execute_calls(
                    namespace, calls, backend_module, enforce_timeouts=timed
                )
            answers.mistakes[plan.exercise.id] = per_mistake
    return answers


@contextlib.contextmanager
def _default_warning_filters() -> Iterator[None]:
    """Python's own warning filters while the block runs, as a sandbox interpreter has them
    (``python -I`` reads no ``PYTHONWARNINGS``). Under this process's filters ``python -W
    error``, ``PYTHONWARNINGS=error`` or a test's filter would turn a warning the solution or a
    mistake gives (reading a non-leaf's ``.grad``) into an exception, and that answer, cached
    on disk, would then be every later run's expected answer."""
    with warnings.catch_warnings():
        warnings.resetwarnings()
        warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
        for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning):
            warnings.simplefilter("ignore", category, append=True)
        warnings.simplefilter("ignore", ResourceWarning, append=True)
        yield


def _load_solution(solution_path: Path, timeout: float | None = None) -> dict:
    from gradekit.sandbox.executor import load_submission, time_limit

    module_name = f"_gradekit_reference_{abs(hash(str(solution_path)))}"
    with time_limit(timeout):
        namespace, error = load_submission(solution_path, module_name=module_name)
    sys.modules.pop(module_name, None)  # keep the grader's module table clean
    if error is not None or namespace is None:
        detail = error.traceback if error is not None else "unknown error"
        raise ReferenceSolutionError(
            f"the reference solution {solution_path} failed to import:\n{detail}"
        )
    return namespace


@contextlib.contextmanager
def torch_backend(backend: str) -> Iterator[types.ModuleType]:
    """Make ``import torch`` resolve to the chosen backend while the block runs.

    For ``engine`` the engine's torch alias is installed and any previously imported ``torch``
    modules are put back afterwards, so the grader process can still use real torch elsewhere
    (e.g. in differential tests).
    """
    if backend == "torch":
        import torch

        yield torch
        return
    try:
        import gradekit.engine as engine
        from gradekit.engine.alias import install_torch_alias, uninstall_torch_alias
    except (ImportError, AttributeError, NotImplementedError) as error:
        raise ReferenceSolutionError(
            f"gradekit's engine cannot compute the expected answers here: {error}"
        ) from error
    # Over copies of sys.modules: a check imports its report's modules in another thread
    # meanwhile, and iterating the live dict then fails ("dictionary changed size").
    saved = {name: module for name, module in sys.modules.copy().items() if _is_torch_module(name)}
    for name in saved:
        del sys.modules[name]
    try:
        install_torch_alias()
        yield engine
    finally:
        # Also removes the alias's import hook, so real torch stays importable afterwards.
        uninstall_torch_alias()
        for name in [name for name in list(sys.modules) if _is_torch_module(name)]:
            del sys.modules[name]
        sys.modules.update(saved)


def _is_torch_module(name: str) -> bool:
    return name == "torch" or name.startswith("torch.")
