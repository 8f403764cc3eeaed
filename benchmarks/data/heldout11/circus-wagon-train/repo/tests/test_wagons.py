from wagons import Train


def make(*names):
    train = Train()
    for i, name in enumerate(names):
        train.couple(name, 2.0 + i)
    return train


def test_coupling_in_order():
    assert make("lions", "props", "canteen").names() == ["lions", "props", "canteen"]


def test_turned_round_for_the_trip_home():
    train = make("lions", "props", "canteen", "bunks")
    train.reverse()
    assert train.names() == ["bunks", "canteen", "props", "lions"]


def test_tonnes_behind():
    train = make("lions", "props", "canteen")
    assert train.tonnes_behind("lions") == 7.0
    assert train.tonnes_behind("canteen") == 0.0
