"""The zygote of warm workers: ``python -I -S`` running this module, forking one launcher per
submission (the grader's side is :mod:`gradekit.sandbox.warm`).

The zygote imports numpy, the backend and the sandbox modules once, prepares what every
worker's layers need (the seccomp program, the Landlock ABI), and then only forks. Each fork
becomes an ordinary launcher (:func:`gradekit.sandbox.child.run_launcher`), which forks the
worker that applies every layer of the policy, loads the submission and streams the same
validated frames as a cold launcher's worker.

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
import types
from typing import Any

REQUEST_LIMIT = 64 * 1024
PIPE_NAMES = ("config", "result", "status", "stdout", "stderr")
EXIT_INTERNAL_ERROR = 70
PRELOADED_CALLS_KEPT = 8  # call lists a zygote keeps decoded (a batch has one, plus resumes)


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

    # Work every worker's layers need that does not depend on the run: the seccomp program
    # (compiled with a placeholder for the launcher's pid) and the kernel's Landlock ABI. The
    # layers themselves are still applied in each worker, after its fork.
    try:
        layers.prepare_seccomp()
    except OSError:
        pass  # no libseccomp here: each worker tries itself and reports the layer missing
    layers.landlock_abi()

    layers.set_child_subreaper()  # orphans of a killed launcher come back here to be reaped
    # Objects that exist now are never collected: a fork's collector then does not write to
    # (and so copy) the pages holding the modules imported above.
    gc.freeze()
    gc.enable()
    channel.sendall(b'{"ready": true}')
    try:
        while True:
            _reap_exited()
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
                pid = _fork_launcher(channel, request, fds)
            finally:
                for fd in fds:
                    os.close(fd)
            pidfd = os.pidfd_open(pid)
            try:
                socket.send_fds(channel, [json.dumps({"pid": pid}).encode()], [pidfd])
            finally:
                os.close(pidfd)
    finally:
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


def _fork_launcher(channel: socket.socket, request: dict[str, Any], fds: list[int]) -> int:
    if len(fds) != len(PIPE_NAMES):
        raise WarmWorkerError(f"expected {len(PIPE_NAMES)} descriptors, got {len(fds)}")
    pipes = dict(zip(PIPE_NAMES, fds, strict=True))
    pid = os.fork()
    if pid:
        return pid
    # The launcher: become exactly what a cold `gradekit.sandbox.child` would be.
    code = EXIT_INTERNAL_ERROR
    try:
        os.setsid()
        channel.close()
        os.dup2(pipes["stdout"], 1)
        os.dup2(pipes["stderr"], 2)
        for name in ("stdout", "stderr"):
            os.close(pipes[name])
        stdin = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin, 0)
        os.close(stdin)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        tempfile = sys.modules.get("tempfile")  # the zygote does not import it; if anything did,
        if tempfile is not None:
            tempfile.tempdir = None  # TMPDIR changed: let tempfile look again
        from gradekit.sandbox import child

        code = child.run_launcher(
            types.SimpleNamespace(
                config_fd=pipes["config"], result_fd=pipes["result"], status_fd=pipes["status"]
            )
        )
    except BaseException as error:  # report like the launcher's own __main__ does
        print(f"gradekit sandbox launcher: {type(error).__name__}: {error}", file=sys.stderr)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code)


def _reap_exited() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


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
