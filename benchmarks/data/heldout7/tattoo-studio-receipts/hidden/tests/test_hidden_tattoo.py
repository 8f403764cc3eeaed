from tattoo import Appointment, Studio


def test_empty_artist_name_goes_to_the_desk():
    s = Studio("Ink", 100.0, desk="reception")
    s.book(Appointment("Xia", 1, ""))
    s.book(Appointment("Yul", 1, None, 20.0))
    assert s.receipts() == ["Xia | reception | 100.00", "Yul | reception | 80.00"]
