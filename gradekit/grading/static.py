"""Static (AST) constraints on a student's entry point: "one line of code", "no loops", "don't call
torch.broadcast_shapes", "must call backward".

Constraints are checked on the source text only; nothing is imported or run. Dotted call names
are resolved through simple aliases (``import torch as t``, ``from torch import broadcast_shapes
as bs``) so renaming an import does not dodge a ``forbid`` rule.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

# Syntax kinds a rule can name, mapped to the AST node types that count as that kind.
SYNTAX_KINDS: dict[str, tuple[type[ast.AST], ...]] = {
    "for": (ast.For, ast.AsyncFor),
    "while": (ast.While,),
    "loop": (
        ast.For,
        ast.AsyncFor,
        ast.While,
        ast.ListComp,
        ast.SetComp,
        ast.DictComp,
        ast.GeneratorExp,
    ),
    "comprehension": (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp),
    "if": (ast.If, ast.IfExp),
    "lambda": (ast.Lambda,),
    "try": (ast.Try,),
    "with": (ast.With, ast.AsyncWith),
    "import": (ast.Import, ast.ImportFrom),
    "global": (ast.Global, ast.Nonlocal),
    "recursion": (),  # handled specially: the entry calls itself
}


@dataclass(frozen=True)
class Violation:
    """A broken static constraint: which rule, where, and what to do instead."""

    rule: str
    line: int | None
    message: str


@dataclass(frozen=True)
class StaticRules:
    """The static constraints of one exercise (all optional)."""

    max_statements: int | None = None
    forbid: tuple[str, ...] = ()
    require: tuple[str, ...] = ()


def check_static(source: str, entry: str, rules: StaticRules) -> list[Violation]:
    """Check ``rules`` against the definition of ``entry`` in ``source``.

    ``forbid`` / ``require`` items are syntax kinds from :data:`SYNTAX_KINDS` or dotted call names
    (``torch.broadcast_shapes``, ``backward`` for any ``.backward()`` method call). A source that
    does not parse yields no violations: the load error is reported elsewhere.
    """
    if not (rules.max_statements or rules.forbid or rules.require):
        return []
    try:
        module = ast.parse(source)
    except SyntaxError:
        return []
    target = _find_entry(module, entry)
    if target is None:
        return []  # a missing entry is reported by the run itself
    aliases = _import_aliases(module)
    violations: list[Violation] = []

    if rules.max_statements is not None and isinstance(
        target, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        count = count_statements(target)
        if count > rules.max_statements:
            violations.append(
                Violation(
                    "max_statements",
                    target.lineno,
                    f"{entry} has {count} statements; at most {rules.max_statements} allowed "
                    f"(the docstring does not count)",
                )
            )

    calls = list(_calls_in(target, aliases))
    for rule in rules.forbid:
        violations += _forbidden_uses(rule, target, entry, calls)
    for rule in rules.require:
        if not _uses(rule, target, entry, calls):
            what = f"use {rule}" if rule in SYNTAX_KINDS else f"call {rule}"
            violations.append(
                Violation("require", getattr(target, "lineno", None), f"{entry} must {what}")
            )
    return violations


def count_statements(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Statements in a function body, nested ones included, the docstring excluded."""
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        if isinstance(body[0].value.value, str):
            body = body[1:]
    return sum(
        1 for statement in body for node in ast.walk(statement) if isinstance(node, ast.stmt)
    )


def _find_entry(module: ast.Module, entry: str) -> ast.AST | None:
    """The last top-level ``def entry`` or assignment to ``entry`` (later definitions win)."""
    found: ast.AST | None = None
    for node in module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == entry:
            found = node
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == entry for t in targets):
                found = node
    return found


def _import_aliases(module: ast.Module) -> dict[str, str]:
    """Local name -> full dotted name, for every import anywhere in the module."""
    aliases: dict[str, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    root = alias.name.split(".")[0]
                    aliases[root] = root
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def _dotted_name(node: ast.AST) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    if parts:  # a method on an expression: (x * 2).backward() -> ".backward"
        return "." + ".".join(reversed(parts))
    return None


def _calls_in(node: ast.AST, aliases: dict[str, str]) -> Iterable[tuple[str, int]]:
    """Every call inside ``node`` as (resolved dotted name, line)."""
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        name = _dotted_name(call.func)
        if name is None:
            continue
        head, _, rest = name.partition(".")
        if head in aliases:
            name = aliases[head] + (f".{rest}" if rest else "")
        yield name, call.lineno


def _matches_call(rule: str, call_name: str) -> bool:
    """``torch.broadcast_shapes`` matches that exact call (also via ``torch.functional``);
    a bare name such as ``backward`` or ``.backward`` matches any call ending in it."""
    rule = rule.lstrip(".")
    if "." not in rule:
        return call_name.rsplit(".", 1)[-1] == rule
    if call_name == rule:
        return True
    # torch re-exports: torch.functional.broadcast_shapes is torch.broadcast_shapes
    rule_module, _, rule_attr = rule.rpartition(".")
    call_module, _, call_attr = call_name.rpartition(".")
    return call_attr == rule_attr and call_module.startswith(rule_module + ".")


def _syntax_nodes(rule: str, target: ast.AST) -> list[ast.AST]:
    kinds = SYNTAX_KINDS[rule]
    return [node for node in ast.walk(target) if kinds and isinstance(node, kinds)]


def _forbidden_uses(
    rule: str, target: ast.AST, entry: str, calls: list[tuple[str, int]]
) -> list[Violation]:
    if rule == "recursion":
        return [
            Violation("forbid", line, f"{entry} must not call itself (recursion is not allowed)")
            for name, line in calls
            if name == entry
        ]
    if rule in SYNTAX_KINDS:
        return [
            Violation(
                "forbid",
                getattr(node, "lineno", None),
                f"'{rule}' is not allowed in {entry}: {_forbid_advice(rule)}",
            )
            for node in _syntax_nodes(rule, target)
        ]
    return [
        Violation("forbid", line, f"{entry} must not call {rule} (found {name})")
        for name, line in calls
        if _matches_call(rule, name)
    ]


def _uses(rule: str, target: ast.AST, entry: str, calls: list[tuple[str, int]]) -> bool:
    if rule == "recursion":
        return any(name == entry for name, _ in calls)
    if rule in SYNTAX_KINDS:
        return bool(_syntax_nodes(rule, target))
    return any(_matches_call(rule, name) for name, _ in calls)


def _forbid_advice(rule: str) -> str:
    if rule in ("for", "while", "loop", "comprehension"):
        return "use tensor operations (indexing, broadcasting) instead of Python loops"
    return "solve it without this construct"
