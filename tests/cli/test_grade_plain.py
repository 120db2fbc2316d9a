"""`gradekit grade` without Typer: a plain command line is parsed by gradekit.gradebook.
grade_command (no Typer, no pydantic at start-up), anything else by Typer, with the same result."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from cli_helpers import ROOT
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from gradekit.cli import app
from gradekit.gradebook import grade_command
from gradekit.gradebook.grade_command import (
    FLAGS,
    VALUE_OPTIONS,
    GradeOptions,
    plain_grade_options,
)

SPEC = ROOT / "exercises" / "tensor-indexing.yaml"


def _grade_command() -> typer.main.TyperCommand:
    group = typer.main.get_command(app)
    return group.get_command(typer.Context(group), "grade")


def test_the_quick_parse_knows_every_option_of_grade() -> None:
    """VALUE_OPTIONS and FLAGS must follow the Typer command: an option the quick parse does
    not know makes it give up (safe, but slower: Typer parses)."""
    value_options, flags = {}, set()
    for parameter in _grade_command().params:
        if parameter.param_type_name != "option":
            continue
        names = set(parameter.opts) | set(parameter.secondary_opts)
        if parameter.is_flag:
            flags |= names
        else:
            value_options |= dict.fromkeys(names, parameter.name)
    assert value_options == VALUE_OPTIONS
    assert flags == set(FLAGS)
    assert set(FLAGS.values()) <= {p.name for p in _grade_command().params}


def _typer_options(arguments: list[str], monkeypatch: pytest.MonkeyPatch) -> GradeOptions:
    """The GradeOptions Typer's own parsing of ``arguments`` gives the grade command."""
    seen: list[GradeOptions] = []
    monkeypatch.setattr(grade_command, "run_grade", lambda options: seen.append(options) or 0)
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 0, result.output
    return seen[0]


folders = st.sampled_from(["submissions", "class of 2026/week 3", "s"])
option_pieces = st.one_of(
    st.sampled_from(["spec.yaml", "exercises/a b.yaml"]).flatmap(
        lambda value: st.sampled_from(
            [["-a", value], [f"-a{value}"], ["--assignment", value], [f"--assignment={value}"]]
        )
    ),
    st.sampled_from(["book.sqlite", "out/g.sqlite"]).flatmap(
        lambda value: st.sampled_from([["--db", value], [f"--db={value}"]])
    ),
    st.sampled_from(["0", "1", "12"]).flatmap(
        lambda value: st.sampled_from([["-j", value], [f"-j{value}"], ["--jobs", value]])
    ),
    st.sampled_from(["auto", "engine", "torch"]).flatmap(
        lambda value: st.sampled_from([["--backend", value], [f"--backend={value}"]])
    ),
    st.sampled_from(["seccomp", "landlock"]).map(lambda value: ["--disable-sandbox-layer", value]),
    st.sampled_from([["--force"], ["--allow-weak-sandbox"], ["--json"]]),
)


@given(
    folder=folders,
    pieces=st.lists(option_pieces, max_size=6),
    position=st.integers(min_value=0, max_value=6),
)
def test_the_quick_parse_equals_typers_parse(folder, pieces, position) -> None:
    arguments = [part for piece in [["-a", "spec.yaml"], *pieces] for part in piece]
    arguments.insert(min(position, len(arguments)) if position % 2 == 0 else 0, folder)
    arguments = ["grade", *arguments]
    quick = plain_grade_options(arguments)
    assert quick is not None, arguments  # every such command line is a plain one
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert quick == _typer_options(arguments, monkeypatch)


@pytest.mark.parametrize(
    "arguments",
    [
        ["grade", "subs", "-a", "spec.yaml", "--help"],
        ["grade", "subs"],  # --assignment is required: Typer says so
        ["grade", "subs", "-a", "spec.yaml", "--backend", "jax"],
        ["grade", "subs", "-a", "spec.yaml", "--jobs", "-1"],
        ["grade", "subs", "-a", "spec.yaml", "--jobs", "two"],
        ["grade", "subs", "-a", "spec.yaml", "--jobs", "+2"],
        ["grade", "subs", "-a=spec.yaml"],
        ["grade", "subs", "-a", ""],
        ["grade", "subs", "-a", "spec.yaml", "--db"],
        ["grade", "subs", "-a", "spec.yaml", "--forse"],
        ["grade", "subs", "other", "-a", "spec.yaml"],
        ["grade", "--", "subs", "-a", "spec.yaml"],
        ["grade"],
        ["check", "x.py"],
    ],
)
def test_anything_unusual_is_left_to_typer(arguments: list[str]) -> None:
    assert plain_grade_options(arguments) is None


def _both_ways(arguments: list[str], cwd: Path) -> tuple[tuple[int, str, str], ...]:
    """(exit code, stdout, stderr) of ``arguments`` run by the plain path and by Typer."""
    plain = subprocess.run(
        [sys.executable, "-m", "gradekit", *arguments], cwd=cwd, capture_output=True, text=True
    )
    typer_run = subprocess.run(
        [sys.executable, "-c", "from gradekit.cli import app; app(prog_name='gradekit')",
         *arguments],
        cwd=cwd, capture_output=True, text=True,
    )  # fmt: skip
    return tuple((r.returncode, r.stdout, r.stderr) for r in (plain, typer_run))


@pytest.mark.parametrize(
    "arguments",
    [
        ["grade", "no-such-folder", "-a", str(SPEC)],
        ["grade", ".", "-a", "no-such-spec.yaml"],
        ["grade", ".", "-a", str(SPEC), "--db", "not-a-gradebook.txt"],
    ],
    ids=["missing folder", "missing spec", "unusable gradebook"],
)
def test_usage_errors_read_the_same_both_ways(arguments: list[str], tmp_path: Path) -> None:
    (tmp_path / "not-a-gradebook.txt").write_text("these are not the grades you are looking for")
    assert plain_grade_options(arguments) is not None
    plain, with_typer = _both_ways(arguments, tmp_path)
    assert plain == with_typer
    assert plain[0] == 2 and "error:" in plain[2]


def test_an_output_nobody_reads_any_more_is_not_a_success(monkeypatch) -> None:
    """The plain commands end without Python's teardown once their output is flushed
    (gradekit.console.exit_without_teardown): a reader gone before the end (a closed pipe) is
    an exit code, never a silent 0."""
    from gradekit.console import flushed_exit_code

    class Gone:
        def flush(self) -> None:
            raise BrokenPipeError

    monkeypatch.setattr(sys, "stdout", Gone())
    assert flushed_exit_code(0, failed=1) == 1
    assert flushed_exit_code(130, failed=1) == 130  # a failure already says so
