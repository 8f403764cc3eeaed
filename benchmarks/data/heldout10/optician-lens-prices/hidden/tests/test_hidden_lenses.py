import pytest

from lenses import LabCatalogue, PriceList


def test_a_lens_the_lab_adds_later():
    lab = LabCatalogue({"SV-150": 42.0})
    prices = PriceList(lab)
    with pytest.raises(LookupError):
        prices.lens("TORIC-3")
    with pytest.raises(LookupError):
        prices.lens("TORIC-3")
    lab.prices["TORIC-3"] = 95.0
    assert prices.lens("TORIC-3") == 95.0
    assert prices.lens("TORIC-3") == 95.0
    assert lab.lookups == 3


def test_the_oldest_price_goes_first():
    lab = LabCatalogue({"A": 1.0, "B": 2.0, "C": 3.0})
    prices = PriceList(lab, max_entries=2)
    for code in ("A", "B", "C", "C", "B"):
        prices.lens(code)
    assert lab.lookups == 3
    prices.lens("A")
    assert lab.lookups == 4
