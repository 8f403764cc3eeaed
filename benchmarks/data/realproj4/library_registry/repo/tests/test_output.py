import io

from calc import double
from output import WRITE_LOCKS, PrintLogger


def test_double():
    assert double(2) == 4


def test_lock():
    sio = io.StringIO()
    assert sio not in WRITE_LOCKS
    PrintLogger(sio)
    assert sio in WRITE_LOCKS
