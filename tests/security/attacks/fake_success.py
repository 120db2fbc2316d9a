"""Claims success on stdout and leaves before anything can be checked."""

import os
import sys


def attack():
    print("all tests passed")
    print("::notice::all tests passed")
    sys.stdout.flush()
    os._exit(0)


def control():
    return 42
