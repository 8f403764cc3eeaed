from playlist import Playlist


def test_append_keeps_order():
    pl = Playlist(["intro", "song", "outro"])
    assert list(pl) == ["intro", "song", "outro"]
    assert pl.size == 3


def test_removing_a_track_that_is_not_there():
    pl = Playlist(["a", "b"])
    assert pl.remove_all("z") == 0
    assert list(pl) == ["a", "b"]


def test_removing_the_first_tracks():
    pl = Playlist(["ad", "ad", "song"])
    assert pl.remove_all("ad") == 2
    assert list(pl) == ["song"]


def test_removing_a_track_in_the_middle():
    pl = Playlist(["a", "b", "c"])
    assert pl.remove_all("b") == 1
    assert list(pl) == ["a", "c"]
