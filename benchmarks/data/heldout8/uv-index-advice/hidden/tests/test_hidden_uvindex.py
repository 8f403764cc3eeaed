from uvindex import Forecast, category


def test_the_boundaries_belong_to_the_higher_band():
    assert [category(uv) for uv in (3, 5.9, 6.0, 8, 11)] == ["moderate", "moderate", "high", "very high", "extreme"]


def test_a_peak_of_six_asks_for_shade():
    f = Forecast("Dunes", {12: 6.0, 15: 5.5})
    assert f.board() == "Dunes: UV 6 at 12:00, high. Seek shade at midday"
