from matchlog import Event, Match

K, E = "kill", "end"


def test_score_of_a_finished_map():
    log = [Event(K, "red"), Event(E, "red"), Event(K, "blue"), Event(K, "blue"), Event(E, "blue")]
    log += [Event(E, "red")]
    assert Match(log).score() == {"red": 2, "blue": 1}


def test_a_log_cut_off_mid_round():
    log = [Event(K, "red"), Event(E, "red"), Event(K, "blue"), Event(K, "red")]
    rounds = Match.split_rounds(log)
    assert rounds == [[Event(K, "red"), Event(E, "red")], [Event(K, "blue"), Event(K, "red")]]


def test_kills_per_round_with_the_unfinished_round():
    log = [Event(K, "blue"), Event(E, "blue"), Event(K, "blue"), Event(K, "blue")]
    assert Match(log).kills_per_round("blue") == [1, 2]


def test_winners_in_order():
    log = [Event(E, "blue"), Event(K, "red"), Event(E, "red"), Event(E, "red")]
    assert Match(log).winners() == ["blue", "red", "red"]
