import pytest

from bobsleigh import Heat, Split


def test_parse():
    assert Split.parse("SUI1 4.82") == Split("SUI1", 4.82)
    assert Split.parse("SUI1 48.33 F") == Split("SUI1", 48.33, True)
    with pytest.raises(ValueError):
        Split.parse("SUI1 4.82 X")


def test_a_single_run():
    heat = Heat([Split("GER2", 5.1), Split("GER2", 20.4), Split("GER2", 27.0, True)])
    assert list(heat.run_times()) == [("GER2", 52.5)]
    assert heat.gaps() == {"GER2": 0.0}


def test_two_runs():
    heat = Heat([Split("GER2", 5.1), Split("GER2", 47.4, True), Split("LAT1", 5.0), Split("LAT1", 47.0, True)])
    assert heat.results() == [("LAT1", 52.0), ("GER2", 52.5)]
