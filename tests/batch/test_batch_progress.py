"""The progress bar of `gradekit grade`: on a terminal it shows the passed / failed / errored
counts and ends at N/N; with --json, or without a terminal, there is no bar."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

from test_batch_cli import SPEC, classroom, grade  # noqa: F401 - the classroom fixture

from gradekit.gradebook.grade_command import _Progress

# Colours are dropped; cursor movements and carriage returns end a line, so each redraw of
# the bar becomes a line of its own.
COLOURS = re.compile(r"\x1b\[[0-9;]*m|\x1b\][^\x07]*\x07")
TERMINAL_CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


def _drain(fd: int, chunks: list[bytes]) -> None:
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO once the child has closed the terminal
            return
        if not chunk:
            return
        chunks.append(chunk)


def _grade_on_a_terminal(folder: Path, db: Path, *extra: str) -> tuple[int, list[str]]:
    """Run `gradekit grade` with stderr on a pseudo-terminal 160 columns wide; returns the
    exit code and what the terminal showed, one line per redraw."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
    environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "160"}
    environment.pop("NO_COLOR", None)
    command = [sys.executable, "-m", "gradekit", "grade", str(folder), "-a", str(SPEC)]
    process = subprocess.Popen(
        [*command, "--db", str(db), *extra],
        stdout=subprocess.PIPE,
        stderr=follower,
        stdin=subprocess.DEVNULL,
        env=environment,
    )
    os.close(follower)
    chunks: list[bytes] = []
    reader = threading.Thread(target=_drain, args=(leader, chunks), daemon=True)
    reader.start()
    try:
        process.communicate(timeout=300)
    finally:
        reader.join(timeout=10)
        os.close(leader)
    screen = COLOURS.sub("", b"".join(chunks).decode("utf-8", "replace"))
    screen = TERMINAL_CONTROL.sub("\n", screen)
    return process.returncode, screen.splitlines()


def test_the_bar_counts_each_outcome_and_ends_at_n_of_n(
    classroom: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    code, lines = _grade_on_a_terminal(classroom, tmp_path / "book.sqlite")
    assert code == 0, lines
    bars = [line for line in lines if line.startswith("grading")]
    assert bars, lines
    # Its last state: 4 of 4, alice passing, bob and carol failing (a wrong value, an
    # exception), dave erroring (a syntax error), with an ETA column.
    final = bars[-1]
    assert "4/4" in final and "1 passed 2 failed 1 errored" in final and "ETA" in final, final
    # On the way it only went forwards, one submission at a time.
    done = [int(count) for line in bars for count in re.findall(r"\b(\d)/4\b", line)]
    assert done[0] == 0 and done[-1] == 4 and done == sorted(done), done
    # The counts shown always add up to the submissions done.
    for line in bars:
        counts = re.search(r"(\d)/4.*?(\d) passed (\d) failed (\d) errored", line)
        if counts:
            finished, passed, failed, errored = map(int, counts.groups())
            assert passed + failed + errored == finished, line


def test_json_on_a_terminal_has_no_bar(classroom: Path, tmp_path: Path) -> None:  # noqa: F811
    code, lines = _grade_on_a_terminal(classroom, tmp_path / "book.sqlite", "--json")
    assert code == 0
    assert not [line for line in lines if line.startswith("grading")]


def test_no_bar_without_a_terminal(classroom: Path, tmp_path: Path) -> None:  # noqa: F811
    result = grade(classroom, tmp_path / "book.sqlite")
    assert result.returncode == 0
    assert "4/4" not in result.stderr and "ETA" not in result.stderr


def test_the_counts_follow_the_results() -> None:
    progress = _Progress(enabled=False)
    progress.start(5, skipped=2)
    results = [("graded", "pass"), ("graded", "fail"), ("graded", "error"), ("graded", "pass")]
    for kind, status in results:
        progress.advance(kind, None, {"status": status})
    progress.advance("skipped", None, None)  # not counted again
    progress.advance("error", None, None)  # the grader could not grade it
    assert progress.counts == {"passed": 2, "failed": 1, "errored": 1, "skipped": 2, "grader": 1}
    assert "1 not graded" in progress._text()


def test_the_bar_fits_an_80_column_terminal_with_every_count_shown() -> None:
    """Three-digit counts and "N not graded" still leave the bar and the ETA whole on an
    80-column terminal (an elapsed-time column used to be cut to "0:00:…")."""
    import io

    from rich.console import Console

    screen = io.StringIO()
    console = Console(file=screen, width=80, force_terminal=True, color_system=None)
    progress = _Progress(enabled=True, console=console)
    with progress:
        progress.start(120, skipped=0)
        for status in ["pass"] * 12 + ["fail"] * 70 + ["error"] * 10:
            progress.advance("graded", None, {"status": status})
        for _ in range(3):
            progress.advance("error", None, None)
        final = progress._progress.make_tasks_table(progress._progress.tasks)
        console.print(final)
    last = TERMINAL_CONTROL.sub("\n", screen.getvalue()).strip().splitlines()[-1]
    assert "…" not in last, last
    assert "95/120 12 passed 70 failed 10 errored 3 not graded ETA" in last, last


def test_the_json_summary_lists_students_by_id_whatever_order_they_finished_in() -> None:
    from gradekit.grading.batch import BatchSummary, SubmissionEntry

    summary = BatchSummary(run_id=1, assignment_id="a", total=5)
    for student in ("carol", "alice", "dave"):  # the order the workers finished them
        summary.count({"student": student, "status": "pass", "score": 1.0, "max_score": 1.0})
    for student in ("zed", "bob"):
        summary.not_graded(SubmissionEntry(student, Path(student), None), "no file")
    data = summary.to_json()
    assert [s["student"] for s in data["students"]] == ["alice", "carol", "dave"]
    assert [e["student"] for e in data["grader_errors"]] == ["bob", "zed"]
    assert [s["student"] for s in summary.students] == ["carol", "alice", "dave"]  # kept as is
