"""The static checks walk each subtree once (ParsedSource.walk, static.walk_nodes): the same
nodes in the same order as ast.walk, and the same violations as walking afresh every time."""

from __future__ import annotations

import ast
import textwrap
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.grading import static
from gradekit.grading.static import (
    SYNTAX_KINDS,
    ParsedSource,
    StaticRules,
    check_static,
    count_statements,
    parse_source,
    statement_nodes,
    walk_nodes,
)

# Statements a student's function body may hold; {helper} is another function of the module.
SIMPLE_STATEMENTS = [
    "pass",
    "x = t[::2]",
    "return t.flip(0)",
    "y = [v for v in t]",
    "z = {k: v for k, v in enumerate(t)}",
    "s = sum(v for v in t if v)",
    "import torch as tt",
    "from torch import broadcast_shapes as bs",
    "import torch.nn.functional",
    "out = bs(a, b)",
    "out = tt.broadcast_tensors(a, b)",
    "out = torch.autograd.no_grad()",
    "(t * 2).backward()",
    "f = lambda q: q + 1",
    "del x",
    "assert t is not None",
    "global G",
    "value = {helper}(t)",
    "value = solve(t)",
    "yield t",
    '"""a docstring-like string"""',
]
BLOCKS = [
    "for v in t:\n{body}",
    "while t:\n{body}",
    "if t:\n{body}\nelse:\n{body}",
    "try:\n{body}\nexcept ValueError:\n{body}\nfinally:\n{body}",
    "with torch.no_grad():\n{body}",
    "def inner(q):\n{body}",
    "class Local:\n{body}",
    "match t:\n    case 1:\n{case body}\n    case _:\n{case body}",
    "for v in t:\n{body}\nelse:\n{body}",
]


@st.composite
def bodies(draw: st.DrawFn, depth: int, helpers: list[str]) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 2 and draw(st.booleans()):
            inner = draw(bodies(depth + 1, helpers))
            block = draw(st.sampled_from(BLOCKS))
            block = block.replace("{case body}", textwrap.indent(inner, " " * 8))
            lines.append(block.replace("{body}", textwrap.indent(inner, "    ")))
        else:
            statement = draw(st.sampled_from(SIMPLE_STATEMENTS))
            lines.append(statement.replace("{helper}", draw(st.sampled_from(helpers))))
    return "\n".join(lines)


@st.composite
def modules(draw: st.DrawFn) -> str:
    names = ["solve", "helper_a", "helper_b"]
    parts = [draw(st.sampled_from(["import torch", "import torch as T", "import numpy as np"]))]
    if draw(st.booleans()):
        parts.append("try:\n    import torch as T\nexcept ImportError:\n    import numpy as T")
    for name in draw(st.permutations(names)):
        docstring = '    """Docstring."""\n' if draw(st.booleans()) else ""
        body = draw(bodies(0, [n for n in names if n != name] or ["len"]))
        parts.append(f"def {name}(t, a=None, b=None):\n{docstring}{textwrap.indent(body, '    ')}")
    if draw(st.booleans()):
        parts.append("solve = solve")  # a later assignment wins as the entry
    return "\n\n".join(parts) + "\n"


RULE_NAMES = [*SYNTAX_KINDS, "torch.broadcast_shapes", "broadcast_tensors", "backward",
              "torch.no_grad", "torch.nn.functional", "solve"]  # fmt: skip
rules = st.builds(
    StaticRules,
    max_statements=st.none() | st.integers(0, 6),
    forbid=st.lists(st.sampled_from(RULE_NAMES), max_size=4).map(tuple),
    require=st.lists(st.sampled_from(RULE_NAMES), max_size=3).map(tuple),
)


@dataclass(frozen=True)
class _WalkedAfresh(ParsedSource):
    """The general path: every walk is a new ``ast.walk``."""

    def walk(self, node: ast.AST) -> list[ast.AST]:
        return list(ast.walk(node))


@settings(max_examples=150, deadline=None)
@given(source=modules())
def test_walk_nodes_is_ast_walk(source: str) -> None:
    module = ast.parse(source)
    for root in [module, *ast.walk(module)]:
        fast, plain = walk_nodes(root), list(ast.walk(root))
        assert len(fast) == len(plain)
        assert all(a is b for a, b in zip(fast, plain, strict=True))


@settings(max_examples=300, deadline=None)
@given(source=modules(), rules=rules, entry=st.sampled_from(["solve", "helper_a", "nothing"]))
def test_checks_with_remembered_walks_equal_checks_walking_afresh(
    source: str, rules: StaticRules, entry: str
) -> None:
    parsed = parse_source(source)
    afresh = _WalkedAfresh(parsed.module, parsed.aliases)
    # Twice on the same parse: the second check reads the walks the first remembered.
    assert check_static(parsed, entry, rules) == check_static(afresh, entry, rules)
    assert check_static(parsed, entry, rules) == check_static(afresh, entry, rules)
    assert check_static(source, entry, rules) == check_static(afresh, entry, rules)


@settings(max_examples=150, deadline=None)
@given(source=modules())
def test_count_statements_counts_the_body_as_before(source: str) -> None:
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef):
            continue
        body = list(node.body)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            if isinstance(body[0].value.value, str):
                body = body[1:]
        expected = sum(
            1
            for statement in body
            for inner in ast.walk(statement)
            if isinstance(inner, ast.stmt) and not isinstance(inner, ast.Pass)
        )
        assert count_statements(node) == expected


def _aliases_walking_everything(module: ast.Module) -> dict[str, str]:
    """Import aliases as found by walking every node (the general path)."""
    aliases: dict[str, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for alias in node.names:
                aliases[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


@settings(max_examples=200, deadline=None)
@given(source=modules())
def test_statement_nodes_are_ast_walks_statements_in_its_order(source: str) -> None:
    module = ast.parse(source)
    kinds = (ast.Module, ast.stmt, ast.ExceptHandler, ast.match_case)
    expected = [node for node in ast.walk(module) if isinstance(node, kinds)]
    found = statement_nodes(module)
    assert len(found) == len(expected)
    assert all(a is b for a, b in zip(found, expected, strict=True))
    assert parse_source(source).aliases == _aliases_walking_everything(module)


# Variants of a module that keep some of its functions' texts and first lines: other imports
# (other aliases, same lines), a comment at the end of a line, a helper defined again at the
# end (a later definition wins), a line more at the top (every first line moves).
IMPORT_LINES = ("import torch", "import torch as T", "import numpy as T",
                "from torch import broadcast_shapes as bs", "import numpy as torch")  # fmt: skip


def _variants(source: str) -> list[str]:
    first, _, rest = source.partition("\n")
    return [
        source,
        *(f"{imports}\n{rest}" for imports in IMPORT_LINES if imports != first),
        f"{first}  # imports\n{rest}",
        source + "\n\ndef helper_a(t):\n    for v in t:\n        pass\n",
        "# a student's comment\n" + source,
    ]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(sources=st.lists(modules(), min_size=1, max_size=3), rules=rules)
def test_checks_remembered_across_sources_equal_checks_worked_out_afresh(
    sources: list[str], rules: StaticRules
) -> None:
    # In a batch, each student's functions are looked up by their text: the violations must
    # be those of the unremembered path (no source lines known, every walk afresh) whatever
    # the other files graded before.
    for text in [variant for source in sources for variant in _variants(source)] * 2:
        parsed = parse_source(text)
        assert parsed.lines is not None
        afresh = _WalkedAfresh(parsed.module, parsed.aliases)
        for entry in ("solve", "helper_a", "helper_b"):
            assert check_static(parsed, entry, rules) == check_static(afresh, entry, rules)


def test_a_file_whose_functions_were_seen_before_is_checked_from_memory() -> None:
    first = "import torch as T\n\n\ndef solve(t):\n    return [v for v in T.flip(t)]\n"
    rules = StaticRules(max_statements=0, forbid=("loop", "torch.flip"))
    expected = check_static(first, "solve", rules)
    assert [v.rule for v in expected] == ["max_statements", "forbid", "forbid"]
    static._VIOLATIONS.clear()
    check_static(first, "solve", rules)
    remembered = dict(static._VIOLATIONS)
    # Another student's file: other comments, the same function at the same lines.
    second = (
        "import torch as T  # mine\n\n# ---\ndef solve(t):\n    return [v for v in T.flip(t)]\n"
    )
    assert check_static(second, "solve", rules) == expected
    assert static._VIOLATIONS == remembered
    # The same function a line further down is another subtree (its line numbers).
    moved = check_static("\n" + first, "solve", rules)
    assert [v.line for v in moved] == [v.line + 1 for v in expected]
    # A "\r" line end: the parser's line numbers would not index "\n"-split lines.
    assert parse_source(first.replace("\n", "\r\n")).lines is None
    assert check_static(first.replace("\n", "\r\n"), "solve", rules) == expected


def test_long_functions_are_checked_without_being_remembered() -> None:
    # A worker grades untrusted files for hours: a huge function is not kept in memory.
    source = "def solve(t):\n" + "    x = 1\n" * 2000 + "    return [v for v in t]\n"
    rules = StaticRules(max_statements=1, forbid=("loop",))
    parsed = parse_source(source)
    static._VIOLATIONS.clear()
    static._NAMES_USED.clear()
    found = check_static(parsed, "solve", rules)
    assert found == check_static(_WalkedAfresh(parsed.module, parsed.aliases), "solve", rules)
    assert [v.rule for v in found] == ["max_statements", "forbid"]
    assert not static._VIOLATIONS and not static._NAMES_USED


def _entry_scanning_the_module(module: ast.Module, entry: str) -> ast.AST | None:
    """How an entry was found before: a scan of the module for each exercise."""
    found: ast.AST | None = None
    for node in module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == entry:
            found = node
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == entry for t in targets):
                found = node
    return found


@settings(max_examples=150, deadline=None)
@given(
    source=modules(),
    extra=st.lists(
        st.sampled_from(
            [
                "solve: int",
                "solve += 1",
                "a, solve = 1, 2",
                "helper_a = solve = 3",
                "async def helper_b(t):\n    pass",
                "class solve:\n    pass",
            ]
        ),
        max_size=3,
    ),  # fmt: skip
)
def test_entries_are_found_as_by_scanning_the_module(source: str, extra: list[str]) -> None:
    module = ast.parse("\n".join([source, *extra]) + "\n")
    definitions = static.top_level_definitions(module)
    for entry in ("solve", "helper_a", "helper_b", "a", "nothing"):
        assert definitions.get(entry) is _entry_scanning_the_module(module, entry)
