from tuning import needs_work, reading, report, target_hz


def test_in_tune_within_tolerance_both_ways():
    assert reading(40, target_hz(40) * 1.001)["state"] == "ok"
    r = reading(40, target_hz(40) * 0.999)
    assert r["state"] == "ok"
    assert r["off_by"] == 1.7


def test_slightly_flat_low_string():
    r = reading(1, 27.0)
    assert r["state"] == "flat"
    assert r["off_by"] == 31.8


def test_report_lines():
    rs = [reading(49, 436.0), reading(49, 440.0)]
    assert report(rs) == "A4  flat   15.8\nA4  ok      0.0"
    assert needs_work(rs) == ["A4"]


def test_every_off_by_is_a_distance():
    rs = [reading(k, target_hz(k) * 0.98) for k in (10, 30, 60)]
    assert all(r["off_by"] > 30 for r in rs)
