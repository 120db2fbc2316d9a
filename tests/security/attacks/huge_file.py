"""Writes a 200 MiB file into its working directory (the test's file size limit: 16 MiB)."""

import os


def attack():
    chunk = b"\0" * 2**20
    with open("huge.bin", "wb") as handle:
        for _ in range(200):
            handle.write(chunk)
    return f"wrote {os.path.getsize('huge.bin')} bytes in {os.getcwd()}"


def control():
    return 42
