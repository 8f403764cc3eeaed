from marina import Berth, Boat, Marina


def test_next_boat_takes_the_next_berth():
    m = Marina([Berth("C1", 15), Berth("A1", 8), Berth("B1", 12), Berth("A2", 8)])
    assert m.assign(Boat("Wren", 7.5)) == "A1"
    assert m.assign(Boat("Tern", 6)) == "A2"
    assert m.assign(Boat("Puffin", 9)) == "B1"
    m.leave("Wren")
    assert m.assign(Boat("Skua", 8)) == "A1"
    assert m.occupancy() == 0.75
