"""AST constraints on the student's entry point."""

from __future__ import annotations

import textwrap

import pytest

from gradekit.grading.static import StaticRules, check_static, count_statements


def violations(source: str, entry: str = "f", **rules):
    return check_static(textwrap.dedent(source), entry, StaticRules(**rules))


def test_max_statements_ignores_docstring_and_counts_nested():
    source = '''
    def f(t):
        """Docstring."""
        return t[::2]
    '''
    assert violations(source, max_statements=1) == []
    source = """
    def f(t):
        out = []
        for row in t:
            out.append(row)
        return out
    """
    [violation] = violations(source, max_statements=1)
    assert violation.rule == "max_statements"
    assert violation.line == 2
    assert "4 statements" in violation.message


@pytest.mark.parametrize(
    ("kind", "snippet"),
    [
        ("for", "for i in range(3):\n        pass"),
        ("while", "while False:\n        pass"),
        ("comprehension", "x = [i for i in range(3)]"),
        ("loop", "x = {i for i in range(3)}"),
        ("lambda", "g = lambda: 1"),
    ],
)
def test_forbidden_syntax_kinds_report_the_line(kind, snippet):
    source = f"def f(t):\n    y = 1\n    {snippet}\n    return t\n"
    [violation] = violations(source, forbid=(kind,))
    assert violation.line == 3
    assert f"'{kind}' is not allowed in f" in violation.message


def test_forbidden_call_is_found_through_aliases():
    direct = "import torch\ndef f(a, b):\n    return torch.broadcast_shapes(a, b)\n"
    renamed = "import torch as T\ndef f(a, b):\n    return T.broadcast_shapes(a, b)\n"
    from_import = "from torch import broadcast_shapes as bs\ndef f(a, b):\n    return bs(a, b)\n"
    for source in (direct, renamed, from_import):
        [violation] = violations(source, forbid=("torch.broadcast_shapes",))
        assert violation.line == 3
        assert "must not use torch.broadcast_shapes" in violation.message
    unrelated = (
        "import numpy as torch_like\ndef f(a, b):\n    return torch_like.broadcast_shapes(a, b)\n"
    )
    assert violations(unrelated, forbid=("torch.broadcast_shapes",)) == []


def test_only_the_entry_is_checked():
    source = "def helper():\n    for i in range(3):\n        pass\ndef f():\n    return 1\n"
    assert violations(source, forbid=("for",)) == []


def test_require_method_call():
    source = "def f(x):\n    y = (x * 2).sum()\n    y.backward()\n    return x.grad\n"
    assert violations(source, require=("backward",)) == []
    [violation] = violations("def f(x):\n    return x\n", require=("backward",))
    assert violation.rule == "require"
    assert "must use backward" in violation.message


def test_variable_entry_and_unparsable_source():
    source = "import torch\nanswer = torch.broadcast_shapes((2, 1), (1, 3))\n"
    assert violations(source, "answer", forbid=("torch.broadcast_shapes",))[0].line == 2
    assert violations("def f(:\n", forbid=("for",)) == []
    assert violations("x = 1\n", forbid=("for",)) == []


def test_count_statements_direct():
    import ast

    function = ast.parse("def f():\n    a = 1\n    if a:\n        b = 2\n    return a\n").body[0]
    assert count_statements(function) == 4


def test_loop_moved_into_a_helper_is_still_found():
    source = (
        "def helper(t):\n    for row in t:\n        pass\n    return t\n"
        "def f(t):\n    return helper(t)\n"
    )
    [violation] = violations(source, forbid=("for",))
    assert violation.line == 2


def test_reading_a_forbidden_name_without_calling_it_counts():
    source = "import torch\ndef f(a, b):\n    g = torch.broadcast_shapes\n    return g(a, b)\n"
    [violation] = violations(source, forbid=("torch.broadcast_shapes",))
    assert violation.line == 3


def test_nested_def_is_a_syntax_kind_but_the_entry_itself_is_not():
    assert violations("def f(t):\n    return t\n", forbid=("def",)) == []
    nested = "def f(t):\n    def g():\n        return t\n    return g()\n"
    assert violations(nested, forbid=("def",))[0].line == 2


# --- one torch object, several spellings -------------------------------------------------------

GRAD_MODE_SPELLINGS = {
    name: [f"torch.{name}", f"torch.autograd.{name}", f"torch.autograd.grad_mode.{name}"]
    for name in ("no_grad", "enable_grad", "set_grad_enabled", "inference_mode")
}
SPELLING_CASES = [
    (rule, used)
    for spellings in GRAD_MODE_SPELLINGS.values()
    for rule in spellings
    for used in spellings
]


def _with_block(used: str) -> str:
    module, _, name = used.rpartition(".")
    argument = "False" if name == "set_grad_enabled" else ""
    return f"import {module}\ndef f(x):\n    with {used}({argument}):\n        return x * 2\n"


@pytest.mark.parametrize(("rule", "used"), SPELLING_CASES)
def test_grad_mode_spellings_are_one_name_for_forbid(rule, used):
    [violation] = violations(_with_block(used), forbid=(rule,))
    assert violation.line == 3
    assert f"must not use {rule}" in violation.message


@pytest.mark.parametrize(("rule", "used"), SPELLING_CASES)
def test_grad_mode_spellings_are_one_name_for_require(rule, used):
    assert violations(_with_block(used), require=(rule,)) == []


def test_grad_mode_spellings_through_from_imports():
    source = (
        "from torch.autograd import no_grad as ng\ndef f(x):\n    with ng():\n        return x\n"
    )
    [violation] = violations(source, forbid=("torch.no_grad",))
    assert violation.line == 3
    assert violations(source, require=("torch.autograd.grad_mode.no_grad",)) == []


def test_different_grad_modes_stay_different():
    source = _with_block("torch.autograd.enable_grad")
    assert violations(source, forbid=("torch.no_grad",)) == []
    [violation] = violations(source, require=("torch.no_grad",))
    assert violation.rule == "require"


def test_autograd_grad_is_found_however_it_is_imported():
    direct = "import torch\ndef f(y, x):\n    return torch.autograd.grad(y, x)\n"
    imported = "from torch.autograd import grad\ndef f(y, x):\n    return grad(y, x)\n"
    renamed = "import torch.autograd as ag\ndef f(y, x):\n    return ag.grad(y, x)\n"
    for source in (direct, imported, renamed):
        [violation] = violations(source, forbid=("torch.autograd.grad",))
        assert violation.line == 3
        assert violations(source, require=("torch.autograd.grad",)) == []
