"""Sleeps: uses no CPU, so only a wall-clock deadline catches it."""

import time


def attack():
    time.sleep(3600)


def control():
    return 42
