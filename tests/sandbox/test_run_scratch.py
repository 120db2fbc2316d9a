"""A run's fixed set-up and clean-up on the grader's side: the copy of the submission in its
scratch directory, the directory's removal (whatever the run left in it) and the
configuration's first write into the launcher's pipe."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.sandbox.runner import (
    SubmissionFileError,
    Supervisor,
    _copy_submission,
    _remove_scratch,
)


@settings(max_examples=40, deadline=None)
@given(content=st.binary(max_size=3 << 20))
def test_the_copy_has_exactly_the_submissions_bytes(tmp_path_factory, content: bytes) -> None:
    folder = tmp_path_factory.mktemp("copy")
    source = folder / "solution.py"
    source.write_bytes(content)
    scratch = folder / "scratch"
    scratch.mkdir()
    copy = _copy_submission(source, scratch)
    assert copy == scratch / "solution.py"
    assert copy.read_bytes() == content
    assert stat.S_IMODE(copy.stat().st_mode) & 0o600 == 0o600


def test_the_copy_never_overwrites_and_refuses_what_is_not_a_file(tmp_path: Path) -> None:
    source = tmp_path / "solution.py"
    source.write_text("x = 1\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "solution.py").write_text("planted")
    with pytest.raises(FileExistsError):
        _copy_submission(source, scratch)
    fifo = tmp_path / "fifo.py"
    os.mkfifo(fifo)  # swapped in after the path was checked: must not block the grader
    with pytest.raises(SubmissionFileError):
        _copy_submission(fifo, tmp_path / "other")


def _scratch_with(tmp_path: Path, leftovers: str) -> tuple[Path, Path]:
    scratch = tmp_path / "run"
    scratch.mkdir()
    submission = scratch / "solution.py"
    submission.write_text("x = 1\n")
    if leftovers == "files":
        (scratch / "out.txt").write_text("left by the run")
        (scratch / "deep" / "er").mkdir(parents=True)
        (scratch / "deep" / "er" / "f").write_text("x")
    elif leftovers == "read-only directory":
        locked = scratch / "locked"
        locked.mkdir()
        (locked / "f").write_text("x")
        locked.chmod(0o500)
    elif leftovers == "copy removed":
        submission.unlink()
    elif leftovers == "copy replaced by a directory":
        submission.unlink()
        submission.mkdir()
        (submission / "f").write_text("x")
    elif leftovers == "copy replaced by a symlink":
        target = tmp_path / "outside.txt"
        target.write_text("must survive")
        submission.unlink()
        submission.symlink_to(target)
    return scratch, submission


@pytest.mark.parametrize(
    "leftovers",
    [
        "nothing",
        "files",
        "read-only directory",
        "copy removed",
        "copy replaced by a directory",
        "copy replaced by a symlink",
    ],
)
def test_the_scratch_directory_is_removed_whatever_the_run_left(
    tmp_path: Path, leftovers: str
) -> None:
    scratch, submission = _scratch_with(tmp_path, leftovers)
    _remove_scratch(scratch, submission)
    assert not os.path.lexists(scratch)
    if leftovers == "copy replaced by a symlink":
        assert (tmp_path / "outside.txt").read_text() == "must survive"


def test_a_scratch_directory_without_a_copy_is_removed(tmp_path: Path) -> None:
    scratch = tmp_path / "run"
    scratch.mkdir()
    (scratch / "partial").write_text("x")
    _remove_scratch(scratch, None)  # the copy failed: the directory is removed all the same
    assert not os.path.lexists(scratch)


@pytest.mark.parametrize("size", [0, 1, 1000, 4096, 4097, 200_000])
def test_the_configuration_is_written_whole_or_its_rest_returned(size: int) -> None:
    read, write = os.pipe()
    try:
        payload = bytes(range(256)) * (size // 256) + bytes(size % 256)
        rest = Supervisor._write_what_fits(write, payload)
        assert os.get_blocking(write)  # the launcher's writer thread writes the rest blocking
        written = len(payload) - len(rest)
        assert payload[written:] == rest
        received = b""
        os.set_blocking(read, False)
        while len(received) < written:
            received += os.read(read, 1 << 16)
        assert received == payload[:written]
        if size <= 4096:
            assert rest == b""
    finally:
        os.close(read)
        os.close(write)


def test_a_configuration_for_a_launcher_already_gone_is_dropped() -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        assert Supervisor._write_what_fits(write, b"x" * 100) == b""
        assert Supervisor._write_what_fits(write, b"x" * 100_000) == b""
    finally:
        os.close(write)
