from camping import Campsite


def test_two_bookings_in_a_row():
    site = Campsite([20, 20, 40])
    assert site.book("ada", 15) == 1
    assert site.book("bo", 15) == 2
    assert site.leave("ada") == 1
