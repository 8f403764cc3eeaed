from matchlog import Event, Match

K, E = "kill", "end"


def test_a_finished_map_has_no_empty_round():
    log = [Event(K, "red"), Event(E, "red"), Event(E, "blue")]
    assert Match.split_rounds(log) == [[Event(K, "red"), Event(E, "red")], [Event(E, "blue")]]
    assert Match(log).kills_per_round("red") == [1, 0]


def test_a_log_with_no_finished_round():
    log = [Event(K, "red"), Event(K, "blue")]
    assert Match(log).kills_per_round("red") == [1]
    assert Match(log).score() == {}
    assert Match.split_rounds([]) == []
