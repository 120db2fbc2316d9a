"""even_rows raises; everything else is missing."""

import torch  # noqa: F401  (students import it out of habit)


def even_rows(t):
    return t[100]
