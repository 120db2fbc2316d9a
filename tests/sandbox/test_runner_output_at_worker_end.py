"""Output a worker printed before it ended is kept, whatever one turn of the supervisor's
select loop handles first: the launcher's report that the worker ended (its status pipe) or
the output itself (stdout and stderr). The worker's attempt is accounted for at that report,
so the supervisor reads the output pipes first (``Supervisor._drain_output``); before, about 2
of 100 warm runs of a submission printing at import lost that output."""

from __future__ import annotations

import os
import time
from pathlib import Path

from gradekit.sandbox.policy import SandboxPolicy
from gradekit.sandbox.protocol import Call, encode_frame
from gradekit.sandbox.runner import RunState, Supervisor

POLICY = SandboxPolicy(load_timeout=5.0, call_grace=0.5)


def test_output_in_the_pipes_when_the_worker_ends_is_kept(tmp_path: Path) -> None:
    calls = [Call("a", "f")]
    state = RunState(calls, POLICY, deadline=time.monotonic() + 60)
    supervisor = Supervisor(tmp_path / "solution.py", "engine", POLICY, state)
    pipes = [os.pipe() for _ in range(3)]  # stdout, stderr, results
    try:
        (out_r, out_w), (err_r, err_w), (result_r, result_w) = pipes
        supervisor.output_fds = {out_r: "stdout", err_r: "stderr"}
        for fd in (out_r, err_r, result_r):
            os.set_blocking(fd, False)
        supervisor.result_r = result_r
        os.write(out_w, b"loaded\ndoubling\n")
        os.write(err_w, b"a warning\n")
        # The loop reads the status pipe first: the worker ended (having printed the above).
        exit_frame = encode_frame({"status": "exit", "code": 0, "signal": None, "reaped": 0})
        supervisor._on_data("status", exit_frame)
        assert supervisor.absorbed
        assert bytes(state.stdout) == b"loaded\ndoubling\n"
        assert bytes(state.stderr) == b"a warning\n"
        # What the pipes held is read once: the loop's later reads find nothing new.
        supervisor._drain_output()
        assert bytes(state.stdout) == b"loaded\ndoubling\n"
    finally:
        for read_end, write_end in pipes:
            os.close(read_end)
            os.close(write_end)
