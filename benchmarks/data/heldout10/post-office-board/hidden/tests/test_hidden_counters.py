from counters import PostOffice


def test_the_board():
    po = PostOffice(counters=3)
    po.draw()
    po.close(3)
    po.call_next()
    assert po.board() == ["1: A001", "2: free", "3: closed"]


def test_status_after_done():
    po = PostOffice(counters=1)
    po.draw()
    po.call_next()
    po.done(1)
    assert po.status(1) == "free"
