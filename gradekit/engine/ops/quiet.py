"""numpy without its floating-point warnings, for the engine's own arithmetic.

torch is silent when arithmetic makes inf or nan (``inf - inf``, a float32 overflow,
``sin(inf)``, ``log(0)``, ``0 / 0``); numpy warns ("RuntimeWarning: invalid value
encountered in subtract").  The engine must be as silent as torch without changing
numpy's error state for the student's own numpy calls, so it cannot use ``np.seterr``.

numpy keeps its error state in a context variable.  ``_QUIET_CONTEXT`` is a
``contextvars.Context`` in which that state is "ignore everything";
``run_quietly(function, *args)`` (the context's ``run``) calls a numpy function inside
it.  That is a C-level context switch, about 240 instructions per call, where
``np.errstate`` costs about 5 us and setting the context variable and resetting it
about 1,650 instructions.  Code outside the call, the student's included, keeps its own
state.

A context can be entered once at a time: ``run_quietly`` raises RuntimeError ("cannot
enter context ... is already entered") when it is already running, which happens only
when another thread is inside a quiet numpy call (numpy releases the GIL in long loops)
or a finalizer runs engine code during one.  ``quiet_call`` handles that; the hot call
sites that use ``run_quietly`` directly catch RuntimeError and pass it to
``retry_quietly``.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

try:
    # np.errstate(all="ignore") rebuilds numpy's error-state object on every entry
    # (about 5 us); build it once and set the context variable directly.  Private numpy
    # API, hence the fallback below.
    from numpy._core._ufunc_config import _extobj_contextvar, _make_extobj

    _QUIET_EXTOBJ = _make_extobj(all="ignore")
except (ImportError, TypeError):  # another numpy layout: use the public API
    _extobj_contextvar = None

_QUIET_CONTEXT = contextvars.Context()
# Enter np.errstate inside the context and never leave it: from then on numpy's state in
# that context is "ignore" (public API only; the state lives in the context's copy).
_QUIET_CONTEXT.run(np.errstate(all="ignore").__enter__)

run_quietly: Callable[..., Any] = _QUIET_CONTEXT.run


def retry_quietly(
    error: RuntimeError, function: Callable[..., Any], *args: Any, **kwargs: Any
) -> Any:
    """After ``run_quietly(function, ...)`` raised ``error``: when the quiet context was
    busy (another thread, or a finalizer, is inside it), call ``function`` under
    ``np.errstate`` instead; any other RuntimeError is re-raised."""
    if not str(error).startswith("cannot enter context"):
        raise error
    with np.errstate(all="ignore"):
        return function(*args, **kwargs)


def quiet_call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)`` with numpy's floating-point warnings off."""
    try:
        return run_quietly(function, *args, **kwargs)
    except RuntimeError as error:
        return retry_quietly(error, function, *args, **kwargs)


def enter_quiet_numpy() -> object:
    """Enter ``np.errstate(all="ignore")`` cheaply, in the current context (so engine code
    called meanwhile can still use ``run_quietly``); pass the result to
    ``exit_quiet_numpy``."""
    if _extobj_contextvar is not None:
        return _extobj_contextvar.set(_QUIET_EXTOBJ)
    state = np.errstate(all="ignore")
    state.__enter__()
    return state


def exit_quiet_numpy(token: object) -> None:
    if _extobj_contextvar is not None:
        _extobj_contextvar.reset(token)  # type: ignore[arg-type]
    else:
        token.__exit__(None, None, None)  # type: ignore[attr-defined]


Function = TypeVar("Function", bound=Callable[..., Any])


def quiet_op(function: Function) -> Function:
    """Decorator for ops off the hot path that do several numpy steps (losses, norms,
    softmax): the whole op runs with numpy's floating-point warnings off."""

    @functools.wraps(function)
    def quiet_function(*args: Any, **kwargs: Any) -> Any:
        token = enter_quiet_numpy()
        try:
            return function(*args, **kwargs)
        finally:
            exit_quiet_numpy(token)

    return quiet_function  # type: ignore[return-value]
