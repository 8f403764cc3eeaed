from boarding import BoardingQueue, Party


def test_one_party():
    q = BoardingQueue()
    q.insert(Party("Ito", "10:00", 2))
    assert q.names() == ["Ito"]


def test_an_earlier_ticket_goes_first():
    q = BoardingQueue()
    q.insert(Party("Ito", "10:30", 2))
    q.insert(Party("Berg", "10:00", 3))
    assert q.names() == ["Berg", "Ito"]
    assert q.board(4) == ["Berg"]


def test_a_later_ticket_queues_behind():
    q = BoardingQueue()
    q.insert(Party("Ito", "10:00", 2))
    q.insert(Party("Berg", "10:30", 3))
    assert q.names() == ["Ito", "Berg"]
