"""Exits while being imported."""

import sys

sys.exit(0)


def control():
    return 42
