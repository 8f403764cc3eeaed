import pytest

from jukebox import Jukebox

SONGS = {"A1": "Blue Moon", "B2": "Tutti Frutti", "C3": "Hound Dog", "D4": "Great Balls of Fire"}


def box(*codes):
    jb = Jukebox(dict(SONGS))
    for code in codes:
        jb.insert(50)
        jb.choose(code)
    while jb.play_next():
        pass
    return jb


def test_a_foreign_coin_is_refused():
    with pytest.raises(ValueError):
        Jukebox(dict(SONGS)).insert(5)


def test_a_song_needs_credit():
    jb = Jukebox(dict(SONGS))
    jb.insert(20)
    with pytest.raises(ValueError):
        jb.choose("A1")


def test_the_most_played_song():
    assert box("A1", "C3", "C3").most_played() == "Hound Dog"


def test_the_ticker_shows_the_newest_song_first():
    assert box("A1", "B2", "C3").ticker() == "Hound Dog / Tutti Frutti / Blue Moon"
