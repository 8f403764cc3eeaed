import pytest

from uvindex import Forecast, category


def test_an_index_of_six_is_high():
    assert category(6) == "high"


def test_categories_inside_the_bands():
    assert [category(uv) for uv in (1.5, 4.5, 7, 9.5, 12)] == ["low", "moderate", "high", "very high", "extreme"]


def test_the_board_shows_the_peak_and_its_advice():
    f = Forecast("North Beach", {10: 4.0, 13: 7.5, 16: 5.0})
    assert f.board() == "North Beach: UV 7.5 at 13:00, high. Seek shade at midday"


def test_protected_hours_skip_the_low_ones():
    f = Forecast("Harbour", {8: 1.0, 11: 3.5, 14: 5.5, 18: 2.0})
    assert f.protected_hours() == [11, 14]
    with pytest.raises(ValueError):
        category(-1)
