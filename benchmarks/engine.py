"""Engine speed, measured side by side in one run (ratios, not absolute times).

1. The seed graph ``y = x + 2; z = y * y * 3; z.mean().backward()`` (x 2x2, requires grad):
   engine time per iteration / torch time per iteration (target: <= 0.6).
2. A 1000x1000 chain ``tanh(x @ w).sum().backward()``: engine / hand-written numpy doing
   the same forward and backward arithmetic (target: <= 1.1).
3. The same chain on MyGrad, when it is importable (for reference).
4. The engine's import on top of numpy (it lies on every sandboxed check's path): median of
   fresh ``python -I -S`` processes, as a ratio to numpy's own import.

Run: ``python benchmarks/engine.py``.  Uses best-of-N timing of this thread's CPU time
(``time.thread_time``), so time spent descheduled on a loaded machine does not count;
single-threaded BLAS is recommended for stable numbers (``OMP_NUM_THREADS=1``).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import gradekit.engine as engine


def best_time(fn: Callable[[], object], iterations: int, repeats: int = 5) -> float:
    """Best-of-``repeats`` CPU seconds (this thread) per call of ``fn``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        for _ in range(iterations):
            fn()
        best = min(best, (time.thread_time() - start) / iterations)
    return best


def best_times_interleaved(
    first: Callable[[], object], second: Callable[[], object], iterations: int, repeats: int = 7
) -> tuple[float, float]:
    """Best seconds per call of each, measured alternately so both see the same machine load."""
    best_first = best_second = float("inf")
    for _ in range(repeats):
        best_first = min(best_first, best_time(first, iterations, repeats=1))
        best_second = min(best_second, best_time(second, iterations, repeats=1))
    return best_first, best_second


def seed_graph(lib: object) -> Callable[[], object]:
    def run() -> object:
        x = lib.ones(2, 2, requires_grad=True)  # type: ignore[attr-defined]
        y = x + 2
        z = y * y * 3
        z.mean().backward()
        return x.grad

    return run


def engine_chain(x_data: np.ndarray, w_data: np.ndarray) -> Callable[[], object]:
    def run() -> object:
        x = engine.from_numpy(x_data)
        w = engine.from_numpy(w_data).requires_grad_()
        loss = engine.tanh(x @ w).sum()
        loss.backward()
        return w.grad

    return run


def numpy_chain(x_data: np.ndarray, w_data: np.ndarray) -> Callable[[], object]:
    def run() -> object:
        h = x_data @ w_data
        t = np.tanh(h)
        t.sum()
        grad_h = np.ones_like(t) * (1 - t * t)
        grad_w = x_data.T @ grad_h
        return grad_w

    return run


def import_times(processes: int = 10) -> tuple[float, float]:
    """Median seconds of ``import numpy`` and then of ``import gradekit.engine`` in fresh
    isolated interpreters (``-I -S``: no site hooks; this checkout and numpy's
    site-packages on the path)."""
    checkout = str(Path(__file__).resolve().parent.parent)
    numpy_site = str(Path(np.__file__).resolve().parent.parent)
    code = (
        f"import sys, time; sys.path[:0] = [{checkout!r}, {numpy_site!r}]; "
        "t0 = time.perf_counter(); import numpy; t1 = time.perf_counter(); "
        "import gradekit.engine; t2 = time.perf_counter(); print(t1 - t0, t2 - t1)"
    )
    numpy_times, engine_times = [], []
    for _ in range(processes):
        output = subprocess.run(
            [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
        numpy_times.append(float(output[0]))
        engine_times.append(float(output[1]))
    return statistics.median(numpy_times), statistics.median(engine_times)


def main() -> None:
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:
        torch.set_num_threads(1)
        engine_seed, torch_seed = best_times_interleaved(
            seed_graph(engine), seed_graph(torch), 1000
        )
        print(
            f"seed graph: engine {engine_seed * 1e6:7.1f} us, torch {torch_seed * 1e6:7.1f} us, "
            f"ratio {engine_seed / torch_seed:.2f} (target <= 0.6)"
        )
    else:
        print("seed graph: torch not installed, ratio not measured")

    rng = np.random.default_rng(0)
    x_data = rng.standard_normal((1000, 1000)).astype(np.float32)
    w_data = (rng.standard_normal((1000, 1000)) * 0.03).astype(np.float32)
    engine_big, numpy_big = best_times_interleaved(
        engine_chain(x_data, w_data), numpy_chain(x_data, w_data), 1, repeats=9
    )
    print(
        f"1000x1000 chain: engine {engine_big * 1e3:7.1f} ms, numpy {numpy_big * 1e3:7.1f} ms, "
        f"ratio {engine_big / numpy_big:.2f} (target <= 1.1)"
    )
    numpy_import, engine_import = import_times()
    print(
        f"import: numpy {numpy_import * 1e3:6.1f} ms, engine on top {engine_import * 1e3:6.1f} ms, "
        f"ratio {engine_import / numpy_import:.2f} (median of 10 fresh processes)"
    )
    try:
        import mygrad
    except ImportError:
        print("MyGrad: not installed")
        return

    def mygrad_chain() -> object:
        w = mygrad.tensor(w_data)
        loss = mygrad.tanh(mygrad.matmul(x_data, w)).sum()
        loss.backward()
        return w.grad

    mygrad_big = best_time(mygrad_chain, 5)
    print(
        f"1000x1000 chain: MyGrad {mygrad_big * 1e3:7.1f} ms, "
        f"ratio to numpy {mygrad_big / numpy_big:.2f}"
    )


if __name__ == "__main__":
    main()
