from velodrome import Rider, summary


def test_rounding_half_up_region():
    s = summary(Rider("Nia", [16.0, 16.5, 17.5]))
    assert s["avg_kmh"] == 54.0


def test_rounds_not_truncates():
    assert summary(Rider("Oz", [19.0]))["avg_kmh"] == 47.4
