import pytest

from divider import Divider


def weighed(divider, product, *grams, target=500.0):
    batch = divider.start(product, target)
    for g in grams:
        batch.weigh(g)
    return batch


def test_an_overweight_piece_needs_adjusting():
    d = Divider("Divider 1")
    weighed(d, "baguette", 495.0, 515.0)
    assert d.needs_adjusting() == ["baguette"]


def test_an_underweight_piece_needs_adjusting():
    d = Divider("Divider 1")
    weighed(d, "rye", 480.0, 502.0)
    assert d.needs_adjusting() == ["rye"]


def test_the_report_gives_the_mean_weight():
    d = Divider("Divider 1")
    weighed(d, "rye", 496.0, 500.0)
    assert d.report() == "Divider 1: 1 batches\nrye: mean 498.0 g, ok"


def test_a_piece_weighs_something():
    with pytest.raises(ValueError):
        weighed(Divider("Divider 2"), "bun", 0.0)
