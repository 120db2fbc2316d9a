"""A bounded thread bomb: 50 threads that never finish."""

import threading
import time


def attack():
    for _ in range(50):
        threading.Thread(target=time.sleep, args=(3600,), daemon=False).start()
    return threading.active_count()


def control():
    return 42
