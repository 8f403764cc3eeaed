from karaoke import Queue


def test_drop_the_last_singer():
    q = Queue()
    q.sign_up("ana", "Jolene")
    q.sign_up("ben", "Vienna")
    assert q.drop(2) == "ben"
    assert q.drop(1) == "ana"
    assert q.next_up() is None
