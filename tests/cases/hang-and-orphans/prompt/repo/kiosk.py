import signal
import subprocess
import sys


def ask_name():
    return input("name? ")


def wait_for_ever():
    while True:
        pass


def start_daemon():
    """A child that ignores SIGTERM and keeps the output pipe open."""
    code = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True: time.sleep(1)\n"
    return subprocess.Popen([sys.executable, "-c", code], preexec_fn=lambda: signal.signal(signal.SIGTERM, signal.SIG_IGN))


def triple(n):
    return n * 2
