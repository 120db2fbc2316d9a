"""Load an assignment YAML file into `Assignment`, reporting every problem as file:line.

The YAML is composed into a node tree first (nodes remember their line), then constructed
into plain Python data and validated by the pydantic models. Each validation error's `loc`
path is walked down the node tree to find the line the error belongs to, so an instructor
reads e.g.

    exercises/tensor-indexing.yaml:42: exercises[3].cases[0].args.t.dtype: expected one of
    float16, float32, float64, int32, int64, bool (got 'float')

The plain data of a spec that loaded cleanly is cached on disk as JSON (gradekit/spec/cache.py):
an unchanged file skips the YAML parse on the next run and is only validated again.
"""

from __future__ import annotations

import ast
import difflib
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from gradekit.spec.cache import read_spec_data, write_spec_data
from gradekit.spec.errors import SpecError, SpecProblem
from gradekit.spec.models import CHECK_WORDS, Assignment

if TYPE_CHECKING:  # PyYAML is imported where a file is parsed: a cached spec never needs it
    import yaml

__all__ = ["SpecError", "SpecProblem", "load_assignment", "parse_assignment"]


def load_assignment(path: Path) -> Assignment:
    """Read, validate and return the assignment at `path`; raise SpecError listing problems."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SpecError([SpecProblem(path, None, "", f"cannot read the file: {error}")]) from None
    return parse_assignment(text, path)


def parse_assignment(text: str, path: Path) -> Assignment:
    """Validate YAML `text` as if it were the file `path` (used for file:line messages and for
    resolving the solution path)."""
    path = Path(path)
    cached = read_spec_data(path, text)
    if cached is not None:
        data, solution = cached
        try:
            assignment = Assignment.model_validate(data)
        except ValidationError:
            pass  # the models changed under the cache: parse the YAML to locate the problems
        else:
            assignment._spec_path = path.resolve()
            assignment._solution_path = solution
            return assignment

    import yaml

    root = _compose(text, path)
    data = yaml.SafeLoader("").construct_document(root)
    if not isinstance(data, dict):
        raise SpecError(
            [
                SpecProblem(
                    path,
                    root.start_mark.line + 1,
                    "",
                    "expected a mapping with the keys `assignment:` and `exercises:` "
                    f"(got {type(data).__name__})",
                )
            ]
        )
    try:
        assignment = Assignment.model_validate(data)
    except ValidationError as error:
        raise SpecError(
            [_problem_from_error(path, root, detail) for detail in error.errors()]
        ) from None
    _attach_solution(assignment, path, root)
    write_spec_data(path, text, data, assignment.solution_path)
    return assignment


# ---------------------------------------------------------------------------------------------
# YAML with line numbers
# ---------------------------------------------------------------------------------------------


def _compose(text: str, path: Path) -> yaml.Node:
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        detail = " ".join(part for part in (error.context, error.problem) if part)
        raise SpecError([SpecProblem(path, line, "", f"invalid YAML: {detail}")]) from None
    except yaml.YAMLError as error:
        raise SpecError([SpecProblem(path, None, "", f"invalid YAML: {error}")]) from None
    if root is None:
        raise SpecError(
            [SpecProblem(path, 1, "", "the file is empty; expected `assignment:` and `exercises:`")]
        )
    duplicates = list(_duplicate_keys(root, path, ""))
    if duplicates:
        raise SpecError(duplicates)
    return root


def _duplicate_keys(node: yaml.Node, path: Path, where: str) -> Any:
    """PyYAML silently keeps the last of two equal keys; an instructor wants to hear about it."""
    import yaml

    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            child = f"{where}.{key}" if where else key
            if key in seen:
                yield SpecProblem(
                    path,
                    key_node.start_mark.line + 1,
                    child,
                    f"duplicate key {key!r} (first on line {seen[key]})",
                )
            else:
                seen[key] = key_node.start_mark.line + 1
            yield from _duplicate_keys(value_node, path, child)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _duplicate_keys(item, path, f"{where}[{index}]")


def _locate(root: yaml.Node, loc: tuple[Any, ...] | list[Any]) -> tuple[int, str]:
    """Walk `loc` (a pydantic error location) down the YAML nodes: (1-based line, path text).

    Union tags (elements starting with ":") are not YAML keys and are skipped. A compact check
    such as `{grad: [x]}` is stored as fields (`names`), so a field name that is not a key is
    looked up inside the one-key mapping's value instead.
    """
    import yaml

    node: yaml.Node | None = root
    line = root.start_mark.line + 1
    parts: list[str] = []
    pending = [element for element in loc if not str(element).startswith(":")]
    while pending:
        element = pending.pop(0)
        if node is None or isinstance(node, yaml.ScalarNode):
            parts.append(_path_part(element, parts))
            node = None
        elif isinstance(node, yaml.MappingNode):
            found = _mapping_child(node, element)
            if found is not None:
                key_node, node = found
                line = key_node.start_mark.line + 1
                parts.append(_path_part(element, parts))
            elif len(node.value) == 1 and str(node.value[0][0].value) in CHECK_WORDS:
                key_node, node = node.value[0]
                line = key_node.start_mark.line + 1
                parts.append(_path_part(str(key_node.value), parts))
                pending.insert(0, element)
            else:
                parts.append(_path_part(element, parts))
                node = None
        elif isinstance(node, yaml.SequenceNode):
            if isinstance(element, int) and 0 <= element < len(node.value):
                node = node.value[element]
                line = node.start_mark.line + 1
                parts.append(_path_part(element, parts))
            elif not isinstance(element, int):
                continue  # a field the model derived from this list, e.g. `names` of {grad: [...]}
            else:
                parts.append(_path_part(element, parts))
                node = None
    return line, "".join(parts)


def _mapping_child(node: yaml.MappingNode, element: Any) -> tuple[yaml.Node, yaml.Node] | None:
    for key_node, value_node in node.value:
        if str(key_node.value) == str(element):
            return key_node, value_node
    return None


def _path_part(element: Any, parts: list[str]) -> str:
    if isinstance(element, int):
        return f"[{element}]"
    return f".{element}" if parts else str(element)


# ---------------------------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------------------------

_PATTERN_MEANINGS = {
    r"^[A-Za-z0-9][A-Za-z0-9_.-]*$": "an id: letters, digits, '_', '-' or '.', not starting "
    "with punctuation",
    r"^[A-Za-z_][A-Za-z0-9_]*$": "a Python identifier",
    r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$": "a (dotted) Python name",
    r"^[A-Za-z_][A-Za-z0-9_]*\.py$": "a Python file name like exercise.py",
}


def _known_field_names() -> set[str]:
    names: set[str] = set()
    pending: list[type[BaseModel]] = [Assignment]
    seen: set[type[BaseModel]] = set()
    while pending:
        model = pending.pop()
        if model in seen:
            continue
        seen.add(model)
        names.update(model.model_fields)
        pending.extend(_nested_models(model))
    return names - {"kind"}


def _nested_models(model: type[BaseModel]) -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []

    def visit(annotation: Any) -> None:
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            found.append(annotation)
        for argument in getattr(annotation, "__args__", ()) or ():
            visit(argument)
        for meta in getattr(annotation, "__metadata__", ()) or ():
            visit(meta)
        origin = getattr(annotation, "__origin__", None)
        if origin is not None:
            visit(origin)

    for field in model.model_fields.values():
        visit(field.annotation)
    return found


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _message(detail: dict[str, Any]) -> str:
    kind = detail["type"]
    given = detail.get("input")
    context = detail.get("ctx") or {}
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        field = str(detail["loc"][-1])
        known = _known_field_names()
        if field in known:  # e.g. `std` on a uniform tensor: valid elsewhere, not here
            return f"field {field!r} does not belong here"
        close = difflib.get_close_matches(field, sorted(known), n=1)
        suggestion = f" (did you mean {close[0]!r}?)" if close else ""
        return f"unknown field {field!r}{suggestion}"
    if kind == "literal_error":
        choices = re.findall(r"'([^']*)'", str(context.get("expected", "")))
        return f"expected one of {', '.join(choices)} (got {_shown(given)})"
    if kind == "string_pattern_mismatch":
        meaning = _PATTERN_MEANINGS.get(str(context.get("pattern")), "text matching ...")
        return f"expected {meaning} (got {_shown(given)})"
    message = str(detail["msg"])
    if kind == "random_kind" and isinstance(given, dict):
        return f"{message} (got {_shown(given.get('random'))})"
    if kind in ("arg_kind", "check_kind"):
        return f"{message} (got {_shown(given)})"
    if kind == "value_error":
        return message.removeprefix("Value error, ")
    if kind == "spec_rule" or isinstance(given, (dict, list)):
        return message
    return f"{message[0].lower()}{message[1:]} (got {_shown(given)})"


def _problem_from_error(path: Path, root: yaml.Node, detail: dict[str, Any]) -> SpecProblem:
    loc = list(detail["loc"])
    if detail["type"] == "spec_rule":
        loc.extend((detail.get("ctx") or {}).get("subpath", []))
    line, where = _locate(root, loc)
    return SpecProblem(path, line, where, _message(detail))


# ---------------------------------------------------------------------------------------------
# The reference solution
# ---------------------------------------------------------------------------------------------


def _attach_solution(assignment: Assignment, path: Path, root: yaml.Node) -> None:
    """Resolve `assignment.solution` next to the YAML file and check that it defines every
    entry and mistake function (by reading its syntax tree: the spec never imports code)."""
    solution = (path.parent / assignment.assignment.solution).resolve()
    problems: list[SpecProblem] = []

    def problem(loc: tuple[Any, ...], message: str) -> None:
        line, where = _locate(root, loc)
        problems.append(SpecProblem(path, line, where, message))

    if not solution.is_file():
        problem(
            ("assignment", "solution"),
            f"solution file {solution} does not exist (the path is relative to the YAML file)",
        )
        raise SpecError(problems)
    try:
        tree = ast.parse(solution.read_text(encoding="utf-8"), filename=str(solution))
    except SyntaxError as error:
        problems.append(
            SpecProblem(
                solution, error.lineno, "", f"the solution is not valid Python: {error.msg}"
            )
        )
        raise SpecError(problems) from None
    defined = _top_level_names(tree)
    for index, exercise in enumerate(assignment.exercises):
        if exercise.entry_name not in defined:
            key = "entry" if exercise.entry else "id"
            problem(
                ("exercises", index, key),
                f"the solution {solution.name} defines no {exercise.kind} {exercise.entry_name!r}",
            )
        for mistake_index, mistake in enumerate(exercise.mistakes):
            if mistake.function not in defined:
                problem(
                    ("exercises", index, "mistakes", mistake_index, "function"),
                    f"the solution {solution.name} defines no {mistake.function!r}",
                )
    if problems:
        raise SpecError(problems)
    assignment._spec_path = path.resolve()
    assignment._solution_path = solution


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                names.update(node.id for node in ast.walk(target) if isinstance(node, ast.Name))
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in statement.names)
    return names
