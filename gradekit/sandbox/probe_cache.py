"""The layer probe's verdict kept on disk, so a `gradekit check` needs no probe interpreter.

Probing (:mod:`gradekit.sandbox.probe`) starts a throw-away Python, applies every layer in a
forked child and runs Python once more under bubblewrap: a few hundred milliseconds of CPU on
every check, for an answer that only changes when the machine does. The answer is stored as
JSON in ``<cache dir>/sandbox/probe-<key digest>.json`` (the cache dir is gradekit's, see
``gradekit.spec.cache.cache_directory``), where the key is everything the answer depends on:
see :func:`machine_key`. Any change of the key (a reboot, another kernel, another Python or
gradekit, bubblewrap installed or upgraded, user-namespace sysctls, another user, another
container) makes a new probe.

A cache file is used only when it parses, holds exactly this key, its checksum matches, it is
owned by this user and writable by nobody else, and every field has the expected type and
names only known layers; anything else is ignored (and replaced by a fresh probe), never
trusted. Even a trusted entry never makes a result claim a layer that was not applied: the
sandboxed worker applies the layers and reports what it applied and what failed.

Refresh by hand with ``gradekit check --refresh-sandbox-probe`` (or delete the ``sandbox``
folder of the cache dir); ``GRADEKIT_CACHE_DIR=off`` turns every cache off.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import stat
import sys
from pathlib import Path
from typing import Any

import gradekit

PROBE_CACHE_FORMAT = 1
# Entries kept (the newest): one per installation and machine state that probed lately.
PROBE_CACHE_KEPT = 8
# The layers the probe answers for (the policy's too: it re-exports this).
PROBED_LAYERS = ("rlimits", "subreaper", "landlock", "seccomp", "capabilities", "bubblewrap")
# The code that decides the answer: editing it (a new check, a new layer) starts afresh.
_DECIDING_SOURCES = ("probe.py", "layers.py", "policy.py", "probe_cache.py", "environment.py")
# Kernel switches that decide whether unprivileged user namespaces (bubblewrap) work.
_USERNS_SYSCTLS = (
    "/proc/sys/kernel/unprivileged_userns_clone",
    "/proc/sys/user/max_user_namespaces",
    "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
)
# What this process's own confinement looks like (a container's seccomp profile and
# capabilities can change between two containers of the same image on the same host).
_STATUS_FIELDS = ("Seccomp:", "Seccomp_filters:", "NoNewPrivs:", "CapEff:", "CapBnd:")


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read().strip()
    except OSError:
        return None


def _stamp(path: str | None) -> list[int] | None:
    """(mtime, size, inode) of a file: changes when it is replaced or upgraded."""
    if path is None:
        return None
    try:
        status = os.stat(path)
    except OSError:
        return None
    return [status.st_mtime_ns, status.st_size, status.st_ino]


def _namespace(name: str) -> str | None:
    try:
        return os.readlink(f"/proc/self/ns/{name}")
    except OSError:
        return None


def _confinement() -> list[str]:
    status = _read("/proc/self/status") or ""
    return [line for line in status.splitlines() if line.startswith(_STATUS_FIELDS)]


def machine_key() -> dict[str, Any]:
    """Everything the probe's answer depends on, as plain JSON data (about a millisecond)."""
    uname = os.uname()
    sandbox_dir = Path(__file__).resolve().parent
    bwrap = shutil.which("bwrap")
    return {
        "format": PROBE_CACHE_FORMAT,
        "gradekit": gradekit.__version__,
        "sources": [_stamp(str(sandbox_dir / name)) for name in _DECIDING_SOURCES],
        "python": [sys.executable, os.path.realpath(sys.executable), sys.version],
        "user": [os.getuid(), os.geteuid(), os.getgid()],
        "boot_id": _read("/proc/sys/kernel/random/boot_id"),
        "kernel": [sys.platform, uname.release, uname.version, uname.machine],
        "bwrap": [bwrap, _stamp(bwrap)],
        # Installing or removing a library (libseccomp) rewrites the loader's cache.
        "ld_cache": _stamp("/etc/ld.so.cache"),
        "userns": [_read(path) for path in _USERNS_SYSCTLS],
        "namespaces": [_namespace("user"), _namespace("mnt"), _namespace("pid")],
        "confinement": _confinement(),
    }


def cache_file(directory: Path, key: dict[str, Any]) -> Path:
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:32]
    return directory / "sandbox" / f"probe-{digest}.json"


def _checksum(report: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(report, sort_keys=True).encode()).hexdigest()


def valid_report(report: Any, known_layers: tuple[str, ...]) -> bool:
    """A probe report of the expected shape: known layer names, text reasons, an int ABI."""
    if not isinstance(report, dict) or set(report) != {"available", "reasons", "landlock_abi"}:
        return False
    available, reasons, abi = report["available"], report["reasons"], report["landlock_abi"]
    return (
        isinstance(available, list)
        and all(name in known_layers for name in available)
        and len(set(available)) == len(available)
        and isinstance(reasons, dict)
        and all(name in known_layers and isinstance(why, str) for name, why in reasons.items())
        and not set(available) & set(reasons)
        and type(abi) is int
        and abi >= 0
    )


def _trustworthy_file(handle_fd: int) -> bool:
    """Ours, a regular file, and nobody else may write it."""
    status = os.fstat(handle_fd)
    return (
        stat.S_ISREG(status.st_mode)
        and status.st_uid == os.geteuid()
        and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def read_cached_report(
    directory: Path, key: dict[str, Any], known_layers: tuple[str, ...]
) -> dict[str, Any] | None:
    """The cached probe report for ``key``, or None when there is no entry worth trusting."""
    path = cache_file(directory, key)
    try:
        with open(path, "rb") as handle:
            if not _trustworthy_file(handle.fileno()):
                return None
            entry = json.loads(handle.read(64 * 1024))
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("key") != key:
        return None
    report = entry.get("report")
    if not valid_report(report, known_layers) or entry.get("checksum") != _checksum(report):
        return None
    return report


def write_cached_report(directory: Path, key: dict[str, Any], report: dict[str, Any]) -> None:
    """Store ``report`` for ``key`` (owner-only permissions), keeping only the newest
    :data:`PROBE_CACHE_KEPT` entries. Entries of other keys are kept because another
    installation of gradekit or another Python (a second virtualenv, an older version run side
    by side) has a key of its own: dropping them made each of two installations used in turn
    probe again every time, and start a batch without its early zygotes. A disk that refuses
    is not an error: the next check probes again."""
    path = cache_file(directory, key)
    entry = {"key": key, "report": report, "checksum": _checksum(report)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            json.dump(entry, handle)
        os.replace(temporary, path)
        others = []
        for old in path.parent.glob("probe-*.json"):
            if old != path:
                with contextlib.suppress(OSError):
                    others.append((old.stat().st_mtime_ns, old.name, old))
        for _, _, old in sorted(others, reverse=True)[PROBE_CACHE_KEPT - 1 :]:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def forget_cached_reports(directory: Path) -> None:
    """Remove every cached probe report (the next check probes afresh)."""
    for old in (directory / "sandbox").glob("probe-*.json"):
        try:
            old.unlink()
        except OSError:
            pass
