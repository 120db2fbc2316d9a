"""Crashes the interpreter by reading an unmapped address near 0."""

import ctypes


def attack():
    return ctypes.c_int.from_address(8).value


def control():
    return 42
