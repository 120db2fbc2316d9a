"""Wall time of `gradekit check` on the example submissions, engine backend (target <= 0.5 s).

Each command runs as a fresh process, like a student typing it, several times. Every round runs
a plain `python -c "import numpy"` first and then each check, so the ratio compares runs made
under the same machine load (the median of the per-round ratios is printed). CPU seconds (user +
system, of the process and every process it waited for: sandbox probe, zygote, launcher,
worker) are printed too: on a shared machine they move far less than wall time. Timing is
reported, never asserted.

A short timeline follows: the parts of a check measured one by one in this process (median
of the rounds): the zygote's start-up (spawn until ready to fork), the run of the submission's
calls in a ready zygote (a check grades each exercise during it, as soon as its calls have
replied, and renders the text report's panels of those that do not pass), and the grading
after the run (what is left of the verdicts, and the text report).
(To compare with grading everything after the run, run an older snapshot's benchmarks/check.py:
grading the same outcome again in this process would find the comparisons remembered.) A
check overlaps its own
start-up (imports, plans, reference answers) with the zygote's, so its wall time is roughly
interpreter start + zygote start-up + run + grading.

Each check runs twice per round: on its own (`GRADEKIT_CHECK_SERVER=off`: a first check, or any
check in CI) and served by the check server (every later check of a student; the server is
started first, in a private directory, and each served check waits until the server's spare
sandbox is ready again, as it is when a student edits between checks).

The expected answers are cached on disk keyed by the engine's source, so edits to
gradekit/engine/ between runs make the next check recompute them: benchmark a quiet tree (or a
`git archive` snapshot: run its own benchmarks/check.py from inside it).

    python benchmarks/check.py [--repeat N]

`--marks` prints instead where the first check's time goes, in every process: it copies this
tree (and any `--against` snapshot, a `git archive` of another commit) into a folder outside
/tmp (bubblewrap gives the sandbox a private /tmp), inserts marks that write
`T name CLOCK_MONOTONIC` to a descriptor every process inherits (the grader G, the zygote Z,
the launcher L, the worker W; the product itself carries no instrumentation), runs the
autograd example's check on its own in each copy, alternating, under `nice -n -20`, and prints
the median of each stretch between two marks (ms), then every mark's median time from the
command's start, in the order passed (which process waits for which). A mark whose line is
not in a tree is left out there (the stretches it bounds print `-`).

    python benchmarks/check.py --marks [--repeat N] [--against SNAPSHOT]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 0.5
BASELINE = ('baseline: python -c "import numpy"', [sys.executable, "-c", "import numpy"])
CASES = [
    ("tensor-indexing", "examples/student/exercise.py", "exercises/tensor-indexing.yaml"),
    ("autograd", "examples/student/autograd_exercises.py", "exercises/autograd.yaml"),
]


@dataclass
class Timings:
    """Wall and CPU seconds of every run of one command, and how the last run ended."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    exit_code: int = 0
    stderr: str = ""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# Measured as an installed gradekit runs: with cached bytecode (pip writes .pyc files at
# install time). PYTHONDONTWRITEBYTECODE in the caller's environment would make every run
# compile gradekit's modules from source again.
ENVIRONMENT = {
    name: value
    for name, value in os.environ.items()
    if name not in ("PYTHONDONTWRITEBYTECODE", "CI", "GRADEKIT_CHECK_SERVER")
}
ON_ITS_OWN = dict(ENVIRONMENT, GRADEKIT_CHECK_SERVER="off")
SERVER_DIRECTORY = tempfile.mkdtemp(prefix="gk-bench-")  # mode 0700, short (a socket path)
SERVED = dict(ENVIRONMENT, GRADEKIT_SERVER_DIR=SERVER_DIRECTORY)


def run_once(command: list[str], timings: Timings, env: dict[str, str] = ON_ITS_OWN) -> None:
    cpu_before = _children_cpu()
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    timings.wall.append(time.perf_counter() - started)
    timings.cpu.append(_children_cpu() - cpu_before)
    timings.exit_code, timings.stderr = completed.returncode, completed.stderr


def check_command(submission: str, spec: str) -> list[str]:
    """The check a student types: the text report (to a pipe here: no colours, 80 columns)."""
    return [
        sys.executable, "-m", "gradekit", "check", submission,
        "--assignment", spec, "--backend", "engine",
    ]  # fmt: skip


class CheckServer:
    """The check server the served rows use, in :data:`SERVER_DIRECTORY`. Its CPU time is not
    in the rows' cpu column (it is no child of this process)."""

    def __init__(self) -> None:
        from gradekit.check_server import client

        self.client = client
        os.environ["GRADEKIT_SERVER_DIR"] = SERVER_DIRECTORY  # where client looks
        program = "from gradekit.check_server import rendezvous as r; print(r.server_key())"
        self.key = subprocess.run(
            [sys.executable, "-c", program],
            cwd=ROOT, env=SERVED, capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        subprocess.run(
            [sys.executable, "-m", "gradekit", "server", "start"],
            cwd=ROOT, env=SERVED, capture_output=True, check=True,
        )  # fmt: skip

    def wait_until_ready(self) -> None:
        """Until the server holds a warm spare sandbox for the engine again."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status = self.client.server_status(self.key)
            if status is None:
                raise SystemExit("the check server stopped (gradekit's files changed?)")
            if "engine" in status["spare_sandboxes"] and not status["checks_running"]:
                return
            time.sleep(0.05)
        raise SystemExit("the check server has no spare sandbox after 60 s")

    def served(self) -> int:
        return self.client.server_status(self.key)["checks_served"]

    def stop(self) -> None:
        self.client.stop_servers()
        for leftover in Path(SERVER_DIRECTORY).iterdir():
            leftover.unlink()
        os.rmdir(SERVER_DIRECTORY)


def timeline(submission: str, spec: str, rounds: int) -> dict[str, float]:
    """Median seconds of a check's parts, each round in a fresh process (as cold as a check:
    nothing decoded or compared yet)."""
    parts: dict[str, list[float]] = {}
    for _ in range(rounds):
        completed = subprocess.run(
            [sys.executable, __file__, "--timeline-round", submission, spec],
            cwd=ROOT, capture_output=True, text=True, env=ON_ITS_OWN, check=True,
        )  # fmt: skip
        for part, seconds in json.loads(completed.stdout).items():
            parts.setdefault(part, []).append(seconds)
    return {part: statistics.median(values) for part, values in parts.items()}


def timeline_round(submission: str, spec: str) -> dict[str, float]:
    """One round of :func:`timeline`: a check's parts one after the other, in this process."""
    from rich.console import Console

    from gradekit.grading.pipeline import _grade_while_running, _StudentRun, grade_outcome
    from gradekit.grading.plan_cache import load_compiled
    from gradekit.grading.reference import reference_answers
    from gradekit.grading.static import parse_source
    from gradekit.grading.submission import load_submission
    from gradekit.report.panels import PanelCache
    from gradekit.report.text import render_text
    from gradekit.sandbox.policy import probe_policy
    from gradekit.sandbox.warm import Zygote, run_submission_warm

    compiled = load_compiled(ROOT / spec)
    source = load_submission(ROOT / submission)
    policy = probe_policy()
    # Done here, as a check does them while the run goes on: the known mistakes' answers
    # decoded, the submission parsed for the static rules.
    reference = reference_answers(compiled.solution_path, compiled.plans).fully_decoded()
    parsed = parse_source(source.text)
    started = time.perf_counter()
    with Zygote("engine", bubblewrap="bubblewrap" in policy.layers) as zygote:

        class WarmSandbox:  # what a check's student run asks of its sandbox
            @staticmethod
            def run(path, calls, on_outcome, cancel, skip_after_timeout=False, on_launched=None):
                return run_submission_warm(
                    path,
                    calls,
                    zygote=zygote,
                    policy=policy,
                    on_outcome=on_outcome,
                    cancel=cancel,
                    skip_after_timeout=skip_after_timeout,
                    on_launched=on_launched,
                )

        ready = time.perf_counter()
        run = _StudentRun(source, compiled.plans, WarmSandbox())
        panels = PanelCache(lambda: Console(file=io.StringIO(), width=80))  # as to a pipe
        streamed = _grade_while_running(
            run, compiled.plans, source, parsed, reference, panels.prepare
        )
        outcome = run.result()
        ran = time.perf_counter()

    graded = time.perf_counter()
    result = grade_outcome(
        compiled, compiled.plans, reference, source, outcome,
        submission=submission, backend="engine", parsed=parsed, graded=streamed,
    )  # fmt: skip
    render_text(result, panels.console, panels)
    return {
        "zygote start-up": ready - started,
        "run": ran - ready,
        "grading": time.perf_counter() - graded,
    }


# -- --marks: a timeline with a mark in every process -----------------------------------------

MARKS_FD = 99  # every process of a check inherits it (the zygote is passed it explicitly)
MARK_FUNCTION = f"""
def _benchmark_mark(name):
    import os, time
    try:
        os.write({MARKS_FD}, ("T %s %.6f\\n" % (name, time.monotonic())).encode())
    except OSError:
        pass
"""
OPEN_MARKS = f"""\
import os as _os
if _os.environ.get("GRADEKIT_BENCHMARK_MARKS"):
    _marks = _os.open(_os.environ["GRADEKIT_BENCHMARK_MARKS"], _os.O_WRONLY | _os.O_APPEND)
    _os.dup2(_marks, {MARKS_FD})
    _os.close(_marks)
_benchmark_mark("G.main")"""

# (file, a regular expression matching one stripped line, mark it before or after, the mark)
# fmt: off
MARKS = [
    ("__main__.py", r"from gradekit.check_server.client import run_served", "before", None),
    ("sandbox/warm.py", r"self._pidfd = os.pidfd_open\(self.process.pid\)", "after", "G.spawned"),
    ("check_command.py", r"compiled = _compiled_assignment\(spec_path, options\)", "after",
     "G.compiled"),
    ("check_command.py", r"import_numpy_single_threaded\(\)$", "after", "G.numpy"),
    ("grading/pipeline.py", r"reference = reference_answers\(compiled.solution_path", "after",
     "G.reference"),
    ("grading/pipeline.py", r"parsed = parse_source\(source.text\)$", "after", "G.parsed"),
    ("grading/pipeline.py", r"reference = reference_answers\(compiled.solution_path", "before",
     "G.answers"),
    ("grading/pipeline.py", r"streamed = _grade_while_running\($", "after", "G.streamed"),
    ("sandbox/runner.py", r"encoded = encoded_calls\(self.launcher_calls\)", "before", "G.run"),
    ("sandbox/runner.py", r"remainder = self._write_what_fits\(launched.config_w", "after",
     "G.configured"),
    ("sandbox/warm.py", r"ready = self._channel.recv\(REQUEST_LIMIT\)", "after", "G.ready_read"),
    ("sandbox/runner.py", r"attempt.loaded = True", "after", "G.loaded_read"),
    ("grading/pipeline.py", r"outcome = student_run.result\(\)", "after", "G.run_done"),
    ("check_command.py", r"close_untaken_sandbox\(\)  # the one exit hook", "before", "G.exit"),
    ("sandbox/zygote.py", r"^gc.disable\(\)$", "before", "Z.start"),
    ("sandbox/zygote.py", r"channel.sendall\(b'\{\"ready\": true\}'\)", "before", "Z.ready"),
    ("sandbox/zygote.py", r"message, fds, _, _ = socket.recv_fds\(channel,", "after", "Z.request"),
    ("sandbox/zygote.py", r"calls = child.PRELOADED_CALLS\[digest\] = decode_calls", "after",
     "Z.decoded"),
    ("sandbox/zygote.py", r"^pid = os.fork\(\)$", "before", "Z.fork"),
    ("sandbox/child.py", r"config, calls = _read_configuration\(args.config_fd, control\)",
     "after", "L.configured"),
    ("sandbox/child.py", r"_write_all\(result_fd, encode_layers_event\(applied, failed\)\)",
     "after", "W.layers"),
    ("sandbox/child.py", r"namespace, error = load_submission\(submission,", "after",
     "W.loaded"),
    ("sandbox/child.py", r"_write_all\(result_fd, pending \+ encode_begin_event", "before",
     "W.call"),
    ("sandbox/child.py", r"^pending = frame$", "after", "W.outcome"),
    ("sandbox/child.py", r"^os._exit\(code\)$", "before", "W.exit"),
    ("sandbox/child.py", r"_, status = os.waitpid\(worker, 0\)", "after", "L.reaped"),
    ("sandbox/child.py", r"reaped = layer_functions.kill_descendants\(\)", "after", "L.killed"),
]
# fmt: on
# (stretch, from mark, to mark); "W.call~" is the last call's start; None is the process start.
STRETCHES = [
    ("Python and site", None, "G.main"),
    ("gradekit until the zygote's spawn", "G.main", "G.spawned"),
    ("the zygote's start-up", "G.spawned", "Z.ready"),
    ("grader: spawn to calls configured", "G.spawned", "G.configured"),
    ("zygote ready to its first request read", "Z.ready", "Z.request"),
    ("zygote ready to launcher configured", "Z.ready", "L.configured"),
    ("  calls decoded (zygote)", "Z.request", "Z.decoded"),
    ("  decoded to launcher forked", "Z.decoded", "Z.fork"),
    ("  launcher forked to configured", "Z.fork", "L.configured"),
    ("launcher configured to layers applied", "L.configured", "W.layers"),
    ("submission loaded", "W.layers", "W.loaded"),
    ("zygote ready to the first call", "Z.ready", "W.call"),
    ("the calls (first to last start)", "W.call", "W.call~"),
    ("last call to the run's end (grader)", "W.call~", "G.run_done"),
    ("  the last call", "W.call~", "W.outcome~"),
    ("  calls done to the worker's exit", "W.outcome~", "W.exit"),
    ("  worker exit to reaped (launcher)", "W.exit", "L.reaped"),
    ("  reaped to descendants killed", "L.reaped", "L.killed"),
    ("  descendants killed to run's end", "L.killed", "G.run_done"),
    ("grader: answers started (after the launch)", "G.spawned", "G.answers"),
    ("  answers loaded", "G.answers", "G.reference"),
    ("  source parsed", "G.reference", "G.parsed"),
    ("  graded while running", "G.parsed", "G.streamed"),
    ("  launcher's end to graded", "L.killed", "G.streamed"),
    ("  graded to the run's end", "G.streamed", "G.run_done"),
    ("the run's end to the exit", "G.run_done", None),
    ("the whole check", None, None),
]


def instrumented_copy(tree: Path, target: Path) -> list[str]:
    """Copy ``tree``'s package and example files to ``target`` with the marks inserted;
    returns the marks whose line is not in this tree."""
    import re
    import shutil

    shutil.rmtree(target, ignore_errors=True)
    for part in ("gradekit", "exercises", "examples", "solutions"):
        shutil.copytree(tree / part, target / part, ignore=shutil.ignore_patterns("__pycache__"))
    lines_of: dict[str, list[str]] = {}
    missing = []
    for relative, pattern, where, mark in MARKS:
        path = target / "gradekit" / relative
        lines = lines_of.setdefault(relative, path.read_text().splitlines())
        hits = [i for i, line in enumerate(lines) if re.search(pattern, line.strip())]
        if len(hits) != 1:
            missing.append(mark or "G.main")
            continue
        index, indent = hits[0], re.match(r"\s*", lines[hits[0]]).group()
        code = OPEN_MARKS if mark is None else f"_benchmark_mark({mark!r})"
        if where == "after":  # after the whole statement (it may span lines)
            depth = lines[index].count("(") - lines[index].count(")")
            while depth > 0:
                index += 1
                depth += lines[index].count("(") - lines[index].count(")")
            if lines[index].rstrip().endswith(":"):
                indent += "    "
            index += 1
        lines[index:index] = [indent + line for line in code.splitlines()]
    for relative, lines in lines_of.items():
        text = "\n".join(lines) + "\n"
        anchor = "from __future__ import annotations\n" if relative != "__main__.py" else "\n\n"
        text = text.replace(anchor, anchor + MARK_FUNCTION, 1)
        if relative == "sandbox/warm.py":  # the zygote starts with only its socket
            text = text.replace(
                "pass_fds=(zygote_end.fileno(),),",
                f"pass_fds=(zygote_end.fileno(), {MARKS_FD}),",
            )
        (target / "gradekit" / relative).write_text(text)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(target / "gradekit")], check=True)
    return missing


def marks_round(tree: Path, cache: Path, marks_file: Path) -> dict[str, float]:
    """One check of the autograd example in ``tree``: every mark, in ms from the spawn."""
    _, submission, spec = CASES[1]
    marks_file.write_text("")
    env = dict(ON_ITS_OWN, PYTHONPATH=str(tree), GRADEKIT_CACHE_DIR=str(cache),
               GRADEKIT_BENCHMARK_MARKS=str(marks_file))  # fmt: skip
    started = time.monotonic()
    completed = subprocess.run(
        ["nice", "-n", "-20", *check_command(submission, spec)],
        cwd=tree, env=env, capture_output=True, text=True,
    )  # fmt: skip
    ended = time.monotonic()
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{tree}: the check did not grade:\n{completed.stderr}")
    marks: dict[str, float] = {}
    for line in marks_file.read_text().splitlines():
        _, name, seconds = line.split()
        at = 1000 * (float(seconds) - started)
        marks.setdefault(name, at)
        marks[name + "~"] = at  # the last time this mark was passed
    marks["end"] = 1000 * (ended - started)
    return marks


def print_marks(options: argparse.Namespace) -> None:
    trees = {"this tree": ROOT}
    if options.against:
        trees = {"against": Path(options.against).resolve(), **trees}
    work = Path(tempfile.mkdtemp(prefix="gradekit-marks-", dir="/var/tmp"))
    try:
        copies = {}
        for label, tree in trees.items():
            copies[label] = work / label.replace(" ", "-")
            missing = instrumented_copy(tree, copies[label])
            if missing:
                print(f"{label}: no line for the marks {', '.join(missing)}")
        caches = {label: work / f"cache-{index}" for index, label in enumerate(trees)}
        marks_file = work / "marks.txt"
        rounds: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
        for label in trees:  # fill each copy's caches; not counted
            marks_round(copies[label], caches[label], marks_file)
        for index in range(options.repeat):
            order = list(trees) if index % 2 == 0 else list(trees)[::-1]
            for label in order:
                rounds[label].append(marks_round(copies[label], caches[label], marks_file))
    finally:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    print(f"where the autograd check's time goes (ms, medians of {options.repeat}; "
          f"load {os.getloadavg()[0]:.1f})")  # fmt: skip
    print(f"{'':<42}" + "".join(f"{label:>12}" for label in trees))
    for name, start, end in STRETCHES:
        row = f"{name:<42}"
        for label in trees:
            values = [
                marks[end or "end"] - (marks[start] if start else 0.0)
                for marks in rounds[label]
                if (end or "end") in marks and (start is None or start in marks)
            ]
            row += f"{statistics.median(values):12.1f}" if values else f"{'-':>12}"
        print(row)
    print("\nevery mark, in ms from the command's start (medians), in the order passed")

    def at(label: str, name: str) -> float | None:
        values = [marks[name] for marks in rounds[label] if name in marks]
        return statistics.median(values) if values else None

    names = {name for label in trees for marks in rounds[label] for name in marks}
    repeated = {"W.call~", "W.outcome~"}  # marks passed once per call: their last time too
    names = {name for name in names if not name.endswith("~") or name in repeated}
    this_tree = list(trees)[-1]
    for name in sorted(names, key=lambda name: at(this_tree, name) or 0.0):
        cells = (at(label, name) for label in trees)
        print(f"{name:<42}" + "".join(f"{'-':>12}" if c is None else f"{c:12.1f}" for c in cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="rounds (medians are printed)")
    parser.add_argument(
        "--marks",
        action="store_true",
        help="a timeline of the first check with marks in every process",
    )
    parser.add_argument(
        "--against",
        metavar="SNAPSHOT",
        help="with --marks: another tree to alternate with (a git archive)",
    )
    parser.add_argument("--timeline-round", nargs=2, metavar=("SUBMISSION", "SPEC"),
                        help=argparse.SUPPRESS)  # fmt: skip
    options = parser.parse_args()
    if options.timeline_round:
        print(json.dumps(timeline_round(*options.timeline_round)))
        return 0
    if options.marks:
        print_marks(options)
        return 0

    baseline = Timings()
    rows = [(name, submission, spec, served) for name, submission, spec in CASES
            for served in (False, True)]  # fmt: skip
    checks = {(name, served): Timings() for name, _, _, served in rows}
    for _, submission, spec in CASES:  # fill the spec and answer caches; not counted
        run_once(check_command(submission, spec), Timings())
    server = CheckServer()
    try:
        for _ in range(options.repeat):
            run_once(BASELINE[1], baseline)
            for name, submission, spec, served in rows:
                if served:
                    server.wait_until_ready()
                env = SERVED if served else ON_ITS_OWN
                run_once(check_command(submission, spec), checks[name, served], env)
        served_count = server.served()
    finally:
        server.stop()
    if served_count != options.repeat * len(CASES):
        raise SystemExit(f"the server served {served_count} checks, not every served row's")

    print(f"{'command':<50} {'wall':>8} {'ratio':>6} {'cpu':>8}")
    print(
        f"{BASELINE[0]:<50} {statistics.median(baseline.wall):7.3f}s {1.0:5.1f}x "
        f"{statistics.median(baseline.cpu):7.3f}s"
    )
    for name, _, _, served in rows:
        timings = checks[name, served]
        label = f"gradekit check ({name}, engine{', served' if served else ''})"
        if timings.exit_code not in (0, 1):  # 0/1 are verdicts; anything else did not grade
            lines = timings.stderr.strip().splitlines()
            print(f"{label:<50} did not grade: {lines[-1] if lines else timings.exit_code}")
            continue
        wall = statistics.median(timings.wall)
        ratio = statistics.median(t / b for t, b in zip(timings.wall, baseline.wall, strict=True))
        verdict = "within" if wall <= TARGET_SECONDS else "over"
        print(
            f"{label:<50} {wall:7.3f}s {ratio:5.1f}x {statistics.median(timings.cpu):7.3f}s   "
            f"({verdict} the {TARGET_SECONDS} s target)"
        )
    print(f"\ntimeline (parts measured one by one, medians; load {os.getloadavg()[0]:.1f})")
    for name, submission, spec in CASES:
        parts = timeline(submission, spec, options.repeat)
        print(
            f"  {name:<20} " + "  ".join(f"{part} {s * 1000:5.0f} ms" for part, s in parts.items())
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
