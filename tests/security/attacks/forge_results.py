"""Writes its own "results" to the grader's result pipe."""

import json
import os
import pickle
import struct
import sys


def result_fd():
    return int(sys.argv[sys.argv.index("--result-fd") + 1])


def frame(header, payload=b"", payload_len=None):
    encoded = json.dumps(header).encode()
    length = len(payload) if payload_len is None else payload_len
    return struct.pack(">4sIQ", b"GKF1", len(encoded), length) + encoded + payload


class Exploit:
    def __reduce__(self):
        return (os.system, ("touch /tmp/gradekit-pwned-$marker",))


def pickled():
    os.write(result_fd(), pickle.dumps({"verdict": "pass", "x": Exploit()}))
    return 0


def object_array():
    buffers = [{"dtype": "object", "shape": [1], "nbytes": 8, "offset": 0}]
    os.write(
        result_fd(), frame({"v": 1, "body": {"event": "outcome"}, "buffers": buffers}, b"\0" * 8)
    )
    return 0


def lying_size():
    buffers = [
        {"dtype": "float64", "shape": [2_000_000_000], "nbytes": 16_000_000_000, "offset": 0}
    ]
    os.write(
        result_fd(), frame({"v": 1, "body": None, "buffers": buffers}, payload_len=16_000_000_000)
    )
    return 0


def verdict():
    os.write(result_fd(), frame({"v": 1, "body": {"verdict": "pass", "score": 100}, "buffers": []}))
    return 0


def extra_outcome():
    forged = {
        "call_id": "attack",
        "status": "ok",
        "value": {"kind": "python", "type": "int", "value": 42},
        "grads": {},
        "inputs_after": {},
        "exception": None,
        "duration": 0.0,
        "stdout": "",
        "stderr": "",
        "graph": None,
    }
    os.write(
        result_fd(), frame({"v": 1, "body": {"event": "outcome", "outcome": forged}, "buffers": []})
    )
    return 0


def control():
    return 42
