from playlist import Playlist


def test_removing_scattered_occurrences():
    pl = Playlist(["x", "a", "x", "b", "x", "c"])
    assert pl.remove_all("x") == 3
    assert list(pl) == ["a", "b", "c"]
    assert pl.size == 3


def test_removing_the_last_track_moves_the_tail():
    pl = Playlist(["a", "b", "c"])
    pl.remove_all("c")
    pl.append("d")
    assert list(pl) == ["a", "b", "d"]


def test_removing_adjacent_tracks_in_the_middle():
    pl = Playlist(["a", "b", "b", "c"])
    assert pl.remove_all("b") == 2
    assert list(pl) == ["a", "c"]
