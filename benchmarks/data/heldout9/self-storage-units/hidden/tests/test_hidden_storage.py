from storage import Facility, Unit


def test_among_equal_sizes_the_lowest_number_is_let():
    f = Facility([Unit("K2", 6.0, 70.0), Unit("K1", 6.0, 70.0), Unit("L1", 9.0, 90.0)])
    assert f.find(3.0).number == "K1"
    assert f.rent("Yan", 3.0) == "K1"
    assert f.rent("Zoe", 3.0) == "K2"
    assert f.occupancy() == 66.7
