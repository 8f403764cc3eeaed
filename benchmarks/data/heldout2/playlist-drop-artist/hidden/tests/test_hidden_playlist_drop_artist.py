from playlist import Playlist, Track

T = [Track(f"t{i}", "Ana" if i % 2 else "Bo", 60) for i in range(6)]


def test_drop_every_other_track():
    p = Playlist(T)
    assert p.drop_artist("Ana") == 3
    assert p.titles() == ["t0", "t2", "t4"] and p.size == 3


def test_drop_the_last_track_and_nothing():
    p = Playlist(T[:3])
    assert p.drop_artist("Nobody") == 0
    p.drop_artist("Bo")
    assert p.titles() == ["t1"]
    assert p.total_seconds() == 60
