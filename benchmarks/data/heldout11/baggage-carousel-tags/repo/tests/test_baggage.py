from baggage import BaggageHall, Flight


def test_first_codes():
    assert [BaggageHall.bag_code(n) for n in (0, 26, 677)] == ["AAA", "ABA", "BAB"]


def test_tags_of_a_flight():
    hall = BaggageHall(2)
    hall.issued = 27
    flight = Flight("BA117")
    assert [hall.tag(flight), hall.tag(flight)] == ["BA117-ABB", "BA117-ABC"]


def test_board():
    hall = BaggageHall(3)
    big, small = Flight("LH901", ["AAA", "AAB"]), Flight("BA117", ["AAC"])
    assert [hall.assign(big), hall.assign(small), hall.assign(Flight("KL11"))] == [1, 2, 3]
    assert hall.board() == ["carousel 1: LH901", "carousel 2: BA117", "carousel 3: KL11"]
