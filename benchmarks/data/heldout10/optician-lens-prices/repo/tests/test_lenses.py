import pytest

from lenses import LabCatalogue, Order, PriceList

LAB = {"SV-150": 42.0, "SV-200": 48.5, "PROG-1": 120.0}


def test_a_lens_is_asked_from_the_lab_once():
    lab = LabCatalogue(LAB)
    prices = PriceList(lab)
    assert prices.quote(Order("ann", "SV-150", "SV-150")) == 84.0
    assert prices.quote(Order("bob", "SV-150", "SV-200", "tint")) == 105.5
    assert lab.lookups == 2


def test_quote_with_coating():
    prices = PriceList(LabCatalogue(LAB))
    assert prices.quote(Order("cy", "PROG-1", "PROG-1", "anti-glare")) == 265.0


def test_unknown_lens():
    with pytest.raises(LookupError):
        PriceList(LabCatalogue(LAB)).lens("XX-9")
