"""torch.cuda as torch answers it on a machine without a GPU: the engine computes on the CPU
only, so CUDA is never available. Course code asks this on every start
(``device = "cuda" if torch.cuda.is_available() else "cpu"``); anything that would need a
GPU is refused with the engine's clear error, like every API outside the subset."""

from __future__ import annotations

from .torch_names import namespace_hooks as _namespace_hooks

__all__ = ["device_count", "is_available", "is_initialized", "manual_seed", "manual_seed_all"]


def is_available() -> bool:
    """False: the engine has no CUDA device."""
    return False


def device_count() -> int:
    """0: the engine has no CUDA device."""
    return 0


def is_initialized() -> bool:
    """False: CUDA is never initialised in the engine."""
    return False


def manual_seed(seed: int) -> None:
    """Ignored, as torch ignores it without CUDA (seed the CPU with ``torch.manual_seed``)."""
    int(seed)  # (torch converts the seed first: a non-number still raises)


def manual_seed_all(seed: int) -> None:
    """Ignored, as torch ignores it without CUDA (seed the CPU with ``torch.manual_seed``)."""
    int(seed)


__getattr__, __dir__ = _namespace_hooks("torch.cuda", globals())


# names torch's torch.cuda does not have (the imports' helpers; see torch_names.py)
del annotations
