from feed import duration_text, episode_code, short_title


def test_a_long_title_is_cut_with_an_ellipsis():
    assert short_title("The Secret History of Lighthouse Keepers") == "The Secret History of..."


def test_a_short_title_stays():
    assert short_title("Cheese, Explained") == "Cheese, Explained"


def test_a_missing_title_is_empty():
    assert short_title(None) == ""
    assert short_title("") == ""


def test_durations():
    assert duration_text(3725) == "1:02:05"
    assert duration_text(59) == "0:59"


def test_episode_code():
    assert episode_code(2, 7) == "S02E07"
