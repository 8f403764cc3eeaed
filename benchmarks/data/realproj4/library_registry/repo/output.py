import io
import threading

# structlog 24.4.0's structlog/_output.py: a registry the library fills as loggers are made
WRITE_LOCKS = {}


def _get_lock_for_file(file):
    lock = WRITE_LOCKS.get(file)
    if lock is None:
        lock = threading.Lock()
        WRITE_LOCKS[file] = lock
    return lock


class PrintLogger:
    def __init__(self, file):
        self._file = file
        self._lock = _get_lock_for_file(file)
