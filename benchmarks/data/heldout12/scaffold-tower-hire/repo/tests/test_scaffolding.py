from datetime import date

from scaffolding import Job, Tower, Yard

D = date(2026, 4, 1)


def test_no_tower_tall_enough():
    yard = Yard([Tower("T1", 6.0, D)])
    assert yard.allocate(Job("Church roof", D, 5, 12.0)) is None
    assert yard.waiting == ["Church roof"]


def test_idle():
    yard = Yard([Tower("T2", 8.0, date(2026, 4, 9)), Tower("T1", 8.0, D)])
    assert yard.idle(date(2026, 4, 5)) == ["T1"]


def test_the_first_free_tower():
    yard = Yard([Tower("T1", 8.0, D), Tower("T2", 8.0, D)])
    assert yard.allocate(Job("Mill St 4", D, 3, 7.5)) == "T1"
