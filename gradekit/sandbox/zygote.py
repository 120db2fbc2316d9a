"""The zygote of warm workers: ``python -I -S`` running this module, forking sandbox launchers
(the grader's side is :mod:`gradekit.sandbox.warm`).

The zygote imports numpy, the backend and the sandbox modules once, prepares what every
worker's layers need (the seccomp program, the Landlock ABI), and then only forks. Each fork
becomes an ordinary launcher (:func:`gradekit.sandbox.child.run_launcher`), which forks the
worker that applies every layer of the policy, loads the submission and streams the same
validated frames as a cold launcher's worker. A launcher serves one run (a request with the
run's five pipes: ``gradekit check``) or, for a batch's grading slot, every run the grader
sends over the launcher's own control socket, one after the other (a ``{"serve": true}``
request with that socket: :func:`_serve_runs`).

This module imports only what the zygote, its launchers and their workers use, because
everything imported here is paid for twice over: a `gradekit check` waits for the zygote's
imports before its run can start, and every fork pays for what the imported modules do after
a fork. ``threading`` (imported by the grader side for its lock) re-initialises its state in
every forked child, about a millisecond and a hundred copied pages per fork here, in the
launcher and again in the worker; ``tempfile`` brings ``random``, which reseeds in every child.
So the grader side lives in :mod:`gradekit.sandbox.warm`, and nothing here imports it.

The zygote holds no secrets: it never sees the spec, the reference solution or other results.
"""

from __future__ import annotations

import gc
import json
import os
import select
import socket
import sys
import time
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

REQUEST_LIMIT = 64 * 1024
PIPE_NAMES = ("config", "result", "status", "stdout", "stderr")
EXIT_INTERNAL_ERROR = 70
PRELOADED_CALLS_KEPT = 8  # call lists a zygote keeps decoded (a batch has one, plus resumes)
# How long a zygote told to stop waits for its launchers to exit by themselves (a grading
# worker closes them first) before it kills what is left.
LAUNCHERS_EXIT_WAIT = 0.05


class WarmWorkerError(RuntimeError):
    """The zygote is gone or answered something unexpected."""


def _serve(channel: socket.socket, backend_name: str) -> None:
    """Import once, then fork one launcher per request until the grader hangs up."""
    # No cyclic garbage collection while importing (about 50 collections that find nearly
    # nothing: tens of milliseconds of every check's critical path); it is back on, for the
    # launchers and student code, once the imports are frozen below.
    gc.disable()
    from gradekit.sandbox import child
    from gradekit.sandbox.executor import BackendView  # numpy: zygote side only

    # Import everything a launcher and its worker import, so forks start warm.
    child.PREBUILT_VIEWS[backend_name] = BackendView(child.import_backend(backend_name))
    import gradekit.sandbox.executor  # noqa: F401
    from gradekit.sandbox import layers
    from gradekit.sandbox.protocol import encode_layers_event

    # Work every worker's layers need that does not depend on the run: the seccomp program
    # (compiled with a placeholder for the launcher's pid) and the kernel's Landlock ABI. The
    # layers themselves are still applied in each worker, after its fork.
    try:
        layers.prepare_seccomp()
    except OSError:
        pass  # no libseccomp here: each worker tries itself and reports the layer missing
    layers.landlock_abi()
    # The layers report of a worker under the full policy (every child layer enabled, all in
    # force), what a batch's workers send unless this machine lacks a layer: encoded once here
    # instead of by the JSON encoder in each fresh fork (a worker reporting anything else
    # encodes its own).
    encode_layers_event(layers.layers_in_force(layers.ALL_CHILD_LAYERS), {})
    child.worker_status_template(None)  # and the frame announcing each launcher's workers

    layers.set_child_subreaper()  # orphans of a killed launcher come back here to be reaped
    # Objects that exist now are never collected: a fork's collector then does not write to
    # (and so copy) the pages holding the modules imported above.
    gc.freeze()
    gc.enable()
    channel.sendall(b'{"ready": true}')
    launchers: set[int] = set()  # forked and not yet reaped
    try:
        while True:
            _reap_exited(launchers)
            ready, _, _ = select.select([channel], [], [], 0.5)
            if not ready:
                continue
            message, fds, _, _ = socket.recv_fds(channel, REQUEST_LIMIT, len(PIPE_NAMES))
            if not message:
                return  # the grader closed its end: shut down
            try:
                request = json.loads(message)
                if "preload_calls" in request:
                    digest = _preload_calls(request, fds)
                    channel.sendall(json.dumps({"preloaded": digest}).encode())
                    continue
                if "warm_up" in request:
                    warmed = _warm_up(request["warm_up"], backend_name)
                    channel.sendall(json.dumps({"warmed": warmed}).encode())
                    continue
                if request.get("serve") is True:  # a launcher for a grading slot's runs
                    _expect_descriptors(fds, 1)
                    pid = _fork_launcher(channel, _serve_runs, fds)
                else:
                    _expect_descriptors(fds, len(PIPE_NAMES))
                    pid = _fork_launcher(channel, _serve_one_run, fds, request)
            finally:
                for fd in fds:
                    os.close(fd)
            launchers.add(pid)
            pidfd = os.pidfd_open(pid)
            try:
                socket.send_fds(channel, [json.dumps({"pid": pid}).encode()], [pidfd])
            finally:
                os.close(pidfd)
    finally:
        # A grading worker closes its slots just before its zygote, so its launchers are
        # exiting now: waiting for them briefly lets kill_descendants find no child left and
        # skip its walks of every process in /proc and its 5 ms pause between them (what is
        # still there after the wait is killed as before).
        _await_launchers(launchers, LAUNCHERS_EXIT_WAIT)
        layers.kill_descendants()


def _preload_calls(request: dict[str, Any], fds: list[int]) -> str:
    """Read and decode a calls frame once, for every launcher forked from now on; returns
    the digest the grader named it by (its sha256), under which launchers find the calls.

    The grader computes the digest, not this process: hashlib would cost every check a few
    milliseconds of OpenSSL loading on its critical path, and both ends are trusted (what a
    launcher runs is what the grader sent, whatever name it gave it)."""
    from gradekit.sandbox import child
    from gradekit.sandbox.protocol import FrameStream, decode_calls, encode_begin_event

    size, digest = request["preload_calls"], request.get("digest")
    if (
        len(fds) != 1
        or type(size) is not int
        or not 0 < size <= child.CONFIG_LIMIT
        or type(digest) is not str
        or len(digest) != 64
        or digest.strip("0123456789abcdef")
    ):
        raise WarmWorkerError(f"invalid preload request {request!r} with {len(fds)} descriptors")
    encoded = bytearray()
    while len(encoded) < size:
        chunk = os.read(fds[0], min(1 << 20, size - len(encoded)))
        if not chunk:
            raise WarmWorkerError(f"the calls ended after {len(encoded)} of {size} bytes")
        encoded += chunk
    frames = FrameStream(max_frame_bytes=child.CONFIG_LIMIT).feed(bytes(encoded))
    if len(frames) != 1:
        raise WarmWorkerError("expected exactly one calls frame")
    if len(child.PRELOADED_CALLS) >= PRELOADED_CALLS_KEPT:
        child.PRELOADED_CALLS.pop(next(iter(child.PRELOADED_CALLS)))  # the oldest
    calls = child.PRELOADED_CALLS[digest] = decode_calls(frames[0])
    for call in calls:
        encode_begin_event(call.call_id)  # every worker sends these: encode them once here
    gc.freeze()  # keep the collector's hands off inherited objects: fewer copied pages
    return digest


def _warm_up(digest: object, backend_name: str) -> bool:
    """Run the preloaded calls named by ``digest`` once against a trusted stand-in
    (:func:`gradekit.sandbox.child.warm_up`), so every launcher forked from now on starts
    with that work done. False when the zygote does not hold those calls or the warm-up
    failed: it is only a saving, and the zygote goes on serving either way."""
    from gradekit.sandbox import child
    from gradekit.sandbox.executor import CallTimeout

    calls = child.PRELOADED_CALLS.get(digest) if isinstance(digest, str) else None
    if calls is None:
        return False
    try:
        child.warm_up(calls, child.PREBUILT_VIEWS[backend_name], os.getcwd())
    except (Exception, CallTimeout):  # a stray per-call alarm must not stop the zygote
        return False
    finally:
        gc.collect()  # the warm-up's garbage, collected here rather than in every fork
        gc.freeze()  # and what it left (caches, specialised code) stays out of the forks' GC
        # Forking is only safe single-threaded (a thread holding a lock at the fork leaves it
        # locked in the child). The backend's libraries run with one thread, but should one
        # have started a thread here, this zygote must not fork again: it stops, and the
        # grader starts a plain one.
        threads = thread_count()
        if threads != 1:
            raise WarmWorkerError(f"the warm-up left {threads} threads; a zygote forks only alone")
    return True


def thread_count() -> int:
    """How many threads this process has (Python's and any library's), from /proc."""
    return len(os.listdir("/proc/self/task"))


def _fork_launcher(
    channel: socket.socket, serve: Callable[..., int], fds: list[int], *args: Any
) -> int:
    """Fork a launcher that runs ``serve(fds, *args)`` and exits with what it returns; the
    zygote closes its own copies of ``fds`` afterwards."""
    pid = os.fork()
    if pid:
        return pid
    # The launcher: its own session, stdin from /dev/null, like a cold `gradekit.sandbox.child`.
    code = EXIT_INTERNAL_ERROR
    try:
        os.setsid()
        channel.close()
        _point_fd_at_devnull(0, os.O_RDONLY)
        code = serve(fds, *args)
    except BaseException as error:
        _report(error)
    finally:
        _flush_output()
        os._exit(code)


def _serve_one_run(fds: list[int], request: dict[str, Any]) -> int:
    """A launcher for one run (``gradekit check``, or a request that names its pipes)."""
    return _run(request, _run_pipes(fds))


def _serve_runs(fds: list[int]) -> int:
    """A resident launcher: serves the runs the grader sends over its control socket (the one
    descriptor in ``fds``), one after the other, until the grader closes it.

    Each run arrives as ``{"cwd": ..., "env": ...}`` with the run's five pipes (SCM_RIGHTS) and
    is exactly a one-run launcher's run (:func:`_run`). Afterwards the launcher has killed and
    reaped everything the run started (it is their subreaper), closed the run's pipes, pointed
    its output back at /dev/null (the grader sees end-of-file on every pipe) and left the run's
    directory; it answers ``{"idle": true}`` only once it has also confirmed it has no child
    left, i.e. no descendant. Whatever else happens (an error, a protocol violation, a run that
    did not end cleanly, a descendant it could not reap), it exits instead, and the grader gets
    a fresh launcher."""
    control = socket.socket(fileno=fds[0])
    # Opened once: between runs the launcher's output goes back to it with a dup2 each (no
    # open and close per run). Close-on-exec, and every worker closes it right after its fork
    # (child.close_inherited_fds), like every other descriptor of the launcher's.
    devnull = os.open(os.devnull, os.O_WRONLY | os.O_CLOEXEC)
    for fd in (1, 2):
        os.dup2(devnull, fd)
    from gradekit.sandbox import layers

    layers.set_child_subreaper()  # without it an orphan could escape the check below: no reuse
    while True:
        message, run_fds, _, _ = socket.recv_fds(control, REQUEST_LIMIT, len(PIPE_NAMES))
        if not message:
            _close_all(run_fds)
            return 0  # the grader closed the socket: no more runs
        pipes = _run_pipes(run_fds)
        try:
            code = _run(json.loads(message), pipes)
        except BaseException as error:
            _report(error)  # on the run's stderr, where the grader looks for a diagnosis
            code = EXIT_INTERNAL_ERROR
        finally:
            _flush_output()
            for fd in (1, 2):
                os.dup2(devnull, fd)
            # (run_launcher closed the status pipe; after an error the launcher exits anyway)
            _close_all([pipes["config"], pipes["result"]])
            os.chdir("/")  # out of the run's scratch directory, which the grader removes
        if code != 0 or not layers.no_children_left():
            return code or EXIT_INTERNAL_ERROR
        control.sendall(b'{"idle": true}')


def _expect_descriptors(fds: list[int], count: int) -> None:
    if len(fds) != count:
        raise WarmWorkerError(f"expected {count} descriptors, got {len(fds)}")


def _run_pipes(fds: list[int]) -> dict[str, int]:
    """A run's pipes by name (:data:`PIPE_NAMES`), from the descriptors of its request."""
    if len(fds) != len(PIPE_NAMES):
        _close_all(fds)
        _expect_descriptors(fds, len(PIPE_NAMES))
    return dict(zip(PIPE_NAMES, fds, strict=True))


def _run(request: dict[str, Any], pipes: dict[str, int]) -> int:
    """One run in this launcher: become exactly what a cold `gradekit.sandbox.child` would be
    for it (output to the run's pipes, its directory and environment), then run the launcher's
    own loop (:func:`gradekit.sandbox.child.run_launcher`). Returns its exit code."""
    os.dup2(pipes["stdout"], 1)
    os.dup2(pipes["stderr"], 2)
    for name in ("stdout", "stderr"):
        os.close(pipes[name])
    os.chdir(request["cwd"])
    _replace_environment(request["env"])
    tempfile = sys.modules.get("tempfile")  # the zygote does not import it; if anything did,
    if tempfile is not None:
        tempfile.tempdir = None  # TMPDIR changed: let tempfile look again
    from gradekit.sandbox import child

    return child.run_launcher(
        types.SimpleNamespace(
            config_fd=pipes["config"], result_fd=pipes["result"], status_fd=pipes["status"]
        )
    )


def _replace_environment(environment: dict[str, str]) -> None:
    """Make ``os.environ`` (and the process's environment) exactly ``environment``.

    Only what differs is changed: a slot's runs differ in a few variables (HOME, TMPDIR,
    PWD), and ``os.environ.clear()`` unsets every variable one ``popitem`` at a time before
    ``update`` sets them all again."""
    for name in [name for name in os.environ if name not in environment]:
        del os.environ[name]
    for name, value in environment.items():
        if os.environ.get(name) != value:
            os.environ[name] = value


def _report(error: BaseException) -> None:
    """Say on stderr what stopped a launcher, like the launcher's own ``__main__`` does."""
    print(f"gradekit sandbox launcher: {type(error).__name__}: {error}", file=sys.stderr)


def _point_fd_at_devnull(fd: int, flags: int) -> None:
    devnull = os.open(os.devnull, flags)
    os.dup2(devnull, fd)
    os.close(devnull)


def _flush_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass


def _close_all(fds: list[int]) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def _reap_exited(launchers: set[int] | None = None) -> None:
    """Reap every child that has exited (launchers, and orphans this subreaper inherited),
    forgetting the reaped ones in ``launchers``."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if launchers is not None:
            launchers.discard(pid)


def _await_launchers(launchers: set[int], timeout: float) -> None:
    """Reap ``launchers`` as they exit, for up to ``timeout`` seconds (woken by their exits,
    through pidfds); those still running afterwards are left to the caller to kill."""
    _reap_exited(launchers)
    waiter = select.poll()  # not select: no limit on the descriptors' numbers
    pidfds: set[int] = set()
    try:
        for pid in launchers:
            try:
                pidfd = os.pidfd_open(pid)
            except OSError:
                continue  # already reaped elsewhere, or no pidfds here: killed as before
            pidfds.add(pidfd)
            waiter.register(pidfd, select.POLLIN)
        deadline = time.monotonic() + timeout
        while pidfds:
            remaining = deadline - time.monotonic()
            exited = [pidfd for pidfd, _ in waiter.poll(remaining * 1000)] if remaining > 0 else []
            if not exited:
                return
            for pidfd in exited:
                waiter.unregister(pidfd)
                pidfds.discard(pidfd)
                os.close(pidfd)
            _reap_exited(launchers)
    finally:
        for pidfd in pidfds:
            os.close(pidfd)


USAGE = "usage: python -m gradekit.sandbox.zygote --socket-fd FD --backend {engine,torch}"


def parse_arguments(argv: list[str]) -> tuple[int, str]:
    """``(socket_fd, backend)`` from ``--socket-fd FD --backend NAME`` (in either order).

    Parsed by hand: argparse (and gettext) would cost every `gradekit check` a few milliseconds
    of its critical path, for a command line only :class:`gradekit.sandbox.warm.Zygote` writes.
    """
    options = dict(zip(argv[::2], argv[1::2], strict=False))
    socket_fd, backend = options.get("--socket-fd", ""), options.get("--backend")
    if len(argv) != 4 or set(options) != {"--socket-fd", "--backend"}:
        raise SystemExit(f"{USAGE}\nexpected both options once, got {argv!r}")
    if not socket_fd.isdigit() or backend not in ("engine", "torch"):
        raise SystemExit(f"{USAGE}\ninvalid --socket-fd {socket_fd!r} or --backend {backend!r}")
    return int(socket_fd), backend


def main(argv: list[str] | None = None) -> int:
    socket_fd, backend = parse_arguments(sys.argv[1:] if argv is None else argv)
    # No SIGINT handling of our own: the zygote runs in its own session, so a Ctrl-C in the
    # terminal never reaches it, and launchers inherit Python's default handlers.
    channel = socket.socket(fileno=socket_fd)
    try:
        _serve(channel, backend)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the grader went away
    return 0


if __name__ == "__main__":
    code = main()
    # Everything is done (descendants killed and reaped): skip the interpreter's teardown of
    # numpy and the backend, which the grader would wait for.
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(code)
