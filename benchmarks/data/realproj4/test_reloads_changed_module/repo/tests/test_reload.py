from importlib import reload

import calc
from tests import utils


def test_double():
    assert calc.double(2) == 4


# freezegun 1.5.1's tests/test_utils.py: reload(api); reload(utils) under a mocked platform
def test_reloaded():
    reload(calc)
    reload(utils)
    assert utils.quadruple(1) == 4
