from datetime import date

from scaffolding import Job, Tower, Yard

D = date(2026, 4, 1)


def test_one_tower_per_job():
    yard = Yard([Tower("T1", 8.0, D), Tower("T2", 12.0, D), Tower("T3", 12.0, D)])
    got = yard.allocate_all([Job("Spire", D, 10, 11.0), Job("Shop", D, 2, 4.0), Job("Barn", date(2026, 4, 2), 2, 11.0)])
    assert got == {"Spire": "T2", "Shop": "T1", "Barn": "T3"}
    assert yard.waiting == []
    assert [t.jobs for t in yard.towers] == [["Shop"], ["Spire"], ["Barn"]]
    assert yard.idle(date(2026, 4, 3)) == ["T1"]
    assert yard.allocate(Job("Tower block", D, 1, 30.0)) is None
