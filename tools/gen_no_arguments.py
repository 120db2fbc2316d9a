"""Regenerate ``gradekit/engine/ops/no_arguments.py``: torch's Tensor methods without
parameters (C's METH_NOARGS), captured from real torch (the pinned 2.13.0).

Each C method of ``torch._C.TensorBase`` is called on a fresh tensor with one extra
positional argument, written as a method call (``t.sin(arg)``: a bound method object words
its refusal ``Tensor.sin()``, the method call ``TensorBase.sin()``); those refusing it with
CPython's METH_NOARGS words, ``TensorBase.<name>() takes no arguments (1 given)``, are the
list. ``tests/engine/test_no_arguments.py`` compares the stored list with torch's.

Usage::

    python tools/gen_no_arguments.py
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

MODULE = Path(__file__).resolve().parent.parent / "gradekit" / "engine" / "ops" / "no_arguments.py"
PINNED_TORCH = "2.13.0"

_HEADER = '''"""torch {version}'s Tensor methods that take no arguments at all (C's METH_NOARGS,
so a surplus argument gets CPython's ``TensorBase.abs() takes no arguments (1 given)``),
captured from torch by ``tools/gen_no_arguments.py``: do not edit by hand."""

from __future__ import annotations

NO_ARGUMENTS = frozenset(
    """
'''


def no_argument_methods(torch: Any) -> list[str]:
    """The names of torch's METH_NOARGS Tensor methods, found by calling each with an
    extra argument (a refusal before any of torch's code runs: nothing is computed)."""
    names = []
    for name, attribute in sorted(vars(torch._C.TensorBase).items()):
        if type(attribute).__name__ != "method_descriptor":
            continue
        try:
            eval(f"tensor.{name}(extra)", {"tensor": torch.ones(2, 3), "extra": object()})
        except TypeError as error:
            if str(error) == f"TensorBase.{name}() takes no arguments (1 given)":
                names.append(name)
        except Exception:  # noqa: BLE001, S110 - any other outcome: the method takes arguments
            pass
    return names


def module_text(torch: Any) -> str:
    """The module's text for ``torch``'s list."""
    body = textwrap.fill(" ".join(no_argument_methods(torch)), width=91, break_on_hyphens=False)
    return (
        _HEADER.format(version=torch.__version__.split("+")[0])
        + textwrap.indent(body, "    ")
        + '\n    """.split()\n)\n'
    )


if __name__ == "__main__":
    import torch

    if torch.__version__.split("+")[0] != PINNED_TORCH:
        raise SystemExit(f"torch {torch.__version__} is not the pinned {PINNED_TORCH}")
    MODULE.write_text(module_text(torch))
    print(f"wrote {MODULE}")
