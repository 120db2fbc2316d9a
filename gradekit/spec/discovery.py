"""Find the assignment YAML that belongs to a student's submission.

The rule (also in docs/spec.md, "How gradekit finds the assignment"):

1. Walk up from the submission's directory to the filesystem root. In each directory, a
   `gradekit.toml` with a top-level `assignment = "..."` wins, then a `pyproject.toml` with
   `[tool.gradekit] assignment = "..."`. The first setting found is used; its path is relative
   to the file that sets it and must exist. Any other key in that table is an error (a
   misspelt `assignmnt` would otherwise be ignored in silence).
2. Otherwise the nearest directory (walking up the same way) that has an `exercises/`
   directory holding `*.yaml`/`*.yml` files: exactly one file there is the assignment. Of
   several, the one whose `assignment.student_file` (default `exercise.py`) is the submission's
   file name is the assignment (a notebook matches by its stem: `autograd.ipynb` is
   `autograd.py`); none or several such files are an error that asks the user to choose.
3. Otherwise an error listing every place that was tried.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import gradekit

__all__ = ["DiscoveryError", "assignment_header", "find_assignment"]

# Defaults of the header fields read here; a test keeps them equal to the models' defaults
# (the models are not imported: discovery runs before pydantic is loaded).
HEADER_DEFAULTS: dict[str, str] = {"student_file": "exercise.py", "backend": "auto"}
DEFAULT_STUDENT_FILE = HEADER_DEFAULTS["student_file"]
# What gradekit.toml (top level) and [tool.gradekit] in pyproject.toml may set.
KNOWN_SETTINGS: tuple[str, ...] = ("assignment",)


class DiscoveryError(Exception):
    """No assignment (or more than one) was found for a submission; the message says where
    gradekit looked and how to choose."""


def find_assignment(submission: Path) -> Path:
    """The assignment YAML for `submission` (a file or a directory), by the rule above."""
    submission = Path(submission).resolve()
    start = submission if submission.is_dir() else submission.parent
    directories = [start, *start.parents]
    tried: list[str] = []

    for directory in directories:
        configured = _configured_assignment(directory, tried)
        if configured is not None:
            return configured
    # Every directory walked, for the error: where the settings and exercises/ were looked for.
    places = ", ".join(map(str, directories))
    tried.append(f"an `assignment` setting in a gradekit.toml or pyproject.toml in {places}: none")

    for directory in directories:
        exercises = directory / "exercises"
        if not exercises.is_dir():
            continue
        candidates = sorted([*exercises.glob("*.yaml"), *exercises.glob("*.yml")])
        tried.append(f"{exercises}/*.yaml: {len(candidates)} file(s)")
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            return _by_student_file(submission, exercises, candidates)

    if not any("exercises" in attempt for attempt in tried):
        tried.append(f"an exercises/ directory in {places}: none")
    raise DiscoveryError(
        f"no assignment found for {submission}. Tried:\n"
        + "\n".join(f"  - {attempt}" for attempt in tried)
        + "\nPass --assignment path/to/assignment.yaml, or set "
        '`[tool.gradekit] assignment = "..."` in a pyproject.toml above the submission.'
    )


def _by_student_file(submission: Path, exercises: Path, candidates: list[Path]) -> Path:
    """The one candidate whose `assignment.student_file` names the submission's file."""
    student_files = {candidate: _student_file(candidate) for candidate in candidates}
    matching = [
        candidate
        for candidate, student_file in student_files.items()
        if student_file is not None and _names_submission(student_file, submission)
    ]
    if len(matching) == 1:
        return matching[0]
    listed = ", ".join(
        f"{candidate.name} (student_file: {student_file or 'unreadable'})"
        for candidate, student_file in student_files.items()
    )
    why = (
        f"several of them expect {submission.name}"
        if matching
        else f"none of them has student_file: {submission.name}"
        + _misnamed_file_hint(submission, student_files)
    )
    raise DiscoveryError(
        f"several assignments in {exercises}: {listed}; {why}. Choose one with --assignment, "
        'or set `[tool.gradekit] assignment = "exercises/<file>.yaml"` in pyproject.toml '
        f'(or `assignment = "..."` in gradekit.toml) next to {submission.name}'
    )


def _misnamed_file_hint(submission: Path, student_files: dict[Path, str | None]) -> str:
    """``; did you mean to name it exercise.py (...)?`` when an assignment's student_file is
    close to the submission's name (``exercises.py``, ``Exercise.py``), else nothing."""
    import difflib

    by_name = {name: spec for spec, name in student_files.items() if name is not None}
    close = difflib.get_close_matches(submission.name, list(by_name), n=1, cutoff=0.75)
    if not close or submission.is_dir():
        return ""
    spec = by_name[close[0]]
    if spec.is_relative_to(Path.cwd()):  # as the student would type it
        spec = spec.relative_to(Path.cwd())
    return (
        f"; did you mean to name it {close[0]}? (rename it, or check it as it is with "
        f"--assignment {spec})"
    )


def _names_submission(student_file: str, submission: Path) -> bool:
    if submission.is_dir():
        return False
    if submission.suffix == ".ipynb":  # a notebook is graded as the .py it becomes
        return Path(student_file).stem == submission.stem
    return student_file == submission.name


def _student_file(spec: Path) -> str | None:
    """`assignment.student_file` of a spec file (its default when absent), None if the file
    cannot be read as YAML or the value is not a string."""
    return assignment_header(spec).get("student_file")


def assignment_header(spec: Path) -> dict[str, str]:
    """The string fields of a spec's `assignment:` header that discovery and start-up need
    (`student_file`, `backend`; defaults filled in), read without loading the whole spec.

    Only the header is read, as a stream of YAML events: this runs before every check, and a
    whole assignment is slow to parse; the fields read are cached by the file's content
    (:func:`gradekit.spec.cache.read_header`), so a check usually imports no YAML parser at all
    before its sandbox starts. Empty when the file cannot be read as YAML; a field is missing
    when its value is not a string. The spec is validated later by the loader.
    """
    from gradekit.spec.cache import file_stamp, read_header, write_header

    reader = [gradekit.__version__, file_stamp(Path(__file__))]  # this code, its defaults
    try:
        content = spec.read_bytes()
        text = content.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    cached = read_header(spec, content, reader)
    if cached is not None:
        return cached
    import yaml

    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available
    loader = loader_class(text)
    try:
        header = _header_from_events(loader)
    except yaml.YAMLError:
        return {}
    finally:
        loader.dispose()
    write_header(spec, content, reader, header)
    return header


def _header_from_events(loader: Any) -> dict[str, str]:
    """Walk the top-level mapping to `assignment:` and read its string fields."""
    import yaml

    def next_event() -> Any:
        event = loader.get_event()
        if event is None:
            raise yaml.YAMLError("unexpected end of the document")
        return event

    def skip_value(event: Any) -> None:
        depth = 1 if isinstance(event, yaml.CollectionStartEvent) else 0
        while depth:
            event = next_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1

    def as_string(event: Any) -> str | None:
        if not isinstance(event, yaml.ScalarEvent):
            skip_value(event)
            return None
        # Resolved as the composer would: `student_file: 3` or `null` is no string.
        tag = event.tag if event.tag not in (None, "!") else None
        tag = tag or loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        return event.value if tag == "tag:yaml.org,2002:str" else None

    while not isinstance(next_event(), yaml.MappingStartEvent):
        pass  # stream and document start
    while True:  # the top-level mapping
        key = next_event()
        if isinstance(key, yaml.MappingEndEvent):
            return {}
        value = next_event()
        if isinstance(key, yaml.ScalarEvent) and key.value == "assignment":
            break
        skip_value(value)
    if not isinstance(value, yaml.MappingStartEvent):
        return {}
    header = dict(HEADER_DEFAULTS)
    while True:  # the header mapping
        key = next_event()
        if isinstance(key, yaml.MappingEndEvent):
            return header
        value = next_event()
        if isinstance(key, yaml.ScalarEvent) and key.value in HEADER_DEFAULTS:
            text = as_string(value)
            if text is None:
                header.pop(key.value, None)
            else:
                header[key.value] = text
        else:
            skip_value(value)


def _configured_assignment(directory: Path, tried: list[str]) -> Path | None:
    """The assignment set in this directory's gradekit.toml / pyproject.toml, if any."""
    for name, keys in (("gradekit.toml", ()), ("pyproject.toml", ("tool", "gradekit"))):
        config = directory / name
        if not config.is_file():
            continue
        setting = _assignment_setting(config, keys)
        where = f"{config} [{'.'.join(keys)}]" if keys else str(config)
        if setting is None:
            tried.append(f"{where}: no `assignment` setting")
            continue
        if not isinstance(setting, str) or not setting:
            raise DiscoveryError(f"{where}: `assignment` must be a path string (got {setting!r})")
        path = (directory / setting).resolve()
        if not path.is_file():
            raise DiscoveryError(
                f"{where}: assignment = {setting!r} points to {path}, which does not exist "
                f"(the path is relative to {config.name})"
            )
        return path
    return None


def _assignment_setting(config: Path, keys: tuple[str, ...]) -> Any:
    """The ``assignment`` value of the table ``keys`` of the TOML file ``config`` (None when
    it sets none). Cached by the file's content, as spec headers are: a check started in a
    project whose pyproject.toml does not configure gradekit then imports no TOML parser
    (about 7 ms before its sandbox starts). Values that are errors are not cached."""
    from gradekit.spec.cache import file_stamp, read_header, write_header

    try:
        content = config.read_bytes()
    except OSError as error:
        raise DiscoveryError(f"{config}: cannot read the file: {error}") from None
    reader = [gradekit.__version__, file_stamp(Path(__file__)), "config", list(keys)]
    cached = read_header(config, content, reader)
    if cached is not None:
        return cached.get("assignment")
    table = _read_table(config, content, keys)
    if table is not None:
        _refuse_unknown_settings(config, content, keys, table)
    setting = table.get("assignment") if table is not None else None
    if setting is None or (isinstance(setting, str) and setting):
        write_header(config, content, reader, {} if setting is None else {"assignment": setting})
    return setting


def _read_table(config: Path, content: bytes, keys: tuple[str, ...]) -> dict[str, Any] | None:
    # Imported here: most checks find no config file, and the parser costs start-up time.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10 uses the backport (a dependency there)
        import tomli as tomllib
    try:
        table: Any = tomllib.loads(content.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise DiscoveryError(f"{config}: cannot read the file: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise DiscoveryError(f"{config}: invalid TOML: {error}") from None
    for key in keys:
        table = table.get(key) if isinstance(table, dict) else None
    return table if isinstance(table, dict) else None


def _refuse_unknown_settings(
    config: Path, content: bytes, keys: tuple[str, ...], table: dict[str, Any]
) -> None:
    """A :class:`DiscoveryError` naming the first key of gradekit's table that is not a
    setting, with its line and the setting it looks like."""
    import difflib

    unknown = [key for key in table if key not in KNOWN_SETTINGS]
    if not unknown:
        return
    key = unknown[0]
    table_name = f"[{'.'.join(keys)}]" if keys else config.name
    close = difflib.get_close_matches(key, KNOWN_SETTINGS, n=1, cutoff=0.6)
    advice = (
        f"did you mean {close[0]!r}?"
        if close
        else f"the only setting is {' '.join(repr(name) for name in KNOWN_SETTINGS)}"
    )
    line = _line_setting(content.decode("utf-8"), keys, key)
    where = f"{config}:{line}" if line else str(config)
    raise DiscoveryError(f"{where}: unknown setting {key!r} in {table_name} ({advice})")


def _line_setting(text: str, keys: tuple[str, ...], key: str) -> int | None:
    """The line that sets ``key`` (``assignmnt = …``, ``tool.gradekit.assignmnt = …`` or a
    ``[tool.gradekit.assignmnt]`` table), if a plain reading of the lines finds it."""
    import re

    # Any tail of the table's name may lead: `[tool]` then `gradekit.assignmnt = …`.
    prefix = "|".join(
        "".join(rf"{re.escape(part)}\s*\.\s*" for part in keys[start:])
        for start in range(len(keys))
    )
    quoted = rf"[\"']?{re.escape(key)}[\"']?"
    pattern = re.compile(rf"^\s*(?:\[\s*)?(?:{prefix})?{quoted}\s*[=.\]]")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


def assignment_problem(spec: Path, option: str = "--assignment") -> str | None:
    """Why ``spec`` cannot be the assignment (missing, a folder, not a YAML file: often the
    reference solution given by mistake), with the YAML files next to it when one was
    misspelt; None when it looks like one. ``option`` names the argument that takes it."""
    import difflib

    if spec.is_dir():
        found = sorted(p.name for p in spec.glob("*.y*ml"))
        listed = f" (it holds {', '.join(found)})" if found else ""
        return f"{spec}: a folder; {option} takes one assignment YAML file{listed}"
    if not spec.is_file():
        message = f"{spec}: no such file ({option} takes the assignment's YAML file)"
        try:
            names = sorted(p.name for p in spec.parent.iterdir() if p.suffix in (".yaml", ".yml"))
        except OSError:
            names = []
        close = difflib.get_close_matches(spec.name, names, n=3, cutoff=0.6)
        if close:
            message += "; did you mean " + " or ".join(str(spec.parent / n) for n in close) + "?"
        return message
    if spec.suffix.lower() in (".py", ".ipynb"):
        return (
            f"{spec}: a Python file; {option} takes the assignment's YAML file (e.g. "
            "exercises/tensor-indexing.yaml), which names its reference solution itself"
        )
    return None
