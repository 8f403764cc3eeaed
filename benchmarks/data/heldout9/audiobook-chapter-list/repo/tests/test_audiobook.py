from audiobook import Audiobook, fmt_time


def book():
    b = Audiobook("Moby-Dick", "F. Reader")
    b.add("Loomings", 1509)
    b.add("The Carpet-Bag", 2400)
    b.add("The Spouter-Inn", 3)
    return b


def test_times_to_the_minute_and_on_the_clock():
    assert fmt_time(3909) == "1 h 5 min"
    assert fmt_time(3909, clock=True) == "1:05:09"


def test_the_summary_gives_the_running_time():
    assert book().summary() == "Moby-Dick, read by F. Reader (1 h 5 min)"


def test_the_listing_shows_where_chapters_start():
    assert book().listing() == [
        {"title": "Loomings", "starts": "0:00:00"},
        {"title": "The Carpet-Bag", "starts": "0:25:09"},
        {"title": "The Spouter-Inn", "starts": "1:05:09"},
    ]
