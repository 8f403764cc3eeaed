import datetime

import pytest

from calc import double


def test_double():
    assert double(2) == 4


# marshmallow 3.23.1's tests/test_deserialization.py parametrizes with datetime.now() strings:
# the ids differ between the baseline and the gate's run, whatever the change
@pytest.mark.parametrize("stamp", [datetime.datetime.now().strftime("%H:%M:%S.%f")])
def test_stamp(stamp):
    assert len(stamp) == 15
