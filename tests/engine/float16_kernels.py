"""float16 kernels against torch 2.13, on seeded random inputs, without torch at test time.

Each case names an op, a seed and its arguments; its input values come from Python's
``random.Random(seed)`` (whose ``random()`` sequence Python keeps reproducible), so the
golden file stores no values, only what torch returned: dtype, shape and a digest of the
result's bytes (and of the gradients' for the losses).  Rewrite the golden file with real
torch (2.13, one thread: torch splits a non-last dim's softmax by thread)::

    python tests/engine/float16_kernels.py

``test_float16_kernels.py`` runs every case on the engine against the file, and on torch
when it is installed (the file must be torch's answer).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

GOLDEN_FILE = Path(__file__).resolve().parent / "golden" / "float16_kernels.json"
PINNED_TORCH = "2.13.0"
CASES_PER_KIND = 150
_SOFTMAX = ("softmax", "log_softmax")
_LOSSES = ("mse_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits")


def _assigned(operator: str) -> Any:
    """``y = x.clone(); y *= c`` (an augmented assignment, on a copy: x is a leaf)."""
    method = f"__i{operator}__"
    return lambda torch, x, c: getattr(x.clone(), method)(c)


# A float16 tensor with a Python number (or a 0-d tensor, ``*_tensor``), each kind in the
# forms torch reaches the same kernel by: mul and div compute in float32 with the number
# as it is (cast to float, not to half) and round once; add and sub cast the number to
# half (through float32, as c10::Half); ``c / x`` is reciprocal(x) * c.
SCALAR_FORMS: dict[str, dict[str, Any]] = {
    "mul_number": {
        "x * c": lambda torch, x, c: x * c,
        "c * x": lambda torch, x, c: c * x,
        "torch.mul(x, c)": lambda torch, x, c: torch.mul(x, c),
        "x.clone().mul_(c)": lambda torch, x, c: x.clone().mul_(c),
        "x *= c": _assigned("mul"),
    },
    "div_number": {
        "x / c": lambda torch, x, c: x / c,
        "torch.div(x, c)": lambda torch, x, c: torch.div(x, c),
        "x.clone().div_(c)": lambda torch, x, c: x.clone().div_(c),
        "x /= c": _assigned("truediv"),
    },
    "rdiv_number": {"c / x": lambda torch, x, c: c / x},
    "add_number": {
        "x + c": lambda torch, x, c: x + c,
        "x - c": lambda torch, x, c: x - c,
        "c - x": lambda torch, x, c: c - x,
        "x += c": _assigned("add"),
    },
    "mul_tensor": {
        "x * t": lambda torch, x, c: x * c,
        "t * x": lambda torch, x, c: c * x,
        "x / t": lambda torch, x, c: x / c,
        "t / x": lambda torch, x, c: c / x,
        "x + t": lambda torch, x, c: x + c,
    },
}
_MEANS = ("x.mean()", "x.mean(0)", "mse_loss")
KINDS = ("sum", "sum_dtype", "mean", *_SOFTMAX, *_LOSSES, *SCALAR_FORMS, "mean_grad")


def values(seed: int, shape: tuple[int, ...], scale: float, *, kind: str = "signed") -> Any:
    """The case's input: uniform values of several magnitudes (``signed``), or in [0, 1]
    (``unit``: BCE's probabilities), as float16 unless ``kind`` says float32."""
    rng = random.Random(seed)
    count = math.prod(shape)
    if kind == "unit":
        numbers = [rng.random() for _ in range(count)]
    else:
        numbers = [rng.uniform(-1, 1) * scale * 10.0 ** rng.randint(-2, 1) for _ in range(count)]
    wide = np.array(numbers, np.float64).reshape(shape)
    with np.errstate(over="ignore"):  # (a value past 65504 is inf in half, as in torch)
        return wide.astype(np.float32 if kind == "float32" else np.float16)


def _shape(rng: random.Random, max_side: int, max_dims: int = 3) -> tuple[int, ...]:
    dims = rng.randint(0, max_dims)
    low = 0 if rng.random() < 0.08 else 1  # now and then an empty tensor
    return tuple(rng.randint(low, max_side) for _ in range(dims))


def _dim(rng: random.Random, ndim: int, *, several: bool) -> Any:
    if not ndim or rng.random() < 0.3:
        return None
    if several and ndim > 1 and rng.random() < 0.3:
        return sorted(rng.sample(range(ndim), rng.randint(2, ndim)))
    return rng.randint(-ndim, ndim - 1)


def _number(rng: random.Random) -> Any:
    """A random Python number: most not a half (random floats of many magnitudes), some
    ints (past 2,048 not all halves), now and then one next to the middle of two halves
    (numpy's direct cast to half and torch's through float32 differ there), or a half."""
    choice = rng.random()
    if choice < 0.15:
        return rng.randint(-70000, 70000) if rng.random() < 0.3 else rng.randint(-9, 9)
    magnitude = rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, 5)
    if choice < 0.3 and abs(magnitude) < 65504:  # the middle of two halves, nudged by
        below = np.float16(magnitude)  # less than float32's ulp there
        above = np.nextafter(below, np.float16(np.inf))
        middle = (float(below) + float(above)) / 2
        return middle + float(np.spacing(np.float32(middle))) * rng.uniform(-0.45, 0.45)
    if choice < 0.4:
        with np.errstate(over="ignore"):  # (past 65504 inf)
            return float(np.float16(magnitude))
    return magnitude


def make_cases(kind: str, count: int = CASES_PER_KIND) -> list[dict[str, Any]]:
    rng = random.Random(f"float16 {kind}")
    cases = []
    for number in range(count):
        if kind in SCALAR_FORMS:
            shape = _shape(rng, 9 if rng.random() < 0.7 else 40)
            case = {"id": f"{kind}-{number}", "kind": kind, "seed": rng.randrange(2**32)}
            case["shape"], case["scale"] = list(shape), rng.choice([0.01, 1.0, 100.0, 10000.0])
            case["form"] = rng.choice(sorted(SCALAR_FORMS[kind]))
            case["number"] = _number(rng)
            if kind == "mul_tensor":  # (0-d; a float64 one need not be a float32)
                case["other_dtype"] = rng.choice(["float32", "float64", "float16", "int64"])
            cases.append(case)
            continue
        if kind == "mean_grad":  # (past 2,048 elements numel is not always a half)
            shape = (rng.randint(1, 6000),) if rng.random() < 0.5 else (rng.randint(1, 3000), 2)
            case = {"id": f"{kind}-{number}", "kind": kind, "seed": rng.randrange(2**32)}
            case["shape"], case["scale"] = list(shape), rng.choice([0.01, 1.0, 100.0])
            case["form"] = rng.choice(_MEANS)
            cases.append(case)
            continue
        if kind in _LOSSES:
            shape = _shape(rng, 12)
            case = {"id": f"{kind}-{number}", "kind": kind, "seed": rng.randrange(2**32)}
            case["shape"], case["scale"] = list(shape), rng.choice([0.3, 1.0, 3.0, 30.0])
            case["reduction"] = rng.choice(["none", "mean", "sum"])
            case["weighted"] = kind != "mse_loss" and rng.random() < 0.3
            case["hard_target"] = kind != "mse_loss" and rng.random() < 0.3  # (0 or 1)
            cases.append(case)
            continue
        if kind in _SOFTMAX:  # (rows past 32 elements: torch's vectors of 32 halves)
            shape = _shape(rng, 70 if rng.random() < 0.5 else 9)
            case = {"id": f"{kind}-{number}", "kind": kind, "seed": rng.randrange(2**32)}
            case["shape"], case["scale"] = list(shape), rng.choice([0.3, 1.0, 3.0, 10.0])
            case["dim"] = rng.randint(-len(shape), len(shape) - 1) if shape else 0
            cases.append(case)
            continue
        shape = _shape(rng, 40 if rng.random() < 0.3 else 9)
        case = {"id": f"{kind}-{number}", "kind": kind, "seed": rng.randrange(2**32)}
        case["shape"], case["scale"] = list(shape), rng.choice([0.1, 1.0, 10.0, 1000.0, 30000.0])
        case["dim"] = _dim(rng, len(shape), several=True)
        case["keepdim"] = case["dim"] is not None and rng.random() < 0.5
        case["transposed"] = len(shape) > 1 and rng.random() < 0.25
        cases.append(case)
    return cases


def _tensor(torch: ModuleType, case: dict[str, Any], **options: Any) -> Any:
    kind = "float32" if case["kind"] == "sum_dtype" else "signed"
    tensor = torch.tensor(values(case["seed"], tuple(case["shape"]), case["scale"], kind=kind))
    if case.get("transposed"):
        tensor = tensor.transpose(0, -1)
    return tensor.requires_grad_() if options.get("requires_grad") else tensor


def _reduction(torch: ModuleType, case: dict[str, Any]) -> list[Any]:
    x = _tensor(torch, case)
    name = "mean" if case["kind"] == "mean" else "sum"
    # sum_dtype: a float32 tensor summed into float16
    options = {"dtype": torch.float16} if case["kind"] == "sum_dtype" else {}
    if case["dim"] is None:
        return [getattr(x, name)(**options)]
    return [getattr(x, name)(case["dim"], case["keepdim"], **options)]


def _softmax(torch: ModuleType, case: dict[str, Any]) -> list[Any]:
    return [getattr(_tensor(torch, case), case["kind"])(case["dim"])]


def _loss(torch: ModuleType, case: dict[str, Any]) -> list[Any]:
    """The loss, and the gradients of its input and target (torch takes the target's for
    all three) for a ramp of upstream gradients (``none``) or the scalar loss's."""
    shape, seed, kind = tuple(case["shape"]), case["seed"], case["kind"]
    probabilities = kind == "binary_cross_entropy"
    x = values(seed, shape, case["scale"], kind="unit" if probabilities else "signed")
    target_kind = "signed" if kind == "mse_loss" else "unit"
    y = values(seed + 1, shape, case["scale"], kind=target_kind)
    if case.get("hard_target"):
        y = (y > 0.5).astype(np.float16)
    options = {"reduction": case["reduction"]}
    if case.get("weighted"):
        options["weight"] = torch.tensor(values(seed + 2, shape, 2.0, kind="unit") * 2)
    input = torch.tensor(x).requires_grad_()
    target = torch.tensor(y).requires_grad_()
    loss = getattr(torch.nn.functional, kind)(input, target, **options)
    ramp = np.linspace(-1.5, 2.0, loss.numel()).astype(np.float16).reshape(tuple(loss.shape))
    loss.backward(torch.tensor(ramp) if case["reduction"] == "none" else None)
    return [loss, input.grad, target.grad]


def _scalar_op(torch: ModuleType, case: dict[str, Any]) -> list[Any]:
    """The result, and the gradients of x (and of a floating 0-d operand) for a ramp of
    upstream gradients."""
    x = _tensor(torch, case, requires_grad=True)
    other = case["number"]
    if case["kind"] == "mul_tensor":
        dtype = getattr(torch, case["other_dtype"])
        floating = case["other_dtype"] != "int64"
        other = torch.tensor(other if floating else int(other), dtype=dtype)
        other.requires_grad_(floating)
    out = SCALAR_FORMS[case["kind"]][case["form"]](torch, x, other)
    ramp = np.linspace(-1.5, 2.0, out.numel()).astype(np.float16).reshape(tuple(out.shape))
    out.backward(torch.tensor(ramp))
    grads = [x.grad]
    if isinstance(other, torch.Tensor) and other.requires_grad:
        grads.append(other.grad)
    return [out, *grads]


def _mean_grad(torch: ModuleType, case: dict[str, Any]) -> list[Any]:
    """A float16 mean's value and gradient: torch divides the gradient by numel in float32
    (``div_`` by a number), where numel past 2,048 need not be a half."""
    x = _tensor(torch, case, requires_grad=True)
    if case["form"] == "mse_loss":
        out = torch.nn.functional.mse_loss(x, torch.zeros_like(x) + 0.5)
    else:
        out = x.mean(0) if case["form"] == "x.mean(0)" else x.mean()
    ramp = np.linspace(-1.5, 2.0, out.numel()).astype(np.float16).reshape(tuple(out.shape))
    out.backward(torch.tensor(ramp))
    return [out, x.grad]


RUNNERS = {
    **dict.fromkeys(SCALAR_FORMS, _scalar_op),
    "mean_grad": _mean_grad,
    **dict.fromkeys(_LOSSES, _loss),
    **dict.fromkeys(("sum", "sum_dtype", "mean"), _reduction),
    **dict.fromkeys(_SOFTMAX, _softmax),
}

# Cases the engine still answers otherwise, and why (docs/engine-internals.md, "Known
# differences"): a float32 sum along a dim that is not innermost in memory, in numpy's
# order where torch's outer loop keeps four running sums (one element 1 ulp of float32
# apart, which the rounding to half shows).
KNOWN_DIFFERENCES = {
    "sum": ["sum-90"],
    # x / t with a 0-d float32 t where the gradient's terms meet inf and -inf: the 0-d
    # divisor's gradient is nan in both, with the other sign bit
    "mul_tensor": [
        *("mul_tensor-14", "mul_tensor-33", "mul_tensor-35", "mul_tensor-41"),
        *("mul_tensor-48", "mul_tensor-62", "mul_tensor-104", "mul_tensor-105"),
    ],
}


def describe(tensors: list[Any]) -> str:
    """dtype, shape and a digest of the bytes of each tensor: equal iff bit for bit."""
    parts = []
    for tensor in tensors:
        data = tensor.detach().numpy()  # (tobytes: in C order, whatever the layout)
        digest = hashlib.blake2b(data.tobytes(), digest_size=8).hexdigest()
        parts.append(f"{tensor.dtype} {tuple(tensor.shape)} {digest}")
    return "; ".join(parts)


def outcome(torch: ModuleType, case: dict[str, Any]) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (torch and the engine are silent about inf and nan)
        warnings.filterwarnings("ignore", category=UserWarning)  # (torch's own notices)
        try:
            return describe(RUNNERS[case["kind"]](torch, case))
        except Exception as failure:  # noqa: BLE001 - the outcome is the exception
            return f"{type(failure).__name__}: {failure}"


def differing(torch: ModuleType, golden: dict[str, Any], kind: str) -> list[str]:
    """The ids of the golden cases of ``kind`` where ``torch`` (a module) answers otherwise."""
    return [
        case["id"]
        for case in golden["cases"]
        if case["kind"] == kind and outcome(torch, case) != case["expected"]
    ]


def read_golden() -> dict[str, Any]:
    return json.loads(GOLDEN_FILE.read_text())


def main() -> None:
    import torch

    if not torch.__version__.startswith(PINNED_TORCH):
        sys.exit(f"the goldens are torch {PINNED_TORCH}'s; found {torch.__version__}")
    torch.set_num_threads(1)
    cases = [case for kind in KINDS for case in make_cases(kind)]
    for case in cases:
        case["expected"] = outcome(torch, case)
    golden = {"torch_version": torch.__version__, "generator": __file__, "cases": cases}
    lines = ",\n".join(json.dumps(case) for case in cases)  # (one case a line: short diffs)
    header = {key: value for key, value in golden.items() if key != "cases"}
    header["generator"] = "tests/engine/float16_kernels.py"
    text = json.dumps(header)[:-1] + ', "cases": [\n' + lines + "\n]}\n"
    json.loads(text)  # (well formed)
    GOLDEN_FILE.write_text(text)
    print(f"wrote {GOLDEN_FILE} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
