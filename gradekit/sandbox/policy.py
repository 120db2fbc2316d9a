"""Which isolation layers this machine supports, and what a run demands of them.

:func:`probe_policy` asks a throw-away subprocess (``python -I -m gradekit.sandbox.probe``)
to apply each layer in a forked child and check that it really blocks what it should. The
grader's own process is never restricted by probing. The result is cached for the life of the
process and recorded in every result's ``isolation`` report.

Tiers:

* 0 — separate process, clean environment, private scratch directory, deadlines, capped
  output, rlimits where the OS has them. Always.
* 1 — tier 0 plus a subreaper tree-kill, Landlock and seccomp (Linux, no privileges needed).
* 2 — tier 1 plus bubblewrap around the launcher: its own network, IPC, UTS and mount
  namespaces (no network at all, read-only filesystem, private /tmp). Used when ``bwrap`` is
  installed and user namespaces work; otherwise the probe records why not.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from dataclasses import dataclass, field

from gradekit.sandbox.layers import Limits

TIER1_LAYERS = frozenset({"subreaper", "landlock", "seccomp"})
PROBED_LAYERS = ("rlimits", "subreaper", "landlock", "seccomp", "capabilities", "bubblewrap")


class SandboxUnavailable(RuntimeError):
    """The policy demands more isolation than this machine provides."""


@dataclass(frozen=True)
class ProbeResult:
    """Layers that work here, and a reason for each that does not."""

    available: tuple[str, ...]
    reasons: dict[str, str]
    landlock_abi: int = 0


@functools.lru_cache(maxsize=1)
def probe_layers() -> ProbeResult:
    """Run the probe once per process (about 0.1 s) and cache its verdict."""
    command = [sys.executable, "-I", "-m", "gradekit.sandbox.probe"]
    try:
        completed = subprocess.run(
            command, capture_output=True, timeout=60, stdin=subprocess.DEVNULL, check=False
        )
        report = json.loads(completed.stdout.decode("utf-8"))
        available = tuple(str(name) for name in report["available"])
        reasons = {str(k): str(v) for k, v in report["reasons"].items()}
        return ProbeResult(available, reasons, int(report.get("landlock_abi", 0)))
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
