import pytest

from kitchen import convert, to_metric


def test_litres_to_millilitres():
    assert convert(1.5, "l", "ml") == 1500


def test_an_unknown_unit_is_refused():
    with pytest.raises(ValueError):
        convert(1, "pinch", "ml")


def test_metric_stays_unchanged():
    assert to_metric(250, "ml") == (250, "ml")


def test_a_cup_in_millilitres():
    assert to_metric(1, "cup") == (236.6, "ml")


def test_many_cups_in_litres():
    assert to_metric(6, "cup") == (1.4, "l")
