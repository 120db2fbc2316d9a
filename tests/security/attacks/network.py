"""Sends the answers to a listener over TCP and UDP on 127.0.0.1."""

import socket


def attack():
    results = []
    try:
        with socket.create_connection(("127.0.0.1", int("$tcp_port")), timeout=2) as connection:
            connection.sendall(b"stolen answers")
        results.append("tcp sent")
    except OSError as exc:
        results.append(f"tcp blocked: {type(exc).__name__}")
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            udp.sendto(b"stolen answers", ("127.0.0.1", int("$udp_port")))
        results.append("udp sent")
    except OSError as exc:
        results.append(f"udp blocked: {type(exc).__name__}")
    return results


def control():
    return 42
