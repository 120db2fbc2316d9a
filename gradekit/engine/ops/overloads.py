"""torch 2.13's overloads of the functions whose argument errors the engine words through
``arguments.call_error``, in the form torch's errors list them (``(Tensor input, Number
other)``; a method's listing leaves ``self`` out).

A listing ending in ``|hidden`` is a deprecated overload torch still accepts but never lists.
The listings were copied from torch's own messages (``torch.add()``, ``x.eq()`` …);
``tests/engine/test_argument_sweep.py`` compares the resulting errors with torch's.
"""

from __future__ import annotations

_COMPARISON = (
    "(Tensor input, Tensor other, *, Tensor out = None)",
    "(Tensor input, Number other, *, Tensor out = None)",
)

FUNCTIONS: dict[str, tuple[str, ...]] = {
    "add": (
        "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Number alpha, Tensor other, *, Tensor out = None)|hidden",
        "(Tensor input, Number alpha, Tensor other)|hidden",
    ),
    "mul": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "multiply": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other)",
    ),
    **dict.fromkeys("eq ne lt le gt ge".split(), _COMPARISON),
}

METHODS: dict[str, tuple[str, ...]] = {
    "add": (
        "(Tensor other, *, Number alpha = 1)",
        "(Number alpha, Tensor other)|hidden",
    ),
    "mul": ("(Tensor other)",),
    "multiply": ("(Tensor other)", "(Number other)"),
    **dict.fromkeys("eq ne lt le gt ge".split(), ("(Tensor other)", "(Number other)")),
}
