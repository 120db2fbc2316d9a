"""Check which isolation layers really work here (run by a sandbox interpreter, ``python -I -S``).

Each layer is applied in a forked child that then tries something the layer must block; only
a layer that blocks it counts as available. Prints one JSON object on stdout:
``{"available": [...], "reasons": {layer: why not}, "landlock_abi": n}``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable

from gradekit.sandbox import layers
from gradekit.sandbox.environment import (
    bubblewrap_prefix,
    sandbox_interpreter,
    sandbox_required_paths,
)


def _in_child(check: Callable[[], str | None]) -> str | None:
    """Run ``check`` in a forked child; returns None on success, else the reason it failed."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            reason = check()
        except BaseException as exc:
            reason = f"{type(exc).__name__}: {exc}"
        os.write(write_end, (reason or "").encode()[:4000])
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as handle:
        message = handle.read().decode(errors="replace")
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status):
        return f"probe child died with status {status}"
    return message or None


def _check_landlock(scratch: str) -> str | None:
    outside = tempfile.mkstemp(prefix="gradekit-probe-")[1]
    try:

        def check() -> str | None:
            view = layers.FilesystemView(read_paths=(sys.prefix,), write_paths=(scratch,))
            layers.apply_landlock(view)
            try:
                open(outside).close()
            except PermissionError:
                return None
            return "a file outside the allowed paths was still readable"

        return _in_child(check)
    finally:
        os.unlink(outside)


def _check_seccomp() -> str | None:
    def check() -> str | None:
        layers.apply_seccomp(os.getppid())
        try:
            socket.socket(socket.AF_INET, socket.SOCK_STREAM).close()
            return "an AF_INET socket could still be created"
        except PermissionError:
            pass
        try:
            os.kill(-1, 0)  # signal 0 only checks permission: harmless even if not blocked
            return "kill(-1) was not blocked"
        except PermissionError:
            return None

    return _in_child(check)


def _check_capabilities() -> str | None:
    if os.geteuid() != 0:
        return "not running as root: there are no capabilities to drop"

    def check() -> str | None:
        layers.drop_capabilities()
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith("CapEff:") and int(line.split()[1], 16) != 0:
                    return "effective capabilities remain after dropping them"
        return None

    return _in_child(check)


def _check_subreaper() -> str | None:
    def check() -> str | None:
        layers.set_child_subreaper()
        return None

    return _in_child(check)


def _check_rlimits() -> str | None:
    def check() -> str | None:
        layers.apply_rlimits(layers.Limits(cpu_seconds=30))
        return None

    return _in_child(check)


def _check_bubblewrap() -> str | None:
    """bwrap must start a sandbox interpreter (which imports gradekit) in a network namespace
    other than ours, and that interpreter must see every directory it imports from."""
    if shutil.which("bwrap") is None:
        return "bubblewrap is not installed (apt-get install bubblewrap)"
    scratch = tempfile.mkdtemp(prefix="gradekit-probe-")
    try:
        command = [
            *bubblewrap_prefix(scratch),
            *sandbox_interpreter("gradekit.sandbox.environment"),
            *sandbox_required_paths(),
        ]
        completed = subprocess.run(
            command, capture_output=True, timeout=30, stdin=subprocess.DEVNULL, check=False
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bubblewrap could not run: {exc}"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if completed.returncode != 0:
        detail = completed.stderr.decode(errors="replace").strip()[-300:]
        return f"bubblewrap failed (user namespaces restricted, or Python hidden?): {detail}"
    try:
        view = json.loads(completed.stdout)
    except ValueError:
        return f"the sandbox interpreter under bubblewrap printed {completed.stdout[:200]!r}"
    if view["unreadable"]:
        return "under bubblewrap Python cannot read " + ", ".join(view["unreadable"])
    if view["net"] == os.readlink("/proc/self/ns/net"):
        return "bubblewrap did not give the child its own network namespace"
    return None


def probe() -> dict:
    available: list[str] = []
    reasons: dict[str, str] = {}
    abi = 0
    if not sys.platform.startswith("linux"):
        for name in ("subreaper", "landlock", "seccomp", "capabilities", "bubblewrap"):
            reasons[name] = f"Linux only (this is {sys.platform})"
    else:
        abi = layers.landlock_abi()
    scratch = tempfile.mkdtemp(prefix="gradekit-probe-")
    try:
        checks: dict[str, Callable[[], str | None]] = {"rlimits": _check_rlimits}
        if sys.platform.startswith("linux"):
            checks.update(
                subreaper=_check_subreaper,
                landlock=lambda: (
                    "Landlock is not supported by this kernel"
                    if abi < 1
                    else _check_landlock(scratch)
                ),
                seccomp=_check_seccomp,
                capabilities=_check_capabilities,
            )
        for name, check in checks.items():
            try:
                reason = check()
            except Exception as exc:
                reason = f"{type(exc).__name__}: {exc}"
            if reason is None:
                available.append(name)
            else:
                reasons[name] = reason
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if sys.platform.startswith("linux"):
        reason = _check_bubblewrap()
        if reason is None:
            available.append("bubblewrap")
        else:
            reasons["bubblewrap"] = reason
    return {"available": available, "reasons": reasons, "landlock_abi": abi}


if __name__ == "__main__":
    print(json.dumps(probe()))
