from rainfall import monthly_totals, station_summary, wettest


def test_monthly_totals():
    readings = [("north", "2026-04-01", 2.5), ("north", "2026-04-02", 1.0), ("south", "2026-04-01", 4.0)]
    assert monthly_totals(readings) == {("north", "2026-04"): 3.5, ("south", "2026-04"): 4.0}


def test_summary_with_an_even_mean():
    assert station_summary("north", [2.0, 0.0, 4.0]) == {
        "station": "north", "days": 3, "wet_days": 2, "total_mm": 6.0, "mean_mm": 2.0,
    }


def test_mean_is_rounded_to_a_tenth():
    assert station_summary("south", [1.0, 0.0, 0.0])["mean_mm"] == 0.3


def test_wettest():
    assert wettest([{"station": "a", "total_mm": 3.0}, {"station": "b", "total_mm": 5.5}]) == "b"
