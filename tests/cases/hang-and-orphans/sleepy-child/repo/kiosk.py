import os
import time


def fork_sleeper():
    """A grandchild in a new session that sleeps for an hour (it leaves the process group)."""
    pid = os.fork()
    if pid == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(3600)
        os._exit(0)
    os.waitpid(pid, 0)


def wait_on_sleeper():
    time.sleep(3600)


def triple(n):
    return n * 2
