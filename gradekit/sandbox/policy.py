"""Which isolation layers this machine supports, and what a run demands of them.

:func:`probe_policy` asks a throw-away subprocess (``gradekit.sandbox.probe`` in a
``python -I -S``, see :func:`~gradekit.sandbox.environment.sandbox_interpreter`)
to apply each layer in a forked child and check that it really blocks what it should. The
grader's own process is never restricted by probing. The result is kept for the life of the
process, optionally on disk for later processes (:mod:`gradekit.sandbox.probe_cache`), and
recorded in every result's ``isolation`` report.

Tiers:

* 0 — separate process, clean environment, private scratch directory, deadlines, capped
  output, rlimits where the OS has them. Always.
* 1 — tier 0 plus a subreaper tree-kill, Landlock and seccomp (Linux, no privileges needed).
* 2 — tier 1 plus bubblewrap around the launcher: its own network, IPC, UTS and mount
  namespaces (no network at all, read-only filesystem, private /tmp). Used when ``bwrap`` is
  installed and user namespaces work; otherwise the probe records why not.
"""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from gradekit.sandbox import probe_cache
from gradekit.sandbox.environment import sandbox_interpreter
from gradekit.sandbox.layers import Limits

TIER1_LAYERS = frozenset({"subreaper", "landlock", "seccomp"})
PROBED_LAYERS = probe_cache.PROBED_LAYERS


class SandboxUnavailable(RuntimeError):
    """The policy demands more isolation than this machine provides."""


@dataclass(frozen=True)
class ProbeResult:
    """Layers that work here, and a reason for each that does not.

    ``from_cache`` says the answer was read from the on-disk probe cache rather than probed by
    this process (:func:`probe_layers`).
    """

    available: tuple[str, ...]
    reasons: dict[str, str]
    landlock_abi: int = 0
    from_cache: bool = False

    def to_report(self) -> dict:
        """The probe's own JSON report of this result."""
        return {
            "available": list(self.available),
            "reasons": dict(self.reasons),
            "landlock_abi": self.landlock_abi,
        }


# This process's answer: the probe runs (or the disk cache is read) once per process.
_probed: ProbeResult | None = None
_probe_lock = threading.Lock()


def probe_layers(cache_dir: Path | None = None, *, refresh: bool = False) -> ProbeResult:
    """Which layers work here, asked once per process (a probe costs about 0.1-0.3 s).

    With ``cache_dir`` (gradekit's cache directory) the answer is also kept on disk for later
    processes on the same machine (:mod:`gradekit.sandbox.probe_cache`), and read from there
    when its key still matches. ``refresh`` ignores both this process's answer and the disk
    cache, probes afresh and stores the new answer.
    """
    global _probed
    with _probe_lock:
        known = None if refresh else _known_probe(cache_dir)
        if known is not None:
            return known
        result = _run_probe()
        if cache_dir is not None and _trusted_answer(result):
            probe_cache.write_cached_report(
                cache_dir, probe_cache.machine_key(), result.to_report()
            )
        _probed = result
        return result


def known_probe(cache_dir: Path | None = None) -> ProbeResult | None:
    """This process's answer, else the disk cache's (see :func:`probe_layers`); None when
    only running the probe can tell. Never starts a process."""
    with _probe_lock:
        return _known_probe(cache_dir)


def _known_probe(cache_dir: Path | None) -> ProbeResult | None:
    global _probed
    if _probed is None and cache_dir is not None:
        report = probe_cache.read_cached_report(cache_dir, probe_cache.machine_key(), PROBED_LAYERS)
        if report is not None:
            _probed = _result_of(report, from_cache=True)
    return _probed


def _trusted_answer(result: ProbeResult) -> bool:
    """A probe that failed as a whole (the interpreter crashed, timed out) says nothing about
    the machine: it is not worth keeping."""
    return bool(result.available) or not all(
        reason.startswith("the layer probe failed") for reason in result.reasons.values()
    )


def _result_of(report: dict, *, from_cache: bool = False) -> ProbeResult:
    available = tuple(str(name) for name in report["available"])
    reasons = {str(k): str(v) for k, v in report["reasons"].items()}
    return ProbeResult(available, reasons, int(report.get("landlock_abi", 0)), from_cache)


def _run_probe() -> ProbeResult:
    """Ask a throw-away interpreter (``python -I -S``, as every sandbox interpreter, running
    ``gradekit.sandbox.probe``)."""
    command = sandbox_interpreter("gradekit.sandbox.probe")
    try:
        completed = subprocess.run(
            command, capture_output=True, timeout=60, stdin=subprocess.DEVNULL, check=False
        )
        report = json.loads(completed.stdout.decode("utf-8"))
        if not probe_cache.valid_report(report, PROBED_LAYERS):
            raise ValueError(f"unexpected probe report {report!r}")
        return _result_of(report)
    except (OSError, subprocess.SubprocessError, ValueError, KeyError, TypeError) as exc:
        reason = f"the layer probe failed ({type(exc).__name__}: {exc})"
        return ProbeResult((), {name: reason for name in PROBED_LAYERS})


@dataclass(frozen=True)
class SandboxPolicy:
    """How submissions are isolated.

    ``require_tier`` makes :meth:`ensure_allowed` fail closed below that tier unless
    ``allow_weak`` (the CLI's ``--allow-weak-sandbox``). ``disabled_layers`` turns layers off
    on purpose (diagnostics, and the tests that prove each layer matters).
    """

    require_tier: int = 0
    allow_weak: bool = False
    disabled_layers: frozenset[str] = frozenset()
    limits: Limits = field(default_factory=Limits)
    startup_timeout: float = 120.0
    load_timeout: float = 10.0
    call_grace: float = 1.0
    output_limit: int = 1024 * 1024
    result_limit: int = 64 * 1024 * 1024
    restart_after_crash: bool = True

    @property
    def probe(self) -> ProbeResult:
        return probe_layers()

    @property
    def layers(self) -> tuple[str, ...]:
        """Layers this policy will use here (``process`` is tier 0's separate process)."""
        usable = [name for name in self.probe.available if name not in self.disabled_layers]
        return ("process", *usable)

    @property
    def degraded(self) -> dict[str, str]:
        """Why each known layer is not in :attr:`layers`."""
        reasons = {}
        for name in PROBED_LAYERS:
            if name in self.disabled_layers:
                reasons[name] = "disabled by the sandbox policy"
            elif name not in self.probe.available:
                reasons[name] = self.probe.reasons.get(name, "not available")
        return reasons

    @property
    def tier(self) -> int:
        return tier_of(self.layers)

    def ensure_allowed(self) -> None:
        """Raise :class:`SandboxUnavailable` if this machine is below ``require_tier``."""
        if self.tier >= self.require_tier or self.allow_weak:
            return
        missing = "; ".join(
            f"{name}: {reason}" for name, reason in self.degraded.items() if name in TIER1_LAYERS
        )
        raise SandboxUnavailable(
            f"this run requires sandbox tier {self.require_tier}, but only tier {self.tier} is "
            f"available here ({missing}). Grade on a Linux machine with Landlock and seccomp, "
            "or pass --allow-weak-sandbox to accept weaker isolation."
        )


def forget_contradicted_probe(
    policy: SandboxPolicy, degraded: Iterable[str], cache_dir: Path | None
) -> bool:
    """A layer the cached probe answer promised failed in a worker (``degraded``: the run's
    ``isolation.degraded``, which already reports it): delete the cached answer, so that the
    next run probes this machine afresh. Returns whether it did."""
    probe = policy.probe
    if not probe.from_cache or cache_dir is None:
        return False
    failed = set(degraded) - policy.disabled_layers
    if not failed & set(probe.available):
        return False
    probe_cache.forget_cached_reports(cache_dir)
    return True


def tier_of(layers: tuple[str, ...] | list[str]) -> int:
    """Tier reached by a set of layers in force."""
    present = set(layers)
    if TIER1_LAYERS <= present:
        return 2 if "bubblewrap" in present else 1
    return 0


def probe_policy() -> SandboxPolicy:
    """The default policy, with the (cached) probe of this machine already run."""
    policy = SandboxPolicy()
    policy.probe  # noqa: B018 - run and cache the probe now rather than on first use
    return policy
