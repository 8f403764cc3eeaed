from barber import Cut, Queue


def test_fifteen_centimetres_is_still_medium():
    assert Cut.for_length(15).band == "medium"
    assert Cut.for_length(15, "beard").price == 26.0


def test_bands():
    assert [Cut.for_length(n).band for n in (2, 5, 9.5, 22)] == ["short", "medium", "medium", "long"]


def test_wait():
    q = Queue(chairs=2)
    q.join("abe", Cut("long", ("wash",)))
    q.join("bo", Cut("short"))
    assert q.join("cy", Cut("medium")) == 3
    assert q.wait_minutes(3) == 38
