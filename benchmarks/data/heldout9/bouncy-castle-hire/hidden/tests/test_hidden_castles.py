from castles import Castle, Weekend


def test_two_castles_at_two_addresses():
    weekend = Weekend("Pam")
    weekend.book(Castle("Pirate ship", 60.0), 1.5, "2 Elm Close")
    weekend.book(Castle("Soft play", 30.0, needs_power=False), 4, "7 Bay View")
    assert weekend.invoice() == 90.0 + 75.0 + 50.0
