"""Static (AST) constraints on a student's entry point: "one line of code", "no loops", "don't call
torch.broadcast_shapes", "must call backward".

Constraints are checked on the source text only; nothing is imported or run. Dotted call names
are resolved through simple aliases (``import torch as t``, ``from torch import broadcast_shapes
as bs``) so renaming an import does not dodge a ``forbid`` rule.
"""

from __future__ import annotations

import ast
import difflib
import functools
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

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
    "def": (
        ast.FunctionDef,
        ast.AsyncFunctionDef,
    ),  # nested definitions; the entry itself is exempt
    "class": (ast.ClassDef,),
    "global": (ast.Global,),
    "nonlocal": (ast.Nonlocal,),
    "del": (ast.Delete,),
    "yield": (ast.Yield, ast.YieldFrom),
    "assert": (ast.Assert,),
    "recursion": (),  # handled specially: the entry calls itself
}


# Public spellings of one and the same torch object: a forbid/require rule naming any of them
# applies to all of them (`torch.autograd.no_grad` is `torch.no_grad`). Each maps to the
# shortest spelling. torch.autograd.grad and torch.autograd.backward have a single spelling
# (plus `from torch.autograd import grad`, which the import aliases already resolve).
GRAD_MODE_NAMES: tuple[str, ...] = ("no_grad", "enable_grad", "set_grad_enabled", "inference_mode")
SAME_OBJECT: dict[str, str] = {
    f"{module}.{name}": f"torch.{name}"
    for name in GRAD_MODE_NAMES
    for module in ("torch.autograd", "torch.autograd.grad_mode")
}


@functools.lru_cache(maxsize=4096)  # pure; a batch asks about the same few names over and over
def canonical_name(name: str) -> str:
    """``name`` with a leading alternative spelling from :data:`SAME_OBJECT` replaced
    (``torch.autograd.no_grad.__enter__`` -> ``torch.no_grad.__enter__``)."""
    for spelling, canonical in SAME_OBJECT.items():
        if name == spelling or name.startswith(spelling + "."):
            return canonical + name[len(spelling) :]
    return name


# The nodes of a subtree, breadth-first (ast.walk's order), e.g. ParsedSource.walk.
Walk = Callable[[ast.AST], list[ast.AST]]


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


@dataclass(frozen=True)
class ParsedSource:
    """A student's source parsed once, shared by the static checks of every exercise."""

    module: ast.Module | None  # None when the source does not parse
    aliases: dict[str, str]  # local name -> full dotted name of every import
    # The nodes of each subtree walked so far, by the id of its root (alive in ``module``):
    # one exercise's rules walk its entry and helpers several times.
    walks: dict[int, list[ast.AST]] = field(default_factory=dict, compare=False, repr=False)
    # The source split at its line ends, when the source is known and has only "\n" ones
    # (the parser's line numbers then index it): top-level functions' texts key the checks'
    # results across submissions (see _remembered_violations).
    lines: list[str] | None = field(default=None, compare=False, repr=False)
    _texts: dict[int, FunctionText] = field(default_factory=dict, compare=False, repr=False)
    _functions: list[tuple[str, ast.AST]] = field(default_factory=list, compare=False, repr=False)
    _definitions: dict[str, ast.AST] = field(default_factory=dict, compare=False, repr=False)

    def walk(self, node: ast.AST) -> list[ast.AST]:
        """``list(ast.walk(node))`` for a node of :attr:`module`, worked out once."""
        nodes = self.walks.get(id(node))
        if nodes is None:
            nodes = self.walks[id(node)] = walk_nodes(node)
        return nodes

    def function_text(self, node: ast.AST) -> FunctionText | None:
        """``(first line, text of its whole lines)`` of a top-level ``def`` of :attr:`module`
        (decorators included); None when the lines are not known."""
        if self.lines is None:
            return None
        text = self._texts.get(id(node))
        if text is None:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            text = (first, "\n".join(self.lines[first - 1 : node.end_lineno]))
            self._texts[id(node)] = text
        return text

    def definitions(self) -> dict[str, ast.AST]:
        """:func:`top_level_definitions` of :attr:`module`, worked out once."""
        if not self._definitions and self.module is not None:
            self._definitions.update(top_level_definitions(self.module))
        return self._definitions

    def functions(self) -> list[tuple[str, ast.AST]]:
        """``(name, node)`` of the module's top-level ``def`` statements, in source order."""
        if not self._functions and self.module is not None:
            self._functions.extend(
                (node.name, node)
                for node in self.module.body
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            )
        return self._functions


# A top-level function's first line (its first decorator's) and the text of its lines. The
# parser makes the same subtree (positions included) of the same text at the same line: a
# top-level statement starts a fresh logical line at column 0 and ends with its last line.
FunctionText = tuple[int, str]


def walk_nodes(node: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(node))``, same nodes in the same (breadth-first) order, without its
    three layers of generators (a batch walks every student's entries)."""
    nodes = [node]
    for current in nodes:  # the list grows while it is read: breadth-first, like ast.walk
        for name in current._fields:
            value = getattr(current, name, None)
            if isinstance(value, ast.AST):
                nodes.append(value)
            elif isinstance(value, list):
                nodes.extend(item for item in value if isinstance(item, ast.AST))
    return nodes


def parse_source(source: str) -> ParsedSource:
    """Parse ``source`` for :func:`check_static` (a syntax error gives an empty parse)."""
    try:
        module = parse_module(source)
    except SyntaxError:
        return ParsedSource(None, {})
    # The parser also ends lines at "\r": such a source is checked without the memo.
    lines = None if "\r" in source else source.split("\n")
    return ParsedSource(module, _import_aliases(statement_nodes(module)), lines=lines)


# The statements each piece of a module parsed to (None: it does not parse on its own), by
# its first line's number and its text (see parse_module): in a batch most students' functions
# are character for character the same, and parsing the whole file was the largest part of
# grading a submission (about 0.3 ms for 1.3 KB). Keys are whole texts; cleared when full.
# Only short pieces are kept, at most 64 KiB of text in all: a batch worker grades untrusted
# files for hours. Their trees take about 62 bytes per character of a usual function, 221 of
# the densest text (`x = a[0]+a[1]+...`): about 4 MiB, at worst 14 MiB.
_PIECES: dict[tuple[int, str], list[ast.stmt] | None | object] = {}
# What _PIECES holds for a piece whose parse warns (an invalid escape sequence, ``1if``): the
# whole file is then parsed as one, so that its warnings are ast.parse's, once each, and
# follow the caller's warning filters (an "error" filter makes them a SyntaxError).
_WARNS = object()
_PIECE_CHARS_KEPT = 4 * 1024
_PIECES_CHARS_KEPT = 64 * 1024
_pieces_chars = 0
# Pieces that did not parse alone, joined to the next, before the whole file is parsed as one
# (a module docstring's lines are cut apart; a file could have thousands of such lines).
_JOINS_TRIED = 24
# Longer files are parsed as one (a student's file is a few hundred lines), as is a file with
# more pieces not seen before than this (see parse_module).
_LINES_IN_PIECES = 4096
_PIECES_PARSED = 16
# Lines no top-level statement starts with: never cut before them (a cut there would only
# leave a piece that cannot parse alone).
_NO_STATEMENT_STARTS = (")", "]", "}", "else:", "elif ", "except", "finally:")


def parse_module(source: str) -> ast.Module:
    """``ast.parse(source)``: the same tree, positions included (and the same exception),
    with the statements of pieces of text seen before at the same line reused.

    The source is cut before lines that start with anything but a space, a tab, a form feed,
    ``#``, a closing bracket or a clause of a compound statement (``else:``...), not right
    after a decorator, nor inside what looks like a triple-quoted string (a module
    docstring): where a top-level statement may start. Each piece is parsed alone, after as
    many empty lines as precede it (so its line numbers are the file's), and the module is
    the pieces' statements in order. A cut that is no statement boundary (inside a string or
    brackets, after a backslash continuation, between a decorator and its ``def``, before an
    ``else:``) leaves a piece that does not parse on its own (an unclosed string or bracket,
    an unexpected end of file, a statement that cannot start there): it is joined to the next
    piece and tried again. After a few such joins, at the end of the file, when more than 16
    pieces, too many empty lines or more text than the file's were parsed, or when a piece's
    parse warns (so that the warnings are ast.parse's), the whole source is parsed as one, as
    is a file of more than 4096 lines, one with ``\r`` line ends or one naming ``__future__`` (a
    future import may change how a parser reads the statements after it: not 3.11's for
    ``ast.parse``, but nothing depends on that). A piece that parses alone, starting where a
    statement starts, is a run of whole statements, which the parser reads the same wherever
    they are. Shared subtrees are never changed: the static checks only read them."""
    global _pieces_chars
    if "\r" in source or "__future__" in source:
        return ast.parse(source)
    lines = source.split("\n")
    if len(lines) > _LINES_IN_PIECES:
        return ast.parse(source)
    # Each piece parsed costs about 20 us more than its text in one parse, and its start's
    # empty lines (16 ns each): after 16 pieces not seen before, or past a budget of empty
    # lines, the file is parsed as one (a file of a hundred one-line statements never seen
    # cost 2 ms in pieces, 0.27 ms as one).
    pieces_left, empty_lines_left = _PIECES_PARSED, 8 * len(lines) + 4096
    # And the text of pieces not seen before is at most the file's length: a big first piece
    # that does not parse alone (a long list whose later lines start at column 0) would
    # otherwise be parsed again with each line joined to it, up to 16 times its cost.
    chars_left = len(source)
    cuts = []
    quote = None  # the triple quote a line starts inside of, as far as a glance tells
    for number, line in enumerate(lines):
        if (
            quote is None
            and number
            and line
            and line[0] not in " \t\f#"
            and not line.startswith(_NO_STATEMENT_STARTS)
            and not lines[number - 1].startswith("@")
        ):
            cuts.append(number)
        if '"""' in line or "'''" in line:
            quote = _quote_after(line, quote)
    cuts.append(len(lines))
    body: list[ast.stmt] = []
    start, joins = 0, 0
    for end in cuts:
        text = "\n".join(lines[start:end])
        key = (start, text)
        if key in _PIECES:
            statements = _PIECES[key]
        else:
            pieces_left, empty_lines_left = pieces_left - 1, empty_lines_left - start
            chars_left -= len(text)
            if pieces_left < 0 or empty_lines_left < 0 or chars_left < 0:
                return ast.parse(source)
            statements = _parse_piece("\n" * start + text)
            if len(text) <= _PIECE_CHARS_KEPT:
                if _pieces_chars + len(text) > _PIECES_CHARS_KEPT:
                    _PIECES.clear()
                    _pieces_chars = 0
                _PIECES[key] = statements
                _pieces_chars += len(text)
        if statements is _WARNS:
            return ast.parse(source)
        if statements is None:
            joins += 1
            if joins > _JOINS_TRIED or end == len(lines):
                return ast.parse(source)  # the parser says what is wrong, if anything
            continue  # join this piece to the next
        body += statements  # type: ignore[arg-type]
        start = end
    return ast.Module(body=body, type_ignores=[])


def _parse_piece(text: str) -> list[ast.stmt] | None | object:
    """The statements ``text`` parses to; None if it does not parse; :data:`_WARNS` if
    parsing it warns (its warnings are recorded here, not shown: the caller parses the whole
    file instead). ``catch_warnings`` swaps the process's filters for the parse: a warning
    another thread raised at that instant would be recorded here too (batch workers parse
    one submission at a time, and their other threads only supervise sandbox runs)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            statements: list[ast.stmt] | None = ast.parse(text).body
        except Exception:  # no piece of whole statements (or the file has an error)
            statements = None
    return _WARNS if caught else statements


_TRIPLE_QUOTES = ('"""', "'''")


def _quote_after(line: str, quote: str | None) -> str | None:
    """The triple quote still open at the end of ``line`` if ``quote`` was open at its start,
    counting triple quotes only (not comments, escapes or other strings): a guess that keeps
    :func:`parse_module` from cutting a module docstring's lines apart. A wrong guess only
    costs a cut more or less, never a different tree."""
    position = 0
    while True:
        if quote is None:
            found = [at for at in (line.find(q, position) for q in _TRIPLE_QUOTES) if at >= 0]
            if not found:
                return None
            position = min(found)
            quote = line[position : position + 3]
        else:
            position = line.find(quote, position)
            if position < 0:
                return quote
            quote = None
        position += 3


def check_static(source: str | ParsedSource, entry: str, rules: StaticRules) -> list[Violation]:
    """Check ``rules`` against the definition of ``entry`` in ``source``.

    ``source`` is the text, or its :func:`parse_source` when several exercises check the same
    file. ``forbid`` / ``require`` items are syntax kinds from :data:`SYNTAX_KINDS` or dotted
    call names (``torch.broadcast_shapes``, ``backward`` for any ``.backward()`` method call). A
    source that does not parse yields no violations: the load error is reported elsewhere.
    """
    if not (rules.max_statements or rules.forbid or rules.require):
        return []
    parsed = parse_source(source) if isinstance(source, str) else source
    module = parsed.module
    if module is None:
        return []
    target = parsed.definitions().get(entry)
    if target is None:
        return []  # a missing entry is reported by the run itself
    if not isinstance(target, ast.FunctionDef | ast.AsyncFunctionDef):
        return _violations(parsed, target, entry, rules, _helpers_used(parsed, target))
    return _remembered_violations(parsed, target, entry, rules)


# Violations by everything they are worked out from (see _remembered_violations), and the
# names each top-level function's text uses: in a batch most students' functions are
# character for character the same. Keys are whole texts, compared for equality; both are
# cleared when full. Only short texts are kept (a usual exercise function is a few hundred
# characters): a batch worker grades untrusted files for hours, and each could bring distinct
# huge functions. At most about 2048 * 8 KiB of texts in each, with their names.
_VIOLATIONS: dict[tuple[Any, ...], list[Violation]] = {}
_NAMES_USED: dict[FunctionText, set[str]] = {}
_KEPT = 2048
_TEXT_CHARS_KEPT = 8 * 1024


def _remembered_violations(
    parsed: ParsedSource,
    target: ast.FunctionDef | ast.AsyncFunctionDef,
    entry: str,
    rules: StaticRules,
) -> list[Violation]:
    """The violations of a ``def`` entry, remembered by the texts and first lines of the
    entry and of the helpers it uses (which fix their subtrees, line numbers included), the
    import aliases, the entry's name and the rules: all that :func:`_violations` reads."""
    target_text = parsed.function_text(target)
    if target_text is None:
        return _violations(parsed, target, entry, rules, _helpers_used(parsed, target))

    def names_in(node: ast.AST) -> set[str]:
        text = parsed.function_text(node)
        names = _NAMES_USED.get(text)
        if names is None:
            names = _names_in(parsed.walk(node))
            if len(text[1]) <= _TEXT_CHARS_KEPT:
                if len(_NAMES_USED) >= _KEPT:
                    _NAMES_USED.clear()
                _NAMES_USED[text] = names
        return names

    helpers = _helpers_used(parsed, target, names_in)
    texts = (target_text, *(parsed.function_text(helper) for helper in helpers))
    if sum(len(text) for _, text in texts) > _TEXT_CHARS_KEPT:
        return _violations(parsed, target, entry, rules, helpers)
    key = (entry, rules, texts, tuple(parsed.aliases.items()))
    violations = _VIOLATIONS.get(key)
    if violations is None:
        violations = _violations(parsed, target, entry, rules, helpers)
        if len(_VIOLATIONS) >= _KEPT:
            _VIOLATIONS.clear()
        _VIOLATIONS[key] = violations
    return list(violations)


def _violations(
    parsed: ParsedSource, target: ast.AST, entry: str, rules: StaticRules, helpers: list[ast.AST]
) -> list[Violation]:
    """The rules' violations by ``target``, the definition of ``entry``, with the module-level
    functions it uses (``helpers``)."""
    aliases = parsed.aliases
    violations: list[Violation] = []

    if rules.max_statements is not None and isinstance(
        target, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        count = count_statements(target, parsed.walk)
        if count > rules.max_statements:
            violations.append(
                Violation(
                    "max_statements",
                    target.lineno,
                    f"{entry} has {count} statements; at most {rules.max_statements} allowed "
                    f"(the docstring does not count)",
                )
            )

    # Helpers the entry uses count as part of it, so moving a loop into a helper does not dodge
    # a rule.
    scope = [target, *helpers]
    references = [ref for node in scope for ref in _references_in(parsed.walk(node), aliases)]
    for rule in rules.forbid:
        violations += _forbidden_uses(rule, scope, target, entry, references, parsed.walk)
    for rule in rules.require:
        if not _uses(rule, scope, target, entry, references, parsed.walk):
            violations.append(
                Violation("require", getattr(target, "lineno", None), f"{entry} must use {rule}")
            )
    return violations


def count_statements(
    function: ast.FunctionDef | ast.AsyncFunctionDef, walk: Walk = walk_nodes
) -> int:
    """Statements in a function body, nested ones included; the docstring and ``pass`` (which
    also stands in for stripped notebook magics) do not count."""
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        if isinstance(body[0].value.value, str):
            body = body[1:]
    # Every statement of the body is in the function's walk; the docstring and the function
    # itself are the only ones to leave out.
    skipped = len(function.body) - len(body)
    counted = sum(
        1
        for node in walk(function)
        if isinstance(node, ast.stmt) and not isinstance(node, ast.Pass)
    )
    return counted - 1 - skipped


def top_level_definitions(module: ast.Module) -> dict[str, ast.AST]:
    """Each name's last top-level ``def`` or assignment to it (later definitions win): every
    exercise's entry found in one pass over the module."""
    found: dict[str, ast.AST] = {}
    for node in module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node
    return found


def defined_names(parsed: ParsedSource) -> list[str]:
    """The names the module defines at top level (functions, classes, assigned variables), in
    source order: what a missing entry's did-you-mean is chosen from."""
    if parsed.module is None:
        return []
    names: list[str] = []
    for node in parsed.module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.extend(t.id for t in targets if isinstance(t, ast.Name))
    return list(dict.fromkeys(names))


def closest_name(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate most like ``name`` (a misspelling of it), None when none is close."""
    matches = difflib.get_close_matches(name, [c for c in candidates if c != name], n=1)
    return matches[0] if matches else None


# The fields through which statements contain statements (``handlers`` and ``cases`` hold
# ExceptHandler and match_case nodes, which hold statements). No expression contains one.
_STATEMENT_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def statement_nodes(module: ast.Module) -> list[ast.AST]:
    """The statements of ``module`` at any depth (with the except handlers and match cases
    between them), in :func:`ast.walk`'s relative order: a breadth-first walk that leaves out
    only subtrees without statements keeps the order of what it visits. The imports are
    statements, and the module's expressions are most of its nodes."""
    nodes: list[ast.AST] = [module]
    for current in nodes:
        for name in current._fields:  # in field order, as ast.walk (Try: body, handlers, …)
            if name in _STATEMENT_FIELDS:
                children = getattr(current, name, None)
                if type(children) is list:
                    nodes.extend(child for child in children if isinstance(child, ast.AST))
    return nodes


def _import_aliases(nodes: list[ast.AST]) -> dict[str, str]:
    """Local name -> full dotted name, for every import among ``nodes``."""
    aliases: dict[str, str] = {}
    for node in nodes:
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


def _names_in(nodes: list[ast.AST]) -> set[str]:
    """The identifiers of the ``Name`` nodes among ``nodes``."""
    return {n.id for n in nodes if isinstance(n, ast.Name)}


def _helpers_used(
    parsed: ParsedSource, target: ast.AST, names_in: Callable[[ast.AST], set[str]] | None = None
) -> list[ast.AST]:
    """Module-level functions that ``target`` references, directly or through other helpers;
    ``names_in(node)`` gives the names a node's subtree uses (by default, from its walk)."""
    if names_in is None:

        def names_in(node: ast.AST) -> set[str]:
            return _names_in(parsed.walk(node))

    functions = {name: node for name, node in parsed.functions() if node is not target}
    found: list[ast.AST] = []
    pending = [target]
    while pending:
        node = pending.pop()
        for name in names_in(node):
            helper = functions.pop(name, None)
            if helper is not None:
                found.append(helper)
                pending.append(helper)
    return found


def _references_in(nodes: list[ast.AST], aliases: dict[str, str]) -> Iterable[tuple[str, int]]:
    """Every dotted name used (called, read or imported) among ``nodes``, alias-resolved."""
    for child in nodes:
        if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
            for alias in child.names:
                yield f"{child.module}.{alias.name}", child.lineno
            continue
        if isinstance(child, ast.Import):
            for alias in child.names:
                yield alias.name, child.lineno
            continue
        if not isinstance(child, ast.Attribute | ast.Name):
            continue
        name = _dotted_name(child)
        if name is None:
            continue
        head, _, rest = name.partition(".")
        if head in aliases:
            name = aliases[head] + (f".{rest}" if rest else "")
        yield name, child.lineno


@functools.lru_cache(maxsize=4096)  # pure, and asked for every rule and every name used
def _matches_name(rule: str, used: str) -> bool:
    """``torch.broadcast_shapes`` matches that exact name (also via a submodule such as
    ``torch.functional``, and through :data:`SAME_OBJECT` spellings); a bare name such as
    ``backward`` matches any name ending in it."""
    rule = canonical_name(rule.lstrip("."))
    if "." not in rule:
        return used.rsplit(".", 1)[-1] == rule
    used = canonical_name(used)
    if used == rule:
        return True
    rule_module, _, rule_attr = rule.rpartition(".")
    used_module, _, used_attr = used.rpartition(".")
    return used_attr == rule_attr and used_module.startswith(rule_module + ".")


def _syntax_nodes(
    rule: str, scope: list[ast.AST], entry_node: ast.AST, walk: Walk
) -> list[ast.AST]:
    kinds = SYNTAX_KINDS[rule]
    return [
        node
        for root in scope
        for node in walk(root)
        if kinds and isinstance(node, kinds) and node is not entry_node and node not in scope
    ]


def _forbidden_uses(
    rule: str,
    scope: list[ast.AST],
    entry_node: ast.AST,
    entry: str,
    references: list[tuple[str, int]],
    walk: Walk,
) -> list[Violation]:
    if rule == "recursion":
        return [
            Violation("forbid", line, f"{entry} must not call itself (recursion is not allowed)")
            for name, line in references
            if name == entry
        ]
    if rule in SYNTAX_KINDS:
        return [
            Violation(
                "forbid",
                getattr(node, "lineno", None),
                f"'{rule}' is not allowed in {entry}: {_forbid_advice(rule)}",
            )
            for node in _syntax_nodes(rule, scope, entry_node, walk)
        ]
    seen_lines: set[int] = set()
    violations = []
    for name, line in references:
        if _matches_name(rule, name) and line not in seen_lines:
            seen_lines.add(line)
            violations.append(
                Violation("forbid", line, f"{entry} must not use {rule} (found {name})")
            )
    return violations


def _uses(
    rule: str,
    scope: list[ast.AST],
    entry_node: ast.AST,
    entry: str,
    references: list[tuple[str, int]],
    walk: Walk,
) -> bool:
    if rule == "recursion":
        return any(name == entry for name, _ in references)
    if rule in SYNTAX_KINDS:
        return bool(_syntax_nodes(rule, scope, entry_node, walk))
    return any(_matches_name(rule, name) for name, _ in references)


def _forbid_advice(rule: str) -> str:
    if rule in ("for", "while", "loop", "comprehension"):
        return "use tensor operations (indexing, broadcasting) instead of Python loops"
    return "solve it without this construct"
