"""The trusted launcher and the sandboxed worker: ``gradekit.sandbox.child`` run by a sandbox
interpreter (``python -I -S``, see :func:`gradekit.sandbox.environment.sandbox_interpreter`).

Process tree of one run::

    grader (runner.py)
      └─ launcher  (this module's main: own session, child subreaper, imports the backend)
           └─ worker  (forked: own process group, layers applied, then student code)

The launcher reads the run's configuration and calls from ``--config-fd``, imports numpy and
the backend once, then forks the worker. The worker applies the isolation layers to itself,
reports them, imports the submission and runs the calls, streaming events (frames) to
``--result-fd``. When the worker is gone (finished, crashed or killed by the grader), the
launcher kills and reaps every process it left behind (double-forked daemons re-parent to the
launcher because it is a subreaper) and reports the worker's exit on ``--status-fd``. The
grader then either closes ``--config-fd`` (done) or sends ``{"resume_from": k}``, and the
still-warm launcher forks a fresh worker for the calls from index k on.

A launcher forked by a warm zygote runs this same loop, once (``gradekit check``) or once per
run for the runs of a batch's grading slot (:func:`gradekit.sandbox.zygote._serve_runs`).
"""

from __future__ import annotations

import functools
import gc
import itertools
import os
import sys
import traceback
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from gradekit.sandbox import layers as layer_functions
from gradekit.sandbox.executor import (
    BackendView,
    CallAlarm,
    CallTimeout,
    execute_call,
    load_submission,
)
from gradekit.sandbox.protocol import (
    LOAD_TIMEOUT_MESSAGE,
    ArgSpec,
    Call,
    CallOutcome,
    Capture,
    ExceptionInfo,
    FrameStream,
    IntFrameTemplate,
    ProtocolError,
    decode_calls,
    encode_begin_event,
    encode_frame,
    encode_layers_event,
    encode_loaded_event,
    encode_outcome_event,
)

if TYPE_CHECKING:
    import argparse
    import types

    # What run_launcher is given: main's parsed arguments, or the zygote's namespace (the
    # zygote does not import argparse: its import is on every `gradekit check`'s critical path).
    LauncherArguments = argparse.Namespace | types.SimpleNamespace

CONFIG_LIMIT = 256 * 1024 * 1024
EXIT_INTERNAL_ERROR = 70
EXIT_LAYER_REFUSED = 71


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def import_backend(name: str) -> Any:
    """Import the tensor library student code will see as ``torch``."""
    if name == "engine":
        from gradekit.engine.alias import install_torch_alias

        install_torch_alias()
        import torch  # now the engine

        return torch
    import torch

    return torch


def run_worker(
    config: dict[str, Any], calls: list[Call], view: BackendView, result_fd: int
) -> None:
    """Apply the layers, load the submission and run the calls. Never returns."""
    code = EXIT_INTERNAL_ERROR
    try:
        limits = layer_functions.Limits(**config["limits"])
        filesystem = layer_functions.FilesystemView(
            read_paths=tuple(config["read_paths"]), write_paths=tuple(config["write_paths"])
        )
        applied, failed = layer_functions.apply_layers(
            config["layers"], limits, filesystem, protected_pid=os.getppid()
        )
        _write_all(result_fd, encode_layers_event(applied, failed))
        if any(layer in failed for layer in config["required_layers"]):
            code = EXIT_LAYER_REFUSED
            return
        stream_calls(config, calls, view, result_fd)
        code = 0
    except CallTimeout:
        code = EXIT_INTERNAL_ERROR
    except BaseException:
        traceback.print_exc()
        code = EXIT_INTERNAL_ERROR
    finally:
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code)


def stream_calls(
    config: dict[str, Any], calls: list[Call], view: BackendView, result_fd: int
) -> None:
    """The worker's part once its layers are in force: import the submission, run the calls
    and write their events to ``result_fd`` (the "loaded" event, then per call "begin" and
    "outcome"). Raises what stops it, after writing every event of a finished step."""
    pending = b""  # an encoded event not written yet
    # The submission's directory is thrown away after the run: compiling it to a .pyc there
    # (which `python -I` would do) only costs a write and a rename, and the grader an unlink.
    sys.dont_write_bytecode = True
    alarm = CallAlarm()  # one for the load and every call: a setitimer each
    try:
        submission = config["submission"]
        display_name = config["display_name"]
        alarm.arm(config["load_timeout"])
        try:
            namespace, error = load_submission(submission, display_name=display_name)
        finally:
            alarm.disarm()
        if error is not None and error.type.endswith("CallTimeout"):
            error = ExceptionInfo(
                "TimeoutError",
                f"{LOAD_TIMEOUT_MESSAGE} {config['load_timeout']:g} s",
                error.traceback.replace("gradekit.sandbox.executor.CallTimeout", "TimeoutError"),
                error.line,
            )
        # Each event is written before the code it announces runs; the one that ends a step
        # goes out with the next step's begin event, in one write (half the pipe wake-ups).
        pending = encode_loaded_event(error)
        if namespace is not None:
            for call in calls:
                _write_all(result_fd, pending + encode_begin_event(call.call_id))
                pending = b""
                outcome = execute_call(
                    namespace,
                    call,
                    view,
                    student_file=submission,
                    display_name=display_name,
                    alarm=alarm,
                    echo_output=True,
                )
                try:
                    frame = encode_outcome_event(call.call_id, outcome)
                except (ProtocolError, ValueError, TypeError) as exc:
                    reason = f"the result could not be sent to the grader: {exc}"
                    bad = CallOutcome(
                        status="invalid", exception=ExceptionInfo("ValueError", reason)
                    )
                    frame = encode_outcome_event(call.call_id, bad)
                pending = frame
        _write_all(result_fd, pending)
        pending = b""
    finally:
        alarm.close()
        if pending:  # a finished step's event is never lost, whatever stopped us
            try:
                _write_all(result_fd, pending)
            except OSError:
                pass


# The trusted stand-in submission of a warm-up: every function entry returns its first argument
# (or None), every variable entry is 0. Entry names are data (repr'd), never source.
_WARM_UP_SOURCE = """\
def _first_argument(*args):
    return args[0] if args else None


globals().update(dict.fromkeys({functions!r}, _first_argument))
globals().update(dict.fromkeys({variables!r}, 0))
"""


# One more call for the warm-up of calls that run or read autograd (a backward() seed or
# gradients to capture): a backward() that fails (a scalar seed for three values), so that the
# backend's error path has run once before the forks. Real torch spends about a second of lazy
# initialisation on the first autograd error of a process; paid here, no worker whose student
# code fails in backward() pays it again. Not for other calls: that initialisation leaves
# about 34 MB more in the zygote, which makes every fork of it cost about 7 ms more.
_FAILING_BACKWARD = Call(
    "gradekit-warm-up-failing-backward",
    "_gradekit_warm_up_backward",
    args={"t": ArgSpec.tensor(np.ones(3, np.float32), requires_grad=True)},
    capture=Capture(backward=ArgSpec.tensor(np.float32(1.0))),
)


def warm_up_calls(calls: list[Call]) -> list[Call]:
    """The calls a warm-up runs: ``calls``, and :data:`_FAILING_BACKWARD` when they use
    autograd (a backward() seed or gradients to capture)."""
    if any(call.capture.backward is not None or call.capture.grads for call in calls):
        return [*calls, _FAILING_BACKWARD]
    return list(calls)


def warm_up(calls: list[Call], view: BackendView, directory: str) -> None:
    """Run the worker's loop (:func:`stream_calls`) once over ``calls`` against a trusted
    stand-in submission written in ``directory``, its events going to /dev/null.

    Only a warm zygote does this, before it forks: its workers then start with the
    executor's, the observers' and the frame encoder's bytecode already specialised and their
    caches filled, instead of each worker doing that work again and copying the pages it
    writes to (about a sixth of a tensor-indexing worker's CPU). No student code runs here and
    nothing secret is seen (the calls are what every worker receives anyway). Warnings raised
    here are forgotten (``catch_warnings``), so a student's run still shows its first one.
    When the calls use autograd, one extra call's backward() fails on purpose
    (:data:`_FAILING_BACKWARD`).
    """
    calls = warm_up_calls(calls)
    functions = sorted({call.entry for call in calls if call.entry_kind == "function"})
    variables = sorted({call.entry for call in calls if call.entry_kind != "function"})
    source = _WARM_UP_SOURCE.format(functions=functions, variables=variables)
    path = os.path.join(directory, f".gradekit-warm-up-{os.getpid()}.py")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    sink = os.open(os.devnull, os.O_WRONLY)
    try:
        _write_all(fd, source.encode())
        os.close(fd)
        fd = -1
        config = {"submission": path, "display_name": "warm_up.py", "load_timeout": 10.0}
        with warnings.catch_warnings():  # (one: each advances the filters' version)
            stream_calls(config, calls, view, sink)
            if view.backend_name == "gradekit.engine":  # then the engine's common operations
                dtype_names, autograd = tour_dtypes(calls)
                tour_engine(dtype_names, autograd=autograd)
    finally:
        if fd >= 0:
            os.close(fd)
        os.close(sink)
        os.unlink(path)
        sys.modules.pop("submission", None)  # load_submission's entry: a worker adds its own
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()  # nothing buffered here may reach a launcher's output


# The dtypes a warm-up's engine tour (tour_engine) may run its operations on: those of the
# calls' tensor arguments among these (the tour's arithmetic suits numbers, not bools).
TOUR_DTYPES = ("float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8")


def _tour_tensors(torch: Any, dtype: Any, *, autograd: bool) -> None:
    """The operations of :func:`tour_engine` on small tensors of ``dtype``."""
    base = torch.arange(24).reshape(4, 6).to(dtype)
    t = base.clone()
    u = t.reshape(2, 3, 2, 2)
    floating = t.is_floating_point()
    results = [
        t[1], t[-1], t[1, 2], t[::2], t[1::2], t[:, ::2], t[1:3, 2:], t[..., 1], t[None],
        u[0, ..., 1], u[0, :, :, 1], u[:, ::2], u[..., None, 0],
        t[[0, 2]], t[[0, 3], [1, 0]], t[:, [0, 5]], t[[0, -1]][:, [0, -1]],
        t[torch.tensor([1, 0])], t[t > 3], t[(t > 3).any(dim=1)], t[:: t.shape[0] - 1, ::5],
        t.flip(0), t.flip(0, 1), t.t(), t.T, t.transpose(0, 1), t.permute(1, 0),
        t.view(6, 4), t.reshape(-1), t.flatten(), t.unsqueeze(0), u.squeeze(),
        t.contiguous(), t.detach(), t[0:1].expand(3, 6), torch.stack([t[0], t[1]]),
        torch.cat([t, t]), t + t, t - 1, t * 2, t / 2, -t, abs(t), t**2, 1 + t, 2 * t,
        t == 0, t != 1, t < 2, t >= 3, t > 3, t <= 1, (t > 1) & (t < 5), ~(t > 1),
        t.sum(), t.sum(dim=0), t.sum(1), t.max(), t.min(), t.argmax(), t.max(dim=1),
        t.min(dim=0), t.all(), (t > 0).any(), torch.zeros_like(t), torch.ones_like(t),
        torch.full_like(t, 2), torch.where(t > 2, t, 0),
    ]  # fmt: skip
    if floating:
        results += [t.mean(), t.mean(dim=1), t.mean(dim=0) >= 2, t.exp(), t.sqrt(), t.float()]
    for result in results:
        size = getattr(result, "shape", None)
        if size is not None:
            result.dtype, result.numel(), result.dim(), len(size), list(size), tuple(size)  # noqa: B018
    t.shape[0], t.size(), t.size(1), t.dtype, t.ndim, t.numel(), t.tolist(), t[0, 0].item()  # noqa: B018
    s = base.clone()
    s[1] = torch.tensor([2, 3, 4, 5, 6, 7], dtype=dtype)
    s[0, 0] = 7
    s[0, 1] = -2.5 if floating else 2
    s[:, 0] = 1
    s[s > 20] = 0
    s[[0, 2]] = 3
    s[..., 1] = base[..., 2]
    s += 1
    s *= 2
    s.add_(1)
    s.zero_()
    if autograd and floating:
        leaf = base.clone().requires_grad_()
        (leaf * 2 + 1)[::2].sum().backward()
        leaf.grad, leaf.is_leaf, leaf.requires_grad, (leaf * 2).grad_fn, (leaf * 2).is_leaf  # noqa: B018


def tour_dtypes(calls: list[Call]) -> tuple[list[str], bool]:
    """The dtypes of the calls' tensor arguments a tour runs on (:data:`TOUR_DTYPES`, in the
    calls' order), and whether the calls use autograd (a tensor that requires grad, a
    backward() seed or gradients to capture)."""
    found: dict[str, None] = {}
    autograd = False
    pending = [spec for call in calls for spec in call.args.values()]
    while pending:
        spec = pending.pop(0)
        if spec.kind == "tuple":
            pending[:0] = spec.items or ()
        elif spec.kind == "tensor":
            autograd = autograd or spec.requires_grad
            if spec.dtype in TOUR_DTYPES:
                found[spec.dtype] = None
    autograd = autograd or any(c.capture.backward is not None or c.capture.grads for c in calls)
    return list(found), autograd


def tour_engine(dtype_names: list[str], *, autograd: bool) -> None:
    """Run a fixed tour of the engine's common operations (indexing of every kind, views,
    item assignment, arithmetic, comparisons, reductions; backward when ``autograd``) on
    small tensors of each dtype named, so that a warm zygote's forks find that engine code
    already run (specialised, its caches filled) instead of each worker running it for the
    first time on copied pages.

    Only constant tensors made here are involved: no call, argument or submission. What of
    the engine's process-wide state a submission could see afterwards is put back as it was
    (autograd's node numbering and its user-code flag, the warn-once keys, the constant
    caches); the tour sets no option, draws no random number, prints, imports and warns
    nothing (tests/sandbox/test_engine_tour.py). A dtype whose tour fails is left there."""
    import gradekit.engine as torch
    from gradekit.engine import errors, indexing
    from gradekit.engine.autograd import graph
    from gradekit.engine.ops import pointwise

    first_node = next(graph._sequence)
    user_code = graph.user_code_in_graphs
    warned = set(errors._warned_once)
    caches = (pointwise._FLOAT32_ARRAYS, pointwise._FLOAT64_ARRAYS, indexing._BASIC_PLANS)
    cached = [dict(cache) for cache in caches]
    try:
        for name in dtype_names:
            try:
                _tour_tensors(torch, getattr(torch, name), autograd=autograd)
            except Exception:
                pass  # only a saving
    finally:
        graph._sequence = itertools.count(first_node)
        graph.user_code_in_graphs = user_code
        errors._warned_once.clear()
        errors._warned_once.update(warned)
        for cache, kept in zip(caches, cached, strict=True):
            cache.clear()
            cache.update(kept)


def _worker_exit_status(status: int) -> dict[str, Any]:
    if os.WIFSIGNALED(status):
        return {"code": None, "signal": os.WTERMSIG(status)}
    return {"code": os.WEXITSTATUS(status), "signal": None}


def _read_frames(
    fd: int, stream: FrameStream, count: int, *, exact: bool = True
) -> list[Any] | None:
    """Block until ``count`` frames arrived on ``fd``; None if it closes first.

    With ``exact=False`` the frames that arrived in the same reads are returned too (the
    configuration may be followed by the calls in one write).
    """
    frames: list[Any] = []
    while len(frames) < count:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return None
        frames.extend(stream.feed(chunk))
    if exact and (len(frames) != count or stream.pending_bytes):
        raise ProtocolError(f"expected exactly {count} frame(s) from the grader")
    return frames


# Calls a warm zygote decoded once for every launcher it forks, by the sha256 of their frame.
PRELOADED_CALLS: dict[str, list[Call]] = {}


def _read_configuration(fd: int, stream: FrameStream) -> tuple[dict[str, Any], list[Call]]:
    """The run's configuration and calls: the calls are the next frame, or, when the
    configuration names a digest, the ones the zygote preloaded under it."""
    frames = _read_frames(fd, stream, 1, exact=False)
    if frames is None:
        raise ProtocolError("the grader closed the configuration pipe early")
    config = frames[0].body
    digest = config.get("preloaded_calls") if isinstance(config, dict) else None
    if digest is not None:
        if len(frames) != 1 or stream.pending_bytes:
            raise ProtocolError("expected only the configuration from the grader")
        if digest not in PRELOADED_CALLS:
            raise ProtocolError(f"the grader named calls this launcher does not hold ({digest})")
        return config, PRELOADED_CALLS[digest]
    if len(frames) == 1:
        more = _read_frames(fd, stream, 1)
        if more is None:
            raise ProtocolError("the grader closed the configuration pipe early")
        frames += more
    if len(frames) != 2 or stream.pending_bytes:
        raise ProtocolError("expected exactly 2 frame(s) from the grader")
    return config, decode_calls(frames[1])


def close_inherited_fds(result_fd: int) -> None:
    """Close every descriptor but 0, 1, 2 and ``result_fd``: the worker must not speak for the
    launcher (status) nor take its instructions (config), and a launcher that serves several
    runs holds its control socket too; student code sees only what a fresh worker has."""
    highest = os.sysconf("SC_OPEN_MAX")
    os.closerange(3, result_fd)
    os.closerange(result_fd + 1, max(highest, result_fd + 1))


def _fork_worker(
    config: dict[str, Any], calls: list[Call], view: BackendView, args: LauncherArguments
) -> int:
    """Fork one worker for ``calls``; returns its pid (the worker never returns)."""
    worker = os.fork()
    if worker == 0:
        os.setpgid(0, 0)
        # The launcher's objects still in the collector's young generations (a few hundred)
        # are left to it: each object the worker allocates or frees would otherwise be linked
        # next to them, writing to (and so copying) their pages, and no collection here runs
        # a finalizer of theirs. The zygote freezes its own objects for the same reason.
        gc.freeze()
        close_inherited_fds(args.result_fd)
        run_worker(config, calls, view, args.result_fd)
    try:
        os.setpgid(worker, worker)  # also here, so the grader never sees the old group
    except OSError:
        pass
    return worker


def main(argv: list[str] | None = None) -> int:
    import argparse  # only a cold launcher parses a command line

    parser = argparse.ArgumentParser(prog="python -m gradekit.sandbox.child")
    parser.add_argument("--config-fd", type=int, required=True)
    parser.add_argument("--result-fd", type=int, required=True)
    parser.add_argument("--status-fd", type=int, required=True)
    return run_launcher(parser.parse_args(argv))


@functools.lru_cache(maxsize=4)
def worker_status_template(subreaper_error: str | None) -> IntFrameTemplate:
    """The status frame announcing a worker, for its pid (encoded once: a warm zygote encodes
    the usual one, without a subreaper error, for all its launchers)."""
    body = {"status": "worker", "pid": 0, "subreaper_error": subreaper_error}
    return IntFrameTemplate(body, "pid")


# Backend views a warm zygote built before forking (no student code had run: as trustworthy
# as one built by the launcher itself), by backend name.
PREBUILT_VIEWS: dict[str, BackendView] = {}


def run_launcher(args: LauncherArguments) -> int:
    """The launcher: ``args`` holds ``config_fd``, ``result_fd`` and ``status_fd``."""
    control = FrameStream(max_frame_bytes=CONFIG_LIMIT)
    config, calls = _read_configuration(args.config_fd, control)
    subreaper_error = None
    if config["subreaper"]:
        try:
            layer_functions.set_child_subreaper()
        except OSError as exc:
            subreaper_error = str(exc)

    # Import everything the worker needs *before* forking: the worker starts warm, and the
    # backend's classes are captured before any student code can touch them.
    view = PREBUILT_VIEWS.get(config["backend"]) or BackendView(import_backend(config["backend"]))
    # This launcher's pid, which its workers protect (their getppid()), written into what
    # their layers need once here: each worker then only applies them.
    layer_functions.prepare_for_workers(config["layers"], os.getpid())

    # One worker at a time. After each, everything it left behind is killed and reaped, and
    # the grader either names the call to resume from (after a crash) or closes the pipe.
    worker_status = worker_status_template(subreaper_error)
    start = 0
    while True:
        worker = _fork_worker(config, calls[start:], view, args)
        _write_all(args.status_fd, worker_status.frame(worker))  # no encoder: see IntFrameTemplate
        _, status = os.waitpid(worker, 0)
        reaped = layer_functions.kill_descendants()
        _write_all(
            args.status_fd,
            encode_frame({"status": "exit", **_worker_exit_status(status), "reaped": reaped}),
        )
        command = _read_frames(args.config_fd, control, 1)
        if command is None:
            break
        start = command[0].body.get("resume_from") if isinstance(command[0].body, dict) else None
        if type(start) is not int or not 0 <= start < len(calls):
            raise ProtocolError(f"invalid resume instruction {command[0].body!r}")
    os.close(args.status_fd)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ProtocolError as exc:
        print(f"gradekit sandbox launcher: {exc}", file=sys.stderr)
        sys.exit(EXIT_INTERNAL_ERROR)
