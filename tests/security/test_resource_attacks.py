"""Hostile submissions that try to exhaust time, memory, processes, output or disk, or to fake
their way out. Each must fail only its own call, with a clear reason, and leave nothing behind.
"""

from __future__ import annotations

import os
import re

from security_harness import STRICT, assert_control_passed, weakened

from gradekit.sandbox.executor import CALL_OUTPUT_LIMIT


def test_infinite_loop_at_import_is_a_load_timeout(harness):
    outcome = harness.run("loop_at_import")
    assert outcome.load_error.type == "TimeoutError"
    assert "importing the submission did not finish" in outcome.load_error.message
    assert {c.status for c in outcome.calls.values()} == {"missing"}
    assert outcome.duration < 60


def test_infinite_loop_in_an_entry_times_out_that_call_only(harness):
    outcome = harness.run("loop_in_entry", timeout=1.0)
    attack = outcome.calls["attack"]
    assert attack.status == "timeout" and "did not finish within 1 s" in attack.exception.message
    assert_control_passed(outcome)


def test_ignoring_sigterm_sigxcpu_and_sigalrm_does_not_help(harness):
    outcome = harness.run("ignore_signals", timeout=1.0)
    assert outcome.calls["attack"].status == "timeout"
    assert_control_passed(outcome)


def test_sleeping_is_caught_by_the_wall_clock_deadline(harness):
    outcome = harness.run("sleep_forever", timeout=1.0)
    assert outcome.calls["attack"].status == "timeout"
    assert_control_passed(outcome)


def test_memory_bomb_hits_the_memory_limit(harness):
    outcome = harness.run("memory_bomb")
    attack = outcome.calls["attack"]
    assert attack.status == "raised" and attack.exception.type.endswith("MemoryError")
    assert_control_passed(outcome)


def test_memory_bomb_succeeds_without_rlimits(harness):
    """Proves the test above can fail: without rlimits the (untouched) 4 GiB are granted."""
    outcome = harness.run("memory_bomb", policy=weakened("rlimits"))
    assert outcome.calls["attack"].value.value == f"allocated {4 * 2**30} bytes"


def test_fork_bomb_is_bounded_in_time_and_fully_reaped(harness):
    outcome = harness.run("fork_bomb", timeout=2.0)
    assert outcome.calls["attack"].status == "timeout"
    assert_control_passed(outcome)
    assert harness.survivors() == []


def test_thread_bomb_does_not_outlive_the_run(harness):
    outcome = harness.run("thread_bomb")
    assert outcome.calls["attack"].value.value >= 50  # the threads really ran
    assert_control_passed(outcome)


def test_output_flood_is_capped_and_the_grader_keeps_going(harness):
    outcome = harness.run("output_flood", timeout=1.5)
    assert outcome.calls["attack"].status == "timeout"
    assert_control_passed(outcome)
    note = "\n[output truncated"
    assert len(outcome.stdout) <= STRICT.output_limit + 200
    assert len(outcome.stderr) <= STRICT.output_limit + 200
    assert "more bytes of output were discarded" in outcome.stdout or note in outcome.stdout
    assert len(outcome.calls["attack"].stdout) <= CALL_OUTPUT_LIMIT


def test_huge_file_hits_the_file_size_limit_and_scratch_is_removed(harness):
    outcome = harness.run("huge_file")
    attack = outcome.calls["attack"]
    assert attack.status == "raised" and attack.exception.type == "OSError"
    assert "File too large" in attack.exception.message
    assert_control_passed(outcome)


def test_huge_file_is_written_without_rlimits_then_removed_with_the_scratch(harness):
    outcome = harness.run("huge_file", policy=weakened("rlimits"))
    message = outcome.calls["attack"].value.value
    wrote = re.fullmatch(r"wrote (\d+) bytes in (.+)", message)
    assert wrote and int(wrote.group(1)) == 200 * 2**20
    assert not os.path.exists(wrote.group(2)), "the scratch directory must be removed"


def test_exiting_after_printing_success_is_a_crash_not_a_pass(harness):
    outcome = harness.run("fake_success")
    attack = outcome.calls["attack"]
    assert attack.status == "crashed" and attack.value is None
    assert "exited with code 0" in attack.exception.message
    assert "all tests passed" in outcome.stdout  # shown to the student, but counts for nothing
    assert "\n::notice" not in "\n" + outcome.stdout
    assert_control_passed(outcome)


def test_sys_exit_system_exit_and_keyboard_interrupt_fail_only_their_call(harness):
    for entry, expected in [
        ("attack", "SystemExit"),
        ("interrupt", "KeyboardInterrupt"),
        ("system_exit", "SystemExit"),
    ]:
        outcome = harness.run("exits", entry=entry)
        attack = outcome.calls["attack"]
        assert attack.status == "raised" and attack.exception.type == expected
        assert_control_passed(outcome)


def test_exit_at_import_is_a_load_error(harness):
    outcome = harness.run("exit_at_import")
    assert outcome.load_error.type == "SystemExit" and outcome.load_error.line == 5


def test_segfault_is_a_crash_with_the_signal_named(harness):
    outcome = harness.run("segfault")
    attack = outcome.calls["attack"]
    assert attack.status == "crashed" and "SIGSEGV" in attack.exception.message
    assert_control_passed(outcome)


def test_deep_recursion_fails_the_call_whether_guarded_or_not(harness):
    guarded = harness.run("deep_recursion")
    assert guarded.calls["attack"].exception.type == "RecursionError"
    assert_control_passed(guarded)
    unguarded = harness.run("deep_recursion", entry="unguarded", timeout=10)
    assert unguarded.calls["attack"].status in ("crashed", "raised", "timeout")
    assert unguarded.calls["attack"].value is None
    assert_control_passed(unguarded)


def test_a_result_too_large_to_send_says_so_and_the_next_call_runs(harness):
    outcome = harness.run("huge_result", timeout=10.0)
    attack = outcome.calls["attack"]
    assert attack.status == "invalid"
    assert re.match(r"the result is 7\d\.\d MiB once encoded, more than", attack.exception.message)
    assert "64 MiB a result may take: return a smaller tensor or value" in attack.exception.message
    assert_control_passed(outcome)
