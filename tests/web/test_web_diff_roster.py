"""The answer diff shown on exercise and student pages, slugs, and roster files."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gradekit.report.web.data import RosterError, load_roster, slug
from gradekit.report.web.diff import answer_diff

EXPECTED = {
    "kind": "tensor",
    "type": "torch.Tensor",
    "dtype": "float32",
    "shape": [3],
    "first": [2.0, 4.0, 6.0],
    "requires_grad": True,
    "grad_fn": "MulBackward0",
}


def _rows(expected, got):
    return {row.field.split(" ")[0]: row for row in answer_diff(expected, got)}


def test_identical_answers_have_no_differences() -> None:
    assert not any(row.differs for row in answer_diff(EXPECTED, dict(EXPECTED)))


def test_values_within_float32_tolerance_are_not_marked() -> None:
    got = {**EXPECTED, "first": [2.0 + 1e-7, 4.0, 6.5]}
    elements = _rows(EXPECTED, got)["values"].got_elements
    assert [element.differs for element in elements] == [False, False, True]


def test_a_detached_answer_differs_in_grad_fields_only() -> None:
    got = {**EXPECTED, "requires_grad": False, "grad_fn": None}
    rows = _rows(EXPECTED, got)
    assert {name for name, row in rows.items() if row.differs} == {"requires_grad", "grad_fn"}


def test_an_exception_against_a_tensor() -> None:
    got = {"kind": "raised", "type": "IndexError", "message": "index 3 is out of bounds"}
    rows = _rows(EXPECTED, got)
    assert rows["kind"].differs and rows["exception"].got == "IndexError: index 3 is out of bounds"


def test_without_an_expected_answer_nothing_is_marked() -> None:
    rows = answer_diff(None, EXPECTED)
    assert rows and not any(row.differs for row in rows)
    assert all(row.expected in ("(unknown)", "") for row in rows)


def _grad(values: list[float]) -> dict:
    return {"kind": "tensor", "dtype": "float32", "shape": [len(values)], "first": values}


def test_gradients_of_inputs_are_compared_element_by_element() -> None:
    expected = {**EXPECTED, "grads": {"x": _grad([1.0, 1.0, 1.0]), "w": _grad([2.0, 2.0, 2.0])}}
    got = {**EXPECTED, "grads": {"x": _grad([1.0, 0.0, 1.0]), "w": _grad([2.0, 2.0, 2.0])}}
    rows = {row.field: row for row in answer_diff(expected, got)}
    x_values = next(row for field, row in rows.items() if field.startswith("x.grad values"))
    w_values = next(row for field, row in rows.items() if field.startswith("w.grad values"))
    assert x_values.differs and not w_values.differs
    assert [element.differs for element in x_values.got_elements] == [False, True, False]
    assert not rows["x.grad shape"].differs


def test_a_gradient_that_never_arrived_is_one_differing_row() -> None:
    expected = {**EXPECTED, "grads": {"x": _grad([1.0, 1.0, 1.0])}}
    got = {**EXPECTED, "grads": {"x": None}}
    rows = [row for row in answer_diff(expected, got) if row.field.startswith("x.grad")]
    assert len(rows) == 1 and rows[0].differs and rows[0].got.startswith("None")


@given(st.text(max_size=40))
def test_slugs_are_safe_and_distinct(identifier: str) -> None:
    name = slug(identifier)
    assert name and "/" not in name and not name.startswith(".")
    assert all(c.isascii() and (c.isalnum() or c in "_.-") for c in name)
    if identifier != name:
        assert slug(identifier + "x") != name


def test_plain_ids_keep_their_name() -> None:
    assert slug("alice_01") == "alice_01"
    assert slug("a b") != slug("a_b") == "a_b"


@given(st.text(max_size=300), st.text(max_size=300))
def test_slugs_of_two_ids_differ_also_on_a_case_insensitive_disk(first: str, second: str) -> None:
    if first != second:
        assert slug(first).lower() != slug(second).lower()
    assert len(slug(first)) <= 100


def test_slugs_that_would_collide_get_a_hash() -> None:
    assert slug("dave") == "dave" and slug("Dave").startswith("Dave-")
    assert slug("x" * 100) == "x" * 100 and len(slug("x" * 252)) == 69
    assert slug(slug("a b")) != slug("a b")  # an id shaped like another's slug


def test_roster_one_id_per_line(tmp_path: Path) -> None:
    roster = tmp_path / "roster.txt"
    roster.write_text("# class of 2026\nalice\n\nbob \nalice\n")
    assert load_roster(roster) == ["alice", "bob"]


def test_roster_csv_with_a_student_column(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name,student\nAlice A,alice\nBob B,bob\n")
    assert load_roster(roster) == ["alice", "bob"]


@pytest.mark.parametrize(
    "content",
    [
        "name;student;email\nA, Alice;alice;a@x\nB;bob;b@x\n",  # a spreadsheet's ";" CSV
        "name\tstudent\nAlice\talice\nBob\tbob\n",
        'name,student\n"A; B",alice\nB,bob\n',  # commas still come first
    ],
)
def test_roster_csv_separated_by_semicolons_or_tabs(tmp_path: Path, content: str) -> None:
    # Each was taken for a list of one id per line: every student "missing", and the header
    # and rows (`name;student;email`, `B;bob;b@x`) listed as students who never submitted.
    roster = tmp_path / "roster.csv"
    roster.write_text(content)
    assert load_roster(roster) == ["alice", "bob"]


def test_a_separated_roster_without_the_column_says_so(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name;email\nAlice;a@x\n")
    with pytest.raises(RosterError, match=r":1: a CSV roster needs a 'student' column"):
        load_roster(roster)


@pytest.mark.parametrize(
    ("content", "where"),
    [
        ("name,email\nAlice,a@x\n", ":1:"),
        ("student,email\nalice,a\n,b@x\n", ":3:"),
        # The file's own line numbers: comments and blank lines count.
        ("# CS101\n# exported 2026-12-01\n\nname,email\n", ":4:"),
        ("# CS101\n\nstudent,email\nalice,a@x\n\n# late\nbob,b@x\n,c@x\n", ":8:"),
        ('student,note\nalice,"two\nlines"\n,c@x\n', ":4:"),  # a cell over two lines
    ],
)
def test_roster_errors_name_the_line(tmp_path: Path, content: str, where: str) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(content)
    with pytest.raises(RosterError, match=where):
        load_roster(roster)


def test_unreadable_roster(tmp_path: Path) -> None:
    with pytest.raises(RosterError, match="cannot read"):
        load_roster(tmp_path / "missing.txt")
    binary = tmp_path / "roster.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RosterError, match="not UTF-8"):
        load_roster(binary)


def test_sequences_are_compared_item_by_item() -> None:
    scalar = {**EXPECTED, "shape": [], "first": [1.5]}
    expected = {"kind": "sequence", "type": "tuple", "length": 2, "items": [scalar, EXPECTED]}
    got = {**expected, "items": [scalar, {**EXPECTED, "first": [2.0, 4.0, 7.0]}]}
    rows = {row.field: row for row in answer_diff(expected, got)}
    assert not rows["[0] values (first 1)"].differs
    assert rows["[1] values (first 3)"].differs
    assert [e.differs for e in rows["[1] values (first 3)"].got_elements] == [False, False, True]
    shorter = {**got, "length": 1, "items": [scalar]}
    rows = {row.field: row for row in answer_diff(expected, shorter)}
    assert rows["length"].differs and rows["[1] shape"].differs and rows["[1] shape"].got == "—"
