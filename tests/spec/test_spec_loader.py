"""Loading spec files: the real assignments load, and every kind of mistake in a spec file is
reported as `file:line: path: message`."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradekit.spec import SpecError, load_assignment

REPO = Path(__file__).resolve().parents[2]

SOLUTION = """\
import torch


def even_rows(t):
    return t[::2]


def even_rows_odd(t):
    return t[1::2]


def pair(a, b):
    return a + b


ANSWER = 42
"""

# A valid spec; each test below breaks one thing in it. Line numbers matter: keep the layout.
VALID = """\
assignment:
  id: demo
  title: Demo
  solution: solution.py
exercises:
  - id: even_rows
    title: Even rows
    prompt: Return the even rows.
    checks: [value, shape, {unchanged: [t]}]
    cases:
      - id: seed
        args:
          t: {tensor: [[1, 2], [3, 4], [5, 6]], dtype: float32}
      - id: random
        repeat: 2
        hidden: true
        args:
          t: {random: normal, shape: [8, 3], seed: 7}
    mistakes:
      - function: even_rows_odd
        message: Odd rows.
"""


def write_spec(tmp_path: Path, text: str, solution: str = SOLUTION) -> Path:
    (tmp_path / "solution.py").write_text(solution)
    spec = tmp_path / "demo.yaml"
    spec.write_text(textwrap.dedent(text))
    return spec


def problems_of(spec: Path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_assignment(spec)
    problems = caught.value.problems
    assert str(caught.value) == "\n".join(str(problem) for problem in problems)
    return [f"{problem.line}: {problem.path}: {problem.message}" for problem in problems]


def test_valid_spec_loads(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID)
    assignment = load_assignment(spec)
    assert assignment.id == "demo"
    assert assignment.spec_path == spec.resolve()
    assert assignment.solution_path == (tmp_path / "solution.py").resolve()
    assert [case.id for case in assignment.exercises[0].expanded_cases()] == [
        "seed",
        "random#1",
        "random#2",
    ]


@pytest.mark.parametrize("name", ["tensor-indexing.yaml", "autograd.yaml"])
def test_repository_assignments_load(name: str) -> None:
    path = REPO / "exercises" / name
    if not path.exists():
        pytest.skip(f"{name} is not written yet")
    assignment = load_assignment(path)
    assert assignment.exercises
    assert assignment.solution_path.is_file()


def test_message_format_names_file_line_and_path(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID.replace("dtype: float32}", "dtype: float}"))
    with pytest.raises(SpecError) as caught:
        load_assignment(spec)
    assert str(caught.value) == (
        f"{spec}:13: exercises[0].cases[0].args.t.dtype: expected one of float16, float32, "
        "float64, int32, int64, bool (got 'float')"
    )


def replace_line(number: int, new: str) -> str:
    lines = VALID.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


# (description, broken spec text, expected "line: path: message" problems)
BROKEN = [
    (
        "unknown field with suggestion",
        VALID.replace("    prompt:", "    promt:"),
        [
            "6: exercises[0].prompt: required field is missing",
            "8: exercises[0].promt: unknown field 'promt' (did you mean 'prompt'?)",
        ],
    ),
    (
        "requires_grad on an integer tensor",
        VALID.replace("dtype: float32}", "dtype: int64, requires_grad: true}"),
        [
            "13: exercises[0].cases[0].args.t.requires_grad: requires_grad: true needs a floating "
            "dtype (float16, float32, float64), this tensor is int64"
        ],
    ),
    (
        "ragged tensor literal",
        VALID.replace("[[1, 2], [3, 4], [5, 6]]", "[[1, 2], [3], [5, 6]]"),
        [
            "13: exercises[0].cases[0].args.t.tensor[1]: ragged tensor literal: this item has "
            "shape [1], the first item has shape [2]"
        ],
    ),
    (
        "fraction in an integer literal",
        VALID.replace("[[1, 2], [3, 4], [5, 6]], dtype: float32", "[[1, 2.5]], dtype: int32"),
        [
            "13: exercises[0].cases[0].args.t.tensor: int32 tensor literal holds the fraction 2.5; "
            "write a floating dtype or integer values"
        ],
    ),
    (
        "unknown random distribution",
        VALID.replace("random: normal", "random: gauss"),
        [
            "18: exercises[0].cases[1].args.t: `random` must be one of normal, uniform, randint "
            "(got 'gauss')"
        ],
    ),
    (
        "std on a uniform tensor",
        VALID.replace("random: normal, shape", "random: uniform, std: 2, shape"),
        ["18: exercises[0].cases[1].args.t.std: field 'std' does not belong here"],
    ),
    (
        "randint bounds",
        VALID.replace(
            "random: normal, shape: [8, 3]", "random: randint, low: 5, high: 5, shape: [2]"
        ),
        ["18: exercises[0].cases[1].args.t.high: high (5) must be > low (5)"],
    ),
    (
        "argument mapping without a tag",
        VALID.replace("{random: normal, shape: [8, 3], seed: 7}", "{shape: [8, 3]}"),
        [
            "18: exercises[0].cases[1].args.t: an argument mapping needs exactly one of the keys "
            "tensor, random, random_shapes, other_shape_of, tuple, python (plain values need no "
            "key) (got {'shape': [8, 3]})"
        ],
    ),
    (
        "repeat below 1",
        VALID.replace("repeat: 2", "repeat: 0"),
        ["15: exercises[0].cases[1].repeat: input should be greater than or equal to 1 (got 0)"],
    ),
    (
        "duplicate case id",
        VALID.replace("id: random", "id: seed"),
        ["14: exercises[0].cases[1].id: duplicate case id 'seed' (also cases[0])"],
    ),
    (
        "unknown check word",
        VALID.replace("[value, shape,", "[vaule, shape,"),
        [
            "9: exercises[0].checks[0]: a check is one of the words value, type, shape, dtype, "
            "requires_grad, is_leaf, grad_fn, or a one-key mapping {value: {reshape_ok: true}}, "
            "{grad_fn: Name}, {grad: [args]}, {unchanged: [args]}, {mutated: [args]}, "
            "{raises: {type: Name, match: regex}} (got 'vaule')"
        ],
    ),
    (
        "check listed twice",
        VALID.replace("[value, shape,", "[value, value,"),
        ["9: exercises[0].checks[1]: check 'value' is listed twice"],
    ),
    (
        "unchanged names an undeclared argument",
        VALID.replace("{unchanged: [t]}", "{unchanged: [x]}"),
        [
            "9: exercises[0].checks[2]: unchanged names 'x', which is not an argument of case "
            "'seed' (arguments: t)"
        ],
    ),
    (
        "grad of a tensor without requires_grad",
        VALID.replace("{unchanged: [t]}", "{grad: [t]}"),
        [
            "9: exercises[0].checks[2]: grad of 't' is checked, but in case 'seed' it is not a "
            "tensor with requires_grad: true, so it never gets a .grad"
        ],
    ),
    (
        "raises with an invalid regex",
        replace_line(9, "    checks: [{raises: {type: ValueError, match: '(unclosed'}}]"),
        [
            "9: exercises[0].checks[0].raises.match: `match` is not a valid regular expression: "
            "missing ), unterminated subpattern at position 0"
        ],
    ),
    (
        "raises together with value",
        replace_line(9, "    checks: [value, {raises: ValueError}]"),
        [
            "9: exercises[0].checks[0]: a call that must raise returns nothing, so 'value' cannot "
            "be checked alongside raises (unchanged/mutated can)"
        ],
    ),
    (
        "a check word given options",
        replace_line(9, "    checks: [{shape: true}]"),
        ["9: exercises[0].checks[0]: `shape` takes no options; write it as a bare word"],
    ),
    (
        "cases with different arguments",
        VALID.replace("          t: {random: normal", "          u: {random: normal"),
        [
            "17: exercises[0].cases[1].args: every case must pass the same arguments in the same "
            "order as cases[0] (t); this one passes (u)"
        ],
    ),
    (
        "tolerance with rtol only",
        replace_line(9, "    tolerance: {rtol: 0.1}"),
        [
            "9: exercises[0].tolerance.atol: give rtol and atol together (or neither), "
            "as assert_close requires"
        ],
    ),
    (
        "constraint item that is neither kind nor name",
        replace_line(9, "    constraints: {forbid: ['for', 'not a name']}"),
        [
            "9: exercises[0].constraints.forbid[1]: 'not a name' is neither a syntax kind (for, "
            "while, loop, if, comprehension, lambda, import, try, with, def, class, global, "
            "nonlocal, del, yield, assert, recursion) nor a dotted name like torch.broadcast_shapes"
        ],
    ),
    (
        "id that is not a Python name and no entry",
        VALID.replace("id: even_rows", "id: even-rows"),
        [
            "6: exercises[0].id: the id 'even-rows' is not a Python name, so it cannot be the "
            "entry; add `entry:` with the function or variable name"
        ],
    ),
    (
        "bad dtype, wrong weight and bad backend at once",
        VALID.replace("id: demo", "id: demo\n  backend: cuda")
        .replace("dtype: float32}", "dtype: float}")
        .replace("hidden: true", "hidden: true\n        weight: 0"),
        [
            "3: assignment.backend: expected one of auto, engine, torch (got 'cuda')",
            "14: exercises[0].cases[0].args.t.dtype: expected one of float16, float32, float64, "
            "int32, int64, bool (got 'float')",
            "18: exercises[0].cases[1].weight: input should be greater than 0 (got 0)",
        ],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [pytest.param(text, expected, id=name) for name, text, expected in BROKEN],
)
def test_validation_problems_are_located(tmp_path: Path, text: str, expected: list[str]) -> None:
    assert problems_of(write_spec(tmp_path, text)) == expected


def test_yaml_syntax_error_is_located(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID.replace("title: Even rows", "title: [Even rows"))
    (problem,) = problems_of(spec)
    assert problem.startswith("8: : invalid YAML") or problem.startswith("9: : invalid YAML")
    assert "flow sequence" in problem


def test_tab_indentation_is_a_located_yaml_error(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID.replace("    title: Even rows", "\ttitle: Even rows"))
    (problem,) = problems_of(spec)
    assert problem.startswith("7: : invalid YAML")


def test_duplicate_keys_are_reported(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID.replace("    title: Even rows", "    title: A\n    title: B"))
    assert problems_of(spec) == ["8: exercises[0].title: duplicate key 'title' (first on line 7)"]


def test_empty_file(tmp_path: Path) -> None:
    assert problems_of(write_spec(tmp_path, "# nothing here\n")) == [
        "1: : the file is empty; expected `assignment:` and `exercises:`"
    ]


def test_top_level_must_be_a_mapping(tmp_path: Path) -> None:
    assert problems_of(write_spec(tmp_path, "- a\n- b\n")) == [
        "1: : expected a mapping with the keys `assignment:` and `exercises:` (got list)"
    ]


def test_missing_top_level_keys(tmp_path: Path) -> None:
    assert problems_of(write_spec(tmp_path, "assignment: {id: x, title: X, solution: s.py}\n")) == [
        "1: exercises: required field is missing"
    ]


def test_duplicate_exercise_ids_and_entries(tmp_path: Path) -> None:
    twice = VALID + textwrap.indent(VALID.split("exercises:\n", 1)[1], "")
    assert problems_of(write_spec(tmp_path, twice)) == [
        "22: exercises[1].id: duplicate exercise id 'even_rows' (also exercises[0])"
    ]
    other_id = VALID + VALID.split("exercises:\n", 1)[1].replace(
        "id: even_rows", "id: again\n    entry: even_rows"
    )
    assert problems_of(write_spec(tmp_path, other_id)) == [
        "23: exercises[1].entry: entry 'even_rows' is already the entry of exercises[0]; "
        "each exercise needs its own"
    ]


def test_keyword_entry(tmp_path: Path) -> None:
    spec = write_spec(
        tmp_path, VALID.replace("    title: Even rows", "    entry: lambda\n    title: E")
    )
    assert problems_of(spec) == [
        "7: exercises[0].entry: 'lambda' is a Python keyword and cannot name a function or variable"
    ]


def test_variable_exercise_gets_a_default_case_and_takes_no_args(tmp_path: Path) -> None:
    variable = VALID + (
        "  - id: answer\n"
        "    entry: ANSWER\n"
        "    kind: variable\n"
        "    title: The answer\n"
        "    prompt: Set ANSWER.\n"
    )
    assignment = load_assignment(write_spec(tmp_path, variable))
    assert [case.id for case in assignment.exercise("answer").cases] == ["value"]

    with_args = variable + "    cases: [{id: c, args: {x: 1}}]\n"
    assert problems_of(write_spec(tmp_path, with_args)) == [
        "27: exercises[1].cases[0].args: a variable exercise's cases take no args"
    ]


def test_function_exercise_needs_cases(tmp_path: Path) -> None:
    lines = VALID.splitlines()
    without_cases = "\n".join(lines[:9]) + "\n"
    assert problems_of(write_spec(tmp_path, without_cases)) == [
        "6: exercises[0].cases: a function exercise needs at least one case"
    ]


def test_missing_solution_file(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID.replace("solution: solution.py", "solution: ../nope.py"))
    (problem,) = problems_of(spec)
    assert problem.startswith("4: assignment.solution: solution file ")
    assert problem.endswith("nope.py does not exist (the path is relative to the YAML file)")


def test_solution_path_is_relative_to_the_yaml_file(tmp_path: Path) -> None:
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "ref.py").write_text(SOLUTION)
    (tmp_path / "exercises").mkdir()
    spec = tmp_path / "exercises" / "demo.yaml"
    spec.write_text(VALID.replace("solution: solution.py", "solution: ../solutions/ref.py"))
    assert load_assignment(spec).solution_path == (tmp_path / "solutions" / "ref.py").resolve()


def test_solution_must_define_entries_and_mistakes(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID, solution="def unrelated():\n    pass\n")
    assert problems_of(spec) == [
        "6: exercises[0].id: the solution solution.py defines no function 'even_rows'",
        "20: exercises[0].mistakes[0].function: the solution solution.py defines no "
        "'even_rows_odd'",
    ]


def test_solution_with_a_syntax_error(tmp_path: Path) -> None:
    spec = write_spec(tmp_path, VALID, solution="def even_rows(t):\n    return t[::2\n")
    with pytest.raises(SpecError) as caught:
        load_assignment(spec)
    (problem,) = caught.value.problems
    assert problem.file == (tmp_path / "solution.py").resolve()
    assert problem.line == 2
    assert "not valid Python" in problem.message


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="cannot read the file"):
        load_assignment(tmp_path / "missing.yaml")


yaml_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 3),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(["value", "seed", "t", "float32", "normal", "1.5", "x y"]),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "title",
                    "prompt",
                    "cases",
                    "args",
                    "checks",
                    "tensor",
                    "random",
                    "shape",
                    "dtype",
                    "grad",
                    "raises",
                    "repeat",
                    "tuple",
                    "python",
                    "exercises",
                ]
            ),
            children,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(exercise=yaml_values)
def test_arbitrary_exercise_data_gives_located_problems(tmp_path: Path, exercise) -> None:
    """Whatever an exercise entry holds, loading ends in an Assignment or a SpecError whose
    problems all carry a line, never in another exception."""
    document = {
        "assignment": {"id": "demo", "title": "D", "solution": "solution.py"},
        "exercises": [exercise],
    }
    spec = write_spec(tmp_path, yaml.safe_dump(document))
    try:
        load_assignment(spec)
    except SpecError as error:
        assert error.problems
        assert all(problem.line is not None for problem in error.problems)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, len(VALID)), junk=st.text(max_size=4))
def test_corrupted_text_never_escapes_as_a_traceback(tmp_path: Path, cut: int, junk: str) -> None:
    spec = write_spec(tmp_path, VALID[:cut] + junk + VALID[cut:])
    try:
        load_assignment(spec)
    except SpecError as error:
        assert error.problems


def _outcome(spec: Path) -> list[str] | str:
    """What loading `spec` gives: its located problems, or the loaded assignment as YAML."""
    try:
        assignment = load_assignment(spec)
    except SpecError as error:
        return [str(problem) for problem in error.problems]
    assert assignment.solution_path == (spec.parent / "solution.py").resolve()
    assert assignment.spec_path == spec.resolve()
    return yaml.safe_dump(assignment.model_dump(mode="json"))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=40)
@given(cut=st.integers(0, len(VALID)), junk=st.text(max_size=4))
def test_a_cached_spec_loads_exactly_like_a_parsed_one(tmp_path: Path, cut: int, junk: str) -> None:
    """Twice with the cache (the second run reads it) and once without: the same assignment,
    or the same located problems."""
    spec = write_spec(tmp_path, VALID[:cut] + junk + VALID[cut:])
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRADEKIT_CACHE_DIR", str(tmp_path / "cache"))
        first, second = _outcome(spec), _outcome(spec)
        patch.setenv("GRADEKIT_CACHE_DIR", "off")
        uncached = _outcome(spec)
    assert first == second == uncached


@pytest.fixture
def spec_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GRADEKIT_CACHE_DIR", str(folder))
    return folder


def test_the_cache_is_json_and_skips_the_yaml_parse(
    tmp_path: Path, spec_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gradekit.spec import loader

    spec = write_spec(tmp_path, VALID)
    parsed = load_assignment(spec)
    (entry,) = (spec_cache / "spec").glob("*.json")
    assert json.loads(entry.read_text())["data"]["assignment"]["id"] == "demo"

    def no_parsing(*args: object) -> None:
        raise AssertionError("the YAML was parsed although the cache holds it")

    monkeypatch.setattr(loader, "_compose", no_parsing)
    assert load_assignment(spec) == parsed


def test_editing_the_spec_or_the_solution_invalidates_the_cache(
    tmp_path: Path, spec_cache: Path
) -> None:
    spec = write_spec(tmp_path, VALID)
    load_assignment(spec)
    spec.write_text(textwrap.dedent(VALID).replace("title: Demo", "title: Changed"))
    assert load_assignment(spec).title == "Changed"
    # The solution no longer defines the mistake function: the cached spec must not hide that.
    (tmp_path / "solution.py").write_text(SOLUTION.replace("even_rows_odd", "renamed"))
    (problem,) = problems_of(spec)
    assert "defines no 'even_rows_odd'" in problem


def test_a_damaged_cache_entry_is_ignored(tmp_path: Path, spec_cache: Path) -> None:
    spec = write_spec(tmp_path, VALID)
    load_assignment(spec)
    (entry,) = (spec_cache / "spec").glob("*.json")
    entry.write_text('{"format": 1, "data": ')
    assert load_assignment(spec).id == "demo"
    entry.write_text(json.dumps({"format": 1, "solution": "x", "solution_stamp": [], "data": 3}))
    assert load_assignment(spec).id == "demo"


def test_data_json_cannot_hold_is_not_cached(tmp_path: Path, spec_cache: Path) -> None:
    # A Python argument may be any YAML value, e.g. a mapping with integer keys; JSON would
    # turn them into strings, so such a spec is parsed from its YAML every time.
    text = VALID.replace(
        "t: {tensor: [[1, 2], [3, 4], [5, 6]], dtype: float32}", "t: {python: {1: 2}}"
    )
    spec = write_spec(tmp_path, text)
    assert load_assignment(spec).exercises[0].cases[0].args["t"].python == {1: 2}
    assert not list((spec_cache / "spec").glob("*.json"))
    assert load_assignment(spec).exercises[0].cases[0].args["t"].python == {1: 2}
