"""Captured output: what the gradebook says was not stored counts everything the student
printed beyond what is shown, including what the sandbox's own output limit discarded."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gradekit.gradebook.records import cap_run_output, cap_text


def _sandbox_stdout(printed: str, limit: int) -> str:
    """What the sandbox hands over when a run printed ``printed`` under an output limit of
    ``limit`` characters (ASCII): the kept part and its note (sandbox/runner.py)."""
    kept, dropped = printed[:limit], max(len(printed) - limit, 0)
    return kept + (f"\n[{dropped} more bytes of output were discarded]" if dropped else "")


def test_the_count_includes_what_the_sandbox_discarded() -> None:
    printed = "x" * 10_000_000
    stored = cap_run_output(_sandbox_stdout(printed, 1_048_576), 64_000)
    assert stored == "x" * 64_000 + f"\n[{10_000_000 - 64_000} more characters not stored]"


def test_output_under_every_limit_is_kept_as_is() -> None:
    assert cap_run_output("hello\n", 64_000) == "hello\n"
    assert cap_text("hello", 10) == "hello"


def test_the_sandbox_note_alone_becomes_the_gradebook_note() -> None:
    # The sandbox limit below the gradebook's: everything kept is shown, the rest counted.
    stored = cap_run_output(_sandbox_stdout("y" * 500, 100), 64_000)
    assert stored == "y" * 100 + "\n[400 more characters not stored]"


def test_a_full_call_capture_is_at_least() -> None:
    assert (
        cap_text("z" * 50, 10, at_least=True)
        == "z" * 10 + "\n[at least 40 more characters not stored]"
    )


@given(
    printed=st.integers(0, 5_000), sandbox=st.integers(1, 3_000), gradebook=st.integers(1, 3_000)
)
def test_shown_plus_not_stored_is_what_was_printed(
    printed: int, sandbox: int, gradebook: int
) -> None:
    stored = cap_run_output(_sandbox_stdout("a" * printed, sandbox), gradebook)
    shown = len(stored) - len(stored.lstrip("a")) if stored else 0
    if "\n[" in stored:
        missing = int(stored.rsplit("[", 1)[1].split()[0])
        assert shown + missing == printed
        assert shown == min(printed, sandbox, gradebook)
    else:
        assert stored == "a" * printed
