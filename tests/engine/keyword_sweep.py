"""The keyword counterpart of ``argument_sweep.py``: every working call of that sweep (and
the keyword calls students write most) rewritten with

(a) its arguments given by keyword: each trailing run of them (``f(A, 0, dim1=1)``,
    ``f(A, dim0=0, dim1=1)``, ``f(input=A, dim0=0, dim1=1)``), all of them in reverse order,
    and the optional parameters torch lets a caller add by name (``keepdim=True``);
(b) the positional forms of a size or dims that torch accepts or rejects differently
    (``x.flip(0)``, ``torch.flip(A, 0)``, ``x.view((3, 2))``, ``torch.permute(A, 1, 0)``);
(c) a wrong keyword name (``dimm=``), and a keyword that repeats a positional argument.

``cases()`` lists the calls as source snippets; ``outcome`` (from ``argument_sweep``)
evaluates one against a torch-like module. Run this file to print the mismatches::

    python tests/engine/keyword_sweep.py            # the table of differences
    python tests/engine/keyword_sweep.py --write    # rewrite the golden file (needs torch)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from argument_sweep import _call, _split_call, base_calls, outcome
from sweep_table import MISSING, MULTIPLE, TAKES, UNEXPECTED, main, python_binding, write_json
from sweep_table import mismatches as _mismatches

# torch's parameter names, in order, of each function the sweep calls (the Tensor method
# takes the same ones without the first). From torch 2.13's signatures (``torch.X.__doc__``,
# the parser's messages, ``inspect.signature`` for the Python-level ones).
_INPUT = ("input",)
_BINARY = ("input", "other")
PARAMETERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        "abs neg negative exp log sqrt sin cos tanh sigmoid relu reciprocal sgn sign square "
        "isfinite isinf isnan logical_not clone ravel t numel is_floating_point nonzero "
        "zeros_like ones_like".split(),
        _INPUT,
    ),
    **dict.fromkeys(
        "add sub mul div divide multiply subtract true_divide floor_divide remainder maximum "
        "minimum eq ne lt le gt ge logical_and logical_or equal matmul".split(),
        _BINARY,
    ),
    "pow": ("input", "exponent"),
    "isclose": ("input", "other", "rtol", "atol", "equal_nan"),
    "allclose": ("input", "other", "rtol", "atol", "equal_nan"),
    "flatten": ("input", "start_dim", "end_dim"),
    "count_nonzero": ("input", "dim"),
    "all": ("input", "dim", "keepdim"),
    "any": ("input", "dim", "keepdim"),
    "argmax": ("input", "dim", "keepdim"),
    "argmin": ("input", "dim", "keepdim"),
    "sum": ("input", "dim", "keepdim"),
    "mean": ("input", "dim", "keepdim"),
    "max": ("input", "dim", "keepdim"),
    "min": ("input", "dim", "keepdim"),
    "amax": ("input", "dim", "keepdim"),
    "amin": ("input", "dim", "keepdim"),
    "norm": ("input", "p", "dim", "keepdim"),
    "mm": ("input", "mat2"),
    "bmm": ("input", "mat2"),
    "mv": ("input", "vec"),
    "dot": ("input", "tensor"),
    "outer": ("input", "vec2"),
    "ger": ("input", "vec2"),
    "transpose": ("input", "dim0", "dim1"),
    "swapdims": ("input", "dim0", "dim1"),
    "swapaxes": ("input", "axis0", "axis1"),
    "unsqueeze": ("input", "dim"),
    "squeeze": ("input", "dim"),
    "select": ("input", "dim", "index"),
    "narrow": ("input", "dim", "start", "length"),
    "movedim": ("input", "source", "destination"),
    "flip": ("input", "dims"),
    "permute": ("input", "dims"),
    "split": ("tensor", "split_size_or_sections", "dim"),
    "chunk": ("input", "chunks", "dim"),
    "unflatten": ("input", "dim", "sizes"),
    "reshape": ("input", "shape"),
    "broadcast_to": ("input", "size"),
    "take_along_dim": ("input", "indices", "dim"),
    "gather": ("input", "dim", "index"),
    "index_select": ("input", "dim", "index"),
    "masked_fill": ("input", "mask", "value"),
    "masked_select": ("input", "mask"),
    "softmax": ("input", "dim", "dtype"),
    "log_softmax": ("input", "dim", "dtype"),
    "clamp": ("input", "min", "max"),
    "clip": ("input", "min", "max"),
    "clamp_min": ("input", "min"),
    "clamp_max": ("input", "max"),
    "cat": ("tensors", "dim"),
    "stack": ("tensors", "dim"),
    "concat": ("tensors", "dim"),
    "where": ("condition", "input", "other"),
    "full_like": ("input", "fill_value"),
    "eye": ("n", "m"),
    "arange": ("end",),
    "linspace": ("start", "end", "steps"),
    "full": ("size", "fill_value"),
    "tensor": ("data",),
    "as_tensor": ("data",),
    "unbind": ("input", "dim"),
    "index_put": ("input", "indices", "values", "accumulate"),
    "mse_loss": ("input", "target"),
    "binary_cross_entropy": ("input", "target"),
    "binary_cross_entropy_with_logits": ("input", "target"),
    "cross_entropy": ("input", "target"),
    "nll_loss": ("input", "target"),
}
# Tensor methods whose names differ from the function's (without self), or that have no
# function in the sweep.
METHOD_PARAMETERS: dict[str, tuple[str, ...]] = {
    "split": ("split_size", "dim"),
    "view": ("size",),
    "expand": ("size",),
    "repeat": ("repeats",),
    **dict.fromkeys("expand_as reshape_as view_as type_as".split(), ("other",)),
    "new_zeros": ("size",),
    "new_ones": ("size",),
    "new_full": ("size", "fill_value"),
    "new_tensor": ("data",),
    "fill_": ("value",),
    "copy_": ("other",),
    **dict.fromkeys("add_ mul_ sub_ div_".split(), ("other",)),
    "pow_": ("exponent",),
    "clamp_": ("min", "max"),
    "masked_fill_": ("mask", "value"),
    "index_put_": ("indices", "values"),
    "size": ("dim",),
    "stride": ("dim",),
    "to": ("dtype",),
    "type": ("dtype",),
    "backward": ("gradient",),
    "where": ("condition", "other"),
}

# The keyword calls students write, beyond the sweep's working calls (each also goes
# through (a) to (c)).
STUDENT_CALLS = [
    "A.sum(1, True)",
    "torch.sum(A, 1, True)",
    "A.sum((0, 1))",
    "A.mean(1, True)",
    "torch.mean(A, 1, True)",
    "A.max(1)",
    "A.max(1, True)",
    "torch.max(A, 1)",
    "A.min(1, True)",
    "torch.min(A, 1)",
    "A.argmax(1, True)",
    "torch.argmax(A, 1)",
    "A.argmin(1)",
    "A.amax(1, True)",
    "A.all(1)",
    "A.any(1, True)",
    "torch.count_nonzero(A, 1)",
    "A.count_nonzero(1)",
    "A.norm(2, 1)",
    "torch.norm(A, 2, 1, True)",
    "A.flatten(0, 1)",
    "torch.flatten(A, 0, 1)",
    "torch.cat([A, A], 1)",
    "torch.stack([A, A], 1)",
    "torch.unbind(A, 1)",
    "A.unbind(1)",
    "torch.chunk(A, 3, 1)",
    "A.split(2, 1)",
    "torch.split(A, 2, 1)",
    "torch.softmax(A, -1)",
    "torch.nn.functional.softmax(A, -1)",
    "torch.nn.functional.log_softmax(A, -1)",
    "A.softmax(-1)",
    "torch.clamp(A, 0.0)",
    "A.clamp(0.0)",
    "A.where(M, A)",
    "torch.eye(2, 3)",
    "torch.isclose(A, A, 1e-05, 1e-08, True)",
    "A.add(A)",
    "W.backward(W)",
]

# Optional parameters torch takes by name that the working calls leave out, added to each
# call of the function or method: name -> keyword arguments (source text).
EXTRA_KEYWORDS: dict[str, list[str]] = {
    "sum": ["keepdim=True", "dtype=torch.float64"],
    "mean": ["keepdim=True", "dtype=torch.float64"],
    "softmax": ["dtype=torch.float64"],
    "log_softmax": ["dtype=torch.float64"],
    "add": ["alpha=2"],
    "sub": ["alpha=2"],
    "subtract": ["alpha=2"],
    "div": ["rounding_mode='floor'"],
    "divide": ["rounding_mode='trunc'"],
    "clone": ["memory_format=torch.contiguous_format"],
    "tensor": ["dtype=torch.float64", "requires_grad=True"],
    "as_tensor": ["dtype=torch.float64"],
    "full": ["dtype=torch.float64", "requires_grad=True"],
    "eye": ["dtype=torch.float64"],
    "arange": ["dtype=torch.float64"],
    "linspace": ["dtype=torch.float64"],
    "zeros_like": ["dtype=torch.float64"],
    "ones_like": ["dtype=torch.float64"],
    "full_like": ["dtype=torch.float64"],
    "new_zeros": ["dtype=torch.float64"],
    "new_ones": ["dtype=torch.float64"],
    "new_full": ["dtype=torch.float64"],
    "new_tensor": ["dtype=torch.float64", "requires_grad=True"],
    "to": ["copy=True"],
    "cross_entropy": ["reduction='sum'", "label_smoothing=0.1"],
    "nll_loss": ["reduction='sum'"],
    "mse_loss": ["reduction='sum'"],
    "binary_cross_entropy": ["reduction='none'"],
    "binary_cross_entropy_with_logits": ["reduction='none'"],
    "relu": ["inplace=False"],
    "backward": ["retain_graph=True"],
    "index_put": ["accumulate=True"],
    "index_put_": ["accumulate=True"],
    "requires_grad_": ["requires_grad=False"],
    "copy_": ["non_blocking=False"],
    "gather": ["sparse_grad=False"],
}

# (b) Sizes and dims given as several positional arguments or as one sequence.
SIZE_FORMS = [
    "torch.flip(A, 0)",
    "torch.flip(A, 0, 1)",
    "torch.flip(A, [0, 1])",
    "A.flip(0)",
    "A.flip(0, 1)",
    "A.flip([0])",
    "A.flip(dims=0)",
    "torch.flip(A, dims=0)",
    "torch.permute(A, 1, 0)",
    "torch.permute(A, [1, 0])",
    "A.permute([1, 0])",
    "A.permute(dims=[1, 0])",
    "A.permute(1, dims=0)",
    "A.view((3, 2))",
    "A.view([3, 2])",
    "A.view(-1)",
    "A.view(size=-1)",
    "A.view(size=(3, 2))",
    "A.view(3, size=2)",
    "A.view(dtype=torch.float64)",
    "torch.reshape(A, 3, 2)",
    "torch.reshape(A, -1)",
    "torch.reshape(A, [3, 2])",
    "A.reshape((3, 2))",
    "A.reshape(3, 2)",
    "A.reshape(-1)",
    "A.reshape(shape=-1)",
    "A.reshape(shape=[3, 2])",
    "A.repeat((2, 1))",
    "A.repeat([2, 1])",
    "A.repeat(repeats=(2, 1))",
    "A.repeat(repeats=2)",
    "A.expand((2, 3))",
    "A.expand([2, 3])",
    "A.expand(size=(2, 3))",
    "A.expand(2, 3, implicit=False)",
    "torch.broadcast_to(A, 2, 3)",
    "A.broadcast_to(2, 3)",
    "A.broadcast_to(size=(2, 3))",
    "torch.zeros(size=(2, 3))",
    "torch.ones(size=(2, 3))",
    "torch.zeros(size=2)",
    "torch.ones((2, 3), dtype=torch.float64)",
    "torch.zeros(2, 3, requires_grad=True)",
    "torch.empty(size=(2,)).shape",
    "A.new_zeros(2, 3)",
    "A.new_ones(size=(2,))",
    "A.new_zeros(size=2)",
    "A.squeeze(dim=(0,))",
    "A.sum(dim=(0, 1))",
    "A.sum(dim=[0])",
    "A.mean(dim=(0, 1), keepdim=True)",
    "A.amax(dim=(0, 1))",
    "A.movedim(source=(0,), destination=(1,))",
    "torch.movedim(A, source=0, destination=1)",
    "A.unflatten(dim=1, sizes=(3, 1))",
    "torch.unflatten(A, dim=1, sizes=[3, 1])",
    "A.size(dim=0)",
    "A.stride(dim=1)",
    "torch.arange(start=0, end=3)",
    "torch.arange(0, 3, step=1)",
    "torch.arange(start=1, end=4, step=2)",
    "torch.linspace(start=0, end=1, steps=3)",
    "torch.eye(n=2, m=3)",
    "torch.full(size=(2,), fill_value=1.0)",
    "torch.tensor(data=[1.0])",
    "torch.randn(2, 3, generator=None).shape",
    "A.to(torch.float64, copy=True)",
    "A.to(dtype=torch.float64)",
    "A.type(dtype=torch.float64)",
    "A.to(other=A)",
    "A.type_as(other=A)",
    "A.requires_grad_(requires_grad=True)",
    "A.clamp(min=0.0)",
    "A.clamp(max=1.0)",
    "torch.clamp(A, max=1.0)",
    "A.clamp_(min=0.0)",
    "A.clip(max=0.5)",
    "torch.where(condition=M, input=A, other=A)",
    "torch.where(M, A, other=0.0)",
    "torch.where(M, 1.0, 0.0)",
    "torch.max(A, other=A)",
    "A.max(other=A)",
    "torch.min(input=A, other=A)",
    "torch.nn.functional.relu(A, inplace=False)",
    "torch.nn.functional.softmax(A, dim=-1, dtype=torch.float64)",
    "torch.nn.functional.softmax(input=A, dim=1)",
    "torch.nn.functional.log_softmax(A, dim=-1)",
    "torch.nn.functional.leaky_relu(A, negative_slope=0.1)",
    "torch.nn.functional.leaky_relu(input=A)",
    "torch.nn.functional.linear(input=A, weight=B.t())",
    "torch.nn.functional.linear(A, B.t(), bias=None)",
    "torch.nn.functional.tanh(input=A)",
    "torch.nn.functional.cross_entropy(A, T, reduction='none')",
    "torch.nn.functional.cross_entropy(A, T, ignore_index=0)",
    "torch.nn.functional.nll_loss(A, T, ignore_index=1)",
    "torch.matmul(input=A, other=B)",
    "torch.mm(A, mat2=B)",
    "A.matmul(other=B)",
    "A.mm(mat2=B)",
    "A.add(other=1.0, alpha=2)",
    "torch.add(A, other=1.0)",
    "torch.mul(A, other=2.0)",
    "A.div(other=2.0, rounding_mode='floor')",
    "A.pow(exponent=2)",
    "torch.pow(A, exponent=2)",
    "torch.pow(self=2, exponent=A)",
    "torch.softmax(A, dim=1, dtype=torch.float64)",
    "A.softmax(dim=1)",
    "A.log_softmax(dim=1, dtype=torch.float64)",
    "A.transpose(dim0=0, dim1=1)",
    "A.transpose(0, dim1=1)",
    "torch.transpose(A, dim0=1, dim1=0)",
    "A.unsqueeze(dim=0)",
    "A.squeeze(dim=0)",
    "A.detach()",
]


def keyword_variants(call: str) -> list[str]:
    """(a), (c): the keyword forms of one working call, from the parameter tables."""
    head, parts = _split_call(call)
    owner, _, name = head.rpartition(".")
    is_method = not owner.startswith("torch")
    if is_method:
        names = METHOD_PARAMETERS.get(name) or PARAMETERS.get(name, ())[1:]
    else:
        names = PARAMETERS.get(name, ())
    names = names[: len(parts)]
    variants = []
    if len(names) == len(parts):
        for start in range(len(parts)):  # the arguments from ``start`` on, by keyword
            named = [
                f"{key}={value}" for key, value in zip(names[start:], parts[start:], strict=True)
            ]
            variants.append(_call(head, [*parts[:start], *named]))
        if len(parts) > 1:  # every argument by keyword, in reverse order
            named = [f"{key}={value}" for key, value in zip(names, parts, strict=True)]
            variants.append(_call(head, named[::-1]))
        if parts:  # (c) the last argument also given by name, twice over
            variants.append(_call(head, [*parts, f"{names[-1]}={parts[-1]}"]))
            # (c) a str for the last argument, by name
            variants.append(_call(head, [*parts[:-1], f"{names[-1]}='a'"]))
    for extra in EXTRA_KEYWORDS.get(name, []):
        variants.append(_call(head, [*parts, extra]))
    if parts:  # (c) a wrong keyword name for the last argument
        variants.append(_call(head, [*parts[:-1], f"dimm={parts[-1]}"]))
    if not is_method and names[:1] == ("input",):
        variants.append(_call(head, [f"inputs={parts[0]}", *parts[1:]]))
    return variants


def cases() -> list[str]:
    """Every call of the keyword sweep, without duplicates (nor the argument sweep's own)."""
    snippets: list[str] = []
    for call in [*base_calls(), *STUDENT_CALLS]:
        snippets += keyword_variants(call)
    snippets += SIZE_FORMS
    return list(dict.fromkeys(snippets))


GOLDEN = Path(__file__).resolve().parent / "golden" / "keyword_sweep.json"

# Why the calls recorded as differences still differ from torch.
REASONS = {
    "binding": (
        "Python rejects the call before any engine code runs (an unknown keyword, a keyword "
        "that repeats a positional argument, or a required argument left out): torch's words "
        "need a **keywords catch-all on the function, which makes CPython 3.11 build a dict "
        "on every call and stops it specialising the call (a cost on every right call); "
        "Python's own TypeError names the same function and the same argument"
    ),
    "keyword_only": (
        "torch takes this keyword where the engine has no parameter for it (max/min's "
        "other=, expand's implicit=, pow's self=): a keyword-only parameter costs every "
        "call of these hot methods a dictionary lookup, for a keyword students do not write"
    ),
    "unsupported": "the engine does not implement this option (it says so in its error)",
}
# The calls each reason other than "binding" covers.
_REASON_OF = {
    "keyword_only": (
        "max(A, other=",
        "max(other=",
        "min(input=A, other=",
        "implicit=",
        "pow(self=",
    ),
    "unsupported": ("contiguous_format", "label_smoothing", "A.view(dtype="),
}


_PYTHON_BINDING = python_binding(MISSING, TAKES, UNEXPECTED, MULTIPLE)


def reason_for(snippet: str, engine_outcome: str) -> str:
    for reason, fragments in _REASON_OF.items():
        if any(fragment in snippet for fragment in fragments):
            return reason
    if _PYTHON_BINDING.match(engine_outcome):
        return "binding"
    return "unexplained"


def mismatches(engine: Any, torch: Any) -> list[tuple[str, str, str]]:
    return _mismatches(cases(), engine, torch, outcome)


def write_golden(engine: Any, torch: Any) -> None:
    """Record torch's outcome of every case, and the engine's (with its reason) where the
    two differ."""
    recorded = {}
    for snippet in cases():
        ours, theirs = outcome(engine, snippet), outcome(torch, snippet)
        entry = {"torch": theirs}
        if ours != theirs:
            entry.update(engine=ours, reason=reason_for(snippet, ours))
        recorded[snippet] = entry
    write_json(GOLDEN, recorded)


if __name__ == "__main__":
    main(cases(), outcome, write_golden, width=100)
