from datetime import date

from belltower import PracticeBook


def test_regulars():
    book = PracticeBook(["Gil", "Hana", "Ivo"])
    for day, present in [(1, ["Gil", "Hana"]), (8, ["Gil"]), (15, ["Gil", "Ivo"])]:
        book.record(date(2026, 10, day), present)
    assert book.attendance() == {"Gil": 100.0, "Hana": 33.3, "Ivo": 33.3}
    assert book.regulars() == ["Gil"]
    assert book.regulars(at_least=30.0) == ["Gil", "Hana", "Ivo"]
