"""Tensor-indexing submission whose even_rows calls itself forever, with a recursion limit
raised so far that its traceback has 100 000 frames."""

import sys

sys.setrecursionlimit(100_000)


def even_rows(t):
    return even_rows(t)
