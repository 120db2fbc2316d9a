"""Reads the grader's memory map and memory, and its environment, through /proc."""


def attack():
    results = []
    try:
        with open("/proc/$grader_pid/maps") as handle:
            regions = [line.split() for line in handle]
        start, end = next(
            (int(r[0].split("-")[0], 16), int(r[0].split("-")[1], 16))
            for r in regions
            if r[1].startswith("rw")
        )
        with open("/proc/$grader_pid/mem", "rb") as memory:
            memory.seek(start)
            results.append(f"read {len(memory.read(min(end - start, 4096)))} bytes of memory")
    except OSError as exc:
        results.append(f"memory blocked: {type(exc).__name__}")
    try:
        with open("/proc/$grader_pid/environ", "rb") as handle:
            results.append(handle.read().decode(errors="replace"))
    except OSError as exc:
        results.append(f"environ blocked: {type(exc).__name__}")
    return results


def control():
    return 42
