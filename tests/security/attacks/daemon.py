"""Double-forks a daemon in its own session that outlives the call."""

import os


def attack():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv("/bin/sleep", ["sleep", "$marker"])
        os._exit(0)
    os.wait()
    return "daemon started"


def control():
    return 42
