from timeline import intervals, longest


def test_a_single_sample_is_one_interval():
    assert intervals([(7, "up")]) == [(7, 7, "up")]


def test_a_service_that_never_changed():
    assert intervals([(0, "down"), (60, "down"), (120, "down")]) == [(0, 120, "down")]


def test_ending_down():
    samples = [(0, "up"), (30, "down"), (90, "down")]
    assert intervals(samples) == [(0, 0, "up"), (30, 90, "down")]


def test_longest_run_is_the_last_one():
    samples = [(0, "up"), (5, "up"), (6, "down"), (7, "up"), (100, "up")]
    assert longest(samples, "up") == (7, 100)
