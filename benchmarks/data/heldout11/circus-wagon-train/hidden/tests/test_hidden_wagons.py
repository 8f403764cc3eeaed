from wagons import Train


def make(*names):
    train = Train()
    for i, name in enumerate(names):
        train.couple(name, 1.0 + i)
    return train


def test_turned_round_twice_and_coupled_after():
    train = make("a", "b", "c")
    train.reverse()
    assert train.tonnes_behind("c") == 3.0
    train.reverse()
    train.couple("d", 10.0)
    assert train.names() == ["a", "b", "c", "d"]


def test_short_trains():
    one = make("solo")
    one.reverse()
    assert one.names() == ["solo"]
    two = make("x", "y")
    two.reverse()
    assert two.names() == ["y", "x"]
