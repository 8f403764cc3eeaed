from baggage import BaggageHall


def test_codes_far_apart():
    assert BaggageHall.bag_code(2 * 676 + 5 * 26 + 25) == "CFZ"
    assert BaggageHall.bag_code(17575) == "ZZZ"
    assert BaggageHall.bag_code(53) == "ACB"
    assert BaggageHall.bag_code(1) == "AAB"
