"""Grad mode: whether ops record a graph.  Context managers that double as decorators.

The flag is a plain module attribute (``grad_mode.enabled``) because every op reads it;
student code runs single-threaded in the sandbox, so torch's thread-local is not needed.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

enabled: bool = True
inference: bool = False
# The grad mode the code asked for. It differs from ``enabled`` (whether ops record) only in
# inference mode, where torch reports enable_grad()/set_grad_enabled(True) but records nothing.
requested: bool = True

F = TypeVar("F", bound=Callable[..., Any])


def is_grad_enabled() -> bool:
    return requested if inference else enabled


def _switch(mode: bool) -> None:
    """Ask for grad mode ``mode``; inference mode keeps recording off whatever is asked."""
    global enabled, requested
    requested = mode
    enabled = mode and not inference


def is_inference_mode_enabled() -> bool:
    return inference


class _GradModeContext:
    """Base of no_grad / enable_grad / set_grad_enabled / inference_mode."""

    _target: bool = True

    def __init__(self) -> None:
        self._saved: list[tuple[bool, bool]] = []

    def _enter_mode(self) -> None:
        _switch(self._target)

    def __enter__(self) -> None:
        self._saved.append((enabled, inference, requested))
        self._enter_mode()

    def __exit__(self, *exc_info: object) -> None:
        global enabled, inference, requested
        enabled, inference, requested = self._saved.pop()

    def clone(self) -> _GradModeContext:
        return self.__class__()

    def __call__(self, func: F) -> F:
        """Use as a decorator: ``@torch.no_grad()`` (also on generator functions)."""
        if inspect.isgeneratorfunction(func):

            @functools.wraps(func)
            def generator_wrapper(*args: Any, **kwargs: Any) -> Any:
                gen = func(*args, **kwargs)
                # Re-enter the mode around each step, so the caller's mode is untouched.
                try:
                    with self.clone():
                        request = gen.send(None)
                    while True:
                        response = yield request
                        with self.clone():
                            request = gen.send(response)
                except StopIteration as stop:
                    return stop.value

            return generator_wrapper  # type: ignore[return-value]

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self.clone():
                return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


class no_grad(_GradModeContext):  # noqa: N801 - torch's name
    """Disable graph recording: ``with torch.no_grad():`` or ``@torch.no_grad()``."""

    _target = False

    def __new__(cls, orig_func: Callable[..., Any] | None = None) -> Any:
        # torch allows the bare decorator form ``@torch.no_grad`` too: any argument is the
        # function to decorate (``no_grad(False)`` is a function, no context manager)
        instance = super().__new__(cls)
        if orig_func is not None:
            instance.__init__()
            return instance(orig_func)
        return instance

    def __init__(self, orig_func: Callable[..., Any] | None = None) -> None:
        super().__init__()


class enable_grad(no_grad):  # noqa: N801 - torch's name
    """Re-enable graph recording inside a ``no_grad`` block."""

    _target = True


class set_grad_enabled(_GradModeContext):  # noqa: N801 - torch's name
    """``set_grad_enabled(False)`` switches the mode immediately, and also works as a
    context manager (restoring the previous mode on exit) or a decorator."""

    def __init__(self, mode: bool) -> None:
        if type(mode) is not bool:  # torch's parser takes a bool only, not a truthy value
            from .. import errors
            from ..ops.arguments import type_name

            raise errors.error(
                "argument_type",
                name="set_grad_enabled",
                parameter="enabled",
                where=" (position 1)",
                expected="bool",
                got=type_name(mode),
            )
        super().__init__()
        self._target = mode
        self._previous = (enabled, inference, requested)
        _switch(self._target)  # torch applies the mode at construction time

    def __enter__(self) -> None:
        self._saved.append(self._previous)
        _switch(self._target)

    def __call__(self, func: F) -> F:
        """As a decorator, the mode applies inside ``func`` only (torch restores it here)."""
        global enabled, inference, requested
        enabled, inference, requested = self._previous
        return super().__call__(func)

    def __repr__(self) -> str:  # (torch's str, which its repr returns)
        return f"torch.autograd.grad_mode.set_grad_enabled(mode={self._target})"

    __str__ = __repr__

    def clone(self) -> _GradModeContext:
        global enabled, inference, requested
        previous = (enabled, inference, requested)
        copy = set_grad_enabled(self._target)
        enabled, inference, requested = previous  # constructing the copy must not switch yet
        return copy


class inference_mode(_GradModeContext):  # noqa: N801 - torch's name
    """Like no_grad; results report ``is_inference() == True``."""

    def __new__(cls, mode: Any = True) -> Any:
        # torch allows the bare decorator form ``@torch.inference_mode`` too: whatever is
        # not a bool is the function to decorate
        instance = super().__new__(cls)
        if not isinstance(mode, bool):
            instance.__init__()
            return instance(mode)
        return instance

    def __init__(self, mode: bool = True) -> None:
        super().__init__()
        self._mode = bool(mode)
        self._target = not self._mode

    def _enter_mode(self) -> None:
        global inference
        inference = self._mode
        _switch(self._target)

    def clone(self) -> _GradModeContext:
        return inference_mode(self._mode)


# They print as torch's do (<class 'torch.autograd.grad_mode.no_grad'>).
for _context in (no_grad, enable_grad, set_grad_enabled, inference_mode):
    _context.__module__ = "torch.autograd.grad_mode"
del _context
