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
    "sub": (
        "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Number alpha, Tensor other, *, Tensor out = None)|hidden",
        "(Tensor input, Number alpha, Tensor other)|hidden",
    ),
    "div": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
        "(Tensor input, Number other, *, str rounding_mode)",
        "(Tensor input, Number other)|hidden",
    ),
    **dict.fromkeys(
        "true_divide floor_divide".split(),
        ("(Tensor input, Tensor other, *, Tensor out = None)", "(Tensor input, Number other)"),
    ),
    **dict.fromkeys(
        "maximum minimum logical_and logical_or matmul".split(),
        ("(Tensor input, Tensor other, *, Tensor out = None)",),
    ),
    "mm": (
        "(Tensor input, Tensor mat2, *, Tensor out = None)",
        "(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)",
    ),
    "bmm": (
        "(Tensor input, Tensor mat2, *, Tensor out = None)",
        "(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)",
    ),
    "mv": ("(Tensor input, Tensor vec, *, Tensor out = None)",),
    "dot": ("(Tensor input, Tensor tensor, *, Tensor out = None)",),
    "outer": ("(Tensor input, Tensor vec2, *, Tensor out = None)",),
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
