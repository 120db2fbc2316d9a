"""static.parse_module parses a file piece by piece, reusing pieces seen before at the same
line: it must give exactly ast.parse's tree (positions included) or raise what it raises, for
any file, however its pieces are cut (strings, brackets, continuations, decorators, clauses,
future imports, syntax errors), with the same warnings."""

from __future__ import annotations

import ast
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradekit.grading import static

FRAGMENTS = [
    "import torch",
    "x = 1",
    "def f(a):\n    return a[::2]",
    "def g(t):\n    '''doc\ndef h(): at column 0 inside a docstring\n'''\n    return t",
    "@decorator\ndef d():\n    pass",
    "@decorator(\n    1,\n)\ndef e():\n    pass",
    '"""\nModule docstring\nwith lines at column 0\n"""',
    "s = '''\ntext\ndef nope():\n'''",
    '# a comment with """ in it',
    't = \'"""\'',
    "u = '''one line'''",
    'w = """x\n\'\'\'\ny = 1\n"""',
    'z = "\\""""\nq = 1',
    "x = foo(\n    1,\n)",
    "y = [\nz,\n]",
    "v = 1 + \\\nw",
    "q = 'a\\\nb'",
    "if a:\n    pass\nelse:\n    pass",
    "if a:\n    pass\nelse :\n    pass",
    "if a:\n    pass\nelif b:\n    pass",
    "try:\n    import q\nexcept ImportError:\n    q = None\nfinally:\n    pass",
    "class C:\n    x = 1",
    "match t:\n    case 1:\n        pass",
    "# a comment",
    "",
    "  # an indented comment",
    "\f",
    "exception_count = 0",
    "else:\n    pass",
    "  x = 1",
    "def broken(:",
    "from __future__ import barry_as_FLUFL",
    "from __future__ import annotations",
    "1 != 2",
    "1 <> 2",
    "f'{x}'",
    "lambda: (\nyield_)",
    "é = 1",
    "\x00",
    ")",
    "@",
    'e = "\\d"',  # an invalid escape sequence: a DeprecationWarning
    'x = [\n"\\d",\n1,\n]',  # the same, in a piece that only parses joined
    "n = 1if 1 else 2",  # invalid decimal literal: a SyntaxWarning
]


def _outcome(parse, source: str, action: str = "always") -> object:
    """The tree (or exception) and the warnings of ``parse(source)`` under the warning filter
    ``action``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter(action)
        try:
            result: object = ast.dump(parse(source), include_attributes=True)
        except Exception as error:  # the same exception, with the same message
            result = (type(error).__name__, str(error))
    return result, [(w.category, str(w.message), w.lineno) for w in caught]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(FRAGMENTS), max_size=8),
    st.integers(0, 3),
    st.booleans(),
    st.booleans(),
)
def test_pieces_parse_to_the_whole_files_tree(
    fragments: list[str], shift: int, trailing_newline: bool, crlf: bool
) -> None:
    source = "\n" * shift + "\n".join(fragments) + ("\n" if trailing_newline else "")
    if crlf:
        source = source.replace("\n", "\r\n")
    for action in ("always", "error"):  # "error": a warning becomes a SyntaxError
        expected = _outcome(ast.parse, source, action)
        assert _outcome(static.parse_module, source, action) == expected
        # Now from the remembered pieces:
        assert _outcome(static.parse_module, source, action) == expected


REAL_PARSE = ast.parse


def _parsed_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts ``ast.parse`` is given from now on (until ``monkeypatch.undo()``)."""
    parsed: list[str] = []

    def counting_parse(text: str, *args: object, **kwargs: object) -> ast.Module:
        parsed.append(text)
        return REAL_PARSE(text, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", counting_parse)
    return parsed


def test_a_file_seen_in_pieces_before_is_parsed_from_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    static._PIECES.clear()
    first = "# student 1\nimport torch\n\ndef f(t):\n    return t[0]\n"
    static.parse_module(first)
    parsed = _parsed_texts(monkeypatch)
    module = static.parse_module(first.replace("student 1", "student 2"))
    monkeypatch.undo()
    assert parsed == ["# student 2"]  # only the comment is new
    assert ast.dump(module, include_attributes=True) == ast.dump(
        REAL_PARSE(first), include_attributes=True
    )


def test_long_pieces_are_not_remembered() -> None:
    static._PIECES.clear()
    body = "\n".join(f"    x{i} = {i}" for i in range(600))
    source = f"import torch\ndef f():\n{body}\n"
    assert ast.dump(static.parse_module(source)) == ast.dump(ast.parse(source))
    assert all(len(text) <= static._PIECE_CHARS_KEPT for _, text in static._PIECES)


@pytest.mark.parametrize("count", [600, 5000])
def test_long_files_and_files_of_many_statements_are_parsed_as_one(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of thousands of one-line statements would have each piece parsed after
    thousands of empty lines: past a budget (or 4096 lines) the file is parsed as one."""
    static._PIECES.clear()
    source = "".join(f"x{i} = {i}\n" for i in range(count))
    parsed = _parsed_texts(monkeypatch)
    module = static.parse_module(source)
    monkeypatch.undo()
    assert ast.dump(module, include_attributes=True) == ast.dump(
        ast.parse(source), include_attributes=True
    )
    # The empty lines in front of pieces stayed within the budget (8 per line of the file,
    # and 4096), and the whole file was parsed as one last.
    assert sum(map(len, parsed)) <= 8 * (count + 1) + 4096 + 2 * len(source)
    assert parsed[-1] == source


def test_a_file_of_many_pieces_never_seen_is_parsed_as_one_after_sixteen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    static._PIECES.clear()
    source = "".join(f"x{i} = {i}\n" for i in range(100))
    parsed = _parsed_texts(monkeypatch)
    module = static.parse_module(source)
    monkeypatch.undo()
    assert ast.dump(module, include_attributes=True) == ast.dump(
        ast.parse(source), include_attributes=True
    )
    assert len(parsed) == static._PIECES_PARSED + 1 and parsed[-1] == source


def test_a_big_piece_that_only_parses_joined_is_not_parsed_again_and_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long first piece that does not parse alone (a list whose later lines start at
    column 0) would be parsed again with each line joined to it: the text parsed in pieces
    stays within the file's length, then the file is parsed as one."""
    static._PIECES.clear()
    source = "x = [" + "1, " * 20000 + "\n" + "".join(f"{i},\n" for i in range(30)) + "]\n"
    parsed = _parsed_texts(monkeypatch)
    module = static.parse_module(source)
    monkeypatch.undo()
    assert ast.dump(module, include_attributes=True) == ast.dump(
        ast.parse(source), include_attributes=True
    )
    assert sum(map(len, parsed)) <= 2 * len(source) and parsed[-1] == source
