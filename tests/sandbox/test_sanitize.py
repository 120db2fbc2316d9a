"""Output sanitising: escapes, control characters, workflow commands."""

from __future__ import annotations

import json
import re

from hypothesis import given
from hypothesis import strategies as st

from gradekit.sandbox.sanitize import (
    escape_controls_in_json,
    hide_run_directories,
    sanitize_output,
)


def test_terminal_escape_sequences_are_removed():
    text = "\x1b[2J\x1b[31mred\x1b[0m \x1b]0;fake title\x07ok \x1b]8;;http://x\x1b\\link\x9b1m"
    assert sanitize_output(text) == "red ok link"


def test_control_and_bidi_characters_are_removed_but_lines_and_tabs_kept():
    assert sanitize_output("a\tb\nc\x00d\x08e\x7f\u202eevil\u2066") == "a\tb\ncdeevil"


def test_carriage_returns_cannot_overwrite_earlier_text():
    assert sanitize_output("PASSED 0/10\rPASSED 10/10") == "PASSED 0/10\nPASSED 10/10"


def test_workflow_commands_are_neutralised():
    text = "::add-mask::secret\n  ::error file=x.py::boom\nnot :: a command\n::stop-commands::t"
    cleaned = sanitize_output(text)
    assert not any(line.lstrip().startswith("::") for line in cleaned.splitlines())
    assert ": :add-mask::secret" in cleaned and "not :: a command" in cleaned


def test_bytes_are_decoded_leniently_and_truncation_is_announced():
    assert sanitize_output(b"ok \xff") == "ok \ufffd"
    assert sanitize_output("x" * 50, limit=10).startswith("x" * 10 + "\n[output truncated")


@given(st.text())
def test_no_escape_or_command_survives_any_input(text):
    cleaned = sanitize_output(text)
    assert "\x1b" not in cleaned and "\r" not in cleaned
    assert not any(0x80 <= ord(c) <= 0x9F or (ord(c) < 32 and c not in "\t\n") for c in cleaned)
    assert not any(line.lstrip(" \t").startswith("::") for line in cleaned.split("\n"))


# What a terminal may act on: C0 controls but tab and newline, DEL, C1, bidi overrides.
TERMINAL_CONTROLS = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


@given(
    st.recursive(
        st.text() | st.integers() | st.none(),
        lambda inner: st.dictionaries(st.text(), inner) | st.lists(inner),
    )
)
def test_json_keeps_its_value_and_loses_its_terminal_controls(value):
    document = json.dumps(value, indent=2, ensure_ascii=False)
    escaped = escape_controls_in_json(document)
    assert json.loads(escaped) == value
    assert TERMINAL_CONTROLS.search(escaped) is None


def test_json_escapes_are_json_s_own():
    document = json.dumps({"m": "boom \x9b31m \u202eevil \x7f"}, ensure_ascii=False)
    assert escape_controls_in_json(document) == '{"m": "boom \\u009b31m \\u202eevil \\u007f"}'
    plain = json.dumps({"m": "caf\u00e9 \u4e2d"}, ensure_ascii=False)
    assert escape_controls_in_json(plain) is plain  # nothing to escape: the same string


def test_paths_into_a_run_directory_keep_only_the_file_name():
    warning = (
        "/tmp/gradekit-zygote-g0f98b1x/gradekit-run-thyqzp60/exercise.py:268: UserWarning: x\n"
        '  File "/home/ada/tmp/gradekit-run-ab_12/exercise.py", line 3, in f\n'
    )
    assert hide_run_directories(warning) == (
        'exercise.py:268: UserWarning: x\n  File "exercise.py", line 3, in f\n'
    )
    untouched = "/home/ada/exercise.py:3: gradekit-run-ish words stay\n"
    assert hide_run_directories(untouched) == untouched
