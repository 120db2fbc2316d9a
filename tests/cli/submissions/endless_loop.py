"""even_rows never returns."""

import torch  # noqa: F401  (students import it out of habit)


def even_rows(t):
    while True:
        pass
