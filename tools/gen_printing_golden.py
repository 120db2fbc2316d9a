"""Regenerate tests/engine/golden/printing.json from real torch.

Each case builds a tensor with torch, records its values, dtype, autograd state and the print
options in force, and stores ``repr(tensor)`` as the expected text. The golden test replays every
case through ``gradekit.engine.printing.format_tensor`` without needing torch.

Usage:  python tools/gen_printing_golden.py [--check]
        --check compares with the committed file instead of writing it (exit status 1 on drift).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import torch
except ImportError:  # pragma: no cover - the generator is only useful with torch installed
    sys.exit("gen_printing_golden.py needs real torch (pip install torch==2.13.0)")

GOLDEN_PATH = Path(__file__).resolve().parent.parent / "tests/engine/golden/printing.json"
EXPECTED_TORCH_VERSION = "2.13.0"


class RenamedIdentityForSuffixWrapping(torch.autograd.Function):
    """Identity op whose grad_fn name (…Backward) is long enough to force suffix wrapping."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor) -> torch.Tensor:
        return x.clone()

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> torch.Tensor:
        return grad


def _leaf(values: Any, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return torch.tensor(values, dtype=dtype, requires_grad=True)


def _long_grad_fn(values: Any, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    return RenamedIdentityForSuffixWrapping.apply(_leaf(values, dtype))


def _cases() -> list[tuple[str, Callable[[], torch.Tensor], dict[str, Any] | None]]:
    """(label, tensor builder, print options or None for the defaults)."""
    nan, inf = math.nan, math.inf
    f16, f64 = torch.float16, torch.float64
    i32 = torch.int32

    def seeded(build: Callable[[], torch.Tensor]) -> Callable[[], torch.Tensor]:
        def run() -> torch.Tensor:
            torch.manual_seed(0)
            return build()

        return run

    cases: list[tuple[str, Callable[[], torch.Tensor], dict[str, Any] | None]] = [
        # 0-d of every dtype and mode
        ("0-d float32", lambda: torch.tensor(4.0), None),
        ("0-d float32 fixed", lambda: torch.tensor(3.14159), None),
        ("0-d float32 sci small", lambda: torch.tensor(1e-5), None),
        ("0-d float32 sci large", lambda: torch.tensor(123456789.0), None),
        ("0-d float32 negative", lambda: torch.tensor(-0.5), None),
        ("0-d nan", lambda: torch.tensor(nan), None),
        ("0-d -inf", lambda: torch.tensor(-inf), None),
        ("0-d -0.", lambda: torch.tensor(-0.0), None),
        ("0-d float16", lambda: torch.tensor(0.1, dtype=f16), None),
        ("0-d float64", lambda: torch.tensor(1.5, dtype=f64), None),
        ("0-d int64", lambda: torch.tensor(4), None),
        ("0-d int32", lambda: torch.tensor(-7, dtype=i32), None),
        ("0-d bool", lambda: torch.tensor(True), None),
        ("0-d requires_grad", lambda: _leaf(4.0), None),
        ("0-d grad_fn", lambda: _leaf(4.0) * 2, None),
        ("0-d float64 grad_fn", lambda: _leaf([1.0, 2.0], f64).sum(), None),
        (
            "0-d long grad_fn",
            lambda: torch.nn.functional.binary_cross_entropy_with_logits(
                _leaf([1.0, 2.0]), torch.tensor([0.0, 1.0])
            ),
            None,
        ),
        # 1-d float modes
        ("int_mode", lambda: torch.tensor([1.0, 2.0, 3.0]), None),
        ("fixed", lambda: torch.tensor([1.5, 2.25]), None),
        ("fixed thirds", lambda: torch.tensor([1 / 3, 2 / 3]), None),
        ("negative fixed", lambda: torch.tensor([-1.0, 2.5, -3.25]), None),
        ("sci ratio > 1000", lambda: torch.tensor([1e-5, 1.0]), None),
        ("sci ratio > 1000 b", lambda: torch.tensor([0.001, 10.0]), None),
        ("fixed ratio == 1000", lambda: torch.tensor([0.1, 100.0]), None),
        ("sci max > 1e8", lambda: torch.tensor([123456789.0]), None),
        ("int_mode 1e8 exactly", lambda: torch.tensor([1e8]), None),
        ("int_mode 99999999 rounds to 1e8", lambda: torch.tensor([99999999.0]), None),
        ("sci int-valued 1e9", lambda: torch.tensor([1e9, 1.0]), None),
        ("sci int-valued 1e16", lambda: torch.tensor([1e16, 1.0]), None),
        ("float32 rounding visible", lambda: torch.tensor([12345.678]), None),
        ("min 1e-4 float32 is below 1e-4", lambda: torch.tensor([0.0001]), None),
        ("min above 1e-4", lambda: torch.tensor([0.00012345]), None),
        ("tiny 1e-9", lambda: torch.tensor([1e-9]), None),
        ("large and small sci", lambda: torch.tensor([1.2345e10, 3.1e-3]), None),
        ("float32 max", lambda: torch.tensor([3.4028234663852886e38, -1.0]), None),
        ("float32 subnormal", lambda: torch.tensor([1e-45, 1.0]), None),
        # nan / inf / signed zero
        ("zeros signed", lambda: torch.tensor([0.0, -0.0]), None),
        ("nan inf fixed", lambda: torch.tensor([nan, inf, -inf, 1.5]), None),
        ("nan inf int_mode", lambda: torch.tensor([nan, inf, 1.0]), None),
        ("nan inf sci", lambda: torch.tensor([nan, -inf, 1e-6, 3.0]), None),
        ("all nan", lambda: torch.tensor([nan]), None),
        ("only non-finite", lambda: torch.tensor([nan, inf, -inf, -0.0]), None),
        ("negative int_mode", lambda: torch.tensor([-0.0, -3.0, 12.0]), None),
        # integer and bool
        ("int64 negative", lambda: torch.tensor([-10, 5, 100]), None),
        ("int64 huge", lambda: torch.tensor([10**10, 1]), None),
        ("int64 extremes", lambda: torch.tensor([2**63 - 1, -(2**63)]), None),
        ("int32", lambda: torch.tensor([1, 2], dtype=i32), None),
        ("int32 extremes", lambda: torch.tensor([2**31 - 1, -(2**31)], dtype=i32), None),
        ("int8", lambda: torch.tensor([-128, 127], dtype=torch.int8), None),
        ("int16", lambda: torch.tensor([-300, 5], dtype=torch.int16), None),
        ("uint8", lambda: torch.tensor([0, 255], dtype=torch.uint8), None),
        ("bool", lambda: torch.tensor([True, False]), None),
        ("bool 2-d", lambda: torch.tensor([[True], [False]]), None),
        ("int 2-d", lambda: torch.arange(6).reshape(2, 3), None),
        # float16 quirks
        ("float16 int_mode", lambda: torch.tensor([1.0, 2.0], dtype=f16), None),
        ("float16 max and subnormal", lambda: torch.tensor([65504.0, 6e-5, 0.1], dtype=f16), None),
        ("float16 rounds 2049", lambda: torch.tensor([2049.0, 1.0], dtype=f16), None),
        ("float16 overflow to inf", lambda: torch.tensor([1e5, -1e5, 2.0], dtype=f16), None),
        ("float16 fixed", lambda: torch.tensor([0.333, -1.5], dtype=f16), None),
        ("float16 smallest subnormal", lambda: torch.tensor([6e-8, 1.0], dtype=f16), None),
        ("float16 requires_grad", lambda: _leaf([0.5, 1.0], f16), None),
        # float64
        ("float64", lambda: torch.tensor([1.0, 2.0], dtype=f64), None),
        ("float64 fixed", lambda: torch.tensor([0.1, 0.2], dtype=f64) + 0.1, None),
        ("float64 sci", lambda: torch.tensor([1e-300, 1e300], dtype=f64), None),
        ("float64 requires_grad", lambda: _leaf([1.0, 2.0], f64), None),
        ("float64 grad_fn", lambda: _leaf([1.0, 2.0], f64) * 2, None),
        # empty
        ("empty float32", lambda: torch.tensor([]), None),
        ("empty int64", lambda: torch.tensor([], dtype=torch.long), None),
        ("empty bool", lambda: torch.zeros(0, dtype=torch.bool), None),
        ("empty float64", lambda: torch.zeros(0, dtype=f64), None),
        ("empty float16", lambda: torch.zeros(0, dtype=f16), None),
        ("empty 2x0", lambda: torch.zeros(2, 0), None),
        ("empty 0x3 requires_grad", lambda: torch.zeros(0, 3, requires_grad=True), None),
        ("empty 2x0x3 int32", lambda: torch.zeros(2, 0, 3, dtype=i32), None),
        ("empty grad_fn", lambda: torch.zeros(0, 4, requires_grad=True) * 2, None),
        # 2-d / 3-d layout
        ("2-d randn", seeded(lambda: torch.randn(2, 3)), None),
        ("2-d requires_grad", lambda: torch.zeros(2, 2, requires_grad=True), None),
        ("2-d grad_fn", lambda: torch.ones(2, 3) @ torch.ones(3, 1, requires_grad=True), None),
        ("3-d", lambda: torch.arange(24.0).reshape(2, 3, 4), None),
        ("3-d int", lambda: torch.arange(-12, 12).reshape(2, 3, 4), None),
        ("4-d", lambda: torch.arange(16.0).reshape(2, 2, 2, 2), None),
        ("2-d column", lambda: torch.tensor([[1e-5], [1.0]]), None),
        # row wrapping
        ("wrap 1-d randn 30", seeded(lambda: torch.randn(30)), None),
        ("wrap 1-d float64 25", seeded(lambda: torch.randn(25, dtype=f64)), None),
        ("wrap 1-d int 100", lambda: torch.arange(100) * 997, None),
        ("wrap 1-d bool 40", lambda: torch.arange(40) % 3 == 0, None),
        ("wrap 2-d rows", seeded(lambda: torch.randn(3, 30)), None),
        ("wrap 3-d rows", seeded(lambda: torch.randn(2, 2, 20) * 1000), None),
        ("wrap sci row", seeded(lambda: torch.randn(20) * 1e6), None),
        # summarization
        ("summarize 1001", lambda: torch.arange(1001.0), None),
        ("summarize 40x40", lambda: torch.arange(1600.0).reshape(40, 40), None),
        ("summarize 3-d", seeded(lambda: torch.randn(12, 12, 12)), None),
        (
            "summarize 3-d small first dim",
            lambda: torch.arange(2 * 30 * 30.0).reshape(2, 30, 30),
            None,
        ),
        ("summarize int", lambda: torch.arange(2000).reshape(2, 1000), None),
        ("summarize bool", lambda: torch.arange(1200) % 2 == 0, None),
        (
            "summarize hides extremes",
            lambda: torch.cat([torch.ones(5), torch.tensor([1e-9] * 1000), torch.ones(5)]),
            None,
        ),
        (
            "summarize nan in middle",
            lambda: torch.cat([torch.ones(500), torch.tensor([nan]), torch.ones(500)]),
            None,
        ),
        ("summarize requires_grad", seeded(lambda: torch.randn(1001, requires_grad=True)), None),
        # suffix wrapping
        ("suffix wrap requires_grad", seeded(lambda: torch.randn(7, requires_grad=True)), None),
        ("suffix wrap grad_fn", seeded(lambda: torch.randn(7, requires_grad=True) * 2), None),
        (
            "suffix wrap dtype+grad_fn",
            seeded(lambda: torch.randn(2, 7, dtype=f64, requires_grad=True).tanh()),
            None,
        ),
        ("suffix long grad_fn 1-d", lambda: _long_grad_fn([1.0, 2.0, 3.0]), None),
        ("suffix long grad_fn float16", lambda: _long_grad_fn([1.0, 2.0], f16), None),
        ("suffix long grad_fn 0-d", lambda: _long_grad_fn(2.5, f64), None),
        ("suffix long grad_fn 2-d", lambda: _long_grad_fn([[1.0, 2.0], [3.0, 4.0]], f64), None),
        ("suffix just fits", lambda: _leaf([0.25] * 5), None),
        ("suffix just overflows", lambda: _leaf([0.25] * 6), None),
        ("suffix dtype fits grad_fn wraps", lambda: _long_grad_fn([0.5] * 3, f64), None),
    ]

    option_cases: list[tuple[str, Callable[[], torch.Tensor], dict[str, Any]]] = [
        ("precision=2", lambda: torch.tensor([1 / 3, 2 / 3]), {"precision": 2}),
        ("precision=0 fixed", lambda: torch.tensor([1.5, 2.25, -0.4]), {"precision": 0}),
        ("precision=0 sci", lambda: torch.tensor([1e-5, 3.0]), {"precision": 0}),
        ("precision=8 float64", lambda: torch.tensor([1 / 3, 2.0], dtype=f64), {"precision": 8}),
        ("sci_mode=True", lambda: torch.tensor([1 / 3, 2 / 3]), {"sci_mode": True}),
        ("sci_mode=True int_mode", lambda: torch.tensor([1.0, 20.0]), {"sci_mode": True}),
        ("sci_mode=False tiny", lambda: torch.tensor([1e-5, 1.0]), {"sci_mode": False}),
        ("sci_mode=False huge", lambda: torch.tensor([1e10, 1.5]), {"sci_mode": False}),
        ("sci_mode=True int dtype", lambda: torch.tensor([1, 20]), {"sci_mode": True}),
        ("threshold=5", lambda: torch.arange(10), {"threshold": 5}),
        (
            "threshold=5 edgeitems=1 2-d",
            lambda: torch.arange(30.0).reshape(5, 6),
            {"threshold": 5, "edgeitems": 1},
        ),
        ("threshold=0 0-d", lambda: torch.tensor(2.5), {"threshold": 0}),
        (
            "edgeitems=0 1-d",
            lambda: torch.tensor([1e-5, 1.0, 2.0]),
            {"threshold": 2, "edgeitems": 0},
        ),
        (
            "edgeitems=0 2-d",
            lambda: torch.arange(30.0).reshape(5, 6),
            {"threshold": 5, "edgeitems": 0},
        ),
        ("edgeitems=0 not summarized", lambda: torch.arange(4.0), {"edgeitems": 0}),
        ("edgeitems=0 0-d int", lambda: torch.tensor(3), {"edgeitems": 0}),
        ("edgeitems=5 summarize", lambda: torch.arange(1001), {"edgeitems": 5}),
        (
            "edgeitems larger than dims",
            lambda: torch.arange(30.0).reshape(3, 10),
            {"threshold": 10, "edgeitems": 6},
        ),
        ("linewidth=40", seeded(lambda: torch.randn(20)), {"linewidth": 40}),
        (
            "linewidth=40 suffix",
            seeded(lambda: torch.randn(3, requires_grad=True) * 2),
            {"linewidth": 40},
        ),
        ("linewidth=10 one per line", lambda: torch.tensor([1.5, 2.5, 3.5]), {"linewidth": 10}),
        ("linewidth=120", seeded(lambda: torch.randn(3, 20)), {"linewidth": 120}),
        (
            "linewidth=200 suffix no wrap",
            lambda: _long_grad_fn([1.0, 2.0, 3.0], f64),
            {"linewidth": 200},
        ),
        ("profile=short", seeded(lambda: torch.randn(10)), {"profile": "short"}),
        ("profile=short summarize", lambda: torch.arange(1001.0) / 3, {"profile": "short"}),
        ("profile=full no summarize", lambda: torch.arange(1001), {"profile": "full"}),
        (
            "profile=default after precision",
            lambda: torch.tensor([1 / 3]),
            {"precision": 6, "profile": "default"},
        ),
        (
            "profile=short with override",
            lambda: torch.tensor([1 / 3]),
            {"profile": "short", "precision": 5},
        ),
    ]
    return cases + option_cases


def _encode_value(value: float | int | bool) -> float | int | bool | str:
    """JSON has no nan/inf: spell them as strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)  # "nan", "inf", "-inf"
    return value


def build_golden() -> list[dict[str, Any]]:
    records = []
    for label, build, options in _cases():
        with torch._tensor_str.printoptions(**(options or {})):
            tensor = build()
            expected = repr(tensor)
        grad_fn = tensor.grad_fn
        records.append(
            {
                "label": label,
                "dtype": str(tensor.dtype).removeprefix("torch."),
                "shape": list(tensor.shape),
                "values": [_encode_value(v) for v in tensor.detach().reshape(-1).tolist()],
                "requires_grad": tensor.requires_grad,
                "grad_fn": None if grad_fn is None else type(grad_fn).__name__,
                "printoptions": options,
                "expected": expected,
            }
        )
    return records


def _render(records: list[dict[str, Any]]) -> str:
    """One case per line: compact, yet a regenerated file diffs case by case."""
    case_lines = ",\n".join("  " + json.dumps(record) for record in records)
    return (
        "{\n"
        f' "torch_version": {json.dumps(torch.__version__)},\n'
        ' "cases": [\n'
        f"{case_lines}\n"
        " ]\n"
        "}\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    if torch.__version__.split("+")[0] != EXPECTED_TORCH_VERSION:
        print(
            f"warning: golden strings are pinned to torch {EXPECTED_TORCH_VERSION}, "
            f"running {torch.__version__}",
            file=sys.stderr,
        )
    text = _render(build_golden())
    if args.check:
        if GOLDEN_PATH.read_text() != text:
            print(f"{GOLDEN_PATH} is out of date; rerun without --check", file=sys.stderr)
            return 1
        print(f"{GOLDEN_PATH} is up to date")
        return 0
    GOLDEN_PATH.write_text(text)
    print(f"wrote {len(text)} characters to {GOLDEN_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
