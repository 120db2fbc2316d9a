"""Grade one submission: spec -> cases -> reference + sandboxed student run -> verdicts.

Nothing in here raises because of what the student wrote: syntax errors, exceptions, endless
loops, crashes and garbage replies all end up as an exercise with status ``error`` and a message.
Only grader-side problems (unreadable submission file, unknown ``--only`` id, a broken reference
solution) raise, with a message meant for the person running the command.
"""

from __future__ import annotations

import contextlib
import queue
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gradekit.grading.compare import Difference, compare_outcomes
from gradekit.grading.early_sandbox import EarlySandbox
from gradekit.grading.load_advice import empty_file_error, load_error_advice
from gradekit.grading.plans import CompiledAssignment, ExercisePlan, GradingCase, plan_calls
from gradekit.grading.reference import ReferenceAnswers, reference_answers
from gradekit.grading.static import (
    ParsedSource,
    check_static,
    closest_name,
    defined_names,
    parse_source,
)
from gradekit.grading.submission import SubmissionSource, load_submission
from gradekit.grading.verdicts import AssignmentResult, CaseResult, ExerciseResult, Isolation
from gradekit.sandbox.environment import resolve_backend
from gradekit.sandbox.protocol import (
    Call,
    CallOutcome,
    ExceptionInfo,
    IsolationReport,
    SubmissionOutcome,
)
from gradekit.sandbox.sanitize import hide_run_directories

if TYPE_CHECKING:  # the spec models (pydantic) are needed only when a spec is compiled here
    from gradekit.sandbox.runner import OutcomeCallback
    from gradekit.spec.models import Assignment

OK_STATUSES = ("ok", "raised")
# An exercise's verdict reads none of the run's isolation or output: a placeholder for the
# partial outcome an exercise is graded from while the run goes on.
_NO_ISOLATION = IsolationReport(tier=0, layers=(), degraded={})


def grade_submission(
    submission: Path | str,
    assignment: Assignment,
    *,
    backend: str | None = None,
    only: Iterable[str] | None = None,
    include_hidden: bool = True,
    reference_backend: str = "engine",
    policy: Any = None,
    sandbox: EarlySandbox | None = None,
) -> AssignmentResult:
    """Grade ``submission`` (a .py or .ipynb path) against ``assignment``.

    ``backend`` is what the student's ``import torch`` means (default: the assignment's
    ``backend``, usually ``auto``); expected answers always come from the reference solution on
    ``reference_backend`` (the engine, except in differential tests). ``only`` restricts grading
    to those exercise ids; ``include_hidden=False`` drops hidden cases.

    ``sandbox`` is a sandbox the caller started even earlier, for this backend (the CLI starts
    one before loading the spec); without it one is started here, before the cases and the
    reference answers are computed, so that the sandbox's start-up runs alongside them. The
    student's run itself overlaps reading (or computing) the reference answers.
    """
    from gradekit.grading.cases import compile_assignment

    started = time.perf_counter()
    student_backend = resolve_backend(backend or assignment.assignment.backend)
    with contextlib.ExitStack() as cleanup:
        if sandbox is None:
            sandbox = cleanup.enter_context(EarlySandbox(student_backend, policy=policy))
        compiled = compile_assignment(assignment, only=only, include_hidden=include_hidden)
        result = grade_compiled(
            submission,
            compiled,
            backend=backend,
            reference_backend=reference_backend,
            sandbox=sandbox,
        )
        result.duration = time.perf_counter() - started
    return result


def grade_compiled(
    submission: Path | str,
    compiled: CompiledAssignment,
    *,
    backend: str | None = None,
    reference_backend: str = "engine",
    policy: Any = None,
    sandbox: EarlySandbox | None = None,
    on_verdict: Callable[[ExerciseResult], None] | None = None,
    skip_after_timeout: bool = False,
    after_launch: Callable[[], None] | None = None,
) -> AssignmentResult:
    """:func:`grade_submission` of an assignment already compiled (the plans built, perhaps
    read from the plan cache): the same arguments, and the same result.

    ``after_launch()`` is called in this thread once the student's run has handed its
    launcher everything (or after :data:`LAUNCH_HEAD_START`): work started then in other
    threads (a check imports its report's modules) does not hold the run's thread up.

    ``on_verdict`` is handed each exercise graded while the run goes on, as soon as it is (a
    check renders its report's panels then); the result holds that very object unless the
    run's final outcome overruled it. With ``skip_after_timeout`` an exercise's cases after
    one that timed out are not run (they fail, saying so): a check's quick feedback; grading
    for the record runs them all."""
    started = time.perf_counter()
    student_backend = resolve_backend(backend or compiled.backend)
    if sandbox is not None and sandbox.backend != student_backend:
        raise ValueError(
            f"the sandbox was started for backend {sandbox.backend!r}, "
            f"but this submission runs on {student_backend!r}"
        )
    with contextlib.ExitStack() as cleanup:
        if sandbox is None:
            sandbox = cleanup.enter_context(EarlySandbox(student_backend, policy=policy))
        source = load_submission(submission)
        plans = compiled.plans
        # The student's run needs only the calls: it starts now, and the expected answers are
        # read (or computed) while the sandbox runs. The runner thread mostly waits on pipes.
        student_run = _StudentRun(source, plans, sandbox, skip_after_timeout)
        try:
            # Its handshake with the sandbox first: until the launcher has everything it needs
            # (a few milliseconds of the run thread's work), this thread leaves it the GIL
            # instead of loading the answers alongside, which made the sandbox wait tens of ms.
            student_run.launched.wait(LAUNCH_HEAD_START)
            if after_launch is not None:
                after_launch()
            reference = reference_answers(compiled.solution_path, plans, backend=reference_backend)
            # Also independent of the run: the syntax tree of the static rules. (The runner
            # thread parses no Python, so this parse cannot race another one.)
            parsed = parse_source(source.text)
            streamed = _grade_while_running(
                student_run, plans, source, parsed, reference, on_verdict
            )
        except BaseException:
            # A Ctrl-C, or the reference failed: the run is of no use now, and may take as
            # long as its timeouts (an endless loop). Stop it rather than wait for it.
            student_run.cancel()
            raise
        finally:
            student_run.join()  # never leave the run behind: its processes are gone after this
        outcome = student_run.result()
        _ensure_sandbox_started(outcome)
        result = grade_outcome(
            compiled,
            plans,
            reference,
            source,
            outcome,
            submission=str(submission),
            backend=student_backend,
            include_hidden=compiled.include_hidden,
            parsed=parsed,
            graded=streamed,
        )
        result.duration = time.perf_counter() - started
        # Leaving the block waits for the sandbox to shut down (which overlapped the above).
    return result


def grade_outcome(
    assignment: Assignment | CompiledAssignment,
    plans: list[ExercisePlan],
    reference: ReferenceAnswers,
    source: SubmissionSource,
    outcome: SubmissionOutcome,
    *,
    submission: str,
    backend: str,
    include_hidden: bool = True,
    parsed: ParsedSource | None = None,
    graded: StreamedVerdicts | None = None,
) -> AssignmentResult:
    """The verdicts of one sandbox run of ``source`` (everything after the run).

    ``plans`` and ``reference`` are what the calls came from; batch grading computes them once
    and runs the student through its own warm sandbox, then calls this. ``parsed`` is
    ``parse_source(source.text)`` when the caller has it already (a check parses while the
    sandbox runs). ``graded`` holds exercises graded while the run went on (a check's
    :func:`_grade_while_running`): each is used only if ``outcome`` holds the very replies it
    was graded on. ``duration`` is left for the caller to fill in.
    """
    if parsed is None:
        parsed = parse_source(source.text)  # once for every exercise's static rules
    if outcome.load_error is None and (empty := empty_file_error(source, parsed)) is not None:
        outcome = replace(outcome, load_error=empty)  # reported once, as a file that won't load
    result = AssignmentResult(
        assignment_id=assignment.id,
        assignment_title=assignment.title,
        submission=submission,
        backend=backend,
        isolation=Isolation(
            tier=outcome.isolation.tier,
            layers=list(outcome.isolation.layers),
            degraded=dict(outcome.isolation.degraded),
        ),
        load_error=_load_error_text(source, outcome.load_error),
        load_error_advice=(
            load_error_advice(outcome.load_error, source) if outcome.load_error else None
        ),
        stdout=hide_run_directories(outcome.stdout),
        stderr=hide_run_directories(outcome.stderr),
        include_hidden=include_hidden,
    )
    for plan in plans:
        early = graded.verdict_for(plan, outcome) if graded is not None else None
        result.exercises.append(early or _grade_exercise(plan, source, parsed, outcome, reference))
    return result


class StreamedVerdicts:
    """Exercises graded while the student's run went on, with the replies each was graded on.

    An exercise's verdict depends only on the replies to its own calls (and on the file having
    loaded, which it had if replies came), so once they have all arrived it can be graded
    before the run ends. The run's final outcome overrules what was announced (a forged reply
    is found out by what follows it; a warm start that failed is run again cold): a verdict
    counts only if the final outcome holds the very same reply objects.
    """

    def __init__(self) -> None:
        self._verdicts: dict[str, tuple[ExerciseResult, list[CallOutcome]]] = {}

    def add(self, plan: ExercisePlan, verdict: ExerciseResult, replies: list[CallOutcome]) -> None:
        self._verdicts[plan.exercise.id] = (verdict, replies)

    def verdict_for(self, plan: ExercisePlan, outcome: SubmissionOutcome) -> ExerciseResult | None:
        """The exercise's early verdict if ``outcome`` confirms every reply it used."""
        known = self._verdicts.get(plan.exercise.id)
        if known is None or outcome.load_error is not None:
            return None
        verdict, replies = known
        final = outcome.calls
        if all(
            final.get(call.call_id) is reply
            for call, reply in zip(plan.calls, replies, strict=True)
        ):
            return verdict
        return None


# How long the grader's main thread waits for the student's run to hand its launcher everything
# (see _StudentRun.launched) before it goes on: longer only when the run waits for something
# else first (a layer probe without a cached answer), and then the answers load meanwhile.
LAUNCH_HEAD_START = 0.1


class _StudentRun(threading.Thread):
    """The student's sandboxed run, in a thread of its own (a plain thread: the executor of
    concurrent.futures imports logging, which costs a check start-up time).

    Each reply is put on :attr:`replies` as it arrives, as ``(call_id, outcome)``; ``None``
    follows the last one, when the run has ended (however it ended). :attr:`launched` is set
    once the sandbox's launcher has everything it needs from this process (or the run has
    ended)."""

    def __init__(
        self,
        source: SubmissionSource,
        plans: list[ExercisePlan],
        sandbox: EarlySandbox,
        skip_after_timeout: bool = False,
    ) -> None:
        super().__init__(name="student-run", daemon=True)
        self._arguments = (source, plans, sandbox, skip_after_timeout)
        self._outcome: SubmissionOutcome | None = None
        self._error: BaseException | None = None
        self.replies: queue.SimpleQueue[tuple[str, CallOutcome] | None] = queue.SimpleQueue()
        self.launched = threading.Event()
        self._cancel = threading.Event()
        self.start()

    def cancel(self) -> None:
        """Stop the run soon (see :func:`~gradekit.sandbox.runner.run_submission`)."""
        self._cancel.set()

    def run(self) -> None:
        try:
            self._outcome = _run_student(
                *self._arguments,
                on_outcome=self._on_reply,
                cancel=self._cancel,
                on_launched=self.launched.set,
            )
        except BaseException as error:  # re-raised in the caller's thread by result()
            self._error = error
        finally:
            self.launched.set()  # nobody waits for a launch that will not come
            self.replies.put(None)

    def _on_reply(self, call_id: str, outcome: CallOutcome) -> None:
        self.replies.put((call_id, outcome))

    def result(self) -> SubmissionOutcome:
        """Wait for the run; raises what the run raised."""
        self.join()
        if self._error is not None:
            raise self._error
        assert self._outcome is not None
        return self._outcome


def _grade_while_running(
    run: _StudentRun,
    plans: list[ExercisePlan],
    source: SubmissionSource,
    parsed: ParsedSource,
    reference: ReferenceAnswers,
    on_verdict: Callable[[ExerciseResult], None] | None = None,
) -> StreamedVerdicts:
    """Grade each exercise as soon as the replies to all its calls have arrived, while the
    run goes on. Until the first reply, while this process only waits for the sandbox, decode
    the known mistakes' answers (read lazily from the disk cache), which the verdicts of
    failing exercises compare with; once replies come, the rest are decoded only for an
    exercise that fails (decoding them all would compete with the run's supervision thread
    for this process, and most exercises pass). Returns when the run has ended: what was not
    graded by then is graded after it, from the final outcome."""
    graded = StreamedVerdicts()
    plan_of_call = {}  # call id -> its exercise's plan and calls
    for plan in plans:
        calls = plan.calls  # ExercisePlan.calls builds a new list on each access
        plan_of_call.update((call.call_id, (plan, calls)) for call in calls)
    replies: dict[str, CallOutcome] = {}
    mistakes_left = iter(list(reference.mistakes))
    while True:
        try:
            item = run.replies.get_nowait()
        except queue.Empty:
            exercise_id = None if replies else next(mistakes_left, None)
            if exercise_id is not None:
                reference.mistakes.get(exercise_id)
                continue
            item = run.replies.get()  # nothing else to do: wait for the next reply
        if item is None:
            return graded
        call_id, reply = item
        replies[call_id] = reply
        plan, calls = plan_of_call.get(call_id, (None, None))
        if plan is None or calls[-1].call_id != call_id:
            continue  # replies come in call order: an exercise is complete at its last call
        exercise_replies = [replies.get(call.call_id) for call in calls]
        if any(got is None for got in exercise_replies):
            continue  # a call before it failed without a reply: graded after the run
        so_far = SubmissionOutcome(
            load_error=None,
            calls=dict(zip((call.call_id for call in calls), exercise_replies, strict=True)),
            stdout="",
            stderr="",
            isolation=_NO_ISOLATION,
            duration=0.0,
        )
        verdict = _grade_exercise(plan, source, parsed, so_far, reference)
        graded.add(plan, verdict, exercise_replies)
        if on_verdict is not None:
            on_verdict(verdict)


def _run_student(
    source: SubmissionSource,
    plans: list[ExercisePlan],
    sandbox: EarlySandbox,
    skip_after_timeout: bool,
    on_outcome: OutcomeCallback | None = None,
    cancel: threading.Event | None = None,
    on_launched: Callable[[], None] | None = None,
) -> SubmissionOutcome:
    calls = plan_calls(plans)
    if source.kind == "py":
        return sandbox.run(
            source.path.resolve(),
            calls,
            on_outcome,
            cancel,
            skip_after_timeout,
            on_launched=on_launched,
        )
    # A notebook runs as the generated .py, named like the notebook so tracebacks read well.
    with tempfile.TemporaryDirectory(prefix="gradekit-notebook-") as folder:
        generated = Path(folder) / f"{source.path.stem}.py"
        generated.write_text(source.text, encoding="utf-8")
        return sandbox.run(
            generated, calls, on_outcome, cancel, skip_after_timeout, on_launched=on_launched
        )


def _ensure_sandbox_started(outcome: SubmissionOutcome) -> None:
    """Raise :class:`SandboxUnavailable` when the sandbox failed before the student's file
    was read: that is a problem of the machine or of gradekit's installation (say, the
    sandbox cannot import gradekit), never of the student's code.

    The sandboxed process reports the isolation layers it applied before it reads the
    submission, so a run in which no layer was reported and no call ran never got to the
    student's code."""
    from gradekit.sandbox.policy import SandboxUnavailable

    never_ran = all(
        call.exception is not None and call.exception.type == "NotRun"
        for call in outcome.calls.values()
    )
    if (
        outcome.failure is not None
        and outcome.load_error is None
        and set(outcome.isolation.layers) <= {"process"}
        and never_ran
    ):
        raise SandboxUnavailable(
            f"the sandbox could not start, so no code was run (a problem of this machine or "
            f"of gradekit's installation, not of the submission): {outcome.failure}"
        )


def _load_error_text(source: SubmissionSource, error: ExceptionInfo | None) -> str | None:
    if error is None:
        return None
    where = source.describe_line(error.line)
    location = f" ({where})" if where else ""
    return f"{error.type}: {error.message}{location}"


def _grade_exercise(
    plan: ExercisePlan,
    source: SubmissionSource,
    parsed: ParsedSource,
    outcome: SubmissionOutcome,
    reference: ReferenceAnswers,
) -> ExerciseResult:
    exercise = plan.exercise
    result = ExerciseResult(
        id=exercise.id,
        entry=exercise.entry_name,
        title=exercise.title,
        max_points=exercise.points,
    )
    if outcome.load_error is not None:
        result.error = (
            f"your file could not be loaded: {_load_error_text(source, outcome.load_error)}"
        )
        result.traceback = source.annotate_traceback(outcome.load_error.traceback) or None
        result.cases = [unrun_case(case) for case in plan.cases]
        return result

    result.violations = [
        replace(violation, message=f"{violation.message} ({where})")
        if (where := source.line_map.describe(violation.line or 0))
        else violation
        for violation in check_static(parsed, exercise.entry_name, plan.rules)
    ]
    for case in plan.cases:
        got = outcome.calls.get(case.call.call_id) or _no_reply(case, outcome)
        expected = reference.outcomes[case.call.call_id]
        result.cases.append(_grade_case(case, expected, got, source))
        result.duration += got.duration

    if any(case.call_status == "missing" for case in result.cases):
        _suggest_defined_name(result, exercise.entry_name, parsed)
    # Missing entry, timeout, crash: the first such case explains the whole exercise.
    first_error = next((case for case in result.cases if case.errored), None)
    if first_error is not None and first_error.differences:
        result.error = first_error.differences[0].message
    # A hidden case's traceback could hint at its inputs; show a visible case's when possible.
    result.traceback = next(
        (case.traceback for case in result.cases if case.traceback and not case.hidden), None
    )
    if result.status != "pass":
        result.mistake = _matched_mistake(plan, outcome, reference)
        result.hints = list(exercise.hints)
    return result


def _suggest_defined_name(result: ExerciseResult, entry: str, parsed: ParsedSource) -> None:
    """Add "did you mean `even_row`?" to the message of each case whose entry is missing,
    when the student's file defines a name close to it (a typo, or the old name)."""
    close = closest_name(entry, defined_names(parsed))
    if close is None:
        return
    for case in result.cases:
        if case.call_status == "missing" and case.differences:
            first = case.differences[0]
            first.message = f"{first.message}; did you mean `{close}`? (your file defines it)"


def _grade_case(
    case: GradingCase, expected: CallOutcome, got: CallOutcome, source: SubmissionSource
) -> CaseResult:
    differences = compare_outcomes(expected, got, case.checks)
    if expected.status not in OK_STATUSES:
        # The reference itself failed on this case: never blame the student for it.
        differences = []
    _explain_call_signature(case.call, got, differences)
    _explain_none_result(case.call, got, differences)
    traceback = None
    if got.exception is not None and got.exception.traceback:
        traceback = source.annotate_traceback(got.exception.traceback)
    label = case.case_id if not case.description else f"{case.case_id}: {case.description}"
    return CaseResult(
        case_id=case.case_id,
        label=label,
        passed=not differences and got.status in OK_STATUSES,
        weight=case.weight,
        hidden=case.hidden,
        call_status=got.status,
        differences=differences,
        inputs=dict(case.inputs),
        duration=got.duration,
        traceback=traceback if differences else None,
    )


def unreadable_result(
    compiled: CompiledAssignment, submission: str, backend: str, message: str
) -> AssignmentResult:
    """The result of a submission that could not be read at all (no such file, not UTF-8, a
    broken notebook): every exercise errors with ``message`` and earns nothing."""
    result = AssignmentResult(
        assignment_id=compiled.id,
        assignment_title=compiled.title,
        submission=submission,
        backend=backend,
        load_error=message,
    )
    for plan in compiled.plans:
        exercise = plan.exercise
        result.exercises.append(
            ExerciseResult(
                id=exercise.id,
                entry=exercise.entry_name,
                title=exercise.title,
                max_points=exercise.points,
                error=f"your file could not be read: {message}",
                cases=[unrun_case(case) for case in plan.cases],
            )
        )
    return result


# What a student is told when the assignment itself is broken. Nothing of the assignment's
# problem goes into it: the spec's contents, the reference solution's code and its traceback are
# the instructor's (printed to the grading log's stderr).
MISCONFIGURED_TITLE = "Autograder misconfigured"
MISCONFIGURED_MESSAGE = (
    "The autograder of this assignment is misconfigured, so your submission was not graded "
    "(this is not your fault). Please tell your instructor."
)


def misconfigured_result(
    assignment_id: str, title: str, submission: str, max_points: float = 0.0
) -> AssignmentResult:
    """The result of a submission the assignment's own problem kept from being graded (an
    invalid spec, a reference solution that fails): one test, :data:`MISCONFIGURED_TITLE`,
    worth the assignment's points when they are known, earning nothing, whose message is
    :data:`MISCONFIGURED_MESSAGE`."""
    return AssignmentResult(
        assignment_id=assignment_id,
        assignment_title=title,
        submission=submission,
        backend="-",
        grading_error=MISCONFIGURED_MESSAGE,
        exercises=[
            ExerciseResult(
                id="autograder",
                entry="",
                title=MISCONFIGURED_TITLE,
                max_points=max_points,
                error=MISCONFIGURED_MESSAGE,
            )
        ],
    )


def _explain_call_signature(call: Call, got: CallOutcome, differences: list[Difference]) -> None:
    """When the entry could not even be called with the case's arguments (a TypeError naming
    it: ``even_rows() missing 1 required positional argument: 'n'``), say how the grader calls
    it, on the difference that reports the exception."""
    exception = got.exception
    if (
        got.status != "raised"
        or exception is None
        or exception.type.rsplit(".", 1)[-1] != "TypeError"
        or not exception.message.startswith(f"{call.entry}() ")
        or "argument" not in exception.message
    ):
        return
    arguments = ", ".join(call.args)
    for difference in differences:
        if difference.check == "raises" and difference.explanation is None:
            difference.explanation = (
                f"The grader calls `{call.entry}({arguments})`: give your function exactly "
                "these parameters, in this order (any extra one needs a default value)."
            )
            return


def _explain_none_result(call: Call, got: CallOutcome, differences: list[Difference]) -> None:
    """A result of None where something else was expected: the usual reason, which the
    message does not show, is a missing `return` (a variable: one never assigned)."""
    value = got.value
    if got.status != "ok" or value is None or value.get("kind") != "python":
        return
    if value.get("value") is not None:
        return
    for difference in differences:
        if difference.check == "type" and difference.subject == "result":
            difference.explanation = (
                "Your function returned None: did you forget `return`?"
                if call.entry_kind == "function"
                else f"`{call.entry}` is still None: give it its value."
            )
            return


def unrun_case(case: GradingCase) -> CaseResult:
    """The result of a case that never ran (the file did not load or could not be read)."""
    return CaseResult(
        case_id=case.case_id,
        label=case.case_id,
        passed=False,
        weight=case.weight,
        hidden=case.hidden,
        call_status="missing",
        inputs=dict(case.inputs),
    )


def _no_reply(case: GradingCase, outcome: SubmissionOutcome) -> CallOutcome:
    """The sandbox returned nothing for this call (the child died before reaching it)."""
    reason = outcome.failure or "the process running your code stopped before this case ran"
    return CallOutcome("crashed", exception=ExceptionInfo("RuntimeError", reason))


def _matched_mistake(
    plan: ExercisePlan, outcome: SubmissionOutcome, reference: ReferenceAnswers
) -> str | None:
    """The message of the first known mistake whose answers equal the student's on every case."""
    for mistake in plan.exercise.mistakes:
        mistake_outcomes = reference.mistakes.get(plan.exercise.id, {}).get(mistake.function, {})
        compared = 0
        matches = True
        for case in plan.cases:
            got = outcome.calls.get(case.call.call_id)
            wrong = mistake_outcomes.get(case.call.call_id)
            if got is None or wrong is None or got.status not in OK_STATUSES:
                matches = False
                break
            if wrong.status not in OK_STATUSES:
                continue
            compared += 1
            if compare_outcomes(wrong, got, case.checks):
                matches = False
                break
        if matches and compared:
            return mistake.message
    return None
