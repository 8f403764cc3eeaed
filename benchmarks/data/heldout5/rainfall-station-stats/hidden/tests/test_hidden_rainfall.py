from rainfall import station_summary


def test_mean_rounds_up():
    assert station_summary("east", [0.0, 0.0, 2.0])["mean_mm"] == 0.7
    assert station_summary("east", [])["mean_mm"] == 0.0
