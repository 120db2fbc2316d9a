"""Asks for 4 GiB at once (the test's limit is 1 GiB); the pages are never touched."""

import numpy as np


def attack():
    block = np.empty(4 * 2**30, dtype=np.uint8)
    return f"allocated {block.nbytes} bytes"


def control():
    return 42
