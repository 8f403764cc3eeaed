from logbook import Leg, Logbook


def test_claim_equals_total_times_rate():
    book = Logbook("HQ", 1000.0)
    for place, km in [("X", 1100.0), ("Y", 1150.0), ("HQ", 1300.0)]:
        book.stop(place, km)
    assert book.claim() == 90.0
    assert book.longest() == Leg("Y", "HQ", 150.0)


def test_empty_logbook():
    book = Logbook("HQ", 10.0)
    assert book.legs() == []
    assert book.longest() is None
    assert book.claim() == 0.0


def test_standing_still_is_a_zero_leg():
    book = Logbook("HQ", 10.0)
    book.stop("Shop", 15.0)
    book.stop("Shop", 15.0)
    assert [g.km for g in book.legs()] == [5.0, 0.0]
