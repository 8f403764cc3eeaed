from tickets import TicketQueue


def test_move_to_the_middle():
    q = TicketQueue(["A", "B", "C", "D", "E"])
    q.move("E", 2)
    assert q.ids() == ["A", "E", "B", "C", "D"]
    assert q.position("E") == 2


def test_move_down():
    q = TicketQueue(["A", "B", "C", "D"])
    q.move("A", 3)
    assert q.ids() == ["B", "C", "A", "D"]
