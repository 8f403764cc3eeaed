from boarding import BoardingQueue, Party


def test_into_the_middle_and_same_times():
    q = BoardingQueue()
    for name, ticket in (("A", "09:00"), ("B", "11:00"), ("C", "10:00"), ("D", "10:00"), ("E", "12:00")):
        q.insert(Party(name, ticket, 2))
    assert q.names() == ["A", "C", "D", "B", "E"]
    assert q.size == 5
    assert q.board(7) == ["A", "C", "D"]
    assert q.names() == ["B", "E"]
