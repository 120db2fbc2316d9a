"""Each call's captured output is exactly what that call printed, whatever earlier calls did to
the streams they were given (kept them, closed them, set attributes, referred to them weakly):
the executor reuses a finished call's capture only when nothing of the student's holds it."""

from __future__ import annotations

import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

import gradekit.engine as engine
from gradekit.sandbox import executor
from gradekit.sandbox.executor import BackendView, execute_call
from gradekit.sandbox.protocol import ArgSpec, Call

SOURCE = textwrap.dedent(
    """
    import sys, weakref
    kept = []

    def plain(marker):
        print(marker)

    def keep(marker):
        kept.append(sys.stdout)
        kept.append(sys.stderr)
        print(marker)

    def weak(marker):
        kept.append(weakref.ref(sys.stdout))
        print(marker)

    def close(marker):
        print(marker)
        sys.stdout.close()

    def set_attribute(marker):
        sys.stdout.note = marker
        print(marker)

    def write_to_kept(marker):
        for stream in kept:
            stream = stream() if isinstance(stream, weakref.ref) else stream
            if stream is not None:
                stream.write("from an earlier call\\n")
        print(marker)

    def looks_fresh(marker):
        stream = sys.stdout
        fresh = not stream.closed and not hasattr(stream, "note") and stream.getvalue() == ""
        print(marker if fresh else "reused a changed capture")
    """
)
ACTIONS = ["plain", "keep", "weak", "close", "set_attribute", "write_to_kept", "looks_fresh"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=12))
def test_each_call_captures_only_its_own_output(actions):
    namespace: dict = {}
    exec(compile(SOURCE, "capture_student.py", "exec"), namespace)
    view = BackendView(engine)
    for index, action in enumerate(actions):
        marker = f"call {index}: {action}"
        call = Call(f"c{index}", action, args={"marker": _text(marker)})
        outcome = execute_call(namespace, call, view)
        assert outcome.status == "ok", outcome.exception
        assert outcome.stdout == marker + "\n"
        assert outcome.stderr == ""


def test_a_finished_calls_capture_is_reused_only_when_unshared():
    namespace: dict = {}
    exec(compile(SOURCE, "capture_student.py", "exec"), namespace)
    view = BackendView(engine)
    executor._SPARE_TEES.clear()
    execute_call(namespace, Call("a", "plain", args={"marker": _text("a")}), view)
    assert len(executor._SPARE_TEES) == 2  # stdout's and stderr's
    execute_call(namespace, Call("b", "keep", args={"marker": _text("b")}), view)
    assert executor._SPARE_TEES == []  # both held by the student
    assert all(type(stream) is executor._CappedTee for stream in namespace["kept"])


def _text(value: str) -> ArgSpec:
    return ArgSpec.python(value)
