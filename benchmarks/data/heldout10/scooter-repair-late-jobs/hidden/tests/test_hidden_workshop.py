from datetime import date

from workshop import Workshop


def test_grace_days():
    shop = Workshop()
    shop.book("lou", "puncture", date(2026, 5, 4))
    shop.book("max", "brakes", date(2026, 5, 4))
    assert shop.late(date(2026, 5, 8), grace_days=2) == [100]
    assert shop.late(date(2026, 5, 8), grace_days=3) == []
