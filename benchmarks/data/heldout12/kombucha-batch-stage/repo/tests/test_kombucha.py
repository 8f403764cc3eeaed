import pytest

from kombucha import Batch, NotReady


def batch(*readings):
    b = Batch("V1")
    for ph in readings:
        b.read(ph)
    return b


def test_fermenting_and_new():
    assert batch(4.2, 3.9).stage == "fermenting"
    assert batch().stage == "new"
    with pytest.raises(NotReady):
        batch(3.9).bottle()


def test_ready_and_vinegar():
    assert batch(3.8, 3.0).stage == "ready"
    assert batch(2.4).stage == "vinegar"
    assert batch(4.8).stage == "unsafe"


def test_ready_at_the_bottling_ph():
    assert batch(3.5, 3.2).bottle() == 3.2
