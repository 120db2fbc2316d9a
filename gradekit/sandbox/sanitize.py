"""Make untrusted program output safe to display in a terminal, a log or a CI job.

Student output is display-only. Before anyone sees it we remove terminal escape sequences and
control characters (which could rewrite the screen or hide text), Unicode direction overrides
(which reorder what is shown), and we break GitHub Actions workflow commands (``::add-mask::``,
``::error::``...) so the student's prints cannot drive the CI runner.

Other student strings a report shows (exception messages, tracebacks, reprs, names) keep their
control characters but in sight: :func:`show_controls` writes each one as Python's ``repr``
does (``\x1b``), because there the exact text can matter to the student's fix.
"""

from __future__ import annotations

import re

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), other two-byte ESC sequences,
# and their 8-bit C1 equivalents.
_ESCAPE_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b\]|\x9d).*?(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[PX^_].*?(?:\x1b\\|\x9c)"
    r"|\x1b[@-Z\\-_]"
    r"|\x1b",
    re.DOTALL,
)
# Every C0/C1 control except tab and newline, DEL, and bidi/invisible formatting characters.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# A workflow command is a line that starts (after optional whitespace) with "::".
_WORKFLOW_COMMAND = re.compile(r"^([ \t]*):(?=:)", re.MULTILINE)
# Each run's scratch directory (the submission is copied into it) starts with this.
RUN_DIRECTORY_PREFIX = "gradekit-run-"
# An absolute path up to and including a run's scratch directory.
_RUN_DIRECTORY = re.compile(rf"/(?:[^\s/'\"]+/)*{RUN_DIRECTORY_PREFIX}[^\s/'\"]+/")


def hide_run_directories(text: str) -> str:
    """``text`` with the scratch directory taken off every path into it: a warning about
    ``/tmp/gradekit-zygote-x/gradekit-run-y/exercise.py:12`` says ``exercise.py:12``, as the
    student's tracebacks do."""
    return _RUN_DIRECTORY.sub("", text) if RUN_DIRECTORY_PREFIX in text else text


def sanitize_output(text: str | bytes, *, limit: int | None = None) -> str:
    """Return ``text`` with escapes and control characters removed and workflow commands broken.

    Carriage returns become newlines (a bare ``\\r`` could overwrite an earlier line on screen).
    ``limit`` truncates the result and appends a note saying so.
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _ESCAPE_SEQUENCE.sub("", text)
    text = _CONTROL.sub("", text)
    # "::add-mask::x" -> ": :add-mask::x": still readable, no longer a command.
    text = _WORKFLOW_COMMAND.sub(r"\1: ", text)
    if limit is not None and len(text) > limit:
        text = text[:limit] + f"\n[output truncated at {limit} characters]"
    return text


def show_controls(text: str) -> str:
    """Return ``text`` with every character :func:`sanitize_output` would remove (C0/C1
    controls but tab and newline, DEL, bidi and invisible formatting characters) written out
    as Python's ``repr`` writes it: ESC becomes the four characters ``\\x1b``, a carriage
    return ``\\r``, U+202E ``\\u202e``. Nothing else changes, so the result can go to a
    terminal without rewriting it, and text without such characters is returned as it is."""
    if _CONTROL.search(text) is None:  # the common case: one scan, no new string
        return text
    return _CONTROL.sub(_written_out, text)


def _written_out(match: re.Match[str]) -> str:
    return repr(match.group())[1:-1]


def escape_controls_in_json(document: str) -> str:
    """Return the JSON text ``document`` with every character :func:`show_controls` writes
    out spelled as a JSON ``\\uXXXX`` escape instead. The value is the same (such characters
    can only stand inside strings, where JSON allows either spelling), but the text is safe
    to print on a terminal: ``json.dumps(..., ensure_ascii=False)`` escapes C0 controls yet
    leaves C1 controls (8-bit CSI), DEL and bidi overrides raw."""
    if _CONTROL.search(document) is None:
        return document
    return _CONTROL.sub(lambda match: f"\\u{ord(match.group()):04x}", document)
