from camping import Campsite


def test_a_booking_gets_the_first_big_enough_pitch():
    site = Campsite([10, 30, 30])
    assert site.book("ada", 20) == 2


def test_no_pitch_is_big_enough():
    site = Campsite([10, 12])
    assert site.book("ada", 20) is None
    assert site.free() == [1, 2]


def test_the_other_pitches_stay_free():
    site = Campsite([25, 25, 8])
    site.book("ada", 20)
    assert site.free() == [2, 3]


def test_leaving_frees_the_pitch():
    site = Campsite([25])
    site.pitches[0].guest = "bo"
    assert site.leave("bo") == 1
    assert site.free() == [1]
