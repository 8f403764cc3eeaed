from karaoke import Queue


def _queue():
    q = Queue()
    for singer, song in [("ana", "Jolene"), ("ben", "Vienna"), ("cy", "Africa")]:
        q.sign_up(singer, song)
    return q


def test_drop_the_second_singer():
    q = _queue()
    assert q.drop(2) == "ben"
    assert q.line() == ["1. ana (Jolene)", "2. cy (Africa)"]


def test_next_up_in_order():
    q = _queue()
    assert q.next_up() == ("ana", "Jolene")
    assert q.next_up() == ("ben", "Vienna")


def test_sign_up_positions():
    q = Queue()
    assert q.sign_up("dee", "Toxic") == 1
    assert q.sign_up("eli", "Creep") == 2
    assert q.next_up() == ("dee", "Toxic") and q.sung == [("dee", "Toxic")]
