"""What a zygote's start-up imports and parses: it is on every `gradekit check`'s critical path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox.environment import sandbox_import_path
from gradekit.sandbox.zygote import parse_arguments

# Standard modules the zygote once imported for nothing it needs after start-up.
NOT_NEEDED = {"argparse", "gettext", "shutil", "bz2", "lzma"}


def test_the_zygotes_modules_import_none_of_what_it_does_not_need() -> None:
    root = str(Path(__file__).resolve().parents[2])
    code = (
        "import json, sys\n"
        f"sys.path[:0] = {[root, *sandbox_import_path()]!r}\n"
        "from gradekit.sandbox import child, zygote\n"
        "import gradekit.sandbox.executor\n"
        f"print(json.dumps(sorted(set(sys.modules) & {NOT_NEEDED!r})))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code],
        capture_output=True,
        text=True,
        cwd=root,
        check=True,
    )
    assert json.loads(completed.stdout) == []


@given(st.integers(0, 10**6), st.sampled_from(["engine", "torch"]), st.booleans())
def test_the_command_line_warm_py_writes_is_parsed_in_either_order(fd, backend, swap) -> None:
    pairs = [["--socket-fd", str(fd)], ["--backend", backend]]
    argv = [*pairs[swap], *pairs[not swap]]
    assert parse_arguments(argv) == (fd, backend)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--socket-fd", "3"],
        ["--socket-fd", "3", "--backend", "jax"],
        ["--socket-fd", "-3", "--backend", "engine"],
        ["--socket-fd", "3", "--socket-fd", "4"],
        ["--socket-fd", "3", "--backend", "engine", "--extra", "1"],
        ["--backend", "engine", "--sockets", "3"],
    ],
)
def test_anything_else_is_refused_with_the_usage(argv: list[str]) -> None:
    with pytest.raises(SystemExit, match="usage: python -m gradekit.sandbox.zygote"):
        parse_arguments(argv)
