"""The student's starter file for an assignment.

`render_starter(assignment)` returns Python source: `import torch`, then every exercise in order —
a function with the entry's name and the first case's argument names, the prompt as its
docstring and `raise NotImplementedError` as its body, or for a variable exercise
`NAME = None  # TODO` with the prompt as comments above it. Hints and cases are left out.
"""

from __future__ import annotations

from gradekit.spec.models import Assignment, Exercise

INDENT = "    "

# Characters that would end a line (or a source file) early; they are written as escapes.
_LINE_BREAKERS = {chr(code) for code in range(32) if chr(code) not in "\n\t"} | {
    "\x7f",
    "\x85",
    "\u2028",
    "\u2029",
}


def render_starter(assignment: Assignment) -> str:
    """Python source of the starter file for `assignment` (valid, importable Python)."""
    blocks = [
        _variable(exercise) if exercise.kind == "variable" else _function(exercise)
        for exercise in assignment.exercises
    ]
    return _header(assignment) + "\n\nimport torch\n\n\n" + "\n\n\n".join(blocks) + "\n"


def _header(assignment: Assignment) -> str:
    info = assignment.assignment
    lines = [info.title]
    if info.source:
        lines.append(f"Source: {info.source}")
    if info.description:
        lines += ["", info.description.rstrip("\n")]
    lines += [
        "",
        "Write each function (or variable) below, then check your work with:",
        "",
        f"    gradekit check {info.student_file}",
    ]
    return _docstring("\n".join(lines), indent="")


def _function(exercise: Exercise) -> str:
    signature = ", ".join(exercise.arg_names)
    return "\n".join(
        [
            _title_comment(exercise),
            f"def {exercise.entry_name}({signature}):",
            _docstring(exercise.prompt, indent=INDENT),
            f"{INDENT}raise NotImplementedError",
        ]
    )


def _variable(exercise: Exercise) -> str:
    prompt_lines = _escape(exercise.prompt.rstrip("\n")).split("\n")
    comments = [f"# {line}".rstrip() for line in prompt_lines]
    return "\n".join([_title_comment(exercise), *comments, f"{exercise.entry_name} = None  # TODO"])


def _title_comment(exercise: Exercise) -> str:
    points = f"{exercise.points:g} point" + ("" if exercise.points == 1 else "s")
    title = " ".join(_escape(exercise.title).split("\n"))  # a comment is one line
    return f"# {title} ({points})"


def _docstring(text: str, indent: str) -> str:
    """A triple-quoted docstring whose value, minus `indent` on each line, is `text`."""
    # Backslashes first, so the escapes written afterwards stay escapes. The closing quotes sit
    # on their own line, so a quote at the end of the text cannot end the literal early.
    body = text.rstrip("\n").replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    body = _escape(body)
    lines = [f"{indent}{line}" if line else "" for line in body.split("\n")]
    return f'{indent}"""\n' + "\n".join(lines) + f'\n{indent}"""'


def _escape(text: str) -> str:
    """Replace characters that would break a source line by \\xNN / \\uNNNN escapes."""
    if not any(char in _LINE_BREAKERS for char in text):
        return text
    out = []
    for char in text:
        if char in _LINE_BREAKERS:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)
