"""The other commands and the Typer layer itself, in-process with typer's CliRunner."""

from __future__ import annotations

import json

import pytest
from cli_helpers import SPECS, SUBMISSIONS, TINY
from typer.testing import CliRunner

from gradekit import __version__
from gradekit.cli import LAZY_COMMANDS, app
from gradekit.report import OUTPUT_SCHEMA

runner = CliRunner()
WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}
ENGINE = ["--backend", "engine"]


def invoke(*args: str):
    return runner.invoke(app, [str(arg) for arg in args], env=WIDE)


def test_version():
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"gradekit {__version__}"


def test_check_output_schema_is_printed():
    result = invoke("schema", "--check-output")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == OUTPUT_SCHEMA


def test_spec_error_exits_2_with_file_and_line():
    result = invoke("check", SUBMISSIONS / "correct.py", "--assignment", SPECS / "broken.yaml")
    assert result.exit_code == 2
    assert "broken.yaml:9: exercises[0].promt: unknown field 'promt'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_unreadable_notebook_exits_2(tmp_path):
    notebook = tmp_path / "broken.ipynb"
    notebook.write_text("{ this is not json")
    result = invoke("check", notebook, "--assignment", TINY)
    assert result.exit_code == 2
    assert "not a readable Jupyter notebook" in result.output
    assert "re-save it from Jupyter or submit a .py file" in result.output


def test_run_reports_a_missing_script():
    result = invoke("run", "no_such_script.py", "--some-flag")
    assert result.exit_code == 2
    assert "no_such_script.py: no such file" in result.output


def test_bad_option_value_is_a_usage_error():
    result = invoke("check", SUBMISSIONS / "correct.py", "--backend", "tensorflow")
    assert result.exit_code == 2


@pytest.mark.slow
def test_text_report_shows_mistakes_hints_and_score():
    result = invoke("check", SUBMISSIONS / "tiny_mistakes.py", "--assignment", TINY, *ENGINE)
    assert result.exit_code == 1
    output = result.stdout
    assert "Known mistake: You added two instead of multiplying by two." in output
    assert "Hint: Multiply the tensor by two." in output
    assert "x.grad is None: no gradient reached x" in output
    assert "and 2 more failing case(s)" in output  # detail for two cases, the rest counted
    assert "Score: 0 / 3" in output
    assert "sandbox: tier" in output


@pytest.mark.slow
def test_validate_accepts_a_consistent_assignment_and_flags_an_uncaught_mistake():
    good = invoke("validate", TINY, "--backend", "engine")
    assert good.exit_code == 0, good.output
    assert "tiny: OK" in good.output
    assert "reference scores 3/3 on engine" in good.output
    bad = invoke("validate", SPECS / "uncaught.yaml", "--backend", "engine")
    assert bad.exit_code == 1
    assert "mistake double_by_addition is not caught by any case" in bad.output


def test_starter_and_schema_use_the_spec_package(tmp_path):
    from gradekit.spec.schema import json_schema

    schema = invoke("schema")
    assert schema.exit_code == 0
    assert json.loads(schema.stdout) == json_schema()
    committed = SPECS.parents[2] / "docs" / "gradekit-spec.schema.json"
    assert schema.stdout == committed.read_text(encoding="utf-8")  # byte for byte
    target = tmp_path / "tiny.py"
    written = invoke("starter", TINY, "-o", target)
    assert written.exit_code == 0
    assert "def double" in target.read_text()
    again = invoke("starter", TINY, "-o", target)
    assert again.exit_code == 2  # never overwrite a student's work


def test_check_does_not_import_the_other_commands_packages():
    """`gradekit check` stays fast: the batch, platform and web commands load on demand."""
    import subprocess
    import sys

    probe = (
        "import sys, gradekit.cli; "
        "print(sorted(m for m in sys.modules if m.startswith(('gradekit.gradebook', "
        "'gradekit.integrations', 'gradekit.report.web', 'rich', 'numpy', 'pydantic'))))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


@pytest.mark.parametrize("command", sorted(LAZY_COMMANDS))
def test_lazy_commands_load_and_show_their_help(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage: gradekit" in result.stdout and command in result.stdout
    listed = invoke("--help")
    assert command in listed.stdout
