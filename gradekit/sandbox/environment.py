"""What every sandbox launcher starts with: its backend, its environment and its command line.

Kept apart from :mod:`gradekit.sandbox.runner` (which imports numpy through the protocol) so
that a launcher or a warm zygote can be started before the grader has imported numpy: a
`gradekit check` starts its sandbox first thing (see :mod:`gradekit.grading.early_sandbox`).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import site
import sys
from pathlib import Path

import gradekit

BACKENDS = ("torch", "engine", "auto")


def resolve_backend(backend: str) -> str:
    """``torch`` or ``engine``; ``auto`` means torch when it is installed, else the engine."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    if backend == "auto":
        return "torch" if importlib.util.find_spec("torch") is not None else "engine"
    return backend


def child_environment(scratch: Path) -> dict[str, str]:
    """The allowlisted environment of the child: nothing secret, one thread per library."""
    return {
        "PATH": os.environ.get("PATH", os.defpath),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": str(scratch),
        "TMPDIR": str(scratch),
        "PYTHONHASHSEED": "0",  # for Pythons the student starts; `python -I` ignores it
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }


# The thread-count variables of the BLAS libraries numpy may be built with.
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def import_numpy_single_threaded() -> None:
    """Import numpy (if nothing did yet) with its BLAS limited to one thread.

    A grader's arrays are tiny, and a multi-threaded BLAS starts a thread per core at import
    that spins for a while, taking CPU from the sandbox interpreters importing numpy on the
    other cores at that very moment: about 0.1 s of a `gradekit check`'s critical path, and
    about 50 ms of a `gradekit grade` parent's start-up. One thread is also what the sandbox
    uses (:func:`child_environment`), and what a batch's workers use whether forked from
    that parent or spawned, so reference answers do not depend on which process computed
    them. A count the user chose is kept. The variables are restored afterwards: the
    processes started later see the user's environment."""
    if "numpy" in sys.modules:
        return
    saved = {name: os.environ.get(name) for name in BLAS_THREAD_VARIABLES}
    os.environ.update({name: "1" for name, value in saved.items() if value is None})
    try:
        import numpy  # noqa: F401
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)


# What a sandbox interpreter runs first (``python -I -S -c`` this): it gives the interpreter the
# builtins and the import path a ``python -I`` would have, without ``site``'s processing of
# every ``.pth`` file in site-packages (tens of milliseconds on every start: they import
# certifi, install editable-install finders...), and then runs the module as ``-m`` would.
_BOOTSTRAP = """\
import site, sys
site.setquit(); site.setcopyright(); site.sethelper()
sys.path.extend({path!r})
from importlib.util import module_from_spec, spec_from_file_location
spec = spec_from_file_location("gradekit", {init!r}, submodule_search_locations=[{package!r}])
sys.modules["gradekit"] = module = module_from_spec(spec)
spec.loader.exec_module(module)
del site, sys, module_from_spec, spec_from_file_location, spec, module
__import__("runpy")._run_module_as_main({module!r})
"""


@functools.lru_cache(maxsize=1)
def sandbox_import_path() -> tuple[str, ...]:
    """The directories a sandbox interpreter imports from, besides the standard library:
    site-packages (as ``python -I`` adds them, without what ``.pth`` files add) and the
    directories holding numpy and torch when they live elsewhere. gradekit itself is loaded
    from its own directory (its parent directory is not put on the path)."""
    path = [directory for directory in site.getsitepackages() if os.path.isdir(directory)]
    for name in ("numpy", "torch"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            directory = os.path.dirname(os.path.dirname(os.path.realpath(spec.origin)))
            if directory not in path and os.path.realpath(directory) not in map(
                os.path.realpath, path
            ):
                path.append(directory)
    return tuple(path)


def sandbox_interpreter(module: str) -> list[str]:
    """The command that runs ``module`` like ``python -I -m module`` would, but starts faster:
    ``python -I -S`` with only the import path the sandbox needs (:func:`sandbox_import_path`).

    Student code sees the same modules as under ``python -I`` (the standard library,
    site-packages, gradekit), minus anything a ``.pth`` file or ``sitecustomize`` would add.
    """
    package = os.path.dirname(os.path.realpath(gradekit.__file__))
    code = _BOOTSTRAP.format(
        path=list(sandbox_import_path()),
        init=os.path.join(package, "__init__.py"),
        package=package,
        module=module,
    )
    return [sys.executable, "-I", "-S", "-c", code]


def sandbox_required_paths() -> tuple[str, ...]:
    """Every directory a sandbox interpreter must see to start: the interpreter's prefixes
    and its own directory, gradekit's package and :func:`sandbox_import_path`."""
    package = os.path.dirname(os.path.realpath(gradekit.__file__))
    candidates = [
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        os.path.dirname(sys.executable),
        os.path.dirname(os.path.realpath(sys.executable)),
        package,
        *sandbox_import_path(),
    ]
    return tuple(dict.fromkeys(path for path in candidates if path and os.path.isdir(path)))


def _inside_tmp(path: str) -> bool:
    return os.path.commonpath([path, "/tmp"]) == "/tmp" and path.rstrip("/") != "/tmp"


@functools.lru_cache(maxsize=1)
def read_only_binds_under_tmp() -> tuple[str, ...]:
    """The directories of :func:`sandbox_required_paths` that lie under ``/tmp``, as the
    sandbox reaches them (each path as written and its real path). bubblewrap's private
    ``/tmp`` would hide them (gradekit cloned or a virtualenv made in /tmp, common in
    containers and CI): they are bound back in, read-only, and nothing else of ``/tmp`` is.
    ``/tmp`` itself is never bound (that would expose all of it)."""
    under_tmp = {
        form
        for path in sandbox_required_paths()
        for form in (os.path.abspath(path), os.path.realpath(path))
        if _inside_tmp(form)
    }
    binds: list[str] = []
    for path in sorted(under_tmp):  # a parent sorts before what lies inside it
        if not any(os.path.commonpath([path, bound]) == bound for bound in binds):
            binds.append(path)
    return tuple(binds)


def bubblewrap_prefix(scratch: str) -> list[str]:
    """Command prefix running a program under bubblewrap with its own network, IPC, UTS and
    mount namespaces: no network at all (not even loopback to the host), a read-only view of
    the filesystem, a private empty ``/tmp`` (except the directories Python and gradekit are
    imported from, read-only: :func:`read_only_binds_under_tmp`) and only ``scratch``
    writable.

    There is deliberately no pid namespace: the grader addresses the worker by its pid.
    """
    import shutil  # not at import: a `gradekit check` starts its zygote before it needs shutil

    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise FileNotFoundError("bubblewrap (bwrap) is not installed")
    imports_under_tmp = [
        argument for path in read_only_binds_under_tmp() for argument in ("--ro-bind", path, path)
    ]
    return [
        bwrap,
        "--die-with-parent",
        "--unshare-net",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--ro-bind", "/", "/",
        "--dev", "/dev",
        "--tmpfs", "/tmp",
        *imports_under_tmp,
        "--bind", scratch, scratch,
        "--chdir", scratch,
        "--",
    ]  # fmt: skip


def sandbox_view(expected: list[str]) -> dict[str, object]:
    """What a sandbox interpreter sees (the probe runs this under bubblewrap): its network
    namespace, and which of the ``expected`` directories it cannot list."""
    unreadable = []
    for path in expected:
        try:
            os.listdir(path)
        except OSError as error:
            unreadable.append(f"{path} ({error.strerror})")
    return {"net": os.readlink("/proc/self/ns/net"), "unreadable": unreadable}


if __name__ == "__main__":
    # `sandbox_interpreter("gradekit.sandbox.environment") + paths`: the probe's check that
    # a sandbox interpreter starts (it imported gradekit to get here) and sees those paths.
    import json

    print(json.dumps(sandbox_view(sys.argv[1:])))
