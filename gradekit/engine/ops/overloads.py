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

# The keyword-only tail of the factories' listings.
_FACTORY_TAIL = (
    "Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device "
    "device = None, bool pin_memory = False, bool requires_grad = False)"
)

FUNCTIONS: dict[str, tuple[str, ...]] = {
    "where": (
        "(Tensor condition)",
        "(Tensor condition, Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor condition, Number self, Tensor other)",
        "(Tensor condition, Tensor input, Number other)",
        "(Tensor condition, Number self, Number other)",
    ),
    "rand": (
        "(tuple of ints size, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(tuple of ints size, *, " + _FACTORY_TAIL,
    ),
    "randint": (
        "(int high, tuple of ints size, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(int high, tuple of ints size, *, " + _FACTORY_TAIL,
        "(int low, int high, tuple of ints size, *, torch.Generator generator, " + _FACTORY_TAIL,
        "(int low, int high, tuple of ints size, *, " + _FACTORY_TAIL,
    ),
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
    # (names, types and defaults from torch's own signature strings)
    "sum": (
        "(Tensor input, *, torch.dtype dtype = None)",
        "(Tensor input, tuple of ints dim?, bool keepdim = False, *, torch.dtype dtype = None, "
        "Tensor out = None)",
    ),
    "mean": (
        "(Tensor input, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, tuple of ints dim?, bool keepdim = False, *, torch.dtype dtype = None, "
        "Tensor out = None)",
    ),
    **dict.fromkeys(
        "max min".split(),
        (
            "(Tensor input, *, Tensor out = None)",
            "(Tensor input, Tensor other, *, Tensor out = None)",
            "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
        ),
    ),
    **dict.fromkeys(
        "argmax argmin".split(),
        ("(Tensor input, int dim = None, bool keepdim = False, *, Tensor out = None)",),
    ),
    "count_nonzero": ("(Tensor input, int dim = None)", "(Tensor input, tuple of ints dim)"),
    **dict.fromkeys(
        "cat stack concat".split(),
        ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    ),
    "amax": (
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
    ),
    "amin": (
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
    ),
    "chunk": ("(Tensor input, int chunks, int dim = 0)",),
    "clamp": (
        "(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)",
        "(Tensor input, Number min = None, Number max = None, *, Tensor out = None)",
    ),
    "clamp_max": (
        "(Tensor input, Tensor max, *, Tensor out = None)",
        "(Tensor input, Number max, *, Tensor out = None)",
    ),
    "clamp_min": (
        "(Tensor input, Tensor min, *, Tensor out = None)",
        "(Tensor input, Number min, *, Tensor out = None)",
    ),
    "clip": (
        "(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)",
        "(Tensor input, Number min = None, Number max = None, *, Tensor out = None)",
    ),
    "gather": (
        "(Tensor input, int dim, Tensor index, *, bool sparse_grad = False, Tensor out = None)",
    ),
    "index_select": ("(Tensor input, int dim, Tensor index, *, Tensor out = None)",),
    "log_softmax": ("(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",),
    "masked_fill": (
        "(Tensor input, Tensor mask, Tensor value)",
        "(Tensor input, Tensor mask, Number value)",
    ),
    "masked_select": ("(Tensor input, Tensor mask, *, Tensor out = None)",),
    "movedim": (
        "(Tensor input, int source, int destination)",
        "(Tensor input, tuple of ints source, tuple of ints destination)",
    ),
    "narrow": (
        "(Tensor input, int dim, Tensor start, int length)",
        "(Tensor input, int dim, int start, int length)",
    ),
    "select": ("(Tensor input, int dim, int index)",),
    "softmax": ("(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",),
    "swapaxes": ("(Tensor input, int axis0, int axis1)",),
    "take_along_dim": ("(Tensor input, Tensor indices, int dim = None, *, Tensor out = None)",),
    "transpose": ("(Tensor input, int dim0, int dim1)",),
    "unflatten": ("(Tensor input, int dim, tuple of ints sizes)",),
    "unsqueeze": ("(Tensor input, int dim)",),
}

METHODS: dict[str, tuple[str, ...]] = {
    "where": ("(Tensor condition, Tensor other)", "(Tensor condition, Number other)"),
    "add": (
        "(Tensor other, *, Number alpha = 1)",
        "(Number alpha, Tensor other)|hidden",
    ),
    "mul": ("(Tensor other)",),
    "multiply": ("(Tensor other)", "(Number other)"),
    **dict.fromkeys("eq ne lt le gt ge".split(), ("(Tensor other)", "(Number other)")),
    **dict.fromkeys("softmax log_softmax".split(), ("(int dim, torch.dtype dtype = None)",)),
}
