"""A bounded fork bomb: 30 sleeping children, then the call hangs."""

import os
import time


def attack():
    for _ in range(30):
        if os.fork() == 0:
            os.execv("/bin/sleep", ["sleep", "$marker"])
    time.sleep(3600)


def control():
    return 42
