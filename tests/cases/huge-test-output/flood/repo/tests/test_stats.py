from stats import histogram, mean


def test_chatty_mean():
    for i in range(120_000):
        print(f"sample {i:06d} " + "." * 40)
    assert mean([3, 5, 7]) == 5


def test_histogram_of_many_words():
    words = [f"w{i}" for i in range(300)] * 2
    expected = {f"w{i}": 2 for i in range(300)}
    expected["w299"] = 3  # this test itself is wrong: no source change can make it pass
    assert histogram(words) == expected
