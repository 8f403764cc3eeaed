from datetime import date

from workshop import Workshop


def test_late_jobs():
    shop = Workshop()
    shop.book("lou", "puncture", date(2026, 5, 4))
    shop.book("max", "battery", date(2026, 5, 4))
    shop.book("nia", "brakes", date(2026, 5, 1))
    assert shop.late(date(2026, 5, 6)) == [100, 102]


def test_a_finished_job_is_not_late():
    shop = Workshop()
    shop.book("lou", "controller", date(2026, 5, 1))
    assert shop.finish(100, 1.5, 22.0) == 82.0
    assert shop.late(date(2026, 6, 1)) == []


def test_promised_dates():
    shop = Workshop()
    assert shop.book("oz", "battery", date(2026, 5, 30)).promised == date(2026, 6, 4)
    assert shop.book("pia", "bell", date(2026, 5, 30)).promised == date(2026, 6, 2)
