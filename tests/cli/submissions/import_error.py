"""A submission importing a module that does not exist."""

import torch  # noqa: F401  (students import it out of habit)
import torchvision_helpers_that_do_not_exist  # noqa: F401


def even_rows(t):
    return t[::2]
