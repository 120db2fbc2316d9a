"""torch 2.13's overloads of the namespace functions whose argument errors the engine words
as torch does, in the form torch's errors list them (``(Tensor input, Number other)``).

A listing ending in ``|hidden`` is a deprecated overload torch still accepts but never lists.
The listings were copied from torch's own messages (``torch.add()``, ``torch.eq()`` …);
``tests/engine/test_argument_sweep.py`` compares the resulting errors with torch's.
"""

from __future__ import annotations

_UNARY = ("(Tensor input, *, Tensor out = None)",)
_TENSOR_PAIR = ("(Tensor input, Tensor other, *, Tensor out = None)",)
_COMPARISON = (
    "(Tensor input, Tensor other, *, Tensor out = None)",
    "(Tensor input, Number other, *, Tensor out = None)",
)
_BY_TENSOR_OR_NUMBER = (
    "(Tensor input, Tensor other, *, Tensor out = None)",
    "(Tensor input, Number other)",
)
_ADD = (
    "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
    "(Tensor input, Number alpha, Tensor other, *, Tensor out = None)|hidden",
    "(Tensor input, Number alpha, Tensor other)|hidden",
)

NAMESPACE: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        "abs neg negative exp log sqrt sin cos tanh sigmoid relu reciprocal sgn sign square "
        "isfinite isinf isnan logical_not".split(),
        _UNARY,
    ),
    **dict.fromkeys("mul maximum minimum logical_and logical_or".split(), _TENSOR_PAIR),
    **dict.fromkeys("eq ne lt le gt ge".split(), _COMPARISON),
    **dict.fromkeys("multiply true_divide floor_divide".split(), _BY_TENSOR_OR_NUMBER),
    "add": _ADD,
    "sub": _ADD,
    "subtract": (
        "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Number other, Number alpha = 1)",
    ),
    "div": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
        "(Tensor input, Number other, *, str rounding_mode)",
        "(Tensor input, Number other)|hidden",
    ),
    "divide": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
        "(Tensor input, Number other)",
        "(Tensor input, Number other, *, str rounding_mode)",
    ),
    "remainder": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Number self, Tensor other)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "pow": (
        "(Tensor input, Tensor exponent, *, Tensor out = None)",
        "(Number self, Tensor exponent, *, Tensor out = None)",
        "(Tensor input, Number exponent, *, Tensor out = None)",
    ),
}

# Tensor methods wrapped the same way: only those whose shared code would otherwise answer
# NotImplemented (a value, not an error) for a foreign operand.
METHODS: dict[str, tuple[str, ...]] = dict.fromkeys(
    "eq ne lt le gt ge".split(), ("(Tensor other)", "(Number other)")
)
