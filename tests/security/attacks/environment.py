"""Looks for tokens in its environment."""

import os


def attack():
    return sorted(os.environ)


def values():
    return " ".join(os.environ.values())


def control():
    return 42
