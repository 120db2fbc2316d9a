"""`gradekit check` starts its sandbox at program start and runs a plain command line without
Typer: the quick parse (equal to Typer's wherever it answers), the hand-over of the sandbox to
the check command, and that nothing outlives a check that stops early."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from cli_helpers import ROOT, SPECS, SUBMISSIONS, TINY
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import gradekit.cli
from gradekit.check_command import (
    FLAGS,
    VALUE_OPTIONS,
    CheckOptions,
    plain_check_options,
    start_sandbox_early,
)
from gradekit.cli import app
from gradekit.grading import early_sandbox
from gradekit.grading.early_sandbox import started_sandbox

SUBMISSION = str(SUBMISSIONS / "correct.py")


@pytest.mark.parametrize(
    "arguments, backend",
    [
        (["check", SUBMISSION, "--backend", "engine"], "engine"),
        (["check", SUBMISSION, "--backend=torch", "--format", "json"], "torch"),
        (["check", "--no-hidden", "--backend", "auto", SUBMISSION], "auto"),
        (["check", SUBMISSION, "-a", str(TINY)], "auto"),  # the spec header's backend
        (["check", SUBMISSION, f"-a{TINY}", "--only", "double"], "auto"),
        (["check", SUBMISSION, "--assignment", str(TINY), "--backend", "engine"], "engine"),
        (["check", SUBMISSION, "--backend", "engine", "--refresh-sandbox-probe"], "engine"),
        (["check", str(ROOT / "examples/student/exercise.py")], "auto"),  # discovered spec
        (["check", SUBMISSION, "--help"], None),
        (["check", "--help"], None),
        (["check", SUBMISSION, "--backend", "jax"], None),  # Typer reports it
        (["check", SUBMISSION, "--bakend", "engine"], None),  # a typo: Typer reports it
        (["check", SUBMISSION, "--backend"], None),  # a missing value
        (["check", SUBMISSION, SUBMISSION, "--backend", "engine"], None),  # two submissions
        (["check", "--backend", "engine"], None),  # no submission
        (["validate", "--backend", "engine"], None),
        (["--version"], None),
        ([], None),
    ],
)
def test_the_sandbox_starts_early_only_for_a_plain_check(arguments, backend):
    start_sandbox_early(arguments)
    started = early_sandbox._started
    early_sandbox.close_untaken_sandbox()
    expected = None if backend is None else early_sandbox.resolve_backend(backend)
    assert (started.backend if started is not None else None) == expected


def test_the_quick_parse_knows_every_option_of_check():
    """VALUE_OPTIONS and FLAGS must follow cli.py: an option the quick parse does not know
    makes it give up (safe, but slower: the sandbox starts late and Typer parses)."""
    command = typer.main.get_command(app).commands["check"]
    value_options, flags = {}, set()
    for parameter in command.params:
        if parameter.param_type_name != "option":
            continue
        names = set(parameter.opts) | set(parameter.secondary_opts)
        if parameter.is_flag:
            flags |= names
        else:
            value_options |= dict.fromkeys(names, parameter.name)
    assert value_options == VALUE_OPTIONS
    assert flags == set(FLAGS) and set(FLAGS.values()) <= {p.name for p in command.params}


def _typer_options(arguments: list[str], monkeypatch: pytest.MonkeyPatch) -> CheckOptions:
    """The CheckOptions Typer's own parsing of ``arguments`` gives the check command."""
    seen: list[CheckOptions] = []
    monkeypatch.setattr(gradekit.cli, "run_check", lambda options: seen.append(options) or 0)
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 0, result.output
    return seen[0]


submissions = st.sampled_from(["exercise.py", "sub dir/answer.ipynb", "x.py"])
option_pieces = st.one_of(
    st.sampled_from(["auto", "engine", "torch"]).flatmap(
        lambda value: st.sampled_from(
            [["--backend", value], [f"--backend={value}"], ["--reference-backend", value]]
        )
    ),
    st.sampled_from(["spec.yaml", "exercises/a b.yaml"]).flatmap(
        lambda value: st.sampled_from(
            [["-a", value], [f"-a{value}"], ["--assignment", value], [f"--assignment={value}"]]
        )
    ),
    st.sampled_from(["corners", "a,b", "even_rows"]).map(lambda value: ["--only", value]),
    st.sampled_from(["text", "json", "junit", "github"]).map(lambda value: ["--format", value]),
    st.sampled_from(["out.json", "reports/r.xml"]).flatmap(
        lambda value: st.sampled_from([["-o", value], ["--output", value], [f"-o{value}"]])
    ),
    st.sampled_from([["--no-hidden"], ["--refresh-sandbox-probe"]]),
)


@given(
    submission=submissions,
    pieces=st.lists(option_pieces, max_size=6),
    position=st.integers(min_value=0, max_value=6),
)
def test_the_quick_parse_equals_typers_parse(submission, pieces, position):
    arguments = [part for piece in pieces for part in piece]
    arguments.insert(min(position, len(arguments)) if position % 2 == 0 else 0, submission)
    arguments = ["check", *arguments]
    quick = plain_check_options(arguments)
    assert quick is not None, arguments  # every such command line is a plain one
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert quick == _typer_options(arguments, monkeypatch)


@pytest.mark.parametrize(
    "arguments",
    [
        ["check", SUBMISSION, "--help"],
        ["check", SUBMISSION, "--backend", "jax"],
        ["check", SUBMISSION, "--format", "pdf"],
        ["check", SUBMISSION, "-a=spec.yaml"],
        ["check", SUBMISSION, "--assignment", ""],
        ["check", SUBMISSION, "--only"],
        ["check", SUBMISSION, "--nohidden"],
        ["check", SUBMISSION, "other.py"],
        ["check", "--", SUBMISSION],
        ["check"],
        ["validate"],
    ],
)
def test_anything_unusual_is_left_to_typer(arguments):
    assert plain_check_options(arguments) is None


def test_help_and_other_commands_start_nothing():
    for arguments in (["check", "--help"], ["validate"], ["check", SUBMISSION, "--bakend=x"]):
        start_sandbox_early(arguments)
        assert early_sandbox._started is None


def test_the_check_command_takes_over_the_started_sandbox():
    start_sandbox_early(["check", SUBMISSION, "--backend", "engine"])
    started = early_sandbox._started
    assert started is not None and started.backend == "engine"
    with started_sandbox("engine") as taken:
        assert taken is started
        assert early_sandbox._started is None  # the caller owns it now
    assert started._zygote is None  # closed by its new owner


def test_a_sandbox_for_another_backend_is_stopped_and_replaced():
    start_sandbox_early(["check", SUBMISSION, "--backend", "engine"])
    started = early_sandbox._started
    assert started is not None
    zygote = started._zygote
    with started_sandbox("torch") as taken:
        assert taken is not started and taken.backend == "torch"
    assert zygote is None or zygote.process.poll() is not None


# --- whole programs: nothing may outlive a check that stops early ------------------------------


def _run_isolated(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m gradekit ARGS`` with its own TMPDIR, so what it leaves there (a zygote's
    scratch folder, a process working in it) can be told apart from other tests'."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = dict(os.environ, TMPDIR=str(temporary), COLUMNS="200", NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "gradekit", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def _leftovers(tmp_path: Path) -> list[str]:
    """Files left in the run's TMPDIR and processes still working in it."""
    temporary = tmp_path / "tmp"
    left = [str(path) for path in temporary.iterdir()]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "cwd").startswith(str(temporary)):
                    left.append(f"process {entry.name}")
            except OSError:
                continue
    return left


def test_a_spec_error_exits_2_with_its_line_and_leaves_nothing(tmp_path):
    run = _run_isolated(
        tmp_path, "check", SUBMISSION, "-a", str(SPECS / "broken.yaml"), "--backend", "engine"
    )
    assert run.returncode == 2
    assert "broken.yaml:9: exercises[0].promt: unknown field 'promt'" in run.stderr
    assert "Traceback" not in run.stderr
    assert _leftovers(tmp_path) == []


def test_a_missing_submission_exits_2_and_leaves_nothing(tmp_path):
    missing = str(SUBMISSIONS / "no_such_file.py")
    run = _run_isolated(tmp_path, "check", missing, "-a", str(TINY), "--backend", "engine")
    assert run.returncode == 2
    assert "no such file" in run.stderr
    assert _leftovers(tmp_path) == []


def test_a_usage_error_after_the_start_exits_2_and_leaves_nothing(tmp_path):
    # The quick look starts the sandbox; typer then refuses the --format value.
    run = _run_isolated(
        tmp_path, "check", SUBMISSION, "-a", str(TINY), "--backend", "engine", "--format", "pdf"
    )
    assert run.returncode == 2
    assert "pdf" in run.stderr
    assert _leftovers(tmp_path) == []


def test_help_exits_0_and_leaves_nothing(tmp_path):
    run = _run_isolated(tmp_path, "check", "--help")
    assert run.returncode == 0
    assert "--refresh-sandbox-probe" in run.stdout
    assert _leftovers(tmp_path) == []


def test_a_check_grades_and_leaves_nothing(tmp_path):
    run = _run_isolated(
        tmp_path, "check", SUBMISSION, "-a", str(TINY), "--backend", "engine", "--format", "json"
    )
    assert run.returncode in (0, 1), run.stderr
    assert json.loads(run.stdout)["backend"] == "engine"
    assert _leftovers(tmp_path) == []


def test_the_sandbox_starts_before_anything_heavy_is_imported():
    """The point of starting early: the zygote's imports overlap the grader's. Importing
    numpy, pydantic, typer or rich first (in any module on the way) would undo it."""
    script = (
        "import sys\n"
        "from gradekit.check_command import start_sandbox_early\n"
        "from gradekit.grading import early_sandbox\n"
        f"start_sandbox_early(['check', {SUBMISSION!r}, '--backend', 'engine'])\n"
        "assert early_sandbox._started is not None and early_sandbox._started._zygote\n"
        "print(sorted(m for m in ('numpy', 'pydantic', 'typer', 'rich') if m in sys.modules))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "[]"


def test_with_warm_caches_nothing_slow_is_imported_before_the_zygote_starts(tmp_path):
    """The zygote is the check's critical path: what the check imports before spawning it
    delays the whole check. With the probe, spec-header and config caches filled by a first
    check, the README's command line (no --backend, no --assignment: the spec is discovered
    through the repository's pyproject.toml and exercises/) reads them without importing
    dataclasses (and inspect), a YAML or a TOML parser, or the sandbox's policy and layers."""
    script = (
        "import sys\n"
        "from gradekit.check_command import start_sandbox_early\n"
        "from gradekit.grading import early_sandbox\n"
        f"start_sandbox_early(['check', {str(ROOT / 'examples/student/exercise.py')!r}])\n"
        "assert early_sandbox._started is not None and early_sandbox._started._zygote\n"
        "slow = ('dataclasses', 'inspect', 'yaml', 'tomllib', 'gradekit.sandbox.policy',\n"
        "        'gradekit.sandbox.layers', 'numpy', 'pydantic', 'typer', 'rich')\n"
        "print(sorted(name for name in slow if name in sys.modules))\n"
        "early_sandbox._started.policy()  # waits for the probe (and its cache entry)\n"
    )
    environment = {**os.environ, "GRADEKIT_CACHE_DIR": str(tmp_path / "cache")}
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
            env=environment,
        )
        for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [0, 0], runs[-1].stderr
    first, second = (run.stdout.strip() for run in runs)
    assert "tomllib" in first and "gradekit.sandbox.policy" in first  # the caches were empty
    assert second == "[]"


def _numpy_import_script(preset: dict[str, str]) -> str:
    return (
        "import json, os, sys\n"
        f"os.environ.update({preset!r})\n"
        "from gradekit.sandbox.environment import (\n"
        "    BLAS_THREAD_VARIABLES, import_numpy_single_threaded,\n"
        ")\n"
        "seen = {}\n"
        "real_import = __builtins__.__import__\n"
        "def spy(name, *args, **kwargs):\n"
        "    if name == 'numpy' and 'numpy' not in sys.modules:\n"
        "        seen.update({v: os.environ.get(v) for v in BLAS_THREAD_VARIABLES})\n"
        "    return real_import(name, *args, **kwargs)\n"
        "__builtins__.__import__ = spy\n"
        "import_numpy_single_threaded()\n"
        "__builtins__.__import__ = real_import\n"
        "after = {v: os.environ.get(v) for v in BLAS_THREAD_VARIABLES}\n"
        "print(json.dumps({'during': seen, 'after': after, 'numpy': 'numpy' in sys.modules}))\n"
    )


@pytest.mark.parametrize(
    "preset",
    [{}, {"OPENBLAS_NUM_THREADS": "4"}, {"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "3"}],
)
def test_the_check_imports_numpy_single_threaded_and_restores_the_environment(preset):
    """A check's own numpy starts one BLAS thread (the others would spin on the core the
    sandbox needs), unless the user chose a count; the processes it starts later (the check
    server) see the user's environment unchanged."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    }
    completed = subprocess.run(
        [sys.executable, "-c", _numpy_import_script(preset)],
        capture_output=True, text=True, timeout=120, cwd=ROOT, env=environment,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    report = json.loads(completed.stdout)
    assert report["numpy"] is True
    names = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    assert report["during"] == {name: preset.get(name, "1") for name in names}
    assert report["after"] == {name: preset.get(name) for name in names}


def test_the_text_reports_warm_up_renders_nowhere(capsys):
    """The warm-up a check runs in the background prints nothing (its console writes to a
    buffer) and changes nothing a later rendering shows."""
    from rich.console import Console

    from gradekit.report import text

    def rendered() -> str:
        console = Console(file=io.StringIO(), width=60, force_terminal=True, highlight=False)
        console.print(text.Panel(text.Text.assemble(("Hint: ", "bold cyan"), "use flip")))
        return console.file.getvalue()

    before = rendered()
    text.warm_up()
    assert rendered() == before
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_a_discovered_spec_starts_the_sandbox_without_a_yaml_parser(tmp_path):
    """Without --backend the spec's header names the backend; from the second check on it
    comes from the header cache, so no YAML parser is imported before the sandbox starts."""
    folder = tmp_path / "student"
    (folder / "exercises").mkdir(parents=True)
    (folder / "exercises" / "tiny.yaml").write_text(TINY.read_text(encoding="utf-8"))
    submission = folder / "exercise.py"
    submission.write_text("def double(x):\n    return 2 * x\n", encoding="utf-8")
    script = (
        "import sys\n"
        "from gradekit.check_command import start_sandbox_early\n"
        "from gradekit.grading import early_sandbox\n"
        f"start_sandbox_early(['check', {str(submission)!r}])\n"
        "assert early_sandbox._started is not None and early_sandbox._started._zygote\n"
        "print(early_sandbox._started.backend, 'yaml' in sys.modules)\n"
    )
    environment = dict(os.environ, GRADEKIT_CACHE_DIR=str(tmp_path / "cache"))
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
            env=environment,
        )
        for _ in range(2)
    ]
    assert all(run.returncode == 0 for run in runs), [run.stderr for run in runs]
    backend = runs[0].stdout.split()[0]
    assert [run.stdout.split() for run in runs] == [[backend, "True"], [backend, "False"]]
