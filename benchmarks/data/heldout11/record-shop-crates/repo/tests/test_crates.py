import pytest

from crates import Crate, Record, Shop

KIND_OF_BLUE = Record("Miles Davis", "Kind of Blue", 24.5)
BLUE_TRAIN = Record("John Coltrane", "Blue Train", 22.0)


def test_crate_card():
    crate = Crate("jazz")
    crate.file(KIND_OF_BLUE)
    crate.file(BLUE_TRAIN)
    assert crate.label == "JAZZ - 2 records"


def test_crate_value():
    crate = Crate("jazz", records=[KIND_OF_BLUE, BLUE_TRAIN])
    assert crate.value == 46.5


def test_a_full_crate_refuses_records():
    shop = Shop()
    shop.crates["jazz"] = Crate("jazz", capacity=1)
    shop.file("jazz", KIND_OF_BLUE)
    with pytest.raises(OverflowError):
        shop.file("jazz", BLUE_TRAIN)
