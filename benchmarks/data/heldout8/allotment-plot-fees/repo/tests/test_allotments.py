import pytest

from allotments import AllotmentSite, Plot


def site():
    s = AllotmentSite("Riverside")
    s.add(Plot(1, "Ada", 250.0, water_butts=1))
    s.add(Plot(2, "Ben", 60.0))
    return s


def test_a_large_plot_pays_for_the_area_above_the_allowance():
    assert site().fee("Ada") == 40.0 + 150 * 0.25 + 5.0


def test_a_small_plot_pays_only_the_base_fee():
    assert site().fee("Ben") == 40.0


def test_a_plot_number_is_let_once():
    s = site()
    with pytest.raises(ValueError):
        s.add(Plot(2, "Cy", 80.0))


def test_the_invoice_lists_every_holder():
    assert list(site().invoice()) == ["Ada", "Ben"]
