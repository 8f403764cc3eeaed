import os
import socket


def can_connect(host, port, timeout=1.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def environment_lines():
    return "\n".join(f"{k}={v}" for k, v in sorted(os.environ.items()))
