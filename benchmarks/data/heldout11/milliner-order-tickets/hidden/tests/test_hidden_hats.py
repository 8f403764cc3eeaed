from hats import Workroom


def test_tickets_in_order():
    room = Workroom()
    room.take("A", "pillbox", 54, "red")
    room.take("B", "fedora", 61)
    assert room.tickets() == ["0001/pillbox/54/red", "0002/fedora/61/black"]
    assert room.by_size() == {54: 1, 61: 1}
