import pytest

from till import Till


def test_a_line_is_priced_to_the_cent():
    till = Till()
    assert till.weigh("hake", 302).price == 4.65


def test_receipt_rows():
    till = Till()
    till.weigh("mackerel", 500)
    assert till.receipt() == ["mackerel    0.500 kg    4.90", "TOTAL                   4.90"]


def test_unknown_fish():
    with pytest.raises(KeyError):
        Till().weigh("shark", 100)


def test_close_starts_a_new_receipt():
    till = Till()
    till.weigh("plaice", 200)
    assert till.close() == 4.3
    assert till.lines == [] and till.total() == 0
